"""The ``first_dealer`` block: who deals first, and how the deal passes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import assert_never, get_args

from ...mechanics.ruleset import FirstDealer, Rules
from .records import Rule


def first_dealer_text(method: FirstDealer) -> str:
    match method:
        case "lowest-card":
            return (
                "Each player draws a card and the lowest deals first, the ace counting low; "
                "players who tie for lowest draw again."
            )
        case "first-jack":
            return (
                "Cards are dealt round face up, one at a time, and the first player to receive a "
                "jack deals first."
            )
        case "agreed":
            return "The players agree who deals first."
        case _:
            assert_never(method)


def first_dealer_short(method: FirstDealer) -> str:
    match method:
        case "lowest-card":
            return "lowest card drawn"
        case "first-jack":
            return "first jack dealt face up"
        case "agreed":
            return "agreed by the players"
        case _:
            assert_never(method)


FIRST_DEALER_SHORT: Mapping[FirstDealer, str] = {
    method: first_dealer_short(method) for method in get_args(FirstDealer)
}


def first_dealer_rule(rules: Rules) -> Rule:
    dealer = rules.first_dealer
    return Rule(
        "rule-first-dealer",
        "First dealer",
        (first_dealer_text(dealer.method), "After each deal the deal passes to the left."),
        dealer.provenance,
        dealer.interpretation,
    )
