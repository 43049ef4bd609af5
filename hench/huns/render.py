"""What a seat may know (`observation`), `resample` for the hidden-information test, and every view
built from an observation: the one-line notation and the HTML table.

Hidden (HU-081, HU-104): the cards drawn and not yet played (seen by the drawer only), the order of
the decks and of the Wagon deck (nobody), the types of dispatched Wagons and the face of a fled Curse
(their owner only, until final scoring). So the "VP if it ended now" of another Camp leaves out the
categories that depend on those (wagon types; Treasures counting types).
"""

from __future__ import annotations

import html as _html
from typing import Any

from hench.core import CHANCE, CardText, Rng, seat_name

from .actions import Place
from .data import BLACK, BLUE, COLOURS, GREEN, KINDS, LETTERS, RED, YELLOW, HunsData, default_data
from .effects import is_live
from .phases import PHASES
from .scoring import breakdown
from .state import Camp, HunsState

HEX = {"blue": "#2f6fd6", "red": "#d23b3b", "green": "#2e9e4f", "black": "#2b2b2b", "yellow": "#e0b100"}
TEXT_ON = {"blue": "#fff", "red": "#fff", "green": "#000", "black": "#fff", "yellow": "#222"}  # readable on HEX (WCAG AA)
LETTER = {"blue": "B", "red": "R", "green": "G", "black": "K", "yellow": "Y"}  # HU-010's letters: a colour in text too
HIDDEN_CONDITIONS = ("wagon_types", "wagon_set")


# -- the observation -------------------------------------------------------------------------------
def observation(state: HunsState, seat: int | None) -> dict[str, Any]:
    """A JSON-like dict of everything `seat` may know (None: a spectator): the table, the moves open to `seat`
    if it is to act (`moves`, as typed), and the plain text of every card it can see (`card_texts`)."""
    over = state.phase == "game_over"
    sees_hand = seat is not None and seat == state.active
    to_act = None if state.current_player in (None, CHANCE) else state.current_player
    obs: dict[str, Any] = {
        "phase": state.phase, "phase_title": PHASES.title(state.phase), "round": state.round, "turn": state.turn,
        "players": state.n, "first": state.first, "active": state.active, "viewer": seat, "to_act": to_act,
        "moves": [str(a) for a in state.legal_actions()] if seat is not None and seat == to_act else [],
        "dice": [{"colour": COLOURS[c], "value": v or None, "taken_by": None if t < 0 else t}
                 for c, (v, t) in enumerate(zip(state.dice, state.taken))],
        "rerolling": COLOURS[state.reroll] if state.reroll >= 0 else None,  # HU-077: the die a Diviner rerolls, in the open
        "reserve": list(state.reserve), "decks": [len(d) for d in state.decks], "wagon_deck": len(state.wagon_deck),
        "display": [None if w < 0 else _wagon(state, w, None) for w in state.display],
        "holding": list(state.holding), "paused": list(state.paused), "hand_size": len(state.hand),
        "hand": [_card(state, c) for c in state.hand] if sees_hand else None,
        "curse": None if state.curse < 0 else {**_card(state, state.curse), "from": state.curse_from, "to": state.curse_to},
        "camps": [_camp(state, i, seat == i or over) for i in range(state.n)],
        "winners": state.winners() if over else [],
    }
    texts = hover_texts(state.data, state.n)
    shown = [c for camp in obs["camps"] for c in camp["cards"]] + list(obs["hand"] or ()) + ([obs["curse"]] if obs["curse"] else [])
    obs["card_texts"] = {c["id"]: texts[c["id"]] for c in shown if "id" in c}
    return obs


def _card(state: HunsState, card: int) -> dict[str, Any]:
    c = state.data.cards[card]
    return {"id": c.id, "name": c.name, "colour": COLOURS[c.colour], "effect": c.effect, "spaces": c.spaces}


def _wagon(state: HunsState, wagon: int, load: list[int] | None) -> dict[str, Any]:
    w = state.data.wagons[wagon]
    load = load if load is not None else [-1] * len(w.spaces)
    return {"id": w.id, "type": w.type, "type_name": state.data.type_names[w.type],
            "spaces": [COLOURS[c] for c in w.spaces], "load": [COLOURS[x] if x >= 0 else None for x in load]}


def _camp(state: HunsState, seat: int, knows: bool) -> dict[str, Any]:
    camp = state.camps[seat]
    cards = [_camp_card(state, camp, c, knows) for c in camp.cards]
    sheet: dict[str, int | None] = dict(breakdown(state, seat))
    if not knows and camp.dispatched:  # how many were dispatched is public: with none, nothing is hidden (HU-104)
        sheet["wagon types"] = None
        if any(state.data.cards[c].condition in HIDDEN_CONDITIONS for c in camp.cards):
            sheet["treasures"] = None
    known = [v for v in sheet.values() if v is not None]
    return {"wagons": [None if w < 0 else _wagon(state, w, camp.loads[i]) for i, w in enumerate(camp.wagons)],
            "dispatched": len(camp.dispatched),
            "dispatched_types": sorted(state.data.type_names[state.data.wagons[w].type] for w in camp.dispatched) if knows else None,
            "stash": list(camp.stash), "cards": cards, "breakdown": sheet,
            "vp": sum(known) if len(known) == len(sheet) else None, "vp_known_part": sum(known)}


def _camp_card(state: HunsState, camp: Camp, card: int, knows: bool) -> dict[str, Any]:
    if card in camp.fled:
        return {"fled": True, "colour": "black", **({"id": state.card_id(card), "name": state.data.cards[card].name} if knows else {})}
    return {**_card(state, card), "cubes": [COLOURS[x] for x in camp.cubes.get(card, ())],
            "used": card in camp.used, "live": is_live(camp, state.data, card), "fled": False}


# -- what a view reads of a Camp, from the observation (the apps and the tour never open the state) ----------
def cubes_held(obs: dict[str, Any], seat: int) -> int:
    """How many cubes `seat`'s Camp holds: on its active Wagons, in its Stash (HU-063) and on its cards
    (Mercenaries and Curses, HU-055); dispatched Wagons' cubes are no longer held. Public: every seat sees it."""
    camp = obs["camps"][seat]
    on_wagons = sum(c is not None for w in camp["wagons"] if w is not None for c in w["load"])
    return on_wagons + sum(camp["stash"]) + sum(len(c.get("cubes", ())) for c in camp["cards"])


def cubes_on_card(obs: dict[str, Any], seat: int, card_id: str) -> list[str]:
    """The colours of the cubes on card `card_id` in `seat`'s Camp (HU-055), in the order they were put there;
    [] for a card with none, a fled Curse or a card not in that Camp."""
    return next((list(c.get("cubes", ())) for c in obs["camps"][seat]["cards"] if c.get("id") == card_id), [])


# -- resample (a state differing only in what one seat hides) ------------------------------------
def resample(state: HunsState, seat: int, rng: Rng) -> HunsState:
    """Swap `seat`'s hidden cards with unseen ones of the same back: the drawn hand with its deck,
    dispatched Wagons with the Wagon deck, fled Curses with the Curse deck."""
    s = state.clone()
    camp = s.own_item("camps", seat)
    if s.hand and s.active == seat:
        pool = rng.shuffled(s.hand + s.decks[s.hand_deck])
        s.hand, s.decks[s.hand_deck] = tuple(pool[:len(s.hand)]), tuple(pool[len(s.hand):])
    for i, w in enumerate(camp.dispatched):
        if s.wagon_deck:
            j = rng.randrange(len(s.wagon_deck))
            camp.dispatched[i], s.wagon_deck = s.wagon_deck[j], s.wagon_deck[:j] + (w,) + s.wagon_deck[j + 1:]
    for i, card in enumerate(camp.fled):
        deck = s.decks[BLACK]
        if deck:
            j = rng.randrange(len(deck))
            new = deck[j]
            s.decks[BLACK] = deck[:j] + (card,) + deck[j + 1:]
            camp.fled[i] = new
            camp.cards[camp.cards.index(card)] = new
    camp.fx = None
    s._legal = None
    return s


# -- notation --------------------------------------------------------------------------------------
def _wagon_text(w: dict[str, Any] | None) -> str:
    if w is None:
        return "-"
    cells = "".join(LETTERS[COLOURS.index(sp)] if x is None else LETTERS[COLOURS.index(x)].lower()
                    for sp, x in zip(w["spaces"], w["load"]))
    return f"{w['id']}[{cells}]"


def _card_text(c: dict[str, Any]) -> str:
    if c["fled"]:
        return f"{c['id']}(fled)" if "id" in c else "fled-Curse"
    if c["spaces"]:
        return f"{c['id']}({len(c['cubes'])}/{c['spaces']})"
    return c["id"] + ("*" if c["used"] else "")


def camp_notation(obs: dict[str, Any], seat: int) -> str:
    camp = obs["camps"][seat]
    wagons = " ".join(_wagon_text(w) for w in camp["wagons"])
    cards = ",".join(_card_text(c) for c in camp["cards"]) or "-"
    return f"{seat_name(seat)}: {wagons} d{camp['dispatched']} s{sum(camp['stash'])} {cards}"


def notation(obs: dict[str, Any]) -> str:
    """One line from an observation: round and turn counted from 1 (`r1 t1`, the board's "round 1, turn 1/5"), the
    phase by its title, as people read it; seats named from 1 ("Player 1").
    Dice: value, '*' once taken, '?' not rolled. Wagon spaces: capital = empty, small = loaded."""
    dice = " ".join(LETTERS[c] + str(d["value"] or "?") + ("*" if d["taken_by"] is not None else "") for c, d in enumerate(obs["dice"]))
    held = "".join(LETTERS[c] * k for c, k in enumerate(obs["holding"]))
    extra = f" holding={held}" if held else ""
    aside = "".join(LETTERS[c] * k for c, k in enumerate(obs["paused"]))
    extra += f" aside={aside}" if aside else ""  # HU-072: a Pillage's cubes waiting while a Raid runs
    if obs["hand"]:
        extra += " hand=" + ",".join(c["id"] for c in obs["hand"])
    elif obs["hand_size"]:
        extra += f" hand={obs['hand_size']} cards"
    camps = " | ".join(camp_notation(obs, s) for s in range(obs["players"]))
    active = seat_name(obs["active"]) if obs["active"] >= 0 else "-"
    return (f"r{obs['round']} t{obs['turn'] + 1} [{obs['phase_title']}] first: {seat_name(obs['first'])}, active: {active}{extra} | "
            f"dice {dice} | res {'/'.join(map(str, obs['reserve']))} | decks {'/'.join(map(str, obs['decks']))} | "
            f"wagons {obs['wagon_deck']} | {camps}")


# -- HTML ------------------------------------------------------------------------------------------
def _cube(colour: str, size: int = 12) -> str:
    """A cube: its colour, and the colour's letter on it (HU-010), so it is told apart without the colour."""
    return (f"<span role='img' aria-label='{colour} cube' title='{colour} cube' style='display:inline-block;width:{size}px;"
            f"height:{size}px;background:{HEX[colour]};color:{TEXT_ON[colour]};font-size:{max(size - 4, 7)}px;line-height:{size}px;"
            f"text-align:center;font-weight:bold;vertical-align:middle;border:1px solid #0006;border-radius:2px;margin:1px'>"
            f"{LETTER[colour]}</span>")


def _click(action: str | None, hint: str) -> str:
    """Attributes that make an element a move to click (widgets.board); `action` must be legal."""
    return "" if action is None else f" data-action='{_html.escape(str(action))}' title='{_html.escape(hint)}'"


def _space(space: str, load: str | None, action: str | None = None) -> str:
    """A Wagon space: a border of its colour, its colour's letter while empty, and its colour in words (hover and
    screen reader): the colour is never the only sign of what the space takes (issue 31)."""
    what = f"{space} space" + (f" holding a {load} cube" if load else ", empty")
    inner = _cube(load, 14) if load else f"<span style='font-size:10px;color:#333'>{LETTER[space]}</span>"
    attrs = _click(action, f"{what}: click to put a cube here (HU-057)") or f" role='img' title='{what}'"
    return (f"<span{attrs} aria-label='{what}' style='display:inline-flex;align-items:center;"
            f"justify-content:center;width:20px;height:20px;margin:1px;border:2px solid {HEX[space]};border-radius:4px;"
            f"background:#fffdf6'>{inner}</span>")


def _die(d: dict[str, Any], legal: set[str]) -> str:
    take = f"take {d['colour']}"
    fade = "outline:2px dashed #555;outline-offset:1px;" if d["taken_by"] is not None else ""  # taken: its taker is named below
    who = seat_name(d["taken_by"]) if d["taken_by"] is not None else "&nbsp;"
    colour = d["colour"]
    attrs = _click(take, f"the {colour} die: click to take it (HU-033)") if take in legal else f" title='the {colour} die'"
    return (f"<div{attrs} "
            f"style='display:inline-block;text-align:center;margin:0 4px'><div style='{fade}width:30px;height:30px;"
            f"line-height:30px;border-radius:6px;background:{HEX[d['colour']]};color:{TEXT_ON[d['colour']]};font-weight:bold;"
            f"font-size:17px;box-shadow:1px 1px 2px #0005'>{d['value'] or '?'}</div><div style='font-size:10px;color:#555'>{who}</div></div>")


def _supply(obs: dict[str, Any], legal: set[str]) -> str:
    cols = [f"<td style='padding:2px 8px;text-align:center'>{_die(d, legal)}<div style='font-size:11px'>{KINDS[c]} deck: "
            f"<b>{obs['decks'][c]}</b></div><div style='font-size:11px'>{_cube(d['colour'])} reserve <b>{obs['reserve'][c]}</b></div></td>"
            for c, d in enumerate(obs["dice"])]
    return f"<table style='border-collapse:collapse'><tr>{''.join(cols)}</tr></table>"


def _wagon_html(w: dict[str, Any], label: str, actions: list[str | None] | None = None) -> str:
    actions = actions or [None] * len(w["spaces"])
    cells = "".join(_space(sp, x, a) for sp, x, a in zip(w["spaces"], w["load"], actions))
    return (f"<div style='display:inline-block;margin:3px;padding:3px 5px;border:1px solid #a98;border-radius:6px;"
            f"background:#f3e6cf' title='{_html.escape(_wagon_title(w))}'><div style='font-size:10px;color:#654'>{label} {w['id']} "
            f"&middot; {_html.escape(w['type_name'])} type</div>{cells}</div>")


def _wagon_title(w: dict[str, Any]) -> str:
    """A Wagon's hover: its type (a symbol on the card, not a colour) and the colours its spaces need."""
    return (f"Wagon {w['id']}, {w['type_name']} type (the type is a symbol on the card, not a cube colour; it counts for the "
            f"Wagon-type bonus, HU-102). Its spaces need: {', '.join(w['spaces'])}.")


def _state_words(c: dict[str, Any]) -> str:
    """Where a card in a Camp stands now, in words (added to its hover text)."""
    colour = c["colour"]
    if colour == "green":
        return " · Now: at work (full)." if c["live"] else f" · Now: not at work until full ({len(c['cubes'])} of {c['spaces']} spaces hold a cube)."
    if colour == "black":
        return " · Now: acting on its holder." if c["live"] else " · Now: full, so it no longer acts."
    if colour == "red":
        return " · Now: used (turned)." if c["used"] else " · Now: not used yet."
    return ""


def _card_html(c: dict[str, Any], hover: dict[str, str] | None = None) -> str:
    """A card in a Camp; its title says what it does (`hover`: card id -> CardText.plain()). A fled Curse
    the viewer may not know shows no id or name, in its title neither."""
    hover = hover or {}
    if c["fled"]:
        name = f" {c['id']} {_html.escape(c['name'])}" if "id" in c else ""
        title = (hover.get(c["id"], c["name"]) + " · Fled: face down, it never acts and costs points at the end."
                 if "id" in c else "a fled Curse, face down: it never acts and costs points at the end (HU-094, HU-097)")
        return (f"<span class='{'hench-card-face' if 'id' in c else 'hench-card-back'}' title='{_html.escape(title)}' "
                "style='display:inline-block;margin:2px;padding:2px 6px;border-radius:4px;background:#555;"
                f"color:#ddd;font-size:11px'>fled Curse{name}</span>")
    cubes = "".join(_cube(x, 9) for x in c["cubes"])
    room = f" {len(c['cubes'])}/{c['spaces']} {cubes}" if c["spaces"] else ""
    style = "solid" if c["live"] or c["colour"] in ("red", "yellow") else "dashed"
    title = hover.get(c["id"], c["name"]) + _state_words(c)
    return (f"<span class='hench-card-face' title='{_html.escape(title)}' style='display:inline-block;"
            f"margin:2px;padding:2px 6px;border-radius:4px;border:2px {style} {HEX[c['colour']]};background:#fff;font-size:11px'>"
            f"<b>{c['id']}</b> {_html.escape(c['name'])}{room}{' (used)' if c['used'] else ''}</span>")


BOARD_WIDTH = 680  # px: the board keeps one width whatever the Camps hold, so the log beside it never moves
HIDDEN_PART = "+ hidden Wagon types"  # what another Camp's points leave out before the end (HU-104)


def points_seen(obs: dict[str, Any]) -> list[tuple[int, str]]:
    """Each Camp's points as the observation's viewer may count them, and what they leave out ("" if nothing):
    another player's Wagon types (and Treasures counting them) stay hidden until the end (HU-104)."""
    return [(c["vp"], "") if c["vp"] is not None else (c["vp_known_part"], HIDDEN_PART) for c in obs["camps"]]


def points_seen_text(obs: dict[str, Any]) -> list[str]:
    """`points_seen` in words, one per Camp: "7" or "5 + hidden Wagon types"."""
    return [f"{p} {hidden}".strip() for p, hidden in points_seen(obs)]


def _vp_text(camp: dict[str, Any], over: bool) -> str:
    if camp["vp"] is not None:
        return f" &middot; <b>{camp['vp']}</b> VP{'' if over else ' if it ended now'}"
    return f" &middot; <b>{camp['vp_known_part']}</b> VP {HIDDEN_PART} (HU-104)"


def _camp_html(obs: dict[str, Any], seat: int, legal: set[str], hover: dict[str, str]) -> str:
    camp, turn = obs["camps"][seat], seat == obs["to_act"]
    wagons = "".join(_wagon_html(w, f"wagon {i + 1}", _space_actions(obs, i, legal) if legal and turn else None)
                     if w else "<div style='display:inline-block;margin:3px;color:#5c5c5c'>(no wagon)</div>"
                     for i, w in enumerate(camp["wagons"]))
    stash = "".join(_cube(COLOURS[c], 9) for c in range(5) for _ in range(camp["stash"][c]))
    types = f" (types: {_html.escape(', '.join(camp['dispatched_types']))})" if camp["dispatched_types"] else ""
    cards = "".join(_card_html(c, hover) for c in camp["cards"]) or "<i style='color:#5c5c5c'>no cards</i>"
    return (f"<div class='hench-camp' style='border:2px solid {'#d23b3b' if turn else '#ccc'};border-radius:8px;padding:6px;"
            f"margin:4px 0;background:#fbf8f2;width:100%;box-sizing:border-box'><b>{seat_name(seat)}</b>{' &#9873; first' if seat == obs['first'] else ''}"
            f"{_vp_text(camp, obs['phase'] == 'game_over')}{' &larr; to act' if turn else ''}<div>{wagons}</div>"
            f"<div style='font-size:12px'>dispatched: <b>{camp['dispatched']}</b>{types} &nbsp; stash ({sum(camp['stash'])}): "
            f"{stash}</div><div>{cards}</div></div>")


def _space_actions(obs: dict[str, Any], slot: int, legal: set[str]) -> list[str | None]:
    wagon = obs["camps"][obs["to_act"]]["wagons"][slot]
    return [_space_move(wagon, slot, k, legal) for k in range(len(wagon["spaces"]))]


def action_for_space(obs: dict[str, Any], slot: int, index: int) -> str | None:
    """The move (as typed) a click on space `index` (0-based) of the Wagon in `slot` stands for, in the observation
    of the seat to act, or None: a matching cube if one is held, else a wild cube (Broad Wagon, Teamster)."""
    seat = obs["to_act"]
    if seat is None or seat != obs["viewer"] or not 0 <= slot < len(obs["camps"][seat]["wagons"]):
        return None
    wagon = obs["camps"][seat]["wagons"][slot]
    if wagon is None or not 0 <= index < len(wagon["spaces"]):
        return None
    return _space_move(wagon, slot, index, set(obs["moves"]))


def _space_move(wagon: dict[str, Any] | None, slot: int, index: int, legal: set[str]) -> str | None:
    if wagon is None or wagon["load"][index] is not None:
        return None
    space = COLOURS.index(wagon["spaces"][index])
    for cube in [space] + [c for c in range(5) if c != space]:
        move = str(Place(cube, slot, space))
        if move in legal:
            return move
    return None


def html(obs: dict[str, Any], clickable: bool = False) -> str:
    """The table in an observation, as its viewer sees it. With `clickable`, the dice to take and the Wagon
    spaces to fill carry data-action="<move>" (the viewer's moves open now) for a clickable board."""
    legal = set(obs["moves"]) if clickable else set()
    display = "".join(_wagon_html(w, f"display {i + 1}") for i, w in enumerate(obs["display"]) if w)
    held = "".join(_cube(COLOURS[c]) for c in range(5) for _ in range(obs["holding"][c]))
    hover = obs["card_texts"]
    hand = " ".join(f"<span class='hench-card-face' title='{_html.escape(hover.get(c['id'], c['name']))}' "
                    f"style='border-bottom:2px solid {HEX[c['colour']]}'>{c['id']} {_html.escape(c['name'])}</span>"
                    for c in obs["hand"] or ())
    hidden = f"{obs['hand_size']} cards drawn (hidden)" if obs["hand_size"] and not hand else ""
    aside = "".join(_cube(COLOURS[c]) for c in range(5) for _ in range(obs["paused"][c]))
    pending = (f"<div>in hand: {held}</div>" if held else "") + (f"<div>set aside until the Raid is over: {aside}</div>" if aside else "") + (f"<div>drawn: <b>{hand or hidden}</b></div>" if hand or hidden else "")
    return (f"<div class='hench-huns-board' style='font-family:sans-serif;font-size:13px;width:{BOARD_WIDTH}px;box-sizing:border-box;"
            f"color:#222'>"
            f"<div style='font-size:14px;margin-bottom:4px'><b>Huns</b> &middot; round {obs['round']}, turn {obs['turn'] + 1}/5 "
            f"&middot; {_html.escape(obs['phase_title'])}{_curse_phase(obs)}</div>{_curse_html(obs, hover)}{_supply(obs, legal)}"
            f"<div style='font-size:12px'>Wagon deck: {obs['wagon_deck']} &middot; face up:</div><div>{display}</div>{pending}"
            f"{''.join(_camp_html(obs, s, legal, hover) for s in range(obs['players']))}</div>")


def _curse_phase(obs: dict[str, Any]) -> str:
    """On the phase line: the Curse on its way, named, while its target decides (HU-094)."""
    c = obs["curse"]
    if c is None:
        return ""
    return f" &middot; Curse <b>{c['id']} {_html.escape(c['name'])}</b>"


def _curse_html(obs: dict[str, Any], hover: dict[str, str]) -> str:
    """The incoming Curse named and explained before its target chooses to flee or accept it (HU-094..HU-097)."""
    c = obs["curse"]
    if c is None:
        return ""
    text = hover.get(c["id"], c["name"])
    who, to = seat_name(c["from"]), seat_name(c["to"])
    if obs["phase"] == "curse_choose_target":
        doing = f"{who} plays it on an opponent of their choice (HU-091)."
    else:
        doing = (f"{who} plays it on {to}, who decides now: <b>flee</b> (face down, it never acts, {obs['players']} VP "
                 f"lost at the end) or <b>accept</b> (it acts until its {c['spaces']} spaces are filled) (HU-094 to HU-097).")
    what = text.split(" · ")[1] if " · " in text else ""
    return (f"<div class='hench-incoming-curse' title='{_html.escape(text)}' style='margin:4px 0;padding:5px 8px;"
            f"border:2px solid {HEX['black']};border-radius:6px;background:#f2f2f2'>&#9760; Incoming Curse "
            f"<b>{c['id']} {_html.escape(c['name'])}</b>: {doing}<div style='font-size:12px;color:#333'>"
            f"{_html.escape(what)}</div></div>")


__all__ = ["action_for_space", "camp_notation", "card_gallery", "card_texts", "html", "notation", "observation", "points_seen",
           "points_seen_text", "resample"]


# -- every card explained (hench.core.CardText) ------------------------------------------------------
KIND_RULES = {BLUE: ("HU-082", "HU-083"), RED: ("HU-084", "HU-085", "HU-086", "HU-087"),
              GREEN: ("HU-088", "HU-089", "HU-090", "HU-055"), BLACK: ("HU-091", "HU-092", "HU-093", "HU-094", "HU-097", "HU-098"),
              YELLOW: ("HU-099", "HU-100")}
TIMING_WORDS = {"begin": "at the beginning of your turn, before or just after taking your die",
                "during": "during your turn: before, during or after your action",
                "after": "after your action", "anytime": "at any time, even in another player's turn",
                "end": "when the final points are counted"}
TIMING_RULES = {"begin": "HU-070", "during": "HU-072", "after": "HU-071", "anytime": "HU-073", "end": "HU-074"}
PLACEHOLDER_NOTE = ("Our rulebook text lists no cards: this card's name and effect are stand-ins proposed by the rules "
                    "catalogue, not the publisher's. Load your own data file to use the real cards.")
PASSIVE_TEXT = {
    "extra_draw": ("When you Draw Cards you draw 1 card more (you still play only one).", ("HU-044",)),
    "extra_draw_curse": ("When you Draw Cards from the black Curse deck you draw 1 card more.", ("HU-044",)),
    "extra_cube": ("Every Pillage takes 1 cube more.", ("HU-049",)),
    "swift_horse": ("A die showing 1 counts as 2 for you when you take it.", ("HU-042", "HU-070")),
    "wild_cube": ("Each turn, one cube may go on a Wagon space of any colour, not only its own.", ("HU-057", "HU-077")),
    "diviner": ("Once a turn, before taking your die, you may reroll one die nobody has taken yet.", ("HU-070", "HU-033")),
    "bodyguard": ("When a Curse is played on you, you may send it back to the player who played it (they then flee or "
                  "accept it). It answers one Curse in the whole game: the first that arrives while it is at work, whether "
                  "or not you send that one back.", ("HU-073", "HU-094")),
    "none": ("No effect during play.", ()),
}
TREASURE_TEXT = {
    "dispatched": "at least {t} dispatched Wagons", "raids": "at least {t} Raid cards in your Camp",
    "full_mercenaries": "at least {t} Mercenaries full of cubes", "equipment": "at least {t} Equipment cards in your Camp",
    "wagon_types": "dispatched Wagons of at least {t} different types", "stash": "at least {t} cubes in your Stash",
    "unbowed": "no fled Curse, and at least {t} filled Curse{s} (every space holding a cube)",
    "colours": "cards of at least {t} different colours in your Camp",
    "wagon_set": "at least {t} dispatched Wagons of one type",
    "treasures": "at least {t} Treasure cards in your Camp, this one included",
}


def _colour_effect(c: Any) -> tuple[str, tuple[str, ...]]:
    """What a blue or green card's lasting effect does."""
    if c.effect == "saddlebag":
        col = COLOURS[c.param]
        return f"When you Pillage {col} cubes you take 1 {col} cube more.", ("HU-049",)
    return PASSIVE_TEXT.get(c.effect, ("No effect during play.", ()))


def _raid_text(c: Any) -> tuple[str, tuple[str, ...]]:
    if c.effect == "raid_cubes":
        col = COLOURS[c.param]
        return f"Take 2 {col} cubes from the Reserve and place them as in a Pillage.", ("HU-049", "HU-050")
    if c.effect == "open_raid":
        return "Take 2 cubes of a colour you choose from the Reserve and place them as in a Pillage.", ("HU-049", "HU-050")
    if c.effect == "ambush":
        return ("Take one cube off an opponent's Wagon (you choose the opponent, the Wagon and the colour); it goes back "
                "to the Reserve."), ("HU-067",)
    if c.effect == "forced_march":
        return "Just after you take your die, it counts as a 3, whatever it shows.", ("HU-042", "HU-070")
    if c.effect == "scouting_party":
        return ("Draw 2 cards from a deck you choose and play one of them, as in a Draw Cards action; the other goes "
                "under its deck."), ("HU-044", "HU-045", "HU-047")
    return "No effect during play.", ()


def _curse_text(c: Any) -> tuple[str, tuple[str, ...]]:
    if c.effect == "blight":
        col = COLOURS[c.param]
        return f"Your Pillages of {col} cubes take 1 cube fewer (at least 1).", ("HU-049", "HU-075")
    if c.effect == "lame_horse":
        return "Your Draw Cards actions draw 1 card fewer (at least 1).", ("HU-044", "HU-075")
    if c.effect == "broken_axle":
        return ("When you dispatch a Wagon, the new one must come from the top of the Wagon deck, not from the face-up "
                "display."), ("HU-061", "HU-077")
    if c.effect == "bad_omen":
        return "You cannot use your Raid cards.", ("HU-085", "HU-077")
    return "No effect during play.", ()


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def _vp(n: int) -> str:
    return f"{n} VP"


def _card_what(c: Any, players: int) -> tuple[str, str, tuple[str, ...]]:
    """(what, when, rule IDs) of one card in a game of `players` players."""
    timing = TIMING_WORDS.get(c.timing, c.timing)
    if c.colour == BLUE:
        what, rules = _colour_effect(c)
        return (f"Equipment: {_lower(what)} It works from the moment it enters your Camp and for the rest of the game; "
                f"it scores nothing at the end.", timing, rules)
    if c.colour == GREEN:
        what, rules = _colour_effect(c)
        return (f"Mercenary with {c.spaces} spaces: {_lower(what)} It works only while every one of its {c.spaces} spaces holds a cube (of any "
                f"colour; fill it with a Pillage). At the end it scores +1 VP if full, -1 VP if not.",
                timing + ", while it is full", rules)
    if c.colour == RED:
        what, rules = _raid_text(c)
        when = "just after taking your die" if c.effect == "forced_march" else timing
        return (f"Raid, once per game: {_lower(what)} Turn it when used; at most one Raid a turn. At the end it scores +1 VP, "
                f"used or not.", when + ", in one of your own turns", rules)
    if c.colour == BLACK:
        what, rules = _curse_text(c)
        return (f"Curse with {c.spaces} spaces, played on an opponent, never on yourself. While it is face up and not "
                f"full, {_lower(what)} Filling its {c.spaces} spaces with cubes (any colour) stops it. When it arrives its "
                f"target may flee it instead: turned face down it never acts, but costs {_vp(players)} at the end "
                f"(one per player). A face-up Curse scores nothing.",
                "from the moment it arrives, until it is full; flee only when it arrives", rules + ("HU-095", "HU-096"))
    cond = TREASURE_TEXT.get(c.condition, "its condition").format(t=c.threshold, s="" if c.threshold == 1 else "s")
    return (f"Treasure: no effect during play. At the end it scores {_vp(players)} (2, 3 or 4 by the number of players) "
            f"if you have {cond}; otherwise nothing.", timing, ("HU-101",))


def card_texts(state: HunsState) -> list[CardText]:
    """Every card of this state's data (builtin or a person's own file), said in plain words."""
    return texts_of(state.data, state.n)


def card_gallery(players: int = 3, data: HunsData | None = None) -> list[CardText]:
    """Every card of the builtin data (or of `data`) in plain words, as the Learn page's gallery shows them;
    Treasures and fled Curses count as many points as there are players (HU-097, HU-100)."""
    return texts_of(data or default_data(), players)


_HOVER: dict[tuple[int, int], tuple[HunsData, dict[str, str]]] = {}


def hover_texts(data: HunsData, players: int) -> dict[str, str]:
    """Card id -> its text as a hover shows it (CardText.plain()), built once per data set and player count."""
    key = (id(data), players)
    hit = _HOVER.get(key)
    if hit is None or hit[0] is not data:
        if len(_HOVER) >= 32:
            _HOVER.clear()
        hit = _HOVER[key] = (data, {t.id: t.plain() for t in texts_of(data, players)})
    return hit[1]


def texts_of(data: HunsData, players: int) -> list[CardText]:
    """Every card of `data` in plain words, for a game of `players` players."""
    out = []
    for c in data.cards:
        what, when, rules = _card_what(c, players)
        if c.min_players > 2:
            what += (" Used only with 4 players." if c.min_players >= 4 else " Used only with 3 or 4 players.")
        assumed = c.source == "assumed"
        note = ""
        if assumed:
            note = PLACEHOLDER_NOTE if not c.note or c.note.startswith("PLACEHOLDER") else c.note
        rule_ids = tuple(dict.fromkeys(rules + KIND_RULES[c.colour] + ((TIMING_RULES[c.timing],) if c.timing in TIMING_RULES else ())))
        out.append(CardText(id=c.id, name=c.name, kind=KINDS[c.colour], what=what, when=when, rules=rule_ids,
                            assumed=assumed, note=note))
    return out
