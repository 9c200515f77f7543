"""``python -m variants.site.stats_runs``: repeat one of the statistics pages' runs and print
its report as JSON. The command line is :mod:`variants.cli.experiment`'s, started as the
``variants`` command is (:mod:`variants.entry`)."""

from __future__ import annotations

import sys

from ...entry import experiment

sys.exit(experiment())
