"""The installed ``variants`` command's entry point.

The command line is imported here, inside :func:`run`, so that Ctrl-C while it loads ends as
quietly as Ctrl-C at any later moment: one line and status 130, no traceback.
"""

from __future__ import annotations

import sys


def run() -> int:
    try:
        from .cli import main
    except KeyboardInterrupt:
        print("variants: interrupted", file=sys.stderr)
        return 130
    return main()
