"""Dealing: from a shuffled pack to the hands, spare and turn-up that play starts from.

Pure functions: the same pack order, dealer and rules always give the same setup. The only
randomness is the shuffle, drawn from the ``random.Random`` passed in.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import starmap
from typing import assert_never

from .cards import suit_of
from .compiled import CompiledRules
from .dealplan import SPARE, TURN_UP


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
    suit = compiled.rules.trump.suit
    match suit:
        case "none":
            return None
        case "turn-up":
            return None if turn_up is None else suit_of(turn_up)
        case int():
            return suit
        case _:
            assert_never(suit)


def deal_from_pack(
    compiled: CompiledRules,
    pack: Sequence[int],
    dealer: int,
    board: Sequence[int] | None = None,
    banker: int | None = None,
    dress: bool = True,
) -> DealSetup:
    """Deal ``pack`` (top card first) as the rules say."""
    plan = compiled.plan
    players = compiled.players
    hands: list[list[int]] = [[] for _ in range(players)]
    spare: list[int] = []
    for card, position in zip(pack, plan.positions, strict=True):
        if position >= 0:
            hands[(dealer + 1 + position) % players].append(card)
        elif position == SPARE:
            spare.append(card)
    turn_up = None if plan.turn_up_index is None else pack[plan.turn_up_index]
    if turn_up is not None:
        for hand in hands:
            if turn_up in hand:
                hand.remove(turn_up)
        if turn_up in spare and plan.turn_up_position != SPARE:
            spare.remove(turn_up)
        where = plan.turn_up_position
        if where >= 0:
            hands[(dealer + 1 + where) % players].append(turn_up)
        elif where == SPARE and turn_up not in spare:
            spare.append(turn_up)
        assert where in (SPARE, TURN_UP) or where >= 0
    return DealSetup(
        players=players,
        dealer=dealer,
        hands=tuple(sort_hand(hand, compiled) for hand in hands),
        spare=sort_hand(spare, compiled),
        turn_up=turn_up,
        board=tuple(board) if board is not None else (0,) * len(compiled.ids),
        banker=dealer if banker is None else banker,
        dress=dress,
    )


def shuffled_deal(
    compiled: CompiledRules,
    rng: random.Random,
    dealer: int,
    board: Sequence[int] | None = None,
    banker: int | None = None,
    dress: bool = True,
) -> DealSetup:
    return deal_from_pack(compiled, shuffle(compiled.pack, rng), dealer, board, banker, dress)
