"""What a seat may know (`observation`), `resample` for the hidden-information test, and the views: the
one-line notation, the board one seat sees (`html(state, seat, clickable)`: world map, Time track, the attempt's
dice, every base with its attraction tracks; clickable moves as data-action attributes), every card explained
(`card_texts`, registered as `Game.cards`) and the contract odds as far as a seat can know them (`known_map_odds`).

Hidden: draft hands and locked picks (MA-041: their owner only, until the reveal), Scheme cards in hand
(MA-162: their owner only), the order of every deck, and the face of each map contract until it is
flipped for an attempt (MA-106: its back, difficulty, team size and recommended trait, is public).
"""

from __future__ import annotations

import html as _html
from fractions import Fraction
from typing import Any

from hench.core import Rng, seat_name
from hench.core.cards import CardText

from .actions import Pick, format_action
from .data import CONTINENT_NAMES, TRAITS, TYPES
from .phases import PHASES
from .state import ManiacalState

REVEALED_STEPS = ("before_roll", "rolling", "after_roll", "reroll", "effect")  # MA-111: flipped once the time is paid


def public_action(state: ManiacalState, action: Any, seat: int | None) -> str:
    """A move as the other seats are told it: a draft pick stays secret until the reveal (MA-041), which says
    what each was; every other move is public."""
    return "locks a secret pick" if isinstance(action, Pick) else format_action(action)


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
        "options": dict(state.options),
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


def summary_html(obs: dict[str, Any]) -> str:
    """One table from an observation: each player's Infamy, money, attraction, rooms, henchmen, weeks."""
    rows = "".join(
        f"<tr><td>{seat_name(i)}</td><td>{p['infamy']}</td><td>${p['money']}</td>"
        f"<td>{'/'.join(map(str, p['attraction']))}</td><td>{len(p['rooms'])}</td><td>{len(p['crew'])}</td>"
        f"<td>{'' if p['weeks'] is None else p['weeks']}</td></tr>" for i, p in enumerate(obs["players"]))
    return (f"<div class='hench-board'><b>Round {obs['round']}: {_html.escape(PHASES.title(obs['phase']))}</b>"
            "<table><tr><th>Player</th><th>Infamy</th><th>Money</th><th>Attraction B/C/S/M</th><th>Rooms</th>"
            f"<th>Henchmen</th><th>Weeks</th></tr>{rows}</table></div>")


# -- the board for one seat (apps) ----------------------------------------------------------------------
TRAIT_HEX = {"brawn": "#c53030", "stealth": "#2b6cb0", "intellect": "#2f855a", "magic": "#dd6b20"}  # MA-115
TYPE_HEX = {"beast": "#8d6e3f", "criminal": "#4a5568", "scientist": "#2c7a7b", "mystic": "#6b46c1"}
PLACE_NAMES = {"underground": "The Underground", "hospital": "Hoodlum Hospital", "lounge": "Lucifer's Lounge"}
ABILITIES_NOTE = ("Supervillain abilities (MA-021) are not in the rulebook text: this game is played without them "
                  "(an assumption, as the rulebook allows for a first game).")
_NEGATIVE_TEXT = {
    "target_plus_two": "the attempted contract's Target goes up by 2",
    "remove_die": "one die is taken out of the pool before the roll (even the last one)",
    "extra_week": "the attempt costs its player 1 week more",
    "injure_after": "after the contract is resolved, you put an Injury on one henchman of the team",
    "steal_three": "if the attempt succeeds, you take $3 of its player's reward money",
}
_POSITIVE_TEXT = {
    "reroll_three": "while resolving your contract, reroll up to 3 dice (after any other rerolls)",
    "gain_two_weeks": "gain 2 weeks: your Time token moves 2 spaces back (never past the track's start)",
    "refresh_henchman": "refresh one exhausted henchman of yours so it can act again this round",
    "cancel_harm": "cancel an Injured or Captured effect about to hit one of your henchmen",
    "failure_bonus": "when your contract fails, gain +2 Infamy and $2",
}
_ROOM_EFFECT_TEXT = {
    "infamy_per_type": "gain 2 Infamy for each {param} henchman you control",
    "gain_money": "take $3 from the bank",
    "draw_scheme": "draw a Scheme card",
    "refresh_henchman": "refresh one exhausted henchman",
    "extra_die": "add one die of a trait you choose to the pool, before rolling",
    "reroll_two": "reroll up to 2 dice, after rolling",
}
_REWARD_EFFECT_TEXT = {"": "", "injured": "one of the team is Injured (MA-142)", "captured": "one of the team is Captured "
                       "and leaves the game (MA-141)", "scheme": "draw a Scheme card (MA-145)",
                       "power": "a henchman of yours gets a random Power (MA-146, MA-180)"}


def _esc(text: object) -> str:
    return _html.escape(str(text), quote=True)


def _title(text: str) -> str:
    return f" title='{_esc(text)}'"


def _face(text: str) -> str:
    """A card the seat may see: its plain explanation first in the hover text (hench-card-face)."""
    return f" class='hench-card-face' title='{_esc(text)}'"


def _back(what: str) -> str:
    """A hidden card: a back that names nothing (hench-card-back)."""
    return (f"<span class='hench-card-back' title='{_esc(what)}' style='display:inline-block;width:14px;height:18px;"
            "margin:1px;border-radius:3px;background:#5a3d6b;border:1px solid #0006;vertical-align:middle'></span>")


def _click(action: str | None) -> str:
    return "" if action is None else f" data-action='{_esc(action)}'"


def _plain(state: ManiacalState) -> dict[str, str]:
    return {c.id: c.plain() for c in card_texts(state)}


def _traits_html(traits) -> str:
    return "".join(f"<span style='display:inline-block;min-width:14px;padding:0 3px;margin-right:2px;border-radius:3px;"
                   f"background:{TRAIT_HEX[t]};color:#fff;font-size:10px;text-align:center'>{v}</span>"
                   for t, v in zip(TRAITS, traits) if v)


def _die_html(trait: str, value: object, action: str | None = None, marked: bool = False) -> str:
    border = "3px solid #111" if marked else "1px solid #0006"
    return (f"<span{_click(action)}{_title(f'{trait} die' + (': click to mark it for the reroll' if action else ''))} "
            f"style='display:inline-block;width:24px;height:24px;line-height:24px;margin:2px;border-radius:5px;"
            f"text-align:center;font-weight:bold;color:#fff;background:{TRAIT_HEX.get(trait, '#777')};border:{border}'>"
            f"{_esc(value)}</span>")


def _legal_texts(state: ManiacalState, seat: int | None, clickable: bool) -> list[str]:
    if not clickable or seat is None or state.current_player != seat:
        return []
    return [str(a) for a in state.legal_actions()]


def _first(legal: list[str], *prefixes: str) -> str | None:
    return next((a for a in legal for p in prefixes if a == p or a.startswith(p + " ") or a.startswith(p)), None)


def _map_html(state: ManiacalState, obs: dict[str, Any], seat: int | None, legal: list[str], plain: dict[str, str]) -> str:
    cells = []
    sv = state.data.cards[state.lairs[seat].sv] if seat is not None else None
    for i, c in enumerate(obs["map"]):
        letter = "ABCDEF"[i]
        action = f"attempt {letter}" if f"attempt {letter}" in legal else None
        face = ""
        if "id" in c:
            card = state.data.cards[c["id"]]
            face = (f"<span{_face(plain.get(card.id, ''))} style='display:block;font-size:11px;background:#fff;border-radius:4px;"
                    f"padding:1px 3px'>face up: <b>{_esc(card.name)}</b>, Target <b>{card.target}</b></span>")
        weeks = f"<div style='font-size:10px;color:#555'>costs you {sv.costs[i]} weeks</div>" if sv else ""
        cells.append(
            f"<div{_click(action)}{_title('click to attempt this contract (MA-107)' if action else 'a face-down contract: its back is public (MA-106)')} "
            f"style='display:inline-block;vertical-align:top;width:132px;margin:3px;padding:4px;border-radius:6px;"
            f"background:#e9f1f7;border:2px solid {TRAIT_HEX[c['trait']]}'><div style='font-size:11px'><b>{letter}</b> "
            f"{_esc(c['continent'])}</div><div style='font-size:12px'>{_esc(c['difficulty']).capitalize()} &middot; team "
            f"<b>{c['team']}</b></div><div style='font-size:11px;color:{TRAIT_HEX[c['trait']]}'><b>{_esc(c['trait'])}</b> "
            f"recommended</div>{weeks}{face}</div>")
    return "<div><b>World map</b> <span style='font-size:11px;color:#666'>(six face-down contracts, MA-105)</span><div>" + "".join(cells) + "</div></div>"


def _time_html(state: ManiacalState, obs: dict[str, Any]) -> str:
    start = state.data.tables["time_track"][state.round - 1]
    spaces = []
    for w in range(start, -1, -1):
        here = sorted((p["placed"], i) for i, p in enumerate(obs["players"]) if p["weeks"] == w)
        tokens = "".join(f"<div style='font-size:10px;background:#1d4f91;color:#fff;border-radius:3px;margin:1px'>P{i + 1}</div>"
                         for _, i in reversed(here))
        spaces.append(f"<td style='border:1px solid #bbb;width:34px;vertical-align:top;text-align:center;font-size:10px;"
                      f"color:#666'>{w}w{tokens}</td>")
    order = ", ".join(seat_name(i) for i in obs["next_order"]) or "nobody yet"
    now = ", ".join(seat_name(i) for i in obs["order"])
    return (f"<div style='margin-top:4px'><b>Time track</b> <span style='font-size:11px;color:#666'>(weeks left; the "
            f"token furthest left acts next, MA-083)</span><table style='border-collapse:collapse'><tr>{''.join(spaces)}"
            f"</tr></table><div style='font-size:11px'>Player order this round: {_esc(now)} &middot; finished (next "
            f"round's order, MA-087): {_esc(order)}</div></div>")


def _attempt_html(state: ManiacalState, obs: dict[str, Any], legal: list[str], plain: dict[str, str]) -> str:
    a = obs["attempt"]
    if a is None or a.get("kind") != "contract":
        return ""
    c = obs["map"][a["slot"]]
    team = ", ".join(f"{state.data.cards[m].name} ({m}" + (f", as {t})" if t else ")") for m, t in a["team"]) or "nobody yet"
    target = f"Target <b>{a['target']}</b>" if "target" in a else "Target hidden until the time is paid (MA-111)"
    marked = set((a.get("reroll") or {}).get("marked", []))
    dice = "".join(_die_html(t, v, f"mark die {k + 1}" if f"mark die {k + 1}" in legal else None, k + 1 in marked)
                   for k, (t, v) in enumerate(a["rolled"]))
    waiting = "".join(_die_html(t, "?") for t in a["pool"])
    total = sum(v for _, v in a["rolled"])
    _, icon, icon_m = state.data.tables["dice"]
    neg = f" &middot; negative Scheme played: {_esc(_NEGATIVE_TEXT.get(a['negative'][1], a['negative'][1]))}" if a.get("negative") else ""
    roll = _first(legal, "roll")
    button = (f" <span{_click(roll)} style='padding:2px 8px;border-radius:5px;background:#e0b100;font-weight:bold'>roll</span>"
              if roll else "")
    result = "" if a.get("success") is None else f" &middot; <b>{'success' if a['success'] else 'failure'}</b>"
    return (f"<div style='margin:4px 0;padding:5px;border:2px solid #e0b100;border-radius:6px;background:#fffbea'>"
            f"<b>{seat_name(a['seat'])} attempts the contract in {_esc(c['continent'])}</b> ({_esc(c['trait'])} recommended: "
            f"its icon counts double, MA-119) &middot; team: {_esc(team)} &middot; {target}{neg}{result}"
            f"<div>rolled: {dice or '-'} {f'= <b>{total}</b> successes' if a['rolled'] else ''} <span style='font-size:10px;"
            f"color:#666'>(each die shows the successes it adds: a blank 0, the icon {icon_m} on the recommended trait, else {icon}; "
            f"MA-118, MA-119)</span></div>"
            f"<div>still to roll: {waiting or '-'}{button}</div></div>")


def _member_html(state: ManiacalState, m: dict[str, Any], legal: list[str], plain: dict[str, str]) -> str:
    card = state.data.cards[m["id"]]
    traits = list(card.traits)
    for p in m["powers"]:
        traits = [x + y for x, y in zip(traits, state.data.cards[p].traits)]
    acts = [a for a in legal if a.split(" ")[0] in ("assign", "choose", "heal", "dismiss", "fire")
            and len(a.split(" ")) > 1 and a.split(" ")[1] == m["id"]]
    main = acts[0] if len(acts) == 1 else None
    chips = "" if main or not acts else "".join(
        f" <span{_click(a)} style='font-size:10px;padding:0 3px;border-radius:3px;background:{TRAIT_HEX.get(a.split()[-1], '#ddd')};color:#fff'>"
        f"{_esc(a.split()[-1])}</span>" for a in acts)
    kind = "Bodyguard" if m["bodyguard"] else card.type
    state_txt = ("" if m["ready"] else " exhausted") + (f" {'+' * 0}injured&times;{m['injuries']}" if m["injuries"] else "")
    powers = "".join(f"<span{_face(plain.get(p, ''))} style='display:block;font-size:10px'>+ {_esc(state.data.cards[p].name)}</span>"
                     for p in m["powers"])
    fade = "opacity:0.55;" if not m["ready"] else ""
    tip = plain.get(card.id, "") + (f" · click: {main}" if main else "")
    return (f"<span{_face(tip)}{_click(main)} style='{fade}display:inline-block;vertical-align:top;margin:2px;padding:2px 5px;"
            f"border-radius:5px;background:#fff;border:2px solid {TYPE_HEX.get(card.type, '#999')};font-size:11px'>"
            f"<b>{_esc(card.id)}</b> {_esc(card.name)} <i style='color:#666'>{_esc(kind)}{state_txt}</i><div>{_traits_html(traits)}"
            f"{chips}</div>{powers}</span>")


def _room_html(state: ManiacalState, rid: str, used: bool, plain: dict[str, str], actions: str = "") -> str:
    r = state.data.cards[rid]
    kind = {"plain": "", "action": " &middot; Action", "contract": " &middot; Contract room"}[r.kind]
    return (f"<span{_face(plain.get(rid, ''))} style='display:inline-block;vertical-align:top;margin:2px;padding:2px 5px;"
            f"border-radius:5px;background:#f7f3ea;border:1px solid {TYPE_HEX[r.attract_type]};font-size:11px;"
            f"{'opacity:0.55;' if used else ''}'><b>{_esc(rid)}</b> {_esc(r.name)} ${r.cost} &middot; +{r.attract_value} "
            f"{_esc(r.attract_type)}{kind}{' (used)' if used else ''}{actions}</span>")


def _tracks_html(p: dict[str, Any]) -> str:
    rows = []
    for t, v in zip(TYPES, p["attraction"]):
        width = min(v, 20) * 6
        rows.append(f"<div style='font-size:10px'><span style='display:inline-block;width:58px'>{t}</span>"
                    f"<span style='display:inline-block;width:{width}px;height:8px;background:{TYPE_HEX[t]}'></span> <b>{v}</b></div>")
    return "<div style='display:inline-block;vertical-align:top;margin-right:10px'>" + "".join(rows) + "</div>"


def _lair_html(state: ManiacalState, obs: dict[str, Any], i: int, seat: int | None, legal: list[str], plain: dict[str, str]) -> str:
    p, mine = obs["players"][i], i == seat
    sv = state.data.cards[p["sv"]]
    turn = obs["current"] == i
    rooms = "".join(_room_html(state, r, r in p["used"], plain) for r in p["rooms"]) or "<i style='color:#999'>no rooms yet</i>"
    crew = "".join(_member_html(state, m, legal if mine else [], plain) for m in p["crew"])
    if mine:
        schemes = " ".join(f"<span{_face(plain.get(s, ''))} style='font-size:11px;padding:1px 4px;background:#fde8e8;"
                           f"border-radius:4px'>{_esc(s)}</span>" for s in p["schemes"]) or "none"
    else:
        schemes = f"{p['schemes']} face down " + _back("a Scheme card, hidden from you (MA-162)") * p["schemes"]
    draft = ""
    if obs["phase"] == "draft":
        if mine:
            hand = "".join(_room_html(state, r, False, plain, "".join(
                f" <span{_click(f'{w} {r}')} style='padding:0 4px;border-radius:3px;background:{bg};color:#fff'>{w}</span>"
                for w, bg in (("build", "#2f6b4f"), ("sell", "#8e3b2f")) if f"{w} {r}" in legal)) for r in p["hand"])
            pick = f"your locked pick: <b>{_esc(p['pick'][1])} {_esc(p['pick'][0])}</b>" if p["pick"] else "pick one card: build or sell"
            draft = f"<div style='font-size:11px'>Draft hand ({pick}, secret until the reveal, MA-041):</div><div>{hand}</div>"
        else:
            status = "has locked a secret pick" if p["pick"] else "is still choosing"
            draft = (f"<div style='font-size:11px;color:#555'>Draft: {p['hand']} cards in hand (hidden) "
                     f"{_back('a Room card in another hand, hidden from you (MA-041)') * p['hand']}; {status}.</div>")
    sv_state = "Supervillain ready" if p["sv_ready"] else "Supervillain exhausted"
    weeks = "" if p["weeks"] is None else f" &middot; <b>{p['weeks']}</b> weeks left"
    return (f"<div style='border:2px solid {'#c53030' if turn else '#ccc'};border-radius:8px;padding:5px;margin:4px 0;"
            f"background:#fbf8f2'><b>{seat_name(i)}</b>{' (you)' if mine else ''} &middot; <span{_face(plain.get(sv.id, ''))}>"
            f"{_esc(sv.name)}</span> ({sv_state}) &middot; Infamy <b>{p['infamy']}</b> &middot; ${p['money']}{weeks}"
            f"{' &larr; to act' if turn else ''}<div>{_tracks_html(p)}<div style='display:inline-block;vertical-align:top;"
            f"max-width:640px'><div style='font-size:11px;color:#555'>Base (Rooms):</div>{rooms}</div></div>"
            f"<div style='font-size:11px;color:#555'>Henchmen:</div><div>{crew}</div>"
            f"<div style='font-size:11px'>Scheme cards: {schemes}</div>{draft}</div>")


def _offers_html(state: ManiacalState, obs: dict[str, Any], plain: dict[str, str]) -> str:
    cells = []
    for t in TYPES:
        top = obs["offers"][t]
        if top is None:
            cells.append(f"<span style='font-size:11px;margin-right:8px'>{t}: deck empty</span>")
            continue
        c = state.data.cards[top]
        cells.append(f"<span{_face(plain.get(top, ''))} style='display:inline-block;font-size:11px;margin:2px;padding:2px 5px;"
                     f"border-radius:5px;background:#fff;border:2px solid {TYPE_HEX[t]}'>{t}: <b>{_esc(c.name)}</b> costs "
                     f"{c.cost} attraction {_traits_html(c.traits)}</span>")
    return ("<div><b>Henchmen for hire</b> <span style='font-size:11px;color:#666'>(face-up tops; the highest attraction "
            "recruits, MA-072)</span><div>" + "".join(cells) + "</div></div>")


def _places_html(legal: list[str]) -> str:
    out = []
    for place, name in PLACE_NAMES.items():
        action = f"visit {place}" if f"visit {place}" in legal else None
        out.append(f"<span{_click(action)}{_title('2 weeks (MA-190)' + (': click to visit' if action else ''))} "
                   f"style='display:inline-block;font-size:11px;margin:2px;padding:2px 6px;border-radius:5px;"
                   f"background:#efe7f7;border:1px solid #6b46c1'>{name}</span>")
    return "<div style='font-size:11px'>Special Locations: " + "".join(out) + "</div>"


def _board_html(state: ManiacalState, seat: int | None, clickable: bool) -> str:
    obs = observation(state, seat)
    legal = _legal_texts(state, seat, clickable)
    plain = _plain(state)
    over = ""
    if state.is_terminal:
        won = ", ".join(seat_name(i) for i in state.winners())
        over = (f"<div style='font-size:14px;background:#eef7ee;padding:4px'>Game over: final scores "
                f"{', '.join(f'{seat_name(i)} {v}' for i, v in enumerate(state.scores()))} (Infamy with the money-rank "
                f"bonus, MA-220); winner: <b>{_esc(won)}</b></div>")
    contract_phase = obs["phase"] not in ("draft", "recruit")
    return (f"<div style='font-family:sans-serif;font-size:13px;max-width:980px;color:#222'>"
            f"<div style='font-size:14px'><b>Maniacal</b> &middot; round {obs['round']} of 3 &middot; "
            f"{_esc(PHASES.title(obs['phase']))}</div>"
            f"<div style='font-size:11px;color:#8a5a00;background:#fff4d6;padding:2px 6px;border-radius:4px'>Assumed: "
            f"{_esc(ABILITIES_NOTE)} Card values are placeholders too (see the card gallery).</div>{over}"
            f"{_map_html(state, obs, seat, legal, plain)}{_time_html(state, obs) if contract_phase else ''}"
            f"{_attempt_html(state, obs, legal, plain)}{_places_html(legal) if contract_phase else ''}"
            f"{_offers_html(state, obs, plain)}"
            + "".join(_lair_html(state, obs, i, seat, legal, plain) for i in range(len(obs["players"]))) + "</div>")


def html(state: ManiacalState | dict[str, Any], seat: int | None = None, clickable: bool = False) -> str:
    """The board as `seat` sees it (None: a spectator): the world map with the Time track, the attempt in
    progress with its dice, every base with its four attraction tracks, henchmen and money. With `clickable`,
    the moves open to the seat carry data-action="<move>". Given an observation dict (what
    `ManiacalState._repr_html_` passes), the one-table summary instead."""
    if isinstance(state, dict):
        return summary_html(state)
    return _board_html(state, seat, clickable)


# -- every card in plain words ------------------------------------------------------------------------
def _trait_words(traits) -> str:
    return ", ".join(f"{t} {v}" for t, v in zip(TRAITS, traits) if v) or "no trait"


def _reward(infamy: int, money: int, effect: str) -> str:
    extra = _REWARD_EFFECT_TEXT.get(effect, effect)
    return f"+{infamy} Infamy and ${money}" + (f", and {extra}" if extra else "")


def card_texts(state: ManiacalState) -> list[CardText]:
    """Every Room, Henchman, Lackey, Mercenary, Supervillain, Contract, Power and Scheme card of the state's
    data, in plain words with its numbers, when it is used and the rules that govern it."""
    d = state.data
    out: list[CardText] = []
    def assumed(x: Any) -> bool:
        return bool(x.source == "assumed")

    for r in d.rooms:
        what = f"Costs ${r.cost} to build (or sells for ${r.cost}); built, it adds {r.attract_value} to your {r.attract_type} attraction."
        when = "Only its attraction counts: it has no special effect."
        rules: tuple[str, ...] = ("MA-049", "MA-053", "MA-056")
        if r.kind == "action":
            effect = _ROOM_EFFECT_TEXT.get(r.effect, r.effect).format(param=r.param)
            what += f" Action room: {effect}."
            when = (f"As your action in the Contract Phase, once a round: costs {r.weeks} week(s) and exhausts your "
                    "Supervillain or a ready henchman.")
            rules += ("MA-095", "MA-099", "MA-100")
        elif r.kind == "contract":
            what += f" Contract room: {_ROOM_EFFECT_TEXT.get(r.effect, r.effect)}."
            when = ("During one of your contract attempts, once a round, at no time cost: exhausts your Supervillain or "
                    "a henchman not on the team.")
            rules += ("MA-130", "MA-131", "MA-133", "MA-135")
        out.append(CardText(r.id, r.name, "Room", what, when, rules, assumed(r), r.note))
    for h in d.henchmen:
        out.append(CardText(h.id, h.name, f"{h.type.capitalize()} henchman",
                            f"Recruited when your {h.type} attraction is the highest and at least {h.cost}; your attraction "
                            f"then drops by {h.cost}. Traits: {_trait_words(h.traits)} (one die per point on a contract).",
                            "Phase II recruits it; in Phase III it joins contract teams or activates rooms; it costs $1 "
                            "salary in each Clean-up.", ("MA-063", "MA-072", "MA-073", "MA-116", "MA-205"), assumed(h), h.note))
    for lk in d.lackeys:
        out.append(CardText(lk.id, lk.name, "Lackey", f"Your first henchman. Traits: {_trait_words(lk.traits)}; on a team or "
                            "activating a room it uses one trait of your choice. With the Lackey on the team you may reroll "
                            "any dice once after the roll.", "Every contract attempt; it is paid a salary like any henchman.",
                            ("MA-065", "MA-150", "MA-152", "MA-153"), assumed(lk), lk.note))
    for me in d.mercenaries:
        out.append(CardText(me.id, me.name, "Mercenary", f"Hired by visiting Lucifer's Lounge; works like a henchman. Traits: "
                            f"{_trait_words(me.traits)}.", "For the rest of the round; paid first in Clean-up, then back to "
                            "the bottom of the Mercenary deck (with the Bodyguard option it is kept as an ordinary henchman).",
                            ("MA-193", "MA-195", "MA-198", "MA-207", "MA-232"), assumed(me), me.note))
    for sv in d.supervillains:
        costs = ", ".join(f"{n} {w}" for n, w in zip(CONTINENT_NAMES, sv.costs))
        out.append(CardText(sv.id, sv.name, "Supervillain", f"Based in {CONTINENT_NAMES['ABCDEF'.index(sv.home)]}. Weeks to "
                            f"attempt a contract: {costs}. Comes with Lackey {sv.lackey}. No special ability: " + ABILITIES_NOTE,
                            "Can activate one room a round (then it is exhausted); never joins a contract team.",
                            ("MA-021", "MA-096", "MA-097", "MA-109"), True,
                            (sv.note + "; " if sv.note else "") + "abilities left out (MA-021)"))
    for c in d.contracts:
        out.append(CardText(c.id, c.name, f"{c.difficulty.capitalize()} contract",
                            f"Needs a team of {c.team}; {c.trait} recommended (its icon counts double). Target {c.target} "
                            f"successes. Success: {_reward(*c.success)}. Failure: {_reward(*c.failure)}.",
                            "Face down on the map until someone pays the time to attempt it; then face up and resolved.",
                            ("MA-106", "MA-111", "MA-120", "MA-121", "MA-122", "MA-123"), assumed(c), c.note))
    for pw in d.powers:
        out.append(CardText(pw.id, pw.name, "Power", f"Attached to one henchman for good: {_trait_words(pw.traits)} more "
                            "(adds dice of those traits).", "Drawn as a contract reward; discarded if its henchman is captured.",
                            ("MA-180", "MA-181", "MA-183", "MA-184"), assumed(pw), pw.note))
    for sh in d.schemes:
        out.append(CardText(sh.id, f"Scheme {sh.id}", "Scheme", f"Negative half (against an opponent's attempt, +2 Infamy for "
                            f"you): {_NEGATIVE_TEXT.get(sh.negative, sh.negative)}. Positive half (on your own turn): "
                            f"{_POSITIVE_TEXT.get(sh.positive, sh.positive)}.",
                            "Contract Phase only; one half per play; costs no time; kept secret in your hand.",
                            ("MA-162", "MA-164", "MA-165", "MA-170", "MA-171", "MA-172", "MA-177"), assumed(sh), sh.note))
    return out


# -- odds a seat may know --------------------------------------------------------------------------------
def known_map_odds(state: ManiacalState, seat: int) -> dict[str, Fraction | None]:
    """For each continent: the chance `seat`'s strongest ready team meets its contract, as far as that seat can
    know it. A face-down contract's Target is hidden from everyone (MA-106, MA-111), so the chance is averaged
    over the contracts of the data with the same back (difficulty, team size, recommended trait), each equally
    likely; once flipped, its own Target. None: no full team. (`odds.map_odds` uses the engine's Target.)"""
    from . import odds

    out: dict[str, Fraction | None] = {}
    for slot, name in enumerate(CONTINENT_NAMES):
        c = state.data.cards[state.map[slot]]
        team = odds.best_team(state, seat, slot)
        if len(team) < c.team:
            out[name] = None
            continue
        dice = odds.team_dice(state, seat, team)
        if "id" in _contract_view(state, slot):
            targets = [c.target]
        else:
            targets = [x.target for x in state.data.contracts if (x.difficulty, x.team, x.trait) == (c.difficulty, c.team, c.trait)]
        out[name] = sum((odds.contract_chance(dice, c.trait, t, (), state.data) for t in targets), Fraction(0)) / len(targets)
    return out
