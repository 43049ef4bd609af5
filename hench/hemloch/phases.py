"""The phase table: `state.phase` is always one of these ids; people see the titles.

The catalogue's state machine (section 2) has more states than a player meets: the steps nobody chooses
in (the free draw, the Influence totals, the draw up to two, passing the Start Player, the end check,
final scoring) run inside the action that causes them; they are listed here as AUTO phases so the table
reads like the catalogue. docs/hemloch-phases.md gives every difference and its reason.
"""

from hench.core.phases import AUTO, CHANCE_ACTS, NOBODY, PLAYER, Phase, Phases

PHASES = Phases([
    Phase("draft_pick", "Draft: keep one card and pass the rest", PLAYER, ("HL-090", "HL-088", "HL-089", "HL-091"),
          {"keep"}, "Keep one card of the pack you hold face down; the rest go to the other player."),
    Phase("reveal_week_card", "The Start Player turns over the next Week card", CHANCE_ACTS,
          ("HL-050", "HL-038", "HL-035", "HL-036"), {"reveal"},
          "The top Week card is a Night or a Day; the Festival moves to the Location it names."),
    Phase("turn_start_draw", "Start of turn: a free draw for an empty hand", AUTO, ("HL-054",), (),
          "A player whose hand is empty draws 1 card at no Action cost."),
    Phase("turn_actions", "Your turn: spend your Actions", PLAYER,
          ("HL-055", "HL-056", "HL-057", "HL-058", "HL-064", "HL-065", "HL-066"), {"draw", "play", "use", "pass"},
          "Draw a card or play a Minion (1 Action each); an Item once per turn (a Potion costs no Action); "
          "with the pass option, pass to end the turn."),
    Phase("ability_mark", "An ability places one of your Markers", PLAYER, ("HL-060", "HL-061", "HL-063"), {"mark"},
          "Choose an empty Influence Space of the Location for your Marker."),
    Phase("ability_festival", "An ability moves the Festival", PLAYER, ("HL-060", "HL-063", "HL-038"), {"festival"},
          "Choose the Location the Festival Piece moves to."),
    Phase("ability_steal", "An ability steals an Item", PLAYER, ("HL-029", "HL-060", "HL-063"), {"steal"},
          "Choose which of the other player's Items you take."),
    Phase("ability_flip", "An ability: turn one of your Items face up?", PLAYER, ("HL-033", "HL-060"), {"flip"},
          "None of that Item is left in the supply: you may turn one of yours of that kind face up instead."),
    Phase("ability_recall", "An ability returns one of your Minions to your hand", PLAYER, ("HL-060", "HL-063"), {"recall"},
          "Choose one of your other Minions on the Locations to take back into your hand."),
    Phase("item_scepter", "Your Scepter moves one of your Minions", PLAYER, ("HL-031", "HL-039"), {"move"},
          "Choose one of your Minions and a Location without the Festival to move it to."),
    Phase("influence_check", "Influence Check: the winner places a Marker", PLAYER,
          ("HL-078", "HL-074", "HL-075", "HL-076", "HL-077", "HL-079", "HL-080"), {"mark"},
          "Choose an empty Influence Space for your Marker (on a tie the Start Player places first)."),
    Phase("weeks_end_retreat", "Week's End: retreat half of your Minions", PLAYER, ("HL-069", "HL-067", "HL-068"),
          {"retreat"}, "At each Location discard half of your Minions there, rounded down; you choose which."),
    Phase("weeks_end_draw", "Week's End: draw up to two cards", AUTO, ("HL-070",), (),
          "Each player draws until holding 2 cards."),
    Phase("weeks_end_swap", "Week's End: the Start Player turns a Night into a Day", PLAYER,
          ("HL-071", "HL-072", "HL-073"), {"swap"},
          "Choose a Night in the Week deck; its Corresponding Day takes its place and the Night leaves the game."),
    Phase("check_game_end", "The end conditions are checked", AUTO, ("HL-042", "HL-043", "HL-044", "HL-045", "HL-046",
                                                                     "HL-047"), (),
          "After every Day or Night (and after Week's End) the game ends if any end condition holds."),
    Phase("game_over", "Final scoring: the game is over", NOBODY, ("HL-081", "HL-048", "HL-082", "HL-083", "HL-084",
                                                                   "HL-085", "HL-086", "HL-087"), (),
          "Markers score 1, or 2 when touching one of their own; Items 2 face up, 1 face down."),
])

CHOICE_PHASE = {"keep": "draft_pick", "flip": "ability_flip", "festival": "ability_festival", "steal": "ability_steal",
                "recall": "ability_recall", "scepter": "item_scepter", "retreat": "weeks_end_retreat",
                "swap": "weeks_end_swap"}
