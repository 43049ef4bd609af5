"""A board picture the learner can click: any element with data-action="<move text>" sends that move.

The move comes back as text and goes through the game's own parser and legality checks, so a
crafted click is refused with the rule's explanation like any other bad input. A click also names the
version of the board it was made on (the table gives the board the version of its row of move buttons),
so a click on a board already replaced (a double click, a stale tab) plays nothing.
"""

from __future__ import annotations

from collections.abc import Callable

import anywidget
import traitlets

_ESM = """
const STYLE = `.hench-board [data-action]{cursor:pointer;transition:box-shadow .1s}
.hench-board [data-action]:hover{box-shadow:0 0 0 3px #1d4f91aa;border-radius:6px}
.hench-board [data-action]:focus-visible{outline:3px solid #1d4f91;outline-offset:2px}`;
// Every clickable site is a button for the keyboard and a screen reader: Tab reaches it, Enter or Space plays it,
// and it is named (its own label or text, else its hover text, else the move it sends).
const asButtons = (body) => body.querySelectorAll("[data-action]").forEach((site) => {
  if (site.tagName !== "BUTTON") { site.setAttribute("role", "button"); site.tabIndex = 0; }
  if (!site.hasAttribute("aria-label") && !site.textContent.trim()) site.setAttribute("aria-label", site.getAttribute("title") || site.dataset.action);
});
export default {
  render({ model, el }) {
    el.classList.add("hench-board");
    const style = document.createElement("style");
    style.textContent = STYLE;
    const body = document.createElement("div");
    el.append(style, body);
    let shown = model.get("version"), drawn = null;  // the version of the board on the page, and its html
    const draw = () => {  // once per message: html and version come together, each with its own event
      const html = model.get("html");
      shown = model.get("version");
      if (html !== drawn) { body.innerHTML = html; drawn = html; asButtons(body); }
    };
    draw();
    model.on("change:html", draw);
    model.on("change:version", draw);
    const play = (event) => {
      const target = event.target.closest("[data-action]");
      if (target && body.contains(target)) model.send({ action: target.dataset.action, version: shown });
    };
    body.addEventListener("click", play);
    body.addEventListener("keydown", (event) => {
      if ((event.key === "Enter" || event.key === " ") && event.target.matches("[data-action]") && event.target.tagName !== "BUTTON") {
        event.preventDefault();
        play(event);
      }
    });
  },
};
"""


class ClickableBoard(anywidget.AnyWidget):
    """HTML whose [data-action] elements are clickable moves. `on_action(callback)` hears them.

    `show(html, version)` draws a board and names its version; a click counts only if it was made on the
    board of the current version (a second click of a double click, sent before the page got the board
    after the move, names the old one)."""

    _esm = _ESM
    html = traitlets.Unicode("").tag(sync=True)
    version = traitlets.Int(0).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._callbacks: list[Callable[[str], None]] = []
        self.on_msg(self._handle)

    def show(self, html: str, version: int) -> None:
        """Draw `html` as the board of `version` (one message to the page)."""
        with self.hold_sync():
            self.html, self.version = html, version

    def set_state(self, sync_data: dict) -> None:
        """The page never changes the board or its version (it only sends clicks): a crafted update is ignored,
        and the page is put back in step."""
        self.send_state()

    def on_action(self, callback: Callable[[str], None]) -> None:
        self._callbacks.append(callback)

    def _handle(self, _widget, content, _buffers) -> None:
        if not isinstance(content, dict):
            return
        action, version = content.get("action"), content.get("version")
        if not isinstance(action, str) or len(action) > 200 or type(version) is not int:  # not a move (bool is not an int here)
            return
        if version != self.version:  # a click on a board already replaced
            return
        for callback in self._callbacks:
            callback(action)

    def click(self, action: str) -> None:
        """What a click in the browser does (for tests and scripts): on the board shown now."""
        self._handle(self, {"action": action, "version": self.version}, [])


_MOVES_ESM = """
export default {
  render({ model, el }) {
    el.classList.add("hench-moves");
    el.style.display = "flex";
    el.style.flexFlow = "row wrap";
    const draw = () => {
      const version = model.get("version");
      el.replaceChildren(...model.get("buttons").map(([label, tip], index) => {
        const b = document.createElement("button");
        b.className = "jupyter-widgets jupyter-button widget-button hench-move";
        b.type = "button";
        b.style.width = "auto";
        b.style.margin = "2px";
        b.textContent = label;
        b.title = tip;
        b.addEventListener("click", () => model.send({ pick: index, version }));
        return b;
      }));
    };
    draw();
    model.on("change:version", draw);  // a new list, even one whose labels are the same as the last
  },
};
"""


class MoveButtons(anywidget.AnyWidget):
    """The moves open now, one button each, as a single widget the page draws.

    A button per move as ipywidgets would make it is three models (button, layout, style), and every move
    replaced them all: a table with 31 moves open sent 93 models to the page before its first control
    was drawn. Here the page gets one list of (label, tooltip) pairs; the moves themselves stay in the
    kernel. A click names its button's place in the list and the list's version, so a click on a list
    already replaced (a double click, a stale tab) plays nothing."""

    _esm = _MOVES_ESM
    buttons = traitlets.List(trait=traitlets.List(traitlets.Unicode())).tag(sync=True)
    version = traitlets.Int(0).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._moves: list = []
        self._callbacks: list[Callable[[object], None]] = []
        self.on_msg(self._handle)

    def show(self, moves: list[tuple[str, str, object]], renew: bool = False) -> None:
        """Offer these moves: (label, tooltip, move) each. The same moves again change nothing, so a click
        on them still counts, unless `renew` (the position changed: a click sent before, on the same moves
        of the last position, is a double click and must not play again)."""
        buttons, offered = [[label, tip] for label, tip, _ in moves], [move for _, _, move in moves]
        if not renew and buttons == self.buttons and offered == self._moves:
            return
        self._moves = offered
        with self.hold_sync():
            self.version += 1
            self.buttons = buttons

    def set_state(self, sync_data: dict) -> None:
        """The page never changes the list or its version (it only sends clicks): a crafted update is ignored,
        and the page is put back in step."""
        self.send_state()

    def on_pick(self, callback: Callable[[object], None]) -> None:
        self._callbacks.append(callback)

    @property
    def labels(self) -> list[str]:
        return [label for label, _ in self.buttons]

    @property
    def tooltips(self) -> dict[str, str]:
        return {label: tip for label, tip in self.buttons}

    def click(self, which: int | str) -> None:
        """What a click on a button does (for tests and scripts): by its place in the row, or its label."""
        index = which if isinstance(which, int) else self.labels.index(which)
        self._handle(self, {"pick": index, "version": self.version}, [])

    def _handle(self, _widget, content, _buffers) -> None:
        if not isinstance(content, dict):
            return
        index, version = content.get("pick"), content.get("version")
        if type(index) is not int or type(version) is not int:  # anything else is not a click (bool is not an int here)
            return
        if version != self.version or not 0 <= index < len(self._moves):  # a list already replaced, or no such button
            return
        for callback in self._callbacks:
            callback(self._moves[index])
