"""The ``variants`` command: thin wiring from arguments to the loader, engine and reporters."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from .loader import validate_paths
from .yamlsource import Problem

DEFAULT_RULESETS = Path("rulesets")


class UsageError(Exception):
    """A command-line mistake, reported in one line with exit status 1."""


def _relative(path: Path | None) -> str:
    if path is None:
        return ""
    return os.path.relpath(path, Path.cwd())


def cmd_validate(args: argparse.Namespace) -> int:
    paths = [Path(p) for p in args.paths] or [DEFAULT_RULESETS]
    for path in paths:
        if not path.exists():
            print(f"{path}:1:1: no such file or folder", file=sys.stderr)
            return 1
    sources = Path(args.sources) if args.sources else None
    validation = validate_paths(paths, sources)
    for problem in validation.problems:
        print(str(problem), file=sys.stderr)
    if validation.problems:
        files = len({p.file for p in validation.problems})
        print(
            f"{len(validation.problems)} problem(s) in {files} of {validation.files} file(s)",
            file=sys.stderr,
        )
        return 1
    if validation.files == 0:
        print("no ruleset files found", file=sys.stderr)
        return 1
    texts = (
        f"quotes checked against {_relative(validation.sources_dir)}"
        if validation.sources_dir
        else "source texts not found, quotes not checked (set VARIANTS_SOURCES)"
    )
    print(f"{len(validation.rulesets)} ruleset(s) valid; {texts}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="variants", description="Pope Joan rules variants: validate, play, narrate, compare."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    validate = sub.add_parser("validate", help="check ruleset files against schema and sources")
    validate.add_argument("paths", nargs="*", help="ruleset files or folders (default: rulesets/)")
    validate.add_argument("--sources", help="folder of source texts (default: found nearby)")
    validate.set_defaults(run=cmd_validate)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.run(args)
    except UsageError as error:
        print(f"variants: {error}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        return 0
    return code


def report(problems: Sequence[Problem]) -> None:
    for problem in problems:
        print(str(problem), file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
