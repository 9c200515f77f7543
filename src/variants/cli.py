"""The ``variants`` command: thin wiring from arguments to the loader, engine and reporters."""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections.abc import Sequence
from pathlib import Path

from .cards import parse_card
from .compiled import CompiledRules, compile_rules
from .deal import shuffled_deal
from .dealfile import (
    MAX_SEED,
    DealFile,
    DealFileError,
    deal_file_text,
    find_ruleset,
    is_ruleset_id,
    play_deal_file,
    read_deal_file,
    rulesets_dir,
)
from .events import Led
from .game import choose_first_dealer, play_game
from .loader import choice_problems, load_ruleset, validate_paths
from .narrate import Style, narrate, settlement_table
from .play import DealResult, Policy, play_deal
from .policies import make_policy
from .report import report_lines
from .results import deal_json
from .ruleset import OptionError, Ruleset, status_label
from .safewrite import WriteError, write_text
from .simulate import deals_report, games_report, simulate_deals, simulate_games
from .yamlsource import ProblemsError

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
    validation = validate_paths(paths, sources, combinations=True)
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


def _ruleset(name: str) -> Ruleset:
    """A ruleset by id (under the rulesets folder) or by path to its file. The options chosen
    are checked by :func:`_options`, the others by ``variants validate``."""
    path = Path(name)
    if path.suffix in (".yaml", ".yml") or (not is_ruleset_id(name) and _exists(path)):
        try:
            return load_ruleset(path, each_option=False)
        except ProblemsError as error:
            raise UsageError(str(error.problems[0])) from None
    try:
        return find_ruleset(name)
    except ValueError as error:
        raise UsageError(str(error)) from None


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except OSError:  # a name too long for a file, for one
        return False


def _options(pairs: Sequence[str] | None, ruleset: Ruleset) -> dict[str, str]:
    chosen: dict[str, str] = {}
    for pair in pairs or ():
        key, sep, value = pair.partition("=")
        if not sep:
            raise UsageError(f"--option takes key=value, not {pair!r}")
        chosen[key.strip()] = value.strip()
    try:
        ruleset.choices(chosen)
    except OptionError as error:
        raise UsageError(str(error)) from None
    problems = choice_problems(ruleset, chosen)
    if problems:
        raise UsageError(f"{ruleset.id} cannot be played with these options: {problems[0]}")
    return chosen


def _compiled(ruleset: Ruleset, options: dict[str, str], players: int) -> CompiledRules:
    rules = ruleset.rules_for(options)
    if players not in rules.players.counts:
        raise UsageError(
            f"{ruleset.id} is for {rules.players.min} to {rules.players.max} players, not {players}"
        )
    return compile_rules(rules, players)


def _policy(name: str) -> Policy:
    try:
        return make_policy(name)
    except ValueError as error:
        raise UsageError(str(error)) from None


def _style(args: argparse.Namespace) -> Style:
    colour = sys.stdout.isatty() and not os.environ.get("NO_COLOR")
    if getattr(args, "color", None) is not None:
        colour = args.color
    return Style(glyphs=not args.ascii, colour=colour)


def _read_deal(path: str) -> DealFile:
    try:
        return read_deal_file(Path(path))
    except DealFileError as error:
        raise UsageError(str(error)) from None


def _play_file(deal: DealFile) -> DealResult:
    try:
        return play_deal_file(deal)
    except DealFileError as error:
        raise UsageError(str(error)) from None


def cmd_deal(args: argparse.Namespace) -> int:
    ruleset = _ruleset(args.ruleset)
    options = _options(args.option, ruleset)
    compiled = _compiled(ruleset, options, args.players)
    policy = _policy(args.policy)
    if not 0 <= args.seed <= MAX_SEED:
        raise UsageError(f"--seed must be a whole number from 0 to {MAX_SEED}")
    rng = random.Random(args.seed)
    dealer, _ = choose_first_dealer(compiled, rng)
    setup = shuffled_deal(compiled, rng, dealer)
    result = play_deal(compiled, setup, policy, rng)
    leads = [e.card for e in result.events if isinstance(e, Led)]
    text = deal_file_text(
        ruleset.id,
        setup,
        leads,
        policy.name,
        options,
        seed=args.seed,
        title=f"{ruleset.title}: {args.players} players, seed {args.seed}",
        board_ids=compiled.ids,
    )
    if args.out:
        out = Path(args.out)
        try:
            write_text(out, text)
        except WriteError as error:
            raise UsageError(str(error)) from None
        print(f"wrote {out}")
    else:
        sys.stdout.write(text)
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    deal = _read_deal(args.deal)
    result = _play_file(deal)
    summary = deal_json(deal.ruleset.id, deal.compiled.ids, result.events)
    if args.json:
        print(json.dumps(summary))
        return 0
    style = _style(args)
    cards = " ".join(style.card(parse_card(p["card"])) for p in summary["plays"])
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


def cmd_replay(args: argparse.Namespace) -> int:
    deal = _read_deal(args.deal)
    result = _play_file(deal)
    style = _style(args)
    if deal.title:
        print(deal.title)
    if deal.notes:
        print(deal.notes)
    print(f"Rules: {deal.ruleset.title} ({deal.ruleset.id}).")
    for line in narrate(result.events, deal.compiled.rules, style):
        print(line)
    print()
    for line in settlement_table(result.net, deal.setup.dealer, result.winner):
        print(line)
    return 0


def cmd_game(args: argparse.Namespace) -> int:
    ruleset = _ruleset(args.ruleset)
    options = _options(args.option, ruleset)
    compiled = _compiled(ruleset, options, args.players)
    policy = _policy(args.policy)
    game = play_game(compiled.rules, args.players, policy, random.Random(args.seed))
    if args.json:
        print(
            json.dumps(
                {
                    "ruleset": ruleset.id,
                    "players": args.players,
                    "first_dealer": game.first_dealer,
                    "deals": [
                        {"dealer": d.dealer, "winner": d.winner, "net": list(d.net)}
                        for d in game.deals
                    ],
                    "totals": list(game.totals),
                    "winners": list(game.winners),
                    "board": dict(zip(compiled.ids, game.board, strict=True)),
                }
            )
        )
        return 0
    print(f"{ruleset.title} ({ruleset.id}): a game for {args.players}, seed {args.seed}.")
    if args.narrate:
        for line in narrate(game.events, compiled.rules, _style(args)):
            print(line)
        return 0
    print(f"Seat {game.first_dealer} deals first.")
    for number, result in enumerate(game.deals, 1):
        out = f"seat {result.winner} went out" if result.winner is not None else "void"
        net = " ".join(f"{v:+d}" for v in result.net)
        print(f"Deal {number}: seat {result.dealer} deals, {out}; net {net}")
    print("Totals: " + ", ".join(f"seat {s} {v:+d}" for s, v in enumerate(game.totals)))
    left = sum(game.board)
    if left:
        print(f"Left on the board: {left} counters.")
    print("Winner: " + " and ".join(f"seat {s}" for s in game.winners))
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    ruleset = _ruleset(args.ruleset)
    options = _options(args.option, ruleset)
    _compiled(ruleset, options, args.players)
    _policy(args.policy)
    if (args.deals is None) == (args.games is None):
        raise UsageError("give one of --deals K or --games K")
    count = args.deals if args.deals is not None else args.games
    if count < 1:
        raise UsageError("the number of deals or games must be at least 1")
    jobs = args.jobs or os.cpu_count() or 1
    meta = {
        "ruleset": ruleset.id,
        "players": args.players,
        "seed": args.seed,
        "policy": args.policy,
        "options": ruleset.choices(options),
    }
    bar = None
    if not args.json and sys.stderr.isatty():
        from tqdm import tqdm  # only for a person watching a terminal

        bar = tqdm(total=count, unit=" deals" if args.deals else " games", file=sys.stderr)

    def progress(count: int) -> None:
        if bar is not None:
            bar.update(count)

    try:
        if args.deals is not None:
            tally = simulate_deals(
                ruleset, args.players, count, args.seed, args.policy, options, jobs, progress
            )
            report = deals_report(tally, meta)
        else:
            games = simulate_games(
                ruleset, args.players, count, args.seed, args.policy, options, jobs, progress
            )
            report = games_report(games, meta)
    finally:
        if bar is not None:
            bar.close()
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for line in report_lines(report):
            print(line)
    return 0


def cmd_new(args: argparse.Namespace) -> int:
    from .scaffold import ScaffoldError, write_new_ruleset  # Jinja2, wanted only here

    folder = Path(args.rulesets) if args.rulesets else rulesets_dir()
    try:
        path = write_new_ruleset(args.id, args.title, folder, args.like)
    except ScaffoldError as error:
        raise UsageError(str(error)) from None
    print(f"wrote {path}: edit it, then run `variants validate {path}`")
    return 0


def cmd_list(args: argparse.Namespace) -> int:
    folder = Path(args.rulesets) if args.rulesets else rulesets_dir()
    validation = validate_paths([folder])
    for problem in validation.problems:
        print(str(problem), file=sys.stderr)
    rows = [("id", "title", "source", "date", "status", "players")]
    for ruleset in validation.rulesets:
        rules = ruleset.rules
        rows.append(
            (
                ruleset.id,
                ruleset.title,
                ruleset.source.author,
                ruleset.source.date,
                status_label(len(ruleset.interpretations)),
                f"{rules.players.min}-{rules.players.max}",
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    widths[1] = min(widths[1], 48)
    for row in rows:
        cells = [
            cell if len(cell) <= widths[i] else cell[: widths[i] - 1] + "…"
            for i, cell in enumerate(row)
        ]
        print("  ".join(cell.ljust(widths[i]) for i, cell in enumerate(cells)).rstrip())
    return 1 if validation.problems else 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="variants", description="Pope Joan rules variants: validate, play, narrate, compare."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    validate = sub.add_parser("validate", help="check ruleset files against schema and sources")
    validate.add_argument("paths", nargs="*", help="ruleset files or folders (default: rulesets/)")
    validate.add_argument("--sources", help="folder of source texts (default: found nearby)")
    validate.set_defaults(run=cmd_validate)

    new = sub.add_parser("new", help="start a ruleset for a new source")
    new.add_argument("id", metavar="SOURCE_ID", help="the new ruleset's id (its file name)")
    new.add_argument("--title", required=True, help="the ruleset's title")
    new.add_argument("--like", metavar="EXISTING", help="start from this ruleset's rules")
    new.add_argument("--rulesets", help="the rulesets folder (default: rulesets/)")
    new.set_defaults(run=cmd_new)

    listing = sub.add_parser("list", help="list the rulesets")
    listing.add_argument("--rulesets", help="the rulesets folder (default: rulesets/)")
    listing.set_defaults(run=cmd_list)

    def table_args(command: argparse.ArgumentParser) -> None:
        command.add_argument("ruleset", help="a ruleset id, or the path of a ruleset file")
        command.add_argument("--players", type=int, required=True, help="number of players")
        command.add_argument("--seed", type=int, default=0, help="seed for every random choice")
        command.add_argument(
            "--policy", default="advised", help="lead policy: lowest, random or advised"
        )
        command.add_argument(
            "--option", action="append", metavar="KEY=VALUE", help="override an option"
        )

    def look_args(command: argparse.ArgumentParser) -> None:
        command.add_argument("--ascii", action="store_true", help="write cards as 10H, not 10♥")
        command.add_argument(
            "--color",
            action=argparse.BooleanOptionalAction,
            default=None,
            help="colour red suits (default: when writing to a terminal)",
        )

    deal = sub.add_parser("deal", help="deal and play one deal, and write it as a deal file")
    table_args(deal)
    deal.add_argument("--out", help="write the deal file here instead of to standard output")
    deal.set_defaults(run=cmd_deal)

    play = sub.add_parser("play", help="play a deal file and print the result")
    play.add_argument("deal", help="a deal file (YAML or JSON)")
    play.add_argument("--json", action="store_true", help="print the result as JSON")
    look_args(play)
    play.set_defaults(run=cmd_play)

    replay = sub.add_parser("replay", help="tell a deal file's play in prose, run by run")
    replay.add_argument("deal", help="a deal file (YAML or JSON)")
    look_args(replay)
    replay.set_defaults(run=cmd_replay)

    game = sub.add_parser("game", help="play a whole game")
    table_args(game)
    game.add_argument("--json", action="store_true", help="print the result as JSON")
    game.add_argument("--narrate", action="store_true", help="tell every deal run by run")
    look_args(game)
    game.set_defaults(run=cmd_game)

    simulate = sub.add_parser("simulate", help="play many deals or games and report statistics")
    table_args(simulate)
    simulate.set_defaults(policy="random")
    simulate.add_argument("--deals", type=int, help="play this many independent deals")
    simulate.add_argument("--games", type=int, help="play this many whole games")
    simulate.add_argument(
        "--jobs", type=int, default=1, help="processes to use (0: all cores); same numbers"
    )
    simulate.add_argument("--json", action="store_true", help="print the summary as JSON")
    simulate.set_defaults(run=cmd_simulate)
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


if __name__ == "__main__":
    sys.exit(main())
