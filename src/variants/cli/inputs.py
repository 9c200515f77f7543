"""What the commands take from their arguments, each checked: a ruleset, its options, the rules
for a number of players, a policy, a staking, a deal file, a folder. A mistake in any is a
:class:`~.parsing.UsageError` in one line."""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.settings import SettingError, rulesets_dir, usable_folder
from ..dealfile import DealFile, DealFileError, play_deal_file, read_deal_file
from ..engine.compiled import CompiledRules, compile_rules
from ..engine.play import DealResult, Policy
from ..engine.policies import make_policy
from ..engine.staking import Staking, make_staking
from ..mechanics.ruleset import OptionError, Ruleset
from ..rules.advice import advice_beside
from ..rules.loader import choice_problems, load_ruleset
from ..rules.lookup import find_ruleset, is_ruleset_id
from ..rules.yamlsource import ProblemsError
from .parsing import UsageError

if TYPE_CHECKING:
    from ..telling.narrate import Style


@dataclass(frozen=True)
class Table:
    """What a command that plays is given (:func:`.parsing.table_args`), checked in this order:
    the ruleset, the options chosen, the number of players, the lead policy."""

    ruleset: Ruleset
    options: dict[str, str]
    """The options chosen (``--option``), not those left at their defaults."""
    compiled: CompiledRules
    policy: Policy


def table_from(args: argparse.Namespace) -> Table:
    ruleset = ruleset_named(args.ruleset)
    options = options_chosen(args.option, ruleset)
    compiled = rules_for_players(ruleset, options, args.players)
    return Table(ruleset, options, compiled, policy_named(args.policy, ruleset))


def ruleset_named(name: str, every_option: bool = False) -> Ruleset:
    """A ruleset by id (under the rulesets folder) or by path to its file. The options chosen
    are checked by :func:`options_chosen`, the others by ``variants validate``, or here with
    ``every_option``."""
    path = Path(name)
    if path.suffix in (".yaml", ".yml") or (not is_ruleset_id(name) and _exists(path)):
        try:
            return load_ruleset(
                path, combinations=every_option, each_option=every_option, kept=True
            )
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


def options_chosen(pairs: Sequence[str] | None, ruleset: Ruleset) -> dict[str, str]:
    """The options ``--option KEY=VALUE`` chooses, checked against the ruleset's."""
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


def rules_for_players(ruleset: Ruleset, options: dict[str, str], players: int) -> CompiledRules:
    """The rules under ``options``, compiled for ``players``, if they allow that many."""
    rules = ruleset.rules_for(options)
    if players not in rules.players.counts:
        raise UsageError(
            f"{ruleset.id} is for {rules.players.min} to {rules.players.max} players, not {players}"
        )
    return compile_rules(rules, players)


def policy_named(name: str, ruleset: Ruleset) -> Policy:
    try:
        return make_policy(name, advice_beside(ruleset.path))
    except ValueError as error:
        raise UsageError(str(error)) from None


def staking_named(name: str) -> Staking:
    try:
        return make_staking(name)
    except ValueError as error:
        raise UsageError(str(error)) from None


def style(args: argparse.Namespace) -> Style:
    """How cards look: glyphs unless ``--ascii``, coloured as ``--color`` says, else when
    writing to a terminal and ``NO_COLOR`` is not set."""
    from ..telling.narrate import Style  # only for the commands that tell a deal

    colour = sys.stdout.isatty() and not os.environ.get("NO_COLOR")
    if getattr(args, "color", None) is not None:
        colour = args.color
    return Style(glyphs=not args.ascii, colour=colour)


def deal_read(args: argparse.Namespace) -> DealFile:
    """The deal file ``args.deal``, its staking replaced by ``--staking`` when given."""
    try:
        deal = read_deal_file(Path(args.deal))
    except DealFileError as error:
        raise UsageError(str(error)) from None
    if args.staking is None:
        return deal
    staking_named(args.staking)
    if deal.stakes is not None:
        raise UsageError(
            f"{deal.path}: the file gives the stakes laid; --staking cannot change them"
        )
    return dataclasses.replace(deal, staking=args.staking)


def deal_played(deal: DealFile) -> DealResult:
    try:
        return play_deal_file(deal)
    except DealFileError as error:
        raise UsageError(str(error)) from None


def rulesets_folder(args: argparse.Namespace) -> Path:
    """The rulesets folder: ``--rulesets``, else ``$VARIANTS_RULESETS``, else ``rulesets``; a
    :class:`UsageError` when it is not a folder."""
    if args.rulesets is not None:
        return folder_named("--rulesets", args.rulesets)
    folder = rulesets_dir()
    if not folder.is_dir():
        raise UsageError(
            f"no rulesets folder {folder} here: run this in the project's folder, or name the "
            "folder with --rulesets or $VARIANTS_RULESETS"
        )
    return folder


def folder_named(flag: str, text: str) -> Path:
    """The folder an option names, or a :class:`UsageError` saying why it cannot be used."""
    try:
        return usable_folder(flag, Path(text))
    except SettingError as error:
        raise UsageError(str(error).removeprefix("$")) from None
