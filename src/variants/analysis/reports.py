"""A simulation's report: its figures, typed, made from the tallies, and written as JSON.

This is the one definition of what a report holds. ``variants simulate`` prints it as a table
or as JSON (:func:`report_json`), the Play page's trial sends it to the browser, and the
statistics pages read its fields; the site's cache keeps it as JSON with each mean's standard
error (``full``), which is read back by :func:`read_report`.

Means and their intervals are given to 4 places, rates and theirs to 5, as the JSON states
them; a mean also carries its standard error unrounded, so that a difference of two means is
worked from it and not from rounded interval ends. Seats are named by their position from the
dealer's left (:func:`position_names`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .tallies import Z95, GameTally, SeatTally, Stat, Tally


@dataclass(frozen=True)
class Mean:
    """A mean with its 95% confidence interval (normal approximation), its sample size and
    its standard error."""

    mean: float
    low: float
    high: float
    n: int
    se: float = 0.0
    """The mean's standard error, unrounded: 0 for fewer than two values."""

    def shifted(self, by: float) -> Mean:
        return Mean(self.mean + by, self.low + by, self.high + by, self.n, self.se)

    def scaled(self, by: float) -> Mean:
        return Mean(self.mean * by, self.low * by, self.high * by, self.n, self.se * abs(by))


@dataclass(frozen=True)
class Rate:
    """A proportion with its 95% Wilson score interval and the count behind it."""

    rate: float
    low: float
    high: float
    count: int


@dataclass(frozen=True)
class Meta:
    """What a report says of its run. The command line and the site give every field but
    those of other kinds of run; the Play page's trial gives only the players and the policy.
    A field that is None is left out of the JSON."""

    players: int
    policy: str
    ruleset: str | None = None
    seed: int | None = None
    options: Mapping[str, str] | None = None
    """Every option's value, chosen or default."""
    staking: str | None = None
    """The staking policy, when it is not the default."""
    kind: str | None = None
    """For a seat followed: ``policy-seat`` or ``card-holder``."""
    others: str | None = None
    """For ``policy-seat``: the policy of the seats not followed."""
    compartment: str | None = None
    """For ``card-holder``: the compartment whose card's holder is followed."""


@dataclass(frozen=True)
class CompartmentFigures:
    """One compartment over a run of independent deals."""

    won_in_play: Rate
    won_at_turn_up: Rate
    carried_over: Rate
    card_held_unplayed: Rate
    """Over the deals played out (not voided at the turn-up)."""
    size_when_won: Mean


@dataclass(frozen=True)
class DealsReport:
    """A run of independent deals, each from an empty board (``variants simulate --deals``).

    Reports are equal when every figure is, whatever their :class:`Meta` says."""

    meta: Meta = field(compare=False)
    deals: int
    voided: Rate
    net_by_position: tuple[Mean, ...]
    """By position from the dealer's left: the elder hand first, the dealer last."""
    went_out_by_position: tuple[Rate, ...]
    """Over the deals played out."""
    cards_played: Mean
    """In the deals played out."""
    compartments: Mapping[str, CompartmentFigures]
    """Each compartment's figures, by its id: in the board's order, unless read back from the
    site's cache, which keeps JSON keys sorted (reports are equal whatever the order)."""

    @property
    def players(self) -> int:
        return self.meta.players


@dataclass(frozen=True)
class GamesReport:
    """A run of whole games, the board carried from deal to deal (``variants simulate
    --games``)."""

    meta: Meta = field(compare=False)
    games: int
    total_by_position: tuple[Mean, ...]
    """Net over the game, by position from the first dealer's left (the first dealer last)."""
    spread: Mean
    """Between the best and the worst seat's net."""
    winner_by_position: tuple[Rate, ...]
    shared_wins: Rate
    size_when_won: Mapping[str, Mean]
    """Counters taken from each compartment in the deals that won it, by compartment id."""

    @property
    def players(self) -> int:
        return self.meta.players


@dataclass(frozen=True)
class SeatReport:
    """One followed seat against the others of the same deals: the seat with its own lead
    policy (``policy-seat``), or the seat dealt a compartment's card (``card-holder``).

    Two reports are equal when every figure is, whatever options they were played under."""

    meta: Meta = field(compare=False)
    deals: int
    followed: Rate
    """The deals in which a seat was followed (for ``card-holder``: the card was in a hand)."""
    net: Mean
    edge: Mean
    """The seat's net less an average other seat's, per deal."""
    went_out: Rate
    won: Rate
    """For ``card-holder``: the deals in which the holder took the compartment."""
    took: Mean
    """For ``card-holder``: counters the holder took from it (0 when it did not take it)."""

    @property
    def players(self) -> int:
        return self.meta.players

    @property
    def compartment(self) -> str | None:
        """For ``card-holder``: the compartment whose card's holder was followed."""
        return self.meta.compartment


Report = DealsReport | GamesReport | SeatReport


# --------------------------------------------------------------------------------------------
# Figures from tallies


def mean_of(stat: Stat) -> Mean:
    """A :class:`Stat`'s mean and interval, to 4 places, with its standard error."""
    low, high = stat.interval()
    return Mean(round(stat.mean, 4), round(low, 4), round(high, 4), stat.n, stat.standard_error())


def wilson_rate(count: int, out_of: int) -> Rate:
    """A proportion with its 95% Wilson interval, to 5 places."""
    if out_of == 0:
        return Rate(0.0, 0.0, 0.0, count)
    p = count / out_of
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * out_of)) / (1 + z2 / out_of)
    half = Z95 * math.sqrt(p * (1 - p) / out_of + z2 / (4 * out_of * out_of)) / (1 + z2 / out_of)
    return Rate(
        round(p, 5), round(max(0.0, centre - half), 5), round(min(1.0, centre + half), 5), count
    )


def position_names(players: int, last: str = "dealer") -> list[str]:
    """Seat positions counted from the dealer's left: the elder hand first, then ``seat 2
    from the dealer`` and so on, and ``last`` (the dealer, or the first dealer of a game)."""
    names = ["elder hand"] + [f"seat {i + 1} from the dealer" for i in range(1, players - 1)]
    return [*names, last]


def deals_report(tally: Tally, meta: Meta) -> DealsReport:
    played = tally.deals - tally.voided
    compartments = {
        cid: CompartmentFigures(
            wilson_rate(tally.won_in_play[index], tally.deals),
            wilson_rate(tally.won_at_turn_up[index], tally.deals),
            wilson_rate(tally.carried[index], tally.deals),
            wilson_rate(tally.held[index], played),
            mean_of(tally.size_when_won[index]),
        )
        for index, cid in enumerate(tally.compartments)
    }
    return DealsReport(
        meta,
        tally.deals,
        wilson_rate(tally.voided, tally.deals),
        tuple(mean_of(stat) for stat in tally.net),
        tuple(wilson_rate(count, played) for count in tally.winner),
        mean_of(tally.cards),
        compartments,
    )


def games_report(tally: GameTally, meta: Meta) -> GamesReport:
    return GamesReport(
        meta,
        tally.games,
        tuple(mean_of(stat) for stat in tally.total),
        mean_of(tally.spread),
        tuple(wilson_rate(count, tally.games) for count in tally.winner),
        wilson_rate(tally.shared_wins, tally.games),
        {cid: mean_of(tally.size_when_won[i]) for i, cid in enumerate(tally.compartments)},
    )


def seat_report(tally: SeatTally, meta: Meta) -> SeatReport:
    """A :class:`SeatTally`'s figures; ``edge`` is per deal against an average other seat."""
    scale = max(tally.players - 1, 1)
    edge = mean_of(tally.edge)
    return SeatReport(
        meta,
        tally.deals,
        wilson_rate(tally.followed, tally.deals),
        mean_of(tally.net),
        Mean(
            round(edge.mean / scale, 4),
            round(edge.low / scale, 4),
            round(edge.high / scale, 4),
            edge.n,
            edge.se / scale,
        ),
        wilson_rate(tally.went_out, tally.followed),
        wilson_rate(tally.won, tally.followed),
        mean_of(tally.took),
    )


# --------------------------------------------------------------------------------------------
# JSON


def report_json(report: Report, full: bool = False) -> dict[str, Any]:
    """The report as ``variants simulate --json`` prints it; ``full`` adds each mean's
    standard error (``se``), as the site's cache keeps it."""

    def mean(figure: Mean) -> dict[str, Any]:
        return mean_json(figure, full)

    def by_position(figures: list[dict[str, Any]], last: str = "dealer") -> list[dict[str, Any]]:
        names = position_names(report.players, last)
        return [{"position": name, **row} for name, row in zip(names, figures, strict=True)]

    if isinstance(report, DealsReport):
        return {
            **meta_json(report.meta),
            "deals": report.deals,
            "voided": rate_json(report.voided),
            "net_by_position": by_position([mean(m) for m in report.net_by_position]),
            "went_out_by_position": by_position(
                [rate_json(r) for r in report.went_out_by_position]
            ),
            "cards_played": mean(report.cards_played),
            "compartments": {
                cid: {
                    "won_in_play": rate_json(row.won_in_play),
                    "won_at_turn_up": rate_json(row.won_at_turn_up),
                    "carried_over": rate_json(row.carried_over),
                    "card_held_unplayed": rate_json(row.card_held_unplayed),
                    "size_when_won": mean(row.size_when_won),
                }
                for cid, row in report.compartments.items()
            },
        }
    if isinstance(report, GamesReport):
        first_dealer = "first dealer"
        return {
            **meta_json(report.meta),
            "games": report.games,
            "total_by_position": by_position(
                [mean(m) for m in report.total_by_position], first_dealer
            ),
            "spread": mean(report.spread),
            "winner_by_position": by_position(
                [rate_json(r) for r in report.winner_by_position], first_dealer
            ),
            "shared_wins": rate_json(report.shared_wins),
            "size_when_won": {cid: mean(m) for cid, m in report.size_when_won.items()},
        }
    return {
        **meta_json(report.meta),
        "deals": report.deals,
        "followed": rate_json(report.followed),
        "net": mean(report.net),
        "edge": mean(report.edge),
        "went_out": rate_json(report.went_out),
        "won": rate_json(report.won),
        "took": mean(report.took),
    }


def mean_json(mean: Mean, full: bool = False) -> dict[str, Any]:
    found = {"mean": mean.mean, "ci95": [mean.low, mean.high], "n": mean.n}
    return {**found, "se": mean.se} if full else found


def rate_json(rate: Rate) -> dict[str, Any]:
    return {"count": rate.count, "rate": rate.rate, "ci95": [rate.low, rate.high]}


def meta_json(meta: Meta) -> dict[str, Any]:
    """The fields of ``meta`` that are given, in the order a report starts with them."""
    fields = {
        "ruleset": meta.ruleset,
        "players": meta.players,
        "seed": meta.seed,
        "policy": meta.policy,
        "options": None if meta.options is None else dict(meta.options),
        "staking": meta.staking,
        "kind": meta.kind,
        "others": meta.others,
        "compartment": meta.compartment,
    }
    return {key: value for key, value in fields.items() if value is not None}


def read_report(data: Mapping[str, Any]) -> Report:
    """A report from its ``full`` JSON (:func:`report_json`): a seat's names its ``kind``, a
    run of games counts ``games``."""
    meta = Meta(
        data["players"],
        data["policy"],
        data.get("ruleset"),
        data.get("seed"),
        data.get("options"),
        data.get("staking"),
        data.get("kind"),
        data.get("others"),
        data.get("compartment"),
    )
    if "kind" in data:
        return SeatReport(
            meta,
            int(data["deals"]),
            read_rate(data["followed"]),
            read_mean(data["net"]),
            read_mean(data["edge"]),
            read_rate(data["went_out"]),
            read_rate(data["won"]),
            read_mean(data["took"]),
        )
    if "games" in data:
        return GamesReport(
            meta,
            int(data["games"]),
            tuple(read_mean(row) for row in data["total_by_position"]),
            read_mean(data["spread"]),
            tuple(read_rate(row) for row in data["winner_by_position"]),
            read_rate(data["shared_wins"]),
            {cid: read_mean(row) for cid, row in data["size_when_won"].items()},
        )
    compartments = {
        cid: CompartmentFigures(
            read_rate(row["won_in_play"]),
            read_rate(row["won_at_turn_up"]),
            read_rate(row["carried_over"]),
            read_rate(row["card_held_unplayed"]),
            read_mean(row["size_when_won"]),
        )
        for cid, row in data["compartments"].items()
    }
    return DealsReport(
        meta,
        int(data["deals"]),
        read_rate(data["voided"]),
        tuple(read_mean(row) for row in data["net_by_position"]),
        tuple(read_rate(row) for row in data["went_out_by_position"]),
        read_mean(data["cards_played"]),
        compartments,
    )


def read_mean(data: Mapping[str, Any]) -> Mean:
    low, high = data["ci95"]
    return Mean(float(data["mean"]), float(low), float(high), int(data["n"]), float(data["se"]))


def read_rate(data: Mapping[str, Any]) -> Rate:
    low, high = data["ci95"]
    return Rate(float(data["rate"]), float(low), float(high), int(data["count"]))
