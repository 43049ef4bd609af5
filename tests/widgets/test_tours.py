"""Each game's guided tour, walked from the first step to the last as a learner would: make the move a
step asks for (the first legal move that fits), roll the dice when asked, answer the self-check question,
and check the explanation the step gives against what the engine did."""

from __future__ import annotations

import html
import importlib
import re

import pytest

import hench
from hench.core import CHANCE
from widgets import henchmania as hm
from widgets import huns


def _tours() -> dict:
    """Every game whose widgets module has a TOUR: (tour(), TOUR)."""
    found = {}
    for game in hench.GAMES:
        try:
            module = importlib.import_module(f"widgets.{game}")
        except ModuleNotFoundError:
            continue
        if hasattr(module, "TOUR"):
            found[game] = (module.tour, module.TOUR)
    return found


TOURS = _tours()
PREFER = {"A duel": "play Glove", "Cubes on a card: any colour": "onto CU",  # step title -> the move the walker picks first
          "Phase 2: Reserve cards first": "|".join(re.escape(f"play {name}") for name in hm.RESERVE_NAMES),  # or one of these
          "A Night: the Festival and your two Actions": "play", "Items: Potions, Scepters and Trinkets": "use",
          "Play on to the end": "play",
          "Phase I: the secret Room draft": "build", "Phase III: attempt a contract": "attempt",
          "A visit: Lucifer's Lounge": "visit lounge", "A Scheme against a rival": "scheme", "Phase IV: clean-up": "keep",
          "Pillage: cubes into Wagons": "pillage", "Draw cards, and the kinds of card": "draw",  # (after taking the first die offered)
          "A Raid: once, when it helps": "activate", "A Curse arrives": "accept",
          # Lancaster (a pattern the move's text starts with, re.match): the move each step asks for
          "Phase 1: a knight in a county": r"knight \d to (?!castle|conflict|tower)",
          "At the King's Court: your lord applies for an office": r"lord to C",
          "Phase 1: a knight in a conflict with France": r"knight \d to conflict",
          "Phase 3: your reward": r"take noble|upgrade",
          "The King's Resentment: the tower": r"knight \d to tower", "A privilege from your office": r".*\+(shield|archer|tudor)"}


def test_the_finished_games_have_tours():
    assert {"henchmania", "huns"} <= set(TOURS)


def walk_step(tour, limit: int = 400) -> None:
    view, step = tour.view, tour.step
    for _ in range(limit):
        if tour.is_done:
            return
        st = view.state
        assert not st.is_terminal or step.done is None, f"{step.title}: the game ended before the step was done"
        if view.watch.value and view.bot_pending():  # a step about the bots' replies: one bot move a click
            before = len(view.session)
            view.bot_step.click()
            assert len(view.session) == before + 1, view.messages.text
            continue
        if st.current_player == CHANCE:
            view.roll.click()
            continue
        legal = [str(a) for a in st.legal_actions()]
        want = PREFER.get(step.title, "")
        pick = next((a for a in legal if want and re.match(want, a)), None) or next((a for a in legal if a != "pass"), legal[0])
        if step.title.startswith("Phase 3") or step.title.startswith("The end"):
            pick = "pass" if "pass" in legal else pick
        view.play(pick)
        assert view.messages.kind != "error", view.messages.text
    raise AssertionError(f"{step.title}: not done after {limit} moves")


@pytest.mark.parametrize("game", sorted(TOURS))
def test_tour_walks_from_first_step_to_last(game, no_callback_errors):
    make, steps = TOURS[game]
    tour = make()
    assert tour.progress.max == len(steps) >= 5
    for i, step in enumerate(steps):
        if i:
            tour.next.click()
        assert tour.index == i and tour.progress.value == i + 1 and f"Step {i + 1} of {len(steps)}" in tour.heading.value
        st = tour.view.state
        assert st.current_player in tour.view.human_seats or (st.is_terminal and i == len(steps) - 1), \
            f"{step.title} starts at the learner's turn (the last step may be the game's end)"
        if step.done is not None:
            assert "hench-waiting" in tour.status.value, f"{step.title}: waits for the learner's move"
            walk_step(tour)
            assert "hench-done" in tour.status.value and "What just happened" in tour.status.value
            if step.after is not None:
                assert html.escape(step.after(tour.start, tour.view.state)) in tour.status.value
        if step.question is not None:
            q = tour.question
            right = step.question.answer(q.state)
            assert right in q.pick.options, f"{step.title}: the right answer is among the choices"
            wrong = next(o for o in q.pick.options if o != right)
            q.pick.value = wrong
            q.check_button.click()
            assert q.correct is False and "hench-wrong" in q.verdict.value and right in q.verdict.value
            q.pick.value = right
            q.check_button.click()
            assert q.correct is True and "hench-right" in q.verdict.value
    assert tour.next.disabled and not tour.back.disabled


def test_any_step_opens_directly_and_try_it_yourself_leaves_the_script(no_callback_errors):
    tour = hm.tour(step=4)
    assert tour.index == 3 and tour.view.state.phase == "play_cards"
    tour.free.value = True
    assert "off the script" in tour.status.value
    tour.jump.value = 0
    assert tour.index == 0 and not tour.free.value


def test_henchmania_placement_explained_from_the_engine(no_callback_errors):
    tour = hm.tour(step=2)
    site = next(str(a) for a in tour.view.state.legal_actions()).removeprefix("place ")
    tour.view.play(f"place {site}")
    assert tour.is_done and f"You put a pawn on the {site} and drew" in tour.status.value
    mine = tour.view.state.hands[0]
    assert len(mine) == len(tour.start.hands[0]) + 1


def _step(module, title: str):
    tour = module.tour(step=1 + next(i for i, s in enumerate(module.TOUR) if s.title == title))
    assert tour.step.title == title
    return tour


def test_henchmania_domination_taught_on_the_tours_position(no_callback_errors):
    from hench.henchmania.bots import dominated_sites

    tour = _step(hm, "Domination: an extra card")
    st = tour.view.state
    assert st.phase == "resolve_domination"
    mine = [site for site, who in dominated_sites(st).items() if who == 0]
    assert mine and f"take extra {mine[0]}" in [str(a) for a in st.legal_actions()]
    site = tour.step.question.answer(st).split(":")[0]
    row = st.pawns[st.data.site_names.index(site)]
    top = max(row)
    expected = "nobody" if row.count(top) > 1 else f"Player {row.index(top) + 1}"
    assert tour.step.question.answer(st) == f"{site}: {expected}"  # plurality, ties dominate nobody (HM-021, HM-023)
    hand = len(st.hands[0])
    tour.view.play(f"take extra {mine[0]}")
    assert tour.is_done and f"You dominated the {mine[0]}" in tour.status.value
    assert f"from {hand} to {hand + 1} cards" in tour.status.value


def test_henchmania_trump_outside_the_reserve_limit_judged_by_the_engine(no_callback_errors):
    from hench.henchmania.actions import Play

    tour = _step(hm, "Trumps: beside the Reserve")
    st = tour.view.state
    w, trump, reserve = hm._trump_what_if(st)
    assert len(w.reserves[0]) == w.data.values["reserve_limit"] and w.data.by_name[trump].type == "trump"
    assert Play(trump) in w.legal_actions()  # HM-041: the Trump does not count toward the limit
    assert w.illegal_reason(Play(reserve)).rule_id == "HM-033"  # a ninth Reserve card is refused
    assert tour.step.question.answer(st) == "yes" and "HM-033" in tour.step.question.why(st)
    assert st.hands == tour.view.state.hands and len(st.reserves[0]) < len(w.reserves[0]), "the what-if leaves the tour's position alone"


def test_henchmania_tiebreak_answer_is_the_exact_odds(no_callback_errors):
    from hench.henchmania import odds

    tour = _step(hm, "Two Lords level at the top")
    st = tour.view.state
    top = max(st.scores())
    assert st.scores().count(top) == 2, "the tie step shows two Lords level at the top"
    a, d = st.data.values["bare_hands_attack"], st.data.values["bare_hands_defense"]
    x, y, level = odds.tiebreak_round(a, d, a, d)
    assert x + y + level == 1 and x == y
    assert tour.step.question.answer(st) == f"{float(level):.1%}"


def test_huns_catchup_valuables_are_who_the_engine_dealt_them_to(no_callback_errors):
    tour = _step(huns, "Setup and the goal")
    st = tour.view.state
    third = (st.first + 2) % st.n  # HU-028: the third seat in turn order
    assert tour.step.question.answer(st) == f"Player {third + 1}"
    assert huns._cubes_held(st, third) == 1 and all(huns._cubes_held(st, i) == 0 for i in range(st.n) if i != third)


def test_huns_cards_take_cubes_of_any_colour(no_callback_errors):
    from hench.huns.actions import Onto

    tour = _step(huns, "Cubes on a card: any colour")
    st = tour.view.state
    cid = huns._onto_card(st)
    card = st.data.cards[huns._card_index(st, cid)]
    assert card.colour != st.die, "the die's colour is not the card's: the position shows the any-colour rule"
    assert tour.step.question.answer(st) == "yes" and Onto(cid) in st.legal_actions()
    tour.view.play(f"onto {cid}")
    while not tour.is_done:
        tour.view.play(next(str(a) for a in tour.view.state.legal_actions()))
    i = huns._card_index(st, cid)
    added = len(tour.view.state.camps[0].cubes.get(i, [])) - len(st.camps[0].cubes.get(i, []))
    assert added >= 1 and f"put {added} cube(s)" in tour.status.value


def test_huns_dispatched_wagon_and_treasure_points_from_the_scoring(no_callback_errors):
    from hench.huns.scoring import breakdown, treasure_met

    tour = _step(huns, "A full Wagon is dispatched")
    st = tour.view.state
    assert len(st.camps[0].dispatched) == 1
    assert tour.step.question.answer(st) == str(breakdown(st, 0)["dispatched wagons"]) == str(st.n)  # HU-101
    tour = _step(huns, "Treasures score at the end")
    st = tour.view.state
    c = huns._my_treasure(st)
    assert st.data.cards[c].colour == 4
    assert tour.step.question.answer(st) == str(st.n if treasure_met(st, st.camps[0], c) else 0)  # HU-100


def test_a_step_about_the_bots_replies_shows_them_one_move_at_a_time(no_callback_errors):
    tour = hm.tour(step=2)
    view = tour.view
    assert view.watch.value and tour.step.watch_bots, "Phase 1 is about the bots' replies: watched move by move"
    assert not hm.tour(step=1).view.watch.value, "other steps play the bots at once"
    site = next(str(a) for a in view.state.legal_actions()).removeprefix("place ")
    view.play(f"place {site}")
    assert tour.is_done and len(view.session) == 1 and view.bot_pending() and not view.bot_step.disabled
    assert "Next bot move" in tour.status.value
    for n in (1, 2):
        view.bot_step.click()
        assert len(view.session) == 1 + n, "exactly one bot move a click"
        step = view.session.history[-1]
        assert step.player == n and html.escape(step.text) in view.messages.text
        assert f"then the bots played {n} move{'s' if n > 1 else ''}" in tour.status.value
        assert html.escape(step.text) in tour.status.value.split("<details")[1], "the bot's move is listed in the fold"
    assert view.state.current_player == 0 and view.bot_step.disabled, "both bots placed: my turn again"


def _this_step(tour) -> tuple[list, str]:
    """The moves of the current step (the game is one continuous game: earlier steps' moves came before the
    step's mark) and the status box without the fold of the moves that led to the step."""
    history = tour.view.session.history[len(tour.marks[tour.index]):]
    status = tour.status.value
    return history, status[status.index("hench-tour-status"):]


def test_the_status_keeps_my_moves_in_view_and_folds_the_bots(no_callback_errors):
    import re

    tour = _step(hm, "Phase 3: the end of the day")
    walk_step(tour)
    history, status = _this_step(tour)

    def is_mine(s) -> bool:  # my move, or the dice of a duel I fight
        return s.player == 0 or (s.player == CHANCE and 0 in (s.before.duel["att"], s.before.duel["dfn"]))

    mine = [s for s in history if is_mine(s)]
    assert mine and len(mine) < len(history)
    outside = re.sub(r"<details.*?</details>", "", status, flags=re.S)
    assert outside.count("hench-my-move") == len(mine) and "hench-bot-move" not in outside
    runs, run = [], 0
    for s in history:
        if is_mine(s):
            runs += [run] if run else []
            run = 0
        else:
            run += 1
    runs += [run] if run else []
    assert status.count("<details") == len(runs) and status.count("hench-bot-move") == sum(runs)
    assert "then the bots played" in status and html.escape(tour.step.after(tour.start, tour.view.state)) in outside


def test_a_moves_log_lines_are_its_own_narration(no_callback_errors):
    """Maniacal narrates each move as it is applied (issue 26): a move's consequences are the lines that move said,
    as the viewer may read them, never the whole game's log again."""
    from widgets import maniacal

    tour = _step(maniacal, maniacal.TOUR[-1].title)
    walk_step(tour)
    history = tour.view.session.history
    assert len(history) > 3
    for s in history:
        lines = [line for line in tour.view.consequences(s) if not line.startswith("Scores: ")]
        assert lines == [line.text for line in s.after.narration(tour.view.viewer)]
        assert not any(line.startswith("setup:") for line in lines), "no move repeats an earlier move's lines"
    assert len(tour.status.value) < 40_000, "the status box lists moves, not the whole game's log again and again"


def test_a_long_step_folds_its_earlier_moves_and_keeps_the_latest_in_view(no_callback_errors):
    from widgets import hemloch
    from widgets.tour import SHOWN_MOVES

    tour = _step(hemloch, "Play on to the end")  # the step before the final score: the learner plays the game out
    walk_step(tour)
    history, status = _this_step(tour)
    mine = [s for s in history if s.player == 0 or (s.player == CHANCE and s.before.start == 0)]
    assert len(mine) > SHOWN_MOVES, "the step is long enough to fold"
    assert status.count("hench-my-move") == len(mine), "every move is still listed, the earlier ones folded"
    assert f"earlier in this step: {len(mine) - SHOWN_MOVES} of your moves" in status
    assert status.index("hench-earlier-fold") < status.index("hench-my-move"), "the fold comes first"
    latest = status.split("<!--/earlier-->")[1]
    assert latest.count("hench-my-move") == SHOWN_MOVES, "the latest moves stay in view, outside the fold"


def test_a_tour_is_one_game_whose_moves_carry_over_and_back_returns_to_a_steps_start(no_callback_errors):
    """Issue 29: the steps are places in ONE game. What the learner played in a step is still there at the next
    step (its history is a prefix of the next step's), and Back returns to the game as the step started."""
    tour = hm.tour(step=2)
    assert tour.step.done is not None
    walk_step(tour)
    played = [s.action for s in tour.view.session.history]
    assert played and any(s.player == 0 for s in tour.view.session.history), "the step was played"
    tour.next.click()
    assert [s.action for s in tour.view.session.history][:len(played)] == played, "my moves carried over"
    assert not tour.fell_back[2]
    third = [s.action for s in tour.view.session.history]
    walk_step(tour)
    tour.next.click()
    assert tour.index == 3 and [s.action for s in tour.view.session.history][:len(third)] == third
    tour.back.click()
    assert tour.index == 2 and [s.action for s in tour.view.session.history] == third, "back to where step 3 began"
    assert tour.start is tour.view.state


def test_moves_played_on_between_steps_are_shown_with_mine_marked_played_for_you(no_callback_errors):
    from widgets.tour import TourStep, TourView

    steps = [TourStep("Start", "<p>The deal.</p>"),
             TourStep("Day 2", "<p>The next day.</p>", reach=lambda s: s.day == 2 and s.phase == "set_henchmen")]
    tour = TourView(hm.CONFIG, steps, players=3, seed=7)
    tour.next.click()
    assert tour.index == 1 and tour.view.state.day == 2 and not tour.fell_back[1]
    lo, hi = tour.bridges[1]
    assert lo == 0 and hi == len(tour.view.session) > 10
    mine = [i for i, s in enumerate(tour.view.session.history) if s.player == 0]
    assert mine and set(mine) <= tour.played_for_you
    assert "Since the last step the game went on" in tour.status.value and "played for you" in tour.status.value


def test_a_position_the_game_did_not_reach_comes_from_the_tours_own_deal_and_says_so(no_callback_errors):
    from widgets.tour import TourStep, TourView

    steps = [TourStep("Day 2", "<p>Day two.</p>", reach=lambda s: s.day == 2 and s.phase == "set_henchmen"),
             TourStep("Day 1 again", "<p>A day-1 position.</p>", reach=lambda s: s.day == 1 and s.phase == "play_cards")]
    tour = TourView(hm.CONFIG, steps, players=3, seed=7)
    assert tour.view.state.day == 2
    tour.next.click()
    st = tour.view.state
    assert tour.index == 1 and tour.fell_back[1] and st.day == 1 and st.phase == "play_cards"
    assert "did not come to this lesson's position" in tour.text.value
    assert "How this position came about: the tour&#x27;s own deal" in tour.status.value
    assert tour.bridges[1] == (0, len(tour.view.session)) and len(tour.view.session) > 0, "the log shows how it came about"
    tour.back.click()
    assert tour.index == 0 and tour.view.state.day == 2, "back to the learner's own game"


def test_henchmanias_tour_is_one_game_from_the_set_up_to_the_bailiff(no_callback_errors):
    """Issue 29: every step of Henchmania's tour comes up in the one game of the tour's deal, in order, with the
    learner doing each step's task: no step falls back to the tour's own deal, and the game ends at the last step.
    Each step shows what it says: the Trump step a Trump in my hand, the theft step a Drunkard, the tie step a tie."""
    from hench.henchmania.bots import dominated_sites

    tour = hm.tour()
    seen = {}
    for i, step in enumerate(hm.TOUR):
        if i:
            tour.next.click()
        assert tour.index == i and not tour.fell_back[i], f"step {i + 1} ({step.title}) came from the tour's own deal"
        st = tour.view.state
        seen[step.title] = st
        if len(tour.view.session):
            assert "no moves yet" not in tour.view.log_view.value, "the side log lists the game's moves so far"
        if step.done is not None:
            walk_step(tour)
    assert tour.view.state.is_terminal and not any(tour.fell_back)
    assert tour.view.session.history[0].before.day == 1, "one game from its set-up"
    names = lambda st: {st.data.deck[c].name for c in st.hands[0]}
    trumps = seen["Trumps: beside the Reserve"]
    assert names(trumps) & set(hm.TRUMPS) or any(t is not None for t in trumps.trumps), "the Trump step shows a Trump"
    assert "Drunkard" in names(seen["Taking a card from a hand"])
    assert 0 in dominated_sites(seen["Domination: an extra card"]).values()
    assert "Glove" in names(seen["A duel"])
    days = [st.day for st in seen.values()]
    assert days == sorted(days), "the steps follow the game's days"
    assert "hench-score-sheet" in tour.view.sheet._dom_classes and "Final score sheet" in tour.view.sheet.value


def test_every_henchmania_step_opens_directly(no_callback_errors):
    """A step picked from the list opens (played on for the learner, or from the tour's own deal), never an error."""
    for k in range(1, len(hm.TOUR) + 1):
        tour = hm.tour(step=k)
        assert tour.index == k - 1 and tour.messages.kind != "error", (k, tour.messages.text)
