"""Move buttons explain themselves (issue 9): a card move's tooltip is the card's plain text (CardText.plain()
from the engine), a move naming no card says what it does in words, never the raw move again."""

from __future__ import annotations

import re

import pytest

import hench
from hench.core import CHANCE, Rng
from widgets import henchmania as hm
from widgets import huns
from widgets.play import GameView

CONFIGS = {"henchmania": hm.CONFIG, "huns": huns.CONFIG}


def _buttons(view: GameView) -> dict[str, str]:
    return view.moves.tooltips


def _tooltips_over_a_game(game_id: str, seed: int, moves: int = 160) -> list[tuple[object, str, str]]:
    """(move, button text, tooltip) for every move button the learner is shown over a played game."""
    config = CONFIGS[game_id]
    view = GameView(config, players=3, seed=seed, auto_dice=False, chart=False, options={"first_player": 0})
    rng = Rng.from_seed(seed)
    seen = []
    for _ in range(moves):
        st = view.state
        if st.is_terminal:
            break
        if st.current_player == CHANCE:
            view.roll.click()
            continue
        if st.current_player not in view.human_seats:
            view.play(str(config.bot(seed).choose(st)))
            continue
        legal = st.legal_actions()
        by_text = _buttons(view)
        for a in legal:
            label = config.label(st, a) if config.label else view.game.format_action(a)
            if label in by_text:
                seen.append((a, label, by_text[label]))
        view.play(str(legal[rng.randrange(len(legal))]))
    return seen


@pytest.mark.parametrize("game_id", sorted(CONFIGS))
def test_card_moves_say_what_the_card_does(game_id, no_callback_errors):
    game = hench.get_game(game_id)
    texts = {t.id: t for t in game.card_texts(game.new_game(3, seed=2))}
    seen = _tooltips_over_a_game(game_id, seed=2)
    card_moves = [(a, tip) for a, _, tip in seen if getattr(a, "card", None) in texts]
    assert card_moves, "the walk showed at least one card move"
    for a, tip in card_moves:
        assert tip == texts[a.card].plain(), f"{a}: the tooltip is the card's plain text"
        assert texts[a.card].what in tip


@pytest.mark.parametrize("game_id", sorted(CONFIGS))
def test_moves_naming_no_card_say_what_they_do_in_words(game_id, no_callback_errors):
    seen = _tooltips_over_a_game(game_id, seed=3)
    plain = [(a, label, tip) for a, label, tip in seen
             if getattr(a, "card", None) is None and getattr(a, "weapon", None) is None]
    assert plain, "the walk showed moves that name no card"
    for a, label, tip in plain:
        assert tip and tip != label and tip != str(a), f"{a}: a sentence, not the move again"
        assert re.search(r"\b(HM|HU)-\d{3}\b", tip), f"{a}: the tooltip cites its rule IDs: {tip}"


def test_henchmania_place_and_pass_tooltips():
    tip = hm.CONFIG.tooltip
    s = hench.get_game("henchmania").new_game(3, seed=7, first_player=0)
    place = next(a for a in s.legal_actions() if str(a).startswith("place"))
    assert "draw the top card" in tip(s, place) and "HM-016" in tip(s, place)
    assert "HM-047" in hm.MOVE_TIPS["pass"]


def test_without_a_tooltip_option_the_button_shows_the_move():
    from widgets.play import TableConfig

    bare = TableConfig(game_id="henchmania", phases=hm.CONFIG.phases)
    assert bare.tooltip is None
    view = GameView(bare, players=3, seed=7, auto_dice=False, chart=False, options={"first_player": 0})
    assert view.moves.labels
    for label, tip in view.moves.tooltips.items():
        assert tip == label
