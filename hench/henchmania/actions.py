"""Henchmania actions: small hashable tuples that print readably and parse back.

Seats print as ``P0``, ``P1``, ... (the seat index). The forms are::

    place Tavern                  place Church with Porter        (phase 1, HM-016, HM-098)
    take extra Castle             skip extra Castle               (domination card, HM-022)
    play Holy Water               play Glove on P1                play Drunkard on P2 Castle
    play Traitor on P1 Armory     play Thief on P1 Jester         play Prayer replacing Jester
    use Bishop                    use Trick on P1 Tavern          use Belladonna Root on P2
    use Old Lady on P1 Bishop     pass
    play Guard                    no Guard                        (duel, HM-102)
    fight with Axe                fight bare-handed               (duel, HM-054..056)
    roll 6 4 1                    (a chance node: the dice, any order; HM-057, HM-060)
    use Apothecary                no Apothecary                   use Courtesan    no Courtesan
    keep Jester                   keep nothing                    (Nosy Parker, HM-101)
    discard Glove                 (understood, never legal: HM-095)
"""

from __future__ import annotations

import re
from typing import NamedTuple

from hench.core.errors import InvalidActionError


class Action(NamedTuple):
    """kind: place porter extra skip play use pass guard noguard weapon roll apothecary
    noapothecary courtesan nocourtesan keep. `card` a card name, `seat` a target seat,
    `arg` a site or card name, `replace` the Reserve card dropped, `dice` the faces rolled."""

    kind: str
    card: str | None = None
    seat: int | None = None
    arg: str | None = None
    replace: str | None = None
    dice: tuple[int, ...] | None = None

    def __str__(self) -> str:
        return format_action(self)

    def __repr__(self) -> str:
        return f"<{format_action(self)}>"


_SIMPLE = {"pass": "pass", "noguard": "no Guard", "apothecary": "use Apothecary", "noapothecary": "no Apothecary",
           "courtesan": "use Courtesan", "nocourtesan": "no Courtesan"}


def format_action(a: Action) -> str:
    k = a.kind
    if k in _SIMPLE:
        return _SIMPLE[k]
    if k == "place":
        return f"place {a.arg}"
    if k == "porter":
        return f"place {a.arg} with Porter"
    if k in ("extra", "skip"):
        return f"{'take' if k == 'extra' else 'skip'} extra {a.arg}"
    if k == "guard":
        return "play Guard"
    if k == "weapon":
        return f"fight with {a.card}" if a.card else "fight bare-handed"
    if k == "roll":
        return "roll " + " ".join(map(str, a.dice or ()))
    if k == "discard":
        return f"discard {a.card}"
    if k == "keep":
        return f"keep {a.card}" if a.card else "keep nothing"
    text = f"{k} {a.card}"
    if a.seat is not None:
        text += f" on P{a.seat}"
        if a.arg:
            text += f" {a.arg}"
    if a.replace:
        text += f" replacing {a.replace}"
    return text


# A15: translation variants of card names in the rulebook text
ALIASES = {"gauntlet": "glove", "demonstration": "performance"}
_PLAY = re.compile(r"(play|use) (.+?)(?: on p(\d+)(?: (.+?))?)?(?: replacing (.+))?")


def parse_action(text: str, sites: tuple[str, ...], cards: list[str]) -> Action:
    """The Action written as `text`. Names are matched case-insensitively against the data."""
    if not isinstance(text, str):
        raise InvalidActionError(f"an action is written as text, got {text!r}")
    t = " ".join(ALIASES.get(w, w) for w in text.lower().split())
    for kind, word in _SIMPLE.items():
        if t == word.lower():
            return Action(kind)
    site_of, card_of = {s.lower(): s for s in sites}, {c.lower(): c for c in cards}
    action = _parse_fixed(t, site_of, card_of) or _parse_play(t, site_of, card_of)
    if action is None:
        raise InvalidActionError(f"{text!r} is not a Henchmania action; write e.g. 'place Tavern', 'play Glove on P1', "
                                 "'fight bare-handed', 'roll 6 4 1' or 'pass'")
    return action


def _name(word: str, table: dict[str, str], what: str) -> str:
    if word not in table:
        raise InvalidActionError(f"there is no {what} called {word!r}; the {what}s are {sorted(table.values())}")
    return table[word]


def _parse_fixed(t: str, site_of: dict[str, str], card_of: dict[str, str]) -> Action | None:
    if t.startswith("place "):
        rest = t[6:]
        if rest.endswith(" with porter"):
            return Action("porter", arg=_name(rest[:-12], site_of, "site"))
        return Action("place", arg=_name(rest, site_of, "site"))
    for word, kind in (("take extra ", "extra"), ("skip extra ", "skip")):
        if t.startswith(word):
            return Action(kind, arg=_name(t[len(word):], site_of, "site"))
    if t == "play guard":
        return Action("guard")
    if t == "fight bare-handed":
        return Action("weapon")
    if t.startswith("fight with "):
        return Action("weapon", card=_name(t[11:], card_of, "card"))
    if t.startswith("discard "):  # never legal (HM-095), but understood so the rule can be named
        return Action("discard", card=_name(t[8:], card_of, "card"))
    if t == "keep nothing":
        return Action("keep")
    if t.startswith("keep "):
        return Action("keep", card=_name(t[5:], card_of, "card"))
    if t.startswith("roll"):
        return _parse_roll(t)
    return None


def _parse_roll(t: str) -> Action:
    faces = t[4:].replace(",", " ").split()
    if not faces or not all(f.isdigit() for f in faces):
        raise InvalidActionError(f"{t!r}: write the dice as numbers, e.g. 'roll 6 4 1'")
    return Action("roll", dice=tuple(sorted((int(f) for f in faces), reverse=True)))


def _parse_play(t: str, site_of: dict[str, str], card_of: dict[str, str]) -> Action | None:
    m = _PLAY.fullmatch(t)
    if not m:
        return None
    verb, card, seat, arg, replace = m.groups()
    card = _name(card, card_of, "card")
    if arg is not None:
        arg = site_of.get(arg) or _name(arg, card_of, "site or card")
    return Action(verb, card=card, seat=None if seat is None else int(seat), arg=arg,
                  replace=None if replace is None else _name(replace, card_of, "card"))
