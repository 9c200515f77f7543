"""Compile the engine's hot modules with mypyc, into a copy of the package beside the source.

The modules compiled are the ones every simulated deal runs through (:data:`COMPILED`): the
play loop, the compiled tables and the deal, the ledger, the lead policies, the simulator's
tally, and the mechanics that settle a deal of the commonest rules (the turn-up's payout, the
pairs, the bonuses, going out and its holders). They are the same files as the pure-Python
engine, type-checked and translated to C by mypyc. The one thing in them said for the
compiler is the mark :func:`~variants.core.compiling.python_class` on a compiled mechanic's
classes, which keeps them ordinary Python classes (its ways to win subclass one that stays
Python) while its functions are compiled. The rest of the package is copied as it is, so that
a process run with ``PYTHONPATH`` set to the copy imports the compiled modules and the pure
ones beside them:

    python scripts/compile.py            # into build/compiled
    PYTHONPATH=build/compiled python -m variants.cli simulate peel --deals 100000

The copy is made afresh each time, so it never runs code older than the source. It needs a C
compiler and the Python headers (mypyc comes with the development tools, ``mypy``); without
them this says so in one line and exits with status 1. ``tests/test_compiled.py`` checks that
the compiled engine gives the same figures as the pure one, to the last digit.
"""

from __future__ import annotations

import argparse
import compileall
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMPILED = (
    "variants/engine/play.py",
    "variants/engine/compiled.py",
    "variants/engine/deal.py",
    "variants/engine/settle.py",
    "variants/engine/policies.py",
    "variants/analysis/bulk.py",
    "variants/mechanics/turn_up_payout.py",
    "variants/mechanics/pair.py",
    "variants/mechanics/bonus.py",
    "variants/mechanics/going_out.py",
    "variants/mechanics/holders.py",
)
"""The modules compiled, as paths inside the package's folder."""
MARKER = ".compiled-engine"
"""The file that marks a folder as one this script made, and so may remove and make again."""


class CompileError(Exception):
    """Why the engine could not be compiled, in one line."""


def missing_tools() -> str | None:
    """What is missing for mypyc to build here, or None."""
    if importlib.util.find_spec("mypyc") is None:
        return "mypyc is not installed (it comes with mypy: pip install mypy)"
    compiler = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    if shutil.which(compiler.split()[0]) is None:
        return f"no C compiler ({compiler.split()[0]}) on the PATH"
    include = sysconfig.get_paths()["include"]
    if not (Path(include) / "Python.h").is_file():
        return f"the Python headers are missing (no Python.h in {include})"
    return None


def compile_engine(out: Path) -> float:
    """Copy the package into ``out`` and compile :data:`COMPILED` there; return the seconds
    it took. Raise :class:`CompileError` if it cannot be done."""
    missing = missing_tools()
    if missing is not None:
        raise CompileError(f"cannot compile the engine: {missing}")
    if out.is_symlink() or (out.exists() and not (out / MARKER).is_file()):
        raise CompileError(f"{out} exists and was not made by this script: not replacing it")
    start = time.perf_counter()
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    (out / MARKER).write_text("made by scripts/compile.py; removed and made again on each run\n")
    shutil.copytree(
        ROOT / "src" / "variants",
        out / "variants",
        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyc"),
    )
    result = subprocess.run(
        [sys.executable, "-m", "mypyc", *COMPILED],
        cwd=out,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        check=False,
    )
    (out / "mypyc.log").write_text(result.stdout)
    if result.returncode != 0:
        last = result.stdout.strip().splitlines()[-1:] or ["no output"]
        raise CompileError(f"mypyc failed (the whole log is in {out / 'mypyc.log'}): {last[0]}")
    shutil.rmtree(out / "build", ignore_errors=True)
    compileall.compile_dir(out / "variants", quiet=1)  # each process then starts as installed
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--out", type=Path, default=ROOT / "build" / "compiled", help="the copy's folder"
    )
    args = parser.parse_args()
    try:
        seconds = compile_engine(args.out)
    except CompileError as error:
        print(f"compile: {error}", file=sys.stderr)
        return 1
    print(f"compiled {len(COMPILED)} modules of the engine into {args.out} in {seconds:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
