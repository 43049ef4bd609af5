"""Hemloch views driven as a visitor would: the board, the clicks, the card texts, the odds views and what one
seat may not see."""

from __future__ import annotations

import html
import re

import pytest

import hench
import widgets.hemloch as hl
from hench.core import CHANCE, Rng, next_action
from hench.hemloch import breakdown, odds
from hench.hemloch.data import ITEMS, default_data
from hench.hemloch.render import card_texts, marker_values
from hench.hemloch.scoring import marker_points

GAME = hench.get_game("hemloch")
ACTIONS = re.compile(r"data-action='([^']*)'")


def positions(seed: int, every: int = 5, limit: int = 600):
    state, rng = GAME.new_game(seed=seed), Rng.from_seed(seed)
    bots = [hl.CONFIG.bot(seed + i) for i in range(2)]
    for k in range(limit):
        if state.is_terminal:
            yield state
            return
        if k % every == 0 and state.current_player != CHANCE:
            yield state
        state = state.apply(next_action(state, bots, rng))


@pytest.mark.rule("HL-078", "HL-083", "HL-084")
def test_a_click_on_the_grid_places_a_marker(no_callback_errors):
    view = hl.lesson_table("influence check")
    st = view.state
    assert st.phase == "influence_check" and st.current_player == 0
    clicks = ACTIONS.findall(view.board.html)
    legal = {str(a) for a in st.legal_actions()}
    assert clicks and set(clicks) <= legal, "every clickable square is a legal move"
    left = st.markers_left(0)
    view.board.click(clicks[0])
    assert view.messages.kind == "ok" and clicks[0] in view.log_view.value
    assert view.session.history[0].after.markers_left(0) == left - 1


@pytest.mark.rule("HL-057", "HL-039")
def test_play_chips_are_the_legal_plays_and_none_at_the_festival(no_callback_errors):
    view = hl.lesson_table("a night")
    st = view.state
    clicks = ACTIONS.findall(view.board.html)
    plays = {str(a) for a in st.legal_actions() if str(a).startswith("play")}
    assert plays and plays <= set(clicks) and "draw" in clicks
    festival = st.data.locations[st.festival].name
    assert not any(c.endswith(f"at {festival}") for c in clicks)
    view.board.click(sorted(plays)[0])
    assert view.messages.kind == "ok" and len(view.session) >= 1


def test_a_crafted_click_is_refused_with_its_rule(no_callback_errors):
    view = hl.lesson_table("a night")
    st = view.state
    festival = st.data.locations[st.festival].name
    card = st.data.minions[st.hands[0][0]].name
    view.board.click(f"play {card} at {festival}")
    assert view.messages.kind == "error" and "HL-039" in view.messages.text and len(view.session) == 0


@pytest.mark.rule("HL-069")
def test_abilities_lesson_offers_the_pending_choice(no_callback_errors):
    view = hl.lesson_table("abilities")
    legal = [str(a) for a in view.state.legal_actions()]
    assert view.state.phase.startswith("ability_") and legal
    view.play(legal[0])
    assert view.messages.kind == "ok"


def test_weeks_end_lesson_retreats_by_clicking_a_minion(no_callback_errors):
    view = hl.lesson_table("week's end")
    clicks = ACTIONS.findall(view.board.html)
    assert clicks and all(c.startswith("retreat") for c in clicks)
    view.board.click(clicks[0])
    assert view.messages.kind == "ok"


def test_marker_values_add_up_to_the_engine_score():
    checked = 0
    for st in positions(seed=9, every=3):
        for loc in range(len(st.spaces)):
            values = marker_values(st, loc)
            for seat in (0, 1):
                mine = sum(v for v, o in zip(values, st.spaces[loc]) if o == seat)
                assert mine == marker_points(st, seat, loc)
                checked += mine
    assert checked > 10


def test_the_board_shows_each_markers_score_and_the_breakdown():
    final = list(positions(seed=2))[-1]
    assert final.is_terminal
    board = hl.CONFIG.draw(final, 0)
    assert "Game over" in board and f"{final.scores()[0]}" in board
    for seat in (0, 1):
        assert f"= <b>{breakdown(final, seat)['total']}</b>" in board
    assert "2 points (HL-083, HL-084)" in board or "1 point (HL-083, HL-084)" in board


def test_card_texts_cover_every_card_and_say_what_is_assumed():
    st = GAME.new_game(seed=1)
    d = default_data()
    texts = {c.id: c for c in GAME.card_texts(st)}
    ids = ({m.name for m in d.minions} | {loc.name for loc in d.locations} | set(ITEMS)
           | {d.week_name(c) for c in range(2 * len(d.week))})
    assert set(texts) == ids and len(texts) == len(card_texts(st))
    for m in d.minions:
        c = texts[m.name]
        assert f"Influence {m.influence}" in c.what and c.assumed == (m.source == "assumed") and "HL-060" in c.rules
        assert c.note == (m.note if c.assumed else "")
    assert "Using" not in texts["Potion"].what and "no Action" in texts["Potion"].when  # HL-065: a Potion is free
    assert "Influence Check" in texts[d.week_name(len(d.week))].what  # a Day card (HL-053)
    for c in texts.values():
        assert c.what and c.rules and all(hench.rules.exists(r) for r in c.rules)
        assert "_" not in c.what, f"{c.id}: an engine code leaked into the text"


def test_visible_cards_carry_their_text_and_hidden_ones_do_not():
    st = next(s for s in positions(seed=4) if s.current_player == 0 and s.phase == "turn_actions")
    texts = {c.id: c.plain() for c in GAME.card_texts(st)}
    board = hl.CONFIG.draw(st, 0, True)
    mine = {st.data.minions[c].name for c in st.hands[0]}
    for name in mine:
        assert html.escape(texts[name], quote=True) in board
    assert f"{len(st.hands[1])} cards (hidden)" in board


@pytest.mark.rule("HL-010")
def test_a_seats_board_does_not_change_with_the_others_hand():
    checked = differed = 0
    for st in positions(seed=21):
        for viewer in (0, 1):
            twin = st.resample_hidden(1 - viewer, seed=checked + 1)
            differed += twin.to_json() != st.to_json()
            for clickable in (False, True):
                assert hl.CONFIG.draw(twin, viewer, clickable) == hl.CONFIG.draw(st, viewer, clickable)
            checked += 1
    assert checked > 20 and differed > 0


def test_draw_odds_view_shows_hench_numbers(no_callback_errors):
    view = hl.DrawOddsView(copies=2, draws=2)
    assert str(odds.opening_hand(2)) in view.answer.value and str(odds.dig(2, 2)) in view.answer.value
    view.copies.value = 3
    assert str(odds.dig(3, 2)) in view.answer.value
    assert [round(y, 9) for y in view.fig.data[0].y] == [round(float(odds.dig(3, k)), 9) for k in range(11)]
    view.mc.trials.value = 2000
    view.mc.button.click()
    assert "agrees with" in view.mc.result.value


def test_week_odds_view(no_callback_errors):
    view = hl.WeekOddsView(week=3)
    assert str(odds.week_step_is_day(3, 1)) in view.answer.value and "10" in view.answer.value
    view.week.value = 4
    assert str(odds.week_step_is_day(4, 1)) in view.answer.value
    view.mc.trials.value = 2000
    view.mc.button.click()
    assert "agrees with" in view.mc.result.value


def test_duel_odds_view(no_callback_errors):
    view = hl.DuelOddsView(location=1)
    d = default_data()
    assert str(odds.duel(d, 1)["win"]) in view.answer.value
    view.where.value = -1
    result = odds.duel(d, None)
    assert str(result["win"]) in view.answer.value and list(view.fig.data[0].y) == [float(result[k]) for k in ("win", "tie", "lose")]
    view.mc.trials.value = 2000
    view.mc.button.click()
    assert "agrees with" in view.mc.result.value


def test_live_odds_view(no_callback_errors):
    view = hl.LiveOddsView(seed=4, week=2)
    st = view.position()
    assert str(odds.next_card_is_day(st)) in view.answer.value or odds.next_card_is_day(st) in (0, 1)
    assert [float(y) for y in view.fig.data[0].y] == [float(odds.draw_to_lead(st, 0, i)) for i in range(4)]
    view.week.value = 3
    assert view.messages.kind != "error"


def test_play_table_charts_scores_by_week_and_simulation_runs(no_callback_errors):
    view = hl.play_table(seed=5)
    assert view.state.current_player == 0 and view.moves.labels
    view.bots_go.click()
    xs, per_seat = view.score_history()
    assert xs and xs == sorted(xs) and len(per_seat) == 2 and len(view.fig.data) == 2
    sim = hl.simulation(games=4)
    sim.run_button.click()
    assert sim.bar.value == 4 and "weeks" in sim.summary.value


def test_gallery_sheet_and_assumptions(no_callback_errors):
    gallery = hl.card_gallery().grid.value
    st = GAME.new_game(seed=1)
    assert gallery.count("class='hench-card-tile'") == len(GAME.card_texts(st)) and "hench-assumed" in gallery
    sheet = hl.finished_game_sheet(seed=3).value
    assert "hench-scoring-sheet" in sheet and "winner" in sheet
    assert "assumed" in hl.assumptions_in_force().value
    assert hl.tour().index == 0


@pytest.mark.rule("HL-053")
def test_the_status_line_gives_the_live_odds_from_hench(no_callback_errors):
    view = hl.play_table(seed=5)
    shown = 0
    for _ in range(8):
        st = view.state
        if st.phase == "turn_actions":
            line = view.explain.value
            assert hl.chance(odds.next_card_is_day(st), True) in line
            for loc in range(4):
                name = st.data.locations[loc].name
                behind = st.influence(loc, 1) > st.influence(loc, 0) and loc != st.festival and loc not in st.played
                assert (f"{name}: {hl.chance(odds.draw_to_lead(st, 0, loc))}" in line) == behind
                shown += behind
        view.bots_go.click()
    assert shown, "some position had a Location where the other player leads"


@pytest.mark.rule("HL-090")
def test_the_draft_board_offers_the_pack_and_hides_the_others():
    st = GAME.new_game(seed=2, draft=True, first_player=0)
    me = st.current_player
    mine = hl.CONFIG.draw(st, me, True)
    assert set(ACTIONS.findall(mine)) == {str(a) for a in st.legal_actions()} and "hench-draft" in mine
    theirs = hl.CONFIG.draw(st, 1 - me, True)
    assert not ACTIONS.findall(theirs) and f"holds a pack of {len(st.packs[me])} cards" in theirs
    hidden = {st.data.minions[c].name for c in st.packs[me]} - {st.data.minions[c].name for c in st.packs[1 - me]}
    assert hidden and not any(f">{name}<" in theirs or f"keep {name}" in theirs for name in hidden)


FACE = re.compile(r"<(?:span|b) class='hench-card-face'(?: data-action='[^']*')?(?: title='([^']*)')? style='[^']*'>([^<]*)<")
BACK = re.compile(r"class='hench-card-back' title='([^']*)'")


def test_card_faces_carry_their_text_and_backs_name_nothing():
    names = sorted({c.name for c in GAME.card_texts(GAME.new_game(seed=1))}, key=len, reverse=True)
    checked = 0
    for st in positions(seed=6, every=9):
        board = hl.CONFIG.draw(st, 0, st.current_player == 0)
        for title, text in FACE.findall(board):
            title, text = html.unescape(title), html.unescape(text)
            name = next(n for n in names if text.startswith(n))
            assert title.startswith(f"{name} ("), f"{text!r} has tooltip {title!r}"
            checked += 1
        backs = BACK.findall(board)
        assert len(backs) == len(st.hands[1]) and not any(n in b for b in backs for n in names)
    assert checked > 50


@pytest.mark.rule("HL-010")
def test_the_status_line_gives_the_draw_odds_only_on_the_viewers_own_turn():
    """A player's deck is theirs alone (HL-010): while the other seat acts, the status line reads no odds from its deck."""
    st = hench.get_game("hemloch").new_game(seed=5, first_player=0)
    rng, bots = Rng.from_seed(5), [hench.RandomBot(5)] * 2

    def trailing(s) -> bool:
        seat = s.current_player
        return s.phase == "turn_actions" and any(s.influence(loc, 1 - seat) > s.influence(loc, seat) and loc != s.festival
                                                 and loc not in s.played for loc in range(4))

    while not trailing(st):
        st = st.apply(next_action(st, bots, rng))
    seat = st.current_player
    assert "your next draw" in hl.CONFIG.explain_for(st, seat)
    other = hl.CONFIG.explain_for(st, 1 - seat)
    assert "your next draw" not in other and hl.chance(odds.next_card_is_day(st), True) in other


@pytest.mark.rule("HL-069")
def test_a_retreat_chip_is_only_on_the_learners_own_minion_not_the_others_namesake():
    from tests.hemloch.helpers import COURTYARD, arrange, new
    from tests.hemloch.test_weeks_end import to_weeks_end

    board = {(COURTYARD, 0): ["Cog Runner", "Velvet Matron"], (COURTYARD, 1): ["Cog Runner", "Velvet Matron"]}
    s = to_weeks_end(arrange(new(), board=board))
    while s.phase == "influence_check":
        s = s.apply(s.legal_actions()[0])
    assert s.phase == "weeks_end_retreat" and s.current_player == 0
    board_html = GAME.html(s.observation(0), True)
    courtyard = board_html.split(">Courtyard<")[1].split("hench-location")[0]
    mine, theirs = courtyard.split("Player 2:")
    assert sorted(ACTIONS.findall(mine)) == ["retreat Cog Runner from Courtyard", "retreat Velvet Matron from Courtyard"]
    assert ACTIONS.findall(theirs) == [], "the other player's Cog Runner carries no chip that would retreat mine"


def test_the_week_deck_is_turned_over_not_rolled(no_callback_errors):
    """Hemloch has no dice: its chance device is the Week deck, and the table says so (issue 29)."""
    from widgets.play import GameView

    view = GameView(hl.CONFIG, players=2, seed=3, auto_dice=False, chart=False, options={"first_player": 0})
    assert view.state.current_player == CHANCE and view.learner_rolls()
    words = [view.roll.description, view.set_dice.description, view.auto_dice.description, view.bot_step.tooltip,
             view.explain.value, *(label for label, _ in view.dice_outcomes.options)]
    assert view.roll.description == "Turn over" and "Week deck" in view.explain.value
    assert not any(re.search(r"(?i)\bdice\b|\broll", w) for w in words), words
    assert all(re.search(r" · \d+\.\d%$", label) for label, _ in view.dice_outcomes.options), "a percentage, no fraction"
    view.roll.click()
    assert view.session.history[0].player == CHANCE and "Week deck" in view.log_view.value and "Dice" not in view.log_view.value


@pytest.mark.rule("HL-039")
def test_the_live_odds_never_offer_a_lead_where_nobody_may_play(no_callback_errors):
    """The Festival's Location takes no Minion: its 'next draw would lead' is no chance, not 100% (issue 29)."""
    view = hl.LiveOddsView(seed=4, week=2)
    st = view.position()
    festival = st.data.locations[st.festival].name
    row = view.answer.value.split(f"<td>{festival} (Festival)</td>")[1].split("</tr>")[0]
    assert "nobody may play here now" in row and "100" not in row
    assert odds.draw_to_lead(st, 0, st.festival) == 0
    assert view.fig.data[0].text[st.festival] == "Festival" and view.fig.data[0].y[st.festival] == 0


def test_the_odds_show_percentages_with_the_exact_fraction_in_the_hover(no_callback_errors):
    for view in (hl.DrawOddsView(), hl.WeekOddsView(), hl.DuelOddsView(), hl.LiveOddsView()):
        shown = re.sub(r"title='[^']*'", "", view.answer.value)
        assert "%" in shown and not re.search(r"\b\d+/\d+\b", shown), shown
        assert "title='exactly " in view.answer.value
        assert all("/" not in str(t) for bar in view.fig.data for t in (bar.text or ()))
