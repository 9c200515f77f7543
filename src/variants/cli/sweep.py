"""``variants sweep [RULESET ...]``: every option value of each ruleset measured against its
default rules on the same deals, at each table size under each lead policy, into a store that
a second run reads instead of playing again."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..analysis.cluster import ClusterError, DaskRunner
from ..analysis.replay import summary
from ..analysis.runner import MAX_COUNT
from ..analysis.store import Store, StoreError
from ..analysis.sweep import (
    POLICY_DEALS,
    TABLE_SIZES,
    LocalRunner,
    Runner,
    local_jobs,
    plan,
    run,
    table_sizes,
    variants,
)
from ..core.settings import SettingError, store_path
from ..dealfile import MAX_SEED
from ..engine.policies import POLICIES
from ..mechanics.ruleset import Ruleset
from ..rules.loader import validate_paths
from .inputs import ruleset_named, rulesets_folder
from .jsonout import print_json
from .output import write_out
from .parsing import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Parser,
    UsageError,
    jobs_arg,
    one_of,
    path_named,
    whole,
)
from .text import say

if TYPE_CHECKING:
    from ..site.statistics.page import Stored


def store_arg(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--store",
        type=path_named,
        default=str(store_path()),
        help=f"the store's SQLite file (default: {store_path()}, the project's, which the "
        "site reads; or $VARIANTS_STORE)",
    )


def add(commands: argparse._SubParsersAction[Parser]) -> None:
    sizes = ", ".join(map(str, TABLE_SIZES))
    deals = " and ".join(
        f"{count:,} under {policy} leads" for policy, count in POLICY_DEALS.items()
    )
    command = commands.add_parser(
        "sweep",
        help="measure every option value against the default rules, into a store",
        description="Play each ruleset's default rules and each option value changed alone, "
        "every variant on the same deals as the default rules, and keep the figures in a "
        "store; cells already in the store and up to date are not played again. A sweep at the "
        "project's own sizes (no --players, --policy, --deals or --seed) also keeps the "
        "statistics pages' runs of these rulesets in the store's folder (runs/).",
    )
    command.add_argument("ruleset", nargs="*", help="ruleset ids or files (default: every ruleset)")
    command.add_argument(
        "--players",
        type=whole(MIN_PLAYERS, MAX_PLAYERS),
        action="append",
        help=f"a table size, again for more (default: {sizes}, as each ruleset allows)",
    )
    command.add_argument(
        "--policy",
        type=one_of(tuple(POLICIES)),
        action="append",
        help=f"a lead policy, again for more (default: {', '.join(POLICY_DEALS)})",
    )
    command.add_argument(
        "--deals",
        type=whole(1, MAX_COUNT),
        help=f"deals a cell (default: {deals})",
    )
    command.add_argument(
        "--seed", type=whole(0, MAX_SEED), default=0, help=f"seed of the deals (0 to {MAX_SEED})"
    )
    store_arg(command)
    jobs_arg(command, 0)
    command.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="play on the Dask cluster of this scheduler (tcp://HOST:PORT) instead of here",
    )
    command.add_argument(
        "--rulesets", type=path_named, help="the rulesets folder (default: rulesets/)"
    )
    command.add_argument(
        "--json", action="store_true", help="print how many cells there were and were played"
    )
    command.set_defaults(run=run_sweep)


def rulesets_asked(args: argparse.Namespace) -> list[Ruleset]:
    """The rulesets named, or every ruleset in the rulesets folder."""
    if args.ruleset:
        return list({ruleset.id: ruleset for ruleset in map(ruleset_named, args.ruleset)}.values())
    return every_ruleset(args)


def every_ruleset(args: argparse.Namespace) -> list[Ruleset]:
    """Every ruleset in the rulesets folder, each valid."""
    folder = rulesets_folder(args)
    found = validate_paths([folder])
    if found.problems:
        raise UsageError(str(found.problems[0]))
    if not found.rulesets:
        raise UsageError(f"no ruleset files in {folder}")
    return list(found.rulesets)


def _progress(bar: Any) -> Callable[[int], None] | None:
    """What moves the progress bar on by a number of deals, if one is shown."""
    if bar is None:
        return None

    def advance(deals: int) -> None:
        bar.update(deals)

    return advance


def summary_path(store: Path) -> Path:
    """The text summary beside a store, for a reviewer to read in a diff: ``sweep.txt`` beside
    ``sweep.sqlite``."""
    return store.with_suffix(".txt")


def _runner(args: argparse.Namespace) -> Runner:
    """Where the chunks are played: the Dask cluster ``--scheduler`` names, else here."""
    if not args.scheduler:
        return LocalRunner(local_jobs(args.jobs))
    try:
        return DaskRunner(args.scheduler)
    except ClusterError as error:
        raise UsageError(str(error)) from None


def open_store(path: str) -> Store:
    try:
        return Store(Path(path))
    except StoreError as error:
        raise UsageError(str(error)) from None


def run_sweep(args: argparse.Namespace) -> int:
    rulesets = rulesets_asked(args)
    if not any(table_sizes(ruleset, args.players or ()) for ruleset in rulesets):
        raise UsageError("no cell to play: no ruleset allows the table sizes asked for")
    runner = _runner(args)  # a cluster that cannot be used is said before the store is made
    written = removed = 0
    try:
        with open_store(args.store) as store:
            # The cells of options a ruleset no longer has can never be brought up to date.
            removed = sum(store.forget(r.id, [v.options for v in variants(r)]) for r in rulesets)
            asked = (args.players or (), args.policy or (), args.deals, args.seed)
            planned = plan(rulesets, store, *asked)
            bar = None
            if not args.json and sys.stderr.isatty() and planned.groups:
                from tqdm import tqdm  # only for a person watching a terminal

                bar = tqdm(total=planned.deals, unit=" deals", file=sys.stderr)
            try:
                written = run(planned, store, runner, _progress(bar))
            finally:
                if bar is not None:
                    bar.close()
            write_out(summary(store.cells()), summary_path(Path(args.store)), quiet=True)
    except StoreError as error:
        raise UsageError(str(error)) from None
    finally:
        runner.close(cancel=True)
    site_runs = None
    if _whole(args):
        site_runs = _site_runs(args, rulesets)
    if args.json:
        found: dict[str, object] = {
            "cells": planned.cells,
            "played": written,
            "from_store": planned.cells - written,
            "removed": removed,
            "deals": planned.deals,
        }
        if site_runs is not None:
            found["statistics_runs"] = vars(site_runs)
        print_json(found, indent=2)
        return 0
    say(
        f"{planned.cells} cell{'s' if planned.cells != 1 else ''}: {written} played "
        f"({planned.deals:,} deals), {planned.cells - written} up to date in {args.store}"
        + (f"; {removed} of options no longer in the rules removed" if removed else "")
    )
    if site_runs is not None:
        say(
            f"the statistics pages' {site_runs.runs} runs: {site_runs.played} played, "
            f"{site_runs.removed} no longer needed removed, in {runs_folder(args)}"
        )
    return 0


def _whole(args: argparse.Namespace) -> bool:
    """Whether the sweep is of the project's own sizes (no table size, policy, number of deals
    or seed of its own): then the statistics pages' runs are kept in the store too."""
    return not (args.players or args.policy or args.deals is not None or args.seed != 0)


def runs_folder(args: argparse.Namespace) -> Path:
    """The statistics pages' runs: ``runs`` beside the store."""
    return Path(args.store).parent / "runs"


def _site_runs(args: argparse.Namespace, rulesets: list[Ruleset]) -> Stored:
    """The statistics pages' runs of ``rulesets`` kept up to date in the store's folder."""
    from ..site.statistics.page import store_runs  # only for a sweep of the project's sizes

    site = {r.id: r for r in every_ruleset(args)}
    site.update({r.id: r for r in rulesets})
    folder = runs_folder(args)
    try:
        folder.mkdir(exist_ok=True)
        return store_runs(rulesets, list(site.values()), folder, local_jobs(args.jobs))
    except (OSError, SettingError) as error:
        raise UsageError(f"{folder}: cannot keep the statistics runs here: {error}") from None
