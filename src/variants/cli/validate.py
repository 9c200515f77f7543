"""``variants validate [PATH ...]``: check ruleset files or folders, one line per problem."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from ..rules.loader import validate_paths
from .inputs import folder_named
from .parsing import Parser, path_named
from .text import error, say

DEFAULT_RULESETS = Path("rulesets")


def add(commands: argparse._SubParsersAction[Parser]) -> None:
    command = commands.add_parser("validate", help="check ruleset files against schema and sources")
    command.add_argument("paths", nargs="*", help="ruleset files or folders (default: rulesets/)")
    command.add_argument(
        "--sources", type=path_named, help="folder of source texts (default: found nearby)"
    )
    command.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    paths = [Path(p) for p in args.paths] or [DEFAULT_RULESETS]
    for path in paths:
        if not os.path.lexists(path):  # a link is there, to be refused by the reader
            error(f"{path}:1:1: no such file or folder")
            return 1
    sources = folder_named("--sources", args.sources) if args.sources is not None else None
    validation = validate_paths(paths, sources, combinations=True)
    for problem in validation.problems:
        error(str(problem))
    if validation.problems:
        files = len({p.file for p in validation.problems})
        error(f"{len(validation.problems)} problem(s) in {files} of {validation.files} file(s)")
        return 1
    if validation.files == 0:
        error("no ruleset files found")
        return 1
    texts = (
        f"quotes checked against {_relative(validation.texts.folder)}"
        if validation.texts
        else "source texts not found, quotes not checked (set VARIANTS_SOURCES)"
    )
    if validation.unchecked:
        names = " and ".join(validation.unchecked)
        texts += f"; {names} not kept there, so not checked (set VARIANTS_SOURCES)"
    say(f"{len(validation.rulesets)} ruleset(s) valid; {texts}")
    return 0


def _relative(path: Path | None) -> str:
    if path is None:
        return ""
    return os.path.relpath(path, Path.cwd())
