"""The card gallery: every card of a game's data, explained in plain words (issue 9).

`CardGallery(game_id, state)` asks the game for its `CardText`s (`Game(cards=...)`, hench.core.cards) and
shows them as a grid: name, kind, what it does, when, its rule IDs (each with its summary on hover) and a
visible "assumed" badge with the note where the data row is a placeholder. A dropdown filters by kind, a
box keeps only the cards with assumed values. Every game's gallery is this one, so a learner who moves
from one game to the next finds the same tool. No rule logic here: the words come from the game's
render module.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as ipw

import hench

from .core import MessageArea, guarded, ink, protect, replace_children

ALL = "All kinds"
KIND_COLOURS = {  # a border per kind, so families stand apart; other kinds take the next of SPARE_COLOURS
    "Equipment": "#2f6fd6", "Raid": "#d23b3b", "Mercenary": "#2e9e4f", "Curse": "#2b2b2b", "Treasure": "#e0b100",
    "Action": "#8d6e63", "Reserve": "#6a1b9a", "Trump": "#c99a06",
}
SPARE_COLOURS = ("#2f6fd6", "#d23b3b", "#2e9e4f", "#6a1b9a", "#c97a06", "#00838f", "#8d6e63", "#ad1457", "#455a64",
                 "#558b2f", "#5e35b1", "#bf360c", "#00695c", "#6d4c41", "#283593", "#9e9d24", "#d84315", "#7b1fa2",
                 "#0277bd", "#827717", "#4e342e", "#c2185b")


def kind_colours(kinds: Sequence[str]) -> dict[str, str]:
    """A border colour for each kind: its own if it has one, else the next spare colour no other kind of the
    gallery has (then grey)."""
    own = {k: KIND_COLOURS[k] for k in kinds if k in KIND_COLOURS}
    spare = (c for c in SPARE_COLOURS if c not in own.values())
    return {k: own.get(k) or next(spare, "#777") for k in kinds}


def _rule_chip(rule_id: str) -> str:
    summary = hench.rules.get(rule_id).summary if hench.rules.exists(rule_id) else ""
    return (f"<span class='hench-rule-chip' title='{html.escape(summary)}' style='font-family:monospace;"
            f"background:#eef1f5;padding:0 5px;border-radius:6px;margin-right:3px;white-space:nowrap;display:inline-block'>"
            f"{html.escape(rule_id)}</span>")


def card_html(text: Any, colour: str | None = None) -> str:
    """One card of the gallery (a hench.core.CardText) as an HTML tile; its title is the whole explanation."""
    colour = colour or KIND_COLOURS.get(text.kind, "#777")
    badge = (f"<div class='hench-assumed' style='margin-top:4px;font-size:11px;color:#8a5a00;background:#fff4d6;"
             f"padding:2px 6px;border-radius:6px'><b>assumed</b>: {html.escape(text.note or 'a placeholder value')}</div>"
             if text.assumed else "")
    ident = f"<span style='color:#667;font-size:11px'>{html.escape(text.id)}</span> " if text.id != text.name else ""
    rules = "".join(_rule_chip(r) for r in text.rules)
    return (f"<div class='hench-card-tile' data-card='{html.escape(text.id)}' title='{html.escape(text.plain())}' "
            f"style='border:2px solid {colour};border-radius:8px;padding:6px 8px;background:#fff;font-size:12px'>"
            f"<div>{ident}<b class='hench-card-name'>{html.escape(text.name)}</b> "
            f"<span class='hench-card-kind' style='font-size:11px;color:{ink(colour)};background:{colour};padding:0 6px;"
            f"border-radius:6px'>{html.escape(text.kind)}</span></div>"
            f"<div class='hench-card-what' style='margin-top:3px'>{html.escape(text.what)}</div>"
            + (f"<div class='hench-card-when' style='margin-top:3px;color:#445'><b>When:</b> {html.escape(text.when)}</div>"
               if text.when else "")
            + (f"<div style='margin-top:3px'>{rules}</div>" if rules else "") + f"{badge}</div>")


def grid_html(texts: Sequence[Any], colours: dict[str, str] | None = None, note: str = "", height: str = "") -> str:
    """The tiles of `texts` under a line that counts them (and `note`, a game's word on its data); with
    `height` (CSS), the grid scrolls inside that height."""
    tail = f" {html.escape(note)}" if note else ""
    if not texts:
        return f"<div class='hench-card-count' style='color:#556;margin:4px 0'>No card matches: choose another kind, or untick the assumed-only box.{tail}</div>"
    assumed = sum(1 for t in texts if t.assumed)
    head = (f"<div class='hench-card-count' style='color:#556;margin:4px 0'>{len(texts)} card"
            f"{'' if len(texts) == 1 else 's'}" + (f", {assumed} with assumed values (ours, not the publisher's)" if assumed else "")
            + f".{tail}</div>")
    tiles = "".join(card_html(t, (colours or {}).get(t.kind)) for t in texts)
    scroll = f";max-height:{height};overflow-y:auto" if height else ""
    return (f"{head}<div class='hench-card-grid' style='display:grid;grid-template-columns:repeat(auto-fill,minmax(260px,1fr));"
            f"gap:6px;max-width:1100px{scroll}'{_FOCUSABLE if height else ''}>{tiles}</div>")


_FOCUSABLE = " tabindex='0' role='region' aria-label='the cards (a scrolling list)'"  # the keyboard can scroll it


class CardGallery(ipw.VBox):
    """Every card of `state`'s data (builtin or a person's own file), filtered by kind (`kind`: the one shown
    first). `note` is a game's word on its data, after the count; `height` (CSS) makes the grid scroll."""

    def __init__(self, game_id: str, state: Any = None, players: int = 3, kind: str = "", note: str = "", height: str = ""):
        self.messages = MessageArea()
        self.game = hench.get_game(game_id)
        self.state = state if state is not None else self.game.new_game(players, seed=1)
        self.texts = list(self.game.card_texts(self.state))
        kinds = list(dict.fromkeys(t.kind for t in self.texts))
        self.colours, self.note, self.height = kind_colours(kinds), note, height
        self.kind = protect(ipw.Dropdown(options=[ALL, *kinds], value=kind if kind in kinds else ALL, description="Kind",
                                         layout=ipw.Layout(width=f"{max(300, 120 + 8 * max(map(len, [ALL, *kinds])))}px")),
                            self.messages)
        self.assumed_only = ipw.Checkbox(value=False, description="only cards with assumed values", indent=False)
        self.grid = ipw.HTML()
        self.card_choice = protect(ipw.Dropdown(description="Card", layout=ipw.Layout(width="360px")), self.messages)
        self.show_button = ipw.Button(description="Show me this card in play", button_style="info",
                                      tooltip="a live table where one of your moves uses this card")
        self.show_button.add_class("hench-card-show-me")
        self.show_button.on_click(lambda _: self.show_me())
        self.stage = ipw.VBox()
        self.kind.observe(lambda _: self.refresh(), "value")
        self.assumed_only.observe(lambda _: self.refresh(), "value")
        show_row = ipw.HBox([self.card_choice, self.show_button])
        super().__init__([ipw.HBox([self.kind, self.assumed_only]), self.messages, show_row, self.stage, self.grid])
        self.add_class("hench-gallery")
        self.refresh()

    def shown(self) -> list[Any]:
        """The CardTexts the filters let through."""
        return [t for t in self.texts if (self.kind.value == ALL or t.kind == self.kind.value)
                and (t.assumed or not self.assumed_only.value)]

    def showable(self) -> list[Any]:
        """The shown cards that have a live example (hench.core.showme)."""
        from hench.core.showme import cards_shown

        have = set(cards_shown(self.game.id))
        return [t for t in self.shown() if t.id in have]

    @guarded()
    def refresh(self) -> None:
        self.messages.clear()
        self.grid.value = grid_html(self.shown(), self.colours, self.note, self.height)
        self.card_choice.options = [(f"{t.name} ({t.kind})", t.id) for t in self.showable()]

    @guarded()
    def show_me(self, card_id: str | None = None) -> None:
        """Open a live table where a move of the learner's seat uses the card (the chosen one by default)."""
        from hench.core.showme import show_card

        from .showme import ShowMeView

        card = card_id or self.card_choice.value
        if not card:
            raise hench.HenchError("choose a card first")
        replace_children(self.stage, [ShowMeView(show_card(self.game.id, card))])


__all__ = ["CardGallery", "card_html", "grid_html", "kind_colours"]
