"""Component data: placeholders marked as assumed, user data files, clear errors for bad files."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

import hench
from hench.core import HenchError
from hench.huns import HunsDataError, assumptions, default_data, load_data

from .helpers import GAME


def test_placeholder_data_matches_the_catalogue():
    d = default_data()
    assert len(d.cards) == 60 and len(d.wagons) == 32
    for colour in range(5):
        deck = [c for c in d.cards if c.colour == colour]
        assert len(deck) == 12 and sorted(c.min_players for c in deck)[-2:] == [3, 4]
    per_colour = [sum(w.spaces.count(c) for w in d.wagons) for c in range(5)]
    assert per_colour == [24] * 5  # M3: 24 spaces per colour
    assert {w.type for w in d.wagons} == {"T1", "T2", "T3", "T4"}
    assert sorted(len(w.spaces) for w in d.wagons).count(3) == 16
    assert d.cards[d.card_index("ME-01")].name == "Ildico the Poisoner"


def test_assumptions_table():
    rows = assumptions()
    data_rows = rows[:60 + 32 + 2]
    assert all(len(r) == 4 and r[2] in ("assumed", "rulebook") and r[3] for r in rows)
    assert all(r[2] == "assumed" for r in data_rows)  # nothing assumed is shown as the publisher's
    assert any("PLACEHOLDER" in r[3] for r in data_rows)


@pytest.mark.rule("HU-028", "HU-029")
def test_every_reading_is_in_the_assumptions_table_with_its_option():
    """Issue 28: the readings (the catch-up Valuables' colours among them) are rows of assumptions(), so the apps'
    assumptions table shows them with the option that changes them and its default."""
    from hench.core.data import plain
    from hench.huns import OPTIONS, READINGS

    rows = {r.what: r for r in assumptions()}
    assert len(rows) == 60 + 32 + 2 + len(READINGS)
    for reading in READINGS:
        row = rows[f"reading {reading.id}"]
        assert row.value == reading.text
        if reading.option:
            option = OPTIONS[reading.option]
            assert f"the option “{option.name.replace('_', ' ')}” changes it (by default {plain(option.default)}" in row.note
    colours = rows["reading HU-028/A1"]
    assert "any colour" in colours.value and "fitting" in colours.note and colours.source == "rulebook"


def _write(tmp_path, text):
    path = tmp_path / "mine.toml"
    path.write_text(text)
    return path


def test_a_user_data_file_replaces_sections(tmp_path):
    path = _write(tmp_path, '[dice]\nfaces = [1, 1, 2, 2, 3, 3]\nsource = "rulebook"\nnote = "checked on my copy"\n')
    data = load_data(path)
    assert data.faces == (1, 1, 2, 2, 3, 3) and len(data.cards) == 60
    assert ("dice faces", "1, 1, 2, 2, 3, 3", "rulebook", "checked on my copy") in assumptions(data)
    state = GAME.new_game(players=2, seed=1, data=str(path))
    assert [p for _, p in state.chance_outcomes()] == [Fraction(1, 3)] * 3  # 1,1,2,2,3,3 is still uniform
    back = hench.state_from_json(state.to_json())
    assert back == state and back.data.faces == data.faces


@pytest.mark.parametrize("text,words", [
    ("not toml [[[", "not valid TOML"),
    ("[dice]\nfaces = []\n", "faces"),
    ("[[wagon]]\nid = \"X\"\ntype = \"T9\"\nspaces = \"BB\"\n", "wagon"),
    ("[[card]]\nid = \"EQ-01\"\ncolour = \"pink\"\nname = \"x\"\ntiming = \"during\"\neffect = \"none\"\n", "colour"),
    ("[[card]]\nid = \"ME-01\"\ncolour = \"green\"\nname = \"x\"\ntiming = \"during\"\neffect = \"diviner\"\n", "spaces"),
    ("[[card]]\nid = \"RA-01\"\ncolour = \"red\"\nname = \"x\"\ntiming = \"soon\"\neffect = \"ambush\"\n", "timing"),
    ("[[card]]\nid = \"RA-01\"\ncolour = \"red\"\nname = \"x\"\ntiming = \"during\"\neffect = \"teleport\"\n", "effect"),
    ("[surprise]\nx = 1\n", "unknown sections"),
])
def test_malformed_user_files_are_explained(tmp_path, text, words):
    with pytest.raises(HunsDataError, match=words) as err:
        load_data(_write(tmp_path, text))
    assert isinstance(err.value, HenchError)


def test_missing_file_is_explained(tmp_path):
    with pytest.raises(HunsDataError, match="cannot be read"):
        load_data(tmp_path / "nope.toml")
    with pytest.raises(HunsDataError):
        GAME.new_game(players=2, data=str(tmp_path / "nope.toml"))


def test_saved_state_with_a_bad_embedded_data_document_is_rejected(tmp_path):
    path = _write(tmp_path, '[dice]\nfaces = [1, 2, 3]\n')
    doc = json.loads(GAME.new_game(players=2, seed=1, data=str(path)).to_json())
    doc["state"]["data"]["dice"]["faces"] = ["x"]
    with pytest.raises(hench.InvalidStateError, match="faces"):
        hench.state_from_json(json.dumps(doc))


def test_a_game_runs_on_odd_user_wagons(tmp_path):
    wagons = "".join(f'[[wagon]]\nid = "M{i}"\ntype = "T1"\nspaces = "BBB"\n' for i in range(32))
    path = _write(tmp_path, wagons)
    from hench.core import random_playout

    state = GAME.new_game(players=4, seed=2, data=str(path))
    final, _ = random_playout(state, seed=2)  # the 4th player's two colours cannot both fit: any pair is offered
    assert final.is_terminal
