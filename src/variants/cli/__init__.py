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

from collections.abc import Sequence

from . import deal, effects, export, game, listing, new, play, replay, simulate, sweep, validate
from .parsing import Parser
from .running import run_command

COMMANDS = (validate, new, listing, export, deal, play, replay, game, simulate, sweep, effects)
"""The commands, in the order ``variants --help`` lists them."""


def build_parser() -> Parser:
    parser = Parser(
        prog="variants",
        description="Pope Joan rules variants: validate, play, narrate, compare.",
        epilog="The commands that play choose each lead by a policy (--policy) and, where the "
        "rules leave the players to choose where to lay their stakes, as in Matrimony and "
        "Newmarket, lay them by a staking policy (--staking even or random).",
    )
    commands = parser.add_commands()
    for command in COMMANDS:
        command.add(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command and return its exit status (:mod:`.running`)."""
    return run_command(build_parser, argv)
