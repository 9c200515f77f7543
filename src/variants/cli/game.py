"""``variants game RULESET --players N --seed S [--narrate] [--json]``: play a whole game."""

from __future__ import annotations

import argparse
import random

from ..engine.game import play_game
from ..telling.narrate import narrate
from .inputs import staking_named, style, table_from
from .jsonout import print_json
from .parsing import Parser, look_args, staking_arg, table_args


def add(commands: argparse._SubParsersAction[Parser]) -> None:
    command = commands.add_parser("game", help="play a whole game")
    table_args(command)
    staking_arg(command)
    command.add_argument("--json", action="store_true", help="print the result as JSON")
    command.add_argument("--narrate", action="store_true", help="tell every deal run by run")
    look_args(command)
    command.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    table = table_from(args)
    ruleset, compiled = table.ruleset, table.compiled
    staking = staking_named(args.staking)
    rng = random.Random(args.seed)
    game = play_game(compiled.rules, args.players, table.policy, rng, staking=staking)
    if args.json:
        print_json(
            {
                "ruleset": ruleset.id,
                "players": args.players,
                "first_dealer": game.first_dealer,
                "deals": [
                    {"dealer": d.dealer, "winner": d.winner, "net": list(d.net)} for d in game.deals
                ],
                "totals": list(game.totals),
                "winners": list(game.winners),
                "board": dict(zip(compiled.ids, game.board, strict=True)),
            }
        )
        return 0
    print(f"{ruleset.title} ({ruleset.id}): a game for {args.players}, seed {args.seed}.")
    if args.narrate:
        for line in narrate(game.events, compiled.rules, style(args)):
            print(line)
        return 0
    print(f"Seat {game.first_dealer} deals first.")
    for number, result in enumerate(game.deals, 1):
        if result.winner is not None:
            out = f"seat {result.winner} went out"
        elif compiled.rules.play.showing is not None:
            out = "hands shown"
        else:
            out = "void"
        net = " ".join(f"{v:+d}" for v in result.net)
        print(f"Deal {number}: seat {result.dealer} deals, {out}; net {net}")
    print("Totals: " + ", ".join(f"seat {s} {v:+d}" for s, v in enumerate(game.totals)))
    left = sum(game.board)
    if left:
        print(f"Left on the board: {left} counters.")
    print("Winner: " + " and ".join(f"seat {s}" for s in game.winners))
    return 0
