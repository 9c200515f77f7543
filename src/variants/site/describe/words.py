"""Words the blocks share: numbers, cards, suits and compartments in English.

The words themselves are :mod:`variants.core.words`, shared with the narration and the
mechanics' phrases; a compartment's label is looked up here, in the rules.

>>> from variants.core.cards import parse_card
>>> card_label(parse_card("8D"))
'the eight of diamonds (8♦)'
"""

from __future__ import annotations

from ...core.cards import card_words, rank_words
from ...core.words import (
    EN_DASH,
    NUMBER_WORDS,
    ORDINALS,
    article,
    card_label,
    cards_label,
    counters,
    join_words,
    number_word,
    plural,
    suit_label,
)
from ...mechanics.ruleset import Rules


def compartment_label(rules: Rules, compartment_id: str) -> str:
    try:
        return rules.board.get(compartment_id).label
    except KeyError:
        return compartment_id


__all__ = [
    "EN_DASH",
    "NUMBER_WORDS",
    "ORDINALS",
    "article",
    "card_label",
    "card_words",
    "cards_label",
    "compartment_label",
    "counters",
    "join_words",
    "number_word",
    "plural",
    "rank_words",
    "suit_label",
]
