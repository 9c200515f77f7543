"""Where each card of a shuffled pack goes, for any deal style and player count.

A plan is pure arithmetic on the rules: the validator uses it to check that the pack and the
deal add up, and the engine uses it to deal. Positions count from the elder hand: position 0
is the seat on the dealer's left, position ``players - 1`` is the dealer, ``SPARE`` is the spare
hand or stock, ``TURN_UP`` is the card turned for trump.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import assert_never

from ..mechanics.down_and_up import positions as positions_face_up
from ..mechanics.ruleset import Rules, TurnUpCard
from ..mechanics.spare_seen import dealt_seats
from ..mechanics.stock import positions as positions_of_stock

SPARE = -1
TURN_UP = -2


class DealPlanError(ValueError):
    """The pack and the deal do not add up for a player count."""


@dataclass(frozen=True)
class DealPlan:
    players: int
    positions: tuple[int, ...]
    """For each index of the shuffled pack, the position it is dealt to."""
    turn_up_index: int | None
    """The pack index of the card turned for trump, if any."""
    turn_up_position: int
    """Where the turn-up lies once play starts: a position, ``SPARE`` or ``TURN_UP`` (table)."""
    face_up: tuple[int, ...] = ()
    """The pack indices dealt face up, one per position from the elder hand (down-and-up),
    or none."""

    def hand_sizes(self) -> tuple[int, ...]:
        """Cards each position holds when play starts (elder hand first)."""
        sizes = [0] * self.players
        for position in self.positions:
            if position >= 0:
                sizes[position] += 1
        if self.turn_up_index is not None and self.turn_up_position >= 0:
            dealt_to = self.positions[self.turn_up_index]
            if dealt_to != self.turn_up_position:
                sizes[self.turn_up_position] += 1
                if dealt_to >= 0:
                    sizes[dealt_to] -= 1
        elif self.turn_up_index is not None:
            dealt_to = self.positions[self.turn_up_index]
            if dealt_to >= 0:
                sizes[dealt_to] -= 1
        return tuple(sizes)


def plan_deal(rules: Rules, players: int) -> DealPlan:
    """The plan for ``players`` seats; raises :class:`DealPlanError` when it cannot be dealt."""
    size = len(rules.pack.cards)
    style = rules.deal.style
    turn = rules.turn_up.card
    seats = dealt_seats(rules.deal, players)
    positions: list[int]
    turn_index: int | None = None
    face_up: tuple[int, ...] = ()
    match style:
        case "equal-with-spare":
            positions, turn_index = _equal_with_spare(size, seats, turn)
        case "all-around":
            positions, turn_index = _whole_pack(size, seats, seats + 1, turn)
        case "all-to-players":
            positions, turn_index = _whole_pack(size, seats, seats, turn)
        case "fixed-table":
            positions, turn_index = _fixed_table(rules, size, seats, turn)
        case "equal-with-stock":
            positions, turn_index = _equal_with_stock(rules, size, seats, turn)
        case "down-and-up":
            try:
                positions, face_up = positions_face_up(rules.deal.down, size, seats)
            except ValueError as error:
                raise DealPlanError(str(error)) from None
        case _:
            assert_never(style)
    positions = [SPARE if p == seats else p for p in positions]
    turn_position = TURN_UP
    if turn_index is not None:
        fate = rules.turn_up.fate
        match fate:
            case "table":
                turn_position = TURN_UP
            case "dealer":
                turn_position = players - 1
            case "holder":
                turn_position = positions[turn_index]
            case _:
                assert_never(fate)
    return DealPlan(players, tuple(positions), turn_index, turn_position, face_up)


def _whole_pack(
    size: int, seats: int, hands: int, turn: TurnUpCard
) -> tuple[list[int], int | None]:
    """The whole pack dealt round ``hands`` hands (the seats, and the spare hand as ``seats``
    when there is one); a card turned up is the last dealt."""
    if size < hands:
        raise DealPlanError(f"{size} cards cannot give {seats} players a card each")
    positions = [i % hands for i in range(size)]
    match turn:
        case "last-dealt":
            return positions, size - 1
        case "none" | "dealer-last" | "stock-top":
            return positions, None  # the checks allow no other turn-up with this deal
        case _:
            assert_never(turn)


def _equal_with_spare(size: int, players: int, turn: TurnUpCard) -> tuple[list[int], int | None]:
    """Equal hands and a spare hand that takes the leftovers (``players`` stands for the spare)."""
    separate = 0
    match turn:
        case "last-dealt":
            separate = 1
        case "none" | "dealer-last" | "stock-top":
            pass
        case _:
            assert_never(turn)
    each = (size - separate) // (players + 1)
    if each < 1:
        raise DealPlanError(f"{size} cards cannot give {players} players a card each")
    positions = [i % (players + 1) for i in range(each * (players + 1))]
    turn_index: int | None = None
    match turn:
        case "last-dealt":
            turn_index = len(positions)
            positions.append(TURN_UP)
        case "dealer-last":
            turn_index = (each - 1) * (players + 1) + (players - 1)
        case "none" | "stock-top":
            pass  # the checks allow no stock-top turn-up with this deal
        case _:
            assert_never(turn)
    positions += [players] * (size - len(positions))
    return positions, turn_index


def _equal_with_stock(
    rules: Rules, size: int, seats: int, turn: TurnUpCard
) -> tuple[list[int], int | None]:
    """Equal hands and a stock sized by the rules' stock rule (``seats`` stands for it)."""
    separate = 0
    match turn:
        case "last-dealt" | "stock-top":
            separate = 1
        case "none" | "dealer-last":
            pass  # the checks allow no dealer-last turn-up with this deal
        case _:
            assert_never(turn)
    rule = rules.deal.stock
    if rule is None:
        raise DealPlanError("an equal-with-stock deal needs a stock rule")
    try:
        order, turn_index = positions_of_stock(rule, size, seats, separate)
    except ValueError as error:
        raise DealPlanError(str(error)) from None
    return [TURN_UP if p == -2 else p for p in order], turn_index


def _fixed_table(
    rules: Rules, size: int, players: int, turn: TurnUpCard
) -> tuple[list[int], int | None]:
    """The deal table's number of cards each; the rest is a stock (``players`` stands for it)."""
    each = rules.deal.cards_each(players)
    if each is None:
        raise DealPlanError(f"the deal table has no row for {players} players")
    dealt = each * players
    turn_index: int | None = None
    match turn:
        case "stock-top":
            turn_index = dealt
        case "none" | "last-dealt" | "dealer-last":
            pass  # the checks allow no other turn-up with this deal
        case _:
            assert_never(turn)
    needed = dealt + (0 if turn_index is None else 1)
    if needed > size:
        raise DealPlanError(
            f"{players} players at {each} cards each need {needed} cards; the pack has {size}"
        )
    positions = [i % players for i in range(dealt)] + [players] * (size - dealt)
    return positions, turn_index
