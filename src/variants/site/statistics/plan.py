"""Which runs a ruleset's page needs: its table sizes, its variants, and the plan of them all.

Each question chooses its own variants and runs (``variants`` and ``runs`` in its module);
:func:`variants.site.statistics.page.plan` gathers them into one :class:`Plan`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...engine.compiled import compile_rules
from ...mechanics.ruleset import Compartment, Rules, Ruleset
from ...rules import roles
from .. import stats_runs as sr

PLAYERS = (3, 5, 8)
"""Table sizes asked about (those a ruleset allows)."""
MAIN = 5
"""The table size of the comparisons: the size of Peel's worked example."""
COMPARE_PAGE = "statistics/compare.md"


@dataclass(frozen=True)
class Variant:
    """A ruleset's rules with some options set away from their defaults."""

    label: str
    options: tuple[tuple[str, str], ...] = ()
    detail: str = ""
    """The option values' own labels (ruleset text: escaped wherever it is shown)."""


DEFAULT = Variant("default rules")


def variant(ruleset: Ruleset, option_id: str, value: str, label: str | None = None) -> Variant:
    """The rules with one option set to ``value``, labelled by default with the value's own
    label, as the ruleset words it."""
    option = ruleset.option(option_id)
    return Variant(
        label or option.value(value).label,
        ((option_id, value),),
        f"{option.label}: {option.value(value).label}",
    )


def variant_rules(ruleset: Ruleset, variant: Variant) -> Rules:
    return ruleset.rules_for(dict(variant.options))


def non_default(ruleset: Ruleset, test: Callable[[str, str], bool]) -> list[tuple[str, str]]:
    """(option, value) for each non-default value with a patch passing ``test(path, json)``."""
    found = []
    for option in ruleset.options:
        for value in option.values:
            if value.value != option.default and any(test(p, j) for p, j in value.patches):
                found.append((option.id, value.value))
    return found


def changes(ruleset: Ruleset, find: Callable[[Rules], Compartment | None]) -> list[tuple[str, str]]:
    """(option, value) for each non-default value under which the compartment ``find`` finds is
    there and is won or paid otherwise than under the default rules (or is not there by
    default)."""
    base = find(ruleset.rules)
    before = None if base is None else roles.bearing(ruleset.rules, base)
    found = []
    for option in ruleset.options:
        for value in option.values:
            if value.value == option.default:
                continue
            rules = ruleset.rules_for({option.id: value.value})
            there = find(rules)
            if there is not None and roles.bearing(rules, there) != before:
                found.append((option.id, value.value))
    return found


def table_sizes(ruleset: Ruleset) -> tuple[int, ...]:
    players = ruleset.rules.players
    return tuple(p for p in PLAYERS if players.min <= p <= players.max)


def main_size(ruleset: Ruleset) -> int:
    sizes = table_sizes(ruleset)
    if MAIN in sizes:
        return MAIN
    players = ruleset.rules.players
    return min(max(MAIN, players.min), players.max)


def dressing_by_position(ruleset: Ruleset, players: int) -> list[int]:
    """Counters each position pays to dress the board, dealing from the last seat (as in the
    simulated independent deals, where the dealer is also the banker)."""
    compiled = compile_rules(ruleset.rules, players)
    _, net = compiled.dressing_totals(players - 1, players - 1)
    return [-v for v in net]


@dataclass(frozen=True)
class Plan:
    """Every run behind one ruleset's page."""

    ruleset: str
    sizes: tuple[int, ...]
    main: int
    packs: tuple[Variant, ...]
    length: dict[tuple[Variant, int], sr.Run]
    """Deals, by pack variant and table size (the default variant's are the seats' runs)."""
    matrimony: tuple[Variant, ...]
    """The variants with a compartment won by the king and queen of trumps."""
    games: dict[tuple[Variant, int], sr.Run]
    popes: tuple[Variant, ...]
    """The variants about the compartment won by the chief single card."""
    pope: dict[Variant, sr.Run]
    advice: dict[str, sr.Run]

    @property
    def seats(self) -> dict[int, sr.Run]:
        return {p: self.length[(self.packs[0], p)] for p in self.sizes}

    @property
    def seats_main(self) -> sr.Run:
        """The seats' run at the page's main table size (or its first, if not played)."""
        return self.seats.get(self.main) or next(iter(self.seats.values()))

    def runs(self) -> list[sr.Run]:
        return [
            *self.length.values(),
            *self.games.values(),
            *self.pope.values(),
            *self.advice.values(),
        ]
