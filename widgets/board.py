"""A board picture the learner can click: any element with data-action="<move text>" sends that move.

The move comes back as text and goes through the game's own parser and legality checks, so a
crafted click is refused with the rule's explanation like any other bad input.
"""

from __future__ import annotations

from collections.abc import Callable

import anywidget
import traitlets

_ESM = """
const STYLE = `.hench-board [data-action]{cursor:pointer;transition:box-shadow .1s}
.hench-board [data-action]:hover{box-shadow:0 0 0 3px #1d4f91aa;border-radius:6px}`;
export default {
  render({ model, el }) {
    el.classList.add("hench-board");
    const style = document.createElement("style");
    style.textContent = STYLE;
    const body = document.createElement("div");
    el.append(style, body);
    const draw = () => { body.innerHTML = model.get("html"); };
    draw();
    model.on("change:html", draw);
    body.addEventListener("click", (event) => {
      const target = event.target.closest("[data-action]");
      if (target && body.contains(target)) model.send({ action: target.dataset.action });
    });
  },
};
"""


class ClickableBoard(anywidget.AnyWidget):
    """HTML whose [data-action] elements are clickable moves. `on_action(callback)` hears them."""

    _esm = _ESM
    html = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._callbacks: list[Callable[[str], None]] = []
        self.on_msg(self._handle)

    def on_action(self, callback: Callable[[str], None]) -> None:
        self._callbacks.append(callback)

    def _handle(self, _widget, content, _buffers) -> None:
        action = content.get("action") if isinstance(content, dict) else None
        if isinstance(action, str) and len(action) <= 200:  # anything else is not a move
            for callback in self._callbacks:
                callback(action)

    def click(self, action: str) -> None:
        """What a click in the browser does (for tests and scripts)."""
        self._handle(self, {"action": action}, [])
