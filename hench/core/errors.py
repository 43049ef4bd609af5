"""The errors hench raises. Every error from user input is one of these, never a bare
KeyError, IndexError or AssertionError."""

from __future__ import annotations

from collections.abc import Iterable


class HenchError(Exception):
    """Base class of every error hench raises on purpose."""


class IllegalActionError(HenchError, ValueError):
    """A well-formed action that the rules forbid in this position.

    ``rule_id`` is the catalogue ID of the rule it breaks (for example ``"HM-020"``).
    The message says what was tried, why it is illegal and what is allowed instead.
    The state the action was applied to is left unchanged.
    """

    def __init__(self, rule_id: str, tried: str, why: str, allowed: Iterable[object] | str | None = None):
        self.rule_id = rule_id
        self.tried = tried
        self.why = why
        self.allowed = _describe_allowed(allowed)
        message = f"{tried} is not allowed: {why} (rule {rule_id})."
        if self.allowed:
            message += f" Allowed instead: {self.allowed}."
        super().__init__(message)


class InvalidActionError(HenchError, ValueError):
    """Something that is not an action of this game at all (wrong type, unparseable text)."""


class InvalidStateError(HenchError, ValueError):
    """A saved state that is malformed, tampered with or inconsistent. Nothing is half-loaded."""


class UnknownGameError(HenchError, LookupError):
    """A game id that is not registered."""


def _describe_allowed(allowed: Iterable[object] | str | None, limit: int = 8) -> str:
    if allowed is None:
        return ""
    if isinstance(allowed, str):
        return allowed
    items = [str(a) for a in allowed]
    if not items:
        return "nothing (no legal action here)"
    shown = ", ".join(items[:limit])
    return shown + (f", ... ({len(items)} in all)" if len(items) > limit else "")
