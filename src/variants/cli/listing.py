"""``variants list``: the rulesets, one a line: id, title, source, date, status, players."""

from __future__ import annotations

import argparse

from ..mechanics.ruleset import status_label
from ..rules.loader import validate_paths
from .inputs import rulesets_folder
from .parsing import Parser, path_named
from .text import error, table

TITLE_WIDTH = 48
"""The widest a title is shown; a longer one is cut."""


def add(commands: argparse._SubParsersAction[Parser]) -> None:
    command = commands.add_parser("list", help="list the rulesets")
    command.add_argument(
        "--rulesets", type=path_named, help="the rulesets folder (default: rulesets/)"
    )
    command.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    folder = rulesets_folder(args)
    validation = validate_paths([folder])
    for problem in validation.problems:
        error(str(problem))
    if validation.problems and not validation.rulesets:
        return 1
    if not validation.rulesets:
        error(f"variants: no ruleset files in {folder}")
        return 1
    rows = [("id", "title", "source", "date", "status", "players")]
    cited_only = validation.texts.cited_only if validation.texts else frozenset()
    for ruleset in validation.rulesets:
        rules = ruleset.rules
        modern = all(file.name in cited_only for file in ruleset.source.files)
        rows.append(
            (
                ruleset.id,
                ruleset.title,
                ruleset.source.author,
                ruleset.source.date,
                status_label(ruleset, modern),
                f"{rules.players.min}-{rules.players.max}",
            )
        )
    for line in table(rows, {1: TITLE_WIDTH}):
        print(line)
    return 1 if validation.problems else 0
