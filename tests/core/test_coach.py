"""The coach (issue 30): it reads only its seat's view, is reproducible, suggests legal moves, reviews a game.

Small budgets (a few playouts per move), so the figures are noisy: the tests check what must hold whatever
the noise (the same move from two positions the seat cannot tell apart, for the same seed; legality; the
review's shape), never that a move is good.
"""

from __future__ import annotations

import time

import pytest

import hench
from hench.core import LEVELS, Bot, Rng, Session, level_bot, next_action
from hench.core.coach import Advice, Coach, Moment, MoveValue, determinize, heuristic_class

GAMES = ("henchmania", "huns", "hemloch", "lancaster", "maniacal")


def largest(game_id: str) -> int:
    return hench.get_game(game_id).max_players


def decisions(game_id: str, players: int, seed: int, every: int = 5, limit: int = 6):
    """Positions of a heuristic game where a seat chooses among several moves (one in `every`, at most `limit`)."""
    game = hench.get_game(game_id)
    state, rng = game.new_game(players=players, seed=seed), Rng.from_seed(seed)
    bots = [heuristic_class(game)(seed + i) for i in range(players)]
    found, k = [], 0
    while not state.is_terminal and len(found) < limit:
        seat = state.current_player
        if seat is not None and seat >= 0 and len(state.legal_actions()) > 1:
            k += 1
            if k % every == 0:
                found.append(state)
        state = state.apply(next_action(state, bots, rng))
    return found


def twins(state):
    """The state with the other seats' hidden parts dealt again (`resample_hidden` of each other seat in turn),
    trying a few seeds for one that changes something."""
    seat = state.current_player
    for seed in range(4):
        out = state
        for other in range(state.num_players):
            if other != seat:
                out = out.resample_hidden(other, seed=17 * seed + other)
        if out.to_dict() != state.to_dict():
            return out
    return out


@pytest.mark.parametrize("players", ["two", "largest"])
@pytest.mark.parametrize("game_id", GAMES)
def test_the_coach_reads_only_its_seats_view(game_id, players):
    """Two states that differ only in what the other seats hide (the seat's observation is the same) give the
    same determinizations and the same advice for the same seed. The positions are those where the twin does
    differ (with 2 players Lancaster hides only a cast vote), so the check cannot pass vacuously."""
    n = 2 if players == "two" else largest(game_id)
    coach = Coach(game_id, seed=5, iterations=8)
    pairs = [(s, t) for s in decisions(game_id, n, seed=11, every=1, limit=400)
             for t in [twins(s)] if t.to_dict() != s.to_dict()][::7][:3]
    assert pairs, f"{game_id}: no position had anything hidden that the twin changed: the check would be vacuous"
    for state, twin in pairs:
        seat = state.current_player
        assert twin.observation(seat) == state.observation(seat), "the twin should look the same to the seat"
        for seed in (1, 2):
            assert determinize(state, seat, seed).to_dict() == determinize(twin, seat, seed).to_dict()
        a, b = coach.suggest(state, seat), coach.suggest(twin, seat)
        assert a.best.action == b.best.action
        assert [(m.action, m.samples, m.win_chance, m.expected_points) for m in a.moves] == \
               [(m.action, m.samples, m.win_chance, m.expected_points) for m in b.moves]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_determinization_keeps_what_the_seat_sees_and_plays_on(game_id):
    for state in decisions(game_id, largest(game_id), seed=4, limit=3):
        seat = state.current_player
        world = determinize(state, seat, 3)
        assert world.observation(seat) == state.observation(seat)
        assert world.legal_actions() == state.legal_actions()
        assert state.to_dict() == state.to_dict()  # the position itself is untouched


@pytest.mark.parametrize("game_id", GAMES)
def test_advice_is_legal_reproducible_and_explained(game_id):
    state = decisions(game_id, 2, seed=3, limit=1)[0]
    seat = state.current_player
    coach = Coach(game_id, seed=9, iterations=3 * len(state.legal_actions()))
    advice = coach.suggest(state, seat)
    assert isinstance(advice, Advice) and isinstance(advice.best, MoveValue)
    legal = state.legal_actions()
    assert advice.best.action in legal and advice.best == advice.moves[0]
    assert sorted(map(repr, (m.action for m in advice.moves))) == sorted(map(repr, legal))  # every move looked at
    assert all(0.0 <= m.win_chance <= 1.0 and m.samples >= 1 for m in advice.moves)
    assert sum(m.samples for m in advice.moves) == coach.iterations
    assert 1 <= len(advice.why) <= 2 and advice.best.text in advice.why[0]
    again = Coach(game_id, seed=9, iterations=coach.iterations).suggest(state, seat)
    assert again == advice


@pytest.mark.parametrize("game_id", GAMES)
def test_evaluate_spends_the_budget_on_one_move(game_id):
    state = decisions(game_id, 2, seed=8, limit=1)[0]
    seat, action = state.current_player, state.legal_actions()[-1]
    value = Coach(game_id, seed=1, iterations=6).evaluate(state, seat, action)
    assert value.action == action and value.samples == 6 and value.text == state.game.format_action(action)
    assert Coach(game_id, seed=1, iterations=6).evaluate(state, seat, value.text) == value  # or its text
    with pytest.raises(hench.HenchError):
        Coach(game_id, iterations=2).evaluate(state, seat, "no such move at all")


def test_the_coach_answers_only_for_the_seat_to_act():
    state = decisions("henchmania", 3, seed=2, limit=1)[0]
    with pytest.raises(ValueError, match="does not act here"):
        Coach("henchmania", iterations=2).suggest(state, (state.current_player + 1) % 3)
    dice = hench.get_game("huns").new_game(players=2, seed=1)
    assert dice.is_chance_node
    with pytest.raises(ValueError, match="does not act here"):
        Coach("huns", iterations=2).suggest(dice, dice.current_player)


def test_progress_runs_from_zero_to_one_and_time_bounds_the_search():
    state = decisions("huns", 2, seed=1, limit=1)[0]
    seen: list[float] = []
    start = time.perf_counter()
    advice = Coach("huns", seed=0, seconds=0.3).suggest(state, state.current_player, progress=seen.append)
    took = time.perf_counter() - start
    assert seen and seen[-1] == 1.0 and all(0.0 <= f <= 1.0 for f in seen) and seen == sorted(seen)
    assert advice.best.action in state.legal_actions()
    assert took < 0.3 + 3.0  # the budget, plus the playouts under way (generous: the machine is shared)


@pytest.mark.parametrize("game_id", GAMES)
def test_review_returns_the_worst_decisions_of_the_seat(game_id):
    game = hench.get_game(game_id)
    session = Session(game.new_game(players=2, seed=6))
    rng, bots = Rng.from_seed(6), [level_bot(game, "easy", seed=6), level_bot(game, "medium", seed=7)]
    while not session.state.is_terminal and len(session) < 30:
        session.apply(next_action(session.state, bots, rng))
    seen: list[float] = []
    moments = Coach(game, seed=2, iterations=4).review(session.history, seat=0, top=3, progress=seen.append)
    assert len(moments) <= 3 and seen[-1] == 1.0
    assert [m.loss for m in moments] == sorted((m.loss for m in moments), reverse=True)
    for m in moments:
        assert isinstance(m, Moment) and m.loss > 0.0 and m.why
        step = session.history[m.index]
        assert m.before is step.before and m.before.current_player == 0 and step.player == 0
        assert m.played.action == step.action and m.best.action != step.action
        assert m.best.action in m.before.legal_actions()


@pytest.mark.parametrize("game_id", GAMES)
def test_every_level_plays_a_legal_move(game_id):
    state = decisions(game_id, 2, seed=5, limit=1)[0]
    for level in LEVELS:
        bot = level_bot(game_id, level, seed=1, iterations=4)
        assert isinstance(bot, Bot)
        assert bot.choose(state) in state.legal_actions()
    assert type(level_bot(game_id, "medium")) is heuristic_class(hench.get_game(game_id))
    with pytest.raises(ValueError, match="levels"):
        level_bot(game_id, "grandmaster")


def test_the_strong_bot_is_seeded():
    state = decisions("maniacal", 3, seed=1, limit=1)[0]
    a = Coach("maniacal", iterations=8).bot(4)
    b = Coach("maniacal", iterations=8).bot(4)
    assert a.choose(state) == b.choose(state)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_why_names_the_score_sheet_line_and_the_move_in_mind(game_id):
    """Each move's expected points come with their score-sheet lines (which add up to them, as the sheet does);
    the why sets the coach's move beside the move the learner has in mind, not always beside the next best."""
    state = decisions(game_id, 2, seed=3, limit=1)[0]
    seat = state.current_player
    legal = state.legal_actions()
    mine = legal[-1]
    advice = Coach(game_id, seed=4, iterations=4 * len(legal)).suggest(state, seat, against=mine)
    sources = set()
    for mv in advice.moves:
        assert mv.by_source, f"{mv.text}: no score-sheet lines kept"
        assert sum(points for _, points in mv.by_source) == pytest.approx(mv.expected_points)
        sources |= {name for name, _ in mv.by_source}
    if advice.best.action != mine:
        other = next(m for m in advice.moves if m.action == mine)
        assert advice.why[1].startswith(f"Against {other.text} (")
        diffs = {a: b - c for (a, b), (_, c) in zip(advice.best.by_source, other.by_source)}
        top = max(diffs, key=diffs.get)
        if diffs[top] >= 0.5:
            assert f"most of it from {top}: {diffs[top]:+.1f}" in advice.why[1]


def test_the_strong_bot_keeps_no_score_sheets_and_stops_a_settled_race():
    """The strong bot's search keeps no score sheets (it needs no why) and stops once one move is left in the
    race: a position whose moves all lead to the same games ends after the bot's minimum of rounds."""
    from hench.core.coach import MIN_ROUNDS, Search

    state = decisions("lancaster", 2, seed=3, limit=1)[0]
    seat = state.current_player
    search = Search(state.game, state, seat, state.legal_actions(), seed=1, sheets=False)
    search.run(None, 5.0, None)
    assert all(not arm.sources for arm in search.arms)
    if len(search.racing) == 1:
        assert search.rounds >= MIN_ROUNDS
    twin = Search(state.game, state, seat, [state.legal_actions()[0]] * 3, seed=1, sheets=False)
    start = time.perf_counter()
    twin.run(None, 5.0, None)  # three copies of one move: the same games, settled after MIN_ROUNDS rounds
    assert twin.rounds == MIN_ROUNDS and len(twin.racing) == 1 and time.perf_counter() - start < 5.0
