"""What one seat may know (`observation(state, seat)`), and every view built from it alone: `notation(obs)` and
`html(obs, clickable)` (the board).

Hidden: the faces of other players' hands (only their backs, the site they came from, HM-089) and
the order of the draw piles (only their sizes). Public: Reserves, Trumps (turned or not), discard
piles (HM-088), pawns, scores and the duel.

The observation is of the position alone, as in every game: what the last move did (`state.narration(seat)`)
is not part of it. The narration belongs to the move, not the position, so a save (the position) does not keep
it, and an observation made after `state_from_json(state.to_json())` equals the original's (issue 36; an
OpenSpiel adapter and a reloaded table rely on it). Logs read the narration from the move's `Step` instead.
"""

from __future__ import annotations

import html as _html
from typing import Any

from hench.core import CHANCE, Rng, seat_name

from .actions import HMAction, Keep, format_action
from .data import card_hover
from .phases import PHASES
from .scoring import meter
from .state import HMState

SEAT_COLORS = ("#f4f1ea", "#9e9e9e", "#2b2b2b", "#b71c1c", "#1565c0")
SEAT_COLOR_NAMES = ("White", "Grey", "Black", "Red", "Blue")
SEAT_INK = ("#000", "#000", "#fff", "#fff", "#fff")  # the number on a pawn, readable on its seat's colour
SITE_COLORS = ("#8d6e63", "#6a1b9a", "#c62828", "#c99a06", "#455a64")
SITE_INK = ("#fff", "#fff", "#fff", "#000", "#fff")  # a card chip's text, readable on its site's colour (WCAG AA)


def observation(state: HMState, seat: int | None) -> dict[str, Any]:
    """A JSON-like dict of what `seat` may know (None: a spectator, every hand as backs)."""
    s = state
    sites, deck = s.data.site_names, s.data.deck
    # HM-089: the others see a hand's backs in site order, which says nothing of the order its cards came in (or of
    # which copy left it); the seat itself sees its faces, each over its back, in its own order
    backs = [[sites[deck[c].site] for c in h] if i == seat else [sites[k] for k in sorted(deck[c].site for c in h)]
             for i, h in enumerate(s.hands)]
    d = s.duel
    return {
        "seat": seat, "day": s.day, "last_day": s.last_day, "phase": s.phase, "current_player": s.current_player,
        "badge": s.badge, "scores": list(s.scores_), "passed": list(s.passed), "winner": s.winner,
        "spots": s.spots(), "reserve_limit": s.data.values["reserve_limit"], "meter_size": s.data.values["meter_size"],
        "sites": [{"name": name, "pile": len(s.piles[i]), "discard": [s.name(c) for c in s.discards[i]],
                   "pawns": list(s.pawns[i]), "spots_left": s.spots() - sum(s.pawns[i])} for i, name in enumerate(sites)],
        "hands": [[s.name(c) for c in h] if i == seat else backs[i] for i, h in enumerate(s.hands)],
        "hand_backs": backs, "hand_sizes": [len(h) for h in s.hands],
        "reserves": [[_front(s, c) for c in r] for r in s.reserves],
        "trumps": [None if t is None else _front(s, t) for t in s.trumps],
        "to_place": [s.placements_left(i) for i in range(s.n)] if s.phase == "set_henchmen" else [0] * s.n,
        "held_pawns": [list(h) for h in s.held], "tiebreak": None if s.tiebreak is None else dict(s.tiebreak),
        "duel": None if d is None else {
            "attacker": d["att"], "defender": d["dfn"], "hits": d["hits"], "wounds": d["wounds"], "tiebreak": d["tb"],
            "attacker_weapon": s.name(d["aw"]) if d["aw"] is not None else None,
            "defender_weapon": s.name(d["dw"]) if d["dw"] is not None else None},
        "legal_actions": [str(a) for a in s.legal_actions()] if seat is not None and seat == s.current_player else [],
        "card_texts": dict(card_hover(s.data)),  # each card's explanation by name, for hover texts (the same for every seat)
    }


def public_move(state: HMState, action: HMAction, seat: int | None) -> str:
    """A move as `seat` is told it (Game.public: the mover reads the whole move). The Nosy Parker's kept card stays
    face down in its keeper's hand (HM-101, HM-089): the others learn only that a card was kept, as the board shows
    it (its back). Every other move is played in the open."""
    if isinstance(action, Keep) and action.card is not None:
        return "keep a card"
    return format_action(action)


def _front(s: HMState, cid: int) -> dict[str, Any]:
    return {"name": s.name(cid), "site": s.data.site_names[s.card(cid).site], "used": cid in s.exhausted}


def resample(s: HMState, seat: int, rng: Rng) -> HMState:
    """A state differing only in `seat`'s hidden hand faces: each hand card may swap with an unseen pile
    card of the same back (site). Nobody else can tell the two states apart."""
    other = s.clone()
    deck = other.data.deck
    hand = other.hands[seat]
    for i, cid in enumerate(hand):
        pile = other.piles[deck[cid].site]
        if pile:
            j = rng.randrange(len(pile))
            hand[i], pile[j] = pile[j], cid
    return other


# -- the notation ----------------------------------------------------------------------------------
def actor_text(obs: dict[str, Any]) -> str:
    actor = obs["current_player"]
    return "nobody" if actor is None else "the dice" if actor == CHANCE else seat_name(actor)


def notation(obs: dict[str, Any]) -> str:
    """One line: day, phase (its title, as people read it), who acts, Badge, scores, pawns per site, hand/Reserve
    sizes, Trumps (seats from 1)."""
    pawns = " ".join(f"{site['name'][:2]}:{''.join(map(str, site['pawns']))}" for site in obs["sites"])
    trumps = ",".join("-" if t is None else t["name"][:3] + ("*" if t["used"] else "") for t in obs["trumps"])
    duel = ""
    if obs["duel"] is not None:
        d = obs["duel"]
        duel = f" duel={d['attacker'] + 1}>{d['defender'] + 1}:h{d['hits']}w{d['wounds']}"
    actor = obs["current_player"]
    act = "-" if actor is None else "dice" if actor == CHANCE else str(actor + 1)
    return (f"d{obs['day']}/{obs['last_day']} [{PHASES.title(obs['phase'])}] act={act} badge={obs['badge'] + 1} "
            f"score={'/'.join(map(str, obs['scores']))} pawns[{pawns}] hand={'/'.join(map(str, obs['hand_sizes']))} "
            f"res={'/'.join(str(len(r)) for r in obs['reserves'])} trump={trumps}{duel}")


# -- HTML ----------------------------------------------------------------------------------------
_BOX = "border-radius:8px;padding:6px 8px;margin:3px;"
_CHIP = "display:inline-block;border-radius:4px;padding:1px 5px;margin:1px;font-size:11px;"


def _e(text: Any) -> str:
    return _html.escape(str(text))


def _pawn(seat: int) -> str:
    """A pawn: its seat's colour, and the seat's number on it, so it is told apart without the colour (issue 31)."""
    name = f"{seat_name(seat)} ({SEAT_COLOR_NAMES[seat]})"
    return (f"<span role='img' aria-label='pawn of {name}' title='{name}' style='display:inline-block;min-width:14px;height:14px;"
            f"border-radius:50%;margin:1px;background:{SEAT_COLORS[seat]};border:1px solid #333;color:{SEAT_INK[seat]};"
            f"font-size:10px;line-height:14px;text-align:center;font-weight:bold'>{seat + 1}</span>")


def _card_chip(name: str | None, site: int, used: bool = False, hover: dict[str, str] | None = None) -> str:
    """A card as a chip; its hover text says what the card does (`hover`: name -> CardText.plain()).
    A face the viewer may not see (name None) shows only its back: no name, not even in the title."""
    color = SITE_COLORS[site % len(SITE_COLORS)]
    style = f"{_CHIP}background:{color};color:{SITE_INK[site % len(SITE_INK)]};" + ("transform:rotate(-8deg);" if used else "")
    if name is None:
        return f"<span class='hench-card-back' title='a card from site {site + 1} (face hidden)' style='{style}'>&#9635; {site + 1}</span>"
    title = (hover or {}).get(name, name) + (" · Turned: used this day, straightened at the end of the day." if used else "")
    return (f"<span class='hench-card-face' title='{_e(title)}' style='{style}'>"
            f"{_e(name) + (' (used)' if used else '')}</span>")


def _clickable(action: str, legal: set[str], hint: str) -> str:
    """Attributes that make an element a move to click (widgets.board), when that move is legal."""
    return f" data-action='{_e(action)}' title='{_e(hint)}'" if action in legal else ""


def _site_click(name: str, legal: set[str]) -> str:
    """A click on a site places your own pawn there; with only a held pawn left (HM-100), that one."""
    if f"place {name}" in legal:
        return _clickable(f"place {name}", legal, f"click to place a pawn on the {name} (HM-016)")
    held = next((m for m in sorted(legal) if m.startswith("place Player ") and m.endswith(f"'s pawn on the {name}")), None)
    return "" if held is None else _clickable(held, legal, f"click to {held} (HM-100)")


def _sites_html(obs: dict[str, Any], legal: set[str]) -> str:
    cells = []
    for i, site in enumerate(obs["sites"]):
        name, color, left = site["name"], SITE_COLORS[i % len(SITE_COLORS)], site["spots_left"]
        pawns = "".join(_pawn(seat) for seat, k in enumerate(site["pawns"]) for _ in range(k)) or "&nbsp;"
        cells.append(
            f"<div{_site_click(name, legal)} "
            f"style='{_BOX}flex:1;min-width:110px;background:{color}22;border:2px solid {color}'>"
            f"<div style='font-weight:bold;color:#222'><span style='{_CHIP}background:{color};color:{SITE_INK[i % len(SITE_INK)]}'>"
            f"{i + 1}</span> {_e(name)}</div><div style='min-height:16px'>{pawns}</div>"
            f"<div style='font-size:11px;color:#444'>spots left {max(left, 0)}/{obs['spots']}{' FULL' if left <= 0 else ''}"
            f" &middot; pile {site['pile']} &middot; discard {len(site['discard'])}</div></div>")
    return "<div style='display:flex;flex-wrap:wrap'>" + "".join(cells) + "</div>"


def _player_html(obs: dict[str, Any], seat: int, faces: list[str] | None, legal: set[str],
                 hover: dict[str, str] | None = None) -> str:
    site_of = {site["name"]: i for i, site in enumerate(obs["sites"])}
    score = obs["scores"][seat]
    space, lap = meter(score, obs["meter_size"])
    backs = obs["hand_backs"][seat]
    hand = "".join(f"<span{_clickable(f'play {name}', legal, 'click to play this card') if name else ''}>"
                   f"{_card_chip(name, site_of[back], hover=hover)}</span>"
                   for name, back in zip(faces if faces is not None else [None] * len(backs), backs)) or "<i>empty</i>"
    reserve = "".join(_card_chip(c["name"], site_of[c["site"]], c["used"], hover) for c in obs["reserves"][seat]) or "<i>none</i>"
    trump = obs["trumps"][seat]
    trump_html = _card_chip(trump["name"], site_of[trump["site"]], trump["used"], hover) if trump else "<i>none</i>"
    badge = f" <span title='Badge of Honor' style='{_CHIP}background:#f9a825;color:#000'>&#9733; Badge</span>"
    marks = (badge if seat == obs["badge"] else "") + (" &#9654;" if seat == obs["current_player"] else "") + \
        (" <span style='color:#667'>(passed)</span>" if obs["passed"][seat] and obs["phase"] == "play_cards" else "")
    border = "3px solid #e65100" if seat == obs["current_player"] else "1px solid #bbb"
    to_place = f" &middot; pawns to place {obs['to_place'][seat]}" if obs["phase"] == "set_henchmen" else ""
    return (f"<div style='{_BOX}border:{border};background:#fafafa;min-width:220px;flex:1'>"
            f"<div>{_pawn(seat)} <b>{seat_name(seat)} ({SEAT_COLOR_NAMES[seat]})</b>{marks} &mdash; "
            f"<b style='font-size:16px'>{score}</b> pts <span style='font-size:11px'>(meter space {space}, lap count {lap})</span></div>"
            f"<div style='font-size:11px'>hand ({len(backs)}): {hand}</div>"
            f"<div style='font-size:11px'>reserve ({len(obs['reserves'][seat])}/{obs['reserve_limit']}): {reserve}</div>"
            f"<div style='font-size:11px'>trump: {trump_html}{to_place}</div></div>")


def _phase_bar(obs: dict[str, Any]) -> str:
    items = []
    for phase in PHASES:
        on = phase.id == obs["phase"]
        style = f"{_CHIP}background:{'#b33c00' if on else '#eee'};color:{'#fff' if on else '#555'}" + (";font-weight:bold" if on else "")
        now = "&#9654; " if on else ""  # the phase now is marked in text too, not by its colour alone
        items.append(f"<span title='{_e(phase.help)}' style='{style}'>{now}{_e(phase.title)}</span>")
    return "<div>" + "".join(items) + "</div>"


def _weapon(name: str | None, hover: dict[str, str]) -> str:
    if name is None:
        return "bare hands"
    return f"<span class='hench-card-face' title='{_e(hover.get(name, name))}' style='text-decoration:underline dotted'>{_e(name)}</span>"


def _duel_html(obs: dict[str, Any], hover: dict[str, str] | None = None) -> str:
    d, hover = obs["duel"], hover or {}
    if d is None:
        return ""
    kind = "Tie-break duel" if d["tiebreak"] else "Duel"
    return (f"<div style='{_BOX}background:#fff3e0;border:1px solid #e65100'>&#9876; <b>{kind}</b>: "
            f"{seat_name(d['attacker'])} ({_weapon(d['attacker_weapon'], hover)}) attacks {seat_name(d['defender'])} "
            f"({_weapon(d['defender_weapon'], hover)}) &middot; {_e(PHASES.title(obs['phase']))} &middot; "
            f"hits {d['hits']} &middot; wounds {d['wounds']}</div>")


def html(obs: dict[str, Any], clickable: bool = False) -> str:
    """The board as the observation's seat sees it (a spectator: every hand as backs); with `clickable`, the
    sites and cards of the moves open to that seat are `data-action` elements."""
    seat = obs["seat"]
    legal = set(obs["legal_actions"]) if clickable else set()
    winner = obs["winner"]
    head = (f"<div style='font-weight:bold'>Henchmania &mdash; day {obs['day']} of {obs['last_day']} &middot; "
            f"{_e(PHASES.title(obs['phase']))} &middot; to act: {actor_text(obs)}"
            + (f" &middot; <span style='color:#2e7d32'>winner {seat_name(winner)}</span>" if winner is not None else "")
            + "</div>")
    hover = obs["card_texts"]
    players = "".join(_player_html(obs, p, obs["hands"][p] if p == seat else None,
                                   legal if p == obs["current_player"] else set(), hover) for p in range(len(obs["scores"])))
    return (f"<div class='hench-state hench-henchmania' style='font-family:sans-serif;font-size:13px;color:#222;"
            f"max-width:900px'>{head}{_phase_bar(obs)}{_sites_html(obs, legal)}{_duel_html(obs, hover)}"
            f"<div style='display:flex;flex-wrap:wrap'>{players}</div></div>")
