"""What one seat may know (`observation`), and every view built from it: notation, HTML board, log.

Hidden: the faces of other players' hands (only their backs, the site they came from, HM-089) and
the order of the draw piles (only their sizes). Public: Reserves, Trumps (turned or not), discard
piles (HM-088), pawns, scores, the duel, and what the last move did (`narration`: the public lines and the
lines told to this seat alone, such as the face of a card it drew).
"""

from __future__ import annotations

import html as _html
from typing import Any

from hench.core import CHANCE, CardText, Rng, seat_name

from .phases import PHASES
from .scoring import meter
from .state import HMState

SEAT_COLORS = ("#f4f1ea", "#9e9e9e", "#2b2b2b", "#b71c1c", "#1565c0")
SEAT_COLOR_NAMES = ("White", "Grey", "Black", "Red", "Blue")
SITE_COLORS = ("#8d6e63", "#6a1b9a", "#c62828", "#c99a06", "#455a64")


def observation(s: HMState, seat: int | None) -> dict[str, Any]:
    """A JSON-like dict of what `seat` may know (None: a spectator, every hand as backs)."""
    sites, deck = s.data.site_names, s.data.deck
    backs = [[sites[deck[c].site] for c in h] for h in s.hands]
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
        "narration": [line.text for line in s.narration(seat)],  # what the last move did, as this seat may read it
        "legal_actions": [str(a) for a in s.legal_actions()] if seat is not None and seat == s.current_player else [],
    }


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
    """One line: day, phase, who acts, Badge, scores, pawns per site, hand/Reserve sizes, Trumps (seats from 1)."""
    pawns = " ".join(f"{site['name'][:2]}:{''.join(map(str, site['pawns']))}" for site in obs["sites"])
    trumps = ",".join("-" if t is None else t["name"][:3] + ("*" if t["used"] else "") for t in obs["trumps"])
    duel = ""
    if obs["duel"] is not None:
        d = obs["duel"]
        duel = f" duel={d['attacker'] + 1}>{d['defender'] + 1}:h{d['hits']}w{d['wounds']}"
    actor = obs["current_player"]
    act = "-" if actor is None else "dice" if actor == CHANCE else str(actor + 1)
    return (f"d{obs['day']}/{obs['last_day']} {obs['phase']} act={act} badge={obs['badge'] + 1} "
            f"score={'/'.join(map(str, obs['scores']))} pawns[{pawns}] hand={'/'.join(map(str, obs['hand_sizes']))} "
            f"res={'/'.join(str(len(r)) for r in obs['reserves'])} trump={trumps}{duel}")


def log(obs: dict[str, Any]) -> list[str]:
    """What the last move did (its narration), as the seat may read it."""
    return list(obs["narration"])


# -- HTML ----------------------------------------------------------------------------------------
_BOX = "border-radius:8px;padding:6px 8px;margin:3px;"
_CHIP = "display:inline-block;border-radius:4px;padding:1px 5px;margin:1px;font-size:11px;"


def _e(text: Any) -> str:
    return _html.escape(str(text))


def _pawn(seat: int) -> str:
    return (f"<span title='{seat_name(seat)} ({SEAT_COLOR_NAMES[seat]})' style='display:inline-block;width:12px;"
            f"height:12px;border-radius:50%;margin:1px;background:{SEAT_COLORS[seat]};border:1px solid #333'></span>")


def _card_chip(name: str | None, site: int, used: bool = False, hover: dict[str, str] | None = None) -> str:
    """A card as a chip; its hover text says what the card does (`hover`: name -> CardText.plain()).
    A face the viewer may not see (name None) shows only its back: no name, not even in the title."""
    color = SITE_COLORS[site % len(SITE_COLORS)]
    style = f"{_CHIP}background:{color};color:#fff;" + ("transform:rotate(-8deg);opacity:.6;" if used else "")
    if name is None:
        return f"<span class='hench-card-back' title='a card from this site (face hidden)' style='{style}'>&#9635;</span>"
    title = (hover or {}).get(name, name) + (" · Turned: used this day, straightened at the end of the day." if used else "")
    return (f"<span class='hench-card-face' title='{_e(title)}' style='{style}'>"
            f"{_e(name) + (' (used)' if used else '')}</span>")


def _clickable(action: str, legal: set[str], hint: str) -> str:
    """Attributes that make an element a move to click (widgets.board), when that move is legal."""
    return f" data-action='{_e(action)}' title='{_e(hint)}'" if action in legal else ""


def _sites_html(obs: dict[str, Any], legal: set[str]) -> str:
    cells = []
    for i, site in enumerate(obs["sites"]):
        name, color, left = site["name"], SITE_COLORS[i % len(SITE_COLORS)], site["spots_left"]
        pawns = "".join(_pawn(seat) for seat, k in enumerate(site["pawns"]) for _ in range(k)) or "&nbsp;"
        cells.append(
            f"<div{_clickable(f'place {name}', legal, f'click to place a pawn on the {name} (HM-016)')} "
            f"style='{_BOX}flex:1;min-width:110px;background:{color}22;border:2px solid {color}'>"
            f"<div style='font-weight:bold;color:{color}'>{_e(name)}</div><div style='min-height:16px'>{pawns}</div>"
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
        (" <span style='color:#888'>(passed)</span>" if obs["passed"][seat] and obs["phase"] == "play_cards" else "")
    border = "3px solid #e65100" if seat == obs["current_player"] else "1px solid #bbb"
    to_place = f" &middot; pawns to place {obs['to_place'][seat]}" if obs["phase"] == "set_henchmen" else ""
    return (f"<div style='{_BOX}border:{border};background:#fafafa;min-width:220px;flex:1'>"
            f"<div>{_pawn(seat)} <b>{seat_name(seat)} ({SEAT_COLOR_NAMES[seat]})</b>{marks} &mdash; "
            f"<b style='font-size:16px'>{score}</b> pts <span style='font-size:11px'>(meter space {space}, lap {lap})</span></div>"
            f"<div style='font-size:11px'>hand ({len(backs)}): {hand}</div>"
            f"<div style='font-size:11px'>reserve ({len(obs['reserves'][seat])}/{obs['reserve_limit']}): {reserve}</div>"
            f"<div style='font-size:11px'>trump: {trump_html}{to_place}</div></div>")


def _phase_bar(obs: dict[str, Any]) -> str:
    items = []
    for phase in PHASES:
        on = phase.id == obs["phase"]
        style = f"{_CHIP}background:{'#e65100' if on else '#eee'};color:{'#fff' if on else '#555'}"
        items.append(f"<span title='{_e(phase.help)}' style='{style}'>{_e(phase.title)}</span>")
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


def html(s: HMState, seat: int | None = None, reveal: bool | None = None, clickable: bool = False) -> str:
    """The board seen by `seat` (built from its observation). With seat None the hands are shown face up
    for learning unless `reveal` is False; `clickable` marks legal sites and cards with data-action."""
    obs = observation(s, seat)
    reveal = seat is None if reveal is None else reveal
    faces = [[s.name(c) for c in h] for h in s.hands] if reveal else obs["hands"]
    legal = {str(a) for a in s.legal_actions()} if clickable else set()
    winner = obs["winner"]
    head = (f"<div style='font-weight:bold'>Henchmania &mdash; day {obs['day']} of {obs['last_day']} &middot; "
            f"{_e(PHASES.title(obs['phase']))} &middot; to act: {actor_text(obs)}"
            + (f" &middot; <span style='color:#2e7d32'>winner {seat_name(winner)}</span>" if winner is not None else "")
            + "</div>")
    hover = {t.name: t.plain() for t in card_texts(s)}
    players = "".join(_player_html(obs, p, faces[p] if reveal or p == seat else None,
                                   legal if p == obs["current_player"] else set(), hover) for p in range(len(obs["scores"])))
    events = "".join(f"<li>{_e(e)}</li>" for e in log(obs)[-6:])
    return (f"<div class='hench-state hench-henchmania' style='font-family:sans-serif;font-size:13px;color:#222;"
            f"max-width:900px'>{head}{_phase_bar(obs)}{_sites_html(obs, legal)}{_duel_html(obs, hover)}"
            f"<div style='display:flex;flex-wrap:wrap'>{players}</div>"
            + (f"<ul style='font-size:11px;color:#555;margin:2px 0'>{events}</ul>" if events else "") + "</div>")


# -- every card explained (hench.core.CardText) ------------------------------------------------------
KIND_OF_TYPE = {"action": "Action", "reserve": "Reserve", "trump": "Trump"}
TYPE_RULES = {"action": ("HM-025", "HM-027", "HM-028"), "reserve": ("HM-029", "HM-031", "HM-034", "HM-035"),
              "trump": ("HM-041", "HM-043", "HM-044")}
TURN_USE = "at your turn in phase 2, in place of playing a card from your hand (that is your whole turn)"


def _pts(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def _effect_text(card: Any, data: Any) -> tuple[str, str, tuple[str, ...]]:
    """(what it does, when, rule IDs) of one card kind's effect, with the numbers of `data`."""
    v, site = data.values, data.site_names[card.site]
    e, p = card.effect, card.points
    once = " Once used it is turned sideways until the end of the day." if card.exhausts else ""
    if e == "duel":
        return (f"Challenge another Lord to a duel: you attack, they must defend. Each side picks an Armory weapon or bare "
                f"hands, you roll {v['attack_dice']} dice for hits and they roll one die per hit to parry. If a hit gets "
                f"through you gain {v['attacker_win_points']} and they lose {v['defender_loss_per_wound']} per unparried "
                f"hit; otherwise they gain {v['defender_win_points']} and you lose {v['attacker_loss']}.",
                "on your turn in phase 2, as your card for the turn",
                ("HM-052", "HM-053", "HM-057", "HM-063", "HM-065", "HM-066", "HM-067", "HM-068"))
    if e == "guard":
        return ("Call off a duel you are challenged to: the Glove is discarded and no points move. If the Attacker has "
                "already laid down a weapon, it goes back to their hand.",
                "straight after a Glove is played on you, even if you have already passed",
                ("HM-102", "HM-103", "HM-048", "HM-091"))
    if e == "weapon":
        return (f"A duel weapon. Attacking, each die showing {card.attack} or more hits; defending, each die showing "
                f"{card.defense} or more parries a hit (bare hands: {v['bare_hands_attack']} or more, and "
                f"{v['bare_hands_defense']} or more).",
                "in a duel you fight in, when you name your weapon (even if you have already passed)",
                ("HM-054", "HM-056", "HM-058", "HM-061", "HM-048", "HM-069"))
    if e == "steal_hand":
        what = ("Take one card from an opponent's hand: you pick the opponent and the site shown on the card backs, and "
                "get one of their cards with that back at random; nobody sees its face but you.")
        return (what + once, TURN_USE if card.type != "action" else "on your turn in phase 2", ("HM-090",))
    if e == "steal_reserve":
        return ("Move one card from an opponent's Reserve into yours; it arrives straightened, ready to use. Not allowed "
                "if your Reserve would go over its limit or that card's own maximum; a Trump cannot be taken.",
                "on your turn in phase 2", ("HM-035", "HM-037", "HM-042"))
    if e == "traitor":
        return ("Take one of an opponent's pawns off a site. Next day you place it yourself and draw that site's card, "
                "but the pawn still counts for its owner when majorities are counted.",
                "on your turn in phase 2", ("HM-099", "HM-100", "HM-093"))
    if e == "brawl":
        return ("Every other Lord discards one card from their hand, chosen at random. A Lord with a Penitent in their "
                "Reserve is spared.", "on your turn in phase 2", ("HM-105",))
    if e == "gain_points":
        if card.type == "action":
            return f"You gain {_pts(p)} at once.", "on your turn in phase 2", ("HM-091",)
        return f"You gain {_pts(p)}." + once, TURN_USE, ("HM-038", "HM-045", "HM-091")
    if e == "performance":
        table = v["performance_points"]
        steps = ", ".join(f"{k} different: {table[k]}" for k in range(1, len(table)))
        return (f"A Performance ({card.kind}). At the end of each day your different Performances score together ({steps}; "
                f"copies of the same one add nothing).", "scores at the end of every day, from your Reserve",
                ("HM-071", "HM-072"))
    if e == "points":
        return (f"Scores {_pts(card.points_per_day)} at the end of every day while it is in your Reserve.",
                "scores at the end of every day, from your Reserve", ("HM-071",))
    if e == "nosy_parker":
        return ("When phase 2 ends and every hand is discarded, you keep one card of your hand for the next day.",
                "at the end of phase 2, from your Reserve", ("HM-101", "HM-050", "HM-106"))
    if e == "porter":
        return ("Place a pawn on a site even when all its spots are taken; it counts for majorities and you draw that "
                "site's card as usual." + once, "in phase 1, when you place a pawn, from your Reserve",
                ("HM-098", "HM-104", "HM-036"))
    if e == "penitent":
        return "Brawl cards do not touch you: you discard nothing when another Lord plays one.", \
            "whenever a Brawl is played, from your Reserve", ("HM-105",)
    if e == "apothecary":
        return ("In a duel where you defend, after the dice, cancel one unparried hit; if it was the last one, you win "
                "the duel instead." + once, "in a duel you defend, after the dice, from your Reserve", ("HM-096", "HM-036"))
    if e == "courtesan":
        return ("In a duel between two other Lords, after the dice, cancel one unparried hit (so the Defender may win). "
                "Not in tie-break duels." + once, "in other Lords' duels, after the dice, from your Reserve",
                ("HM-092", "HM-036"))
    if e == "old_lady":
        return ("Use the effect of an opponent's Trump, even a turned one: at your turn, one that is used at your turn; in "
                "your own duels, a duel Trump when yours has no such effect." + once,
                TURN_USE + "; or in your duel", ("HM-107", "HM-038", "HM-036"))
    if e == "poison":
        return (f"Discard it from your Reserve: an opponent of your choice loses {_pts(p)}.", TURN_USE,
                ("HM-030", "HM-038", "HM-094"))
    if e == "draw_card":
        return f"Draw the top card of the {site} pile." + once, TURN_USE, ("HM-038", "HM-045")
    if e == "duel_bonus":
        return (f"When you win a duel as the Attacker you gain {_pts(p)} more.",
                "when you win a duel you started", ("HM-065",))
    if e == "bare_hands_bonus":
        a, d = max(1, v["bare_hands_attack"] - p), max(1, v["bare_hands_defense"] - p)
        return (f"Fighting bare-handed, you hit on {a} or more and parry on {d} or more (instead of "
                f"{v['bare_hands_attack']} and {v['bare_hands_defense']}).", "in your duels, when you fight bare-handed",
                ("HM-059", "HM-062"))
    return "No effect of its own.", "", ()


def _type_text(card: Any, data: Any) -> str:
    site = data.site_names[card.site]
    if card.type == "action":
        return f"Action card from the {site}: once played it goes to the {site} discard pile."
    if card.type == "reserve":
        return (f"Reserve card from the {site}: it stays face up in front of you for the rest of the game and works only "
                f"from there (at most {card.reserve_max} in one Reserve).")
    return (f"Trump from the {site}: you hold one Trump at most (a new one discards the old) and it does not count "
            f"toward the Reserve limit.")


def card_texts(s: HMState) -> list[CardText]:
    """Every card kind of this state's data (builtin or a person's own file), said in plain words."""
    out = []
    for card in s.data.cards:
        what, when, rules = _effect_text(card, s.data)
        copies = f" {card.copies} {'copy' if card.copies == 1 else 'copies'} in the game."
        assumed = card.source == "assumed"
        out.append(CardText(
            id=card.name, name=card.name, kind=KIND_OF_TYPE[card.type], what=f"{what} {_type_text(card, s.data)}{copies}",
            when=when, rules=tuple(dict.fromkeys(rules + TYPE_RULES[card.type])), assumed=assumed,
            note=(card.note or "this card is a placeholder, not the publisher's") if assumed else ""))
    return out
