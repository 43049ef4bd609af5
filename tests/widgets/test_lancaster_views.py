"""Lancaster views driven as a visitor would: the tables build, a click plays a move, the odds shown are
hench's, every card is explained, and nothing a seat hides reaches another seat's screen."""

from __future__ import annotations

import html as _html
import re
from fractions import Fraction

import pytest

import hench
import widgets.lancaster as la
from hench import format_probability
from hench.core import Rng, next_action
from hench.lancaster import card_texts, odds
from hench.lancaster.data import default_data
from hench.lancaster.render import html as board_html

GAME = hench.get_game("lancaster")


def _play(state, moves: int, seed: int = 3):
    bots, rng = [la.CONFIG.bot(seed + i) for i in range(state.num_players)], Rng.from_seed(seed)
    for _ in range(moves):
        if state.is_terminal:
            break
        state = state.apply(next_action(state, bots, rng))
    return state


def test_every_app_says_the_base_game_is_a_stand_in(no_callback_errors):
    assert "stand-in" in la.STAND_IN_NOTE and "Lancaster-Lite" in la.STAND_IN_NOTE
    table = la.play_table()
    assert "stand-in" in table.children[0].value and "Lancaster-Lite" in table.view.board.html
    assert "stand-in" in la.tour().children[0].value


@pytest.mark.rule("LH-015")
def test_a_click_on_the_board_places_a_knight(no_callback_errors):
    view = la.lesson("placing knights")
    board = view.board.html
    actions = re.findall(r"data-action='([^']*)'", board)
    assert actions and all(a in {str(m) for m in view.state.legal_actions()} for a in map(_html.unescape, actions))
    before = len(view.session)
    view._board_click(_html.unescape(actions[0]))
    assert view.messages.kind == "ok" and len(view.session) > before
    assert _html.unescape(actions[0]) in view.log_view.value


def test_a_refused_move_is_explained_and_changes_nothing(no_callback_errors):
    view = la.lesson("placing knights")
    before = view.state.to_json()
    view.play("knight 4 to Surrey")  # the learner has no strength-4 knight at the start
    assert view.messages.kind == "error" and view.state.to_json() == before


@pytest.mark.rule("LH-003")
def test_module_choice_deals_a_new_game_with_those_modules(no_callback_errors):
    table = la.play_table(modules="KC+KR+LK")
    assert table.view.state.d["modules"] == ["KC", "KR", "LK"] and "Regal board" in table.view.board.html
    table.modules.value = "KR"
    table.deal.click()
    assert table.messages.kind == "ok" and table.view.state.d["modules"] == ["KR"]
    board = table.view.board.html
    assert "Tower" in board and "Regal board" not in board
    table.modules.value = "none"
    table.parliament.value = False
    table.deal.click()
    assert table.view.state.d["modules"] == [] and table.view.state.d["parliament"] is False
    assert "parliament_mode off" in table.view.board.html


def test_play_table_charts_power_points_by_round(no_callback_errors):
    table = la.play_table()
    table.view.bots_go.click()
    xs, per_seat = table.view.score_history()
    assert len(per_seat) == 3 and xs and xs[-1] == table.view.state.d["round"]
    assert len(table.view.fig.data) == 3 and "round" in table.view.fig.layout.xaxis.title.text.lower()
    assert table.view.fig.layout.title.text == "Power points (PP) round by round"
    chart = la.pp_by_round(players=3, seed=3)
    final = chart.children[0].data[0].y[-1]
    assert "final" in chart.children[0].data[0].x and str(final) in chart.children[1].value


def test_card_texts_cover_every_card_of_the_data():
    data = default_data()
    ids = {c.id for c in card_texts(GAME.new_game(players=3, seed=1))}
    wanted = ({o.name for o in data.offices} | {"shield", "archer", "tudor", "bishop", "seal", "treasury", "tower", "dishonor",
                                                "ally"}
              | {law.id for law in data.laws} | {f"LK-{i}" for i in range(1, 9)} | {c.name for c in data.counties}
              | {f"castle {s}" for s in data.castle} | {f"C{i + 1}" for i in range(len(data.french))})
    assert ids == wanted
    texts = {c.id: c for c in card_texts(GAME.new_game(players=3, seed=1))}
    assert texts["Surrey"].assumed and "3 PP" in texts["Surrey"].what  # a stand-in county says its assumed reward
    assert not texts["Chancellor"].assumed and "2 seal" in texts["Chancellor"].what
    assert "LH-116" in texts["LK-8"].rules and texts["LK-8"].assumed  # the card name is lost (M5)
    assert GAME.card_texts(GAME.new_game(players=3, seed=1))  # registered with Game(cards=...)


def test_visible_tiles_carry_their_plain_text_as_hover():
    state = _play(GAME.new_game(players=3, seed=2, modules="KC+KR+LK"), 30)
    board = board_html(state, 0)
    texts = {c.id: c.plain() for c in card_texts(state)}
    for cid in ("Chancellor", "tower", "dishonor", "Stafford", *state.d["current"]):
        assert f"title='{_html.escape(texts[cid], quote=True)}'" in board, cid


def test_a_seats_board_does_not_show_what_others_hide():
    checked = differed = 0
    state = GAME.new_game(players=4, seed=9, modules="KC+KR+LK")
    bots, rng = [la.CONFIG.bot(9 + i) for i in range(4)], Rng.from_seed(9)
    k = 0
    while not state.is_terminal and k < 500:
        if k % 5 == 0:
            for viewer in range(4):
                for other in range(4):
                    if other == viewer:
                        continue
                    twin = state.resample_hidden(other, seed=k + other)
                    differed += twin.to_json() != state.to_json()
                    for clickable in (False, True):
                        assert la.CONFIG.draw(twin, viewer, clickable) == la.CONFIG.draw(state, viewer, clickable)
                    checked += 1
        state = state.apply(next_action(state, bots, rng))
        k += 1
    assert checked > 50 and differed > 0


def test_own_screen_shown_others_locked():
    state = _play(GAME.new_game(players=3, seed=4, modules="KC+KR"), 20)
    gold = state.d["res"][0]["gold"]
    mine = board_html(state, 0)
    assert f"gold <b>{gold}</b>" in mine and mine.count("hench-hidden") == 2 * 4  # two other seats x 4 hidden things
    assert board_html(state, None).count("hench-hidden") == 3 * 4


def test_a_secret_vote_stays_hidden_until_revealed():
    state = GAME.new_game(players=3, seed=1, modules="none", parliament=True)
    while state.phase != "vote":
        state = state.apply(state.legal_actions()[0])
    voter = state.current_player
    state = state.apply(next(a for a in state.legal_actions() if str(a) == "vote no +1 vm"))
    other = (voter + 1) % 3
    assert "your secret vote: <b>no</b> +1 VM" in board_html(state, voter)
    theirs = board_html(state, other)
    assert "secret vote" not in theirs and f"{hench.core.seat_name(voter)} has voted" in theirs


def test_law_timing_view_shows_hench_numbers(no_callback_errors):
    view = la.LawTimingView(group=2)
    dist = odds.law_round(2)
    for p in dist.values():
        assert format_probability(p) in view.answer.value
    assert [round(y, 9) for y in view.fig.data[0].y] == [round(float(dist[r]), 9) for r in sorted(dist)]
    view.group.value = 4
    assert format_probability(odds.law_round(4)[max(odds.law_round(4), key=odds.law_round(4).get)]) in view.answer.value
    view.mc.trials.value = 2000
    view.mc.button.click()
    assert "agrees with" in view.mc.result.value


def test_dishonor_view_shows_hench_numbers(no_callback_errors):
    view = la.DishonorOddsView(players=4, percent=50)
    dist = odds.dishonor_per_lost_conflict(4, Fraction(1, 2))
    assert [round(y, 9) for y in view.fig.data[0].y] == [round(float(dist[k]), 9) for k in sorted(dist)]
    assert format_probability(dist[0]) in view.answer.value
    view.mc.trials.value = 2000
    view.mc.button.click()
    assert "agrees with" in view.mc.result.value


def test_seals_and_conflict_views(no_callback_errors):
    seals = la.SealsView(bishops=1, seals=4)
    assert f"<b>{odds.seal_points(1, 4)}</b> PP" in seals.answer.value and "one more bishop" in seals.answer.value
    view = la.ConflictOddsView(players=3, seed=5, percent=50)
    state = la.study_position(3, 5)
    card = next(f"C{c['card'] + 1}" for c in state.d["conflicts"] if None in c["spaces"])
    strongest = max(state.court_strengths(state.current_player))
    exact = odds.conflict_win_chance(state, card, extra=strongest, p_joins=Fraction(1, 2))
    assert format_probability(exact) in view.answer.value
    assert "data-action" not in view.board.value  # a study board, not a table to click
    assert "Q3" in la.odds_tables().value


def test_gallery_lists_every_card_with_assumed_badges(no_callback_errors):
    box = la.card_gallery()
    grid = box.children[2].value
    cards = card_texts(GAME.new_game(players=3, seed=1))
    assert grid.count("class='hench-card'") == len(cards)
    assert grid.count("hench-assumed") == sum(c.assumed for c in cards)
    box.children[0].value = "Office (King's Court)"
    assert box.children[2].value.count("class='hench-card'") == 3


@pytest.mark.rule("LH-066", "LH-065")
def test_two_players_are_offered_with_the_ally_model(no_callback_errors):
    assert "ally" in la.STAND_IN_NOTE and "L12" in la.STAND_IN_NOTE
    table = la.play_table(players=2, modules="KC+KR")
    assert 2 in table.view.players_pick.options and table.view.state.num_players == 2
    state = table.view.state
    for _ in range(40):  # the bots play until it is the human seat's turn to place for its ally
        if state.phase == "place" and state.current_player == 0 and state.actor == 2:
            break
        state = _play(state, 1)
    assert state.actor == 2
    board = board_html(state, 0, clickable=True)
    assert "hench-ally-turn" in board and "Player 1&#x27;s ally" in board
    actions = {_html.unescape(a) for a in re.findall(r"data-action='([^']*)'", board)}
    assert actions and actions <= {str(m) for m in state.legal_actions()}
    assert board_html(state, 1).count("hench-hidden") == 2  # seat 1 sees seat 1's gold and squires hidden, seals and dishonor open
    table.view.bots_go.click()
    assert table.view.state.num_players == 2 and len(table.view.score_history()[1]) == 2
