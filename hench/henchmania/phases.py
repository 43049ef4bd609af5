"""The phase table: `state.phase` is always one of these ids; people see the titles.

Setup, phase 3 (end of day) and the start of tie-break duels run inside the action that leads to
them (actor AUTO); the duel's steps are phases of their own, and a tie-break duel runs through the
same roll, Old Lady and Apothecary phases (`state.tiebreak` says it is one). See docs/henchmania-phases.md.

A duel ends inside the roll or window action that settles it: there is no phase for putting the duel
cards back (HM-069), because the order they go back in cannot change anything (READINGS, HM-069).
"""

from hench.core.phases import AUTO, CHANCE_ACTS, NOBODY, PLAYER, Phase, Phases

PHASES = Phases([
    Phase("game_setup", "Setup: 5 points each, the Badge of Honor", AUTO, ("HM-009", "HM-010", "HM-013"), (),
          "Every player gets 8 pawns and 5 points; the first player takes the Badge of Honor."),
    Phase("set_henchmen", "Phase 1: set the Henchmen pawns", PLAYER,
          ("HM-016", "HM-017", "HM-019", "HM-020", "HM-098"), {"place", "porter"},
          "Place one pawn on a site with a free spot and draw that site's top card."),
    Phase("resolve_domination", "Phase 1: domination and the extra card", PLAYER,
          ("HM-022", "HM-021", "HM-023", "HM-024"), {"extra", "skip"},
          "The player who dominates a site decides whether to take one extra card from it."),
    Phase("play_cards", "Phase 2: play your cards", PLAYER,
          ("HM-025", "HM-027", "HM-029", "HM-038", "HM-043", "HM-047"), {"play", "use", "pass"},
          "Play one card, use one 'At your turn' effect, or pass for the rest of the day."),
    Phase("guard_window", "Duel: the Guard may stop it", PLAYER, ("HM-102", "HM-052", "HM-053", "HM-103"),
          {"guard", "noguard"}, "The Defender may answer the Glove with a Guard, or not."),
    Phase("attacker_weapon", "Duel: the Attacker's weapon", PLAYER, ("HM-054", "HM-055"), {"weapon"},
          "The Attacker declares one Armory card, or bare hands."),
    Phase("defender_weapon", "Duel: the Defender's weapon", PLAYER, ("HM-056", "HM-048"), {"weapon"},
          "The Defender declares one Armory card, or bare hands."),
    Phase("attack_roll", "Duel: the attack dice", CHANCE_ACTS, ("HM-057", "HM-058", "HM-059"), {"roll"},
          "The Attacker rolls 3 dice; each at or above the Attack value hits."),
    Phase("defense_roll", "Duel: one defense die per hit", CHANCE_ACTS, ("HM-060", "HM-061", "HM-062"), {"roll"},
          "The Defender rolls one die per hit; each at or above the Defense value parries."),
    Phase("old_lady_window", "Duel: the Old Lady's loan", PLAYER, ("HM-107", "HM-036"), {"oldlady", "keepoldlady"},
          "An opponent's Trump would change this roll or this win: the fighter's Old Lady may borrow it, or wait."),
    Phase("apothecary_window", "Duel: the Defender's Apothecary", PLAYER, ("HM-096",), {"apothecary", "noapothecary"},
          "The Defender may turn an unused Apothecary to cancel one wound."),
    Phase("courtesan_window", "Duel: another player's Courtesan", PLAYER, ("HM-092",), {"courtesan", "nocourtesan"},
          "A player outside the duel may turn a Courtesan to cancel one wound."),
    Phase("discard_hands", "End of phase 2: discard hands (Nosy Parker keeps one)", PLAYER,
          ("HM-101", "HM-049", "HM-050"), {"keep"}, "A Nosy Parker owner picks one hand card to keep."),
    Phase("end_of_day", "Phase 3: score, straighten, recall, end check, Badge", AUTO,
          ("HM-071", "HM-072", "HM-073", "HM-074", "HM-075", "HM-076"), (),
          "Reserves score, used cards are straightened, pawns come home, and the Badge moves on."),
    Phase("tiebreak_duels", "Tie-break duels between two leaders", AUTO, ("HM-080", "HM-081", "HM-082", "HM-084"), (),
          "Two tied leaders each attack once, bare-handed; more wounds wins (through the duel's roll phases)."),
    Phase("game_end", "End of the game: the Bailiff", NOBODY, ("HM-075", "HM-077", "HM-078", "HM-008"), (),
          "The player with the most points becomes Bailiff of Montfleury."),
])

DUEL_PHASES = frozenset({"guard_window", "attacker_weapon", "defender_weapon", "attack_roll", "defense_roll",
                         "old_lady_window", "apothecary_window", "courtesan_window"})
ROLL_PHASES = frozenset({"attack_roll", "defense_roll"})
TIEBREAK_PHASES = frozenset({"attack_roll", "defense_roll", "old_lady_window", "apothecary_window"})
