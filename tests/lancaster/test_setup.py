"""Setup of the base game (LB-001..LB-015) and of the modules (LH-001..LH-013, LH-075..LH-079, LH-101..LH-105); the
module options (2 players: test_two_players.py)."""

from __future__ import annotations

import pytest

from hench.core import InvalidOptionError, random_playout
from hench.lancaster import GAME, observation
from hench.lancaster.data import default_data

from .helpers import new


@pytest.mark.rule("LB-001", "LB-006", "LB-007", "LB-008", "LB-004", "LB-070")
@pytest.mark.parametrize("players", [3, 4, 5])
def test_each_player_starts_with_seven_knights_two_at_court_and_the_resources(players):
    s = GAME.new_game(players=players, seed=2, first_player=0)
    for p in range(players):
        assert sorted(k[0] for k in s.knights[p]) == [1, 1, 1, 2, 2, 3, 4]
        assert s.court_strengths(p) == [1, 2] and sum(k[1] == "reserve" for k in s.knights[p]) == 5
        assert s.res[p] == {"gold": 2, "squires": 2, "vm": 1, "pp": 0, "seals": 0, "dishonor": 0, "bishops": 0}
    assert s.data.rounds == 5 and s.round == 1
    seen = observation(s, 1)["players"]
    assert seen[0]["vm"] == 1 and seen[0]["gold"] is None and seen[0]["squires"] is None  # VM open, gold and squires hidden


@pytest.mark.rule("LB-009", "LB-015")
def test_each_player_first_places_one_of_their_six_extension_tiles():
    s = GAME.new_game(players=3, seed=5, first_player=1)
    assert s.phase == "extension" and [t[0] for t in s.pending] == [1, 2, 0]
    assert len(s.legal_actions()) == 6
    s = s.apply("extension E3")
    assert s.extensions[1] == ["E3"] and s.current_player == 2
    s = s.apply("extension E3").apply("extension E1")
    assert s.phase == "place" and s.current_player == 1 and s.start == 1
    drawn = {GAME.new_game(players=4, seed=seed).start for seed in range(20)}
    assert drawn == {0, 1, 2, 3}  # LB-015: the start player is drawn


@pytest.mark.rule("LB-010", "LB-102", "LB-011", "LB-012", "LB-013", "LB-074", "LB-014", "LB-104")
@pytest.mark.parametrize("players,nobles", [(2, 2), (3, 2), (4, 3), (5, 4)])
def test_board_setup(players, nobles):
    s = new(players, "none")
    assert s.stacks == [nobles] * 9
    assert s.current == ["BL-01", "BL-02", "BL-03"] and len(s.proposals) == 3  # group 0 current, 3 to vote on
    assert len(s.law_deck) + 6 == 18  # LB-074: every law comes into play over 5 rounds
    assert [c["lower"] for c in s.conflicts] == [False, False] and len(s.conflict_deck) == 10  # all 12 cards at every count
    assert s.favors == [True] * 6


@pytest.mark.rule("LB-011")
def test_the_law_deck_is_stacked_by_group():
    s = GAME.new_game(players=3, seed=4)
    groups = [s.data.law(x).group for x in s.proposals + s.law_deck]
    assert groups == sorted(groups) and groups[:3] == [1, 1, 1]


@pytest.mark.rule("LH-003", "LH-101")
@pytest.mark.parametrize("modules", ["LK", "KC+LK", "KR+LK"])
def test_laws_of_the_king_alone_are_refused_citing_the_rule(modules):
    with pytest.raises(InvalidOptionError, match="LH-003"):
        GAME.new_game(players=3, modules=modules)


@pytest.mark.rule("LH-001", "LH-002", "LB-001")
@pytest.mark.parametrize("modules", ["none", "KC", "KR", "KC+KR", "KC+KR+LK"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_module_combination_plays_to_the_end(modules, players):
    final, steps = random_playout(GAME.new_game(players=players, seed=players, modules=modules), seed=players)
    assert final.is_terminal and steps > 20 and final.winners()
    assert final.round == default_data().rounds
    assert len(final.scores()) == players


def test_two_players_are_offered():
    assert GAME.min_players == 2 and GAME.new_game(players=2, seed=1).colours == 4
    with pytest.raises(InvalidOptionError, match="2 to 5 players"):
        GAME.new_game(players=1)


@pytest.mark.rule("LH-010", "LH-011", "LH-012", "LH-009", "LH-013", "LH-006")
@pytest.mark.parametrize("players,bishops", [(3, 5), (4, 7), (5, 9)])
def test_court_setup(players, bishops):
    s = new(players, "KC")
    assert s.supply == {"shield": 2, "archer": 3, "tudor": 3, "seals": 24, "bishops": bishops}
    assert s.lord == ["court"] * players and s.holders == [-1, -1, -1]
    assert all(r["vm"] == 2 for r in s.res)
    assert all(r["vm"] == 1 for r in new(players, "KR").res)  # the base game: 1 VM (LB-008)
    assert s.phase == "place" and any(a.kind == "apply" for a in s.legal_actions())


@pytest.mark.rule("LH-076", "LH-078", "LH-079", "LH-075")
@pytest.mark.parametrize("players,per_space,neutral,box", [(3, 3, 3, 11), (4, 4, 2, 2), (5, 4, 0, 2)])
def test_resentment_setup(players, per_space, neutral, box):
    s = new(players, "KR")
    assert s.track == [per_space] * 9 and s.neutral == neutral and s.box == box
    assert any(a.kind == "tower" for a in s.legal_actions())
    assert not any(a.kind == "tower" for a in new(players, "KC").legal_actions())


@pytest.mark.rule("LH-102", "LH-103", "LH-105")
def test_king_laws_replace_groups_two_and_three():
    s = GAME.new_game(players=3, seed=4, modules="KC+KR+LK")
    deck = s.proposals + s.law_deck
    assert sorted(x for x in deck if x.startswith("LK")) == [f"LK-{i}" for i in range(1, 9)]
    assert not any(x.startswith("BL") and s.data.law(x).group in (2, 3) for x in deck)
    assert [s.data.law(x).group for x in deck[:3]] == [1] * 3 and all(s.data.law(x).group == 4 for x in deck[-4:])
    base = GAME.new_game(players=3, seed=4, modules="KC+KR")
    assert not any(x.startswith("LK") for x in base.law_deck)


@pytest.mark.rule("LH-104", "LH-102")
@pytest.mark.parametrize("seed", range(6))
def test_combined_law_groups_mix_base_laws_and_laws_of_the_king(seed):
    """LH-104, set-up option 2, as far as the text allows (assumed: data combined_laws)."""
    data = default_data()
    s = GAME.new_game(players=3, seed=seed, modules="KC+KR+LK", law_groups="combine")
    deck = s.proposals + s.law_deck
    g2, g3 = deck[3:3 + data.combined_sizes[0]], deck[3 + data.combined_sizes[0]:-4]

    def group(x: str) -> int:
        return data.king_groups[int(x[3:]) - 1] if x.startswith("LK") else data.law(x).group

    assert [group(x) for x in g2] == [2] * len(g2) and [group(x) for x in g3] == [3] * len(g3)
    assert len(g2) == data.combined_sizes[0] and len(g3) == data.combined_sizes[1] and len(set(deck)) == len(deck)
    final, steps = random_playout(s, seed=seed)
    assert final.is_terminal and steps > 20


@pytest.mark.rule("LH-104")
def test_combined_groups_need_the_laws_of_the_king():
    mixed = [GAME.new_game(players=3, seed=seed, modules="KC+KR+LK", law_groups="combine").law_deck for seed in range(12)]
    assert any(any(x.startswith("BL") and default_data().law(x).group == 2 for x in deck)
               and any(x.startswith("LK") for x in deck) for deck in mixed)
    for modules in ("KC+KR", "KC", "none"):
        with pytest.raises(InvalidOptionError, match="LH-104"):
            GAME.new_game(players=3, modules=modules, law_groups="combine")
    with pytest.raises(InvalidOptionError, match="law_groups"):
        GAME.new_game(players=3, law_groups="new laws")


def test_the_sources_are_said_plainly():
    s = new()
    said = observation(s, None)["sources"]
    assert "base game rules: the publisher's; some board and card values: assumed" in said
    assert said in s._repr_html_() or "publisher" in s._repr_html_()
    assert "stand-in" not in s._repr_html_().lower() and "stand-in" not in GAME.title.lower()
