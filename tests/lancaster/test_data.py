"""Lancaster data files: the Lite stand-in and section-5 values, each tagged and checked field by field."""

from __future__ import annotations

import pytest

from hench.lancaster.data import LancasterDataError, assumptions, data_from_document, default_data, load_data


def test_builtin_values_match_the_catalogue():
    d = default_data()
    assert [c.name for c in d.counties] == ["Stafford", "Kent", "York", "Essex", "Surrey", "Dorset"]
    assert d.french == (3, 4, 4, 5, 5, 6, 6, 7, 7, 8) and d.rank_pp == (5, 3, 1)
    assert d.track[2] == (-6, -3)  # M2 placeholder matches the rulebook example
    assert d.court.bishops == (5, 5, 7, 9) and d.neutral == (4, 3, 2, 0) and d.per_space == (2, 3, 4, 4)
    assert [o.name for o in d.offices] == ["Chancellor", "Constable", "Chamberlain"]
    assert d.group_sizes == (3, 3, 4, 4, 4) and d.king_groups == (2, 2, 2, 2, 3, 3, 3, 3)


def test_every_row_is_tagged_and_base_values_are_not_rulebook():
    rows = assumptions()
    assert all(r.source in ("rulebook", "assumed") and r.note.startswith("[") for r in rows)
    base = [r for r in rows if r.what.startswith(("county", "law", "conflicts", "setup", "castle"))]
    assert base and all(r.source == "assumed" for r in base), "the base game is a stand-in: never 'rulebook'"
    assert any(r.source == "rulebook" for r in rows)  # the expansion's own counts


@pytest.mark.parametrize("doc,field", [
    ({"county": [{"name": "Kent", "min": 1, "reward": "gold", "amount": 1, "status": "assumption", "source": "assumed",
                  "note": ""}] * 2}, "Kent"),
    ({"tower": {"capacity": 7, "neutral": [4, 3, 2, 9], "markers": 38, "per_space": [2, 3, 4, 4], "status": "text",
                "source": "rulebook", "note": ""}}, "neutral"),
    ({"scoring": {"knighthood": [6, 3], "status": "assumption", "source": "rulebook", "note": ""}}, "source"),
    ({"surprise": {}}, "surprise"),
    ({"setup": {"rounds": 5}}, "start_knights"),
])
def test_bad_documents_are_refused_naming_the_field(doc, field):
    with pytest.raises(LancasterDataError, match=field):
        data_from_document(doc, "mine.toml")


def test_a_user_file_replaces_only_its_sections(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text('[scoring]\nknighthood = [8, 4]\nstatus = "assumption"\nsource = "assumed"\nnote = "mine"\n')
    d = load_data(path)
    assert d.knighthood == (8, 4) and d.counties == default_data().counties and d.raw is not None
    with pytest.raises(LancasterDataError, match="not a regular file"):
        load_data(tmp_path)
