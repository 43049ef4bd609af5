"""The phase table of Lancaster with its modules: `state.phase` is always one of these ids.

The catalogue's state machine (section 2) runs many steps by itself (filling offices, clearing the
tower, evaluating counties, castles and conflicts, applying laws); those are AUTO phases here and
happen inside the action that ends the previous player step. See docs/lancaster-phases.md.
"""

from hench.core.phases import AUTO, NOBODY, PLAYER, Phase, Phases

PLACE_KINDS = {"county", "castle", "conflict", "tower", "apply", "treasury"}

PHASES = Phases([
    Phase("place", "Phase 1: place a knight (or your lord)", PLAYER,
          ("LH-015", "LH-001", "LH-014", "LH-016", "LH-080"), PLACE_KINDS,
          "Place one piece: a knight in a county, your castle, a conflict or the tower, or your lord at court."),
    Phase("vote", "Phase 2: vote on the proposed law", PLAYER, ("LH-001", "LH-105"), {"vote"},
          "Vote yes or no in secret, adding any voting markers you want to spend."),
    Phase("laws", "Phase 2: the current laws are applied", AUTO, ("LH-001", "LH-105", "LH-112"), (),
          "The three current laws take effect from left to right."),
    Phase("law_choice", "Phase 2: a law offers you a choice", PLAYER, ("LH-001", "LH-110"), {"choose"},
          "Choose how many to buy, trade or sell under the law being applied."),
    Phase("rewards", "Phase 3: rewards", AUTO, ("LH-029", "LH-088", "LH-001"), (),
          "Offices, tower, counties, castles and conflicts are evaluated in this order."),
    Phase("upgrade", "An upgrade opportunity", PLAYER, ("LH-001", "LH-060", "LH-073"), {"upgrade", "bishop", "decline"},
          "Upgrade one of your knights by 1 (to at most 4), take a bishop instead (with the King's Court), or decline. "
          "With 2 players an ally's opportunity is its controller's choice: upgrade an ally knight, or remove a bishop "
          "from the game instead (LH-073)."),
    Phase("dorset", "Dorset: send your knight on to a conflict", PLAYER, ("LH-059", "LH-001"), {"dorset"},
          "Move your Dorset knight (with its Tudor knight) to a conflict, or send it back to court."),
    Phase("final", "Final scoring", AUTO, ("LH-093", "LH-064"), (),
          "Knighthood, then seals, then dishonor (always last)."),
    Phase("over", "The game is over", NOBODY, ("LH-093",), (), "Most power points wins."),
])
