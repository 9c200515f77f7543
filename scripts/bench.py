"""Deals per second for every ruleset at 3, 5 and 8 players, in one process and on all cores,
and the generic engine against the hand-written simulator of source 000's rules.

Every figure times a whole ``variants simulate`` process, start-up included, as a user runs it.
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


def timed(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, cwd=ROOT)
    return time.perf_counter() - start


def simulate_command(ruleset: str, players: int, deals: int, jobs: int) -> list[str]:
    return [
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=100_000, help="deals per measurement")
    parser.add_argument("--million", action="store_true", help="also time 1,000,000 deals")
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    print(f"machine: {platform.machine()}, {cores} cores, Python {platform.python_version()}")
    print(f"{args.deals} deals per figure, policy random, whole process timed\n")

    start = time.perf_counter()
    subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; sys.path.insert(0, 'scripts');"
            f"import reference_peel; reference_peel.simulate({args.deals}, 1)",
        ],
        check=True,
        cwd=ROOT,
    )
    reference = args.deals / (time.perf_counter() - start)
    engine = args.deals / timed(simulate_command("peel", 5, args.deals, 1))
    print(f"hand-written simulator, source 000 rules, 5 players: {reference:9,.0f} deals/s")
    print(f"generic engine, peel, 5 players, one process:       {engine:9,.0f} deals/s")
    print(f"the engine takes {reference / engine:.2f} times as long\n")

    print(f"{'ruleset':<20}{'players':>8}{'1 process':>14}{f'{cores} processes':>16}{'ratio':>8}")
    rulesets = sorted(p.stem for p in (ROOT / "rulesets").glob("*.yaml"))
    for ruleset in rulesets:
        for players in (3, 5, 8):
            one = args.deals / timed(simulate_command(ruleset, players, args.deals, 1))
            many = args.deals / timed(simulate_command(ruleset, players, args.deals, cores))
            print(f"{ruleset:<20}{players:>8}{one:>14,.0f}{many:>16,.0f}{many / one:>8.2f}")
    if args.million:
        seconds = timed(simulate_command("peel", 5, 1_000_000, cores))
        print(f"\n1,000,000 deals, peel, 5 players, {cores} processes: {seconds:.1f} s")


if __name__ == "__main__":
    main()
