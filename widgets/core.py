"""Small shared views over hench. No rule logic here: read a widget, call hench, show, refresh.

Our code imports ipywidgets as `ipw` so it cannot be confused with this `widgets` package.
"""

from __future__ import annotations

import functools
import html
import logging
import os
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as ipw
import traitlets
from traitlets import TraitError

from hench import HenchError
from hench.core.montecarlo import Estimate

log = logging.getLogger("hench.widgets")

_STYLE = {
    "info": ("#1d4f91", "#e8f0fb"),
    "ok": ("#1e6b35", "#e6f4ea"),
    "error": ("#8a1c1c", "#fdecea"),
}


class MessageArea(ipw.HTML):
    """One line that tells the visitor what happened: a rule broken, a bad value, a result."""

    kind = ""  # "", "info", "ok" or "error": what the line says now (tests read it)
    text = ""

    def show(self, text: str, kind: str = "info") -> None:
        fg, bg = _STYLE.get(kind, _STYLE["info"])
        self.value = (f"<div class='hench-msg hench-msg-{kind}' style='color:{fg};background:{bg};"
                      f"padding:6px 10px;border-radius:6px;border-left:4px solid {fg}'>{html.escape(text)}</div>")
        self.kind, self.text = kind, text

    def clear(self) -> None:
        self.value, self.kind, self.text = "", "", ""


def _luminance(colour: str) -> float:
    """WCAG's relative luminance of a '#rgb' or '#rrggbb' colour."""
    hexes = colour.lstrip("#")
    hexes = "".join(c * 2 for c in hexes) if len(hexes) == 3 else hexes
    channels = [int(hexes[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    r, g, b = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ink(background: str) -> str:
    """The text colour to write on `background`: white, or black where white would be hard to read (WCAG AA
    asks 4.5:1 for text), so a coloured chip keeps its colour and stays readable."""
    return "#fff" if (1.05 / (_luminance(background) + 0.05)) >= 4.5 else "#000"


def friendly(exc: BaseException) -> str:
    """A short message for a visitor: the rule's own explanation, or a plain apology."""
    if isinstance(exc, HenchError):
        return _without_python_text(exc)
    if isinstance(exc, (TraitError, ValueError, TypeError)):
        return "That was not accepted; nothing was changed."  # never the exception's own text
    return "Something went wrong on our side; the game is unchanged. (The details are in the log.)"


def _without_python_text(exc: HenchError) -> str:
    """A rule error's text, minus the text of a Python error it was raised from (a JSON decoder's
    "Expecting value: line 1 column 1", an int() parse): that stays in the server log."""
    text = str(exc)
    inner = exc.__cause__ or exc.__context__
    if inner is not None and not isinstance(inner, HenchError):
        said = str(inner)
        if said and said in text:
            text = text.replace(said, "details in the server log")
    return text


def guarded(messages_attr: str = "messages") -> Callable:
    """Decorator for a view's handlers: errors become a message, never a traceback.

    Rule errors (HenchError) are expected and shown as they are; anything else is logged too.
    """

    def wrap(handler: Callable) -> Callable:
        @functools.wraps(handler)
        def run(self, *args: Any, **kwargs: Any) -> Any:
            try:
                return handler(self, *args, **kwargs)
            except HenchError as exc:
                getattr(self, messages_attr).show(friendly(exc), "error")
            except Exception as exc:  # the error boundary: the visitor sees a message, the log the details
                log.warning("handler %s failed: %r", handler.__qualname__, exc, exc_info=True)
                getattr(self, messages_attr).show(friendly(exc), "error")
            return None

        return run

    return wrap


QUEUED_S = 0.3  # a click handled this soon after a long task ended (or after a dropped click) had queued behind it


class _LongTasks:
    ended = float("-inf")  # when the last long task of this kernel ended (time.monotonic)
    dropped = 0  # clicks dropped because they had queued behind a long task


def long_task(handler: Callable) -> Callable:
    """For handlers that work for seconds (a simulation): one at a time per kernel, and the clicks that arrived
    while one ran are dropped, not run one after another (issue 31). A kernel handles one message at a time,
    so clicks sent during a long task wait in its queue and reach the handler straight after it ends: the
    browser disables the button meanwhile, but a crafted page does not, and 2 visitors x 4 queued clicks kept
    2 kernels busy for 2 minutes after both had left. A click handled within QUEUED_S of the last long task's
    end (or of the last dropped click: a flood is dropped whole) was queued; a person's next click comes after
    the page has shown the result. Only in a served kernel: in a notebook of one's own the queue is one's own."""

    @functools.wraps(handler)
    def run(self: Any, *args: Any, **kwargs: Any) -> Any:
        if served_kernel() and time.monotonic() - _LongTasks.ended < QUEUED_S:
            _LongTasks.dropped += 1
            _LongTasks.ended = time.monotonic()
            log.info("dropped a click that queued behind a long task (%d so far)", _LongTasks.dropped)
            return None
        try:
            return handler(self, *args, **kwargs)
        finally:
            _LongTasks.ended = time.monotonic()

    return run


BUSY_S = 1.0  # a click that ran this long is slow: the clicks that follow its end within QUEUED_S had queued


class TableBusy:
    """One table's clicks (issue 42): the handler running now, when the last one ended and how long it took, and the
    clicks dropped because they had queued behind another."""

    def __init__(self) -> None:
        self.running = False
        self.ended = float("-inf")
        self.took = 0.0
        self.dropping = False  # the last click was dropped: the rest of a flood goes with it
        self.dropped = 0

    def queued(self, now: float) -> bool:
        """Whether a click handled `now` was sent while the table was busy: it follows the end of a slow click (one
        that ran BUSY_S or more) or of a dropped one within QUEUED_S, closer than a person who waited for the table
        can. A click behind a quick one is never dropped: a quick click queues nothing worth dropping, and a page
        driven fast (a test, a keyboard) clicks again within milliseconds of a quick answer."""
        if self.took < BUSY_S and not self.dropping:
            return False
        return now - self.ended < QUEUED_S


def running_the_notebook() -> bool:
    """Whether the kernel is running the notebook's cells (an `execute_request`), not a message from the page: the
    handlers a notebook calls as it builds its apps are no clicks, and must not start the window in which a click
    counts as queued (the first click on a page whose kernel had just been started was dropped)."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    if shell is None or not hasattr(shell, "kernel"):
        return False
    try:
        return (_parent_message(shell).get("header") or {}).get("msg_type") == "execute_request"
    except Exception:
        return False


def table_busy(table: Any) -> TableBusy:
    """The TableBusy of `table` (a GameView), made the first time it is asked for."""
    busy = getattr(table, "busy", None)
    if not isinstance(busy, TableBusy):
        busy = table.busy = TableBusy()
    return busy


def one_click_at_a_time(table: Callable[[Any], Any]) -> Callable[[Callable], Callable]:
    """For every handler of a table (a move, a roll, a new deal, a tour's Next): the clicks sent while the table
    was busy are dropped, not run one after another once it is free (issue 42: 29 queued "Deal a new game"
    clicks with hard bots ran for 52 s after the visitor had left). `table(view)` is the object whose `busy`
    (a TableBusy) the handler shares: a tour's buttons share its table's. While a click runs, the view carries the
    CSS class `hench-busy`, so the page takes no click on it (the Voila template's style) until the click is done.
    A handler called from another of the table's handlers is part of that click and always runs. Clicks are
    dropped only in a served kernel (see `long_task`); a dropped click is logged, never shown as an error."""

    def wrap(handler: Callable) -> Callable:
        @functools.wraps(handler)
        def run(self: Any, *args: Any, **kwargs: Any) -> Any:
            busy = table_busy(table(self))
            if busy.running or running_the_notebook():
                return handler(self, *args, **kwargs)
            started = time.monotonic()
            if served_kernel() and busy.queued(started):
                busy.dropped, busy.dropping, busy.ended = busy.dropped + 1, True, started
                log.info("dropped a click that queued behind another on its table (%d so far)", busy.dropped)
                return None
            busy.running, busy.dropping = True, False
            shown = isinstance(self, ipw.DOMWidget)
            if shown:
                self.add_class("hench-busy")
            try:
                return handler(self, *args, **kwargs)
            finally:
                busy.running, busy.ended = False, time.monotonic()
                busy.took = busy.ended - started
                if shown:
                    self.remove_class("hench-busy")

        return run

    return wrap


def protect(control: ipw.Widget, messages: MessageArea) -> ipw.Widget:
    """Values sent from the browser that a control rejects (out of range, unknown option) become a
    message instead of an error in the kernel log; the control keeps its last good value."""
    original = control.set_state
    control._hench_messages = messages  # the error boundary (install_error_boundary) speaks here too

    def set_state(sync_data: dict) -> None:
        try:
            original(sync_data)
        except (TraitError, ValueError, TypeError, HenchError) as exc:
            messages.show(f"{getattr(control, 'description', '') or 'That control'}: {friendly(exc)}", "error")
            control.send_state()  # put the browser back in step with the kernel

    control.set_state = set_state
    return control


def discard(*items: Any) -> None:
    """Close widgets a view no longer shows, with their children, layouts and styles. A closed widget
    leaves the kernel and the page; one left open stays in memory and is sent, with its layout and style,
    to the page. Views that rebuild a part (the move buttons each turn, a tour's table each step) discard
    the old one, or a table would carry every button it ever showed."""
    for w in items:
        if not isinstance(w, ipw.Widget):
            continue
        if isinstance(w, ipw.Box):
            discard(*w.children)
        for part in ("layout", "style"):
            discard(getattr(w, part, None))
        w.close()


def replace_children(box: ipw.Box, children: Sequence[ipw.Widget]) -> None:
    """Show `children` in `box` and close what it showed before (those not shown again): a search that rebuilds
    its buttons on every keystroke, or a "show me" that opens a new table, would otherwise keep every widget it
    ever made in the kernel and on the page (issue 42: 58 keystrokes left 1,866 widgets)."""
    kept = {id(w) for w in children}
    old = [w for w in box.children if id(w) not in kept]
    box.children = tuple(children)
    discard(*old)


# -- the error boundary of a served kernel --------------------------------------------------------

PLAIN_APOLOGY = "That did not work; nothing was changed. Please try again."
_installed = False


def served_kernel() -> bool:
    """True inside a kernel started by Voila (it sets VOILA_* variables), in the browser kernel of the
    static site (Pyodide: the same apps, with the same caps and no tracebacks), or when HENCH_SERVED=1."""
    if os.environ.get("HENCH_SHOW_TRACEBACKS") == "1":
        return False
    return (os.environ.get("HENCH_SERVED") == "1" or any(k in os.environ for k in ("VOILA_BASE_URL", "VOILA_SERVER_URL"))
            or in_browser())


def in_browser() -> bool:
    """True in Pyodide (the static site's kernel runs in the visitor's browser: no processes, no threads)."""
    return sys.platform == "emscripten"


def _server_stream():
    """A text stream to the kernel process's own stderr, which is the server's log, never the page.

    ipykernel replaces sys.stderr by a stream to every client and pipes fd 2 there too; it keeps a
    copy of the real fd 2, which we write to (and put back on fd 2, so C-level writes stay here)."""
    if in_browser():  # no server: the kernel's own stderr is the browser's console
        return sys.__stderr__ or sys.stderr
    copy = getattr(sys.stderr, "_original_stdstream_copy", None)
    if isinstance(copy, int):
        try:
            os.dup2(copy, 2)
        except OSError:
            pass
        fd = copy
    else:
        fd = sys.__stderr__.fileno() if sys.__stderr__ is not None else 2
    return open(fd, "w", buffering=1, encoding="utf-8", errors="replace", closefd=False)


def _messages_for(widget: Any) -> MessageArea | None:
    """The MessageArea of the view holding `widget`: its own (set by protect) or the nearest enclosing
    view's `messages` (found by walking up through the boxes that hold it)."""
    seen: set[int] = set()
    current = widget
    for _ in range(25):
        if current is None or id(current) in seen:
            return None
        seen.add(id(current))
        area = getattr(current, "_hench_messages", None) or getattr(current, "messages", None)
        if isinstance(area, MessageArea):
            return area
        current = next((w for w in list(ipw.Widget.widgets.values())
                        if current in (getattr(w, "children", None) or ())), None)
    return None


def _parent_message(shell: Any) -> dict:
    """The message the kernel is handling now (ipykernel's get_parent takes the channel; the static
    site's Pyodide kernel's takes nothing)."""
    try:
        parent = shell.kernel.get_parent("shell")
    except TypeError:
        parent = shell.kernel.get_parent()
    if parent is not None and not isinstance(parent, dict) and hasattr(parent, "to_py"):
        parent = parent.to_py()  # a JavaScript object
    return parent or {}


def boundary_error(shell: Any, exc_info: tuple | None = None) -> None:
    """What a served kernel does instead of sending a traceback to the page: log it on the server,
    put the widget the message came from back in step with the kernel, and say a plain sentence there."""
    etype, evalue, tb = exc_info or sys.exc_info()
    parent: dict = {}
    try:
        parent = _parent_message(shell)
    except Exception:  # no parent: nothing to point at
        parent = {}
    comm_id = (parent.get("content") or {}).get("comm_id") if isinstance(parent, dict) else None
    log.error("error while handling a %s from the page (comm %s)",
              (parent.get("header") or {}).get("msg_type", "message") if isinstance(parent, dict) else "message",
              comm_id, exc_info=(etype, evalue, tb) if etype else None)
    widget = ipw.Widget.widgets.get(comm_id) if isinstance(comm_id, str) else None
    if widget is None:
        return
    try:
        widget.send_state()  # a rejected value was already echoed to the pages: undo it there
    except Exception:
        log.warning("could not resend the state of %s", comm_id, exc_info=True)
    area = _messages_for(widget)
    if area is not None:
        text = friendly(evalue) if isinstance(evalue, HenchError) else (
            "That value was not accepted; the last good value is kept." if isinstance(evalue, (TraitError, ValueError, TypeError))
            else PLAIN_APOLOGY)
        area.show(text, "error")


def install_error_boundary(force: bool = False) -> bool:
    """In a served kernel, no traceback or Python error text reaches a page, by any route.

    - `shell.showtraceback` (what ipywidgets calls when a widget message or a callback such as a button's
      on_click raises, and what an Output widget calls for an error inside it) logs on the server and
      shows a plain sentence in the view's MessageArea, except while a notebook cell runs (Voila's own
      `show_tracebacks` setting handles those);
    - Python-level stderr (logging's last resort, warnings, thread and unraisable hooks) and fd 2 go to
      the server log only; our logger and the root logger write there too.
    Returns True if installed (once per kernel).
    """
    global _installed
    if _installed:
        return True
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    if shell is None or not hasattr(shell, "kernel") or not (force or served_kernel()):
        return False
    stream = _server_stream()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter("[hench kernel %(process)d] %(levelname)s %(name)s: %(message)s"))
    for logger in (logging.getLogger(), log):
        logger.addHandler(handler)
    log.propagate = False
    log.setLevel(logging.INFO)
    sys.stderr = stream
    original = shell.showtraceback

    def showtraceback(*args: Any, **kwargs: Any) -> None:
        try:
            parent = _parent_message(shell)
            msg_type = (parent.get("header") or {}).get("msg_type")
        except Exception:
            msg_type = None
        if msg_type == "execute_request":
            return original(*args, **kwargs)
        exc_info = args[0] if args and isinstance(args[0], tuple) else kwargs.get("exc_tuple")
        try:
            boundary_error(shell, exc_info)
        except Exception:  # the boundary itself must never raise into the kernel
            pass
        return None

    shell.showtraceback = showtraceback
    _installed = True
    return True


def checked_int(value: Any, lo: int, hi: int, what: str) -> int:
    """An int in lo..hi from a widget value, or a HenchError saying what is allowed."""
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise HenchError(f"{what} must be a whole number from {lo} to {hi}, not {value!r}")
    return value


# -- phase stepper ----------------------------------------------------------------------------

def phase_rows(phases: Iterable[Any]) -> list[tuple[str, str, tuple[str, ...]]]:
    """(id, title, rule IDs) of each phase, from a `hench.core.Phases` table (or such triples);
    phases the engine runs by itself inside another action are kept (they are steps people see)."""
    rows = []
    for p in phases:
        if isinstance(p, tuple):
            rows.append((p[0], p[1], tuple(p[2])))
        else:
            rows.append((p.id, p.title, tuple(p.rules)))
    return rows


class PhaseStepper(ipw.HTML):
    """A game's phases in order, the current one highlighted, each with the rule IDs it teaches."""

    def __init__(self, phases: Iterable[Any], current: str | None = None, **kw: Any):
        super().__init__(**kw)
        self.phases = phase_rows(phases)
        self.show(current)

    def show(self, current: str | None) -> None:
        self.current = current
        chips = []
        for pid, label, rule_ids in self.phases:
            on = pid == current
            style = ("background:#1d4f91;color:white;font-weight:600" if on else "background:#eef1f5;color:#445")
            chips.append(f"<span class='hench-phase{' hench-phase-current' if on else ''}' title='{html.escape(', '.join(rule_ids))}' "
                         f"style='{style};padding:4px 10px;border-radius:14px;margin:2px;display:inline-block'>"
                         f"{html.escape(label)}</span>")
        self.value = "<div class='hench-stepper'>" + " &rsaquo; ".join(chips) + "</div>"


# -- scoreboard ------------------------------------------------------------------------------

class Scoreboard(ipw.HTML):
    """Players' scores as a small table; the current player and leaders marked."""

    def show(self, names: Sequence[str], scores: Sequence[int], current: int | None = None,
             extra: dict[str, Sequence[Any]] | None = None, hidden: Sequence[str] = ()) -> None:
        """`hidden`: per seat, what its score leaves out (points kept secret, shown beside the score); no leader
        is marked while any is."""
        best = max(scores) if scores and not any(hidden) else None
        head = "".join(f"<th style='padding:2px 8px'>{html.escape(k)}</th>" for k in (extra or {}))
        rows = []
        for i, (name, score) in enumerate(zip(names, scores)):
            mark = "▶ " if i == current else ""
            crown = " ★" if score == best else ""
            cells = "".join(f"<td style='padding:2px 8px'>{html.escape(str(v[i]))}</td>" for v in (extra or {}).values())
            rows.append(f"<tr class='hench-score-row'><td style='padding:2px 8px'>{mark}{html.escape(name)}</td>"
                        f"<td style='padding:2px 8px;font-weight:600;text-align:right'>{score}{crown}{_hidden(hidden, i)}</td>"
                        f"{cells}</tr>")
        self.value = (f"<table class='hench-scoreboard' style='border-collapse:collapse'><tr><th style='padding:2px 8px'>player</th>"
                      f"<th style='padding:2px 8px'>score</th>{head}</tr>{''.join(rows)}</table>")


def _hidden(hidden: Sequence[str], seat: int) -> str:
    what = hidden[seat] if seat < len(hidden) else ""
    return f" <span style='font-weight:normal;color:#667'>{html.escape(what)}</span>" if what else ""


# -- plotly -----------------------------------------------------------------------------------

CHART_JS = Path(__file__).parent / "share" / "js" / "chart.js"


class Chart(anywidget.AnyWidget):
    """A Plotly chart that is redrawn whole: `chart.draw(traces, **layout)`.

    The figure is the widget's synced `spec` (plain JSON written by widgets.plot, no plotly objects in the
    kernel), set in one assignment: every page, opened now or later, draws the latest figure, and nothing is
    lost if the page was still loading (plotly's FigureWidget applies changes as one-off messages, which a
    busy page sometimes dropped for good). The browser side (share/js/chart.js) loads plotly.js from the
    server once per page, after the page has drawn its controls, so a chart never delays the first widget.
    """

    _esm = CHART_JS
    spec = traitlets.Dict().tag(sync=True)

    def __init__(self, title: str = "", height: int = 360, **layout: Any):
        super().__init__()
        self.add_class("hench-chart")
        self._base = dict(title=title, height=height, margin=dict(l=40, r=20, t=50 if title else 20, b=40),
                          template="plotly_white", **layout)
        from . import plot

        self.figure = plot.Figure(layout=self._base)

    @property
    def data(self):
        return self.figure.data

    @property
    def layout(self):
        return self.figure.layout

    def draw(self, traces: Sequence[Any], **layout: Any) -> None:
        from . import plot

        fig = plot.Figure(data=list(traces), layout=self._base)
        if layout:
            fig.update_layout(**layout)
        self.show_figure(fig)

    def show_figure(self, fig: Any) -> None:
        """Draw a whole `widgets.plot` figure (subplots included) as it is."""
        self.figure = fig
        spec = fig.to_dict()
        spec["config"] = {"displaylogo": False, "responsive": True}
        self.spec = spec


def figure_widget(title: str = "", height: int = 360, **layout: Any) -> Chart:
    """A chart for a view (see `Chart`)."""
    return Chart(title, height, **layout)


def redraw(chart: Chart, traces: Sequence[Any], **layout: Any) -> None:
    """Show `traces` in `chart`, replacing what it showed (one message to the page)."""
    chart.draw(traces, **layout)


# -- parts built when the visitor reaches them ---------------------------------------------------

REACHED_JS = Path(__file__).parent / "share" / "js" / "reached.js"


class Reached(anywidget.AnyWidget):
    """A deferred part before it is built: a line (`intro`) and a button, drawn by the page itself
    (share/js/reached.js). The page sets `reached` when the button is pressed or the part scrolls into
    view, once the page has drawn and gone idle. One widget, where an HTML, a button and their layouts
    and styles would be seven."""

    _esm = REACHED_JS
    intro = traitlets.Unicode("").tag(sync=True)
    button = traitlets.Unicode("").tag(sync=True)
    busy_text = traitlets.Unicode("").tag(sync=True)  # what the page shows while the kernel builds
    problem = traitlets.Unicode("").tag(sync=True)  # a build that failed, in plain words
    reached = traitlets.Bool(False).tag(sync=True)

    def set_state(self, sync_data: dict) -> None:
        try:
            super().set_state(sync_data)
        except (TraitError, ValueError, TypeError):  # a crafted page: ignored, and the page put back in step
            self.send_state()


class Deferred(ipw.VBox):
    """A heavy part of a page (a lesson's live table) built when the visitor reaches it: it scrolls into
    view, or they press the button. Each live table is about 100 widgets; built at load, a Learn page's
    lesson tables made every visitor wait for some 700-800 widgets before the first was drawn, for
    lessons most of them had not reached yet. `build()` builds the part (once) and returns it. `css_class`
    names the kind of part for the page (lessons: hench-deferred; references: hench-later, see `later`)."""

    def __init__(self, build: Callable[[], ipw.Widget], intro: str, button: str = "Set up this table",
                 busy: str = "Setting up the table…", css_class: str = "hench-deferred"):
        self._build = build
        self.content: ipw.Widget | None = None
        self.reached = Reached(intro=intro, button=button, busy_text=busy)
        self.reached.observe(lambda change: self.build() if change["new"] else None, "reached")
        super().__init__([self.reached])
        self.add_class(css_class)

    def build(self) -> ipw.Widget | None:
        if self.content is not None:
            return self.content
        try:
            self.content = self._build()
        except Exception as exc:  # the error boundary: the visitor sees a sentence, the log the details
            log.warning("a deferred part failed to build: %r", exc, exc_info=True)
            self.reached.problem = friendly(exc)
            return None
        self.children = (self.content,)
        discard(self.reached)
        return self.content


def later(build: Callable[[], ipw.Widget], what: str) -> Deferred:
    """A reference at the bottom of a page (a card gallery, the assumptions table), built when the reader
    scrolls to it or presses its button, so no visitor waits for it before the page's first control is
    drawn: a card gallery is 50-350 KB of HTML, drawn before the first paint when built at load."""
    return Deferred(build, f"{what[:1].upper()}{what[1:]}: shown when you scroll here, or now with the button.",
                    button=f"Show {what}", busy=f"Building {what}…", css_class="hench-later")


# -- rules reference --------------------------------------------------------------------------

class RulesPanel(ipw.VBox):
    """A search box over the rules catalogues (every game, or one), with the games' readings and assumptions.

    Every hit can be seen: the hits come a page at a time (`limit` per page) with Previous / Next and "Show all".
    Each engine rule on the page with a live example has a "show me" button that opens a table at a position
    where that rule is what the engine applies next (hench.core.showme), below the hits.
    """

    MAX_QUERY = 120

    def __init__(self, game: str | None = None, limit: int = 12, placeholder: str = "search the rules: duel, wagon, HM-020, A7 ..."):
        from hench import rules

        self._rules, self.game, self.limit, self.page = rules, game, limit, 0
        self.found: list[Any] = []
        self.messages = MessageArea()
        self.box = protect(ipw.Text(placeholder=placeholder, description="Rules", continuous_update=True,
                                    layout=ipw.Layout(width="100%")), self.messages)
        games = [("all games", "")] + [(g, g) for g in rules.GAME_PACKAGES]
        self.scope = protect(ipw.Dropdown(options=games, value=game or "", description="in",
                                          layout=ipw.Layout(width="220px")), self.messages)
        self.results = ipw.HTML()
        self.previous, self.next = ipw.Button(description="◀ Previous"), ipw.Button(description="Next ▶")
        self.show_all = ipw.Checkbox(value=False, description="show all hits", indent=False,
                                     layout=ipw.Layout(width="auto", margin="0 8px"))
        self.pager = ipw.HBox([self.previous, self.next, self.show_all])
        self.show_buttons = ipw.HBox(layout=ipw.Layout(flex_flow="row wrap"))
        self.show_buttons.add_class("hench-show-me-buttons")
        self.stage = ipw.VBox()
        self.box.observe(lambda _: self.refresh(), "value")
        self.scope.observe(lambda _: self.refresh(), "value")
        self.show_all.observe(lambda _: self._turn(0), "value")
        self.previous.on_click(lambda _: self._turn(self.page - 1))
        self.next.on_click(lambda _: self._turn(self.page + 1))
        super().__init__([ipw.HBox([self.box, self.scope]), self.messages, self.results, self.pager, self.show_buttons, self.stage])
        self.add_class("hench-rules")
        self.refresh()

    @guarded()
    def refresh(self) -> None:
        query = (self.box.value or "")[: self.MAX_QUERY]
        self.messages.clear()
        self.found = self._rules.search(query, game=self.scope.value or None) if query.strip() else []
        if not query.strip():
            total = len(self._rules.search("", game=self.scope.value or None))
            self.results.value = f"<i>{total} rules. Type a word to search them.</i>"
        self._turn(0)

    @guarded()
    def _turn(self, page: int) -> None:
        """Show page `page` of the hits (every hit with "show all")."""
        per_page = len(self.found) if self.show_all.value else self.limit
        pages = max(1, -(-len(self.found) // max(1, per_page)))
        self.page = min(max(0, page), pages - 1)
        shown = self.found[self.page * per_page:(self.page + 1) * per_page]
        self.pager.layout.display = "flex" if len(self.found) > self.limit else "none"
        self.previous.disabled, self.next.disabled = self.page == 0, self.page >= pages - 1
        if self.found or (self.box.value or "").strip():
            first = self.page * per_page + 1
            self.results.value = rules_table(shown, total=len(self.found), first=first)
        self._show_buttons([r for r in shown if _has_show_me(r)])

    def _show_buttons(self, rules: Sequence[Any]) -> None:
        """A "show me" button per rule: a rule shown before keeps its button (typing "d", "du", "duel" keeps most
        of them), the others are made, and the buttons of rules no longer shown are closed."""
        had = {(b._hench_rule.game, b._hench_rule.id): b for b in self.show_buttons.children}
        replace_children(self.show_buttons, [had.get((r.game, r.id)) or self._show_button(r) for r in rules])

    def _show_button(self, rule: Any) -> ipw.Button:
        button = ipw.Button(description=f"show me {rule.id}", tooltip=f"a live table where {rule.id} happens next",
                            layout=ipw.Layout(width="auto", margin="2px"))
        button.add_class("hench-show-me-button")
        button._hench_rule = rule
        button.on_click(lambda _, r=rule: self.open_show_me(r.game, r.id))
        return button

    @guarded()
    def open_show_me(self, game_id: str, rule_id: str) -> None:
        """Open the live table that shows `rule_id` happening, below the hits."""
        from hench.core.showme import show_me

        from .showme import ShowMeView

        replace_children(self.stage, [ShowMeView(show_me(game_id, rule_id))])


def _has_show_me(rule: Any) -> bool:
    if rule.tag != "engine":
        return False
    from hench.core.showme import has_show_me

    return has_show_me(rule.game, rule.id)


def rules_table(found: Sequence[Any], total: int | None = None, first: int = 1) -> str:
    """The hits as a table; with `total`, a line saying which of them these are (hits `first`.. of `total`)."""
    total = len(found) if total is None else total
    if not found:
        return "<i>No rule matches. Try a shorter word.</i>"
    rows = "".join(
        f"<tr><td style='white-space:nowrap;padding:3px 8px;font-family:monospace'>{html.escape(r.id)}</td>"
        f"<td style='padding:3px 8px;color:#667'>{r.tag}</td><td style='padding:3px 8px'>{html.escape(r.summary)}"
        f"<br><small style='color:#667'>{html.escape(r.game)} &middot; {html.escape(r.section)}</small></td></tr>"
        for r in found)
    more = (f"<div class='hench-rule-count' style='color:#667'>hits {first} to {first + len(found) - 1} of {total}</div>"
            if total > len(found) else f"<div class='hench-rule-count' style='color:#667'>{total} hit{'s' * (total != 1)}</div>")
    return f"<table class='hench-rule-results' style='border-collapse:collapse'>{rows}</table>{more}"


# -- assumptions --------------------------------------------------------------------------------

def assumptions_table(rows: Iterable[Any], title: str = "Assumptions in force") -> ipw.HTML:
    """Every value the engine uses that the rulebook text does not give, marked as assumed.

    `rows` are mappings or objects with what / value / source / note.
    """
    def get(row: Any, key: str) -> str:
        return str(row.get(key, "") if isinstance(row, dict) else getattr(row, key, ""))

    body = []
    for row in rows:
        source = get(row, "source")
        badge = ("#8a5a00", "#fff4d6") if source == "assumed" else ("#1e6b35", "#e6f4ea")
        body.append(f"<tr><td style='padding:3px 8px'>{html.escape(get(row, 'what').replace('_', ' '))}</td>"
                    f"<td style='padding:3px 8px;font-family:monospace'>{html.escape(get(row, 'value'))}</td>"
                    f"<td style='padding:3px 8px'><span style='color:{badge[0]};background:{badge[1]};padding:1px 6px;border-radius:8px'>{html.escape(source)}</span></td>"
                    f"<td style='padding:3px 8px;color:#556'>{html.escape(get(row, 'note'))}</td></tr>")
    return ipw.HTML(f"<details class='hench-assumptions'><summary><b>{html.escape(title)}</b> ({len(body)} values; "
                    f"<i>assumed</i> ones are ours, not the publisher's)</summary><table style='border-collapse:collapse'>"
                    f"<tr><th>what</th><th>value</th><th>source</th><th>note</th></tr>{''.join(body)}</table></details>")


# -- Monte Carlo check beside an exact answer --------------------------------------------------

MAX_TRIALS = 200_000  # in a notebook of your own
SERVED_MAX_TRIALS = 50_000  # in a served app
MC_TIME_BUDGET = 20.0  # seconds per click


MC_INTRO = ("<div class='hench-mc-intro' style='color:#445'>The button plays the same question out at random, "
            "as many times as you ask, and sets the share of successes beside the exact answer.</div>")


class _OutOfTime(Exception):
    def __init__(self, done: int):
        super().__init__(done)
        self.done = done


class MonteCarloCheck(ipw.VBox):
    """A button that simulates, with a progress bar, and says whether the estimate agrees with the exact answer.

    `simulate(trials, progress)` returns a hench.core.montecarlo.Estimate; `exact()` the Fraction it estimates;
    `what` names the event ("show a 3"). Bounded: at most `limit` trials (lower in a served app) and
    `budget` seconds per click (the simulation is stopped through its progress callback).
    """

    _clock = staticmethod(time.monotonic)

    def __init__(self, simulate: Callable, exact: Callable, what: str = "", trials: int = 5000):
        self.messages = MessageArea()
        self._simulate, self._exact, self.what = simulate, exact, what
        self.limit = SERVED_MAX_TRIALS if served_kernel() else MAX_TRIALS
        self.budget = MC_TIME_BUDGET
        self.trials = protect(ipw.BoundedIntText(value=min(trials, self.limit), min=100, max=self.limit, step=1000,
                                                 description="Trials"), self.messages)
        self.button = ipw.Button(description="Check by simulation")
        self.bar = ipw.IntProgress(value=0, min=0, max=1)
        self.result = ipw.HTML(MC_INTRO)
        self.button.on_click(lambda _: self.run())
        super().__init__([ipw.HBox([self.trials, self.button, self.bar]), self.messages, self.result])
        self.add_class("hench-mc-check")

    def clear(self) -> None:
        """Back to the line that says what the button does (a new question was set)."""
        self.result.value = MC_INTRO

    @long_task
    @guarded()
    def run(self) -> None:
        n = checked_int(self.trials.value, 100, self.limit, "the number of trials")
        self.bar.max, self.bar.value = n, 0
        self.messages.clear()
        started = self._clock()

        def progress(i: int) -> None:
            self.bar.value = i
            if i < n and self._clock() - started >= self.budget:
                raise _OutOfTime(i)

        try:
            est = self._simulate(n, progress)
        except _OutOfTime as stop:
            self.result.value = ""
            self.messages.show(f"Stopped after {self._clock() - started:.0f} s with {stop.done} of {n} trials done "
                               f"(the time limit per click): try fewer trials.", "info")
            return
        self.result.value = side_by_side(self._exact(), est, self.what)


def side_by_side(exact: Fraction, est: Estimate, what: str = "") -> str:
    """The exact answer and its simulated estimate, one under the other, and whether they agree."""
    agrees = est.agrees_with(exact)
    verdict = ("The simulation <b>agrees with</b> the exact answer (within four standard errors)." if agrees else
               "The simulation <b>is far from</b> the exact answer: more trials, or a question to look at again.")
    head = f"Chance {html.escape(what)}" if what else "Chance"
    cell = "padding:2px 10px"
    return (f"<div class='hench-mc'><table style='border-collapse:collapse'><tr><th colspan='2' style='{cell};text-align:left'>"
            f"{head}</th></tr><tr><td style='{cell}'>exact</td><td style='{cell}' title='exactly {exact}'><b>{float(exact):.1%}</b>"
            f"</td></tr><tr><td style='{cell}'>simulated</td><td style='{cell}'><b>{est}</b></td></tr></table>"
            f"<div style='color:{'#1e6b35' if agrees else '#8a1c1c'}'>{verdict}</div></div>")
