"""The ``variants`` command: thin wiring from arguments to the loader, engine and reporters.

Exit status: 0 when all is well; 1 for any mistake (in a file, an option or the command line
itself), told in one line on standard error; 130 when interrupted (Ctrl-C) and 143 when
terminated (SIGTERM), with no traceback. When the reader of the output goes away (``variants
validate | head -1``), the rest of the output is dropped and the command still ends with its
own status.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import random
import re
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any, NoReturn, TextIO, cast

from .analysis.report import report_lines
from .analysis.simulate import (
    MAX_COUNT,
    WorkerError,
    deals_report,
    games_report,
    simulate_deals,
    simulate_games,
)
from .core.cards import parse_card
from .core.hidden import shown
from .core.safewrite import WriteError, write_text
from .core.settings import SettingError, rulesets_dir, usable_folder
from .dealfile import (
    MAX_SEED,
    DealFile,
    DealFileError,
    find_ruleset,
    is_ruleset_id,
    play_deal_file,
    read_deal_file,
)
from .dealwrite import deal_file_text
from .engine.compiled import CompiledRules, compile_rules
from .engine.deal import shuffled_deal
from .engine.events import Dressed, Led
from .engine.game import choose_first_dealer, play_game
from .engine.play import DealResult, Policy, play_deal
from .engine.policies import make_policy
from .engine.staking import DEFAULT_STAKING, Staking, make_staking
from .mechanics.ruleset import OptionError, Ruleset, status_label
from .rules.advice import advice_beside
from .rules.loader import choice_problems, load_ruleset, validate_paths
from .rules.roles import chief_card
from .rules.yamlsource import ProblemsError
from .telling.narrate import Style, narrate, settlement_table
from .telling.results import deal_json

DEFAULT_RULESETS = Path("rulesets")


class UsageError(Exception):
    """A command-line mistake, reported in one line with exit status 1."""


MIN_PLAYERS, MAX_PLAYERS = 2, 14
"""The player counts any ruleset may allow (the schema's bounds)."""
MAX_JOBS = 64
"""The most processes ``simulate --jobs`` may use."""


def _whole(low: int, high: int) -> Callable[[str], int]:
    """An argument type: a whole number from ``low`` to ``high``, written in digits."""

    def parse(text: str) -> int:
        digits = text.strip()
        if digits.isascii() and digits.isdigit() and len(digits) <= 30:
            value = int(digits)
            if low <= value <= high:
                return value
        raise argparse.ArgumentTypeError(
            f"must be a whole number from {low} to {high}, not {text!r}"
        )

    return parse


def _path(text: str) -> str:
    """An argument type: the name of a file or folder, which cannot be empty."""
    if not text:
        raise argparse.ArgumentTypeError("must name a file or folder, not ''")
    return text


def _rulesets_folder(args: argparse.Namespace) -> Path:
    """The rulesets folder: ``--rulesets``, else ``$VARIANTS_RULESETS``, else ``rulesets``; a
    :class:`UsageError` when it is not a folder."""
    if args.rulesets is not None:
        return _folder("--rulesets", args.rulesets)
    folder = rulesets_dir()
    if not folder.is_dir():
        raise UsageError(
            f"no rulesets folder {folder} here: run this in the project's folder, or name the "
            "folder with --rulesets or $VARIANTS_RULESETS"
        )
    return folder


def _folder(flag: str, text: str) -> Path:
    """The folder an option names, or a :class:`UsageError` saying why it cannot be used."""
    try:
        return usable_folder(flag, Path(text))
    except SettingError as error:
        raise UsageError(str(error).removeprefix("$")) from None


def visible(text: str) -> str:
    """``text`` with each character that is not visible text (:mod:`variants.core.hidden`) but the
    tab written as an escape such as ``\\x1b``: what came from input is shown as it is, on one
    line, and cannot act on the terminal."""
    return shown(text)


def _error(line: str) -> None:
    """Write one line to standard error, as a person can read it."""
    print(visible(line), file=sys.stderr)


class _Parser(argparse.ArgumentParser):
    """argparse, but each mistake is a :class:`UsageError` (one line, status 1), not two lines
    and status 2."""

    commands: tuple[str, ...] = ()

    def error(self, message: str) -> NoReturn:
        raise UsageError(_usage_message(self.prog, message, self.commands))


_REQUIRED = "the following arguments are required: "
_UNRECOGNIZED = "unrecognized arguments: "


def _usage_message(prog: str, message: str, commands: Sequence[str]) -> str:
    """argparse's ``message`` in plain words."""
    command = prog.removeprefix("variants").strip()
    listed = ", ".join(commands)
    if message.startswith(_REQUIRED):
        missing = message.removeprefix(_REQUIRED).split(", ")
        if missing == ["command"]:
            return f"give a command: {listed} (variants --help says more)"
        return f"{command} needs {' and '.join(missing)}"
    if message.startswith(_UNRECOGNIZED):
        extra = message.removeprefix(_UNRECOGNIZED)
        return f"unexpected argument{'s' if ' ' in extra else ''}: {extra}"
    argument = re.fullmatch(r"argument (\S+): (.*)", message)
    if argument is None:
        return message
    name, problem = argument.groups()
    choice = re.match(r"invalid choice: (.*) \(choose from", problem)
    if name == "command" and choice:
        return f"unknown command {choice.group(1)}; the commands are {listed}"
    allowed = re.fullmatch(r"invalid choice: (.*) \(choose from (.*)\)", problem)
    if allowed:
        return f"{name} must be one of {allowed.group(2)}, not {allowed.group(1)}"
    if problem == "expected one argument":
        return f"{name} needs a value"
    return f"{name} {problem}"


def _relative(path: Path | None) -> str:
    if path is None:
        return ""
    return os.path.relpath(path, Path.cwd())


def cmd_validate(args: argparse.Namespace) -> int:
    paths = [Path(p) for p in args.paths] or [DEFAULT_RULESETS]
    for path in paths:
        if not os.path.lexists(path):  # a link is there, to be refused by the reader
            _error(f"{path}:1:1: no such file or folder")
            return 1
    sources = _folder("--sources", args.sources) if args.sources is not None else None
    validation = validate_paths(paths, sources, combinations=True)
    for problem in validation.problems:
        _error(str(problem))
    if validation.problems:
        files = len({p.file for p in validation.problems})
        _error(f"{len(validation.problems)} problem(s) in {files} of {validation.files} file(s)")
        return 1
    if validation.files == 0:
        _error("no ruleset files found")
        return 1
    texts = (
        f"quotes checked against {_relative(validation.texts.folder)}"
        if validation.texts
        else "source texts not found, quotes not checked (set VARIANTS_SOURCES)"
    )
    if validation.unchecked:
        names = " and ".join(validation.unchecked)
        texts += f"; {names} not kept there, so not checked (set VARIANTS_SOURCES)"
    print(visible(f"{len(validation.rulesets)} ruleset(s) valid; {texts}"))
    return 0


def _ruleset(name: str, every_option: bool = False) -> Ruleset:
    """A ruleset by id (under the rulesets folder) or by path to its file. The options chosen
    are checked by :func:`_options`, the others by ``variants validate``, or here with
    ``every_option``."""
    path = Path(name)
    if path.suffix in (".yaml", ".yml") or (not is_ruleset_id(name) and _exists(path)):
        try:
            return load_ruleset(path, combinations=every_option, each_option=every_option)
        except ProblemsError as error:
            raise UsageError(str(error.problems[0])) from None
    try:
        return find_ruleset(name, every_option=every_option)
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


def _policy(name: str, ruleset: Ruleset) -> Policy:
    try:
        return make_policy(name, advice_beside(ruleset.path))
    except ValueError as error:
        raise UsageError(str(error)) from None


def _staking(name: str) -> Staking:
    try:
        return make_staking(name)
    except ValueError as error:
        raise UsageError(str(error)) from None


def _style(args: argparse.Namespace) -> Style:
    colour = sys.stdout.isatty() and not os.environ.get("NO_COLOR")
    if getattr(args, "color", None) is not None:
        colour = args.color
    return Style(glyphs=not args.ascii, colour=colour)


def _read_deal(args: argparse.Namespace) -> DealFile:
    """The deal file ``args.deal``, its staking replaced by ``--staking`` when given."""
    try:
        deal = read_deal_file(Path(args.deal))
    except DealFileError as error:
        raise UsageError(str(error)) from None
    if args.staking is None:
        return deal
    _staking(args.staking)
    if deal.stakes is not None:
        raise UsageError(
            f"{deal.path}: the file gives the stakes laid; --staking cannot change them"
        )
    return dataclasses.replace(deal, staking=args.staking)


def _play_file(deal: DealFile) -> DealResult:
    try:
        return play_deal_file(deal)
    except DealFileError as error:
        raise UsageError(str(error)) from None


def cmd_deal(args: argparse.Namespace) -> int:
    ruleset = _ruleset(args.ruleset)
    options = _options(args.option, ruleset)
    compiled = _compiled(ruleset, options, args.players)
    policy = _policy(args.policy, ruleset)
    staking = _staking(args.staking)
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
        options,
        seed=args.seed,
        title=f"{ruleset.title}: {args.players} players, seed {args.seed}",
        board_ids=compiled.ids,
        stakes=laid,
    )
    if args.out is not None:
        out = Path(args.out)
        try:
            write_text(out, text)
        except WriteError as error:
            raise UsageError(str(error)) from None
        print(visible(f"wrote {out}"))
    else:
        sys.stdout.write(text)
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    deal = _read_deal(args)
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
    deal = _read_deal(args)
    result = _play_file(deal)
    style = _style(args)
    # What the files say is shown as it is and never acts on the terminal; the narration's
    # colours are the project's own.
    given = [deal.title] if deal.title else []
    given += deal.notes.split("\n") if deal.notes else []
    given.append(f"Rules: {deal.ruleset.title} ({deal.ruleset.id}).")
    for line in given:
        print(visible(line))
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
    policy = _policy(args.policy, ruleset)
    staking = _staking(args.staking)
    rng = random.Random(args.seed)
    game = play_game(compiled.rules, args.players, policy, rng, staking=staking)
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


def cmd_simulate(args: argparse.Namespace) -> int:
    ruleset = _ruleset(args.ruleset)
    options = _options(args.option, ruleset)
    _compiled(ruleset, options, args.players)
    _policy(args.policy, ruleset)
    _staking(args.staking)
    if (args.deals is None) == (args.games is None):
        raise UsageError("give one of --deals K or --games K")
    count = args.deals if args.deals is not None else args.games
    if count < 1:
        raise UsageError("the number of deals or games must be at least 1")
    jobs = args.jobs or min(os.cpu_count() or 1, MAX_JOBS)
    meta = {
        "ruleset": ruleset.id,
        "players": args.players,
        "seed": args.seed,
        "policy": args.policy,
        "options": ruleset.choices(options),
    }
    if args.staking != DEFAULT_STAKING:
        meta["staking"] = args.staking
    bar = None
    if not args.json and sys.stderr.isatty():
        from tqdm import tqdm  # only for a person watching a terminal

        bar = tqdm(total=count, unit=" deals" if args.deals else " games", file=sys.stderr)

    def progress(count: int) -> None:
        if bar is not None:
            bar.update(count)

    try:
        played = (ruleset, args.players, count, args.seed, args.policy, options, jobs, progress)
        if args.deals is not None:
            tally = simulate_deals(*played, args.staking)
            report = deals_report(tally, meta)
        else:
            games = simulate_games(*played, args.staking)
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

    folder = _rulesets_folder(args)
    try:
        path = write_new_ruleset(args.id, args.title, folder, args.like)
    except ScaffoldError as error:
        raise UsageError(str(error)) from None
    print(visible(f"wrote {path}: edit it, then run `variants validate {path}`"))
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    from .rules.modeljson import dump_json

    ruleset = _ruleset(args.ruleset, every_option=True)  # as `validate` checks it
    text = dump_json(ruleset) + "\n"
    if args.out is not None:
        try:
            write_text(Path(args.out), text)
        except WriteError as error:
            raise UsageError(str(error)) from None
        print(visible(f"wrote {args.out}"))
    else:
        sys.stdout.write(text)
    return 0


def cmd_list(args: argparse.Namespace) -> int:
    folder = _rulesets_folder(args)
    validation = validate_paths([folder])
    for problem in validation.problems:
        _error(str(problem))
    if validation.problems and not validation.rulesets:
        return 1
    if not validation.rulesets:
        _error(f"variants: no ruleset files in {folder}")
        return 1
    rows = [("id", "title", "source", "date", "status", "players")]
    cited_only = validation.texts.cited_only if validation.texts else frozenset()
    for ruleset in validation.rulesets:
        rules = ruleset.rules
        modern = all(file.name in cited_only for file in ruleset.source.files)
        rows.append(
            (
                ruleset.id,
                ruleset.title,
                ruleset.source.author,
                ruleset.source.date,
                status_label(ruleset, modern),
                f"{rules.players.min}-{rules.players.max}",
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    widths[1] = min(widths[1], 48)
    for row in rows:
        cells = [
            visible(cell if len(cell) <= widths[i] else cell[: widths[i] - 1] + "…")
            for i, cell in enumerate(row)
        ]
        print("  ".join(cell.ljust(widths[i]) for i, cell in enumerate(cells)).rstrip())
    return 1 if validation.problems else 0


def table_args(command: argparse.ArgumentParser) -> None:
    """A ruleset, players, seed, policy and options: what every command that plays takes."""
    command.add_argument("ruleset", help="a ruleset id, or the path of a ruleset file")
    command.add_argument(
        "--players",
        type=_whole(MIN_PLAYERS, MAX_PLAYERS),
        required=True,
        help=f"number of players ({MIN_PLAYERS} to {MAX_PLAYERS}, as the ruleset allows)",
    )
    command.add_argument(
        "--seed",
        type=_whole(0, MAX_SEED),
        default=0,
        help=f"seed for every random choice (0 to {MAX_SEED})",
    )
    command.add_argument(
        "--policy",
        default="advised",
        help="lead policy: lowest, random, advised (the rules' own advice) or advice:RULESET",
    )
    command.add_argument(
        "--option", action="append", metavar="KEY=VALUE", help="override an option"
    )


def staking_arg(command: argparse.ArgumentParser, default: str | None = DEFAULT_STAKING) -> None:
    """``--staking``: where the players lay their stakes, where the rules leave it to them."""
    told = "the default" if default is not None else "the default unless the deal file says"
    command.add_argument(
        "--staking",
        default=default,
        metavar="STAKING",
        help="where players who choose their stakes lay them: even (each counter on the "
        f"compartment with fewest; {told}) or random (each where chance puts it)",
    )


def look_args(command: argparse.ArgumentParser) -> None:
    """How cards look in what a command prints."""
    command.add_argument("--ascii", action="store_true", help="write cards as 10H, not 10♥")
    command.add_argument(
        "--color",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="colour red suits (default: when writing to a terminal)",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="variants",
        description="Pope Joan rules variants: validate, play, narrate, compare.",
        epilog="The commands that play choose each lead by a policy (--policy) and, where the "
        "rules leave the players to choose where to lay their stakes, as in Matrimony and "
        "Newmarket, lay them by a staking policy (--staking even or random).",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    validate = sub.add_parser("validate", help="check ruleset files against schema and sources")
    validate.add_argument("paths", nargs="*", help="ruleset files or folders (default: rulesets/)")
    validate.add_argument(
        "--sources", type=_path, help="folder of source texts (default: found nearby)"
    )
    validate.set_defaults(run=cmd_validate)

    new = sub.add_parser("new", help="start a ruleset for a new source")
    new.add_argument("id", metavar="SOURCE_ID", help="the new ruleset's id (its file name)")
    new.add_argument("--title", required=True, help="the ruleset's title")
    new.add_argument("--like", metavar="EXISTING", help="start from this ruleset's rules")
    new.add_argument("--rulesets", type=_path, help="the rulesets folder (default: rulesets/)")
    new.set_defaults(run=cmd_new)

    listing = sub.add_parser("list", help="list the rulesets")
    listing.add_argument("--rulesets", type=_path, help="the rulesets folder (default: rulesets/)")
    listing.set_defaults(run=cmd_list)

    export = sub.add_parser(
        "export", help="save a validated ruleset as JSON, for the engine to load without YAML"
    )
    export.add_argument("ruleset", help="a ruleset id, or the path of a ruleset file")
    export.add_argument(
        "--out", type=_path, help="write the JSON here instead of to standard output"
    )
    export.set_defaults(run=cmd_export)

    deal = sub.add_parser("deal", help="deal and play one deal, and write it as a deal file")
    table_args(deal)
    staking_arg(deal)
    deal.add_argument(
        "--out", type=_path, help="write the deal file here instead of to standard output"
    )
    deal.set_defaults(run=cmd_deal)

    play = sub.add_parser("play", help="play a deal file and print the result")
    play.add_argument("deal", type=_path, help="a deal file (YAML or JSON)")
    play.add_argument("--json", action="store_true", help="print the result as JSON")
    staking_arg(play, None)
    look_args(play)
    play.set_defaults(run=cmd_play)

    replay = sub.add_parser("replay", help="tell a deal file's play in prose, run by run")
    replay.add_argument("deal", type=_path, help="a deal file (YAML or JSON)")
    staking_arg(replay, None)
    look_args(replay)
    replay.set_defaults(run=cmd_replay)

    game = sub.add_parser("game", help="play a whole game")
    table_args(game)
    staking_arg(game)
    game.add_argument("--json", action="store_true", help="print the result as JSON")
    game.add_argument("--narrate", action="store_true", help="tell every deal run by run")
    look_args(game)
    game.set_defaults(run=cmd_game)

    simulate = sub.add_parser("simulate", help="play many deals or games and report statistics")
    table_args(simulate)
    staking_arg(simulate)
    simulate.set_defaults(policy="random")
    count = _whole(1, MAX_COUNT)
    simulate.add_argument(
        "--deals", type=count, help=f"play this many independent deals (at most {MAX_COUNT})"
    )
    simulate.add_argument(
        "--games", type=count, help=f"play this many whole games (at most {MAX_COUNT})"
    )
    simulate.add_argument(
        "--jobs",
        type=_whole(0, MAX_JOBS),
        default=1,
        help=f"processes to use, at most {MAX_JOBS} (0: all cores); the same numbers",
    )
    simulate.add_argument("--json", action="store_true", help="print the summary as JSON")
    simulate.set_defaults(run=cmd_simulate)
    parser.commands = tuple(sub.choices)
    return parser


class Terminated(BaseException):
    """SIGTERM arrived: raised where the program is, so that it stops as after Ctrl-C."""


def _terminated(signum: int, frame: FrameType | None) -> None:
    raise Terminated


class _Guarded:
    """A standard stream whose reader may go away (a closed pipe). From then on what is written
    is dropped: the stream is pointed at the null device, so nothing fails at exit either."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        try:
            return self.stream.write(text)
        except BrokenPipeError:
            self._drop()
            return len(text)

    def flush(self) -> None:
        try:
            self.stream.flush()
        except BrokenPipeError:
            self._drop()

    def _drop(self) -> None:
        try:
            number = self.stream.fileno()
        except (OSError, ValueError):  # not a file: nothing to fail at exit
            return
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, number)
        finally:
            os.close(null)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


@contextmanager
def _guarded() -> Iterator[None]:
    """Standard output and error guarded against a closed pipe, and SIGTERM raised as
    :class:`Terminated` (in the main thread, where signals are handled), for one command."""
    streams = sys.stdout, sys.stderr
    previous = None
    if threading.current_thread() is threading.main_thread():
        previous = signal.signal(signal.SIGTERM, _terminated)
    sys.stdout, sys.stderr = cast(TextIO, _Guarded(streams[0])), cast(TextIO, _Guarded(streams[1]))
    try:
        yield
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        sys.stdout, sys.stderr = streams
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def cmd_experiment(args: argparse.Namespace) -> int:
    from .site.stats_runs import Run, play_runs  # the statistics pages' runs, wanted only here

    ruleset = _ruleset(args.ruleset)
    options = _options(args.option, ruleset)
    compiled = _compiled(ruleset, options, args.players)
    _policy(args.policy, ruleset)
    unit = "games" if args.kind == "games" else "deals"
    count = args.games if unit == "games" else args.deals
    if count is None or (args.games if unit == "deals" else args.deals) is not None:
        raise UsageError(f"{args.kind} takes --{unit} K")
    if args.compartment is not None and args.compartment not in compiled.ids:
        raise UsageError(f"no compartment {args.compartment!r} (board: {', '.join(compiled.ids)})")
    by_role = args.kind == "card-holder" and args.compartment is None
    if by_role and chief_card(compiled.rules) is None:
        raise UsageError("no compartment here is won by one named card: give --compartment")
    run = Run(
        args.kind,
        ruleset.id,
        args.players,
        count,
        args.policy,
        tuple(sorted(options.items())),
        args.seed,
        args.compartment,
    )
    (report,) = play_runs([(run, ruleset)], args.jobs or os.cpu_count() or 1)
    print(json.dumps(report, indent=2))
    return 0


def build_experiment_parser() -> argparse.ArgumentParser:
    """The command line of ``python -m variants.site.stats_runs``, which repeats one of the
    statistics pages' runs."""
    from .site.stats_runs import KINDS

    parser = _Parser(
        prog="python -m variants.site.stats_runs",
        description="Repeat one of the statistics pages' seeded runs and print it as JSON.",
    )
    parser.add_argument("kind", choices=KINDS, help="the kind of run: " + ", ".join(KINDS))
    table_args(parser)
    parser.set_defaults(policy="random")
    count = _whole(1, MAX_COUNT)
    parser.add_argument("--deals", type=count, help=f"deals to play (at most {MAX_COUNT})")
    parser.add_argument("--games", type=count, help=f"games to play (at most {MAX_COUNT})")
    parser.add_argument(
        "--compartment",
        help="card-holder: the compartment whose card is followed (default: the Pope, the one "
        "won by one named card that the dressing stakes most on)",
    )
    parser.add_argument(
        "--jobs",
        type=_whole(0, MAX_JOBS),
        default=0,
        help=f"processes to use, at most {MAX_JOBS} (0: all cores); the same numbers",
    )
    parser.set_defaults(run=cmd_experiment)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command and return its exit status (see the module's docstring)."""
    return run_command(build_parser, argv)


def run_command(
    parser: Callable[[], argparse.ArgumentParser], argv: Sequence[str] | None = None
) -> int:
    """Parse ``argv`` with the parser ``parser()`` builds and run the command it names, with
    the exit statuses, one-line messages and guarded streams of the module's docstring."""
    with _guarded():
        return _run(parser, argv)


def _run(parser: Callable[[], argparse.ArgumentParser], argv: Sequence[str] | None) -> int:
    try:
        args = parser().parse_args(argv)
        code: int = args.run(args)
    except UsageError as error:
        _error(f"variants: {error}")
        return 1
    except KeyboardInterrupt:
        _error("variants: interrupted")
        return 130
    except Terminated:
        _error("variants: terminated")
        return 128 + signal.SIGTERM
    except (WorkerError, SettingError) as error:
        _error(f"variants: {error}")
        return 1
    except OSError as error:
        where = f"{error.filename}: " if error.filename else ""
        _error(f"variants: {where}{error.strerror or error}")
        return 1
    except SystemExit as leaving:  # --help, after printing the help
        return leaving.code if isinstance(leaving.code, int) else 0
    return code


if __name__ == "__main__":
    sys.exit(main())
