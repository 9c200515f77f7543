"""The whole book of rules: the six sections of a ruleset page, in the order a reader needs
them to play, each gathered from the modules of the blocks it tells."""

from __future__ import annotations

from ...mechanics.ruleset import Provenance, Rules, Ruleset
from .advice import advice_rules
from .board import board_rule, compartment_rule
from .deal import deal_rule
from .dressing import dressing_rule
from .first_dealer import first_dealer_rule
from .game import length_and_winner_rules
from .pack import pack_rule, rank_order_rule
from .play import play_rules
from .players import players_rule
from .records import Rule, Section
from .settlement import settlement_rules
from .trump import trump_rule
from .turn_up import turn_up_rule


def describe(rules: Rules) -> tuple[Section, ...]:
    """Every rule, in the order a reader needs them to play."""
    return (
        Section(
            "equipment",
            "Equipment",
            (players_rule(rules), pack_rule(rules), rank_order_rule(rules)),
        ),
        Section(
            "deal",
            "Deal",
            (first_dealer_rule(rules), deal_rule(rules), turn_up_rule(rules), trump_rule(rules)),
        ),
        Section(
            "board-and-stakes",
            "Board and stakes",
            (
                board_rule(rules),
                dressing_rule(rules),
                *(compartment_rule(c, rules) for c in rules.board.compartments),
            ),
        ),
        Section("play", "Play", (*play_rules(rules), *advice_rules(rules))),
        Section("settlement", "Settlement", settlement_rules(rules)),
        Section("game", "Game", length_and_winner_rules(rules)),
    )


def rules_by_anchor(rules: Rules) -> dict[str, Rule]:
    return {rule.anchor: rule for section in describe(rules) for rule in section.rules}


def all_rule_titles(rules: Rules) -> dict[str, str]:
    return {rule.anchor: rule.title for section in describe(rules) for rule in section.rules}


def citations_by_file(ruleset: Ruleset) -> dict[str, list[str]]:
    """For each source file, the anchors of the rules that cite it (rules first, then options
    and interpretations), without repeats."""
    found: dict[str, list[str]] = {f.name: [] for f in ruleset.source.files}

    def note(provenance: Provenance, anchor: str) -> None:
        for citation in provenance:
            anchors = found.setdefault(citation.source, [])
            if anchor not in anchors:
                anchors.append(anchor)

    for section in describe(ruleset.rules):
        for rule in section.rules:
            note(rule.provenance, rule.anchor)
    for option in ruleset.options:
        note(option.provenance, f"option-{option.id}")
    for item in ruleset.interpretations:
        note(item.provenance, f"interp-{item.id}")
    return found
