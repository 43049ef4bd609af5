"""A "show me" table (issue 29): a live position where a rule happens, or a card can be played, with one sentence
of what to do above it and, below, the rules each move cited. Thin: the position, the move and the sentence come
from `hench.core.showme`; the table is the Play app's `GameView`.
"""

from __future__ import annotations

import html
from importlib import import_module
from typing import Any

import ipywidgets as ipw

from hench.core.showme import ShowMe


def table_config(game_id: str) -> Any:
    """The game's `TableConfig` (each game's view module declares one, `CONFIG`)."""
    return import_module(f"widgets.{game_id}").CONFIG


class ShowMeView(ipw.VBox):
    """The sentence, the live table at the position (the learner plays the seat that makes the move), and the
    rules each move since cited, the shown one marked."""

    def __init__(self, show: ShowMe):
        from .play import GameView

        self.show = show
        title = f"Show me {show.key}" if show.how != "card" or show.key not in _card_ids(show) else f"Show me: {_card_name(show)}"
        self.sentence = ipw.HTML(
            f"<div class='hench-show-me-sentence' style='margin:6px 0;padding:6px 10px;background:#eef6ee;"
            f"border-left:4px solid #2e7d32'><b>{html.escape(title)}.</b> {html.escape(show.sentence())}"
            f"<div style='color:#667;font-size:11px'>Position: {html.escape(show.made)}.</div></div>")
        self.table = GameView(table_config(show.game_id), start=show.state, human_seats=(show.seat,), chart=False, seed=1)
        self.rule_log = ipw.HTML()
        self.rule_log.add_class("hench-show-me-log")
        self.table.observe_moves(self.refresh)
        super().__init__([self.sentence, self.table, self.rule_log])
        self.add_class("hench-show-me")
        self.refresh()

    def refresh(self) -> None:
        """The moves made since the position, each with its narration lines and the rule IDs they cite."""
        rows = []
        for step in self.table.session.steps:
            lines = "".join(
                f"<div style='margin-left:14px'>{html.escape(line.text)} "
                + " ".join(_chip(rule, rule == self.show.key) for rule in line.rules) + "</div>"
                for line in step.narration(self.show.seat))
            rows.append(f"<div class='hench-show-me-step'><b>{html.escape(step.who)}</b> {html.escape(step.text)}{lines}</div>")
        body = "".join(rows) or "<i style='color:#889'>Make the move above: what it does, and the rules it follows, show here.</i>"
        self.rule_log.value = f"<div style='font-size:12px;margin-top:6px'><b>What happened, rule by rule</b>{body}</div>"


def _chip(rule: str, shown: bool) -> str:
    style = "background:#2e7d32;color:#fff" if shown else "background:#eef1f5"
    return (f"<span class='hench-rule-chip{' hench-rule-shown' if shown else ''}' style='font-family:monospace;{style};"
            f"padding:0 5px;border-radius:6px'>{html.escape(rule)}</span>")


def _card_ids(show: ShowMe) -> set[str]:
    return set(show.game.card_index(show.state))


def _card_name(show: ShowMe) -> str:
    card = show.game.card_index(show.state).get(show.key)
    return card.name if card is not None else show.key


__all__ = ["ShowMeView", "table_config"]
