"""Legality: the legal-action generator and the checks table (one rule per check, cited in its docstring).

`legal_actions` lists the moves open now; `CHECKS` explains why any other move is refused. The
conformance suite holds the two to agreement on random positions.
"""

from __future__ import annotations

from hench.core import CheckTable, InvalidActionError, Violation, seat_name
from hench.core.legality import kind_of

from .actions import (
    Festival,
    Flip,
    HLAction,
    Keep,
    Mark,
    Move,
    Play,
    Recall,
    Retreat,
    Reveal,
    Steal,
    Swap,
    Use,
)
from .data import ITEMS, SCEPTER
from .phases import PHASES
from .state import HemlochState, Task


def _names(s: HemlochState, cards: list[int]) -> list[str]:
    """Distinct minion names among `cards`, in data order."""
    return [s.data.minions[c].name for c in sorted(set(cards))]


def _loc_name(s: HemlochState, loc: int) -> str:
    return s.data.locations[loc].name


def scepter_moves(s: HemlochState, seat: int) -> list[HLAction]:
    """M6: one of your Minions to another Location without the Festival (HL-039)."""
    moves, board, festival = s.tables.move, s.board, s.festival
    spots = range(len(board))
    out: list[HLAction] = []
    for src in spots:
        for c in sorted(set(board[src][seat])):
            row = moves[c][src]
            out += [row[dst] for dst in spots if dst != src and dst != festival]
    return out


def _can_move(s: HemlochState, seat: int) -> bool:
    """Whether `scepter_moves` has any move (without building them)."""
    board, festival = s.board, s.festival
    spots = range(len(board))
    return any(board[src][seat] and any(dst != src and dst != festival for dst in spots) for src in spots)


def choice_options(s: HemlochState, task: Task) -> list[HLAction]:
    """The moves that carry out a pending choice (an empty list: it cannot be done and is skipped, A9)."""
    name, seat = task.name, task.seat
    d = s.data
    t = s.tables
    if name == "mark":
        if s.markers_left(seat) == 0:  # A7
            return []
        loc = task.loc
        marks = t.mark[loc]
        return [marks[i] for i, owner in enumerate(s.spaces[loc]) if owner < 0]
    if name == "festival":
        festival = s.festival
        return [a for loc, a in enumerate(t.festival) if loc != festival]
    if name == "steal":
        theirs = s.items[1 - seat]
        return [t.steal[k][side] for k in range(len(ITEMS)) for side in (0, 1) if theirs[k][side]]
    if name == "recall":
        recall = t.recall
        return [recall[c][loc] for loc in range(len(s.board)) for c in sorted(set(_recallable(s, seat, task.loc, loc)))]
    if name == "scepter":
        return scepter_moves(s, seat)
    if name == "retreat":
        loc = task.loc
        retreat = t.retreat
        return [retreat[c][loc] for c in sorted(set(s.board[loc][seat]))]
    if name == "swap":
        k = len(d.week)
        return [t.swap[d.week_location(c)] for c in s.week_deck if c < k]
    if name == "keep":
        return [t.keep[c] for c in sorted(set(s.packs[seat]))]
    if name == "flip":  # HL-033: only with a face-down Item of that kind (else there is nothing to choose)
        return list(t.flip[task.n]) if s.items[seat][task.n][1] else []
    return []


def _recallable(s: HemlochState, seat: int, played_at: int, loc: int) -> list[int]:
    """Your Minions at `loc`, leaving out the one whose ability is resolving (the last played at `played_at`)."""
    mine = s.board[loc][seat]
    return mine[:-1] if loc == played_at else mine


def legal_actions(state: HemlochState) -> list[HLAction]:
    """HL-055..HL-058, HL-064: a turn's moves; or the moves that carry out the pending choice (found once, by the
    transition that made this state, and kept in `state.choice_moves`)."""
    if state.tasks:
        options = state.choice_moves
        return options if options is not None else choice_options(state, state.tasks[0])
    seat = state.active
    t = state.tables
    out: list[HLAction] = [t.draw]  # HL-056 (A10: from an empty deck nothing is drawn)
    festival, played = state.festival, state.played
    mask = sum(1 << loc for loc in range(len(state.board)) if loc != festival and loc not in played)
    if mask:
        play_at = t.play_at
        for c in sorted(set(state.hands[seat])):  # HL-057, HL-058, HL-039
            out += play_at[c][mask]
    if not state.item_used:  # HL-064
        mine = state.items[seat]
        for k in range(len(ITEMS)):
            if mine[k][0] and (k != SCEPTER or state.data.items[k].ability != "move_minion" or _can_move(state, seat)):
                out.append(t.use[k])
    if state.may_pass:  # HL-055 (option may_pass): the remaining Actions may be left untaken
        out.append(t.pass_turn)
    return out


# -- the checks ---------------------------------------------------------------------------------------------
def check_phase(s: HemlochState, a: HLAction) -> Violation | None:
    """HL-050 HL-055 HL-056 HL-060 HL-029 HL-031 HL-069 HL-071 HL-078 HL-090: each phase opens its own kinds of move."""
    phase = PHASES[s.phase]
    if kind_of(a) not in phase.actions:
        return Violation(next(iter(phase.rules)), f"in '{phase.title}' this is not one of the moves open now: {phase.help}")
    return None


def check_card_in_hand(s: HemlochState, a: Play) -> Violation | None:
    """HL-057: you play a Minion from your own hand."""
    if s.data.minion_index(a.card) not in s.hands[s.active]:
        return Violation("HL-057", f"{seat_name(s.active)} has no {a.card} in hand; play a card you hold")
    return None


def check_not_festival(s: HemlochState, a: Play) -> Violation | None:
    """HL-039: no Minion may be played on the Location holding the Festival."""
    if s.data.location_index(a.location) == s.festival:
        return Violation("HL-039", f"the Festival is at {a.location}, so nobody may play a Minion there; choose another Location")
    return None


def check_once_per_location(s: HemlochState, a: Play) -> Violation | None:
    """HL-058: at most 1 Minion played on each Location per turn."""
    if s.data.location_index(a.location) in s.played:
        return Violation("HL-058", f"you already played a Minion at {a.location} this turn; one per Location per turn")
    return None


def check_one_item_per_turn(s: HemlochState, a: Use) -> Violation | None:
    """HL-064: one Item ability per turn, whatever its kind (A12)."""
    if s.item_used:
        return Violation("HL-064", "you already used an Item this turn; one Item per turn")
    return None


def check_item_face_up(s: HemlochState, a: Use) -> Violation | None:
    """HL-031: only a face-up Item of yours can be used (using it turns it face down, M6)."""
    up, down = s.items[s.active][ITEMS.index(a.item)]
    if not up and not down:
        return Violation("HL-031", f"you have no {a.item}: an ability or a Location gives you one (HL-029)")
    if not up:
        return Violation("HL-031", f"your {a.item}{'s are' if down > 1 else ' is'} face down: it was used, and a face-down "
                                   "Item cannot be used again")
    return None


def check_scepter_target(s: HemlochState, a: Use) -> Violation | None:
    """HL-031: a Scepter needs one of your Minions that can move to another Location without the Festival."""
    kind = ITEMS.index(a.item)
    if s.data.items[kind].ability == "move_minion" and not _can_move(s, s.active):
        return Violation("HL-031", f"your {a.item} moves one of your Minions, and none can move now")
    return None


def check_mark_space(s: HemlochState, a: Mark) -> Violation | None:
    """HL-078 HL-025: a Marker goes on an empty Influence Space of the Location being resolved."""
    loc = s.tasks[0].loc
    if a.location != _loc_name(s, loc):
        return Violation("HL-078", f"this Marker goes to {_loc_name(s, loc)}, not {a.location}")
    spaces = s.data.locations[loc].spaces
    if (a.row, a.column) not in spaces:
        return Violation("HL-025", f"{a.location} has no Influence Space at row {a.row + 1}, column {a.column + 1}")
    if s.spaces[loc][spaces.index((a.row, a.column))] >= 0:
        return Violation("HL-078", f"that space of {a.location} already holds a Marker; choose an empty one")
    return None


def check_festival_moves(s: HemlochState, a: Festival) -> Violation | None:
    """HL-038: the Festival moves to another Location than the one it is on."""
    if s.data.location_index(a.location) == s.festival:
        return Violation("HL-038", f"the Festival is already at {a.location}; move it to another Location")
    return None


def check_steal(s: HemlochState, a: Steal) -> Violation | None:
    """HL-029: you take an Item the other player has."""
    if not s.items[1 - s.tasks[0].seat][ITEMS.index(a.item)][0 if a.face_up else 1]:
        facing = "face-up" if a.face_up else "face-down"
        return Violation("HL-029", f"the other player has no {facing} {a.item} to take")
    return None


def check_recall(s: HemlochState, a: Recall) -> Violation | None:
    """HL-059 HL-060: the ability returns one of your own other Minions from a Location."""
    task = s.tasks[0]
    loc = s.data.location_index(a.location)
    if s.data.minion_index(a.card) not in _recallable(s, task.seat, task.loc, loc):
        return Violation("HL-059", f"you have no other {a.card} at {a.location} to take back")
    return None


def check_move(s: HemlochState, a: Move) -> Violation | None:
    """HL-059 HL-039 HL-031: the Scepter moves your own Minion to another Location without the Festival."""
    seat, d = s.tasks[0].seat, s.data
    src, dst = d.location_index(a.source), d.location_index(a.target)
    if d.minion_index(a.card) not in s.board[src][seat]:
        return Violation("HL-059", f"you have no {a.card} at {a.source}")
    if dst == s.festival:
        return Violation("HL-039", f"the Festival is at {a.target}; no Minion may go there")
    if dst == src:
        return Violation("HL-031", "the Scepter moves a Minion to another Location")
    return None


def check_retreat(s: HemlochState, a: Retreat) -> Violation | None:
    """HL-069: you retreat your own Minions from the Location being resolved."""
    seat, loc = s.tasks[0].seat, s.tasks[0].loc
    if a.location != _loc_name(s, loc):
        return Violation("HL-069", f"the retreat now is at {_loc_name(s, loc)}, not {a.location}")
    if s.data.minion_index(a.card) not in s.board[loc][seat]:
        return Violation("HL-069", f"you have no {a.card} at {a.location}")
    return None


def check_swap(s: HemlochState, a: Swap) -> Violation | None:
    """HL-071: the Night swapped must be in the Week deck."""
    if Swap(a.location) not in choice_options(s, s.tasks[0]):
        return Violation("HL-071", f"the Week deck holds no {a.location} Night to swap")
    return None


def check_reveal(s: HemlochState, a: Reveal) -> Violation | None:
    """HL-050: the card turned over is one still in the Week deck."""
    reveals = s.tables.reveal
    if a not in [reveals[c] for c in s.week_deck]:
        return Violation("HL-050", f"{a.location} {'Day' if a.day else 'Night'} is not in the Week deck")
    return None


def check_keep(s: HemlochState, a: Keep) -> Violation | None:
    """HL-090: you keep a card from the pack you hold."""
    if s.data.minion_index(a.card) not in s.packs[s.tasks[0].seat]:
        return Violation("HL-090", f"your pack holds no {a.card}")
    return None


def check_flip(s: HemlochState, a: Flip) -> Violation | None:
    """HL-033: the Item turned face up (or left) is one of the kind the ability would have given."""
    kind = s.tasks[0].n
    if a.item != ITEMS[kind]:
        return Violation("HL-033", f"the ability gives a {ITEMS[kind]}, so only a {ITEMS[kind]} of yours may turn face up")
    return None


def validate_action(s: HemlochState, a: HLAction) -> None:
    """Names that do not exist in this game's data are malformed, not illegal."""
    d = s.data
    cards = {m.name for m in d.minions}
    places = {loc.name for loc in d.locations}
    for field in ("card",):
        if hasattr(a, field) and getattr(a, field) not in cards:
            raise InvalidActionError(f"{a!r}: there is no Minion {getattr(a, field)!r}")
    for field in ("location", "source", "target"):
        if hasattr(a, field) and getattr(a, field) not in places:
            raise InvalidActionError(f"{a!r}: there is no Location {getattr(a, field)!r}")
    if hasattr(a, "item") and a.item not in ITEMS:
        raise InvalidActionError(f"{a!r}: there is no Item {a.item!r}; Items are {list(ITEMS)}")
    for field in ("row", "column", "face_up", "day", "up"):
        value = getattr(a, field, 0)
        if field in ("face_up", "day", "up") and hasattr(a, field) and not isinstance(value, bool):
            raise InvalidActionError(f"{a!r}: {field} should be true or false")
        if field in ("row", "column") and (not isinstance(value, int) or isinstance(value, bool) or value < 0):
            raise InvalidActionError(f"{a!r}: {field} should be a whole number from 0")


def check_may_pass(s: HemlochState, a: HLAction) -> Violation | None:
    """HL-055: by default a turn's Actions are all taken (reading HL-055); the option may_pass allows a pass."""
    if not s.may_pass:
        return Violation("HL-055", "a turn's Actions are all taken (reading HL-055): there is no pass unless the game "
                                   "is started with may_pass=True; draw or play a card")
    return None


CHECKS = CheckTable({
    "pass": (check_may_pass,),
    "play": (check_card_in_hand, check_not_festival, check_once_per_location),
    "use": (check_one_item_per_turn, check_item_face_up, check_scepter_target),
    "mark": (check_mark_space,), "festival": (check_festival_moves,), "steal": (check_steal,),
    "recall": (check_recall,), "move": (check_move,), "retreat": (check_retreat,), "swap": (check_swap,),
    "reveal": (check_reveal,), "keep": (check_keep,), "flip": (check_flip,),
}, always=(check_phase,))

__all__ = ["CHECKS", "choice_options", "legal_actions", "validate_action"]
