"""The phase table: `state.phase` is always one of these ids; people see the titles.

The catalogue's state machine has more states than a player meets: the engine runs the steps nobody
chooses in (dealing, drawing, returning excess cubes, passing the first-player token, the end check)
inside the action that causes them, and the turn's effect windows are moves open inside the phases
below. docs/huns-phases.md lists every difference with its reason.
"""

from hench.core.phases import CHANCE_ACTS, NOBODY, PLAYER, Phase, Phases

PHASES = Phases([
    Phase("setup_catchup_valuables", "Setup: catch-up Valuables for the 3rd and 4th players", PLAYER,
          ("HU-028", "HU-027", "HU-029"), {"bonus"}, "Take your catch-up Valuables from the Reserve."),
    Phase("round_roll_dice", "The first player rolls the 5 dice", CHANCE_ACTS, ("HU-032", "HU-031"), {"roll"},
          "Each die shows 1 to 3 and sits by the Valuables of its colour."),
    Phase("turn_take_die", "Your turn: take one die", PLAYER, ("HU-033", "HU-035", "HU-070", "HU-072"),
          {"take", "reroll", "activate"}, "Take a die still in the pool (a Diviner may reroll one first)."),
    Phase("turn_reroll_die", "A Diviner rerolls a die", CHANCE_ACTS, ("HU-077", "HU-070"), {"roll"},
          "The chosen die is rolled again."),
    Phase("turn_choose_action", "Your action: Draw Cards or Pillage Valuables", PLAYER,
          ("HU-034", "HU-041", "HU-042", "HU-072"), {"draw", "pillage", "activate"},
          "Draw cards of the die's colour or pillage Valuables of its colour."),
    Phase("effect_order", "Effects fire together: choose their order", PLAYER, ("HU-075",), {"order"},
          "A bonus and a 'minimum 1' penalty apply at once; you choose which resolves first."),
    Phase("draw_choose_card", "Play one of the cards you drew", PLAYER, ("HU-045", "HU-044", "HU-046", "HU-047"),
          {"play"}, "Play one drawn card; the others go under their deck."),
    Phase("curse_choose_target", "Choose who receives the Curse", PLAYER, ("HU-091",), {"curse"},
          "A Curse goes into an opponent's Camp."),
    Phase("curse_flee_decision", "The target flees or accepts the Curse", PLAYER, ("HU-094", "HU-095", "HU-096"),
          {"flee", "accept", "send back"}, "Flee it (face down, VP lost at the end) or accept its effect."),
    Phase("pillage_choose_destination", "Choose where the Valuables go: one card or your Wagons", PLAYER,
          ("HU-051", "HU-049", "HU-050", "HU-064", "HU-072"), {"onto", "activate"},
          "All the cubes go onto one card, or onto your Wagons (a Raid may come first)."),
    Phase("pillage_place", "Load the Valuables onto your Wagons", PLAYER, ("HU-050", "HU-057", "HU-058", "HU-059", "HU-064", "HU-072"),
          {"place", "return", "activate"}, "Put each cube on an empty space of its colour."),
    Phase("wagon_replace", "A full Wagon left: take a new one", PLAYER, ("HU-061", "HU-060", "HU-022"),
          {"take wagon"}, "Take a face-up Wagon or the top of the Wagon deck."),
    Phase("turn_after_window", "After your action: Raids, then end the turn", PLAYER, ("HU-041", "HU-071", "HU-072", "HU-086"),
          {"activate", "end turn"}, "Activate a Raid if you like, then end your turn."),
    Phase("game_over", "Final scoring: the game is over", NOBODY, ("HU-038", "HU-101", "HU-102", "HU-106", "HU-107"),
          (), "Most VP wins; a tie goes to the bigger Stash."),
])
CHANCE_PHASES = ("round_roll_dice", "turn_reroll_die")
