"""Harvest the "show me" positions (issue 29): for every engine rule and every card of a game, a small early
position where the next move makes the rule happen (or is refused by it), or uses the card.

    python tools/harvest_showme.py henchmania --seconds 120     # writes hench/henchmania/data/showme.json

It plays seeded games of random bots for each player count and option variant; at each position it plays up
to `--tries` of the legal moves and reads the rules their narration cites, tries the illegal moves played
earlier in the game (and the game's own candidate list, if it has one) and keeps the rule the refusal names,
and notes the cards the legal moves use. For each rule it keeps the strongest kind of evidence found
(hench.core.showme.KINDS order), then the earliest position (a player's move before a dice roll). Every kept
entry is checked with `ShowMe.evidence()` before it is written. Deterministic for a given seed range.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from functools import partial
from importlib import import_module
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's hench, not an installed one

import hench
from hench import rules as catalogue
from hench.core import CHANCE, Rng, sample_outcome
from hench.core.legality import RULE_ID, kind_of, rule_ids_of
from hench.core.showme import KINDS, ShowMe, ShowMeError, cards_named, functions_run, mentions, play_and_score, rules_named

ROOT = Path(__file__).resolve().parent.parent

# option variants, so rules of optional modules and sides are reached too (the default game first)
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "henchmania": [{}, {"days": 3, "domination_draw": "always", "guard_timing": "after_weapon"},
                   {"reserve_discard_must_be_exhausted": True, "threshold_inclusive": False, "score_floor": "none"}],
    "huns": [{}, {"setup_bonus_destination": "stash", "setup_bonus_colours": "fitting", "raid_same_turn": False}],
    "hemloch": [{}, {"sides": "dark"}, {"draft": True, "may_pass": True}, {"sides": "LDLD", "end_after_weeks_end": False}],
    "maniacal": [{}, {"bodyguard": True, "supervillain_abilities": True, "optional_recruit": True}],
    "lancaster": [{}, {"modules": "KC+KR+LK"}, {"modules": "KC"}, {"modules": "KR"},
                  {"modules": "KC+KR", "ally_bishop_mode": "forced", "most_squires": "employed"}],
}


class Harvest:
    def __init__(self, game_id: str, tries: int, traced: int = 2):
        self.game = hench.get_game(game_id)
        self.game_id, self.tries, self.traced = game_id, tries, traced
        legality = import_module(f"hench.{game_id}.legality")
        self.listed = getattr(legality, "candidates", None)
        self.engine = {r.id for r in catalogue.for_game(game_id) if r.tag == "engine"}
        self.best: dict[str, tuple[tuple[Any, ...], dict[str, Any]]] = {}  # rule or "card:<id>" -> (cost, entry)

    def offer(self, key: str, how: str, cost: tuple[Any, ...], state: Any, move: Any, seat: int, made: str,
              new_game: dict[str, Any] | None = None, spread: int = 0) -> None:
        """Keep this position for `key` if it is better: a stronger kind, then a narrower function (`spread`: the
        rules its docstring names), then a player's move before the dice, then earlier, then fewer players."""
        full = (KINDS.index(how), spread, *cost)
        old = self.best.get(key)
        if old is not None and old[0] <= full:
            return
        entry = {"how": how, "state": state, "move": move, "seat": seat, "made": made, "new_game": new_game}
        self.best[key] = (full, entry)

    def play(self, players: int, seed: int, options: dict[str, Any]) -> None:
        game = self.game
        setup = {"players": players, "seed": seed, **options}
        try:
            state = game.new_game(**setup)
        except hench.InvalidOptionError:
            return
        made = describe(players, seed, options)
        first = state.legal_actions()[0] if state.legal_actions() else None
        if first is None:
            return
        mover = state.current_player if isinstance(state.current_player, int) and state.current_player >= 0 else 0
        said: list[tuple[Any, ...]] = [(rule, _reader(line, mover)) for line in state.said for rule in line[1]]
        said += [(rule, mover, len(set(rules))) for _, rules in functions_run(self.game_id, lambda: game.new_game(**setup), lines=True)
                 for rule in rules]
        for rule, reader, *spread in said:
            if rule in self.engine:
                self.offer(rule, "setup", (0, 0, players), state, first, reader, f"the new game of {made}", setup,
                           spread=spread[0] if spread else 0)
        for option in game.options.values():
            for rule in RULE_ID.findall(option.help):
                if rule in self.engine:
                    self.offer(rule, "option", (0, 0, players), state, first, mover, f"the new game of {made}", setup)
        rng = Rng.from_seed(seed * 7919 + players)
        seen: dict[Any, None] = {}
        step = 0
        while not state.is_terminal and step < 4000:
            cost, at = (state.current_player == CHANCE, step, players), f"{made}, after {step} moves"
            self.position(state, rng, seen, cost, at)
            legal = state.legal_actions()
            if state.current_player == CHANCE:
                action = sample_outcome(state.chance_outcomes(), rng)
            else:
                action = legal[rng.randrange(len(legal))]
            seen[action] = None
            state = state.apply(action)
            step += 1

    def brought(self, state: Any, action: Any, after: Any, cards: Any, cost: tuple[Any, ...], seat: int, made: str) -> None:
        """Cards the move's narration brings into play (drawn, revealed, taken), for cards no move names."""
        lines = after.narration(seat)
        text = " ".join(line.text for line in lines)
        for card in cards.values():
            if (card.name in text or card.id in text) and mentions(lines, card):
                later = (*cost[:1], cost[1] + 1000, *cost[2:])  # a move that names the card is better
                self.offer("card:" + card.id, "card", later, state, action, seat, made)
                for rule in card.rules:
                    if rule in self.engine:
                        self.offer(rule, "card", later, state, action, seat, made)

    def applied(self, state: Any, action: Any, cost: tuple[Any, ...], made: str) -> None:
        mover = state.current_player
        seat = mover if isinstance(mover, int) and mover >= 0 else 0
        for _, rules in functions_run(self.game_id, lambda: play_and_score(state, action), lines=True):
            for rule in rules:
                if rule in self.engine:
                    self.offer(rule, "applied", cost, state, action, seat, made, spread=len(set(rules)))

    def position(self, state: Any, rng: Rng, seen: dict[Any, None], cost: tuple[Any, ...], made: str) -> None:
        legal = state.legal_actions()
        mover = state.current_player
        seat = mover if isinstance(mover, int) and mover >= 0 else 0
        tries = legal if len(legal) <= self.tries else [legal[rng.randrange(len(legal))] for _ in range(self.tries)]
        checks = self.game.checks
        cards = self.game.card_index(state)
        for action in legal:
            for card in cards_named(action):
                if card in cards:
                    self.offer("card:" + card, "card", cost, state, action, seat, made)
        for action in dict.fromkeys(tries):
            after = state.apply(action)
            self.brought(state, action, after, cards, cost, seat, made)
            for line in after.said:
                reader = _reader(line, seat)
                for rule in line[1]:
                    if rule in self.engine:
                        self.offer(rule, "narrated", cost, state, action, reader, made)
            if checks is not None:
                for check in checks.by_kind.get(kind_of(action), ()):
                    for rule in rule_ids_of(check):
                        self.offer(rule, "checked", cost, state, action, seat, made)
            phases = self.game.phases
            for where in (after, state):
                if phases is not None and where.phase in phases:
                    for rule in phases[where.phase].rules:
                        self.offer(rule, "phase", cost, state, action, seat, made)
            for card in cards_named(action):
                for rule in getattr(cards.get(card), "rules", ()):
                    self.offer(rule, "card", cost, state, action, seat, made)
        for action in list(dict.fromkeys(tries))[:self.traced]:
            self.applied(state, action, cost, made)
        if mover == CHANCE:
            return
        listed = self.listed(state) if self.listed is not None else []  # the game's own candidate list, if any
        pool = [a for a in dict.fromkeys([*seen, *listed]) if a not in set(legal)]
        for action in pool if len(pool) <= 40 else [pool[rng.randrange(len(pool))] for _ in range(40)]:
            found = state.illegal_reason(action)
            if found is not None and found.rule_id in self.engine and _reads_back(self.game, state, action):
                self.offer(found.rule_id, "refused", cost, state, action, seat, made)

    def entries(self) -> dict[str, Any]:
        positions: list[dict[str, Any]] = []
        index: dict[str, int] = {}
        out: dict[str, Any] = {"rules": {}, "cards": {}}
        for key in sorted(self.best):
            entry = self.best[key][1]
            rule = key.removeprefix("card:")
            how = entry["how"]
            if not key.startswith("card:") and rule not in self.engine:
                continue
            show = ShowMe(self.game_id, rule, how, entry["state"], entry["move"], entry["seat"], entry["made"], entry["new_game"])
            try:
                show.evidence()
            except ShowMeError as exc:
                print(f"  dropped {key}: {exc}", file=sys.stderr)
                continue
            save = json.dumps(entry["state"].to_dict(), sort_keys=True)
            where = json.dumps([entry["new_game"], save], sort_keys=True)  # a set-up position keeps how it was set up
            if where not in index:
                index[where] = len(positions)
                positions.append({"made": entry["made"], "new_game": entry["new_game"], "save": json.loads(save)})
            row = {"position": index[where], "move": self.game.format_action(entry["move"]), "seat": entry["seat"]}
            if key.startswith("card:"):
                out["cards"][rule] = row
            else:
                out["rules"][rule] = {"how": how, **row}
        named = rules_named(self.game_id)
        out["unshown"] = {rule: ("no harvested game reached it yet" if rule in named else
                                 "the engine names this rule nowhere a move reaches, so no move can be shown applying it")
                          for rule in sorted(self.engine - set(out["rules"]))}
        return {"about": ABOUT, "positions": positions, **out}


ABOUT = ("Made by tools/harvest_showme.py: seeded games of random bots, every player count and a few option "
         "variants; each position's 'made' says which game and after how many moves. Do not edit by hand: "
         "rerun the tool.")


# Hand-built entries, for rules no random game reaches: (rule, the rule whose harvested position is used, the move).
HAND_BUILT: dict[str, list[tuple[str, str, str]]] = {
    "henchmania": [("HM-095", "HM-027", "discard Glove")],  # a move the parser understands but no bot ever makes
}


def last_card_of_the_mover(save: dict[str, Any], seat: int) -> dict[str, Any]:
    """Hemloch: the mover's Minion deck down to its top card, the others moved to their discard pile."""
    decks, discards = [list(d) for d in save["decks"]], [list(d) for d in save["discards"]]
    discards[seat] += decks[seat][:-1]
    decks[seat] = decks[seat][-1:]
    return {**save, "decks": decks, "discards": discards}


# Hand-edited entries: (rule, the rule whose harvested position is edited, the move, how it shows, the edit, the edit
# in words). A random game ends by other conditions long before a Minion deck runs out.
HAND_EDITED: dict[str, list[tuple[str, str, str, str, Callable[[dict[str, Any], int], dict[str, Any]], str]]] = {
    "hemloch": [("HL-046", "HL-035", "draw", "narrated", last_card_of_the_mover,
                 "all but the top card of the mover's Minion deck moved to their discard pile")],
}

# Engine rules no move can show, with the reason (written to the data file's "unshown"; tests/test_show_me.py lists
# them too). Each is a note for the lead: the catalogue's "engine" tag may be wrong for it.
NOT_BY_A_MOVE: dict[str, dict[str, str]] = {
    "lancaster": {
        "LB-014": "not applied by the engine: the catalogue marks the rule itself MISSING (how the player count changes the "
                  "favor tiles and conflict cards in use), so there is nothing to apply",
        "LB-104": "not applied by the engine: the catalogue marks the rule itself MISSING (how the player count changes the "
                  "favor tiles and conflict cards in use), so there is nothing to apply",
        "LH-037": "not applied by a move: a rule of what each seat may see (office cards and privileges are public), "
                  "which hench.lancaster.render.observation applies to every view",
        "LH-065": "not applied by a move: a rule of what each seat may see (with 2 players seals are open), which "
                  "hench.lancaster.render.observation applies to every view",
        "LH-097": "not applied by a move: a rule of what each seat may see (with 2 players dishonor is open), which "
                  "hench.lancaster.render.observation applies to every view",
    },
}


def add_hand_built(game_id: str, data: dict[str, Any]) -> None:
    """Add the hand-built entries of HAND_BUILT and HAND_EDITED whose evidence holds (ShowMe.evidence) to a harvest's
    data, and the reasons of NOT_BY_A_MOVE to its "unshown"."""
    game = hench.get_game(game_id)
    add_hand_edited(game_id, data)
    for rule, why in NOT_BY_A_MOVE.get(game_id, {}).items():
        if rule not in data["rules"]:
            data["unshown"][rule] = why
    for rule, base, text in HAND_BUILT.get(game_id, []):
        row = data["rules"].get(base)
        if rule in data["rules"] or row is None:
            continue
        source = data["positions"][row["position"]]
        state = game.load_state(source["save"])
        show = ShowMe(game_id, rule, "refused", state, game.parse_action(state, text), row["seat"], source["made"])
        try:
            show.evidence()
        except ShowMeError as exc:
            print(f"  hand-built {rule} dropped: {exc}", file=sys.stderr)
            continue
        data["positions"].append({**source, "made": f"{source['made']} (hand-built: the position of {base}'s show me, "
                                                   f"with a move no random player makes)"})
        data["rules"][rule] = {"how": "refused", "position": len(data["positions"]) - 1, "move": text, "seat": row["seat"]}
        data["unshown"].pop(rule, None)


def prune(game_id: str, data: dict[str, Any]) -> None:
    """Drop the stored entries whose evidence no longer holds (an engine change moved the rule elsewhere)."""
    game = hench.get_game(game_id)
    for table in ("rules", "cards"):
        for key, row in list(data[table].items()):
            position = data["positions"][row["position"]]
            state = game.load_state(position["save"])
            show = ShowMe(game_id, key, row.get("how", "card"), state, game.parse_action(state, row["move"]), row["seat"],
                          position["made"], position["new_game"])
            try:
                show.evidence()
            except ShowMeError as exc:
                print(f"  dropped {key}: {exc}", file=sys.stderr)
                del data[table][key]


def rescan(game_id: str, data: dict[str, Any]) -> None:
    """Replay the stored moves of the data (after an engine change that names more rules) and add an entry for each
    engine rule without one that a stored move now narrates or applies, or a stored set-up now applies."""
    game = hench.get_game(game_id)
    engine = {r.id for r in catalogue.for_game(game_id) if r.tag == "engine"}
    rows = {(row["position"], row["move"], row["seat"]): None for table in ("rules", "cards") for row in data[table].values()}
    added: set[str] = set()
    for index, text, seat in rows:
        position = data["positions"][index]
        state = game.load_state(position["save"])
        move = game.parse_action(state, text)
        checks = game.checks.by_kind.get(kind_of(move), ()) if game.checks is not None else ()
        checked = [(rule, "checked", seat) for check in checks for rule in rule_ids_of(check)]
        try:
            after = state.apply(move)
        except hench.HenchError:  # a refused move: only the checks it went through
            after = None
        found = [] if after is None else [(rule, "narrated", _reader(line, seat)) for line in after.said for rule in line[1]]
        ran = functions_run(game_id, partial(play_and_score, state, move), lines=True) if after is not None else []
        found += [(rule, "applied", seat) for _, rules in ran for rule in rules]
        setup = position["new_game"]
        if setup is not None:
            ran = functions_run(game_id, partial(game.new_game, **setup), lines=True)
            found += [(rule, "setup", seat) for _, rules in ran for rule in rules]
        found += checked
        for rule, how, reader in found:
            old = data["rules"].get(rule) if rule in engine else None
            if rule not in engine or (old is not None and (rule not in added or KINDS.index(old["how"]) <= KINDS.index(how))):
                continue
            show = ShowMe(game_id, rule, how, state, move, reader, position["made"], setup)
            try:
                show.evidence()
            except ShowMeError:
                continue
            data["rules"][rule] = {"how": how, "position": index, "move": text, "seat": reader}
            data["unshown"].pop(rule, None)
            added.add(rule)  # a later stored move may show it more strongly


def add_hand_edited(game_id: str, data: dict[str, Any]) -> None:
    game = hench.get_game(game_id)
    for rule, base, text, how, change, words in HAND_EDITED.get(game_id, []):
        row = data["rules"].get(base)
        if rule in data["rules"] or row is None:
            continue
        source = data["positions"][row["position"]]
        save = change(source["save"], row["seat"])
        state = game.load_state(save)
        show = ShowMe(game_id, rule, how, state, game.parse_action(state, text), row["seat"], source["made"])
        try:
            show.evidence()
        except ShowMeError as exc:
            print(f"  hand-edited {rule} dropped: {exc}", file=sys.stderr)
            continue
        data["positions"].append({"made": f"{source['made']} (hand-built: the position of {base}'s show me, with {words})",
                                  "new_game": None, "save": save})
        data["rules"][rule] = {"how": how, "position": len(data["positions"]) - 1, "move": text, "seat": row["seat"]}
        data["unshown"].pop(rule, None)


def merged(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """`new` with the entries of `old` it lacks (rules and cards), their positions carried over."""
    positions = list(new["positions"])
    index = {json.dumps([p["new_game"], p["save"]], sort_keys=True): i for i, p in enumerate(positions)}
    for table in ("rules", "cards"):
        for key, row in old[table].items():
            if key not in new[table] or KINDS.index(row.get("how", "card")) < KINDS.index(new[table][key].get("how", "card")):
                position = old["positions"][row["position"]]
                where = json.dumps([position["new_game"], position["save"]], sort_keys=True)
                if where not in index:
                    index[where] = len(positions)
                    positions.append(position)
                new[table][key] = {**row, "position": index[where]}
    new["unshown"] = {rule: why for rule, why in new.get("unshown", {}).items() if rule not in new["rules"]}
    return {**new, "positions": positions}


def describe(players: int, seed: int, options: dict[str, Any]) -> str:
    """How a game was set up, in words: "3 players, seed 5, options: days 3, guard timing after weapon"."""
    chosen = ", ".join(f"{name.replace('_', ' ')} {str(value).replace('_', ' ')}" for name, value in sorted(options.items()))
    return f"{players} players, seed {seed}" + (f", options: {chosen}" if chosen else "")


def _reader(line: Any, seat: int) -> int:
    """A seat that may read a narration line (the mover if it may)."""
    to = line[3]
    return seat if to is None or seat in to else to[0]


def _reads_back(game: Any, state: Any, action: Any) -> bool:
    try:
        return bool(game.parse_action(state, game.format_action(action)) == action)
    except hench.HenchError:
        return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", default=list(hench.GAMES))
    parser.add_argument("--seconds", type=float, default=60.0, help="harvest time per game (process time)")
    parser.add_argument("--tries", type=int, default=16, help="legal moves tried per position")
    parser.add_argument("--first-seed", type=int, default=1, help="the first seed of the games played")
    parser.add_argument("--merge", action="store_true", help="keep the stored entries this run does not replace")
    args = parser.parse_args()
    for game_id in args.games:
        harvest = Harvest(game_id, args.tries)
        game, start, seed = harvest.game, time.process_time(), args.first_seed - 1
        while time.process_time() - start < args.seconds:
            seed += 1
            for options in VARIANTS.get(game_id, [{}]):
                for players in range(game.min_players, game.max_players + 1):
                    harvest.play(players, seed, options)
        data = harvest.entries()
        path = ROOT / "hench" / game_id / "data" / "showme.json"
        if args.merge and path.exists():
            data = merged(json.loads(path.read_text(encoding="utf-8")), data)
        prune(game_id, data)
        rescan(game_id, data)
        add_hand_built(game_id, data)
        named = rules_named(game_id)
        for rule in sorted(harvest.engine - set(data["rules"]) - set(data["unshown"])):
            data["unshown"][rule] = ("no harvested game reached it yet" if rule in named else
                                     "the engine names this rule nowhere a move reaches, so no move can be shown applying it")
        path.write_text(json.dumps(data, sort_keys=True, separators=(",", ":")) + "\n", encoding="utf-8")
        found = set(data["rules"])
        missing = sorted(harvest.engine - found)
        kinds = {k: sum(r["how"] == k for r in data["rules"].values()) for k in KINDS}
        print(f"{game_id}: {seed} seeds, {len(found)}/{len(harvest.engine)} engine rules {kinds}, "
              f"{len(data['cards'])} cards, {len(data['positions'])} positions, {path.stat().st_size // 1024} KB")
        if missing:
            print("  no position yet:", " ".join(missing))


if __name__ == "__main__":
    main()
