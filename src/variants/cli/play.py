"""``variants play DEAL [--json]``: play a deal file and print the result."""

from __future__ import annotations

import argparse

from ..core.cards import parse_card
from ..telling.results import deal_json
from .inputs import deal_played, deal_read, style
from .jsonout import print_json
from .parsing import Parser, deal_file_args


def add(commands: argparse._SubParsersAction[Parser]) -> None:
    command = commands.add_parser("play", help="play a deal file and print the result")
    deal_file_args(command, json="print the result as JSON")
    command.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    deal = deal_read(args)
    result = deal_played(deal)
    summary = deal_json(deal.ruleset.id, deal.compiled.ids, result.events)
    if args.json:
        print_json(summary)
        return 0
    looks = style(args)
    cards = " ".join(looks.card(parse_card(p["card"])) for p in summary["plays"])
    print(f"{deal.ruleset.title} ({deal.ruleset.id}), {deal.setup.players} players")
    print(f"plays:  {cards}")
    winner = summary["winner"]
    print("winner: " + (f"seat {winner}" if winner is not None else "nobody (deal void)"))
    for cid, seats in summary["won"].items():
        if seats:
            print(f"won:    {cid}: " + ", ".join(f"seat {s}" for s in seats))
    print("net:    " + "  ".join(f"seat {i} {v:+d}" for i, v in enumerate(summary["net"])))
    left = {k: v for k, v in summary["board"].items() if v}
    print("board:  " + (", ".join(f"{k} {v}" for k, v in left.items()) or "empty"))
    return 0
