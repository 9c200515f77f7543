"""The ``game`` block: how many deals make a game, the closing deal and the winner."""

from __future__ import annotations

from typing import assert_never

from ...mechanics.ruleset import Rules
from .records import Rule
from .words import plural


def deals_summary(rules: Rules) -> str:
    deals = rules.game.deals
    match deals:
        case "per-player":
            return "one deal by each player"
        case int():
            return plural(deals, "deal")
        case _:
            assert_never(deals)


def closing_summary(rules: Rules) -> str:
    closing = rules.game.closing_deal
    match closing:
        case "face-up":
            return "a face-up deal empties the board"
        case "none":
            return "none"
        case _:
            assert_never(closing)


def winner_summary(rules: Rules) -> str:
    winner = rules.game.winner
    match winner:
        case "most-counters":
            return "most counters wins"
        case _:
            assert_never(winner)


def winner_text(rules: Rules) -> str:
    winner = rules.game.winner
    match winner:
        case "most-counters":
            return "The player with the most counters when the game ends has won."
        case _:
            assert_never(winner)


def length_and_winner_rules(rules: Rules) -> tuple[Rule, ...]:
    """How long a game lasts, how it closes and who wins it."""
    spare = rules.deal.spare_name
    game = rules.game
    deals = game.deals
    match deals:
        case "per-player":
            deals_text = "A game is one deal by each player in turn, the deal passing to the left."
        case int():
            deals_text = f"A game is {plural(deals, 'deal')}, the deal passing to the left."
        case _:
            assert_never(deals)
    closing_deal = game.closing_deal
    match closing_deal:
        case "face-up":
            closing = (
                "After the last deal, if any counters are left on the board, the next dealer "
                f"deals the whole pack face up round the players, with no {spare}, and the last "
                "trump still stands. Whoever receives a compartment's card takes its counters; "
                "the holder of one card of a pair takes half."
            )
        case "none":
            closing = (
                "There is no closing deal: counters still on the board when the game ends stay "
                "there."
            )
        case _:
            assert_never(closing_deal)
    common = (game.provenance, game.interpretation)
    return (
        Rule("rule-deals", "Length of a game", (deals_text,), *common),
        Rule("rule-closing-deal", "Closing deal", (closing,), *common),
        Rule("rule-winner", "Winner", (winner_text(rules),), *common),
    )
