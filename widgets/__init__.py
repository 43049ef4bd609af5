"""ipywidgets and Plotly views over hench. The only package that imports ipywidgets or plotly.

Views hold a `hench.Session`, keep their children private and redraw from the session in one
`refresh()`. No rule logic lives here: every rule question is asked of hench.
"""

from .core import (
    Chart,
    MessageArea,
    MonteCarloCheck,
    PhaseStepper,
    RulesPanel,
    Scoreboard,
    assumptions_table,
    checked_int,
    figure_widget,
    friendly,
    guarded,
    install_error_boundary,
    later,
    protect,
    redraw,
    rules_table,
)
from .memory import install_memory_cap
from .shelf import ShelfView

install_error_boundary()  # in a served kernel: no traceback reaches a page (see core.install_error_boundary)
install_memory_cap()  # in a served kernel: a page cannot grow its kernel without bound (see widgets.memory)

__all__ = [
    "Chart", "MessageArea", "MonteCarloCheck", "PhaseStepper", "RulesPanel", "Scoreboard", "ShelfView", "assumptions_table",
    "checked_int", "figure_widget", "friendly", "guarded", "install_error_boundary", "later", "protect", "redraw", "rules_table",
]
