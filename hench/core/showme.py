""""Show me": a live position for every engine rule and every card of a game (issue 29).

`show_me(game_id, rule_id)` gives a position (a `State` loaded from a save) and the move that makes the rule
happen there, or the illegal move the rule refuses, with one plain sentence of what to do. `show_card(game_id,
card_id)` gives a position where a legal move uses that card. The positions are saves kept in
`hench/<game>/data/showme.json`, made by `tools/harvest_showme.py` from seeded games of random bots (the file
says how each was made). `ShowMe.evidence()` plays the move and says how the rule shows, or raises
`ShowMeError`: the test suite calls it for every entry, so a rule change that breaks a position fails loudly.

How a rule shows (`ShowMe.how`), strongest first; the harvester keeps the strongest it found:

- "narrated": the move's narration (`successor.narration(seat)`) has a line citing the rule;
- "refused": the move is illegal and the engine's error names the rule;
- "setup": the position is a new game exactly as set up, and the set-up's narration cites the rule;
- "applied": making the move (and, if it ends the game, scoring it) runs the engine's own code for the rule: a
  function whose docstring names it, or a line marked with it in a comment (the rules the engine applies silently,
  such as the turn order or a count, are written this way);
- "option": the position is a new game exactly as set up, with the game option whose help names the rule (the
  number of days, the score that ends the game early): the engine plays the whole game by it;
- "card": the move uses a card (names it, or its narration brings it into play) whose text (`Game.card_texts`)
  is governed by the rule;
- "checked": the move is of a kind the rule's legality check examines (the check's docstring names the rule);
- "phase": the move is made in (or leads into) a phase of the game's phase table that follows the rule.
"""

from __future__ import annotations

import inspect
import json
import re
import sys
import tokenize
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from .actions import seat_name
from .chance import CHANCE
from .errors import HenchError, IllegalActionError
from .game import Game, State
from .legality import RULE_ID, kind_of, rule_ids_of

_NOT_CODE = (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.ENCODING,
             tokenize.ENDMARKER)
KINDS = ("narrated", "refused", "setup", "applied", "option", "card", "checked", "phase")
DATA_FILE = "showme.json"


class ShowMeError(HenchError, LookupError):
    """No "show me" for a rule or card, or a stored position where it no longer happens."""


@dataclass(frozen=True)
class ShowMe:
    """A live position, the move to make there, the seat that makes it and how the rule (or card) shows."""

    game_id: str
    key: str  # the rule ID, or the card id
    how: str  # one of KINDS ("card" for a card's own show me)
    state: State
    move: Any
    seat: int  # the seat the learner plays (the mover, or the seat that reads the narration)
    made: str  # how the position was made
    new_game: dict[str, Any] | None = None  # for a set-up position: the new_game arguments that made it

    @property
    def game(self) -> Game:
        return self.state.game

    @property
    def move_text(self) -> str:
        return self.game.format_action(self.move)

    def evidence(self) -> str:
        """How the rule shows when the move is made, in plain words; raises ShowMeError when it does not."""
        return _EVIDENCE[self.how](self)

    def sentence(self) -> str:
        """One plain sentence: what to do, and what the learner will see."""
        who = "the dice" if self.state.current_player == CHANCE else seat_name(self.seat)
        if self.how == "refused":
            return f"Try “{self.move_text}” as {who}: {self.evidence()}"
        if self.how == "setup":
            return f"{self.evidence()} Then play on: “{self.move_text}” is one of {who}'s moves."
        verb = "Set the dice to" if self.state.current_player == CHANCE else "Play"
        return f"{verb} “{self.move_text}”: {self.evidence()}"


# -- the stored positions ----------------------------------------------------------------------------

@cache
def _data(game_id: str) -> dict[str, Any]:
    try:
        text = resources.files("hench").joinpath(game_id, "data", DATA_FILE).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError, OSError):
        return {"positions": [], "rules": {}, "cards": {}}
    data: dict[str, Any] = json.loads(text)
    return data


def rules_shown(game_id: str) -> list[str]:
    """The rule IDs of a game that have a show me."""
    return sorted(_data(game_id)["rules"])


def cards_shown(game_id: str) -> list[str]:
    """The card ids of a game that have a show me."""
    return sorted(_data(game_id)["cards"])


def unshown(game_id: str) -> dict[str, str]:
    """The engine rules of a game without a show me, each with the reason the data file gives."""
    return dict(_data(game_id).get("unshown", {}))


def has_show_me(game_id: str, rule_id: str) -> bool:
    return rule_id in _data(game_id)["rules"]


def show_me(game_id: str, rule_id: str) -> ShowMe:
    """A live position where `rule_id` is what the engine applies next (see the module docstring)."""
    return _entry(game_id, rule_id, "rules")


def show_card(game_id: str, card_id: str) -> ShowMe:
    """A live position where a legal move uses card `card_id`."""
    return _entry(game_id, card_id, "cards")


def _entry(game_id: str, key: str, table: str) -> ShowMe:
    from .registry import get_game

    data = _data(game_id)
    row = data[table].get(key)
    if row is None:
        what = "rule" if table == "rules" else "card"
        raise ShowMeError(f"no show me for {what} {key!r} of {game_id}")
    game = get_game(game_id)
    position = data["positions"][row["position"]]
    state = game.load_state(position["save"])
    move = _parse_move(game, state, row["move"])
    return ShowMe(game_id, key, row.get("how", "card"), state, move, row["seat"], position["made"], position.get("new_game"))


def _parse_move(game: Game, state: State, text: str) -> Any:
    try:
        return game.parse_action(state, text)
    except HenchError as exc:
        raise ShowMeError(f"the stored move {text!r} no longer reads in its position: {exc}") from None


# -- how each kind shows ---------------------------------------------------------------------------

def _rule_text(rule_id: str) -> str:
    from .. import rules

    summary = rules.get(rule_id).summary.removeprefix("[OFF]").strip().rstrip(".")
    return f"{summary} ({rule_id})."


def _narrated(s: ShowMe) -> str:
    after = s.state.apply(s.move)
    lines = [line for line in after.narration(s.seat) if s.key in line.rules]
    if not lines:
        raise ShowMeError(f"{s.game_id} {s.key}: playing {s.move_text!r} no longer narrates the rule")
    return f"the log says “{lines[0].text}” ({s.key})."


def _refused(s: ShowMe) -> str:
    try:
        s.state.apply(s.move)
    except IllegalActionError as exc:
        if exc.rule_id != s.key:
            raise ShowMeError(f"{s.game_id} {s.key}: {s.move_text!r} is refused by {exc.rule_id} instead") from None
        return f"the engine refuses it: {exc.why} ({s.key})."
    raise ShowMeError(f"{s.game_id} {s.key}: {s.move_text!r} is no longer refused")


def _setup(s: ShowMe) -> str:
    from .registry import get_game

    game = get_game(s.game_id)
    if s.new_game is None:
        raise ShowMeError(f"{s.game_id} {s.key}: a set-up position must say how the game was set up")
    fresh = game.new_game(**s.new_game)
    if fresh.to_dict() != s.state.to_dict():
        raise ShowMeError(f"{s.game_id} {s.key}: the position is no longer the set-up of new_game({s.new_game})")
    _legal_here(s)
    lines = [line for line in fresh.narration(s.seat) if s.key in line.rules]
    if lines:
        return f"At the set-up, “{lines[0].text}” ({s.key})."
    setup = s.new_game
    if any(s.key in rules for _, rules in functions_run(s.game_id, lambda: game.new_game(**setup), lines=True)):
        return f"Setting up this game ran the engine's code for this rule: {_rule_text(s.key)}"
    raise ShowMeError(f"{s.game_id} {s.key}: the set-up no longer narrates or applies the rule")


def _applied(s: ShowMe) -> str:
    ran = functions_run(s.game_id, lambda: play_and_score(s.state, s.move), lines=True)
    named = [name for name, rules in ran if s.key in rules]
    if not named:
        raise ShowMeError(f"{s.game_id} {s.key}: {s.move_text!r} no longer runs the engine's code for the rule")
    return f"making this move runs the engine's code for this rule: {_rule_text(s.key)}"


def functions_run(game_id: str, run: Callable[[], object], lines: bool = False) -> list[tuple[str, tuple[str, ...]]]:
    """The game's own functions that run inside `run()` (a move applied, a game set up), each with the rule IDs
    its docstring names, in the order first called; with `lines`, also each line of the game's code that runs and
    carries a rule-ID comment (`# MA-027: clockwise...`; a comment alone on its line marks the next line of code).
    An error the engine raises on purpose ends the run."""
    documented = _documented(game_id)
    marked = _marked_lines(game_id) if lines else {}
    files = {name for name, _ in marked}
    seen: dict[Any, None] = {}

    def local(frame: Any, event: str, arg: Any) -> Any:
        if event == "line":
            key = (frame.f_code.co_filename, frame.f_lineno)
            if key in marked:
                seen[key] = None
        return local

    def call(frame: Any, event: str, arg: Any) -> Any:
        code = frame.f_code
        if event == "call" and code in documented:
            seen[code] = None
        return local if code.co_filename in files else None

    old_trace, old_profile = sys.gettrace(), sys.getprofile()
    if lines:
        sys.settrace(call)
    else:
        sys.setprofile(call)
    try:
        try:
            run()
        except HenchError:
            pass
    finally:
        sys.settrace(old_trace)
        sys.setprofile(old_profile)
    return [documented[key] if key in documented else marked[key] for key in seen]


def play_and_score(state: State, move: Any) -> State:
    """`state.apply(move)`; when the move ends the game, also what the game's end applies: its winners and scores."""
    after = state.apply(move)
    if after.is_terminal:
        after.winners()
        after.scores()
        if after.game.score_sheet is not None:
            after.game.score_sheet(after)
    return after


@cache
def _marked_lines(game_id: str) -> dict[tuple[str, int], tuple[str, tuple[str, ...]]]:
    """The lines of a game package's modules that a rule-ID comment marks: (file, line) -> (where, rule IDs)."""
    found: dict[tuple[str, int], tuple[str, tuple[str, ...]]] = {}
    for name, module in _modules(game_id):
        path = getattr(module, "__file__", None)
        if not path or not path.endswith(".py"):
            continue
        with open(path, "rb") as source:
            tokens = list(tokenize.tokenize(source.readline))
        code_lines = sorted({tok.start[0] for tok in tokens if tok.type not in _NOT_CODE})
        for tok in tokens:
            rules = RULE_ID.findall(tok.string) if tok.type == tokenize.COMMENT else []
            if not rules:
                continue
            row = tok.start[0]
            target = row if row in code_lines else next((r for r in code_lines if r > row), None)  # a comment alone: next code
            if target is not None:
                where, old = found.get((path, target), (f"{name} line {target}", ()))
                found[(path, target)] = (where, tuple(dict.fromkeys([*old, *rules])))
    return found


def _modules(game_id: str) -> list[tuple[str, Any]]:
    prefix = f"hench.{game_id}."
    return [(name, module) for name, module in list(sys.modules.items()) if name.startswith(prefix) and module is not None]


@cache
def _documented(game_id: str) -> dict[Any, tuple[str, tuple[str, ...]]]:
    """The code objects of a game package's functions and methods whose docstring names rules."""
    found: dict[Any, tuple[str, tuple[str, ...]]] = {}
    for name, module in _modules(game_id):
        for value in vars(module).values():
            members = vars(value).values() if inspect.isclass(value) and value.__module__ == name else [value]
            for member in members:
                func = getattr(member, "__func__", member)
                if inspect.isfunction(func) and func.__module__ == name:
                    rules = tuple(RULE_ID.findall(func.__doc__ or ""))
                    if rules:
                        found[func.__code__] = (func.__qualname__, rules)
    return found


def _option(s: ShowMe) -> str:
    _legal_here(s)
    game = s.game
    if s.new_game is None or game.new_game(**s.new_game).to_dict() != s.state.to_dict():
        raise ShowMeError(f"{s.game_id} {s.key}: the position is no longer a game as set up")
    for name, option in game.options.items():
        if s.key in RULE_ID.findall(option.help):
            value = str(s.new_game.get(name, option.default)).replace("_", " ")
            return (f"this game was set up with the option “{name.replace('_', ' ')}” at {value} ({option.help.split(' (')[0]}); "
                    f"the engine plays it by this rule: {_rule_text(s.key)}")
    raise ShowMeError(f"{s.game_id} {s.key}: no option of the game names the rule")


def _card(s: ShowMe) -> str:
    _legal_here(s)
    cards = s.game.card_index(s.state)
    used = [cards[c] for c in cards_named(s.move) if c in cards]
    if s.key in cards:  # a card's own show me
        card = cards[s.key]
        if card not in used and not mentions(s.state.apply(s.move).narration(s.seat), card):
            raise ShowMeError(f"{s.game_id} card {s.key}: {s.move_text!r} neither names it nor brings it into play")
        return f"{card.name} ({card.kind}): {card.what}"
    lines = s.state.apply(s.move).narration(s.seat)
    used += [c for c in cards.values() if c not in used and mentions(lines, c)]  # cards the move brings into play
    governed = [c for c in used if s.key in c.rules]
    if not governed:
        raise ShowMeError(f"{s.game_id} {s.key}: {s.move_text!r} uses no card the rule governs")
    return f"the move uses {governed[0].name}, which follows this rule: {_rule_text(s.key)}"


def _checked(s: ShowMe) -> str:
    checks = s.game.checks
    by_kind = checks.by_kind.get(kind_of(s.move), ()) if checks is not None else ()
    if not any(s.key in rule_ids_of(check) for check in by_kind):
        raise ShowMeError(f"{s.game_id} {s.key}: no check of a {kind_of(s.move)!r} move names the rule")
    if s.move not in s.state.legal_actions() and s.state.illegal_reason(s.move) is None:
        raise ShowMeError(f"{s.game_id} {s.key}: {s.move_text!r} is neither legal nor refused")
    return f"before the move is made, the engine checks it against this rule: {_rule_text(s.key)}"


def _phase(s: ShowMe) -> str:
    phases = s.game.phases
    _legal_here(s)
    if phases is None:
        raise ShowMeError(f"{s.game_id} has no phase table")
    after = s.state.apply(s.move)
    for state, word in ((after, "the game moves on to"), (s.state, "this is")):
        if state.phase in phases and s.key in phases[state.phase].rules:
            return f"{word} “{phases.title(state.phase)}”, which follows this rule: {_rule_text(s.key)}"
    raise ShowMeError(f"{s.game_id} {s.key}: neither {s.state.phase!r} nor {after.phase!r} follows the rule")


def _legal_here(s: ShowMe) -> None:
    if s.move not in s.state.legal_actions():
        raise ShowMeError(f"{s.game_id} {s.key}: {s.move_text!r} is no longer a legal move in its position")


_EVIDENCE = {"narrated": _narrated, "refused": _refused, "setup": _setup, "applied": _applied, "option": _option, "card": _card, "checked": _checked,
             "phase": _phase}


def mentions(lines: Any, card: Any) -> bool:
    """Whether narration lines name the card (its name or id, as whole words): a card drawn, revealed, taken."""
    pattern = re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(w) for w in {card.name, card.id}) + r")(?![\w-])")
    return any(pattern.search(line.text) for line in lines)


NOT_ENGINE = ("odds", "bots", "montecarlo", "render")  # modules of a game package that explain or play, not rule


def rules_named(game_id: str) -> set[str]:
    """The rule IDs the engine names where a move or the set-up can reach them: inside the functions of its engine
    modules (docstrings, narration, checks, comments), its phase table, its options' help, its cards' rules and
    its component data. A rule named only elsewhere (a module docstring, a comment on a constant) or nowhere
    cannot be shown happening."""
    import ast
    from importlib import resources

    from .registry import get_game

    game = get_game(game_id)
    package = resources.files("hench").joinpath(game_id)
    found: set[str] = set()
    for entry in package.iterdir():
        if entry.name.endswith(".py") and entry.name[:-3] not in NOT_ENGINE:
            text = entry.read_text(encoding="utf-8")
            for node in ast.walk(ast.parse(text)):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    found.update(RULE_ID.findall(ast.get_source_segment(text, node) or ""))
    data = package.joinpath("data")
    if data.is_dir():
        found.update(RULE_ID.findall(" ".join(f.read_text(encoding="utf-8") for f in data.iterdir() if f.name.endswith(".toml"))))
    found.update(r for phase in (game.phases or ()) for r in phase.rules)
    found.update(r for option in game.options.values() for r in RULE_ID.findall(option.help))
    state = game.new_game(players=game.max_players, seed=1)
    found.update(r for card in game.card_texts(state) for r in card.rules)
    return found


def cards_named(action: Any) -> list[str]:
    """The card ids an action names: its text-valued fields (a card played, kept, built, sold...)."""
    fields: Any = getattr(action, "__dataclass_fields__", None) or getattr(action, "_fields", ())
    values = [getattr(action, name, None) for name in fields]
    return [v for v in values if isinstance(v, str)]
