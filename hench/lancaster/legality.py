"""Legality: the checks table (one rule per check, named on the first line of its docstring), the candidate
moves, and `legal_actions`, a direct generator that yields exactly the candidates the checks accept
(tests/lancaster/test_fast_legal.py compares the two on many positions)."""

from __future__ import annotations

from itertools import product
from typing import Any

from hench.core import CheckTable, Violation
from hench.core.legality import kind_of

from .actions import (
    OFFICES,
    PLACEMENTS,
    REWARD_OPTIONS,
    TREASURY_TYPES,
    Apply,
    Bishop,
    Castle,
    Choose,
    Conflict,
    County,
    Decline,
    Dorset,
    Extend,
    Favor,
    LAction,
    Noble,
    Pay,
    Reward,
    StartPlayer,
    Tower,
    Treasury,
    Upgrade,
    Vote,
    knight_place,
    move_place,
    place_words,
)
from .phases import PHASES
from .state import LancasterState


# -- shared measures ---------------------------------------------------------------------------------
def county_strength(s: LancasterState, c: dict[str, Any]) -> int:
    """LB-023, A9: a county occupant's strength: knight + its squires (+ a Tudor knight, KC)."""
    return int(s.knights[c["owner"]][c["knight"]][0] + c["squires"] + (s.data.kc.tudor_strength if c["tudor"] else 0))


def office_strength(s: LancasterState, o: dict[str, Any]) -> int:
    """LH-021: 1 for the lord, +1 per bishop, + each knight's strength, +2 per Tudor."""
    ks = s.knights[o["owner"]]
    return 1 + o["bishops"] + sum(ks[x][0] for x in o["knights"]) + (s.data.kc.tudor_strength if o["tudor"] else 0)


def apply_strength(s: LancasterState, a: Apply) -> int:
    return 1 + a.bishops + sum(a.knights) + (s.data.kc.tudor_strength if a.tudor else 0)


def tower_load(s: LancasterState) -> int:
    return s.neutral + sum(s.knights[o][x][0] for o, x in s.tower)


def own_space(c: dict[str, Any], colour: int) -> int:
    for j, sp in enumerate(c["spaces"]):
        if sp is not None and sp["owner"] == colour and sp["knights"]:
            return j
    return -1


def first_empty(c: dict[str, Any]) -> int:
    for j, sp in enumerate(c["spaces"]):
        if sp is None:
            return j
    return -1


def castle_spaces(s: LancasterState, colour: int) -> int:
    """LB-027, LB-099: the knight spaces of a colour's castle (an ally's small castle has its own)."""
    return len(s.data.two.ally_castle) if s.is_ally(colour) else len(s.data.castle)


def mover(s: LancasterState, a: LAction) -> int:
    """The colour a move is for: a placement's (the seat's own, or with 2 players its ally's, LB-092), else the
    pending task's colour or the seat to move."""
    if isinstance(a, PLACEMENTS) and s.stage == "place" and not s.pending:
        return s.turn + 2 if a.ally else s.turn
    return s.actor


def _you(s: LancasterState, colour: int) -> str:
    return f"{s.seat_text(colour)} has" if s.is_ally(colour) else "you have"


PLACE_ORDER = ("conflict:", "county:", "castle:", "court", "tower", "office:", "captured")  # how upgrade choices are listed


def upgrade_knights(s: LancasterState, colour: int, scope: str) -> list[int]:
    """LB-072, BL-01, BL-10, LH-081: the knights (indices) of a colour that can be upgraded: not in the reserve, the
    reserve still holds a knight of the next strength, a knight in the tower only while the tower has room;
    'deployed' only knights in a county or conflict (BL-01), 'three' only a deployed strength-3 knight (BL-10)."""
    ks = s.knights[colour]
    reserve = {k[0] for k in ks if k[1] == "reserve"}
    room = s.data.tower_capacity - tower_load(s) if s.tower else 1
    out = []
    for j, k in enumerate(ks):
        if k[1] == "reserve" or k[0] + 1 not in reserve or (k[1] == "tower" and room < 1):
            continue
        deployed = k[1].startswith(("county:", "conflict:"))
        if scope == "any" or (scope == "deployed" and deployed) or (scope == "three" and deployed and k[0] == 3):
            out.append(j)
    return out


def upgradable(s: LancasterState, colour: int, scope: str) -> list[int]:
    """The strengths of a colour's knights that can be upgraded (upgrade_knights)."""
    return sorted({s.knights[colour][j][0] for j in upgrade_knights(s, colour, scope)})


def _listed(s: LancasterState, where: str) -> tuple[int, str]:
    return next((i for i, p in enumerate(PLACE_ORDER) if where.startswith(p)), 9), where


def gain_possible(s: LancasterState, colour: int, gain: Any) -> bool:
    """LB-055, LB-071, LB-072: whether a castle reward costing squires can come to anything: a strength-1 knight in
    the reserve to recruit, a knight to upgrade (or, King's Court, a bishop to take instead), or plain goods."""
    if gain.gold or gain.squires or gain.vm or gain.pp or gain.extensions:
        return True
    if gain.recruits and any(k[0] == 1 and k[1] == "reserve" for k in s.knights[colour]):
        return True
    bishop = s.has("KC") and s.supply["bishops"] > 0 and (s.is_ally(colour) or s.res[colour]["bishops"] < s.data.kc.max_bishops)
    return bool(gain.upgrades and (upgradable(s, colour, "any") or bishop))


def noble_letters(s: LancasterState, colour: int, how: str) -> list[str]:
    """LB-047, LB-048, LB-096: the counties a nobleman can come from: tiles left there, and (to take one) a letter
    the player does not have yet."""
    return [c.letter for i, c in enumerate(s.data.counties)
            if s.stacks[i] and (how == "remove" or c.letter not in s.nobles[colour])]


def reward_options(s: LancasterState, colour: int, county: int) -> list[str]:
    """LB-047, LB-048, LB-098: a county's owner takes a nobleman, the other reward, or pays 3 gold for both; an ally
    cannot pay, and takes a nobleman only to remove it from the game."""
    letter = s.data.counties[county].letter
    noble = s.stacks[county] > 0 and (s.is_ally(colour) or letter not in s.nobles[colour])
    out = ["reward"]
    if noble:
        out.insert(0, "noble")
        if not s.is_ally(colour) and s.res[colour]["gold"] >= s.data.noble_cost:
            out.append("both")
    return out


# -- checks ----------------------------------------------------------------------------------------
def check_phase(s: LancasterState, a: LAction) -> Violation | None:
    """LB-017 LB-035 LB-041 LB-042 LB-045 LB-009 LB-072 LB-031 LB-047 LB-033 LB-052 LB-050 LB-055 LB-066 LB-080: each phase opens its own kinds of move."""
    phase = PHASES[s.phase]
    if kind_of(a) not in phase.actions:
        return Violation(next(iter(phase.rules)), f"in '{phase.title}' this is not one of the moves open now: {phase.help}")
    return None


def check_ally_move(s: LancasterState, a: County | Castle | Conflict | Tower | Apply | Treasury) -> Violation | None:
    """LB-092: only with 2 players does a player place their ally's pieces ('ally ...')."""
    if a.ally and s.players != 2:
        return Violation("LB-092", "allies exist only in the 2-player game; place your own piece")
    return None


def check_knight_at_court(s: LancasterState, a: County | Castle | Conflict | Tower) -> Violation | None:
    """LB-017: a placement takes one knight from the court (knights in the reserve or already placed cannot)."""
    colour = mover(s, a)
    if s.knight_at_court(colour, a.strength) < 0:
        have = s.court_strengths(colour)
        return Violation("LB-017", f"{_you(s, colour)} no strength-{a.strength} knight at court (at court: {have or 'none'})")
    return None


def check_county_minimum(s: LancasterState, a: County) -> Violation | None:
    """LB-021 LH-056: the knight's own strength (with a Tudor knight, not squires) must reach the county's minimum."""
    county = s.data.counties[s.data.county_index(a.county)]
    total = a.strength + (s.data.kc.tudor_strength if a.tudor else 0)
    if total < county.min:
        return Violation("LH-056" if a.tudor else "LB-021", f"{county.name} needs a knight of strength {county.min}; this one "
                         f"brings {total} (squires never count towards the minimum)")
    return None


def check_squires_held(s: LancasterState, a: County) -> Violation | None:
    """LB-022 LB-091 LB-093: squires that go with a knight come from behind your screen; ally knights never take squires."""
    colour = mover(s, a)
    if a.squires and s.is_ally(colour):
        return Violation("LB-093", "ally knights never take squires")
    held = s.res[colour]["squires"]
    if a.squires > held:
        return Violation("LB-022", f"you hold {held} squires, not {a.squires}")
    return None


def check_not_own_county(s: LancasterState, a: County) -> Violation | None:
    """LB-024 LB-093: nobody expels their own knight, nor (2 players) their own ally's."""
    c = s.counties[s.data.county_index(a.county)]
    colour = mover(s, a)
    if c is not None and c["owner"] in (colour, s.partner(colour)):
        return Violation("LB-093" if c["owner"] != colour else "LB-024",
                         f"{s.seat_text(c['owner'])}'s knight holds {a.county}: you cannot expel your own knight or your own ally's")
    return None


def check_shield_protects(s: LancasterState, a: County) -> Violation | None:
    """LH-041: a knight placed with the Chancellor's shield cannot be expelled this round."""
    c = s.counties[s.data.county_index(a.county)]
    if c is not None and c["shield"]:
        return Violation("LH-041", f"{s.seat_text(c['owner'])}'s knight in {a.county} carries a shield and cannot be expelled")
    return None


def check_expel_strength(s: LancasterState, a: County) -> Violation | None:
    """LB-023: a newcomer expels a county's knight only with a strictly greater total (knight and squires on both sides)."""
    c = s.counties[s.data.county_index(a.county)]
    if c is None:
        return None
    mine = a.strength + a.squires + (s.data.kc.tudor_strength if a.tudor else 0)
    theirs = county_strength(s, c)
    if mine <= theirs:
        return Violation("LB-023", f"{a.county} is held at strength {theirs}; you bring {mine} and need more than {theirs}")
    return None


def check_privilege(s: LancasterState, a: County | Conflict | Apply) -> Violation | None:
    """LH-031 LH-041 LH-045 LH-054 LH-072: a privilege is used only by its holder, in the round after it was
    granted; with 2 players a seat's and its ally's privileges are kept apart."""
    colour = mover(s, a)
    held = s.priv[colour]
    for name, rule in (("shield", "LH-041"), ("archer", "LH-045"), ("tudor", "LH-054")):
        if getattr(a, name, False) and not held[name]:
            if not s.has("KC"):
                return Violation(rule, f"there is no {name} without the King's Court module")
            other = s.partner(colour)
            if other >= 0 and s.priv[other][name]:
                return Violation("LH-072", f"the {name} belongs to {s.seat_text(other)}; it goes only with that colour's knights")
            return Violation("LH-031", f"you hold no {name} to use this round (privileges are granted in phase 3 for the next round)")
    return None


def check_castle_space(s: LancasterState, a: Castle) -> Violation | None:
    """LB-027 LB-094: each knight space of your own castle holds one of your knights (an ally's only in its own castle)."""
    colour = mover(s, a)
    size = castle_spaces(s, colour)
    if not 1 <= a.space <= size:
        return Violation("LB-027", f"{s.seat_text(colour)}'s castle has the knight spaces K1 to K{size}")
    if s.castles[colour][a.space - 1] >= 0:
        return Violation("LB-027", f"the castle's space K{a.space} is taken this round")
    return None


def check_conflict_in_play(s: LancasterState, a: Conflict | Dorset) -> Violation | None:
    """LB-028 LB-030: knights go only to the conflicts in play (the upper row, or to the lower row for a second battle)."""
    if a.card and s.active_conflict(a.card) is None:
        shown = [f"C{c['card'] + 1}" for c in s.conflicts]
        return Violation("LB-028", f"conflict {a.card} is not in play; the conflicts in play are {shown}")
    return None


def check_conflict_space(s: LancasterState, a: Conflict) -> Violation | None:
    """LB-029: a player holds one space per conflict: a knight takes the topmost empty space, or stacks on your own
    (LB-026: stacking only at conflicts; LB-095: an ally's knights never share its partner's space)."""
    c = s.active_conflict(a.card)
    if c is not None and own_space(c, mover(s, a)) < 0 and first_empty(c) < 0:
        return Violation("LB-029", f"conflict {a.card} has no empty knight space and none of yours to reinforce")
    return None


def check_archer_space(s: LancasterState, a: Conflict) -> Violation | None:
    """LH-045 LH-046: the archer comes with a knight taking the topmost empty space and takes the space below it."""
    if not a.archer:
        return None
    c = s.active_conflict(a.card)
    if c is None:
        return None
    if own_space(c, mover(s, a)) >= 0:
        return Violation("LH-045", "the archer comes only with a knight taking a new space, not with a reinforcement (A6)")
    j = first_empty(c)
    if j + 1 >= len(c["spaces"]) or c["spaces"][j + 1] is not None:
        return Violation("LH-046", f"your knight would take the lowest free space of {a.card}: there is no space below it "
                                   "for the archer")
    return None


def check_tower_module(s: LancasterState, a: Tower) -> Violation | None:
    """LH-080: the tower is a place for knights only with the King's Resentment module."""
    if not s.has("KR"):
        return Violation("LH-080", "there is no tower without the King's Resentment module")
    return None


def check_tower_tudor(s: LancasterState, a: Tower) -> Violation | None:
    """LH-087: a Tudor knight can never be dropped into the tower."""
    if a.tudor:
        return Violation("LH-087", "a Tudor knight never goes into the tower; drop the knight alone")
    return None


def check_tower_capacity(s: LancasterState, a: Tower) -> Violation | None:
    """LH-081: the knights in the tower (the neutral one included) total at most 7 strength."""
    load = tower_load(s)
    if load + a.strength > s.data.tower_capacity:
        return Violation("LH-081", f"the tower holds strength {load} of {s.data.tower_capacity}; a strength-{a.strength} knight does not fit")
    return None


def check_court_module(s: LancasterState, a: Apply | Treasury | Bishop) -> Violation | None:
    """LH-016 LH-060: lords, offices, the treasury and bishops exist only with the King's Court module."""
    if not s.has("KC"):
        return Violation("LH-060" if isinstance(a, Bishop) else "LH-016", "this needs the King's Court module, which is not in play")
    return None


def check_lord_at_court(s: LancasterState, a: Apply | Treasury) -> Violation | None:
    """LH-015: your lord is placed once per round (again if expelled), from your court; LH-022: so an application
    is never strengthened after the turn it was made."""
    loc = s.lord[mover(s, a)]
    if loc != "court":
        return Violation("LH-015", f"the lord is not at court (it is at {loc.replace('office:', 'office ')}); place a knight")
    return None


def check_supporters(s: LancasterState, a: Apply) -> Violation | None:
    """LH-019 LH-063 LH-069: supporters are the lord's own colour's knights at court and its own bishops."""
    colour = mover(s, a)
    court = s.court_strengths(colour)
    for k in set(a.knights):
        if a.knights.count(k) > court.count(k):
            return Violation("LH-019", f"{_you(s, colour)} {court.count(k)} strength-{k} knights at court, not {a.knights.count(k)}")
    owned = s.res[colour]["bishops"]
    if a.bishops > owned:
        return Violation("LH-063", f"you own {owned} bishops, not {a.bishops}")
    return None


def check_tudor_with_knight(s: LancasterState, a: Apply) -> Violation | None:
    """LH-054: a Tudor knight supports a lord only together with one of your knights."""
    if a.tudor and not a.knights:
        return Violation("LH-054", "the Tudor knight comes with one of your knights; add a supporting knight")
    return None


def check_tribute(s: LancasterState, a: Apply) -> Violation | None:
    """LH-017 LH-018 LH-068: applying costs the office's tribute; an ally's lord pays none."""
    colour = mover(s, a)
    if s.is_ally(colour):
        return None
    office = s.data.offices[OFFICES.index(a.office)]
    if s.res[colour][office.tribute] < 1:
        return Violation("LH-017", f"the {a.office}'s tribute is 1 {office.tribute} and you have none; apply elsewhere or go to the treasury")
    return None


def check_ally_lords(s: LancasterState, a: Apply) -> Violation | None:
    """LH-067: with 2 players a seat's own lord and its ally's lord never expel each other."""
    o = s.offices[OFFICES.index(a.office)]
    if o is not None and o["owner"] == s.partner(mover(s, a)):
        return Violation("LH-067", f"{s.seat_text(o['owner'])}'s lord holds the {a.office}: a player's lord and their ally's "
                                   "lord cannot expel each other")
    return None


def check_expel_office(s: LancasterState, a: Apply) -> Violation | None:
    """LH-023: to take an occupied lord space your stack must be strictly stronger than the one there."""
    o = s.offices[OFFICES.index(a.office)]
    if o is not None:
        theirs, mine = office_strength(s, o), apply_strength(s, a)
        if mine <= theirs:
            return Violation("LH-023", f"{s.seat_text(o['owner'])}'s stack on the {a.office} has strength {theirs}; "
                                       f"yours would be {mine} and must be higher")
    return None


def check_vote_markers(s: LancasterState, a: Vote) -> Violation | None:
    """LB-035: you add to your vote only voting markers you hold."""
    held = s.res[s.actor]["vm"]
    if a.vm > held:
        return Violation("LB-035", f"you hold {held} voting markers, not {a.vm}")
    return None


def check_upgrade_knight(s: LancasterState, a: Upgrade) -> Violation | None:
    """LB-072 LB-044 LH-081: an upgrade swaps one of your knights (not in the reserve) for your reserve knight of the next
    strength; a law's upgrade takes only a deployed knight; a knight in the tower only while the tower has room."""
    colour, scope = s.actor, s.pending[0][2]
    try:
        where = knight_place(s, a.place)
    except KeyError:
        return Violation("LB-072", f"{a.place!r} is not a place on the board; name where your knight stands")
    ks, spot = s.knights[colour], place_words(a.place)
    mine = [j for j, k in enumerate(ks) if k == [a.strength, where]]
    if not mine:
        return Violation("LB-072", f"{_you(s, colour)} no strength-{a.strength} knight {spot}")
    if not any(k == [a.strength + 1, "reserve"] for k in ks):
        return Violation("LB-072", f"the reserve holds no strength-{a.strength + 1} knight to swap with your strength-{a.strength} knight")
    if where == "tower" and not set(mine) & set(upgrade_knights(s, colour, "any")):
        return Violation("LH-081", "the tower has no room for a stronger knight")
    if not set(mine) & set(upgrade_knights(s, colour, scope)):
        what = "only your deployed strength-3 knight" if scope == "three" else "only a deployed knight"
        return Violation("LB-044", f"this law upgrades {what} (one in a county or a conflict); your strength-{a.strength} "
                                   f"knight {spot} is not one")
    return None


def check_bishop_supply(s: LancasterState, a: Bishop) -> Violation | None:
    """LH-061 LH-073: no bishop can be taken (or, for an ally, removed) once the regal board has none left."""
    if not s.supply["bishops"]:
        return Violation("LH-073" if s.is_ally(s.actor) else "LH-061", "the regal board has no bishops left; upgrade a knight or decline")
    return None


def check_bishop_limit(s: LancasterState, a: Bishop) -> Violation | None:
    """LH-062 LH-073: nobody may own more than 3 bishops (an ally's bishop is removed from the game, not owned)."""
    if not s.is_ally(s.actor) and s.res[s.actor]["bishops"] >= s.data.kc.max_bishops:
        return Violation("LH-062", f"you own {s.data.kc.max_bishops} bishops, the most allowed")
    return None


def check_dorset_target(s: LancasterState, a: Dorset) -> Violation | None:
    """LB-052: the knight passing to France takes the topmost empty space of a conflict, or its own space there."""
    if not a.card:
        return None
    c = s.active_conflict(a.card)
    if c is not None and own_space(c, s.actor) < 0 and first_empty(c) < 0:
        return Violation("LB-052", f"conflict {a.card} has no space for your knight")
    return None


def check_choose_range(s: LancasterState, a: Choose) -> Violation | None:
    """LB-042 LH-110: a law lets you buy, trade or sell only as much as you can pay for."""
    task = s.pending[0][2]
    if a.amount > task["max"]:
        return Violation("LH-110" if task["law"] == "LK-4" else "LB-042", f"under {task['law']} you can choose 0 to {task['max']}")
    return None


def check_favor_tile(s: LancasterState, a: Favor) -> Violation | None:
    """LB-031: a favor is one of the King's Favor tiles still face up this round."""
    up = [t.id for t, on in zip(s.data.favors, s.favors) if on]
    if a.tile not in up:
        return Violation("LB-031", f"{a.tile} is face down this round; the tiles face up are {up}")
    return None


def check_reward_option(s: LancasterState, a: Reward) -> Violation | None:
    """LB-047 LB-048 LB-098: a nobleman needs a tile left there and a letter you lack; both rewards cost 3 gold (never an ally's)."""
    options = reward_options(s, s.actor, s.pending[0][2])
    if a.option not in options:
        return Violation("LB-048" if a.option == "noble" else "LB-047", f"here you can take {options}: a nobleman needs a tile "
                         f"left in that county and a letter you do not have; both need {s.data.noble_cost} gold")
    return None


def check_noble_letter(s: LancasterState, a: Noble) -> Violation | None:
    """LB-033 LB-048 LB-096: a nobleman comes from a county with tiles left, one per letter per player."""
    how = s.pending[0][2]
    letters = noble_letters(s, s.actor, how)
    if a.letter not in letters:
        return Violation("LB-048", f"the noblemen you can {how} are from {letters}: a county with tiles left"
                         + (" and a letter you do not have" if how == "take" else ""))
    return None


def check_extension_tile(s: LancasterState, a: Extend) -> Violation | None:
    """LB-009: an extension tile is one of your six not yet in your castle."""
    if a.tile in s.extensions[s.actor]:
        return Violation("LB-009", f"{a.tile} is already in your castle; choose one of the others")
    return None


def check_can_pay(s: LancasterState, a: Pay) -> Violation | None:
    """LB-055 LB-066: a castle reward that costs squires, or a ransom in gold, is paid only by who holds enough (and a
    castle reward only when it can come to something: a knight to recruit or to upgrade)."""
    if not a.yes:
        return None
    colour, kind, info = s.pending[0]
    if kind == "ransom":
        cost, what, rule = s.knights[colour][info][0], "gold", "LB-066"
    else:
        tile = next(x for x in s.data.extensions if x.id == info)
        cost, what, rule = tile.gain.cost, "squires", "LB-055"
        if not gain_possible(s, colour, tile.gain):
            return Violation(rule, f"extension {info} would give nothing now ({tile.gain.words()}): no knight can be "
                                   "recruited or upgraded, so there is nothing to pay for")
    if s.res[colour][what] < cost:
        return Violation(rule, f"this costs {cost} {what} and you hold {s.res[colour][what]}")
    return None


CHECKS = CheckTable({
    "county": (check_ally_move, check_knight_at_court, check_squires_held, check_privilege, check_county_minimum,
               check_not_own_county, check_shield_protects, check_expel_strength),
    "castle": (check_ally_move, check_knight_at_court, check_castle_space),
    "conflict": (check_ally_move, check_knight_at_court, check_privilege, check_conflict_in_play, check_conflict_space,
                 check_archer_space),
    "tower": (check_ally_move, check_tower_module, check_tower_tudor, check_knight_at_court, check_tower_capacity),
    "apply": (check_ally_move, check_court_module, check_lord_at_court, check_supporters, check_privilege,
              check_tudor_with_knight, check_tribute, check_ally_lords, check_expel_office),
    "treasury": (check_ally_move, check_court_module, check_lord_at_court),
    "vote": (check_vote_markers,),
    "upgrade": (check_upgrade_knight,),
    "bishop": (check_court_module, check_bishop_supply, check_bishop_limit),
    "dorset": (check_conflict_in_play, check_dorset_target),
    "choose": (check_choose_range,),
    "favor": (check_favor_tile,),
    "reward": (check_reward_option,),
    "noble": (check_noble_letter,),
    "extension": (check_extension_tile,),
    "pay": (check_can_pay,),
}, always=(check_phase,))


# -- candidates (the reference list the checks filter) ------------------------------------------------
def _bools(on: bool) -> tuple[bool, ...]:
    return (False, True) if on else (False,)


def _submultisets(strengths: list[int]) -> list[tuple[int, ...]]:
    counts = {k: strengths.count(k) for k in sorted(set(strengths))}
    out: list[tuple[int, ...]] = [()]
    for k, c in counts.items():
        out = [t + (k,) * m for t in out for m in range(c + 1)]
    return sorted(out, key=lambda t: (len(t), t))


def placement_candidates(s: LancasterState, colour: int) -> list[LAction]:
    held, res, ally = s.priv[colour], s.res[colour], s.is_ally(colour)
    out: list[LAction] = []
    for k in sorted(set(s.court_strengths(colour))):
        for county in s.data.counties:
            for q, sh, tu in product(range(res["squires"] + 1), _bools(held["shield"] > 0), _bools(held["tudor"] > 0)):
                out.append(County(k, county.name, q, sh, tu, ally))
        out += [Castle(k, x + 1, ally) for x in range(castle_spaces(s, colour))]
        for c in s.conflicts:
            for ar, tu in product(_bools(held["archer"] > 0), _bools(held["tudor"] > 0)):
                out.append(Conflict(k, f"C{c['card'] + 1}", ar, tu, ally))
        if s.has("KR"):
            out.append(Tower(k, False, ally))
    if s.has("KC") and s.lord[colour] == "court":
        subsets = _submultisets(s.court_strengths(colour))
        for office in OFFICES:
            for ks, b in product(subsets, range(res["bishops"] + 1)):
                for tu in _bools(held["tudor"] > 0 and bool(ks)):
                    out.append(Apply(office, ks, b, tu, ally))
        out += [Treasury(t, ally) for t in TREASURY_TYPES]
    return out


def candidates(s: LancasterState) -> list[LAction]:
    if s.current_player is None:
        return []
    phase, colour = s.phase, s.actor
    if phase == "place":
        return [a for c in s.own_colours(s.turn) for a in placement_candidates(s, c)]
    if phase == "vote":
        return [Vote(y, v) for y in (True, False) for v in range(s.res[colour]["vm"] + 1)]
    if phase == "upgrade":
        seen = {(k[0], k[1]) for k in s.knights[colour] if k[1] != "reserve"}  # LB-072: one move per strength and place
        out: list[LAction] = [Upgrade(k, move_place(s, where)) for k, where in sorted(seen, key=lambda x: (x[0], _listed(s, x[1])))]
        return out + ([Bishop()] if s.has("KC") else []) + [Decline()]
    table: dict[str, Any] = {
        "dorset": lambda: [Dorset("")] + [Dorset(f"C{c['card'] + 1}") for c in s.conflicts],
        "law_choice": lambda: [Choose(x) for x in range(s.pending[0][2]["max"] + 1)],
        "favor": lambda: [Favor(t.id) for t in s.data.favors],
        "county": lambda: [Reward(o) for o in REWARD_OPTIONS],
        "noble": lambda: [Noble(c.letter) for c in s.data.counties],
        "start": lambda: [StartPlayer(p) for p in range(s.players)],
        "extension": lambda: [Extend(t.id) for t in s.data.extensions],
        "castle_pay": lambda: [Pay(True), Pay(False)], "ransom": lambda: [Pay(True), Pay(False)],
    }
    return list(table[phase]()) if phase in table else []


def legal_by_checks(s: LancasterState) -> list[LAction]:
    """The reference: every candidate filtered through every check (what `legal_actions` must equal)."""
    first = CHECKS.first_violation
    return [a for a in candidates(s) if first(s, a) is None]


# -- the direct generator ---------------------------------------------------------------------------
def _county_moves(s: LancasterState, colour: int, k: int, ally: bool) -> list[LAction]:
    held, tudor_k = s.priv[colour], s.data.kc.tudor_strength
    squires = 0 if ally else s.res[colour]["squires"]
    out: list[LAction] = []
    for i, county in enumerate(s.data.counties):
        c = s.counties[i]
        if c is not None and (c["owner"] in (colour, s.partner(colour)) or c["shield"]):
            continue
        theirs = -1 if c is None else county_strength(s, c)
        for q, sh, tu in product(range(squires + 1), _bools(held["shield"] > 0), _bools(held["tudor"] > 0)):
            if k + tudor_k * tu >= county.min and k + q + tudor_k * tu > theirs:
                out.append(County(k, county.name, q, sh, tu, ally))
    return out


def _conflict_moves(s: LancasterState, colour: int, k: int, ally: bool) -> list[LAction]:
    held = s.priv[colour]
    out: list[LAction] = []
    for c in s.conflicts:
        mine, empty = own_space(c, colour), first_empty(c)
        if mine < 0 and empty < 0:
            continue
        archer_ok = mine < 0 and empty + 1 < len(c["spaces"]) and c["spaces"][empty + 1] is None
        for ar, tu in product(_bools(held["archer"] > 0 and archer_ok), _bools(held["tudor"] > 0)):
            out.append(Conflict(k, f"C{c['card'] + 1}", ar, tu, ally))
    return out


def _lord_moves(s: LancasterState, colour: int, ally: bool) -> list[LAction]:
    if not s.has("KC") or s.lord[colour] != "court":
        return []
    held, res = s.priv[colour], s.res[colour]
    out: list[LAction] = []
    subsets = _submultisets(s.court_strengths(colour))
    for i, office in enumerate(OFFICES):
        if not ally and res[s.data.offices[i].tribute] < 1:
            continue
        o = s.offices[i]
        if o is not None and o["owner"] == s.partner(colour):
            continue
        theirs = -1 if o is None else office_strength(s, o)
        for ks, b in product(subsets, range(res["bishops"] + 1)):
            for tu in _bools(held["tudor"] > 0 and bool(ks)):
                if 1 + b + sum(ks) + s.data.kc.tudor_strength * tu > theirs:
                    out.append(Apply(office, ks, b, tu, ally))
    return out + [Treasury(t, ally) for t in TREASURY_TYPES]


def placements(s: LancasterState, colour: int) -> list[LAction]:
    """Every legal placement of one colour, in `placement_candidates` order."""
    ally = s.is_ally(colour)
    out: list[LAction] = []
    for k in sorted(set(s.court_strengths(colour))):
        out += _county_moves(s, colour, k, ally)
        out += [Castle(k, x + 1, ally) for x in range(castle_spaces(s, colour)) if s.castles[colour][x] < 0]
        out += _conflict_moves(s, colour, k, ally)
        if s.has("KR") and tower_load(s) + k <= s.data.tower_capacity:
            out.append(Tower(k, False, ally))
    return out + _lord_moves(s, colour, ally)


def can_place(s: LancasterState, colour: int) -> bool:
    """LB-018: whether a colour still has a piece to place (a knight at court, or with KC its lord)."""
    return any(k[1] == "court" for k in s.knights[colour]) or (s.has("KC") and s.lord[colour] == "court")


def legal_actions(state: LancasterState) -> list[LAction]:
    """Every candidate the checks accept, in candidate order (built directly)."""
    s = state
    if s.current_player is None:
        return []
    phase = s.phase
    if phase == "place":
        return [a for c in s.own_colours(s.turn) for a in placements(s, c)]
    if phase == "vote":
        return [Vote(y, v) for y in (True, False) for v in range(s.res[s.actor]["vm"] + 1)]
    return legal_by_checks(s)  # the choices: a handful of candidates each
