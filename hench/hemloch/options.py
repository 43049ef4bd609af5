"""The game's options and how the engine reads the catalogue's ambiguities (each reading a `hench.core.Reading`,
with the option that changes it, if any). Listed in the apps' assumptions table (data.assumptions)."""

from __future__ import annotations

from hench.core import Option, Reading

OPTIONS = {
    "first_player": Option("first_player", None, "HL-011: the first Week's Start Player (None: drawn from the seed)"),
    "sides": Option("sides", None, "HL-003, HL-095: 'light', 'dark', or 4 letters L/D, one per Location (e.g. 'LDLD'); "
                                 "None: all Light (or what `location_sides` says)"),
    "location_sides": Option("location_sides", None, "HL-003: the catalogue's name for `sides` (None: use `sides`)"),
    "draft": Option("draft", False, "HL-088..HL-091: build the decks by the Draft variant (5 rounds, A4)"),
    "end_after_weeks_end": Option("end_after_weeks_end", True, "A2, A3: also check the end conditions after Week's End"),
    "zero_tie_places": Option("zero_tie_places", False, "A8: a 0-0 tie at an empty Location places Markers too"),
    "score_scepters": Option("score_scepters", True, "A1: Scepters score like the other Items (2 face up, 1 face down)"),
    "may_pass": Option("may_pass", False, "HL-055, HL-056: a player may pass instead of taking an Action (the turn ends), "
                                          "so nobody is forced to draw from an empty deck"),
    "data": Option("data", None, "path of your own Hemloch data file (TOML); None: the placeholders"),
}

READINGS = (
    Reading("A1", "Scepters score 2 face up and 1 face down like Potions and Trinkets", "score_scepters"),
    Reading("A2", "the end conditions are also checked right after Week's End", "end_after_weeks_end"),
    Reading("A3", "conditions met during Week's End end the game then, not a step later", "end_after_weeks_end"),
    Reading("A4", "the Draft has 5 rounds of 6 picks, making 30-card decks", "draft"),
    Reading("A5", "the Week deck is reshuffled at Week's End: every reveal is a chance event"),
    Reading("A6", "Influence Checks run from the Start Player's left onward in one direction"),
    Reading("A7", "a Marker is placed only where one is left and a space is empty"),
    Reading("A8", "a 0-0 tie places no Markers", "zero_tie_places"),
    Reading("A9", "abilities are done as far as possible; what cannot be done is skipped"),
    Reading("A10", "drawing from an empty deck draws nothing; the discards are never reshuffled"),
    Reading("A11", "at Week's End the Start Player retreats first, then the other, in the open"),
    Reading("A12", "one Item per turn in total"),
    Reading("HL-055", "a turn's 2 Actions are both taken (the text's “may” is the choice of draw or play, and the turn "
                      "ends once both are done): there is no pass, and a Draw from an empty deck draws nothing (A10); "
                      "with the pass option a player may instead pass, ending the turn without its remaining Actions",
            "may_pass"),
    Reading("HL-033", "with none of that kind left in the supply, the player may turn one of their face-down Items of "
                      "the kind face up, or leave it (a face-up Item scores more but is worth more to a thief)"),
    Reading("A14", "one Minion per Location per turn limits Play actions only (not the Scepter's move)"),
    Reading("A17", "the Festival restriction is checked when each Minion is played"),
    Reading("M10", "Player 1 has the first Location of the row on their left; Player 2 sits opposite"),
)

# What the rulebook text does not give (the catalogue's missing data, M1-M9) and the worked examples the built-in
# data follows (EX-1..EX-3): every ID a card's note cites, with its text, for the assumptions table.
PLACEHOLDERS = (
    Reading("M1", "the 30 Minion cards are not printed in the text: names, factions, Influence, abilities and copies are "
                  "ours, but for the cards the rulebook's examples name"),
    Reading("M2", "the Faction names come from a public game listing, not the rulebook (only the Geared are named)"),
    Reading("M3", "the 4th Location's name is not in the text: it is called Location 4"),
    Reading("M4", "each Location's home Faction and activating icon are ours"),
    Reading("M5", "each Location has a 3 by 3 grid of Influence Spaces"),
    Reading("M6", "an Item is used by turning it face down (2 points become 1): a Potion gives 1 more Action, a Trinket "
                  "draws 2 cards, a Scepter moves one of your Minions"),
    Reading("M7", "the Locations' abilities are ours, but the Boneyard's Potion from the rulebook's example"),
    Reading("M8", "one Night card and its Day card name each Location"),
    Reading("M9", "the Marker colours are ours: Player 1 blue, Player 2 orange"),
)
EXAMPLES = (
    Reading("EX-1", "the rulebook's example turn: Unfair Lady at the Courtyard places a Marker and moves the Festival, "
                    "then Alley Cutpurse at the Boneyard steals an Item and the Boneyard gives a Potion"),
    Reading("EX-2", "the rulebook's Week's End example: the Start Player swaps the Alley Maze Night for its Day"),
    Reading("EX-3", "the rulebook's Influence Check example: at the Boneyard a Horned Advisor at home (2 + 1) beats a "
                    "Mad Chemist (2)"),
)
