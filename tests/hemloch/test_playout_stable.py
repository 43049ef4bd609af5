"""Seeded random Hemloch games play exactly as recorded (a guard for playout speed-ups, issue 7).

Each row: seed, options, the number of actions, the final scores, and a digest of every legal-action
list met, every action taken and the final saved state. A deliberate rule change changes rows: then
re-record them (the loop in `play` prints the same fields) and say so in the commit.
"""

from __future__ import annotations

import pytest

from hench.hemloch import GAME

from ..playout_record import record, states_changed_later

RECORDED = [  # (seed, options, actions, scores, digest), 2 players
    (2000, {}, 111, [38, 31], "d919140e7cbc1a8f"),
    (2001, {'sides': 'dark'}, 113, [32, 23], "dcb79a12b71b599d"),
    (2002, {'draft': True}, 158, [13, 43], "fb7fee7d65358ce0"),
    (2003, {'sides': 'LDLD', 'zero_tie_places': True}, 110, [42, 33], "609b44f1b5dc3115"),
    (2004, {'end_after_weeks_end': False, 'score_scepters': False}, 123, [34, 34], "dad9af0078cfbe84"),
    (2005, {}, 92, [22, 38], "f34276a433360333"),
    (2006, {'sides': 'dark'}, 106, [31, 33], "a1b169d0c57a4294"),
    (2007, {'draft': True}, 169, [25, 37], "f5ef9f171f38e774"),
    (2008, {'sides': 'LDLD', 'zero_tie_places': True}, 121, [36, 32], "2da0a1adc07a0f7c"),
    (2009, {'end_after_weeks_end': False, 'score_scepters': False}, 121, [36, 25], "03a4fe3429828320"),
    (2010, {}, 111, [37, 21], "3b258c0b55c30e91"),
    (2011, {'sides': 'dark'}, 93, [36, 21], "41bb4b1231766611"),
    (2012, {'draft': True}, 168, [34, 25], "bde1f557a81c47af"),
    (2013, {'sides': 'LDLD', 'zero_tie_places': True}, 109, [23, 40], "131b07f6c5d30d5b"),
    (2014, {'end_after_weeks_end': False, 'score_scepters': False}, 109, [30, 33], "92bcc6d20df1f230"),
    (2015, {}, 124, [33, 36], "a3fbb9bf5d192512"),
    (2016, {'sides': 'dark'}, 105, [36, 32], "93e2768d14cd388c"),
    (2017, {'draft': True}, 170, [38, 29], "317429fe85df4acb"),
    (2018, {'sides': 'LDLD', 'zero_tie_places': True}, 106, [36, 28], "621a4f928dbeb77f"),
    (2019, {'end_after_weeks_end': False, 'score_scepters': False}, 108, [24, 33], "ee039f19971e7860"),
]


@pytest.mark.parametrize("seed, options, actions, scores, digest", RECORDED)
def test_seeded_random_game_is_unchanged(seed, options, actions, scores, digest):
    assert record(GAME, 2, seed, **options) == (actions, scores, digest)


@pytest.mark.parametrize("seed", [3, 4])
def test_apply_leaves_every_earlier_state_untouched(seed):
    changed = states_changed_later(GAME, 2, seed, draft=seed % 2 == 0)
    assert changed == [], f"later moves changed the states after steps {changed[:5]}"
