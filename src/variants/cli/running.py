"""Running one command: its exit status, its mistakes in one line, and its output guarded.

Exit status: 0 when all is well; 1 for any mistake (in a file, an option or the command line
itself), told in one line on standard error; 130 when interrupted (Ctrl-C) and 143 when
terminated (SIGTERM), with no traceback. When the reader of the output goes away (``variants
validate | head -1``), the rest of the output is dropped and the command still ends with its
own status.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from types import FrameType
from typing import Any, TextIO, cast

from ..analysis.runner import WorkerError
from ..core.settings import SettingError
from .parsing import Parser, UsageError
from .text import error


class Terminated(BaseException):
    """SIGTERM arrived: raised where the program is, so that it stops as after Ctrl-C."""


def _terminated(signum: int, frame: FrameType | None) -> None:
    raise Terminated


class _Guarded:
    """A standard stream whose reader may go away (a closed pipe). From then on what is written
    is dropped: the stream is pointed at the null device, so nothing fails at exit either."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        try:
            return self.stream.write(text)
        except BrokenPipeError:
            self._drop()
            return len(text)

    def flush(self) -> None:
        try:
            self.stream.flush()
        except BrokenPipeError:
            self._drop()

    def _drop(self) -> None:
        try:
            number = self.stream.fileno()
        except (OSError, ValueError):  # not a file: nothing to fail at exit
            return
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, number)
        finally:
            os.close(null)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


@contextmanager
def _guarded() -> Iterator[None]:
    """Standard output and error guarded against a closed pipe, and SIGTERM raised as
    :class:`Terminated` (in the main thread, where signals are handled), for one command."""
    streams = sys.stdout, sys.stderr
    previous = None
    if threading.current_thread() is threading.main_thread():
        previous = signal.signal(signal.SIGTERM, _terminated)
    sys.stdout, sys.stderr = cast(TextIO, _Guarded(streams[0])), cast(TextIO, _Guarded(streams[1]))
    try:
        yield
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        sys.stdout, sys.stderr = streams
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def run_command(parser: Callable[[], Parser], argv: Sequence[str] | None = None) -> int:
    """Parse ``argv`` with the parser ``parser()`` builds and run the command it names (its
    ``run``), with the exit statuses, one-line messages and guarded streams of the module's
    docstring."""
    with _guarded():
        return _run(parser, argv)


def _run(parser: Callable[[], Parser], argv: Sequence[str] | None) -> int:
    try:
        args: argparse.Namespace = parser().parse(argv)
        code: int = args.run(args)
    except UsageError as mistake:
        error(f"variants: {mistake}")
        return 1
    except KeyboardInterrupt:
        error("variants: interrupted")
        return 130
    except Terminated:
        error("variants: terminated")
        return 128 + signal.SIGTERM
    except (WorkerError, SettingError) as mistake:
        error(f"variants: {mistake}")
        return 1
    except OSError as mistake:
        where = f"{mistake.filename}: " if mistake.filename else ""
        error(f"variants: {where}{mistake.strerror or mistake}")
        return 1
    except SystemExit as leaving:  # --help, after printing the help
        return leaving.code if isinstance(leaving.code, int) else 0
    return code
