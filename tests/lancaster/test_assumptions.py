"""Assumptions shown as what they are: every value or rule the catalogue does not give as the rulebook's
([FAN], [INF], MISSING, PLACEHOLDER, and the rule gaps G1-G8) that the engine plays has a row marked assumed (a
data row whose source is 'assumed', or a reading), never 'rulebook'; and what players read is plain words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import hench.lancaster as lancaster
from hench.lancaster import READINGS, assumptions
from hench.lancaster.data import default_data
from hench.lancaster.render import card_gallery, html, observation
from hench.lancaster.tables import card_texts_of

CATALOGUE = Path("/work/shared/rules/lancaster-base.md")
ENGINE = Path(lancaster.__file__).parent
RULE = re.compile(r"^- \*\*(LB-\d{3})\*\* \[([^\]]+)\]")
OPEN = re.compile(r"MISSING|PLACEHOLDER|\[(FAN|INF)")


def _catalogue() -> str:
    if not CATALOGUE.exists():
        pytest.skip("the shared rules catalogue is not on this machine")
    return CATALOGUE.read_text(encoding="utf-8")


def open_rules() -> dict[str, str]:
    """Each catalogue rule not wholly the rulebook's: its tag is not [OFF] or [OFF-ex], or its paragraph names a
    missing value, a placeholder, a fan source or an inference."""
    out: dict[str, str] = {}
    rule, tag, text = "", "", ""
    for line in _catalogue().splitlines() + ["- **END**"]:
        m = RULE.match(line)
        if m or line.startswith("- **") or not line.strip():
            if rule and (tag not in ("OFF", "OFF-ex") or OPEN.search(text)):
                out[rule] = tag
            rule, tag, text = (m[1], m[2], line) if m else ("", "", "")
        elif rule:
            text += " " + line
    return out


def engine_text() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in [*ENGINE.glob("*.py"), *ENGINE.glob("data/*.toml")])


def assumed_text() -> str:
    """What the assumed rows say, ids included: readings and the notes of the data rows marked assumed."""
    d = default_data()
    rows = [c.row for c in d.counties] + [t.row for t in (*d.favors, *d.castle, *d.extensions)] + [c.row for c in d.cards]
    rows += list(d.rows.values()) + [o.row for o in d.offices] + [d.kc.row, d.two.row]
    return "\n".join([r.note for r in rows if r.source == "assumed"] + [f"{r.id} {r.text}" for r in READINGS])


@pytest.mark.rule("LB-004", "LB-014", "LB-075", "LB-104")
def test_every_open_rule_the_engine_plays_has_an_assumed_row():
    engine, assumed = engine_text(), assumed_text()
    found = open_rules()
    assert {"LB-004", "LB-014", "LB-075", "LB-104"} <= set(found)  # the catalogue is read
    played = [r for r in found if r in engine]
    missing = [r for r in played if r not in assumed]
    assert missing == [], f"open rules the engine plays with no assumed row: {missing}"


@pytest.mark.rule("LB-052", "LB-033", "LB-014", "LB-027", "LB-079", "LB-030")
def test_every_rule_gap_has_a_reading_or_an_assumed_row():
    gaps = dict(re.findall(r"\*\*(G\d)\*\* ([^*]+)", _catalogue()))
    assert sorted(gaps) == [f"G{n}" for n in range(1, 9)]
    ids, assumed = {r.id for r in READINGS}, assumed_text()
    uncovered = [g for g, words in gaps.items()
                 if g not in ids and not (re.findall(r"LB-\d{3}", words) and all(r in assumed for r in re.findall(r"LB-\d{3}", words)))]
    assert uncovered == []


@pytest.mark.rule("LB-004", "LB-012", "LB-050", "LB-051", "LB-014", "LB-104")
def test_values_known_to_be_assumed_are_never_labelled_rulebook():
    d = default_data()
    rows = {a.what: a for a in assumptions(d)}
    assert rows["setup"].source == "assumed" and "fan" in rows["setup"].note  # the knight set 1, 1, 1, 2, 2, 3, 4
    assert rows["conflicts"].source == "assumed"  # the first round's conflicts and favor tiles (LB-012, LB-013)
    assert rows["county I Surrey"].source == "assumed" and "minimum 2 is our placeholder" in rows["county I Surrey"].note
    assert rows["county E Stafford"].source == "assumed" and "letter E" in rows["county E Stafford"].note
    every_count = [r for r in READINGS if "all 6 King's Favor tiles and all 12 conflict cards" in r.text]
    assert len(every_count) == 1
    gallery = {c.id: c for c in card_gallery()}
    assert gallery["Surrey"].assumed and gallery["Stafford"].assumed
    assert [i for i in range(1, 13) if not gallery[f"C{i}"].assumed] == [4]  # France 5, 4/2/1: the rulebook's example card


TAGS = re.compile(r"\[|MISSING|PLACEHOLDER|\bgap\b|\bG\d\b|\b(CO|KF|CC|CA|NT|BL|LK)-|\b[AMS]\d{1,2}\b|\breading (LB|LH|A)")


@pytest.mark.rule("LB-104")
def test_what_players_read_about_assumptions_is_plain_words():
    d = default_data()
    shown = [(a.what, a.value, a.note) for a in assumptions(d)]
    shown += [(c.name, c.what, c.note) for c in card_texts_of(d)]
    shown += [("reading", lancaster.data.in_words(r.text), "") for r in READINGS]
    bad = [row for row in shown if any(TAGS.search(x) for x in row)]
    assert bad == []


@pytest.mark.rule("LB-050")
def test_the_board_marks_its_assumed_tiles():
    s = lancaster.GAME.new_game(players=3, seed=1, first_player=0)
    page = html(observation(s, 0))
    tiles = page.split("class='hench-county'")[1:]
    surrey = next(t for t in tiles if "Surrey</b>" in t)
    assert "hench-assumed" in surrey and "Assumed: Surrey is county I" in surrey  # the badge and the hover text
