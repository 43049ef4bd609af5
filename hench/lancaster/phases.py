"""The phase table of Lancaster with its modules: `state.phase` is always one of these ids.

A round runs phase 1 (place knights), phase 2 (parliament) and phase 3 (rewards) (LB-016). The steps the
engine runs by itself (counting votes, applying laws, filling offices, clearing the tower, paying counties,
castles and conflicts) are AUTO phases and happen inside the move that ends the previous player step; a
choice they offer (an upgrade, a favor tile, a county's reward, the start player, a ransom...) is a phase of
its own for the player who chooses. See docs/lancaster-phases.md.
"""

from hench.core.phases import AUTO, NOBODY, PLAYER, Phase, Phases

PLACE_KINDS = {"county", "castle", "conflict", "tower", "apply", "treasury"}

PHASES = Phases([
    Phase("place", "Phase 1: place a knight (or your lord)", PLAYER, ("LB-017", "LB-018", "LB-019", "LH-015", "LB-092"),
          PLACE_KINDS, "Place one knight from your court in a county, your castle or a conflict (with the modules: the tower, "
          "or your lord at the king's court). With 2 players you place one piece a turn, your own or your ally's."),
    Phase("vote", "Phase 2: vote on the proposed law", PLAYER, ("LB-035", "LB-034", "LB-036"), {"vote"},
          "Vote yes or no in secret, adding any voting markers you want to spend; a tie approves the law."),
    Phase("laws", "Phase 2: the current laws are applied", AUTO, ("LB-041", "LB-040"), (),
          "The three current laws take effect from left to right."),
    Phase("law_choice", "Phase 2: a law offers you a choice", PLAYER, ("LB-042", "LH-110"), {"choose"},
          "Choose how many to buy or convert under the law being applied (0 is allowed)."),
    Phase("rewards", "Phase 3: rewards", AUTO, ("LB-045", "LH-029", "LH-088"), (),
          "Counties A to I, then the castles from the start player on, then the conflicts (lower row first)."),
    Phase("extension", "Choose an extension tile for your castle", PLAYER, ("LB-009", "LB-041"), {"extension"},
          "Place one of your extension tiles not yet in your castle; it pays in every castle step from now on."),
    Phase("upgrade", "An upgrade opportunity", PLAYER, ("LB-072", "LB-051", "LH-060", "LH-073"), {"upgrade", "bishop", "decline"},
          "Swap one of your knights for the reserve knight of the next strength, take a bishop instead (King's Court), "
          "or let it go."),
    Phase("favor", "The King's Favor: choose a tile", PLAYER, ("LB-031", "LB-096"), {"favor"},
          "One of the first six knights sent to a conflict this round: take the reward of a face-up favor tile."),
    Phase("county", "A county's reward: nobleman, reward or both", PLAYER, ("LB-047", "LB-048", "LB-098"), {"reward"},
          "Take a nobleman of this county, its other reward, or pay 3 gold for both."),
    Phase("noble", "Choose a nobleman", PLAYER, ("LB-033", "LB-048", "LB-096"), {"noble"},
          "Take a nobleman from a county with tiles left (one per letter), or for an ally remove one from the game."),
    Phase("dorset", "Passage to France: send your knight on", PLAYER, ("LB-052", "LH-059"), {"dorset"},
          "Move your knight (with its Tudor knight) to a conflict, or send it back to court."),
    Phase("start", "Surrey: name the start player", PLAYER, ("LB-050",), {"start"},
          "Name the start player, yourself included; the new order counts at once."),
    Phase("castle_pay", "Your castle: pay for an extension's reward?", PLAYER, ("LB-055", "LB-053"), {"pay"},
          "This extension's reward costs squires: pay for it, or refuse."),
    Phase("ransom", "A captured knight: pay its ransom?", PLAYER, ("LB-066", "LB-100"), {"pay"},
          "Pay 1 gold per strength level and the knight comes back to court; refuse and it goes to your reserve."),
    Phase("over", "The game is over", NOBODY, ("LB-080", "LB-087", "LH-093"), (),
          "Most power points wins; a tie is a shared win."),
])
