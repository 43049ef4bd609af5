"""The end of the game: five conditions, checked at the end of each Day/Night and after Week's End
(HL-042..HL-048, HL-081; readings A2, A3)."""

from __future__ import annotations

import pytest

from hench import IllegalActionError
from hench.hemloch.transitions import end_conditions

from .helpers import ALLEY, BONEYARD, COURTYARD, LOC4, arrange, edit, new, reveal
from .test_examples import run_week_drawing


def finish_step(s):
    """Spend every remaining Action of the step on Draw (and the first placement offered, if any)."""
    while s.phase not in ("reveal_week_card", "game_over"):
        s = s.apply("draw" if s.phase == "turn_actions" else s.legal_actions()[0])
    return s


@pytest.mark.rule("HL-042", "HL-043")
def test_the_last_marker_ends_the_game_at_the_end_of_the_step_not_at_once():
    cells = {(r, c): 0 for r in range(3) for c in range(3)}
    more = {(0, 0): 0, (0, 1): 0, (0, 2): 0, (1, 0): 0, (1, 1): 0}
    s = arrange(new(), hands={0: ["Horned Advisor"]}, markers={COURTYARD: cells, BONEYARD: more})
    assert s.markers_left(0) == 1
    s = reveal(s, ALLEY).apply(f"play Horned Advisor at {LOC4}").apply(f"mark {LOC4} row 1 column 1")
    assert s.markers_left(0) == 0 and s.phase == "turn_actions"  # the step goes on: Player 1's last Action, then Player 2
    s = finish_step(s)
    assert s.phase == "game_over" and "HL-043" in s.ended and s.current_player is None


@pytest.mark.rule("HL-044")
def test_two_full_locations_end_the_game():
    full_a = {(r, c): (r + c) % 2 for r in range(3) for c in range(3)}
    full_b = {(r, c): 1 - (r + c) % 2 for r in range(3) for c in range(3)}
    s = arrange(new(), markers={COURTYARD: full_a})
    assert end_conditions(s) == []  # one full Location is not enough
    s = finish_step(reveal(arrange(s, markers={BONEYARD: full_b}), ALLEY))
    assert s.ended == ["HL-044"]


@pytest.mark.rule("HL-045")
def test_an_empty_item_supply_ends_the_game():
    s = arrange(new(), items={0: {"Potion": (6, 0), "Scepter": (3, 3)}, 1: {"Trinket": (0, 6)}})
    s = finish_step(reveal(s, ALLEY))
    assert s.ended == ["HL-045"]


@pytest.mark.rule("HL-046")
def test_an_empty_minion_deck_ends_the_game():
    s = edit(new())
    s.discards[1], s.decks[1] = s.decks[1], []
    s = finish_step(reveal(s, ALLEY))
    assert s.ended == ["HL-046"]


def last_week(**options):
    """Week 4 about to start: 3 Days and 1 Night in the Week deck."""
    s = edit(new(**options))
    k = len(s.data.week)
    s.week_deck, s.day_supply, s.boxed, s.week = [0, 1 + k, 2 + k, 3 + k], [k], [1, 2, 3], 4
    return s


@pytest.mark.rule("HL-047", "HL-081")
def test_four_days_end_the_game_right_after_weeks_end():
    s = run_week_drawing(last_week()).apply(f"swap {COURTYARD}")
    assert s.ended == ["HL-047"] and s.phase == "game_over"
    with pytest.raises(IllegalActionError) as err:
        s.apply("draw")
    assert err.value.rule_id == "HL-081"


@pytest.mark.rule("HL-047", "HL-042")
def test_a2_literal_option_plays_one_more_step():
    s = run_week_drawing(last_week(end_after_weeks_end=False)).apply(f"swap {COURTYARD}")
    assert s.phase == "reveal_week_card" and s.week == 5 and s.days_in_week_deck() == 4
    s = finish_step(s.apply(s.legal_actions()[0]))
    assert s.ended == ["HL-047"]


@pytest.mark.rule("HL-048", "HL-081")
def test_the_game_ends_with_scores_and_winners():
    s = edit(new())
    s.discards[0], s.decks[0] = s.decks[0], []
    s = finish_step(reveal(arrange(s, markers={COURTYARD: {(0, 0): 1}}), ALLEY))
    assert s.is_terminal and s.legal_actions() == [] and s.scores() == [0, 1] and s.winners() == [1]


@pytest.mark.rule("HL-042", "HL-073")
def test_a_game_that_ends_at_weeks_end_reports_that_week_and_its_start_player():
    """A2, A3: the end check closes Week's End; a game it ends never starts the next Week (no Week 5 after Week 4)
    and the Start Player is not passed on."""
    from hench.core import RandomBot, Rng, next_action

    found = 0
    for seed in range(2000, 2030):
        s, rng, bots = new(seed=seed), Rng.from_seed(seed), [RandomBot(seed * 7 + i) for i in range(2)]
        while not s.is_terminal:
            before = s
            s = s.apply(next_action(s, bots, rng))
        if before.phase != "weeks_end_swap":
            continue
        found += 1
        assert s.week == before.week == len(s.boxed), "the Week that ended, one Night boxed per Week's End"
        assert s.start == before.start and s.stage == "over"
        assert not any("Start Player of Week" in line.text for line in s.narration(None))
    assert found, "some of these games end at a Week's End"
