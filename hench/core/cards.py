"""Every card explained in plain words: the record a game's render module returns for each card.

A game declares `Game(cards=...)`: a function from a state to the `CardText` of every card its data
holds (builtin or a person's own file). The apps use it for hover text, the card gallery and the
"assumed" badges; nothing here decides a rule.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CardText:
    """One card, said the way a player tells a friend at the table."""

    id: str                     # the id the moves use ("CU-09", "glove")
    name: str                   # the printed name ("Lame Horse")
    kind: str                   # the family a player sorts by ("Curse", "Weapon", "Room")
    what: str                   # what it does, in plain words, with its numbers
    when: str = ""              # when it can be used or when it acts ("on your turn, before rolling")
    rules: tuple[str, ...] = ()  # the rule IDs that govern it
    assumed: bool = False       # a value on it is a placeholder (the data row says source = "assumed")
    note: str = ""              # for an assumed card: which value is assumed and why

    def plain(self) -> str:
        """One paragraph for hover text: name, what, when, rules, and the assumption said plainly."""
        parts = [f"{self.name} ({self.kind})", self.what]
        if self.when:
            parts.append(f"When: {self.when}")
        if self.rules:
            parts.append("Rules: " + ", ".join(self.rules))
        if self.assumed:
            parts.append("Assumed: " + (self.note or "a value on this card is a placeholder, not the publisher's"))
        return " · ".join(p for p in parts if p)
