"""The Maniacal phase table: `state.phase` is always one of these ids; people see the titles.

The catalogue's state machine (section 2) has engine-only steps (reveals, passes, recruitment,
placing the Time tokens, refreshing, reseeding): they run inside the action that ends the step before
them, so they are `AUTO` rows here. docs/maniacal-phases.md maps every catalogue step to a row.
"""

from hench.core.phases import AUTO, CHANCE_ACTS, NOBODY, PLAYER, Phase, Phases

PHASES = Phases([
    Phase("draft", "Phase I: choose a Room to build or sell (in secret)", PLAYER,
          ("MA-041", "MA-040", "MA-042", "MA-049", "MA-056"), {"build", "sell"},
          "Pick one Room card from your hand and say whether you build it (pay its cost) or sell it (take its cost)."),
    Phase("recruit", "Phase II: henchmen join the highest attraction", PLAYER,
          ("MA-070", "MA-071", "MA-072", "MA-076", "MA-077"), {"recruit", "decline"},
          "For Beasts, Criminals, Scientists and Mystics in turn, the top attraction score recruits the face-up card "
          "(by itself; with the option optional_recruit, AMB-05, the recruiter may decline: the type then ends)."),
    Phase("contract_action", "Phase III: take one action", PLAYER,
          ("MA-090", "MA-091", "MA-092", "MA-095", "MA-190", "MA-200", "MA-172"),
          {"activate", "attempt", "visit", "pass", "scheme"},
          "Activate an Action room, attempt a contract, visit a Special Location, or pass."),
    Phase("assign", "Phase III: assign the contract team", PLAYER, ("MA-107", "MA-152", "MA-172"), {"assign", "scheme"},
          "Assign ready, uninjured henchmen one by one until the team is as big as the contract says (a positive "
          "Scheme may refresh one first)."),
    Phase("scheme_window", "Phase III: an opponent may play a negative Scheme", PLAYER,
          ("MA-165", "MA-166", "MA-167", "MA-168"), {"scheme", "no_scheme"},
          "Play the negative half of one of your Scheme cards against this attempt, or let it go."),
    Phase("remove_die", "Phase III: the Scheme's player takes one die out of the pool", PLAYER, ("MA-170",), {"remove"},
          "Your 'remove one die' Scheme takes one trait die out of the pool before the roll: choose its trait."),
    Phase("before_roll", "Phase III: before the dice are rolled", PLAYER, ("MA-111", "MA-130", "MA-136", "MA-172"),
          {"activate", "roll", "scheme"}, "Use a Contract room that works before rolling or a positive Scheme, or roll."),
    Phase("rolling", "Phase III: the Trait dice are rolling", CHANCE_ACTS, ("MA-116", "MA-118"), {"die"},
          "Each die shows a blank, a 1, a 2 or its trait icon."),
    Phase("after_roll", "Phase III: after the roll", PLAYER, ("MA-172", "MA-153", "MA-177", "MA-130"),
          {"activate", "scheme", "reroll", "done"},
          "Reroll with your Lackey, a Scheme or a Contract room, play a positive Scheme, or compare with the Target."),
    Phase("reroll", "Phase III: choose the dice to reroll", PLAYER, ("MA-153", "MA-177"), {"mark", "roll"},
          "Mark the dice to reroll (as many as this reroll allows), then roll them."),
    Phase("effect", "Phase III: choose who the contract's effect hits", PLAYER,
          ("MA-141", "MA-142", "MA-180", "MA-170", "MA-177"), {"choose", "scheme", "no_scheme"},
          "Choose the henchman the Captured, Injured or Power effect applies to."),
    Phase("hospital", "Phase III: Hoodlum Hospital", PLAYER, ("MA-192", "MA-172"), {"heal", "done", "scheme"},
          "Pay $2 to remove one Injury token, as often as you like, then leave."),
    Phase("after_contract", "Phase III: after resolving your contract", PLAYER, ("MA-172", "MA-174", "MA-086", "MA-083"),
          {"scheme", "done"}, "Play a positive Scheme (gain 2 weeks, refresh a henchman) before another player acts or "
          "your Time token leaves the track, or end your turn."),
    Phase("cleanup", "Phase IV: clean-up", AUTO, ("MA-205", "MA-212", "MA-213"), (),
          "Salaries, Mercenaries return, optional firing, refresh, new contracts."),
    Phase("salaries", "Phase IV: choose whom you cannot pay", PLAYER, ("MA-206", "MA-207", "MA-209"), {"dismiss"},
          "You cannot pay every salary: choose a henchman who leaves unpaid (Mercenaries are paid first)."),
    Phase("firing", "Phase IV: you may fire one henchman", PLAYER, ("MA-210",), {"fire", "keep"},
          "Fire one henchman (it leaves the game), or keep your crew."),
    Phase("over", "The game is over", NOBODY, ("MA-222", "MA-211"), (), "After round 3 the most Infamy wins."),
])
CONTRACT_STEPS = (  # Phase III, the Contract Phase (MA-080 .. MA-201)
    "contract_action", "assign", "scheme_window", "remove_die", "before_roll", "rolling", "after_roll", "reroll", "effect",
                  "hospital", "after_contract")
