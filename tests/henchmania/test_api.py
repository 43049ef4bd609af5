"""The uniform API: playouts, saving, tampering, parsing, legality agreement, views, data and bots."""

import json

import pytest

import hench
from hench import IllegalActionError, InvalidActionError, InvalidStateError
from hench.core import CHANCE, Rng, Session, play_game, random_playout, sample_outcome
from hench.henchmania import PHASES, DataError, assumptions, load_data
from hench.henchmania.bots import HeuristicBot, RandomBot, make_bots
from hench.henchmania.legality import CHECKS

from .helpers import GAME, new, to_play


@pytest.mark.rule("HM-015", "HM-075", "HM-008")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_playouts_reach_the_end(players, seed):
    end, steps = random_playout(new(players=players, seed=seed), seed=seed)
    assert end.is_terminal and end.phase == "game_end" and len(end.winners()) == 1
    assert end.day <= end.last_day and steps > 8 * players
    assert not end.legal_actions()


def walk(seed, players, every=7):
    """A random game, yielding states along the way."""
    s, rng = new(players=players, seed=seed), Rng.from_seed(seed)
    i = 0
    while not s.is_terminal:
        if i % every == 0:
            yield s
        legal = s.legal_actions()
        s = s.apply(sample_outcome(s.chance_outcomes(), rng) if s.current_player == CHANCE else legal[rng.randrange(len(legal))])
        i += 1
    yield s


@pytest.mark.parametrize("players", [2, 5])
def test_json_round_trip_and_parse_round_trip_during_play(players):
    for s in walk(11, players):
        text = s.to_json()
        back = hench.state_from_json(text)
        assert back.to_json() == text and back == s
        assert back.legal_actions() == s.legal_actions()
        for a in s.legal_actions():
            assert GAME.parse_action(s, str(a)) == a
        assert s.notation() in repr(s) and "Henchmania" in s._repr_html_()
        assert s.observation(0)["hand_sizes"] == [len(h) for h in s.hands]


@pytest.mark.parametrize("players", [3, 4])
def test_legal_actions_and_named_checks_agree(players):
    states = list(walk(5, players, every=3))
    seen = {a for s in states for a in s.legal_actions()}
    for s in states:
        if s.current_player in (None, CHANCE):
            continue
        legal = set(s.legal_actions())
        for a in seen:
            assert (CHECKS.first_violation(s, a) is None) == (a in legal), (s, a)
        for a in legal:
            s.check(a)


def test_illegal_actions_leave_the_state_unchanged_and_name_a_rule():
    for s in walk(3, 3, every=5):
        if s.is_terminal:
            continue
        before = s.to_json()
        for text in ["pass", "place Tavern", "play Glove on Player 2", "fight bare-handed", "roll 6 6 6", "keep nothing",
                     "use Apothecary", "take extra Castle"]:
            try:
                a = GAME.parse_action(s, text)
            except InvalidActionError:
                continue
            if a in s.legal_actions():
                continue
            with pytest.raises(IllegalActionError) as err:
                s.apply(a)
            assert hench.rules.exists(err.value.rule_id) and err.value.rule_id.startswith("HM-")
            assert "Allowed instead" in str(err.value) or s.current_player is None
        assert s.to_json() == before


def test_malformed_actions():
    s = new()
    for bad in ["", "dance", "place Moon", "play Crown", "roll a b c", "play Glove on Pxx"]:
        with pytest.raises(InvalidActionError):
            GAME.parse_action(s, bad)
    assert s.apply("place  tavern") == s.apply(GAME.parse_action(s, "place Tavern"))  # text is parsed
    with pytest.raises(InvalidActionError):
        s.apply(("place", None, None, "Tavern", None, None))  # a bare tuple is not an Action
    with pytest.raises(InvalidActionError):
        s.apply(hench.henchmania.Play("Glove", 9))


def _tamper(text, change):
    doc = json.loads(text)
    change(doc["state"])
    return json.dumps(doc)


@pytest.mark.parametrize("change", [
    lambda d: d.update(players=9),
    lambda d: d["hands"][0].append(d["piles"][0][0]),                      # a card in two places
    lambda d: d["piles"][0].pop(),                                         # a card gone
    lambda d: d.update(stage="dancing"),
    lambda d: d["scores"].append(3),
    lambda d: d.update(actor=None),                                        # no one to act mid-game
    lambda d: d["options"].update(days=7),
    lambda d: d.update(fingerprint="0" * 16),
    lambda d: d.update(data="/nonexistent/cards.toml"),
    lambda d: d.update(extra=1),
    lambda d: d["piles"].__setitem__(0, d["piles"][0] + [d["piles"][1].pop()]),  # a Castle card in the Tavern pile
    lambda d: d.update(exhausted=[d["piles"][0][0]]),
    lambda d: d.update(rng=-1),
    lambda d: d["pawns"][0].__setitem__(0, "x"),
])
def test_tampered_json_is_rejected(change):
    text = to_play(new(players=3, seed=4)).to_json()
    with pytest.raises(InvalidStateError):
        hench.state_from_json(_tamper(text, change))


def test_same_seed_same_game_and_apply_is_pure():
    a, _ = random_playout(new(players=4, seed=8), seed=2)
    b, _ = random_playout(new(players=4, seed=8), seed=2)
    assert a.to_json() == b.to_json()
    s = new()
    before = s.to_json()
    s.apply(s.legal_actions()[0])
    assert s.to_json() == before


def test_session_undo_redo():
    session = Session(new(players=2, seed=1, first_player=0))
    session.apply_text("place Tavern")
    session.apply_text("place Castle")
    session.undo()
    assert session.state.current_player == 1 and session.redo().current_player == 0
    assert Session.from_json(session.to_json()).state == session.state


def test_notation_and_html():
    s = to_play(new(players=3, seed=2))
    line = s.notation()
    assert "\n" not in line and "[Phase 2: play your cards]" in line and "score=5/5/5" in line
    html = s._repr_html_()  # a spectator's view: every hand as backs
    for word in ("Tavern", "Armory", "spots left", "Player 1", "reserve", "Phase 2: play your cards"):
        assert word in html
    assert "P0" not in html and "play_cards" not in html  # seats from 1, phases by their titles
    assert html.count("&#9635;") == sum(map(len, s.hands))
    mine = hench.henchmania.render.html(s.observation(1), False)
    assert s.name(s.hands[1][0]) in mine
    assert mine.count("&#9635;") == len(s.hands[0]) + len(s.hands[2])  # opponents' hands as backs


def test_phases_cover_every_state_phase():
    reached = {s.phase for seed in (1, 2) for s in walk(seed, 3)}
    assert reached <= set(PHASES.ids) and {"set_henchmen", "play_cards", "attack_roll", "game_end"} <= reached
    for phase in PHASES:
        assert phase.title and all(hench.rules.exists(r) for r in phase.rules)


# -- data --------------------------------------------------------------------------------------
@pytest.mark.rule("HM-020", "HM-059")
def test_assumptions_table():
    rows = assumptions()
    assert all(len(r) == 4 and r[2] in ("rulebook", "assumed") for r in rows)
    by_key = {r[0]: r for r in rows}
    assert by_key["bare_hands_attack"][1:3] == ("5", "assumed")
    assert by_key["spots"][2] == "rulebook"
    assert by_key["card Glove"][2] == "rulebook"


@pytest.mark.rule("HM-069", "HM-102")
def test_the_assumptions_table_shows_every_reading():
    """Issue 28: how the engine reads each ambiguity is in the apps' assumptions table, with its option if any."""
    from hench.henchmania import READINGS

    by_key = {r.what: r for r in assumptions()}
    for reading in READINGS:
        row = by_key[f"reading {reading.id}"]
        assert row.value == reading.text and row.source == "assumed"
        assert (reading.option.replace("_", " ") if reading.option else "no option") in row.note
    assert "no order can change anything" in by_key["reading HM-069"].value
    data = load_data()
    assert len(data.deck) == 130
    assert all(sum(1 for c in data.deck if c.site == i) == 26 for i in range(5))
    assert sum(1 for c in data.deck if c.type == "trump") == 5
    assert sum(1 for c in data.deck if c.name == "Glove") == 12


def test_user_data_file(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text('[bare_hands_attack]\nvalue = 4\nsource = "user"\nnote = "from my box"\n')
    s = GAME.new_game(players=2, seed=1, data=str(path))
    assert s.data.values["bare_hands_attack"] == 4
    assert hench.state_from_json(s.to_json()) == s
    assert ("bare_hands_attack", "4", "user", "from my box") in assumptions(str(path))
    saved = s.to_json()
    assert str(path) not in saved and "mine.toml" not in saved  # a save never names a file the loader opens
    path.write_text('[bare_hands_attack]\nvalue = 5\nsource = "user"\n')  # edited after saving
    back = hench.state_from_json(saved)
    assert back == s and back.data.values["bare_hands_attack"] == 4  # the save carries its own data
    path.unlink()
    assert hench.state_from_json(saved) == s


@pytest.mark.parametrize("text,words", [
    ("this is = not toml [", "not valid TOML"),
    ('[bare_hands_attack]\nvalue = 9\n', "bare_hands_attack"),
    ('[spots]\nvalue = { 2 = 4 }\n', "spots"),
    ('[[card]]\nname = "Axe"\nsite = "Moon"\ntype = "action"\neffect = "weapon"\n', "site"),
    ('[[card]]\nname = "Axe"\nsite = "Armory"\ntype = "action"\neffect = "weapon"\n', "attack and defense"),
    ('[[card]]\nname = "Jester"\nsite = "Castle"\ntype = "reserve"\neffect = "performance"\n', "reserve_max"),
    ('[[card]]\nname = "X"\nsite = "Castle"\ntype = "trump"\neffect = "brawl"\n', "effect"),
    ('[[card]]\nname = "X"\nsite = "Castle"\ntype = "action"\neffect = "brawl"\ncolour = 3\n', "unknown fields"),
    ('colour = 3\n', "unknown top-level"),
])
def test_malformed_data_file_is_explained(tmp_path, text, words):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(DataError) as err:
        load_data(str(path))
    assert words in str(err.value) and "bad.toml" in str(err.value)
    with pytest.raises(hench.HenchError):
        GAME.new_game(players=2, data=str(path))
    with pytest.raises(DataError):
        load_data(str(tmp_path / "missing.toml"))


# -- bots --------------------------------------------------------------------------------------
def test_bots_play_full_games_and_heuristic_beats_random():
    wins = 0
    for seed in range(12):
        bots = [HeuristicBot(seed), RandomBot(seed + 1)]
        end, _ = play_game(new(players=2, seed=seed), bots, Rng.from_seed(seed))
        assert end.is_terminal
        wins += end.winners() == [0]
    assert wins >= 9
    assert [b.name for b in make_bots(3)] == ["heuristic"] * 3 and make_bots(2, "random")[0].name == "random"


def test_heuristic_bot_choices_are_sensible():
    bot = HeuristicBot(0)
    s = to_play(new(players=2, seed=3))
    assert bot.choose(s) in s.legal_actions()
    from .helpers import empty_hands, give
    s = give(empty_hands(s), s.current_player, "Holy Water")
    assert str(bot.choose(s)) == "play Holy Water"
    me = s.current_player
    s = give(empty_hands(s), me, "Jester", "Guard")
    assert str(bot.choose(s)) == "play Jester"  # a Reserve card that scores


def test_readings_name_real_options():
    from hench.henchmania import OPTIONS, READINGS

    assert len(READINGS) == 23 and len({r.id for r in READINGS}) == 23
    for reading in READINGS:
        assert reading.text and (reading.option is None or reading.option in OPTIONS)


def test_raw_actions_with_wrong_fields_are_invalid_not_crashes():
    from hench.henchmania import Fight, Keep, Place, Play, Roll, Use

    s = new()
    for bad in [Place("Glove"), ("dance",), Play(None), Roll(("a",)), Place(None), Use("Glove", target=7),
                Keep("Crown"), Fight("Crown"), Play("Glove", "Player 2")]:
        with pytest.raises(InvalidActionError):
            s.apply(bad)


def test_fuzzed_actions_raise_only_hench_errors():
    """Random well-typed actions in random positions: legal, or a HenchError with the state unchanged."""
    import random
    from dataclasses import fields

    from hench.henchmania import ACTION_TYPES

    pick = random.Random(0)
    data = new().data
    cards, sites = [*data.card_names(), None], [*data.site_names, None]
    choices = {"site": sites, "card": cards, "weapon": cards, "replacing": [None, *cards[:6]], "at": sites + cards[:6],
               "target": [None, 0, 1, 2, 7], "owner": [None, 0, 1, 2, 7], "dice": [(6, 4, 1), (5,), (9, 1, 1), (), (1, 6)]}
    for seed in range(4):
        for s in walk(seed, 2 + seed, every=3):
            before = s.to_json()
            for _ in range(4):
                cls = pick.choice(ACTION_TYPES)
                a = cls(**{f.name: pick.choice(choices[f.name]) for f in fields(cls)})
                try:
                    s.apply(a)
                except hench.HenchError:
                    pass
            assert s.to_json() == before
