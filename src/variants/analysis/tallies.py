"""What a simulation counts: integer tallies of many deals or games, merged chunk by chunk.

A tally keeps sums, never a deal: counts, and for each quantity its count, sum and sum of
squares (:class:`Stat`), so that memory stays flat however many deals are played and tallies
merge exactly in any grouping. The reports (:mod:`.reports`) turn them into figures.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..engine.play import DealResult

Z95 = 1.959963984540054
"""The normal distribution's two-sided 95% point: an interval is the mean within this many
standard errors."""


@dataclass
class Stat:
    """Count, sum and sum of squares of an integer quantity."""

    n: int = 0
    total: int = 0
    squares: int = 0

    def add(self, value: int) -> None:
        self.n += 1
        self.total += value
        self.squares += value * value

    def merge(self, other: Stat) -> None:
        self.n += other.n
        self.total += other.total
        self.squares += other.squares

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

    def standard_error(self) -> float:
        """The mean's standard error: 0 for fewer than two values."""
        if self.n < 2:
            return 0.0
        variance = (self.squares - self.total * self.total / self.n) / (self.n - 1)
        return math.sqrt(max(variance, 0.0) / self.n)

    def interval(self) -> tuple[float, float]:
        """The mean's 95% confidence interval (normal approximation)."""
        if self.n < 2:
            return (self.mean, self.mean)
        half = Z95 * self.standard_error()
        return (self.mean - half, self.mean + half)


@dataclass
class Tally:
    """Everything counted over a run of independent deals."""

    players: int
    compartments: tuple[str, ...]
    deals: int = 0
    voided: int = 0
    net: list[Stat] = field(default_factory=list)
    """By position from the dealer's left: 0 is the elder hand, players - 1 the dealer."""
    cards: Stat = field(default_factory=Stat)
    won_in_play: list[int] = field(default_factory=list)
    won_at_turn_up: list[int] = field(default_factory=list)
    carried: list[int] = field(default_factory=list)
    held: list[int] = field(default_factory=list)
    size_when_won: list[Stat] = field(default_factory=list)
    winner: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        k = len(self.compartments)
        self.net = self.net or [Stat() for _ in range(self.players)]
        self.won_in_play = self.won_in_play or [0] * k
        self.won_at_turn_up = self.won_at_turn_up or [0] * k
        self.carried = self.carried or [0] * k
        self.held = self.held or [0] * k
        self.size_when_won = self.size_when_won or [Stat() for _ in range(k)]
        self.winner = self.winner or [0] * self.players

    def add(self, result: DealResult) -> None:
        """Count one deal, dealt with seat ``players - 1`` dealing (so seat = position)."""
        self.deals += 1
        for stat, value in zip(self.net, result.net, strict=True):
            stat.n += 1
            stat.total += value
            stat.squares += value * value
        if result.winner is None:
            self.voided += 1
        else:
            self.winner[result.winner] += 1
            self.cards.add(result.cards_played)
        for index, seats in enumerate(result.won):
            if seats:
                if result.by_turn_up[index]:
                    self.won_at_turn_up[index] += 1
                else:
                    self.won_in_play[index] += 1
                self.size_when_won[index].add(result.took[index])
        self.carried = list(map(_count, self.carried, result.board))
        self.held = list(map(_count, self.held, result.held))

    def merge(self, other: Tally) -> None:
        self.deals += other.deals
        self.voided += other.voided
        for mine, theirs in zip(self.net, other.net, strict=True):
            mine.merge(theirs)
        self.cards.merge(other.cards)
        for name in ("won_in_play", "won_at_turn_up", "carried", "held", "winner"):
            mine_list: list[int] = getattr(self, name)
            mine_list[:] = [a + b for a, b in zip(mine_list, getattr(other, name), strict=True)]
        for stat, theirs in zip(self.size_when_won, other.size_when_won, strict=True):
            stat.merge(theirs)


@dataclass
class GameTally:
    players: int
    games: int = 0
    total: list[Stat] = field(default_factory=list)
    """Net over the game, by position from the first dealer's left (the first dealer last)."""
    spread: Stat = field(default_factory=Stat)
    winner: list[int] = field(default_factory=list)
    shared_wins: int = 0
    compartments: tuple[str, ...] = ()
    size_when_won: list[Stat] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.total = self.total or [Stat() for _ in range(self.players)]
        self.winner = self.winner or [0] * self.players
        self.size_when_won = self.size_when_won or [Stat() for _ in self.compartments]

    def merge(self, other: GameTally) -> None:
        self.games += other.games
        for mine, theirs in zip(self.total, other.total, strict=True):
            mine.merge(theirs)
        self.spread.merge(other.spread)
        self.winner = [a + b for a, b in zip(self.winner, other.winner, strict=True)]
        self.shared_wins += other.shared_wins
        for stat, theirs in zip(self.size_when_won, other.size_when_won, strict=True):
            stat.merge(theirs)


@dataclass
class SeatTally:
    """One seat followed in each deal, against the other seats of the same deal.

    ``edge`` sums ``(players - 1) * net - (the other seats' nets)`` per deal: an integer whose
    mean, divided by ``players - 1``, is how much better the followed seat did than an average
    other seat at the same table (a paired difference, so the seat's position cancels out when
    the followed seat moves round the table)."""

    players: int
    deals: int = 0
    followed: int = 0
    """Deals in which a seat was followed (a card's holder: the card was dealt to a hand)."""
    net: Stat = field(default_factory=Stat)
    edge: Stat = field(default_factory=Stat)
    went_out: int = 0
    won: int = 0
    """Deals in which the followed seat took the compartment followed (card holders only)."""
    took: Stat = field(default_factory=Stat)
    """Counters the followed seat took from that compartment, 0 when it did not take it."""

    def follow(self, result: DealResult, seat: int, compartment: int = -1) -> None:
        self.followed += 1
        net = result.net[seat]
        self.net.add(net)
        self.edge.add((self.players - 1) * net - (sum(result.net) - net))
        if result.winner == seat:
            self.went_out += 1
        if compartment >= 0:
            mine = seat in result.won[compartment]
            self.won += mine
            self.took.add(result.took[compartment] if mine else 0)

    def follow_holder(
        self, result: DealResult, hands: Sequence[Sequence[int]], card: int, compartment: int
    ) -> None:
        """Count one deal, following the seat dealt ``card`` (if a hand holds it), which wins
        the compartment at index ``compartment``."""
        self.deals += 1
        for seat, hand in enumerate(hands):
            if card in hand:
                self.follow(result, seat, compartment)
                return

    def merge(self, other: SeatTally) -> None:
        self.deals += other.deals
        self.followed += other.followed
        self.net.merge(other.net)
        self.edge.merge(other.edge)
        self.went_out += other.went_out
        self.won += other.won
        self.took.merge(other.took)


@dataclass
class SharedTally:
    """What :func:`.chunks.run_shared` counts: each tally its job asked for, the others None."""

    deals: Tally | None
    seat: SeatTally | None
    holders: list[SeatTally]

    def merge(self, other: SharedTally) -> None:
        if self.deals is not None and other.deals is not None:
            self.deals.merge(other.deals)
        if self.seat is not None and other.seat is not None:
            self.seat.merge(other.seat)
        for mine, theirs in zip(self.holders, other.holders, strict=True):
            mine.merge(theirs)


def _count(total: int, value: int) -> int:
    """``total`` plus one where ``value`` is non-zero (a count over deals)."""
    return total + 1 if value else total
