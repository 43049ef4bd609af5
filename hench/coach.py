"""The coach (issues 30 and 39), for notebooks: `from hench.coach import Coach`. See hench.core.coach.

>>> import hench
>>> from hench.coach import Coach, level_bot, LEVELS
>>> LEVELS
('easy', 'medium', 'hard')
"""

from __future__ import annotations

from .core.bots import LEVEL_TEXT, LEVELS, level_bot
from .core.coach import MIN_GAMES, OBJECTIVE, Advice, Coach, CoachBot, Moment, MoveValue, Review, SheetLine, determinize

__all__ = ["LEVELS", "LEVEL_TEXT", "MIN_GAMES", "OBJECTIVE", "Advice", "Coach", "CoachBot", "Moment", "MoveValue", "Review",
           "SheetLine", "determinize", "level_bot"]
