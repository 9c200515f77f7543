"""The ``deal`` block: how the cards are dealt, and the hands and spare cards it makes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import assert_never

from ...engine.events import TurnUpPlace
from ...mechanics import down_and_up, pool, spare_seen, stock
from ...mechanics.ruleset import Rules
from ...rules.dealplan import SPARE, TURN_UP, DealPlanError, plan_deal
from .records import Rule, Table
from .words import EN_DASH, ORDINALS, article


@dataclass(frozen=True)
class HandSizes:
    """How one player count is dealt."""

    players: int
    hands: tuple[int, ...]
    """Cards in each hand when play starts, elder hand first (the dealer last)."""
    spare: int
    """Cards in the spare hand or stock when play starts."""
    turn_up: TurnUpPlace
    """Where the turn-up lies: ``table``, ``hand``, ``spare`` or ``none``."""
    turn_up_seat: int | None = None
    """For ``hand``: the position holding it, counted from the elder hand (the dealer last)."""
    error: str | None = None

    @property
    def turn_up_text(self) -> str:
        """Where the turn-up lies, in words.

        >>> HandSizes(5, (8,) * 5, 10, "hand", 4).turn_up_text
        "in the dealer's hand"
        >>> HandSizes(5, (8,) * 5, 10, "hand", 1).turn_up_text
        "in the hand of the second player from the dealer's left"
        """
        place = self.turn_up
        match place:
            case "hand":
                seat = self.turn_up_seat
                if seat is None:
                    return "in a hand"
                if seat == self.players - 1:
                    return "in the dealer's hand"
                if seat == 0:
                    return "in the elder hand (the dealer's left)"
                nth = ORDINALS[seat] if seat < len(ORDINALS) else ""
                return f"in the hand of the {nth} player from the dealer's left"
            case "table":
                return "face up on the table"
            case "spare":
                return "in the spare cards"
            case "none":
                return "none turned"
            case _:
                assert_never(place)

    @property
    def hands_text(self) -> str:
        """``8 each``, or each hand's size when they differ.

        >>> HandSizes(5, (9, 9, 8, 8, 8), 8, "hand").hands_text
        '9, 9, 8, 8, 8'
        >>> HandSizes(5, (8,) * 5, 10, "table").hands_text
        '8 each'
        """
        if self.error:
            return "cannot be dealt"
        if len(set(self.hands)) == 1:
            return f"{self.hands[0]} each"
        return ", ".join(str(n) for n in self.hands)


def hand_sizes(rules: Rules, players: int) -> HandSizes:
    """Computed from :func:`variants.rules.dealplan.plan_deal`."""
    try:
        plan = plan_deal(rules, players)
    except DealPlanError as error:
        return HandSizes(players, (), 0, "none", error=str(error))
    spare = sum(1 for p in plan.positions if p == SPARE)
    where: TurnUpPlace = "none"
    seat: int | None = None
    if plan.turn_up_index is not None:
        dealt_to = plan.positions[plan.turn_up_index]
        if plan.turn_up_position == TURN_UP:
            where = "table"
            if dealt_to == SPARE:
                spare -= 1
        elif plan.turn_up_position == SPARE:
            where = "spare"
        else:
            where = "hand"
            seat = plan.turn_up_position
    return HandSizes(players, plan.hand_sizes(), spare, where, seat)


def hand_sizes_table(rules: Rules) -> Table:
    spare = rules.deal.spare_name
    rows: list[tuple[str, ...]] = []
    for n in rules.players.counts:
        sizes = hand_sizes(rules, n)
        if sizes.error:
            rows.append((str(n), "cannot be dealt", "", sizes.error))
            continue
        place = sizes.turn_up_text.replace("the spare cards", f"the {spare}")
        rows.append((str(n), sizes.hands_text, str(sizes.spare), place))
    return Table(
        ("Players", "Cards to each player", spare.capitalize(), "Turn-up"),
        tuple(rows),
        "Hands are listed from the elder hand (on the dealer's left) round to the dealer.",
    )


def deal_style_text(rules: Rules) -> tuple[str, ...]:
    deal = rules.deal
    spare = deal.spare_name
    style = deal.style
    match style:
        case "equal-with-spare":
            return (
                "The dealer deals one card at a time, starting on the left, to each player and "
                f"to {article(spare)}, so that every hand and the {spare} get the same number of "
                "cards.",
                f"Cards left over when the hands are equal go to the {spare}, which lies face "
                "down and unseen throughout the deal; the cards in it are unknown stops.",
            )
        case "all-around":
            return (
                "The dealer deals the whole pack one card at a time, starting on the left, round "
                f"the players and {article(spare)}, so some hands may have one card more than "
                "others.",
                f"The {spare} lies face down and unseen throughout the deal; the cards in it are "
                "unknown stops.",
            )
        case "all-to-players":
            return (
                "The dealer deals the whole pack one card at a time, starting on the left, round "
                "the players as evenly as it goes, so some hands may have one card more than "
                "others. There is no spare hand: every card is in a player's hand.",
            )
        case "fixed-table":
            counts = ", ".join(f"{p} players {c}" for p, c in deal.table)
            return (
                "The dealer deals one card at a time, starting on the left, giving each player "
                f"the number of cards a fixed table sets for the number of players ({counts}).",
                f"The rest of the pack is the {spare}, which lies face down and unseen; the cards "
                "in it are unknown stops.",
            )
        case "equal-with-stock":
            assert deal.stock is not None
            return stock.sentences(deal.stock, spare)
        case "down-and-up":
            return down_and_up.sentences(deal.down, spare)
        case _:
            assert_never(style)


def deal_summary(rules: Rules) -> str:
    """The deal in a few words (the spare hand's name is left to :func:`spare_summary`)."""
    deal = rules.deal
    style = deal.style
    match style:
        case "equal-with-spare":
            return "equal hands and an extra hand, which takes the leftovers"
        case "all-around":
            return "the whole pack dealt round the hands and an extra hand; hands may differ by one"
        case "all-to-players":
            return "the whole pack dealt round the players, no extra hand; hands may differ by one"
        case "fixed-table":
            counts = ", ".join(f"{p}p {c}" for p, c in deal.table)
            return f"a fixed number by player count ({counts}); the rest is a stock"
        case "equal-with-stock":
            assert deal.stock is not None
            return stock.summary(deal.stock)
        case "down-and-up":
            return down_and_up.summary(deal.down)
        case _:
            assert_never(style)


def spare_summary(rules: Rules) -> str:
    """The spare hand or stock, and its size across the player counts."""
    sizes = [
        hand_sizes(rules, n).spare for n in rules.players.counts if not hand_sizes(rules, n).error
    ]
    name = rules.deal.spare_name
    if not sizes:
        return name
    if max(sizes) == 0:
        return "none"
    low, high = min(sizes), max(sizes)
    span = str(low) if low == high else f"{low}{EN_DASH}{high}"
    return f"{name}, {spare_seen.summary(rules.deal)}: {span} cards"


def deal_rule(rules: Rules) -> Rule:
    deal = rules.deal
    return Rule(
        "rule-deal",
        "Dealing",
        deal_style_text(rules) + spare_seen.sentences(deal) + pool.sentences(rules),
        deal.provenance,
        deal.interpretation,
        hand_sizes_table(rules),
    )


def dealt_whole(rules: Rules) -> bool:
    """Whether the whole pack is dealt round, so that the last card dealt falls in a hand."""
    style = rules.deal.style
    match style:
        case "all-around" | "all-to-players":
            return True
        case "equal-with-spare" | "fixed-table" | "equal-with-stock" | "down-and-up":
            return False
        case _:
            assert_never(style)
