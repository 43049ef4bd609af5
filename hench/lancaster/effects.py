"""Effects the rules share: gains, recruiting and upgrading, noblemen, dishonor and seals, and the 18 base laws
and 8 Laws of the King applied in phase 2. Each function changes a state its caller owns (transitions.own_all
ran before), and says what happened (state.say). Rule IDs sit next to each effect."""

from __future__ import annotations

from typing import Any

from hench.core import seat_name

from .actions import move_place, place_words
from .data import Gain, county_title, in_words, law_title
from .legality import upgradable
from .state import LancasterState


def order(s: LancasterState) -> list[int]:
    """LB-015, LB-042: the seats from the start player on, clockwise."""
    return [(s.start + k) % s.n for k in range(s.n)]


def colour_order(s: LancasterState) -> list[int]:
    """The colours in player order; with 2 players each seat is followed by its ally."""
    return [c for p in order(s) for c in s.own_colours(p)]


def deployed(s: LancasterState, colour: int) -> list[list[Any]]:
    """LB-044 (reading 'deployed'): a colour's knights in a county or a conflict in phase 2."""
    return [k for k in s.knights[colour] if str(k[1]).startswith(("county:", "conflict:"))]


def conflicts_with_knight(s: LancasterState, colour: int) -> int:
    return sum(any(sp is not None and sp["owner"] == colour and sp["knights"] for sp in c["spaces"]) for c in s.conflicts)


def counties_held(s: LancasterState, colour: int) -> int:
    return sum(c is not None and c["owner"] == colour for c in s.counties)


def most(s: LancasterState, values: list[int]) -> list[int]:
    """LB-043, LB-082: every seat tied for the most; when the most is 0, everybody (the text) or nobody (reading
    'majority', option most_at_zero)."""
    top = max(values)
    return [i for i, v in enumerate(values) if v == top] if top > 0 or s.most_at_zero == "all" else []


# -- knights -----------------------------------------------------------------------------------------
def recruit(s: LancasterState, colour: int, lowest: bool = False) -> bool:
    """LB-071: a strength-1 knight moves from the reserve to the court (BL-15, reading: the lowest in the reserve);
    LB-070: every knight of the colour is the player's to recruit and use."""
    reserve = [j for j, k in enumerate(s.knights[colour]) if k[1] == "reserve" and (lowest or k[0] == 1)]
    if not reserve:
        s.say(f"{s.seat_text(colour)} has no {'knight' if lowest else 'strength-1 knight'} left in the reserve to recruit",
              "LB-071", seats=(s.controller(colour),))
        return False
    j = min(reserve, key=lambda x: s.knights[colour][x][0])
    s.knights[colour][j][1] = "court"
    s.say(f"{s.seat_text(colour)} recruits a strength-{s.knights[colour][j][0]} knight from the reserve to court", "LB-071",
          seats=(s.controller(colour),))
    return True


def upgrade(s: LancasterState, colour: int, strength: int, where: str) -> None:
    """LB-051, LB-072: the knight the player chose (not in the reserve) swaps with the reserve knight of the next
    strength: it takes that strength where it stands, the reserve keeps the lower one."""
    ks = s.knights[colour]
    spare = next(j for j, k in enumerate(ks) if k[1] == "reserve" and k[0] == strength + 1)
    j = next(j for j, k in enumerate(ks) if k[0] == strength and k[1] == where)
    ks[j][0], ks[spare][0] = strength + 1, strength
    s.say(in_words(f"{s.seat_text(colour)} upgrades a strength-{strength} knight {place_words(move_place(s, where))} to "
                   f"strength {strength + 1} (swapped with the reserve)"), "LB-072", seats=(s.controller(colour),))


def upgrade_chance(s: LancasterState, colour: int, scope: str = "any") -> list[list[Any]]:
    """LB-051, LH-060, LH-073, A20: an upgrade opportunity as a pending task, when anything can come of it: a knight
    to upgrade, or (King's Court) a bishop to take instead. An ally's opportunity under 'forced' removes a bishop."""
    bishop = s.has("KC") and s.supply["bishops"] > 0 and (s.is_ally(colour) or s.res[colour]["bishops"] < s.data.kc.max_bishops)
    if s.is_ally(colour) and s.ally_bishop_mode == "forced" and bishop:
        s.supply["bishops"] -= 1
        s.say(f"{s.seat_text(colour)}'s upgrade removes a bishop from the game", "LH-073", seats=(s.controller(colour),))
        return []
    if not upgradable(s, colour, scope) and not bishop:
        s.say(f"{s.seat_text(colour)} has no knight that can be upgraded", "LB-072", seats=(s.controller(colour),))
        return []
    return [[colour, "upgrade", scope]]


# -- resources -------------------------------------------------------------------------------------------
def take(s: LancasterState, colour: int, gain: Gain, why: str, rules: tuple[str, ...]) -> list[list[Any]]:
    """A reward: gold, squires, voting markers and PP at once; upgrades, extensions, a favor nobleman, passage and
    the start player as pending choices (returned, to go first). An ally uses only knights, upgrades, noblemen
    (removed from the game), passage and the start player (LB-091, LB-096, LB-098, LB-099)."""
    tasks: list[list[Any]] = []
    ally, seat, why = s.is_ally(colour), s.controller(colour), in_words(why)
    plain = {"gold": gain.gold, "squires": gain.squires, "vm": gain.vm, "pp": gain.pp}
    got = [f"{v} { {'vm': 'voting marker(s)', 'pp': 'PP'}.get(k, k)}" for k, v in plain.items() if v]
    if got and ally:
        s.say(f"{why}: {', '.join(got)} lost (an ally keeps no resources)", "LB-091", *rules, seats=(seat,))
    elif got:
        for k, v in plain.items():
            s.res[colour][k] += v
        s.say(f"{why}: {s.seat_text(colour)} gains {', '.join(got)}", *rules, seats=(seat,))
    for _ in range(gain.recruits):
        recruit(s, colour)
    for _ in range(gain.upgrades):
        tasks += upgrade_chance(s, colour)
    if gain.extensions and ally:
        s.say(f"{why}: the extension is lost (an ally's castle is never extended)", "LB-090", seats=(seat,))
    elif gain.extensions:
        tasks += [[colour, "extension", None]] * min(gain.extensions, len(s.data.extensions) - len(s.extensions[colour]))
    if gain.noble:
        tasks.append([colour, "noble", "remove" if ally else "take"])
    if gain.start_player:
        tasks.append([colour, "start", None])
    return tasks


def take_noble(s: LancasterState, colour: int, county: int) -> None:
    """LB-047, LB-048, LB-098: a nobleman of this county sits at the table; an ally's leaves the game."""
    letter = s.data.counties[county].letter
    s.stacks[county] -= 1
    if s.is_ally(colour):
        s.say(f"{s.seat_text(colour)} removes a nobleman of {letter} from the game", "LB-098", seats=(s.controller(colour),))
        return
    s.nobles[colour] = sorted(s.nobles[colour] + [letter])
    s.say(f"{s.seat_text(colour)} seats a nobleman of {letter} ({county_title(s.data.counties[county].name)}) at their table",
          "LB-047", seats=(colour,))


def gain_dishonor(s: LancasterState, seat: int, count: int = 1) -> None:
    """LH-079, LH-090 LH-092: markers come off the track stack by stack from the left, then from the box."""
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
    """LH-079, LH-083 LH-084: markers go back to the supply box, never to the track; at most what you hold."""
    back = min(count, s.res[seat]["dishonor"])
    s.res[seat]["dishonor"] -= back
    s.box += back
    return back


def grant_seals(s: LancasterState, seat: int, count: int) -> None:
    """LH-032, A19: seals go behind the screen while the supply lasts."""
    if s.data.kc.seal_limit:
        count = min(count, s.supply["seals"])
    s.supply["seals"] -= count
    s.res[seat]["seals"] += count


# -- phase 2: the laws ---------------------------------------------------------------------------------
def _per(s: LancasterState, law: str, values: list[int], what: str, rule: str) -> None:
    """Each seat gains `values[seat]` power points (or the resource in `what`) under a law."""
    for p in order(s):
        if values[p]:
            s.res[p][what] += values[p]
    paid = [f"{seat_name(p)} +{values[p]} { {'pp': 'PP', 'vm': 'VM'}.get(what, what)}" for p in order(s) if values[p]]
    s.say(f"{law_title(law)}: " + (", ".join(paid) if paid else "nobody qualifies"), rule, "LB-041")


def base_law(s: LancasterState, law: str) -> list[list[Any]]:
    """LB-041, LB-042, LB-043: one of the 18 base laws (BL-01..BL-18), for the seats (allies receive nothing, and
    their knights do not count as a player's own, LB-097). Choices come back as pending tasks."""
    n, seats = s.n, order(s)
    number = int(law[3:])
    strengths = [[int(k[0]) for k in deployed(s, p)] for p in range(n)]
    if number == 1:
        return [t for p in seats if p in most(s, [s.res[q]["gold"] for q in range(n)]) for t in upgrade_chance(s, p, "deployed")]
    if number == 2:
        held = ([s.res[q]["squires"] for q in range(n)] if s.most_squires == "held"
                else [sum(c["squires"] for c in s.counties if c is not None and c["owner"] == q) for q in range(n)])
        for p in seats:
            if p in most(s, held):
                recruit(s, p)
        return []
    if number in (4, 5, 16, 17):
        cap = {4: "gold", 5: "both", 16: "gold", 17: "squires"}[number]
        return [[p, "law_choice", {"law": law, "max": min(s.res[p]["gold"], s.res[p]["squires"]) if cap == "both"
                                   else s.res[p][cap]}] for p in seats]
    if number == 6:
        return [[p, "extension", None] for p in seats
                for _ in range(min(conflicts_with_knight(s, p) // 2, len(s.data.extensions) - len(s.extensions[p])))]
    if number == 9:
        return [t for p in seats if 2 not in strengths[p] for t in upgrade_chance(s, p)]
    if number == 10:
        return [t for p in seats if 3 in strengths[p] and upgradable(s, p, "three") for t in upgrade_chance(s, p, "three")]
    if number == 15:
        for p in seats:
            for _ in range(len(s.nobles[p]) // 3):
                recruit(s, p, lowest=True)
        return []
    if number == 8:
        for p in seats:
            k = conflicts_with_knight(s, p) // 2
            for what in ("squires", "vm", "gold"):
                s.res[p][what] += k
        s.say(f"{law_title(law)}: " + ", ".join(f"{seat_name(p)} +{conflicts_with_knight(s, p) // 2} each of squires, VM and gold"
                                     for p in seats), "LB-041")
        return []
    values = {3: lambda p: 3 * (counties_held(s, p) // 2), 7: lambda p: strengths[p].count(2),
              11: lambda p: 5 * (len(s.extensions[p]) // 3), 12: lambda p: 3 * conflicts_with_knight(s, p),
              13: lambda p: 8 * (counties_held(s, p) // 3),
              14: lambda p: 5 if all(str(k[1]).startswith(("county:", "conflict:")) for k in s.knights[p] if k[0] == 1)
              and sum(k[0] == 1 for k in s.knights[p]) == 3 else 0,
              18: lambda p: 6 if {1, 2, 3, 4} <= set(strengths[p]) else 0}[number]
    _per(s, law, [values(p) for p in range(n)], "squires" if number == 7 else "pp", "LB-041")
    return []


def king_law(s: LancasterState, number: int) -> list[list[Any]]:
    """LH-106..LH-116: the eight Laws of the King (M5: numbered in the order the text lists them)."""
    res, n, seats = s.res, s.n, order(s)
    law = f"LK-{number}"
    if number == 1:  # LH-106, LH-107, A17
        for p in most(s, [res[q]["squires"] for q in range(n)]):
            res[p]["squires"] -= min(2, res[p]["squires"])
        for p in most(s, [res[q]["gold"] for q in range(n)]):
            res[p]["gold"] -= min(3, res[p]["gold"])
        s.say(f"{law_title(law)}: the most squires lose 2, the most gold lose 3 (ties: all of them)", "LH-106", "LH-107")
    elif number == 2:  # LH-108, A21
        for p in seats:
            if not res[p]["bishops"]:
                shed_dishonor(s, p, 1)
        s.say(f"{law_title(law)}: every player without a bishop gives back 1 dishonor marker", "LH-108")
    elif number == 3:  # LH-109
        low = min(res[q]["dishonor"] for q in range(n))
        winners = [p for p in seats if res[p]["dishonor"] == low]
        for p in winners:
            res[p]["pp"] += 5
        s.say(f"{law_title(law)}: the fewest dishonor markers score 5 PP: " + ", ".join(seat_name(p) for p in winners), "LH-109")
    elif number == 4:  # LH-110: in turn order from the start player; seals are hidden: everyone decides, possibly 0
        return [[p, "law_choice", {"law": law, "max": res[p]["seals"]}] for p in seats]
    elif number == 5:  # LH-111, LH-113, A18: VM held after the 3rd vote; law-gained ones do not count
        for p in most(s, list(s.vm_hold)):
            grant_seals(s, p, 1)
        s.say(f"{law_title(law)}: the most voting markers after the third vote receive a seal", "LH-111")
    elif number == 6:  # LH-114
        for p in most(s, [res[q]["squires"] for q in range(n)]):
            res[p]["pp"] += 3
        for p in most(s, [res[q]["gold"] for q in range(n)]):
            res[p]["pp"] += 3
        s.say(f"{law_title(law)}: 3 PP for the most squires and 3 PP for the most gold (ties: all)", "LH-114")
    elif number == 7:  # LH-115, A21
        for p in seats:
            gain_dishonor(s, p, counties_held(s, p) // 2)
        s.say(f"{law_title(law)}: 1 dishonor marker for every 2 counties with a player's knight", "LH-115")
    elif number == 8:  # LH-116
        for owner, _ in s.tower:
            if owner < n:  # A22: an allied knight earns nothing
                res[owner]["pp"] += 3
        s.say(f"{law_title(law)}: 3 PP for each of a player's own knights in the tower", "LH-116")
    return []


def law_choice(s: LancasterState, seat: int, law: str, amount: int) -> None:
    """BL-04, BL-05, BL-16, BL-17 (LB-042) and LK-4 (LH-110): what a player buys, converts or sells."""
    res = s.res[seat]
    if law == "LK-4":  # each seal given up brings 2 squires and 1 gold
        res["seals"] -= amount
        s.supply["seals"] += amount
        res["squires"] += 2 * amount
        res["gold"] += amount
    elif law == "BL-04":
        res["gold"] -= amount
        res["vm"] += amount
    elif law == "BL-05":
        res["gold"] -= amount
        res["squires"] -= amount
        res["pp"] += 3 * amount
    elif law == "BL-16":
        res["gold"] -= amount
        res["pp"] += amount
    elif law == "BL-17":
        res["squires"] -= amount
        res["pp"] += amount
