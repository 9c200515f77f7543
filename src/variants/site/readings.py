"""Which rules are the project's readings rather than its sources' words.

A rule rests on an interpretation where its source is silent, unclear, contradicts itself or has
lost the passage: the engine plays a reading the project chose. Wherever the site shows such a
rule (the rules in brief, the comparison, the disagreements, the timeline), it says so, and links
to the interpretation, which gives the question, the reading played and the other readings.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import assert_never

from ..mechanics.ruleset import Interpretation, InterpretationKind, Rules, Ruleset
from .describe import rules_by_anchor
from .describe.records import Rule


def kind_words(kind: InterpretationKind) -> str:
    """Why a rule had to be read: ``the source does not say``."""
    match kind:
        case "silent":
            return "the source does not say"
        case "ambiguous":
            return "the source is unclear"
        case "contradictory":
            return "the source contradicts itself"
        case "lost":
            return "the passage is lost"
        case _:
            assert_never(kind)


@dataclass(frozen=True)
class Reading:
    """A rule of ``ruleset`` that is the project's reading, and the interpretation it rests on."""

    ruleset: Ruleset
    interpretation: Interpretation

    @property
    def anchor(self) -> str:
        """The interpretation on the ruleset's page."""
        return f"interp-{self.interpretation.id}"

    @property
    def why(self) -> str:
        return kind_words(self.interpretation.kind)

    @property
    def supplied(self) -> bool:
        """Whether the reading gives a rule the text does not (rather than choosing between
        readings of words that are there)."""
        return self.interpretation.supplies


@cache
def _by_anchor(rules: Rules) -> dict[str, Rule]:
    return rules_by_anchor(rules)


def reading_of(ruleset: Ruleset, rules: Iterable[Rule]) -> tuple[Reading, ...]:
    """The readings that ``rules`` (rules of ``ruleset``, as :mod:`.describe` words them) rest
    on, each once, in order."""
    known = {item.id: item for item in ruleset.interpretations}
    found: dict[str, Reading] = {}
    for rule in rules:
        item = known.get(rule.interpretation or "")
        if item is not None and item.id not in found:
            found[item.id] = Reading(ruleset, item)
    return tuple(found.values())


def reading_at(ruleset: Ruleset, anchor: str) -> Reading | None:
    """The reading the rule at ``anchor`` on the ruleset's page rests on, if it is one."""
    rule = _by_anchor(ruleset.rules).get(anchor)
    found = reading_of(ruleset, [rule] if rule is not None else [])
    return found[0] if found else None
