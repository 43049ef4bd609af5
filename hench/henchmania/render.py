"""Showing a Henchmania state: the one-line notation, what one seat may see, and an HTML board."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

from hench.core import CHANCE

if TYPE_CHECKING:  # pragma: no cover
    from .state import HMState

SEAT_COLORS = ("#f4f1ea", "#9e9e9e", "#2b2b2b", "#b71c1c", "#1565c0")
SEAT_NAMES = ("White", "Grey", "Black", "Red", "Blue")
SITE_COLORS = ("#8d6e63", "#6a1b9a", "#c62828", "#c99a06", "#455a64")


def meter(score: int, size: int = 30) -> tuple[int, int]:
    """HM-079: (position on the 1..30 meter, laps past 30). 31 -> (1, 1), 41 -> (11, 1), 30 -> (30, 0)."""
    if score <= size:
        return score, 0
    laps = (score - 1) // size
    return score - size * laps, laps


def actor_text(s: "HMState") -> str:
    return "end" if s.actor is None else "dice" if s.actor == CHANCE else f"P{s.actor}"


def notation(s: "HMState") -> str:
    """One line: day, phase, who acts, Badge, scores, pawns per site, hand/Reserve sizes, Trumps."""
    pawns = " ".join(f"{s.data.site_names[i][:2]}:{''.join(map(str, row))}" for i, row in enumerate(s.pawns))
    trumps = ",".join("-" if t is None else s.name(t)[:3] + ("*" if t in s.exhausted else "") for t in s.trumps)
    duel = ""
    if s.duel is not None:
        d = s.duel
        duel = f" duel=P{d['att']}>P{d['dfn']}:{d['step']}:h{d['hits']}w{d['wounds']}"
    return (f"d{s.day}/{s.last_day} {s.stage} act={actor_text(s)} badge=P{s.badge} "
            f"score={'/'.join(map(str, s.scores_))} pawns[{pawns}] hand={'/'.join(str(len(h)) for h in s.hands)} "
            f"res={'/'.join(str(len(r)) for r in s.reserves)} trump={trumps}{duel}")


def _front(s: "HMState", cid: int) -> dict[str, Any]:
    return {"name": s.name(cid), "site": s.data.site_names[s.card(cid).site], "used": cid in s.exhausted}


def view(s: "HMState", seat: int | None) -> dict[str, Any]:
    """What `seat` may see: its own hand face up; other hands only as backs (HM-089); the rest is public
    (discards HM-088, Reserves, Trumps, pawns, pile sizes, scores)."""
    sites = s.data.site_names
    hands = [[s.name(c) for c in h] if i == seat else [sites[s.card(c).site] for c in h] for i, h in enumerate(s.hands)]
    duel = None
    if s.duel is not None:
        d = s.duel
        duel = {"attacker": d["att"], "defender": d["dfn"], "step": d["step"], "hits": d["hits"], "wounds": d["wounds"],
                "attacker_weapon": s.name(d["aw"]) if d["aw"] is not None else None,
                "defender_weapon": s.name(d["dw"]) if d["dw"] is not None else None, "tiebreak": d["tb"]}
    return {
        "seat": seat, "day": s.day, "last_day": s.last_day, "phase": s.stage, "current_player": s.actor,
        "badge": s.badge, "scores": list(s.scores_), "passed": list(s.passed), "winner": s.winner,
        "sites": [{"name": name, "pile": len(s.piles[i]), "discard": [s.name(c) for c in s.discards[i]],
                   "pawns": list(s.pawns[i]), "spots_left": s.spots() - sum(s.pawns[i])} for i, name in enumerate(sites)],
        "hands": hands, "hand_sizes": [len(h) for h in s.hands],
        "reserves": [[_front(s, c) for c in r] for r in s.reserves],
        "trumps": [None if t is None else _front(s, t) for t in s.trumps],
        "held_pawns": [list(h) for h in s.held], "duel": duel, "events": list(s.events),
        "legal_actions": [str(a) for a in s.legal_actions()] if seat is not None and seat == s.actor else [],
    }


# -- HTML ------------------------------------------------------------------------------------
_BOX = "border-radius:8px;padding:6px 8px;margin:3px;"
_CHIP = "display:inline-block;border-radius:4px;padding:1px 5px;margin:1px;font-size:11px;"


def _e(text: Any) -> str:
    return html.escape(str(text))


def _pawn(seat: int) -> str:
    return (f"<span title='P{seat} ({SEAT_NAMES[seat]})' style='display:inline-block;width:12px;height:12px;"
            f"border-radius:50%;margin:1px;background:{SEAT_COLORS[seat]};border:1px solid #333'></span>")


def _card_chip(name: str, site: int, used: bool = False, back: bool = False) -> str:
    color = SITE_COLORS[site % len(SITE_COLORS)]
    style = f"{_CHIP}background:{color};color:#fff;" + ("transform:rotate(-8deg);opacity:.6;" if used else "")
    label = "&#9635;" if back else _e(name) + (" (used)" if used else "")
    return f"<span title='{_e(name)}' style='{style}'>{label}</span>"


def _clickable(action: str | None, legal: set[str], hint: str) -> str:
    """Attributes that make an element a move to click (widgets.board), when that move is legal."""
    if action is None or action not in legal:
        return ""
    return f" data-action='{_e(action)}' title='{_e(hint)}'"


def _sites_html(s: "HMState", legal: set[str] = frozenset()) -> str:
    cells = []
    for i, name in enumerate(s.data.site_names):
        row = s.pawns[i]
        pawns = "".join(_pawn(seat) for seat in range(s.n) for _ in range(row[seat])) or "&nbsp;"
        left = s.spots() - sum(row)
        cells.append(
            f"<div{_clickable(f'place {name}', legal, f'click to place a pawn on the {name} (HM-016)')} "
            f"style='{_BOX}flex:1;min-width:110px;background:{SITE_COLORS[i]}22;border:2px solid {SITE_COLORS[i]}'>"
            f"<div style='font-weight:bold;color:{SITE_COLORS[i]}'>{_e(name)}</div>"
            f"<div style='min-height:16px'>{pawns}</div>"
            f"<div style='font-size:11px;color:#444'>spots left {max(left, 0)}/{s.spots()}{' FULL' if left <= 0 else ''}"
            f" &middot; pile {len(s.piles[i])} &middot; discard {len(s.discards[i])}</div></div>")
    return "<div style='display:flex;flex-wrap:wrap'>" + "".join(cells) + "</div>"


def _player_html(s: "HMState", seat: int, show_hand: bool, legal: set[str] = frozenset()) -> str:
    pos, laps = meter(s.scores_[seat], s.data.values["meter_size"])
    hand = "".join(f"<span{_clickable(f'play {s.name(c)}', legal, 'click to play this card')}>"
                   f"{_card_chip(s.name(c), s.card(c).site, back=not show_hand)}</span>" for c in s.hands[seat]) or "<i>empty</i>"
    reserve = "".join(_card_chip(s.name(c), s.card(c).site, c in s.exhausted) for c in s.reserves[seat]) or "<i>none</i>"
    trump = s.trumps[seat]
    trump_html = _card_chip(s.name(trump), s.card(trump).site, trump in s.exhausted) if trump is not None else "<i>none</i>"
    badge = f" <span title='Badge of Honor' style='{_CHIP}background:#f9a825;color:#000'>&#9733; Badge</span>"
    marks = (badge if seat == s.badge else "") + (" &#9654;" if seat == s.actor else "") + \
            (" <span style='color:#888'>(passed)</span>" if s.passed[seat] and s.stage == "play_cards" else "")
    border = "3px solid #e65100" if seat == s.actor else "1px solid #bbb"
    lap = f" <span style='font-size:11px'>(meter {pos}, lap {laps + 1})</span>" if laps else ""
    return (f"<div style='{_BOX}border:{border};background:#fafafa;min-width:220px;flex:1'>"
            f"<div>{_pawn(seat)} <b>P{seat} {SEAT_NAMES[seat]}</b>{marks} &mdash; <b style='font-size:16px'>"
            f"{s.scores_[seat]}</b> pts{lap}</div>"
            f"<div style='font-size:11px'>hand ({len(s.hands[seat])}): {hand}</div>"
            f"<div style='font-size:11px'>reserve ({len(s.reserves[seat])}/{s.data.values['reserve_limit']}): {reserve}</div>"
            f"<div style='font-size:11px'>trump: {trump_html}"
            f"{' &middot; pawns to place ' + str(s.placements_left(seat)) if s.stage == 'set_henchmen' else ''}</div></div>")


def _phase_bar(s: "HMState") -> str:
    from . import PHASES

    items = []
    for pid, label, _ in PHASES:
        on = pid == s.stage
        style = f"{_CHIP}background:{'#e65100' if on else '#eee'};color:{'#fff' if on else '#555'}"
        items.append(f"<span title='{_e(label)}' style='{style}'>{_e(pid.replace('_', ' '))}</span>")
    return "<div>" + "".join(items) + "</div>"


def _duel_html(s: "HMState") -> str:
    if s.duel is None:
        return ""
    d = s.duel
    aw = s.name(d["aw"]) if d["aw"] is not None else "bare hands"
    dw = s.name(d["dw"]) if d["dw"] is not None else "bare hands"
    kind = "Tie-break duel" if d["tb"] else "Duel"
    return (f"<div style='{_BOX}background:#fff3e0;border:1px solid #e65100'>&#9876; <b>{kind}</b>: P{d['att']} ({_e(aw)}) "
            f"attacks P{d['dfn']} ({_e(dw)}) &middot; step {_e(d['step'])} &middot; hits {d['hits']} &middot; wounds {d['wounds']}</div>")


def render_html(s: "HMState", seat: int | None = None, reveal: bool = True, clickable: bool = False) -> str:
    """The board: phase bar, sites with pawns and spots left, players with scores, hands (faces if
    `reveal` or the viewer's own), Reserves and Trumps, the duel, and the last events. With
    `clickable`, the sites and hand cards that are legal moves carry data-action="<move>"."""
    legal = {str(a) for a in s.legal_actions()} if clickable else set()
    head = (f"<div style='font-weight:bold'>Henchmania &mdash; day {s.day} of {s.last_day} &middot; "
            f"{_e(s.stage.replace('_', ' '))} &middot; to act: {actor_text(s)}"
            + (f" &middot; <span style='color:#2e7d32'>winner P{s.winner}</span>" if s.winner is not None else "") + "</div>")
    players = "".join(_player_html(s, p, reveal or p == seat, legal if p == s.actor else set()) for p in range(s.n))
    events = "".join(f"<li>{_e(e)}</li>" for e in s.events[-6:])
    return (f"<div class='hench-state hench-henchmania' style='font-family:sans-serif;font-size:13px;color:#222;"
            f"max-width:900px'>{head}{_phase_bar(s)}{_sites_html(s, legal)}{_duel_html(s)}"
            f"<div style='display:flex;flex-wrap:wrap'>{players}</div>"
            + (f"<ul style='font-size:11px;color:#555;margin:2px 0'>{events}</ul>" if events else "") + "</div>")
