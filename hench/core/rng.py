"""A small seeded generator whose whole state is one integer, so it can live inside a
serialized game state: a state and an action always determine the successor."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


class Rng:
    """SplitMix64. Deterministic across platforms and Python versions."""

    __slots__ = ("state",)

    def __init__(self, state: int):
        self.state = state & _MASK

    @classmethod
    def from_seed(cls, seed: int | None) -> Rng:
        return cls(0x9E3779B97F4A7C15 if seed is None else (int(seed) * 0x2545F4914F6CDD1D) ^ 0x9E3779B97F4A7C15)

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randrange(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError(f"randrange needs a positive bound, got {n}")
        limit = _MASK - (_MASK + 1) % n
        state = self.state
        while True:  # next64, inlined (the playout hot path)
            state = (state + 0x9E3779B97F4A7C15) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            x = z ^ (z >> 31)
            if x <= limit:
                self.state = state
                return x % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.randrange(len(items))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A new list with the items in a uniformly random order (Fisher-Yates)."""
        out = list(items)
        state = self.state
        for i in range(len(out) - 1, 0, -1):  # j = self.randrange(i + 1), inlined (the playout hot path)
            n = i + 1
            limit = _MASK - (_MASK + 1) % n
            while True:
                state = (state + 0x9E3779B97F4A7C15) & _MASK
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                x = z ^ (z >> 31)
                if x <= limit:
                    break
            j = x % n
            out[i], out[j] = out[j], out[i]
        self.state = state
        return out

    def weighted_index(self, weights: Sequence[int]) -> int:
        """An index drawn with probability proportional to integer weights."""
        r = self.randrange(sum(weights))
        for i, w in enumerate(weights):
            if r < w:
                return i
            r -= w
        raise AssertionError("unreachable")  # pragma: no cover
