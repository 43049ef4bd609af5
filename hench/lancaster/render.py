"""What a seat may know, and every view built from it.

Hidden behind a player's screen (L3, LH-032, LH-091): gold, squires, seals and dishonor markers; a
cast vote stays secret until everyone has voted; the law and conflict decks are face down. Public:
PP, voting markers, bishops, office cards and privileges (LH-037), the board, the tower, the track.
The base game here is a STAND-IN (Lancaster-Lite), and every view says so.
"""

from __future__ import annotations

import html as _html
from typing import Any

from hench.core import CardText, Rng, seat_name

from .actions import OFFICES, Apply, Castle, Choose, Conflict, County, Tower, Treasury, Vote, format_action
from .data import default_data
from .phases import PHASES
from .state import LancasterState
from .transitions import conflict_strength

HIDDEN = ("gold", "squires", "seals", "dishonor")
STAND_IN = ("The base game here is a stand-in (Lancaster-Lite): its counties, castle, conflicts, laws and "
            "scoring are placeholders, not the published Lancaster rules.")


def public_action(s: LancasterState, a: Any, seat: int | None) -> str:
    """A move as the other seats are told it: a vote is cast in secret (yes or no and its voting markers are
    revealed with everyone's, L10), and an amount chosen under a law is paid from behind the screen (C17,
    LH-032, LH-091); every other move is public."""
    if isinstance(a, Vote):
        return "casts a secret vote"
    if isinstance(a, Choose):
        return "makes a choice behind the screen"
    return format_action(a)


def observation(state: LancasterState, seat: int | None) -> dict[str, Any]:
    """What `seat` may know. With 2 players the rows also hold the two allies (colours 2 and 3, L12): an
    ally's screen is its controller's (hidden from the other seat the same way), and seals and dishonor
    are open to everyone (LH-065, LH-097)."""
    s = state
    n = s.n
    open_keys = ("seals", "dishonor") if n == 2 else ()
    players = []
    for p in range(s.colours):
        res = s.res[p]
        owner = s.controller(p)
        mine = seat == owner or s.stage == "over"
        row: dict[str, Any] = {k: res[k] for k in ("pp", "vm", "bishops")}
        for k in HIDDEN:
            row[k] = res[k] if mine or k in open_keys else None
        row["knights"] = [list(k) for k in s.knights[p]]
        row["lord"] = s.lord[p]
        row["privileges"] = dict(s.priv[p])
        row["granted"] = dict(s.granted[p])
        vote = s.votes[p] if p < n else None
        row["voted"] = vote is not None
        row["vote"] = list(vote) if (mine and vote is not None) else None
        if n == 2:
            row["name"], row["ally"], row["controller"] = s.seat_text(p), p >= n, owner
        players.append(row)
    pending = []
    for p, kind, arg in s.pending:
        item: dict[str, Any] = {"seat": p, "kind": kind}
        if kind == "law_choice":
            item["law"] = arg["law"]
            item["max"] = arg["max"] if seat == p else None
        pending.append(item)
    mover = seat is not None and s.current_player == seat and not s.is_terminal
    actor = s.actor if mover else seat  # with 2 players the seat may be placing for its ally (L12)
    return {
        "seat": seat, "legal": [str(a) for a in s.legal_actions()] if mover else [],
        "actor_court": s.court_strengths(actor) if mover and actor is not None else [],
        "england": [conflict_strength(s, c) for c in s.conflicts], "board": board_facts(s.data),
        "stand_in": STAND_IN, "modules": list(s.modules), "parliament": s.parliament,
        "round": s.round, "rounds": s.data.rounds, "start": s.start, "phase": s.phase,
        "to_move": s.current_player, "acting": s.actor if s.current_player is not None else None,
        "players": players, "pending": pending,
        "counties": [None if c is None else dict(c) for c in s.counties],
        "conflicts": [{"card": f"C{c['card'] + 1}", "french": s.data.french[c["card"]], "lower": c["lower"],
                       "spaces": [None if sp is None else {**sp, "knights": list(sp["knights"])} for sp in c["spaces"]]}
                      for c in s.conflicts],
        "conflicts_left": len(s.conflict_deck), "discarded": [f"C{x + 1}" for x in s.discarded],
        "castles": [list(r) for r in s.castles], "tower": [list(t) for t in s.tower], "neutral": s.neutral,
        "offices": [None if o is None else {**o, "knights": list(o["knights"])} for o in s.offices],
        "holders": list(s.holders), "treasury": dict(s.treasury), "supply": dict(s.supply),
        "track": list(s.track), "box": s.box, "laws_left": len(s.law_deck), "current": list(s.current),
        "proposals": list(s.proposals), "vote_index": s.vote_index, "tally": [list(t) for t in s.tally],
        "vm_hold": list(s.vm_hold), "final": [list(f) for f in s.final],
    }


def resample(s: LancasterState, seat: int, rng: Rng) -> LancasterState:
    """A state differing only in what `seat` hides from the others: its gold, squires and cast vote
    (seals and dishonor are tied to public supplies, so they are left alone)."""
    out = s.clone()
    res = out.res[seat]
    if out.stage != "over":
        res["gold"] = rng.randrange(res["gold"] + 3)
        res["squires"] = rng.randrange(res["squires"] + 3)
        vote = out.votes[seat]
        if vote is not None:
            vote[0] = bool(rng.randrange(2))
    out._legal = None
    return out


def _where(loc: str) -> str:
    if loc.startswith("office:"):
        return OFFICES[int(loc[7:])]
    return loc


def _lord_where(loc: str) -> str:
    return {"court": "at court", "treasury": "in the treasury"}.get(loc, f"at the {_where(loc)} office" if loc.startswith("office:") else loc)


def notation(obs: dict[str, Any]) -> str:
    """One line: round, phase, who moves, PP, current laws and the tower."""
    pp = "/".join(str(p["pp"]) for p in obs["players"])
    who = "-" if obs["to_move"] is None else str(obs["to_move"] + 1)
    mods = "+".join(obs["modules"]) or "base"
    return (f"r{obs['round']} {obs['phase']} to={who} pp={pp} mods={mods} laws={','.join(obs['current'])} "
            f"conflicts={','.join(c['card'] + ('v' if c['lower'] else '') for c in obs['conflicts'])}")


# -- card texts (every office, privilege, law, county, castle space, conflict card and module piece) ----
RESOURCE_WORDS = {"gold": "gold", "squires": "squires", "vm": "voting markers (VM)", "pp": "power points (PP)"}
REWARD_WORDS = {"gold": "gains {n} gold", "squires": "gains {n} squires", "vm": "gains {n} voting markers, kept for the next round",
                "upgrade": "gets {n} upgrade opportunity (a knight +1 strength, or a bishop with KC)", "pp": "scores {n} PP",
                "dorset": "sends the knight on to a conflict with France before conflicts are resolved (or back to court)"}
PRIVILEGE_TEXT = {
    "shield": ("Shield", "Goes into a county with one of its holder's knights; that knight cannot be expelled this round. "
               "It returns to the regal board after the counties are evaluated.", ("LH-040", "LH-041", "LH-042", "LH-043")),
    "archer": ("Archer", "Goes to a conflict with one of its holder's knights, on the next empty space below it, with "
               "strength {archer}; it earns a rank (and its PP) of its own. Not on the lowest space.",
               ("LH-044", "LH-045", "LH-046", "LH-047", "LH-048", "LH-049", "LH-050", "LH-051", "LH-052")),
    "tudor": ("Tudor knight", "Goes with one of its holder's knights (county, conflict or supporting the lord) and adds "
              "{tudor} strength; in a county it counts for the minimum. Never into the tower. In round 5 it is still "
              "granted and adds {tudor} to knighthood at the end.",
              ("LH-053", "LH-054", "LH-055", "LH-056", "LH-057", "LH-058", "LH-059", "LH-087")),
}
KING_LAWS = {
    1: ("Whoever has the most squires discards 2, and whoever has the most gold discards 3 (ties: all of them; "
        "fewer is discarded if fewer are held).", ("LH-106", "LH-107")),
    2: ("Every player without a bishop gives 1 dishonor marker back to the box.", ("LH-108",)),
    3: ("The player(s) with the fewest dishonor markers score 5 PP.", ("LH-109",)),
    4: ("From the start player round the table, each player may give up seals: each one brings 2 squires and 1 gold.",
        ("LH-110",)),
    5: ("The player(s) holding the most VM after the third vote receive 1 regal seal; VM go back only after all "
        "three laws are applied, and VM won through the laws are kept.", ("LH-111", "LH-112", "LH-113")),
    6: ("The player(s) with the most squires score 3 PP, and the player(s) with the most gold score 3 PP.", ("LH-114",)),
    7: ("Each player takes 1 dishonor marker for every 2 counties where they have a knight (rounded down).", ("LH-115",)),
    8: ("Each player scores 3 PP for each of their own knights in the tower.", ("LH-116",)),
}
TRIBUTE_ONE = {"vm": "VM", "squires": "squire", "gold": "gold"}
OFFICE_TITLES = {"Chancellor": "Lord High Chancellor", "Constable": "Lord High Constable", "Chamberlain": "Lord Great Chamberlain"}
CASTLE_TEXT = {"income": "gives 1 gold and 1 squire", "training": "gives one upgrade opportunity",
               "recruit": "brings a new strength-1 knight to court (while you have fewer than {max})"}


def _assumed(row: Any) -> tuple[bool, str]:
    return row.source == "assumed", (row.note if row.source == "assumed" else "")


def card_texts(s: LancasterState) -> list[CardText]:
    """Every card, tile, office and module piece of the state's data, in plain words (CardText)."""
    return _texts(s.data)


def _texts(data: Any) -> list[CardText]:
    out: list[CardText] = []
    court = data.court
    c_assumed, c_note = _assumed(court.row)
    for o in data.offices:
        a, note = _assumed(o.row)
        word = PRIVILEGE_TEXT[o.privilege][0].lower()
        out.append(CardText(o.name, OFFICE_TITLES[o.name], "Office (King's Court)",
                            f"Apply by placing your lord on it and paying 1 {TRIBUTE_ONE[o.tribute]} as tribute; the stack's "
                            f"strength is 1 for the lord + 1 per bishop + its knights (+2 per Tudor). A strictly stronger stack "
                            f"expels it. The holder gets {o.seals} seal(s) and 1 {word} each round it is filled.",
                            "phase 1 to apply; filled at the start of phase 3; the privilege is used in the next round",
                            ("LH-016", "LH-017", "LH-018", "LH-021", "LH-023", "LH-029", "LH-030", "LH-033"), a, note))
    for key, (name, what, rules) in PRIVILEGE_TEXT.items():
        out.append(CardText(key, name, "Privilege (King's Court)",
                            what.format(archer=court.archer_strength, tudor=court.tudor_strength) +
                            f" Supply: {getattr(court, key + 's')}.", "the round after it is granted, with one of your knights",
                            rules + ("LH-031", "LH-038"), c_assumed, c_note))
    out.append(CardText("bishop", "Bishop", "Regal piece (King's Court)",
                        f"Strength 1; supports only your lord on an office. Taken instead of an upgrade; at most "
                        f"{court.max_bishops} each; {'/'.join(map(str, court.bishops[1:]))} on the board for 3/4/5 players. "
                        "Each bishop also makes every seal worth 1 PP more at the end.",
                        "whenever you may upgrade a knight", ("LH-010", "LH-028", "LH-060", "LH-061", "LH-062", "LH-063"),
                        c_assumed, c_note))
    out.append(CardText("seal", "Regal seal", "Regal piece (King's Court)",
                        f"Hidden behind your screen; at the end each scores 1 PP + 1 per bishop you own. {court.seals} in the supply.",
                        "from the Chancellor (2) and Constable (1) each round, and LK-5", ("LH-008", "LH-032", "LH-064"),
                        c_assumed, c_note))
    out.append(CardText("treasury", "Treasury", "Regal board (King's Court)",
                        "Tributes land here. Instead of applying, your lord may enter the treasury and take all the VM, or all "
                        "the squires, or all the gold lying there; it cannot be expelled.", "phase 1, as your lord's placement",
                        ("LH-026", "LH-027", "LH-036")))
    t_assumed, t_note = _assumed(data.rows["tower"])
    out.append(CardText("tower", "The tower", "Tower (King's Resentment)",
                        f"Drop a knight in (total strength at most {data.tower_capacity}, a neutral knight of strength "
                        f"{'/'.join(map(str, data.neutral[1:]))} with 3/4/5 players included): give back as many dishonor "
                        "markers as its strength. Player knights come back to court before the counties are evaluated.",
                        "phase 1, as a placement", ("LH-078", "LH-080", "LH-081", "LH-082", "LH-083", "LH-084", "LH-088"),
                        t_assumed, t_note))
    k_assumed, k_note = _assumed(data.rows["dishonor_track"])
    vals = ", ".join(f"{a}/{b}" for a, b in data.track)
    out.append(CardText("dishonor", "Dishonor track and markers", "Dishonor (King's Resentment)",
                        "For each conflict England loses, every player with no knight there takes 1 dishonor marker (hidden), "
                        "from the track's stacks left to right, then from the box. At the very end: -1 PP per marker, and "
                        f"the most dishonored player loses the larger, the second the smaller number of the rightmost visible "
                        f"space ({vals}).", "phase 3 (lost conflicts) and final scoring (last)",
                        ("LH-076", "LH-089", "LH-090", "LH-091", "LH-093", "LH-094", "LH-095", "LH-096"), k_assumed, k_note))
    two_assumed, two_note = _assumed(data.rows["two_player"])
    out.append(CardText("ally", "The ally (2 players)", "2-player ally (stand-in base rule)",
                        f"With 2 players each player also controls an ally colour: knights {list(data.two.ally_knights)}"
                        " (and a lord with the King's Court). Right after each of your own placements you place one ally "
                        "piece while it has one. Ally pieces compete normally, but its rewards are lost (an upgrade reward "
                        "becomes its upgrade opportunity), it never scores and never takes dishonor. Its lord pays no "
                        "tribute, cannot expel your own lord, and in the treasury sends one kind to the supply; it holds "
                        "offices and privileges but no seals; its upgrade may remove a bishop from the game instead.",
                        "every placement turn, with 2 players",
                        ("LH-066", "LH-067", "LH-068", "LH-069", "LH-070", "LH-071", "LH-072", "LH-073", "LH-098", "LH-099"),
                        two_assumed, two_note))
    for law in data.laws:
        a, note = _assumed(law.row)
        out.append(CardText(law.id, f"Law {law.id}", f"Law, group {law.group} (stand-in placeholder)",
                            law.text[0].upper() + law.text[1:] + ".",
                            "phase 2, while it is one of the three current laws (applied left to right)"
                            + ("; starts in the current row" if law.group == 0 else ""), ("LH-001", "LH-105"), a, note))
    lk_assumed, lk_note = _assumed(data.rows["king_laws"])
    for n, (what, rules) in KING_LAWS.items():
        group = data.king_groups[n - 1]
        out.append(CardText(f"LK-{n}", f"Law of the King {n}", f"Law of the King, group {group}", what,
                            "phase 2, while it is a current law (only with KC and KR both in play)",
                            rules + ("LH-003", "LH-103"), True,
                            (lk_note + "; " if lk_assumed else "") + "the card's name is lost (M5): LK-n numbers the laws "
                            "in the order the text lists them"))
    for c in data.counties:
        a, note = _assumed(c.row)
        out.append(CardText(c.name, c.name, "County (stand-in)",
                            f"One knight of strength at least {c.min} (squires and a Tudor help; squires not for the minimum). "
                            f"A strictly stronger knight expels it. In phase 3 its owner {REWARD_WORDS[c.reward].format(n=c.amount)}.",
                            "phase 1 to place; phase 3 reward", ("LH-041", "LH-056", "LH-088"), a, note))
    ca, cnote = _assumed(data.rows["castle"])
    for sp in data.castle:
        out.append(CardText(f"castle {sp}", f"Castle: {sp}", "Castle space (stand-in)",
                            f"One of your own knights here {CASTLE_TEXT[sp].format(max=data.max_knights)}.",
                            "phase 1 to place; evaluated in phase 3 after the counties", ("LH-029",), ca, cnote))
    fa, fnote = _assumed(data.rows["conflicts"])
    for i, f in enumerate(data.french):
        out.append(CardText(f"C{i + 1}", f"Conflict C{i + 1}", "Conflict with France (stand-in)",
                            f"France has strength {f}. England wins when its knights, archers and Tudors total at least {f}; "
                            f"then ranks pay {'/'.join(map(str, data.rank_pp))} PP. A lost first battle moves it to the lower "
                            "row for a second battle next round. With KR, each player absent from a lost conflict takes 1 dishonor.",
                            "phase 1 to join; phase 3 battle", ("LH-048", "LH-050", "LH-089"), fa, fnote))
    return out


_FACTS: dict[int, tuple[Any, dict[str, Any]]] = {}


def board_facts(data: Any) -> dict[str, Any]:
    """What the printed board and cards say (the component data in force), JSON-like, for the views: counties,
    castle spaces, offices, the tower, the dishonor track and every card's text (cached per data)."""
    hit = _FACTS.get(id(data))
    if hit is not None and hit[0] is data:
        return hit[1]
    facts = {"counties": [[c.name, c.min, c.reward, c.amount] for c in data.counties], "castle": list(data.castle),
             "offices": [[o.name, o.tribute, o.seals, o.privilege] for o in data.offices],
             "tower_capacity": data.tower_capacity, "track": [list(x) for x in data.track],
             "texts": {c.id: c.plain() for c in _texts(data)}}
    if len(_FACTS) > 16:
        _FACTS.clear()
    _FACTS[id(data)] = (data, facts)
    return facts


# -- HTML -------------------------------------------------------------------------------------------------
SEAT_COLOURS = ("#1d4f91", "#b5651d", "#2f6b4f", "#8e3b2f", "#6b4a8e")
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


def _chips(kind: str, make: Any, strengths: list[int], legal: set[str], where: str) -> str:
    return "".join(_chip(f"{kind}{k}", make(k), legal, f"click: your strength-{k} knight to {where}") for k in sorted(set(strengths)))


def _name(obs: dict[str, Any], p: int) -> str:
    return obs["players"][p].get("name") or seat_name(p)


def _who(obs: dict[str, Any], p: int) -> str:
    return f"<b style='color:{SEAT_COLOURS[p % 5]}'>{_t(_name(obs, p))}</b>"


def _knight_str(obs: dict[str, Any], owner: int, idx: int) -> int:
    return obs["players"][owner]["knights"][idx][0]


def _counties(obs: dict[str, Any], texts: dict[str, str], legal: set[str], mine: list[int]) -> str:
    cells = []
    for i, (name, minimum, reward, amount) in enumerate(obs["board"]["counties"]):
        c = obs["counties"][i]
        if c is None:
            occ = "<span style='color:#999'>empty</span>"
        else:
            extra = "".join(x for x, on in ((f" +{c['squires']} squire(s)", c["squires"]), (" +shield", c["shield"]),
                                            (" +Tudor", c["tudor"])) if on)
            occ = f"{_who(obs, c['owner'])} knight {_knight_str(obs, c['owner'], c['knight'])}{_t(extra)}"
        chips = _chips("K", lambda k, n=name: County(k, n), mine, legal, name)
        cells.append(f"<div class='hench-county' title='{_t(texts[name])}' style='{BOX}width:128px;background:#eef5e6;"
                     f"border:1px solid #8a6'><b>{_t(name)}</b> <span style='font-size:10px'>min {minimum}</span>"
                     f"<div style='font-size:10px;color:#454'>{_t(REWARD_WORDS[reward].format(n=amount))}</div>"
                     f"<div style='font-size:11px'>{occ}</div>{chips}</div>")
    return "<div><b>Counties</b> <span style='font-size:11px;color:#666'>(stand-in)</span><br>" + "".join(cells) + "</div>"


def _conflicts(obs: dict[str, Any], texts: dict[str, str], legal: set[str], mine: list[int]) -> str:
    rows: dict[bool, list[str]] = {False: [], True: []}
    for c, eng in zip(obs["conflicts"], obs["england"]):
        spaces = []
        for j, sp in enumerate(c["spaces"]):
            if sp is None:
                spaces.append(f"<div style='font-size:11px;color:#999'>{j + 1}. empty</div>")
                continue
            ks = "+".join(str(_knight_str(obs, sp["owner"], x)) for x in sp["knights"])
            extra = (" +archer" if sp["archer"] else "") + (" +Tudor" * sp["tudor"])
            spaces.append(f"<div style='font-size:11px'>{j + 1}. {_who(obs, sp['owner'])} {ks}{_t(extra)}</div>")
        chips = _chips("K", lambda k, card=c["card"]: Conflict(k, card), mine, legal, f"conflict {c['card']}")
        rows[c["lower"]].append(
            f"<div class='hench-conflict' title='{_t(texts[c['card']])}' style='{BOX}width:150px;background:#f6e9e9;"
            f"border:1px solid #a66'><b>{c['card']}</b> France <b>{c['french']}</b> vs England <b>{eng}</b>"
            f"{''.join(spaces)}{chips}</div>")
    upper = "".join(rows[False]) or "<i style='color:#999'>none</i>"
    lower = "".join(rows[True])
    return (f"<div><b>Conflicts with France</b> <span style='font-size:11px;color:#666'>(stand-in; {obs['conflicts_left']} "
            f"cards left)</span><br>{upper}" + (f"<div style='font-size:11px'>Lower row (second battle):</div>{lower}" if lower else "")
            + "</div>")


def _castles(obs: dict[str, Any], texts: dict[str, str], legal: set[str], mine: list[int], seat: int | None) -> str:
    out = []
    for p, row in enumerate(obs["castles"]):
        cells = []
        for j, sp in enumerate(obs["board"]["castle"]):
            who = f"knight {_knight_str(obs, p, row[j])}" if row[j] >= 0 else "<span style='color:#999'>free</span>"
            chips = _chips("K", lambda k, space=sp: Castle(k, space), mine, legal, f"your castle ({sp})") if p == seat else ""
            cells.append(f"<span title='{_t(texts['castle ' + sp])}' style='display:inline-block;margin:1px 3px;font-size:11px'>"
                         f"{_t(sp)}: {who} {chips}</span>")
        out.append(f"<div style='font-size:11px'>{_who(obs, p)} castle: {''.join(cells)}</div>")
    return "<div><b>Castles</b> <span style='font-size:11px;color:#666'>(stand-in)</span>" + "".join(out) + "</div>"


def _parliament(obs: dict[str, Any], texts: dict[str, str], legal: set[str], seat: int | None) -> str:
    def law(lid: str, style: str = "") -> str:
        return (f"<span class='hench-law' title='{_t(texts.get(lid, lid))}' style='display:inline-block;margin:2px;padding:2px 6px;"
                f"border:1px solid #779;border-radius:4px;background:#eef;font-size:11px;{style}'><b>{_t(lid)}</b></span>")

    current = "".join(law(x) for x in obs["current"])
    if not obs["parliament"]:
        return (f"<div><b>Parliament</b>: off in this game (parliament_mode off, used to teach a module alone). "
                f"Current laws (not applied): {current}</div>")
    parts = [f"<div><b>Parliament</b> &middot; current laws (applied left to right): {current} "
             f"<span style='font-size:11px;color:#666'>({obs['laws_left']} laws in the deck)</span></div>"]
    if obs["proposals"]:
        props = "".join(law(x, "outline:2px solid #c9a227;" if i == obs["vote_index"] else "") for i, x in enumerate(obs["proposals"]))
        voted = ", ".join(f"{seat_name(p)} {'has voted' if row['voted'] else 'to vote'}"
                          for p, row in enumerate(obs["players"]) if not row.get("ally"))
        own = ""
        if seat is not None and obs["players"][seat]["vote"] is not None:
            yes, vm = obs["players"][seat]["vote"][:2]
            own = f" &middot; your secret vote: <b>{'yes' if yes else 'no'}</b> +{vm} VM"
        clicks = _chip("vote yes", Vote(True), legal, "click: vote yes (no VM added)") + _chip("vote no", Vote(False), legal,
                                                                                             "click: vote no (no VM added)")
        parts.append(f"<div>Proposals (the outlined one is being voted on): {props} {clicks}</div>"
                     f"<div style='font-size:11px'>Votes are secret until everyone has voted: {_t(voted)}{own}</div>")
    if obs["tally"]:
        parts.append("<div style='font-size:11px'>Revealed votes this round: " + _t("; ".join(_tally(t) for t in obs["tally"])) + "</div>")
    return "<div style='margin:4px 0'>" + "".join(parts) + "</div>"


def _tally(t: list[Any]) -> str:
    law, yes, no = t
    return f"{law}: {yes} yes / {no} no, {'approved' if yes >= no else 'rejected'}"


def _regal(obs: dict[str, Any], texts: dict[str, str], legal: set[str]) -> str:
    cells = []
    for i, (name, tribute, seals, privilege) in enumerate(obs["board"]["offices"]):
        app = obs["offices"][i]
        holder = obs["holders"][i]
        if app is None:
            stack = "<span style='color:#999'>no applicant</span>"
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
    tr = obs["treasury"]
    take = "".join(_chip(f"take {k}", Treasury(k), legal, f"click: your lord enters the treasury and takes all its {k}") for k in tr)
    sup = obs["supply"]
    supply = (f"shields {sup['shield']}, archers {sup['archer']}, Tudors {sup['tudor']}, seals {sup['seals']}, bishops {sup['bishops']}")
    cells.append(f"<div class='hench-treasury' title='{_t(texts['treasury'])}' style='{BOX}width:170px;background:#f3ecd9;"
                 f"border:1px solid #a98'><b>Treasury</b><div style='font-size:11px'>{tr['vm']} VM, {tr['squires']} squires, "
                 f"{tr['gold']} gold</div>{take}<div style='font-size:10px;color:#555'>supply: {supply}</div></div>")
    return "<div><b>Regal board</b> (At the King's Court)<br>" + "".join(cells) + "</div>"


def _tower(obs: dict[str, Any], texts: dict[str, str], legal: set[str], mine: list[int]) -> str:
    inside = [f"neutral {obs['neutral']}"] if obs["neutral"] else []
    inside += [f"{_name(obs, o)} {_knight_str(obs, o, x)}" for o, x in obs["tower"]]
    total = obs["neutral"] + sum(_knight_str(obs, o, x) for o, x in obs["tower"])
    chips = _chips("K", lambda k: Tower(k), mine, legal, "the tower")
    return (f"<div class='hench-tower' title='{_t(texts['tower'])}' style='{BOX}background:#e9e9f1;border:1px solid #779'>"
            f"<b>Tower</b> strength {total} of {obs['board']['tower_capacity']}<div style='font-size:11px'>{_t(', '.join(inside) or 'empty')}"
            f"</div>{chips}</div>")


def _track(obs: dict[str, Any], texts: dict[str, str]) -> str:
    cells = "".join(f"<td style='border:1px solid #a88;padding:1px 4px;text-align:center;background:{'#fff' if n else '#eee'}'>"
                    f"<div style='font-size:10px'>{a}/{b}</div><b>{n}</b></td>" for n, (a, b) in zip(obs["track"], obs["board"]["track"]))
    return (f"<div class='hench-track' title='{_t(texts['dishonor'])}' style='{BOX}background:#f7eeee;border:1px solid #a88'>"
            f"<b>Dishonor track</b> <span style='font-size:11px'>(markers left per space; penalty larger/smaller; box "
            f"{obs['box']})</span><table style='border-collapse:collapse;font-size:11px'><tr>{cells}</tr></table></div>")


def _knight_places(court: list[int], away: list[int]) -> str:
    """Where a player's knights are, in words: 'at court: strength 1, 2 · placed: 3'."""
    def strengths(ks: list[int]) -> str:
        return "strength " + ", ".join(map(str, ks)) if ks else "none"

    return f"at court: {strengths(court)} &middot; placed: {strengths(away)}"


def _players(obs: dict[str, Any], seat: int | None, kc: bool, kr: bool) -> str:
    rows = []
    for p, row in enumerate(obs["players"]):
        secret = ["an ally holds nothing and scores nothing (L12)"] if row.get("ally") else []
        for k in HIDDEN if not row.get("ally") else ():
            if (k == "seals" and not kc) or (k == "dishonor" and not kr):
                continue
            secret.append(f"{k} <b>{row[k]}</b>" if row[k] is not None else f"{k} <span class='hench-hidden' style='color:#999'>hidden</span>")
        court = sorted(k[0] for k in row["knights"] if k[1] == "court")
        away = sorted(k[0] for k in row["knights"] if k[1] != "court")
        priv = ", ".join(f"{v} {k}" for k, v in row["privileges"].items() if v)
        lord = f" &middot; lord: {_t(_lord_where(row['lord']))}" if kc else ""
        turn = " &larr; to act" if obs.get("acting", obs["to_move"]) == p else ""
        rows.append(f"<tr style='border-top:1px solid #ddd'><td>{_who(obs, p)}{' (you)' if p == seat else ''}{turn}</td>"
                    f"<td><b>{row['pp']}</b> PP</td><td>{row['vm']} VM" + (f", {row['bishops']} bishops" if kc else "") +
                    f"</td><td>{' &middot; '.join(secret)}</td><td>{_knight_places(court, away)}{lord}"
                    f"{(' &middot; privileges: ' + _t(priv)) if priv else ''}</td></tr>")
    return ("<table class='hench-players' style='border-collapse:collapse;font-size:12px;margin-top:4px'><tr><th>Seat</th><th>PP</th>"
            "<th>public</th><th>behind the screen</th><th>knights</th></tr>" + "".join(rows) + "</table>")


def html(obs: dict[str, Any], clickable: bool = False) -> str:
    """The table as the observation's seat sees it (None: a spectator; at the end everything is revealed). With
    `clickable`, chips on counties, castle spaces, conflicts, the tower, offices, the treasury and the votes
    carry data-action='<move>' (the plain form of the move; extras are in the move list)."""
    seat = obs["seat"]
    texts = obs["board"]["texts"]
    legal = set(obs["legal"]) if clickable else set()  # only the seat to move gets chips
    mover = bool(legal)
    actor = obs["acting"] if mover else seat
    mine = list(obs["actor_court"]) if mover else []
    kc, kr = "KC" in obs["modules"], "KR" in obs["modules"]
    mods = " + ".join({"KC": "At the King's Court (KC)", "KR": "The King's Resentment (KR)", "LK": "Laws of the King (LK)"}[m]
                      for m in obs["modules"]) or "no module (Lancaster-Lite alone)"
    head = (f"<div style='font-size:14px'><b>Lancaster</b> &middot; round {obs['round']} of {obs['rounds']} &middot; "
            f"{_t(PHASES.title(obs['phase']))} &middot; start player {_t(seat_name(obs['start']))}</div>"
            f"<div style='font-size:12px'>Modules: <b>{_t(mods)}</b></div>")
    banner = (f"<div class='hench-stand-in' style='background:#fff4d6;border:1px solid #e0b100;border-radius:6px;padding:4px 8px;"
              f"margin:4px 0;font-size:12px'>&#9888; {_t(obs['stand_in'])} Hover any county, law or office for its text; "
              "the assumed values are listed in the assumptions table.</div>")
    parts = [head, banner, _counties(obs, texts, legal, mine), _conflicts(obs, texts, legal, mine),
             _castles(obs, texts, legal, mine, actor), _parliament(obs, texts, legal, seat)]
    if mover and actor != seat:
        parts.insert(2, f"<div class='hench-ally-turn' style='font-size:12px;background:#eef;padding:3px 6px'>You are placing "
                        f"for <b>{_t(_name(obs, actor))}</b> now (2 players: one ally piece right after each of your own, "
                        "L12); its rewards are lost and it never scores.</div>")
    extra = []
    if kc:
        extra.append(_regal(obs, texts, legal))
    if kr:
        extra.append("<div><b>The King's Resentment</b><br>" + _tower(obs, texts, legal, mine) + _track(obs, texts) + "</div>")
    parts += extra + [_players(obs, seat, kc, kr)]
    if obs["final"]:
        parts.append("<div style='font-size:12px'>Final scoring (knighthood, seals, dishonor) per player: " +
                     _t("; ".join(f"{seat_name(p)} {f}" for p, f in enumerate(obs["final"]))) + "</div>")
    return ("<div class='hench-lancaster' style='font-family:sans-serif;font-size:13px;max-width:940px;color:#222'>"
            + "".join(parts) + "</div>")



def card_gallery() -> list[CardText]:
    """Every card, tile, office and module piece of the builtin data, for the Learn page's gallery."""
    return _texts(default_data())
