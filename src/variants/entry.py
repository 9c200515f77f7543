"""The entry points: the installed ``variants`` command, and ``python -m
variants.site.stats_runs``.

The command line is imported inside each, so that Ctrl-C while it loads ends as quietly as
Ctrl-C at any later moment: one line and status 130, no traceback.
"""

from __future__ import annotations

import sys


def run() -> int:
    """The ``variants`` command."""
    try:
        from .cli import main
    except KeyboardInterrupt:
        return _interrupted()
    return main()


def experiment() -> int:
    """Repeat one of the statistics pages' runs (:mod:`variants.cli.experiment`)."""
    try:
        from .cli.experiment import main
    except KeyboardInterrupt:
        return _interrupted()
    return main()


def _interrupted() -> int:
    print("variants: interrupted", file=sys.stderr)
    return 130
