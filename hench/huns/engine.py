"""The Huns rules: legal actions, the named legality checks and the transitions.

`legal_actions()` lists the moves open in the current phase; `illegal_reason()` runs the small named
checks (one rule each, in `CHECKS`) to say which rule a refused action breaks. A test walks random
positions and checks that both agree on every action of a wide candidate set.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from hench.core import InvalidActionError

from . import actions as A
from . import effects as fx
from .actions import parse
from .data import BLACK, GREEN, RED
from .state import CHANCE_PHASES, DICE, SLOTS, TURNS_PER_ROUND, StateCore

MAIN_WINDOWS = ("turn_choose_action", "turn_after_window")


class Engine(StateCore):
    """Legal actions, checks and transitions (mixed into HunsState)."""

    # -- the uniform API ---------------------------------------------------------------------
    def legal_actions(self) -> list[str]:
        if self._legal is None:
            self._legal = _LEGAL[self.phase](self)
        return list(self._legal)

    def chance_outcomes(self) -> list[tuple[str, Fraction]]:
        if self.phase not in CHANCE_PHASES:
            return []
        colour = self._rolling_colour()
        return [(A.roll(colour, v), p) for v, p in self.data.face_probabilities]

    def apply(self, action: object) -> "Engine":
        if self._legal is None:
            self._legal = _LEGAL[self.phase](self)
        if action not in self._legal:
            action = self._canonical(action)
            if action not in self._legal:
                self.check(action)  # raises with the rule broken
        nxt = self.clone()
        nxt._apply_in_place(action)
        return nxt

    def _canonical(self, action: object) -> object:
        """The canonical spelling of a text action ('Take  RED' -> 'take red'), else the action itself."""
        if not isinstance(action, str):
            return action
        return self.game.parse_action(self, action)

    def check_form(self, action: object) -> None:
        if not isinstance(action, str):
            raise InvalidActionError(f"{action!r} is not a Huns action: actions are strings such as 'take red'")
        parse(action)

    def illegal_reason(self, action: object) -> tuple[str, str]:
        p = parse(action)
        for rule_id, check in CHECKS[p[0]]:
            why = check(self, p)
            if why:
                return rule_id, why
        return "HU-033", f"it is not one of the moves open in phase {self.phase!r}"

    def _apply_in_place(self, action: str) -> None:
        p = parse(action)
        _DO[p[0]](self, p)

    # -- small queries -------------------------------------------------------------------------
    def _rolling_colour(self) -> int:
        if self.phase == "turn_reroll_die":
            return self.reroll
        return self.dice.index(0)

    def _seat_offset(self, seat: int) -> int:
        return (seat - self.start_seat) % self.n

    def _my_camp(self):
        return self.camps[self.active]

    def _wild_left(self) -> int:
        return fx.wild_cubes(self._my_camp(), self.data) - self.wild_used

    def _card_room(self, card: int) -> int:
        """Free spaces of a Mercenary or face-up Curse in the active Camp (HU-052, HU-053, A7)."""
        return self.data.cards[card].spaces - len(self._my_camp().cubes.get(card, ()))

    def _fillable_cards(self) -> list[int]:
        camp = self._my_camp()
        return [c for c in camp.cards if self.data.cards[c].colour in (GREEN, BLACK) and c not in camp.fled]

    def _empty_spaces(self, slot: int, colour: int) -> int:
        camp = self._my_camp()
        w = camp.wagons[slot]
        if w < 0:
            return 0
        spaces, load = self.data.wagons[w].spaces, camp.loads[slot]
        return sum(1 for sc, x in zip(spaces, load) if x < 0 and sc == colour)

    def _wagon_room(self) -> int:
        """Cubes in hand that matching Wagon spaces could take (HU-057, HU-059)."""
        return sum(min(h, sum(self._empty_spaces(s, c) for s in range(SLOTS))) for c, h in enumerate(self.holding) if h)

    def _wild_possible(self) -> bool:
        camp = self._my_camp()
        return self._wild_left() > 0 and any(x < 0 for load in camp.loads for x in load)

    # -- legal action lists, by phase ----------------------------------------------------------
    def _bonus_colours(self) -> list[int]:
        """Colours the catch-up player may take: in the Reserve and, when they go onto Wagons (A1),
        matching an empty space of theirs."""
        ok = [c for c in range(5) if self.reserve[c] > 0]
        fits = [c for c in ok if any(self._empty_spaces(slot, c) for slot in range(SLOTS))]
        need = 1 if self._seat_offset(self.active) == 2 else 2
        return fits if self.bonus_dest == "wagons" and len(fits) >= need else ok  # else any: the rest returns

    def _legal_catchup(self) -> list[str]:
        ok = self._bonus_colours()
        if self._seat_offset(self.active) == 2:  # HU-028
            return [A.bonus((c,)) for c in ok]
        return [A.bonus((a, b)) for i, a in enumerate(ok) for b in ok[i + 1:]]  # HU-029

    def _legal_roll(self) -> list[str]:
        colour = self._rolling_colour()
        return [A.roll(colour, v) for v in self.data.die]

    def _legal_take(self) -> list[str]:
        pool = [c for c in range(DICE) if self.taken[c] < 0]
        out = [A.take(c) for c in pool]
        if not self.reroll_done and fx.has_diviner(self._my_camp(), self.data):
            out += [A.reroll(c) for c in pool]
        return out

    def _legal_choose(self) -> list[str]:
        return ["draw", "pillage"] + self._raid_actions()

    def _legal_play(self) -> list[str]:
        return [A.play(self.card_id(c)) for c in self.hand]

    def _legal_target(self) -> list[str]:
        return [A.target(s) for s in range(self.n) if s != self.active]

    def _legal_flee(self) -> list[str]:
        out = ["flee", "accept"]
        if not self.sent_back and fx.free_bodyguard(self.camps[self.curse_to], self.data) >= 0:
            out.append("send back")
        return out

    def _destinations(self) -> list[int | None]:
        """None for 'wagons', else card indices. A5: with strict use, only places that take a cube."""
        camp = self._my_camp()
        wagons_ok = self._wagon_room() > 0 or self._wild_possible()
        cards = self._fillable_cards()
        if self.strict:
            return ([None] if wagons_ok else []) + [c for c in cards if self._card_room(c) > 0]
        return ([None] if any(w >= 0 for w in camp.wagons) else []) + cards

    def _legal_destination(self) -> list[str]:
        return [A.onto(None if d is None else self.card_id(d)) for d in self._destinations()]

    def _placements(self) -> tuple[list[str], bool]:
        """(place actions, whether any is a matching one)."""
        camp, out, matching = self._my_camp(), [], False
        wild = self._wild_left() > 0
        for c in range(5):
            if not self.holding[c]:
                continue
            for slot in range(SLOTS):
                w = camp.wagons[slot]
                if w < 0:
                    continue
                empty = {sc for sc, x in zip(self.data.wagons[w].spaces, camp.loads[slot]) if x < 0}
                if c in empty:
                    out.append(A.place(c, slot, c))
                    matching = True
                if wild:
                    out += [A.place(c, slot, sc) for sc in sorted(empty) if sc != c]
        return out, matching

    def _legal_place(self) -> list[str]:
        out, matching = self._placements()
        return out if matching else out + ["return the rest"]  # HU-064: stop only when nothing matches

    def _replacement_slots(self) -> list[int]:
        """Display slots (0..3) and -1 for the deck top (HU-061, A11; Broken Axle: deck only)."""
        out = [] if fx.deck_only_replacement(self._my_camp(), self.data) else [i for i, w in enumerate(self.display) if w >= 0]
        return out + ([-1] if self.wagon_deck else [])

    def _legal_replace(self) -> list[str]:
        return [A.replace(i) for i in self._replacement_slots()]

    def _legal_after(self) -> list[str]:
        return self._raid_actions() + ["end turn"]

    def _raid_actions(self) -> list[str]:
        """Raids the active player may activate now (HU-084..HU-086, A8)."""
        camp = self._my_camp()
        if self.raid_done:
            return []
        cards = self.data.cards
        fresh = [x for x in camp.cards if cards[x].colour == RED and x not in camp.used
                 and (self.raid_same_turn or x != self.played)]  # A8
        if not fresh or fx.raids_blocked(camp, self.data):
            return []
        out: list[str] = []
        for card in fresh:
            if self._raid_window_ok(card):
                out += [A.activate(cards[card].id, args) for args in self._raid_variants(card)]
        return out

    def _raid_window_ok(self, card: int) -> bool:
        c = self.data.cards[card]
        if c.effect == "forced_march" or c.timing == "begin":
            return self.phase == "turn_choose_action"  # HU-070: just after taking the die
        if c.timing == "after":
            return self.phase == "turn_after_window"  # HU-071
        return self.phase in MAIN_WINDOWS  # HU-072

    def _raid_variants(self, card: int) -> list[tuple]:
        effect = self.data.cards[card].effect
        if effect == "open_raid":
            return [(c,) for c in range(5)]
        if effect == "scouting_party":
            return [("from", c) for c in range(5) if self.decks[c]]
        if effect == "ambush":
            return [(s, slot, c) for s in range(self.n) if s != self.active for slot in range(SLOTS)
                    for c in sorted({x for x in self.camps[s].loads[slot] if x >= 0})]
        return [()]

    # -- transitions ---------------------------------------------------------------------------
    def _do_bonus(self, p: tuple) -> None:
        colours = p[1]
        for c in colours:
            self.reserve[c] -= 1
            if self.bonus_dest == "stash":
                self._camp(self.active).stash[c] += 1
            else:
                self.holding[c] += 1
        self.resume = "setup"
        if self.bonus_dest == "stash":
            self._resume()
        else:
            self._continue_placement()  # A1: loaded onto the receiver's Wagons

    def _next_setup(self) -> None:
        self.setup_queue = self.setup_queue[1:]
        if self.setup_queue:
            self.active = self.setup_queue[0]
            self.phase = "setup_catchup_valuables"  # HU-029: the 4th player's turn
        else:
            self._start_round()

    def _start_round(self) -> None:
        self.turn = 0
        self.dice = [0] * DICE
        self.taken = [-1] * DICE
        self.active = self.first
        self.phase = "round_roll_dice"  # HU-032

    def _do_roll(self, p: tuple) -> None:
        colour, value = p[1], p[2]
        self.dice[colour] = value
        if self.phase == "turn_reroll_die":
            self.phase, self.reroll = "turn_take_die", -1
        elif 0 not in self.dice:
            self.phase = "turn_take_die"  # HU-033: the first player starts

    def _do_reroll(self, p: tuple) -> None:
        self.reroll = p[1]
        self.reroll_done = True
        self.phase = "turn_reroll_die"

    def _do_take(self, p: tuple) -> None:
        colour = p[1]
        self.taken[colour] = self.active  # HU-033, HU-043
        self.die = colour
        self.value = fx.die_value(self._my_camp(), self.data, self.dice[colour])
        self.phase = "turn_choose_action"  # HU-034

    def _do_draw(self, p: tuple) -> None:
        self.action_done, self.resume = True, "turn_after_window"  # HU-041
        n = fx.draw_count(self._my_camp(), self.data, self.die, self.value)
        self._start_draw(self.die, n)

    def _do_pillage(self, p: tuple) -> None:
        self.action_done, self.resume = True, "turn_after_window"  # HU-041
        n = fx.pillage_count(self._my_camp(), self.data, self.die, self.value)
        self._start_pillage(self.die, n)

    def _start_draw(self, colour: int, n: int) -> None:
        deck = self.decks[colour]
        k = min(n, len(deck))  # HU-044, A2
        if k == 0:
            return self._resume()
        self.hand, self.decks[colour], self.hand_deck = deck[:k], deck[k:], colour
        self.phase = "draw_choose_card"  # HU-045, HU-046

    def _do_play(self, p: tuple) -> None:
        card = self.data.card_index(p[1])
        rest = tuple(c for c in self.hand if c != card)
        self.decks[self.hand_deck] = self.decks[self.hand_deck] + rest  # HU-047, A12: drawn order, at the bottom
        self.hand, self.hand_deck = (), -1
        if self.data.cards[card].colour == BLACK:
            self.curse, self.curse_from, self.sent_back = card, self.active, False
            if self.n == 2:
                return self._aim_curse(1 - self.active)  # HU-091: the only opponent
            self.phase = "curse_choose_target"
            return None
        camp = self._camp(self.active)
        camp.cards.append(card)  # HU-045: your own Camp
        camp.fx = None
        self.played = card
        return self._resume()

    def _do_target(self, p: tuple) -> None:
        self._aim_curse(p[1])

    def _aim_curse(self, seat: int) -> None:
        self.curse_to = seat
        self.phase = "curse_flee_decision"  # HU-094: the target decides now

    def _use_bodyguard(self) -> None:
        guard = fx.free_bodyguard(self.camps[self.curse_to], self.data)
        if guard >= 0 and not self.sent_back:
            self._camp(self.curse_to).used.append(guard)  # the one answer is spent on this Curse

    def _do_flee(self, p: tuple) -> None:
        self._use_bodyguard()
        camp = self._camp(self.curse_to)
        camp.cards.append(self.curse)
        camp.fled.append(self.curse)  # HU-094, HU-095
        camp.fx = None
        self._curse_done()

    def _do_accept(self, p: tuple) -> None:
        self._use_bodyguard()
        camp = self._camp(self.curse_to)
        camp.cards.append(self.curse)  # HU-092; HU-096: no later flight
        camp.fx = None
        self._curse_done()

    def _do_sendback(self, p: tuple) -> None:
        self._use_bodyguard()
        self.sent_back = True
        self.curse_to = self.curse_from

    def _curse_done(self) -> None:
        self.curse = -1
        self._resume()

    def _start_pillage(self, colour: int, n: int) -> None:
        k = min(n, self.reserve[colour])  # HU-049, A3; HU-066: nothing when empty
        self.reserve[colour] -= k
        self.holding[colour] += k
        if k == 0:
            return self._resume()
        legal = self._legal_destination()
        if not legal:
            return self._finish_cubes()  # HU-065: all excess
        self.phase = "pillage_choose_destination"
        self._legal = legal  # computed once: this action ends here
        return None

    def _do_onto(self, p: tuple) -> None:
        if p[1] is None:
            return self._continue_placement()  # HU-058
        card = self.data.card_index(p[1])
        camp = self._camp(self.active)
        cubes = camp.cubes.setdefault(card, [])
        room = self.data.cards[card].spaces - len(cubes)
        for c in range(5):  # HU-054, HU-055: all on this one card, any colour
            k = min(room, self.holding[c])
            cubes.extend([c] * k)
            self.holding[c] -= k
            room -= k
        camp.fx = None
        return self._finish_cubes()  # HU-056: the rest back

    def _continue_placement(self) -> None:
        if sum(self.holding) == 0:
            return self._finish_cubes()
        places, matching = self._placements()
        if not places:
            return self._finish_cubes()
        self.phase = "pillage_place"
        self._legal = places if matching else places + ["return the rest"]  # as _legal_place
        return None

    def _do_place(self, p: tuple) -> None:
        cube, slot, space = p[1], p[2], p[3]
        camp = self._camp(self.active)
        load = camp.loads[slot]
        spaces = self.data.wagons[camp.wagons[slot]].spaces
        i = next(i for i, (sc, x) in enumerate(zip(spaces, load)) if x < 0 and sc == space)
        load[i] = cube  # HU-057
        self.holding[cube] -= 1
        if space != cube:
            self.wild_used += 1
        if all(x >= 0 for x in load):
            return self._dispatch(slot)  # HU-060
        return self._continue_placement()

    def _dispatch(self, slot: int) -> None:
        camp = self._camp(self.active)
        for c in camp.loads[slot]:
            camp.stash[c] += 1  # HU-060, HU-063
        camp.dispatched.append(camp.wagons[slot])
        camp.wagons[slot], camp.loads[slot] = -1, []
        if self._replacement_slots():
            self.replace_slot = slot
            self.phase = "wagon_replace"  # HU-061
            return None
        return self._continue_placement()  # A11: no Wagon left to take

    def _do_replace(self, p: tuple) -> None:
        i = p[1]
        if i < 0:
            w, self.wagon_deck = self.wagon_deck[0], self.wagon_deck[1:]
        else:
            w = self.display[i]
            refill = self.wagon_deck[0] if self.wagon_deck else -1  # HU-022
            self.wagon_deck = self.wagon_deck[1:]
            self.display = self.display[:i] + (refill,) + self.display[i + 1:]
        camp = self._camp(self.active)
        camp.wagons[self.replace_slot] = w
        camp.loads[self.replace_slot] = [-1] * len(self.data.wagons[w].spaces)
        self.replace_slot = -1
        self._continue_placement()  # HU-062, A4

    def _do_return(self, p: tuple) -> None:
        self._finish_cubes()

    def _finish_cubes(self) -> None:
        for c in range(5):
            self.reserve[c] += self.holding[c]  # HU-059, HU-067: excess back to the Reserve
        self.holding = [0] * 5
        self._resume()

    def _resume(self) -> None:
        if self.resume == "setup":
            return self._next_setup()
        if self.resume == "turn_choose_action":
            self.phase = "turn_choose_action"
            return None
        self.phase = "turn_after_window"
        raids = self._raid_actions()
        if not raids:
            return self._end_turn()
        self._legal = raids + ["end turn"]  # as _legal_after
        return None

    def _do_activate(self, p: tuple) -> None:
        card, args = self.data.card_index(p[1]), p[2]
        self._camp(self.active).used.append(card)  # HU-085: rotated
        self.raid_done = True  # HU-086
        self.resume = self.phase
        effect = self.data.cards[card].effect
        _RAID[effect](self, args, card)

    def _raid_cubes(self, args: tuple, card: int) -> None:
        colour = args[0] if args else self.data.cards[card].param
        self._start_pillage(colour, 2)

    def _raid_ambush(self, args: tuple, card: int) -> None:
        seat, slot, colour = args
        load = self._camp(seat).loads[slot]
        load[load.index(colour)] = -1
        self.reserve[colour] += 1
        self._resume()

    def _raid_forced_march(self, args: tuple, card: int) -> None:
        self.value = 3
        self._resume()

    def _raid_scouting(self, args: tuple, card: int) -> None:
        self._start_draw(args[1], 2)

    def _raid_none(self, args: tuple, card: int) -> None:
        self._resume()

    def _do_end(self, p: tuple) -> None:
        self._end_turn()

    def _end_turn(self) -> None:
        self.turn += 1
        self.die, self.value, self.wild_used, self.played = -1, 0, 0, -1
        self.action_done = self.raid_done = self.reroll_done = False
        if self.turn == TURNS_PER_ROUND:  # HU-035: the 5th die was taken
            return self._end_round()
        self.active = (self.first + self.turn) % self.n  # HU-033, HU-036
        self.phase = "turn_take_die"
        return None

    def _end_round(self) -> None:
        self.first = (self.first + 1) % self.n  # HU-037, A17
        self.turn = 0
        if min(self.reserve) == 0 or not all(self.decks):  # HU-038, HU-039, HU-040
            self.phase = "game_over"
            return
        self.round += 1
        self._start_round()


_LEGAL: dict[str, Callable[[Engine], list[str]]] = {
    "setup_catchup_valuables": Engine._legal_catchup, "round_roll_dice": Engine._legal_roll,
    "turn_take_die": Engine._legal_take, "turn_reroll_die": Engine._legal_roll,
    "turn_choose_action": Engine._legal_choose, "draw_choose_card": Engine._legal_play,
    "curse_choose_target": Engine._legal_target, "curse_flee_decision": Engine._legal_flee,
    "pillage_choose_destination": Engine._legal_destination, "pillage_place": Engine._legal_place,
    "wagon_replace": Engine._legal_replace, "turn_after_window": Engine._legal_after, "game_over": lambda s: [],
}
_DO: dict[str, Callable[[Engine, tuple], None]] = {
    "bonus": Engine._do_bonus, "roll": Engine._do_roll, "reroll": Engine._do_reroll, "take": Engine._do_take,
    "draw": Engine._do_draw, "pillage": Engine._do_pillage, "play": Engine._do_play, "target": Engine._do_target,
    "flee": Engine._do_flee, "accept": Engine._do_accept, "sendback": Engine._do_sendback, "onto": Engine._do_onto,
    "place": Engine._do_place, "replace": Engine._do_replace, "return": Engine._do_return,
    "activate": Engine._do_activate, "end": Engine._do_end,
}
_RAID = {"raid_cubes": Engine._raid_cubes, "open_raid": Engine._raid_cubes, "ambush": Engine._raid_ambush,
         "forced_march": Engine._raid_forced_march, "scouting_party": Engine._raid_scouting, "none": Engine._raid_none}

from .checks import CHECKS  # noqa: E402  (the checks refer to Engine's queries)
