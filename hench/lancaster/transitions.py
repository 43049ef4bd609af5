"""Transitions: what each move does to its successor, then the engine runs the automatic steps (the `agenda`:
votes counted, laws applied, counties, castles and conflicts paid) until a player must choose again. Every move
says what it did (state.say). Rule IDs sit next to each effect."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from hench.core import Rng, seat_name

from .actions import (
    OFFICES,
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
)
from .data import county_title, in_words, law_title
from .effects import base_law, colour_order, gain_dishonor, grant_seals, king_law, law_choice, order, take, take_noble, upgrade
from .legality import can_place, first_empty, gain_possible, mover, own_space, reward_options
from .state import COPIES, LancasterState

ONE_OF = {"vm": "voting marker", "squires": "squire", "gold": "gold"}  # a tribute in words


def chance_outcomes(state: LancasterState) -> list[tuple[LAction, Fraction]]:
    """No dice: shuffles (laws, conflicts) use the state's own generator at setup."""
    return []


def build_law_deck(data: Any, mods: tuple[str, ...], rng: Rng, law_groups: str = "replace") -> tuple[list[str], list[str]]:
    """LB-011, LH-103, LH-105: group 0 is the first current row; groups 1-4 are shuffled each and stacked, 1 on top; with LK
    the Laws of the King replace groups 2 and 3. LH-104 ('combine', assumed reading): groups 2 and 3 each shuffle
    their base laws together with the Laws of the King of that group and use `combined_laws.sizes` of them."""
    groups = {g: [law.id for law in data.laws if law.group == g] for g in range(5)}
    combine = "LK" in mods and law_groups == "combine"
    if "LK" in mods:
        for g in (2, 3):
            king = [f"LK-{i + 1}" for i, grp in enumerate(data.king_groups) if grp == g]
            groups[g] = groups[g] + king if combine else king
    deck: list[str] = []
    for g in (1, 2, 3, 4):
        pile = rng.shuffled(groups[g])
        deck += pile[:data.combined_sizes[g - 2]] if combine and g in (2, 3) else pile
    return groups[0], deck


def own_all(s: LancasterState) -> None:
    """Give a successor fresh copies of every container field (it starts sharing them with the state it came
    from) before a step that may change any of them: assigning a new value is always safe (hench.core.fields)."""
    for key, how in COPIES.items():
        setattr(s, key, how(getattr(s, key)))


PLACE_FIELDS = ("knights", "counties", "res", "priv", "castles", "tower", "conflicts", "offices", "lord", "treasury",
                "supply", "pending")


def push_front(s: LancasterState, tasks: list[list[Any]]) -> None:
    """New choices go before the ones already waiting (a reward's choices are made at once)."""
    if tasks:
        s.pending[:0] = tasks


def to_court(s: LancasterState, colour: int, knight: int) -> None:
    s.knights[colour][knight][1] = "court"


# -- phase 1: placing ---------------------------------------------------------------------------------------
def placement(s: LancasterState, a: County | Castle | Conflict | Tower | Apply | Treasury) -> None:
    """LB-017, LB-092, LH-015: one piece placed; the next seat with a piece to place moves, or parliament begins."""
    for key in PLACE_FIELDS:  # fresh copies of what a placement can change (the rest stays shared)
        setattr(s, key, COPIES[key](getattr(s, key)))
    colour = mover(s, a)
    say_place(s, colour, a)
    place(s, colour, a)
    nxt = next_seat(s, s.turn)
    if nxt >= 0:
        s.turn = nxt
        return  # still phase 1 (a favor choice may wait): nothing runs by itself
    own_all(s)
    advance(s)


def next_seat(s: LancasterState, seat: int) -> int:
    """LB-018: clockwise, skipping seats with nothing left to place (-1: nobody has)."""
    for k in range(1, s.n + 1):
        nxt = (seat + k) % s.n
        if any(can_place(s, c) for c in s.own_colours(nxt)):
            return nxt
    return -1


def _extras(a: County | Conflict) -> str:
    parts = [f"{a.squires} squire(s)"] if isinstance(a, County) and a.squires else []
    parts += [name for name, on in (("a shield", getattr(a, "shield", False)), ("an archer", getattr(a, "archer", False)),
                                     ("a Tudor knight", a.tudor)) if on]
    return f" with {', '.join(parts)}" if parts else ""


def say_place(s: LancasterState, colour: int, a: LAction) -> None:
    """What a placement does, in words (said before the board changes, so the expelled piece is still there)."""
    who, seat = s.seat_text(colour), s.controller(colour)
    if isinstance(a, County):
        i = s.data.county_index(a.county)
        old = s.counties[i]
        s.say(f"{who} places a knight of strength {a.strength} in {county_title(a.county)} (minimum {s.data.counties[i].min}){_extras(a)}",
              "LB-020", "LB-022", seats=(seat,))
        if old is not None:
            s.say(f"{s.seat_text(old['owner'])}'s knight is expelled from {county_title(a.county)} and goes back to court"
                  + (f"; its {old['squires']} squire(s) are lost" if old["squires"] else ""), "LB-023", "LB-025",
                  seats=(s.controller(old["owner"]),))
    elif isinstance(a, Castle):
        s.say(f"{who} places a knight of strength {a.strength} on Castle space K{a.space} of their castle", "LB-027", seats=(seat,))
    elif isinstance(a, Conflict):
        c = s.active_conflict(a.card)
        joined = c is not None and own_space(c, colour) >= 0
        s.say(f"{who} sends a knight of strength {a.strength} to conflict {a.card}{_extras(a)}"
              + (" (reinforcing their space)" if joined else ""), "LB-028", "LB-029", seats=(seat,))
    elif isinstance(a, Tower):
        s.say(f"{who} drops a knight of strength {a.strength} into the tower", "LH-082", seats=(seat,))
        if not s.is_ally(colour):
            back = min(a.strength, s.res[colour]["dishonor"])
            s.say(f"You give back {back} dishonor marker(s)", "LH-083", "LH-084", seats=(seat,), to=(seat,))
    elif isinstance(a, Apply):
        i = OFFICES.index(a.office)
        support = (f" supported by knights {', '.join(map(str, a.knights))}" if a.knights else "") + (
            f", {a.bishops} bishop(s)" if a.bishops else "") + (", a Tudor knight" if a.tudor else "")
        s.say(f"{who}'s lord applies for {a.office}{support}" + ("" if s.is_ally(colour) else
              f", paying 1 {ONE_OF[s.data.offices[i].tribute]} as tribute"), "LH-018", "LH-019", seats=(seat,))
        old = s.offices[i]
        if old is not None:
            s.say(f"{s.seat_text(old['owner'])}'s lord and supporters are expelled and go back to court", "LH-023", "LH-024",
                  seats=(s.controller(old["owner"]),))
    elif isinstance(a, Treasury):
        s.say(f"{who}'s lord enters the treasury and takes all its {in_words(a.take)} ({s.treasury[a.take]})"
              + (" (to the supply: an ally keeps nothing)" if s.is_ally(colour) else ""), "LH-026", seats=(seat,))


def place(s: LancasterState, colour: int, a: LAction) -> None:
    """One placement (the state is owned, own_all)."""
    if isinstance(a, County):
        place_county(s, colour, a)
    elif isinstance(a, Castle):
        j = s.knight_at_court(colour, a.strength)
        s.castles[colour][a.space - 1] = j  # LB-027
        s.knights[colour][j][1] = f"castle:{a.space - 1}"
    elif isinstance(a, Conflict):
        place_conflict(s, colour, a)
    elif isinstance(a, Tower):
        j = s.knight_at_court(colour, a.strength)
        s.tower.append([colour, j])  # LH-082
        s.knights[colour][j][1] = "tower"
        if not s.is_ally(colour):  # LH-099: an allied knight in the tower returns no dishonor
            back = min(a.strength, s.res[colour]["dishonor"])  # LH-083, LH-084, LH-085
            s.res[colour]["dishonor"] -= back
            s.box += back
    elif isinstance(a, Apply):
        place_lord(s, colour, a)
    elif isinstance(a, Treasury):
        s.lord[colour] = "treasury"  # LH-026, LH-027: takes everything of one kind; cannot be expelled
        if not s.is_ally(colour):  # LH-070: an allied lord sends it to the general supply instead
            s.res[colour][a.take] += s.treasury[a.take]
        s.treasury[a.take] = 0


def place_county(s: LancasterState, colour: int, a: County) -> None:
    """LB-020..LB-025: the knight takes the county, with its squires; an occupant it beats goes back to court and its
    squires to the supply (its Tudor knight to its supply, LH-055)."""
    i = s.data.county_index(a.county)
    j = s.knight_at_court(colour, a.strength)
    old = s.counties[i]
    if old is not None:
        to_court(s, old["owner"], old["knight"])
        s.supply["tudor"] += int(old["tudor"])
    s.res[colour]["squires"] -= a.squires
    s.priv[colour]["shield"] -= int(a.shield)  # LH-041
    s.priv[colour]["tudor"] -= int(a.tudor)  # LH-054
    s.counties[i] = {"owner": colour, "knight": j, "squires": a.squires, "shield": a.shield, "tudor": a.tudor}
    s.knights[colour][j][1] = f"county:{i}"


def join_conflict(s: LancasterState, colour: int, j: int, card: str, tudor: bool) -> int:
    """LB-028, LB-029: the topmost empty space, or the colour's own space there (reinforcing, LB-026: knights stack
    only at conflicts, with no squires; LB-095: an ally's knights have a space of their own); a Tudor stays with its
    knight. Returns the space."""
    c = s.active_conflict(card)
    assert c is not None
    mine = own_space(c, colour)
    if mine < 0:
        mine = first_empty(c)
        c["spaces"][mine] = {"owner": colour, "knights": [], "archer": False, "tudor": 0}
    c["spaces"][mine]["knights"].append(j)
    c["spaces"][mine]["tudor"] += int(tudor)
    s.knights[colour][j][1] = f"conflict:{card}"
    return mine


def place_conflict(s: LancasterState, colour: int, a: Conflict) -> None:
    """LB-028..LB-031, LH-045: the knight joins the conflict (an archer on the space below); the first six knights at
    conflicts in a round each earn a King's Favor while a tile is face up."""
    j = s.knight_at_court(colour, a.strength)
    mine = join_conflict(s, colour, j, a.card, a.tudor)
    s.priv[colour]["tudor"] -= int(a.tudor)
    if a.archer:  # LH-045: the archer takes the space right below the knight
        c = s.active_conflict(a.card)
        assert c is not None
        c["spaces"][mine + 1] = {"owner": colour, "knights": [], "archer": True, "tudor": 0}
        s.priv[colour]["archer"] -= 1
    if any(s.favors):
        s.pending.insert(0, [colour, "favor", None])


def place_lord(s: LancasterState, colour: int, a: Apply) -> None:
    """LH-018..LH-025: the lord's stack takes the lord space; a weaker stack there goes back to court (LH-013: with
    KC, phase 1 is for applying for offices too; LH-014: the lord is a piece of its own, placed every round)."""
    i = OFFICES.index(a.office)
    old = s.offices[i]
    if old is not None:  # LH-023, LH-024: its tribute stays paid
        for x in old["knights"]:
            to_court(s, old["owner"], x)
        s.priv[old["owner"]]["tudor"] += int(old["tudor"])  # its Tudor was not used: it returns with the stack
        s.lord[old["owner"]] = "court"
    if not s.is_ally(colour):  # LH-068: an ally's lord pays no tribute
        tribute = s.data.offices[i].tribute
        s.res[colour][tribute] -= 1  # LH-018, LH-025
        s.treasury[tribute] += 1
    where, knights = f"office:{i}", []
    for k in a.knights:  # LH-019
        j = s.knight_at_court(colour, k)
        s.knights[colour][j][1] = where
        knights.append(j)
    s.priv[colour]["tudor"] -= int(a.tudor)  # LH-054
    s.offices[i] = {"owner": colour, "knights": knights, "bishops": a.bishops, "tudor": a.tudor}
    s.lord[colour] = where


# -- phase 2: parliament ----------------------------------------------------------------------------------
def vote(s: LancasterState, a: Vote) -> None:
    """LB-035: a secret vote (yes or no, plus voting markers); counted once everyone has voted."""
    seat = s.voter
    assert seat is not None
    s.votes = s.votes.copy()  # a new list: the others stay shared until the votes are counted
    s.votes[seat] = [a.yes, a.vm]
    s.say(f"{seat_name(seat)} casts a secret vote", "LB-035", seats=(seat,))
    s.say(f"Your vote: {'yes' if a.yes else 'no'} with {a.vm} voting marker(s)", "LB-035", seats=(seat,), to=(seat,))
    if s.voter is None:  # everyone has voted: count, and run on
        own_all(s)
        advance(s)


def resolve_vote(s: LancasterState) -> None:
    """LB-036..LB-039: each tile 1 vote, each marker 1 more; a tie approves; markers used go to the supply; an
    approved law enters the row on the right and pushes the leftmost out; a rejected one leaves the game."""
    law = s.proposals[s.vote_index]
    yes = sum(1 + v[1] for v in s.votes if v is not None and v[0])
    no = sum(1 + v[1] for v in s.votes if v is not None and not v[0])
    for p, v in enumerate(s.votes):
        if v is not None:
            s.res[p]["vm"] -= v[1]  # LB-037
    passed = yes >= no  # a tie approves (narrated below)
    s.say(f"{law_title(law)}: {yes} yes against {no} no (the votes are revealed): " + (
        f"approved, it enters the current row on the right and {law_title(s.current[0])} leaves the game" if passed else "rejected"),
        "LB-036", "LB-038" if passed else "LB-039", *(("LB-081",) if yes == no else ()))
    if passed:
        s.current = s.current[1:] + [law]
    s.tally = s.tally + [[law, yes, no]]
    s.votes = [None] * s.n
    s.vote_index += 1
    if s.vote_index >= len(s.proposals):
        start_laws(s)


def start_laws(s: LancasterState) -> None:
    """LB-040, LB-041, A18, LH-111..LH-113: after the 3rd vote the voting markers still held return to the supply
    (while LK-5 is in force, only after the laws); then the current laws apply from left to right."""
    s.proposals, s.votes, s.vote_index = [], [None] * s.n, 0  # the tally stays on view until the next parliament
    s.vm_hold = [s.res[p]["vm"] for p in range(s.n)]
    s.defer_vm = "LK-5" in s.current
    if not s.defer_vm:
        for p in range(s.n):
            s.res[p]["vm"] = 0
        s.say("The voting markers still held go back to the supply", "LB-040")
    else:
        s.say("Law of the King 5 is in force: the voting markers go back only after the laws", "LH-112")
    s.stage = "laws"
    s.agenda = [f"law:{x}" for x in s.current] + ["laws_done"]


def finish_laws(s: LancasterState) -> None:
    if s.defer_vm:  # LH-112: the return waits until every law has been applied
        for p in range(s.n):
            s.res[p]["vm"] -= min(s.vm_hold[p], s.res[p]["vm"])
    s.vm_hold, s.defer_vm = [0] * s.n, False
    s.stage = "rewards"
    s.agenda = (["offices", "tower"] + [f"county:{i}" for i in range(len(s.data.counties))]
                + ["shields:0", "castles", "conflicts", "cleanup"])
    s.say("Phase 3: the rewards", "LB-045", "LB-016")


# -- choices ------------------------------------------------------------------------------------------------
def choice(s: LancasterState, a: LAction) -> None:
    """A pending choice is made; then the automatic steps run on until a player must choose again."""
    own_all(s)
    colour, kind, info = s.pending.pop(0)
    if kind == "ransom":
        assert isinstance(a, Pay)
        ransom(s, colour, info, a.yes)
    else:
        CHOICES[type(a)](s, colour, info, a)
    advance(s)


def _upgrade(s: LancasterState, colour: int, scope: Any, a: Upgrade) -> None:
    upgrade(s, colour, a.strength, knight_place(s, a.place))  # LB-051, LB-072: the knight the player chose


def _bishop(s: LancasterState, colour: int, info: Any, a: Bishop) -> None:
    s.supply["bishops"] -= 1  # LH-060; an ally's bishop leaves the game (LH-073, A20)
    if s.is_ally(colour):
        s.say(f"{s.seat_text(colour)}'s upgrade removes a bishop from the game instead", "LH-073", seats=(s.controller(colour),))
    else:
        s.res[colour]["bishops"] += 1
        s.say(f"{s.seat_text(colour)} takes a bishop instead of an upgrade", "LH-060", seats=(colour,))


def _decline(s: LancasterState, colour: int, info: Any, a: Decline) -> None:
    s.say(f"{s.seat_text(colour)} lets the upgrade go", "LB-072", seats=(s.controller(colour),))


def _choose(s: LancasterState, colour: int, info: Any, a: Choose) -> None:
    law_choice(s, colour, info["law"], a.amount)  # LB-042, LH-110
    public = info["law"] == "LK-4" or s.players == 2  # seals are hidden; with 2 players nothing is (LB-089)
    s.say(f"{seat_name(colour)} chooses {a.amount} under {law_title(info['law'])}" if public and info["law"] != "LK-4"
          else f"{seat_name(colour)} makes their choice under {law_title(info['law'])} behind the screen", "LB-042", seats=(colour,))
    s.say(f"You chose {a.amount}", "LB-042", seats=(colour,), to=(colour,))


def _favor(s: LancasterState, colour: int, info: Any, a: Favor) -> None:
    """LB-031, LB-096: the tile turns face down and its reward is taken at once."""
    i = [t.id for t in s.data.favors].index(a.tile)
    s.favors[i] = False
    push_front(s, take(s, colour, s.data.favors[i].gain, f"King's Favor {a.tile}", ("LB-031",)))
    s.say(f"{s.seat_text(colour)} takes {in_words(f'favor {a.tile}')} ({s.data.favors[i].gain.words()})", "LB-031",
          seats=(s.controller(colour),))


def _reward(s: LancasterState, colour: int, county: int, a: Reward) -> None:
    """LB-047..LB-050, LB-098: a nobleman, the other reward, or both for 3 gold (the nobleman first); Surrey's start
    player choice comes with every option."""
    data = s.data.counties[county]
    tasks: list[list[Any]] = []
    s.choices.append([county, colour, a.option])
    s.say(f"{county_title(data.name)}: {s.seat_text(colour)} takes " + {"noble": "a nobleman", "reward": "the other reward",
                                                         "both": "both rewards"}[a.option], "LB-047", seats=(s.controller(colour),))
    if a.option == "both":
        s.res[colour]["gold"] -= s.data.noble_cost
        s.say(f"{s.seat_text(colour)} pays {s.data.noble_cost} gold to take both rewards of {county_title(data.name)}", "LB-047", seats=(colour,))
    if a.option in ("noble", "both"):
        take_noble(s, colour, county)
    if a.option in ("reward", "both"):
        tasks = take(s, colour, data.gain, data.name, ("LB-047",))
    elif data.gain.start_player:  # LB-050, LB-098: Surrey names the start player besides whichever reward is taken
        tasks = [[colour, "start", None]]
    if not data.gain.passage or a.option == "noble":
        vacate(s, county)
    else:
        tasks.append([colour, "dorset", county])
    push_front(s, tasks)


def _noble(s: LancasterState, colour: int, how: Any, a: Noble) -> None:
    take_noble(s, colour, "ABCDEFGHI".index(a.letter))  # LB-033, LB-096


def _dorset(s: LancasterState, colour: int, county: int, a: Dorset) -> None:
    """LB-052, LH-059 (gap G1, the catalogue's placeholder): the knight goes on to a conflict with its Tudor knight,
    on the topmost empty space or its own space there; it earns no favor. Or it goes back to court."""
    c = s.counties[county]
    assert c is not None
    s.counties[county] = None
    if a.card:
        join_conflict(s, colour, c["knight"], a.card, c["tudor"])
        s.say(f"{s.seat_text(colour)}'s knight passes to France: conflict {a.card}", "LB-052", "LH-059", seats=(s.controller(colour),))
    else:
        to_court(s, colour, c["knight"])
        s.supply["tudor"] += int(c["tudor"])  # LH-055
        s.say(f"{s.seat_text(colour)}'s knight goes back to court instead", "LB-052", seats=(s.controller(colour),))
    return_shield(s, c["shield"])  # LH-042


def _start(s: LancasterState, colour: int, info: Any, a: StartPlayer) -> None:
    s.start = a.seat  # LB-050: at once, for the castles and ransoms of this phase too
    s.say(f"{s.seat_text(colour)} names {seat_name(a.seat)} the start player", "LB-050", seats=(s.controller(colour), a.seat))


def _extend(s: LancasterState, colour: int, info: Any, a: Extend) -> None:
    s.extensions[colour] = s.extensions[colour] + [a.tile]  # LB-009, LB-054
    tile = next(t for t in s.data.extensions if t.id == a.tile)
    s.say(f"{s.seat_text(colour)} adds extension {a.tile} to their castle ({tile.gain.words()})", "LB-009", seats=(colour,))


def _pay(s: LancasterState, colour: int, info: Any, a: Pay) -> None:
    tile = next(t for t in s.data.extensions if t.id == info)
    if not a.yes:
        s.say(f"{s.seat_text(colour)} does not pay for extension {info}", "LB-055", seats=(colour,))
        return
    s.res[colour]["squires"] -= tile.gain.cost  # LB-055
    s.say(f"{s.seat_text(colour)} pays {tile.gain.cost} squires for extension {info}", "LB-055", seats=(colour,))
    push_front(s, take(s, colour, tile.gain, f"Extension {info}", ("LB-053",)))


def ransom(s: LancasterState, colour: int, j: int, pay: bool) -> None:
    """LB-066: a captured knight comes back to court for 1 gold per strength level, or goes to the reserve."""
    k = s.knights[colour][j][0]
    if pay:
        s.res[colour]["gold"] -= k
        s.knights[colour][j][1] = "court"
        s.say(f"{s.seat_text(colour)} ransoms a strength-{k} knight for {k} gold", "LB-066", seats=(colour,))
    else:
        s.knights[colour][j][1] = "reserve"
        s.say(f"{s.seat_text(colour)}'s captured strength-{k} knight goes to the reserve", "LB-066", seats=(colour,))


CHOICES: dict[type, Callable[[LancasterState, int, Any, Any], None]] = {
    Upgrade: _upgrade, Bishop: _bishop, Decline: _decline, Choose: _choose, Favor: _favor, Reward: _reward,
    Noble: _noble, Dorset: _dorset, StartPlayer: _start, Extend: _extend, Pay: _pay,
}


# -- phase 3: rewards ---------------------------------------------------------------------------------------
def vacate(s: LancasterState, county: int) -> None:
    """LB-049, LH-042, LH-055: after its reward the knight goes back to court; its squires go to the supply, a
    shield back to the regal board once every county has paid, a Tudor knight to its supply."""
    c = s.counties[county]
    if c is None:
        return
    to_court(s, c["owner"], c["knight"])
    return_shield(s, c["shield"])
    s.supply["tudor"] += int(c["tudor"])
    s.counties[county] = None


def return_shield(s: LancasterState, shield: bool) -> None:
    """LH-042: a shield leaving its county waits for the end of the county evaluation (the agenda's 'shields' step);
    with no such step left (a save from before issue 36) it goes back at once."""
    if not shield:
        return
    i = next((i for i, step in enumerate(s.agenda) if step.startswith("shields")), -1)
    if i < 0:
        s.supply["shield"] += 1
    else:
        s.agenda[i] = f"shields:{int(s.agenda[i].partition(':')[2] or 0) + 1}"


def pay_county(s: LancasterState, county: int) -> None:
    """LB-046, LB-047: the county's owner chooses its reward (no choice when only one is open)."""
    c = s.counties[county]
    if c is None:
        return
    options = reward_options(s, c["owner"], county)
    if len(options) > 1:
        s.pending.append([c["owner"], "county", county])
    else:
        _reward(s, c["owner"], county, Reward(options[0]))


def pay_castle(s: LancasterState, colour: int) -> None:
    """LB-053..LB-057, LB-099: knight spaces pay and their knights go back to court; extensions pay (those costing
    squires are offered to pay for, after the others: reading 'castle order'); the company at table gives 1 voting
    marker per nobleman plus 1 for the lord, except in round 5."""
    spaces = s.data.two.ally_castle if s.is_ally(colour) else tuple(t.gain for t in s.data.castle)
    tasks: list[list[Any]] = []
    for x, j in enumerate(s.castles[colour]):
        if j >= 0:
            tasks += take(s, colour, spaces[x], f"{s.seat_text(colour)}'s castle space K{x + 1}", ("LB-053",))
            to_court(s, colour, j)  # LB-054
            s.castles[colour][x] = -1
    for tile in s.data.extensions:
        if tile.id not in s.extensions[colour]:
            continue
        if tile.gain.cost:  # LB-008: offered whatever the squires held (a refused payment is refused at the move)
            if gain_possible(s, colour, tile.gain):
                tasks.append([colour, "castle_pay", tile.id])
            else:
                s.say(f"Extension {tile.id} of {s.seat_text(colour)}'s castle gives nothing now (no knight to recruit or "
                      "upgrade): nothing is paid", "LB-055", seats=(s.controller(colour),))
        else:
            tasks += take(s, colour, tile.gain, f"Extension {tile.id}", ("LB-053", "LB-054"))
    if not s.is_ally(colour) and s.round < s.data.rounds:  # LB-056, LB-057
        vm = len(s.nobles[colour]) + 1
        s.res[colour]["vm"] += vm
        s.say(f"{seat_name(colour)}'s company at table: {vm} voting marker(s) ({len(s.nobles[colour])} noblemen and the lord)",
              "LB-056", seats=(colour,))
    s.pending.extend(tasks)


def conflict_strength(s: LancasterState, c: dict[str, Any]) -> int:
    """LB-059: England's strength is every knight in the conflict (with KC, archers and Tudor knights too)."""
    kc, total = s.data.kc, 0
    for sp in c["spaces"]:
        if sp is not None:
            total += sum(s.knights[sp["owner"]][x][0] for x in sp["knights"])
            total += kc.archer_strength * sp["archer"] + kc.tudor_strength * sp["tudor"]
    return total


def ranking(s: LancasterState, c: dict[str, Any]) -> list[tuple[int, int, int]]:
    """LB-060, LB-083, LH-048: (strength, space, owner) by rank: higher totals first, and between equal totals the
    later entrant (the lower space) first; an archer holds a rank of its own."""
    kc, entries = s.data.kc, []
    for j, sp in enumerate(c["spaces"]):
        if sp is None:
            continue
        if sp["archer"]:
            entries.append((kc.archer_strength, j, sp["owner"]))
        else:
            ks = s.knights[sp["owner"]]
            entries.append((sum(ks[x][0] for x in sp["knights"]) + kc.tudor_strength * sp["tudor"], j, sp["owner"]))
    return sorted(entries, key=lambda e: (-e[0], -e[1]))


def score_ranks(s: LancasterState, c: dict[str, Any], shift: int) -> list[str]:
    """LB-061..LB-063, LB-100: ranks 1-3 take the card's power points (shifted one down after a lost battle); a rank
    nobody holds pays nothing; an ally's points are forfeited."""
    pp, paid = s.data.cards[c["card"]].pp, []
    for rank, (_, _, owner) in enumerate(ranking(s, c)):
        if rank + shift < len(pp) and pp[rank + shift]:
            if owner < s.n:
                s.res[owner]["pp"] += pp[rank + shift]
                paid.append(f"{seat_name(owner)} +{pp[rank + shift]} PP")
            else:
                paid.append(f"{s.seat_text(owner)}'s {pp[rank + shift]} PP forfeited")
    return paid


def release(s: LancasterState, c: dict[str, Any], captured: bool) -> None:
    """LB-061, LB-066, LH-051, LH-057: knights go back to court (or, captured, wait for their ransom; an ally's go to
    its reserve); archers and Tudor knights to their supply; the card leaves the game."""
    ransoms = []
    for sp in sorted((sp for sp in c["spaces"] if sp is not None), key=lambda sp: order(s).index(s.controller(sp["owner"]))):
        for x in sp["knights"]:
            if not captured:
                to_court(s, sp["owner"], x)
            elif s.is_ally(sp["owner"]):
                s.knights[sp["owner"]][x][1] = "reserve"  # LB-100: an ally's captured knights are not ransomed
                s.say(f"{s.seat_text(sp['owner'])}'s captured strength-{s.knights[sp['owner']][x][0]} knight goes to the reserve",
                      "LB-100", seats=(s.controller(sp["owner"]),))
            else:  # LB-008: a player's ransom is offered whatever gold they hold (refused at the move if short)
                s.knights[sp["owner"]][x][1] = "captured"
                ransoms.append([sp["owner"], "ransom", x])
        s.supply["archer"] += int(sp["archer"])
        s.supply["tudor"] += sp["tudor"]
    s.conflicts = [x for x in s.conflicts if x["card"] != c["card"]]
    s.discarded.append(c["card"])
    s.pending.extend(ransoms)


def resolve_conflict(s: LancasterState, card: int) -> None:
    """LB-059..LB-067, LB-075, LH-089: England wins at the French strength or more (ranks score, the card goes);
    a lost first battle still scores one step down and moves the card and its knights to the lower row; a lost
    second battle (or a first one in round 5) scores one step down and its knights are captured. A conflict nobody
    joined is lost by England. With KR each lost battle gives every player with no knight there 1 dishonor."""
    c = next(x for x in s.conflicts if x["card"] == card)
    french, england = s.data.cards[card].french, conflict_strength(s, c)
    name = f"C{card + 1}"
    if england >= french:
        paid = score_ranks(s, c, 0)
        s.say(f"Conflict {name}: England {england} against France {french}, won" + (": " + ", ".join(paid) if paid else ""),
              "LB-059", "LB-061", "LB-065" if c["lower"] else "LB-061")
        release(s, c, False)
        return
    paid = score_ranks(s, c, 1)
    final = c["lower"] or s.round == s.data.rounds
    s.say(f"Conflict {name}: England {england} against France {french}, lost" + (": " + ", ".join(paid) if paid else "")
          + ("; its knights are captured" if c["lower"] and england else "" if final else "; it moves to the lower row for a second battle"),
          "LB-059", "LB-066" if final else "LB-063", "LB-067" if not england else "LB-062")
    if s.has("KR"):
        involved = {s.controller(sp["owner"]) for sp in c["spaces"] if sp is not None and sp["knights"] and sp["owner"] < s.n}
        hit = [p for p in order(s) if p not in involved]
        for p in hit:
            gain_dishonor(s, p)  # LH-089
        if hit:
            s.say("1 dishonor marker each for " + ", ".join(seat_name(p) for p in hit) + " (no knight there)", "LH-089", seats=hit)
    if final:
        release(s, c, bool(c["lower"]))  # LB-066; LB-075: a battle lost in round 5 has no second one
    else:
        c["lower"] = True


def back_shields(s: LancasterState, count: int) -> None:
    """LH-042: when the county evaluation is over, the shields used in counties go back to the regal board."""
    s.supply["shield"] += count
    if count:
        s.say(f"The county evaluation is over: {count} shield{'s go' if count != 1 else ' goes'} back to the regal board", "LH-042")


def fill_offices(s: LancasterState) -> None:
    """LH-013, LH-029..LH-036, LH-039, LH-043, LH-052, LH-058: offices go to the applicants (or stay with their former
    holders); seals and privileges are granted; every lord and supporter goes back to court."""
    last = s.round == s.data.rounds
    for i, office in enumerate(s.data.offices):
        o = s.offices[i]
        if o is not None:
            s.holders[i] = o["owner"]
        holder = s.holders[i]
        if holder < 0:
            continue  # LH-034
        s.say(f"{s.seat_text(holder)} holds {office.name}" + ("" if o is not None else " again (no applicant)"),
              "LH-030", "LH-033", seats=(s.controller(holder),))
        if not s.is_ally(holder):  # LH-071: an ally holds offices and privileges but never seals
            grant_seals(s, holder, office.seals)
        priv = office.privilege
        if (not last or priv == "tudor") and s.supply[priv]:  # LH-043, LH-052, LH-058, A25
            s.supply[priv] -= 1
            s.granted[holder][priv] += 1
    for i, o in enumerate(s.offices):  # LH-035
        if o is not None:
            for x in o["knights"]:
                to_court(s, o["owner"], x)
            s.supply["tudor"] += int(o["tudor"])
            s.lord[o["owner"]] = "court"
            s.offices[i] = None
    for p in range(s.colours):  # LH-036
        if s.lord[p] == "treasury":
            s.lord[p] = "court"


def clear_tower(s: LancasterState) -> None:
    """LH-088: player knights leave the tower just before the counties; the neutral knight stays."""
    if s.tower:
        s.say("The knights in the tower go back to court", "LH-088")
    for owner, x in s.tower:
        to_court(s, owner, x)
    s.tower = []


def cleanup(s: LancasterState) -> None:
    """LB-073, LB-076, LH-038: unused privileges go back; the next round reveals 2 conflicts, turns the favor tiles
    face up and deals 3 laws to vote on; after round 5 the final scoring."""
    last = s.round == s.data.rounds
    for p in range(s.colours):
        for key in ("shield", "archer", "tudor"):
            s.supply[key] += s.priv[p][key]  # LH-038
            s.priv[p][key] = 0
        if not last:
            s.priv[p], s.granted[p] = s.granted[p], {"shield": 0, "archer": 0, "tudor": 0}
    if last:
        from .scoring import final_scoring

        s.say("Round 5 is over: the final scoring", "LB-076", "LB-001")
        final_scoring(s)
        s.stage = "over"
        return
    s.round += 1  # LB-064: knights in the lower row stay there
    s.say(f"Round {s.round} begins; {seat_name(s.start)} is the start player", "LB-073", "LB-050")
    begin_round(s)


def begin_round(s: LancasterState) -> None:
    """LB-012, LB-073: 2 new conflicts in the upper row, the favor tiles face up, 3 laws to vote on; phase 1
    starts with the start player."""
    for _ in range(s.data.conflicts_per_round):
        if s.conflict_deck:
            # LB-068: 2 new ones in the upper row; with the (at most 2) moved down, never more than 4
            s.conflicts.append({"card": s.conflict_deck.pop(0), "lower": False, "spaces": [None] * s.data.conflict_spaces})
    s.favors = [True] * len(s.data.favors)
    s.choices = []
    k = min(3, len(s.law_deck))
    s.proposals, s.law_deck = s.law_deck[:k], s.law_deck[k:]  # LB-074: 3 a round (the base game's 18 all come into play)
    s.stage, s.agenda, s.turn = "place", [], s.start
    if not any(can_place(s, c) for c in s.own_colours(s.start)):
        nxt = next_seat(s, s.start)
        s.turn = nxt if nxt >= 0 else s.start


def castles_in_order(s: LancasterState) -> list[str]:
    """LB-045: the castles from the start player on (as it stands now, after Surrey), each seat then its ally."""
    return [f"castle:{c}" for c in colour_order(s)]


def conflicts_in_order(s: LancasterState) -> list[str]:
    """LB-058: every lower-row conflict before any upper-row one."""
    return [f"conflict:{c['card']}" for row in (True, False) for c in s.conflicts if c["lower"] == row]


def run_step(s: LancasterState, step: str) -> None:
    kind, _, arg = step.partition(":")
    if kind == "law":
        s.say(f"{law_title(arg)} applies" + ("" if arg.startswith("LK-") else f": {s.data.law(arg).text}"), "LB-041")
        push_front(s, king_law(s, int(arg[3:])) if arg.startswith("LK-") else base_law(s, arg))
    elif kind == "laws_done":
        finish_laws(s)
    elif kind == "offices" and s.has("KC"):
        fill_offices(s)
    elif kind == "tower" and s.has("KR"):
        clear_tower(s)
    elif kind == "county":
        pay_county(s, int(arg))
    elif kind == "shields":
        back_shields(s, int(arg or 0))
    elif kind == "castles":
        s.agenda[:0] = castles_in_order(s)
    elif kind == "castle":
        pay_castle(s, int(arg))
    elif kind == "conflicts":
        s.agenda[:0] = conflicts_in_order(s)
    elif kind == "conflict":
        resolve_conflict(s, int(arg))
    elif kind == "cleanup":
        cleanup(s)


def advance(s: LancasterState) -> None:
    """Run the automatic steps until a player has to choose (or the game is over)."""
    while not s.pending and s.stage != "over":
        if s.stage == "place":
            if any(can_place(s, c) for c in s.own_colours(s.turn)):
                return
            s.stage, s.vote_index, s.votes, s.tally = "vote", 0, [None] * s.n, []  # LB-034
            s.say("Every piece is placed. Parliament votes on " + ", ".join(map(law_title, s.proposals)), "LB-034", "LB-016")
            if not s.proposals:
                start_laws(s)
        elif s.stage == "vote":
            if s.voter is not None:
                return
            resolve_vote(s)
        elif s.agenda:
            run_step(s, s.agenda.pop(0))
        else:
            return


HANDLERS: dict[type, Callable[[Any, Any], None]] = {
    County: placement, Castle: placement, Conflict: placement, Tower: placement, Apply: placement, Treasury: placement,
    Vote: vote, Upgrade: choice, Bishop: choice, Decline: choice, Dorset: choice, Choose: choice, Favor: choice,
    Reward: choice, Noble: choice, StartPlayer: choice, Extend: choice, Pay: choice,
}
