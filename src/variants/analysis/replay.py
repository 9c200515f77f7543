"""A store checked against the engine: cells played again and compared to the last digit, and
the text summary that sits beside a store for a reviewer to read in a diff.

Figures are what readers trust, and a store is data a pull request can change: a cell edited by
hand, or played by an engine other than this one, differs from its replay, and the difference
is named cell by cell.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TypeVar

from ..mechanics.ruleset import Ruleset
from .paired import FIGURES, CellSums, play_chunk
from .store import CellKey, StoredCell
from .sweep import chunk_tasks
from .tallies import Z95, Stat


def cell_label(key: CellKey) -> str:
    """A cell named in one line, as a person reading a failure would look it up."""
    options = ", ".join(f"{k}={v}" for k, v in key.options)
    return (
        f"{key.ruleset} [{options}] at {key.players} players, {key.policy} leads, "
        f"seed {key.seed}, {key.deals} deals"
    )


def replayed(ruleset: Ruleset, key: CellKey) -> CellSums:
    """A cell's sums played again: its variant beside the default rules, chunk by chunk."""
    default = tuple(sorted(ruleset.choices().items()))
    variants = (default,) if key.options == default else (default, key.options)
    total = CellSums()
    for task in chunk_tasks(variants, key.players, key.policy, key.seed, key.deals):
        total.merge(play_chunk(task, ruleset)[-1])
    return total


def differences(ruleset: Ruleset, cell: StoredCell) -> list[str]:
    """What differs between a stored cell and its replay, figure by figure (none: the same)."""
    found = replayed(ruleset, cell.key)
    said = []
    for kind, stored, played in (
        ("", cell.sums.own, found.own),
        ("paired ", cell.sums.paired, found.paired),
    ):
        for figure in FIGURES:
            a, b = stored.get(figure), played.get(figure)
            if a != b:
                said.append(f"{kind}{figure} stored {_sums(a)}, played {_sums(b)}")
    return said


EVERY_DEAL = tuple(figure for figure in FIGURES if figure != "chief")
"""The figures counted on every deal of a cell (the chief card's only where a hand holds it)."""


def inconsistent(cells: Iterable[StoredCell]) -> list[str]:
    """Each cell whose figures cannot all be true, named, with what is wrong: a count beyond
    the deals played, a sum of squares too small for its sum, or a difference from the default
    rules that is not the difference of the two sums. Cheap enough to read every cell of a
    store, where playing one again takes seconds."""
    groups: dict[tuple[object, ...], dict[str, StoredCell]] = {}
    for cell in cells:
        key = cell.key
        where = (key.ruleset, key.players, key.policy, key.seed, key.deals)
        groups.setdefault(where, {})[cell.changed] = cell
    found = []
    for group in groups.values():
        default = group.get("")
        for changed, cell in sorted(group.items()):
            said = _impossible(cell, default if changed else None)
            if said:
                found.append(f"{cell_label(cell.key)}: {'; '.join(said)}")
    return found


def _impossible(cell: StoredCell, default: StoredCell | None) -> list[str]:
    deals = cell.key.deals
    said = []
    for figure, own in sorted(cell.sums.own.items()):
        if not 0 < own.n <= deals or (figure in EVERY_DEAL and own.n != deals):
            said.append(f"{figure}: counted on {own.n} of {deals} deals")
        if own.squares * own.n < own.total * own.total:
            said.append(f"{figure}: a sum of squares less than its sum allows")
    if default is None:
        return said
    for figure in EVERY_DEAL:
        mine, base = cell.sums.own.get(figure), default.sums.own.get(figure)
        paired = cell.sums.paired.get(figure)
        if mine is None or base is None:
            continue
        if paired is None or (paired.n, paired.total) != (deals, mine.total - base.total):
            said.append(f"{figure}: the difference from the default rules is not that of the sums")
    return said


def _sums(stat: Stat | None) -> str:
    """A figure's count, sum and sum of squares, as the store holds them."""
    return "none" if stat is None else f"n={stat.n} total={stat.total} squares={stat.squares}"


Sampled = TypeVar("Sampled")


def sample(items: Sequence[Sampled], count: int, seed: int) -> list[Sampled]:
    """``count`` of ``items`` (cells, runs) chosen by a generator seeded with ``seed``."""
    return random.Random(seed).sample(list(items), min(count, len(items)))


def summary(cells: Iterable[StoredCell]) -> str:
    """The store as text, one line a cell and figure: its mean and, for a variant, its paired
    effect, each with its 95% interval's half-width; what a reviewer reads in a diff."""
    lines = [
        "# ruleset  option=value (default: the default rules)  players  policy  deals  "
        "figure  mean ±95%  [effect ±95%]"
    ]
    for cell in cells:
        key = cell.key
        for figure in FIGURES:
            own = cell.sums.own.get(figure)
            if own is None:
                continue
            line = (
                f"{key.ruleset}  {cell.changed or 'default'}  {key.players}  {key.policy}  "
                f"{key.deals}  {figure}  {own.mean:.4f} ±{_half(own.standard_error()):.4f}"
            )
            paired = cell.sums.paired.get(figure)
            if paired is not None:
                line += f"  [{paired.mean:+.4f} ±{_half(paired.standard_error()):.4f}]"
            lines.append(line)
    return "\n".join(lines) + "\n"


def _half(error: float) -> float:
    return Z95 * error
