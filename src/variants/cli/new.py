"""``variants new ID --title T [--like EXISTING]``: start a ruleset for a new source."""

from __future__ import annotations

import argparse

from .inputs import rulesets_folder
from .parsing import Parser, UsageError, path_named
from .text import say


def add(commands: argparse._SubParsersAction[Parser]) -> None:
    command = commands.add_parser("new", help="start a ruleset for a new source")
    command.add_argument("id", metavar="SOURCE_ID", help="the new ruleset's id (its file name)")
    command.add_argument("--title", required=True, help="the ruleset's title")
    command.add_argument("--like", metavar="EXISTING", help="start from this ruleset's rules")
    command.add_argument(
        "--rulesets", type=path_named, help="the rulesets folder (default: rulesets/)"
    )
    command.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..scaffold import ScaffoldError, write_new_ruleset  # Jinja2, wanted only here

    folder = rulesets_folder(args)
    try:
        path = write_new_ruleset(args.id, args.title, folder, args.like)
    except ScaffoldError as error:
        raise UsageError(str(error)) from None
    say(f"wrote {path}: edit it, then run `variants validate {path}`")
    return 0
