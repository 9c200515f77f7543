"""The ``pack`` block: the cards used and the order a run climbs."""

from __future__ import annotations

from ...core.cards import RANKS, card_glyph
from ...mechanics.ruleset import Rules
from .records import Rule
from .words import cards_label, rank_words


def pack_summary(rules: Rules) -> str:
    """The pack in a few words, for tables (``51 cards: 8♦ removed``)."""
    removed = rules.pack.removed
    size = len(rules.pack.cards)
    if not removed:
        return f"{size} cards: the full pack"
    return f"{size} cards: {' '.join(card_glyph(c) for c in removed)} removed"


def pack_rule(rules: Rules) -> Rule:
    pack = rules.pack
    size = len(pack.cards)
    if pack.removed:
        removed = cards_label(pack.removed)
        verb = "is" if len(pack.removed) == 1 else "are"
        text = (
            f"An ordinary pack of 52 cards, from which {removed} {verb} taken out "
            f"before play: {size} cards are used."
        )
    else:
        text = "The full pack of 52 cards is used; no card is taken out."
    return Rule("rule-pack", "Pack", (text,), pack.provenance, pack.interpretation)


def rank_order_rule(rules: Rules) -> Rule:
    pack = rules.pack
    low, high = rank_words(pack.ranks[0]), rank_words(pack.ranks[-1])
    order = " ".join(RANKS[r] for r in pack.ranks)
    climbs = (
        f"A run climbs this order one card at a time, so the {high}, with nothing above it, "
        "always ends one."
        if rules.play.showing is None
        else "No card is played, so no run climbs it: it says which pair, or which card of a "
        "suit, is the higher."
    )
    return Rule(
        "rule-rank-order",
        "Rank order",
        (
            f"The four suits are kept apart, and in each the cards run in order from the {low} "
            f"(low) to the {high} (high): {order}.",
            climbs,
        ),
        pack.provenance,
        pack.interpretation,
    )
