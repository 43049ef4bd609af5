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


def test_session_does_not_change_on_illegal_action_and_notifies_listeners():
    s = Session(pig())
    heard = []
    s.observe(lambda sess: heard.append(len(sess)))
    with pytest.raises(IllegalActionError):
        s.apply("hold")
    assert len(s) == 0 and heard == []
    s.apply("roll")
    s.undo()
    assert heard == [1, 0]


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
    with pytest.raises(InvalidStateError, match=r"state.day is 9; expected 1..4"):
        r.int("day", 1, 4)
    with pytest.raises(InvalidStateError, match="state.name should be a string"):
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
