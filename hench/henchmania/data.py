"""Component data of Henchmania: game constants and the card list, read from TOML.

The rulebook text lost the card list and the duel icons, so most values are placeholders
(``source = "assumed"``). `assumptions()` lists every value with its source for the notebooks;
`load_data(path)` reads a user's own file (same format as ``data/game.toml`` plus ``[[card]]``
tables as in ``data/cards.toml``; anything missing falls back to the built-in values).
A malformed file raises `DataError`, naming the file and the field.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from hench.core.cards import CardText
from hench.core.data import Assumption, builtin_text, parse_toml, plain, read_user_file, reading_rows
from hench.core.data import DataError as CoreDataError
from hench.core.schema import check_name, check_unique_names

from .options import OPTIONS, READINGS

if TYPE_CHECKING:
    from .state import HMState

BUILTIN = "builtin"

# effect id -> the card types that may carry it
EFFECTS: dict[str, tuple[str, ...]] = {
    "duel": ("action",), "guard": ("action",), "weapon": ("action",), "steal_hand": ("action", "reserve"),
    "steal_reserve": ("action",), "traitor": ("action",), "brawl": ("action",),
    "gain_points": ("action", "trump"), "performance": ("reserve",), "points": ("reserve",),
    "nosy_parker": ("reserve",), "porter": ("reserve",), "penitent": ("reserve",),
    "apothecary": ("reserve",), "courtesan": ("reserve",), "old_lady": ("reserve",),
    "poison": ("reserve",), "draw_card": ("trump",), "duel_bonus": ("trump",), "bare_hands_bonus": ("trump",),
}
# Reserve/Trump effects used "at your turn" in place of playing a card (HM-038)
AT_YOUR_TURN = frozenset({"steal_hand", "poison", "old_lady", "draw_card", "gain_points"})
# cards a passed player may still play, in a duel (HM-048, A14)
DUEL_RESPONSE = frozenset({"guard", "weapon"})
CARD_TYPES = ("action", "reserve", "trump")
GAME_KEYS = ("sites", "pawns_per_player", "start_score", "spots", "reserve_limit", "attack_dice", "die_faces",
             "bare_hands_attack", "bare_hands_defense", "attacker_win_points", "defender_loss_per_wound",
             "defender_win_points", "attacker_loss", "performance_points", "score_floor", "meter_size")
# words of typed moves that a site or card name may not be (case is ignored)
RESERVED_WORDS = ("nothing", "bare-handed")
CARD_FIELDS = {"name", "site", "type", "effect", "copies", "reserve_max", "exhausts", "points_per_day", "kind",
               "attack", "defense", "points", "source", "note"}


class DataError(CoreDataError):
    """A Henchmania data file that cannot be used; the message names the file and the field."""


@dataclass(frozen=True, slots=True)
class CardDef:
    """One kind of card (all its copies are identical)."""

    name: str
    site: int
    type: str
    effect: str
    copies: int
    reserve_max: int
    exhausts: bool
    points_per_day: int
    kind: str
    attack: int
    defense: int
    points: int
    source: str
    note: str
    at_your_turn: bool = False  # a Reserve/Trump effect used as a whole turn (HM-038)
    duel_response: bool = False  # playable by a passed player in a duel (HM-048, A14)


@dataclass(frozen=True)
class GameData:
    """Everything the engine reads from data files. `deck[i]` is the kind of card instance i.
    `document` is the user's own TOML document (None for the builtin data): a save carries it whole."""

    document: dict[str, Any] | None
    values: dict[str, Any]
    meta: dict[str, tuple[str, str, str]]  # key -> (source, rule, note)
    cards: tuple[CardDef, ...]
    deck: tuple[CardDef, ...]
    by_name: dict[str, CardDef]
    order: dict[str, int]
    site_index: dict[str, int] = field(default_factory=dict)
    site_lookup: dict[str, str] = field(default_factory=dict)  # lower-case -> name, for typed moves
    card_lookup: dict[str, str] = field(default_factory=dict)
    # Read by the move generator on every move, so computed once here from `deck` and `order`: per card id,
    # its kind's rank in `cards` (data order: `cards[rank]` is its CardDef) and its site; the ids of the
    # cards with an 'At your turn' effect (HM-038). Lists, never changed: `map(rank.__getitem__, ids)` is
    # much quicker on a list than on a tuple (a method, not a slot wrapper).
    rank: list[int] = field(init=False, repr=False, compare=False)
    kind_names: list[str] = field(init=False, repr=False, compare=False)  # cards[rank].name by rank
    site_of: list[int] = field(init=False, repr=False, compare=False)
    name_of: list[str] = field(init=False, repr=False, compare=False)
    effect_ids: dict[str, frozenset[int]] = field(init=False, repr=False, compare=False)  # card ids by effect
    at_your_turn: frozenset[int] = field(init=False, repr=False, compare=False)
    site_cards: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)  # card ids by site

    def __post_init__(self) -> None:
        deck = self.deck
        object.__setattr__(self, "site_cards", tuple(tuple(i for i, c in enumerate(deck) if c.site == site)
                                                     for site in range(len(self.values["sites"]))))
        object.__setattr__(self, "rank", [self.order[c.name] for c in deck])
        object.__setattr__(self, "kind_names", [c.name for c in self.cards])
        object.__setattr__(self, "site_of", [c.site for c in deck])
        object.__setattr__(self, "name_of", [c.name for c in deck])
        object.__setattr__(self, "effect_ids", {e: frozenset(i for i, c in enumerate(deck) if c.effect == e)
                                                for e in {c.effect for c in deck}})
        object.__setattr__(self, "at_your_turn", frozenset(i for i, c in enumerate(deck) if c.at_your_turn))

    @property
    def path(self) -> str:
        return BUILTIN if self.document is None else "own data"

    @property
    def site_names(self) -> tuple[str, ...]:
        return self.values["sites"]

    def card(self, name: str) -> CardDef:
        return self.by_name[name]

    def card_names(self) -> list[str]:
        return [c.name for c in self.cards]


# -- loading ---------------------------------------------------------------------------
@lru_cache(maxsize=1)
def builtin() -> GameData:
    """The data shipped with hench (data/game.toml and data/cards.toml)."""
    return from_document(None, "data/*.toml")


def load_data(path: str | os.PathLike[str] | None = None) -> GameData:
    """The builtin data (None or "builtin"), or the builtin data overridden by a person's own file.
    Only this function opens a file: `new_game(data=path)` calls it; a save carries the data itself."""
    if path is None or path == BUILTIN:
        return builtin()
    if not isinstance(path, (str, os.PathLike)):
        raise DataError(f"data should be None, {BUILTIN!r} or the path of a TOML file, got {path!r}")
    where = str(path)
    return from_document(parse_toml(read_user_file(path, DataError), where, DataError), where)


def from_document(user: dict[str, Any] | None, where: str) -> GameData:
    """Data from a user document (top-level game keys and [[card]] tables) over the builtin files."""
    game_doc = parse_toml(builtin_text(__package__, "game.toml"), "data/game.toml", DataError)
    card_doc = parse_toml(builtin_text(__package__, "cards.toml"), "data/cards.toml", DataError)
    if user is not None:
        if not isinstance(user, dict):
            raise DataError(f"{where} should be a table of game values and [[card]] tables")
        unknown = set(user) - set(GAME_KEYS) - {"card"}
        if unknown:
            raise DataError(f"{where}: unknown top-level entries {sorted(unknown)}; allowed: {list(GAME_KEYS)} and [[card]]")
        game_doc.update({k: v for k, v in user.items() if k != "card"})
        if "card" in user:
            card_doc = {"card": user["card"]}
    values, meta = _read_game(game_doc, where)
    cards = _read_cards(card_doc, values, where)
    deck = tuple(c for c in cards for _ in range(c.copies))
    _playable(values, cards, deck, where)
    sites = values["sites"]
    return GameData(user, values, meta, cards, deck, {c.name: c for c in cards}, {c.name: i for i, c in enumerate(cards)},
                    {name: i for i, name in enumerate(sites)}, {name.lower(): name for name in sites},
                    {c.name.lower(): c.name for c in cards})


def _playable(values: dict[str, Any], cards: tuple[CardDef, ...], deck: tuple[CardDef, ...], where: str) -> None:
    """Values the rules cannot play are refused: an empty deck, too few spots for the pawns."""
    if not deck:
        raise DataError(f"{where}: card: the card list is empty (copies are all 0); the game needs cards to draw")
    sites, per = len(values["sites"]), values["pawns_per_player"]
    for players, spots in values["spots"].items():
        if spots * sites < per * players:
            raise DataError(f"{where}: spots: {spots} spots on {sites} sites cannot take {players} x {per} pawns "
                            f"(pawns_per_player); allowed: spots x sites >= players x pawns_per_player")


def _read_game(doc: dict, where: str) -> tuple[dict[str, Any], dict[str, tuple[str, str, str]]]:
    values, meta = {}, {}
    for key in GAME_KEYS:
        entry = doc.get(key)
        if not isinstance(entry, dict) or "value" not in entry:
            raise DataError(f"{where}: [{key}] should be a table with a 'value' (and source, note)")
        source = entry.get("source", "assumed")
        if source not in ("rulebook", "assumed", "user"):
            raise DataError(f"{where}: [{key}].source should be 'rulebook', 'assumed' or 'user', got {source!r}")
        values[key] = entry["value"]
        meta[key] = (source, str(entry.get("rule", "")), str(entry.get("note", "")))
    _check_game_values(values, where)
    values["spots"] = {int(k): v for k, v in values["spots"].items()}
    values["sites"] = tuple(values["sites"])
    values["performance_points"] = tuple(values["performance_points"])
    return values, meta


def _is_int(v: Any, lo: int = 0, hi: int = 10**6) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def _check_game_values(v: dict[str, Any], where: str) -> None:
    sites = v["sites"]
    if not (isinstance(sites, list) and 1 <= len(sites) <= 12):
        raise DataError(f"{where}: sites should be a list of 1 to 12 site names, got {sites!r}")
    for i, site in enumerate(sites):
        check_name(site, f"{where}: sites[{i}]", DataError)
    check_unique_names(sites, f"{where}: sites", DataError, RESERVED_WORDS)
    bounds = {"pawns_per_player": (1, 20), "reserve_limit": (1, 20), "attack_dice": (1, 5), "meter_size": (1, 100),
              "die_faces": (2, 12)}
    for key, (lo, hi) in bounds.items():
        if not _is_int(v[key], lo, hi):
            raise DataError(f"{where}: {key} should be a whole number from {lo} to {hi}, got {v[key]!r}"
                            + (" (a roll must list few enough outcomes to show exact odds)" if key in ("attack_dice", "die_faces") else ""))
    for key in ("bare_hands_attack", "bare_hands_defense"):
        if not _is_int(v[key], 1, v["die_faces"]):
            raise DataError(f"{where}: {key} should be 1..{v['die_faces']} (a face of the die), got {v[key]!r}")
    for key in ("start_score", "attacker_win_points", "defender_loss_per_wound", "defender_win_points", "attacker_loss", "score_floor"):
        if not _is_int(v[key], 0, 1000):
            raise DataError(f"{where}: {key} should be a whole number from 0 to 1000, got {v[key]!r}")
    spots = v["spots"]
    if not isinstance(spots, dict) or sorted(spots) != ["2", "3", "4", "5"] or not all(_is_int(s, 1, 100) for s in spots.values()):
        raise DataError(f"{where}: spots should give a whole number 1..100 for each of 2, 3, 4 and 5 players, got {spots!r}")
    perf = v["performance_points"]
    if not (isinstance(perf, list) and 2 <= len(perf) <= 20 and perf[0] == 0 and all(_is_int(p, 0, 1000) for p in perf)):
        raise DataError(f"{where}: performance_points should be a list of 2 to 20 whole numbers starting with 0, got {perf!r}")


def _read_cards(doc: dict, values: dict[str, Any], where: str) -> tuple[CardDef, ...]:
    rows = doc.get("card")
    if not isinstance(rows, list) or not rows:
        raise DataError(f"{where}: there should be at least one [[card]] table")
    cards = tuple(_read_card(row, i, values, where) for i, row in enumerate(rows))
    check_unique_names([*values["sites"], *(c.name for c in cards)], f"{where}: card names and sites", DataError,
                       RESERVED_WORDS)
    return cards


def _read_card(row: Any, i: int, values: dict[str, Any], where: str) -> CardDef:
    at = f"{where}: card #{i + 1}"
    if not isinstance(row, dict):
        raise DataError(f"{at} should be a table")
    unknown = set(row) - CARD_FIELDS
    if unknown:
        raise DataError(f"{at} has unknown fields {sorted(unknown)}")
    name = check_name(row.get("name"), f"{at}: name", DataError)
    at = f"{where}: card {name!r}"
    if row.get("site") not in values["sites"]:
        raise DataError(f"{at}: site should be one of {list(values['sites'])}, got {row.get('site')!r}")
    ctype, effect = row.get("type"), row.get("effect")
    if not isinstance(ctype, str) or ctype not in CARD_TYPES:
        raise DataError(f"{at}: type should be one of {list(CARD_TYPES)}, got {ctype!r}")
    if not isinstance(effect, str) or effect not in EFFECTS or ctype not in EFFECTS[effect]:
        allowed = sorted(e for e, types in EFFECTS.items() if ctype in types)
        raise DataError(f"{at}: effect {effect!r} is not known for a {ctype} card; known: {allowed}")
    return _card_numbers(row, name, ctype, effect, values, at)


def _card_numbers(row: dict, name: str, ctype: str, effect: str, values: dict[str, Any], at: str) -> CardDef:
    faces = values["die_faces"]

    def num(key: str, default: int, lo: int, hi: int) -> int:
        v = row.get(key, default)
        if not _is_int(v, lo, hi):
            raise DataError(f"{at}: {key} should be a whole number {lo}..{hi}, got {v!r}")
        return v

    if effect == "weapon" and ("attack" not in row or "defense" not in row):
        raise DataError(f"{at}: an Armory weapon needs attack and defense values")
    if ctype == "reserve" and "reserve_max" not in row:
        raise DataError(f"{at}: a Reserve card needs reserve_max (HM-034)")
    if ctype != "reserve" and row.get("points_per_day"):
        raise DataError(f"{at}: points_per_day is for Reserve cards only (phase 3 scores the Reserve, HM-071); "
                        f"give a {ctype} card 0 or leave it out")
    exhausts = row.get("exhausts", False)
    if not isinstance(exhausts, bool):
        raise DataError(f"{at}: exhausts should be true or false, got {exhausts!r}")
    kind = row.get("kind", name if effect == "performance" else "")
    if not isinstance(kind, str):
        raise DataError(f"{at}: kind should be text, got {kind!r}")
    source = row.get("source", "assumed")
    if source not in ("rulebook", "assumed", "user"):
        raise DataError(f"{at}: source should be 'rulebook', 'assumed' or 'user', got {source!r}")
    return CardDef(name, values["sites"].index(row["site"]), ctype, effect, num("copies", 1, 0, 200),
                   num("reserve_max", 1, 1, values["reserve_limit"]), exhausts, num("points_per_day", 0, 0, 100), kind,
                   num("attack", faces, 1, faces), num("defense", faces, 1, faces), num("points", 0, 0, 100),
                   source, str(row.get("note", "")), ctype != "action" and effect in AT_YOUR_TURN, effect in DUEL_RESPONSE)


# -- the assumptions table ---------------------------------------------------------------
def assumptions(data: GameData | str | None = None) -> list[Assumption]:
    """Rows (what, value, source, note) for every constant and card in force, and every reading of an ambiguity."""
    data = data if isinstance(data, GameData) else load_data(data)
    rows = [Assumption(key, _show(data.values[key]), src, f"{note} [{rule}]" if rule else note)
            for key, (src, rule, note) in data.meta.items()]
    for c in data.cards:
        rows.append(Assumption(f"card {c.name}", _card_summary(c, data), c.source, c.note))
    return rows + reading_rows(READINGS, OPTIONS)  # how the engine reads the catalogue's ambiguities


def _show(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k} players: {v}" for k, v in value.items())
    return plain(value)


def _card_summary(c: CardDef, data: GameData) -> str:
    parts = [f"{c.copies}x", data.site_names[c.site], c.type, c.effect]
    if c.type == "reserve":
        parts.append(f"max {c.reserve_max}")
    if c.effect == "weapon":
        parts.append(f"attack {c.attack} defense {c.defense}")
    if c.points_per_day:
        parts.append(f"{c.points_per_day} pt/day")
    if c.points:
        parts.append(f"points {c.points}")
    if c.exhausts:
        parts.append("turns when used")
    return ", ".join(parts)


# -- every card explained (hench.core.CardText), built once per data set -------------------------------
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


def _card_text(card: CardDef, data: GameData) -> CardText:
    what, when, rules = _effect_text(card, data)
    copies = f" {card.copies} {'copy' if card.copies == 1 else 'copies'} in the game."
    assumed = card.source == "assumed"
    return CardText(
        id=card.name, name=card.name, kind=KIND_OF_TYPE[card.type], what=f"{what} {_type_text(card, data)}{copies}",
        when=when, rules=tuple(dict.fromkeys(rules + TYPE_RULES[card.type])), assumed=assumed,
        note=(card.note or "this card is a placeholder, not the publisher's") if assumed else "")


# id(data) -> (data, its card texts, each card's hover text by name): a data set is immutable, so its texts are
# built once (the Play table's tooltips and every board read them on each click)
_TEXTS: dict[int, tuple[GameData, tuple[CardText, ...], dict[str, str]]] = {}


def _texts(data: GameData) -> tuple[GameData, tuple[CardText, ...], dict[str, str]]:
    hit = _TEXTS.get(id(data))
    if hit is None or hit[0] is not data:
        if len(_TEXTS) >= 16:  # people's own data files: keep a few
            _TEXTS.clear()
        texts = tuple(_card_text(card, data) for card in data.cards)
        hit = _TEXTS[id(data)] = (data, texts, {t.name: t.plain() for t in texts})
    return hit


def card_texts(data: GameData) -> tuple[CardText, ...]:
    """Every card kind of `data` (builtin or a person's own file), said in plain words."""
    return _texts(data)[1]


def card_hover(data: GameData) -> dict[str, str]:
    """Each card's whole explanation (`CardText.plain()`) by its name: the boards' hover texts. Do not change it."""
    return _texts(data)[2]


def cards(state: HMState) -> list[CardText]:
    """`Game(cards=...)`: every card of this state's data explained."""
    return list(card_texts(state.data))


def card_gallery() -> list[CardText]:
    """Every card of the builtin data, for the Learn page's gallery."""
    return list(card_texts(builtin()))
