"""The stops of the ``play`` block: what ends a run, one rule for each cause."""

from __future__ import annotations

from typing import assert_never, get_args

from ...core.cards import card_glyph, make_card, rank_of, suit_of
from ...mechanics.ruleset import Rules, Stop, StopCause
from .records import Rule
from .words import cards_label, compartment_label, join_words, rank_words


def stop_title(cause: StopCause) -> str:
    match cause:
        case "king":
            return "Stop: the top card"
        case "removed":
            return "Stop: a card taken out"
        case "turn-up":
            return "Stop: the turn-up"
        case "unseen":
            return "Stop: the unseen cards"
        case "played":
            return "Stop: a card already played"
        case "held":
            return "Stop: a card that may not be played"
        case _:
            assert_never(cause)


def stop_short(cause: StopCause, top: str = "king") -> str:
    """A cause of a stop in a few words; ``top`` is the rank that ends every run (the king,
    unless the ace ranks high)."""
    match cause:
        case "king":
            return top + ("es" if top.endswith("x") else "s")
        case "removed":
            return "below a removed card"
        case "turn-up":
            return "below the turn-up"
        case "unseen":
            return "below an unseen card"
        case "played":
            return "below a played card"
        case "held":
            return "below a card held back"
        case _:
            assert_never(cause)


def predecessor(rules: Rules, card: int) -> int | None:
    """The card just below ``card`` in its suit, in the ruleset's rank order."""
    ranks = rules.pack.ranks
    position = ranks.index(rank_of(card))
    if position == 0:
        return None
    return make_card(ranks[position - 1], suit_of(card))


def stop_sentence(cause: StopCause, rules: Rules) -> str:
    spare = rules.deal.spare_name
    if not rules.play.suits_apart and cause in ("removed", "unseen", "played"):
        return _by_rank_stop_sentence(cause, rules)
    match cause:
        case "king":
            top = rank_words(rules.pack.top_rank)
            return f"Every {top} stops a run: no card follows it."
        case "removed":
            pairs = [(predecessor(rules, c), c) for c in rules.pack.removed]
            named = [
                f"{card_glyph(p)} (the {card_glyph(c)} is out)" for p, c in pairs if p is not None
            ]
            return "A card whose next card up was taken out of the pack is a known stop" + (
                f": {join_words(named)}." if named else "."
            )
        case "turn-up":
            return _turn_up_stop_sentence(rules)
        case "unseen":
            return (
                f"A card whose next card up lies in the {spare} stops the run; nobody knows which "
                "cards these are until a run stops short."
            )
        case "played":
            return "A card whose next card up has already been played stops the run."
        case "held":
            held = [compartment_label(rules, c) for c in rules.play.lead_only]
            if held:
                return (
                    "A card whose next card up may not be played to continue a run "
                    f"({join_words(held)}, which may only be led) stops it."
                )
            return (
                "A card whose next card up its holder may not play to continue a run stops it. "
                "Under the default rules every card may continue a run, so this arises only with "
                "an option that makes a card lead-only."
            )
        case _:
            assert_never(cause)


def _by_rank_stop_sentence(cause: StopCause, rules: Rules) -> str:
    """A stop where any card of the next rank continues a run: only when none can be played."""
    start = "A run stops when no card of the next rank up can be played"
    match cause:
        case "removed":
            out = cards_label(rules.pack.removed) if rules.pack.removed else "a card"
            return f"{start}: {out}, taken out of the pack, never can be."
        case "unseen":
            return f"{start}: those in the {rules.deal.spare_name} are unknown until then."
        case "played":
            return f"{start}: those already played cannot be played again."
        case "king" | "turn-up" | "held":
            return stop_sentence(cause, rules)
        case _:
            assert_never(cause)


def _turn_up_stop_sentence(rules: Rules) -> str:
    fate = rules.turn_up.fate
    match fate:
        case "table":
            if rules.turn_up.turned:
                return (
                    "The card just below the turn-up, which lies face up on the table, is a known "
                    "stop."
                )
        case "dealer" | "holder":
            pass
        case _:
            assert_never(fate)
    return "The card just below the turn-up is a stop when the turn-up is left on the table."


def stop_rule(stop: Stop, rules: Rules) -> Rule:
    return Rule(
        f"rule-stop-{stop.cause}",
        stop_title(stop.cause),
        (stop_sentence(stop.cause, rules),),
        stop.provenance,
        stop.interpretation,
    )


def stops_summary(rules: Rules) -> str:
    """The causes of a stop, in a fixed order so that equal sets read the same."""
    top = rank_words(rules.pack.top_rank)
    said = {stop.cause: stop_short(stop.cause, top) for stop in rules.play.stops}
    return "; ".join(said[cause] for cause in get_args(StopCause) if cause in said)
