"""The options of `new_game` (custom mode and the catalogue's real reading choices)."""

from __future__ import annotations

from hench.core import Option, Reading

OPTIONS: dict[str, Option] = {o.name: o for o in (
    Option("days", 4, "number of days: 4 standard, 3 short or 5 long (HM-014, HM-086)", (3, 4, 5)),
    Option("win_threshold", 30, "a score that ends the game at the end of a day: 30, or 25 in custom mode (HM-077, HM-087)", (25, 30)),
    Option("threshold_inclusive", True, "A2: the game ends when a score reaches (True) or passes (False) the threshold", (True, False)),
    Option("first_player", None, "HM-011/012 stand-in: the seat (0-based) taking the Badge of Honor; None: drawn from the seed",
           (None, 0, 1, 2, 3, 4)),
    Option("score_floor", "zero", "A11: scores stop at 0 ('zero') or may go negative ('none')", ("zero", "none")),
    Option("domination_draw", "choose", "A4: the dominating player chooses to take the extra card, or always takes it",
           ("choose", "always")),
    Option("reserve_discard_must_be_exhausted", False, "A7: a full Reserve may drop any card (False) or only a "
           "turned, used one (True)", (False, True)),
    Option("guard_timing", "after_glove", "HM-102/103: the Guard window comes right after the Glove, or after the "
           "Attacker has laid a weapon (which the Guard then sends back)", ("after_glove", "after_weapon")),
    Option("data", None, "component data: None for the builtin data, or the path of your own TOML file (see data/*.toml)"),
)}

# How the engine reads the catalogue's ambiguities (section 6): id, the reading, the option that changes it (or None).
READINGS: tuple[Reading, ...] = (
    Reading("A1", "an attack die at or above the Attack value is a hit", None),
    Reading("A2", "after each phase 3 the game ends if a score reaches the threshold or the last day is done",
            "threshold_inclusive"),  # the threshold and the number of days are options too (win_threshold, days)
    Reading("A3", "domination is a strict plurality: more pawns than every other player", None),
    Reading("A4", "the extra card comes from the dominated site's pile, by choice, in seat order from the Badge holder",
            "domination_draw"),
    Reading("A5", "tie-break duels: the tied player first clockwise from the Badge attacks first, bare-handed; "
            "Reserve cards (Apothecary) and the Master-at-Arms Trump apply; only wounds count", None),
    Reading("A6", "three or more tied leaders play one more full day, then the end check runs again", None),
    Reading("A7", "a full Reserve drops any card of the player's choice", "reserve_discard_must_be_exhausted"),
    Reading("A8", "Traitor takes an opponent's pawn off a site; next day the taker places it (drawing the card), "
            "it counts for its owner, who places one fewer", None),
    Reading("A9", "domination is recomputed live as pawns move; the extra card is drawn only at the end of phase 1", None),
    Reading("A10", "no action simply discards a card from hand", None),
    Reading("A11", "scores never go below 0", "score_floor"),
    Reading("A12", "a site with no card left still takes a pawn; nothing is drawn", None),
    Reading("A13", "animal cards and the other additional cards are not included (variant off)", None),
    Reading("A14", "Guard and Armory cards are the only hand cards a passed player may play (in a duel); "
            "Reserve effects such as the Apothecary still work", None),
    Reading("A15", "Gauntlet = Glove, Army card = Armory card, Demonstration = Performance card", None),
    Reading("A16", "Old Lady (HM-107): at your turn she borrows an opponent's 'At your turn' Trump effect (Innkeeper, "
            "Bishop, Royal Favour), turned or not; an opponent's Banner or Master-at-Arms she can lend at its moment "
            "(winning a duel as Attacker; fighting bare-handed) if you have no such Trump: when the loan would change "
            "the result (a bare-handed die it turns into a hit or a parry; the Banner's points) you choose to borrow, "
            "and she turns, or to keep her unturned for later",
            None),
    Reading("HM-069", "duel cards go back on their sites' discard piles without asking their owners for an order, since "
            "no order can change anything: a discard pile is public (HM-088), no card is ever taken from it by position, "
            "and it becomes a draw pile only by a shuffle (HM-019) that starts from its cards in id order, so the new "
            "pile is the same whatever order they were put back in; the order is only how the pile is listed", None),
    Reading("M8", "Royal Favour is an 'At your turn' Trump (+1 point once a day), not a day-end point: phase 3 scores "
            "Reserve cards only (HM-071)", None),
    Reading("A17", "Porter placements ignore the spot limit however many Porters a site already has", None),
    Reading("A18", "every discarded card goes to its own site's discard pile", None),
    Reading("A19", "8 pawns per player at every player count", None),
    Reading("A20", "Performance cards score by the number of different kinds: 0, 1, 3, 5", None),
    Reading("HM-102", "the Guard window comes straight after the Glove", "guard_timing"),
)
