"""Setup and module options: LH-001..LH-013, LH-075..LH-079, LH-101..LH-105 (2 players: test_two_players.py)."""

from __future__ import annotations

import pytest

from hench.core import InvalidOptionError, random_playout
from hench.lancaster import GAME, STAND_IN, observation
from hench.lancaster.data import default_data

from .helpers import new


@pytest.mark.rule("LH-003", "LH-101")
@pytest.mark.parametrize("modules", ["LK", "KC+LK", "KR+LK"])
def test_laws_of_the_king_alone_are_refused_citing_the_rule(modules):
    with pytest.raises(InvalidOptionError, match="LH-003"):
        GAME.new_game(players=3, modules=modules)


@pytest.mark.rule("LH-001", "LH-002")
@pytest.mark.parametrize("modules", ["none", "KC", "KR", "KC+KR", "KC+KR+LK"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_module_combination_plays_to_the_end(modules, players):
    final, steps = random_playout(GAME.new_game(players=players, seed=players, modules=modules), seed=players)
    assert final.is_terminal and steps > 20 and final.winners()
    assert final.round == default_data().rounds
    assert ("KC" in modules) == any(r["seals"] or r["bishops"] for r in final.res) or "KC" not in modules
    assert len(final.scores()) == players


def test_two_players_are_offered():
    """2 players play with the ally model (catalogue L12): tests/lancaster/test_two_players.py."""
    assert GAME.min_players == 2 and GAME.new_game(players=2, seed=1).colours == 4
    with pytest.raises(InvalidOptionError, match="2 to 5 players"):
        GAME.new_game(players=1)


@pytest.mark.rule("LH-010", "LH-011", "LH-012", "LH-009", "LH-013")
@pytest.mark.parametrize("players,bishops", [(3, 5), (4, 7), (5, 9)])
def test_court_setup(players, bishops):
    s = new(players, "KC")
    assert s.supply["bishops"] == bishops
    assert s.supply | {} == {"shield": 2, "archer": 3, "tudor": 3, "seals": 24, "bishops": bishops}
    assert s.lord == ["court"] * players and s.holders == [-1, -1, -1]
    assert all(r["vm"] == 2 for r in s.res)
    assert all(r["vm"] == 1 for r in new(players, "KR").res)  # base: 1 VM (L4)
    assert s.phase == "place" and any(a.kind == "apply" for a in s.legal_actions())


@pytest.mark.rule("LH-076", "LH-078", "LH-079")
@pytest.mark.parametrize("players,per_space,neutral,box", [(3, 3, 3, 11), (4, 4, 2, 2), (5, 4, 0, 2)])
def test_resentment_setup(players, per_space, neutral, box):
    s = new(players, "KR")
    assert s.track == [per_space] * 9 and s.neutral == neutral and s.box == box
    assert any(a.kind == "tower" for a in s.legal_actions())
    assert not any(a.kind == "tower" for a in new(players, "KC").legal_actions())


@pytest.mark.rule("LH-102", "LH-103", "LH-105")
def test_king_laws_replace_groups_two_and_three():
    s = GAME.new_game(players=3, seed=4, modules="KC+KR+LK")
    deck = s.law_deck
    assert sorted(x for x in deck if x.startswith("LK")) == [f"LK-{i}" for i in range(1, 9)]
    assert not any(x.startswith(("B2", "B3")) for x in deck)
    assert [x[:2] for x in deck[:3]] == ["B1"] * 3 and all(x.startswith("B4") for x in deck[-4:])
    assert s.current == ["B0-1", "B0-2", "B0-3"]
    base = GAME.new_game(players=3, seed=4, modules="KC+KR")
    assert not any(x.startswith("LK") for x in base.law_deck)


@pytest.mark.rule("LH-104", "LH-102")
@pytest.mark.parametrize("seed", range(8))
def test_combined_law_groups_mix_base_laws_and_laws_of_the_king(seed):
    """LH-104, set-up option 2, as far as the text allows (assumed: data combined_laws): groups 2 and 3 each
    shuffle their base laws with the Laws of the King of that group and use combined_laws.sizes of them;
    groups 0, 1 and 4 are as in option 1. The New Laws' own cards are not in the text."""
    data = default_data()
    s = GAME.new_game(players=3, seed=seed, modules="KC+KR+LK", law_groups="combine")
    deck = s.law_deck
    g2, g3 = deck[3:3 + data.combined_sizes[0]], deck[3 + data.combined_sizes[0]:-4]
    assert [x[:2] for x in deck[:3]] == ["B1"] * 3 and all(x.startswith("B4") for x in deck[-4:])
    assert len(g2) == data.combined_sizes[0] and len(g3) == data.combined_sizes[1] and len(set(deck)) == len(deck)
    assert all(x.startswith("B2") or (x.startswith("LK") and data.king_groups[int(x[3:]) - 1] == 2) for x in g2)
    assert all(x.startswith("B3") or (x.startswith("LK") and data.king_groups[int(x[3:]) - 1] == 3) for x in g3)
    assert data.rows["combined_laws"].source == "assumed"
    final, steps = random_playout(s, seed=seed)
    assert final.is_terminal and steps > 20


@pytest.mark.rule("LH-104")
def test_combined_groups_really_mix_over_seeds_and_need_the_laws_of_the_king():
    mixed = [GAME.new_game(players=3, seed=seed, law_groups="combine").law_deck for seed in range(12)]
    assert any(any(x.startswith("B2") for x in deck) and any(x.startswith("LK") for x in deck) for deck in mixed)
    assert GAME.new_game(players=3, seed=1).law_deck == GAME.new_game(players=3, seed=1, law_groups="replace").law_deck
    for modules in ("KC+KR", "KC", "none"):
        with pytest.raises(InvalidOptionError, match="LH-104"):
            GAME.new_game(players=3, modules=modules, law_groups="combine")
    with pytest.raises(InvalidOptionError, match="law_groups"):
        GAME.new_game(players=3, law_groups="new laws")


@pytest.mark.rule("LH-103")
def test_other_law_groups_come_from_your_own_data_file(tmp_path):
    """A person's own data file can replace the base law cards and group sizes (for example with cards of
    the first expansion, The New Laws, which are not in the text)."""
    text = "\n".join(f'[[law]]\nid = "B{g}-{i}"\ngroup = {g}\neffect = "all_gain"\nresource = "pp"\namount = 1\n'
                     f'text = "new law"\nstatus = "assumption"\nsource = "assumed"\nnote = ""\n'
                     for g, n in enumerate((3, 3, 4, 4, 4)) for i in range(1, n + 1))
    path = tmp_path / "laws.toml"
    path.write_text(text)
    s = GAME.new_game(players=3, seed=1, modules="KC+KR", data=str(path))
    assert s.data.law("B4-4").text == "new law"


def test_the_stand_in_is_said_plainly():
    s = new()
    assert "stand-in" in observation(s, None)["stand_in"] and "stand-in" in s._repr_html_()
    assert "not the published" in STAND_IN
    assert "stand-in" in GAME.title.lower() or "Lite" in GAME.title
