"""Deals per second for every ruleset at 3, 5 and 8 players (or the sizes it allows), in one
process and on all cores, the generic engine against the hand-written simulator of source
000's rules, and the time ``variants validate`` takes to check the shipped rulesets with every
option combination.

The engine is timed twice: as the pure Python the browser runs, and with its hot modules
compiled by mypyc (``scripts/compile.py``, into ``build/compiled``) where a C compiler is
present; the compiled copy is made afresh before it is timed.

Every figure times a whole process, start-up included, as a user runs it: ``variants
simulate ... --json`` for the engine, a Python process running ``reference_peel.simulate``
for the hand-written simulator. Each is run ``--repeat`` times and the quickest run is kept,
since a busy machine only ever makes a run slower; the runs that are compared with each other
take turns, so that a slow spell of the machine falls on all of them alike.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def timed(*commands: list[str], repeat: int) -> list[float]:
    """For each command, the quickest of ``repeat`` runs, in seconds; the commands take turns."""
    best = [float("inf")] * len(commands)
    for _ in range(repeat):
        for index, command in enumerate(commands):
            start = time.perf_counter()
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL, cwd=ROOT)
            best[index] = min(best[index], time.perf_counter() - start)
    return best


def simulate_command(
    ruleset: str, players: int, deals: int, jobs: int, compiled: Path | None = None
) -> list[str]:
    """``variants simulate``, run from the compiled copy of the package when it is given."""
    prefix = ["env", f"PYTHONPATH={compiled}"] if compiled is not None else []
    return [
        *prefix,
        sys.executable,
        "-m",
        "variants.cli",
        "simulate",
        ruleset,
        "--players",
        str(players),
        "--deals",
        str(deals),
        "--seed",
        "1",
        "--policy",
        "random",
        "--jobs",
        str(jobs),
        "--json",
    ]


def reference_command(deals: int) -> list[str]:
    return [
        sys.executable,
        "-c",
        "import sys; sys.path.insert(0, 'scripts'); import reference_peel; "
        f"reference_peel.simulate({deals}, 1)",
    ]


def validate_command() -> list[str]:
    """``variants validate``: every shipped ruleset, every option combination, quotes too."""
    return [sys.executable, "-m", "variants.cli", "validate"]


def table_sizes() -> list[tuple[str, list[int]]]:
    """Each shipped ruleset and the table sizes it is timed at: 3, 5 and 8 players where it
    allows them, else its smallest and largest, as the sweep plays them."""
    from variants.analysis.sweep import table_sizes as sizes
    from variants.rules.loader import load_rulesets

    rulesets = load_rulesets(ROOT / "rulesets")
    return [(name, sizes(rulesets[name])) for name in sorted(rulesets)]


def compiled_copy() -> Path | None:
    """The package with the engine compiled (:mod:`compile`), made afresh; None if it cannot be
    made here, which is said."""
    sys.path.insert(0, str(ROOT / "scripts"))
    from compile import CompileError, compile_engine

    out = ROOT / "build" / "compiled"
    try:
        seconds = compile_engine(out)
    except CompileError as error:
        print(f"the compiled engine is not timed: {error}\n")
        return None
    print(f"engine compiled by mypyc in {seconds:.1f} s\n")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=100_000, help="deals per measurement")
    parser.add_argument("--repeat", type=int, default=5, help="runs per figure (best kept)")
    parser.add_argument(
        "--million", action="store_true", help="also time 1,000,000 deals, one and all cores"
    )
    parser.add_argument(
        "--headline-only", action="store_true", help="only the engine against the reference"
    )
    parser.add_argument(
        "--validation-only", action="store_true", help="only the time `variants validate` takes"
    )
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    deals, repeat = args.deals, args.repeat
    print(f"machine: {platform.machine()}, {cores} cores, Python {platform.python_version()}")
    shipped = len(list((ROOT / "rulesets").glob("*.yaml")))
    (validation_s,) = timed(validate_command(), repeat=repeat)
    print(
        f"`variants validate`, {shipped} shipped rulesets, every option combination, "
        f"whole process, best of {repeat}: {validation_s:.2f} s\n"
    )
    if args.validation_only:
        return
    print(f"{deals:,} deals per figure, policy random, whole process timed, best of {repeat}\n")

    compiled = compiled_copy()
    commands = [
        reference_command(deals),
        simulate_command("peel", 5, deals, 1),
        simulate_command("peel", 5, deals, 2),
        simulate_command("peel", 5, 1, 1),
    ]
    if compiled is not None:
        commands += [
            simulate_command("peel", 5, deals, 1, compiled),
            simulate_command("peel", 5, 1, 1, compiled),
        ]
    times = timed(*commands, repeat=repeat)
    reference_s, engine_s, two_s, start_up = times[:4]
    reference, engine, two = deals / reference_s, deals / engine_s, deals / two_s
    print(f"hand-written simulator, source 000 rules, 5 players: {reference:9,.0f} deals/s")
    print(f"generic engine, peel, 5 players, one process:       {engine:9,.0f} deals/s")
    print(f"generic engine, peel, 5 players, --jobs 2:          {two:9,.0f} deals/s")
    if compiled is not None:
        fast_s, fast_start = times[4:]
        print(f"the engine compiled by mypyc, one process:          {deals / fast_s:9,.0f} deals/s")
    print(f"the engine takes {engine_s / reference_s:.2f} times as long as the hand-written one")
    if compiled is not None:
        print(f"compiled, the engine takes {fast_s / reference_s:.2f} times as long")
    print(f"--jobs 2 plays {two / engine:.2f} times as many deals a second as one job")
    print(f"start-up of `variants simulate` (one deal): {start_up:.2f} s", end="")
    print(f", compiled {fast_start:.2f} s\n" if compiled is not None else "\n")

    if not args.headline_only:
        header = f"{'ruleset':<20}{'players':>8}{'1 process':>14}{f'{cores} processes':>16}"
        print(f"{header}{'ratio':>8}")
        for ruleset, sizes in table_sizes():
            for players in sizes:
                one_s, many_s = timed(
                    simulate_command(ruleset, players, deals, 1),
                    simulate_command(ruleset, players, deals, cores),
                    repeat=repeat,
                )
                one, many = deals / one_s, deals / many_s
                print(f"{ruleset:<20}{players:>8}{one:>14,.0f}{many:>16,.0f}{many / one:>8.2f}")
    if args.million:
        one_s, many_s = timed(
            simulate_command("peel", 5, 1_000_000, 1),
            simulate_command("peel", 5, 1_000_000, cores),
            repeat=1,
        )
        print(f"\n1,000,000 deals, peel, 5 players: {one_s:.1f} s in one process, ", end="")
        print(f"{many_s:.1f} s in {cores} ({one_s / many_s:.2f} times as fast)")


if __name__ == "__main__":
    main()
