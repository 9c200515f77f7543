"""What each option changes, measured: a variant's figures less its default rules', deal by
deal on the same deals (:mod:`.paired`), with a 95% interval, read from a sweep's store.

Beside each paired interval is the interval the same deals would give if the two rules had been
played on deals of their own (the two means' standard errors combined): how much the pairing
narrows it. An effect is distinguishable from none when its paired interval leaves out zero.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from ..engine import VERSION
from ..mechanics.ruleset import Ruleset
from ..rules import roles
from .paired import FIGURES
from .store import StoredCell
from .sweep import rules_digest
from .tallies import Z95, Stat


@dataclass(frozen=True)
class Effect:
    """One figure's change under one variant."""

    figure: str
    default: float
    """The figure's mean under the default rules."""
    variant: float
    """Its mean under the variant."""
    effect: float
    """The paired mean difference: the variant's less the default rules', deal by deal."""
    low: float
    high: float
    """The effect's 95% interval."""
    unpaired: float
    """The half-width of the interval two runs on deals of their own would give."""
    deals: int
    """The deals the difference is measured on (for the chief card: those that dealt it)."""

    @property
    def half(self) -> float:
        return (self.high - self.low) / 2

    @property
    def distinguishable(self) -> bool:
        return self.low > 0 or self.high < 0


@dataclass(frozen=True)
class OptionEffect:
    """A variant of a ruleset at one table size under one policy, and its effects."""

    option: str
    value: str
    players: int
    policy: str
    seed: int
    deals: int
    effects: tuple[Effect, ...]


def scale(figure: str, players: int) -> int:
    """What a figure's sum is divided by to be one player's: the others are ``players - 2``,
    the chief card's edge is counted ``players - 1`` times (:data:`.paired.FIGURES`)."""
    if figure == "others":
        return max(players - 2, 1)
    if figure == "chief":
        return players - 1
    return 1


def _se(stat: Stat) -> float:
    return stat.standard_error()


def option_effects(ruleset: Ruleset, cells: Iterable[StoredCell]) -> tuple[list[OptionEffect], int]:
    """Each variant's effects, from the cells of ``ruleset`` that are up to date (played under
    its rules as they are now, by this engine); and how many cells were out of date.

    Where the store holds several runs of a table size and policy, the one of most deals is
    read (of those, the lowest seed)."""
    current: dict[tuple[int, str, int, int], dict[str, StoredCell]] = {}
    stale = 0
    digests: dict[tuple[tuple[str, str], ...], str] = {}
    default_options = tuple(sorted(ruleset.choices().items()))
    baseline = rules_digest(ruleset, {})
    for cell in cells:
        options = cell.key.options
        if options not in digests:
            try:
                digests[options] = rules_digest(ruleset, dict(options))
            except ValueError:  # an option the ruleset no longer has
                digests[options] = ""
        fresh = (
            cell.stamp.engine == VERSION
            and cell.stamp.rules == digests[options]
            and cell.stamp.baseline == baseline
        )
        if not fresh:
            stale += 1
            continue
        key = cell.key
        current.setdefault((key.players, key.policy, key.seed, key.deals), {})[cell.changed] = cell
    best: dict[tuple[int, str], tuple[int, int]] = {}
    for players, policy, seed, deals in current:
        found = best.get((players, policy))
        if found is None or (deals, -seed) > (found[1], -found[0]):
            best[(players, policy)] = (seed, deals)
    found_effects: list[OptionEffect] = []
    for (players, policy), (seed, deals) in sorted(best.items()):
        group = current[(players, policy, seed, deals)]
        default = group.get("")
        if default is None or default.key.options != default_options:
            continue
        for changed in sorted(group, key=_option_order(ruleset)):
            if not changed:
                continue
            option, _, value = changed.partition("=")
            found_effects.append(
                OptionEffect(
                    option,
                    value,
                    players,
                    policy,
                    seed,
                    deals,
                    _effects(group[changed], default, players),
                )
            )
    return found_effects, stale


def _option_order(ruleset: Ruleset) -> Callable[[str], tuple[int, int]]:
    order = {
        f"{option.id}={value.value}": (i, j)
        for i, option in enumerate(ruleset.options)
        for j, value in enumerate(option.values)
    }
    return lambda changed: order.get(changed, (-1, -1))


def _effects(cell: StoredCell, default: StoredCell, players: int) -> tuple[Effect, ...]:
    found = []
    for figure in FIGURES:
        paired = cell.sums.paired.get(figure)
        own, base = cell.sums.own.get(figure), default.sums.own.get(figure)
        if paired is None or own is None or base is None or paired.n < 2:
            continue
        divide = scale(figure, players)
        half = Z95 * _se(paired) / divide
        mean = paired.mean / divide
        found.append(
            Effect(
                figure,
                base.mean / divide,
                own.mean / divide,
                mean,
                mean - half,
                mean + half,
                Z95 * math.hypot(_se(own), _se(base)) / divide,
                paired.n,
            )
        )
    return tuple(found)


def figure_words(ruleset: Ruleset, short: bool = False) -> Mapping[str, str]:
    """Each figure in plain words (``short``: in a few), the chief card and Game by their
    compartments' names."""
    rules = ruleset.rules
    chief = roles.chief_card(rules)
    game = roles.going_out(rules)
    chief_name = chief.label if chief is not None else "chief card"
    game_name = game.label if game is not None else "Game"
    if short:
        return {
            "dealer": "dealer nets",
            "elder": "elder hand nets",
            "others": "each other nets",
            "chief": f"{chief_name} worth",
            "cards": "cards a deal",
            "out": "someone goes out",
            "game": f"{game_name} taken",
        }
    return {
        "dealer": "what the dealer nets a deal",
        "elder": "what the elder hand nets a deal",
        "others": "what each other player nets a deal",
        "chief": f"what holding the {chief_name} is worth a deal (its holder's net less an "
        "average other player's)",
        "cards": "cards played in a deal",
        "out": "share of deals in which a player goes out",
        "game": f"share of deals in which {game_name} is taken",
    }


def effects_json(ruleset: Ruleset, effects: list[OptionEffect], stale: int) -> dict[str, object]:
    """The effects as JSON: the same figures from the same cells, however they were played."""
    labels = figure_words(ruleset)
    return {
        "ruleset": ruleset.id,
        "out_of_date": stale,
        "figures": {name: labels[name] for name in FIGURES},
        "effects": [
            {
                "option": item.option,
                "value": item.value,
                "players": item.players,
                "policy": item.policy,
                "seed": item.seed,
                "deals": item.deals,
                "figures": {
                    effect.figure: {
                        "default": _round(effect.default),
                        "variant": _round(effect.variant),
                        "effect": _round(effect.effect),
                        "interval": [_round(effect.low), _round(effect.high)],
                        "unpaired_half_width": _round(effect.unpaired),
                        "deals": effect.deals,
                        "distinguishable": effect.distinguishable,
                    }
                    for effect in item.effects
                },
            }
            for item in effects
        ],
    }


def _round(value: float) -> float:
    return round(value, 6)
