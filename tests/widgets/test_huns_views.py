"""Huns views driven as a visitor would."""

from __future__ import annotations

import re

import pytest

import widgets.huns as hu
from hench.core import CHANCE
from hench.huns import odds


@pytest.mark.rule("HU-032", "HU-033")
def test_learner_sets_the_dice_and_takes_one(no_callback_errors):
    view = hu.learn_table(players=3)
    view.fast_forward(lambda s: True)
    while view.state.current_player == CHANCE:  # the five coloured dice, set one by one
        view.dice_outcomes.value = view.dice_outcomes.options[-1][1]
        view.set_dice.click()
    takes = view.moves.labels
    assert takes and all(t.startswith("take ") for t in takes)
    view.play(takes[0])
    assert view.messages.kind == "ok" and takes[0] in view.log_view.value


@pytest.mark.rule("HU-057")
def test_pillage_lesson_places_a_cube(no_callback_errors):
    view = hu.lesson_table("pillage")
    move = next(label for label in view.moves.labels if label.startswith("place"))
    view.play(move)
    assert view.messages.kind == "ok" and len(view.session) >= 1


@pytest.mark.rule("HU-094")
def test_curse_lesson_offers_flee(no_callback_errors):
    view = hu.lesson_table("curse")
    moves = view.moves.labels
    assert "flee" in moves
    view.play("flee")
    assert view.messages.kind == "ok"


def test_wrong_move_is_explained(no_callback_errors):
    view = hu.lesson_table("the draft")
    view.play("flee")
    assert view.messages.kind == "error" and len(view.session) == 0


def test_draft_odds_view(no_callback_errors):
    view = hu.DraftOddsView(picker=3)
    exact = odds.value_left_to_picker(3, "highest")
    assert str(exact.probability(3)) in view.answer.value
    view.earlier.value = "colour"
    assert str(odds.value_left_to_picker(3, "colour").probability(3)) in view.answer.value
    assert [float(y) for y in view.fig.data[0].y] == [float(p) for p in odds.value_left_to_picker(3, "colour").probabilities().values()]
    view.mc.trials.value = 2000
    view.mc.button.click()
    assert "agrees with" in view.mc.result.value
    on_screen = re.sub(r"<[^>]*>", " ", view.answer.value)  # tags (and the hovers in their title) taken out
    assert "%" in on_screen and not re.search(r"\d/\d", on_screen), on_screen  # issue 29: percentages, fractions in hovers


def test_wagon_odds_view(no_callback_errors):
    view = hu.WagonOddsView()
    assert str(odds.wagon_fill_chance({"green": 2})) in view.answer.value
    view.missing["blue"].value = 1
    assert "title='exactly 0'>0.0%" in view.answer.value  # two colours missing, one turn
    view.turns.value = 2
    assert str(odds.wagon_fill_chance({"green": 2, "blue": 1}, 2)) in view.answer.value


def test_scoring_sheet_and_simulation(no_callback_errors):
    sheet = hu.finished_game_sheet(players=2)
    assert "hench-scoring-sheet" in sheet.value and "Raids" in sheet.value and "Wagon-type bonus" in sheet.value
    sim = hu.simulation(games=8, players=2)
    sim.run_button.click()
    assert sim.bar.value == 8 and "rounds" in sim.summary.value


def test_play_table_starts_at_my_decision(no_callback_errors):
    """In a 3-player game the third seat's catch-up comes first: the bots play it before I see the table."""
    view = hu.play_table(players=3)
    assert view.state.current_player == 0 and view.moves.labels


def test_card_moves_show_card_names(no_callback_errors):
    view = hu.lesson_table("draw cards")
    labels = view.moves.labels
    names = {c.name for c in view.state.data.cards}
    assert labels and all(any(n in label for n in names) for label in labels if label.startswith("play"))
    view.moves.click(0)
    assert view.messages.kind == "ok"


@pytest.mark.rule("HU-031")
def test_the_round_dice_wait_only_when_the_learner_rolls_them(no_callback_errors):
    from widgets.play import GameView

    view = GameView(hu.CONFIG, players=3, seed=1, auto_dice=False, chart=False)
    asked = []
    while view.state.round <= 3 and not view.state.is_terminal:
        st = view.state
        if view.learner_rolls():
            asked.append((st.phase, st.first, st.active))
            view.roll.click()
        else:
            assert st.current_player == 0
            view._click(view.bots[0].choose(st))
    assert asked and all(first == 0 for phase, first, _ in asked if phase == "round_roll_dice"), "my rounds: I roll"
    by_bots = [s for s in view.session.history if s.player == CHANCE and s.before.first != 0]
    assert by_bots, "a bot's round dice rolled by themselves though 'roll the dice for me' is off"


@pytest.mark.rule("HU-057", "HU-060")
def test_what_just_happened_says_what_each_move_did(no_callback_errors):
    """The log shows the engine's own lines (state.narration, issue 26): cubes loaded, Wagons dispatched, cards
    into a Camp; the table no longer diffs states (no `describe`)."""
    from widgets.play import GameView

    assert not hasattr(hu.CONFIG, "describe"), "no view diffs states: the engine narrates"
    view = GameView(hu.CONFIG, players=3, seed=1, auto_dice=True, chart=False)
    view.bots_go.click()
    while not view.state.is_terminal and view.state.round <= 4:
        view.bots_go.click()
    said = [line for s in view.session.history for line in view.consequences(s)]
    assert any(" loads a " in line and "onto Wagon" in line for line in said)
    assert any("into their Camp" in line for line in said)
    assert any("is full and dispatched" in line for line in said)
    for s in view.session.history:
        assert [line.text for line in s.after.narration(view.viewer)] == view.consequences(s)[:len(s.after.narration(view.viewer))]
    assert "hench-log-effect" in view.log_view.value


def _walk_tour():
    """The Huns tour walked in-process from its first step to its last, as tests/widgets/test_tours.py's walker
    plays the learner; yields (tour, step index) at the start of every step."""
    from tests.widgets.test_tours import walk_step

    tour = hu.tour()
    for i, step in enumerate(hu.TOUR):
        if i:
            tour.next.click()
        assert tour.index == i, tour.messages.text
        yield tour, i
        if step.done is not None:
            walk_step(tour)


@pytest.mark.rule("HU-038", "HU-094", "HU-101")
def test_the_tour_is_one_game_from_the_setup_to_the_final_score_sheet(no_callback_errors):
    """Issue 29: one game on the tour's deal, every step reached in order with no fallback, the game ending at the
    last step with its score sheet; each step's position shows what the step says."""
    seen = {}
    for tour, i in _walk_tour():
        st, title = tour.view.state, hu.TOUR[i].title
        assert not tour.fell_back[i], f"step {i + 1} ({title}) fell back to the tour's own deal"
        assert "hench-fell-back" not in tour.text.value
        seen[title] = st
        if title == "A Curse arrives":
            assert st.phase == "curse_flee_decision" and st.curse_to == 0 and st.curse >= 0 and st.curse_from != 0  # a bot cursed me
        if title == "Play a Curse on an opponent":
            assert st.phase == "curse_choose_target" and st.data.cards[st.curse].colour == 3
        if title == "A full Wagon is dispatched":
            assert st.phase == "wagon_replace" and st.camps[0].dispatched
        if title == "Treasures score at the end":
            assert any(st.data.cards[c].colour == 4 for c in st.camps[0].cards)
        if title == "The end of a round":
            assert st.round == 2
    end = tour.view.state
    assert end.is_terminal and tour.index == len(hu.TOUR) - 1
    assert "Final score sheet" in tour.view.sheet.value and "Wagon-type bonus" in tour.view.sheet.value
    assert ("Tie-break" in tour.view.sheet.value) == (len([v for v in end.scores() if v == max(end.scores())]) > 1)
    assert set(seen) == {s.title for s in hu.TOUR}


@pytest.mark.rule("HU-091", "HU-094")
def test_the_tour_teaches_curses_before_the_learner_meets_one(no_callback_errors):
    """Issue 29: the old tour cursed the learner in step 2, five steps before Curses were taught. The first Curse
    decision of the learner's seat in the game is the Curse step's own."""
    curse_step = next(i for i, s in enumerate(hu.TOUR) if s.title == "A Curse arrives")
    draw_step = next(i for i, s in enumerate(hu.TOUR) if s.title.startswith("Draw cards"))
    for tour, i in _walk_tour():
        if i == curse_step:
            history = tour.view.session.history
            assert not [s for s in history if s.player == 0 and s.before.phase == "curse_flee_decision"]
            assert not [s for s in history if s.player == 0 and s.before.phase == "curse_choose_target"]
            break
    else:
        raise AssertionError("the tour has no Curse step")
    assert curse_step < draw_step or "Curse" in hu.TOUR[draw_step].text


@pytest.mark.rule("HU-104", "HU-081")
def test_the_score_table_counts_only_what_the_viewer_may_see(no_callback_errors):
    """Issue 29: the score table beside the board showed another Camp's hidden Wagon-type points ("3 VP shown +
    hidden Wagon types" on the panel, 4 in the table). It is now built from the viewer's observation."""
    from hench.huns.render import points_seen

    view = hu.play_table(players=3, seed=11)
    view.watch.value = False
    for _ in range(60):
        if any(view.state.camps[i].dispatched for i in (1, 2)) or view.state.is_terminal:
            break
        view.play(str(hu.CONFIG.bot(1).choose(view.state)))
    st = view.state
    seat = next(i for i in (1, 2) if st.camps[i].dispatched)
    shown = points_seen(st.observation(0))
    full = st.scores()
    assert shown[seat][1] and shown[seat][0] == full[seat] - render_hidden(st, seat)
    row = view.scoreboard.value.split("hench-score-row")[seat + 1]
    assert f">{shown[seat][0]} <span" in row and "hidden Wagon types" in row
    assert shown[0] == (full[0], "")  # the learner's own points in full
    nobody = [i for i in (1, 2) if not st.camps[i].dispatched]
    assert all(shown[i] == (full[i], "") for i in nobody)  # no Wagon dispatched: nothing hidden, the points in full
    assert "★" not in view.scoreboard.value  # no leader marked while some points are hidden


def render_hidden(state, seat: int) -> int:
    from hench.huns.scoring import breakdown

    return breakdown(state, seat)["wagon types"]


def test_the_board_keeps_one_width_whatever_the_camps_hold(no_callback_errors):
    """Issue 29: the player panels changed width mid-tour and pushed the log aside."""
    import re

    from hench.huns.render import BOARD_WIDTH

    widths = set()
    for tour, _ in _walk_tour():
        board = tour.view.board.html
        widths |= set(re.findall(r"hench-huns-board' style='[^']*width:(\d+)px", board))
        assert "max-width" not in board.split("hench-camp")[0]
    assert widths == {str(BOARD_WIDTH)}


@pytest.mark.parametrize("name", sorted(hu.LESSONS))
def test_every_lesson_opens_at_its_position_with_the_learner_to_move(name, no_callback_errors):
    """Issue 29: every kind of move is taught on a live table; each lesson's deal comes to its position."""
    view = hu.lesson_table(name)
    st = view.state
    assert not st.is_terminal and st.current_player == 0 and hu.LESSONS[name](st), name


def test_every_kind_of_move_is_taught_by_the_tour_or_a_lesson(no_callback_errors):
    """Each kind of move the learner's seat can make appears in a lesson's opening moves or in the tour's game."""
    from hench.huns.actions import ACTION_TYPES

    seen: set[str] = set()
    for name in hu.LESSONS:
        seen |= {type(a).__name__ for a in hu.lesson_table(name).state.legal_actions()}
    walk = list(_walk_tour())
    seen |= {type(s.action).__name__ for s in walk[-1][0].view.session.history}
    kinds = {t.__name__ for t in ACTION_TYPES}
    rare = {"Order"}  # two effects at once (a Saddlebag and a Blight of one colour): no deal we tried came to it
    assert kinds - seen <= rare, sorted(kinds - seen)


def test_every_rule_the_tour_cites_is_in_the_rule_search():
    """Issue 29: every ID on screen is findable with its text (a chip's hover is the rule's summary)."""
    import hench

    cited = {rule for step in hu.TOUR for rule in step.rules}
    assert cited and all(hench.rules.exists(rule) and hench.rules.get(rule).summary for rule in cited)
