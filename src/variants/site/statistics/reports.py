"""The runs' reports, read once from their JSON into typed figures.

A report is what ``variants simulate --json`` prints (or ``python -m variants.site.stats_runs``
for the two kinds it does not offer). The pages never index into that JSON: :func:`read` turns
each run's report into one of the dataclasses here, and the questions read their fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, assert_never

from .. import stats_runs as sr


@dataclass(frozen=True)
class Mean:
    """A mean with its 95% confidence interval and its sample size."""

    mean: float
    low: float
    high: float
    n: int

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> Mean:
        low, high = data["ci95"]
        return cls(float(data["mean"]), float(low), float(high), int(data["n"]))

    def shifted(self, by: float) -> Mean:
        return Mean(self.mean + by, self.low + by, self.high + by, self.n)

    def scaled(self, by: float) -> Mean:
        return Mean(self.mean * by, self.low * by, self.high * by, self.n)


ZERO = Mean(0.0, 0.0, 0.0, 0)
"""Nothing, surely: what a difference is held against to tell whether it is one."""


@dataclass(frozen=True)
class Rate:
    """A proportion with its 95% Wilson score interval and the count behind it."""

    rate: float
    low: float
    high: float
    count: int

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> Rate:
        low, high = data["ci95"]
        return cls(float(data["rate"]), float(low), float(high), int(data["count"]))


@dataclass(frozen=True)
class CompartmentFigures:
    """One compartment over a run of independent deals."""

    won_in_play: Rate
    won_at_turn_up: Rate
    carried_over: Rate
    card_held_unplayed: Rate
    size_when_won: Mean

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> CompartmentFigures:
        return cls(
            Rate.read(data["won_in_play"]),
            Rate.read(data["won_at_turn_up"]),
            Rate.read(data["carried_over"]),
            Rate.read(data["card_held_unplayed"]),
            Mean.read(data["size_when_won"]),
        )


@dataclass(frozen=True)
class DealsReport:
    """A run of independent deals, each from an empty board (``variants simulate``)."""

    players: int
    deals: int
    voided: Rate
    net_by_position: tuple[Mean, ...]
    """By position from the dealer's left: the elder hand first, the dealer last."""
    went_out_by_position: tuple[Rate, ...]
    cards_played: Mean
    compartments: tuple[tuple[str, CompartmentFigures], ...]
    """(compartment id, figures), in the report's order."""

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> DealsReport:
        return cls(
            int(data["players"]),
            int(data["deals"]),
            Rate.read(data["voided"]),
            tuple(Mean.read(row) for row in data["net_by_position"]),
            tuple(Rate.read(row) for row in data["went_out_by_position"]),
            Mean.read(data["cards_played"]),
            tuple((cid, CompartmentFigures.read(row)) for cid, row in data["compartments"].items()),
        )


@dataclass(frozen=True)
class GamesReport:
    """A run of whole games, the board carried from deal to deal (``variants simulate
    --games``)."""

    players: int
    games: int
    size_when_won: Mapping[str, Mean] = field(default_factory=dict)
    """Counters taken from each compartment in the deals that won it, by compartment id."""

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> GamesReport:
        sizes = {cid: Mean.read(row) for cid, row in data["size_when_won"].items()}
        return cls(int(data["players"]), int(data["games"]), sizes)


@dataclass(frozen=True)
class SeatReport:
    """One followed seat against the others of the same deals: the seat with its own lead
    policy (``policy-seat``), or the seat dealt a compartment's card (``card-holder``).

    Two reports are equal when every figure is, whatever options they were played under."""

    players: int
    compartment: str | None
    """For ``card-holder``: the compartment whose card's holder was followed."""
    deals: int
    followed: Rate
    """The deals in which a seat was followed (for ``card-holder``: the card was in a hand)."""
    net: Mean
    edge: Mean
    """The seat's net less an average other seat's, per deal."""
    went_out: Rate
    won: Rate
    took: Mean

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> SeatReport:
        return cls(
            int(data["players"]),
            data.get("compartment"),
            int(data["deals"]),
            Rate.read(data["followed"]),
            Mean.read(data["net"]),
            Mean.read(data["edge"]),
            Rate.read(data["went_out"]),
            Rate.read(data["won"]),
            Mean.read(data["took"]),
        )


@dataclass(frozen=True)
class Results:
    """Every run's report, typed by the run's kind."""

    deals: Mapping[sr.Run, DealsReport] = field(default_factory=dict)
    games: Mapping[sr.Run, GamesReport] = field(default_factory=dict)
    seats: Mapping[sr.Run, SeatReport] = field(default_factory=dict)
    """Both kinds that follow one seat: ``policy-seat`` and ``card-holder``."""


def read(found: Mapping[sr.Run, Mapping[str, Any]]) -> Results:
    """The reports of :func:`variants.site.stats_runs.results`, each read once."""
    deals: dict[sr.Run, DealsReport] = {}
    games: dict[sr.Run, GamesReport] = {}
    seats: dict[sr.Run, SeatReport] = {}
    for run, data in found.items():
        match run.kind:
            case "deals":
                deals[run] = DealsReport.read(data)
            case "games":
                games[run] = GamesReport.read(data)
            case "policy-seat" | "card-holder":
                seats[run] = SeatReport.read(data)
            case _:
                assert_never(run.kind)
    return Results(deals, games, seats)
