"""Every card, tile, space and piece of the component data in force, in plain words (hench.core.CardText), for
the card gallery, the board's hover texts and the tour. Values marked assumed in the data carry their note."""

from __future__ import annotations

from dataclasses import replace

from hench.core.cards import CardText

from .data import LancasterData, Row, county_title, in_words, law_title

PRIVILEGE_TEXT = {
    "shield": ("Shield", "Goes into a county with one of its holder's knights; that knight cannot be expelled this round. "
               "It returns to the regal board after the counties are evaluated.", ("LH-040", "LH-041", "LH-042", "LH-043")),
    "archer": ("Archer", "Goes to a conflict with one of its holder's knights, on the empty space below it, with strength "
               "{archer}; it holds a rank (and its PP) of its own. Not from the lowest space.",
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


def _assumed(row: Row) -> tuple[bool, str]:
    return row.source == "assumed", (in_words(row.note) if row.source == "assumed" else "")


def base_texts(data: LancasterData) -> list[CardText]:
    """The base game's counties, favor tiles, conflict cards, castle spaces, extensions and laws."""
    out: list[CardText] = []
    for c in data.counties:
        a, note = _assumed(c.row)
        out.append(CardText(c.name, county_title(c.name) if county_title(c.name) != c.name else f"{c.letter} {c.name}", "County",
                            f"One knight of strength at least {c.min} (squires add to its strength against rivals, never towards "
                            f"the minimum); a strictly stronger knight expels it. In phase 3 its owner takes a nobleman of "
                            f"{c.letter}, or {c.gain.words()}, or pays {data.noble_cost} gold for both.",
                            "phase 1 to place; phase 3, in letter order", ("LB-020", "LB-021", "LB-023", "LB-047", "LB-050"), a, note))
    for t in data.favors:
        a, note = _assumed(t.row)
        out.append(CardText(t.id, in_words(f"favor {t.id}"), "King's Favor tile", f"Gives {t.gain.words()}.",
                            "taken by one of the first 6 knights sent to a conflict in a round; face up again next round",
                            ("LB-031", "LB-032", "LB-096"), a, note))
    for i, card in enumerate(data.cards):
        a, note = _assumed(card.row)
        out.append(CardText(f"C{i + 1}", f"Conflict C{i + 1}", "Conflict with France",
                            f"France {card.french}. England wins with at least {card.french} in knights; ranks 1-3 take "
                            f"{'/'.join(map(str, card.pp))} PP (ties: the later entrant ranks higher). A lost first battle pays one "
                            "step down and moves to the lower row; a lost second battle also captures the knights (ransom 1 gold "
                            "per strength level).", "phase 1 to join; phase 3, lower row first",
                            ("LB-028", "LB-059", "LB-060", "LB-061", "LB-063", "LB-066"), a, note))
    for t in data.castle:
        a, note = _assumed(t.row)
        out.append(CardText(f"castle {t.id}", f"Castle space {t.id}", "Castle knight space",
                            f"One of your own knights here gives {t.gain.words()} in phase 3, then goes back to court.",
                            "phase 1 to place; phase 3 after the counties", ("LB-027", "LB-053", "LB-054"), a, note))
    for t in data.extensions:
        a, note = _assumed(t.row)
        out.append(CardText(t.id, f"Extension {t.id}", "Castle extension tile", f"Gives {t.gain.words()} every round.",
                            "in your castle from when you place it (one at the start, more from rewards)",
                            ("LB-009", "LB-053", "LB-054", "LB-055"), a, note))
    for law in data.laws:
        a, note = _assumed(law.row)
        out.append(CardText(law.id, law_title(law.id), f"Law (group {law.group})", law.text,
                            "phase 2, while it is one of the three current laws (applied left to right)",
                            ("LB-041", "LB-042", "LB-043"), a, "the effect is the rulebook's; " + note if a else ""))
    return out


def module_texts(data: LancasterData) -> list[CardText]:
    """The three modules' pieces, offices and Laws of the King, and the 2-player ally."""
    out: list[CardText] = []
    court = data.kc
    c_assumed, c_note = _assumed(court.row)
    for o in data.offices:
        a, note = _assumed(o.row)
        out.append(CardText(o.name, OFFICE_TITLES[o.name], "Office (King's Court)",
                            f"Apply by placing your lord on it and paying 1 {TRIBUTE_ONE[o.tribute]} as tribute; the stack's "
                            f"strength is 1 for the lord + 1 per bishop + its knights (+2 per Tudor). A strictly stronger stack "
                            f"expels it. The holder gets {o.seals} seal(s) and 1 {PRIVILEGE_TEXT[o.privilege][0].lower()} each round.",
                            "phase 1 to apply; filled at the start of phase 3; the privilege is used in the next round",
                            ("LH-016", "LH-017", "LH-018", "LH-021", "LH-023", "LH-029", "LH-030", "LH-033"), a, note))
    for key, (name, what, rules) in PRIVILEGE_TEXT.items():
        out.append(CardText(key, name, "Privilege (King's Court)",
                            what.format(archer=court.archer_strength, tudor=court.tudor_strength) + f" Supply: {getattr(court, key + 's')}.",
                            "the round after it is granted, with one of your knights", rules + ("LH-031", "LH-038"), c_assumed, c_note))
    out.append(CardText("bishop", "Bishop", "Regal piece (King's Court)",
                        f"Strength 1; supports only your lord on an office. Taken instead of an upgrade; at most {court.max_bishops} "
                        "each. Each bishop makes every seal worth 1 PP more at the end.", "whenever you may upgrade a knight",
                        ("LH-010", "LH-028", "LH-060", "LH-061", "LH-062", "LH-063"), c_assumed, c_note))
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
                        f"{'/'.join(map(str, data.neutral[1:]))} with 3/4/5 players included): give back as many dishonor markers "
                        "as its strength. Player knights come back to court before the counties are evaluated.",
                        "phase 1, as a placement", ("LH-078", "LH-080", "LH-081", "LH-082", "LH-083", "LH-084", "LH-088"),
                        t_assumed, t_note))
    k_assumed, k_note = _assumed(data.rows["dishonor_track"])
    out.append(CardText("dishonor", "Dishonor track and markers", "Dishonor (King's Resentment)",
                        "For each battle England loses, every player with no knight there takes 1 dishonor marker (hidden), from "
                        "the track's stacks left to right, then from the box. At the very end: -1 PP per marker, and the most "
                        "dishonored player loses the larger, the second the smaller number of the rightmost visible space "
                        f"({', '.join(f'{a}/{b}' for a, b in data.track)}).", "phase 3 (lost battles) and the final scoring (last)",
                        ("LH-076", "LH-089", "LH-090", "LH-091", "LH-093", "LH-094", "LH-095", "LH-096"), k_assumed, k_note))
    lk_assumed, lk_note = _assumed(data.rows["king_laws"])
    for n, (what, rules) in KING_LAWS.items():
        out.append(CardText(f"LK-{n}", f"Law of the King {n}", f"Law of the King, group {data.king_groups[n - 1]}", what,
                            "phase 2, while it is a current law (only with KC and KR both in play)", rules + ("LH-003", "LH-103"),
                            True, (lk_note + "; " if lk_assumed else "") + "the card's name is lost: the Laws of the King are "
                            "numbered in the order the text lists them"))
    out.append(CardText("ally", "The ally (2 players)", "2-player ally",
                        "With 2 players each player also controls an ally colour: its strength-2 knight at court, 6 in its reserve, "
                        "and a small castle (a new strength-1 knight; an upgrade). Each turn you place one piece, your own or your "
                        "ally's. Allies keep no gold, squires, voting markers or power points, never vote, and are ignored at the "
                        "end; an ally in a county uses only a new knight, an upgrade, a nobleman (removed from the game), the "
                        "passage to France or Surrey's start player. Nobody expels their own ally's knight.",
                        "every placement turn, with 2 players", ("LB-088", "LB-090", "LB-091", "LB-092", "LB-093", "LB-096",
                                                                 "LB-098", "LB-099", "LB-100", "LB-101")))
    return out


def card_texts_of(data: LancasterData) -> list[CardText]:
    """Every card in the game's words (issue 29): a law, a favor tile or a placeholder county named as the screen
    names it; the ids stay what the moves use."""
    return [replace(c, name=in_words(c.name), what=in_words(c.what), when=in_words(c.when), note=in_words(c.note))
            for c in base_texts(data) + module_texts(data)]
