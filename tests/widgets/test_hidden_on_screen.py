"""Nothing a seat may not know reaches its screen (issue 9): the board a seat sees, every tooltip in it
and the tour's log are the same for two positions that differ only in what another seat keeps hidden."""

from __future__ import annotations

import html as _html
import re

import pytest

import hench
import hench.shelf
from hench.core import CHANCE, Rng, next_action
from widgets import hemloch as hl
from widgets import henchmania as hm
from widgets import huns as hu
from widgets import lancaster as la
from widgets import maniacal as ma

CONFIGS = {"henchmania": hm.CONFIG, "huns": hu.CONFIG, "hemloch": hl.CONFIG, "lancaster": la.CONFIG, "maniacal": ma.CONFIG}
# how often a position is sampled (every n-th move): 2-player Lancaster hides only a vote cast and not yet revealed,
# so it is sampled more often to land in a parliament with a vote cast
EVERY = {"lancaster": 5}


def test_every_game_on_the_shelf_is_checked():
    assert set(CONFIGS) == {entry.id for entry in hench.shelf.entries()}


def seats(game_id: str, which: int) -> int:
    """The fewest seats the game allows (which=0), or one more where it allows it (which=1)."""
    game = hench.get_game(game_id)
    return min(game.min_players + which, game.max_players)


def positions(game_id: str, players: int, seed: int, every: int = 7, limit: int = 400):
    game, config = hench.get_game(game_id), CONFIGS[game_id]
    state, rng = game.new_game(players, seed=seed), Rng.from_seed(seed)
    bots = [config.bot(seed + i) for i in range(players)]
    for k in range(limit):
        if state.is_terminal:
            return
        if k % every == 0 and state.current_player != CHANCE:
            yield state
        state = state.apply(next_action(state, bots, rng))


@pytest.mark.parametrize("game_id", sorted(CONFIGS))
@pytest.mark.parametrize("which", [0, 1])
def test_a_seats_board_does_not_change_with_others_hidden_cards(game_id, which):
    players = seats(game_id, which)
    config, checked, differed = CONFIGS[game_id], 0, 0
    for state in positions(game_id, players, seed=players * 11, every=EVERY.get(game_id, 7)):
        for viewer in range(players):
            for other in range(players):
                if other == viewer:
                    continue
                twin = state.resample_hidden(other, seed=checked + 1)
                differed += twin.to_json() != state.to_json()
                for clickable in (False, True):
                    assert config.draw(twin, viewer, clickable) == config.draw(state, viewer, clickable), \
                        f"{game_id}: Player {viewer + 1}'s board shows something Player {other + 1} hides"
                checked += 1
    assert checked > 20 and differed > 0, "the test must compare positions that really differ in hidden cards"


# -- hover text: every card the seat may see explains itself; a hidden one names nothing ------------------
SPAN = re.compile(r"<span class='(hench-card-face|hench-card-back)' title='([^']*)'")


def _titles(board: str) -> list[tuple[str, str]]:
    return [(kind, _html.unescape(title)) for kind, title in SPAN.findall(board)]


# Lancaster draws tiles (offices, laws, counties), not card spans: its hover texts are checked in
# tests/widgets/test_lancaster_views.py::test_visible_tiles_carry_their_plain_text_as_hover.
CARD_SPANS = sorted(set(CONFIGS) - {"lancaster"})


@pytest.mark.parametrize("game_id", CARD_SPANS)
def test_every_visible_card_has_its_plain_text_as_hover_and_hidden_ones_name_nothing(game_id):
    game, config = hench.get_game(game_id), CONFIGS[game_id]
    faces = backs = 0
    players = seats(game_id, 1)
    for state in positions(game_id, players, seed=5, every=5):
        texts = [t.plain() for t in game.card_texts(state)]
        names = sorted({t.name for t in game.card_texts(state)} | {t.id for t in game.card_texts(state)}, key=len, reverse=True)
        for viewer in range(players):
            for kind, title in _titles(config.draw(state, viewer, True)):
                if kind == "hench-card-face":
                    faces += 1
                    assert any(title.startswith(t) for t in texts), f"{game_id}: hover text is not the card's own: {title!r}"
                    assert "_" not in title and "(active)" not in title
                else:
                    backs += 1
                    assert not any(n in title for n in names), f"{game_id}: a hidden card's hover names it: {title!r}"
    assert faces > 50, "the positions must show cards"
    if game_id == "henchmania":
        assert backs > 50, "opponents' hands are shown as backs"


def test_henchmania_opponents_hands_show_backs_with_no_name():
    game = hench.get_game("henchmania")
    for state in positions("henchmania", 3, seed=8, every=3):
        if not any(state.hands[1]):
            continue
        board = hm.CONFIG.draw(state, 0, False)
        backs = [t for k, t in _titles(board) if k == "hench-card-back"]
        assert len(backs) >= len(state.hands[1]) + len(state.hands[2])
        mine = [state.data.deck[c].name for c in state.hands[0]]
        shown = [t for k, t in _titles(board) if k == "hench-card-face"]
        texts = {t.name: t.plain() for t in game.card_texts(state)}
        assert all(any(title.startswith(texts[name]) for title in shown) for name in mine)
        return
    pytest.fail("no position with cards in the opponents' hands")


def test_huns_names_the_incoming_curse_before_flee_or_accept():
    game = hench.get_game("huns")
    for state in positions("huns", 3, seed=5, every=1, limit=3000):
        if state.phase != "curse_flee_decision":
            continue
        curse = state.data.cards[state.curse]
        text = next(t for t in game.card_texts(state) if t.id == curse.id)
        for viewer in range(3):
            board = hu.CONFIG.draw(state, viewer, viewer == state.current_player)
            head = board.split("</div>", 2)[0] + board.split("</div>", 2)[1]
            assert f"Curse <b>{curse.id} {_html.escape(curse.name)}</b>" in head, "the phase line names the Curse"
            box = board[board.index("hench-incoming-curse"):]
            assert _html.escape(text.what.split(". ")[1]) in box  # its effect in words, on the board
            assert "flee" in box and "accept" in box and "_" not in _html.unescape(box.split("</div></div>")[0].split(">", 1)[1])
        return
    pytest.fail("the bots never played a Curse")


# -- the log: another seat's secret move is told only as far as the seat may know -----------------------
@pytest.mark.parametrize("game_id", ["lancaster", "maniacal"])
def test_the_log_tells_another_seats_secret_move_only_as_far_as_the_seat_may_know(game_id):
    """A vote cast in secret (Lancaster) or a draft pick before the reveal (Maniacal): the learner's log says
    that it happened, never what it was (the mover's own log line says it whole)."""
    from widgets.play import GameView

    game = hench.get_game(game_id)
    view = GameView(CONFIGS[game_id], players=3, seed=21, human_seats=(0,), auto_dice=True, chart=False)
    rng, bots = Rng.from_seed(21), [CONFIGS[game_id].bot(21 + i) for i in range(3)]
    secret = 0
    for _ in range(400):
        if view.state.is_terminal:
            break
        seen = len(view.session.history)
        if view.state.current_player == 0:
            view._apply(next_action(view.state, bots, rng))  # the learner's move, as a click makes it (the bots follow)
        hidden = []
        for step in view.session.history[seen:]:
            config = CONFIGS[game_id]  # a game may tell its mover the move in words, or say any move in its own words
            text = config.text_words or (lambda text: text)
            told = view.move_text(step)
            whole = config.words(step.before, step.action) if config.words else text(game.format_action(step.action))
            if step.player == 0:
                assert told == whole
            elif told != whole:
                hidden.append(step)
                assert told == text(game.public_action(step.before, step.action, 0))
        secret += len(hidden)
        if hidden:
            log = _html.unescape(view._log_html(last=len(view.session.history) - hidden[0].index))
            for step in hidden:
                entry = log.split(f">{step.index + 1}.</span>", 1)[1].split("</div>", 1)[0]
                assert step.text not in entry and view.move_text(step) in entry, f"{game_id}: the log shows {step.text!r}"
    assert secret > 0, "the bots made no secret move: the check would pass vacuously"
