"""Where a command's file goes: ``--out FILE``, written whole or not at all, or standard
output."""

from __future__ import annotations

import sys
from pathlib import Path

from ..core.safewrite import WriteError, write_text
from .parsing import UsageError
from .text import say


def write_out(text: str, out: str | Path | None, quiet: bool = False) -> None:
    """``text`` written to the file ``out`` (saying so, as ``out`` is written, unless
    ``quiet``), or to standard output when None."""
    if out is None:
        sys.stdout.write(text)
        return
    try:
        write_text(Path(out), text)
    except WriteError as error:
        raise UsageError(str(error)) from None
    if not quiet:
        say(f"wrote {out}")
