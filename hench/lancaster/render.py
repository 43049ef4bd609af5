"""What a seat may know, and every view built from it.

Hidden behind a player's screen (L3, LH-032, LH-091): gold, squires, seals and dishonor markers; a
cast vote stays secret until everyone has voted; the law and conflict decks are face down. Public:
PP, voting markers, bishops, office cards and privileges (LH-037), the board, the tower, the track.
The base game here is a STAND-IN (Lancaster-Lite), and every view says so.
"""

from __future__ import annotations

import html as _html
from typing import Any

from hench.core import Rng, seat_name

from .actions import OFFICES
from .phases import PHASES
from .state import LancasterState

HIDDEN = ("gold", "squires", "seals", "dishonor")
STAND_IN = ("The base game here is a stand-in (Lancaster-Lite): its counties, castle, conflicts, laws and "
            "scoring are placeholders, not the published Lancaster rules.")


def observation(s: LancasterState, seat: int | None) -> dict[str, Any]:
    d = s.d
    players = []
    for p in range(s.n):
        res = d["res"][p]
        mine = seat == p or d["stage"] == "over"
        row: dict[str, Any] = {k: res[k] for k in ("pp", "vm", "bishops")}
        for k in HIDDEN:
            row[k] = res[k] if mine else None
        row["knights"] = [list(k) for k in d["knights"][p]]
        row["lord"] = d["lord"][p]
        row["privileges"] = dict(d["priv"][p])
        row["granted"] = dict(d["granted"][p])
        row["voted"] = d["votes"][p] is not None
        row["vote"] = list(d["votes"][p]) if (mine and d["votes"][p] is not None) else None
        players.append(row)
    pending = []
    for p, kind, arg in d["pending"]:
        item: dict[str, Any] = {"seat": p, "kind": kind}
        if kind == "law_choice":
            item["law"] = arg["law"]
            item["max"] = arg["max"] if seat == p else None
        pending.append(item)
    return {
        "stand_in": STAND_IN, "modules": list(d["modules"]), "parliament": d["parliament"],
        "round": d["round"], "rounds": s.data.rounds, "start": d["start"], "phase": s.phase,
        "to_move": s.current_player, "players": players, "pending": pending,
        "counties": [None if c is None else dict(c) for c in d["counties"]],
        "conflicts": [{"card": f"C{c['card'] + 1}", "french": s.data.french[c["card"]], "lower": c["lower"],
                       "spaces": [None if sp is None else {**sp, "knights": list(sp["knights"])} for sp in c["spaces"]]}
                      for c in d["conflicts"]],
        "conflicts_left": len(d["conflict_deck"]), "discarded": [f"C{x + 1}" for x in d["discarded"]],
        "castles": [list(r) for r in d["castles"]], "tower": [list(t) for t in d["tower"]], "neutral": d["neutral"],
        "offices": [None if o is None else {**o, "knights": list(o["knights"])} for o in d["offices"]],
        "holders": list(d["holders"]), "treasury": dict(d["treasury"]), "supply": dict(d["supply"]),
        "track": list(d["track"]), "box": d["box"], "laws_left": len(d["law_deck"]), "current": list(d["current"]),
        "proposals": list(d["proposals"]), "vote_index": d["vote_index"], "tally": [list(t) for t in d["tally"]],
        "vm_hold": list(d["vm_hold"]), "final": [list(f) for f in d["final"]],
    }


def resample(s: LancasterState, seat: int, rng: Rng) -> LancasterState:
    """A state differing only in what `seat` hides from the others: its gold, squires and cast vote
    (seals and dishonor are tied to public supplies, so they are left alone)."""
    out = s.clone()
    res = out.d["res"][seat]
    if out.d["stage"] != "over":
        res["gold"] = rng.randrange(res["gold"] + 3)
        res["squires"] = rng.randrange(res["squires"] + 3)
        vote = out.d["votes"][seat]
        if vote is not None:
            vote[0] = bool(rng.randrange(2))
    out._legal = None
    return out


def _where(loc: str) -> str:
    if loc.startswith("office:"):
        return OFFICES[int(loc[7:])]
    return loc


def notation(obs: dict[str, Any]) -> str:
    """One line: round, phase, who moves, PP, current laws and the tower."""
    pp = "/".join(str(p["pp"]) for p in obs["players"])
    who = "-" if obs["to_move"] is None else str(obs["to_move"] + 1)
    mods = "+".join(obs["modules"]) or "base"
    return (f"r{obs['round']} {obs['phase']} to={who} pp={pp} mods={mods} laws={','.join(obs['current'])} "
            f"conflicts={','.join(c['card'] + ('v' if c['lower'] else '') for c in obs['conflicts'])}")


def html(obs: dict[str, Any]) -> str:
    e = _html.escape
    rows = []
    for p, row in enumerate(obs["players"]):
        hidden = ", ".join(f"{k} {'?' if row[k] is None else row[k]}" for k in HIDDEN)
        knights = " ".join(f"{k[0]}@{_where(k[1])}" for k in row["knights"])
        rows.append(f"<tr><td>{e(seat_name(p))}</td><td>{row['pp']}</td><td>{row['vm']}</td><td>{e(hidden)}</td>"
                    f"<td>{e(knights)}</td><td>{e(_where(row['lord']))}</td></tr>")
    return (f"<div class='hench-board'><p><i>{e(obs['stand_in'])}</i></p>"
            f"<b>Round {obs['round']} of {obs['rounds']}: {e(PHASES.title(obs['phase']))}</b>"
            f"<table><tr><th>Seat</th><th>PP</th><th>VM</th><th>Behind the screen</th><th>Knights</th><th>Lord</th></tr>"
            f"{''.join(rows)}</table><p>Current laws: {e(', '.join(obs['current']))}</p></div>")
