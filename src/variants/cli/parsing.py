"""The command line's parser: argparse, with each mistake said in one line of plain words.

Every mistake is a :class:`UsageError` (one line, status 1), never argparse's usage and status 2.
The words are the parser's own, not argparse's messages rewritten: an argument's value is
checked by its ``type`` (:func:`whole`, :func:`path_named`, :func:`one_of`), whose message
follows the argument's name (from argparse's :class:`argparse.ArgumentError`, which names it);
what is missing, an unknown command and what is left over are found after parsing, here. Only
an option given without its value is said from argparse's message ("needs a value"); what else
argparse refuses (an ambiguous abbreviation, a value given to a flag) it says itself, in one line.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, NoReturn

from ..analysis.runner import MAX_COUNT
from ..dealfile import MAX_SEED
from ..engine.staking import DEFAULT_STAKING


class UsageError(Exception):
    """A command-line mistake, reported in one line with exit status 1."""


MIN_PLAYERS, MAX_PLAYERS = 2, 14
"""The player counts any ruleset may allow (the schema's bounds)."""
MAX_JOBS = 64
"""The most processes a run may use (``--jobs``)."""
EXPECTED_ONE = "expected one argument"
"""What argparse says of an option given without its value."""


class Parser(argparse.ArgumentParser):
    """argparse, but every mistake is a :class:`UsageError` in the parser's own words.

    The arguments a command needs are declared required, for its usage line, but argparse is
    never left to find them missing: while it parses they are optional, and :meth:`parse`
    says what is missing (``simulate needs ruleset and --players``), or that the command is
    (``give a command``), then what is left over (``unexpected argument: ...``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("exit_on_error", False)  # a value's mistake is raised, and said here
        super().__init__(*args, **kwargs)
        self.needed: list[argparse.Action] = []
        self.commands: argparse._SubParsersAction[Parser] | None = None

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        action = super().add_argument(*args, **kwargs)
        if action.required:
            self.needed.append(action)
        return action

    def add_commands(self) -> argparse._SubParsersAction[Parser]:
        """The commands, each a parser of its own: one must be given, before any argument of
        its own (this parser takes no other argument than ``--help``)."""
        commands = self.add_subparsers(dest="command", required=True)
        self.needed.append(commands)
        self.commands = commands
        return commands

    def command_names(self) -> str:
        return ", ".join(self.commands.choices if self.commands is not None else ())

    def parse(self, argv: Sequence[str] | None = None) -> argparse.Namespace:
        """The arguments, or a :class:`UsageError` saying what is wrong with them."""
        argv = sys.argv[1:] if argv is None else list(argv)
        try:
            args, extra = self.parse_known_args(argv)
        except argparse.ArgumentError as error:
            if self.commands is not None and error.argument_name == _name(self.commands):
                # Refused for not being one of them: the first argument given that is not an
                # option (or "--", which argparse gives the command too).
                given = next(text for text in argv if text == "--" or not text.startswith("-"))
                raise UsageError(
                    f"unknown command {given!r}; the commands are {self.command_names()}"
                ) from None
            raise UsageError(_said(error)) from None
        if extra:
            given = " ".join(extra)
            raise UsageError(f"unexpected argument{'s' if ' ' in given else ''}: {given}")
        return args

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        with self._declared(False):
            found, extra = super().parse_known_args(args, namespace)
        missing = [action for action in self.needed if getattr(found, action.dest) is None]
        if missing == [self.commands]:
            raise UsageError(
                f"give a command: {self.command_names()} ({self.prog} --help says more)"
            )
        if missing:
            names = " and ".join(map(_name, missing))
            raise UsageError(f"{self.prog.removeprefix('variants').strip()} needs {names}")
        return found, extra

    def format_usage(self) -> str:
        with self._declared(True):
            return super().format_usage()

    def format_help(self) -> str:
        with self._declared(True):
            return super().format_help()

    @contextmanager
    def _declared(self, required: bool) -> Iterator[None]:
        """The needed arguments required (for the usage line) or not (for argparse's parsing)."""
        for action in self.needed:
            action.required = required
        try:
            yield
        finally:
            for action in self.needed:
                action.required = False

    def error(self, message: str) -> NoReturn:
        """What argparse says in its own words is said as it is, in one line."""
        raise UsageError(message)


def _name(action: argparse.Action) -> str:
    """An argument's name: its option, else the name its usage line gives it."""
    if action.option_strings:
        return "/".join(action.option_strings)
    return action.metavar if isinstance(action.metavar, str) else action.dest


def _said(error: argparse.ArgumentError) -> str:
    """A mistake in one argument's value: the argument's name, then what is wrong."""
    problem = "needs a value" if error.message == EXPECTED_ONE else error.message
    return f"{error.argument_name} {problem}" if error.argument_name else problem


# --------------------------------------------------------------------------------------------
# Argument types: each says what is wrong, after the argument's name


def whole(low: int, high: int) -> Callable[[str], int]:
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


def path_named(text: str) -> str:
    """An argument type: the name of a file or folder, which cannot be empty."""
    if not text:
        raise argparse.ArgumentTypeError("must name a file or folder, not ''")
    return text


def one_of(choices: Sequence[str]) -> Callable[[str], str]:
    """An argument type: one of ``choices``."""

    def parse(text: str) -> str:
        if text not in choices:
            allowed = ", ".join(map(repr, choices))
            raise argparse.ArgumentTypeError(f"must be one of {allowed}, not {text!r}")
        return text

    return parse


# --------------------------------------------------------------------------------------------
# The arguments several commands take


def table_args(command: argparse.ArgumentParser) -> None:
    """A ruleset, players, seed, policy and options: what every command that plays takes."""
    command.add_argument("ruleset", help="a ruleset id, or the path of a ruleset file")
    command.add_argument(
        "--players",
        type=whole(MIN_PLAYERS, MAX_PLAYERS),
        required=True,
        help=f"number of players ({MIN_PLAYERS} to {MAX_PLAYERS}, as the ruleset allows)",
    )
    command.add_argument(
        "--seed",
        type=whole(0, MAX_SEED),
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


def count_args(command: argparse.ArgumentParser, deals: str, games: str) -> None:
    """``--deals`` and ``--games``, each described: how many a run plays."""
    count = whole(1, MAX_COUNT)
    command.add_argument("--deals", type=count, help=f"{deals} (at most {MAX_COUNT})")
    command.add_argument("--games", type=count, help=f"{games} (at most {MAX_COUNT})")


def jobs_arg(command: argparse.ArgumentParser, default: int) -> None:
    """``--jobs``: how many processes a run uses."""
    command.add_argument(
        "--jobs",
        type=whole(0, MAX_JOBS),
        default=default,
        help=f"processes to use, at most {MAX_JOBS} (0: all cores); the same numbers",
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


def deal_file_args(command: argparse.ArgumentParser, json: str | None = None) -> None:
    """A deal file, ``--json`` (described by ``json``) when the command offers it, a staking to
    replace the file's, and how cards look: what the commands that read a deal file take."""
    command.add_argument("deal", type=path_named, help="a deal file (YAML or JSON)")
    if json is not None:
        command.add_argument("--json", action="store_true", help=json)
    staking_arg(command, None)
    look_args(command)


def look_args(command: argparse.ArgumentParser) -> None:
    """How cards look in what a command prints."""
    command.add_argument("--ascii", action="store_true", help="write cards as 10H, not 10♥")
    command.add_argument(
        "--color",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="colour red suits (default: when writing to a terminal)",
    )
