"""The card gallery (issue 9): every card of the data, a kind filter that works, the "assumed" badge shown."""

from __future__ import annotations

import html
import re

import pytest

import hench
from widgets import henchmania as hm
from widgets import huns as hu
from widgets.cards import ALL, CardGallery, card_html

TILE = re.compile(r"data-card='([^']*)'")


def tiles(gallery: CardGallery) -> list[str]:
    return [html.unescape(x) for x in TILE.findall(gallery.grid.value)]


@pytest.mark.parametrize("game_id", ["henchmania", "huns"])
def test_the_gallery_shows_every_card_and_the_filter_works(game_id, no_callback_errors):
    game = hench.get_game(game_id)
    gallery = CardGallery(game_id, game.new_game(3, seed=2))
    every = [t.id for t in game.card_texts(gallery.state)]
    assert tiles(gallery) == every and gallery.kind.value == ALL
    kinds = list(gallery.kind.options)[1:]
    assert len(kinds) >= 3
    for kind in kinds:
        gallery.kind.value = kind
        want = [t.id for t in game.card_texts(gallery.state) if t.kind == kind]
        assert tiles(gallery) == want and 0 < len(want) < len(every)
        assert f">{kind}</span>" in gallery.grid.value
    gallery.kind.value = ALL
    assert tiles(gallery) == every


def test_assumed_badge_and_note_are_visible_and_rulebook_cards_have_none(no_callback_errors):
    gallery = hm.gallery()
    by_id = {t.id: t for t in gallery.texts}
    glove, axe = card_html(by_id["Glove"]), card_html(by_id["Axe"])
    assert "hench-assumed" not in glove and "HM-052" in glove
    assert "hench-assumed" in axe and "<b>assumed</b>" in axe and html.escape(by_id["Axe"].note) in axe
    gallery.assumed_only.value = True
    assert "Glove" not in tiles(gallery) and "Axe" in tiles(gallery)
    assert gallery.grid.value.count("class='hench-assumed'") == len(tiles(gallery))


def test_huns_gallery_tile_says_what_when_and_rules_without_engine_codes(no_callback_errors):
    gallery = hu.gallery(players=4)
    gallery.kind.value = "Equipment"
    text = gallery.grid.value
    assert "EQ-07" in tiles(gallery) and "counts as 2" in text and "When:" in text and "HU-082" in text
    assert "swift_horse" not in text and "(active)" not in text and "extra_cube" not in text
    gallery.kind.value = "Treasure"
    assert "scores 4 VP" in gallery.grid.value  # 4 players: N = 4 (HU-100)


def test_a_kind_the_browser_invents_is_refused_with_a_message(no_callback_errors):
    gallery = hu.gallery()
    before = gallery.grid.value
    gallery.kind.set_state({"index": 99})
    assert gallery.messages.kind == "error" and gallery.grid.value == before


def test_assumed_values_leave_the_cards_to_the_gallery():
    for module in (hm, hu):
        table = module.assumed_values().value
        assert "hench-assumptions" in table and "card " not in table.split("</summary>")[1]
        assert "steal_hand" not in table and "saddlebag" not in table and "[1, 2, 3]" not in table
    assert ">1, 2, 3<" in hu.assumed_values().value  # the dice faces, as people write them
