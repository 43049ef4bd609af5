"""The uniform API on Hemloch: hidden information, typed moves, saves, data files, views and bots."""

from __future__ import annotations

import json

import pytest

import hench
from hench import InvalidActionError, InvalidStateError
from hench.core import Rng, play_game
from hench.hemloch import assumptions, load_data
from hench.hemloch.actions import Mark, Play, parse_with
from hench.hemloch.bots import HeuristicBot, RandomBot, make_bot
from hench.hemloch.data import HemlochDataError, default_data
from hench.hemloch.render import resample
from hench.hemloch.state import Task

from .helpers import ALLEY, GAME, arrange, edit, new, reveal


# -- hidden information ---------------------------------------------------------------------------------------------
def test_the_other_player_sees_hand_and_deck_only_as_counts():
    s = reveal(new(), ALLEY)
    mine, theirs = s.observation(0)["players"], s.observation(1)["players"]
    assert mine[0]["hand"] and mine[1]["hand"] is None and mine[1]["hand_size"] == 5
    assert theirs[0]["hand"] is None and theirs[1]["hand"]
    assert s.observation(None)["players"][0]["hand"] is None
    assert theirs[0]["deck"] == 25 and "decks" not in json.dumps(s.observation(1))
    other = resample(s, 0, Rng.from_seed(3))
    assert other.observation(1) == s.observation(1) and other.observation(None) == s.observation(None)


def test_resample_changes_the_hidden_hand():
    s = reveal(new(), ALLEY)
    changed = [resample(s, 0, Rng.from_seed(i)).hands[0] != s.hands[0] for i in range(5)]
    assert any(changed)


# -- typed moves ------------------------------------------------------------------------------------------------------
def test_moves_print_for_people_and_parse_back_in_any_case():
    d = default_data()
    for text in ("draw", "play Unfair Lady at The Boneyard", "use Potion", "mark Location 4 row 3 column 2",
                 "festival to Alley Maze", "steal face-down Scepter", "recall Fan Dancer from Courtyard",
                 "move Fan Dancer from Courtyard to Location 4", "retreat Cog Runner from Alley Maze", "swap Courtyard",
                 "reveal The Boneyard Day", "keep Mad Chemist"):
        action = parse_with(d, text)
        assert str(action) == text and parse_with(d, f"  {text.upper()}  ") == action
    assert parse_with(d, "mark Courtyard row 1 column 3") == Mark("Courtyard", 0, 2)


@pytest.mark.parametrize("text", ["", "dance", "play Unfair Lady", "play Nobody at Courtyard", "play Fan Dancer at Moon",
                                  "mark Courtyard row ٣ column 1", "mark Courtyard row 0 column 1", "use Sword",
                                  "steal sideways Potion", "reveal Courtyard Dusk", "move Fan Dancer to Courtyard"])
def test_malformed_moves_are_explained(text):
    with pytest.raises(InvalidActionError) as err:
        GAME.parse_action(new(), text)
    assert str(err.value)


def test_unknown_names_in_action_objects_are_malformed_not_illegal():
    s = reveal(new(), ALLEY)
    with pytest.raises(InvalidActionError):
        s.apply(Play("Nobody", ALLEY))


# -- saves -----------------------------------------------------------------------------------------------------------------
def test_saves_round_trip_through_a_game_and_refuse_tampering():
    s = GAME.new_game(seed=8, draft=True)
    for _ in range(80):
        s = s.apply(s.legal_actions()[0])
        assert hench.state_from_json(s.to_json()).to_json() == s.to_json()
    doc = json.loads(reveal(new(), ALLEY).to_json())
    bad = json.loads(json.dumps(doc))
    bad["state"]["hands"][0].append(0)  # a card from nowhere
    with pytest.raises(InvalidStateError, match="deck"):
        hench.state_from_json(json.dumps(bad))
    bad = json.loads(json.dumps(doc))
    bad["state"]["supply"][0] = 5  # an Item lost
    with pytest.raises(InvalidStateError, match="Potion"):
        hench.state_from_json(json.dumps(bad))
    bad = json.loads(json.dumps(doc))
    bad["state"]["week_deck"] = [0, 1, 2, 7]  # a Day and its Night both in play
    with pytest.raises(InvalidStateError, match="Week"):
        hench.state_from_json(json.dumps(bad))
    bad = json.loads(json.dumps(doc))
    bad["state"]["week"] = 3  # two Week's Ends that boxed no Night
    with pytest.raises(InvalidStateError, match="week"):
        hench.state_from_json(json.dumps(bad))


def test_a_save_carries_a_users_data(tmp_path):
    text = (tmp_path / "mine.toml")
    text.write_text('[game]\ndeck_size = 30\nopening_hand = 4\nmarkers = 12\nactions = 2\nitem_count = 6\nsource = "rulebook"\n')
    s = GAME.new_game(seed=1, data=str(text))
    assert len(s.hands[0]) == 4 and s.markers_left(0) == 12
    again = hench.state_from_json(s.to_json())
    assert again.data.markers == 12 and again.to_json() == s.to_json()


# -- data files -------------------------------------------------------------------------------------------------------------
def test_every_placeholder_is_marked_assumed():
    rows = assumptions()
    assert {r.source for r in rows} == {"rulebook", "assumed"}
    assumed = {r.what for r in rows if r.source == "assumed"}
    assert "location Location 4" in assumed and "minion Unfair Lady" in assumed and "item Potion" in assumed
    assert "faction geared" not in assumed  # the Geared are named in the text


@pytest.mark.parametrize("body,field", [
    ('[[minion]]\nname = "Solo"\nfaction = "geared"\ninfluence = 1\neffects = ["draw_1"]\ncopies = 29\n', "deck_size"),
    ('[[minion]]\nname = "Play Boy"\nfaction = "geared"\ninfluence = 1\neffects = ["draw_1"]\ncopies = 30\n', "play"),
    ('[[minion]]\nname = "Solo"\nfaction = "nobody"\ninfluence = 1\neffects = ["draw_1"]\ncopies = 30\n', "faction"),
    ('[[minion]]\nname = "Solo"\nfaction = "geared"\ninfluence = 1\neffects = ["fly"]\ncopies = 30\n', "effects"),
    ("[surprise]\nx = 1\n", "unknown sections"),
])
def test_bad_data_files_are_refused_naming_the_field(tmp_path, body, field):
    path = tmp_path / "bad.toml"
    path.write_text(body)
    with pytest.raises(HemlochDataError) as err:
        load_data(path)
    assert str(path) in str(err.value) and field in str(err.value)


# -- views --------------------------------------------------------------------------------------------------------------------
def test_notation_and_html_show_the_board_without_hidden_cards():
    s = reveal(arrange(new(), hands={0: ["Unfair Lady"]}), ALLEY)
    line = s.notation()
    assert "\n" not in line and "festival=Alley Maze" in line and "Unfair" not in line
    page = s._repr_html_()
    assert page.startswith("<div") and "Courtyard" in page and "Festival" in page
    assert ">Unfair Lady</span>" not in page and "hench-card-back" in page  # the hand shows as backs (a card's notes may name it)
    assert "row 1, column 1" in page


# -- bots ----------------------------------------------------------------------------------------------------------------------
def test_the_heuristic_bot_beats_the_random_bot():
    wins = 0
    for seed in range(10):
        seat = seed % 2
        bots = [HeuristicBot(seed), RandomBot(seed)] if seat == 0 else [RandomBot(seed), HeuristicBot(seed)]
        final, _ = play_game(GAME.new_game(seed=seed), bots, Rng.from_seed(seed))
        wins += final.winners() == [seat]
    assert wins >= 7


def test_bots_are_seeded():
    def game(seed):
        final, n = play_game(GAME.new_game(seed=seed), [make_bot("heuristic", 1), make_bot("random", 2)], Rng.from_seed(seed))
        return final.to_json(), n
    assert game(3) == game(3)
    with pytest.raises(ValueError):
        make_bot("clever")


def test_a_live_save_with_no_legal_move_is_refused():
    s = edit(reveal(new(), ALLEY))
    s.tasks = (Task("mark", 0, 0, 1),)
    s.stage = "day_check"
    s.spaces[0] = [1] * 9
    with pytest.raises(InvalidStateError, match="legal move"):
        GAME.load_state(s.to_dict())


@pytest.mark.rule("HL-033", "HL-055")
def test_the_assumptions_table_shows_every_reading_and_the_option_that_changes_it():
    from hench.hemloch import READINGS

    rows = {r.what: r for r in assumptions()}
    for reading in READINGS:
        row = rows[f"reading {reading.id}"]
        assert row.value == reading.text and row.source == "assumed"
        assert (reading.option or "").replace("_", " ") in row.note
    assert "no pass" in rows["reading HL-055"].value and "may pass" in rows["reading HL-055"].note
