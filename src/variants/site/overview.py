"""The overview of the rulesets at the head of the Rulesets, Examples and Statistics tabs: the
rulesets game by game, one line each saying whose rules they are, when, and what is theirs
alone among the rulesets of their game, read from the comparison's rows."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..mechanics.ruleset import Ruleset
from . import compare as cmp
from . import family

MOST_OWN_RULES = 3
"""How many of a ruleset's own rules its line names."""


@dataclass(frozen=True)
class Line:
    ruleset: Ruleset
    own: tuple[tuple[str, str], ...]
    """(row, value) for the first rules in which no other ruleset of its game agrees with it,
    in the comparison's order; against every ruleset when it is its game's only one."""


def own_rules(
    ruleset: Ruleset, peers: Sequence[Ruleset], rows: Sequence[cmp.Row]
) -> tuple[tuple[str, str], ...]:
    """The rows in which no ruleset of ``peers`` but this one has its value."""
    found: list[tuple[str, str]] = []
    for row in rows:
        if row.dimension.id in family.NOT_RULES:
            continue
        mine = next(cell.text for cell in row.cells if cell.ruleset is ruleset)
        others = [c.text for c in row.cells if c.ruleset in peers and c.ruleset is not ruleset]
        if mine not in others:
            found.append((row.dimension.label, mine))
    return tuple(found[:MOST_OWN_RULES])


def lines_by_game(rulesets: Sequence[Ruleset]) -> list[tuple[str, list[Line]]]:
    """Each game with a line for each of its rulesets, oldest first."""
    rows = cmp.matrix(rulesets)
    groups = family.by_game(rulesets)
    return [
        (
            game,
            [
                Line(r, own_rules(r, members if len(members) > 1 else rulesets, rows))
                for r in members
            ],
        )
        for game, members in groups
    ]
