"""Maniacal's views driven as a visitor would: the board, a click, the odds shown against hench's, every card
explained, and nothing hidden on another seat's screen."""

from __future__ import annotations

import re
from fractions import Fraction
from html import escape as _html_escape

import pytest

import hench
import widgets.maniacal as ma
from hench.core import CHANCE, Rng, next_action
from hench.maniacal import odds, render
from hench.maniacal.data import CONTINENT_NAMES, CONTINENTS

GAME = hench.get_game("maniacal")


def _play_until(state, stop, seed: int = 1, limit: int = 3000):
    bots, rng = [ma.CONFIG.bot(seed + i) for i in range(state.num_players)], Rng.from_seed(seed)
    for _ in range(limit):
        if state.is_terminal or stop(state):
            return state
        state = state.apply(next_action(state, bots, rng))
    raise AssertionError("the position was never reached")


def _said(view) -> list[str]:
    """Every line the table's moves said, as the viewer may read them (the one narration contract)."""
    return [line.text for step in view.session.history for line in step.after.narration(view.viewer)]


@pytest.mark.rule("MA-041", "MA-042")
def test_draft_click_on_the_board_builds_a_room(no_callback_errors):
    view = ma.lesson_table("the draft")
    st = view.state
    assert st.phase == "draft" and st.current_player == 0
    room = st.lairs[0].hand[0]
    action = f"sell {room}"
    assert f"data-action='{action}'" in view.board.html, "the hand's cards carry their build/sell moves"
    view.board.click(action)
    assert view.messages.kind == "ok", view.messages.text
    assert any(f"sells {st.data.cards[room].name}" in e for e in _said(view))
    assert view.state.current_player == 0, "the bots locked their picks and the reveal came back to me"


@pytest.mark.rule("MA-107", "MA-116", "MA-120")
def test_contract_lesson_attempt_from_the_map_and_the_dice_on_the_board(no_callback_errors):
    view = ma.lesson_table("a contract")
    letter = next(str(a).split()[1] for a in view.state.legal_actions() if str(a).startswith("attempt"))
    assert f"data-action='attempt {letter}'" in view.board.html
    assert "your best chance" in view.explain.value
    view.board.click(f"attempt {letter}")
    assert view.messages.kind == "ok" and view.state.phase == "assign"
    for _ in range(60):  # assign the team, roll every die, compare
        st = view.state
        if st.attempt is None:
            break
        if st.current_player == CHANCE:
            view.roll.click()
            continue
        legal = [str(a) for a in st.legal_actions()]
        view.play(next((a for a in legal if a in ("roll", "done")), legal[0]))
        assert view.messages.kind != "error", view.messages.text
        if view.state.attempt and view.state.attempt["rolled"]:
            assert "rolled:" in view.board.html and "successes" in view.board.html
    assert any(e.startswith("Player 1 rolls") and "successes against Target" in e for e in _said(view))


def test_wrong_move_is_explained_and_changes_nothing(no_callback_errors):
    view = ma.lesson_table("the draft")
    view.play("attempt A")
    assert view.messages.kind == "error" and len(view.session) == 0


def test_card_texts_cover_every_card_and_say_what_is_assumed():
    state = GAME.new_game(players=3, seed=2)
    texts = GAME.card_texts(state)
    ids = [t.id for t in texts]
    assert len(ids) == len(set(ids)) and set(ids) == set(state.data.cards)
    by_id = {t.id: t for t in texts}
    d = state.data
    for group in (d.rooms, d.henchmen, d.lackeys, d.mercenaries, d.contracts, d.powers, d.schemes):
        for x in group:
            assert by_id[x.id].assumed == (x.source == "assumed")
    r = d.rooms[1]
    assert f"${r.cost}" in by_id[r.id].what and str(r.attract_value) in by_id[r.id].what
    c = d.contracts[0]
    assert f"Target {c.target}" in by_id[c.id].what and f"team of {c.team}" in by_id[c.id].what
    assert all("ability" in by_id[sv.id].plain() and by_id[sv.id].assumed for sv in d.supervillains), "MA-021 said on screen"
    gallery = ma.card_gallery()
    assert gallery.grid.value.count("class='hench-card-tile'") == len(texts)
    gallery.kind.value = "Scheme"
    assert gallery.grid.value.count("class='hench-card-tile'") == len(d.schemes)


def test_board_shows_tracks_map_time_and_titles_of_seen_cards():
    state = _play_until(GAME.new_game(players=3, seed=4), lambda s: s.phase == "contract_action")
    page = render.html(state.observation(0), False)
    plain = {t.id: t.plain() for t in GAME.card_texts(state)}
    for name in ("World map", "Time track", "beast", "criminal", "scientist", "mystic", "Henchmen for hire", "Assumed"):
        assert name in page
    for room_id in state.lairs[1].rooms:  # another player's built rooms are public, with their text on hover
        assert plain[room_id].replace("'", "&#x27;") in page
    assert "data-action" not in page, "not clickable unless asked"


@pytest.mark.rule("MA-041", "MA-162")
def test_hidden_cards_are_not_on_another_seats_board():
    state = GAME.new_game(players=3, seed=8)
    state = state.apply(GAME.parse_action(state, f"sell {state.lairs[0].hand[0]}"))
    page = render.html(state.observation(1), True)
    secret = set(state.lairs[0].hand) | set(state.lairs[0].schemes) | set(state.lairs[2].hand) | set(state.lairs[2].schemes)
    names = {c.id: c.name for c in GAME.card_texts(state)}
    shown = {cid for cid in secret if re.search(re.escape(_html_escape(names[cid])) + r"(?!\d)", page) or re.search(rf"\b{cid}\b", page)}
    assert not shown, f"Player 2 sees {shown}"
    assert "has locked a secret pick" in page and "is still choosing" in page
    mine = render.html(state.observation(0), False)
    assert f"your locked pick: <b>sell {state.data.cards[state.lairs[0].pick[0]].name}</b>" in mine


def test_a_seats_board_does_not_change_with_others_hidden_cards():
    checked = differed = 0
    for seed in (3, 4):
        state, rng = GAME.new_game(players=3, seed=seed), Rng.from_seed(seed)
        bots = [ma.CONFIG.bot(seed + i) for i in range(3)]
        for k in range(260):
            if state.is_terminal:
                break
            if k % 9 == 0 and state.current_player != CHANCE:
                for viewer in range(3):
                    for other in range(3):
                        if other != viewer:
                            twin = state.resample_hidden(other, seed=checked + 1)
                            differed += twin.to_json() != state.to_json()
                            for clickable in (False, True):
                                assert ma.CONFIG.draw(twin, viewer, clickable) == ma.CONFIG.draw(state, viewer, clickable)
                            checked += 1
            state = state.apply(next_action(state, bots, rng))
    assert checked > 20 and differed > 0


def test_contract_odds_view_shows_hench_numbers(no_callback_errors):
    view = ma.ContractOddsView(seed=5, round_no=1, seat=0)
    assert view.messages.kind != "error", view.messages.text
    st = view.state
    for r, team in enumerate(view.team_list):
        for slot in range(6):
            p = ma.team_chance(st, 0, team, slot)
            assert view.table[r][slot] == (None if p is None else float(p))
            if p is not None:
                c = st.data.cards[st.map[slot]]
                assert len(team) == c.team
    z = view.heat.data[0].z
    assert [list(row) for row in z] == view.table
    team, slot = view._pair()
    c = st.data.cards[st.map[slot]]
    members = [(m, c.trait if st.data.cards[m].type == "lackey" else "") for m, _ in team]
    exact = odds.contract_chance(odds.team_dice(st, 0, members), c.trait, c.target)
    assert ma.chance_html(exact) in view.answer.value
    view.mc.trials.value = 3000
    view.mc.button.click()
    assert "agrees with" in view.mc.result.value, view.mc.result.value
    view.seat.value = 1
    assert view.messages.kind != "error" and view.note.value.count("Player 2") == 1


def test_contract_odds_view_lackey_reroll(no_callback_errors):
    view = ma.ContractOddsView(seed=5, round_no=1, seat=0)
    st = view.state
    small = [i for i, t in enumerate(view.team_list) if len(t) == 1 and st.data.cards[t[0][0]].type == "lackey"]
    slot = next(s for s in range(6) if st.data.cards[st.map[s]].team == 1)
    view.contract.value = slot
    view.team.value = small[0]
    view.reroll.value = True
    c = st.data.cards[st.map[slot]]
    dice = odds.team_dice(st, 0, [(view.team_list[small[0]][0][0], c.trait)])
    assert ma.chance_html(odds.contract_chance(dice, c.trait, c.target, ("any",))) in view.answer.value
    assert "Lackey's reroll" in view.answer.value


def test_pool_odds_view():
    view = ma.PoolOddsView(2, 0, 2)
    assert ma.chance_html(Fraction(7, 12)) in view.answer.value
    view.other.value = 2
    view.target.value = 5
    view.reroll.value = "any"
    assert ma.chance_html(odds.success_chance(2, 2, 5, ("any",))) in view.answer.value
    assert [float(x) for x in view.fig.data[0].z[0]] == [float(p) for p in odds.table(True, 6, 10)[0]]


@pytest.mark.rule("MA-220", "MA-222")
def test_play_table_and_infamy_round_by_round(no_callback_errors):
    box = ma.play_table(players=3, seed=11)
    view = box.view
    assert view.state.current_player == 0 and view.moves.labels
    chart = box.children[1].chart
    view.bots_go.click()
    assert view.messages.kind == "info" and len(view.session) > 0
    view._run_bots(lambda s: False, roll_dice=True)  # the bots play my seat too, to the end
    view.refresh()
    assert view.state.is_terminal
    xs, rows = ma.infamy_rows(view.session.states)
    assert xs[-1] == "round 3" and [r[-1] for r in rows] == view.state.scores()
    assert [list(t.y) for t in chart.data] == rows
    assert "The game is over" in view.explain.value


def test_tour_steps_open_and_simulation_runs(no_callback_errors):
    tour = ma.tour(step=4)
    assert tour.view.state.phase == "contract_action" and "World map" in tour.view.board.html
    q = tour.question
    sv = q.state.data.cards[q.state.lairs[0].sv]
    assert q.question.answer(q.state) == str(sv.costs[2]) in q.pick.options  # Europe, from the Supervillain card (MA-109)
    assert "your best chance" in tour.view.explain.value
    sim = ma.simulation(games=3, players=2)
    sim.run_button.click()
    assert sim.bar.value == 3 and "rounds" in sim.summary.value
    game = ma.bot_game_infamy(players=2, seed=2)
    assert "winner" in game.children[1].value and len(game.children[0].data) == 2


@pytest.mark.rule("MA-041")
def test_play_table_log_keeps_earlier_seats_picks_secret(no_callback_errors):
    box = ma.play_table(players=3, seed=11, seat=2)
    view = box.view
    st = view.state
    assert st.phase == "draft" and st.current_player == 2 and len(view.session) == 2, "Players 1 and 2 picked first"
    picks = [str(s.action) for s in view.session.history]
    assert all(p not in view.log_view.value for p in picks) and view.log_view.value.count("locks a secret pick") >= 2
    assert all(p not in view.board.html for p in picks)
    view.play(f"sell {st.lairs[2].hand[0]}")
    assert view.messages.kind == "ok" and any(" builds " in e or " sells " in e for e in _said(view))


@pytest.mark.rule("MA-106", "MA-111")
def test_live_odds_use_only_what_the_seat_may_know():
    import dataclasses

    state = _play_until(GAME.new_game(players=3, seed=4), lambda s: s.phase == "contract_action")
    seat = state.current_player
    engine = odds.map_odds(state, seat)
    assert odds.known_map_odds(state, seat) == engine  # the placeholder backs fix the Target
    slot, name = next((i, n) for i, n in enumerate(engine) if engine[n] is not None)
    c = state.data.cards[state.map[slot]]
    twin = dataclasses.replace(c, id="ZZ1", target=c.target + 3)
    state.data = dataclasses.replace(state.data, contracts=state.data.contracts + (twin,), cards={**state.data.cards, "ZZ1": twin})
    dice = odds.team_dice(state, seat, odds.best_team(state, seat, slot))
    targets = [x.target for x in state.data.contracts if (x.difficulty, x.team, x.trait) == (c.difficulty, c.team, c.trait)]
    expected = sum(odds.contract_chance(dice, c.trait, t) for t in targets) / len(targets)
    assert len(targets) >= 2 and odds.known_map_odds(state, seat)[name] == expected != engine[name]
    best = max(ma.affordable_odds(state, seat).values())
    assert best in [v for v in odds.known_map_odds(state, seat).values()] and ma.chance_html(best) in ma._live_odds(state)


def test_every_visible_card_hovers_its_plain_text_and_backs_name_nothing():
    """The convention of tests/widgets/test_hidden_on_screen.py (hench-card-face / hench-card-back), for Maniacal."""
    import html as _html

    span = re.compile(r"<span class='(hench-card-face|hench-card-back)' title='([^']*)'")
    faces = backs = 0
    state, rng = GAME.new_game(players=3, seed=5), Rng.from_seed(5)
    bots = [ma.CONFIG.bot(5 + i) for i in range(3)]
    texts = [t.plain() for t in GAME.card_texts(state)]
    names = sorted({t.name for t in GAME.card_texts(state)} | {t.id for t in GAME.card_texts(state)}, key=len, reverse=True)
    for k in range(300):
        if state.is_terminal:
            break
        if k % 5 == 0 and state.current_player != CHANCE:
            for viewer in range(3):
                for kind, title in span.findall(ma.CONFIG.draw(state, viewer, True)):
                    title = _html.unescape(title)
                    if kind == "hench-card-face":
                        faces += 1
                        assert any(title.startswith(t) for t in texts), title
                        assert "_" not in title
                    else:
                        backs += 1
                        assert not any(n in title for n in names), title
        state = state.apply(next_action(state, bots, rng))
    assert faces > 50 and backs > 50


def _open_continents(state) -> set[str]:
    letters = {str(a).split()[1] for a in state.legal_actions() if str(a).startswith("attempt ")}
    return {name for name, letter in zip(CONTINENT_NAMES, CONTINENTS) if letter in letters}


def _strongest(state) -> str | None:
    known = {k: v for k, v in odds.known_map_odds(state, 0).items() if v is not None}
    return max(known, key=known.get) if known else None


def _out_of_reach(state) -> bool:
    """Player 1 to act in the Contract Phase, their strongest team's contract costing more weeks than they have left."""
    if not (state.phase == "contract_action" and state.attempt is None and state.current_player == 0):
        return False
    strongest, open_now = _strongest(state), _open_continents(state)
    return strongest is not None and strongest not in open_now and bool(open_now & set(ma.affordable_odds(state, 0)))


@pytest.mark.rule("MA-109", "MA-107")
def test_best_chance_names_only_a_contract_the_player_can_afford():
    state = _play_until(GAME.new_game(players=3, seed=0), _out_of_reach, seed=0)
    strongest, open_names = _strongest(state), _open_continents(state)
    assert strongest not in open_names, "the position has a stronger team on a contract the player cannot afford in weeks"
    line = ma._live_odds(state)
    named = re.search(r"your best chance: <b>([^<]+)</b>", line).group(1)
    assert named in open_names and named != strongest
    best = max(ma.affordable_odds(state, 0).values())
    assert f"{float(best):.1%}" in line and f"exactly {best.numerator}/{best.denominator}" in line, "percent, fraction on hover"


@pytest.mark.rule("MA-026", "MA-027")
def test_seat_picker_names_the_player_who_really_starts(no_callback_errors):
    view = ma.play_table(players=3, seed=11).view
    first = GAME.new_game(players=3, seed=11).order[0]
    assert first != 0, "the deal's first player is not Player 1"
    labels = dict((seat, label) for label, seat in view.seat_pick.options)
    assert labels[first] == f"Player {first + 1} (starts)" and "(starts)" not in labels[0]
    view.seed_box.value = "6"  # a deal Player 1 starts
    labels = dict((seat, label) for label, seat in view.seat_pick.options)
    assert GAME.new_game(players=3, seed=6).order[0] == 0 and labels[0] == "Player 1 (starts)"
    view.seed_box.value = ""  # a new deal: nobody knows who starts yet
    assert not any("(starts)" in label for label, _ in view.seat_pick.options)


@pytest.mark.parametrize("name", list(ma.LESSONS))
def test_every_lesson_opens_at_its_position_on_the_learners_turn(name, no_callback_errors):
    view = ma.lesson_table(name)
    st = view.state
    assert not st.is_terminal and st.current_player == 0 and ma.LESSONS[name](st), f"{name}: not at its position"


def _kind(move: str) -> str:
    words = move.split()
    return " ".join(words[:2]) if move.startswith(("no scheme", "lackey reroll", "mark die")) else words[0]


FOLLOW_UPS = {  # a kind of move a lesson reaches by its first move: (lesson, the move that opens it)
    "assign": ("a contract", "attempt"), "heal": ("Hoodlum Hospital", "visit hospital"), "mark die": ("the Lackey's reroll", "lackey reroll"),
}


def test_every_kind_of_move_is_taught_in_the_tour_or_a_lesson(no_callback_errors):
    """Issue 29: each kind of move has a live example: a Learn-page lesson whose position offers it (or offers it after
    the lesson's first move); the tour's steps name the ones they teach."""
    from widgets.maniacal_tour import TOUR

    kinds = {"build", "sell", "attempt", "assign", "visit", "pass", "scheme", "no scheme", "lackey reroll", "mark die",
             "activate", "heal", "choose", "dismiss", "fire", "keep"}
    offered = {_kind(str(a)) for name in ma.LESSONS for a in ma.lesson_table(name).state.legal_actions()}
    for kind, (name, first) in FOLLOW_UPS.items():
        view = ma.lesson_table(name)
        view.play(next(str(a) for a in view.state.legal_actions() if str(a).startswith(first)))
        assert view.messages.kind != "error", view.messages.text
        now = {_kind(str(a)) for a in view.state.legal_actions()}
        assert kind in now, f"{name}: {first} does not open {kind}"
        offered |= now
    tour_words = " ".join(s.title + s.text + s.task for s in TOUR).lower()
    assert all(w in tour_words for w in ("build", "sell", "visit", "fire", "scheme", "attempt"))
    assert not kinds - offered, f"no lesson offers {kinds - offered}"


def test_best_chance_is_said_only_on_the_viewers_own_turn():
    state = _play_until(GAME.new_game(players=3, seed=4), lambda s: s.phase == "contract_action" and s.attempt is None)
    seat = state.current_player
    assert "your best chance" in ma.CONFIG.explain_for(state, seat)
    other = (seat + 1) % 3
    assert ma.CONFIG.explain_for(state, other) == "", "another seat's turn: no 'your best chance' about their team"
