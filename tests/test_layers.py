"""The house's order, read from the code's own imports (at the top of a module and inside functions).

Layers import downward only: schemas < events < store < replay.engine < replay.games <
replay.formats < replay.app < replay.cli. A game imports no other game (Tensho and Sendai-hana
share ``replay.games.hanafuda``; the registry, ``replay.games`` itself, gathers them all), and no
two modules import each other, directly or round a longer circle.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from events.games import GAMES as REGISTERED_GAMES
from tests.paths import ROOT

PACKAGES = ("schemas", "events", "store", "replay")
LAYERS = (
    "schemas",
    "events",
    "store",
    "replay.engine",
    "replay.games",
    "replay.formats",
    "replay.infra",
    "replay.app",
    "replay.present",
    "replay.web",
    "replay.cli",
)
GAMES = REGISTERED_GAMES  # every game the registry (events/games.py) registers
SHARED_BY = {"hanafuda": ("tensho", "sendai", "koikoi"), "tiles": ("riichi", "mcr")}


def modules(root: Path) -> dict[str, Path]:
    """Every module of the project's packages under ``root``, by dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def imports_of(
    name: str, path: Path, known: dict[str, Path], *, partly_named: bool = True
) -> Iterator[tuple[str, int]]:
    """The project modules ``name`` imports, with the line: each ``from a import b`` counts as a.b
    when a.b is a module, else as a; a relative import counts from the module's own package, and
    ``importlib.import_module`` of a literal, or of an f-string, counts as the module its fixed
    start names (``f"replay.games.{name}.game"``: ``replay.games``; left out with ``partly_named``
    False, as a circle must be made of modules known by name)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in known:
                    yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # from . import x, from ..fold import y: counted from this module's package
                above = package[: len(package) - (node.level - 1)]
                base = ".".join([*above, *([node.module] if node.module else [])])
            for alias in node.names:
                full = f"{base}.{alias.name}"
                if full in known:
                    yield full, node.lineno
                elif base in known:
                    yield base, node.lineno
        elif isinstance(node, ast.Call) and _calls_import_module(node) and node.args:
            fixed = _fixed_start(node.args[0])
            if fixed and (partly_named or isinstance(node.args[0], ast.Constant)):
                named = max((m for m in known if fixed == m or fixed.startswith(m + ".")), key=len, default=None)
                if named is not None:
                    yield named, node.lineno


IMPORTING_CALLS = ("import_module", "__import__")  # importlib's, and the builtin under every import


def _calls_import_module(node: ast.Call) -> bool:
    func = node.func
    return (isinstance(func, ast.Attribute) and func.attr in IMPORTING_CALLS) or (
        isinstance(func, ast.Name) and func.id in IMPORTING_CALLS
    )


def _fixed_start(argument: ast.expr) -> str:
    """The module name a dynamic import's argument fixes: all of a literal, the literal start of an
    f-string up to its last dot; "" where nothing is fixed (a variable)."""
    if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
        return argument.value
    if isinstance(argument, ast.JoinedStr) and argument.values and isinstance(argument.values[0], ast.Constant):
        return str(argument.values[0].value).rsplit(".", 1)[0]
    return ""


def dynamic_imports(root: Path) -> list[str]:
    """Every ``import_module`` whose argument fixes no module (a variable): the layer test cannot
    follow it, so each is listed, and allowed only where the name comes from a declaration below."""
    found = []
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not (isinstance(node, ast.Call) and _calls_import_module(node) and node.args):
                    continue
                if not _fixed_start(node.args[0]):
                    found.append(str(path.relative_to(root)))
    return found


def layer_of(module: str) -> int | None:
    """The index of the layer ``module`` belongs to (``replay`` itself belongs to none)."""
    best = None
    for index, layer in enumerate(LAYERS):
        if module == layer or module.startswith(layer + "."):
            best = index
    return best


def game_of(module: str) -> str | None:
    """The game (or the family of games) a module of ``replay/games`` belongs to; None for the
    modules every game shares there (the registry, the seats)."""
    parts = module.split(".")
    named = parts[2] if len(parts) > 2 and parts[:2] == ["replay", "games"] else None
    return named if named in (*GAMES, *SHARED_BY) else None


def upward_imports(root: Path) -> list[str]:
    """Every import of a higher layer, or of another game, as 'module:line imports target'."""
    known = modules(root)
    wrong = []
    for name, path in known.items():
        mine = layer_of(name)
        for target, line in imports_of(name, path, known):
            theirs = layer_of(target)
            if mine is not None and theirs is not None and theirs > mine:
                wrong.append(f"{name}:{line} imports {target}, a higher layer ({LAYERS[theirs]} > {LAYERS[mine]})")
            game, other = game_of(name), game_of(target)
            if game and other and game != other and game not in SHARED_BY.get(other, ()):
                wrong.append(f"{name}:{line} imports {target}: one game's rules never import another's")
    return wrong


def cycles(root: Path) -> list[list[str]]:
    """Every circle of imports (Tarjan's strongly connected components of more than one module)."""
    known = modules(root)
    graph = {
        name: sorted({t for t, _ in imports_of(name, path, known, partly_named=False) if t != name})
        for name, path in known.items()
    }
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for name in graph:
        if name not in index:
            visit(name)
    return found


def test_every_import_by_a_variable_names_a_declared_module() -> None:
    # events/registry.py: the event modules its own table of type prefixes names;
    # replay/app/exporting.py and log_files.py: the module a game's LogFormat declares (in its folder, below them);
    # replay/games/__init__.py: a game's own package, as events/games.py names it (a plugged game's is elsewhere).
    assert dynamic_imports(ROOT) == [
        "events/registry.py", "events/registry.py", "replay/app/exporting.py", "replay/app/log_files.py",
        "replay/games/__init__.py",
    ]  # fmt: skip


def test_an_import_by_the_builtin_import_function_is_followed(tmp_path: Path) -> None:
    root = _house(
        tmp_path,
        {
            "replay/engine/__init__.py": "",
            "replay/engine/fold.py": 'def f():\n    return __import__("replay.cli.main")\n',
            "replay/engine/game.py": 'import builtins\ndef f():\n    return builtins.__import__("replay.cli")\n',
            "replay/cli/__init__.py": "",
            "replay/cli/main.py": "",
        },
    )
    assert upward_imports(root) == [
        "replay.engine.fold:2 imports replay.cli.main, a higher layer (replay.cli > replay.engine)",
        "replay.engine.game:3 imports replay.cli, a higher layer (replay.cli > replay.engine)",
    ]


def test_relative_and_importlib_imports_are_followed(tmp_path: Path) -> None:
    for name, text in {
        "replay/__init__.py": "",
        "replay/engine/__init__.py": "",
        "replay/engine/fold.py": "from ..app import service\n",
        "replay/engine/game.py": 'import importlib\ndef f(n):\n    importlib.import_module(f"replay.cli.{n}")\n',
        "replay/app/__init__.py": "",
        "replay/app/service.py": "",
        "replay/cli/__init__.py": "",
        "replay/cli/main.py": "",
    }.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    assert upward_imports(tmp_path) == [
        "replay.engine.fold:1 imports replay.app.service, a higher layer (replay.app > replay.engine)",
        "replay.engine.game:3 imports replay.cli, a higher layer (replay.cli > replay.engine)",
    ]


def test_layers_import_downward_only() -> None:
    assert upward_imports(ROOT) == []


def test_no_module_imports_itself_round_a_circle() -> None:
    assert cycles(ROOT) == []


def test_events_and_store_never_import_replay() -> None:
    known = modules(ROOT)
    below = [n for n in known if n.split(".")[0] in ("schemas", "events", "store")]
    assert below, "the lower packages are found"
    assert [
        f"{n} imports {t}" for n in below for t, _ in imports_of(n, known[n], known) if t.startswith("replay")
    ] == []


# What an adapter may take of the application: the use cases (one object), the rules it shows
# without a store (the catalog: games, rulesets, declared moves), the requests it records
# (intents), what the use cases return (results) and their errors, and JSON as the answers are
# kept and shown (json_text). Nothing else of ``replay.app``.
APPLICATION_FACE = ("replay.app.application", "replay.app.catalog", "replay.app.intents", "replay.app.results",
                    "replay.app.errors", "replay.app.shown", "replay.app.heads", "replay.app.access",
                    "replay.app.table_session", "replay.app.json_text")  # fmt: skip


def cli_reaching_past_the_app(root: Path, adapter: str = "replay.cli") -> list[str]:
    """Every import by an adapter (the CLI, the served pages) of anything but the application's
    face (``APPLICATION_FACE``), its pages, what it stands on (opening a store, the table secret,
    output files), the adapters, and the events (for their types): each adapts the application
    and holds no use case."""
    known = modules(root)
    allowed = (*APPLICATION_FACE, "replay.present", "replay.infra", "replay.web", "replay.cli", "events")
    return [
        f"{name}:{line} imports {target}"
        for name, path in known.items()
        if name == adapter or name.startswith(adapter + ".")
        for target, line in imports_of(name, path, known)
        if not any(target == a or target.startswith(a + ".") for a in allowed)
    ]


def test_the_served_pages_import_only_the_application_core() -> None:
    assert cli_reaching_past_the_app(ROOT, "replay.web") == []


STORE_OPENINGS = re.compile(r"\b(open_store|scratch|connect)\(")


def pages_opening_a_store(root: Path) -> list[str]:
    """Every line of the served pages and their layouts that opens a store itself: the pages read
    and write through the application (its pool, its heads reader), never a connection of their own."""
    return [
        f"{path.relative_to(root)}:{number}"
        for folder in ("replay/web", "replay/present")
        for path in sorted((root / folder).rglob("*.py"))
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if STORE_OPENINGS.search(line)
    ]


def test_the_served_pages_never_open_a_store_of_their_own(tmp_path: Path) -> None:
    """Plant: the live heads looked up through a connection the page opens."""
    assert pages_opening_a_store(ROOT) == []
    for folder in ("web", "present"):
        (tmp_path / "replay" / folder).mkdir(parents=True)
    (tmp_path / "replay/web/live.py").write_text("def _look(db: str) -> None:\n    stores.open_store(db).close()\n")
    assert pages_opening_a_store(tmp_path) == ["replay/web/live.py:2"]


def test_the_pages_layout_imports_only_the_application_core() -> None:
    # present/ is an adapter: it lays out what the application answers, and folds, reads or weighs nothing
    assert cli_reaching_past_the_app(ROOT, "replay.present") == []


def test_a_layout_importing_a_use_case_is_found(tmp_path: Path) -> None:
    root = _house(
        tmp_path,
        {
            "replay/app/__init__.py": "",
            "replay/app/service.py": "",
            "replay/app/shown.py": "",
            "replay/present/__init__.py": "",
            "replay/present/view_page.py": "from replay.app.shown import Grid\nfrom replay.app import service\n",
        },
    )
    assert cli_reaching_past_the_app(root, "replay.present") == [
        "replay.present.view_page:2 imports replay.app.service"
    ]


def test_the_cli_imports_only_the_application_core() -> None:
    assert cli_reaching_past_the_app(ROOT) == []


def test_a_cli_import_past_the_core_is_found(tmp_path: Path) -> None:
    root = _house(
        tmp_path,
        {
            "replay/games/__init__.py": "",
            "replay/games/rules.py": "",
            "replay/app/__init__.py": "",
            "replay/app/application.py": "",
            "replay/app/stats.py": "",
            "replay/cli/__init__.py": "",
            "replay/cli/main.py": "from replay.app import application\ndef f():\n    from replay.games import rules\n"
            "    from replay.app.stats import compute\n",
        },
    )
    assert cli_reaching_past_the_app(root) == [
        "replay.cli.main:3 imports replay.games.rules",
        "replay.cli.main:4 imports replay.app.stats",
    ]


def _house(tmp_path: Path, files: dict[str, str]) -> Path:
    for relative, text in files.items():
        path = tmp_path / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    for package in PACKAGES:
        (tmp_path / package).mkdir(exist_ok=True)
        (tmp_path / package / "__init__.py").touch()
    return tmp_path


def test_a_planted_upward_import_is_found(tmp_path: Path) -> None:
    root = _house(
        tmp_path,
        {
            "replay/engine/__init__.py": "",
            "replay/engine/fold.py": "def fold():\n    from replay.cli.main import run\n",
            "replay/cli/__init__.py": "",
            "replay/cli/main.py": "from replay.engine.fold import fold\n",
            "store/sqlite.py": "from replay.engine import fold\n",
        },
    )
    assert sorted(upward_imports(root)) == [
        "replay.engine.fold:2 imports replay.cli.main, a higher layer (replay.cli > replay.engine)",
        "store.sqlite:1 imports replay.engine.fold, a higher layer (replay.engine > store)",
    ]


def test_a_game_importing_another_game_is_found(tmp_path: Path) -> None:
    root = _house(
        tmp_path,
        {
            "replay/games/__init__.py": "",
            "replay/games/hanafuda/__init__.py": "",
            "replay/games/hanafuda/table.py": "",
            "replay/games/tensho/__init__.py": "",
            "replay/games/tensho/fold.py": "from replay.games.hanafuda import table\n",
            "replay/games/sendai/__init__.py": "",
            "replay/games/sendai/fold.py": "from replay.games.tensho.fold import x\n",
        },
    )
    assert upward_imports(root) == [
        "replay.games.sendai.fold:1 imports replay.games.tensho.fold: one game's rules never import another's"
    ]


def test_a_planted_circle_is_found_even_inside_a_function(tmp_path: Path) -> None:
    root = _house(
        tmp_path,
        {
            "replay/games/__init__.py": "",
            "replay/games/riichi/__init__.py": "",
            "replay/games/riichi/hand.py": "from replay.games.riichi.flow import match_over\n",
            "replay/games/riichi/flow.py": "def match_over():\n    from replay.games.riichi.hand import State\n",
        },
    )
    assert cycles(root) == [["replay.games.riichi.flow", "replay.games.riichi.hand"]]


GAME_NAMES = GAMES
FAMILY_WORDS = (*GAME_NAMES, "hanafuda", "tiles", "cards")  # a game, or the kind of game it is
ABOVE_THE_GAMES = (
    "replay/engine",
    "replay/formats",
    "replay/infra",
    "replay/app",
    "replay/present",
    "replay/cli",
    "replay/web",
)
# In a page's script: a comparison with a game's or family's word ("tiles" === DATA.pieces).
SCRIPT_BRANCH = re.compile(
    r"""(===?|!==?)\s*["'](%s)["']|["'](%s)["']\s*(===?|!==?)""" % (("|".join(FAMILY_WORDS),) * 2)
)


def _names_a_game(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value in FAMILY_WORDS


# A class named after a game or its family (RiichiState, TenshoRound, HanafudaResult): its state's type.
GAME_CLASS = re.compile("({})[A-Z0-9_]".format("|".join(w.capitalize() for w in (*GAME_NAMES, *SHARED_BY))))


def _a_game_class(node: ast.AST) -> bool:
    named = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""
    return bool(GAME_CLASS.match(named)) or (isinstance(node, ast.Tuple) and any(_a_game_class(e) for e in node.elts))


def _a_pattern_names_a_game(pattern: ast.pattern) -> bool:
    return any(isinstance(p, ast.MatchValue) and _names_a_game(p.value) for p in ast.walk(pattern))


def game_package_imports(root: Path) -> list[str]:
    """Every import above ``replay/games`` (the engine too) of one game's or family's package or
    events: above the games a game is reached through the registry (``replay.games``), never by name."""
    known = modules(root)
    above = tuple(package.replace("/", ".") for package in ABOVE_THE_GAMES)
    found = []
    for name, path in known.items():
        if not any(name == a or name.startswith(a + ".") for a in above):
            continue
        for target, line in imports_of(name, path, known):
            parts = target.split(".")
            if (parts[:2] == ["replay", "games"] and parts[2:3] and parts[2] in (*GAME_NAMES, *SHARED_BY)) or (
                parts[0] == "events" and parts[1:2] and parts[1] in (*GAME_NAMES, *SHARED_BY)
            ):
                found.append(f"{name}:{line} imports {target}, a game's own: ask the registry (replay.games)")
    return found


def test_nothing_above_the_games_imports_a_games_package() -> None:
    assert game_package_imports(ROOT) == []


def test_a_planted_import_of_a_games_package_above_the_games_is_found(tmp_path: Path) -> None:
    root = _house(
        tmp_path,
        {
            "events/riichi.py": "",
            "replay/games/__init__.py": "",
            "replay/games/seats.py": "",
            "replay/games/riichi/__init__.py": "",
            "replay/games/riichi/state.py": "",
            "replay/app/__init__.py": "",
            "replay/app/x.py": "from replay.games import GAMES\nfrom replay.games.seats import seat\n"
            "def f():\n    from replay.games.riichi.state import RiichiState\n    import events.riichi\n",
        },
    )
    assert game_package_imports(root) == [
        "replay.app.x:4 imports replay.games.riichi.state, a game's own: ask the registry (replay.games)",
        "replay.app.x:5 imports events.riichi, a game's own: ask the registry (replay.games)",
    ]


def game_name_branches(root: Path) -> list[str]:
    """Every place above ``replay/games`` that decides by a game or its family: a comparison with
    one's name (``game == "riichi"``, ``in ("tensho", ...)``, ``startswith("riichi")``, a ``match``
    with a ``case "riichi"``), a table keyed by one, a section picked by one (``found["hanafuda"]``),
    a state probed for what game it is (``hasattr(rnd, "riichi")``, any ``getattr`` or ``hasattr``)
    or tested for a game's class (``isinstance(state, RiichiState)``), and the same in the pages' scripts. A game's own package
    answers instead (its descriptor, its modules, its page.js)."""
    found = []
    for package in ABOVE_THE_GAMES:
        for path in sorted((root / package).rglob("*.py")):
            tree = ast.parse(path.read_text())
            lines = set()
            for node in ast.walk(tree):
                named = False
                if isinstance(node, ast.Compare):
                    operands = [node.left, *node.comparators]
                    literals = [o for o in operands if isinstance(o, ast.Constant)]
                    literals += [e for o in operands if isinstance(o, ast.Tuple | ast.Set | ast.List) for e in o.elts]
                    named = any(_names_a_game(e) for e in literals)
                elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                    named = node.func.attr == "startswith" and any(_names_a_game(a) for a in node.args)
                elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                    probe = node.func.id in ("hasattr", "getattr")  # a state asked what it holds, by a name
                    typed = node.func.id in ("isinstance", "issubclass") and len(node.args) == 2
                    named = probe or (typed and _a_game_class(node.args[1]))
                elif isinstance(node, ast.Match):
                    named = any(_a_pattern_names_a_game(case.pattern) for case in node.cases)
                elif isinstance(node, ast.Subscript):  # "riichi" is also a declaration: rnd["riichi"] is a field
                    named = _names_a_game(node.slice) and getattr(node.slice, "value", None) != "riichi"
                elif isinstance(node, ast.Dict):  # a table keyed by a game: one entry is enough
                    named = any(isinstance(k, ast.Constant) and k.value in (*GAME_NAMES, *SHARED_BY) for k in node.keys)
                if named:
                    lines.add(node.lineno)
            found += [f"{path.relative_to(root)}:{line}" for line in sorted(lines)]
        for path in sorted((root / package).rglob("*.js")):
            for number, line in enumerate(path.read_text().splitlines(), 1):
                if SCRIPT_BRANCH.search(line):
                    found.append(f"{path.relative_to(root)}:{number}")
    return found


def test_no_branch_on_a_game_name_outside_the_games() -> None:
    assert game_name_branches(ROOT) == []


def test_a_planted_branch_on_a_game_name_is_found(tmp_path: Path) -> None:
    app = tmp_path / "replay" / "app"
    app.mkdir(parents=True)
    for package in ("engine", "formats", "infra", "present", "cli", "web"):
        (tmp_path / "replay" / package).mkdir()
    (app / "x.py").write_text(
        'def f(game, g, rnd, found):\n    if game == "riichi":\n        return 1\n'
        '    if g.startswith("tensho"):\n        return 2\n    if hasattr(rnd, "riichi"):\n        return 3\n'
        '    if found["hanafuda"]:\n        return 4\n    return {"tensho": f, "sendai": f}[game]\n'
        'def g(game, state, rnd):\n    match game:\n        case "koikoi":\n            return 1\n'
        '    if isinstance(state, RiichiState):\n        return 2\n    if getattr(rnd, "sticks", None):\n'
        '        return 3\n    return {"riichi": 4}\n'
    )
    (tmp_path / "replay" / "present" / "page").mkdir()
    (tmp_path / "replay" / "present" / "page" / "x.js").write_text(
        'const tiles = DATA.pieces === "tiles";\nconst word = "tiles";\n'
    )
    assert game_name_branches(tmp_path) == [
        "replay/app/x.py:2", "replay/app/x.py:4", "replay/app/x.py:6", "replay/app/x.py:8", "replay/app/x.py:10",
        "replay/app/x.py:12", "replay/app/x.py:15", "replay/app/x.py:17", "replay/app/x.py:19",
        "replay/present/page/x.js:1",
    ]  # fmt: skip


# A game's name (or its family's) in the layers above the games, in code, strings, comments or page
# scripts alike: each game's knowledge lives in its folder, and what the layers above say of a game
# comes from its declaration.
# Every game the registry knows by its name, and the ways people write the built-in ones.
GAME_WORDS = re.compile(r"{}|koi-?koi|hanafuda|mahjong(?! soul)".format("|".join(GAMES)), re.IGNORECASE)
ABOVE_THE_GAMES = ("replay/engine", "replay/formats", "replay/app", "replay/present", "replay/web", "replay/cli",
                   "replay/infra")  # fmt: skip


def games_named_above_the_games(root: Path) -> dict[str, int]:
    """Each file above ``replay/games`` that names a game, with how many of its lines do."""
    named: dict[str, int] = {}
    for folder in ABOVE_THE_GAMES:
        for path in sorted((root / folder).rglob("*")):
            if path.suffix not in (".py", ".js", ".html", ".css"):
                continue
            count = sum(1 for line in path.read_text().splitlines() if GAME_WORDS.search(line))
            if count:
                named[str(path.relative_to(root))] = count
    return named


def test_no_game_is_named_above_the_games(tmp_path: Path) -> None:
    """Plant: a riichi branch in the application, a koi-koi word in a page script."""
    assert games_named_above_the_games(ROOT) == {}
    (tmp_path / "replay/app").mkdir(parents=True)
    (tmp_path / "replay/present/page").mkdir(parents=True)
    (tmp_path / "replay/app/table.py").write_text('if game == "riichi":\n    pass\n')
    (tmp_path / "replay/present/page/room.js").write_text('const said = "koi-koi!";\nconst other = "Mahjong Soul";\n')
    assert games_named_above_the_games(tmp_path) == {"replay/app/table.py": 1, "replay/present/page/room.js": 1}
