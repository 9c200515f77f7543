"""The timeline: the sources in the order they were written, and what each changed from the one
before it, read from the rulesets' comparison rows; with the dates the rulesets cannot give
(when the game's name is first recorded, when a Hoyle first printed it), each with its
secondary source."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..mechanics.ruleset import Ruleset
from . import compare as cmp
from .readings import Reading, reading_at


@dataclass(frozen=True)
class Change:
    """One rule that differs from the ruleset before: its row, and the value before and now."""

    label: str
    anchor: str
    before: str
    now: str
    before_reading: Reading | None = None
    """The interpretation the rule before rests on, where it was the project's reading."""
    now_reading: Reading | None = None
    """The interpretation the rule now rests on, where it is the project's reading."""


@dataclass(frozen=True)
class Entry:
    """A source on the timeline, with the rules it changed from the one before it."""

    ruleset: Ruleset
    previous: Ruleset | None
    changes: tuple[Change, ...]


@dataclass(frozen=True)
class Milestone:
    """A dated fact the rulesets do not give, with the secondary source it is taken from."""

    year: int
    when: str
    text: str
    cited: str


MILESTONES: tuple[Milestone, ...] = (
    Milestone(
        1732,
        "1732",
        "The game's name is first recorded.",
        "the Oxford English Dictionary, as cited by David Parlett",
    ),
    Milestone(
        1814,
        "1814 or 1826",
        "A Hoyle first prints rules for Pope Joan. Some date that edition 1814 and others 1826; "
        "the disagreement is recorded here, not settled.",
        "David Parlett, “Pope Joan”, in his history of card games",
    ),
)


def in_order(rulesets: Sequence[Ruleset]) -> list[Ruleset]:
    """The rulesets by their source's year (those without one last), then by id."""
    return sorted(rulesets, key=lambda r: (r.source.year is None, r.source.year or 0, r.id))


NOT_RULES = frozenset({"options"})
"""Comparison rows that are not a rule (the variations a ruleset offers)."""


def changes(before: Ruleset, now: Ruleset) -> tuple[Change, ...]:
    """The comparison rows whose value differs between two rulesets' default rules."""
    found: list[Change] = []
    for dimension in cmp.DIMENSIONS:
        if dimension.id in NOT_RULES:
            continue
        old, new = dimension.value(before), dimension.value(now)
        if dimension.key(before, old) != dimension.key(now, new):
            anchor = dimension.anchor(now.rules)
            found.append(
                Change(
                    dimension.label,
                    anchor,
                    old,
                    new,
                    reading_at(before, dimension.anchor(before.rules)),
                    reading_at(now, anchor),
                )
            )
    return tuple(found)


def entries(rulesets: Sequence[Ruleset]) -> list[Entry]:
    """Each ruleset in date order, with what changed from the one before it of the same game
    (a relative of Pope Joan, as Spin, is compared with the sources of its own game)."""
    found: list[Entry] = []
    last: dict[str, Ruleset] = {}
    for ruleset in in_order(rulesets):
        previous = last.get(ruleset.source.game)
        found.append(
            Entry(ruleset, previous, changes(previous, ruleset) if previous is not None else ())
        )
        last[ruleset.source.game] = ruleset
    return found


def timeline(rulesets: Sequence[Ruleset]) -> list[Entry | Milestone]:
    """The milestones and the rulesets' entries, by year (a milestone before a source of the
    same year)."""
    items: list[tuple[tuple[int, int, int], Entry | Milestone]] = [
        ((m.year, 0, index), m) for index, m in enumerate(MILESTONES)
    ]
    for index, entry in enumerate(entries(rulesets)):
        year = entry.ruleset.source.year
        items.append(((10_000 if year is None else year, 1, index), entry))
    return [item for _, item in sorted(items, key=lambda pair: pair[0])]
