"""What a Lancaster move did, in plain words every seat may read: the "What just happened" lines of the
Learn and Play tables (the engine keeps no log, so the position before and after a move is compared).

Everything here reads the spectator's observation (render.observation(state, None)): gold, squires, a cast
vote and (with 3-5 players) seals and dishonor never reach it (L3, LH-032, LH-091), so no line can name
their values. With 2 players seals and dishonor are open (LH-065, LH-097).
"""

from __future__ import annotations

import copy
from typing import Any

from .actions import OFFICES, Apply, Castle, Conflict, County, Dorset, Tower, Treasury
from .render import CASTLE_TEXT, KING_LAWS, REWARD_WORDS, TRIBUTE_ONE, observation
from .state import REWARD_STEPS, colour_name

# The Lancaster engine keeps no log, so the table compares the position before and after a move. Everything
# below reads the spectator's observation (hench.lancaster.render.observation(state, None)): gold, squires, a
# cast vote, and (with 3-5 players) seals and dishonor never reach it (L3, LH-032, LH-091), so no line can
# name their values. With 2 players seals and dishonor are open (LH-065, LH-097).
OFFICE_WORDS = {"Chancellor": "the Chancellor office", "Constable": "the Constable office", "Chamberlain": "the Chamberlain office"}
PRIVILEGE_WORDS = {"shield": "a shield", "archer": "an archer", "tudor": "a Tudor knight"}
PRIVILEGE_RULES = {"shield": "LH-040", "archer": "LH-044", "tudor": "LH-053"}
HIDDEN_REWARDS = {"gold": "gold", "squires": "squires"}


def _patched(obs: dict[str, Any], state: Any, action: Any, colour: int) -> dict[str, Any]:
    """The public board right after `action` and before any automatic step (what phase 3 then scores): the
    spectator's observation of `state` with the one placement (or Dorset move) made."""
    m = copy.deepcopy(obs)
    data = state.data
    rows = m["players"]
    ks = rows[colour]["knights"]

    def take(strength: int) -> int:  # knights of one strength at court are interchangeable: the first one
        return next(j for j, k in enumerate(ks) if k[1] == "court" and k[0] == strength)

    def join(card: str, owner: int, j: int, tudor: int) -> None:  # L9: the topmost empty space, or your own
        c = next(c for c in m["conflicts"] if c["card"] == card)
        own = next((i for i, sp in enumerate(c["spaces"]) if sp is not None and sp["owner"] == owner and sp["knights"]), -1)
        if own < 0:
            own = c["spaces"].index(None)
            c["spaces"][own] = {"owner": owner, "knights": [], "archer": False, "tudor": 0}
        c["spaces"][own]["knights"].append(j)
        c["spaces"][own]["tudor"] += tudor
        rows[owner]["knights"][j][1] = f"conflict:{card}"

    if isinstance(action, County):
        ci = next(i for i, c in enumerate(data.counties) if c.name == action.county)
        old = m["counties"][ci]
        if old is not None:
            rows[old["owner"]]["knights"][old["knight"]][1] = "court"
        j = take(action.strength)
        m["counties"][ci] = {"owner": colour, "knight": j, "squires": action.squires, "shield": action.shield, "tudor": action.tudor}
        ks[j][1] = f"county:{ci}"
    elif isinstance(action, Castle):
        x, j = data.castle.index(action.space), take(action.strength)
        m["castles"][colour][x] = j
        ks[j][1] = f"castle:{x}"
    elif isinstance(action, Conflict):
        j = take(action.strength)
        join(action.card, colour, j, int(action.tudor))
        if action.archer:
            c = next(c for c in m["conflicts"] if c["card"] == action.card)
            mine = next(i for i, sp in enumerate(c["spaces"]) if sp is not None and sp["owner"] == colour and j in sp["knights"])
            c["spaces"][mine + 1] = {"owner": colour, "knights": [], "archer": True, "tudor": 0}
    elif isinstance(action, Tower):
        j = take(action.strength)
        m["tower"].append([colour, j])
        ks[j][1] = "tower"
    elif isinstance(action, Apply):
        i = OFFICES.index(action.office)
        old = m["offices"][i]
        if old is not None:
            for x in old["knights"]:
                rows[old["owner"]]["knights"][x][1] = "court"
            rows[old["owner"]]["lord"] = "court"
        js = []
        for k in action.knights:
            j = take(k)
            ks[j][1] = f"office:{i}"
            js.append(j)
        m["offices"][i] = {"owner": colour, "knights": js, "bishops": action.bishops, "tudor": action.tudor}
        rows[colour]["lord"] = f"office:{i}"
    elif isinstance(action, Treasury):
        rows[colour]["lord"] = "treasury"
        m["treasury"][action.take] = 0
    elif isinstance(action, Dorset):
        ci = next(i for i, c in enumerate(data.counties) if c.reward == "dorset")
        c = m["counties"][ci]
        m["counties"][ci] = None
        if action.card:
            join(action.card, c["owner"], c["knight"], int(c["tudor"]))
        else:
            rows[c["owner"]]["knights"][c["knight"]][1] = "court"
    return m


def _the_move(before: Any, after: Any) -> Any:
    """The move that led from `before` to `after` (the engine is deterministic): needed only when a placement or
    a Dorset move set off phase 3 at once, which clears the board it scored."""
    for action in before.legal_actions():
        if before.apply(action).d == after.d:
            return action
    return None


def _reward_steps(before: Any, after: Any) -> list[str]:
    """The phase-3 steps (REWARD_STEPS) this move ran: from where `before` stood to where `after` stands."""
    bd, ad = before.d, after.d
    over = ad["stage"] == "over"
    if ad["round"] == bd["round"] and not over and ad["stage"] != "rewards":
        return []
    start = bd["cursor"] if bd["stage"] == "rewards" else 0
    end = ad["cursor"] if (ad["stage"] == "rewards" and ad["round"] == bd["round"]) else len(REWARD_STEPS)
    if over and bd["stage"] == "over":
        return []
    return list(REWARD_STEPS[start:end])


def _laws_run(before: Any, after: Any) -> list[str]:
    """The current laws this move applied (phase 2 applies them left to right, L10)."""
    bd, ad = before.d, after.d
    if bd["stage"] not in ("vote", "laws") or not bd["parliament"]:
        return []
    start = bd["cursor"] if bd["stage"] == "laws" else 0
    if ad["stage"] == "laws" and ad["round"] == bd["round"]:
        end = ad["cursor"]
    elif ad["stage"] == "vote" and ad["round"] == bd["round"]:
        return []
    else:
        end = len(ad["current"])
    return list(ad["current"][start:end])


def _law_text(data: Any, law_id: str) -> str:
    if law_id.startswith("LK-"):
        what, rules = KING_LAWS[int(law_id[3:])]
        return f"{what[0].lower()}{what[1:].rstrip('.')} ({', '.join(rules)})"
    return f"{data.law(law_id).text} (L10, stand-in law)"


def _knights(colour: int, js: list[int], strength: list[list[int]]) -> str:
    return _names([str(strength[colour][j]) for j in js])


def what_changed(before: Any, after: Any) -> list[str]:
    """What a move did, in plain words, that every seat may see: pieces placed and expelled, a lord at court, the
    parliament's votes and laws, phase 3 (offices, tower, counties, castles, conflicts), dishonor taken, upgrades,
    bishops and recruits, the next round and the final scoring. Each line cites its rule IDs. Built only from the
    spectator's observation, so nothing hidden behind a screen (or a secret vote) is ever named."""
    n, data = before.n, before.data
    b, a = observation(before, None), observation(after, None)
    who = lambda colour: colour_name(colour, n)
    strength = [[k[0] for k in row["knights"]] for row in a["players"]]  # at scoring time (an upgrade is its own move)
    open_two = n == 2  # seals and dishonor open (LH-065, LH-097)
    lines: list[str] = []
    steps, laws = _reward_steps(before, after), _laws_run(before, after)
    colour = before.actor if before.current_player is not None else None
    mid = a
    if (steps or laws or a["phase"] != b["phase"]) and b["phase"] in ("place", "dorset"):
        action = _the_move(before, after)
        mid = _patched(b, before, action, colour) if action is not None and colour is not None else b
    elif steps or laws or b["phase"] == "vote":
        mid = b

    # -- phase 1: pieces placed, expelled, a lord at court -----------------------------------------------
    for p, (rb, rm) in enumerate(zip(b["players"], mid["players"])):
        for j, (kb, km) in enumerate(zip(rb["knights"], rm["knights"])):
            if kb[1] == km[1]:
                continue
            s = strength[p][j] if j < len(strength[p]) else kb[0]
            if kb[1] == "court" and km[1].startswith("county:"):
                ci = int(km[1][7:])
                county, c = data.counties[ci], mid["counties"][ci]
                tudor = data.court.tudor_strength
                withs = [w for w, on in ((_count(c["squires"], "squire") + " (+1 each against rivals)", c["squires"]),
                                         ("the shield (it cannot be expelled, LH-041)", c["shield"]),
                                         (f"the Tudor knight (+{tudor}, LH-054, LH-056)", c["tudor"])) if on]
                extra = f" with {_names(withs)}" if withs else ""
                gain = ("an ally's reward is lost (L12, " if p >= n and county.reward not in ("upgrade", "dorset") else
                        f"its owner {_reward(county, before)} (")
                lines.append(f"{who(p)} places a knight of strength {s} in {county.name} (minimum {county.min}){extra}; in phase 3 "
                             f"{gain}LH-015, L7)")
            elif kb[1] == "court" and km[1].startswith("castle:"):
                space = data.castle[int(km[1][7:])]
                pays = {"income": "gives 1 gold and 1 squire, behind the screen", "training": "gives one upgrade opportunity",
                        "recruit": f"brings a new strength-1 knight to court (while its owner has fewer than {data.max_knights})"}
                lines.append(f"{who(p)} places a knight of strength {s} on their castle's {space} space, which in phase 3 "
                             f"{pays.get(space, CASTLE_TEXT[space].format(max=data.max_knights))} (LH-015, L8)")
            elif km[1].startswith("conflict:") and kb[1] in ("court", *[f"county:{i}" for i in range(len(data.counties))]):
                card = km[1][9:]
                c = next(c for c in mid["conflicts"] if c["card"] == card)
                sp = next(sp for sp in c["spaces"] if sp is not None and sp["owner"] == p and j in sp["knights"])
                how = "moves their Dorset knight" if kb[1] != "court" else "sends a knight"
                extra = (" with an archer on the space below (LH-045)" if any(x is not None and x["owner"] == p and x["archer"]
                                                                              for x in c["spaces"]) and kb[1] == "court" else "")
                extra += f" with the Tudor knight (+{data.court.tudor_strength}, LH-054)" if sp["tudor"] else ""
                rules = "LH-059, L7, L9" if kb[1] != "court" else "LH-015, L9"
                lines.append(f"{who(p)} {how} of strength {s} to conflict {card}{extra}: England now {_england(mid, c, strength, data)} "
                             f"against France {c['french']} ({rules})")
            elif kb[1] == "court" and km[1] == "tower":
                load = mid["neutral"] + sum(strength[o][x] for o, x in mid["tower"])
                back = ("an allied knight gives back no dishonor (LH-099)" if before.is_ally(p) else
                        f"{who(p)} gives back {_count(min(s, rb['dishonor']), 'dishonor marker')} to the box (LH-083, LH-084, LH-097)"
                        if open_two and rb["dishonor"] is not None else
                        f"{who(p)} gives back as many of their hidden dishonor markers as its strength, up to all they hold, to the box (LH-083, LH-084)")
                lines.append(f"{who(p)} drops a knight of strength {s} into the tower (now {load} of {data.tower_capacity}, LH-081, LH-082); {back}")
            elif kb[1] == "court" and km[1].startswith("office:"):
                continue  # said with the lord
            elif km[1] == "court" and kb[1].startswith("county:") and b["phase"] == "dorset":
                lines.append(f"{who(p)}'s Dorset knight of strength {s} goes back to court instead of joining a conflict (L7, LH-059)")
            elif km[1] == "court" and kb[1].startswith("county:"):
                lines.append(f"{who(p)}'s knight of strength {s} is expelled from {data.counties[int(kb[1][7:])].name} back to "
                             "court by a stronger knight; its squires are lost (L7)")
        lb, lm = rb["lord"], rm["lord"]
        if lb != lm and lm.startswith("office:"):
            i = int(lm[7:])
            o, office = mid["offices"][i], data.offices[i]
            stack = 1 + o["bishops"] + sum(strength[p][x] for x in o["knights"]) + data.court.tudor_strength * o["tudor"]
            parts = ([f"{'knights' if len(o['knights']) > 1 else 'a knight'} of strength {_knights(p, o['knights'], strength)}"]
                     if o["knights"] else []) + ([_count(o["bishops"], "bishop")] if o["bishops"] else []) + (
                ["the Tudor knight"] if o["tudor"] else [])
            tribute = ("an ally's lord pays no tribute (LH-068" if before.is_ally(p) else
                       f"pays 1 {TRIBUTE_ONE[office.tribute]} as tribute into the treasury (LH-017, LH-018")
            lines.append(f"{who(p)}'s lord applies for {OFFICE_WORDS[office.name]}" + (f" supported by {_names(parts)}" if parts else "")
                         + f": stack strength {stack}; {tribute}, LH-016, LH-019, LH-021)")
        elif lb != lm and lm == "treasury":
            took = [k for k in b["treasury"] if b["treasury"][k] != mid["treasury"][k]]
            pile = f"the {_count(b['treasury'][took[0]], TREASURY_WORDS[took[0]])} lying there" if took else ""
            if not took:
                what, rules = "nothing: that pile was empty", "LH-026, LH-027"
            elif before.is_ally(p):
                what, rules = f"{pile} off to the general supply, where nobody gains them", "LH-026, LH-027, LH-070"
            elif took[0] in HIDDEN_REWARDS:
                what, rules = f"{pile}, behind their screen", "LH-026, LH-027"
            else:
                what, rules = pile, "LH-026, LH-027, L3"
            what += f"; a lord there cannot be expelled ({rules})"
            lines.append(f"{who(p)}'s lord enters the treasury and takes {what}")
        elif lb.startswith("office:") and lm == "court" and b["phase"] == "place":
            lines.append(f"{who(p)}'s lord is expelled from {OFFICE_WORDS[OFFICES[int(lb[7:])]]} by a stronger stack and goes back to "
                         "court with its supporters; its tribute stays in the treasury (LH-023, LH-024)")

    # -- phase-3 tasks and law effects on knights: upgrades, bishops, recruits -----------------------------
    for p in range(before.colours):
        kb, ka = b["players"][p]["knights"], a["players"][p]["knights"]
        for j in range(min(len(kb), len(ka))):
            if ka[j][0] > kb[j][0]:
                lines.append(f"{who(p)} upgrades a knight from strength {kb[j][0]} to {ka[j][0]} (L5)")
        gained = a["players"][p]["bishops"] - b["players"][p]["bishops"]
        if gained > 0:
            lines.append(f"{who(p)} takes a bishop instead of an upgrade: it supports their lord and makes each seal worth 1 PP "
                         "more at the end (LH-060, LH-064)")
    if before.has("KC") and n == 2 and a["supply"]["bishops"] < b["supply"]["bishops"] and not any(
            a["players"][p]["bishops"] > b["players"][p]["bishops"] for p in range(n)):
        lines.append("An ally's upgrade removes a bishop from the game (LH-073)")

    # -- phase 2: votes and laws ----------------------------------------------------------------------
    if b["phase"] == "vote" and b["proposals"]:
        same = a["phase"] == "vote" and a["round"] == b["round"]
        law = b["proposals"][b["vote_index"]]
        if same and a["vote_index"] == b["vote_index"]:
            lines.append(f"{who(before.current_player)} has voted on {law}; the vote stays secret until everyone has voted (L10)")
        for t in (a["tally"][len(b["tally"]):] if same else []):
            lines.append(_verdict(t[0], t[1] >= t[2], b["current"], f"votes revealed, {t[1]} yes against {t[2]} no"))
        if not same:  # the last vote of the round: its count is cleared at once, as the laws run
            lines.append(_verdict(law, law in a["current"] and law not in b["current"], b["current"], "votes revealed"))
    if b["phase"] == "law_choice" and before.current_player is not None:
        chosen = b["pending"][0]["law"]
        lines.append(f"{who(before.current_player)} makes their choice for {chosen}; what they gave stays behind the screen "
                     + ("(LH-110)" if chosen == "LK-4" else "(L10)"))

    for law_id in laws:
        lines.append(f"Law {law_id} applies: {_law_text(data, law_id)}")
    # -- phase 3: offices, tower, counties, castles, conflicts, the next round ------------------------
    if "offices" in steps:
        for i, office in enumerate(data.offices):
            o, holder = mid["offices"][i], a["holders"][i]
            if holder < 0:
                continue
            privs = a["players"][holder]["privileges" if a["round"] > b["round"] else "granted"]
            priv = office.privilege
            extra_rules: list[str] = []
            got = [f"{_count(office.seals, 'regal seal')} behind the screen"] if office.seals and not before.is_ally(holder) else []
            if priv and privs.get(priv):
                got.append(f"{PRIVILEGE_WORDS[priv]} to use next round" if priv != "tudor" or b["round"] < data.rounds else
                           "a Tudor knight that adds to knighthood at the end (LH-058)")
            elif b["round"] == data.rounds and priv != "tudor":
                got.append(f"no {priv} in the last round")
                extra_rules.append("LH-043" if priv == "shield" else "LH-052")
            if office.seals and before.is_ally(holder):
                got.append("no seals for an ally")
                extra_rules.append("LH-071")
            how = "takes" if o is not None else "keeps"
            rules = ", ".join(["LH-029", "LH-030" if o is not None else "LH-033"] + (["LH-032"] if got and office.seals else [])
                              + ["LH-031", PRIVILEGE_RULES[priv]] + extra_rules)
            lines.append(f"{who(holder)} {how} {OFFICE_WORDS[office.name]}" + ("" if o is not None else " as nobody applied")
                         + (f": {' and '.join(got)}" if got else ": nothing this round")
                         + f" ({rules})")
        if any(o is not None for o in mid["offices"]) or any(r["lord"] == "treasury" for r in mid["players"]):
            lines.append("Every lord goes back to court with its supporters (LH-035, LH-036)")
    if "tower" in steps and mid["tower"]:
        inside = ", ".join(f"{who(o)}'s knight {strength[o][x]}" for o, x in mid["tower"])
        lines.append(f"The tower is emptied before the counties: {inside} back to court" + ("; the neutral knight stays" if mid["neutral"] else "")
                     + " (LH-088)")
    if "counties" in steps:
        for i, county in enumerate(data.counties):
            c = mid["counties"][i]
            if c is None:
                continue
            p = c["owner"]
            if p >= n:
                gain = {"upgrade": "'s reward is lost, but the upgrade is the ally's upgrade opportunity (L7, L12, LH-073)",
                        "dorset": f" {REWARD_WORDS['dorset']} (L7, L12)"}.get(county.reward, "'s reward is lost (L7, L12)")
            elif county.reward in HIDDEN_REWARDS:
                gain = f" takes its {HIDDEN_REWARDS[county.reward]} reward behind the screen (L7)"
            else:
                gain = f" {_reward(county, before)} (L7)"
            lines.append(f"{county.name}: {who(p)}{gain}")
    if "castles" in steps:
        for p, row in enumerate(mid["castles"]):
            used = [data.castle[j] for j, x in enumerate(row) if x >= 0]
            if used:
                lost = ": an ally's castle rewards are lost, but training is its upgrade opportunity (L8, L12, LH-073)" if p >= n else " (L8)"
                lines.append(f"{who(p)}'s castle pays: {', '.join(used)}{lost}")
    for p in range(before.colours):  # a law (L10) or a castle's recruit space (L8)
        grown = len(a["players"][p]["knights"]) - len(b["players"][p]["knights"])
        if grown > 0:
            lines.append(f"{who(p)} recruits {'a new knight' if grown == 1 else f'{grown} new knights'} of strength 1 at court (L5)")
    if "conflicts" in steps:
        lines += _conflict_lines(before, mid, a, strength, who)
    if a["round"] > b["round"]:
        new = [f"{c['card']} (France {c['french']})" for c in a["conflicts"] if not c["lower"]]
        lines.append(f"Round {a['round']} begins: {who(a['start'])} is the start player (L2); new conflicts: {', '.join(new) or 'none'} (L9)")
    if a["phase"] == "over" and b["phase"] != "over":
        finals = "; ".join(f"{who(p)} knighthood {f[0]:+d}" + (f", seals {f[1]:+d}" if before.has("KC") else "")
                          + (f", dishonor {f[2]:+d}" if before.has("KR") else "") for p, f in enumerate(a["final"]))
        lines.append(f"Final scoring, now every screen is lifted: {finals} (L11, LH-064, LH-093, LH-094, LH-095)")

    # -- what else every seat sees change: voting markers; with 2 players seals and dishonor ---------------
    vm = [f"{who(p)} {rb['vm']} → {ra['vm']}" for p, (rb, ra) in enumerate(zip(b["players"][:n], a["players"][:n])) if rb["vm"] != ra["vm"]]
    if vm:
        lines.append(f"Voting markers, which everyone sees: {', '.join(vm)} (L3)")
    if open_two and a["phase"] != "over":
        for key, rule in (("seals", "LH-065"), ("dishonor", "LH-097")):
            ch = [f"{who(p)} {rb[key]} → {ra[key]}" for p, (rb, ra) in enumerate(zip(b["players"][:n], a["players"][:n])) if rb[key] != ra[key]]
            if ch:
                lines.append(f"{key.capitalize()}, open with 2 players: {', '.join(ch)} ({rule})")
    return lines


TREASURY_WORDS = {"vm": "VM", "squires": "squire", "gold": "gold"}


def _reward(county: Any, state: Any) -> str:
    """A county's phase-3 reward in words (the bishop alternative only when the King's Court is in play)."""
    words = REWARD_WORDS[county.reward].format(n=county.amount)
    return words if state.has("KC") else words.replace(", or a bishop with KC", "")


def _count(k: int, word: str) -> str:
    return f"{k} {word}{'' if k == 1 or word in ('VM', 'gold') else 's'}"


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _verdict(law: str, approved: bool, row: list[str], counts: str) -> str:
    if approved:
        drop = f"; {row[0]} drops out" if row else ""
        return f"Parliament on {law}: {counts}, approved (a tie approves): it joins the current laws on the right{drop} (L10)"
    return f"Parliament on {law}: {counts}, rejected: the law is discarded (L10)"


def _england(obs: dict[str, Any], c: dict[str, Any], strength: list[list[int]], data: Any) -> int:
    court = data.court
    return sum(sum(strength[sp["owner"]][x] for x in sp["knights"]) + court.archer_strength * sp["archer"] + court.tudor_strength * sp["tudor"]
               for sp in c["spaces"] if sp is not None)


def _conflict_lines(before: Any, mid: dict[str, Any], a: dict[str, Any], strength: list[list[int]], who) -> list[str]:
    """L9, LH-089: each conflict as phase 3 fought it: who won, who ranks, the second battle, the dishonor."""
    data, n, out = before.data, before.n, []
    court = data.court
    for c in mid["conflicts"]:
        eng, french = _england(mid, c, strength, data), c["french"]
        if eng >= french:
            entries = []
            for j, sp in enumerate(c["spaces"]):
                if sp is None:
                    continue
                value = court.archer_strength if sp["archer"] else sum(strength[sp["owner"]][x] for x in sp["knights"]) + court.tudor_strength * sp["tudor"]
                entries.append((value, j, sp["owner"], sp["archer"]))
            entries.sort(key=(lambda e: e[1]) if data.rank_mode == "space" else (lambda e: (-e[0], e[1])))
            ranks = [f"{who(o)}{' (archer)' if arch else ''} +{pp} PP" + (" (lost: an ally scores nothing, L12)" if o >= n else "")
                     for (_, _, o, arch), pp in zip(entries, data.rank_pp)]
            out.append(f"England wins {c['card']} ({eng} against France {french}): " + (", ".join(ranks) or "nobody ranks")
                       + "; its pieces go back (L9, A7, LH-048, LH-049)")
            continue
        battle = "the second battle" if c["lower"] else "the first battle"
        last = before.d["round"] == data.rounds and not c["lower"]
        then = "the game ends, so there is no second battle (L1, L9)" if last else ("the card is discarded and its knights go back to court (L9, LH-051, LH-057)" if c["lower"] else
                "the card and its pieces move to the lower row for a second battle next round (L9, LH-050, LH-057)")
        out.append(f"France wins {battle} of {c['card']} ({french} against England {eng}): {then}")
        if before.has("KR"):
            involved = {sp["owner"] for sp in c["spaces"] if sp is not None and sp["knights"]}
            takers = [who(p) for p in range(n) if p not in involved]
            if takers:
                kept = " (open with 2 players; LH-097" if n == 2 else ", kept hidden behind the screen (LH-091"
                out.append(f"{_names(takers)} had no knight in {c['card']}: {'each takes' if len(takers) > 1 else 'takes'} 1 dishonor "
                           f"marker off the track{kept}, LH-089, LH-090)")
    return out
