"""Monte Carlo estimates, shown beside exact answers as a check (never instead of them)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from .rng import Rng


@dataclass(frozen=True)
class Estimate:
    hits: int
    trials: int

    @property
    def value(self) -> float:
        return self.hits / self.trials

    @property
    def stderr(self) -> float:
        p = self.value
        return math.sqrt(p * (1 - p) / self.trials)

    def agrees_with(self, exact: Fraction, sigmas: float = 4.0) -> bool:
        """Within `sigmas` standard errors of the exact answer (a loose, honest check)."""
        return abs(self.value - float(exact)) <= sigmas * max(self.stderr, 1 / self.trials)

    def __str__(self) -> str:
        return f"{self.value:.1%} ± {1.96 * self.stderr:.1%} ({self.trials:,} trials)"


def estimate(trial: Callable[[Rng], bool], trials: int, seed: int = 0,
             progress: Callable[[int], None] | None = None, every: int = 1000) -> Estimate:
    """Run `trial(rng)` `trials` times and count successes; `progress(done)` every `every` trials."""
    if trials < 1:
        raise ValueError(f"a Monte Carlo check needs at least 1 trial, not {trials}")
    rng, hits = Rng.from_seed(seed), 0
    for i in range(1, trials + 1):
        hits += bool(trial(rng))
        if progress and (i % every == 0 or i == trials):
            progress(i)
    return Estimate(hits, trials)


class _Named(dict[str, object]):
    """Arguments by name for str.format_map; a name the question lacks stays as written."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


@dataclass(frozen=True)
class Check:
    """One odds question answered twice, with the same arguments: `exact(**question)` returns the Fraction,
    `simulate(**question, trials=, seed=, progress=)` an Estimate of that same Fraction, found by playing the
    situation out with random dice or shuffles (never by sampling the exact answer). Every game's
    `montecarlo.CHECKS` maps a question's name to its Check; `example` is a question the tests ask of it.
    """

    what: str  # the event the Fraction is the chance of, in words; may name the question's arguments ("{value}")
    exact: Callable[..., Fraction]
    simulate: Callable[..., Estimate]
    example: dict[str, object]

    def says(self, **question: object) -> str:
        """The event in words for this question ("the best die left shows 3")."""
        return self.what.format_map(_Named({k: v for k, v in question.items() if isinstance(v, (int, str))}))

    def answer(self, **question: object) -> Fraction:
        return self.exact(**question)

    def estimate(self, trials: int, progress: Callable[[int], None] | None = None, seed: int = 0,
                 **question: object) -> Estimate:
        return self.simulate(**question, trials=trials, seed=seed, progress=progress)
