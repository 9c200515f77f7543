"""A store checked against the engine: cells played again and compared to the last digit, and
the text summary that sits beside a store for a reviewer to read in a diff.

Figures are what readers trust, and a store is data a pull request can change: a cell edited by
hand, or played by an engine other than this one, differs from its replay, and the difference
is named cell by cell.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from ..mechanics.ruleset import Ruleset
from .paired import FIGURES, CellSums, ChunkTask, play_chunk
from .store import CellKey, StoredCell
from .sweep import CHUNK
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
    for number, left in enumerate(range(key.deals, 0, -CHUNK)):
        task = ChunkTask(variants, key.players, key.policy, key.seed, number, min(CHUNK, left))
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


def _sums(stat: Stat | None) -> str:
    """A figure's count, sum and sum of squares, as the store holds them."""
    return "none" if stat is None else f"n={stat.n} total={stat.total} squares={stat.squares}"


def sample(cells: Sequence[StoredCell], count: int, seed: int) -> list[StoredCell]:
    """``count`` cells chosen from ``cells`` by a generator seeded with ``seed``."""
    return random.Random(seed).sample(list(cells), min(count, len(cells)))


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
