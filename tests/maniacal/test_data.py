"""Maniacal component data: counts, every row marked, placeholders checked field by field."""

import pytest

from hench.maniacal.data import ManiacalDataError, assumptions, data_from_document, default_data, load_data


def test_counts_match_the_components_list():
    d = default_data()  # MA-001 counts; rooms by type per M-02
    assert (len(d.rooms), len(d.henchmen), len(d.contracts), len(d.mercenaries), len(d.powers), len(d.schemes),
            len(d.supervillains), len(d.lackeys)) == (75, 40, 97, 8, 14, 25, 5, 7)
    assert [sum(r.attract_type == t for r in d.rooms) for t in ("beast", "criminal", "scientist", "mystic")] == [19, 19, 19, 18]
    assert [sum(c.difficulty == x for c in d.contracts) for x in ("easy", "hard", "legendary")] == [33, 32, 32]


def test_every_value_is_marked_and_placeholders_are_labelled():
    rows = assumptions()
    assert rows and all(r.source in ("rulebook", "assumed") for r in rows)
    assumed = [r for r in rows if r.source == "assumed"]
    assert len(assumed) > 250 and all(r.note for r in assumed)
    assert any(r.what == "start_money" and r.source == "rulebook" for r in rows)


def test_known_cards_from_the_rulebook():
    d = default_data()
    by_name = {x.name: x for x in (*d.rooms, *d.henchmen)}
    assert by_name["Intrinsic Field Chamber"].attract_value == 5 and by_name["Intrinsic Field Chamber"].attract_type == "scientist"
    lab = by_name["Id e9 Lab"]
    assert (lab.kind, lab.weeks, lab.effect, lab.param) == ("action", 1, "infamy_per_type", "scientist")
    assert by_name["Cloaks & Costumes"].effect == "extra_die"
    assert [by_name[n].cost for n in ("Royal Jelly", "Ms. Nomer", "Magpie", "Gray Matter", "Centrifuge", "Occulus", "The Minister")] == [3, 3, 2, 5, 3, 1, 3]
    assert d.card("SV1").name == "Arctic Queen" and d.card("SV1").costs[2] == 4  # MA-110: Europe costs her 4 weeks
    assert d.card("PW01").name == "Berserker Strength" and d.card("PW01").traits == (2, 0, 0, 0)


@pytest.mark.parametrize("doc,match", [
    ({"dice": {"faces": ["blank", "seven"], "icon": 1, "icon_matching": 2}}, "faces"),
    ({"contract_key": {"easy": [4, 2, 0], "hard": [2, 2, 2], "legendary": [0, 2, 3]}}, "must deal 6"),
    ({"players": {"min": 4, "max": 2}}, "more than"),
    ({"time_track": {"weeks": [8, 8]}}, "weeks"),
    ({"room": [{"id": f"X{i}", "name": "x", "cost": 2, "attract_type": "dragon", "attract_value": 1, "kind": "plain"}
               for i in range(15)]}, "attract_type"),
    ({"room": [{"id": f"X{i}", "name": "x", "cost": 2, "attract_type": ["beast", "beast"], "attract_value": 1, "kind": "plain"}
               for i in range(25)]}, "attract_type"),
    ({"room": [{"id": f"X{i}", "name": "x", "cost": 2, "attract_type": ["beast", "mystic"], "attract_value": [1], "kind": "plain"}
               for i in range(25)]}, "attract_value"),
    ({"henchman": [{"id": "build", "name": "x", "type": "beast", "cost": 1, "brawn": 1, "stealth": 0, "intellect": 0, "magic": 0}] * 4}, "build"),
    ({"surprise": 1}, "unknown sections"),
    ({"power": [{"id": "P", "name": "p", "brawn": 1, "stealth": 0, "intellect": 0, "magic": 0, "extra": 1}]}, "unexpected"),
])
def test_unusable_data_is_refused_naming_the_field(doc, match):
    with pytest.raises(ManiacalDataError, match=match):
        data_from_document(doc, "mine.toml")


def test_a_person_can_load_their_own_file(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text('[money_rank_bonus]\ninfamy = [9, 4, 2, 1, 0]\nsource = "rulebook"\nnote = "from my box"\n')
    d = load_data(path)
    assert d.tables["money_rank_bonus"] == (9, 4, 2, 1, 0) and len(d.rooms) == 75
    assert ("money_rank_bonus", "9, 4, 2, 1, 0", "rulebook", "from my box") in assumptions(d)


def _two_type_rooms() -> str:
    """The built-in rooms with R01 attracting Beasts and Criminals (MA-053), as a person's own file."""
    from importlib import resources

    text = resources.files("hench.maniacal").joinpath("data/rooms.toml").read_text(encoding="utf-8")
    head, rest = text.split('id = "R01"', 1)
    first, tail = rest.split("[[room]]", 1)
    first = first.replace('attract_type = "beast"\nattract_value = 3', 'attract_type = ["beast", "criminal"]\nattract_value = [3, 2]')
    return head + 'id = "R01"' + first + "[[room]]" + tail


@pytest.mark.rule("MA-053")
def test_a_room_may_attract_two_types_and_building_it_raises_both(tmp_path):
    """Issue 28, Maniacal 7: the text's Room that appeals to two types is accepted; building it adds to both scores."""
    from hench.maniacal import transitions

    path = tmp_path / "rooms.toml"
    path.write_text(_two_type_rooms(), encoding="utf-8")
    d = load_data(path)
    assert d.card("R01").attracts == (("beast", 3), ("criminal", 2))
    from hench.maniacal import GAME

    state = GAME.new_game(players=2, seed=1, data=str(path))
    for lair in state.lairs:
        if "R01" in lair.hand:
            lair.hand.remove("R01")
    state.lairs[0].hand[0] = "R01"
    state.lairs[0].money = 99
    state.lairs[0].pick = ["R01", "build"]
    state.lairs[1].pick = [state.lairs[1].hand[0], "sell"]
    before = list(state.lairs[0].attraction)
    transitions.reveal(state)
    assert state.lairs[0].attraction == [before[0] + 3, before[1] + 2, before[2], before[3]]  # MA-053


@pytest.mark.rule("MA-053", "MA-001")
def test_a_game_on_a_persons_own_data_saves_it_whole_and_plays_it_again(tmp_path):
    """Issue 28, Maniacal 7: `new_game(data=...)` plays a person's own file; the save carries the document (never the
    path) and loads back on it; a game on the built-in data saves no `data` key, as before."""
    import json

    from hench.maniacal import GAME

    path = tmp_path / "mine.toml"
    path.write_text(_two_type_rooms(), encoding="utf-8")
    state = GAME.new_game(players=3, seed=4, data=str(path))
    while state.phase == "draft":
        state = state.apply(state.legal_actions()[0])
    saved = state.to_dict()
    assert str(path) not in json.dumps(saved) and saved["data"]["room"][0]["attract_type"] == ["beast", "criminal"]
    again = GAME.load_state(json.loads(json.dumps(saved)))
    assert again.data.card("R01").attracts == (("beast", 3), ("criminal", 2)) and again.to_dict() == saved
    assert "data" not in GAME.new_game(players=3, seed=4).to_dict()
