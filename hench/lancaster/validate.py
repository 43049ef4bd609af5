"""The invariants a saved Lancaster state must keep (wired as `Game.validate_state`, issue 14).

`state.check_fields` (called by `from_dict`) checks every field's type and range; `state.validate_state`
checks that every piece is in exactly one place and the component counts add up. This module adds what a
save must also agree on so that it plays on to the end: the vote in progress (whose turn, Votes of Might
that the voter really holds) and the Votes of Might held over for the laws. Every refusal is an
InvalidStateError naming the field.
"""

from __future__ import annotations

from hench.core import InvalidStateError, seat_name

from .state import LancasterState
from .state import validate_state as validate_pieces


def fail(where: str, why: str) -> InvalidStateError:
    return InvalidStateError(f"state.{where} {why}")


def validate_state(s: LancasterState) -> None:
    validate_pieces(s)
    _vote(s)
    _held_votes(s)
    _law_choices(s)


def _vote(s: LancasterState) -> None:
    """L10 (LH-015): during a vote the seats vote in turn from the start player; each vote spends at most
    the Votes of Might (VM) its player holds."""
    n = s.n
    if s.stage != "vote":
        return
    order = [(s.start + k) % n for k in range(n)]
    cast = [s.votes[seat] is not None for seat in order]
    if all(cast) or cast != sorted(cast, reverse=True):
        raise fail("votes", f"should hold the votes of the first seats in turn from {seat_name(s.start)} "
                            f"(state.start), with someone still to vote, got {s.votes}")
    for p, v in enumerate(s.votes):
        if v is not None and v[1] > s.res[p]["vm"]:
            raise fail(f"votes[{p}][1]", f"is {v[1]}, but {seat_name(p)} holds {s.res[p]['vm']} VM (state.res[{p}].vm)")


def _held_votes(s: LancasterState) -> None:
    """A18, LH-111..LH-113: VM are held over only while the laws are applied."""
    if s.stage != "laws" and (any(s.vm_hold) or s.defer_vm):
        raise fail("vm_hold", f"and state.defer_vm hold Votes of Might over only while the laws are applied, "
                              f"not in {s.stage!r}")


def _law_choices(s: LancasterState) -> None:
    """LH-110 and the base buy/trade laws: a pending choice offers at most what its player can pay."""
    for i, (seat, task, arg) in enumerate(s.pending):
        if task != "law_choice":
            continue
        res = s.res[seat]
        if arg["law"] == "LK-4":
            top, what = res["seals"], f"the seals state.res[{seat}].seals"
        else:
            law = next((x for x in s.data.laws if x.id == arg["law"]), None)
            if law is None or law.effect not in ("buy", "trade"):
                raise fail(f"pending[{i}][2].law", f"is {arg['law']!r}, a law that asks no choice")
            top = res["gold"] if law.effect == "buy" else min(res["gold"], res["squires"])
            what = f"the gold state.res[{seat}].gold" + ("" if law.effect == "buy" else " and squires")
        if arg["max"] > top:
            raise fail(f"pending[{i}][2].max", f"is {arg['max']}, more than {what} ({top})")
