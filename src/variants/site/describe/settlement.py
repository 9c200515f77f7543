"""Settlement: going out, and the penalty on the cards of a compartment left unplayed."""

from __future__ import annotations

from ...mechanics import unplayed_penalty
from ...mechanics.ruleset import Citation, Rules
from .board import compartment_cards
from .going_out import going_out_rule
from .records import Rule


def penalty_rule(rules: Rules) -> Rule | None:
    penalised = [c for c in rules.board.compartments if c.holder_doubles]
    if not penalised:
        return None
    names = [f"{c.label} ({compartment_cards(c)})" for c in penalised]
    provenance: list[Citation] = []
    for compartment in penalised:
        for citation in compartment.provenance:
            if citation not in provenance:
                provenance.append(citation)
    interpretations = {c.interpretation for c in penalised if c.interpretation}
    return Rule(
        "rule-penalties",
        "Cards left unplayed",
        unplayed_penalty.rule_sentences(names, rules.deal.spare_name),
        tuple(provenance),
        sorted(interpretations)[0] if len(interpretations) == 1 else None,
    )


def penalties_summary(rules: Rules) -> str:
    return unplayed_penalty.summary([c.label for c in rules.board.compartments if c.holder_doubles])


def settlement_rules(rules: Rules) -> tuple[Rule, ...]:
    """Going out, and the cards left unplayed."""
    items = [going_out_rule(rules)]
    penalty = penalty_rule(rules)
    if penalty is not None:
        items.append(penalty)
    return tuple(items)
