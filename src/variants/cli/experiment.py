"""``python -m variants.site.stats_runs KIND RULESET --players N --deals K``: repeat one of the
statistics pages' seeded runs and print its report as JSON, for the two kinds ``variants
simulate`` does not offer (one seat with its own policy, a card's holder) and the two it does.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence

from ..analysis.reports import report_json
from ..rules.roles import chief_card, named_card
from ..site.stats_runs import KINDS, Run, play_runs
from .inputs import table_from
from .jsonout import print_json
from .parsing import Parser, UsageError, count_args, jobs_arg, one_of, table_args
from .running import run_command

PROG = "python -m variants.site.stats_runs"


def parser() -> Parser:
    """The command line of ``python -m variants.site.stats_runs``."""
    command = Parser(
        prog=PROG,
        description="Repeat one of the statistics pages' seeded runs and print it as JSON.",
    )
    command.add_argument(
        "kind", type=one_of(KINDS), choices=KINDS, help="the kind of run: " + ", ".join(KINDS)
    )
    table_args(command)
    command.set_defaults(policy="random")
    count_args(command, "deals to play", "games to play")
    command.add_argument(
        "--compartment",
        help="card-holder: the compartment whose card is followed (default: the Pope, the one "
        "won by one named card that the dressing stakes most on)",
    )
    jobs_arg(command, 0)
    command.set_defaults(run=run)
    return command


def run(args: argparse.Namespace) -> int:
    table = table_from(args)
    ruleset, options, compiled = table.ruleset, table.options, table.compiled
    unit = "games" if args.kind == "games" else "deals"
    count = args.games if unit == "games" else args.deals
    if count is None or (args.games if unit == "deals" else args.deals) is not None:
        raise UsageError(f"{args.kind} takes --{unit} K")
    if args.compartment is not None and args.compartment not in compiled.ids:
        raise UsageError(f"no compartment {args.compartment!r} (board: {', '.join(compiled.ids)})")
    if args.kind == "card-holder" and args.compartment is not None:
        followed = compiled.compartments[compiled.ids.index(args.compartment)]
        if named_card(followed.win) is None:
            named = [c.id for c in compiled.compartments if named_card(c.win) is not None]
            raise UsageError(
                f"compartment {args.compartment!r} is not won by one named card, so it has no "
                f"holder to follow (those that are: {', '.join(named) or 'none'})"
            )
    by_role = args.kind == "card-holder" and args.compartment is None
    if by_role and chief_card(compiled.rules) is None:
        raise UsageError("no compartment here is won by one named card: give --compartment")
    played = Run(
        args.kind,
        ruleset.id,
        args.players,
        count,
        args.policy,
        tuple(sorted(options.items())),
        args.seed,
        args.compartment,
    )
    (report,) = play_runs([(played, ruleset)], args.jobs or os.cpu_count() or 1)
    print_json(report_json(report), indent=2)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Repeat one run and print its report as JSON (see :mod:`.running` for the exit
    statuses)."""
    return run_command(parser, argv)
