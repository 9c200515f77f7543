"""Pope Joan's family: the rulesets grouped by the game their source describes, and for each
relative, which of its rules it shares with the Pope Joan of its own book (or of its time) and
which it does not, read from the two rulesets' comparison rows rather than written by hand."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..rules.ruleset import Ruleset
from . import compare as cmp

HOME_GAME = "Pope Joan"
"""The game the family is named for, listed first."""

NOT_RULES = frozenset({"options"})
"""Comparison rows that are not a rule (the variations a ruleset offers)."""


@dataclass(frozen=True)
class Kinship:
    """A relative's ruleset beside the Pope Joan it is compared with."""

    ruleset: Ruleset
    pope_joan: Ruleset
    shared: tuple[tuple[str, str], ...]
    """(row, value) for each rule the two have alike."""
    differs: tuple[tuple[str, str, str], ...]
    """(row, Pope Joan's value, the relative's) for each rule they do not."""


def by_game(rulesets: Sequence[Ruleset]) -> list[tuple[str, list[Ruleset]]]:
    """The rulesets grouped by game: Pope Joan first, then the others by their oldest source."""
    groups: dict[str, list[Ruleset]] = {}
    for ruleset in sorted(rulesets, key=lambda r: (r.source.year or 10_000, r.id)):
        groups.setdefault(ruleset.source.game, []).append(ruleset)
    order = sorted(groups, key=lambda game: (game != HOME_GAME, list(groups).index(game)))
    return [(game, groups[game]) for game in order]


def pope_joan_for(relative: Ruleset, pope_joans: Sequence[Ruleset]) -> Ruleset | None:
    """The Pope Joan to compare a relative with: one from the same book (a source file in
    common), else the one nearest in date."""
    files = {f.name for f in relative.source.files}
    same_book = [r for r in pope_joans if files & {f.name for f in r.source.files}]
    candidates = same_book or list(pope_joans)
    if not candidates:
        return None
    year = relative.source.year or 0
    return min(candidates, key=lambda r: (abs((r.source.year or 0) - year), r.id))


def kinship(relative: Ruleset, pope_joan: Ruleset) -> Kinship:
    shared: list[tuple[str, str]] = []
    differs: list[tuple[str, str, str]] = []
    for dimension in cmp.DIMENSIONS:
        if dimension.id in NOT_RULES:
            continue
        theirs, ours = dimension.value(pope_joan), dimension.value(relative)
        if theirs == ours:
            shared.append((dimension.label, ours))
        else:
            differs.append((dimension.label, theirs, ours))
    return Kinship(relative, pope_joan, tuple(shared), tuple(differs))


def kinships(rulesets: Sequence[Ruleset]) -> list[Kinship]:
    """Every relative's kinship with its Pope Joan, game by game."""
    groups = by_game(rulesets)
    pope_joans = dict(groups).get(HOME_GAME, [])
    found: list[Kinship] = []
    for game, members in groups:
        if game == HOME_GAME:
            continue
        for relative in members:
            reference = pope_joan_for(relative, pope_joans)
            if reference is not None:
                found.append(kinship(relative, reference))
    return found
