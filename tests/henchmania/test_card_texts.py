"""Every Henchmania card explained in plain words (issue 9): what it does with its numbers, when, its rules,
and a visible flag where the data row is a placeholder; builtin data and a person's own file alike."""

from __future__ import annotations

import re

import pytest

import hench
from hench import rules
from hench.core import CardText
from hench.henchmania import card_gallery, data
from hench.henchmania.data import CARD_FIELDS, EFFECTS

GAME = hench.get_game("henchmania")
CODE = re.compile(r"\b[a-z]+_[a-z_]+\b")  # an engine word like steal_hand, gain_points, reserve_max


def texts(players: int = 3, **opts) -> list[CardText]:
    return GAME.card_texts(GAME.new_game(players, seed=1, **opts))


def test_the_game_declares_its_card_texts():
    assert GAME.cards is data.cards
    assert card_gallery() == list(data.card_texts(data.builtin())) == GAME.card_texts(GAME.new_game(2, seed=1))


def test_every_card_of_the_data_is_explained_once():
    state = GAME.new_game(3, seed=1)
    got = GAME.card_texts(state)
    assert [t.id for t in got] == [c.name for c in state.data.cards]
    assert all(isinstance(t, CardText) and t.name and t.what and t.when and t.rules for t in got)
    assert {t.kind for t in got} == {"Action", "Reserve", "Trump"}


def test_no_engine_codes_in_what_players_read():
    for t in texts():
        said = " ".join((t.what, t.when, t.plain()))
        assert not CODE.search(t.what + " " + t.when), f"{t.name}: {CODE.search(t.what + ' ' + t.when).group()}"
        for word in (*EFFECTS, *CARD_FIELDS):
            if "_" in word:
                assert word not in said, f"{t.name} shows the engine word {word!r}"
        assert "max " not in t.what and "(active)" not in said


def test_rule_ids_exist_in_the_catalogue():
    for t in texts():
        for rid in t.rules:
            assert rules.exists(rid) and rules.get(rid).game == "henchmania", f"{t.name}: {rid}"


def test_assumed_cards_are_flagged_with_their_note():
    state = GAME.new_game(3, seed=1)
    by_name = {t.name: t for t in GAME.card_texts(state)}
    for card in state.data.cards:
        t = by_name[card.name]
        assert t.assumed == (card.source == "assumed")
        if t.assumed:
            assert t.note and "Assumed: " in t.plain()
        else:
            assert "Assumed" not in t.plain()
    assert by_name["Glove"].assumed is False and by_name["Axe"].assumed is True


@pytest.mark.rule("HM-058", "HM-061")
def test_numbers_come_from_the_data():
    t = {x.name: x for x in texts()}
    assert "3 or more hits" in t["Spear"].what and "6 or more parries" in t["Spear"].what
    assert "gain 5" in t["Glove"].what and "roll 3 dice" in t["Glove"].what
    assert "1 different: 1, 2 different: 3, 3 different: 5" in t["Jester"].what
    assert "loses 2 points" in t["Belladonna Root"].what and "at most 1 in one Reserve" in t["Belladonna Root"].what
    assert "Scores 1 point at the end of every day" in t["Prayer"].what


def test_a_persons_own_card_file_is_explained(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text('[[card]]\nname = "Big Axe"\nsite = "Armory"\ntype = "action"\neffect = "weapon"\nattack = 2\n'
                    'defense = 3\ncopies = 40\nsource = "user"\n\n'
                    '[[card]]\nname = "Psalm"\nsite = "Church"\ntype = "reserve"\neffect = "points"\npoints_per_day = 4\n'
                    'reserve_max = 2\ncopies = 20\nsource = "assumed"\nnote = "my guess"\n', encoding="utf-8")
    got = texts(data=str(path))
    assert [t.id for t in got] == ["Big Axe", "Psalm"]
    assert "2 or more hits" in got[0].what and not got[0].assumed
    assert "Scores 4 points" in got[1].what and got[1].assumed and got[1].note == "my guess"
