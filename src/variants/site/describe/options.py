"""Options: for each value of an option, the rules whose English differs from the defaults."""

from __future__ import annotations

from dataclasses import dataclass

from ...mechanics.ruleset import Option, Ruleset
from .records import Rule
from .rulebook import rules_by_anchor


@dataclass(frozen=True)
class Change:
    kind: str
    """``changed``, ``added`` or ``removed``."""
    rule: Rule


@dataclass(frozen=True)
class ValueEffect:
    value: str
    label: str
    default: bool
    changes: tuple[Change, ...]


def option_effects(ruleset: Ruleset, option: Option) -> tuple[ValueEffect, ...]:
    """For each of an option's values, the rules whose English differs from the defaults."""
    base = rules_by_anchor(ruleset.rules)
    effects: list[ValueEffect] = []
    for value in option.values:
        if value.value == option.default:
            effects.append(ValueEffect(value.value, value.label, True, ()))
            continue
        other = rules_by_anchor(ruleset.rules_for({option.id: value.value}))
        changes: list[Change] = []
        for anchor, rule in other.items():
            before = base.get(anchor)
            if before is None:
                changes.append(Change("added", rule))
            elif (before.sentences, before.table, before.title) != (
                rule.sentences,
                rule.table,
                rule.title,
            ):
                changes.append(Change("changed", rule))
        changes.extend(Change("removed", rule) for a, rule in base.items() if a not in other)
        effects.append(ValueEffect(value.value, value.label, False, tuple(changes)))
    return tuple(effects)


def default_options(ruleset: Ruleset) -> tuple[tuple[str, str], ...]:
    """(option label, default value's label) for every option."""
    return tuple((o.label, o.value(o.default).label) for o in ruleset.options)
