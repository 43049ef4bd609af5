"""How a Huns position looks: a one-line notation and an HTML picture with inline styles."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from .data import COLOURS, KINDS, LETTERS
from .effects import is_live
from .state import PHASES, Camp

if TYPE_CHECKING:  # pragma: no cover
    from .state import StateCore

HEX = {0: "#2f6fd6", 1: "#d23b3b", 2: "#2e9e4f", 3: "#2b2b2b", 4: "#e0b100"}
TEXT_ON = {0: "#fff", 1: "#fff", 2: "#fff", 3: "#fff", 4: "#222"}
LABELS = {p: label for p, label, _ in PHASES}


# -- notation -----------------------------------------------------------------------------------
def _load_text(state: "StateCore", camp: Camp, slot: int) -> str:
    w = camp.wagons[slot]
    if w < 0:
        return "-"
    spaces = state.data.wagons[w].spaces
    cells = "".join(LETTERS[c] if x < 0 else LETTERS[x].lower() for sc, x in zip(spaces, camp.loads[slot]) for c in [sc])
    return f"{state.wagon_id(w)}[{cells}]"


def _card_text(state: "StateCore", camp: Camp, card: int) -> str:
    c = state.data.cards[card]
    if card in camp.fled:
        return f"{c.id}(fled)"
    if c.spaces:
        return f"{c.id}({len(camp.cubes.get(card, ()))}/{c.spaces})"
    return c.id + ("*" if card in camp.used else "")


def camp_notation(state: "StateCore", seat: int) -> str:
    camp = state.camps[seat]
    wagons = " ".join(_load_text(state, camp, s) for s in range(len(camp.wagons)))
    cards = ",".join(_card_text(state, camp, c) for c in camp.cards) or "-"
    return f"p{seat}: {wagons} d{len(camp.dispatched)} s{sum(camp.stash)} {cards}"


def notation(state: "StateCore") -> str:
    """One line, e.g. 'r1 t0 first=2 active=2 turn_take_die | dice B3 R1 ... | res ... | p0: ...'.
    Dice: the value, '*' once taken, '?' not rolled. Wagon spaces: capital = empty, small = loaded."""
    dice = " ".join(LETTERS[c] + (str(v) if v else "?") + ("*" if state.taken[c] >= 0 else "") for c, v in enumerate(state.dice))
    res = "/".join(map(str, state.reserve))
    decks = "/".join(str(len(d)) for d in state.decks)
    held = "".join(LETTERS[c] * k for c, k in enumerate(state.holding))
    extra = f" holding={held}" if held else ""
    if state.hand:
        extra += " hand=" + ",".join(state.card_id(c) for c in state.hand)
    camps = " | ".join(camp_notation(state, s) for s in range(state.n))
    return (f"r{state.round} t{state.turn} first={state.first} active={state.active} {state.phase}{extra} | dice {dice} | "
            f"res {res} | decks {decks} | wagons {len(state.wagon_deck)} | {camps}")


# -- HTML ---------------------------------------------------------------------------------------
def _cube(colour: int, size: int = 12) -> str:
    return (f"<span style='display:inline-block;width:{size}px;height:{size}px;background:{HEX[colour]};"
            f"border:1px solid #0006;border-radius:2px;margin:1px'></span>")


def _click(action: object | None, hint: str) -> str:
    """Attributes that make an element a move to click (widgets.board); `action` must be legal."""
    return "" if action is None else f" data-action='{html.escape(str(action))}' title='{html.escape(hint)}'"


def _space(space: int, load: int, action: object | None = None) -> str:
    inner = _cube(load, 14) if load >= 0 else ""
    return (f"<span{_click(action, 'click to put a cube here (HU-057)')} style='display:inline-flex;align-items:center;justify-content:center;width:20px;height:20px;"
            f"margin:1px;border:2px solid {HEX[space]};border-radius:4px;background:#fffdf6'>{inner}</span>")


def _die(state: "StateCore", colour: int, legal: set[str] = frozenset()) -> str:
    v, taken = state.dice[colour], state.taken[colour]
    take = f"take {COLOURS[colour]}"
    face = str(v) if v else "?"
    fade = "opacity:0.35;" if taken >= 0 else ""
    who = f"<div style='font-size:10px;color:#555'>p{taken}</div>" if taken >= 0 else "<div style='font-size:10px'>&nbsp;</div>"
    return (f"<div{_click(take if take in legal else None, 'click to take this die (HU-033)')} "
            f"style='display:inline-block;text-align:center;margin:0 4px'><div style='{fade}width:30px;height:30px;"
            f"line-height:30px;border-radius:6px;background:{HEX[colour]};color:{TEXT_ON[colour]};font-weight:bold;"
            f"font-size:17px;box-shadow:1px 1px 2px #0005'>{face}</div>{who}</div>")


def _supply(state: "StateCore", legal: set[str] = frozenset()) -> str:
    cols = []
    for c in range(5):
        cols.append(f"<td style='padding:2px 8px;text-align:center'>{_die(state, c, legal)}<div style='font-size:11px'>"
                    f"{KINDS[c]} deck: <b>{len(state.decks[c])}</b></div><div style='font-size:11px'>{_cube(c)} "
                    f"reserve <b>{state.reserve[c]}</b></div></td>")
    return f"<table style='border-collapse:collapse'><tr>{''.join(cols)}</tr></table>"


def _wagon_html(state: "StateCore", wagon: int, load: list[int] | None, label: str, slot: int | None = None) -> str:
    w = state.data.wagons[wagon]
    load = load if load is not None else [-1] * len(w.spaces)
    actions = [state.action_for_space(slot, k) if slot is not None else None for k in range(len(w.spaces))]
    cells = "".join(_space(sc, x, a) for sc, x, a in zip(w.spaces, load, actions))
    return (f"<div style='display:inline-block;margin:3px;padding:3px 5px;border:1px solid #a98;border-radius:6px;"
            f"background:#f3e6cf'><div style='font-size:10px;color:#654'>{label} {w.id} "
            f"({html.escape(state.data.type_names[w.type])})</div>{cells}</div>")


def _card_html(state: "StateCore", camp: Camp, card: int) -> str:
    c = state.data.cards[card]
    if card in camp.fled:
        return ("<span style='display:inline-block;margin:2px;padding:2px 6px;border-radius:4px;background:#555;"
                "color:#ddd;font-size:11px'>fled Curse</span>")
    cubes = "".join(_cube(x, 9) for x in camp.cubes.get(card, ()))
    room = f" {len(camp.cubes.get(card, ()))}/{c.spaces} {cubes}" if c.spaces else ""
    used = " (used)" if card in camp.used else ""
    live = is_live(camp, state.data, card)
    style = "solid" if live or c.colour in (1, 4) else "dashed"  # dashed: an empty Mercenary, a filled Curse
    return (f"<span title='{html.escape(c.effect)}{' (active)' if live else ''}' style='display:inline-block;margin:2px;"
            f"padding:2px 6px;border-radius:4px;border:2px {style} {HEX[c.colour]};background:#fff;font-size:11px'>"
            f"<b>{c.id}</b> {html.escape(c.name)}{room}{used}</span>")


def _camp_html(state: "StateCore", seat: int, clickable: bool = False) -> str:
    camp = state.camps[seat]
    turn = seat == state.current_player
    border = "#d23b3b" if turn else "#ccc"
    slot = (lambda i: i) if clickable and turn else (lambda i: None)
    wagons = "".join(_wagon_html(state, w, camp.loads[i], f"wagon {i + 1}", slot(i)) if w >= 0 else
                     "<div style='display:inline-block;margin:3px;color:#999'>(no wagon)</div>"
                     for i, w in enumerate(camp.wagons))
    stash = "".join(_cube(c, 9) for c in range(5) for _ in range(camp.stash[c]))
    cards = "".join(_card_html(state, camp, c) for c in camp.cards) or "<i style='color:#999'>no cards</i>"
    first = " &#9873; first" if seat == state.first else ""
    vp = f" &middot; <b>{state.scores()[seat]}</b> VP{'' if state.phase == 'game_over' else ' if it ended now'}"
    return (f"<div style='border:2px solid {border};border-radius:8px;padding:6px;margin:4px 0;background:#fbf8f2'>"
            f"<b>Player {seat}</b>{first}{vp}{' &larr; to act' if turn else ''}<div>{wagons}</div>"
            f"<div style='font-size:12px'>dispatched: <b>{len(camp.dispatched)}</b> &nbsp; stash ({sum(camp.stash)}): "
            f"{stash}</div><div>{cards}</div></div>")


def _sheet_html(state: "StateCore") -> str:
    from .scoring import scoring_sheet

    rows = scoring_sheet(state)
    head = "".join(f"<th style='padding:2px 8px'>Player {i}</th>" for i in range(state.n))
    body = "".join(f"<tr><td style='padding:1px 8px'>{k}</td>" + "".join(
        f"<td style='text-align:right;padding:1px 8px'>{r[k]}</td>" for r in rows) + "</tr>" for k in rows[0])
    win = ", ".join(f"Player {w}" for w in state.winners())
    return (f"<table style='border-collapse:collapse;font-size:12px;margin:4px 0;background:#fff'><tr><th></th>{head}</tr>"
            f"{body}</table><div>Winner: <b>{win}</b></div>")


def to_html(state: "StateCore", clickable: bool = False) -> str:
    """The table as HTML. With `clickable`, the dice to take and the Wagon spaces to fill carry
    data-action="<move>" for a clickable board."""
    legal = {str(a) for a in state.legal_actions()} if clickable else set()
    display = "".join(_wagon_html(state, w, None, f"display {i + 1}") for i, w in enumerate(state.display) if w >= 0)
    held = "".join(_cube(c) for c in range(5) for _ in range(state.holding[c]))
    hand = " ".join(state.card_id(c) for c in state.hand)
    pending = (f"<div>in hand: {held}</div>" if held else "") + (f"<div>drawn: <b>{hand}</b></div>" if hand else "")
    phase = f"{LABELS.get(state.phase, state.phase)} <code>{state.phase}</code>"
    return (f"<div style='font-family:sans-serif;font-size:13px;max-width:900px;color:#222'>"
            f"<div style='font-size:14px;margin-bottom:4px'><b>Huns</b> &middot; round {state.round}, turn {state.turn + 1}/5 "
            f"&middot; {phase}</div>{_supply(state, legal)}<div style='font-size:12px'>Wagon deck: {len(state.wagon_deck)} "
            f"&middot; face up:</div><div>{display}</div>{pending}"
            f"{_sheet_html(state) if state.phase == 'game_over' else ''}"
            f"{''.join(_camp_html(state, s, clickable) for s in range(state.n))}</div>")


__all__ = ["notation", "to_html", "camp_notation"]
