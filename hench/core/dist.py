"""Exact finite distributions with integer weights.

Every probability comes out as a ``Fraction``; floats appear only when formatting.

>>> d6 = Dist.die(6)
>>> (d6 + d6).probability(7)
Fraction(1, 6)
>>> print(format_probability(Fraction(37, 64)))
37/64 (57.8%)
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction

TYPE_CHECKING = False  # typing is not imported at run time: `import hench` stays cheap
if TYPE_CHECKING:
    from typing import Any


def format_probability(p: Fraction | int, digits: int = 1) -> str:
    """'37/64 (57.8%)': the exact fraction, then the rounded percentage."""
    p = Fraction(p)
    return f"{p.numerator}/{p.denominator} ({float(p) * 100:.{digits}f}%)" if p.denominator != 1 else f"{p.numerator} ({float(p) * 100:.{digits}f}%)"


class Dist(Mapping):
    """An exact distribution over hashable outcomes, held as reduced integer weights.

    Two distributions are equal when they give every outcome the same probability.
    """

    __slots__ = ("_total", "_weights")

    def __init__(self, weights: Mapping[Any, int] | Iterable[tuple[Any, int]]):
        items = weights.items() if isinstance(weights, Mapping) else weights
        merged: dict[Hashable, int] = {}
        for outcome, w in items:
            if not isinstance(w, int) or isinstance(w, bool) or w < 0:
                raise ValueError(f"weights must be non-negative integers, got {w!r} for {outcome!r}")
            if w:
                merged[outcome] = merged.get(outcome, 0) + w
        if not merged:
            raise ValueError("a distribution needs at least one outcome with positive weight")
        g = math.gcd(*merged.values())
        self._weights = {k: v // g for k, v in _sorted_items(merged)}
        self._total = sum(self._weights.values())

    # -- constructors ---------------------------------------------------------------
    @classmethod
    def die(cls, sides: int = 6) -> Dist:
        """A fair die numbered 1..sides."""
        return cls({face: 1 for face in range(1, sides + 1)})

    @classmethod
    def uniform(cls, outcomes: Iterable[Hashable]) -> Dist:
        return cls((o, 1) for o in outcomes)

    @classmethod
    def constant(cls, outcome: Hashable) -> Dist:
        return cls({outcome: 1})

    @classmethod
    def from_probabilities(cls, probs: Mapping[Hashable, Fraction] | Iterable[tuple[Hashable, Fraction]]) -> Dist:
        items = list(probs.items() if isinstance(probs, Mapping) else probs)
        denom = math.lcm(*(Fraction(p).denominator for _, p in items))
        return cls((o, int(Fraction(p) * denom)) for o, p in items)

    @classmethod
    def bernoulli(cls, p: Fraction) -> Dist:
        p = Fraction(p)
        return cls({True: p.numerator, False: p.denominator - p.numerator})

    @classmethod
    def binomial(cls, n: int, p: Fraction) -> Dist:
        """Number of successes in n independent trials of probability p."""
        p = Fraction(p)
        a, b = p.numerator, p.denominator - p.numerator
        return cls({k: math.comb(n, k) * a**k * b ** (n - k) for k in range(n + 1)})

    # -- Mapping protocol: outcome -> weight ---------------------------------------
    @classmethod
    def hypergeometric(cls, population: int, successes: int, draws: int) -> Dist:
        """Successes among `draws` cards drawn without replacement from `population` cards, of which
        `successes` are successes (for example copies of a card in a deck)."""
        for name, v in (("population", population), ("successes", successes), ("draws", draws)):
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise ValueError(f"{name} should be a whole number >= 0, got {v!r}")
        if successes > population or draws > population:
            raise ValueError(f"cannot draw {draws} or hold {successes} successes among {population} cards")
        failures = population - successes
        return cls({k: math.comb(successes, k) * math.comb(failures, draws - k)
                    for k in range(max(0, draws - failures), min(draws, successes) + 1)})

    def __getitem__(self, outcome: Hashable) -> int:
        return self._weights[outcome]

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self._weights)

    def __len__(self) -> int:
        return len(self._weights)

    def __hash__(self) -> int:
        return hash(frozenset(self._weights.items()))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Dist):
            return NotImplemented
        return self._weights == other._weights

    @property
    def total(self) -> int:
        return self._total

    # -- probabilities -------------------------------------------------------------
    def probability(self, outcome_or_test: Hashable | Callable[[Any], bool]) -> Fraction:
        """P(outcome), or P(test(outcome)) when given a callable."""
        if callable(outcome_or_test):
            hit = sum(w for o, w in self._weights.items() if outcome_or_test(o))
        else:
            hit = self._weights.get(outcome_or_test, 0)
        return Fraction(hit, self._total)

    def probabilities(self) -> dict[Hashable, Fraction]:
        return {o: Fraction(w, self._total) for o, w in self._weights.items()}

    def mean(self) -> Fraction:
        return Fraction(sum(o * w for o, w in self._weights.items()), self._total)

    def variance(self) -> Fraction:
        m = self.mean()
        return Fraction(sum((o - m) ** 2 * w for o, w in self._weights.items()), self._total)

    def at_least(self, k: Any) -> Fraction:
        return self.probability(lambda o: o >= k)

    def at_most(self, k: Any) -> Fraction:
        return self.probability(lambda o: o <= k)

    def cdf(self) -> dict[Hashable, Fraction]:
        acc, out = 0, {}
        for o, w in self._weights.items():
            acc += w
            out[o] = Fraction(acc, self._total)
        return out

    # -- combinators ---------------------------------------------------------------
    def map(self, f: Callable[[Any], Hashable]) -> Dist:
        return Dist((f(o), w) for o, w in self._weights.items())

    def bind(self, f: Callable[[Any], Dist]) -> Dist:
        """Mixture: for each outcome o, continue with the distribution f(o)."""
        parts = [(w, f(o)) for o, w in self._weights.items()]
        scale = math.lcm(*(d.total for _, d in parts))
        return Dist((o2, w * w2 * (scale // d.total)) for w, d in parts for o2, w2 in d._weights.items())

    def combine(self, other: Dist, op: Callable[[Any, Any], Hashable]) -> Dist:
        """Distribution of op(x, y) for independent x ~ self, y ~ other."""
        return Dist((op(a, b), wa * wb) for a, wa in self._weights.items() for b, wb in other._weights.items())

    def __add__(self, other: Dist | int) -> Dist:
        if isinstance(other, Dist):
            return self.combine(other, operator.add)
        return self.map(lambda o: o + other)

    __radd__ = __add__

    def __sub__(self, other: Dist | int) -> Dist:
        if isinstance(other, Dist):
            return self.combine(other, operator.sub)
        return self.map(lambda o: o - other)

    def __neg__(self) -> Dist:
        return self.map(operator.neg)

    def repeat(self, n: int, op: Callable[[Any, Any], Hashable] = operator.add) -> Dist:
        """op-fold of n independent copies (sum by default)."""
        if n < 1:
            raise ValueError("repeat needs n >= 1")
        out = self
        for _ in range(n - 1):
            out = out.combine(self, op)
        return out

    def pool(self, n: int) -> Dist:
        """n independent copies as a sorted tuple (descending): a dice pool."""
        out = self.map(lambda o: (o,))
        for _ in range(n - 1):
            out = out.combine(self, lambda t, o: tuple(sorted((*t, o), reverse=True)))
        return out

    def max_of(self, n: int) -> Dist:
        return self.repeat(n, max)

    def min_of(self, n: int) -> Dist:
        return self.repeat(n, min)

    # comparisons give the distribution of a boolean, like icepool
    def _compare(self, other: Dist | Any, op: Callable[[Any, Any], bool]) -> Dist:
        if isinstance(other, Dist):
            return self.combine(other, op)
        return self.map(lambda o: op(o, other))

    def ge(self, other: Dist | Any) -> Dist:
        return self._compare(other, operator.ge)

    def gt(self, other: Dist | Any) -> Dist:
        return self._compare(other, operator.gt)

    def le(self, other: Dist | Any) -> Dist:
        return self._compare(other, operator.le)

    def lt(self, other: Dist | Any) -> Dist:
        return self._compare(other, operator.lt)

    # -- display -------------------------------------------------------------------
    def rows(self) -> list[tuple[Hashable, Fraction, str]]:
        """(outcome, probability, 'a/b (x.y%)') for each outcome in order."""
        return [(o, p, format_probability(p)) for o, p in self.probabilities().items()]

    def __repr__(self) -> str:
        inner = ", ".join(f"{o!r}: {w}" for o, w in self._weights.items())
        return f"Dist({{{inner}}})"

    def __str__(self) -> str:
        rows = [(str(o), f) for o, _, f in self.rows()]
        width = max(len("outcome"), *(len(r[0]) for r in rows))
        lines = [f"{'outcome':>{width}}  probability", f"{'-' * width}  -----------"]
        lines += [f"{o:>{width}}  {f}" for o, f in rows]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        body = "".join(f"<tr><td>{o}</td><td>{f}</td></tr>" for o, _, f in self.rows())
        return f"<table class='hench-dist'><tr><th>outcome</th><th>probability</th></tr>{body}</table>"


def _sorted_items(d: dict) -> list:
    try:
        return sorted(d.items())
    except TypeError:
        return sorted(d.items(), key=lambda kv: repr(kv[0]))
