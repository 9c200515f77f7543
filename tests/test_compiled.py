"""The engine compiled by mypyc (``scripts/compile.py``) plays exactly as the pure-Python one:
every shipped ruleset, every option value changed alone, at each table size a sweep plays,
under random and advised leads, deals and whole games, figure for figure.

It needs a C compiler and the Python headers; where they are missing it is skipped, and says
which is missing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "scripts"))

from compile import COMPILED, compile_engine, missing_tools  # noqa: E402

MISSING = missing_tools()
pytestmark = pytest.mark.skipif(MISSING is not None, reason=f"cannot compile: {MISSING}")

FIGURES = """
import json, sys
from pathlib import Path
from variants.analysis.reports import Meta, deals_report, games_report, report_json
from variants.analysis.runner import simulate_deals, simulate_games
from variants.analysis.sweep import table_sizes, variants
from variants.rules.loader import load_rulesets

for ruleset in load_rulesets(Path(sys.argv[1])).values():
    for variant in variants(ruleset):
        options = dict(variant.options)
        for players in table_sizes(ruleset):
            for policy in ("random", "advised"):
                meta = Meta(players, policy, ruleset.id, 7, ruleset.choices(options), None)
                tally = simulate_deals(ruleset, players, 150, 7, policy, options)
                print(json.dumps(report_json(deals_report(tally, meta)), sort_keys=True))
    players = table_sizes(ruleset)[0]
    meta = Meta(players, "random", ruleset.id, 7, ruleset.choices({}), None)
    games = simulate_games(ruleset, players, 3, 7, "random", {})
    print(json.dumps(report_json(games_report(games, meta)), sort_keys=True))
"""


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("engine") / "compiled"
    compile_engine(out)
    return out


def run_from(path: Path, code: str, *args: str) -> str:
    environment = {**os.environ, "PYTHONPATH": str(path)}
    result = subprocess.run(
        [sys.executable, "-c", code, *args],
        env=environment,
        capture_output=True,
        text=True,
        check=True,
        cwd=REPO,
    )
    return result.stdout


def test_the_compiled_modules_are_the_ones_a_process_imports(compiled: Path) -> None:
    modules = [name.removesuffix(".py").replace("/", ".") for name in COMPILED]
    code = f"import importlib; [print(importlib.import_module(m).__file__) for m in {modules!r}]"
    files = run_from(compiled, code).split()
    assert len(files) == len(COMPILED)
    for name, file in zip(COMPILED, files, strict=True):
        assert file.startswith(str(compiled)), name
        assert file.endswith(".so"), f"{name} was imported as Python source: {file}"


def test_compiled_and_pure_give_the_same_figures_to_the_last_digit(compiled: Path) -> None:
    rulesets = str(REPO / "rulesets")
    pure = run_from(REPO / "src", FIGURES, rulesets).splitlines()
    fast = run_from(compiled, FIGURES, rulesets).splitlines()
    assert len(pure) > 200  # every ruleset's variants, sizes and policies, and its games
    assert fast == pure
