"""The ``advice`` block: what the source advises a player to lead, preference by preference."""

from __future__ import annotations

from typing import assert_never

from ...core.words import counters, number_word
from ...mechanics.ruleset import RICH_STAKE, AdvicePreference, Rules
from ...rules.roles import chief_card
from .records import Rule

ANCHOR = "rule-advice"


def _chief(rules: Rules) -> str:
    chief = chief_card(rules)
    return "the chief card" if chief is None else f"the card that wins {chief.label}"


def preference_text(preference: AdvicePreference, rules: Rules) -> str:
    """The preference as a sentence of the advice."""
    match preference:
        case "known-stop":
            return (
                "A card known to be a stop (the last of its suit, or one whose next card is out "
                "of play), led as a free discard, since the lead comes straight back; the "
                "highest first."
            )
        case "safe-run":
            return (
                "A known stop, or a card beneath one whose run must end on the leader's own stop "
                "wherever the unseen cards lie, so that the lead comes back; the run that clears "
                "most of the hand first."
            )
        case "chief-card":
            chief = _chief(rules)
            return f"{chief[0].upper()}{chief[1:]}, if held."
        case "prize-nothing-leads-to":
            return (
                "A card that wins counters on the board and that nobody can play up to (a card "
                "of the lowest rank, or one whose card below is out of play), led at once; the "
                "richest first."
            )
        case "rich-compartment":
            return (
                f"A card of a compartment holding {counters(RICH_STAKE)} or more, even ahead of "
                "lower cards of its suit; the richest first."
            )
        case "nothing-leads-to":
            return (
                "A card nobody can play up to, such as an ace, which is never played unless "
                "its holder leads it; the lowest first."
            )
        case "lowest-of-longest-suit":
            return "The lowest card of the longest suit held."
        case "sequence":
            return (
                "A card followed in the leader's own hand by the next card of its suit, so that "
                "several go at once; the longest such sequence first."
            )
        case "longest-run":
            return "The card whose run may clear most of the leader's own cards; the lower first."
        case _:
            assert_never(preference)


def preference_short(preference: AdvicePreference, rules: Rules) -> str:
    """The preference in a few words, for the comparison."""
    match preference:
        case "known-stop":
            return "known stops"
        case "safe-run":
            return "known stops and the cards beneath them"
        case "chief-card":
            chief = chief_card(rules)
            return "the chief card" if chief is None else f"the card of {chief.label}"
        case "prize-nothing-leads-to":
            return "winning cards nothing leads up to"
        case "rich-compartment":
            return "cards of a rich compartment"
        case "nothing-leads-to":
            return "cards nothing leads up to"
        case "lowest-of-longest-suit":
            return "the lowest of the longest suit"
        case "sequence":
            return "a sequence held"
        case "longest-run":
            return "the longest run"
        case _:
            assert_never(preference)


def advice_summary(rules: Rules) -> str:
    """``known stops, then cards nothing leads up to``, or that the source gives none."""
    if rules.advice is None:
        return "none given"
    return ", then ".join(preference_short(p.prefer, rules) for p in rules.advice.preferences)


def advice_rules(rules: Rules) -> tuple[Rule, ...]:
    """The advice, if the source gives any: how it is followed, then each preference in order,
    each with its own citations."""
    advice = rules.advice
    if advice is None:
        return ()
    count = len(advice.preferences)
    opening = Rule(
        ANCHOR,
        "Play advice",
        (
            "The source advises what a player should lead. The engine follows the advice as "
            f"{number_word(count)} preferences in order: each one chooses among the leads it "
            "applies to, and leads it cannot tell apart go on to the next.",
            "A choice still open at the end goes to the lowest card.",
        ),
        advice.provenance,
        advice.interpretation,
    )
    return (
        opening,
        *(
            Rule(
                f"{ANCHOR}-{p.prefer}",
                f"Advice {index}: {preference_short(p.prefer, rules)}",
                (preference_text(p.prefer, rules),),
                p.provenance,
                p.interpretation,
            )
            for index, p in enumerate(advice.preferences, 1)
        ),
    )
