"""What a seat may know (`observation`), `resample` for the hidden-information test, and the views built
from an observation: the one-line notation and an HTML summary.

Hidden: draft hands and locked picks (MA-041: their owner only, until the reveal), Scheme cards in hand
(MA-162: their owner only), the order of every deck, and the face of each map contract until it is
flipped for an attempt (MA-106: its back, difficulty, team size and recommended trait, is public).
"""

from __future__ import annotations

import html as _html
from typing import Any

from hench.core import Rng, seat_name

from .data import CONTINENT_NAMES, TYPES
from .phases import PHASES
from .state import ManiacalState

REVEALED_STEPS = ("before_roll", "rolling", "after_roll", "reroll", "effect")  # MA-111: flipped once the time is paid


def observation(state: ManiacalState, seat: int | None) -> dict[str, Any]:
    return {
        "phase": state.step, "round": state.round, "pick_no": state.pick_no, "current": state.current_player,
        "order": list(state.order), "next_order": list(state.next_order),
        "players": [_lair_view(state, i, seat) for i in range(len(state.lairs))],
        "offers": {t: (state.decks[t][0] if state.decks[t] else None) for t in TYPES},  # MA-015: face up
        "decks": {k: len(v) for k, v in state.decks.items()},
        "discards": {k: list(state.decks[k]) for k in ("easy_discard", "hard_discard", "legendary_discard", "scheme_discard")},
        "map": [_contract_view(state, i) for i in range(len(state.map))],
        "attempt": _attempt_view(state), "queue": list(state.queue), "bonus": list(state.bonus),
        "options": dict(state.options), "events": list(state.events),
    }


def _lair_view(state: ManiacalState, i: int, seat: int | None) -> dict[str, Any]:
    lair, mine = state.lairs[i], i == seat
    return {"sv": lair.sv, "sv_ready": lair.sv_ready, "money": lair.money, "infamy": lair.infamy,
            "attraction": list(lair.attraction), "rooms": list(lair.rooms), "used": list(lair.used),
            "crew": [m.to_dict() for m in lair.crew], "weeks": lair.weeks, "placed": lair.placed,
            "schemes": list(lair.schemes) if mine else len(lair.schemes),
            "hand": list(lair.hand) if mine else len(lair.hand),
            "pick": (list(lair.pick) if lair.pick else None) if mine else lair.pick is not None}


def _contract_view(state: ManiacalState, i: int) -> dict[str, Any]:
    c = state.data.cards[state.map[i]]
    view = {"continent": CONTINENT_NAMES[i], "difficulty": c.difficulty, "team": c.team, "trait": c.trait}
    if state.attempt and state.attempt.get("slot") == i and state.step in REVEALED_STEPS:
        view["id"] = c.id  # MA-111: turned face up
    return view


def _attempt_view(state: ManiacalState) -> dict[str, Any] | None:
    a = state.attempt
    if a is None:
        return None
    view = {k: v for k, v in a.items() if k != "target"}
    if state.step in REVEALED_STEPS:
        view["target"] = a["target"]
    return view


def resample(state: ManiacalState, seat: int, rng: Rng) -> ManiacalState:
    """Swap `seat`'s hidden cards with unseen ones of the same back: its Scheme cards with the Scheme deck,
    and (before any hand was passed, so nobody else has seen it) its draft hand with the Room deck."""
    s = state.clone()
    lair = s.lairs[seat]
    pool = rng.shuffled(lair.schemes + s.decks["schemes"])
    lair.schemes, s.decks["schemes"] = pool[:len(lair.schemes)], pool[len(lair.schemes):]
    if s.step == "draft" and s.pick_no == 1 and lair.pick is None:
        pool = rng.shuffled(lair.hand + s.decks["rooms"])
        lair.hand, s.decks["rooms"] = pool[:len(lair.hand)], pool[len(lair.hand):]
    s._legal = None
    return s


def notation(obs: dict[str, Any]) -> str:
    """'r1 contract_action Player 1:2i$8w7 ...': round, phase, then each player's Infamy, money and weeks left."""
    players = " ".join(f"{seat_name(i)}:{p['infamy']}i${p['money']}" + (f"w{p['weeks']}" if p["weeks"] is not None else "")
                       for i, p in enumerate(obs["players"]))
    return f"r{obs['round']} {obs['phase']} {players}"


def html(obs: dict[str, Any]) -> str:
    rows = "".join(
        f"<tr><td>{seat_name(i)}</td><td>{p['infamy']}</td><td>${p['money']}</td>"
        f"<td>{'/'.join(map(str, p['attraction']))}</td><td>{len(p['rooms'])}</td><td>{len(p['crew'])}</td>"
        f"<td>{'' if p['weeks'] is None else p['weeks']}</td></tr>" for i, p in enumerate(obs["players"]))
    return (f"<div class='hench-board'><b>Round {obs['round']}: {_html.escape(PHASES.title(obs['phase']))}</b>"
            "<table><tr><th>Player</th><th>Infamy</th><th>Money</th><th>Attraction B/C/S/M</th><th>Rooms</th>"
            f"<th>Henchmen</th><th>Weeks</th></tr>{rows}</table></div>")
