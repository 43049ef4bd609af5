"""Transitions: what each action does to a fresh clone, then the engine runs the automatic steps
(parliament results, laws, phase 3) until a player must act again. Rule IDs sit next to each effect."""

from __future__ import annotations

from fractions import Fraction

from .actions import OFFICES, Apply, Bishop, Castle, Choose, Conflict, County, Decline, Dorset, LAction, Tower, Treasury, Upgrade, Vote
from .legality import can_place, first_empty, own_space
from .state import REWARD_STEPS, LancasterState, copy_fields


def chance_outcomes(state: LancasterState) -> list[tuple[LAction, Fraction]]:
    """No dice: shuffles (laws, conflicts) use the state's own generator at setup."""
    return []


# -- small effects -------------------------------------------------------------------------------
def gain_dishonor(s: LancasterState, seat: int, count: int = 1) -> None:
    """LH-090 LH-092: markers come off the track stack by stack from the left, then from the box,
    and are recorded beyond that (dishonor is unlimited)."""
    d = s.d
    for _ in range(count):
        for i, left in enumerate(d["track"]):
            if left:
                d["track"][i] -= 1
                break
        else:
            if d["box"]:
                d["box"] -= 1
        d["res"][seat]["dishonor"] += 1


def shed_dishonor(s: LancasterState, seat: int, count: int) -> int:
    """LH-083 LH-084: markers go back to the supply box, never to the track; at most what you hold."""
    d = s.d
    back = min(count, d["res"][seat]["dishonor"])
    d["res"][seat]["dishonor"] -= back
    d["box"] += back
    return back


def grant_seals(s: LancasterState, seat: int, count: int) -> None:
    """LH-032, A19: seals go behind the screen while the supply lasts."""
    d = s.d
    if s.data.court.seal_limit:
        count = min(count, d["supply"]["seals"])
    d["supply"]["seals"] -= count
    d["res"][seat]["seals"] += count


def to_court(s: LancasterState, seat: int, knight: int) -> None:
    s.d["knights"][seat][knight][1] = "court"


def order(s: LancasterState) -> list[int]:
    return [(s.d["start"] + k) % s.n for k in range(s.n)]


# -- player actions ------------------------------------------------------------------------------
def own_all(s: LancasterState) -> None:
    """Make every part of a successor's fields its own (it starts sharing them with the state it came
    from, see LancasterState.successor) before a step that may change any of them."""
    if s._shared:
        s.d = copy_fields(s.d)
        s._shared = False


class Own:
    """Copy-on-write for one placement: each container is copied the first time it is changed, so a
    successor shares everything else with the state it came from."""

    __slots__ = ("d", "done")

    def __init__(self, d: dict) -> None:
        self.d, self.done = d, set()

    def top(self, key: str):
        if key not in self.done:
            self.d[key] = self.d[key].copy()
            self.done.add(key)
        return self.d[key]

    def item(self, key: str, i: int):
        outer = self.top(key)
        if (key, i) not in self.done:
            outer[i] = outer[i].copy()
            self.done.add((key, i))
        return outer[i]

    def knight(self, colour: int, j: int, where: str) -> None:
        row = self.item("knights", colour)
        row[j] = [row[j][0], where]


def apply(s: LancasterState, a: LAction) -> None:
    d = s.d
    if type(a) is Vote:
        seat = s.voter
        d["votes"] = d["votes"].copy()
        d["votes"][seat] = [a.yes, a.vm]  # hidden until everyone has voted (LH-105, L10)
        if None in d["votes"]:  # somebody still votes (s.voter is not None)
            return
        if d["vote_index"] + 1 < len(d["proposals"]):
            resolve_vote(s)  # copy-on-write; not the last proposal, so nothing else runs
            return
        own_all(s)
        advance(s)
        return
    seat = s.actor  # the colour whose piece moves (with 2 players maybe the seat's ally, L12)
    pending = d["pending"]
    if len(pending) > 1 and isinstance(a, (Upgrade, Bishop, Decline, Choose)):
        # another choice waits: nothing runs by itself, so change copies only (copy-on-write)
        d["pending"] = pending[1:]
        own = Own(d)
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
        return
    if isinstance(a, (County, Castle, Conflict, Tower, Apply, Treasury)):
        place(s, seat, a)
        s._placements_for = None
        nxt = next_colour(s, seat)
        if nxt >= 0:
            s.d["turn"] = nxt
            known = s._placements_for
            if known is not None and known[0] == nxt:
                s._legal = known[1]  # can_place built exactly the moves legal_actions would (legality.fast_placements)
            return  # still phase 1: nothing runs by itself
        if d["parliament"] and d["law_deck"]:
            end_placement(s)  # copy-on-write: only the law deck and the vote fields change
            return
        own_all(s)
        end_placement(s)
        advance(s)
        return
    own_all(s)
    d = s.d
    if isinstance(a, Upgrade):
        d["pending"].pop(0)
        ks = d["knights"][seat]
        j = next(i for i, k in enumerate(ks) if k[0] == a.strength)
        ks[j][0] += 1  # L5: +1 strength, at most the maximum
    elif isinstance(a, Bishop):
        d["pending"].pop(0)
        d["supply"]["bishops"] -= 1  # LH-060; an ally's bishop leaves the game (LH-073, A20)
        if not s.is_ally(seat):
            d["res"][seat]["bishops"] += 1
    elif isinstance(a, Decline):
        d["pending"].pop(0)
    elif isinstance(a, Dorset):
        d["pending"].pop(0)
        dorset_move(s, seat, a.card)
    elif isinstance(a, Choose):
        task = d["pending"].pop(0)[2]
        law_choice(s, seat, task["law"], a.amount)
    advance(s)


def place(s: LancasterState, seat: int, a: LAction) -> None:
    """One placement (LH-015), changing only copies of what it touches (Own)."""
    d, data = s.d, s.data
    kind = type(a)
    if kind is Castle:  # the commonest moves first, copying exactly what they change
        x = data.castle.index(a.space)
        j = s.knight_at_court(seat, a.strength)
        castles = d["castles"] = d["castles"].copy()
        row = castles[seat] = castles[seat].copy()
        row[x] = j
        knights = d["knights"] = d["knights"].copy()
        mine = knights[seat] = knights[seat].copy()
        mine[j] = [mine[j][0], f"castle:{x}"]
        return
    if kind is County:  # copying exactly what it changes, as Own would
        ci = data.county_index(a.county)
        j = s.knight_at_court(seat, a.strength)
        counties = d["counties"] = d["counties"].copy()
        knights = d["knights"] = d["knights"].copy()
        old = counties[ci]
        if old is not None:  # L7: the expelled knight goes back to court, its squires are lost, its Tudor returns
            row = knights[old["owner"]] = knights[old["owner"]].copy()
            row[old["knight"]] = [row[old["knight"]][0], "court"]
            if old["tudor"]:
                supply = d["supply"] = d["supply"].copy()
                supply["tudor"] += 1  # LH-055
        if a.squires:
            res = d["res"] = d["res"].copy()
            mine_res = res[seat] = res[seat].copy()
            mine_res["squires"] -= a.squires
        if a.shield or a.tudor:
            priv = d["priv"] = d["priv"].copy()
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
        conflicts = d["conflicts"] = d["conflicts"].copy()
        ci = next(k for k, c in enumerate(conflicts) if c["card"] == card)
        c = conflicts[ci] = conflicts[ci].copy()
        spaces = c["spaces"] = c["spaces"].copy()
        mine = own_space(c, seat)  # L9: the topmost empty space, or your own space there (reinforcing)
        if mine < 0:
            spaces[first_empty(c)] = {"owner": seat, "knights": [j], "archer": False, "tudor": 0}
        else:
            sp = spaces[mine]
            spaces[mine] = {**sp, "knights": sp["knights"] + [j]}
        knights = d["knights"] = d["knights"].copy()
        row = knights[seat] = knights[seat].copy()
        row[j] = [row[j][0], f"conflict:{a.card}"]
        return
    own = Own(d)
    ally = seat >= d["players"]
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
            strength = d["knights"][seat][j][0]
            back = min(strength, d["res"][seat]["dishonor"])  # LH-083, LH-084, LH-085 (shed_dishonor)
            if back:
                own.item("res", seat)["dishonor"] -= back
                d["box"] += back


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
    s.d["knights"][seat][j][1] = f"conflict:{card}"


def next_colour(s: LancasterState, seat: int) -> int:
    """LH-015, L6: the next colour in order with something to place (-1: the phase ends, nobody has).
    L12 (2 players): right after a seat's own placement it places one piece for its ally, while the ally
    has one; data two_player.ally_keeps_placing lets the ally go on once the seat itself is done."""
    n = s.d["players"]
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
        s.d["turn"] = nxt
    else:
        end_placement(s)


def end_placement(s: LancasterState) -> None:
    d = s.d
    if d["parliament"]:
        d["stage"] = "vote"  # L10: reveal 3 proposals and vote on them from left to right
        deck = d["law_deck"]
        k = min(s.data.proposals, len(deck))
        d["proposals"], d["law_deck"] = deck[:k], deck[k:]  # new lists: the deck may be shared (copy-on-write)
        d["vote_index"], d["votes"], d["tally"] = 0, [None] * s.n, []
        if not d["proposals"]:
            start_laws(s)
    else:
        d["stage"], d["cursor"] = "rewards", 0


# -- phase 2: parliament -------------------------------------------------------------------------
def resolve_vote(s: LancasterState) -> None:
    """L10: one vote plus any VM each; a tie approves; spent VM go to the supply; the approved law
    enters the right of the row and the oldest drops out."""
    d = s.d
    law = d["proposals"][d["vote_index"]]
    yes = sum(1 + v[1] for v in d["votes"] if v[0])
    no = sum(1 + v[1] for v in d["votes"] if not v[0])
    own = Own(d)  # copy-on-write: a successor may share these with its predecessor
    for p, v in enumerate(d["votes"]):
        if v[1]:
            own.item("res", p)["vm"] -= v[1]
    if yes >= no:
        d["current"] = d["current"][1:] + [law]
    d["tally"] = d["tally"] + [[law, yes, no]]
    d["votes"] = [None] * s.n
    d["vote_index"] += 1
    if d["vote_index"] >= len(d["proposals"]):
        start_laws(s)


def start_laws(s: LancasterState) -> None:
    """A18, LH-111..LH-113: VM held after the 3rd vote count for LK-5; they return to the supply now,
    or after the laws while LK-5 is in force (VM gained through the laws are kept)."""
    d = s.d
    d["proposals"], d["tally"], d["votes"], d["vote_index"] = [], [], [None] * s.n, 0
    d["vm_hold"] = [d["res"][p]["vm"] for p in range(s.n)]
    d["defer_vm"] = "LK-5" in d["current"]
    if not d["defer_vm"]:
        for p in range(s.n):
            d["res"][p]["vm"] = 0
    d["stage"], d["cursor"] = "laws", 0


def finish_laws(s: LancasterState) -> None:
    d = s.d
    if d["defer_vm"]:  # LH-112: the return waits until every law has been applied
        for p in range(s.n):
            d["res"][p]["vm"] -= min(d["vm_hold"][p], d["res"][p]["vm"])
    d["vm_hold"], d["defer_vm"] = [0] * s.n, False
    d["stage"], d["cursor"] = "rewards", 0


def deployed(s: LancasterState, seat: int) -> list[list]:
    """A23: knights in counties and conflicts (not court supporters, castle or tower)."""
    return [k for k in s.d["knights"][seat] if k[1].startswith(("county:", "conflict:"))]


def conflicts_with_knight(s: LancasterState, seat: int) -> int:
    return sum(any(sp is not None and sp["owner"] == seat and sp["knights"] for sp in c["spaces"]) for c in s.d["conflicts"])


def counties_held(s: LancasterState, seat: int) -> int:
    return sum(c is not None and c["owner"] == seat for c in s.d["counties"])


def most(values: list[int]) -> list[int]:
    """The seats tied for the most; nobody when the most is 0 (holding nothing is not a majority:
    our reading, see READINGS["majority"])."""
    top = max(values)
    return [i for i, v in enumerate(values) if v == top] if top > 0 else []


def recruit(s: LancasterState, seat: int) -> None:
    """L5: a new strength-1 knight at court, while you have fewer than the maximum."""
    if len(s.d["knights"][seat]) < s.data.max_knights:
        s.d["knights"][seat].append([1, "court"])


def apply_law(s: LancasterState, law_id: str) -> None:
    d, res = s.d, s.d["res"]
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
                d["pending"].append([p, "upgrade", 0])
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
                d["pending"].append([p, "upgrade", 0])
    elif e in ("buy", "trade"):
        for p in players:  # everyone decides (even 0), so the choice itself reveals nothing hidden
            top = res[p]["gold"] if e == "buy" else min(res[p]["gold"], res[p]["squires"])
            d["pending"].append([p, "law_choice", {"law": law_id, "max": top}])
    elif e == "per_county":
        for p in players:
            res[p][r] += amt * counties_held(s, p)
    elif e == "per_two_counties":
        for p in players:
            res[p][r] += amt * (counties_held(s, p) // 2)
    elif e == "per_castle_knight":
        for p in players:
            res[p][r] += amt * sum(x >= 0 for x in d["castles"][p])
    elif e == "all_weakest_deployed":
        for p in players:
            ones = [k for k in d["knights"][p] if k[0] == 1]
            if ones and all(k[1].startswith(("county:", "conflict:")) for k in ones):
                res[p][r] += amt
    elif e == "strongest_deployed":
        best = [max((k[0] for k in deployed(s, p)), default=0) for p in range(s.n)]
        if max(best):
            for p in most(best):
                res[p][r] += amt


def apply_king_law(s: LancasterState, n: int) -> None:
    """LH-106..LH-116: the eight Laws of the King (M5: numbered in the order the text lists them)."""
    d, res = s.d, s.d["res"]
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
            d["pending"].append([p, "law_choice", {"law": "LK-4", "max": res[p]["seals"]}])
    elif n == 5:  # LH-111, LH-113, A18: VM held after the 3rd vote; law-gained ones do not count
        for p in most(list(d["vm_hold"])):
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
        for owner, _ in d["tower"]:
            if owner < s.n:  # A22: an allied knight earns nothing
                res[owner]["pp"] += 3


def ally_upgrade(s: LancasterState, colour: int) -> None:
    """LH-073, A20: an ally's upgrade opportunity. 'forced' (ally_bishop_mode): a bishop leaves the game
    while any remain; otherwise its controller chooses (upgrade an ally knight, remove a bishop, or decline)."""
    d = s.d
    if d.get("ally_bishop_mode") == "forced" and s.has("KC") and d["supply"]["bishops"]:
        d["supply"]["bishops"] -= 1
        return
    d["pending"].append([colour - d["players"], "upgrade", 1])


def upgrade_opportunity(s: LancasterState, colour: int) -> None:
    """L5, LH-060: an upgrade opportunity for a colour (an ally's follows LH-073)."""
    if s.is_ally(colour):
        ally_upgrade(s, colour)
    else:
        s.d["pending"].append([colour, "upgrade", 0])


def law_choice(s: LancasterState, seat: int, law_id: str, amount: int) -> None:
    own = Own(s.d)  # copy-on-write: safe on a successor still sharing its containers
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
    d, data = s.d, s.data
    last = d["round"] == data.rounds
    for i, office in enumerate(data.offices):
        o = d["offices"][i]
        if o is not None:
            d["holders"][i] = o["owner"]
        holder = d["holders"][i]
        if holder < 0:
            continue  # LH-034
        if not s.is_ally(holder):  # LH-071: an ally holds offices and privileges but never seals
            grant_seals(s, holder, office.seals)
        priv = office.privilege
        if (not last or priv == "tudor") and d["supply"][priv]:  # LH-043, LH-052, LH-058, A25
            d["supply"][priv] -= 1
            d["granted"][holder][priv] += 1
    for i, o in enumerate(d["offices"]):  # LH-035
        if o is not None:
            for x in o["knights"]:
                to_court(s, o["owner"], x)
            if o["tudor"]:
                d["supply"]["tudor"] += 1
            d["lord"][o["owner"]] = "court"
            d["offices"][i] = None
    for p in range(s.colours):  # LH-036
        if d["lord"][p] == "treasury":
            d["lord"][p] = "court"


def clear_tower(s: LancasterState) -> None:
    """LH-088: player knights leave the tower just before the counties; the neutral knight stays."""
    for owner, x in s.d["tower"]:
        to_court(s, owner, x)
    s.d["tower"] = []


def evaluate_counties(s: LancasterState) -> None:
    """L7: each occupant takes its county's reward; squires are used up. Dorset sends its knight on (C9)."""
    d = s.d
    for i, county in enumerate(s.data.counties):
        c = d["counties"][i]
        if c is None:
            continue
        p, reward = c["owner"], county.reward
        c["squires"] = 0
        if p >= s.n:  # L12: an ally's rewards are lost, but an upgrade is its upgrade opportunity (LH-073)
            if reward == "upgrade":
                for _ in range(county.amount):
                    ally_upgrade(s, p)
            elif reward == "dorset":
                d["pending"].append([p - s.n, "dorset", 1])
            continue
        if reward in ("gold", "squires", "vm", "pp"):
            d["res"][p][reward] += county.amount
        elif reward == "upgrade":
            d["pending"].extend([[p, "upgrade", 0]] * county.amount)
        elif reward == "dorset":
            d["pending"].append([p, "dorset", 0])


def dorset_move(s: LancasterState, seat: int, card: str) -> None:
    """LH-059: the Dorset knight moves on to a conflict with its Tudor knight, or back to court."""
    d = s.d
    i = next(j for j, c in enumerate(s.data.counties) if c.reward == "dorset")
    c = d["counties"][i]
    d["counties"][i] = None
    if card:
        join_conflict(s, seat, c["knight"], card, c["tudor"])
    else:
        to_court(s, seat, c["knight"])
        if c["tudor"]:
            d["supply"]["tudor"] += 1  # LH-055
    if c["shield"]:
        d["supply"]["shield"] += 1  # LH-042


def return_shields(s: LancasterState) -> None:
    """LH-042: after the county evaluation the shields go back to the regal board."""
    for c in s.d["counties"]:
        if c is not None and c["shield"]:
            c["shield"] = False
            s.d["supply"]["shield"] += 1


def evaluate_castles(s: LancasterState) -> None:
    """L8: income, training (an upgrade opportunity) and recruiting, in player order."""
    d = s.d
    for p in order(s) if s.n != 2 else [c for q in order(s) for c in (q, q + s.n)]:
        for j, x in enumerate(d["castles"][p]):
            if x < 0:
                continue
            space = s.data.castle[j]
            if p >= s.n:  # L12: an ally's castle rewards are lost, but training is an upgrade opportunity (LH-073)
                if space == "training":
                    ally_upgrade(s, p)
                continue
            if space == "income":
                d["res"][p]["gold"] += 1
                d["res"][p]["squires"] += 1
            elif space == "training":
                d["pending"].append([p, "upgrade", 0])
            else:
                recruit(s, p)


def conflict_strength(s: LancasterState, c: dict) -> int:
    """L9: English strength = knights + archers + Tudor knights."""
    court = s.data.court
    total = 0
    for sp in c["spaces"]:
        if sp is not None:
            total += sum(s.d["knights"][sp["owner"]][x][0] for x in sp["knights"])
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
            ks = s.d["knights"][sp["owner"]]
            entries.append((sum(ks[x][0] for x in sp["knights"]) + court.tudor_strength * sp["tudor"], j, sp["owner"]))
    if s.data.rank_mode == "space":
        return sorted(entries, key=lambda e: e[1])
    return sorted(entries, key=lambda e: (-e[0], e[1]))


def clear_conflict(s: LancasterState, c: dict) -> None:
    """LH-049, LH-051, LH-055, LH-057: knights back to court; archers and Tudors to their supply."""
    d = s.d
    for sp in c["spaces"]:
        if sp is None:
            continue
        for x in sp["knights"]:
            to_court(s, sp["owner"], x)
        d["supply"]["archer"] += int(sp["archer"])
        d["supply"]["tudor"] += sp["tudor"]
    d["conflicts"].remove(c)
    d["discarded"].append(c["card"])


def resolve_conflicts(s: LancasterState) -> None:
    """L9, LH-089: England wins at >= French strength and the ranks score; a first-battle loss moves the
    card down with its pieces (LH-050, LH-057); a second-battle loss discards it. Each loss gives every
    player without a knight there 1 dishonor (A11, A12)."""
    d = s.d
    for c in list(d["conflicts"]):
        french = s.data.french[c["card"]]
        involved = {sp["owner"] for sp in c["spaces"] if sp is not None and sp["knights"]}
        if conflict_strength(s, c) >= french:
            for rank, (_, _, owner) in enumerate(ranking(s, c)):
                if rank < len(s.data.rank_pp) and owner < s.n:  # L12: an ally's rank scores nothing
                    d["res"][owner]["pp"] += s.data.rank_pp[rank]
            clear_conflict(s, c)
            continue
        if s.has("KR"):
            for p in order(s):
                if p not in involved:
                    gain_dishonor(s, p)  # LH-089
        if c["lower"]:
            clear_conflict(s, c)
        else:
            c["lower"] = True


def cleanup(s: LancasterState) -> None:
    """L1, L2, LH-038: unused privileges go back; knights come home (not those in the lower row);
    the start player passes on; the next round reveals its conflicts, or the game is scored."""
    d, data = s.d, s.data
    last = d["round"] == data.rounds
    for p in range(s.colours):
        for key in ("shield", "archer", "tudor"):
            d["supply"][key] += d["priv"][p][key]  # LH-038
            d["priv"][p][key] = 0
        if not last:
            d["priv"][p], d["granted"][p] = d["granted"][p], {"shield": 0, "archer": 0, "tudor": 0}
    for i, c in enumerate(d["counties"]):
        if c is not None:
            to_court(s, c["owner"], c["knight"])
            if c["tudor"]:
                d["supply"]["tudor"] += 1  # LH-055
            d["counties"][i] = None
    for p in range(s.colours):
        for j, x in enumerate(d["castles"][p]):
            if x >= 0:
                to_court(s, p, x)
                d["castles"][p][j] = -1
    if last:
        from .scoring import final_scoring

        final_scoring(s)
        d["stage"] = "over"
        return
    d["round"] += 1
    d["start"] = (d["start"] + 1) % s.n  # L2, M15
    begin_round(s)


def begin_round(s: LancasterState) -> None:
    """L9: reveal this round's conflicts into the upper row; phase 1 starts with the start player."""
    d = s.d
    for _ in range(s.data.conflicts_per_round):
        if d["conflict_deck"]:
            d["conflicts"].append({"card": d["conflict_deck"].pop(0), "lower": False,
                                   "spaces": [None] * s.data.conflict_spaces})
    d["stage"], d["cursor"], d["turn"] = "place", 0, d["start"]
    if not can_place(s, d["start"]):
        next_placer(s, d["start"])


STEPS = {"offices": fill_offices, "tower": clear_tower, "counties": evaluate_counties, "shields": return_shields,
         "castles": evaluate_castles, "conflicts": resolve_conflicts, "cleanup": cleanup}


def advance(s: LancasterState) -> None:
    """Run the automatic steps until a player has to act (or the game is over)."""
    d = s.d
    while not d["pending"]:
        stage = d["stage"]
        if stage == "vote":
            if s.voter is not None:
                return
            resolve_vote(s)
        elif stage == "laws":
            if d["cursor"] >= len(d["current"]):
                finish_laws(s)
            else:
                d["cursor"] += 1
                apply_law(s, d["current"][d["cursor"] - 1])
        elif stage == "rewards":
            step = REWARD_STEPS[d["cursor"]]
            d["cursor"] += 1
            if (step == "offices" and not s.has("KC")) or (step == "tower" and not s.has("KR")):
                continue
            STEPS[step](s)
        else:
            return
