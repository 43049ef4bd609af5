"""Week's End (HL-049, HL-067..HL-073; readings A5, A11)."""

from __future__ import annotations

import pytest

from hench.hemloch.actions import Retreat

from .helpers import ALLEY, BONEYARD, COURTYARD, LOC4, arrange, card, new
from .test_examples import run_week_drawing


def to_weeks_end(s):
    """Reveal the Week cards and draw with every Action until Week's End asks a choice."""
    while s.phase in ("reveal_week_card", "turn_actions"):
        s = s.apply(s.legal_actions()[0] if s.phase == "reveal_week_card" else "draw")
    return s


@pytest.mark.rule("HL-049", "HL-067", "HL-052")
def test_weeks_end_follows_the_fourth_step():
    s = new()
    reveals = 0
    while s.phase != "weeks_end_swap":
        if s.phase == "reveal_week_card":
            reveals += 1
            assert len(s.week_deck) == 5 - reveals
        s = s.apply(s.legal_actions()[0] if s.phase == "reveal_week_card" else "draw")
    assert reveals == 4


@pytest.mark.rule("HL-068", "HL-078")
def test_weeks_end_opens_with_an_influence_check():
    s = to_weeks_end(arrange(new(), board={(LOC4, 1): ["Cog Runner"]}))
    assert s.phase == "influence_check" and s.current_player == 1 and s.week == 1


@pytest.mark.rule("HL-069")
def test_each_player_retreats_half_rounded_down_and_chooses_which():
    board = {(COURTYARD, 0): ["Cog Runner", "Cog Runner", "Velvet Matron"], (COURTYARD, 1): ["Cog Runner", "Velvet Matron"],
             (BONEYARD, 1): ["Fan Dancer"]}
    s = to_weeks_end(arrange(new(), board=board))
    while s.phase == "influence_check":
        s = s.apply(s.legal_actions()[0])
    assert s.phase == "weeks_end_retreat" and s.current_player == 0  # A11: the Start Player first
    assert sorted(str(a) for a in s.legal_actions()) == ["retreat Cog Runner from Courtyard", "retreat Velvet Matron from Courtyard"]
    s = s.apply("retreat Velvet Matron from Courtyard")  # 3 Minions: 1 goes
    assert s.current_player == 1
    assert s.illegal_reason(Retreat("Fan Dancer", BONEYARD)).rule_id == "HL-069"  # 1 Minion: it stays
    s = s.apply("retreat Cog Runner from Courtyard")
    assert s.phase == "weeks_end_swap"
    c = s.data.location_index(COURTYARD)
    assert s.board[c] == [[card(s, "Cog Runner")] * 2, [card(s, "Velvet Matron")]]
    assert s.discards == [[card(s, "Velvet Matron")], [card(s, "Cog Runner")]]


@pytest.mark.rule("HL-070")
def test_each_player_draws_up_to_two_and_no_more():
    s = new()
    while not (len(s.revealed) == 4 and s.active == 1 and s.actions == 1):
        s = s.apply(s.legal_actions()[0] if s.phase == "reveal_week_card" else "draw")
    s = arrange(s, hands={0: [], 1: ["Fan Dancer", "Cog Runner", "Grave Digger"]})
    deck0, deck1 = len(s.decks[0]), len(s.decks[1])
    s = s.apply("draw")  # Player 2's last Action: Week's End follows (nothing to check or retreat)
    assert s.phase == "weeks_end_swap"
    assert (len(s.hands[0]), len(s.hands[1])) == (2, 4)
    assert (len(s.decks[0]), len(s.decks[1])) == (deck0 - 2, deck1 - 1)


@pytest.mark.rule("HL-071", "HL-072", "HL-036", "HL-035")
def test_the_start_player_swaps_one_night_per_week():
    s = run_week_drawing(new())
    assert len(s.legal_actions()) == 4
    s = s.apply(f"swap {BONEYARD}")
    assert len(s.week_deck) == 4 and s.days_in_week_deck() == 1
    s = run_week_drawing(s)
    assert s.current_player == 1  # the new Start Player swaps next
    assert f"swap {BONEYARD}" not in [str(a) for a in s.legal_actions()]  # that Night left the game (HL-072)
    s = s.apply(f"swap {ALLEY}")
    assert s.days_in_week_deck() == 2 and len(s.week_deck) == 4 and len(s.boxed) == 2


@pytest.mark.rule("HL-073")
def test_the_start_player_passes_after_weeks_end():
    s = run_week_drawing(new(first_player=1)).apply(f"swap {COURTYARD}")
    assert s.start == 0 and s.week == 2 and s.phase == "reveal_week_card"
