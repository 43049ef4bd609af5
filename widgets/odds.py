"""One odds explorer for every game: controls in, the exact answer out (Fractions from hench, shown as
"91/216 (42.1%)"), a chart, and the same question checked by simulation beside it.

A game's odds view is a few lines of configuration: its controls (`Slider`, `Number`, `Choice`, `Switch`),
and one function from what the controls say to what the page shows (`Shown`: the answer in words, the chart's
traces, and the question for the simulation, a `hench.core.montecarlo.Check` from the game's `montecarlo.CHECKS`
with its arguments). No rule logic here: every number comes from hench.

    OddsExplorer("hench-duel-odds", [(Slider("attack", "Attack ≥", 1, 6, 4), Slider("defense", "Defence ≥", 1, 6, 3))],
                 duel_page, chart=("Chance the Attacker wins", 430))
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, TypeAlias

import ipywidgets as ipw

from hench import HenchError, format_probability
from hench.core.montecarlo import Check

from .core import Chart, MessageArea, MonteCarloCheck, checked_int, figure_widget, guarded, protect, redraw

# -- controls ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Slider:
    """A whole number from lo to hi, on a slider (read back checked: a crafted value is refused in words)."""

    name: str
    label: str
    lo: int
    hi: int
    value: int
    step: int = 1
    what: str = ""  # how an error message names it ("the Attack threshold"); the label by default
    width: str = ""

    def build(self) -> ipw.Widget:
        wide = {"description_width": "initial"} if len(self.label) > 12 else {}
        return ipw.IntSlider(value=self.value, min=self.lo, max=self.hi, step=self.step, description=self.label,
                             continuous_update=False, style=wide)

    def read(self, widget: Any) -> int:
        return checked_int(widget.value, self.lo, self.hi, self.what or self.label)


@dataclass(frozen=True)
class Number(Slider):
    """A whole number typed in a box (a deal's seed)."""

    def build(self) -> ipw.Widget:
        return ipw.BoundedIntText(value=self.value, min=self.lo, max=self.hi, description=self.label,
                                  layout=ipw.Layout(width=self.width or "200px"))


@dataclass(frozen=True)
class Choice:
    """One of a few options, as (label, value) pairs: a drop-down list, or a row of buttons."""

    name: str
    label: str
    options: Sequence[tuple[str, Any]]
    value: Any
    buttons: bool = False
    width: str = ""

    def build(self) -> ipw.Widget:
        layout = ipw.Layout(width=self.width) if self.width else ipw.Layout()
        kind = ipw.ToggleButtons if self.buttons else ipw.Dropdown
        return kind(options=list(self.options), value=self.value, description=self.label, layout=layout)

    def read(self, widget: Any) -> Any:
        allowed = [o[1] if isinstance(o, tuple) else o for o in widget.options]  # the list shown now (it may change)
        if widget.value is None and not allowed:  # a list the view fills later (from a position)
            return None
        if widget.value not in allowed:
            raise HenchError(f"{self.label or self.name}: choose one of the options shown")
        return widget.value


@dataclass(frozen=True)
class Switch:
    """Yes or no, as a tick box."""

    name: str
    label: str
    value: bool = False
    width: str = ""

    def build(self) -> ipw.Widget:
        return ipw.Checkbox(value=self.value, description=self.label, indent=False,  # the whole label, never cut
                            layout=ipw.Layout(width=self.width or "auto"))

    def read(self, widget: Any) -> bool:
        return bool(widget.value)


Control: TypeAlias = Slider | Choice | Switch


class Inputs(dict):
    """What the controls say, checked: `inputs.attack` or `inputs["attack"]`."""

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError as exc:
            raise AttributeError(name) from exc


# -- what the page shows ------------------------------------------------------------------------------------------

CheckQuestion: TypeAlias = tuple[Check, Mapping[str, Any]]


@dataclass
class Shown:
    """The page for one setting of the controls.

    `text`: the answer in words (HTML, the exact Fractions formatted by `format_probability`); `traces` and
    `layout`: the chart; `more`: the second chart's (traces, layout), if the view has one; `check`: the question
    the simulation asks (a Check of the game's montecarlo.CHECKS and its arguments), or a sentence saying why
    this setting has no simulation; `below`: HTML under the charts (a study board)."""

    text: str
    traces: Sequence[Any] = ()
    layout: dict[str, Any] = field(default_factory=dict)
    more: tuple[Sequence[Any], dict[str, Any]] | None = None
    check: CheckQuestion | str | None = None
    below: str = ""


def answer_html(text: str, size: int = 17, note: str = "") -> str:
    """The answer line (the browser tests find it by its class), and a grey note under it."""
    out = f"<div class='hench-answer' style='font-size:{size}px'>{text}</div>"
    return out + (f"<div class='hench-note' style='color:#445;margin-top:2px'>{note}</div>" if note else "")


def prob(p: Fraction) -> str:
    """An exact chance in bold: "<b>91/216 (42.1%)</b>"."""
    return f"<b>{format_probability(p)}</b>"


def percent(p: Fraction) -> str:
    """The percentage alone, for a bar's label."""
    return f"{float(p):.1%}"


# -- the explorer ---------------------------------------------------------------------------------------------------

Row: TypeAlias = Control | ipw.Widget | Sequence[Control | ipw.Widget]  # a widget in a row is placed as it is (a button)


class OddsExplorer(ipw.VBox):
    """Controls, the exact answer, a chart (and a second one if asked), and a check by simulation.

    Each control is built once and kept as an attribute by its name (`view.attack`); every change redraws the
    page from `show(inputs)`. `chart` / `more`: (title, height) of the charts (None: no chart). `simulated`:
    whether the view has a "Check by simulation" part (`view.mc`). `top`: widgets above the controls; `below`:
    whether the view shows HTML under its charts (`Shown.below`, a study board).
    """

    def __init__(self, css_class: str, rows: Sequence[Row], show: Callable[[Inputs], Shown], *,
                 chart: tuple[str, int] | None = ("", 320), more: tuple[str, int] | None = None,
                 simulated: bool = True, trials: int = 5000, top: Sequence[ipw.Widget] = (), below: bool = False):
        self.messages = MessageArea()
        self._show = show
        self._quiet = False
        self._controls: list[tuple[Control, ipw.Widget]] = []
        boxes = [self._row(row) for row in rows]
        self.answer = ipw.HTML()
        self.fig: Chart | None = figure_widget(*chart) if chart else None
        self.extra: Chart | None = figure_widget(*more) if more else None
        self.below: ipw.HTML | None = ipw.HTML() if below else None  # under the charts: a study board
        self.question: CheckQuestion | None = None
        self.mc: MonteCarloCheck | None = None
        parts: list[ipw.Widget] = [*top, *boxes, self.messages, self.answer]
        parts += [c for c in (self.fig, self.extra) if c is not None]
        if simulated:
            self.mc = MonteCarloCheck(self._simulate, self._exact, trials=trials)
            parts.append(self.mc)
        if self.below is not None:
            parts.append(self.below)
        super().__init__(parts)
        self.add_class(css_class)
        self.add_class("hench-odds")
        for _, widget in self._controls:
            widget.observe(lambda _: self.refresh(), "value")
        self.refresh()

    def _row(self, row: Row) -> ipw.Widget:
        specs: list[Control | ipw.Widget] = [row] if isinstance(row, (Slider, Choice, Switch, ipw.Widget)) else list(row)
        widgets: list[ipw.Widget] = []
        for spec in specs:
            if isinstance(spec, ipw.Widget):
                widgets.append(spec)
                continue
            widget = protect(spec.build(), self.messages)
            setattr(self, spec.name, widget)
            self._controls.append((spec, widget))
            widgets.append(widget)
        return widgets[0] if len(widgets) == 1 else ipw.HBox(widgets)

    def inputs(self) -> Inputs:
        """What the controls say now, each value checked."""
        return Inputs((spec.name, spec.read(widget)) for spec, widget in self._controls)

    def set(self, **values: Any) -> None:
        """Set several controls at once, with one redraw."""
        self._quiet = True
        try:
            for spec, widget in self._controls:
                if spec.name in values:
                    widget.value = values[spec.name]
        finally:
            self._quiet = False
        self.refresh()

    @guarded()
    def refresh(self) -> None:
        if self._quiet:
            return
        self.messages.clear()
        self.question = None
        shown = self._show(self.inputs())
        self.answer.value = shown.text
        if self.fig is not None:
            redraw(self.fig, shown.traces, **shown.layout)
        if self.extra is not None:
            traces, layout = shown.more or ((), {})
            redraw(self.extra, traces, **layout)
        if self.below is not None:
            self.below.value = shown.below
        self._offer(shown.check)

    def _offer(self, check: CheckQuestion | str | None) -> None:
        """The simulation's question for this setting, or why there is none."""
        if self.mc is None:
            return
        self.mc.clear()
        self.mc.button.disabled = not isinstance(check, tuple)
        if isinstance(check, tuple):
            self.question = check
            self.mc.what = check[0].says(**check[1])
        elif check:
            self.mc.result.value = f"<div class='hench-mc-none' style='color:#667'>{html.escape(check)}</div>"

    def _asked(self) -> CheckQuestion:
        if self.question is None:
            raise HenchError("this setting has no simulation: change the controls above")
        return self.question

    def _simulate(self, trials: int, progress: Callable[[int], None]) -> Any:
        check, question = self._asked()
        return check.estimate(trials, progress, **question)

    def _exact(self) -> Fraction:
        check, question = self._asked()
        return check.answer(**question)
