"""Core pieces: RNG, errors, session, registry, rules index, shelf, save files."""

from __future__ import annotations

import json
from collections import Counter

import pytest

import hench
from hench.core import IllegalActionError, InvalidActionError, InvalidStateError, Rng, Session, UnknownGameError
from hench.core.schema import Reader


def pig(seed=1, players=2):
    return hench.get_game("tinypig").new_game(players=players, seed=seed, first_player=0)


def test_rng_is_deterministic_and_roughly_uniform():
    a, b = Rng.from_seed(5), Rng.from_seed(5)
    assert [a.randrange(6) for _ in range(50)] == [b.randrange(6) for _ in range(50)]
    rng = Rng.from_seed(1)
    counts = Counter(rng.randrange(6) for _ in range(6000))
    assert set(counts) == set(range(6)) and all(800 < c < 1200 for c in counts.values())
    assert sorted(Rng.from_seed(2).shuffled(range(10))) == list(range(10))
    resumed = Rng(a.state)
    assert resumed.next64() == a.next64(), "the whole generator state is one integer"
    with pytest.raises(ValueError):
        rng.randrange(0)


@pytest.mark.rule("TP-002")
def test_illegal_action_names_rule_and_alternatives():
    state = pig()
    before = state.to_json()
    with pytest.raises(IllegalActionError) as err:
        state.apply("hold")
    e = err.value
    assert e.rule_id == "TP-002" and isinstance(e, ValueError)
    assert "hold" in str(e) and "no points" in str(e) and "Allowed instead: roll" in str(e)
    assert state.to_json() == before


def test_unhashable_action_is_invalid_not_a_crash():
    with pytest.raises(InvalidActionError):
        pig().apply(["roll"])
    with pytest.raises(InvalidActionError, match="not a Tiny Pig move"):
        hench.get_game("tinypig").parse_action(pig(), "fly away")
    with pytest.raises(InvalidActionError):
        hench.get_game("tinypig").parse_action(pig(), 42)


@pytest.mark.rule("TP-001", "TP-003")
def test_session_undo_redo_history_branch_replay():
    s = Session(pig())
    s.apply("roll")
    s.apply_text("die 5")
    s.apply("hold")
    assert [step.text for step in s.history] == ["roll", "die 5", "hold"]
    assert [step.who for step in s.history] == ["Player 1", "the dice", "Player 1"]
    assert s.state.scores() == [5, 0]
    s.undo()
    assert s.state.scores() == [0, 0] and s.can_redo
    s.redo()
    assert s.state.scores() == [5, 0] and not s.can_redo
    b = s.branch(at=1)
    assert len(b) == 1 and b.state.phase == "roll" and len(s) == 3
    assert [x.to_json() for x in s.replay()] == [x.to_json() for x in s.states]
    s.undo_to(lambda st: st.phase == "turn" and st.turn_points == 5)
    assert len(s) == 2
    s.undo_to(lambda st: st.phase == "turn" and st.turn_points == 0)
    assert len(s) == 0


def test_session_does_not_change_on_illegal_action():
    s = Session(pig())
    with pytest.raises(IllegalActionError):
        s.apply("hold")
    assert len(s) == 0 and s.last is None and s.state is s.initial


@pytest.mark.rule("TP-001", "TP-003")
def test_a_step_keeps_its_text_words_and_scores_from_when_it_was_applied():
    s = Session(pig())
    for move in ("roll", "die 5", "hold"):
        s.apply(move)
    steps = s.history
    assert s.history[0] is steps[0], "history hands back the steps kept, not new ones"
    hold = steps[-1]
    assert hold.text == "hold" and hold.scores == (5, 0) and hold.scores_before == (0, 0)
    assert [line.text for line in hold.narration(None)] == [line.text for line in hold.after.narration(None)]
    assert hold.narration(0) and hold.narration(1) == hold.narration(None)  # the same lines for every seat here
    assert steps[1].scores_before is steps[0].scores, "a step's scores before are its predecessor's, not re-scored"
    s.undo()
    assert s.last is steps[1] and s.can_redo
    s.redo()
    assert s.last is hold, "redo puts back the step undone, as it was"
    s.undo(2)
    s.apply("die 3")  # another move after an undo: the steps undone are gone
    assert not s.can_redo and s.last.text == "die 3" and s.last.scores == (0, 0) and s.last.index == 1


def test_a_step_tells_each_seat_only_its_own_lines():
    from hench.core import Line

    class Told:  # the narration of a state with a line addressed to seat 1 only
        game = pig().game

        def __init__(self):
            self.lines = [Line("you draw the Ace", to=(1,)), Line("Player 2 draws a card")]

        def scores(self):
            return [0, 0]

        def narration(self, seat=None):
            return [line for line in self.lines if line.visible_to(seat)]

    start = pig()
    step = hench.core.Step.applied(0, start.legal_actions()[0], start, Told(), (0, 0))
    assert [str(x) for x in step.narration(1)] == ["you draw the Ace", "Player 2 draws a card"]
    assert [str(x) for x in step.narration(0)] == [str(x) for x in step.narration(None)] == ["Player 2 draws a card"]


def test_session_saves_and_loads():
    s = Session(pig())
    for a in ("roll", "die 4", "roll", "die 6", "hold"):
        s.apply(a)
    again = Session.from_json(s.to_json())
    assert again.state == s.state and len(again) == 5
    doc = json.loads(s.to_json())
    doc["actions"][1] = "die 9"
    with pytest.raises(InvalidStateError, match="step 1"):
        Session.from_json(json.dumps(doc))
    with pytest.raises(InvalidStateError):
        Session.from_json("not json")


def test_registry():
    assert "tinypig" in hench.registered()
    with pytest.raises(UnknownGameError, match="no game 'chess'"):
        hench.get_game("chess")
    assert set(hench.GAMES) <= set(hench.rules.GAME_PACKAGES) | {"tinypig"}


def test_reader_names_the_field():
    r = Reader({"day": 9, "name": 3}, "state")
    with pytest.raises(InvalidStateError, match=r"state\.day is 9; expected 1\.\.4"):
        r.int("day", 1, 4)
    with pytest.raises(InvalidStateError, match=r"state\.name should be a string"):
        r.str("name")
    with pytest.raises(InvalidStateError, match="missing"):
        r.int("gone")
    with pytest.raises(InvalidStateError, match="should be an object"):
        Reader([1, 2])


def test_rules_index_covers_all_catalogues():
    counts = Counter(r.game for r in hench.rules.all_rules())
    assert counts == {"henchmania": 116, "huns": 107, "hemloch": 97, "maniacal": 180, "lancaster": 220}
    assert len({r.id for r in hench.rules.all_rules()}) == sum(counts.values())
    rule = hench.rules.get("hm-020")
    assert rule.tag == "engine" and "spots" in rule.summary.lower()
    found = hench.rules.search("duel")
    assert found and all(r.game == "henchmania" for r in found[:5])
    assert [r.id for r in hench.rules.search("HU-7")] == ["HU-007"]
    assert [r.id for r in hench.rules.search("LB-50")] == ["LB-050"] and hench.rules.get("LB-104").game == "lancaster"
    assert hench.rules.search("duel", game="huns") == []
    assert hench.rules.search("zzqxj") == []
    with pytest.raises(hench.rules.UnknownRuleError):
        hench.rules.get("XX-999")


def test_shelf_lists_five_games():
    entries = hench.shelf.entries()
    assert [e.id for e in entries] == ["henchmania", "huns", "hemloch", "maniacal", "lancaster"]
    for e in entries:
        assert e.title and e.players and e.blurb and len(e.learn) >= 3
        assert e.playable == (e.id in hench.GAMES)
        assert bool(e.notebooks) == e.playable


def test_hench_imports_no_jupyter():
    import subprocess
    import sys

    code = "import sys, hench; bad = [m for m in ('ipywidgets', 'plotly', 'pandas', 'IPython', 'widgets') if m in sys.modules]; print(bad)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_option_choices_do_not_confuse_bools_and_ints():
    from hench.core import Option

    opt = Option("inclusive", True, "", (True, False))
    assert opt.check(False) is False
    for bad in (1, 0, "yes"):
        with pytest.raises(hench.InvalidOptionError, match="not allowed"):
            opt.check(bad)
    assert Option("seat", 0, "", ("random", 0, 1)).check(1) == 1
    with pytest.raises(hench.InvalidOptionError):
        Option("seat", 0, "", ("random", 0, 1)).check(True)


def test_card_texts_are_built_once_per_data_set():
    game = hench.get_game("henchmania")
    built = []
    cards = game.cards

    def counting(state):
        built.append(1)
        return cards(state)

    game.cards, game._card_cache = counting, {}
    try:
        start = game.new_game(players=3, seed=1)
        later = start
        for _ in range(5):
            later = later.apply(later.legal_actions()[0] if later.current_player != hench.core.CHANCE
                                else later.chance_outcomes()[0][0])
        first = game.card_texts(start)
        assert game.card_texts(later) == first and game.card_index(later)[first[0].id] is first[0]
        assert len(built) == 1, "the states of one game share their data: one build"
        game.card_texts(game.new_game(players=4, seed=1))
        assert len(built) == 2, "another player count is another set of texts (cards used only with more players)"
        with pytest.raises(TypeError):
            game.card_index(start)["x"] = first[0]  # read only: the cache is shared
    finally:
        game.cards, game._card_cache = cards, {}


def test_card_texts_follow_what_else_they_read():
    game = hench.get_game("hemloch")  # a Location's text names the side it shows in this game
    light, dark = game.new_game(seed=1, sides="light"), game.new_game(seed=1, sides="dark")
    assert light.data is dark.data
    assert game.card_texts(light) == list(game.cards(light)) and game.card_texts(dark) == list(game.cards(dark))
    assert game.card_texts(light) != game.card_texts(dark)


def test_an_optional_container_field_copies_as_none():
    """A DICT/LIST/ROWS field that is None while absent (a duel record between duels) clones and is owned as None."""
    from hench.core.fields import DICT, ROWS, Field, Fields, FieldState

    class Optional(FieldState):
        FIELDS = Fields(Field("record", DICT, read=lambda r, s: r.raw("record")),
                        Field("rows", ROWS, read=lambda r, s: r.raw("rows")))

    s = Optional.make(record=None, rows=None)
    assert s.clone().record is None and s.clone().rows is None
    nxt = s.successor()
    assert nxt.own("record") is None and nxt.own("rows") is None
    s2 = Optional.make(record={"a": 1}, rows=[[1]])
    nxt2 = s2.successor()
    nxt2.own("record")["a"] = 2
    nxt2.own_item("rows", 0).append(2)
    assert s2.record == {"a": 1} and s2.rows == [[1]] and nxt2.record == {"a": 2} and nxt2.rows == [[1, 2]]


def test_a_save_with_a_legacy_key_loads():
    """Fields(legacy=...): a key older saves have (a move's words) is read and dropped, and the read-back check
    of Game.load_state does not refuse it."""
    import hench

    game = hench.get_game("tinypig")
    state = game.new_game(players=2, seed=1)
    old = {**state.to_dict(), "events": ["Player 1 rolls"]}
    type(state).FIELDS.legacy = ("events",)
    try:
        assert game.load_state(old) == state
    finally:
        type(state).FIELDS.legacy = ()


def test_component_values_and_readings_are_shown_in_plain_words_not_python():
    """Issue 29: the assumptions table shows no Python notation (lists, tuples, dicts, True/False) or snake_case."""
    from hench.core import Option, Reading
    from hench.core.data import plain, reading_rows

    assert plain([1, 2, 3]) == "1, 2, 3" and plain(((4, 2, 0), (2, 2, 2))) == "4/2/0; 2/2/2"
    assert plain({"contract_min": 3, "visit": 2}) == "contract min 3, visit 2" and plain(True) == "yes" and plain(None) == "none"
    options = {"may_pass": Option("may_pass", False, "a player may pass", (False, True))}
    rows = reading_rows([Reading("A1", "A reading.", "may_pass"), Reading("A2", "Fixed.")], options)
    assert rows[0].note == "the option “may pass” changes it (by default no; it may be no, yes)"
    assert rows[1].note == "the engine's fixed reading (no option)" and rows[0].source == "assumed"
