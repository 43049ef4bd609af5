"""A person's Huns data file is checked field by field (issue "Bad input never crashes"): dates, wrong
types, ids people cannot type or tell apart, and values the rules cannot play are refused with a
HunsDataError naming the file, the field and what is allowed."""

from __future__ import annotations

import json

import pytest

import hench
from hench.core import DataError, HenchError
from hench.huns import HunsDataError, load_data
from hench.huns.data import builtin_document

from .helpers import GAME


def _toml_value(v) -> str:
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    return str(v)


def _rows(key: str, rows: list[dict]) -> str:
    return "".join(f"[[{key}]]\n" + "".join(f"{k} = {_toml_value(v)}\n" for k, v in row.items()) + "\n" for row in rows)


def _cards(**change) -> list[dict]:
    """The built-in cards with card `change['index']` edited."""
    cards = [dict(c) for c in builtin_document()["card"]]
    i = change.pop("index", 0)
    cards[i].update(change)
    return cards


def _refused(tmp_path, text: str, *words: str) -> str:
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(HunsDataError) as err:
        load_data(path)
    message = str(err.value)
    assert str(path) in message, message
    for word in words:
        assert word in message, message
    with pytest.raises(HenchError):
        GAME.new_game(players=2, seed=1, data=str(path))
    return message


def test_the_error_is_the_core_data_error():
    assert issubclass(HunsDataError, DataError) and issubclass(HunsDataError, ValueError)


def test_a_toml_date_is_refused(tmp_path):
    _refused(tmp_path, "[meta]\ncreated = 1979-05-27\n", "dates")


def test_a_section_of_the_wrong_type_is_refused(tmp_path):
    _refused(tmp_path, "types_meta = 3\n", "types_meta", "object")


def test_an_effect_that_is_not_text_is_refused(tmp_path):
    _refused(tmp_path, _rows("card", _cards(effect=["x"])), "card[0].effect", "string")


def test_unknown_fields_in_a_card_are_refused(tmp_path):
    _refused(tmp_path, _rows("card", _cards(colur="blue")), "card[0]", "colur")


def test_a_param_on_an_effect_without_one_is_refused(tmp_path):
    _refused(tmp_path, _rows("card", _cards(index=5, param="red")), "card[5]", "param")  # EQ-06 Keen Scout


def test_ids_differing_only_in_case_are_refused(tmp_path):
    _refused(tmp_path, _rows("card", _cards(index=1, id="eq-01")), "'eq-01'", "'EQ-01'", "case")


@pytest.mark.parametrize("word", ["Wagons", "deck", "Display", "RED", "player"])
def test_an_id_equal_to_a_word_of_the_moves_is_refused(tmp_path, word):
    _refused(tmp_path, _rows("card", _cards(index=3, id=word)), repr(word), "moves")


def test_an_id_with_a_non_breaking_space_is_refused(tmp_path):
    _refused(tmp_path, _rows("card", _cards(index=3, id="EQ\u00a004")), "card[3].id", "typed")


def test_an_id_of_two_words_is_refused(tmp_path):
    _refused(tmp_path, _rows("card", _cards(index=3, id="EQ 04")), "card[3].id", "one word")


def test_a_wagon_id_equal_to_a_card_id_is_refused(tmp_path):
    wagons = [dict(w) for w in builtin_document()["wagon"]]
    wagons[0]["id"] = "ME-01"
    _refused(tmp_path, _rows("wagon", wagons), "'ME-01'")


@pytest.mark.rule("HU-006")
@pytest.mark.parametrize("faces,words", [("[1, 2, 7]", "1..6"), (str([1, 2, 3] * 13), "1..36"), ("[]", "1..36")])
def test_dice_faces_outside_what_the_game_can_play_are_refused(tmp_path, faces, words):
    _refused(tmp_path, f"[dice]\nfaces = {faces}\n", "dice.faces", words)


@pytest.mark.rule("HU-012")
@pytest.mark.parametrize("value", [1, 5, 10000])
def test_min_players_is_a_player_count_mark(tmp_path, value):
    _refused(tmp_path, _rows("card", _cards(min_players=value)), "card[0].min_players", "2..4")


@pytest.mark.parametrize("value", [0, -3, 10000])
def test_treasure_thresholds_are_bounded(tmp_path, value):
    _refused(tmp_path, _rows("card", _cards(index=48, threshold=value)), "card[48].threshold", "1..99")


@pytest.mark.parametrize("value", [0, 9, 10000])
def test_mercenary_spaces_are_bounded(tmp_path, value):
    _refused(tmp_path, _rows("card", _cards(index=24, spaces=value)), "card[24].spaces", "1..8")


@pytest.mark.rule("HU-021")
@pytest.mark.rule("HU-024")
def test_too_few_or_too_many_wagons_are_refused(tmp_path):
    wagons = [dict(w) for w in builtin_document()["wagon"]]
    _refused(tmp_path, _rows("wagon", wagons[:11]), "wagon", "12..")
    many = [dict(wagons[i % 32], id=f"X{i}") for i in range(201)]
    _refused(tmp_path, _rows("wagon", many), "wagon", "..200")


def test_wagon_spaces_are_bounded(tmp_path):
    wagons = [dict(w) for w in builtin_document()["wagon"]]
    wagons[2]["spaces"] = "B" * 9
    _refused(tmp_path, _rows("wagon", wagons), "wagon[2].spaces", "1..8")


@pytest.mark.rule("HU-010")
def test_every_deck_needs_a_two_player_card(tmp_path):
    cards = [dict(c, min_players=3) if c["colour"] == "black" else c for c in builtin_document()["card"]]
    _refused(tmp_path, _rows("card", cards), "black deck")


def test_type_names_must_be_printable(tmp_path):
    _refused(tmp_path, '[types]\nT1 = ""\nT2 = "purple"\nT3 = "orange"\nT4 = "grey"\n', "types.T1", "printable")


def test_paths_that_are_not_regular_files_are_refused(tmp_path):
    for bad in (tmp_path, "nul\0byte.toml"):
        with pytest.raises(HunsDataError):
            load_data(bad)
        with pytest.raises(HenchError):
            GAME.new_game(players=2, seed=1, data=str(bad))


def test_a_save_never_names_a_path_and_a_bad_embedded_document_is_refused(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text('[dice]\nfaces = [1, 2, 3]\nsource = "rulebook"\nnote = "my copy"\n', encoding="utf-8")
    doc = json.loads(GAME.new_game(players=2, seed=1, data=str(path)).to_json())
    assert str(path) not in json.dumps(doc)
    doc["state"]["data"]["types_meta"] = 3
    with pytest.raises(hench.InvalidStateError, match=r"state\.data"):
        hench.state_from_json(json.dumps(doc))


def test_the_builtin_files_pass_the_same_checks(tmp_path):
    text = "\n".join(_rows(key, builtin_document()[key]) for key in ("card", "wagon"))
    path = tmp_path / "all.toml"
    path.write_text(text, encoding="utf-8")
    data = load_data(path)
    assert len(data.cards) == 60 and len(data.wagons) == 32
