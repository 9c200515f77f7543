"""Dealing: from a shuffled pack to the hands, spare and turn-up that play starts from.

Pure functions: the same pack order, dealer and rules always give the same setup. The only
randomness is the shuffle, drawn from the ``random.Random`` passed in.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import starmap

from ..mechanics import pool as pool_cards
from .compiled import END, SPARE, TABLE, CompiledRules, with_pool


@dataclass(frozen=True)
class DealSetup:
    """Everything about one deal before the first lead."""

    players: int
    dealer: int
    hands: tuple[tuple[int, ...], ...]
    """Each seat's cards when play starts, by seat (a turn-up taken into hand included)."""
    spare: tuple[int, ...]
    """The spare hand or stock, unseen (a turn-up lying in it included)."""
    turn_up: int | None
    board: tuple[int, ...]
    """Counters on each compartment before dressing (carried over), in board order."""
    banker: int
    dress: bool = True
    face_up: tuple[int, ...] = ()
    """Each seat's card dealt face up, by seat, which its hand also holds (empty: none is)."""
    pool: tuple[int, ...] = ()
    """The pool cards drawn for this deal, in board order (empty: none is drawn); the deal is
    played under the rules with them (:func:`~variants.engine.compiled.with_pool`)."""

    @property
    def elder(self) -> int:
        return (self.dealer + 1) % self.players

    def seat_of_position(self, position: int) -> int:
        return (self.dealer + 1 + position) % self.players


def sort_hand(cards: Sequence[int], compiled: CompiledRules | None = None) -> tuple[int, ...]:
    """A hand in canonical order: suits C D H S, each from the ace up to the king."""
    return tuple(sorted(cards))


def shuffle(cards: Sequence[int], rng: random.Random) -> list[int]:
    """A uniformly shuffled copy of ``cards``: each card gets a random sort key.

    Every one of the 52 cards draws its key, in card order, removed or not, so a seed gives
    the same keys whatever the ruleset takes out of the pack; the draws are made from C
    (``starmap``), with no Python call per card."""
    return sorted(cards, key=list(starmap(rng.random, KEY_DRAWS)).__getitem__)


KEY_DRAWS = ((),) * 52
"""The (empty) arguments of the 52 ``rng.random`` calls that give a shuffle's sort keys."""


def trump_of(compiled: CompiledRules, turn_up: int | None) -> int | None:
    """The trump suit of a deal with this turn-up (None: no card is turned up)."""
    return compiled.trump_after[END if turn_up is None else turn_up]


def places(
    compiled: CompiledRules, hands: Sequence[Sequence[int]], turn_up: int | None
) -> list[int]:
    """Where each card lies once play starts, by card (``END`` included): the seat holding
    it, or the place it lies in: SPARE for the spare hand or stock (unseen), REMOVED out of
    the pack, TABLE for a turn-up in no hand, STOPPED for ``END``."""
    owner = list(compiled.start_owner)
    for seat, hand in enumerate(hands):
        for card in hand:
            owner[card] = seat
    if turn_up is not None and owner[turn_up] == SPARE:
        owner[turn_up] = TABLE
    return owner


def deal_from_pack(
    compiled: CompiledRules,
    pack: Sequence[int],
    dealer: int,
    board: Sequence[int] | None = None,
    banker: int | None = None,
    dress: bool = True,
    pool: tuple[int, ...] = (),
) -> DealSetup:
    """Deal ``pack`` (top card first) as the rules say (with ``pool``, the drawn pool cards
    the pack was made without)."""
    compiled = with_pool(compiled, pool)
    if len(pack) != len(compiled.plan.positions):
        raise ValueError(f"a pack of {len(pack)} cards, not {len(compiled.plan.positions)}")
    layout = compiled.layout(dealer)
    hands, _, turn_up, face_up = layout.deal(pack)
    return DealSetup(
        players=compiled.players,
        dealer=dealer,
        hands=tuple(map(tuple, hands)),
        spare=tuple(sorted(pack[index] for index in layout.spare)),
        turn_up=turn_up,
        board=tuple(board) if board is not None else (0,) * len(compiled.ids),
        banker=banker if banker is not None and compiled.rules.dressing.by_banker else dealer,
        dress=dress,
        face_up=face_up,
        pool=pool,
    )


def shuffled_deal(
    compiled: CompiledRules,
    rng: random.Random,
    dealer: int,
    board: Sequence[int] | None = None,
    banker: int | None = None,
    dress: bool = True,
) -> DealSetup:
    """A deal from a shuffle of ``rng``; drawn pool cards are drawn from it first."""
    pool = pool_cards.draw(compiled.rules, rng)
    pack = shuffle(with_pool(compiled, pool).pack, rng)
    return deal_from_pack(compiled, pack, dealer, board, banker, dress, pool)
