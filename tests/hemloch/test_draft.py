"""The Draft variant (HL-088..HL-091; reading A4: 5 rounds of 6 picks)."""

from __future__ import annotations

from collections import Counter

import pytest

from hench.hemloch.actions import Keep

from .helpers import GAME, new


@pytest.mark.rule("HL-088", "HL-089")
def test_the_draft_pool_holds_both_decks_and_each_player_draws_six():
    s = new(draft=True)
    assert s.phase == "draft_pick" and s.current_player == 0
    assert len(s.packs[0]) == len(s.packs[1]) == 6 and len(s.pool) == 48
    assert Counter(s.pool + s.packs[0] + s.packs[1]) == Counter(s.data.deck * 2)
    assert s.hands == [[], []] and s.decks == [[], []]


@pytest.mark.rule("HL-090")
def test_keep_one_and_pass_the_rest():
    s = new(draft=True)
    first = s.packs[0]
    choice = s.legal_actions()[0]
    s = s.apply(choice)
    assert s.current_player == 1 and len(s.kept[0]) == 1
    other_pack = list(s.packs[1])
    s = s.apply(s.legal_actions()[0])
    assert s.current_player == 0 and len(s.packs[0]) == 5
    assert sorted(s.packs[0] + s.kept[1]) == sorted(other_pack)  # Player 1 now holds what Player 2 passed
    assert sorted(s.packs[1] + s.kept[0]) == sorted(first)
    missing = next(m.name for i, m in enumerate(s.data.minions) if i not in s.packs[0])
    assert s.illegal_reason(Keep(missing)).rule_id == "HL-090"


@pytest.mark.rule("HL-091")
def test_a4_five_rounds_make_two_thirty_card_decks():
    s = new(draft=True, seed=9)
    picks = 0
    while s.phase == "draft_pick":
        s = s.apply(s.legal_actions()[-1])
        picks += 1
    assert picks == 60 and s.phase == "reveal_week_card" and not s.pool
    for seat in (0, 1):
        assert len(s.hands[seat]) == 5 and len(s.decks[seat]) == 25
    assert Counter(s.hands[0] + s.decks[0] + s.hands[1] + s.decks[1]) == Counter(s.data.deck * 2)


@pytest.mark.rule("HL-090")
def test_a_draft_pick_is_kept_face_down_the_other_player_is_told_only_that_a_card_was_kept():
    s = new(draft=True)
    pick = s.legal_actions()[0]
    after = s.apply(pick)
    assert GAME.public_action(s, pick, 0) == str(pick)  # the keeper reads their own move
    for seat in (1, None):
        told = GAME.public_action(s, pick, seat)
        assert pick.card not in told and told == "keep a card"
        assert all(pick.card not in line.text for line in after.narration(seat))
    assert any(pick.card in line.text and line.to == (0,) for line in after.narration(0))
