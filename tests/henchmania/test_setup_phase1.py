"""Setup and phase 1: placements, spots, draws, reshuffles and domination."""

import pytest

from hench import IllegalActionError, InvalidOptionError

from .helpers import act, edit, give, lines, new, to_play


@pytest.mark.rule("HM-009", "HM-010", "HM-013", "HM-017", "HM-018")
def test_ex8_start_of_game_four_players():
    """EX-8: 4 players start at 5 points, place 8 pawns each and hold 8 cards before domination."""
    s = new(players=4, seed=3)
    assert s.scores() == [5, 5, 5, 5]
    assert s.current_player == s.badge
    assert [s.placements_left(p) for p in range(4)] == [8, 8, 8, 8]
    assert s.spots() == 7
    while s.phase == "set_henchmen":
        s = s.apply(s.legal_actions()[0])
    assert [len(h) for h in s.hands] == [8, 8, 8, 8]
    assert sum(map(sum, s.pawns)) == 32 <= 5 * 7


@pytest.mark.rule("HM-013", "HM-011", "HM-012")
def test_first_player_option_and_random_first_player():
    assert new(players=3, first_player=2).badge == 2
    assert new(players=3, first_player=2).current_player == 2
    seen = {new(players=5, seed=seed).badge for seed in range(30)}
    assert len(seen) > 1
    with pytest.raises(InvalidOptionError):
        new(players=2, first_player=4)


@pytest.mark.rule("HM-016", "HM-017")
def test_placement_draws_at_once_and_turn_passes_clockwise():
    s = new(players=3, first_player=1)
    tavern = s.piles[0][-1]
    s2 = act(s, "place Tavern")
    assert s2.hands[1] == [tavern] and s2.pawns[0] == [0, 1, 0]
    assert s2.current_player == 2
    assert act(s2, "place Castle", "place Castle").current_player == 1
    assert s.hands[1] == [] and s.current_player == 1  # the receiver is unchanged


@pytest.mark.rule("HM-017")
def test_players_without_pawns_are_skipped():
    s = edit(new(players=3, first_player=0))
    s.to_place = [1, 0, 2]
    s = act(s, "place Tavern")
    assert s.current_player == 2
    s = act(s, "place Tavern")
    assert s.current_player == 2  # P0 and P1 have nothing left to place


@pytest.mark.rule("HM-020", "HM-005")
@pytest.mark.parametrize("players,spots", [(2, 4), (3, 5), (4, 7), (5, 8)])
def test_spots_per_site_by_player_count(players, spots):
    s = new(players=players)
    assert s.spots() == spots
    s = edit(s)
    s.pawns[3] = [0] * players
    s.pawns[3][1] = spots
    with pytest.raises(IllegalActionError) as err:
        act(s, "place Church")
    assert err.value.rule_id == "HM-020"
    assert "full" in str(err.value) and "place" in str(err.value)


@pytest.mark.rule("HM-020", "HM-098", "HM-104")
def test_ex7_spot_table_and_porter():
    """EX-7: with 3 players the Church holds 5; a Porter lets a 6th pawn in, which draws and counts."""
    s = edit(new(players=3, first_player=1))
    s.pawns[3] = [2, 0, 3]
    before = s.to_json()
    with pytest.raises(IllegalActionError) as err:
        act(s, "place Church")
    assert err.value.rule_id == "HM-020" and s.to_json() == before
    with pytest.raises(IllegalActionError) as err:
        act(s, "place Church with Porter")
    assert err.value.rule_id == "HM-098"
    s = give(s, 1, "Porter", where="reserve")
    s2 = act(s, "place Church with Porter")
    assert sum(s2.pawns[3]) == 6 and s2.pawns[3][1] == 1 and len(s2.hands[1]) == 1
    assert s2.reserves[1][0] in s2.exhausted  # the Porter is turned (HM-036)
    with pytest.raises(IllegalActionError) as err:
        act(s, "place Tavern with Porter")
    assert err.value.rule_id == "HM-098"  # the Tavern still has room


@pytest.mark.rule("HM-098")
def test_porter_ignores_other_porters():
    s = edit(new(players=2, first_player=0))
    s.pawns[3] = [2, 3]  # over the 4 spots already, after an earlier Porter
    s = give(s, 0, "Porter", "Porter", where="reserve")
    s = act(s, "place Church with Porter")
    s = act(s, "place Tavern")
    s = act(s, "place Church with Porter")
    assert s.pawns[3] == [4, 3]


@pytest.mark.rule("HM-019")
def test_empty_pile_is_reshuffled_from_its_discards():
    s = edit(new(players=2, first_player=0))
    pile = s.piles[1]
    s.discards[1] = pile[:-1]
    s.piles[1] = pile[-1:]
    s2 = act(s, "place Castle")
    assert s2.hands[0] == [pile[-1]]
    assert sorted(s2.piles[1]) == sorted(pile[:-1]) and s2.discards[1] == []
    assert any("shuffled" in e for e in lines(s2))
    assert act(s, "place Castle").piles[1] == s2.piles[1]  # the shuffle comes from the state's own seed


@pytest.mark.rule("HM-019")
def test_site_with_no_card_at_all_still_takes_a_pawn():
    """A12: a site whose pile and discards are both empty still takes a pawn; nothing is drawn."""
    s = edit(new(players=2, first_player=0))
    s.hands[1] += s.piles[4]
    s.piles[4] = []
    s2 = act(s, "place Armory")
    assert s2.pawns[4][0] == 1 and s2.hands[0] == []


@pytest.mark.rule("HM-021", "HM-022", "HM-023", "HM-024")
def test_ex2_domination_captions():
    """EX-2: Castle White 3 Grey 2 Black 0; Tavern Grey 3 White 1 Black 1: White draws at the Castle,
    Grey at the Tavern; a tied site gives nobody an extra card."""
    s = edit(new(players=3, first_player=0))
    s.to_place = [1, 0, 0]
    s.pawns[1] = [2, 2, 0]  # White (P0) will make it 3
    s.pawns[0] = [1, 3, 1]
    s.pawns[3] = [2, 0, 2]  # a tie on the Church
    s.hands = [[s.piles[2].pop() for _ in range(7)], [s.piles[2].pop() for _ in range(8)], [s.piles[2].pop() for _ in range(8)]]
    s = act(s, "place Castle")
    assert s.phase == "resolve_domination"
    assert [list(q) for q in s.queue] == [[0, 1], [1, 0]]
    assert s.current_player == 0
    with pytest.raises(IllegalActionError) as err:
        act(s, "take extra Tavern")
    assert err.value.rule_id == "HM-022"
    s = act(s, "take extra Castle")
    assert len(s.hands[0]) == 9
    s = act(s, "take extra Tavern")
    assert len(s.hands[1]) == 9 and len(s.hands[2]) == 8
    assert s.phase == "play_cards" and s.current_player == 0


@pytest.mark.rule("HM-022")
def test_domination_card_is_optional_or_automatic():
    s = edit(new(players=2, first_player=0))
    s.to_place = [1, 0]
    s = act(s, "place Castle")
    assert s.phase == "resolve_domination"
    skipped = act(s, "skip extra Castle")
    assert len(skipped.hands[0]) == 1 and skipped.phase == "play_cards"
    auto = edit(new(players=2, first_player=0, domination_draw="always"))
    auto.to_place = [1, 0]
    auto = act(auto, "place Castle")
    assert auto.phase == "play_cards" and len(auto.hands[0]) == 2


@pytest.mark.rule("HM-015", "HM-016")
def test_wrong_phase_actions_name_the_rule():
    s = new(players=2)
    for text, rule in [("pass", "HM-016"), ("roll 6 6 6", "HM-016"), ("fight bare-handed", "HM-016")]:
        with pytest.raises(IllegalActionError) as err:
            act(s, text)
        assert err.value.rule_id == rule
    s = to_play(new(players=2))
    with pytest.raises(IllegalActionError) as err:
        act(s, "place Tavern")
    assert err.value.rule_id == "HM-025" and "Phase 2" in str(err.value)
