"""The ``variants`` command: thin wiring from arguments to the loader, the engine and the
reporters.

:mod:`.parsing` holds the parser and says each mistake on the command line; each command is a
module (:mod:`.validate`, :mod:`.listing`, :mod:`.new`, :mod:`.export`, :mod:`.deal`,
:mod:`.play`, :mod:`.replay`, :mod:`.game`, :mod:`.simulate`, :mod:`.sweep`, :mod:`.effects`,
and :mod:`.experiment` for
``python -m variants.site.stats_runs``) that adds its arguments and runs; :mod:`.inputs` checks
what they take (a ruleset, options, a deal file, a folder); :mod:`.text` and :mod:`.jsonout`
print; :mod:`.running` runs one command with its exit status (0, 1 for any mistake told in one
line, 130 for Ctrl-C, 143 for SIGTERM) and its output guarded against a closed pipe.

This is the top layer: nothing else in the package imports it but :mod:`variants.entry`.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence

from .parsing import Parser
from .running import run_command

COMMANDS = {
    "validate": "validate",
    "new": "new",
    "list": "listing",
    "export": "export",
    "deal": "deal",
    "play": "play",
    "replay": "replay",
    "game": "game",
    "simulate": "simulate",
    "sweep": "sweep",
    "effects": "effects",
}
"""Each command and the module that holds it, in the order ``variants --help`` lists them."""


def build_parser(argv: Sequence[str] = ()) -> Parser:
    """The parser of every command; for arguments that begin with a command's name, of that
    command alone, so that a command loads only what it needs (a command's arguments and its
    usage are the same either way)."""
    parser = Parser(
        prog="variants",
        description="Pope Joan rules variants: validate, play, narrate, compare.",
        epilog="The commands that play choose each lead by a policy (--policy) and, where the "
        "rules leave the players to choose where to lay their stakes, as in Matrimony and "
        "Newmarket, lay them by a staking policy (--staking even or random).",
    )
    commands = parser.add_commands()
    named = [argv[0]] if argv and argv[0] in COMMANDS else list(COMMANDS)
    for name in named:
        importlib.import_module(f"{__name__}.{COMMANDS[name]}").add(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command and return its exit status (:mod:`.running`)."""
    given = list(sys.argv[1:] if argv is None else argv)
    return run_command(lambda: build_parser(given), given)
