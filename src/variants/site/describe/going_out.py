"""The ``going_out`` block: what going out wins, and what holders of a compartment's card pay."""

from __future__ import annotations

from typing import assert_never

from ...rules.ruleset import HolderPays, Rules
from .board import compartment_cards
from .records import Rule
from .words import counters


def going_out_rule(rules: Rules) -> Rule:
    going = rules.going_out
    game = [c for c in rules.board.compartments if c.win.by_going_out]
    takes = f"takes the counters on {game[0].label} and " if game else ""
    if going.per_card:
        sentences = [
            f"The deal ends as soon as a player has played all their cards. That player {takes}"
            f"collects from every other player {counters(going.per_card)} for each card left in "
            "their hand."
        ]
    else:
        sentences = [
            f"The deal ends as soon as a player has played all their cards. That player {takes}"
            "collects nothing for the cards left in other hands."
        ]
    for holder in going.holders:
        who = f"A player still holding the card of {holder_phrase(rules, holder.compartment)}"
        sentences.append(f"{who} {holder_pays(holder.pays)} for their cards.")
    return Rule(
        "rule-going-out", "Going out", tuple(sentences), going.provenance, going.interpretation
    )


def holder_phrase(rules: Rules, compartment_id: str) -> str:
    try:
        compartment = rules.board.get(compartment_id)
    except KeyError:
        return compartment_id
    return f"{compartment.label} ({compartment_cards(compartment)})"


def holder_summary(rules: Rules, compartment_id: str) -> str:
    """What the holder of the compartment's unplayed card pays."""
    parts: list[str] = []
    for holder in rules.going_out.holders:
        if holder.compartment == compartment_id:
            parts.append(f"{holder_pays(holder.pays)} at going out")
    try:
        compartment = rules.board.get(compartment_id)
    except KeyError:
        return "no such compartment" if not parts else "; ".join(parts)
    if compartment.holder_doubles:
        parts.append("doubles its compartment")
    return "; ".join(parts) if parts else "pays like anyone else"


def holder_pays(pays: HolderPays) -> str:
    """What a seat holding a compartment's card pays for its cards at going out."""
    match pays:
        case "exempt":
            return "pays nothing"
        case "double":
            return "pays double"
        case _:
            assert_never(pays)
