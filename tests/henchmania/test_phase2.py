"""Phase 2: Action, Reserve and Trump cards, passing, the end-of-phase discard and card notes."""

import pytest

from hench import IllegalActionError, InvalidActionError

from .helpers import GAME, act, edit, empty_hands, give, names, new, to_play


def start(players=3, **opts):
    """Phase 2 of day 1, P0 to play, every hand empty."""
    return empty_hands(to_play(new(players=players, first_player=0, **opts)))


def pass_all(s):
    while s.phase == "play_cards":
        s = act(s, "pass")
    return s


def rule_of(s, text):
    before = s.to_json()
    with pytest.raises(IllegalActionError) as err:
        act(s, text)
    assert s.to_json() == before  # an illegal action leaves the state unchanged
    return err.value.rule_id


@pytest.mark.rule("HM-025", "HM-027", "HM-028", "HM-091")
def test_action_card_works_at_once_and_goes_to_its_site_discard():
    s = give(start(), 0, "Holy Water", "Holy Water")
    s2 = act(s, "play Holy Water")
    assert s2.scores()[0] == s.scores()[0] + 2
    assert s2.name(s2.discards[3][-1]) == "Holy Water"
    assert s2.current_player == 1  # one card per turn, then clockwise
    assert rule_of(s, "play Holy Water on Player 2") == "HM-091"  # a benefit helps only its own player


@pytest.mark.rule("HM-029", "HM-050")
def test_reserve_card_stays_in_front_for_the_rest_of_the_game():
    s = give(start(), 0, "Jester")
    s = pass_all(act(s, "play Jester"))
    assert s.day == 2 and names(s, s.reserves[0]) == ["Jester"]
    assert all(len(h) == len(set(h)) for h in s.hands)


@pytest.mark.rule("HM-030", "HM-038")
def test_belladonna_root_is_discarded_to_work():
    s = give(start(), 0, "Belladonna Root", where="reserve")
    s2 = act(s, "use Belladonna Root on Player 3")
    assert s2.scores()[2] == s.scores()[2] - 2
    assert s2.reserves[0] == [] and s2.name(s2.discards[0][-1]) == "Belladonna Root"
    assert s2.current_player == 1  # the effect was the whole turn
    assert rule_of(s, "use Belladonna Root on Player 1") == "HM-091"


@pytest.mark.rule("HM-031")
def test_reserve_effects_work_only_from_the_reserve():
    s = give(give(start(), 0, "Trick"), 1, "Glove")
    assert rule_of(s, "use Trick on Player 2 Main Square") == "HM-031"
    assert GAME.parse_action(s, "play Trick") in s.legal_actions()


@pytest.mark.rule("HM-032", "HM-033", "HM-041", "HM-097")
def test_ex6_nine_cards_in_front():
    """EX-6: with 8 Reserve cards a Trump needs no discard (9 in front); a 9th Reserve card does."""
    s = give(start(), 0, "Prayer", "Prayer", "Prayer", "Jester", "Minstrel", "Juggler", "Penitent", "Apothecary", where="reserve")
    s = give(s, 0, "Bishop", "Jester")
    s2 = act(s, "play Bishop")
    assert len(s2.reserves[0]) == 8 and s2.trumps[0] is not None
    assert rule_of(s, "play Jester") == "HM-033"
    s3 = act(s, "play Jester replacing Penitent")
    assert len(s3.reserves[0]) == 8 and "Penitent" not in names(s3, s3.reserves[0])
    assert s3.name(s3.discards[3][-1]) == "Penitent"
    assert rule_of(give(start(), 0, "Jester"), "play Jester replacing Prayer") == "HM-033"


@pytest.mark.rule("HM-033")
def test_full_reserve_discard_option_used_only():
    s = give(start(reserve_discard_must_be_exhausted=True), 0, *["Prayer"] * 3, "Jester", "Minstrel", "Juggler", "Penitent", "Trick", where="reserve")
    s = give(s, 0, "Holy Water")
    s = edit(s)
    s.hands[0] = []
    s = give(s, 0, "Apothecary")
    assert rule_of(s, "play Apothecary replacing Prayer") == "HM-033"
    s = edit(s)
    s.exhausted.add(s.find(s.reserves[0], "Trick"))
    assert "Trick" not in names(s, act(s, "play Apothecary replacing Trick").reserves[0])


@pytest.mark.rule("HM-034", "HM-035", "HM-094")
def test_reserve_maximum_per_card():
    s = give(give(start(), 0, "Belladonna Root", where="reserve"), 0, "Belladonna Root")
    assert rule_of(s, "play Belladonna Root") == "HM-035"
    s = give(give(start(), 0, "Jester", "Jester", "Jester", where="reserve"), 0, "Jester")
    assert rule_of(s, "play Jester") == "HM-035"
    thief = give(give(give(start(), 0, "Thief"), 0, "Belladonna Root", where="reserve"), 1, "Belladonna Root", where="reserve")
    assert rule_of(thief, "play Thief on Player 2 Belladonna Root") == "HM-035"  # receiving counts too


@pytest.mark.rule("HM-036", "HM-038")
def test_trick_turns_when_used_and_is_the_whole_turn():
    s = give(give(start(), 0, "Trick", where="reserve"), 1, "Glove", "Holy Water")
    s2 = act(s, "use Trick on Player 2 Main Square")
    assert names(s2, s2.hands[0]) == ["Glove"] and s2.reserves[0][0] in s2.exhausted
    assert s2.current_player == 1
    s3 = act(s2, "pass", "pass")
    assert s3.current_player == 0
    assert rule_of(s3, "use Trick on Player 2 Church") == "HM-036"


@pytest.mark.rule("HM-037", "HM-042")
def test_thief_moves_reserve_card_straightened_but_never_a_trump():
    s = give(give(start(), 0, "Thief"), 1, "Apothecary", where="reserve")
    s = give(s, 1, "Bishop", where="trump")
    s = edit(s)
    s.exhausted |= {s.reserves[1][0], s.trumps[1]}
    s2 = act(s, "play Thief on Player 2 Apothecary")
    assert names(s2, s2.reserves[0]) == ["Apothecary"] and s2.reserves[0][0] not in s2.exhausted
    assert rule_of(s, "play Thief on Player 2 Bishop") == "HM-042"


@pytest.mark.rule("HM-043", "HM-044", "HM-046")
def test_one_trump_and_a_new_one_replaces_the_old():
    s = give(give(start(), 0, "Bishop", where="trump"), 0, "Innkeeper")
    s2 = act(s, "play Innkeeper")
    assert s2.name(s2.trumps[0]) == "Innkeeper"
    assert s2.name(s2.discards[3][-1]) == "Bishop"


@pytest.mark.rule("HM-045", "HM-073")
def test_trump_turns_when_used_and_is_straightened_at_end_of_day():
    s = give(start(), 0, "Bishop", where="trump")
    s2 = act(s, "use Bishop")
    assert s2.scores()[0] == s.scores()[0] + 2 and s2.trumps[0] in s2.exhausted
    s3 = act(s2, "pass", "pass")
    assert rule_of(s3, "use Bishop") == "HM-045"
    s4 = pass_all(s3)
    assert s4.day == 2 and not s4.exhausted


@pytest.mark.rule("HM-051")
def test_ex3_reserve_example():
    """EX-3: 4 Reserve cards and a turned Trump: 4 more fit before a discard; phase 3 straightens."""
    s = give(start(), 0, "Prayer", "Jester", "Minstrel", "Juggler", where="reserve")
    s = give(s, 0, "Bishop", where="trump")
    s = give(s, 0, "Prayer", "Prayer", "Penitent", "Apothecary", "Nosy Parker")
    s = edit(s)
    s.exhausted.add(s.trumps[0])
    s = act(s, "play Prayer", "pass", "pass")  # P1 and P2 pass; P0 plays on alone
    for card in ["Prayer", "Penitent", "Apothecary"]:
        s = act(s, f"play {card}")
    assert len(s.reserves[0]) == 8
    assert rule_of(s, "play Nosy Parker") == "HM-033"
    s = pass_all(s)
    assert s.trumps[0] not in s.exhausted


@pytest.mark.rule("HM-047", "HM-049")
def test_passing_is_for_the_rest_of_the_day():
    s = give(start(), 1, "Holy Water", "Holy Water")
    s = act(s, "pass")
    assert s.current_player == 1
    s = act(s, "play Holy Water", "pass")
    assert s.current_player == 1  # P0 and P2 passed: P1 plays on alone
    s = act(s, "play Holy Water", "pass")
    assert s.day == 2 and s.phase == "set_henchmen"


@pytest.mark.rule("HM-048")
def test_a_passed_player_still_answers_a_duel_with_guard_or_armory():
    s = give(give(start(), 0, "Glove", "Holy Water"), 1, "Guard", "Shield")
    s = act(s, "play Holy Water", "pass", "pass", "play Glove on Player 2")
    assert s.passed[1]
    assert s.current_player == 1 and s.phase == "guard_window"
    assert "play Guard" in [str(a) for a in s.legal_actions()]
    s2 = act(s, "no Guard", "fight bare-handed")
    assert "fight with Shield" in [str(a) for a in s2.legal_actions()]


@pytest.mark.rule("HM-049", "HM-050", "HM-101", "HM-106")
def test_end_of_phase_two_discard_with_nosy_parker():
    s = give(give(start(), 0, "Nosy Parker", where="reserve"), 0, "Glove", "Jester")
    s = give(s, 1, "Holy Water")
    s = act(s, "pass", "pass", "pass")
    assert s.phase == "discard_hands" and s.current_player == 0
    assert {str(a) for a in s.legal_actions()} == {"keep nothing", "keep Glove", "keep Jester"}
    with pytest.raises(IllegalActionError) as err:
        act(s, "keep Holy Water")
    assert err.value.rule_id == "HM-101"
    s = act(s, "keep Glove")
    assert s.day == 2 and names(s, s.hands[0]) == ["Glove"] and s.hands[1] == []
    assert s.name(s.discards[3][-1]) == "Holy Water"


@pytest.mark.rule("HM-101", "HM-089")
def test_the_kept_card_is_told_to_its_keeper_alone():
    """Issue 36: the Play and tour logs told every seat "Player 1 keep Glove" while the board shows it face down."""
    s = give(give(start(), 0, "Nosy Parker", where="reserve"), 0, "Glove", "Jester")
    s = act(s, "pass", "pass", "pass")
    keep = GAME.parse_action(s, "keep Glove")
    after = s.apply(keep)
    assert GAME.public_action(s, keep, 0) == "keep Glove"
    for other in (None, 1):
        assert GAME.public_action(s, keep, other) == "keep a card"
        assert not any("Glove" in line.text for line in after.narration(other))
    assert GAME.public_action(s, GAME.parse_action(s, "keep nothing"), 1) == "keep nothing"


@pytest.mark.rule("HM-088", "HM-089")
def test_view_shows_backs_of_other_hands_and_public_discards():
    s = give(give(start(), 0, "Glove", "Jester"), 1, "Axe")
    s = act(s, "pass")
    v = s.observation(1)
    assert v["hands"][0] == ["Castle", "Main Square"] and v["hands"][1] == ["Axe"]  # backs in site order (HM-089)
    assert v["sites"][0]["discard"] == [s.name(c) for c in s.discards[0]]
    assert v["legal_actions"] and s.observation(0)["legal_actions"] == []
    spectator = s.observation(None)
    assert spectator["hands"][1] == ["Armory"]


@pytest.mark.rule("HM-090")
def test_drunkard_takes_by_card_back():
    s = give(give(start(), 0, "Drunkard"), 1, "Glove", "Axe")
    actions = [str(a) for a in s.legal_actions()]
    assert "play Drunkard on Player 2 Main Square" in actions and "play Drunkard on Player 2 Armory" in actions
    assert "play Drunkard on Player 2 Castle" not in actions
    s2 = act(s, "play Drunkard on Player 2 Armory")
    assert names(s2, s2.hands[0]) == ["Axe"] and names(s2, s2.hands[1]) == ["Glove"]
    assert rule_of(s, "play Drunkard on Player 2 Castle") == "HM-090"


@pytest.mark.rule("HM-093", "HM-099", "HM-100")
def test_traitor_takes_a_pawn_placed_next_day_for_its_owner():
    s = give(start(players=2), 0, "Traitor")
    site = next(i for i, row in enumerate(s.pawns) if row[1])
    site_name = s.data.site_names[site]
    assert rule_of(s, f"play Traitor on Player 1 {site_name}") == "HM-093"
    s2 = act(s, f"play Traitor on Player 2 {site_name}")
    assert s2.pawns[site][1] == s.pawns[site][1] - 1 and s2.held[0] == [1]
    s3 = pass_all(s2)
    assert s3.day == 2 and s3.placements_left(0) == 9 and s3.placements_left(1) == 7
    first = s3.current_player
    assert first == 1  # the Badge moved to P1
    s4 = act(s3, "place Tavern", "place Player 2's pawn on the Castle")
    assert s4.pawns[1] == [0, 1] and len(s4.hands[0]) == 1  # P1's pawn, placed by P0, counting for P1
    assert s4.held[0] == []


@pytest.mark.rule("HM-100")
def test_the_taker_places_a_held_pawn_when_they_choose_and_the_move_says_whose():
    s = give(start(players=2), 0, "Traitor")
    site_name = s.data.site_names[next(i for i, row in enumerate(s.pawns) if row[1])]
    s = act(pass_all(act(s, f"play Traitor on Player 2 {site_name}")), "place Tavern")  # day 2, Player 1 to place
    moves = [str(a) for a in s.legal_actions()]
    assert "place Castle" in moves and "place Player 2's pawn on the Castle" in moves  # not forced first
    own_first = act(s, "place Castle")
    assert own_first.held[0] == [1] and own_first.pawns[1] == [1, 0]
    held = act(s, "place Player 2's pawn on the Castle")
    assert held.pawns[1] == [0, 1] and held.held[0] == [] and held.placements_left(0) == 8
    said = [line.text for line in held.narration(0)]
    assert said[0].startswith("Player 1 places Player 2's pawn on the Castle")
    assert rule_of(s, "place Player 1's pawn on the Castle") == "HM-100"  # nobody's pawn of that seat is held
    spent = edit(s)
    spent.to_place[0] = 0  # own pawns all placed: only the held one is left
    assert all(str(a).startswith("place Player 2's pawn on the ") for a in spent.legal_actions())
    assert rule_of(spent, "place Castle") == "HM-100"


@pytest.mark.rule("HM-105")
def test_brawl_spares_the_penitent():
    s = give(give(start(), 0, "Brawl"), 1, "Glove", "Axe")
    s = give(give(s, 2, "Jester", "Prayer"), 2, "Penitent", where="reserve")
    s2 = act(s, "play Brawl")
    assert len(s2.hands[1]) == 1 and len(s2.hands[2]) == 2


@pytest.mark.rule("HM-107", "HM-042")
def test_old_lady_borrows_a_turned_opponent_trump():
    s = give(give(start(), 0, "Old Lady", where="reserve"), 1, "Bishop", where="trump")
    s = edit(s)
    s.exhausted.add(s.trumps[1])
    s2 = act(s, "use Old Lady on Player 2 Bishop")
    assert s2.scores()[0] == s.scores()[0] + 2 and s2.scores()[1] == s.scores()[1]
    s = give(s, 2, "Banner", where="trump")  # a Trump that works by itself: lent at its moment, not at your turn
    assert rule_of(s, "use Old Lady on Player 3 Banner") == "HM-107"


@pytest.mark.rule("HM-095")
def test_no_turn_spent_just_discarding():
    s = give(start(), 0, "Guard", "Axe")
    assert [str(a) for a in s.legal_actions()] == ["pass"]  # Guard and Axe wait for a duel
    assert rule_of(s, "discard Guard") == "HM-095"
    with pytest.raises(InvalidActionError):
        act(s, "discard Crown")
    assert rule_of(s, "play Guard") == "HM-102"
    assert rule_of(s, "play Axe") == "HM-054"
