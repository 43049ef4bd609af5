"""Helpers to build Henchmania positions for tests (they edit fresh clones, never a shared state)."""

from __future__ import annotations

import hench
from hench.henchmania.actions import Action
from hench.henchmania.state import HMState

GAME = hench.get_game("henchmania")


def new(players: int = 3, seed: int = 1, **opts) -> HMState:
    return GAME.new_game(players=players, seed=seed, **opts)


def act(s: HMState, *texts: str) -> HMState:
    """Apply actions written as text, in order."""
    for text in texts:
        s = s.apply(GAME.parse_action(s, text))
    return s


def to_play(s: HMState) -> HMState:
    """Play phase 1 (first legal placement, take every extra card) until phase 2 starts."""
    while s.phase != "play_cards":
        s = s.apply(s.legal_actions()[0])
    return s


def _take_card(s: HMState, name: str, avoid: list[int]) -> int:
    """Remove a card called `name` from a pile or discard pile (or any hand but `avoid`)."""
    for pool in [*s.piles, *s.discards, *[h for h in s.hands if h is not avoid]]:
        for cid in pool:
            if s.name(cid) == name:
                pool.remove(cid)
                return cid
    raise LookupError(f"no free {name} card")


def edit(s: HMState) -> HMState:
    """A clone to edit in place (the legal-action cache is reset)."""
    c = s.clone()
    c._legal = None
    return c


def give(s: HMState, seat: int, *names: str, where: str = "hand") -> HMState:
    """A clone where `seat` has gained the named cards in its hand, reserve or trump slot."""
    c = edit(s)
    for name in names:
        target = {"hand": c.hands, "reserve": c.reserves}.get(where)
        cid = _take_card(c, name, target[seat] if target else [])
        if where == "trump":
            if c.trumps[seat] is not None:
                c.discards[c.card(c.trumps[seat]).site].append(c.trumps[seat])
            c.trumps[seat] = cid
        else:
            target[seat].append(cid)
    return c


def empty_hands(s: HMState) -> HMState:
    c = edit(s)
    for h in c.hands:
        for cid in h:
            c.discards[c.card(cid).site].append(cid)
        h.clear()
    return c


def lines(s: HMState, seat: int | None = None) -> list[str]:
    """What the move that made `s` did (its narration), as `seat` may read it (None: the public lines)."""
    return [line.text for line in s.narration(seat)]


def names(s: HMState, cards: list[int]) -> list[str]:
    return sorted(s.name(c) for c in cards)


__all__ = ["GAME", "Action", "act", "edit", "empty_hands", "give", "lines", "names", "new", "to_play"]
