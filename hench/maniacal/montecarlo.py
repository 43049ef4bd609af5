"""Simulated checks of hench.maniacal.odds: the dice rolled one at a time, each face read off the die, for the
apps' "Check by simulation" buttons. The simulation rolls once: rerolls are played optimally only by the exact
solver, so a question with rerolls has no simulation (NoSimulation says so)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from hench.core import HenchError, Rng
from hench.core.montecarlo import Check, Estimate, estimate

from . import odds
from .data import ManiacalData

Progress = Callable[[int], None] | None


class NoSimulation(HenchError):
    """This question has no simulation (rerolls are played only by the exact solver)."""


def roll_pool(rng: Rng, matching: int, other: int, data: ManiacalData | None = None) -> int:
    """The successes of one roll (MA-116, MA-118, MA-119): each die shows a random face of its kind."""
    faces = odds.face_values(data, True), odds.face_values(data, False)
    return (sum(faces[0][rng.randrange(len(faces[0]))] for _ in range(matching))
            + sum(faces[1][rng.randrange(len(faces[1]))] for _ in range(other)))


def _no_rerolls(rerolls: Sequence[odds.Reroll]) -> None:
    if rerolls:
        raise NoSimulation("the simulation rolls once, without rerolls: the reroll is computed exactly only")


def pool_estimate(matching: int, other: int, target: int, rerolls: Sequence[odds.Reroll] = (),
                  data: ManiacalData | None = None, *, trials: int = 10_000, seed: int = 0,
                  progress: Progress = None) -> Estimate:
    """Share of simulated rolls of `matching` + `other` dice that reach `target` (MA-120)."""
    _no_rerolls(rerolls)
    return estimate(lambda rng: roll_pool(rng, matching, other, data) >= target, trials, seed, progress,
                    every=max(1, trials // 20))


def contract_estimate(dice: Mapping[str, int], trait: str, target: int, rerolls: Sequence[odds.Reroll] = (),
                      data: ManiacalData | None = None, *, trials: int = 10_000, seed: int = 0,
                      progress: Progress = None) -> Estimate:
    """Share of simulated rolls of a pool (dice per trait) that meet a contract recommending `trait`."""
    matching, other = odds.split(dice, trait)
    return pool_estimate(matching, other, target, rerolls, data, trials=trials, seed=seed, progress=progress)


CHECKS = {
    "pool": Check("the pool reaches the Target", odds.success_chance, pool_estimate, {"matching": 4, "other": 2, "target": 5}),
    "contract": Check("the team meets the Target", odds.contract_chance, contract_estimate,
                      {"dice": {"brawn": 3, "magic": 2}, "trait": "brawn", "target": 4}),
}
