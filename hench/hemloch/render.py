"""What a seat may know (`observation`), `resample` for the hidden-information test, and every view
built from an observation: the one-line notation and the HTML board.

Hidden: a player's hand (the other player sees only how many cards), the order of every Minion deck
(nobody), the Week deck's order (nobody: a reveal is a chance event), the Draft pool, and during the
Draft the pack a player holds and the cards they kept (the other player sees counts).
"""

from __future__ import annotations

import html as _html
from typing import Any

from hench.core import CHANCE, Rng, seat_name

from .data import ITEMS
from .phases import PHASES
from .scoring import breakdown
from .state import HemlochState

COLOURS = ("#2f6fd6", "#e07b00")  # Player 1 blue, Player 2 orange (M9: colours are not in the text)
COLOUR_NAMES = ("blue", "orange")


def observation(s: HemlochState, seat: int | None) -> dict[str, Any]:
    """A JSON-like dict of everything `seat` may know (None: a spectator)."""
    d = s.data
    over = s.stage == "over"
    actor = s.current_player
    return {
        "phase": s.phase, "phase_title": PHASES.title(s.phase), "viewer": seat, "week": s.week, "start": s.start,
        "active": s.active, "to_act": actor if actor != CHANCE else "chance", "actions": s.actions,
        "item_used": s.item_used, "festival": None if s.festival < 0 else d.locations[s.festival].name,
        "week_deck": {"cards": len(s.week_deck), "days": sum(d.is_day(c) for c in s.week_deck)},
        "revealed": [d.week_name(c) for c in s.revealed], "day_supply": [d.week_name(c) for c in s.day_supply],
        "boxed": [d.week_name(c) for c in s.boxed], "supply": dict(zip(ITEMS, s.supply)),
        "locations": [_location(s, loc) for loc in range(len(s.spaces))],
        "players": [_player(s, p, seat == p) for p in (0, 1)],
        "pending": [list(t) for t in s.tasks if t[0] in ("mark", "retreat", "swap", "steal", "festival", "recall", "scepter")][:1],
        "draft": {"round": s.draft_round, "pool": len(s.pool)} if s.draft else None,
        "events": list(s.events), "ended": list(s.ended),
        "scores": s.scores() if over else None, "winners": s.winners() if over else [],
    }


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
    return {
        "name": seat_name(p), "colour": COLOUR_NAMES[p], "hand_size": len(s.hands[p]),
        "hand": sorted(d.minions[c].name for c in s.hands[p]) if sees else None,
        "deck": len(s.decks[p]), "discards": [d.minions[c].name for c in s.discards[p]],
        "markers_left": s.markers_left(p), "items": {ITEMS[k]: list(pair) for k, pair in enumerate(s.items[p])},
        "pack": sorted(d.minions[c].name for c in s.packs[p]) if sees else None, "pack_size": len(s.packs[p]),
        "kept": sorted(d.minions[c].name for c in s.kept[p]) if sees else None, "kept_size": len(s.kept[p]),
        "points": breakdown(s, p)["total"],
    }


def resample(s: HemlochState, seat: int, rng: Rng) -> HemlochState:
    """A state differing only in what `seat` hides from the other: the cards in hand swapped with unseen
    ones of the same deck (the other player knows only the counts)."""
    other = s.clone()
    other.events = list(s.events)
    pool = rng.shuffled(other.hands[seat] + other.decks[seat])
    n = len(other.hands[seat])
    other.hands[seat], other.decks[seat] = pool[:n], pool[n:]
    return other


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


def _grid(loc: dict[str, Any]) -> str:
    rows = max(r for r, _, _ in loc["spaces"]) + 1
    cols = max(c for _, c, _ in loc["spaces"]) + 1
    cells = {(r, c): o for r, c, o in loc["spaces"]}
    out = []
    for r in range(rows):
        tds = []
        for c in range(cols):
            if (r, c) not in cells:
                tds.append("<td style='border:none'></td>")
                continue
            o = cells[(r, c)]
            fill = COLOURS[o] if o >= 0 else "#fff"
            tds.append(f"<td title='row {r + 1}, column {c + 1}' style='width:18px;height:18px;border:1px solid #999;"
                       f"background:{fill}'></td>")
        out.append("<tr>" + "".join(tds) + "</tr>")
    return "<table style='border-collapse:collapse;margin:auto'>" + "".join(out) + "</table>"


def html(obs: dict[str, Any]) -> str:
    """The board as HTML: the 4 Locations with their Influence grids and Minions, then each player."""
    e = _html.escape
    cards = []
    for loc in obs["locations"]:
        fest = " <b style='color:#b00'>Festival</b>" if loc["name"] == obs["festival"] else ""
        minions = "".join(f"<div style='color:{COLOURS[p]}'>{seat_name(p)} ({loc['influence'][p]}): "
                          f"{e(', '.join(loc['minions'][p]) or '-')}</div>" for p in (0, 1))
        cards.append(f"<div style='border:1px solid #888;padding:4px;margin:2px;min-width:150px'>"
                     f"<b>{e(loc['name'])}</b>{fest}<br><small>home {e(loc['home'])}, {e(loc['side'])} side: "
                     f"{e(loc['activating'])} -> {e(loc['ability'])}</small>{_grid(loc)}{minions}</div>")
    players = []
    for i, p in enumerate(obs["players"]):
        hand = e(", ".join(p["hand"])) if p["hand"] is not None else f"{p['hand_size']} cards"
        items = ", ".join(f"{k} {up} up/{down} down" for k, (up, down) in p["items"].items() if up or down) or "no Items"
        players.append(f"<li style='color:{COLOURS[i]}'><b>{p['name']}</b>: hand {hand}; deck {p['deck']}; "
                       f"{p['markers_left']} Markers left; {e(items)}; {p['points']} points</li>")
    head = (f"<b>Week {obs['week']}: {e(obs['phase_title'])}</b> ({e(_actor(obs))} to act; Start Player "
            f"{seat_name(obs['start'])}; Week deck {obs['week_deck']['cards']} cards, {obs['week_deck']['days']} Days)")
    return (f"<div class='hench-board'>{head}<div style='display:flex;flex-wrap:wrap'>{''.join(cards)}</div>"
            f"<ul>{''.join(players)}</ul></div>")
