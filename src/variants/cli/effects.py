"""``variants effects RULESET``: what each option value changes, measured against the default
rules on the same deals, with 95% intervals, from a sweep's store."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..analysis.effects import effects_json, figure_words, option_effects, together_effects
from ..analysis.store import StoreError, stored_cells
from .inputs import ruleset_named
from .jsonout import print_json
from .parsing import Parser, UsageError
from .sweep import store_arg
from .text import say, table


def add(commands: argparse._SubParsersAction[Parser]) -> None:
    command = commands.add_parser(
        "effects",
        help="what each option value changes, from a sweep's store",
        description="For each option value of a ruleset, its effect on each figure against "
        "the default rules, measured on the same deals, with its 95% interval; * marks an "
        "effect distinguishable from none.",
    )
    command.add_argument("ruleset", help="a ruleset id, or the path of a ruleset file")
    store_arg(command)
    command.add_argument("--json", action="store_true", help="print the effects as JSON")
    command.set_defaults(run=run_effects)


def run_effects(args: argparse.Namespace) -> int:
    ruleset = ruleset_named(args.ruleset)
    try:
        cells = stored_cells(Path(args.store), ruleset.id)
    except StoreError as error:
        raise UsageError(str(error)) from None
    found, stale = option_effects(ruleset, cells)
    if not found:
        why = f" ({stale} out of date)" if stale else ""
        raise UsageError(
            f"{args.store}: no up-to-date figures of {ruleset.id}{why}: "
            f"run variants sweep {ruleset.id} --store {args.store}"
        )
    together = together_effects(ruleset, cells)
    if args.json:
        print_json(effects_json(ruleset, found, stale, together), indent=2)
        return 0
    words = figure_words(ruleset, short=True)
    heading = None
    rows: list[tuple[str, ...]] = []
    for item in found:
        here = f"{item.players} players, {item.policy} leads, {item.deals:,} deals a variant"
        if here != heading:
            if rows:
                rows.append(("",) * 5)
            rows.append((here, "", "", "", ""))
            heading = here
        for effect in item.effects:
            rows.append(
                (
                    f"  {item.option}={item.value}",
                    words[effect.figure],
                    f"{effect.effect:+.3f}{' *' if effect.distinguishable else '  '}",
                    f"[{effect.low:+.3f}, {effect.high:+.3f}]",
                    f"±{effect.unpaired:.3f}",
                )
            )
    for line in table([("variant", "figure", "effect", "95% interval", "unpaired"), *rows]):
        say(line)
    if together:
        say("")
        rows = []
        for both in together:
            here = f"{both.combination.label}, {both.players} players, {both.policy} leads"
            rows.append((here, "", "", ""))
            for part in both.apart:
                rows.append(
                    (
                        f"  {words[part.figure]}",
                        f"{part.apart + part.difference:+.3f}",
                        f"{part.apart:+.3f}",
                        f"{part.difference:+.3f}{' *' if part.distinguishable else '  '} "
                        f"(±{part.bound:.3f} at most)",
                    )
                )
        header = ("values together", "effect together", "sum apart", "difference")
        for line in table([header, *rows]):
            say(line)
    if stale:
        say(f"{stale} cell{'s' if stale != 1 else ''} out of date left out: sweep again")
    return 0
