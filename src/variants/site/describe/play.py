"""The ``play`` block: leading and running, the cards only led, and announcing a stop."""

from __future__ import annotations

from typing import assert_never

from ...mechanics import PLAY_FLOW, payments, showing
from ...mechanics.ruleset import Rules
from .board import compartment_cards
from .records import Rule
from .stops import stop_rule
from .words import compartment_label, join_words


def lead_sentences(rules: Rules) -> tuple[str, ...]:
    lead = rules.play.lead
    match lead:
        case "any":
            first = "The player on the dealer's left (the elder hand) leads first, with any card."
            again = (
                "Whoever played the last card of a stopped run leads the next, again with any card."
            )
        case "lowest-in-suit":
            first = (
                "The player on the dealer's left (the elder hand) leads first: they choose a suit "
                "and must lead the lowest card they hold in it."
            )
            again = (
                "Whoever played the last card of a stopped run leads the next, by the same rule: "
                "the lowest card held in the suit they choose."
            )
        case _:
            assert_never(lead)
    middle = (
        "Whoever holds the next card up in the same suit plays it next, whoever they are, "
        "and so the run climbs one card at a time until it stops."
        if rules.play.suits_apart
        else "A card of the next rank up, of any suit, continues the run, played by the first "
        "player in turn who holds one, and so the run climbs one rank at a time until it stops."
    )
    return (first, middle, again)


def lead_summary(rules: Rules) -> str:
    play = rules.play
    if play.showing is not None:
        return showing.summary(play.showing)
    lead = play.lead
    match lead:
        case "any":
            base = "any card"
        case "lowest-in-suit":
            base = "the lowest card held in a chosen suit"
        case _:
            assert_never(lead)
    if play.lead_only:
        only = join_words([compartment_label(rules, c) for c in play.lead_only])
        return f"{base}; {only} only as a lead"
    return base


def play_rules(rules: Rules) -> tuple[Rule, ...]:
    """Leading and running, the cards that may only be led, the stops and announcing them; or,
    where no card is played, the hands shown."""
    play = rules.play
    if play.showing is not None:
        return (
            Rule(
                "rule-lead",  # the anchor the comparison links how play goes to
                "Showing the hands",
                showing.sentences(play.showing),
                play.showing.provenance + play.provenance,
                play.showing.interpretation or play.interpretation,
            ),
        )
    items: list[Rule] = [
        Rule(
            "rule-lead",
            "Leading and running",
            lead_sentences(rules),
            play.provenance,
            play.interpretation,
        )
    ]
    if play.lead_only:
        cards: list[str] = []
        for cid in play.lead_only:
            compartment = rules.board.get(cid)
            cards.append(f"{compartment.label} ({compartment_cards(compartment)})")
        items.append(
            Rule(
                "rule-lead-only",
                "Cards that may only be led",
                (
                    f"{join_words(cards)} may be played only when its holder has the lead, "
                    "never to continue a run.",
                ),
                play.provenance,
                play.interpretation,
            )
        )
    items.extend(stop_rule(stop, rules) for stop in play.stops)
    for mechanic in PLAY_FLOW:
        said = mechanic.said(rules)
        if said is not None:
            anchor = "rule-" + mechanic.KEY.replace("_", "-")
            items.append(
                Rule(anchor, said.title, said.sentences, said.provenance, said.interpretation)
            )
    for number, payment in enumerate(play.payments):
        items.append(
            Rule(
                f"rule-payment-{number + 1}",
                f"Paid for {payment.what()}",
                payments.sentences((payment,)),
                payment.provenance,
                payment.interpretation,
            )
        )
    if play.announce_stop:
        items.append(
            Rule(
                "rule-announce",
                "Announcing a stop",
                (
                    "A player who cannot continue a run says so, naming the missing card "
                    "(“No six”), and the next player on the left continues it if they can.",
                ),
                play.provenance,
                play.interpretation,
            )
        )
    return tuple(items)
