"""The pipeline's layers, checked by import-linter: each imports only the layers below it (the
command line on top, imported by nothing below it), and no two parts of a package import each
other, counting imports under ``TYPE_CHECKING`` and inside functions. A back edge put in on
purpose breaks the check. And the browser's modules are without the simulator's worker
processes."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from variants.site.playpage import browser_modules

REPO = Path(__file__).resolve().parent.parent


def lint_imports(src: Path) -> subprocess.CompletedProcess[str]:
    """import-linter's check of the package under ``src``, with the project's contracts."""
    return subprocess.run(
        [sys.executable, "-c", "from importlinter.cli import lint_imports_command as c; c()"],
        cwd=REPO,
        env={"PYTHONPATH": str(src), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = tmp_path_factory.mktemp("src")
    shutil.copytree(REPO / "src" / "variants", src / "variants")
    return src


def test_the_layers_hold() -> None:
    result = lint_imports(REPO / "src")
    assert result.returncode == 0, result.stdout
    assert "Contracts: 2 kept, 0 broken." in result.stdout


@pytest.mark.parametrize(
    ("module", "line", "said"),
    [
        (
            "core/cards.py",
            "from ..engine import play as _play  # noqa",
            "variants.core is not allowed to import variants.engine",
        ),
        (
            "mechanics/in_lieu.py",
            "if TYPE_CHECKING:\n    from ..engine.events import Event as _Event",
            "variants.mechanics is not allowed to import variants.engine",
        ),
        (
            "engine/play.py",
            "def _later() -> None:\n    from ..telling import narrate  # noqa",
            "variants.engine is not allowed to import variants.telling",
        ),
        (
            "rules/yamlsource.py",
            "def _later() -> None:\n    from . import loader  # noqa",
            "No cycles are allowed in variants.rules",
        ),
    ],
    ids=["core-engine", "for-types", "in-a-function", "a-cycle"],
)
def test_a_back_edge_breaks_them(copy: Path, module: str, line: str, said: str) -> None:
    path = copy / "variants" / module
    before = path.read_text("utf-8")
    try:
        path.write_text(f"{before}\n{line}\n", "utf-8")
        result = lint_imports(copy)
    finally:
        path.write_text(before, "utf-8")
    assert result.returncode == 1
    assert said in result.stdout


def test_the_browser_is_given_no_worker_process_and_no_signal_handler() -> None:
    """The Play page's modules (those the browser imports, at the top of each module) hold
    the simulator's tallies, chunks and reports, and not its runner."""
    shipped = {name.removesuffix(".py").removesuffix("/__init__") for name in browser_modules()}
    assert {"analysis/tallies", "analysis/chunks", "analysis/reports"} <= shipped
    assert "analysis/runner" not in shipped
    for name in browser_modules():
        tree = ast.parse((REPO / "src" / "variants" / name).read_bytes())
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
