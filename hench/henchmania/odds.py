"""Exact odds of Henchmania duels and draws (catalogue section 7), as `Fraction` and `Dist`.

Thresholds: a die showing at least the threshold succeeds, so an Attack value A hits with
probability (7-A)/6 and a Defense value D parries with (7-D)/6 on six-sided dice.

>>> duel_win_probability(4, 4)
Fraction(37, 64)
>>> duel_win_probability(5, 5, apothecary=True)
Fraction(92, 729)
>>> expected_points(5, 5)
(Fraction(529, 243), Fraction(200, 729))
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

TYPE_CHECKING = False  # typing, Dist and the engine are not imported at run time: importing the odds stays cheap

if TYPE_CHECKING:  # pragma: no cover
    from os import PathLike

    from hench.core.dist import Dist

    from .data import GameData
    from .state import HMState


def load_data(path: str | PathLike[str] | None = None) -> GameData:
    """The game data (hench.henchmania.data.load_data), imported on first use."""
    from .data import load_data as load

    return load(path)

FACES = 6
DICE = 3


def _check(threshold: int, faces: int) -> int:
    if not isinstance(threshold, int) or isinstance(threshold, bool) or not 1 <= threshold <= faces:
        raise ValueError(f"a threshold is a whole number from 1 to {faces}, got {threshold!r}")
    return threshold


def success_probability(threshold: int, faces: int = FACES) -> Fraction:
    """P(one die >= threshold)."""
    return Fraction(faces + 1 - _check(threshold, faces), faces)


def unparried_probability(attack: int, defense: int, faces: int = FACES) -> Fraction:
    """r = P(one attack die hits AND its defense die fails) = (7-A)(D-1)/36 on d6."""
    return success_probability(attack, faces) * (1 - success_probability(defense, faces))


def hits_distribution(attack: int, dice: int = DICE, faces: int = FACES) -> Dist:
    """Number of hits among the attack dice (HM-057/058)."""
    from hench.core.dist import Dist

    return Dist.binomial(dice, success_probability(attack, faces))


def unparried_hits(attack: int, defense: int, *, dice: int = DICE, faces: int = FACES, apothecary: bool = False) -> Dist:
    """Distribution of unparried hits (wounds): hits, then one defense die per hit (HM-060/061);
    an Apothecary cancels one wound (HM-096)."""
    from hench.core.dist import Dist

    q = success_probability(defense, faces)
    wounds = hits_distribution(attack, dice, faces).bind(lambda h: Dist.binomial(h, q).map(lambda parried: h - parried))
    return wounds.map(lambda u: max(u - 1, 0)) if apothecary else wounds


def duel_win_probability(attack: int, defense: int, *, apothecary: bool = False, dice: int = DICE, faces: int = FACES) -> Fraction:
    """P(the Attacker wins) = P(at least one unparried hit) (HM-063); with an Apothecary, at least two.

    Each attack die independently becomes an unparried hit with probability r (`unparried_probability`),
    so the wounds are Binomial(dice, r) and the chance is read from its lower tail in closed form
    (`unparried_hits` builds the same distribution step by step; the tests check both by brute force)."""
    if not isinstance(dice, int) or isinstance(dice, bool) or dice < 0:
        raise ValueError(f"the number of dice is a whole number >= 0, got {dice!r}")
    r = unparried_probability(attack, defense, faces)
    miss = 1 - r
    none = miss ** dice
    if not apothecary:
        return 1 - none
    return 1 - none - (dice * r * miss ** (dice - 1) if dice else 0)


def point_changes(attack: int, defense: int, *, apothecary: bool = False, data: GameData | None = None) -> Dist:
    """Distribution of (Attacker's change, Defender's change) (HM-065..068), without the score floor."""
    v = (data or load_data()).values
    faces, dice = v["die_faces"], v["attack_dice"]

    def change(u: int) -> tuple[int, int]:
        if u >= 1:
            return v["attacker_win_points"], -v["defender_loss_per_wound"] * u
        return -v["attacker_loss"], v["defender_win_points"]

    return unparried_hits(attack, defense, dice=dice, faces=faces, apothecary=apothecary).map(change)


def expected_points(attack: int, defense: int, *, apothecary: bool = False, data: GameData | None = None) -> tuple[Fraction, Fraction]:
    """(E[Attacker's change], E[Defender's change]); e.g. 6P-1 and 2(1-r)^3-3r without Apothecary."""
    probs = point_changes(attack, defense, apothecary=apothecary, data=data).probabilities()
    # Dist keeps its outcomes as Hashable; point_changes' outcomes are (Attacker's change, Defender's change)
    pairs: dict[tuple[int, int], Fraction] = probs  # type: ignore[assignment]
    return (sum((p * a for (a, _), p in pairs.items()), Fraction(0)),
            sum((p * d for (_, d), p in pairs.items()), Fraction(0)))


def win_table(*, apothecary: bool = False, faces: int = FACES) -> dict[tuple[int, int], Fraction]:
    """P(Attacker wins) for every (A, D) pair: catalogue tables 1 and Q3."""
    return {(a, d): duel_win_probability(a, d, apothecary=apothecary, faces=faces)
            for a in range(1, faces + 1) for d in range(1, faces + 1)}


# -- tie-break duels (HM-080..084) -----------------------------------------------------------
def tiebreak_round(x_attack: int, x_defense: int, y_attack: int, y_defense: int) -> tuple[Fraction, Fraction, Fraction]:
    """(P X inflicts more wounds, P Y inflicts more, P equal) over one pair of duels."""
    ux = unparried_hits(x_attack, y_defense)
    uy = unparried_hits(y_attack, x_defense)
    diff = ux.combine(uy, lambda a, b: (a > b) - (a < b))
    return diff.probability(1), diff.probability(-1), diff.probability(0)


def tiebreak_win_probability(x_attack: int, x_defense: int, y_attack: int, y_defense: int) -> Fraction:
    """P(X eventually wins the tie-break): equal rounds repeat, so P(X>Y) / (P(X>Y) + P(Y>X))."""
    px, py, _ = tiebreak_round(x_attack, x_defense, y_attack, y_defense)
    if px + py == 0:
        raise ValueError("neither player can ever wound the other: the tie-break never ends")
    return px / (px + py)


# -- draws (hypergeometric) ------------------------------------------------------------------
def hypergeometric(population: int, successes: int, draws: int) -> Dist:
    """Number of marked cards among `draws` cards from `population` holding `successes` marked ones."""
    from hench.core.dist import Dist

    if not 0 <= successes <= population or not 0 <= draws <= population:
        raise ValueError(f"need 0 <= successes, draws <= population; got {successes}, {draws}, {population}")
    return Dist({k: comb(successes, k) * comb(population - successes, draws - k)
                 for k in range(0, min(successes, draws) + 1)})


def draw_probability(card: str, draws: int, *, data: GameData | None = None, site: str | None = None) -> Fraction:
    """P(at least one `card` among `draws` cards from a fresh pile of its site) (Q6), from the data."""
    return draw_distribution(card, draws, data=data, site=site).probability(lambda k: k >= 1)


def draw_distribution(card: str, draws: int, *, data: GameData | None = None, site: str | None = None) -> Dist:
    data = data or load_data()
    c = data.card(card)
    site_index = c.site if site is None else data.site_names.index(site)
    population = sum(1 for d in data.deck if d.site == site_index)
    copies = c.copies if c.site == site_index else 0
    return hypergeometric(population, copies, draws)


def performance_points(kinds: int, data: GameData | None = None) -> int:
    """Points for `kinds` different Performance cards (HM-072, A20)."""
    table = (data or load_data()).values["performance_points"]
    return table[min(kinds, len(table) - 1)]


# -- a live duel -----------------------------------------------------------------------------
def live_duel_win_probability(state: HMState) -> Fraction | None:
    """P(the Attacker wins the duel in progress), once weapons are declared (at a roll phase), with the
    Defender using every unturned Apothecary (one wound each, HM-096) and no Courtesan. None elsewhere."""
    from hench.core.chance import CHANCE
    from hench.core.dist import Dist

    from .transitions import attack_value, defense_value

    d = state.duel
    if d is None or state.current_player != CHANCE:
        return None
    cancel = state.fresh_count(d["dfn"], "apothecary")
    faces, a, b = state.data.values["die_faces"], attack_value(state), defense_value(state)
    if state.phase == "attack_roll":
        r = unparried_probability(a, b, faces)
        wounds = Dist.binomial(state.data.values["attack_dice"], r)
    else:
        q = success_probability(b, faces)
        wounds = Dist.binomial(d["hits"], q).map(lambda parried: d["hits"] - parried)
    return wounds.probability(lambda u: u - cancel >= 1)


def __getattr__(name: str) -> object:
    """`odds.Dist` as before (imported on first use: the duel table needs only fractions)."""
    if name == "Dist":
        from hench.core.dist import Dist

        return Dist
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
