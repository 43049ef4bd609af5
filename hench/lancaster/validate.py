"""The invariants a saved Lancaster state must keep (wired as `Game.validate_state`): every knight in exactly one
place that agrees with the board, the components adding up, and the stage agreeing with whose move it is. The
fields' own types and ranges are checked as they are read (state.FIELDS). Every refusal is an InvalidStateError
naming the field."""

from __future__ import annotations

import json

from hench.core import InvalidStateError, seat_name

from .state import PRIV, RES, LancasterState, shields_waiting


def fail(where: str, why: str) -> InvalidStateError:
    return InvalidStateError(f"state.{where} {why}")


def validate_state(s: LancasterState) -> None:
    _pieces(s)
    _components(s)
    _modules(s)
    _laws(s)
    _stage(s)
    _agenda(s)
    json.dumps(s.to_dict())


def _board(s: LancasterState) -> dict[tuple[int, int], str]:
    """Where the board says each placed knight is."""
    where: dict[tuple[int, int], str] = {}

    def put(owner: int, x: int, place: str, field: str) -> None:
        if (owner, x) in where:
            raise fail(field, f"puts {s.seat_text(owner)}'s knight {x} in two places")
        where[(owner, x)] = place

    for i, c in enumerate(s.counties):
        if c is not None:
            put(c["owner"], c["knight"], f"county:{i}", f"counties[{i}]")
    for c in s.conflicts:
        for sp in c["spaces"]:
            if sp is None:
                continue
            if not sp["knights"] and not sp["archer"]:
                raise fail("conflicts", "holds an empty space that should be null")
            for x in sp["knights"]:
                put(sp["owner"], x, f"conflict:C{c['card'] + 1}", "conflicts")
    for p, row in enumerate(s.castles):
        for j, x in enumerate(row):
            if x >= 0:
                put(p, x, f"castle:{j}", f"castles[{p}]")
    for owner, x in s.tower:
        put(owner, x, "tower", "tower")
    for i, o in enumerate(s.offices):
        if o is not None:
            for x in o["knights"]:
                put(o["owner"], x, f"office:{i}", f"offices[{i}]")
    return where


def _pieces(s: LancasterState) -> None:
    """LB-004, LB-069: every knight is in the reserve, at court, captured, or where the board has it."""
    where = _board(s)
    for p, ks in enumerate(s.knights):
        for j, k in enumerate(ks):
            expected = where.pop((p, j), None)
            if expected is None and k[1] not in ("reserve", "court", "captured"):
                raise fail(f"knights[{p}][{j}]", f"is at {k[1]!r} but the board does not have it there")
            if expected is not None and k[1] != expected:
                raise fail(f"knights[{p}][{j}]", f"is at {k[1]!r} but the board has it at {expected!r}")
            if k[1] == "captured" and not any(t[1] == "ransom" and t[0] == p and t[2] == j for t in s.pending):
                raise fail(f"knights[{p}][{j}]", "is captured but no ransom waits for it (LB-066)")
    if where:
        raise fail("knights", f"miss knights the board holds: {sorted(where)}")
    for p in range(s.n, s.colours):  # LB-091: allies hold nothing
        if any(s.res[p][key] for key in RES) or s.nobles[p] or s.extensions[p]:
            raise fail(f"res[{p}]", f"gives an ally ({s.seat_text(p)}) resources, noblemen or extensions (LB-090, LB-091)")


def _components(s: LancasterState) -> None:
    """LB-010, LB-031, LB-048: noblemen and favor tiles add up; conflict cards are each in one place."""
    for i, county in enumerate(s.data.counties):
        seated = sum(county.letter in row for row in s.nobles)
        if s.stacks[i] + seated > s.data.nobles[s.n - 2]:
            raise fail(f"stacks[{i}]", f"and the tables hold more noblemen of {county.letter} than the game deals")
    cards = [c["card"] for c in s.conflicts] + s.conflict_deck + s.discarded
    if sorted(cards) != list(range(len(s.data.cards))):
        raise fail("conflict_deck", "and the board should hold every conflict card exactly once")
    dealt = min(len(cards), s.data.conflicts_per_round * s.round)  # LB-012, LB-073: each round deals its conflicts
    if len(s.conflict_deck) != len(cards) - dealt:  # the fuzz batch: a round 2 with no conflict to go to got stuck
        raise fail("conflict_deck", f"holds {len(s.conflict_deck)} cards in round {s.round}; the rounds so far dealt {dealt} "
                                    f"of {len(cards)}, so {len(cards) - dealt} are left")
    if sum(not c["lower"] for c in s.conflicts) > s.data.conflicts_per_round:
        raise fail("conflicts", f"hold more than {s.data.conflicts_per_round} upper-row conflicts (LB-068)")
    for i, c in enumerate(s.counties):
        if c is not None and c["squires"] and s.is_ally(c["owner"]):
            raise fail(f"counties[{i}]", "give squires to an ally's knight (LB-093)")


def _modules(s: LancasterState) -> None:
    """LH-007..LH-010, LH-075..LH-078: the modules' pieces exist only with their module, and add up."""
    kc, kr, court = s.has("KC"), s.has("KR"), s.data.kc
    if not kc and (any(o is not None for o in s.offices) or any(h != -1 for h in s.holders) or any(x != "none" for x in s.lord)):
        raise fail("offices", "and lords exist only with the King's Court module")
    for p, loc in enumerate(s.lord):
        mine = [i for i, o in enumerate(s.offices) if o is not None and o["owner"] == p]
        if kc and (len(mine) > 1 or (mine and loc != f"office:{mine[0]}") or (not mine and loc not in ("court", "treasury"))):
            raise fail(f"lord[{p}]", f"is {loc!r}, which does not match the offices")
    tokens = {"shield": sum(c is not None and c["shield"] for c in s.counties) + shields_waiting(s),
              "archer": sum(sp is not None and sp["archer"] for c in s.conflicts for sp in c["spaces"]),
              "tudor": sum(c is not None and c["tudor"] for c in s.counties)
              + sum(sp["tudor"] for c in s.conflicts for sp in c["spaces"] if sp is not None)
              + sum(o is not None and o["tudor"] for o in s.offices)}
    totals = {"shield": court.shields, "archer": court.archers, "tudor": court.tudors}
    for key in PRIV:
        held = sum(v[key] for v in s.priv) + sum(v[key] for v in s.granted)
        if tokens[key] + held + s.supply[key] != (totals[key] if kc else 0):
            raise fail(f"supply.{key}", f"and the {key} tokens in play do not add up to {totals[key] if kc else 0}")
    seals = sum(r["seals"] for r in s.res) + s.supply["seals"]
    if seals > court.seals or (not kc and seals):
        raise fail("supply.seals", "and the seals held are more than the game has")
    if sum(r["bishops"] for r in s.res) + s.supply["bishops"] > (court.bishops[s.n - 2] if kc else 0):
        raise fail("supply.bishops", "and the bishops owned are more than are in play (LH-010)")
    if not kr and (s.tower or s.neutral or s.track or s.box or any(r["dishonor"] for r in s.res)):
        raise fail("tower", "and dishonor exist only with the King's Resentment module")
    if kr:
        if s.neutral != s.data.neutral[s.n - 2]:
            raise fail("neutral", "does not match the player count (LH-078)")
        if s.neutral + sum(s.knights[o][x][0] for o, x in s.tower) > s.data.tower_capacity:
            raise fail("tower", "holds more strength than it can (LH-081)")
        full = s.data.per_space[s.n - 2]
        if len(s.track) != len(s.data.track) or any(x > full for x in s.track) or any(
                x and any(y < full for y in s.track[i + 1:]) for i, x in enumerate(s.track)):
            raise fail("track", "should hold stacks for this player count, taken from left to right (LH-076, LH-090)")
        _dishonor_markers(s, full)


def _dishonor_markers(s: LancasterState, full: int) -> None:
    """LH-076, LH-083, LH-090, LH-092: a marker gained comes off the track while a stack is left (only then from the
    box, then written down), and one given back goes to the box: while the track holds a stack, the markers held,
    on the track and in the box are the game's own, no more and no fewer (a save with 99 loaded, and its game
    later held more dishonor than any save can)."""
    start = max(s.data.markers, full * len(s.data.track))  # the set-up's stacks and box (game.py)
    counted = sum(r["dishonor"] for r in s.res) + sum(s.track) + s.box
    if counted < start or (any(s.track) and counted != start):
        raise fail("box", f"and the dishonor markers held and on the track come to {counted}, but the game has {start} "
                          "(more only once the track is empty, LH-092)")


def _laws(s: LancasterState) -> None:
    """LB-011, LB-038: three current laws; no law card in two places; the Laws of the King only with LK."""
    laws = s.law_deck + s.current + s.proposals[s.vote_index:]
    if len(set(laws)) != len(laws) or len(s.current) != 3:
        raise fail("current", "and the law deck hold a law twice, or the current row is not 3 laws")
    if any(x.startswith("LK") for x in laws) and not s.has("LK"):
        raise fail("law_deck", "holds Laws of the King without the LK module (LH-003)")


def _stage(s: LancasterState) -> None:
    """LB-016, LB-035: the stage agrees with the votes, the held voting markers and the final scoring."""
    stage = s.stage
    if stage == "vote":
        order = [(s.start + k) % s.n for k in range(s.n)]
        cast = [s.votes[p] is not None for p in order]
        if all(cast) or cast != sorted(cast, reverse=True) or s.pending:
            raise fail("votes", f"should hold the votes of the first seats from {seat_name(s.start)}, with someone still to vote")
        for p, v in enumerate(s.votes):
            if v is not None and v[1] > s.res[p]["vm"]:
                raise fail(f"votes[{p}][1]", f"is {v[1]}, but {seat_name(p)} holds {s.res[p]['vm']} VM")
        if len(s.tally) != s.vote_index or [t[0] for t in s.tally] != s.proposals[:s.vote_index]:
            raise fail("tally", "should hold one line per finished vote, on the proposals in their order")
        if s.vote_index >= len(s.proposals):  # LB-034: the vote in progress is on a proposal (fuzz: one loaded, then crashed)
            raise fail("vote_index", f"is {s.vote_index}, but only {len(s.proposals)} laws are proposed")
    elif any(v is not None for v in s.votes):
        raise fail("votes", "hold votes outside the vote")
    if stage != "laws" and (any(s.vm_hold) or s.defer_vm):
        raise fail("vm_hold", "holds voting markers over only while the laws are applied (A18)")
    if (stage == "over") != bool(s.final) or (s.final and len(s.final) != s.n):
        raise fail("final", "is recorded exactly when the game is over")
    if stage == "over" and s.pending:
        raise fail("pending", "is empty once the game is over")
    for i, (colour, kind, info) in enumerate(s.pending):
        if kind == "law_choice":
            res = s.res[colour]
            cap = {"LK-4": res["seals"], "BL-04": res["gold"], "BL-16": res["gold"], "BL-17": res["squires"],
                   "BL-05": min(res["gold"], res["squires"])}.get(info["law"])
            if cap is None or stage != "laws" or info["max"] > cap or colour >= s.n:
                raise fail(f"pending[{i}]", f"offers a choice under {info['law']} that its player cannot make")
        if kind in ("county", "dorset") and (s.counties[info] is None or s.counties[info]["owner"] != colour):
            raise fail(f"pending[{i}]", "names a county the colour does not hold")
    named = [info for _, kind, info in s.pending if kind in ("county", "dorset")]
    if len(set(named)) != len(named):  # a county's reward, then its passage to France, each once (LB-047, LB-052)
        raise fail("pending", f"names a county twice, but each county's reward or passage waits once: {named}")
    asked = [(colour, info["law"]) for colour, kind, info in s.pending if kind == "law_choice"]
    if len({law for _, law in asked}) > 1 or len({colour for colour, _ in asked}) != len(asked):
        raise fail("pending", "asks each player once, for the one law being applied (LB-041, LB-042): two choices of a "
                              "player would spend what it holds twice")


def _agenda(s: LancasterState) -> None:
    """The engine's own steps only, naming what it names (issue 31: 'conflict:C2' loaded, then crashed in play):
    a current Law (LB-041), a county or a castle by its number, a conflict by a card on the board; no argument else.
    The laws and rewards stages keep their last step until it runs (an agenda without it loaded, then got stuck)."""
    where = {"law": set(s.current), "county": {str(i) for i in range(len(s.counties))},
             "castle": {str(i) for i in range(len(s.castles))}, "conflict": {str(c["card"]) for c in s.conflicts}}
    for i, step in enumerate(s.agenda):
        kind, colon, arg = step.partition(":")
        if kind == "shields":
            if arg not in {str(n) for n in range(s.data.kc.shields + 1)}:
                raise fail(f"agenda[{i}]", f"{step!r}: the shields waiting to go back (LH-042) are counted 'shields:0' "
                                           f"to 'shields:{s.data.kc.shields}'")
        elif (arg not in where[kind]) if kind in where else bool(colon):
            raise fail(f"agenda[{i}]", f"{step!r} names no {kind} the engine could run now" if kind in where else
                       f"{step!r}: the step {kind!r} takes no argument")
        if (kind in ("laws", "law", "laws_done")) != (s.stage == "laws") or s.stage not in ("laws", "rewards"):
            raise fail(f"agenda[{i}]", f"{step!r} is not a step of the stage {s.stage!r}")
    _agenda_order(s)
    # the step that ends the stage (LB-041, LB-045): running it moves to the next stage, so it is there until then
    last = {"laws": "laws_done", "rewards": "cleanup"}.get(s.stage)
    if last and (not s.agenda or s.agenda[-1] != last or s.agenda.count(last) != 1):
        raise fail("agenda", f"should end with its one {last!r} step in the stage {s.stage!r}, got {s.agenda}")


# Where each step stands in its stage's agenda (LB-041, LB-045, LB-058): the laws, then the end of the laws; the offices,
# the tower, the counties, the shields going back once every county has paid (LH-042), the castles (one step, or one
# per castle once it ran), the conflicts (likewise), the clean-up.
_RANK = {"law": 0, "laws_done": 1, "offices": 0, "tower": 1, "county": 2, "shields": 3, "castles": 4, "castle": 4,
         "conflicts": 5, "conflict": 5, "cleanup": 6}


def _agenda_order(s: LancasterState) -> None:
    """Each step runs once, in the engine's order (a save whose agenda named a conflict twice loaded, then crashed
    when the second found the card gone): no step twice, the kinds in their order, the counties by number, and a
    group step ('castles', 'conflicts') never beside the steps it becomes."""
    steps = s.agenda
    if len(set(steps)) != len(steps):
        raise fail("agenda", f"names a step twice, but each runs once: {steps}")
    kinds = [step.partition(":")[0] for step in steps]
    ranks = [_RANK.get(kind, 0) for kind in kinds]
    counties = [int(step[7:]) for step in steps if step.startswith("county:")]
    if ranks != sorted(ranks) or counties != sorted(counties):
        raise fail("agenda", f"should run its steps in the engine's order (LB-045, LB-058), got {steps}")
    for group, one in (("castles", "castle"), ("conflicts", "conflict")):
        if group in kinds and one in kinds:
            raise fail("agenda", f"holds {group!r} and the {one} steps it becomes: {steps}")
