"""``variants replay DEAL``: a deal file's play told in prose, run by run, with the
settlement."""

from __future__ import annotations

import argparse

from ..telling.narrate import narrate, settlement_table
from .inputs import deal_played, deal_read, style
from .parsing import Parser, deal_file_args
from .text import say


def add(commands: argparse._SubParsersAction[Parser]) -> None:
    command = commands.add_parser("replay", help="tell a deal file's play in prose, run by run")
    deal_file_args(command)
    command.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    deal = deal_read(args)
    result = deal_played(deal)
    looks = style(args)
    # What the files say is shown as it is and never acts on the terminal; the narration's
    # colours are the project's own.
    given = [deal.title] if deal.title else []
    given += deal.notes.split("\n") if deal.notes else []
    given.append(f"Rules: {deal.ruleset.title} ({deal.ruleset.id}).")
    for line in given:
        say(line)
    for line in narrate(result.events, deal.compiled.rules, looks):
        print(line)
    print()
    for line in settlement_table(result.net, deal.setup.dealer, result.winner):
        print(line)
    return 0
