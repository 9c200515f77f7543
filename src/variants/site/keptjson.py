"""Reading back a JSON file the build keeps between runs (a statistics run's result, the
generated pages): whole and bounded, never through a link, never waiting on a pipe planted at
its name. Anything else is a miss, for the caller to make again."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path


def read_kept_json(path: Path, limit: int) -> object | None:
    """The JSON value held by the regular file at ``path`` if it has at most ``limit`` bytes;
    None if there is no such file, or it cannot be read, is larger, or is not JSON."""
    try:
        flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0)
        handle = os.open(path, flags)
    except (OSError, ValueError):
        return None
    with os.fdopen(handle, "rb") as data:
        try:
            if not stat.S_ISREG(os.fstat(handle).st_mode):
                return None
            text = data.read(limit + 1)
        except OSError:
            return None
    if len(text) > limit:
        return None
    try:
        found: object = json.loads(text.decode("utf-8"))
    except (ValueError, RecursionError):
        return None
    return found
