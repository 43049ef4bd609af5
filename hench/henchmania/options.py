"""The options of `new_game` (custom mode and the catalogue's real reading choices)."""

from __future__ import annotations

from hench.core import Option

OPTIONS: dict[str, Option] = {o.name: o for o in (
    Option("days", 4, "number of days: 4 standard, 3 short or 5 long (HM-014, HM-086)", (3, 4, 5)),
    Option("win_threshold", 30, "a score that ends the game at the end of a day: 30, or 25 in custom mode (HM-077, HM-087)", (25, 30)),
    Option("threshold_inclusive", True, "A2: the game ends when a score reaches (True) or passes (False) the threshold", (True, False)),
    Option("first_player", "random", "HM-011/012 stand-in: the seat taking the Badge of Honor, or 'random' (from the seed)",
           ("random", 0, 1, 2, 3, 4)),
    Option("score_floor", "zero", "A11: scores stop at 0 ('zero') or may go negative ('none')", ("zero", "none")),
    Option("domination_draw", "choose", "A4: the dominating player chooses to take the extra card, or always takes it",
           ("choose", "always")),
    Option("reserve_discard", "any", "A7: a full Reserve drops any card ('any') or only a turned one ('used_only')",
           ("any", "used_only")),
    Option("guard_timing", "after_glove", "HM-102/103: the Guard window comes right after the Glove, or after the "
           "Attacker has laid a weapon (which the Guard then sends back)", ("after_glove", "after_weapon")),
    Option("data", "builtin", "component data: 'builtin' or the path of your own TOML file (see data/*.toml)"),
)}
