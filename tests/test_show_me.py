"""Issue 29: "see any rule happen" and "every card taught". Every engine rule of every game has a live position
(a save in hench/<game>/data/showme.json, made by tools/harvest_showme.py) where the rule is what the engine
applies next, and every card a position where a legal move uses it. Each stored position is loaded and its move
made here, so a rule change that breaks a position fails loudly."""

from __future__ import annotations

import re

import pytest

import hench
from hench import rules
from hench.core import IllegalActionError
from hench.core.showme import (
    KINDS,
    cards_named,
    cards_shown,
    functions_run,
    mentions,
    play_and_score,
    rules_shown,
    show_card,
    show_me,
    unshown,
)

GAMES = list(rules.GAME_PACKAGES)
ENGINE = {g: [r.id for r in rules.for_game(g) if r.tag == "engine"] for g in GAMES}
CASES = [(g, r) for g in GAMES for r in rules_shown(g)]
CARD_CASES = [(g, c) for g in GAMES for c in cards_shown(g)]
PROGRAMMER = re.compile(r"\b[a-z]+_[a-z_]+\b|\w+\((?!s\))|[{}\[\]]|Fraction")  # "wound(s)" is words


def all_cards(game_id: str) -> set[str]:
    game = hench.get_game(game_id)
    return {t.id for n in range(game.min_players, game.max_players + 1)
            for t in game.card_texts(game.new_game(players=n, seed=1))}


# Engine rules no move can show: the engine does not apply them, or applies them to what a seat sees rather than to a
# move. The data file gives each its reason (tools/harvest_showme.py, NOT_BY_A_MOVE); each is a note for the lead, as
# the catalogue's "engine" tag may be wrong for it. Every other engine rule has a show me.
NOT_SHOWN_BY_A_MOVE = {"lancaster": {"LB-014", "LB-104", "LH-037", "LH-065", "LH-097"}}


@pytest.mark.parametrize("game_id", GAMES)
def test_every_engine_rule_has_a_show_me(game_id):
    """Every engine rule has a live show me (issue 29: 100% of engine rules), but the few listed above, which the
    data file explains."""
    not_by_a_move = NOT_SHOWN_BY_A_MOVE.get(game_id, set())
    missing = sorted(set(ENGINE[game_id]) - set(rules_shown(game_id)) - not_by_a_move)
    assert not missing, f"{game_id}: {len(missing)} engine rules without a show me: {' '.join(missing)}"
    assert set(rules_shown(game_id)) <= set(ENGINE[game_id]), "a show me for a rule that is not an engine rule"
    assert not not_by_a_move & set(rules_shown(game_id)), "a rule now shown: take it off NOT_SHOWN_BY_A_MOVE"
    reasons = unshown(game_id)
    for rule in sorted(not_by_a_move):
        assert reasons.get(rule, "").startswith("not applied by"), f"{game_id} {rule}: the data file gives no reason"


@pytest.mark.parametrize("game_id,rule_id", CASES)
def test_the_rule_is_what_the_engine_applies_next(game_id, rule_id):
    show = show_me(game_id, rule_id)
    assert show.how in KINDS and show.state.game.id == game_id
    before = show.state.to_json()
    if show.how == "narrated":  # the move's narration, as the learner's seat reads it, cites the rule
        after = show.state.apply(show.move)
        assert any(rule_id in line.rules for line in after.narration(show.seat))
    elif show.how == "refused":  # the move is illegal and the error names the rule
        with pytest.raises(IllegalActionError) as refused:
            show.state.apply(show.move)
        assert refused.value.rule_id == rule_id
    elif show.how == "setup":  # the position is a new game as set up; its set-up narrates or runs the rule
        fresh = show.game.new_game(**show.new_game)
        assert fresh.to_dict() == show.state.to_dict()
        assert any(rule_id in line.rules for line in fresh.narration(show.seat)) or any(
            rule_id in ids for _, ids in functions_run(game_id, lambda: show.game.new_game(**show.new_game), lines=True))
    elif show.how == "applied":  # making the move runs the engine function whose docstring names the rule
        ran = functions_run(game_id, lambda: play_and_score(show.state, show.move), lines=True)
        assert any(rule_id in ids for _, ids in ran)
    elif show.how == "option":  # a new game as set up, with the option whose help names the rule
        assert show.game.new_game(**show.new_game).to_dict() == show.state.to_dict()
        assert any(rule_id in o.help for o in show.game.options.values())
    elif show.how == "card":  # a legal move that uses a card the rule governs
        assert show.move in show.state.legal_actions()
        cards = show.game.card_index(show.state)
        lines = show.state.apply(show.move).narration(show.seat)
        used = [cards[c] for c in cards_named(show.move) if c in cards] + [c for c in cards.values() if mentions(lines, c)]
        assert any(rule_id in card.rules for card in used)
    elif show.how == "checked":  # a move of a kind the rule's check examines
        assert any(rule_id in hench.core.rule_ids_of(c) for c in show.game.checks.by_kind[show.move.kind])
    else:  # "phase": played in (or leading into) a phase the game's phase table says follows the rule
        after = show.state.apply(show.move)
        phases = show.game.phases
        assert any(st.phase in phases and rule_id in phases[st.phase].rules for st in (show.state, after))
    assert show.evidence()  # and hench says the same, in words
    assert show.state.to_json() == before, "trying the move must not change the position"


@pytest.mark.parametrize("game_id,rule_id", CASES[::7])
def test_the_sentence_is_plain_words(game_id, rule_id):
    show = show_me(game_id, rule_id)
    sentence = show.sentence()
    assert rule_id in sentence and show.move_text in sentence
    summary = rules.get(rule_id).summary.removeprefix("[OFF]").strip().rstrip(".")  # the catalogue's words, as searched
    assert not PROGRAMMER.search(sentence.replace(show.move_text, "").replace(summary, "")), sentence
    assert not PROGRAMMER.search(show.made), show.made  # how the position was made, shown under the sentence


# Cards no game deals: the box's two spare Lackeys (MA-001: 7 Lackey cards for 5 Supervillains). Each player takes the
# Lackey of their Supervillain (MA-022), and no Supervillain names these two, so no position can hold them.
CARDS_NEVER_DEALT = {"maniacal": {"LK6", "LK7"}}


@pytest.mark.parametrize("game_id", [g for g in GAMES if hench.get_game(g).cards is not None])
def test_every_card_has_a_show_me(game_id):
    missing = sorted(all_cards(game_id) - set(cards_shown(game_id)) - CARDS_NEVER_DEALT.get(game_id, set()))
    assert not missing, f"{game_id}: {len(missing)} cards without a show me: {' '.join(missing)}"


def test_the_cards_never_dealt_belong_to_no_supervillain():
    from hench.maniacal.data import default_data

    data = default_data()
    assert CARDS_NEVER_DEALT["maniacal"] <= {lackey.id for lackey in data.lackeys}
    assert not CARDS_NEVER_DEALT["maniacal"] & {sv.lackey for sv in data.supervillains}
    assert not CARDS_NEVER_DEALT["maniacal"] & set(cards_shown("maniacal"))


@pytest.mark.parametrize("game_id,card_id", CARD_CASES)
def test_a_card_show_me_is_a_legal_move_using_the_card(game_id, card_id):
    show = show_card(game_id, card_id)
    assert show.move in show.state.legal_actions()
    card = show.game.card_index(show.state)[card_id]
    assert card_id in cards_named(show.move) or mentions(show.state.apply(show.move).narration(show.seat), card)
    assert show.state.current_player == show.seat or show.state.is_chance_node
    assert show.evidence()


@pytest.mark.parametrize("game_id", GAMES)
def test_every_assumption_id_is_found_with_its_text(game_id):
    package = __import__(f"hench.{game_id}", fromlist=["READINGS"])
    ids = {r.id for r in package.READINGS}
    ids |= {i for row in package.assumptions() for i in rules.ASSUMPTION_ID.findall(str(row.note))}
    assert ids
    for ident in ids:
        found = [r for r in rules.search(ident, game=game_id) if r.id == ident]
        assert found and found[0].summary.strip(), f"{game_id} {ident} is not found in the rule search"
        if any(c.isdigit() for c in ident):  # an ID such as A7 is found from the shelf's search of every game too
            assert [r for r in rules.search(ident) if r.id == ident and r.game == game_id]


def test_rule_ids_still_find_exactly_one_rule():
    assert [r.id for r in rules.search("HM-020")] == ["HM-020"]
    assert [r.id for r in rules.search("hm-20")] == ["HM-020"]


def test_the_rule_search_opens_a_live_table_where_the_rule_happens(no_callback_errors):
    import widgets

    panel = widgets.RulesPanel(game="henchmania", limit=5)
    assert panel.comm is not None and not panel.messages.text, "the panel opened as a widget, with no error"
    panel.box.value = "duel"
    total = len(rules.search("duel", game="henchmania"))
    assert total > 5 and f"hits 1 to 5 of {total}" in panel.results.value
    panel.next.click()
    assert f"hits 6 to 10 of {total}" in panel.results.value
    panel.show_all.value = True
    assert panel.results.value.count("<tr>") == total  # every hit, none hidden
    panel.box.value = "HM-052"
    [button] = panel.show_buttons.children
    button.click()
    [view] = panel.stage.children
    show = view.show
    assert "HM-052" in view.sentence.value and show.move_text in view.sentence.value
    view.table.play(show.move_text)
    assert "hench-rule-shown" in view.rule_log.value and ">HM-052<" in view.rule_log.value


def test_the_card_gallery_shows_a_card_in_play(no_callback_errors):
    from widgets.cards import CardGallery

    gallery = CardGallery("henchmania", players=3)
    assert gallery.comm is not None and not gallery.messages.text
    assert {t.id for t in gallery.shown()} == {t.id for t in gallery.showable()}  # every card has its show me
    gallery.show_me("Thief")
    [view] = gallery.stage.children
    assert "Thief" in view.sentence.value
    view.table.play(view.show.move_text)
    assert view.table.session.steps and "Thief" in view.table.session.steps[0].text
