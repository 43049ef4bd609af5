"""The one game contract (docs/adding-a-game.md), checked for every registered game and the Tiny Pig template:
the same modules with the same roles, the same public names, the same signatures, the `Game` record wired
the same way, state fields declared once in core, and imports that go one way, at module level and inside
functions alike. A sixth dialect cannot come back without failing here.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import subprocess
import sys
from pathlib import Path

import pytest

import hench
from hench.core import Game, Reading
from hench.core.fields import FieldState

ROOT = Path(__file__).resolve().parents[1]

# Every module a game package has, and the rank that orders imports: a module imports only modules of a lower
# rank, or of its own rank without a cycle (rank 2 holds the rule modules, which may use one another).
REQUIRED = ("__init__", "actions", "data", "phases", "state", "legality", "transitions", "scoring", "render", "odds", "bots", "game")
RANKS = {
    "data": 0, "actions": 0, "phases": 0, "options": 0, "tables": 0,
    "state": 1,
    "legality": 2, "transitions": 2, "scoring": 2, "render": 2, "effects": 2, "contracts": 2, "cleanup": 2,
    "validate": 2, "table": 2, "narrate": 2, "codec": 2,
    "odds": 3, "bots": 3, "montecarlo": 3,
    "game": 4,
    "__init__": 5,
}
PUBLIC = ("GAME", "PHASES", "OPTIONS", "READINGS", "assumptions", "card_gallery", "odds", "bots")
CORE_HOOKS = ("_legal_actions", "_legal_cached", "_apply_in_place", "apply", "check", "successor", "clone",
              "to_dict", "from_dict", "own", "own_item", "say", "legal_actions", "chance_outcomes", "observation",
              "notation", "_repr_html_", "winners", "scores")

def game_ids() -> list[str]:
    """Every registered game and the template: all five games are on the contract (issue 26), none is excused."""
    return list(dict.fromkeys([*hench.GAMES, "tinypig"]))


def package_of(game_id: str) -> str:
    return "tests.fixtures.tinypig" if game_id == "tinypig" else f"hench.{game_id}"


def package_dir(game_id: str) -> Path:
    return ROOT / package_of(game_id).replace(".", "/")


def sibling_imports(path: Path, package: str) -> list[tuple[str, int]]:
    """(sibling module, line) for every import of a module of the same package in `path`, in functions too."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {id(n) for block in ast.walk(tree) if isinstance(block, ast.If) and "TYPE_CHECKING" in ast.unparse(block.test)
                   for stmt in block.body for n in ast.walk(stmt)}  # names for type checkers only: never run
    found = []
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.ImportFrom):
            if node.level == 1 and node.module:
                found.append((node.module.split(".")[0], node.lineno))
            elif node.level == 1:
                found += [(alias.name, node.lineno) for alias in node.names]
            elif node.level == 0 and node.module and node.module.startswith(package + "."):
                found.append((node.module[len(package) + 1:].split(".")[0], node.lineno))
            elif node.level == 0 and node.module == package:
                found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.Import):
            found += [(a.name[len(package) + 1:].split(".")[0], node.lineno) for a in node.names if a.name.startswith(package + ".")]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "import_module":
            arg = node.args[0] if node.args else None
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and arg.value.startswith("."):
                found.append((arg.value.lstrip(".").split(".")[0], node.lineno))
    return found


@pytest.mark.parametrize("game_id", game_ids())
def test_modules_and_import_direction(game_id):
    folder, package = package_dir(game_id), package_of(game_id)
    modules = {p.stem for p in folder.glob("*.py")}
    assert not set(REQUIRED) - modules, f"{package} lacks the modules {sorted(set(REQUIRED) - modules)}"
    unknown = modules - set(RANKS)
    assert not unknown, f"{package}: modules outside the contract {sorted(unknown)}; give each a rank in RANKS (and a role in the docs)"
    graph: dict[str, set[str]] = {m: set() for m in modules}
    wrong = []
    for module in sorted(modules):
        for target, line in sibling_imports(folder / f"{module}.py", package):
            if target not in modules:
                continue  # a name from the package itself (e.g. `from . import x` resolved above)
            graph[module].add(target)
            if RANKS[target] > RANKS[module]:
                wrong.append(f"{module}.py:{line} imports {target} (rank {RANKS[target]} above {RANKS[module]})")
    assert not wrong, f"{package}: imports against the one-way order: {wrong}"
    assert not find_cycle(graph), f"{package}: an import cycle: {' -> '.join(find_cycle(graph))}"


def find_cycle(graph: dict[str, set[str]]) -> list[str]:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node] - {node}):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt):], nxt]
            if nxt not in state:
                cycle = visit(nxt)
                if cycle:
                    return cycle
        stack.pop()
        state[node] = 2
        return []

    for node in sorted(graph):
        if node not in state:
            cycle = visit(node)
            if cycle:
                return cycle
    return []


@pytest.mark.parametrize("game_id", game_ids())
def test_no_module_fills_another_modules_globals(game_id):
    """Tables live where they are defined: no module assigns into, or updates, another module's globals."""
    folder, package = package_dir(game_id), package_of(game_id)
    bad = []
    for path in sorted(folder.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        modules = {alias.asname or alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.level == 1
                   and not node.module for alias in node.names}
        for node in ast.walk(tree):
            target = None
            if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
                for t in (node.targets if isinstance(node, ast.Assign) else [node.target]):
                    base = t.value if isinstance(t, ast.Subscript) else t
                    if isinstance(base, ast.Attribute) and isinstance(base.value, ast.Name) and base.value.id in modules:
                        target = f"{base.value.id}.{base.attr}"
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in (
                    "update", "append", "extend", "clear", "setdefault", "insert", "pop"):
                owner = node.func.value
                if isinstance(owner, ast.Attribute) and isinstance(owner.value, ast.Name) and owner.value.id in modules:
                    target = f"{owner.value.id}.{owner.attr}"
            if target:
                bad.append(f"{path.name}:{node.lineno} changes {target}")
    assert not bad, f"{package}: {bad}"


@pytest.mark.parametrize("game_id", game_ids())
def test_package_is_lazy_and_exports_the_public_names(game_id):
    package = package_of(game_id)
    code = (f"import sys, hench.core.registry as r; import {package} as p; "
            f"assert '{package}.game' not in sys.modules, 'importing the package loaded its engine'; "
            f"assert '{game_id}' not in r._GAMES, 'importing the package registered the game'; "
            f"print(sorted(p.__all__))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    names = set(eval(done.stdout))  # a printed list of strings
    assert set(PUBLIC) <= names, f"{package}.__all__ lacks {sorted(set(PUBLIC) - names)}"
    module = importlib.import_module(package)
    for name in PUBLIC:
        assert getattr(module, name) is not None
    assert isinstance(module.GAME, Game) and module.GAME is hench.get_game(game_id)
    readings = module.READINGS
    assert isinstance(readings, tuple) and all(isinstance(r, Reading) for r in readings), "READINGS is a tuple of hench.core.Reading"
    assert readings == tuple(module.GAME.readings)
    for reading in readings:
        assert reading.option is None or reading.option in module.GAME.options, f"{reading.id}: no option {reading.option!r}"
    assert all(hasattr(row, "source") for row in module.assumptions())
    assert isinstance(module.card_gallery(), list)


@pytest.mark.parametrize("game_id", game_ids())
def test_game_record_is_wired_the_same_way(game_id):
    game = hench.get_game(game_id)
    for hook in ("handlers", "winners", "cards", "observe", "notation", "html", "score", "checks", "phases", "validate_state",
                 "score_sheet"):
        assert getattr(game, hook) is not None, f"{game_id}: Game({hook}=...) is not set"
    assert game.action_types, f"{game_id}: Game(action_types=...) is empty"
    missing = [t.__name__ for t in game.action_types if t not in game.handlers]
    assert not missing, f"{game_id}: no handler for {missing}"
    assert set(game.handlers) <= set(game.action_types)
    if game.chance is None:
        assert all(game.new_game(players=n, seed=1).current_player != hench.CHANCE for n in (game.min_players,))
    assert issubclass(game.state_class, FieldState), f"{game_id}: the state is not a hench.core.FieldState"
    own = [name for cls in game.state_class.__mro__ if cls not in FieldState.__mro__ for name in vars(cls) if name in CORE_HOOKS]
    assert not own, f"{game_id}: the state class overrides the core's {own}"


@pytest.mark.parametrize("game_id", game_ids())
def test_signatures(game_id):
    package = package_of(game_id)
    render = importlib.import_module(f"{package}.render")
    scoring = importlib.import_module(f"{package}.scoring")
    legality = importlib.import_module(f"{package}.legality")
    transitions = importlib.import_module(f"{package}.transitions")
    expect = {
        render.observation: ["state", "seat"], render.notation: ["obs"], render.html: ["obs", "clickable"],
        scoring.scores: ["state"], scoring.winners: ["state"], legality.legal_actions: ["state"],
    }
    for fn, names in expect.items():
        got = list(inspect.signature(fn).parameters)
        assert got == names, f"{package}: {fn.__module__}.{fn.__name__}{inspect.signature(fn)}; the contract is ({', '.join(names)})"
    assert isinstance(transitions.HANDLERS, dict)
    game = hench.get_game(game_id)
    assert game.handlers is transitions.HANDLERS and game.observe is render.observation and game.html is render.html
    assert game.winners is scoring.winners and game.legal is legality.legal_actions
    assert game.score_sheet is scoring.score_sheet and list(inspect.signature(scoring.score_sheet).parameters) == ["state"]


@pytest.mark.parametrize("game_id", game_ids())
def test_views_come_from_the_observation_and_moves_are_narrated(game_id):
    """`html` and `notation` take the observation only; every move made in a playout says something in words."""
    from hench.core import RandomBot, Rng, next_action

    game = hench.get_game(game_id)
    state = game.new_game(players=game.min_players, seed=3)
    rng, bots, silent, steps = Rng.from_seed(3), [RandomBot(3)] * game.min_players, [], 0
    while not state.is_terminal and steps < 400:
        action = next_action(state, bots, rng)
        nxt = state.apply(action)
        if not nxt.narration(None) and state.current_player != hench.CHANCE:
            silent.append(game.format_action(action))
        for seat in range(game.min_players):
            assert all(line.visible_to(seat) for line in nxt.narration(seat))
        state, steps = nxt, steps + 1
    assert not silent, f"{game_id}: moves that said nothing to the table: {sorted(set(silent))[:10]}"
    obs = state.observation(0)
    assert isinstance(game.html(obs, True), str) and isinstance(game.notation(state.observation(None)), str)


@pytest.mark.parametrize("game_id", game_ids())
def test_the_coach_and_the_levels_play_every_game(game_id):
    """Issue 30: every game offers the levels (easy, medium, hard) and the coach. A game with hidden information
    deals it again for the coach from a seat's view (`bots.determinize(state, seat, rng)`), keeping that view."""
    from hench.core import LEVELS, Rng, level_bot, next_action
    from hench.core.coach import Coach, determinize

    game = hench.get_game(game_id)
    bots_module = importlib.import_module(f"{package_of(game_id)}.bots")
    if game.hidden_information:
        assert list(inspect.signature(bots_module.determinize).parameters) == ["state", "seat", "rng"]
    state, rng = game.new_game(players=game.max_players, seed=2), Rng.from_seed(2)
    bots = [level_bot(game, LEVELS[i % len(LEVELS)], seed=i, iterations=2) for i in range(game.max_players)]
    for step in range(40):
        if state.is_terminal:
            break
        seat = state.current_player
        if seat is not None and seat >= 0 and step % 10 == 0:
            assert determinize(state, seat, 1).observation(seat) == state.observation(seat)
            assert Coach(game, iterations=2).suggest(state, seat).best.action in state.legal_actions()
        state = state.apply(next_action(state, bots, rng))


@pytest.mark.parametrize("game_id", game_ids())
def test_a_finished_games_score_sheet_adds_up(game_id):
    """Issue 29: the final score sheet of every game: a row per seat, the totals the game's scores, and a
    tie-break named only when the winners were not all the seats on the top score."""
    from hench.core import random_playout

    game = hench.get_game(game_id)
    for players in (game.min_players, game.max_players):
        end, _ = random_playout(game.new_game(players=players, seed=3), seed=3)
        sheet = game.score_sheet(end)
        assert list(sheet.totals) == list(end.scores()) and len(sheet.points) == players
        assert all(len(row) == len(sheet.sources) for row in sheet.points) and sheet.sources
        top = [seat for seat, v in enumerate(sheet.totals) if v == max(sheet.totals)]
        if len(top) == 1:
            assert not sheet.tie_break, f"{game_id}: a tie-break named with no tie on points"
