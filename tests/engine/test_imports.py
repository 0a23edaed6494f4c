"""The engine's imports run one way: no module of py/filler imports itself back
through others, not even through an import inside a function."""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "py" / "filler"


def module_name(path: Path) -> str:
    parts = ("filler",) + path.relative_to(PACKAGE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def engine_modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def imports_of(name: str, path: Path, modules) -> set[str]:
    """The engine modules `name` imports anywhere in its file (a package's parents
    that Python runs first are not counted: they are not a choice of the module)."""
    return imports_from(ast.parse(path.read_text(encoding="utf-8")), name, path, modules)


def imports_from(tree, name: str, path: Path, modules) -> set[str]:
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[:len(package.split(".")) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            # "from . import board" imports the module filler.board; "from .x import y" imports x
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                       for alias in node.names]
        else:
            continue
        found.update(target for target in targets if target in modules and target != name)
    return found


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every cycle found by a depth-first search, each as [a, b, ..., a]."""
    cycles, done, path = [], set(), []

    def visit(node):
        if node in path:
            cycles.append(path[path.index(node):] + [node])
            return
        if node in done:
            return
        path.append(node)
        for target in sorted(graph[node]):
            visit(target)
        path.pop()
        done.add(node)

    for node in sorted(graph):
        visit(node)
    return cycles


def engine_graph() -> dict[str, set[str]]:
    modules = engine_modules()
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def test_the_engine_has_no_import_cycles():
    assert import_cycles(engine_graph()) == []


def test_the_cycle_finder_sees_imports_inside_functions():
    graph = engine_graph()
    assert "filler.board" in graph["filler.rules"]  # "from . import board as board_module"
    late = ast.parse("def f():\n    from .match import Match\n")
    path = PACKAGE / "board.py"
    looped = {**graph, "filler.board": graph["filler.board"]
              | imports_from(late, "filler.board", path, engine_modules())}
    cycles = import_cycles(looped)
    assert any({"filler.board", "filler.match", "filler.rules"} <= set(cycle) for cycle in cycles)
