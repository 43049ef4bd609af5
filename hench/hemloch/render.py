"""What a seat may know (`observation`), `resample` for the hidden-information test, and every view
built from an observation: the one-line notation and the HTML board; `card_texts` explains every card
in plain words for the apps (hover text, the card gallery).

Hidden: a player's hand (the other player sees only how many cards), the order of every Minion deck
(nobody), the Week deck's order (nobody: a reveal is a chance event), the Draft pool, and during the
Draft the pack a player holds and the cards they kept (the other player sees counts).
"""

from __future__ import annotations

import html as _html
import json
from functools import lru_cache
from typing import Any

from hench.core import CHANCE, Rng, seat_name
from hench.core.cards import CardText

from .actions import HLAction, Keep, format_action
from .data import ITEMS, LOCATIONS, SIDES, HemlochData, data_from_document, default_data
from .phases import PHASES
from .scoring import breakdown, scores, winners
from .state import END_WORDS, HemlochState, task_form

COLOURS = ("#2a62c6", "#a85a00")  # Player 1 blue, Player 2 orange (M9: colours are not in the text); dark enough for text (WCAG AA)
COLOUR_NAMES = ("blue", "orange")


def observation(state: HemlochState, seat: int | None) -> dict[str, Any]:
    """A JSON-like dict of everything `seat` may know (None: a spectator); with `moves`, the moves open to `seat`
    when it is to act (the clickable board is drawn from this alone)."""
    d = state.data
    over = state.stage == "over"
    actor = state.current_player
    return {
        "phase": state.phase, "phase_title": PHASES.title(state.phase), "viewer": seat, "week": state.week, "start": state.start,
        "active": state.active, "to_act": actor if actor != CHANCE else "chance", "actions": state.actions,
        "item_used": state.item_used, "festival": None if state.festival < 0 else d.locations[state.festival].name,
        "week_deck": {"cards": len(state.week_deck), "days": sum(d.is_day(c) for c in state.week_deck)},
        "revealed": [d.week_name(c) for c in state.revealed], "day_supply": [d.week_name(c) for c in state.day_supply],
        "boxed": [d.week_name(c) for c in state.boxed], "supply": dict(zip(ITEMS, state.supply)),
        "locations": [_location(state, loc) for loc in range(len(state.spaces))],
        "players": [_player(state, p, seat == p) for p in (0, 1)],
        "pending": [task_form(t) for t in state.tasks if t.name in PENDING_SHOWN][:1],
        "draft": {"round": state.draft_round, "pool": len(state.pool)} if state.draft else None, "ended": list(state.ended),
        "scores": scores(state) if over else None, "winners": winners(state) if over else [],
        "moves": [str(a) for a in state.legal_actions()] if seat is not None and actor == seat else [],
        "data": d.raw,  # the component data (None: the built-in placeholders), public like the cards
    }


ENDED_WORDS = END_WORDS  # each end condition in words (state.py)
PENDING_SHOWN = ("mark", "retreat", "swap", "steal", "festival", "recall", "scepter")


def _location(s: HemlochState, loc: int) -> dict[str, Any]:
    d = s.data
    where = d.locations[loc]
    side = where.side(s.sides[loc])
    return {"name": where.name, "side": s.sides[loc], "home": d.factions[where.home].name,
            "activating": d.factions[side.activating].name, "ability": side.ability,
            "spaces": [[r, c, owner] for (r, c), owner in zip(where.spaces, s.spaces[loc])],
            "minions": [[d.minions[c].name for c in s.board[loc][p]] for p in (0, 1)],
            "influence": [s.influence(loc, p) for p in (0, 1)]}


def _player(s: HemlochState, p: int, sees: bool) -> dict[str, Any]:
    d = s.data
    sheet = breakdown(s, p)
    return {
        "name": seat_name(p), "colour": COLOUR_NAMES[p], "hand_size": len(s.hands[p]),
        "hand": sorted(d.minions[c].name for c in s.hands[p]) if sees else None,
        "deck": len(s.decks[p]), "discards": [d.minions[c].name for c in s.discards[p]],
        "markers_left": s.markers_left(p), "items": {ITEMS[k]: list(pair) for k, pair in enumerate(s.items[p])},
        "pack": sorted(d.minions[c].name for c in s.packs[p]) if sees else None, "pack_size": len(s.packs[p]),
        "kept": sorted(d.minions[c].name for c in s.kept[p]) if sees else None, "kept_size": len(s.kept[p]),
        "points": sheet["total"], "breakdown": sheet,
    }


# -- what a view reads of a position, from the observation (the apps and the tour never open the state) -----
def minions_at(obs: dict[str, Any], seat: int) -> list[int]:
    """How many of `seat`'s Minions stand at each Location, in Location order (public, HL-076)."""
    return [len(loc["minions"][seat]) for loc in obs["locations"]]


def locations_played(before: dict[str, Any], after: dict[str, Any], seat: int) -> list[str]:
    """The Locations where `seat` has more Minions in `after` than in `before` (two observations of one game):
    where it played this turn (HL-051)."""
    return [loc["name"] for loc, was, now in zip(after["locations"], minions_at(before, seat), minions_at(after, seat))
            if now > was]


def items_used(before: dict[str, Any], after: dict[str, Any], seat: int) -> list[str]:
    """The Items of `seat` turned face down between two observations (used: HL-031), in Item order."""
    was, now = before["players"][seat]["items"], after["players"][seat]["items"]
    return [item for item in ITEMS if now[item][1] > was[item][1]]


def resample(s: HemlochState, seat: int, rng: Rng) -> HemlochState:
    """A state differing only in what `seat` hides from the other: the cards in hand swapped with unseen
    ones of the same deck (the other player knows only the counts)."""
    other = s.clone()
    pool = rng.shuffled(other.hands[seat] + other.decks[seat])
    n = len(other.hands[seat])
    other.hands[seat], other.decks[seat] = pool[:n], pool[n:]
    return other


def public_move(state: HemlochState, action: HLAction, seat: int | None) -> str:
    """A move as `seat` is told it (Game.public: the mover reads the whole move). A Draft pick is kept face down
    (HL-090): the others learn only that a card was kept."""
    if isinstance(action, Keep):
        return "keep a card"
    return format_action(action)


# -- views -------------------------------------------------------------------------------------------------
def _actor(obs: dict[str, Any]) -> str:
    who = obs["to_act"]
    return "nobody" if who is None else "the Week deck" if who == "chance" else seat_name(who)


def notation(obs: dict[str, Any]) -> str:
    """One line: week, phase, who acts, Festival, Markers per Location, hands/decks, Items, points."""
    locs = " ".join(f"{loc['name'][:4]}:{''.join('.12'[o + 1] for _, _, o in loc['spaces'])}" for loc in obs["locations"])
    players = " ".join(f"P{i + 1}[h{p['hand_size']} d{p['deck']} m{p['markers_left']} "
                       f"i{sum(sum(v) for v in p['items'].values())} {p['points']}pt]" for i, p in enumerate(obs["players"]))
    return (f"week {obs['week']} {obs['phase']} to-act={_actor(obs)} start={seat_name(obs['start'])} "
            f"festival={obs['festival'] or '-'} days={obs['week_deck']['days']}/{obs['week_deck']['cards']} {locs} {players}")


# -- what each card does, in plain words ---------------------------------------------------------------------
EFFECT_WORDS = {
    "place_marker_here": "place one of your Markers on an empty Influence Space of this Location",
    "draw_1": "draw 1 card from your deck",
    "gain_potion": "take a Potion from the supply, face up",
    "gain_scepter": "take a Scepter from the supply, face up",
    "gain_trinket": "take a Trinket from the supply, face up",
    "steal_item": "take one Item of your choice from the other player (it keeps its facing)",
    "move_festival": "move the Festival Piece to another Location",
    "return_own_minion_to_hand": "take one of your other Minions on the Locations back into your hand",
    "opponent_discards_1": "the other player discards 1 card from hand at random",
}
EFFECT_RULES = {
    "place_marker_here": ("HL-025",), "draw_1": (), "gain_potion": ("HL-029", "HL-033"), "gain_scepter": ("HL-029", "HL-033"),
    "gain_trinket": ("HL-029", "HL-033"), "steal_item": ("HL-029",), "move_festival": ("HL-038", "HL-039"),
    "return_own_minion_to_hand": (), "opponent_discards_1": (),
}
ITEM_WORDS = {
    "extra_action": "gives you 1 more Action this turn",
    "move_minion": "moves one of your Minions to another Location that does not hold the Festival",
    "draw_2": "draws 2 cards from your deck",
}


def _effects(effects: tuple[str, ...]) -> str:
    return ", then ".join(EFFECT_WORDS[e] for e in effects)


def card_texts(state: HemlochState) -> list[CardText]:
    """Every Minion, Location, Item and Week card of the state's data, explained (ids are the names the moves use)."""
    return list(_card_texts(state.data, state.sides))


def card_gallery() -> list[CardText]:
    """Every card of the built-in data (the Locations on their light side), for the Learn page's gallery."""
    return list(_card_texts(default_data(), (SIDES[0],) * LOCATIONS))


def _card_texts(d: HemlochData, sides: tuple[str, ...]) -> tuple[CardText, ...]:
    hit = _TEXTS.get(id(d))
    if hit is None or hit[0] is not d:
        if len(_TEXTS) >= 16:
            _TEXTS.clear()
        hit = _TEXTS[id(d)] = (d, {})
    texts = hit[1].get(sides)
    if texts is None:
        texts = hit[1][sides] = tuple(_build_card_texts(d, sides))
    return texts


_TEXTS: dict[int, tuple[HemlochData, dict[tuple[str, ...], tuple[CardText, ...]]]] = {}  # built once per data set


def _build_card_texts(d: HemlochData, sides: tuple[str, ...]) -> list[CardText]:
    out: list[CardText] = []
    homes = {f: [loc.name for loc in d.locations if loc.home == f] for f in range(len(d.factions))}
    for m in d.minions:
        faction = d.factions[m.faction].name
        home = (f"At home at {', '.join(homes[m.faction])} it gives {m.influence + 1} (HL-077)" if homes[m.faction]
                else f"The {faction} have no home Location (HL-014)")
        wakes = [loc.name for i, loc in enumerate(d.locations) if loc.side(sides[i]).activating == m.faction]
        wake = (f" Played at {' or '.join(wakes)} it also triggers that Location's ability (its activating icon is "
                f"{faction}, HL-061)." if wakes else "")
        minion_rules = ("HL-018", "HL-019", "HL-020", "HL-057", "HL-060", "HL-063", "HL-076", "HL-077") + tuple(
            r for e in m.effects for r in EFFECT_RULES[e])
        out.append(CardText(
            m.name, m.name, f"Minion ({faction})",
            f"Influence {m.influence} wherever it stands. {home}. When played it makes you {_effects(m.effects)}.{wake} "
            f"Your deck holds {m.copies} copies.",
            "on your turn, for 1 Action, on your side of a Location that has no Festival and got no other Minion of "
            "yours this turn", tuple(dict.fromkeys(minion_rules)), m.source == "assumed", m.note if m.source == "assumed" else ""))
    for i, loc in enumerate(d.locations):
        rows = max(r for r, _ in loc.spaces) + 1
        cols = max(c for _, c in loc.spaces) + 1
        both = "; ".join(f"{name} side: a {d.factions[loc.side(name).activating].name} Minion played here makes you "
                          f"{EFFECT_WORDS[loc.side(name).ability]}" for name in ("light", "dark"))
        out.append(CardText(
            loc.name, loc.name, "Location",
            f"Home of the {d.factions[loc.home].name}: each of their Minions here counts 1 more Influence. "
            f"{len(loc.spaces)} Influence Spaces in a {rows}x{cols} grid; a Marker scores 2 if it touches another of "
            f"its owner's Markers side by side, else 1. {both}. In this game it shows its {sides[i]} side.",
            "at every Influence Check (after a Day, and at Week's End) the player with more Influence here places a "
            "Marker on it; on a tie both do, the Start Player first",
            ("HL-021", "HL-023", "HL-024", "HL-025", "HL-026", "HL-027", "HL-078", "HL-080", "HL-083", "HL-084", "HL-092"),
            loc.source == "assumed", loc.note if loc.source == "assumed" else ""))
    for it in d.items:
        name = ITEMS[it.kind]
        cost = "no Action" if it.action_cost == 0 else f"{it.action_cost} Action"
        out.append(CardText(
            name, name, "Item",
            f"Used face up, it {ITEM_WORDS[it.ability]} and then turns face down. At the end a face-up {name} scores 2, "
            f"a face-down one 1. There are {d.item_count} in the supply.",
            f"on your turn, once per turn for all your Items together; costs {cost}",
            ("HL-028", "HL-029", "HL-030", "HL-031", "HL-032", "HL-064", "HL-065"),
            it.source == "assumed", it.note if it.source == "assumed" else ""))
    k = len(d.week)
    source, note = d.notes["week"]
    for card in range(2 * k):
        where = d.locations[d.week_location(card)].name
        if d.is_day(card):
            what = (f"When it is turned over the Festival moves to {where}. After both players' turns an Influence Check "
                    f"is made at every Location. It enters the Week deck at a Week's End in place of the {where} Night.")
            week_rules: tuple[str, ...] = ("HL-034", "HL-037", "HL-038", "HL-040", "HL-053", "HL-071")
        else:
            what = (f"When it is turned over the Festival moves to {where}; no Influence Check follows a Night. At a "
                    f"Week's End the Start Player may swap it for the {where} Day; it then leaves the game.")
            week_rules = ("HL-034", "HL-036", "HL-037", "HL-038", "HL-071", "HL-072")
        out.append(CardText(d.week_name(card), d.week_name(card), "Week card (Day)" if d.is_day(card) else "Week card (Night)",
                            what, "the Start Player turns over the top Week card at the start of each Day/Night",
                            week_rules, source == "assumed", note if source == "assumed" else ""))
    return out


# -- the board as one seat sees it ------------------------------------------------------------------------------
def marker_values(s: HemlochState, loc: int) -> list[int]:
    """What each Influence Space of a Location scores for its owner now (0 if empty): 2 for a Marker touching
    another of its owner's side by side, 1 for one alone (HL-083, HL-084). Sums to scoring.marker_points."""
    where, row = s.data.locations[loc], s.spaces[loc]
    return [0 if o < 0 else 2 if any(row[j] == o for j in where.neighbours(i)) else 1 for i, o in enumerate(row)]


def _attr(action: str | None, legal: set[str], hint: str) -> str:
    if action is None or action not in legal:
        return ""
    return f" data-action='{_html.escape(action, quote=True)}' title='{_html.escape(hint, quote=True)}'"


def _tip(texts: dict[str, str], key: str) -> str:
    return f" title='{_html.escape(texts[key], quote=True)}'" if key in texts else ""


CHIP = "display:inline-block;margin:1px 2px;padding:1px 6px;border-radius:9px;font-size:11px;"


def _chip(label: str, colour: str, attrs: str = "", solid: bool = False, face: bool = False) -> str:
    look = f"background:{colour};color:#fff;" if solid else f"background:#fff;color:{colour};border:1px solid {colour};"
    cls = " class='hench-card-face'" if face else ""
    return f"<span{cls}{attrs} style='{CHIP}{look}'>{_html.escape(label)}</span>"


def _card(texts: dict[str, str], name: str, action: str | None, legal: set[str]) -> str:
    """A visible card's attributes: its plain text as the tooltip (then the click it stands for, if legal)."""
    text = texts.get(name, name)
    if action is not None and action in legal:
        return (f" data-action='{_html.escape(action, quote=True)}' title='{_html.escape(text + ' · click to ' + action, quote=True)}'")
    return _tip(texts, name)


def _backs(count: int, whose: str) -> str:
    """Hidden cards: backs that name nothing (HL-010: the other player sees only how many)."""
    return "".join(f"<span class='hench-card-back' title='a hidden card of {whose}' style='display:inline-block;width:10px;"
                   "height:14px;margin:0 1px;border-radius:2px;background:#5a4a6b;vertical-align:middle'></span>" for _ in range(count))


def _values(spaces: list[list[int]]) -> list[int]:
    """marker_values from an observed Location: [row, column, owner] per space (neighbours side by side)."""
    return [0 if o < 0 else 2 if any(o2 == o and abs(r - r2) + abs(c - c2) == 1 for r2, c2, o2 in spaces) else 1
            for r, c, o in spaces]


def _grid_html(obs: dict[str, Any], i: int, legal: set[str]) -> str:
    loc = obs["locations"][i]
    values = _values(loc["spaces"])
    rows = max(r for r, _, _ in loc["spaces"]) + 1
    cols = max(c for _, c, _ in loc["spaces"]) + 1
    cells = {(r, c): (o, values[k]) for k, (r, c, o) in enumerate(loc["spaces"])}
    out = []
    for r in range(rows):
        tds = []
        for c in range(cols):
            if (r, c) not in cells:
                tds.append("<td style='border:none;width:26px'></td>")
                continue
            o, v = cells[(r, c)]
            where = f"row {r + 1}, column {c + 1}"
            if o >= 0:
                why = "touches another of its owner's Markers: 2 points" if v == 2 else "touches none of its owner's: 1 point"
                tds.append(f"<td class='hench-marker hench-p{o + 1}' title='{seat_name(o)} Marker, {where}: {why} (HL-083, HL-084)' "
                           f"style='min-width:26px;height:26px;border:1px solid #666;background:{COLOURS[o]};color:#fff;"
                           f"text-align:center;font-weight:bold;font-size:12px'>{v}<sub style='font-size:8px'>P{o + 1}</sub></td>")
            else:
                act = f"mark {loc['name']} row {r + 1} column {c + 1}"
                attrs = _attr(act, legal, f"click to place your Marker here ({where})")
                tds.append(f"<td{attrs or f' title={chr(39)}empty Influence Space, {where}{chr(39)}'} style='width:26px;height:26px;"
                           f"border:1px {'dashed #1d4f91' if attrs else 'solid #767676'};background:{'#e8f0ff' if attrs else '#fff'}'></td>")
        out.append("<tr>" + "".join(tds) + "</tr>")
    return ("<table class='hench-grid' style='border-collapse:separate;border-spacing:2px;margin:4px auto'>"
            + "".join(out) + "</table>")


def _location_html(obs: dict[str, Any], i: int, legal: set[str], texts: dict[str, str],
                   hand: list[str] | None) -> str:
    e = _html.escape
    loc = obs["locations"][i]
    name = loc["name"]
    festival = loc["name"] == obs["festival"]
    badge = (" <span title='The Festival is here: no Minion may be played at this Location (HL-039)' style='background:#b00;"
             "color:#fff;border-radius:8px;padding:0 6px;font-size:11px'>Festival</span>") if festival else ""
    lead = loc["influence"]
    infl = " vs ".join(f"<b style='color:{COLOURS[p]}'>{seat_name(p)} {lead[p]}</b>" for p in (0, 1))
    ahead = ("tied" if lead[0] == lead[1] else f"{seat_name(0 if lead[0] > lead[1] else 1)} ahead")
    sides = []
    for p in (0, 1):
        chips = []
        for m in loc["minions"][p]:
            mine = p == obs["viewer"]  # a retreat or recall moves the viewer's own Minion, never the other's namesake
            act = next((a for a in (f"retreat {m} from {name}", f"recall {m} from {name}") if mine and a in legal), None)
            chips.append(_chip(m, COLOURS[p], _card(texts, m, act, legal), solid=True, face=True))
        sides.append(f"<div style='font-size:11px;color:{COLOURS[p]}'>{seat_name(p)}: {''.join(chips) or '-'}</div>")
    extra = []
    for card in hand or []:
        act = f"play {card} at {name}"
        if act in legal:
            extra.append(_chip(card, "#1d4f91", _card(texts, card, act, legal), face=True))
    if extra:
        extra.insert(0, "<span style='font-size:11px;color:#1d4f91'>play here: </span>")
    for act, label in ((f"festival to {name}", "move the Festival here"), (f"swap {name}", f"swap the {name} Night for its Day")):
        if act in legal:
            extra.append(_chip(label, "#8e3b2f", _attr(act, legal, f"click to {act}")))
    pending = obs["pending"][0] if obs["pending"] else None
    check = (f" <span class='hench-checking' style='background:#1d4f91;color:#fff;border-radius:8px;padding:0 6px;font-size:11px'>"
             f"{seat_name(pending[1])} places a Marker here</span>" if pending and pending[0] == "mark" and pending[2] == i else "")
    moves = f"<div class='hench-loc-moves' style='margin-top:3px'>{''.join(extra)}</div>" if extra else ""
    points = ", ".join(f"<span style='color:{COLOURS[p]}'>{seat_name(p)} "
                       f"{obs['players'][p]['breakdown']['markers'].get(name, '?')}</span>" for p in (0, 1))
    return (f"<div class='hench-location' style='border:2px solid {'#b00' if festival else '#a98'};border-radius:8px;padding:4px;margin:2px;"
            f"box-sizing:border-box;width:164px;background:#fbf8f2'><div><b class='hench-card-face'{_tip(texts, name)}>{e(name)}</b>{badge}{check}</div>"
            f"<div style='font-size:11px;color:#555'>home: {e(loc['home'])} (+1 each) &middot; {e(loc['side'])} side: a "
            f"{e(loc['activating'])} Minion here lets you {e(EFFECT_WORDS.get(loc['ability'], loc['ability']))}</div>"
            f"{_grid_html(obs, i, legal)}<div style='font-size:11px;text-align:center' title='what the Markers here score now (HL-083, HL-084)'>points here: {points}</div>"
            f"<div style='font-size:12px'>Influence: {infl} <span style='color:#666'>({ahead})</span></div>"
            f"{''.join(sides)}{moves}</div>")


def _items_html(p: dict[str, Any], seat: int, viewer: int | None, legal: set[str], texts: dict[str, str]) -> str:
    parts = []
    for item, (up, down) in p["items"].items():
        if not up and not down:
            continue
        chips = []
        if up:
            act = f"use {item}" if seat == viewer else f"steal face-up {item}"
            chips.append(_chip(f"{item} ×{up} face up", "#2f6b4f", _card(texts, item, act, legal), solid=True, face=True))
        if down:
            act = f"steal face-down {item}"
            chips.append(_chip(f"{item} ×{down} face down", "#2f6b4f", _card(texts, item, act, legal), face=True))
        parts.append("".join(chips))
    return "".join(parts) or "<i style='color:#667'>no Items</i>"


def _player_html(obs: dict[str, Any], seat: int, legal: set[str], texts: dict[str, str]) -> str:
    e = _html.escape
    p = obs["players"][seat]
    viewer = obs["viewer"]
    to_act = obs["to_act"] == seat
    if p["hand"] is not None:
        hand = "".join(_chip(c, COLOURS[seat], _tip(texts, c), face=True) for c in p["hand"]) or "<i>empty</i>"
    else:
        hand = f"{p['hand_size']} cards (hidden) {_backs(p['hand_size'], seat_name(seat))}"
    draw = _chip("draw a card (1 Action)", "#1d4f91", _attr("draw", legal, "click to draw 1 card (HL-056)")) if "draw" in legal and seat == viewer else ""
    if "pass" in legal and seat == viewer:
        draw += _chip("pass (end the turn)", "#666", _attr("pass", legal, "click to leave your remaining Actions (HL-055, may_pass)"))
    b = p["breakdown"]
    sheet = " + ".join(f"{k} {v}" for k, v in b["markers"].items()) + f" + Items {b['items']} = <b>{b['total']}</b>"
    start = " &#9733; Start Player" if obs["start"] == seat else ""
    return (f"<div class='hench-player' style='border:2px solid {COLOURS[seat] if to_act else '#ccc'};border-radius:8px;padding:5px;"
            f"margin:3px 0;background:#fff'><b style='color:{COLOURS[seat]}'>{seat_name(seat)}</b> ({e(p['colour'])}){start}"
            f"{' &larr; to act' if to_act else ''} &middot; {p['markers_left']} Markers left &middot; deck {p['deck']} &middot; "
            f"discards {len(p['discards'])}<div style='font-size:12px'>hand: {hand} {draw}</div>"
            f"<div style='font-size:12px'>Items: {_items_html(p, seat, viewer, legal, texts)}</div>"
            f"<div style='font-size:11px;color:#444'>points now: {sheet}</div></div>")


def _week_html(obs: dict[str, Any], texts: dict[str, str]) -> str:
    shown = "".join(_chip(c, "#222" if c.endswith("Night") else "#975a16", _tip(texts, c), solid=True, face=True)
                    for c in obs["revealed"]) or "none yet"
    wd = obs["week_deck"]
    return (f"<div style='font-size:12px'>Week deck: <b>{wd['cards']}</b> cards left, {wd['days']} of them Days "
            f"&middot; turned over this Week: {shown} &middot; Festival: <b>{_html.escape(obs['festival'] or '-')}</b></div>")


def _draft_html(obs: dict[str, Any], seat: int | None, legal: set[str], texts: dict[str, str]) -> str:
    """The Draft variant (HL-088..HL-091): the pack you hold (click a card to keep it) and what each has kept."""
    rows = []
    for p in (0, 1):
        pl = obs["players"][p]
        if pl["pack"] is not None:
            pack = "".join(_chip(c, COLOURS[p], _card(texts, c, f"keep {c}", legal), face=True) for c in pl["pack"])
            kept = ", ".join(pl["kept"] or []) or "nothing yet"
            rows.append(f"<div>{seat_name(p)}'s pack: {pack or '-'} &middot; kept: {_html.escape(kept)}</div>")
        else:
            rows.append(f"<div>{seat_name(p)} holds a pack of {pl['pack_size']} cards and has kept {pl['kept_size']} (hidden)</div>")
    return (f"<div class='hench-draft' style='font-size:12px;background:#f4f0ff;padding:4px 8px;border-radius:6px;margin:3px 0'>"
            f"<b>Draft, round {obs['draft']['round']}</b>: keep one card of the pack you hold; the rest go to the other "
            f"player (HL-090).{''.join(rows)}</div>")


def html(obs: dict[str, Any], clickable: bool = False) -> str:
    """The table as the observation's viewer sees it (a spectator's when `viewer` is None): the 4 Locations as
    grids of Influence Spaces (each Marker shows what it scores now), the Minions and Influence there, the
    Festival, the Week deck, each player (the other's hand as a count). With `clickable`, the viewer's moves open
    now (`obs["moves"]`) carry data-action="<move>"."""
    seat = obs["viewer"]
    texts = _texts(obs)
    legal = set(obs["moves"]) if clickable else set()
    hand = obs["players"][seat]["hand"] if seat in (0, 1) else None
    locations = "".join(_location_html(obs, i, legal, texts, hand) for i in range(len(obs["locations"])))
    players = "".join(_player_html(obs, p, legal, texts) for p in (0, 1))
    head = (f"<div style='font-size:14px;margin-bottom:3px'><b>Hemloch</b> &middot; Week {obs['week']} &middot; "
            f"{_html.escape(obs['phase_title'])} &middot; {_html.escape(_actor(obs))} to act"
            + (f" ({obs['actions']} Action{'s' if obs['actions'] != 1 else ''} left)" if obs["phase"] == "turn_actions" else "")
            + "</div>")
    over = ""
    if obs["scores"] is not None:
        win = " and ".join(seat_name(w) for w in obs["winners"])
        over = (f"<div class='hench-final' style='font-size:14px;background:#eef7ee;padding:4px 8px;border-radius:6px'>"
                f"Game over: {_html.escape(' and '.join(ENDED_WORDS.get(r, r) for r in obs['ended']))} "
                f"({', '.join(obs['ended'])}): {seat_name(0)} {obs['scores'][0]}, {seat_name(1)} {obs['scores'][1]} "
                f"&middot; winner: <b>{win}</b> (a tie goes to more Markers placed, HL-086)</div>")
    draft = _draft_html(obs, seat, legal, texts) if obs["draft"] and obs["phase"] == "draft_pick" else ""
    return (f"<div class='hench-board-hemloch' style='font-family:sans-serif;font-size:13px;line-height:1.35;max-width:900px;color:#222'>{head}"
            f"{_week_html(obs, texts)}{over}{draft}<div style='display:flex;flex-wrap:wrap'>{locations}</div>{players}</div>")


def _texts(obs: dict[str, Any]) -> dict[str, str]:
    """Each card's plain text by id (the tooltips), for the observation's data and Location sides (built once)."""
    raw = obs["data"]
    sides = tuple(loc["side"] for loc in obs["locations"])
    return _plain_texts(None if raw is None else json.dumps(raw, sort_keys=True), sides)


@lru_cache(maxsize=16)
def _plain_texts(raw: str | None, sides: tuple[str, ...]) -> dict[str, str]:
    d = default_data() if raw is None else data_from_document(json.loads(raw), "data")
    return {c.id: c.plain() for c in _card_texts(d, sides)}


__all__ = ["ENDED_WORDS", "card_gallery", "card_texts", "html", "marker_values", "notation", "observation", "public_move", "resample"]
