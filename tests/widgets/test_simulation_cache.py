"""The notebooks' simulations are kept on disk: the same games are read, not played again, by a second kernel;
a different hench, a broken file or a folder that cannot be written means the games are played."""

import pandas as pd
import pytest

import hench
from widgets import simulate as sim


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv("HENCH_CACHE_DIR", str(tmp_path))
    return tmp_path / "simulations"


@pytest.fixture
def played(monkeypatch):
    calls = []
    real = hench.simulate

    def counting(*args, **kw):
        calls.append(args)
        return real(*args, **kw)

    monkeypatch.setattr(hench, "simulate", counting)
    return calls


def test_a_second_ask_reads_the_kept_games(folder, played):
    first = sim.simulate_with_bar("huns", players=2, games=6, seed=3, bots="random")
    second = sim.simulate_with_bar("huns", players=2, games=6, seed=3, bots="random")
    assert len(played) == 1
    pd.testing.assert_frame_equal(first, second)
    pd.testing.assert_frame_equal(second, hench.simulate("huns", players=2, games=6, seed=3, bots="random"))
    assert len(list(folder.glob("*.pkl"))) == 1


def test_other_games_or_other_code_are_played(folder, played, monkeypatch):
    sim.simulate_with_bar("huns", players=2, games=6, seed=3, bots="random")
    sim.simulate_with_bar("huns", players=2, games=6, seed=4, bots="random")
    monkeypatch.setattr(sim, "code_digest", lambda: "another hench")
    sim.simulate_with_bar("huns", players=2, games=6, seed=3, bots="random")
    assert len(played) == 3


def test_a_broken_file_is_played_again(folder, played):
    sim.simulate_with_bar("huns", players=2, games=4, seed=1, bots="random")
    (kept,) = folder.glob("*.pkl")
    kept.write_bytes(b"not a pickle")
    frame = sim.simulate_with_bar("huns", players=2, games=4, seed=1, bots="random")
    assert len(played) == 2 and len(frame) == 8


def test_nowhere_to_write_still_plays(monkeypatch, tmp_path, played):
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("HENCH_CACHE_DIR", str(blocker))  # a file where the folder should be
    assert sim.cache_folder() is None
    frame = sim.simulate_with_bar("huns", players=2, games=3, seed=1, bots="random")
    assert len(played) == 1 and len(frame) == 6
