"""Transitions: what each action does to a fresh clone, then the engine runs the automatic steps
(parliament results, laws, phase 3) until a player must act again. Rule IDs sit next to each effect."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from hench.core import Rng, seat_name

from .actions import OFFICES, Apply, Bishop, Castle, Choose, Conflict, County, Decline, Dorset, LAction, Tower, Treasury, Upgrade, Vote
from .legality import can_place, first_empty, own_space
from .state import COPIES, REWARD_STEPS, LancasterState


def chance_outcomes(state: LancasterState) -> list[tuple[LAction, Fraction]]:
    """No dice: shuffles (laws, conflicts) use the state's own generator at setup."""
    return []


def build_law_deck(data: Any, mods: tuple[str, ...], rng: Rng, law_groups: str = "replace") -> tuple[list[str], list[str]]:
    """M6, LH-103: group 0 is the current row; groups 1-4 are shuffled and stacked, 1 on top; with LK
    the Laws of the King replace groups 2 and 3. LH-104 ('combine', assumed reading): groups 2 and 3
    each shuffle their base laws together with the Laws of the King of that group and use the first
    `combined_laws.sizes` of them."""
    groups: dict[int, list[str]] = {g: [] for g in range(5)}
    for g, size in enumerate(data.group_sizes):
        groups[g] = [law.id for law in data.laws if law.group == g][:size]
    combine = "LK" in mods and law_groups == "combine"
    if "LK" in mods:
        for g in (2, 3):
            king = [f"LK-{i + 1}" for i, grp in enumerate(data.king_groups) if grp == g]
            if combine:
                groups[g] = [law.id for law in data.laws if law.group == g] + king
            else:
                groups[g] = king
    deck: list[str] = []
    for g in (1, 2, 3, 4):
        pile = rng.shuffled(groups[g])
        deck += pile[:data.combined_sizes[g - 2]] if combine and g in (2, 3) else pile
    return groups[0], deck


# -- small effects -------------------------------------------------------------------------------
def gain_dishonor(s: LancasterState, seat: int, count: int = 1) -> None:
    """LH-090 LH-092: markers come off the track stack by stack from the left, then from the box,
    and are recorded beyond that (dishonor is unlimited)."""
    for _ in range(count):
        for i, left in enumerate(s.track):
            if left:
                s.track[i] -= 1
                break
        else:
            if s.box:
                s.box -= 1
        s.res[seat]["dishonor"] += 1


def shed_dishonor(s: LancasterState, seat: int, count: int) -> int:
    """LH-083 LH-084: markers go back to the supply box, never to the track; at most what you hold."""
    back = min(count, s.res[seat]["dishonor"])
    s.res[seat]["dishonor"] -= back
    s.box += back
    return back


def grant_seals(s: LancasterState, seat: int, count: int) -> None:
    """LH-032, A19: seals go behind the screen while the supply lasts."""
    if s.data.court.seal_limit:
        count = min(count, s.supply["seals"])
    s.supply["seals"] -= count
    s.res[seat]["seals"] += count


def to_court(s: LancasterState, seat: int, knight: int) -> None:
    s.knights[seat][knight][1] = "court"


def order(s: LancasterState) -> list[int]:
    return [(s.start + k) % s.n for k in range(s.n)]


REWARD_SAY = {"gold": "gains {n} gold", "squires": "gains {n} squires", "vm": "gains {n} voting markers",
              "upgrade": "has {n} upgrade opportunity", "pp": "scores {n} PP", "dorset": "may send the knight on to a conflict"}


# -- player actions ------------------------------------------------------------------------------
def own_all(s: LancasterState) -> None:
    """Give a successor fresh copies of every container field (it starts sharing them with the state it came
    from) before a step that may change any of them: assigning a new value is always safe (hench.core.fields)."""
    for key, how in COPIES.items():
        setattr(s, key, how(getattr(s, key)))


class Own:
    """Copy-on-write for one placement: each field and row is owned (copied by the core the first time it is
    changed, `FieldState.own` / `own_item`), so a successor shares everything else with the state it came from."""

    __slots__ = ("s",)

    def __init__(self, s: LancasterState) -> None:
        self.s = s

    def top(self, key: str) -> Any:
        return self.s.own(key)

    def item(self, key: str, i: int) -> Any:
        return self.s.own_item(key, i)

    def knight(self, colour: int, j: int, where: str) -> None:
        row = self.item("knights", colour)
        row[j] = [row[j][0], where]


def vote(s: LancasterState, a: Vote) -> None:
    """L10: a secret vote (yes or no plus voting markers); once everyone has voted it is revealed and counted."""
    seat = s.voter
    assert seat is not None
    s.votes = s.votes.copy()
    s.votes[seat] = [a.yes, a.vm]  # hidden until everyone has voted (LH-105, L10)
    s.say(f"{seat_name(seat)} casts a secret vote", "L10", seats=(seat,))
    s.say(f"Your vote: {'yes' if a.yes else 'no'} with {a.vm} voting marker(s)", "L10", seats=(seat,), to=(seat,))
    if None in s.votes:  # somebody still votes (s.voter is not None)
        return
    if s.vote_index + 1 < len(s.proposals):
        resolve_vote(s)  # copy-on-write; not the last proposal, so nothing else runs
        return
    own_all(s)
    advance(s)


def choice(s: LancasterState, a: Upgrade | Bishop | Decline | Choose | Dorset) -> None:
    """A pending choice: an upgrade opportunity (L5, LH-060, LH-073), a law's offer (buy, trade, LK-4) or the
    Dorset move (LH-059); then the automatic steps run on until a player must act."""
    seat = s.actor  # with 2 players maybe the seat's ally (L12)
    pending = s.pending
    if len(pending) > 1 and isinstance(a, (Upgrade, Bishop, Decline, Choose)):
        # another choice waits: nothing runs by itself, so change copies only (copy-on-write)
        s.pending = pending[1:]
        own = Own(s)
        if isinstance(a, Upgrade):
            ks = own.item("knights", seat)
            j = next(i for i, k in enumerate(ks) if k[0] == a.strength)
            ks[j] = [ks[j][0] + 1, ks[j][1]]  # L5: +1 strength, at most the maximum
        elif isinstance(a, Bishop):
            own.top("supply")["bishops"] -= 1  # LH-060; an ally's bishop leaves the game (LH-073, A20)
            if not s.is_ally(seat):
                own.item("res", seat)["bishops"] += 1
        elif isinstance(a, Choose):
            law_choice(s, seat, pending[0][2]["law"], a.amount)
        say_choice(s, seat, a)
        return
    own_all(s)
    task = s.pending.pop(0)
    if isinstance(a, Upgrade):
        ks = s.knights[seat]
        j = next(i for i, k in enumerate(ks) if k[0] == a.strength)
        ks[j][0] += 1  # L5: +1 strength, at most the maximum
    elif isinstance(a, Bishop):
        s.supply["bishops"] -= 1  # LH-060; an ally's bishop leaves the game (LH-073, A20)
        if not s.is_ally(seat):
            s.res[seat]["bishops"] += 1
    elif isinstance(a, Dorset):
        dorset_move(s, seat, a.card)
    elif isinstance(a, Choose):
        law_choice(s, seat, task[2]["law"], a.amount)
    say_choice(s, seat, a)
    advance(s)


def say_choice(s: LancasterState, colour: int, a: LAction) -> None:
    who = s.seat_text(colour)
    if isinstance(a, Upgrade):
        s.say(f"{who} upgrades a strength-{a.strength} knight to strength {a.strength + 1}", "L5", seats=(s.controller(colour),))
    elif isinstance(a, Bishop):
        s.say(f"{who} takes a bishop instead of an upgrade" + (" (it leaves the game: an ally's, LH-073)" if s.is_ally(colour) else ""),
              "LH-060", seats=(s.controller(colour),))
    elif isinstance(a, Decline):
        s.say(f"{who} lets the upgrade go", "L5", seats=(s.controller(colour),))
    elif isinstance(a, Dorset):
        s.say(f"{who}'s knight in Dorset " + (f"moves on to conflict {a.card}" if a.card else "goes back to court"),
              "LH-059", seats=(s.controller(colour),))
    elif isinstance(a, Choose):
        s.say(f"{who} makes a choice behind the screen", "LH-110", seats=(colour,))
        s.say(f"You chose {a.amount}", "LH-110", seats=(colour,), to=(colour,))


def placement(s: LancasterState, a: County | Castle | Conflict | Tower | Apply | Treasury) -> None:
    """LH-015: one piece placed; the next colour with something to place moves, or phase 2 (or 3) begins."""
    seat = s.actor  # the colour whose piece moves (with 2 players maybe the seat's ally, L12)
    say_place(s, seat, a)  # read before the move: who is expelled, what the tower gives back
    place(s, seat, a)
    s.placements = None
    nxt = next_colour(s, seat)
    if nxt >= 0:
        s.turn = nxt
        known = s.placements
        if known is not None and known[0] == nxt:
            s._legal = known[1]  # can_place built exactly the moves legal_actions would (legality.fast_placements)
        return  # still phase 1: nothing runs by itself
    if s.parliament and s.law_deck:
        end_placement(s)  # copy-on-write: only the law deck and the vote fields change
        return
    own_all(s)
    end_placement(s)
    advance(s)


def _extras(a: County | Conflict) -> str:
    parts = [f"{a.squires} squire(s)"] if isinstance(a, County) and a.squires else []
    parts += [name for name, on in (("a shield", getattr(a, "shield", False)), ("an archer", getattr(a, "archer", False)),
                                     ("a Tudor knight", a.tudor)) if on]
    return f" with {', '.join(parts)}" if parts else ""


def say_place(s: LancasterState, colour: int, a: LAction) -> None:
    """What a placement does, in words (said before the board changes, so the expelled piece is still there)."""
    who, seat = s.seat_text(colour), s.controller(colour)
    if isinstance(a, County):
        old = s.counties[s.data.county_index(a.county)]
        minimum = s.data.counties[s.data.county_index(a.county)].min
        s.say(f"{who} places a knight of strength {a.strength} in {a.county} (minimum {minimum}){_extras(a)}", "L7", "LH-015",
              seats=(seat,))
        if old is not None:
            s.say(f"{s.seat_text(old['owner'])}'s knight is expelled from {a.county} and goes back to court"
                  + (f"; its {old['squires']} squire(s) are lost" if old["squires"] else ""), "L7",
                  seats=(s.controller(old["owner"]),))
    elif isinstance(a, Castle):
        s.say(f"{who} places a knight of strength {a.strength} on their castle's {a.space} space", "L8", seats=(seat,))
    elif isinstance(a, Conflict):
        c = s.active_conflict(a.card)
        joined = c is not None and own_space(c, colour) >= 0
        s.say(f"{who} sends a knight of strength {a.strength} to conflict {a.card}{_extras(a)}"
              + (" (reinforcing their space)" if joined else ""),
              "L9", seats=(seat,))
    elif isinstance(a, Tower):
        s.say(f"{who} drops a knight of strength {a.strength} into the tower", "LH-082", seats=(seat,))
        back = 0 if s.is_ally(colour) else min(a.strength, s.res[colour]["dishonor"])
        if not s.is_ally(colour):
            s.say(f"You give back {back} dishonor marker(s)", "LH-083", "LH-084", seats=(seat,), to=(seat,))
    elif isinstance(a, Apply):
        i = OFFICES.index(a.office)
        old = s.offices[i]
        support = (f" supported by knights {', '.join(map(str, a.knights))}" if a.knights else "") + (
            f", {a.bishops} bishop(s)" if a.bishops else "") + (", a Tudor knight" if a.tudor else "")
        s.say(f"{who}'s lord applies for {a.office}{support}" + ("" if s.is_ally(colour) else
              f", paying 1 {s.data.offices[i].tribute} tribute"), "LH-018", "LH-019", seats=(seat,))
        if old is not None:
            s.say(f"{s.seat_text(old['owner'])}'s lord and supporters are expelled and go back to court", "LH-023",
                  "LH-024", seats=(s.controller(old["owner"]),))
    elif isinstance(a, Treasury):
        got = s.treasury[a.take]
        s.say(f"{who}'s lord enters the treasury and takes all its {a.take} ({got})"
              + (" (to the supply: an ally keeps nothing)" if s.is_ally(colour) else ""), "LH-026", seats=(seat,))


def place(s: LancasterState, seat: int, a: LAction) -> None:
    """One placement (LH-015), changing only copies of what it touches (Own)."""
    data = s.data
    kind = type(a)
    if kind is Castle:  # the commonest moves first, copying exactly what they change
        x = data.castle.index(a.space)
        j = s.knight_at_court(seat, a.strength)
        castles = s.castles = s.castles.copy()
        row = castles[seat] = castles[seat].copy()
        row[x] = j
        knights = s.knights = s.knights.copy()
        mine = knights[seat] = knights[seat].copy()
        mine[j] = [mine[j][0], f"castle:{x}"]
        return
    if kind is County:  # copying exactly what it changes, as Own would
        ci = data.county_index(a.county)
        j = s.knight_at_court(seat, a.strength)
        counties = s.counties = s.counties.copy()
        knights = s.knights = s.knights.copy()
        old = counties[ci]
        if old is not None:  # L7: the expelled knight goes back to court, its squires are lost, its Tudor returns
            row = knights[old["owner"]] = knights[old["owner"]].copy()
            row[old["knight"]] = [row[old["knight"]][0], "court"]
            if old["tudor"]:
                supply = s.supply = s.supply.copy()
                supply["tudor"] += 1  # LH-055
        if a.squires:
            res = s.res = s.res.copy()
            mine_res = res[seat] = res[seat].copy()
            mine_res["squires"] -= a.squires
        if a.shield or a.tudor:
            priv = s.priv = s.priv.copy()
            held = priv[seat] = priv[seat].copy()
            if a.shield:
                held["shield"] -= 1  # LH-041
            if a.tudor:
                held["tudor"] -= 1  # LH-054
        counties[ci] = {"owner": seat, "knight": j, "squires": a.squires, "shield": a.shield, "tudor": a.tudor}
        mine = knights[seat] = knights[seat].copy()
        mine[j] = [mine[j][0], f"county:{ci}"]
        return
    if kind is Conflict and not a.archer and not a.tudor:  # the plain knight, copying exactly what it changes
        j = s.knight_at_court(seat, a.strength)
        card = s.card_index(a.card)
        conflicts = s.conflicts = s.conflicts.copy()
        ci = next(k for k, c in enumerate(conflicts) if c["card"] == card)
        c = conflicts[ci] = conflicts[ci].copy()
        spaces = c["spaces"] = c["spaces"].copy()
        mine = own_space(c, seat)  # L9: the topmost empty space, or your own space there (reinforcing)
        if mine < 0:
            spaces[first_empty(c)] = {"owner": seat, "knights": [j], "archer": False, "tudor": 0}
        else:
            sp = spaces[mine]
            spaces[mine] = {**sp, "knights": sp["knights"] + [j]}
        knights = s.knights = s.knights.copy()
        row = knights[seat] = knights[seat].copy()
        row[j] = [row[j][0], f"conflict:{a.card}"]
        return
    own = Own(s)
    ally = seat >= s.players
    if isinstance(a, Treasury):
        own.top("lord")[seat] = "treasury"  # LH-026, LH-027: takes everything of one kind; cannot be expelled
        treasury = own.top("treasury")
        if not ally:  # LH-070: an allied lord sends it to the general supply instead
            own.item("res", seat)[a.take] += treasury[a.take]
        treasury[a.take] = 0
        return
    if isinstance(a, Apply):
        i = OFFICES.index(a.office)
        office = data.offices[i]
        offices = own.top("offices")
        old = offices[i]
        lord = own.top("lord")
        if old is not None:  # LH-023, LH-024: the weaker stack goes back to court; its tribute stays paid
            for x in old["knights"]:
                own.knight(old["owner"], x, "court")
            if old["tudor"]:
                own.item("priv", old["owner"])["tudor"] += 1  # its Tudor was not used: it returns with the stack
            lord[old["owner"]] = "court"
        if not ally:  # LH-068: an ally's lord pays no tribute
            own.item("res", seat)[office.tribute] -= 1  # LH-018, LH-025
            own.top("treasury")[office.tribute] += 1
        knights = []
        where = f"office:{i}"
        for k in a.knights:  # LH-019
            j = s.knight_at_court(seat, k)
            own.knight(seat, j, where)
            knights.append(j)
        if a.tudor:
            own.item("priv", seat)["tudor"] -= 1  # LH-054
        offices[i] = {"owner": seat, "knights": knights, "bishops": a.bishops, "tudor": a.tudor}
        lord[seat] = where
        return
    j = s.knight_at_court(seat, a.strength)  # type: ignore[attr-defined]
    if isinstance(a, Conflict):  # with an archer or a Tudor knight (County and Castle: above)
        conflicts = own.top("conflicts")
        ci = next(k for k, c in enumerate(conflicts) if c["card"] == s.card_index(a.card))
        c = own.item("conflicts", ci)
        spaces = c["spaces"] = c["spaces"].copy()
        mine = own_space(c, seat)  # L9: the topmost empty space, or your own space there (reinforcing)
        if mine < 0:
            mine = first_empty(c)
            spaces[mine] = {"owner": seat, "knights": [j], "archer": False, "tudor": int(a.tudor)}
        else:
            sp = spaces[mine]
            spaces[mine] = {**sp, "knights": sp["knights"] + [j], "tudor": sp["tudor"] + int(a.tudor)}  # A9
        own.knight(seat, j, f"conflict:{a.card}")
        if a.archer:  # LH-045: the archer takes the space right below the knight
            spaces[mine + 1] = {"owner": seat, "knights": [], "archer": True, "tudor": 0}
            own.item("priv", seat)["archer"] -= 1
        if a.tudor:
            own.item("priv", seat)["tudor"] -= 1
    elif isinstance(a, Tower):
        own.top("tower").append([seat, j])  # LH-082
        own.knight(seat, j, "tower")
        if not ally:  # LH-099: an allied knight in the tower returns no dishonor
            strength = s.knights[seat][j][0]
            back = min(strength, s.res[seat]["dishonor"])  # LH-083, LH-084, LH-085 (shed_dishonor)
            if back:
                own.item("res", seat)["dishonor"] -= back
                s.box += back


def join_conflict(s: LancasterState, seat: int, j: int, card: str, tudor: bool) -> None:
    """L9: the topmost empty space, or your own space there (reinforcing); a Tudor stays with its knight (A9)."""
    c = s.active_conflict(card)
    assert c is not None
    mine = own_space(c, seat)
    if mine < 0:
        mine = first_empty(c)
        c["spaces"][mine] = {"owner": seat, "knights": [], "archer": False, "tudor": 0}
    c["spaces"][mine]["knights"].append(j)
    c["spaces"][mine]["tudor"] += int(tudor)
    s.knights[seat][j][1] = f"conflict:{card}"


def next_colour(s: LancasterState, seat: int) -> int:
    """LH-015, L6: the next colour in order with something to place (-1: the phase ends, nobody has).
    L12 (2 players): right after a seat's own placement it places one piece for its ally, while the ally
    has one; data two_player.ally_keeps_placing lets the ally go on once the seat itself is done."""
    n = s.players
    if n == 2:
        if seat < n and can_place(s, seat + n):
            return seat + n
        own = seat if seat < n else seat - n
        alone = s.data.two.ally_keeps_placing
        for k in range(1, n + 1):
            nxt = (own + k) % n
            if can_place(s, nxt):
                return nxt
            if alone and can_place(s, nxt + n):
                return nxt + n
        return -1
    for k in range(1, n + 1):
        nxt = (seat + k) % n
        if can_place(s, nxt):
            return nxt
    return -1


def next_placer(s: LancasterState, seat: int) -> None:
    """LH-015, L6, L12: the next colour to place; the phase ends when nobody has anything left."""
    nxt = next_colour(s, seat)
    if nxt >= 0:
        s.turn = nxt
    else:
        end_placement(s)


def end_placement(s: LancasterState) -> None:
    if s.parliament:
        s.stage = "vote"  # L10: reveal 3 proposals and vote on them from left to right
        deck = s.law_deck
        k = min(s.data.proposals, len(deck))
        s.proposals, s.law_deck = deck[:k], deck[k:]  # new lists: the deck may be shared (copy-on-write)
        s.vote_index, s.votes, s.tally = 0, [None] * s.n, []
        s.say("Every piece is placed. Parliament votes on " + (", ".join(s.proposals) or "nothing (the deck is empty)"), "L10")
        if not s.proposals:
            start_laws(s)
    else:
        s.stage, s.cursor = "rewards", 0
        s.say("Every piece is placed; there is no parliament in this game, so the rewards follow", "L10")


# -- phase 2: parliament -------------------------------------------------------------------------
def resolve_vote(s: LancasterState) -> None:
    """L10: one vote plus any VM each; a tie approves; spent VM go to the supply; the approved law
    enters the right of the row and the oldest drops out."""
    law = s.proposals[s.vote_index]
    yes = sum(1 + v[1] for v in s.votes if v[0])
    no = sum(1 + v[1] for v in s.votes if not v[0])
    own = Own(s)  # copy-on-write: a successor may share these with its predecessor
    for p, v in enumerate(s.votes):
        if v[1]:
            own.item("res", p)["vm"] -= v[1]
    s.say(f"Law {law}: {yes} yes against {no} no (the votes are revealed): "
          + ("approved, it enters the current row on the right and the oldest law drops out" if yes >= no else "rejected"),
          "L10", seats=tuple(p for p, v in enumerate(s.votes) if v is not None))
    if yes >= no:
        s.current = s.current[1:] + [law]
    s.tally = s.tally + [[law, yes, no]]
    s.votes = [None] * s.n
    s.vote_index += 1
    if s.vote_index >= len(s.proposals):
        start_laws(s)


def start_laws(s: LancasterState) -> None:
    """A18, LH-111..LH-113: VM held after the 3rd vote count for LK-5; they return to the supply now,
    or after the laws while LK-5 is in force (VM gained through the laws are kept)."""
    s.proposals, s.tally, s.votes, s.vote_index = [], [], [None] * s.n, 0
    s.vm_hold = [s.res[p]["vm"] for p in range(s.n)]
    s.defer_vm = "LK-5" in s.current
    if not s.defer_vm:
        for p in range(s.n):
            s.res[p]["vm"] = 0
        s.say("The voting markers still held go back to the supply", "L10")
    else:
        s.say("LK-5 is in force: the voting markers go back only after the laws", "LH-112")
    s.stage, s.cursor = "laws", 0


def finish_laws(s: LancasterState) -> None:
    if s.defer_vm:  # LH-112: the return waits until every law has been applied
        for p in range(s.n):
            s.res[p]["vm"] -= min(s.vm_hold[p], s.res[p]["vm"])
    s.vm_hold, s.defer_vm = [0] * s.n, False
    s.stage, s.cursor = "rewards", 0


def deployed(s: LancasterState, seat: int) -> list[list]:
    """A23: knights in counties and conflicts (not court supporters, castle or tower)."""
    return [k for k in s.knights[seat] if k[1].startswith(("county:", "conflict:"))]


def conflicts_with_knight(s: LancasterState, seat: int) -> int:
    return sum(any(sp is not None and sp["owner"] == seat and sp["knights"] for sp in c["spaces"]) for c in s.conflicts)


def counties_held(s: LancasterState, seat: int) -> int:
    return sum(c is not None and c["owner"] == seat for c in s.counties)


def most(values: list[int]) -> list[int]:
    """The seats tied for the most; nobody when the most is 0 (holding nothing is not a majority:
    our reading, see READINGS["majority"])."""
    top = max(values)
    return [i for i, v in enumerate(values) if v == top] if top > 0 else []


def recruit(s: LancasterState, seat: int) -> None:
    """L5: a new strength-1 knight at court, while you have fewer than the maximum."""
    if len(s.knights[seat]) < s.data.max_knights:
        s.knights[seat].append([1, "court"])


def apply_law(s: LancasterState, law_id: str) -> None:
    s.say(f"Law {law_id} applies", "L10", "LH-105")
    res = s.res
    players = order(s)
    if law_id.startswith("LK-"):
        apply_king_law(s, int(law_id[3:]))
        return
    law = s.data.law(law_id)
    e, r, amt = law.effect, law.resource, law.amount
    if e == "all_gain":
        for p in players:
            res[p][r] += amt
    elif e in ("most_upgrade", "most_recruit"):
        for p in most([res[q][r] for q in range(s.n)]):
            if e == "most_upgrade":
                s.pending.append([p, "upgrade", 0])
            else:
                recruit(s, p)
    elif e == "per_conflict":
        for p in players:
            res[p][r] += amt * conflicts_with_knight(s, p)
    elif e == "per_deployed_strength":
        for p in players:
            res[p][r] += amt * sum(k[0] == law.strength for k in deployed(s, p))
    elif e == "upgrade_if_none_deployed":
        for p in players:
            if not any(k[0] == law.strength for k in deployed(s, p)):
                s.pending.append([p, "upgrade", 0])
    elif e in ("buy", "trade"):
        for p in players:  # everyone decides (even 0), so the choice itself reveals nothing hidden
            top = res[p]["gold"] if e == "buy" else min(res[p]["gold"], res[p]["squires"])
            s.pending.append([p, "law_choice", {"law": law_id, "max": top}])
    elif e == "per_county":
        for p in players:
            res[p][r] += amt * counties_held(s, p)
    elif e == "per_two_counties":
        for p in players:
            res[p][r] += amt * (counties_held(s, p) // 2)
    elif e == "per_castle_knight":
        for p in players:
            res[p][r] += amt * sum(x >= 0 for x in s.castles[p])
    elif e == "all_weakest_deployed":
        for p in players:
            ones = [k for k in s.knights[p] if k[0] == 1]
            if ones and all(k[1].startswith(("county:", "conflict:")) for k in ones):
                res[p][r] += amt
    elif e == "strongest_deployed":
        best = [max((k[0] for k in deployed(s, p)), default=0) for p in range(s.n)]
        if max(best):
            for p in most(best):
                res[p][r] += amt


def apply_king_law(s: LancasterState, n: int) -> None:
    """LH-106..LH-116: the eight Laws of the King (M5: numbered in the order the text lists them)."""
    res = s.res
    players = order(s)
    if n == 1:  # LH-106, LH-107, A17
        for p in most([res[q]["squires"] for q in range(s.n)]):
            res[p]["squires"] -= min(2, res[p]["squires"])
        for p in most([res[q]["gold"] for q in range(s.n)]):
            res[p]["gold"] -= min(3, res[p]["gold"])
    elif n == 2:  # LH-108, A21
        for p in players:
            if not res[p]["bishops"]:
                shed_dishonor(s, p, 1)
    elif n == 3:  # LH-109
        low = min(res[q]["dishonor"] for q in range(s.n))
        for p in players:
            if res[p]["dishonor"] == low:
                res[p]["pp"] += 5
    elif n == 4:  # LH-110: in turn order from the start player
        for p in players:  # seals are hidden: everyone decides, possibly 0
            s.pending.append([p, "law_choice", {"law": "LK-4", "max": res[p]["seals"]}])
    elif n == 5:  # LH-111, LH-113, A18: VM held after the 3rd vote; law-gained ones do not count
        for p in most(list(s.vm_hold)):
            grant_seals(s, p, 1)
    elif n == 6:  # LH-114
        for p in most([res[q]["squires"] for q in range(s.n)]):
            res[p]["pp"] += 3
        for p in most([res[q]["gold"] for q in range(s.n)]):
            res[p]["pp"] += 3
    elif n == 7:  # LH-115, A21
        for p in players:
            gain_dishonor(s, p, counties_held(s, p) // 2)
    elif n == 8:  # LH-116
        for owner, _ in s.tower:
            if owner < s.n:  # A22: an allied knight earns nothing
                res[owner]["pp"] += 3


def ally_upgrade(s: LancasterState, colour: int) -> None:
    """LH-073, A20: an ally's upgrade opportunity. 'forced' (ally_bishop_mode): a bishop leaves the game
    while any remain; otherwise its controller chooses (upgrade an ally knight, remove a bishop, or decline)."""
    if s.ally_bishop_mode == "forced" and s.has("KC") and s.supply["bishops"]:
        s.supply["bishops"] -= 1
        return
    s.pending.append([colour - s.players, "upgrade", 1])


def upgrade_opportunity(s: LancasterState, colour: int) -> None:
    """L5, LH-060: an upgrade opportunity for a colour (an ally's follows LH-073)."""
    if s.is_ally(colour):
        ally_upgrade(s, colour)
    else:
        s.pending.append([colour, "upgrade", 0])


def law_choice(s: LancasterState, seat: int, law_id: str, amount: int) -> None:
    own = Own(s)  # copy-on-write: safe on a successor still sharing its containers
    res = own.item("res", seat)
    if law_id == "LK-4":  # LH-110: each seal given up brings 2 squires and 1 gold
        res["seals"] -= amount
        own.top("supply")["seals"] += amount
        res["squires"] += 2 * amount
        res["gold"] += amount
        return
    law = s.data.law(law_id)
    if law.effect == "buy":  # pay 1 gold each
        res["gold"] -= amount
        res[law.resource] += amount * law.amount
    else:  # trade: 1 squire + 1 gold each
        res["gold"] -= amount
        res["squires"] -= amount
        res[law.resource] += amount * law.amount


# -- phase 3: rewards ----------------------------------------------------------------------------
def fill_offices(s: LancasterState) -> None:
    """LH-029..LH-036, LH-039, LH-043, LH-052, LH-058: offices go to the applicants (or stay with their
    former holders); seals and privileges are granted; every lord and supporter goes back to court."""
    data = s.data
    last = s.round == data.rounds
    for i, office in enumerate(data.offices):
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
            if o["tudor"]:
                s.supply["tudor"] += 1
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


def evaluate_counties(s: LancasterState) -> None:
    """L7: each occupant takes its county's reward; squires are used up. Dorset sends its knight on (C9)."""
    for i, county in enumerate(s.data.counties):
        c = s.counties[i]
        if c is None:
            continue
        p, reward = c["owner"], county.reward
        c["squires"] = 0
        s.say(f"{county.name}: {s.seat_text(p)} " + ("loses the reward (an ally)" if p >= s.n and reward not in ("upgrade", "dorset")
              else REWARD_SAY[reward].format(n=county.amount)), "L7", seats=(s.controller(p),))
        if p >= s.n:  # L12: an ally's rewards are lost, but an upgrade is its upgrade opportunity (LH-073)
            if reward == "upgrade":
                for _ in range(county.amount):
                    ally_upgrade(s, p)
            elif reward == "dorset":
                s.pending.append([p - s.n, "dorset", 1])
            continue
        if reward in ("gold", "squires", "vm", "pp"):
            s.res[p][reward] += county.amount
        elif reward == "upgrade":
            s.pending.extend([[p, "upgrade", 0]] * county.amount)
        elif reward == "dorset":
            s.pending.append([p, "dorset", 0])


def dorset_move(s: LancasterState, seat: int, card: str) -> None:
    """LH-059: the Dorset knight moves on to a conflict with its Tudor knight, or back to court."""
    i = next(j for j, c in enumerate(s.data.counties) if c.reward == "dorset")
    c = s.counties[i]
    s.counties[i] = None
    if card:
        join_conflict(s, seat, c["knight"], card, c["tudor"])
    else:
        to_court(s, seat, c["knight"])
        if c["tudor"]:
            s.supply["tudor"] += 1  # LH-055
    if c["shield"]:
        s.supply["shield"] += 1  # LH-042


def return_shields(s: LancasterState) -> None:
    """LH-042: after the county evaluation the shields go back to the regal board."""
    for c in s.counties:
        if c is not None and c["shield"]:
            c["shield"] = False
            s.supply["shield"] += 1


def evaluate_castles(s: LancasterState) -> None:
    """L8: income, training (an upgrade opportunity) and recruiting, in player order."""
    for p in order(s) if s.n != 2 else [c for q in order(s) for c in (q, q + s.n)]:
        for j, x in enumerate(s.castles[p]):
            if x < 0:
                continue
            space = s.data.castle[j]
            s.say(f"{s.seat_text(p)}'s castle ({space})" + (": lost (an ally)" if p >= s.n and space != "training" else ""),
                  "L8", seats=(s.controller(p),))
            if p >= s.n:  # L12: an ally's castle rewards are lost, but training is an upgrade opportunity (LH-073)
                if space == "training":
                    ally_upgrade(s, p)
                continue
            if space == "income":
                s.res[p]["gold"] += 1
                s.res[p]["squires"] += 1
            elif space == "training":
                s.pending.append([p, "upgrade", 0])
            else:
                recruit(s, p)


def conflict_strength(s: LancasterState, c: dict) -> int:
    """L9: English strength = knights + archers + Tudor knights."""
    court = s.data.court
    total = 0
    for sp in c["spaces"]:
        if sp is not None:
            total += sum(s.knights[sp["owner"]][x][0] for x in sp["knights"])
            total += court.archer_strength * sp["archer"] + court.tudor_strength * sp["tudor"]
    return total


def ranking(s: LancasterState, c: dict) -> list[tuple[int, int, int]]:
    """A7, LH-048: (strength, space, owner) per rank; the archer holds a rank of its own; ties go to the upper space."""
    court = s.data.court
    entries = []
    for j, sp in enumerate(c["spaces"]):
        if sp is None:
            continue
        if sp["archer"]:
            entries.append((court.archer_strength, j, sp["owner"]))
        else:
            ks = s.knights[sp["owner"]]
            entries.append((sum(ks[x][0] for x in sp["knights"]) + court.tudor_strength * sp["tudor"], j, sp["owner"]))
    if s.data.rank_mode == "space":
        return sorted(entries, key=lambda e: e[1])
    return sorted(entries, key=lambda e: (-e[0], e[1]))


def clear_conflict(s: LancasterState, c: dict) -> None:
    """LH-049, LH-051, LH-055, LH-057: knights back to court; archers and Tudors to their supply."""
    for sp in c["spaces"]:
        if sp is None:
            continue
        for x in sp["knights"]:
            to_court(s, sp["owner"], x)
        s.supply["archer"] += int(sp["archer"])
        s.supply["tudor"] += sp["tudor"]
    s.conflicts.remove(c)
    s.discarded.append(c["card"])


def resolve_conflicts(s: LancasterState) -> None:
    """L9, LH-089: England wins at >= French strength and the ranks score; a first-battle loss moves the
    card down with its pieces (LH-050, LH-057); a second-battle loss discards it. Each loss gives every
    player without a knight there 1 dishonor (A11, A12)."""
    for c in list(s.conflicts):
        french = s.data.french[c["card"]]
        involved = {sp["owner"] for sp in c["spaces"] if sp is not None and sp["knights"]}
        england = conflict_strength(s, c)
        if england >= french:
            paid = []
            for rank, (_, _, owner) in enumerate(ranking(s, c)):
                if rank < len(s.data.rank_pp) and owner < s.n:  # L12: an ally's rank scores nothing
                    s.res[owner]["pp"] += s.data.rank_pp[rank]
                    paid.append(f"{s.seat_text(owner)} +{s.data.rank_pp[rank]} PP")
            s.say(f"Conflict C{c['card'] + 1}: England {england} against France {french}, won" + (": " + ", ".join(paid) if paid else ""),
                  "L9", seats=tuple(sorted(involved)))
            clear_conflict(s, c)
            continue
        s.say(f"Conflict C{c['card'] + 1}: England {england} against France {french}, lost"
              + (" again: the card is discarded" if c["lower"] else ": it moves to the lower row for a second battle"), "L9")
        if s.has("KR"):
            hit = [p for p in order(s) if p not in involved]
            for p in hit:
                gain_dishonor(s, p)  # LH-089
            if hit:
                s.say("1 dishonor marker each for " + ", ".join(seat_name(p) for p in hit) + " (no knight there)", "LH-089", seats=hit)
        if c["lower"]:
            clear_conflict(s, c)
        else:
            c["lower"] = True


def cleanup(s: LancasterState) -> None:
    """L1, L2, LH-038: unused privileges go back; knights come home (not those in the lower row);
    the start player passes on; the next round reveals its conflicts, or the game is scored."""
    data = s.data
    last = s.round == data.rounds
    for p in range(s.colours):
        for key in ("shield", "archer", "tudor"):
            s.supply[key] += s.priv[p][key]  # LH-038
            s.priv[p][key] = 0
        if not last:
            s.priv[p], s.granted[p] = s.granted[p], {"shield": 0, "archer": 0, "tudor": 0}
    for i, c in enumerate(s.counties):
        if c is not None:
            to_court(s, c["owner"], c["knight"])
            if c["tudor"]:
                s.supply["tudor"] += 1  # LH-055
            s.counties[i] = None
    for p in range(s.colours):
        for j, x in enumerate(s.castles[p]):
            if x >= 0:
                to_court(s, p, x)
                s.castles[p][j] = -1
    if last:
        from .scoring import final_scoring

        s.say("Round 5 is over: the final scoring (knighthood, then seals, then dishonor last)", "L11", "LH-093")
        final_scoring(s)
        s.stage = "over"
        return
    s.round += 1
    s.start = (s.start + 1) % s.n  # L2, M15
    s.say(f"Round {s.round} begins; {seat_name(s.start)} is the start player", "L1", "L2")
    begin_round(s)


def begin_round(s: LancasterState) -> None:
    """L9: reveal this round's conflicts into the upper row; phase 1 starts with the start player."""
    for _ in range(s.data.conflicts_per_round):
        if s.conflict_deck:
            s.conflicts.append({"card": s.conflict_deck.pop(0), "lower": False,
                                   "spaces": [None] * s.data.conflict_spaces})
    s.stage, s.cursor, s.turn = "place", 0, s.start
    if not can_place(s, s.start):
        next_placer(s, s.start)


STEPS = {"offices": fill_offices, "tower": clear_tower, "counties": evaluate_counties, "shields": return_shields,
         "castles": evaluate_castles, "conflicts": resolve_conflicts, "cleanup": cleanup}


def advance(s: LancasterState) -> None:
    """Run the automatic steps until a player has to act (or the game is over)."""
    while not s.pending:
        stage = s.stage
        if stage == "vote":
            if s.voter is not None:
                return
            resolve_vote(s)
        elif stage == "laws":
            if s.cursor >= len(s.current):
                finish_laws(s)
            else:
                s.cursor += 1
                apply_law(s, s.current[s.cursor - 1])
        elif stage == "rewards":
            step = REWARD_STEPS[s.cursor]
            s.cursor += 1
            if (step == "offices" and not s.has("KC")) or (step == "tower" and not s.has("KR")):
                continue
            STEPS[step](s)
        else:
            return


HANDLERS: dict[type, Callable[[Any, Any], None]] = {
    County: placement, Castle: placement, Conflict: placement, Tower: placement, Apply: placement, Treasury: placement,
    Vote: vote, Upgrade: choice, Bishop: choice, Decline: choice, Dorset: choice, Choose: choice,
}
