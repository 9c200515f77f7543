"""``variants deal RULESET --players N --seed S``: deal and play one deal, and write it as a
deal file with its leads (and the stakes laid, where a staking other than the default chose
them)."""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from ..dealfile import MAX_SEED
from ..dealwrite import deal_file_text
from ..engine.deal import shuffled_deal
from ..engine.events import Dressed, Led
from ..engine.game import choose_first_dealer
from ..engine.play import play_deal
from .inputs import staking_named, table_from
from .output import write_out
from .parsing import Parser, UsageError, path_named, staking_arg, table_args


def add(commands: argparse._SubParsersAction[Parser]) -> None:
    command = commands.add_parser(
        "deal", help="deal and play one deal, and write it as a deal file"
    )
    table_args(command)
    staking_arg(command)
    command.add_argument(
        "--out", type=path_named, help="write the deal file here instead of to standard output"
    )
    command.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    table = table_from(args)
    ruleset, compiled, policy = table.ruleset, table.compiled, table.policy
    staking = staking_named(args.staking)
    if not 0 <= args.seed <= MAX_SEED:
        raise UsageError(f"--seed must be a whole number from 0 to {MAX_SEED}")
    rng = random.Random(args.seed)
    dealer, _ = choose_first_dealer(compiled, rng)
    setup = shuffled_deal(compiled, rng, dealer)
    result = play_deal(compiled, setup, policy, rng, staking=staking)
    leads = [e.card for e in result.events if isinstance(e, Led)]
    laid = []  # the stakes, where they were the players' choice and not the default's
    if compiled.staked(staking):
        laid = [(e.seat, e.compartment, e.amount) for e in result.events if isinstance(e, Dressed)]
    text = deal_file_text(
        ruleset.id,
        setup,
        leads,
        policy.name,
        table.options,
        seed=args.seed,
        title=f"{ruleset.title}: {args.players} players, seed {args.seed}",
        board_ids=compiled.ids,
        stakes=laid,
    )
    write_out(text, None if args.out is None else Path(args.out))
    return 0
