"""Lancaster data files: every value the sources give with its source, every missing one assumed with a note, each
section checked field by field, and a person's own file replacing the sections it names."""

from __future__ import annotations

import pytest

from hench.lancaster.data import LancasterDataError, assumptions, data_from_document, default_data, load_data


def test_builtin_values_match_the_catalogue():
    d = default_data()
    assert [c.letter for c in d.counties] == list("ABCDEFGHI")
    assert [c.name for c in d.counties if not c.name.startswith("County")] == ["Gloucester", "Stafford", "Dorset", "Surrey"]
    stafford, surrey = d.counties[4], d.counties[8]
    assert stafford.min == 1 and stafford.gain.upgrades == 1 and stafford.row.source == "assumed"  # its letter E is not known
    assert surrey.gain.start_player and surrey.gain.gold == 2 and surrey.gain.squires == 2
    assert d.knights == (1, 1, 1, 2, 2, 3, 4) and d.court == (1, 2) and (d.gold, d.squires, d.vm) == (2, 2, 1)
    assert d.nobles == (2, 2, 3, 4) and d.knighthood == (8, 4) and d.extension_awards == (8, 4)
    assert [(c.french, c.pp) for c in d.cards if c.row.source == "rulebook"] == [(5, (4, 2, 1))]  # the rulebook's card
    assert d.castle[0].gain.squires == 2 and d.extensions[0].gain.recruits == 1 and d.extensions[0].gain.cost == 3
    assert d.noble_scale[0] == d.noble_scale[1] == 0 and d.noble_scale[9] == 36
    assert [law.id for law in d.laws] == [f"BL-{i:02d}" for i in range(1, 19)] and d.group_sizes() == (3, 3, 4, 4, 4)
    assert d.track[2] == (-6, -3) and d.kc.bishops == (5, 5, 7, 9) and d.neutral == (4, 3, 2, 0)
    assert d.two.ally_court == (2,) and len(d.two.ally_castle) == 2 and d.two.row.source == "rulebook"


def test_every_row_says_its_source_and_placeholders_are_assumed_with_a_note():
    rows = assumptions()
    assert all(r.source in ("rulebook", "assumed") and r.note for r in rows)
    assumed = [r for r in rows if r.source == "assumed"]
    assert all(len(r.note) > 20 and not r.note.startswith("[") for r in assumed)  # plain words, no status tag (issue 36)
    whats = {r.what for r in assumed}
    assert {"county A County A", "King's Favor tile 1", "conflict C1", "castle space K2", "extension E3", "company at table",
            "law groups"} <= whats
    assert any(r.source == "rulebook" and r.what == "final scoring" for r in rows)
    assert any(r.source == "assumed" and r.what == "setup" for r in rows)  # the knight set is fan-reported (LB-004)


@pytest.mark.parametrize("doc,field", [
    ({"county": [{"letter": "A", "name": "Kent", "min": 1, "status": "placeholder", "source": "assumed", "note": ""}] * 9},
     "lettered A to I"),
    ({"tower": {"capacity": 7, "neutral": [4, 3, 2, 9], "markers": 38, "per_space": [2, 3, 4, 4], "status": "official",
                "source": "rulebook", "note": ""}}, "neutral"),
    ({"scoring": {"knighthood": [6, 3], "extensions": [8, 4], "status": "placeholder", "source": "rulebook", "note": ""}}, "source"),
    ({"surprise": {}}, "surprise"),
    ({"setup": {"rounds": 5}}, "knights"),
])
def test_bad_documents_are_refused_naming_the_field(doc, field):
    with pytest.raises(LancasterDataError, match=field):
        data_from_document(doc, "mine.toml")


def test_a_user_file_replaces_only_its_sections(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text('[nobles_scale]\npoints = [0, 0, 2, 4, 7, 11, 16, 22, 29, 36]\nstatus = "official"\nsource = "rulebook"\n'
                    'note = "printed on my castle board"\n')
    d = load_data(path)
    assert d.noble_scale[2] == 2 and d.counties == default_data().counties and d.raw is not None
    assert next(r for r in assumptions(d) if r.what == "company at table").source == "rulebook"
    with pytest.raises(LancasterDataError, match="not a regular file"):
        load_data(tmp_path)
