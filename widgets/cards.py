"""The card gallery: every card of a game's data, explained in plain words (issue 9).

`CardGallery(game_id, state)` asks the game for its `CardText`s (`Game(cards=...)`, hench.core.cards) and
shows them as a grid: name, kind, what it does, when, its rule IDs (each with its summary on hover) and a
visible "assumed" badge with the note where the data row is a placeholder. A dropdown filters by kind.
No rule logic here: the words come from the game's render module.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as ipw

import hench

from .core import MessageArea, guarded, protect

ALL = "All kinds"
KIND_COLOURS = {  # a border per kind, so families stand apart; unknown kinds get grey
    "Equipment": "#2f6fd6", "Raid": "#d23b3b", "Mercenary": "#2e9e4f", "Curse": "#2b2b2b", "Treasure": "#e0b100",
    "Action": "#8d6e63", "Reserve": "#6a1b9a", "Trump": "#c99a06",
}


def _rule_chip(rule_id: str) -> str:
    summary = hench.rules.get(rule_id).summary if hench.rules.exists(rule_id) else ""
    return (f"<span class='hench-rule-chip' title='{html.escape(summary)}' style='font-family:monospace;"
            f"background:#eef1f5;padding:0 5px;border-radius:6px;margin-right:3px'>{html.escape(rule_id)}</span>")


def card_html(text: Any) -> str:
    """One card of the gallery (a hench.core.CardText) as an HTML tile; its title is the whole explanation."""
    colour = KIND_COLOURS.get(text.kind, "#777")
    badge = (f"<div class='hench-assumed' style='margin-top:4px;font-size:11px;color:#8a5a00;background:#fff4d6;"
             f"padding:2px 6px;border-radius:6px'><b>assumed</b>: {html.escape(text.note or 'a placeholder value')}</div>"
             if text.assumed else "")
    ident = f"<span style='color:#888;font-size:11px'>{html.escape(text.id)}</span> " if text.id != text.name else ""
    rules = "".join(_rule_chip(r) for r in text.rules)
    return (f"<div class='hench-card-tile' data-card='{html.escape(text.id)}' title='{html.escape(text.plain())}' "
            f"style='border:2px solid {colour};border-radius:8px;padding:6px 8px;background:#fff;font-size:12px'>"
            f"<div>{ident}<b class='hench-card-name'>{html.escape(text.name)}</b> "
            f"<span class='hench-card-kind' style='font-size:11px;color:#fff;background:{colour};padding:0 6px;"
            f"border-radius:6px'>{html.escape(text.kind)}</span></div>"
            f"<div class='hench-card-what' style='margin-top:3px'>{html.escape(text.what)}</div>"
            + (f"<div class='hench-card-when' style='margin-top:3px;color:#445'><b>When:</b> {html.escape(text.when)}</div>"
               if text.when else "")
            + (f"<div style='margin-top:3px'>{rules}</div>" if rules else "") + f"{badge}</div>")


def grid_html(texts: Sequence[Any]) -> str:
    if not texts:
        return "<div class='hench-card-grid'><i>No card of this kind.</i></div>"
    assumed = sum(1 for t in texts if t.assumed)
    head = (f"<div class='hench-card-count' style='color:#556;margin:4px 0'>{len(texts)} card"
            f"{'' if len(texts) == 1 else 's'}" + (f", {assumed} with assumed values (ours, not the publisher's)" if assumed else "")
            + "</div>")
    tiles = "".join(card_html(t) for t in texts)
    return (f"{head}<div class='hench-card-grid' style='display:grid;grid-template-columns:repeat(auto-fill,minmax(260px,1fr));"
            f"gap:6px;max-width:1100px'>{tiles}</div>")


class CardGallery(ipw.VBox):
    """Every card of `state`'s data (builtin or a person's own file), filtered by kind."""

    def __init__(self, game_id: str, state: Any = None, players: int = 3):
        self.messages = MessageArea()
        self.game = hench.get_game(game_id)
        self.state = state if state is not None else self.game.new_game(players, seed=1)
        self.texts = list(self.game.card_texts(self.state))
        kinds = list(dict.fromkeys(t.kind for t in self.texts))
        self.kind = protect(ipw.Dropdown(options=[ALL, *kinds], value=ALL, description="Kind"), self.messages)
        self.assumed_only = ipw.Checkbox(value=False, description="only cards with assumed values", indent=False)
        self.grid = ipw.HTML()
        self.kind.observe(lambda _: self.refresh(), "value")
        self.assumed_only.observe(lambda _: self.refresh(), "value")
        super().__init__([ipw.HBox([self.kind, self.assumed_only]), self.messages, self.grid])
        self.add_class("hench-gallery")
        self.refresh()

    def shown(self) -> list[Any]:
        """The CardTexts the filters let through."""
        return [t for t in self.texts if (self.kind.value == ALL or t.kind == self.kind.value)
                and (t.assumed or not self.assumed_only.value)]

    @guarded()
    def refresh(self) -> None:
        self.messages.clear()
        self.grid.value = grid_html(self.shown())


__all__ = ["CardGallery", "card_html", "grid_html"]
