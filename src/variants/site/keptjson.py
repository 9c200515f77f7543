"""Reading back a JSON file the build keeps between runs (a statistics run's result, the
generated pages): whole and bounded, never through a link, never waiting on a pipe planted at
its name. Anything else is a miss, for the caller to make again."""

from __future__ import annotations

import json
from pathlib import Path

from ..core.saferead import ReadError, read_bytes


def read_kept_json(path: Path, limit: int) -> object | None:
    """The JSON value held by the regular file at ``path`` if it has at most ``limit`` bytes
    (read as :func:`variants.core.saferead.read_bytes` reads any file); None if there is no such
    file, or it cannot be read, is larger, or is not JSON."""
    try:
        text = read_bytes(path, limit)
    except ReadError:
        return None
    try:
        found: object = json.loads(text.decode("utf-8"))
    except (ValueError, RecursionError):
        return None
    return found
