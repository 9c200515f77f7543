"""The ``trump`` block: which suit is trumps."""

from __future__ import annotations

from typing import assert_never

from ...mechanics.ruleset import Rules
from .records import Rule
from .words import suit_label


def trump_summary(rules: Rules) -> str:
    suit = rules.trump.suit
    match suit:
        case "turn-up":
            return "the turn-up's suit"
        case "none":
            return "no trumps"
        case int():
            return suit_label(suit)
        case _:
            assert_never(suit)


def trump_rule(rules: Rules) -> Rule:
    trump = rules.trump
    suit = trump.suit
    match suit:
        case "turn-up":
            text = "The turn-up's suit is trumps for the deal."
        case "none":
            text = (
                "There is no trump suit: the board names its cards directly."
                if rules.board.compartments
                else "There is no trump suit."
            )
        case int():
            text = f"Trumps are always {suit_label(suit)}."
        case _:
            assert_never(suit)
    return Rule("rule-trump", "Trumps", (text,), trump.provenance, trump.interpretation)
