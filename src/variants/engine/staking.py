"""Staking policies: where each player lays his counters when the rules leave it to him.

Matrimony and Newmarket let each player spread his counters over the compartments as he
pleases, every compartment covered (:mod:`variants.mechanics.spread`). A staking policy plays
that choice, named and chosen like a lead policy (:mod:`policies`); rules that fix every stake
ignore it.

- ``even`` (the default): one rule, each counter on the compartment with fewest laid, so the
  dressing is the same for every deal with the same dealer and is compiled once; it draws
  nothing from the deal's generator.
- ``random``: each counter on a compartment drawn from the deal's ``random.Random``, the last
  counters going where a compartment is still short.

A deal file may instead give the stakes laid (:func:`given`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..mechanics.spread import Laid, Lay, payments, random_payments


@dataclass(frozen=True)
class Staking:
    """Lays the counters of each seat, in the order the rules have the seats lay."""

    name: str
    fixed: bool
    """The same stakes for every deal with the same dealer, drawing nothing: compiled once."""
    lay: Lay


EVEN = Staking("even", True, payments)
"""Each counter on the compartment with the fewest laid this deal."""
RANDOM = Staking("random", False, random_payments)
"""Each counter on a compartment drawn from the deal's generator."""
STAKINGS = {staking.name: staking for staking in (EVEN, RANDOM)}
DEFAULT_STAKING = EVEN.name


def given(laid: Sequence[tuple[int, int, int]]) -> Staking:
    """The stakes a deal file gives as laid, (seat, compartment, counters), already checked
    against the rules (:func:`~variants.mechanics.spread.laid_problem`)."""
    stakes: Laid = list(laid)
    return Staking("given", False, lambda *_: list(stakes))


def make_staking(name: str) -> Staking:
    """The staking policy called ``name``; :class:`ValueError` when there is none."""
    try:
        return STAKINGS[name]
    except KeyError:
        raise ValueError(f"no staking {name!r} (stakings: {', '.join(STAKINGS)})") from None
