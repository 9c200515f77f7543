"""``variants simulate RULESET --players N (--deals K | --games K) --seed S``: Monte Carlo
statistics with 95% intervals, as a table or as JSON."""

from __future__ import annotations

import argparse
import os
import sys

from ..analysis.reports import Meta, Report, deals_report, games_report, report_json
from ..analysis.runner import simulate_deals, simulate_games
from ..engine.staking import DEFAULT_STAKING
from .inputs import staking_named, table_from
from .jsonout import print_json
from .parsing import (
    MAX_JOBS,
    Parser,
    UsageError,
    count_args,
    jobs_arg,
    staking_arg,
    table_args,
)
from .text import report_lines


def add(commands: argparse._SubParsersAction[Parser]) -> None:
    command = commands.add_parser("simulate", help="play many deals or games and report statistics")
    table_args(command)
    staking_arg(command)
    command.set_defaults(policy="random")
    count_args(command, "play this many independent deals", "play this many whole games")
    jobs_arg(command, 1)
    command.add_argument("--json", action="store_true", help="print the summary as JSON")
    command.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    table = table_from(args)
    ruleset, options = table.ruleset, table.options
    staking_named(args.staking)
    if (args.deals is None) == (args.games is None):
        raise UsageError("give one of --deals K or --games K")
    count = args.deals if args.deals is not None else args.games
    if count < 1:
        raise UsageError("the number of deals or games must be at least 1")
    jobs = args.jobs or min(os.cpu_count() or 1, MAX_JOBS)
    meta = Meta(
        args.players,
        args.policy,
        ruleset.id,
        args.seed,
        ruleset.choices(options),
        args.staking if args.staking != DEFAULT_STAKING else None,
    )
    bar = None
    if not args.json and sys.stderr.isatty():
        from tqdm import tqdm  # only for a person watching a terminal

        bar = tqdm(total=count, unit=" deals" if args.deals else " games", file=sys.stderr)

    def progress(count: int) -> None:
        if bar is not None:
            bar.update(count)

    report: Report
    try:
        played = (ruleset, args.players, count, args.seed, args.policy, options, jobs, progress)
        if args.deals is not None:
            report = deals_report(simulate_deals(*played, args.staking), meta)
        else:
            report = games_report(simulate_games(*played, args.staking), meta)
    finally:
        if bar is not None:
            bar.close()
    if args.json:
        print_json(report_json(report), indent=2)
    else:
        for line in report_lines(report):
            print(line)
    return 0
