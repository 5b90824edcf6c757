"""The house plan (issue #29): the same rooms in every game, arrows one way, no circles.

Every import in ``src/parlour`` counts, wherever it stands: at the top, inside a
function (imported late for start-up speed) or under ``TYPE_CHECKING``. A late
import still ties the two modules together; only its moment changes.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import parlour

SRC = Path(parlour.__file__).parent
GAMES = ("mille", "dixmille", "midnightoil")


def module_name(path: Path, root: Path) -> str:
    parts = ("parlour", *path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(source: str, modules: set[str]) -> set[str]:
    """The modules of ``parlour`` that ``source`` imports (a name imported from a
    package counts as its module when it is one)."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                found.add(full if full in modules else node.module)
    return {name for name in found if name in modules}


def import_graph(root: Path = SRC) -> dict[str, set[str]]:
    paths = {module_name(path, root): path for path in root.rglob("*.py")}
    modules = set(paths)
    return {
        name: imports(path.read_text(encoding="utf-8"), modules) - {name}
        for name, path in paths.items()
    }


def find_circle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle as the path round it (first module again at the end), or None."""
    done: set[str] = set()
    for start in sorted(graph):
        if start in done:
            continue
        path: list[str] = []
        on_path: set[str] = set()
        stack = [(start, iter(sorted(graph[start])))]
        path.append(start)
        on_path.add(start)
        while stack:
            node, children = stack[-1]
            child = next(children, None)
            if child is None:
                stack.pop()
                path.pop()
                on_path.discard(node)
                done.add(node)
            elif child in on_path:
                return path[path.index(child) :] + [child]
            elif child not in done:
                stack.append((child, iter(sorted(graph[child]))))
                path.append(child)
                on_path.add(child)
    return None


def room(module: str) -> str:
    """``core``, ``tui``, a game's name, or ``parlour`` for the package itself."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "parlour"


ROOMS = ("game", "computer", "files", "terminal")
"""Every game's sub-rooms, each importing only those before it (and itself): the pure game,
the computer's judgement, what is kept on disk, the terminal face. A game's door (its
``cli`` and the package itself) comes last and may import any of them."""
PURE = ("game", "computer", "files")
"""The rooms that never import the terminal: neither the game's nor the shared ``tui``."""


def game_room(module: str) -> str:
    """A game module's sub-room (``game``, ``computer``, ``files``, ``terminal``; a room's
    own package belongs to it), or ``door`` for the game's ``cli`` and package."""
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[2] in ROOMS else "door"


ALLOWED = {
    "parlour": {"parlour"},
    "core": {"parlour", "core"},
    "tui": {"parlour", "core", "tui"},
    **{game: {"parlour", "core", "tui", game} for game in GAMES},
}
"""Which rooms each room may import: the shared floors below, never another game."""


def wrong_arrow(module: str, target: str) -> bool:
    here, there = room(module), room(target)
    if there not in ALLOWED.get(here, set()):
        return True
    if here not in GAMES:
        return False
    inside = game_room(module)
    if inside in PURE and there == "tui":
        return True
    if there != here or inside == "door":
        return False
    return game_room(target) == "door" or ROOMS.index(game_room(target)) > ROOMS.index(inside)


def wrong_arrows(graph: dict[str, set[str]]) -> list[str]:
    return sorted(
        f"{module} -> {target}"
        for module, targets in graph.items()
        for target in targets
        if wrong_arrow(module, target)
    )


def test_every_game_has_the_same_rooms() -> None:
    for game in GAMES:
        folder = SRC / game
        assert sorted(p.name for p in folder.iterdir() if p.name != "__pycache__") == sorted(
            ["__init__.py", "cli.py", *ROOMS]
        ), game
        for inside in ROOMS:
            assert (folder / inside / "__init__.py").is_file(), f"{game}/{inside}"
            # A family grown inside a room is a package of its own (computer/solver/), one deep.
            for family in (folder / inside).iterdir():
                if family.is_dir() and family.name != "__pycache__":
                    assert (family / "__init__.py").is_file(), f"{game}/{inside}/{family.name}"
                    assert not [
                        p for p in family.iterdir() if p.is_dir() and p.name != "__pycache__"
                    ], f"{game}/{inside}/{family.name}"


def test_the_same_kind_of_module_has_the_same_name_in_every_game() -> None:
    every = {"game/rules.py", "files/savefile.py", "files/stats.py", "files/statsfold.py"}
    every |= {"files/statsfile.py", "terminal/app.py", "terminal/view.py"}
    for game in GAMES:
        assert sorted(p for p in every if not (SRC / game / p).is_file()) == [], game


def test_no_import_circle_anywhere() -> None:
    graph = import_graph()
    assert len(graph) > 100 and "parlour.mille.game.rules" in graph
    assert find_circle(graph) is None, " -> ".join(find_circle(graph) or [])


def test_arrows_point_down_to_the_shared_floors_and_never_across_games() -> None:
    graph = import_graph()
    assert {room(m) for m in graph} == {"parlour", "core", "tui", *GAMES}
    assert wrong_arrows(graph) == []


def write(root: Path, name: str, text: str) -> None:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_a_late_or_type_only_import_still_closes_a_circle(tmp_path: Path) -> None:
    write(tmp_path, "__init__.py", "")
    write(tmp_path, "mille/__init__.py", "")
    write(tmp_path, "mille/game/__init__.py", "")
    write(
        tmp_path,
        "mille/game/rules.py",
        "def f():\n    from parlour.mille.files.gamedata import g\n",
    )
    write(
        tmp_path,
        "mille/files/gamedata.py",
        "from parlour import TYPE_CHECKING\nif TYPE_CHECKING:\n"
        "    from parlour.mille.game import rules\n",
    )
    write(tmp_path, "mille/terminal/view.py", "from parlour.mille.game.rules import f\n")
    graph = import_graph(tmp_path)
    assert graph["parlour.mille.terminal.view"] == {"parlour.mille.game.rules"}
    assert find_circle(graph) == [
        "parlour.mille.files.gamedata",
        "parlour.mille.game.rules",
        "parlour.mille.files.gamedata",
    ]
    assert wrong_arrows(graph) == ["parlour.mille.game.rules -> parlour.mille.files.gamedata"]
    del graph["parlour.mille.files.gamedata"]
    graph["parlour.mille.game.rules"] = set()
    assert find_circle(graph) is None


@pytest.mark.parametrize(
    ("module", "target", "wrong"),
    [
        ("parlour.core.saves", "parlour.tui.frame", True),
        ("parlour.core.saves", "parlour.mille.game.rules", True),
        ("parlour.tui.frame", "parlour.dixmille.game.rules", True),
        ("parlour.mille.terminal.view", "parlour.dixmille.game.rules", True),
        ("parlour.mille.terminal.view", "parlour.tui.frame", False),
        ("parlour.tui.frame", "parlour.core.text", False),
        ("parlour.dixmille.game.rules", "parlour", False),
        ("parlour.mille.game.rules", "parlour.mille.computer.ai", True),
        ("parlour.mille.computer.ai", "parlour.mille.game.rules", False),
        ("parlour.mille.computer.review", "parlour.mille.files.stats", True),
        ("parlour.mille.files.gamedata", "parlour.mille.computer.bsd_memory", False),
        ("parlour.mille.files.gamedata", "parlour.mille.terminal.view", True),
        ("parlour.mille.files.gamedata", "parlour.tui.keys", True),
        ("parlour.mille.computer.ai", "parlour.tui.frame", True),
        ("parlour.mille.game.cards", "parlour.mille.cli", True),
        ("parlour.mille.terminal.view", "parlour.mille.files.uisave", False),
        ("parlour.mille.cli", "parlour.mille.terminal.app", False),
        ("parlour.mille.terminal.app", "parlour.mille.computer.ai", False),
        ("parlour.mille.files.meta", "parlour.mille.game", False),  # the room's own package
        ("parlour.mille.game", "parlour.mille.files.meta", True),
        ("parlour.mille.game", "parlour.mille", True),
    ],
)
def test_which_arrows_are_wrong(module: str, target: str, wrong: bool) -> None:
    assert bool(wrong_arrows({module: {target}})) is wrong


MAX_LINES = 450
"""A module one sitting long (issue #29)."""


def too_long(lengths: dict[str, int]) -> list[str]:
    """The modules over the limit, with their lengths."""
    return [f"{name}: {n} lines" for name, n in sorted(lengths.items()) if n > MAX_LINES]


def test_every_module_is_one_sitting_long() -> None:
    lengths = {
        module_name(path, SRC): len(path.read_text(encoding="utf-8").splitlines())
        for path in SRC.rglob("*.py")
    }
    assert len(lengths) > 100
    assert too_long(lengths) == []


def test_what_counts_as_too_long() -> None:
    assert too_long({"parlour.core.text": MAX_LINES, "parlour.tui.frame": 3}) == []
    assert too_long({"parlour.core.text": MAX_LINES + 1, "parlour.tui.frame": 3}) == [
        "parlour.core.text: 451 lines"
    ]


# House II (issue #43): one name for one role, small doors, each field written once.

MAX_DOOR = 6
"""The most members a part's Protocol may ask of whoever hands it its collaborators."""

SHARED = ("core", "tui")
VALUE_BASES = {"Record", "Frozen", "Ordered"}


def sources(root: Path = SRC) -> dict[str, ast.Module]:
    return {
        module_name(path, root): ast.parse(path.read_text(encoding="utf-8"))
        for path in sorted(root.rglob("*.py"))
    }


def classes(trees: dict[str, ast.Module]) -> list[tuple[str, ast.ClassDef]]:
    return [
        (module, node)
        for module, tree in trees.items()
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
    ]


def base_names(node: ast.ClassDef) -> set[str]:
    return {getattr(b, "id", getattr(b, "attr", "")) for b in node.bases}


def wide_doors(trees: dict[str, ast.Module]) -> list[str]:
    """Protocols asking for more than :data:`MAX_DOOR` members."""
    found = []
    for module, node in classes(trees):
        members = [n for n in node.body if isinstance(n, (ast.AnnAssign, ast.FunctionDef))]
        if "Protocol" in base_names(node) and len(members) > MAX_DOOR:
            found.append(f"{module}.{node.name}: {len(members)} members")
    return found


def name_clashes(trees: dict[str, ast.Module]) -> list[str]:
    """Public classes named twice in one game, or a game's class named like a shared one
    (the same name for the same role in two games is wanted)."""
    where: dict[str, list[str]] = {}
    for module, node in classes(trees):
        if not node.name.startswith("_") and "Protocol" not in base_names(node):
            where.setdefault(node.name, []).append(module)
    found = []
    for name, modules in sorted(where.items()):
        floors = [room(m) for m in modules]
        shared = sum(f in SHARED for f in floors)
        if any(floors.count(f) > 1 for f in floors) or (shared and len(floors) > 1):
            found.append(f"{name}: {', '.join(modules)}")
    return found


def hand_written_fields(trees: dict[str, ast.Module]) -> list[str]:
    """Value classes that list their fields again in ``__slots__`` or set a frozen field
    with ``object.__setattr__`` (core.record makes both from the annotations)."""
    found = []
    for module, node in classes(trees):
        if module == "parlour.core.record" or not base_names(node) & VALUE_BASES:
            continue
        for item in ast.walk(node):
            if isinstance(item, ast.Assign) and any(
                getattr(t, "id", "") == "__slots__" for t in item.targets
            ):
                found.append(f"{module}.{node.name}: __slots__")
            if (
                isinstance(item, ast.Attribute)
                and item.attr == "__setattr__"
                and getattr(item.value, "id", "") == "object"
            ):
                found.append(f"{module}.{node.name}: object.__setattr__")
    return found


def apps_on_own_bases(trees: dict[str, ast.Module]) -> list[str]:
    """Apps built on a base class of their own game (a session the parts reach into)
    rather than holding their parts."""
    own = {node.name for module, node in classes(trees) if room(module) in GAMES}
    return [
        f"{module}.{node.name}"
        for module, node in classes(trees)
        if node.name.endswith("App") and room(module) in GAMES and base_names(node) & own
    ]


def prefix_families(paths: list[Path]) -> list[str]:
    """Three or more modules of one folder named ``<stem>_*``: a package waiting to be made."""
    stems: dict[tuple[Path, str], int] = {}
    for path in paths:
        if "_" in path.stem and not path.stem.startswith("_"):
            key = (path.parent, path.stem.split("_")[0])
            stems[key] = stems.get(key, 0) + 1
    return sorted(f"{folder.name}/{stem}_*" for (folder, stem), n in stems.items() if n >= 3)


def test_parts_have_small_doors_and_no_app_is_built_on_a_session() -> None:
    trees = sources()
    assert wide_doors(trees) == []
    assert apps_on_own_bases(trees) == []


def test_one_name_for_one_role() -> None:
    assert name_clashes(sources()) == []


def test_each_field_is_written_once() -> None:
    assert hand_written_fields(sources()) == []


def test_a_family_of_modules_is_a_package() -> None:
    assert prefix_families(sorted(SRC.rglob("*.py"))) == []


HOUSE_SAMPLE = {
    "parlour/tui/screen.py": "class Screen:\n    pass\n",
    "parlour/mille/terminal/board.py": "class Screen:\n    pass\nclass Side:\n    pass\n",
    "parlour/mille/computer/sim.py": "class Side:\n    pass\n",
    "parlour/dixmille/terminal/a.py": "class Side:\n    pass\nclass MilleApp(Base):\n    pass\n",
    "parlour/dixmille/terminal/b.py": (
        "class Host(Protocol):\n"
        + "".join(f"    m{i}: int\n" for i in range(7))
        + "class Base:\n    pass\n"
        + "class Row(Frozen):\n    a: int\n    __slots__ = ('a',)\n"
        + "    def __init__(self, a):\n        object.__setattr__(self, 'a', a)\n"
        + "class Small(Protocol):\n"
        + "".join(f"    m{i}: int\n" for i in range(6))
    ),
}


def test_what_the_house_rules_catch(tmp_path: Path) -> None:
    for name, text in HOUSE_SAMPLE.items():
        write(tmp_path, name, text)
    trees = sources(tmp_path / "parlour")
    assert wide_doors(trees) == ["parlour.dixmille.terminal.b.Host: 7 members"]
    assert name_clashes(trees) == [
        "Screen: parlour.mille.terminal.board, parlour.tui.screen",
        "Side: parlour.dixmille.terminal.a, parlour.mille.computer.sim, "
        "parlour.mille.terminal.board",
    ]
    assert hand_written_fields(trees) == [
        "parlour.dixmille.terminal.b.Row: __slots__",
        "parlour.dixmille.terminal.b.Row: object.__setattr__",
    ]
    assert apps_on_own_bases(trees) == ["parlour.dixmille.terminal.a.MilleApp"]
    names = [Path(f"g/computer/review_{n}.py") for n in ("a", "b", "c")] + [Path("g/x_y.py")]
    assert prefix_families(names) == ["computer/review_*"]
    assert prefix_families(names[1:]) == []
