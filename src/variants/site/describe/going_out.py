"""The ``going_out`` block: what going out wins, and what holders of a compartment's card pay."""

from __future__ import annotations

from ...core.cards import card_glyph, card_words
from ...mechanics import going_out, holders
from ...mechanics.ruleset import Rules
from ...rules.roles import going_out as game_of
from .board import compartment_cards
from .records import Rule


def going_out_rule(rules: Rules) -> Rule:
    going = rules.going_out
    if rules.play.showing is not None:
        return Rule(
            "rule-going-out",
            "Going out",
            ("Nobody goes out: no card is played, and the deal ends once the hands are shown.",),
            going.provenance,
            going.interpretation,
        )
    game = game_of(rules)
    label = None if game is None else game.label
    sentences = list(going_out.sentences(going.per_card, label, going.counted))
    for holder in going.holders:
        if holder.card is not None:
            held = f"{card_words(holder.card)} ({card_glyph(holder.card)})"
            who = f"A player still holding {held}"
        else:
            assert holder.compartment is not None
            who = f"A player still holding the card of {holder_phrase(rules, holder.compartment)}"
        sentences.append(f"{who} {holders.pays(holder.pays)} for their cards.")
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
            parts.append(f"{holders.pays(holder.pays)} at going out")
    try:
        compartment = rules.board.get(compartment_id)
    except KeyError:
        return "no such compartment" if not parts else "; ".join(parts)
    if compartment.holder_doubles:
        parts.append("doubles its compartment")
    return "; ".join(parts) if parts else "pays like anyone else"
