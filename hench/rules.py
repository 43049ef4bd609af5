"""The rules index: every catalogue rule of every game, searchable.

>>> from hench import rules
>>> rules.get("HM-020").game
'henchmania'
>>> any(r.id == "HM-020" for r in rules.search("spots per site"))
True
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from .core.errors import HenchError

GAME_PACKAGES = ("henchmania", "huns", "hemloch", "maniacal", "lancaster")
PREFIXES = {"HM": "henchmania", "HU": "huns", "HL": "hemloch", "MA": "maniacal", "LH": "lancaster", "LB": "lancaster"}


@dataclass(frozen=True)
class Rule:
    id: str
    game: str
    tag: str  # engine | data | table-talk
    heading: str
    section: str
    summary: str

    def __str__(self) -> str:
        return f"{self.id} [{self.tag}] {self.summary} ({self.section})"


class UnknownRuleError(HenchError, LookupError):
    """A rule ID that no catalogue has."""


@cache
def for_game(game: str) -> list[Rule]:
    """Every rule of one game, in catalogue order."""
    if game not in GAME_PACKAGES:
        raise UnknownRuleError(f"no rules for {game!r}; the games are {list(GAME_PACKAGES)}")
    text = resources.files("hench").joinpath(game, "rules.toml").read_text(encoding="utf-8")
    return [Rule(game=game, **row) for row in tomllib.loads(text)["rule"]]


def all_rules() -> list[Rule]:
    return [r for g in GAME_PACKAGES for r in for_game(g)]


@cache
def _by_id() -> dict[str, Rule]:
    return {r.id: r for r in all_rules()}


def get(rule_id: str) -> Rule:
    try:
        return _by_id()[rule_id.strip().upper()]
    except (KeyError, AttributeError):
        raise UnknownRuleError(f"no rule {rule_id!r} in any catalogue") from None


def exists(rule_id: str) -> bool:
    return isinstance(rule_id, str) and rule_id.strip().upper() in _by_id()


# the ids the games give their readings and assumptions: A7, AMB-05, M6, M-15 (never a catalogue rule's XX-000)
ASSUMPTION_ID = re.compile(r"\b(?:AMB-\d{1,3}|A\d{1,3}|M-?\d{1,3})\b")
ASSUMPTION = "assumption"  # the tag of a reading or assumption in search results


@cache
def assumptions_of(game: str) -> list[Rule]:
    """Every reading and assumption ID a game shows (its `READINGS`, and the IDs its `assumptions()` rows cite),
    each as a search entry (tag "assumption") with its text, so an ID seen on screen can be looked up."""
    from importlib import import_module

    package = import_module(f"hench.{game}")
    found: dict[str, Rule] = {}
    for reading in getattr(package, "READINGS", ()):
        option = f" (a new-game option changes it: {reading.option.replace('_', ' ')})" if reading.option else ""
        found[reading.id] = Rule(reading.id, game, ASSUMPTION, "How the engine reads the rulebook", "Readings",
                                 f"{reading.text}{option}.")
    for row in package.assumptions() if hasattr(package, "assumptions") else ():
        note = str(getattr(row, "note", ""))
        for ident in dict.fromkeys(ASSUMPTION_ID.findall(note)):
            if ident not in found:
                what = str(getattr(row, "what", "")).replace("_", " ")
                found[ident] = Rule(ident, game, ASSUMPTION, "A value the rulebook does not give", "Assumptions",
                                    f"{what}: {getattr(row, 'value', '')} ({getattr(row, 'source', '')}). {note}")
    return sorted(found.values(), key=lambda r: (r.id[0], len(r.id), r.id))


def search(text: str, game: str | None = None, tag: str | None = None, limit: int | None = None) -> list[Rule]:
    """Rules matching every word of `text` (or a rule ID, or a reading or assumption ID such as A7), best first.

    Words match the start of words in the summary, heading or section, case-insensitively. The games' readings
    and assumptions (tag "assumption", see `assumptions_of`) are found by their ID, and by their words within one
    game (the Learn pages' search), after the catalogue rules.
    """
    pool = for_game(game) if game else all_rules()
    if tag:
        pool = [r for r in pool if r.tag == tag]
    query = (text or "").strip()
    if not query:
        return pool[:limit] if limit else pool
    if re.fullmatch(r"[A-Za-z]{2}-\d{1,3}", query) and query.upper()[:2] in PREFIXES:
        prefix, number = query.upper().split("-")
        return [r for r in pool if r.id == f"{prefix}-{int(number):03d}"]
    exact: list[Rule] = []
    id_like = re.fullmatch(r"[\w/-]+", query) and (game or any(c.isdigit() for c in query))
    if id_like and tag in (None, ASSUMPTION):  # a reading's ID: A7, M-15, AMB-05 (and, in one game, majority)
        exact = [r for g in ([game] if game else GAME_PACKAGES) for r in assumptions_of(g) if r.id.upper() == query.upper()]
        if exact and any(c.isdigit() for c in query):
            return exact[:limit] if limit else exact
    if tag in (None, ASSUMPTION) and game:  # one game's readings by their words too (all games': by ID, above)
        pool = [*pool, *assumptions_of(game)]
    words = [w for w in re.findall(r"[\w']+", query.lower())]
    scored = []
    for rule in pool:
        score = _score(rule, words)
        if score:
            scored.append((-score, rule.id, rule))
    found = [*exact, *(r for *_, r in sorted(scored, key=lambda t: t[:2]) if r not in exact)]
    return found[:limit] if limit else found


def _score(rule: Rule, words: list[str]) -> int:
    summary, context = rule.summary.lower(), f"{rule.heading} {rule.section}".lower()
    total = 0
    for w in words:
        pattern = re.compile(r"\b" + re.escape(w))
        in_summary, in_context = len(pattern.findall(summary)), bool(pattern.search(context))
        if not (in_summary or in_context):
            return 0
        total += 2 * in_summary + 3 * in_context + (1 if rule.tag == "engine" else 0)
    return total
