"""The ``turn_up`` block: which card is turned up, and what becomes of it."""

from __future__ import annotations

from typing import assert_never

from ...mechanics.ruleset import Rules, TurnUpFate
from .deal import dealt_whole
from .records import Rule
from .words import join_words


def turn_up_card_text(rules: Rules) -> str:
    card = rules.turn_up.card
    spare = rules.deal.spare_name
    match card:
        case "none":
            return "No card is turned up."
        case "last-dealt":
            if dealt_whole(rules):
                return "The last card dealt, wherever it falls, is turned face up."
            return "When the hands are dealt, the next card is turned face up."
        case "dealer-last":
            return (
                "The last card dealt to the dealer is turned face up on the table for all to see."
            )
        case "stock-top":
            return f"The top card of the {spare} is turned face up."
        case _:
            assert_never(card)


def turn_up_fate_text(fate: TurnUpFate) -> str:
    match fate:
        case "table":
            return "It stays face up on the table, out of play: the card below it is a known stop."
        case "dealer":
            return "Once everyone has seen it, the dealer takes it into hand."
        case "holder":
            return (
                "It stays, face up, in the hand it fell to and is played from there like any "
                "other card."
            )
        case _:
            assert_never(fate)


def turn_up_summary(rules: Rules) -> str:
    card = rules.turn_up.card
    match card:
        case "none":
            return "none"
        case "last-dealt":
            which = "last card dealt" if dealt_whole(rules) else "next card"
        case "dealer-last":
            which = "dealer's last card"
        case "stock-top":
            which = f"top of the {rules.deal.spare_name}"
        case _:
            assert_never(card)
    fate = rules.turn_up.fate
    match fate:
        case "table":
            where = "stays on the table (a stop)"
        case "dealer":
            where = "taken up by the dealer"
        case "holder":
            where = "stays in the hand it fell to"
        case _:
            assert_never(fate)
    return f"{which}; {where}"


def turn_up_rule(rules: Rules) -> Rule:
    turn_up = rules.turn_up
    sentences = [turn_up_card_text(rules)]
    if turn_up.turned:
        sentences.append(turn_up_fate_text(turn_up.fate))
        payers = [c for c in rules.board.compartments if c.turn_up is not None]
        if payers:
            sentences.append(
                "If it is the card of a compartment, the dealer is paid at once: see "
                + join_words([c.label for c in payers], "and")
                + " under Board and stakes."
            )
    return Rule(
        "rule-turn-up", "Turn-up", tuple(sentences), turn_up.provenance, turn_up.interpretation
    )
