"""Legality: candidate moves filtered by the checks table, so the two cannot drift apart.

Each check guards one rule, named on the first line of its docstring. Rules of the stand-in base game
(Lancaster-Lite, catalogue section 8.2) cite LH-001: every base rule the expansion leaves alone applies.
"""

from __future__ import annotations

from itertools import chain, product

from hench.core import CheckTable, Violation
from hench.core.legality import kind_of

from .actions import (
    OFFICES,
    TREASURY_TYPES,
    Apply,
    Bishop,
    Castle,
    Choose,
    Conflict,
    County,
    Decline,
    Dorset,
    LAction,
    Tower,
    Treasury,
    Upgrade,
    Vote,
)
from .phases import PHASES
from .state import LancasterState


# -- shared measures ---------------------------------------------------------------------------------
def county_strength(s: LancasterState, c: dict) -> int:
    """A county occupant's contest strength: knight + squires + Tudor (A9)."""
    return s.knights[c["owner"]][c["knight"]][0] + c["squires"] + (s.data.court.tudor_strength if c["tudor"] else 0)


def office_strength(s: LancasterState, o: dict) -> int:
    """LH-021: 1 for the lord, +1 per bishop, + each knight's strength, +2 per Tudor."""
    ks = s.knights[o["owner"]]
    return 1 + o["bishops"] + sum(ks[x][0] for x in o["knights"]) + (s.data.court.tudor_strength if o["tudor"] else 0)


def apply_strength(s: LancasterState, a: Apply) -> int:
    return 1 + a.bishops + sum(a.knights) + (s.data.court.tudor_strength if a.tudor else 0)


def tower_load(s: LancasterState) -> int:
    return s.neutral + sum(s.knights[o][x][0] for o, x in s.tower)


def own_space(c: dict, seat: int) -> int:
    for j, sp in enumerate(c["spaces"]):
        if sp is not None and sp["owner"] == seat and sp["knights"]:
            return j
    return -1


def first_empty(c: dict) -> int:
    for j, sp in enumerate(c["spaces"]):
        if sp is None:
            return j
    return -1


def _seat(s: LancasterState) -> int:
    """The colour whose piece moves: the seat, or with 2 players the ally it is placing for (L12)."""
    return s.actor


def _you(s: LancasterState) -> str:
    return "your ally" if s.is_ally(s.actor) else "you"


# -- checks ----------------------------------------------------------------------------------------
def check_phase(s: LancasterState, a: LAction) -> Violation | None:
    """LH-015 LH-001 LH-059 LH-093: each phase opens its own kinds of move (the phase table's `actions`)."""
    phase = PHASES[s.phase]
    if kind_of(a) not in phase.actions:
        return Violation(phase.rules[0], f"in '{phase.title}' the moves are {sorted(phase.actions)}: {phase.help}")
    return None


def check_knight_at_court(s: LancasterState, a: County | Castle | Conflict | Tower) -> Violation | None:
    """LH-015: you place one of your own knights from your court."""
    if s.knight_at_court(_seat(s), a.strength) < 0:
        have = s.court_strengths(_seat(s))
        return Violation("LH-015", f"{_you(s)} have no strength-{a.strength} knight at court (at court: {have or 'none'})"
                         + (" (this placement is your ally's, L12)" if s.is_ally(_seat(s)) else ""))
    return None


def check_county_minimum(s: LancasterState, a: County) -> Violation | None:
    """LH-056 LH-001: a knight (with its Tudor knight, not squires) must meet the county's minimum strength."""
    county = s.data.counties[s.data.county_index(a.county)]
    total = a.strength + (s.data.court.tudor_strength if a.tudor else 0)
    if total < county.min:
        rule = "LH-056" if a.tudor else "LH-001"
        return Violation(rule, f"{county.name} needs strength {county.min}; this knight brings {total} "
                               "(squires do not count towards the minimum; a Tudor knight does)")
    return None


def check_squires_held(s: LancasterState, a: County) -> Violation | None:
    """LH-001: squires that accompany a knight come from behind your screen."""
    held = s.res[_seat(s)]["squires"]
    if a.squires > held:
        return Violation("LH-001", f"you hold {held} squires, not {a.squires}")
    return None


def check_tower_tudor(s: LancasterState, a: Tower) -> Violation | None:
    """LH-087: a Tudor knight can never be dropped into the tower."""
    if a.tudor:
        return Violation("LH-087", "a Tudor knight never goes into the tower; drop the knight alone")
    return None


def check_privilege(s: LancasterState, a: County | Conflict | Apply) -> Violation | None:
    """LH-031 LH-041 LH-045 LH-054 LH-072: a privilege is used only by its holder, in the round after it was
    granted; with 2 players a seat's and its ally's privileges are kept apart."""
    actor = _seat(s)
    held = s.priv[actor]
    for name, rule in (("shield", "LH-041"), ("archer", "LH-045"), ("tudor", "LH-054")):
        if getattr(a, name, False) and not held[name]:
            if not s.has("KC"):
                return Violation(rule, f"there is no {name} without the King's Court module")
            other = s.partner(actor)
            if other >= 0 and s.priv[other][name]:
                return Violation("LH-072", f"the {name} belongs to {s.seat_text(other)}; it goes only with that colour's "
                                           f"knights, not with {s.seat_text(actor)}'s")
            return Violation("LH-031", f"you hold no {name} to use this round (privileges are granted in phase 3 "
                                       "for the following round)")
    return None


def check_not_own_county(s: LancasterState, a: County) -> Violation | None:
    """LH-001: you cannot expel your own knight from a county."""
    c = s.counties[s.data.county_index(a.county)]
    if c is not None and c["owner"] == _seat(s):
        return Violation("LH-001", f"{s.seat_text(c['owner'])}'s own knight holds {a.county}; it cannot expel itself")
    return None


def check_shield_protects(s: LancasterState, a: County) -> Violation | None:
    """LH-041: a knight placed with the Chancellor's shield cannot be expelled this round."""
    c = s.counties[s.data.county_index(a.county)]
    if c is not None and c["shield"]:
        return Violation("LH-041", f"{s.seat_text(c['owner'])}'s knight in {a.county} carries a shield and cannot be expelled")
    return None


def check_expel_strength(s: LancasterState, a: County) -> Violation | None:
    """LH-001: expelling a county's knight needs strictly greater strength (knight + squires + Tudor)."""
    c = s.counties[s.data.county_index(a.county)]
    if c is None:
        return None
    mine = a.strength + a.squires + (s.data.court.tudor_strength if a.tudor else 0)
    theirs = county_strength(s, c)
    if mine <= theirs:
        return Violation("LH-001", f"{a.county} is held at strength {theirs}; you bring {mine} and need more than {theirs}")
    return None


def check_castle_space(s: LancasterState, a: Castle) -> Violation | None:
    """LH-001: each space of your castle holds one of your knights (an ally's castle only if the data allows, L12)."""
    if a.space not in s.data.castle:
        return Violation("LH-001", f"your castle's spaces are {list(s.data.castle)}")
    if s.is_ally(_seat(s)) and not s.data.two.ally_castle:
        return Violation("LH-001", "in this data file allies have no castle (two_player.ally_castle = false, L12)")
    if s.castles[_seat(s)][s.data.castle.index(a.space)] >= 0:
        return Violation("LH-001", f"your castle's {a.space} space is taken this round")
    return None


def check_conflict_in_play(s: LancasterState, a: Conflict | Dorset) -> Violation | None:
    """LH-001: knights go only to the conflicts in play (the upper and lower rows)."""
    if a.card and s.active_conflict(a.card) is None:
        shown = [f"C{c['card'] + 1}" for c in s.conflicts]
        return Violation("LH-001", f"conflict {a.card} is not in play; the conflicts in play are {shown}")
    return None


def check_conflict_space(s: LancasterState, a: Conflict) -> Violation | None:
    """LH-001: a knight takes the topmost empty space, or joins your own space there (reinforcing)."""
    c = s.active_conflict(a.card)
    if c is not None and own_space(c, _seat(s)) < 0 and first_empty(c) < 0:
        return Violation("LH-001", f"conflict {a.card} has no empty knight space and none of yours to reinforce")
    return None


def check_archer_space(s: LancasterState, a: Conflict) -> Violation | None:
    """LH-045 LH-046: the archer comes with a knight taking the topmost empty space and takes the space below it."""
    if not a.archer:
        return None
    c = s.active_conflict(a.card)
    if c is None:
        return None
    if own_space(c, _seat(s)) >= 0:
        return Violation("LH-045", "the archer comes only with a knight taking a new space, not with a reinforcement (A6)")
    j = first_empty(c)
    if j + 1 >= len(c["spaces"]) or c["spaces"][j + 1] is not None:
        return Violation("LH-046", f"your knight would take the lowest free space of {a.card}: there is no space "
                                   "below it for the archer; use the archer with a knight in another conflict")
    return None


def check_tower_module(s: LancasterState, a: Tower) -> Violation | None:
    """LH-080: the tower is a place for knights only with the King's Resentment module."""
    if not s.has("KR"):
        return Violation("LH-080", "there is no tower without the King's Resentment module")
    return None


def check_tower_capacity(s: LancasterState, a: Tower) -> Violation | None:
    """LH-081: the knights in the tower (the neutral one included) total at most 7 strength."""
    load = tower_load(s)
    if load + a.strength > s.data.tower_capacity:
        return Violation("LH-081", f"the tower holds strength {load} of {s.data.tower_capacity}; a strength-{a.strength} "
                                   "knight does not fit")
    return None


def check_court_module(s: LancasterState, a: Apply | Treasury | Bishop) -> Violation | None:
    """LH-016 LH-060: lords, offices, the treasury and bishops exist only with the King's Court module."""
    if not s.has("KC"):
        rule = "LH-060" if isinstance(a, Bishop) else "LH-016"
        return Violation(rule, "this needs the King's Court module, which is not in play")
    return None


def check_lord_at_court(s: LancasterState, a: Apply | Treasury) -> Violation | None:
    """LH-015: your lord is placed once per round (again if expelled), from your court."""
    loc = s.lord[_seat(s)]
    if loc != "court":
        return Violation("LH-015", f"your lord is not at court (it is at {loc.replace('office:', 'office ')}); place a knight")
    return None


def check_supporters(s: LancasterState, a: Apply) -> Violation | None:
    """LH-019 LH-063 LH-069: supporters are the lord's own colour's knights at court and its own bishops
    (2 players: allied knights support only the allied lord, a seat's own knights only its own lord)."""
    seat = _seat(s)
    court = s.court_strengths(seat)
    for k in set(a.knights):
        if a.knights.count(k) > court.count(k):
            other = s.partner(seat)
            if other >= 0 and a.knights.count(k) <= court.count(k) + s.court_strengths(other).count(k):
                return Violation("LH-069", f"{s.seat_text(seat)}'s lord is supported only by its own colour's knights; "
                                           f"{s.seat_text(other)}'s knights support only {s.seat_text(other)}'s lord")
            return Violation("LH-019", f"{_you(s)} have {court.count(k)} strength-{k} knights at court, not {a.knights.count(k)}")
    owned = s.res[seat]["bishops"]
    if a.bishops > owned:
        return Violation("LH-063", f"you own {owned} bishops, not {a.bishops}")
    return None


def check_tudor_with_knight(s: LancasterState, a: Apply) -> Violation | None:
    """LH-054: a Tudor knight supports a lord only together with one of your knights."""
    if a.tudor and not a.knights:
        return Violation("LH-054", "the Tudor knight comes with one of your knights; add a supporting knight")
    return None


def check_tribute(s: LancasterState, a: Apply) -> Violation | None:
    """LH-017 LH-018 LH-068: applying costs the office's tribute (Chancellor 1 VM, Constable 1 squire, Chamberlain
    1 gold); an ally's lord pays none."""
    if s.is_ally(_seat(s)):
        return None  # LH-068
    office = s.data.offices[OFFICES.index(a.office)]
    if s.res[_seat(s)][office.tribute] < 1:
        return Violation("LH-017", f"the {a.office}'s tribute is 1 {office.tribute} and you have none; "
                                   "apply elsewhere or go to the treasury")
    return None


def check_ally_lords(s: LancasterState, a: Apply) -> Violation | None:
    """LH-067: with 2 players a seat's own lord and its ally's lord never expel each other."""
    o = s.offices[OFFICES.index(a.office)]
    if o is not None and o["owner"] == s.partner(_seat(s)):
        return Violation("LH-067", f"{s.seat_text(o['owner'])}'s lord holds the {a.office}: a player's own lord and "
                                   "their ally's lord cannot expel each other; apply elsewhere or go to the treasury")
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
    """LH-001: you add only voting markers you hold to your vote."""
    held = s.res[_seat(s)]["vm"]
    if a.vm > held:
        return Violation("LH-001", f"you hold {held} voting markers, not {a.vm}")
    return None


def check_upgrade_knight(s: LancasterState, a: Upgrade) -> Violation | None:
    """LH-001: an upgrade adds 1 strength to one of your knights, up to the maximum strength."""
    ks = s.knights[_seat(s)]
    if a.strength >= s.data.max_strength or not any(k[0] == a.strength for k in ks):
        return Violation("LH-001", f"you have no strength-{a.strength} knight that can be upgraded "
                                   f"(upgrades go up to {s.data.max_strength})")
    return None


def check_bishop_supply(s: LancasterState, a: Bishop) -> Violation | None:
    """LH-061 LH-073: no bishop can be taken (or, for an ally, removed) once the regal board has none left."""
    if not s.supply["bishops"]:
        rule = "LH-073" if s.is_ally(_seat(s)) else "LH-061"
        return Violation(rule, "the regal board has no bishops left; upgrade a knight or decline")
    return None


def check_bishop_limit(s: LancasterState, a: Bishop) -> Violation | None:
    """LH-062 LH-073: nobody may own more than 3 bishops (an ally's bishop is removed from the game, not owned)."""
    if s.is_ally(_seat(s)):
        return None
    if s.res[_seat(s)]["bishops"] >= s.data.court.max_bishops:
        return Violation("LH-062", f"you own {s.data.court.max_bishops} bishops, the most allowed")
    return None


def check_dorset_target(s: LancasterState, a: Dorset) -> Violation | None:
    """LH-059 LH-001: the Dorset knight moves to the topmost empty space of a conflict, or to its own space there."""
    if not a.card:
        return None
    c = s.active_conflict(a.card)
    if c is not None and own_space(c, _seat(s)) < 0 and first_empty(c) < 0:
        return Violation("LH-059", f"conflict {a.card} has no space for your Dorset knight")
    return None


def check_choose_range(s: LancasterState, a: Choose) -> Violation | None:
    """LH-001 LH-110: a law lets you buy, trade or sell only as much as you can pay for."""
    task = s.pending[0][2]
    if a.amount > task["max"]:
        rule = "LH-110" if task["law"] == "LK-4" else "LH-001"
        return Violation(rule, f"under {task['law']} you can choose 0 to {task['max']}")
    return None


CHECKS = CheckTable({
    "county": (check_knight_at_court, check_squires_held, check_privilege, check_county_minimum, check_not_own_county,
               check_shield_protects, check_expel_strength),
    "castle": (check_knight_at_court, check_castle_space),
    "conflict": (check_knight_at_court, check_privilege, check_conflict_in_play, check_conflict_space, check_archer_space),
    "tower": (check_tower_module, check_tower_tudor, check_knight_at_court, check_tower_capacity),
    "apply": (check_court_module, check_lord_at_court, check_supporters, check_privilege, check_tudor_with_knight,
              check_tribute, check_ally_lords, check_expel_office),
    "treasury": (check_court_module, check_lord_at_court),
    "vote": (check_vote_markers,),
    "upgrade": (check_upgrade_knight,),
    "bishop": (check_court_module, check_bishop_supply, check_bishop_limit),
    "dorset": (check_conflict_in_play, check_dorset_target),
    "choose": (check_choose_range,),
}, always=(check_phase,))


# -- candidates ------------------------------------------------------------------------------------
def _bools(on: bool) -> tuple[bool, ...]:
    return (False, True) if on else (False,)


def _submultisets(strengths: list[int]) -> list[tuple[int, ...]]:
    counts = {k: strengths.count(k) for k in sorted(set(strengths))}
    out: list[tuple[int, ...]] = [()]
    for k, c in counts.items():
        out = [t + (k,) * m for t in out for m in range(c + 1)]
    return sorted(out, key=lambda t: (len(t), t))


def placement_candidates(s: LancasterState, seat: int) -> list[LAction]:
    held, res = s.priv[seat], s.res[seat]
    strengths = sorted(set(s.court_strengths(seat)))
    out: list[LAction] = []
    for k in strengths:
        for county in s.data.counties:
            for q, sh, tu in product(range(res["squires"] + 1), _bools(held["shield"] > 0), _bools(held["tudor"] > 0)):
                out.append(County(k, county.name, q, sh, tu))
        out += [Castle(k, space) for space in s.data.castle]
        for c in s.conflicts:
            for ar, tu in product(_bools(held["archer"] > 0), _bools(held["tudor"] > 0)):
                out.append(Conflict(k, f"C{c['card'] + 1}", ar, tu))
        if s.has("KR"):
            out.append(Tower(k))
    if s.has("KC") and s.lord[seat] == "court":
        subsets = _submultisets(s.court_strengths(seat))
        for office in OFFICES:
            for ks, b in product(subsets, range(res["bishops"] + 1)):
                for tu in _bools(held["tudor"] > 0 and bool(ks)):
                    out.append(Apply(office, ks, b, tu))
        out += [Treasury(t) for t in TREASURY_TYPES]
    return out


def candidates(s: LancasterState) -> list[LAction]:
    phase, seat = s.phase, s.current_player
    if seat is None or seat < 0:
        return []
    seat = s.actor
    if phase == "place":
        return placement_candidates(s, seat)
    if phase == "vote":
        return [Vote(y, v) for y in (True, False) for v in range(s.res[seat]["vm"] + 1)]
    if phase == "upgrade":
        out: list[LAction] = [Upgrade(k) for k in sorted({k[0] for k in s.knights[seat]}) if k < s.data.max_strength]
        if s.has("KC"):
            out.append(Bishop())
        return out + [Decline()]
    if phase == "dorset":
        return [Dorset("")] + [Dorset(f"C{c['card'] + 1}") for c in s.conflicts]
    if phase == "law_choice":
        return [Choose(x) for x in range(s.pending[0][2]["max"] + 1)]
    return []


def legal_actions(state: LancasterState) -> list[LAction]:
    """Every candidate the checks accept, in a deterministic order. The fast generator below yields
    exactly that list (tests/lancaster/test_fast_legal.py compares the two on many positions)."""
    s = state
    stage = s.stage
    if stage == "place" and not s.pending:
        return fast_placements(s, s.turn)  # the colour placing (with 2 players maybe an ally, L12)
    if stage == "vote" and not s.pending:
        seat = s.voter
        return [] if seat is None else list(_votes(s.res[seat]["vm"]))
    seat = s.current_player
    if seat is None or seat < 0:
        return []
    seat = s.actor
    if s.phase == "dorset":
        return [a for a in candidates(s) if isinstance(a, Dorset) and (not a.card or _has_room(s.active_conflict(a.card), seat))]
    if s.phase == "upgrade":
        return [a for a in candidates(s) if not isinstance(a, Bishop)
                or (s.supply["bishops"] and (s.is_ally(seat) or s.res[seat]["bishops"] < s.data.court.max_bishops))]
    return candidates(s)  # votes and law choices: every candidate is within what the seat holds


def legal_by_checks(s: LancasterState) -> list[LAction]:
    """The reference: every candidate filtered through every check (what `legal_actions` must equal)."""
    first = CHECKS.first_violation
    return [a for a in candidates(s) if first(s, a) is None]


_VOTES: dict[int, tuple[Vote, ...]] = {}


def _votes(vm: int) -> tuple[Vote, ...]:
    """The vote candidates for a seat holding `vm` markers (every one is legal), in `candidates` order."""
    out = _VOTES.get(vm)
    if out is None:
        out = tuple(Vote(y, v) for y in (True, False) for v in range(vm + 1))
        if len(_VOTES) < 1000:
            _VOTES[vm] = out
    return out


def _has_room(c: dict | None, seat: int) -> bool:
    return c is not None and (own_space(c, seat) >= 0 or first_empty(c) >= 0)


_BLOCKS: dict[tuple, tuple[LAction, ...]] = {}  # moves are frozen values: a block of them depends only on its key


def _county_block(k: int, name: str, minimum: int, theirs: int, squires: int, shield: bool, tudor: bool,
                  tudor_str: int) -> tuple[LAction, ...]:
    key = ("county", k, name, minimum, theirs, squires, shield, tudor, tudor_str)
    block = _BLOCKS.get(key)
    if block is None:
        # (tudor, fewest squires that expel the occupant) for each Tudor choice meeting the minimum
        options = [(tu, max(0, theirs - k - (tudor_str if tu else 0) + 1) if theirs >= 0 else 0)
                   for tu in _bools(tudor) if k + (tudor_str if tu else 0) >= minimum]
        block = tuple(County(k, name, q, sh, tu) for q in range(squires + 1) for sh in _bools(shield)
                      for tu, q_min in options if q >= q_min)
        _remember(key, block)
    return block


def _conflict_block(k: int, card: str, archer_ok: bool, archer: bool, tudor: bool) -> tuple[LAction, ...]:
    key = ("conflict", k, card, archer_ok, archer, tudor)
    block = _BLOCKS.get(key)
    if block is None:
        block = tuple(Conflict(k, card, ar, tu) for ar in _bools(archer) if not ar or archer_ok for tu in _bools(tudor))
        _remember(key, block)
    return block


def _apply_block(office: str, court: tuple[int, ...], bishops: int, tudor: bool, theirs: int,
                 tudor_str: int) -> tuple[LAction, ...]:
    key = ("apply", office, court, bishops, tudor, theirs, tudor_str)
    block = _BLOCKS.get(key)
    if block is None:
        block = tuple(Apply(office, ks, b, tu) for ks, b in product(_submultisets(list(court)), range(bishops + 1))
                      for tu in _bools(tudor and bool(ks)) if 1 + b + sum(ks) + (tudor_str if tu else 0) > theirs)
        _remember(key, block)
    return block


def _remember(key: tuple, block: tuple[LAction, ...]) -> None:
    if len(_BLOCKS) > 100_000:
        _BLOCKS.clear()
    _BLOCKS[key] = block


_TREASURY = tuple(Treasury(t) for t in TREASURY_TYPES)


class _Static:
    """What fast_placements reads from one data object, gathered once, and the blocks of moves kept for
    it: each table maps what a part of the moves depends on to a list indexed by knight strength k
    (entry k: that part's moves for a knight of strength k, in candidate order)."""

    __slots__ = ("ally_castle", "capacity", "cards", "castle", "castle_by", "conflict", "conflicts_by", "counties",
                 "counties_by", "county", "lord", "top", "tower", "tributes", "tudor_str")

    def __init__(self, data) -> None:
        self.counties = tuple((c.name, c.min) for c in data.counties)
        self.castle, self.tudor_str, self.capacity = data.castle, data.court.tudor_strength, data.tower_capacity
        self.tributes, self.ally_castle = tuple(o.tribute for o in data.offices), data.two.ally_castle
        self.top = data.max_strength
        self.cards = tuple(f"C{i + 1}" for i in range(len(data.french)))
        self.tower = [(Tower(k),) for k in range(self.top + 1)]
        self.county: dict[tuple, list] = {}  # (county index, theirs, squires, shield, tudor) -> moves by k
        self.counties_by: dict[tuple, list] = {}  # (theirs of every county, squires, shield, tudor) -> moves by k
        self.conflict: dict[tuple, list] = {}  # (card, archer room, archer, tudor) -> moves by k
        self.conflicts_by: dict[tuple, list] = {}  # ((card, archer room) of each open conflict, archer, tudor) -> by k
        self.castle_by: dict[tuple, list] = {}  # free castle spaces -> moves by k
        self.lord: dict[tuple, tuple] = {}  # (court knights, bishops, tudor, what each office asks) -> lord moves


def _static(data) -> _Static:
    st = data.__dict__.get("_static")
    if st is None:
        st = _Static(data)
        object.__setattr__(data, "_static", st)
    return st


def _bounded(table: dict, limit: int = 50_000) -> dict:
    if len(table) > limit:
        table.clear()
    return table


def _counties_by_k(st: _Static, theirs: tuple, squires: int, shield: bool, tudor: bool) -> list:
    """The county moves by knight strength: county by county (`_county_block`), skipping those closed (-2)."""
    one, parts = st.county, []
    for i, x in enumerate(theirs):
        if x != -2:
            key = (i, x, squires, shield, tudor)
            part = one.get(key)
            if part is None:
                name, minimum = st.counties[i]
                part = _bounded(one)[key] = [()] + [_county_block(k, name, minimum, x, squires, shield, tudor, st.tudor_str)
                                                    for k in range(1, st.top + 1)]
            parts.append(part)
    return _joined(st, parts)


def _joined(st: _Static, parts: list) -> list:
    """Tables by k laid end to end, filled in when first read (`_entry`): entry k will hold every part's
    moves for strength k, in order; entry 0 holds the parts."""
    return [parts] + [None] * st.top


def _entry(table: list, k: int) -> tuple:
    block = table[k]
    if block is None:
        block = table[k] = tuple(chain.from_iterable([part[k] for part in table[0]]))
    return block


def _conflicts_by_k(st: _Static, conflicts: tuple, archer: bool, tudor: bool) -> list:
    one, parts = st.conflict, []
    for card, ok in conflicts:
        key = (card, ok, archer, tudor)
        part = one.get(key)
        if part is None:
            name = st.cards[card]
            part = _bounded(one)[key] = [()] + [_conflict_block(k, name, ok, archer, tudor) for k in range(1, st.top + 1)]
        parts.append(part)
    return _joined(st, parts)


def fast_placements(s: LancasterState, seat: int) -> list[LAction]:
    """`placement_candidates` already filtered: the same moves, in the same order, that the checks of
    CHECKS accept (knight at court, squires, privileges, county minimum, own county, shield, expulsion,
    castle space, conflict room, archer space, tower module and capacity, lord at court, supporters,
    tribute, stronger stack). Blocks of moves are kept per what they depend on (`_Static`)."""
    data = s.data
    st = data.__dict__.get("_static") or _static(data)
    held, res = s.priv[seat], s.res[seat]
    knights = s.knights
    court_ks = tuple(sorted([k[0] for k in knights[seat] if k[1] == "court"]))
    tudor = held["tudor"] > 0
    out: list[LAction] = []
    if court_ks:
        squires, shield = res["squires"], held["shield"] > 0
        tudor_str = st.tudor_str
        theirs = tuple([-1 if c is None else -2 if c["owner"] == seat or c["shield"]
                        else knights[c["owner"]][c["knight"]][0] + c["squires"] + (tudor_str if c["tudor"] else 0)
                        for c in s.counties])
        key = (theirs, squires, shield, tudor)
        by_county = st.counties_by.get(key)
        if by_county is None:
            by_county = _bounded(st.counties_by)[key] = _counties_by_k(st, theirs, squires, shield, tudor)
        conflicts = []
        for c in s.conflicts:
            spaces = c["spaces"]
            for sp in spaces:  # own_space: a space of yours with knights there (reinforcing, no archer)
                if sp is not None and sp["owner"] == seat and sp["knights"]:
                    conflicts.append((c["card"], False))
                    break
            else:
                if None in spaces:  # first_empty: the archer needs the space right below it empty too
                    j = spaces.index(None) + 1
                    conflicts.append((c["card"], j < len(spaces) and spaces[j] is None))
        if conflicts:
            key = (tuple(conflicts), held["archer"] > 0, tudor)
            by_conflict = st.conflicts_by.get(key)
            if by_conflict is None:
                by_conflict = _bounded(st.conflicts_by)[key] = _conflicts_by_k(st, *key)
        if "KR" in s.modules:
            room = st.capacity - s.neutral
            for o, x in s.tower:
                room -= knights[o][x][0]
        else:
            room = 0
        free = (tuple([sp for sp, x in zip(st.castle, s.castles[seat]) if x < 0])
                if seat < s.players or st.ally_castle else ())
        if free:
            by_castle = st.castle_by.get(free)
            if by_castle is None:
                by_castle = _bounded(st.castle_by)[free] = [()] + [tuple([Castle(k, space) for space in free])
                                                                   for k in range(1, st.top + 1)]
        extend, tower = out.extend, st.tower
        last = 0
        for k in court_ks:
            if k != last:
                last = k
                extend(by_county[k] or _entry(by_county, k))
                if free:
                    extend(by_castle[k])
                if conflicts:
                    extend(by_conflict[k] or _entry(by_conflict, k))
                if k <= room:
                    extend(tower[k])
    if "KC" in s.modules and s.lord[seat] == "court":
        n = s.players
        ally = seat >= n
        partner = -1 if n != 2 else seat - n if ally else seat + n  # LancasterState.partner
        tributes, offices = st.tributes, []
        for i, o in enumerate(s.offices):
            if (not ally and res[tributes[i]] < 1) or (o is not None and o["owner"] == partner):
                offices.append(-2)  # LH-068 (no tribute), LH-067 (the partner's lord)
            elif o is None:
                offices.append(-1)
            else:  # office_strength, inline
                ks, strength = knights[o["owner"]], 1 + o["bishops"] + (st.tudor_str if o["tudor"] else 0)
                for x in o["knights"]:
                    strength += ks[x][0]
                offices.append(strength)
        key = (court_ks, res["bishops"], tudor, tuple(offices))
        block = st.lord.get(key)
        if block is None:
            block = _bounded(st.lord)[key] = tuple(
                a for office, x in zip(OFFICES, key[3]) if x != -2
                for a in _apply_block(office, court_ks, key[1], tudor, x, st.tudor_str)) + _TREASURY
        out.extend(block)
    return out


def can_place(s: LancasterState, seat: int) -> bool:
    """LH-015, L6, L12: whether colour `seat` has a piece at court with a legal destination (else it is skipped).
    A list of moves built here is kept on the state (`placements`) for the transition to reuse."""
    if "KC" in s.modules and s.lord[seat] == "court":
        return True  # A3: the treasury is always open to a lord
    for k in s.knights[seat]:
        if k[1] == "court":
            break
    else:
        return False
    moves = fast_placements(s, seat)
    s.placements = (seat, moves)
    return bool(moves)
