"""The package's layers: the command line on top, imported by nothing below it; the simulator's
modules and the statistics' runs in one direction only; and the browser's modules without the
simulator's worker processes.

Every import counts: at the top of a module, under ``TYPE_CHECKING`` and inside a function.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

from variants.site.playpage import browser_modules

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "variants"


@cache
def modules() -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its own name)."""
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _module_of(name: str) -> str | None:
    """The package's module ``name`` is in (a name imported from a module is in that module)."""
    while name and name not in modules():
        name = name.rpartition(".")[0]
    return name or None


@cache
def imported(module: str) -> frozenset[str]:
    """The package's modules that ``module`` imports, wherever in it the import is."""
    path = modules()[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_bytes())):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, *([base] if base else [])])
            names = [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        found.update(m for name in names if (m := _module_of(name)) and m != module)
    return frozenset(found)


def reached(module: str) -> set[str]:
    """Every module ``module`` imports, directly or not."""
    seen: set[str] = set()
    waiting = [module]
    while waiting:
        for name in imported(waiting.pop()):
            if name not in seen:
                seen.add(name)
                waiting.append(name)
    return seen


def is_command_line(module: str) -> bool:
    return module == "variants.cli" or module.startswith("variants.cli.")


def test_nothing_below_the_command_line_imports_it() -> None:
    """The command line is the top layer: only the entry points start it."""
    below = [m for m in modules() if not is_command_line(m) and m != "variants.entry"]
    assert [m for m in below if any(map(is_command_line, imported(m)))] == []


def test_the_simulator_and_the_statistics_runs_import_no_cycle() -> None:
    layered = [
        m
        for m in modules()
        if m.startswith(("variants.analysis", "variants.site.stats_runs", "variants.cli"))
        or m in ("variants.interactive", "variants.entry")
    ]
    assert [m for m in layered if m in reached(m)] == []


def test_the_browser_is_given_no_worker_process_and_no_signal_handler() -> None:
    """The Play page's modules (those the browser imports, at the top of each module) hold
    the simulator's tallies, chunks and reports, and not its runner."""
    shipped = {name.removesuffix(".py").removesuffix("/__init__") for name in browser_modules()}
    assert {"analysis/tallies", "analysis/chunks", "analysis/reports"} <= shipped
    assert "analysis/runner" not in shipped
    for name in browser_modules():
        tree = ast.parse((PACKAGE / name).read_bytes())
        outside = {
            name.partition(".")[0]
            for node in ast.walk(tree)
            for name in (
                [alias.name for alias in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom) and not node.level
                else []
            )
        }
        assert not outside & {"multiprocessing", "signal", "threading"}, name
