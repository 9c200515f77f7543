"""The runs' reports, sorted by kind for the questions to read.

A report is :mod:`variants.analysis.reports`'s, typed: what ``variants simulate --json`` prints
(or ``python -m variants.site.stats_runs`` for the two kinds it does not offer), with each
mean's standard error. The pages never index into JSON: they read the reports' fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import assert_never

from ...analysis.reports import DealsReport, GamesReport, Mean, Report, SeatReport
from .. import stats_runs as sr

ZERO = Mean(0.0, 0.0, 0.0, 0)
"""Nothing, surely: what a difference is held against to tell whether it is one."""


@dataclass(frozen=True)
class Results:
    """Every run's report, typed by the run's kind."""

    deals: Mapping[sr.Run, DealsReport] = field(default_factory=dict)
    games: Mapping[sr.Run, GamesReport] = field(default_factory=dict)
    seats: Mapping[sr.Run, SeatReport] = field(default_factory=dict)
    """Both kinds that follow one seat: ``policy-seat`` and ``card-holder``."""


def read(found: Mapping[sr.Run, Report]) -> Results:
    """The reports of :func:`variants.site.stats_runs.results`, sorted by their runs' kinds."""
    deals: dict[sr.Run, DealsReport] = {}
    games: dict[sr.Run, GamesReport] = {}
    seats: dict[sr.Run, SeatReport] = {}
    for run, report in found.items():
        match run.kind:
            case "deals":
                assert isinstance(report, DealsReport), run
                deals[run] = report
            case "games":
                assert isinstance(report, GamesReport), run
                games[run] = report
            case "policy-seat" | "card-holder":
                assert isinstance(report, SeatReport), run
                seats[run] = report
            case _:
                assert_never(run.kind)
    return Results(deals, games, seats)
