"""Hemloch's guided tour: ONE game from the set-up to the final score (widgets.tour.TourView plays it), its
steps in the order the game reaches them: the first Night, an ability's Marker, the Influence Check and the
retreat of Week 1's End, an Item used, a Day's Influence Check, the play to the end, the score sheet.

Each step says what to notice, what to do and why a good player would do it (with the odds where chance
decides). Every number in a step, its question and its answer is computed from the engine; a question is
about the position as the step began and says so, since the game moves on while the learner answers.
"""

from __future__ import annotations

from typing import Any

from hench.core import seat_name
from hench.hemloch import breakdown, odds, render
from hench.hemloch.data import POTION, SCEPTER
from hench.hemloch.render import ENDED_WORDS

from .tour import Question, TourStep

TOUR_SEED = 9  # a deal whose one game reaches every step in order (tests/widgets/test_hemloch_tour.py)
ENDED = ENDED_WORDS  # each end condition in words (HL-043..HL-047)


def _choices(right: int, *others: int) -> list[str]:
    return [str(v) for v in sorted({right, *others}) if v >= 0]


def _influence_line(s: Any) -> str:
    return "; ".join(f"{s.data.locations[loc].name} {s.influence(loc, 0)}-{s.influence(loc, 1)}" for loc in range(len(s.board)))


def _task_loc(s: Any) -> int:
    return s.tasks[0].loc if s.tasks and s.tasks[0].loc >= 0 else 0


def _first_empty(s: Any, loc: int) -> int:
    return s.empty_spaces(loc)[0]


def _space_words(s: Any, loc: int, space: int) -> str:
    r, c = s.data.locations[loc].spaces[space]
    return f"row {r + 1}, column {c + 1} of {s.data.locations[loc].name}"


def _gain(s: Any) -> int:
    loc = _task_loc(s)
    return odds.placement_gain(s, 0, loc, _first_empty(s, loc))


def _turn_over(start: Any, now: Any) -> bool:
    return now.is_terminal or now.week != start.week or len(now.revealed) != len(start.revealed) or now.current_player != 0


def _night_after(start: Any, now: Any) -> str:
    played = ", ".join(render.locations_played(start.observation(0), now.observation(0), 0)) or "no Location"
    return (f"Your turn is over: you played at {played} and hold {len(now.hands[0])} cards; then Player 2 took their turn "
            f"(HL-051, HL-055). Influence now, Player 1-Player 2: {_influence_line(now)} (HL-076, HL-077).")


def _marker_after(start: Any, now: Any) -> str:
    placed = start.markers_left(0) - now.markers_left(0)
    return (f"You placed {placed} Marker(s); {now.markers_left(0)} are left (HL-006). Your Markers now score "
            f"{sum(breakdown(now, 0)['markers'].values())} points: 2 for each touching another of yours, 1 for one alone "
            f"(HL-083, HL-084).")


def _items_after(start: Any, now: Any) -> str:
    used = render.items_used(start.observation(0), now.observation(0), 0)
    said = (f"You used a {', '.join(used)}: it turned face down and now scores 1 instead of 2 (HL-031, HL-032)." if used
            else "You kept your Items face up: each still scores 2 (HL-032).")
    return f"{said} Your Items now score {breakdown(now, 0)['items']} points."


def _week_after(start: Any, now: Any) -> str:
    kept = sum(render.minions_at(now.observation(0), 0))
    return (f"Week {start.week} is over: you kept {kept} Minion(s) on the Locations after retreating half (HL-069), both "
            f"players drew up to 2 cards (HL-070), a Night left the game for its Day (HL-071, HL-072), and "
            f"{seat_name(now.start)} is the Start Player of Week {now.week} (HL-073). The Week deck now holds "
            f"{now.days_in_week_deck()} Day(s).")


def _end_after(start: Any, now: Any) -> str:
    b = [breakdown(now, p) for p in (0, 1)]
    won = " and ".join(seat_name(w) for w in now.winners())
    why = " and ".join(ENDED[rule] for rule in now.ended)
    return (f"The game ended at the end of a step because {why} (HL-042). Player 1: Markers "
            f"{sum(b[0]['markers'].values())} + Items {b[0]['items']} = {b[0]['total']}; Player 2: Markers "
            f"{sum(b[1]['markers'].values())} + Items {b[1]['items']} = {b[1]['total']}. Winner: {won} (HL-085, HL-086).")


def _festival(s: Any) -> str:
    return s.data.locations[s.festival].name


def _week_card(s: Any) -> str:
    return s.data.week_name(s.revealed[-1]) if s.revealed else "the Week card"


def _most_minions(s: Any) -> tuple[int, int]:
    return max((len(s.board[loc][0]), loc) for loc in range(len(s.board)))


def _last_week(s: Any) -> int:
    """The Week after whose End the Week deck holds 4 Days at the latest (HL-047, A2): one Day comes in each Week's End."""
    return s.week + len(s.data.week) - 1 - s.days_in_week_deck()


def _placed(s: Any, seat: int) -> int:
    return int(s.data.markers - s.markers_left(seat))


def _tie_winner(s: Any) -> str:
    p1, p2 = _placed(s, 0), _placed(s, 1)
    return "Player 1" if p1 > p2 else "Player 2" if p2 > p1 else "both: a shared win"


def _first_checked(s: Any) -> str:
    return str(s.data.locations[s.check_order()[0]].name)


ENDS_TEXT = ("The game ends at the end of the Day or Night (or of the Week's End) in which one of these holds: a player has "
             "placed all 15 Markers, two Locations are full, all 18 Items are taken, a Minion deck has run out, or the Week "
             "deck holds 4 Days (HL-042 to HL-047, A2).")

TOUR = [
    TourStep(
        "Setup and the goal",
        "<p>You are <b>Player 1</b> (blue) against a bot (orange). Four <b>Locations</b> lie between you, each with a grid "
        "of <b>Influence Spaces</b>. You score with your <b>Markers</b> on those grids (2 points for a Marker touching "
        "another of yours side by side, 1 alone) and with <b>Items</b>. Each of you has the same 30-card Minion deck and "
        "drew an opening hand; the other player's hand is only a count to you. You are the Start Player of Week 1: its "
        "first Week card has been turned over for you. Hover any card for what it does.</p>",
        ("HL-004", "HL-006", "HL-007", "HL-010", "HL-011", "HL-081", "HL-083"),
        question=Question("How many cards is each opening hand?", lambda s: _choices(s.data.opening_hand, 3, 4, 6),
                          lambda s: str(s.data.opening_hand),
                          lambda s: f"Each player shuffles their deck and draws {s.data.opening_hand} (HL-010); the other "
                                    f"{s.data.deck_size - s.data.opening_hand} cards are the deck you draw from.")),
    TourStep(
        "A Night: the Festival and your two Actions",
        "<p>Each Week has 4 steps. Each starts with the Start Player turning over a <b>Week card</b>, a Night or a Day; "
        "in Week 1 all four are Nights. The card sends the red <b>Festival</b> to a Location, where nobody may play this "
        "step. Then each player has a turn of <b>2 Actions</b>: draw a card, or play a Minion on your side of a Location "
        "(one per Location per turn). Its Influence counts there; a Minion at its faction's home counts 1 more.</p>"
        "<p><b>What a good player does:</b> Week 1 has no Day, so its only Influence Check comes at Week's End, and "
        "every Minion you play now counts there. Play where you can lead, and where the Minion's faction matches the "
        "Location's activating icon, for a second ability. Draw when nothing in your hand is worth playing.</p>",
        ("HL-038", "HL-039", "HL-050", "HL-051", "HL-055", "HL-056", "HL-057", "HL-058", "HL-076", "HL-077"),
        reach=lambda s: s.week == 1 and s.phase == "turn_actions" and s.actions == 2 and _moves(s, "play"),
        task="spend your two Actions: click a card under “play here” in a Location, or draw a card",
        done=_turn_over, after=_night_after,
        question=Question("When this step began, where could you NOT play a Minion?",
                          lambda s: [loc.name for loc in s.data.locations], _festival,
                          lambda s: f"When this step began, {_week_card(s)} had sent the Festival to {_festival(s)}: no "
                                    "Minion may be played where the Festival is (HL-039). It stays there until the next "
                                    "Week card, or a Minion that moves it (HL-038).")),
    TourStep(
        "Abilities: a Minion places a Marker",
        "<p>A Minion's ability happens as it is played, and when its faction matches a Location's <b>activating icon</b>, "
        "that Location's ability follows. Abilities are compulsory. Here one of them lets you put a <b>Marker</b> on an "
        "empty space of the Location's grid: the blue dashed squares.</p>"
        "<p><b>Where a good player puts it:</b> beside one of your own Markers. A lone Marker scores 1, a Marker touching "
        "another of yours 2, so a Marker laid beside a lone one of yours adds 3: its own 2, and 1 more for its neighbour. "
        "A space in the middle of the grid has four neighbours and room to grow.</p>",
        ("HL-027", "HL-060", "HL-061", "HL-062", "HL-063", "HL-083", "HL-084"),
        reach=lambda s: s.phase == "ability_mark",
        task="click an empty space of the grid to place your Marker",
        done=lambda start, now: now.markers_left(0) < start.markers_left(0) or _turn_over(start, now),
        after=_marker_after,
        question=Question("When this step began, how many points would a Marker in the first empty space (top-left "
                          "first) have added to your score?",
                          lambda s: _choices(_gain(s), 1, 2, 3), lambda s: str(_gain(s)),
                          lambda s: f"At {_space_words(s, _task_loc(s), _first_empty(s, _task_loc(s)))} it would have "
                                    f"added {_gain(s)}: 1 alone, or 2 for itself plus 1 for each lone Marker of yours it "
                                    "touches (HL-083, HL-084).")),
    TourStep(
        "Week's End: the Influence Check",
        "<p>After the 4th step of a Week comes <b>Week's End</b>, and it opens with an <b>Influence Check</b>: Location "
        "by Location, from the Start Player's left, whoever has more Influence there places a Marker on it; on a tie "
        "both do, the Start Player first. It is your Marker to place at the Location marked <i>Player 1 places a Marker "
        "here</i>: you lead there, or tie.</p>"
        "<p><b>Where a good player puts it:</b> beside a Marker of yours, as with an ability. And think of the end: two "
        "full Locations end the game.</p>",
        ("HL-067", "HL-068", "HL-074", "HL-075", "HL-076", "HL-077", "HL-078", "HL-079", "HL-080"),
        reach=lambda s: s.phase == "influence_check" and s.stage == "weeks_end_check" and s.week == 1,
        task="click an empty space of the Location being checked to place your Marker",
        done=lambda start, now: now.markers_left(0) < start.markers_left(0) or now.stage != "weeks_end_check",
        after=_marker_after,
        question=Question("Which Location is checked first at this Influence Check?",
                          lambda s: [loc.name for loc in s.data.locations], _first_checked,
                          lambda s: f"The check starts at the Location on the Start Player's left and goes on in one "
                                    f"direction (HL-075, A6). {seat_name(s.start)} is the Start Player and has "
                                    f"{_first_checked(s)} on their left (M10), so the order is "
                                    f"{', '.join(s.data.locations[k].name for k in s.check_order())}.")),
    TourStep(
        "Week's End: retreat half, draw, a Night becomes a Day",
        "<p>Then at every Location each player <b>retreats half</b> of their Minions there (rounded down, you choose "
        "which) to the discard pile, both draw up to 2 cards, and the Start Player swaps one Night in the Week deck for its "
        "Day. Then the other player starts the next Week.</p>"
        "<p><b>What a good player keeps:</b> the Minions with the most Influence, at the Locations you can still win; a "
        "retreated Minion is gone for good, since the discards are never shuffled back (A10). <b>Which Night to swap:</b> "
        "a Day sends the Festival to its Location and then checks every Location. Swap the Night of a Location where you "
        "lead: on that Day nobody may play there to overtake you before the check.</p>",
        ("HL-067", "HL-069", "HL-070", "HL-071", "HL-072", "HL-073"),
        reach=lambda s: s.phase == "weeks_end_retreat" and s.week == 1,
        task="click your Minions to retreat, and choose a Night to swap for its Day",
        done=lambda start, now: now.week != start.week or now.is_terminal,
        after=_week_after,
        question=Question("When Week's End began, you had the most Minions at one Location. How many of them stay?",
                          lambda s: _choices(odds.retreat_kept(_most_minions(s)[0]), 0, 1, 2, 3),
                          lambda s: str(odds.retreat_kept(_most_minions(s)[0])),
                          lambda s: f"You had {_most_minions(s)[0]} at {s.data.locations[_most_minions(s)[1]].name}: "
                                    f"half, rounded down, retreat, so {odds.retreat_kept(_most_minions(s)[0])} stay "
                                    "(HL-069).")),
    TourStep(
        "Items: Potions, Scepters and Trinkets",
        "<p>Abilities hand out <b>Items</b>. Each scores at the end, 2 face up and 1 face down, and a face-up Item can be "
        "used once: it then turns face down. Only one Item a turn. A Potion is free; a Scepter or a Trinket costs one of "
        "your Actions. Hover an Item on your row for what it does.</p>"
        "<p><b>When a good player uses one:</b> using it costs 1 point at the end, so use it when what it does is worth "
        "more: a Potion's extra Action plays one more Minion before an Influence Check, a Scepter moves a Minion to where "
        "it wins a Location, a Trinket digs 2 cards for the one you need. A face-up Item is also what the other player's "
        "Alley Cutpurse steals first.</p>",
        ("HL-028", "HL-029", "HL-030", "HL-031", "HL-032", "HL-064", "HL-065"),
        reach=lambda s: s.phase == "turn_actions" and s.actions == 2 and _moves(s, "use"),
        task="use an Item (click it on your row), then finish your turn",
        done=_turn_over, after=_items_after,
        question=Question("How many Actions does using a Potion cost?", lambda s: ["0", "1", "2"],
                          lambda s: str(s.data.items[POTION].action_cost),
                          lambda s: f"A Potion costs {s.data.items[POTION].action_cost} Actions, a Scepter or Trinket "
                                    f"{s.data.items[SCEPTER].action_cost} (HL-065).")),
    TourStep(
        "A Day and its Influence Check",
        "<p>From Week 2 on the Week deck holds Days. After both turns of a <b>Day</b> there is an Influence Check at "
        "every Location, as at Week's End. It is your Marker to place at the Location marked <i>Player 1 places a Marker "
        "here</i>.</p>"
        "<p><b>Why it matters when you play:</b> the deck is shuffled, so in Week 2 each step is a Day with a chance of "
        "1 in 4, in Week 3 2 in 4, in Week 4 3 in 4; the <i>Now:</i> line above the board gives the chance for the next card. The "
        "later the Week, the more a Minion played now is likely to be checked before Week's End sends half home.</p>",
        ("HL-036", "HL-053", "HL-074", "HL-075", "HL-076", "HL-077", "HL-078", "HL-080"),
        reach=lambda s: s.phase == "influence_check" and s.stage == "day_check",
        task="click an empty space of the Location being checked to place your Marker",
        done=lambda start, now: now.markers_left(0) < start.markers_left(0) or now.stage != "day_check",
        after=_marker_after,
        question=Question("Had the two of you tied at a Location here, who would have placed a Marker first?",
                          lambda s: ["Player 1", "Player 2", "nobody: a tie places no Marker"], lambda s: seat_name(s.start),
                          lambda s: f"On a tie both players place a Marker, the Start Player first (HL-080): this Week that "
                                    f"is {seat_name(s.start)}. Only a tie at 0, with no Minion there, places none (A8).")),
    TourStep(
        "Play on to the end",
        f"<p>{ENDS_TEXT} Then Markers score 2 or 1 by touching, Items 2 face up and 1 face down; a tie on points goes to "
        "whoever placed more Markers.</p><p><b>What a good player does now:</b> count the steps left. Every Week's End "
        "brings one more Day into the Week deck, so a game that nothing else ends stops after the Week's End that "
        "brings the 4th Day. Near the end a Marker beside your own is worth the most, and an Item kept face up is worth "
        "2.</p>",
        ("HL-042", "HL-043", "HL-044", "HL-045", "HL-046", "HL-047", "HL-081", "HL-082", "HL-085", "HL-086", "HL-087"),
        reach=lambda s: s.week >= 3 and s.phase == "turn_actions" and s.actions == 2,
        task="play on until the game ends",
        done=lambda start, now: now.is_terminal,
        after=_end_after,
        question=Question("When this step began, after which Week's End would the game end at the latest, if nothing "
                          "else ended it first?",
                          lambda s: [f"Week {w}" for w in range(s.week, s.week + 4)], lambda s: f"Week {_last_week(s)}",
                          lambda s: f"In Week {s.week} the Week deck held {s.days_in_week_deck()} Day(s); each Week's End "
                                    "swaps one more Night for its Day, and the game ends when the deck holds 4 (HL-047, "
                                    f"HL-071, A2): after the End of Week {_last_week(s)}.")),
    TourStep(
        "The final score",
        "<p>The game is over. The score sheet under the board gives each player's points Location by Location and for "
        "the Items, and the winner.</p><p><b>Looking back:</b> where did your Markers touch, and which Influence Checks "
        "did you lose? The log lists every move of the game.</p>",
        ("HL-081", "HL-082", "HL-083", "HL-084", "HL-085", "HL-086", "HL-087"),
        reach=lambda s: s.is_terminal,
        question=Question("Had both players ended on the same points, who would have won?",
                          lambda s: ["Player 1", "Player 2", "both: a shared win"], _tie_winner,
                          lambda s: f"A tie on points goes to whoever placed more Markers (HL-086): Player 1 placed "
                                    f"{_placed(s, 0)}, Player 2 {_placed(s, 1)}; the same number would make a shared win "
                                    "(HL-087).")),
]


def _moves(s: Any, prefix: str) -> bool:
    return any(str(a).startswith(prefix) for a in s.legal_actions())


__all__ = ["ENDED", "TOUR", "TOUR_SEED"]
