"""Which rule of a ruleset's page each event of a deal's log applies.

A worked example's steps and the replay's steps link to the rule they apply: the deal, the
turn-up, the dressing, a lead, what stopped a run, a compartment taken, a payment and what it is
for, going out, the settlement. :func:`rule_applied` says which, as the anchor of the rule on the
ruleset's page (see :func:`~variants.site.describe.rules_by_anchor`), read from the event alone
and the rules it was played under: a stop by the cause the log gives, a compartment by the
compartment the event names, a payment by the mechanic that made it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import assert_never

from ..engine import events as ev
from ..mechanics.base import compartment_anchor
from ..mechanics.ruleset import Compartment, Rules, Ruleset
from . import describe as d

SETTLEMENT = "settlement"
"""The anchor of the Settlement section of a ruleset's page: what the end of a deal applies."""


def _only(found: list[Compartment], otherwise: str) -> str:
    """The rule of the one compartment that does a thing, else ``otherwise``."""
    return compartment_anchor(found[0].id) if len(found) == 1 else otherwise


def rule_applied(event: ev.Event, rules: Rules) -> str:
    """The anchor, on the ruleset's page, of the rule ``event`` applies under ``rules``."""
    match event:
        case ev.DealerChosen():
            return "rule-first-dealer"
        case ev.DealStarted() | ev.Dealt():
            return "rule-deal"
        case ev.Dressed():
            return "rule-dressing"
        case ev.TurnedUp():
            return "rule-turn-up"
        case ev.Shown():
            return "rule-lead"  # where the hands are shown, the rule of play says how
        case ev.DealVoided():
            ending = [c for c in rules.board.compartments if c.turn_up and c.turn_up.ends_deal]
            return _only(ending, "rule-turn-up")
        case ev.Led() | ev.Played():
            return "rule-lead"
        case ev.PlayedApart(rule=rule) | ev.Passed(rule=rule):
            return "rule-" + rule.replace("_", "-")
        case ev.Stopped(cause=cause):
            return f"rule-stop-{cause}"
        case ev.CompartmentWon(compartment=compartment) | ev.Announced(compartment=compartment):
            return compartment_anchor(compartment)
        case ev.Paid():
            return event.reason.rule(rules, event.cards)
        case ev.Exempted() | ev.WentOut():
            return "rule-going-out"
        case ev.Penalty():
            return "rule-penalties"
        case ev.CarriedOver():
            return "rule-board"
        case ev.DealEnded():
            return SETTLEMENT
        case ev.GameEnded():
            return "rule-winner"
        case _:
            assert_never(event)


@dataclass(frozen=True)
class StepRule:
    """A link from a step to the rule it applies: the anchor on the ruleset's page, and the
    rule's title as that page gives it (ruleset text: escaped where it reaches HTML)."""

    anchor: str
    title: str


def page_rules(ruleset: Ruleset) -> dict[str, str]:
    """The title of every rule on the ruleset's page, and of its Settlement section, by
    anchor."""
    titles = d.all_rule_titles(ruleset.rules)
    titles[SETTLEMENT] = "Settlement"
    return titles


def step_rule(
    event: ev.Event, rules: Rules, ruleset: Ruleset, options: tuple[tuple[str, str], ...] = ()
) -> StepRule:
    """The link from ``event``'s step to its rule on ``ruleset``'s page, for a deal played under
    ``rules`` (``ruleset``'s rules with ``options`` set). The page tells the rules with every
    option at its default: a rule only an option adds is linked at that option."""
    anchor = rule_applied(event, rules)
    titles = page_rules(ruleset)
    if anchor in titles:
        return StepRule(anchor, titles[anchor])
    if options:
        title = d.all_rule_titles(rules).get(anchor, "Options")
        return StepRule(f"option-{options[0][0]}", title)
    return StepRule("rules", "Rules")


def step_rules(
    events: tuple[ev.Event, ...],
    rules: Rules,
    ruleset: Ruleset,
    options: tuple[tuple[str, str], ...] = (),
) -> tuple[StepRule, ...]:
    """The rules a step telling several events applies, each once, in the order applied."""
    found: list[StepRule] = []
    for event in events:
        rule = step_rule(event, rules, ruleset, options)
        if rule not in found:
            found.append(rule)
    return tuple(found)
