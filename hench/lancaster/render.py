"""What a seat may know, and every view built from it: `observation(state, seat)`, then `notation(obs)` and
`html(obs, clickable)` from the observation only.

Hidden behind a player's screen (LB-008, LH-032, LH-091): gold, squires, seals and dishonor markers; a cast vote
stays secret until everyone has voted (LB-035); the law and conflict decks are face down. With 2 players no
screens are used (LB-089): gold and squires are open, and so are seals and dishonor (LH-065, LH-097). Public:
power points, voting markers (LB-008), noblemen and extensions (the castle board), bishops, office cards and
privileges (LH-037), the board.
"""

from __future__ import annotations

import html as _html
from typing import Any

from hench.core import CardText, Rng, seat_name

from .actions import OFFICES, Apply, Castle, Choose, Conflict, County, Extend, Favor, Pay, Tower, Treasury, Vote, format_action
from .data import county_title, default_data, in_words, law_title
from .phases import PHASES
from .state import LancasterState
from .tables import OFFICE_TITLES, PRIVILEGE_TEXT, TRIBUTE_ONE, card_texts_of
from .transitions import conflict_strength

HIDDEN = ("gold", "squires", "seals", "dishonor")
SOURCES_NOTE = ("base game rules: the publisher's; some board and card values: assumed (the assumptions table lists "
                "each, with its source)")


def public_action(s: LancasterState, a: Any, seat: int | None) -> str:
    """A move as the other seats are told it: a vote is cast in secret (LB-035), and an amount chosen under a law
    is paid from behind the screen (LH-032, LH-091), and so are an extension's squires (LB-008, LB-055; with 2 players
there are no screens, LB-089)."""
    if isinstance(a, Vote):
        return "casts a secret vote"
    if isinstance(a, Choose) and s.players > 2:
        return "makes a choice behind the screen"
    if isinstance(a, Pay) and s.players > 2 and s.pending and s.pending[0][1] == "castle_pay":
        return f"decides behind the screen whether to pay squires for extension {s.pending[0][2]}"  # LB-008, LB-055
    return in_words(format_action(a))


def _row(s: LancasterState, p: int, seat: int | None) -> dict[str, Any]:
    res, owner, n = s.res[p], s.controller(p), s.n
    mine = seat == owner or s.stage == "over" or n == 2  # LB-089: no screens with 2 players
    row: dict[str, Any] = {k: res[k] for k in ("pp", "vm", "bishops")}
    for k in HIDDEN:
        row[k] = res[k] if mine else None
    vote = s.votes[p] if p < n else None
    row.update(knights=[list(k) for k in s.knights[p]], lord=s.lord[p], privileges=dict(s.priv[p]),
               granted=dict(s.granted[p]), nobles=list(s.nobles[p]), extensions=list(s.extensions[p]),
               castle=list(s.castles[p]), voted=vote is not None,
               vote=list(vote) if (seat == owner and vote is not None) else None, name=s.seat_text(p), ally=p >= n,
               controller=owner)
    return row


def observation(state: LancasterState, seat: int | None) -> dict[str, Any]:
    """What `seat` may know (None: a spectator). With 2 players the rows also hold the two allies (colours 2 and 3)."""
    s = state
    mover = seat is not None and s.current_player == seat and not s.is_terminal
    actor = s.actor if mover else seat
    pending = []
    for p, kind, arg in s.pending:
        item: dict[str, Any] = {"colour": p, "seat": s.controller(p), "kind": kind}
        if kind == "law_choice":
            item["law"] = arg["law"]
            item["max"] = arg["max"] if seat == p or s.n == 2 else None
        pending.append(item)
    return {
        "seat": seat, "legal": [str(a) for a in s.legal_actions()] if mover else [],
        "actor_court": s.court_strengths(actor) if mover and actor is not None else [],
        "england": [conflict_strength(s, c) for c in s.conflicts], "board": board_facts(s.data),
        "sources": SOURCES_NOTE, "modules": list(s.modules), "players_count": s.n,
        "round": s.round, "rounds": s.data.rounds, "start": s.start, "phase": s.phase,
        "to_move": s.current_player, "acting": s.actor if s.current_player is not None else None,
        "players": [_row(s, p, seat) for p in range(s.colours)], "pending": pending,
        "counties": [None if c is None else dict(c) for c in s.counties], "stacks": list(s.stacks), "favors": list(s.favors),
        "conflicts": [{"card": f"C{c['card'] + 1}", "french": s.data.cards[c["card"]].french, "pp": list(s.data.cards[c["card"]].pp),
                       "lower": c["lower"], "spaces": [None if sp is None else {**sp, "knights": list(sp["knights"])} for sp in c["spaces"]]}
                      for c in s.conflicts],
        "conflicts_left": len(s.conflict_deck), "discarded": [f"C{x + 1}" for x in s.discarded],
        "tower": [list(t) for t in s.tower], "neutral": s.neutral,
        "offices": [None if o is None else {**o, "knights": list(o["knights"])} for o in s.offices],
        "holders": list(s.holders), "treasury": dict(s.treasury), "supply": dict(s.supply),
        "track": list(s.track), "box": s.box, "laws_left": len(s.law_deck), "current": list(s.current),
        "proposals": list(s.proposals), "vote_index": s.vote_index, "tally": [list(t) for t in s.tally],
        "vm_hold": list(s.vm_hold), "final": [list(f) for f in s.final], "choices": [list(c) for c in s.choices],
    }


def resample(s: LancasterState, seat: int, rng: Rng) -> LancasterState:
    """A state differing only in what `seat` hides from the others: its gold, squires and cast vote (seals and
    dishonor are tied to public supplies, so they are left alone; with 2 players only the vote is secret)."""
    out = s.clone()
    res = out.res[seat]
    if out.stage != "over" and out.n > 2:
        res["gold"] = rng.randrange(res["gold"] + 3)
        res["squires"] = rng.randrange(res["squires"] + 3)
    vote = out.votes[seat] if out.stage != "over" else None
    if vote is not None:
        vote[0] = bool(rng.randrange(2))
    return out


def notation(obs: dict[str, Any]) -> str:
    """One line: round, phase, who moves, PP, current laws and the conflicts (v: lower row)."""
    pp = "/".join(str(p["pp"]) for p in obs["players"] if not p["ally"])
    who = "-" if obs["to_move"] is None else str(obs["to_move"] + 1)
    mods = "+".join(obs["modules"]) or "base"
    return (f"r{obs['round']} {obs['phase']} to={who} pp={pp} mods={mods} laws={','.join(obs['current'])} "
            f"conflicts={','.join(c['card'] + ('v' if c['lower'] else '') for c in obs['conflicts'])}")


_FACTS: dict[int, tuple[Any, dict[str, Any]]] = {}


def board_facts(data: Any) -> dict[str, Any]:
    """What the printed board and cards say (the component data in force), JSON-like, for the views (cached per data)."""
    hit = _FACTS.get(id(data))
    if hit is not None and hit[0] is data:
        return hit[1]
    facts = {"counties": [[c.letter, c.name, c.min, c.gain.words()] for c in data.counties],
             "castle": [t.gain.words() for t in data.castle], "ally_castle": [g.words() for g in data.two.ally_castle],
             "favors": [[t.id, t.gain.words()] for t in data.favors], "extensions": {t.id: t.gain.words() for t in data.extensions},
             "offices": [[o.name, o.tribute, o.seals, o.privilege] for o in data.offices],
             "tower_capacity": data.tower_capacity, "track": [list(x) for x in data.track],
             "texts": {c.id: c.plain() for c in card_texts_of(data)},
             "assumed": sorted(c.id for c in card_texts_of(data) if c.assumed)}
    if len(_FACTS) > 16:
        _FACTS.clear()
    _FACTS[id(data)] = (data, facts)
    return facts


def card_texts(s: LancasterState) -> list[CardText]:
    """Every card, tile, office and module piece of the state's data, in plain words (CardText)."""
    return card_texts_of(s.data)


def card_gallery() -> list[CardText]:
    """Every card, tile, office and module piece of the builtin data, for the Learn page's gallery."""
    return card_texts_of(default_data())


# -- HTML -------------------------------------------------------------------------------------------------
SEAT_COLOURS = ("#1d4f91", "#9c5518", "#2f6b4f", "#8e3b2f", "#6b4a8e")  # dark enough for text on the board (WCAG AA)
BOX = "display:inline-block;vertical-align:top;margin:3px;padding:4px 6px;border-radius:6px;"


def _t(text: str) -> str:
    return _html.escape(text, quote=True)


def _chip(label: str, action: Any | None, legal: set[str], hint: str) -> str:
    """A small button-like span; with a legal action, clicking it plays that move."""
    if action is None or str(action) not in legal:
        return ""
    return (f"<span class='hench-click' data-action='{_t(str(action))}' title='{_t(hint)}' style='display:inline-block;"
            f"cursor:pointer;margin:1px;padding:0 5px;border-radius:8px;background:#fff3c4;border:1px solid #c9a227;"
            f"font-size:11px'>{_t(label)}</span>")


def _chips(make: Any, strengths: list[int], legal: set[str], where: str) -> str:
    return "".join(_chip(f"K{k}", make(k), legal, f"click: your strength-{k} knight to {where}") for k in sorted(set(strengths)))


def _name(obs: dict[str, Any], p: int) -> str:
    return str(obs["players"][p]["name"])


def _who(obs: dict[str, Any], p: int) -> str:
    return f"<b style='color:{SEAT_COLOURS[p % 5]}'>{_t(_name(obs, p))}</b>"


def _knight_str(obs: dict[str, Any], owner: int, idx: int) -> int:
    return int(obs["players"][owner]["knights"][idx][0])


def _strengths(knights: list[int]) -> str:
    """Knights by strength, as the screen says them: '1, 2' or 'none'."""
    return ", ".join(map(str, knights)) or "none"


FINAL_PARTS = ("knighthood", "castle extensions", "company at table", "seals", "dishonor")


def _county_label(letter: str, name: str) -> str:
    """'A County A' reads 'County A'; a named county keeps its letter: 'E Stafford'."""
    title = county_title(name)
    return title if title.endswith(f" {letter}") else f"{letter} {title}"


def _assumed_tag(obs: dict[str, Any], card: str) -> str:
    """A visible mark on a board tile whose printed values are assumed (the hover text says which and why)."""
    if card not in obs["board"]["assumed"]:
        return ""
    return (" <span class='hench-assumed' style='font-size:9px;color:#8a5a00;background:#fff4d6;padding:0 3px;"
            "border-radius:4px'>assumed</span>")


def _counties(obs: dict[str, Any], texts: dict[str, str], legal: set[str], mine: list[int]) -> str:
    cells = []
    for i, (letter, name, minimum, reward) in enumerate(obs["board"]["counties"]):
        c = obs["counties"][i]
        if c is None:
            occ = "<span style='color:#5c5c5c'>empty</span>"
        else:
            extra = "".join(x for x, on in ((f" +{c['squires']} squire(s)", c["squires"]), (" +shield", c["shield"]),
                                            (" +Tudor", c["tudor"])) if on)
            occ = f"{_who(obs, c['owner'])} knight {_knight_str(obs, c['owner'], c['knight'])}{_t(extra)}"
        chips = _chips(lambda k, n=name: County(k, n), mine, legal, name)
        cells.append(f"<div class='hench-county' title='{_t(texts[name])}' style='{BOX}width:132px;background:#eef5e6;"
                     f"border:1px solid #8a6'><b>{_t(_county_label(letter, name))}</b> <span style='font-size:10px'>min {minimum}</span>"
                     f"{_assumed_tag(obs, name)}"
                     f"<div style='font-size:10px;color:#454'>{_t(reward)}; nobles left {obs['stacks'][i]}</div>"
                     f"<div style='font-size:11px'>{occ}</div>{chips}</div>")
    return "<div><b>Counties A to I</b><br>" + "".join(cells) + "</div>"


def _conflicts(obs: dict[str, Any], texts: dict[str, str], legal: set[str], mine: list[int]) -> str:
    rows: dict[bool, list[str]] = {False: [], True: []}
    for c, eng in zip(obs["conflicts"], obs["england"]):
        spaces = []
        for j, sp in enumerate(c["spaces"]):
            if sp is None:
                spaces.append(f"<div style='font-size:11px;color:#5c5c5c'>{j + 1}. empty</div>")
                continue
            ks = "+".join(str(_knight_str(obs, sp["owner"], x)) for x in sp["knights"])
            extra = (" archer" if sp["archer"] else "") + (" +Tudor" * sp["tudor"])
            spaces.append(f"<div style='font-size:11px'>{j + 1}. {_who(obs, sp['owner'])} {ks}{_t(extra)}</div>")
        chips = _chips(lambda k, card=c["card"]: Conflict(k, card), mine, legal, f"conflict {c['card']}")
        rows[c["lower"]].append(
            f"<div class='hench-conflict' title='{_t(texts[c['card']])}' style='{BOX}width:160px;background:#f6e9e9;"
            f"border:1px solid #a66'><b>{c['card']}</b>{_assumed_tag(obs, c['card'])} France <b>{c['french']}</b> vs England <b>{eng}</b> "
            f"<span style='font-size:10px'>({'/'.join(map(str, c['pp']))} PP)</span>{''.join(spaces)}{chips}</div>")
    favors = " ".join(f"<span title='{_t(texts[t])}' style='font-size:11px;{'' if up else 'color:#5c5c5c;text-decoration:line-through'}'>"
                      f"{_t(t.replace('KF-', 'tile '))}</span>{_chip('take', Favor(t), legal, in_words(f'click: take favor {t} ({words})'))}"
                      for (t, words), up in zip(obs["board"]["favors"], obs["favors"]))
    upper = "".join(rows[False]) or "<i style='color:#5c5c5c'>none</i>"
    lower = "".join(rows[True])
    return (f"<div><b>Conflicts with France</b> <span style='font-size:11px;color:#666'>({obs['conflicts_left']} cards left; "
            f"King's Favor: {favors})</span><br>{upper}"
            + (f"<div style='font-size:11px'>Lower row (second battle):</div>{lower}" if lower else "") + "</div>")


def _castles(obs: dict[str, Any], texts: dict[str, str], legal: set[str], mine: list[int], actor: int | None) -> str:
    out = []
    for p, row in enumerate(obs["players"]):
        spaces = obs["board"]["ally_castle"] if row["ally"] else obs["board"]["castle"]
        cells = []
        for j, words in enumerate(spaces):
            x = row["castle"][j]
            who = f"knight {_knight_str(obs, p, x)}" if x >= 0 else "<span style='color:#5c5c5c'>free</span>"
            chips = _chips(lambda k, sp=j + 1, al=row["ally"]: Castle(k, sp, al), mine, legal, f"castle space K{j + 1}") if p == actor else ""
            cells.append(f"<span style='display:inline-block;margin:1px 3px;font-size:11px' title='{_t(words)}'>K{j + 1}: {who} {chips}</span>")
        ext = ", ".join(row["extensions"]) or "none"
        nobles = ", ".join(row["nobles"]) or "none"
        pick = "".join(_chip(f"+{x}", Extend(x), legal, f"click: add extension {x} ({words}) to your castle")
                       for x, words in obs["board"]["extensions"].items()) if p == actor else ""
        out.append(f"<div style='font-size:11px'>{_who(obs, p)} castle: {''.join(cells)}"
                   + ("" if row["ally"] else f" &middot; extensions {ext} &middot; noblemen {nobles}") + f" {pick}</div>")
    return "<div><b>Castles</b>" + "".join(out) + "</div>"


def _parliament(obs: dict[str, Any], texts: dict[str, str], legal: set[str], seat: int | None) -> str:
    def law(lid: str, style: str = "") -> str:
        return (f"<span class='hench-law' title='{_t(texts.get(lid, lid))}' style='display:inline-block;margin:2px;padding:2px 6px;"
                f"border:1px solid #779;border-radius:4px;background:#eef;font-size:11px;{style}'><b>{_t(law_title(lid))}</b></span>")

    current = "".join(law(x) for x in obs["current"])
    parts = [f"<div><b>Parliament</b> &middot; current laws (applied left to right): {current} "
             f"<span style='font-size:11px;color:#666'>({obs['laws_left']} laws in the deck)</span></div>"]
    if obs["proposals"]:
        voting = obs["phase"] == "vote"
        props = "".join(law(x, "outline:2px solid #c9a227;" if voting and i == obs["vote_index"] else "") for i, x in enumerate(obs["proposals"]))
        voted = ", ".join(f"{seat_name(p)} {'has voted' if row['voted'] else 'to vote'}" for p, row in enumerate(obs["players"])
                          if not row["ally"]) if voting else ""
        own = ""
        if seat is not None and obs["players"][seat]["vote"] is not None:
            yes, vm = obs["players"][seat]["vote"][:2]
            own = f" &middot; your secret vote: <b>{'yes' if yes else 'no'}</b> +{vm} VM"
        clicks = _chip("vote yes", Vote(True), legal, "click: vote yes (no VM added)") + _chip("vote no", Vote(False), legal,
                                                                                             "click: vote no (no VM added)")
        parts.append(f"<div>Laws to vote on this round: {props} {clicks}</div>"
                     + (f"<div style='font-size:11px'>Votes are secret until everyone has voted: {_t(voted)}{own}</div>" if voting else ""))
    if obs["tally"]:
        parts.append("<div style='font-size:11px'>Revealed votes this round: " + _t("; ".join(
            f"{law_title(t[0])}: {t[1]} yes / {t[2]} no, {'approved' if t[1] >= t[2] else 'rejected'}" for t in obs["tally"])) + "</div>")
    return "<div style='margin:4px 0'>" + "".join(parts) + "</div>"


def _regal(obs: dict[str, Any], texts: dict[str, str], legal: set[str]) -> str:
    cells = []
    for i, (name, tribute, seals, privilege) in enumerate(obs["board"]["offices"]):
        app, holder = obs["offices"][i], obs["holders"][i]
        if app is None:
            stack = "<span style='color:#5c5c5c'>no applicant</span>"
        else:
            ks = "+".join(str(_knight_str(obs, app["owner"], x)) for x in app["knights"])
            stack = (f"{_who(obs, app['owner'])}'s lord" + (f" + knights {ks}" if ks else "") +
                     (f" + {app['bishops']} bishop(s)" if app["bishops"] else "") + (" + Tudor" if app["tudor"] else ""))
        chip = _chip("lord", Apply(name), legal, f"click: apply for {name} with your lord alone (supporters: use the move list)")
        cells.append(f"<div class='hench-office' title='{_t(texts[name])}' style='{BOX}width:170px;background:#f3ecd9;"
                     f"border:1px solid #a98'><b>{_t(OFFICE_TITLES[name])}</b><div style='font-size:10px'>tribute 1 "
                     f"{_t(TRIBUTE_ONE[tribute])} &middot; {seals} seal(s) + 1 {_t(PRIVILEGE_TEXT[privilege][0])}</div>"
                     f"<div style='font-size:11px'>holder: {_who(obs, holder) if holder >= 0 else 'nobody'}</div>"
                     f"<div style='font-size:11px'>applying: {stack}</div>{chip}</div>")
    tr, sup = obs["treasury"], obs["supply"]
    take = "".join(_chip(f"take {k}", Treasury(k), legal, f"click: your lord enters the treasury and takes all its {in_words(k)}") for k in tr)
    supply = f"shields {sup['shield']}, archers {sup['archer']}, Tudors {sup['tudor']}, seals {sup['seals']}, bishops {sup['bishops']}"
    cells.append(f"<div class='hench-treasury' title='{_t(texts['treasury'])}' style='{BOX}width:170px;background:#f3ecd9;"
                 f"border:1px solid #a98'><b>Treasury</b><div style='font-size:11px'>{tr['vm']} VM, {tr['squires']} squires, "
                 f"{tr['gold']} gold</div>{take}<div style='font-size:10px;color:#555'>supply: {supply}</div></div>")
    return "<div><b>Regal board</b> (At the King's Court)<br>" + "".join(cells) + "</div>"


def _resentment(obs: dict[str, Any], texts: dict[str, str], legal: set[str], mine: list[int]) -> str:
    inside = [f"neutral {obs['neutral']}"] if obs["neutral"] else []
    inside += [f"{_name(obs, o)} {_knight_str(obs, o, x)}" for o, x in obs["tower"]]
    total = obs["neutral"] + sum(_knight_str(obs, o, x) for o, x in obs["tower"])
    chips = _chips(lambda k: Tower(k), mine, legal, "the tower")
    tower = (f"<div class='hench-tower' title='{_t(texts['tower'])}' style='{BOX}background:#e9e9f1;border:1px solid #779'>"
             f"<b>Tower</b> strength {total} of {obs['board']['tower_capacity']}<div style='font-size:11px'>"
             f"{_t(', '.join(inside) or 'empty')}</div>{chips}</div>")
    cells = "".join(f"<td style='border:1px solid #a88;padding:1px 4px;text-align:center;background:{'#fff' if n else '#eee'}'>"
                    f"<div style='font-size:10px'>{a}/{b}</div><b>{n}</b></td>" for n, (a, b) in zip(obs["track"], obs["board"]["track"]))
    track = (f"<div class='hench-track' title='{_t(texts['dishonor'])}' style='{BOX}background:#f7eeee;border:1px solid #a88'>"
             f"<b>Dishonor track</b> <span style='font-size:11px'>(markers left per space; penalty larger/smaller; box "
             f"{obs['box']})</span><table style='border-collapse:collapse;font-size:11px'><tr>{cells}</tr></table></div>")
    return "<div><b>The King's Resentment</b><br>" + tower + track + "</div>"


def _players(obs: dict[str, Any], seat: int | None, kc: bool, kr: bool) -> str:
    rows = []
    for p, row in enumerate(obs["players"]):
        secret = ["an ally holds nothing and scores nothing"] if row["ally"] else []
        for k in HIDDEN if not row["ally"] else ():
            if (k == "seals" and not kc) or (k == "dishonor" and not kr):
                continue
            secret.append(f"{k} <b>{row[k]}</b>" if row[k] is not None else f"{k} <span class='hench-hidden' style='color:#5c5c5c'>hidden</span>")
        court = sorted(k[0] for k in row["knights"] if k[1] == "court")
        out = sorted(k[0] for k in row["knights"] if k[1] not in ("court", "reserve"))
        reserve = sorted(k[0] for k in row["knights"] if k[1] == "reserve")
        lord = f" &middot; lord: {_t(row['lord'].replace('office:0', 'Chancellor').replace('office:1', 'Constable').replace('office:2', 'Chamberlain'))}" if kc else ""
        turn = " &larr; to act" if obs["acting"] == p else ""
        rows.append(f"<tr style='border-top:1px solid #ddd'><td>{_who(obs, p)}{' (you)' if p == seat else ''}{turn}</td>"
                    f"<td><b>{row['pp']}</b> PP</td><td>{row['vm']} VM" + (f", {row['bishops']} bishops" if kc else "") +
                    f"</td><td>{' &middot; '.join(secret)}</td><td>at court {_strengths(court)} &middot; placed {_strengths(out)} "
                    f"&middot; reserve {_strengths(reserve)}{lord}</td></tr>")
    return ("<table class='hench-players' style='border-collapse:collapse;font-size:12px;margin-top:4px'><tr><th>Seat</th><th>PP</th>"
            "<th>public</th><th>behind the screen</th><th>knights</th></tr>" + "".join(rows) + "</table>")


def html(obs: dict[str, Any], clickable: bool = False) -> str:
    """The table as the observation's seat sees it (None: a spectator; at the end everything is revealed). With
    `clickable`, chips on counties, castle spaces, conflicts, the tower, offices, the treasury and the votes carry
    data-action='<move>' (the plain form of the move; extras are in the move list)."""
    seat = obs["seat"]
    texts = obs["board"]["texts"]
    legal = set(obs["legal"]) if clickable else set()  # only the seat to move gets chips
    actor = obs["acting"] if legal else seat
    mine = list(obs["actor_court"]) if legal else []
    kc, kr = "KC" in obs["modules"], "KR" in obs["modules"]
    mods = " + ".join({"KC": "At the King's Court (KC)", "KR": "The King's Resentment (KR)", "LK": "Laws of the King (LK)"}[m]
                      for m in obs["modules"]) or "the base game alone"
    head = (f"<div style='font-size:14px'><b>Lancaster</b> &middot; round {obs['round']} of {obs['rounds']} &middot; "
            f"{_t(PHASES.title(obs['phase']))} &middot; start player {_t(seat_name(obs['start']))}</div>"
            f"<div style='font-size:12px'>Modules: <b>{_t(mods)}</b></div>")
    banner = (f"<div class='hench-sources' style='background:#eef4fb;border:1px solid #8aa9cf;border-radius:6px;padding:4px 8px;"
              f"margin:4px 0;font-size:12px'>Sources: {_t(obs['sources'])}. Hover any county, card, law or office for its text.</div>")
    parts = [head, banner, _counties(obs, texts, legal, mine), _conflicts(obs, texts, legal, mine),
             _castles(obs, texts, legal, mine, actor), _parliament(obs, texts, legal, seat)]
    if kc:
        parts.append(_regal(obs, texts, legal))
    if kr:
        parts.append(_resentment(obs, texts, legal, mine))
    parts.append(_players(obs, seat, kc, kr))
    if obs["final"]:
        parts.append("<div style='font-size:12px'>Final scoring: " + _t("; ".join(
            f"{seat_name(p)} " + (", ".join(f"{part} {v:+d}" for part, v in zip(FINAL_PARTS, f) if v) or "nothing")
            for p, f in enumerate(obs["final"]))) + "</div>")
    return ("<div class='hench-lancaster' style='font-family:sans-serif;font-size:13px;max-width:940px;color:#222'>"
            + "".join(parts) + "</div>")


__all__ = ["OFFICES", "card_gallery", "card_texts", "html", "notation", "observation"]
