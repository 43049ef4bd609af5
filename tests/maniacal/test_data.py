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
    assert ("money_rank_bonus", "(9, 4, 2, 1, 0)", "rulebook", "from my box") in assumptions(d)
