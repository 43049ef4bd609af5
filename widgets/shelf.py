"""The shelf: the five games as cards, with links to their apps, and one rules search over all."""

from __future__ import annotations

import html
from pathlib import Path

import ipywidgets as ipw

import hench

from .core import RulesPanel, ink

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def card_html(entry: hench.shelf.ShelfEntry, notebooks_dir: Path = NOTEBOOKS) -> str:
    links = [(label, path) for label, path in entry.notebooks if (notebooks_dir / path).exists()]
    if links:
        buttons = "".join(f"<a class='hench-open' href='{html.escape(path)}' style='background:{entry.color};color:{ink(entry.color)};"
                          f"padding:5px 12px;border-radius:6px;text-decoration:none;margin-right:6px;font-weight:600'>{label}</a>"
                          for label, path in links)
        status = buttons
    else:
        status = ("<span class='hench-coming' style='color:#556;background:#eef1f5;padding:4px 10px;border-radius:6px;"
                  "font-weight:600'>Coming soon</span> <span style='color:#667;font-size:12px'>its rules are searchable below</span>")
    learn = "".join(f"<li>{html.escape(item)}</li>" for item in entry.learn)
    n_rules = len(hench.rules.for_game(entry.id))
    length = hench.shelf.measured_length(entry.id)
    measured = f" &middot; measured: {html.escape(length)}" if length else ""
    return f"""
<div class='hench-card' data-game='{entry.id}' style='border:1px solid #dde2ea;border-top:6px solid {entry.color};border-radius:10px;
     padding:14px 16px;background:white;box-shadow:0 1px 3px rgba(0,0,0,.06);display:flex;flex-direction:column;gap:6px'>
  <div style='display:flex;align-items:center;gap:10px'>
    <span style='background:{entry.color};color:{ink(entry.color)};border-radius:50%;width:38px;height:38px;min-width:38px;display:inline-flex;
          align-items:center;justify-content:center;font-weight:700;font-size:14px'>{entry.monogram}</span>
    <span style='font-size:19px;font-weight:700;color:#222;line-height:1.2'>{html.escape(entry.title)}</span></div>
  <div style='color:#667;font-size:13px'>{html.escape(entry.publisher)} &middot; {html.escape(entry.players)} players &middot; {html.escape(entry.length)}</div>
  <div style='color:#333'>{html.escape(entry.blurb)}</div>
  <div style='color:#445;font-size:13px'><b>You will learn</b><ul style='margin:4px 0 0 18px;padding:0'>{learn}</ul></div>
  <div style='color:#667;font-size:12px'>{n_rules} catalogued rules{measured}</div>
  <div style='margin-top:auto;padding-top:6px'>{status}</div>
</div>"""


def shelf_html(notebooks_dir: Path = NOTEBOOKS) -> str:
    cards = "".join(card_html(e, notebooks_dir) for e in hench.shelf.entries())
    return (f"<div class='hench-shelf' style='display:grid;grid-template-columns:repeat(auto-fill,minmax(290px,1fr));"
            f"gap:16px;margin:8px 0 16px'>{cards}</div>")


class ShelfView(ipw.VBox):
    """The landing page: every game of the kit and a search over all their rules."""

    def __init__(self, notebooks_dir: Path = NOTEBOOKS):
        self.cards = ipw.HTML(shelf_html(notebooks_dir))
        self.rules = RulesPanel(limit=10)
        header = ipw.HTML("<h3 style='margin:18px 0 4px'>Look up a rule</h3><div style='color:#667'>"
                          "Every rule of the five games, in our own words, with its ID. Try <i>duel</i>, <i>wagon</i> or <i>HU-030</i>.</div>")
        super().__init__([self.cards, header, self.rules])
        self.add_class("hench-shelf-view")
