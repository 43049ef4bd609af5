"""Bad input never crashes and is never half-loaded: saves, typed moves and data files, fuzzed with a
seeded mutator over every registered game (bounded so `make test` stays quick).

Every outcome must be one of: refused with the right hench error, or accepted whole and playable to
the end (and saved again).
"""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

import pytest

import hench
from hench.core import HenchError, IllegalActionError, InvalidActionError, InvalidStateError, RandomBot, Rng, next_action

from .test_conformance import game_ids, walk

SAVES, DEEP_SAVES, MOVES, DATA_FILES = 150, 120, 1500, 60
NAMES_A_FIELD = re.compile(r"^state\b|\bstate[.\[]\w")  # "state.camps[1].stash ...", "card X is nowhere: state.decks"
PLAY_LIMIT = 20_000


def play_out(state, seed: int) -> None:
    """A random playout to the end, saving at the end: an accepted input must stay playable."""
    rng, bots = Rng.from_seed(seed), [RandomBot(seed)] * state.num_players
    for _ in range(PLAY_LIMIT):
        if state.is_terminal:
            hench.state_from_json(state.to_json())
            return
        state = state.apply(next_action(state, bots, rng))
    raise AssertionError(f"no end after {PLAY_LIMIT} actions from an accepted input: {state!r}")


# -- saves -------------------------------------------------------------------------------------
def mutate(value, rng: Rng):
    """One random edit somewhere inside a JSON value."""
    if isinstance(value, dict) and value and rng.randrange(3):
        key = rng.choice(sorted(value))
        out = dict(value)
        if rng.randrange(8) == 0:
            del out[key]
        else:
            out[key] = mutate(value[key], rng)
        return out
    if isinstance(value, list) and value and rng.randrange(3):
        i = rng.randrange(len(value))
        out = list(value)
        choice = rng.randrange(6)
        if choice == 0:
            del out[i]
        elif choice == 1:
            out.insert(i, value[i])
        else:
            out[i] = mutate(value[i], rng)
        return out
    options = [None, True, False, 0, -1, 1, 2, 7, 99, -(2**70), 2**70, 0.5, "", "x", "Player 1", [], {}, [0], value]
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        options += [value + 1, value - 1, -value, value * 10]
    return rng.choice(options)


def names_a_field(exc: InvalidStateError) -> None:
    assert NAMES_A_FIELD.search(str(exc)), f"a refusal of an edited save names the field: {exc}"


def deep_mutate(doc, rng: Rng) -> str:
    """One edit of one field anywhere in a save, keeping its JSON kind (a number stays a number, a count may
    become ten million, over every bound, as in issue 31's Lancaster save of 1,000,000 squires, a list
    loses, repeats or swaps items, a string becomes another string of the save), so the edit passes the
    type checks and reaches the game's invariants. Returns the path edited."""
    paths = []

    def walk_paths(v, p):
        if p:
            paths.append(p)
        items = v.items() if isinstance(v, dict) else enumerate(v) if isinstance(v, list) else ()
        for k, x in items:
            walk_paths(x, (*p, k))

    walk_paths(doc, ())
    path = paths[rng.randrange(len(paths))]
    parent = doc
    for k in path[:-1]:
        parent = parent[k]
    key, value = path[-1], parent[path[-1]]
    if isinstance(value, bool):
        parent[key] = not value
    elif isinstance(value, int):
        parent[key] = rng.choice([value + 1, value - 1, -value, 0, 2 * value, value + 5, 10**7])  # over every count's bound
    elif isinstance(value, list) and value:
        out, i, j = list(value), rng.randrange(len(value)), rng.randrange(len(value))
        edit = rng.randrange(3)
        if edit == 0:
            del out[i]
        elif edit == 1:
            out.insert(i, value[j])
        else:
            out[i], out[j] = out[j], out[i]
        parent[key] = out
    else:
        same = []
        for p in paths:
            v = doc
            for k in p:
                v = v[k]
            if type(v) is type(value) and not isinstance(v, (dict, list)):
                same.append(v)
        parent[key] = rng.choice(same) if same else None
    return "state" + "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in path)


@pytest.mark.parametrize("game_id", game_ids())
def test_saves_edited_in_place_load_whole_or_are_refused_naming_the_field(game_id):
    """Type-keeping edits (a count one higher, a card moved, a list item lost) reach the invariants:
    every one is refused naming a field, or loads whole and plays to the end."""
    game = hench.get_game(game_id)
    rng = Rng.from_seed(41)
    states = [s for players in sorted({game.min_players, game.max_players}) for s, _, _ in walk(game_id, players, 4)]
    loaded = 0
    for i in range(DEEP_SAVES):
        doc = json.loads(states[rng.randrange(len(states))].to_json())
        edited = [deep_mutate(doc["state"], rng) for _ in range(1 + (i % 3 == 0))]
        text = json.dumps(doc)
        try:
            state = hench.state_from_json(text)
        except InvalidStateError as exc:
            names_a_field(exc)
            continue
        loaded += 1
        assert state.to_json() == json.dumps(json.loads(text), sort_keys=True, separators=(",", ":")), edited
        play_out(state, i)
    assert 0 < loaded < DEEP_SAVES, "some edits must be refused and some (such as a reordered deck) load"


@pytest.mark.parametrize("game_id", game_ids())
def test_a_missing_or_unknown_field_is_named(game_id):
    game = hench.get_game(game_id)
    doc = json.loads(game.new_game(players=game.min_players, seed=2).to_json())
    for key in doc["state"]:
        broken = {**doc, "state": {k: v for k, v in doc["state"].items() if k != key}}
        with pytest.raises(InvalidStateError, match=rf"state\.{key}\b"):
            hench.state_from_json(json.dumps(broken))
    with pytest.raises(InvalidStateError, match=r"surprise"):
        hench.state_from_json(json.dumps({**doc, "state": {**doc["state"], "surprise": 1}}))


@pytest.mark.parametrize("game_id", game_ids())
def test_mutated_saves_load_whole_or_are_refused(game_id):
    game = hench.get_game(game_id)
    rng = Rng.from_seed(14)
    states = [s for s, _, _ in walk(game_id, game.max_players, 3)]
    states = [states[rng.randrange(len(states))] for _ in range(12)]
    loaded = 0
    for i in range(SAVES):
        doc = json.loads(states[i % len(states)].to_json())
        doc["state"] = mutate(doc["state"], rng)
        text = json.dumps(doc)
        try:
            state = hench.state_from_json(text)
        except InvalidStateError as exc:
            names_a_field(exc)
            continue
        loaded += 1
        assert state.to_json() == json.dumps(json.loads(text), sort_keys=True, separators=(",", ":"))
        play_out(state, i)
    assert loaded < SAVES, "some mutations must be refused, or the mutator does nothing"


@pytest.mark.parametrize("game_id", game_ids())
def test_deeply_nested_saves_are_refused_cleanly(game_id):
    for depth in (999, 5000, 100_000):
        nested = "[" * depth + "]" * depth
        for text in (nested, '{"format":"hench-state","version":1,"game":"' + game_id + '","state":' + nested + "}"):
            with pytest.raises(InvalidStateError):
                hench.state_from_json(text)
            with pytest.raises(InvalidStateError):
                hench.Session.from_json(text)


@pytest.mark.parametrize("game_id", game_ids())
def test_a_save_never_names_a_file_to_open(game_id, tmp_path: Path):
    """A save carries its data itself: a path (even to a good data file) in any of its fields is refused."""
    game = hench.get_game(game_id)
    doc = json.loads(game.new_game(players=game.min_players, seed=1).to_json())
    good = tmp_path / "data.toml"
    good.write_text(data_text(game_id) if "data" in game.options else "[game]\n", encoding="utf-8")
    for key in doc["state"]:
        edited = {**doc, "state": {**doc["state"], key: str(good)}}
        with pytest.raises(InvalidStateError):
            hench.state_from_json(json.dumps(edited))


# -- typed moves -------------------------------------------------------------------------------
ODD = ["²", "٣", "½", "\u00a0", "  ", "-", "+", "0", "99", "999999999999", "Player 0", "Player 9", "player", "on", "\t",
       "é", "ß", "İ", "\u200b", ";", "'", '"', "\\", "/", "..", "\n", "🂡"]


@pytest.mark.parametrize("game_id", game_ids())
def test_every_legal_action_of_whole_games_parses_back(game_id):
    """Not a sample: every legal action of every state of two whole games (fewest and most players)."""
    game = hench.get_game(game_id)
    checked = 0
    for players in sorted({game.min_players, game.max_players}):
        for state, _, _ in walk(game_id, players, 8):
            for action in state.legal_actions():
                text = str(action)
                assert game.parse_action(state, text) == action, f"{text!r} must parse back"
                assert game.parse_action(state, "  " + text.upper().replace(" ", " \t ") + " ") == action, "any case and spacing"
                checked += 1
    assert checked


SPACES = [" ", " ", " ", "  ", "\t", "\u00a0", "\u3000", " \n "]
OTHER_DIGITS = ["²", "٣", "۴", "५", "১", "௭", "Ⅷ", "①", "𝟓", "５"]


@pytest.mark.parametrize("game_id", game_ids())
def test_typed_moves_parse_or_are_refused(game_id):
    game = hench.get_game(game_id)
    rng = Rng.from_seed(20)
    states = [s for s, _, _ in walk(game_id, game.min_players, 5)]
    words = sorted({w for s in states[:: max(1, len(states) // 30)] for a in s.legal_actions() for w in str(a).split()})
    for i in range(MOVES):
        state = states[rng.randrange(len(states))]
        legal = [str(a) for a in state.legal_actions()]
        base = rng.choice(legal).split() if legal and rng.randrange(2) else [rng.choice(words) for _ in range(1 + rng.randrange(4))]
        for _ in range(1 + rng.randrange(3)):
            base.insert(rng.randrange(len(base) + 1), rng.choice(ODD) if rng.randrange(2) else rng.choice(words))
        text = rng.choice(SPACES).join(base)
        if i % 50 == 0:
            text = text * (1 + rng.randrange(60))  # up to thousands of characters
        elif i % 7 == 0 and legal:  # a legal move with its digits written in other scripts
            text = re.sub(r"\d", lambda m: rng.choice(OTHER_DIGITS), rng.choice(legal))
        before = state.to_json()
        try:
            action = game.parse_action(state, text)
            state.apply(action)
        except (InvalidActionError, IllegalActionError) as exc:
            assert str(exc)
        assert state.to_json() == before


# -- data files --------------------------------------------------------------------------------
def data_text(game_id: str) -> str:
    folder = resources.files(f"hench.{game_id}").joinpath("data")
    return "\n".join(f.read_text(encoding="utf-8") for f in sorted(folder.iterdir(), key=lambda f: f.name) if f.name.endswith(".toml"))


def mutate_text(text: str, rng: Rng) -> str:
    lines = text.splitlines()
    fields = [k for k, line in enumerate(lines) if "=" in line and not line.lstrip().startswith("#")]
    i = rng.choice(fields) if fields and rng.randrange(4) else rng.randrange(len(lines))
    line = lines[i]
    edits = [
        lambda: "",  # drop a line
        lambda: line + "\n" + line,  # duplicate it
        lambda: line.replace("=", "= 1979-05-27 #", 1) if "=" in line else line,  # a TOML date
        lambda: line.split("=")[0] + "= -3" if "=" in line else line,
        lambda: line.split("=")[0] + "= 10000" if "=" in line else line,
        lambda: line.split("=")[0] + '= "glove"' if "=" in line else line,
        lambda: line.split("=")[0] + "= [1, 2]" if "=" in line else line,
        lambda: line.split("=")[0] + "= 0" if "=" in line else line,
        lambda: line.split("=")[0] + '= "Wagons"' if "=" in line else line,
        lambda: line.split("=")[0] + '= "two\u00a0words"' if "=" in line else line,
        lambda: line.lower(),
    ]
    lines[i] = rng.choice(edits)()
    return "\n".join(lines)


@pytest.mark.parametrize("game_id", [g for g in game_ids() if "data" in hench.get_game(g).options])
def test_mutated_data_files_are_checked_before_use(game_id, tmp_path: Path):
    game = hench.get_game(game_id)
    rng = Rng.from_seed(1000)
    original = data_text(game_id)
    whole = tmp_path / "whole.toml"
    whole.write_text(original, encoding="utf-8")
    play_out(game.new_game(players=game.max_players, seed=1, data=str(whole)), 1)  # the builtin data, as a user file
    accepted = 0
    for i in range(DATA_FILES):
        path = tmp_path / f"mutant{i}.toml"
        path.write_text(mutate_text(original, rng), encoding="utf-8")
        for players in (game.min_players, game.max_players):
            try:
                state = game.new_game(players=players, seed=i, data=str(path))
            except HenchError as exc:
                assert str(path) in str(exc), f"a refusal names the file: {exc}"
                continue
            accepted += 1
            play_out(state, i)
    assert accepted, "the mutator should leave some files usable"


NESTED_DATA = {  # what the hostile test of issue 31 fed the data loaders, and what each must say
    "deep arrays": ("a = " + "[" * 50_000 + "]" * 50_000, "nested"),
    "deep inline tables": ("a = " + "{b = " * 3000 + "1" + "}" * 3000, "nested"),
    "a huge integer": ("a = 1" + "0" * 5000, "not usable TOML"),
    "a long integer": ("a = 1" + "0" * 40, "digits"),
}


@pytest.mark.parametrize("what", sorted(NESTED_DATA))
@pytest.mark.parametrize("game_id", [g for g in game_ids() if "data" in hench.get_game(g).options])
def test_nested_or_huge_data_files_are_refused_with_a_clear_message(game_id, what, tmp_path: Path):
    """Depth and size are bounded before parsing: no RecursionError or ValueError escapes (issue 31)."""
    text, said = NESTED_DATA[what]
    path = tmp_path / "nested.toml"
    path.write_text(data_text(game_id) + "\n[extra]\n" + text + "\n", encoding="utf-8")
    with pytest.raises(HenchError, match=said) as refused:
        hench.get_game(game_id).new_game(players=hench.get_game(game_id).min_players, seed=1, data=str(path))
    assert str(path) in str(refused.value)


@pytest.mark.parametrize("game_id", [g for g in game_ids() if "data" in hench.get_game(g).options])
def test_data_paths_that_are_not_files_are_refused(game_id, tmp_path: Path):
    game = hench.get_game(game_id)
    huge = tmp_path / "huge.toml"
    with open(huge, "wb") as handle:  # sparse: 64 MiB of zeros that take no disk, like a device that never ends
        handle.truncate(64 * 1024 * 1024)
    for bad in (str(huge), str(tmp_path), str(tmp_path / "missing.toml"), "nul\0byte.toml"):
        with pytest.raises(HenchError):
            game.new_game(players=game.min_players, seed=1, data=bad)


@pytest.mark.parametrize("game_id", [g for g in game_ids() if "data" not in hench.get_game(g).options])
def test_a_game_without_user_data_takes_no_data_file(game_id, tmp_path: Path):
    """A game whose data is built in (no `data` option) refuses a data file rather than ignoring it."""
    game = hench.get_game(game_id)
    (tmp_path / "mine.toml").write_text("[game]\n", encoding="utf-8")
    with pytest.raises(hench.InvalidOptionError, match="no option"):
        game.new_game(players=game.min_players, seed=1, data=str(tmp_path / "mine.toml"))


@pytest.mark.parametrize("field", ["effect", "type"])
def test_henchmania_card_effect_of_the_wrong_type_is_refused(tmp_path: Path, field: str):
    text = re.sub(rf'(?m)^{field} = ".*$', f"{field} = [1, 2]", data_text("henchmania"), count=1)
    assert f"{field} = [1, 2]" in text
    path = tmp_path / "effect.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(HenchError, match=field):
        hench.get_game("henchmania").new_game(players=3, seed=1, data=str(path))
