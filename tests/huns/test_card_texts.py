"""Every Huns card explained in plain words (issue 9): no engine codes (`swift_horse (active)`, `extra_cube`,
`blight`), its timing, its rules, and the placeholder flag; builtin data and a person's own file alike."""

from __future__ import annotations

import re

import pytest

import hench
from hench import rules
from hench.core import CardText
from hench.huns import render
from hench.huns.data import CONDITIONS, EFFECTS, KINDS, builtin_document

GAME = hench.get_game("huns")
CODE = re.compile(r"\b[a-z]+_[a-z_]+\b")
ENGINE_WORDS = {e for effects in EFFECTS.values() for e in effects if "_" in e} | {c for c in CONDITIONS if "_" in c}


def texts(players: int = 4, **opts) -> list[CardText]:
    return GAME.card_texts(GAME.new_game(players, seed=1, **opts))


def test_the_game_declares_its_card_texts():
    assert GAME.cards is render.card_texts


@pytest.mark.parametrize("players", [2, 4])
def test_every_card_id_is_explained_once(players):
    state = GAME.new_game(players, seed=1)
    got = GAME.card_texts(state)
    assert [t.id for t in got] == [c.id for c in state.data.cards] and len(got) == 60  # removed cards too: the gallery
    assert {t.kind for t in got} == set(KINDS)
    assert all(isinstance(t, CardText) and t.name and t.what and t.when and t.rules for t in got)


def test_no_engine_codes_in_what_players_read():
    for t in texts():
        said = t.plain()
        assert not CODE.search(t.what + " " + t.when), f"{t.id}: {CODE.search(t.what + ' ' + t.when).group()}"
        for word in ENGINE_WORDS:
            assert word not in said, f"{t.id} shows the engine word {word!r}"
        assert "(active)" not in said and "PLACEHOLDER from catalogue" not in said
        assert not re.search(r"\bblight\b", t.what), t.id  # the effect id, not the card name "Blue Blight"


def test_rule_ids_exist_in_the_catalogue():
    for t in texts():
        for rid in t.rules:
            assert rules.exists(rid) and rules.get(rid).game == "huns", f"{t.id}: {rid}"


def test_assumed_cards_are_flagged_with_a_plain_note():
    state = GAME.new_game(3, seed=1)
    for card, t in zip(state.data.cards, GAME.card_texts(state)):
        assert t.assumed == (card.source == "assumed")
        if t.assumed:
            assert t.note and "Assumed: " in t.plain()
    assert all(t.assumed for t in GAME.card_texts(state))  # every builtin card is a placeholder


@pytest.mark.rule("HU-097", "HU-100")
def test_numbers_and_colours_are_said():
    t3 = {t.id: t for t in texts(3)}
    assert "1 yellow cube more" in t3["EQ-05"].what  # Yellow Saddlebags
    assert "counts as 2" in t3["EQ-07"].what  # Swift Horse
    assert "2 blue cubes" in t3["RA-01"].what
    assert "4 spaces" in t3["ME-02"].what and "1 cube more" in t3["ME-02"].what  # Quartermaster
    assert "blue cubes take 1 cube fewer" in t3["CU-01"].what and "costs 3 VP" in t3["CU-01"].what
    assert "scores 3 VP" in t3["TR-06"].what and "12 cubes in your Stash" in t3["TR-06"].what
    assert "Used only with 4 players" in t3["TR-12"].what and "Used only with 3 or 4" in t3["TR-11"].what
    assert "costs 2 VP" in {t.id: t for t in texts(2)}["CU-01"].what  # N = the number of players


def test_a_persons_own_card_file_is_explained(tmp_path):
    from .test_data_files import _cards, _rows

    cards = _cards(index=0, name="Big Saddlebags", source="rulebook", note="from my box")
    path = tmp_path / "mine.toml"
    path.write_text(_rows("card", cards), encoding="utf-8")
    got = {t.id: t for t in texts(data=str(path))}
    assert got["EQ-01"].name == "Big Saddlebags" and not got["EQ-01"].assumed
    assert builtin_document()["card"][1]["id"] in got
