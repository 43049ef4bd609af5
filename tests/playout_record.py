"""Seeded random games as a fingerprint, for the tests that pin a game's play across speed-ups (issue 7).

`record` plays one seeded random game and returns (actions, final scores, digest), the digest covering
every legal-action list met on the way (as text, in order) and the final saved position (`position_save`:
the save without the last move's narration, which is words, not position).
`states_changed_later` plays a game keeping every state and its save, and returns the steps whose state
a later move changed (the successor may share untouched parts with it, never change them).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from hench.core import RandomBot, Rng, next_action


def record(game: Any, players: int, seed: int, **options: Any) -> tuple[int, list[int], str]:
    state = game.new_game(players=players, seed=seed, **options)
    rng, bots = Rng.from_seed(seed), [RandomBot(seed * 7 + i) for i in range(players)]
    digest, n = hashlib.sha256(), 0
    while not state.is_terminal:
        digest.update("|".join(game.format_action(a) for a in state.legal_actions()).encode() + b"\n")
        state = state.apply(next_action(state, bots, rng))
        n += 1
    digest.update(position_save(state).encode())
    return n, state.scores(), digest.hexdigest()[:16]


NARRATION_KEYS = ("events",)  # a move's words, saved by some games before narration left the save (issue 26)


def position_save(state: Any) -> str:
    """The state's save without what the last move said: the position alone (the same text as `to_json` for a
    save without narration)."""
    doc = json.loads(state.to_json())
    for key in NARRATION_KEYS:
        doc["state"].pop(key, None)
    return json.dumps(doc, sort_keys=True, separators=(",", ":"))


def states_changed_later(game: Any, players: int, seed: int, min_steps: int = 50, **options: Any) -> list[int]:
    state = game.new_game(players=players, seed=seed, **options)
    rng, bots = Rng.from_seed(seed), [RandomBot(seed + i) for i in range(players)]
    history = []
    while not state.is_terminal:
        history.append((state, state.to_json()))
        state = state.apply(next_action(state, bots, rng))
    assert len(history) > min_steps, "the game must be long enough to show sharing"
    return [k for k, (s, saved) in enumerate(history) if s.to_json() != saved]
