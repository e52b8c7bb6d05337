"""The layers of trainer/ as its import graph says they are (issue 16).

Every module under trainer/ is read with ``ast`` (never imported): every ``import`` and
``from ... import`` counts, at module level, inside functions and under ``TYPE_CHECKING``
alike, relative imports resolved. The rules:

- ``trainer.core`` imports nothing of ours but ``trainer.core`` and ``trainer.paths``;
- ``trainer.contracts`` imports only ``trainer.core`` and ``trainer.contracts``;
- ``trainer.games`` imports only core, contracts, games and ``trainer.paths``;
- no cycle between the packages core, contracts, games, training, store, review, rulebook
  and ui (and any other package of trainer/, e.g. server);
- PySide6 and shiboken6 are imported only under trainer/ui, by trainer/gui.py, by
  trainer/cli.py inside a function (lazily: the command line starts without Qt), and by
  the supervisor's PDF report writer (trainer/review/report.py, with the trend chart it
  draws, trainer/review/trend_chart.py).

``ALLOWED`` lists the imports that still break a rule, each with who removes it; an
import that breaks a rule and is not listed fails. Shrink the list as they go.
"""

from __future__ import annotations

import ast
import warnings
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import pytest

import trainer

TRAINER = Path(trainer.__file__).resolve().parent
LAYERS = ("core", "contracts", "games", "training", "store", "review", "rulebook", "ui")
PACKAGES = tuple(sorted(p.parent.name for p in TRAINER.glob("*/__init__.py")))  # LAYERS and any new one
MAY_IMPORT = {  # a package: the parts of trainer it may import (itself included)
    "core": {"core", "paths"},
    "contracts": {"core", "contracts"},
    "games": {"core", "contracts", "games", "paths"},
}
QT = ("PySide6", "shiboken6")
QT_ANYWHERE = ("trainer.ui", "trainer.gui")  # these modules and the modules below them
QT_LAZILY = ("trainer.cli",)  # only inside a function
PDF_WRITER = ("trainer.review.report", "trainer.review.trend_chart")

# (importing module, imported module) pairs that still break a rule, and who removes them.
ALLOWED: set[tuple[str, str]] = set()  # none left: every rule holds


@dataclass(frozen=True)
class Import:
    importer: str  # the module that imports
    imported: str  # the module imported (for ``from X import Y``, X.Y when that is a module)
    line: int
    in_function: bool


def module_name(path: Path) -> str:
    parts = path.relative_to(TRAINER.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(TRAINER.rglob("*.py"))}


def _imports_of(name: str, path: Path, known: set[str]) -> list[Import]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[Import] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        if isinstance(node, ast.Import):
            found.extend(Import(name, a.name, node.lineno, in_function) for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for a in node.names:
                sub = f"{target}.{a.name}"
                found.append(Import(name, sub if sub in known else target, node.lineno, in_function))
        inside = in_function or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
        for child in ast.iter_child_nodes(node):
            visit(child, inside)

    visit(tree, False)
    return found


def all_imports() -> list[Import]:
    mods = modules()
    known = set(mods)
    return [i for name, path in mods.items() for i in _imports_of(name, path, known)]


def part(module: str) -> str:
    """The part of trainer a module is in: 'core', 'games', ... or a top-level module's name
    ('cli', 'paths'); '' for a module outside trainer."""
    pieces = module.split(".")
    return pieces[1] if pieces[0] == "trainer" and len(pieces) > 1 else ""


def under(module: str, prefixes: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in prefixes)


def layer_violations(imports: list[Import]) -> list[Import]:
    return [i for i in imports
            if part(i.importer) in MAY_IMPORT and part(i.imported) and part(i.imported) not in MAY_IMPORT[part(i.importer)]]


def qt_violations(imports: list[Import]) -> list[Import]:
    out = []
    for i in imports:
        if i.imported.split(".")[0] not in QT or under(i.importer, QT_ANYWHERE + PDF_WRITER):
            continue
        if under(i.importer, QT_LAZILY) and i.in_function:
            continue
        out.append(i)
    return out


def package_cycles(imports: list[Import], packages: tuple[str, ...] = PACKAGES) -> list[list[str]]:
    """The cycles between ``packages`` (each strongly connected group of two or more,
    sorted), from the imports not in ALLOWED."""
    graph: dict[str, set[str]] = defaultdict(set)
    for i in imports:
        a, b = part(i.importer), part(i.imported)
        if a in packages and b in packages and a != b and (i.importer, i.imported) not in ALLOWED:
            graph[a].add(b)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []

    def connect(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in packages:
        if v not in index:
            connect(v)
    return sorted(groups)


def edges_between(imports: list[Import], group: list[str]) -> list[str]:
    return sorted({f"{i.importer} -> {i.imported} (line {i.line})" for i in imports
                   if part(i.importer) in group and part(i.imported) in group and part(i.importer) != part(i.imported)
                   and (i.importer, i.imported) not in ALLOWED})


def unlisted(found: list[Import]) -> list[str]:
    return sorted({f"{i.importer} -> {i.imported} (line {i.line})" for i in found
                   if (i.importer, i.imported) not in ALLOWED})


@pytest.fixture(scope="module")
def imports() -> list[Import]:
    return all_imports()


def test_the_graph_is_read_from_every_module(imports):
    assert set(LAYERS) <= set(PACKAGES)
    mods = modules()
    assert {"trainer.core.cards", "trainer.contracts.question", "trainer.ui.answer_inputs", "trainer.cli"} <= set(mods)
    importers = {i.importer for i in imports}
    assert "trainer.contracts.question" in importers
    # an import inside a function counts (the command line imports Qt lazily)
    assert any(i.importer == "trainer.cli" and i.imported.startswith("PySide6") and i.in_function for i in imports)


def test_core_contracts_and_games_import_only_the_layers_below(imports):
    assert unlisted(layer_violations(imports)) == []


def test_no_cycle_between_the_packages(imports):
    cycles = package_cycles(imports)
    assert cycles == [], "\n".join(f"{' <-> '.join(g)}:\n  " + "\n  ".join(edges_between(imports, g)) for g in cycles)


def test_only_the_ui_the_command_line_and_the_pdf_writer_import_qt(imports):
    assert unlisted(qt_violations(imports)) == []


def test_allowed_entries_still_occur(imports):
    """A listed import that no longer occurs is said (not failed: whoever removes it need
    not touch this file); remove it from ALLOWED."""
    present = {(i.importer, i.imported) for i in imports}
    gone = sorted(ALLOWED - present)
    if gone:
        warnings.warn(f"ALLOWED entries no longer found, remove them: {gone}", stacklevel=1)


# ---------------------------------------------------------------- the checker itself

def _fake(tmp: Path, files: dict[str, str]) -> list[Import]:
    known = {f"trainer.{k.removesuffix('.py').replace('/', '.').removesuffix('.__init__')}" for k in files}
    out = []
    for rel, text in files.items():
        path = tmp / "trainer" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    for rel in files:
        name = "trainer." + rel.removesuffix(".py").replace("/", ".").removesuffix(".__init__")
        out += _imports_of(name, tmp / "trainer" / rel, known)
    return out


def test_the_checker_finds_each_kind_of_violation(tmp_path):
    imports = _fake(tmp_path, {
        "core/__init__.py": "",
        "core/cards.py": "def f():\n    from trainer.training import session\n",  # core -> training, lazily
        "games/__init__.py": "",
        "games/x.py": "from ..store import db\n",  # relative: games -> store
        "store/__init__.py": "",
        "store/db.py": "import trainer.ui.main\n",  # store -> ui ...
        "ui/__init__.py": "",
        "ui/main.py": "from trainer.store import db\nfrom PySide6.QtWidgets import QWidget\n",  # ... and back
        "training/__init__.py": "",
        "training/session.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import PySide6\n",
        "cli.py": "import PySide6.QtCore\ndef g():\n    from PySide6 import QtWidgets\n",
    })
    bad_layers = {(i.importer, i.imported) for i in layer_violations(imports)}
    assert bad_layers == {("trainer.core.cards", "trainer.training.session"), ("trainer.games.x", "trainer.store.db")}
    assert package_cycles(imports, LAYERS) == [["store", "ui"]]
    bad_qt = {(i.importer, i.imported) for i in qt_violations(imports)}
    assert bad_qt == {("trainer.training.session", "PySide6"), ("trainer.cli", "PySide6.QtCore")}
