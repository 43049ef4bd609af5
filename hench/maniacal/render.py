"""What a seat may know (`observation`), `resample` for the hidden-information test, and the views built from
the observation only: the one-line notation (`notation(obs)`) and the board that seat sees (`html(obs, clickable)`:
world map, Time track, the attempt's dice, every base with its attraction tracks; with `clickable`, the seat's open
moves as data-action attributes). Card texts are in data.py, the odds a seat may know in odds.py.

Hidden: draft hands and locked picks (MA-041: their owner only, until the reveal), Scheme cards in hand
(MA-162: their owner only), the order of every deck, and the face of each map contract until it is
flipped for an attempt (MA-106: its back, difficulty, team size and recommended trait, is public).
"""

from __future__ import annotations

import html as _html
from collections.abc import Hashable, Sequence
from typing import Any

from hench.core import Rng, seat_name

from .actions import Activate, Assign, Attempt, Choose, Die, Dismiss, Fire, Heal, MAAction, Pick, PlayScheme, Visit, format_action
from .data import (
    ABILITIES_NOTE,
    CONTINENT_NAMES,
    CONTINENTS,
    NEGATIVE_TEXT,
    TRAITS,
    TYPES,
    ManiacalData,
    Scheme,
    default_data,
    plain_texts,
    scheme_name,
)
from .phases import PHASES
from .state import ManiacalState

REVEALED_STEPS = ("remove_die", "before_roll", "rolling", "after_roll", "reroll", "effect")  # MA-111: flipped once the time is paid


def public_action(state: ManiacalState, action: MAAction, seat: int | None) -> str:
    """A move as `seat` is told it, in words: another seat's draft pick stays secret until the reveal (MA-041),
    which says what each was; every other move is public."""
    return "locks a secret pick" if isinstance(action, Pick) else move_words(state, action)


def _card_name(state: ManiacalState, card_id: str) -> str:
    card = state.data.cards.get(card_id)
    if card is None:
        return card_id
    return scheme_name(card) if isinstance(card, Scheme) else str(card.name)


def move_words(state: ManiacalState, action: Hashable) -> str:
    """A move in plain words with the cards' names (the button's text and the log's), for the player making it."""
    name = lambda cid: _card_name(state, cid)
    if isinstance(action, Pick):
        cost = state.data.cards[action.room].cost
        return f"build {name(action.room)} (pay ${cost})" if action.build else f"sell {name(action.room)} (take ${cost})"
    if isinstance(action, Activate):
        return f"activate {name(action.room)} with {name(action.by)}" + (f", adding a {action.trait} die" if action.trait else "")
    if isinstance(action, Attempt):
        return f"attempt the contract in {CONTINENT_NAMES[CONTINENTS.index(action.continent)]}"
    if isinstance(action, Assign):
        return f"send {name(action.member)}" + (f" (as {action.trait})" if action.trait else "")
    if isinstance(action, Visit):
        return f"visit {PLACE_NAMES[action.place]}"
    if isinstance(action, PlayScheme):
        return f"play {name(action.scheme)}" + (f" on {name(action.member)}" if action.member else "")
    if isinstance(action, (Choose, Heal, Dismiss, Fire)):
        verb = {Choose: "choose", Heal: "heal", Dismiss: "let go", Fire: "fire"}[type(action)]
        return f"{verb} {name(action.member)}"
    if isinstance(action, Die):
        return f"the die shows {'a blank' if action.face == 'blank' else 'the icon' if action.face == 'icon' else action.face}"
    text = format_action(action) if isinstance(action, MAAction) else str(action)
    return _BARE_WORDS.get(text, text)


_BARE_WORDS = {"no scheme": "play no Scheme", "lackey reroll": "use the Lackey's reroll", "done": "done",
               "keep": "keep the whole crew", "roll": "roll the dice", "pass": "pass (spend the weeks you have left)"}


def observation(state: ManiacalState, seat: int | None) -> dict[str, Any]:
    """Everything public, and `seat`'s own hidden cards; `legal`: the moves open to `seat` now (its own to know);
    `scores` and `winners` once the game is over."""
    over = state.step == "over"
    return {
        "seat": seat, "legal": [str(a) for a in state.legal_actions()] if seat is not None and state.current_player == seat else [],
        "scores": state.scores() if over else None, "winners": state.winners() if over else None,
        "phase": state.step, "round": state.round, "pick_no": state.pick_no, "current": state.current_player,
        "order": list(state.order), "next_order": list(state.next_order),
        "players": [_lair_view(state, i, seat) for i in range(len(state.lairs))],
        "offers": {t: (state.decks[t][0] if state.decks[t] else None) for t in TYPES},  # MA-015: face up
        "decks": {k: len(v) for k, v in state.decks.items()},
        "discards": {k: list(state.decks[k]) for k in ("easy_discard", "hard_discard", "legendary_discard", "scheme_discard")},
        "map": [contract_view(state, i) for i in range(len(state.map))],
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


def contract_view(state: ManiacalState, i: int) -> dict[str, Any]:
    """The contract on continent `i` as everybody sees it: its back (MA-106), and its id once flipped (MA-111)."""
    c = state.data.cards[state.map[i]]
    view: dict[str, Any] = {"continent": CONTINENT_NAMES[i], "difficulty": c.difficulty, "team": c.team, "trait": c.trait}
    if state.attempt and state.attempt.get("slot") == i and state.step in REVEALED_STEPS:
        view["id"] = c.id  # MA-111: turned face up
    return view


def _attempt_view(state: ManiacalState) -> dict[str, Any] | None:
    a = state.attempt
    if a is None:
        return None
    view = {k: v for k, v in a.items() if k != "target"}
    if "target" in a and state.step in REVEALED_STEPS:  # a contract's Target, once flipped (MA-111); a room has none
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
    return s


def notation(obs: dict[str, Any]) -> str:
    """'r1 contract_action Player 1:2i$8w7 ...': round, phase, then each player's Infamy, money and weeks left."""
    players = " ".join(f"{seat_name(i)}:{p['infamy']}i${p['money']}" + (f"w{p['weeks']}" if p["weeks"] is not None else "")
                       for i, p in enumerate(obs["players"]))
    return f"r{obs['round']} {obs['phase']} {players}"


# -- the board for one seat (apps) ----------------------------------------------------------------------
TRAIT_HEX = {"brawn": "#c53030", "stealth": "#2b6cb0", "intellect": "#276749", "magic": "#b54d0f"}  # MA-115; white text reads on each (WCAG AA)
TYPE_HEX = {"beast": "#8d6e3f", "criminal": "#4a5568", "scientist": "#2c7a7b", "mystic": "#6b46c1"}
PLACE_NAMES = {"underground": "The Underground", "hospital": "Hoodlum Hospital", "lounge": "Lucifer's Lounge"}
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


def _traits_html(traits: Sequence[int]) -> str:
    """Each trait's value on its colour, with the trait's initial beside the value (not told by colour alone)."""
    return "".join(f"<span title='{t} {v}' style='display:inline-block;min-width:14px;padding:0 3px;margin-right:2px;border-radius:3px;"
                   f"background:{TRAIT_HEX[t]};color:#fff;font-size:10px;text-align:center'>{t[0].upper()}{v}</span>"
                   for t, v in zip(TRAITS, traits) if v)


def _die_html(trait: str, value: object, action: str | None = None, marked: bool = False) -> str:
    border = "3px solid #111" if marked else "1px solid #0006"
    named = f" role='img' aria-label='{_esc(f'{trait} die showing {value}')}'"  # the trait in words, not its colour alone
    return (f"<span{_click(action)}{named}{_title(f'{trait} die' + (': click to mark it for the reroll' if action else ''))} "
            f"style='display:inline-block;width:24px;height:24px;line-height:24px;margin:2px;border-radius:5px;"
            f"text-align:center;font-weight:bold;color:#fff;background:{TRAIT_HEX.get(trait, '#777')};border:{border}'>"
            f"{_esc(value)}</span>")


def _first(legal: list[str], *prefixes: str) -> str | None:
    return next((a for a in legal for p in prefixes if a == p or a.startswith(p + " ") or a.startswith(p)), None)


def _map_html(data: ManiacalData, obs: dict[str, Any], seat: int | None, legal: list[str], plain: dict[str, str]) -> str:
    cells = []
    sv = data.cards[obs["players"][seat]["sv"]] if seat is not None else None
    for i, c in enumerate(obs["map"]):
        letter = "ABCDEF"[i]
        action = f"attempt {letter}" if f"attempt {letter}" in legal else None
        face = ""
        if "id" in c:
            card = data.cards[c["id"]]
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


def _time_html(data: ManiacalData, obs: dict[str, Any]) -> str:
    start = data.tables["time_track"][obs["round"] - 1]
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


def _attempt_html(data: ManiacalData, obs: dict[str, Any], legal: list[str], plain: dict[str, str]) -> str:
    a = obs["attempt"]
    if a is None or a.get("kind") != "contract":
        return ""
    c = obs["map"][a["slot"]]
    team = ", ".join(data.cards[m].name + (f" (as {t})" if t else "") for m, t in a["team"]) or "nobody yet"
    target = f"Target <b>{a['target']}</b>" if "target" in a else "Target hidden until the time is paid (MA-111)"
    marked = set((a.get("reroll") or {}).get("marked", []))
    dice = "".join(_die_html(t, v, f"mark die {k + 1}" if f"mark die {k + 1}" in legal else None, k + 1 in marked)
                   for k, (t, v) in enumerate(a["rolled"]))
    waiting = "".join(_die_html(t, "?") for t in a["pool"])
    total = sum(v for _, v in a["rolled"])
    _, icon, icon_m = data.tables["dice"]
    neg = f" &middot; negative Scheme played: {_esc(NEGATIVE_TEXT.get(a['negative'][1], a['negative'][1]))}" if a.get("negative") else ""
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


_CLICK_VERBS = {"assign": "send", "choose": "choose", "heal": "heal", "dismiss": "let go", "fire": "fire"}


def _click_words(data: ManiacalData, move: str) -> str:
    """A crew member's move ('assign BE03 as brawn') in words, with the card's name."""
    words = move.split()
    text = f"{_CLICK_VERBS.get(words[0], words[0])} {data.cards[words[1]].name}"
    return text + (f" (as {words[3]})" if len(words) == 4 else "")


def _member_html(data: ManiacalData, m: dict[str, Any], legal: list[str], plain: dict[str, str]) -> str:
    card = data.cards[m["id"]]
    traits = list(card.traits)
    for p in m["powers"]:
        traits = [x + y for x, y in zip(traits, data.cards[p].traits)]
    acts = [a for a in legal if a.split(" ")[0] in ("assign", "choose", "heal", "dismiss", "fire")
            and len(a.split(" ")) > 1 and a.split(" ")[1] == m["id"]]
    main = acts[0] if len(acts) == 1 else None
    chips = "" if main or not acts else "".join(
        f" <span{_click(a)} style='font-size:10px;padding:0 3px;border-radius:3px;background:{TRAIT_HEX.get(a.split()[-1], '#ddd')};color:#fff'>"
        f"{_esc(a.split()[-1])}</span>" for a in acts)
    kind = "Bodyguard" if m["bodyguard"] else card.type
    state_txt = ("" if m["ready"] else " exhausted") + (f" {'+' * 0}injured&times;{m['injuries']}" if m["injuries"] else "")
    powers = "".join(f"<span{_face(plain.get(p, ''))} style='display:block;font-size:10px'>+ {_esc(data.cards[p].name)}</span>"
                     for p in m["powers"])
    fade = "background:#ececec;border-style:dashed;" if not m["ready"] else ""  # greyed, and "exhausted" in words
    tip = plain.get(card.id, "") + (f" · click: {_click_words(data, main)}" if main else "")
    return (f"<span{_face(tip)}{_click(main)} style='display:inline-block;vertical-align:top;margin:2px;padding:2px 5px;"
            f"border-radius:5px;background:#fff;border:2px solid {TYPE_HEX.get(card.type, '#999')};font-size:11px;{fade}'>"
            f"<b>{_esc(card.name)}</b> <i style='color:#666'>{_esc(kind)}{state_txt}</i><div>{_traits_html(traits)}"
            f"{chips}</div>{powers}</span>")


def _room_html(data: ManiacalData, rid: str, used: bool, plain: dict[str, str], actions: str = "") -> str:
    r = data.cards[rid]
    kind = {"plain": "", "action": " &middot; Action", "contract": " &middot; Contract room"}[r.kind]
    return (f"<span{_face(plain.get(rid, ''))} style='display:inline-block;vertical-align:top;margin:2px;padding:2px 5px;"
            f"border-radius:5px;background:#f7f3ea;border:1px solid {TYPE_HEX[r.attract_type]};font-size:11px;"
            f"{'background:#ececec;border-style:dashed;' if used else ''}'><b>{_esc(r.name)}</b> ${r.cost} &middot; "
            f"{_esc(r.attraction_words())}{kind}{' (used)' if used else ''}{actions}</span>")


def _tracks_html(p: dict[str, Any]) -> str:
    rows = []
    for t, v in zip(TYPES, p["attraction"]):
        width = min(v, 20) * 6
        rows.append(f"<div style='font-size:10px'><span style='display:inline-block;width:58px'>{t}</span>"
                    f"<span style='display:inline-block;width:{width}px;height:8px;background:{TYPE_HEX[t]}'></span> <b>{v}</b></div>")
    return "<div style='display:inline-block;vertical-align:top;margin-right:10px'>" + "".join(rows) + "</div>"


def _lair_html(data: ManiacalData, obs: dict[str, Any], i: int, seat: int | None, legal: list[str], plain: dict[str, str]) -> str:
    p, mine = obs["players"][i], i == seat
    sv = data.cards[p["sv"]]
    turn = obs["current"] == i
    rooms = "".join(_room_html(data, r, r in p["used"], plain) for r in p["rooms"]) or "<i style='color:#667'>no rooms yet</i>"
    crew = "".join(_member_html(data, m, legal if mine else [], plain) for m in p["crew"])
    if mine:
        schemes = " ".join(f"<span{_face(plain.get(s, ''))} style='font-size:11px;padding:1px 4px;background:#fde8e8;"
                           f"border-radius:4px'>{_esc(scheme_name(data.cards[s]))}</span>" for s in p["schemes"]) or "none"
    else:
        schemes = f"{p['schemes']} face down " + _back("a Scheme card, hidden from you (MA-162)") * p["schemes"]
    draft = ""
    if obs["phase"] == "draft":
        if mine:
            hand = "".join(_room_html(data, r, False, plain, "".join(
                f" <span{_click(f'{w} {r}')} style='padding:0 4px;border-radius:3px;background:{bg};color:#fff'>{w}</span>"
                for w, bg in (("build", "#2f6b4f"), ("sell", "#8e3b2f")) if f"{w} {r}" in legal)) for r in p["hand"])
            pick = (f"your locked pick: <b>{_esc(p['pick'][1])} {_esc(data.cards[p['pick'][0]].name)}</b>" if p["pick"]
                    else "pick one card: build or sell")
            draft = f"<div style='font-size:11px'>Draft hand ({pick}, secret until the reveal, MA-041):</div><div>{hand}</div>"
        else:
            status = "has locked a secret pick" if p["pick"] else "is still choosing"
            draft = (f"<div style='font-size:11px;color:#555'>Draft: {p['hand']} cards in hand (hidden) "
                     f"{_back('a Room card in another hand, hidden from you (MA-041)') * p['hand']}; {status}.</div>")
    sv_state = "Supervillain ready" if p["sv_ready"] else "Supervillain exhausted"
    weeks = "" if p["weeks"] is None else f" &middot; <b>{p['weeks']}</b> weeks left"
    infamy = f"<b>{p['infamy']}</b>"
    if obs["scores"] is not None:  # game over: the panel's Infamy is the score, money-rank bonus included (MA-220)
        infamy = f"<b>{obs['scores'][i]}</b> ({p['infamy']} in play + {obs['bonus'][i]} money-rank bonus)"
    return (f"<div style='border:2px solid {'#c53030' if turn else '#ccc'};border-radius:8px;padding:5px;margin:4px 0;"
            f"background:#fbf8f2'><b>{seat_name(i)}</b>{' (you)' if mine else ''} &middot; <span{_face(plain.get(sv.id, ''))}>"
            f"{_esc(sv.name)}</span> ({sv_state}) &middot; Infamy {infamy} &middot; ${p['money']}{weeks}"
            f"{' &larr; to act' if turn else ''}<div>{_tracks_html(p)}<div style='display:inline-block;vertical-align:top;"
            f"max-width:640px'><div style='font-size:11px;color:#555'>Base (Rooms):</div>{rooms}</div></div>"
            f"<div style='font-size:11px;color:#555'>Henchmen:</div><div>{crew}</div>"
            f"<div style='font-size:11px'>Scheme cards: {schemes}</div>{draft}</div>")


def _offers_html(data: ManiacalData, obs: dict[str, Any], plain: dict[str, str]) -> str:
    cells = []
    for t in TYPES:
        top = obs["offers"][t]
        if top is None:
            cells.append(f"<span style='font-size:11px;margin-right:8px'>{t}: deck empty</span>")
            continue
        c = data.cards[top]
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


def html(obs: dict[str, Any], clickable: bool = False) -> str:
    """The board as the observation's seat sees it (None: a spectator): the world map with the Time track, the
    attempt in progress with its dice, every base with its four attraction tracks, henchmen and money. With
    `clickable`, the moves open to the seat carry data-action="<move>". Built from the observation only (and the
    builtin card data every save plays with)."""
    data, seat = default_data(), obs["seat"]
    legal: list[str] = obs["legal"] if clickable else []
    plain = plain_texts(data)
    over = ""
    if obs["phase"] == "over":
        won = ", ".join(seat_name(i) for i in obs["winners"])
        over = (f"<div style='font-size:14px;background:#eef7ee;padding:4px'>Game over: final scores "
                f"{', '.join(f'{seat_name(i)} {v}' for i, v in enumerate(obs['scores']))} (Infamy with the money-rank "
                f"bonus, MA-220); winner: <b>{_esc(won)}</b></div>")
    contract_phase = obs["phase"] not in ("draft", "recruit")
    return (f"<div style='font-family:sans-serif;font-size:13px;max-width:980px;color:#222'>"
            f"<div style='font-size:14px'><b>Maniacal</b> &middot; round {obs['round']} of 3 &middot; "
            f"{_esc(PHASES.title(obs['phase']))}</div>"
            f"<div style='font-size:11px;color:#8a5a00;background:#fff4d6;padding:2px 6px;border-radius:4px'>Assumed: "
            f"{_esc(ABILITIES_NOTE)} Card values are placeholders too (see the card gallery).</div>{over}"
            f"{_map_html(data, obs, seat, legal, plain)}{_time_html(data, obs) if contract_phase else ''}"
            f"{_attempt_html(data, obs, legal, plain)}{_places_html(legal) if contract_phase else ''}"
            f"{_offers_html(data, obs, plain)}"
            + "".join(_lair_html(data, obs, i, seat, legal, plain) for i in range(len(obs["players"]))) + "</div>")
