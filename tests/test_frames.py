"""The DataFrames of hench.frames (issue 43): simulations, odds tables, a game's history, its score sheet and the
rules, each with its columns and dtypes checked against what hench itself says; and hench without pandas."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from fractions import Fraction

import pytest

import hench
from hench import frames, rules
from hench.core import Rng, play_game
from hench.core.bots import RandomBot, next_action

pd = pytest.importorskip("pandas")

BLOCK_PANDAS = textwrap.dedent("""
    import sys
    class Blocker:
        def find_spec(self, name, path=None, target=None):
            if name == "pandas" or name.startswith("pandas."):
                raise ImportError("pandas is blocked for this test")
    sys.meta_path.insert(0, Blocker())
""")


def test_hench_imports_and_simulates_without_pandas():
    code = BLOCK_PANDAS + textwrap.dedent("""
        import hench
        from hench.frames import MissingPandasError, play_games
        records = play_games("huns", players=3, games=3, seed=1)
        assert len(records.games) == 3 and all(r.winners for r in records.games)
        try:
            hench.simulate("huns", players=3, games=3)
        except MissingPandasError as exc:
            print(exc)
        assert "pandas" not in sys.modules
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert 'pip install "hench[data]"' in done.stdout and "pandas" in done.stdout


def test_importing_hench_does_not_import_pandas():
    code = "import sys, hench; hench.get_game('huns'); hench.frames; print('pandas' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "False", done.stderr


# -- simulations --------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def henchmania_games():
    return hench.simulate("henchmania", players=3, games=12, seed=5)


def test_simulation_frame_is_one_tidy_row_per_game_and_seat(henchmania_games):
    games = henchmania_games
    assert len(games) == 12 * 3 and list(games.columns[:11]) == list(frames.SIMULATION_COLUMNS)
    assert (games.groupby("seed")["seat"].apply(sorted) == pd.Series([[0, 1, 2]] * 12, index=range(5, 17))).all()
    assert games["game"].dtype == "category" and games["bot"].dtype == "category"
    assert games["won"].dtype == bool and games["starts"].dtype == bool
    assert list(games["player"][:3]) == ["Player 1", "Player 2", "Player 3"] and games["player"].dtype == "category"
    for name in ("seed", "seat", "score", "rank", "moves", *games.columns[11:]):
        assert games[name].dtype == "int64", name
    assert set(games["bot"]) == {"heuristic"}
    assert (games.groupby("seed")["starts"].sum() == 1).all()
    assert ((games["rank"] == 1) == games["won"]).all()


def test_simulation_frame_carries_the_score_sheets(henchmania_games):
    game = hench.get_game("henchmania")
    records = frames.play_games(game, 3, 12, seed=5, sheets=True)
    for record in records.games:
        rows = henchmania_games[henchmania_games["seed"] == record.seed]
        for seat, points in enumerate(record.sheet.points):
            row = rows[rows["seat"] == seat].iloc[0]
            assert [row[source] for source in record.sheet.sources] == list(points)
            assert row["score"] == record.scores[seat] and bool(row["won"]) == (seat in record.winners)


def test_simulation_frame_equals_the_many_games_view_and_the_old_loop(henchmania_games):
    """The Play apps' view reads the same records; the loop it used before (play_game from the same seeds, with
    the same bots) gives the same scores."""
    from widgets.henchmania import CONFIG
    from widgets.simulate import simulate as view_simulate

    shown = view_simulate(CONFIG, players=3, games=12, seed=5, bot_kind="heuristic")
    framed = henchmania_games.pivot(index="seed", columns="seat", values="score")
    assert [tuple(framed.loc[r.seed]) for r in shown.rows] == shown.column("scores")
    game = hench.get_game("henchmania")
    for i in range(12):
        start = game.new_game(players=3, seed=5 + i)
        final, n = play_game(start, [CONFIG.bot(5 * 7919 + i * 31 + s, "heuristic") for s in range(3)], Rng.from_seed(5 + i))
        assert tuple(framed.loc[5 + i]) == tuple(final.scores()) and shown.rows[i].moves == n


def test_simulation_takes_a_bot_per_seat_and_reports_progress():
    seen = []
    games = hench.simulate("huns", players=2, games=4, bots=["random", "heuristic"], seed=2, progress=seen.append)
    assert seen == [1, 2, 3, 4]
    assert list(games[games["seed"] == 2]["bot"]) == ["random", "heuristic"]
    with pytest.raises(hench.HenchError, match="no 'clever' bot"):
        hench.simulate("huns", players=2, games=1, bots="clever")
    with pytest.raises(hench.HenchError, match="2 players need 2 bots"):
        hench.simulate("huns", players=2, games=1, bots=["random"])


# -- odds ---------------------------------------------------------------------------------------------------

TABLES = [(game, name) for game, tables in frames.ODDS_TABLES.items() for name in tables]


def _expected(answer, outcome, labels):
    if isinstance(answer, hench.Dist):
        return answer.probability(outcome)
    if isinstance(answer, dict):
        return answer[outcome]
    if isinstance(answer, tuple):
        return answer[list(labels).index(outcome)] if labels else answer[outcome]
    return Fraction(answer)


@pytest.mark.parametrize("game,name", TABLES, ids=[f"{g}-{n}" for g, n in TABLES])
def test_each_odds_table_equals_its_exact_function_row_by_row(game, name):
    spec = frames.ODDS_TABLES[game][name]
    table = hench.odds_table(game, name)
    function, grid, fixed = frames.odds_function(game, spec), spec.grid(), spec.fixed()
    inputs = list(grid)
    assert list(table.columns[:len(inputs)]) == inputs and list(table.columns[-2:]) == ["exact", "float"]
    assert table["exact"].dtype == object and table["float"].dtype == "float64" and len(table) > 0
    for row in table.itertuples(index=False):
        values = row._asdict()
        answer = function(**{k: values[k] for k in inputs}, **fixed)
        exact = _expected(answer, values.get("outcome"), spec.outcomes)
        assert isinstance(row.exact, Fraction) and row.exact == exact and row.float == float(exact)
    combos = 1
    for values in grid.values():
        combos *= len(list(values))
    assert (table[inputs].drop_duplicates().shape[0] if inputs else 1) == combos  # every combination of the inputs is there


def test_odds_tables_cover_every_game_and_name_what_is_missing():
    assert set(frames.ODDS_TABLES) == set(hench.GAMES) - {"tinypig"}
    with pytest.raises(hench.HenchError, match="its tables are"):
        hench.odds_table("huns", "no such table")


def test_a_live_positions_odds_as_a_table():
    """A function of a live state: the state is held fixed, the Locations are the rows (HL-038)."""
    from hench.hemloch import odds

    state = hench.get_game("hemloch").new_game(seed=4)
    table = hench.odds_frame(odds.next_festival_at, {"loc": range(4)}, state=state)
    assert list(table.columns) == ["loc", "exact", "float"]
    assert list(table["exact"]) == [odds.next_festival_at(state, loc) for loc in range(4)]
    assert sum(table["exact"]) == 1


# -- a game: its history and its score sheet ----------------------------------------------------------------

SECRETS = {"hemloch": {"draft": True}}  # the Draft variant's picks are kept face down (HL-090)


def _played(game_id: str, players: int, moves: int, seed: int = 3) -> hench.Session:
    game = hench.get_game(game_id)
    session = hench.Session(game.new_game(players=players, seed=seed, **SECRETS.get(game_id, {})))
    bots, rng = [RandomBot(seed + s) for s in range(players)], Rng.from_seed(seed)
    while len(session) < moves and not session.state.is_terminal:
        session.apply(next_action(session.state, bots, rng))
    return session


@pytest.mark.parametrize("game_id", ["henchmania", "hemloch", "lancaster", "maniacal", "huns"])
def test_history_shows_each_seat_only_what_it_was_told(game_id):
    game = hench.get_game(game_id)
    for seed in (3, 1, 2, 4):  # the first random game in which some move is kept from a seat (a Nosy Parker's keep is rare)
        session = _played(game_id, 2, 400, seed=seed)
        if game.public is None or any(game.public_action(st.before, st.action, s) != st.text for st in session.steps for s in (0, 1)):
            break
    told_apart = 0
    for seat in (None, 0, 1):
        history = hench.history_frame(session, seat)
        assert list(history["move"]) == list(range(1, len(session) + 1)) and history["seat"].dtype == "Int64"
        for step, row in zip(session.steps, history.itertuples(index=False), strict=True):
            assert row.text == game.public_action(step.before, step.action, seat)
            assert row.phase == step.before.phase_title
            assert set(row.rules) == {r for line in step.narration(seat) for r in line.rules}
            if seat == step.player:
                assert row.text == step.text  # the mover reads the whole move
            told_apart += row.text != step.text
    if game.public is not None:
        assert told_apart > 0, f"{game_id}: no move was hidden from anyone in {len(session)} moves"


def test_history_scores_are_the_points_a_seat_may_count():
    """Huns: another Camp's Wagon types stay hidden until the end (HU-104); its points count only the known part."""
    from hench.huns import render

    session = _played("huns", 2, 400)
    history = hench.history_frame(session, 0)
    hidden_rows = 0
    for step, (_, row) in zip(session.steps, history.iterrows(), strict=True):
        seen = render.points_seen(step.after.observation(0))
        assert [row["Player 1"], row["Player 2"]] == [points for points, _ in seen]
        hidden_rows += bool(row["hidden"])
        assert bool(row["hidden"]) == any(text for _, text in seen)
    assert hidden_rows > 0


def test_score_sheet_frame_is_the_sheet_of_the_finished_game():
    final, _ = play_game(hench.get_game("lancaster").new_game(players=3, seed=2), [RandomBot(s) for s in range(3)], Rng.from_seed(2))
    sheet = final.game.score_sheet(final)
    frame = hench.score_sheet_frame(final)
    assert list(frame.columns) == ["seat", "player", *sheet.sources, "total", "won"]
    assert [tuple(frame[s]) for s in sheet.sources] == [tuple(row[i] for row in sheet.points) for i in range(len(sheet.sources))]
    assert tuple(frame["total"]) == sheet.totals and list(frame[frame["won"]]["seat"]) == final.winners()
    assert frame["total"].dtype == "int64" and frame["won"].dtype == bool and frame.attrs["rules"] == sheet.rules
    with pytest.raises(hench.HenchError, match="when the game is over"):
        hench.score_sheet_frame(hench.get_game("lancaster").new_game(players=3, seed=2))


# -- the rules ----------------------------------------------------------------------------------------------

def test_rules_frame_is_the_rules_index():
    table = hench.rules_frame()
    assert list(table.columns) == ["id", "game", "kind", "title", "section", "text"]
    assert len(table) == len(rules.all_rules()) and table["id"].is_unique
    assert table["game"].dtype == "category" and set(table["kind"]) <= {"engine", "data", "table-talk"}
    row = table.set_index("id").loc["HM-020"]
    rule = rules.get("HM-020")
    assert (row["game"], row["kind"], row["title"], row["text"]) == (rule.game, rule.tag, rule.heading, rule.summary)
    duels = table[table["text"].str.contains("duel", case=False)]
    assert "henchmania" in set(duels["game"]) and len(hench.rules_frame("huns")) == len(rules.for_game("huns"))
