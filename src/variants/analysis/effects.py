"""What each option changes, measured: a variant's figures less its default rules', deal by
deal on the same deals (:mod:`.paired`), with a 95% interval, read from a sweep's store.

Beside each paired interval is the interval the same deals would give if the two rules had been
played on deals of their own (the two means' standard errors combined): how much the pairing
narrows it. An effect is distinguishable from none when its paired interval leaves out zero.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..engine import VERSION
from ..mechanics.ruleset import Combination, Ruleset
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


Groups = dict[tuple[int, str], tuple[int, int, dict[str, StoredCell]]]
"""By table size and policy: the seed and deals of the run read, and its up-to-date cells by
what they change (empty: the default rules)."""


def option_effects(ruleset: Ruleset, cells: Iterable[StoredCell]) -> tuple[list[OptionEffect], int]:
    """Each option value's effects, from the cells of ``ruleset`` that are up to date (played
    under its rules as they are now, by this engine); and how many cells were out of date.

    Where the store holds several runs of a table size and policy, the one of most deals is
    read (of those, the lowest seed)."""
    groups, stale = _groups(ruleset, cells)
    together = {combination.label for combination in ruleset.combinations}
    found_effects: list[OptionEffect] = []
    for (players, policy), (seed, deals, group) in sorted(groups.items()):
        default = group[""]
        for changed in sorted(group, key=_option_order(ruleset)):
            if not changed or changed in together:
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


@dataclass(frozen=True)
class Apart:
    """One figure of option values played together, against the sum of their effects apart."""

    figure: str
    apart: float
    """The sum of the values' effects, each played alone."""
    difference: float
    """The effect together less :attr:`apart`: what the values do together that they do not do
    apart."""
    bound: float
    """The difference's 95% interval is at most this wide on either side: the sum of the
    half-widths of the effect together and of each effect apart (the store keeps no deal-by-deal
    covariance of two variants, so the bound is the widest they allow)."""

    @property
    def distinguishable(self) -> bool:
        return abs(self.difference) > self.bound


@dataclass(frozen=True)
class Together:
    """Option values a ruleset declares worth measuring together, at one table size under one
    policy: their effect, and how far it differs from the sum of their effects apart."""

    combination: Combination
    players: int
    policy: str
    seed: int
    deals: int
    effects: tuple[Effect, ...]
    apart: tuple[Apart, ...]


def together_effects(ruleset: Ruleset, cells: Iterable[StoredCell]) -> list[Together]:
    """Each combination ``ruleset`` declares, at each table size and policy whose up-to-date
    cells hold it and each of its values alone."""
    groups, _ = _groups(ruleset, cells)
    found: list[Together] = []
    for (players, policy), (seed, deals, group) in sorted(groups.items()):
        default = group[""]
        for combination in ruleset.combinations:
            cell = group.get(combination.label)
            alone = [group.get(f"{option}={value}") for option, value in combination.options]
            if cell is None or any(one is None for one in alone):
                continue
            effects = _effects(cell, default, players)
            singles = [
                {e.figure: e for e in _effects(one, default, players)} for one in alone if one
            ]
            apart = tuple(
                Apart(
                    effect.figure,
                    total := sum(one[effect.figure].effect for one in singles),
                    effect.effect - total,
                    effect.half + sum(one[effect.figure].half for one in singles),
                )
                for effect in effects
                if all(effect.figure in one for one in singles)
            )
            found.append(Together(combination, players, policy, seed, deals, effects, apart))
    return found


def _groups(ruleset: Ruleset, cells: Iterable[StoredCell]) -> tuple[Groups, int]:
    """The up-to-date cells of ``ruleset``, grouped, the run of most deals of each table size
    and policy (of those, the lowest seed) kept; and how many cells were out of date."""
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
    groups: Groups = {}
    for (players, policy), (seed, deals) in best.items():
        group = current[(players, policy, seed, deals)]
        default = group.get("")
        if default is not None and default.key.options == default_options:
            groups[(players, policy)] = (seed, deals, group)
    return groups, stale


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


def effects_json(
    ruleset: Ruleset,
    effects: list[OptionEffect],
    stale: int,
    together: Sequence[Together] = (),
) -> dict[str, object]:
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
                **_run_of(item),
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
        "together": [
            {
                "options": dict(item.combination.options),
                "why": item.combination.why,
                **_run_of(item),
                "figures": {
                    effect.figure: {
                        "effect": _round(effect.effect),
                        "interval": [_round(effect.low), _round(effect.high)],
                        "distinguishable": effect.distinguishable,
                    }
                    for effect in item.effects
                },
                "apart": {
                    part.figure: {
                        "sum_of_effects_apart": _round(part.apart),
                        "difference": _round(part.difference),
                        "half_width_at_most": _round(part.bound),
                        "distinguishable": part.distinguishable,
                    }
                    for part in item.apart
                },
            }
            for item in together
        ],
    }


def _run_of(item: OptionEffect | Together) -> dict[str, object]:
    """The run the figures are read from: the table size, the policy, the seed, the deals."""
    return {"players": item.players, "policy": item.policy, "seed": item.seed, "deals": item.deals}


def _round(value: float) -> float:
    return round(value, 6)
