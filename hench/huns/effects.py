"""Card effects: which effects are live in a Camp, and how they change the numbers of a turn.

Timing windows (HU-069..HU-074) and where the engine opens them (legality.raid_window_ok):

- begin   (HU-070): before taking the die (`turn_take_die`: a Diviner's reroll, a begin-Raid) or just after
                    (`turn_choose_action`, before the action: a begin-Raid, Forced March only here); Swift Horse
                    applies as the die is taken.
- during  (HU-072): passive modifiers apply to the action itself; a during-Raid can be activated before the die
                    is taken, before the action, in the middle of a Pillage (`pillage_choose_destination`,
                    `pillage_place`: the Pillage's cubes wait aside until the Raid is over) or after the action
                    (`turn_after_window`). At most one Raid a turn (HU-086), never during setup.
- after   (HU-071): after-Raids are activated in `turn_after_window` only.
- anytime (HU-073): the Bodyguard answers a Curse at the moment it arrives (`curse_flee_decision`).
- end     (HU-074): Treasures are scored by `hench.huns.scoring`.

A live effect (HU-082, HU-088, HU-092): an Equipment always; a Mercenary while every space holds a cube; a
face-up Curse until it is full. Fled Curses never act (HU-094). When a bonus (Keen Scout, Saddlebags...) and a
"one fewer, at least 1" penalty (Lame Horse, Blight) change the same Draw or Pillage and their order changes
the number, the active player chooses which resolves first (HU-075: `effect_order`); otherwise they simply add.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from .data import BLACK, BLUE, GREEN, HunsData

if TYPE_CHECKING:  # pragma: no cover
    from .state import Camp


def live_effects(camp: Camp, data: HunsData) -> Counter[tuple[str, int]]:
    """Counter of (effect, param) over the live cards of a Camp (cached on the Camp: whoever changes its cards,
    the cubes on them or its fled Curses resets `camp.fx`)."""
    fx = camp.fx
    if fx is None:
        fx = Counter[tuple[str, int]]()
        for card in camp.cards:
            if is_live(camp, data, card):
                c = data.cards[card]
                fx[(c.effect, c.param)] += 1
        camp.fx = fx
    return fx


def is_live(camp: Camp, data: HunsData, card: int) -> bool:
    c = data.cards[card]
    if c.colour == BLUE:
        return True  # HU-082: permanent
    if c.colour == GREEN:
        return len(camp.cubes.get(card, ())) >= c.spaces  # HU-088, HU-089
    if c.colour == BLACK:
        return card not in camp.fled and len(camp.cubes.get(card, ())) < c.spaces  # HU-092, HU-093
    return False


def count(camp: Camp, data: HunsData, effect: str, param: int = -1) -> int:
    fx = camp.fx
    if fx is None:
        fx = live_effects(camp, data)
    return fx.get((effect, param), 0)


def die_value(camp: Camp, data: HunsData, shown: int) -> int:
    """The value a taken die counts as (Swift Horse, Horse-master: a 1 counts as 2)."""
    if shown == 1 and count(camp, data, "swift_horse"):
        return 2
    return shown


def combine(base: int, bonus: int, penalty: int, first: str = "bonus") -> int:
    """The number after a bonus and a "-penalty, minimum 1" effect, in the order chosen (HU-075)."""
    if not penalty:
        return base + bonus
    if first == "bonus":
        return max(1, base + bonus - penalty)
    return max(1, base - penalty) + bonus


def draw_parts(camp: Camp, data: HunsData, colour: int, value: int) -> tuple[int, int, int]:
    """(base, bonus, penalty) of a Draw (HU-044 plus Keen Scout, Tracker, Ildico; Lame Horse): the cards' triggers
    fire by themselves (HU-078)."""
    bonus = count(camp, data, "extra_draw") + (count(camp, data, "extra_draw_curse") if colour == BLACK else 0)
    return value, bonus, count(camp, data, "lame_horse")


def pillage_parts(camp: Camp, data: HunsData, colour: int, value: int) -> tuple[int, int, int]:
    """(base, bonus, penalty) of a Pillage (HU-049 plus Saddlebags, Quartermaster; Blight): the cards' triggers
    fire by themselves (HU-078)."""
    bonus = count(camp, data, "saddlebag", colour) + count(camp, data, "extra_cube")
    return value, bonus, count(camp, data, "blight", colour)


def order_matters(parts: tuple[int, int, int]) -> bool:
    """Whether a bonus and a penalty both apply and their order changes the number (HU-075)."""
    return bool(parts[1] and parts[2]) and combine(*parts, first="bonus") != combine(*parts, first="penalty")


def draw_count(camp: Camp, data: HunsData, colour: int, value: int, first: str = "bonus") -> int:
    """Cards drawn by a Draw action."""
    return combine(*draw_parts(camp, data, colour, value), first=first)


def pillage_count(camp: Camp, data: HunsData, colour: int, value: int, first: str = "bonus") -> int:
    """Cubes taken by a Pillage action."""
    return combine(*pillage_parts(camp, data, colour, value), first=first)


def wild_cubes(camp: Camp, data: HunsData) -> int:
    """Wild cubes per turn (Broad Wagon, Teamster: one cube on a space of any colour each)."""
    return count(camp, data, "wild_cube")


def deck_only_replacement(camp: Camp, data: HunsData) -> bool:
    return count(camp, data, "broken_axle") > 0


def raids_blocked(camp: Camp, data: HunsData) -> bool:
    return count(camp, data, "bad_omen") > 0


def has_diviner(camp: Camp, data: HunsData) -> bool:
    return count(camp, data, "diviner") > 0


def free_bodyguard(camp: Camp, data: HunsData) -> int:
    """A live Bodyguard whose one answer to a Curse is unused, or -1."""
    for card in camp.cards:
        if data.cards[card].effect == "bodyguard" and card not in camp.used and is_live(camp, data, card):
            return card
    return -1
