"""The coach (issue 30), for notebooks: `from hench.coach import Coach`. See hench.core.coach.

>>> import hench
>>> from hench.coach import Coach, level_bot, LEVELS
>>> LEVELS
('easy', 'medium', 'hard')
"""

from __future__ import annotations

from .core.bots import LEVEL_TEXT, LEVELS, level_bot
from .core.coach import Advice, Coach, CoachBot, Moment, MoveValue, determinize

__all__ = ["LEVELS", "LEVEL_TEXT", "Advice", "Coach", "CoachBot", "Moment", "MoveValue", "determinize", "level_bot"]
