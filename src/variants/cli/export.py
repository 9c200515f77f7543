"""``variants export RULESET [--out FILE]``: a ruleset checked as ``validate`` checks it, and
saved as JSON for the engine to load without YAML."""

from __future__ import annotations

import argparse

from ..rules.modeljson import dump_json
from .inputs import ruleset_named
from .output import write_out
from .parsing import Parser, path_named


def add(commands: argparse._SubParsersAction[Parser]) -> None:
    command = commands.add_parser(
        "export", help="save a validated ruleset as JSON, for the engine to load without YAML"
    )
    command.add_argument("ruleset", help="a ruleset id, or the path of a ruleset file")
    command.add_argument(
        "--out", type=path_named, help="write the JSON here instead of to standard output"
    )
    command.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    ruleset = ruleset_named(args.ruleset, every_option=True)  # as `validate` checks it
    write_out(dump_json(ruleset) + "\n", args.out)
    return 0
