"""The card gallery (issue 9): every card of the data, a kind filter that works, the "assumed" badge shown."""

from __future__ import annotations

import html
import re

import pytest

import hench
from widgets import hemloch as hl
from widgets import henchmania as hm
from widgets import huns as hu
from widgets import lancaster as la
from widgets import maniacal as ma
from widgets.cards import ALL, KIND_COLOURS, SPARE_COLOURS, CardGallery, card_html, kind_colours

TILE = re.compile(r"data-card='([^']*)'")


def tiles(gallery: CardGallery) -> list[str]:
    return [html.unescape(x) for x in TILE.findall(gallery.grid.value)]


GALLERIES = {"henchmania": hm.card_gallery, "huns": hu.card_gallery, "hemloch": hl.card_gallery, "lancaster": la.card_gallery,
             "maniacal": ma.card_gallery}


@pytest.mark.parametrize("game_id", ["henchmania", "huns", "hemloch", "lancaster", "maniacal"])
def test_the_gallery_shows_every_card_and_the_filter_works(game_id, no_callback_errors):
    """Every game's Learn app shows the same gallery: the same filter, badge, colours and rule chips."""
    game = hench.get_game(game_id)
    gallery = GALLERIES[game_id]()
    assert isinstance(gallery, CardGallery) and "hench-gallery" in gallery._dom_classes
    every = [t.id for t in game.card_texts(gallery.state)]
    assert tiles(gallery) == every and gallery.kind.value == ALL
    kinds = list(gallery.kind.options)[1:]
    assert len(kinds) >= 3
    for kind in kinds:
        gallery.kind.value = kind
        want = [t.id for t in game.card_texts(gallery.state) if t.kind == kind]
        assert tiles(gallery) == want and 0 < len(want) < len(every)
        assert f">{html.escape(kind)}</span>" in gallery.grid.value
    gallery.kind.value = ALL
    assert tiles(gallery) == every


def test_assumed_badge_and_note_are_visible_and_rulebook_cards_have_none(no_callback_errors):
    gallery = hm.card_gallery()
    by_id = {t.id: t for t in gallery.texts}
    glove, axe = card_html(by_id["Glove"]), card_html(by_id["Axe"])
    assert "hench-assumed" not in glove and "HM-052" in glove
    assert "hench-assumed" in axe and "<b>assumed</b>" in axe and html.escape(by_id["Axe"].note) in axe
    gallery.assumed_only.value = True
    assert "Glove" not in tiles(gallery) and "Axe" in tiles(gallery)
    assert gallery.grid.value.count("class='hench-assumed'") == len(tiles(gallery))


def test_huns_gallery_tile_says_what_when_and_rules_without_engine_codes(no_callback_errors):
    gallery = hu.card_gallery(players=4)
    gallery.kind.value = "Equipment"
    text = gallery.grid.value
    assert "EQ-07" in tiles(gallery) and "counts as 2" in text and "When:" in text and "HU-082" in text
    assert "swift_horse" not in text and "(active)" not in text and "extra_cube" not in text
    gallery.kind.value = "Treasure"
    assert "scores 4 VP" in gallery.grid.value  # 4 players: N = 4 (HU-100)


def test_a_kind_the_browser_invents_is_refused_with_a_message(no_callback_errors):
    gallery = hu.card_gallery()
    before = gallery.grid.value
    gallery.kind.set_state({"index": 99})
    assert gallery.messages.kind == "error" and gallery.grid.value == before


def test_assumed_values_leave_the_cards_to_the_gallery():
    for module in (hm, hu):
        table = module.assumed_values().value
        assert "hench-assumptions" in table and "'>card " not in table.split("</summary>")[1]  # no card's row
        assert "steal_hand" not in table and "saddlebag" not in table and "[1, 2, 3]" not in table
    assert ">1, 2, 3<" in hu.assumed_values().value  # the dice faces, as people write them


def test_each_kind_has_its_own_border_colour_in_every_game():
    for game_id, make in GALLERIES.items():
        gallery = make()
        kinds = list(gallery.kind.options)[1:]
        used = [gallery.colours[k] for k in kinds]
        assert len(set(used)) == len(used) and "#777" not in used, game_id
        for kind in kinds[:3]:
            assert f"border:2px solid {gallery.colours[kind]}" in gallery.grid.value
    assert kind_colours(["Raid", "Castle space"]) == {"Raid": "#d23b3b", "Castle space": SPARE_COLOURS[0]}
    assert kind_colours(["Equipment", "Room"])["Room"] != KIND_COLOURS["Equipment"], "a spare never repeats a kind's own colour"
    assert kind_colours([f"kind {i}" for i in range(len(SPARE_COLOURS) + 1)])[f"kind {len(SPARE_COLOURS)}"] == "#777"


def test_a_gallery_can_open_on_one_kind_and_say_a_word_on_its_data(no_callback_errors):
    gallery = la.card_gallery(kind="Office (King's Court)")
    assert gallery.kind.value == "Office (King's Court)" and gallery.grid.value.count("class='hench-card-tile'") == 3
    assert la.card_gallery(kind="no such kind").kind.value == ALL
    assert "max-height:560px;overflow-y:auto" in gallery.grid.value, "a long gallery scrolls in its own box"
    gallery.kind.value, gallery.assumed_only.value = ALL, True
    assumed = [t.id for t in gallery.texts if t.assumed]
    assert tiles(gallery) == assumed and 0 < len(assumed) < len(gallery.texts)
