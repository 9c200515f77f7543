"""The ``players`` block: how many may play."""

from __future__ import annotations

from ...mechanics.ruleset import Rules
from .records import Rule
from .words import number_word


def players_rule(rules: Rules) -> Rule:
    players = rules.players
    text = (
        f"For exactly {number_word(players.min)} players."
        if players.min == players.max
        else f"For {number_word(players.min)} to {number_word(players.max)} players."
    )
    return Rule("rule-players", "Players", (text,), players.provenance, players.interpretation)
