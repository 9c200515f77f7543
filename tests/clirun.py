"""Run the ``variants`` command in this process, as a user would run it from the project's root.

``run(["validate", "x.yaml"])`` calls :func:`variants.cli.main` with standard output and error
captured and returns an :class:`Outcome`: the exit status (``SystemExit`` from argparse counted as
its code) and both streams as text. A traceback cannot slip past: any exception that escapes
``main`` is re-raised, so the test that ran it fails with it.
"""

from __future__ import annotations

import contextlib
import io
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from variants.cli import main

REPO = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Outcome:
    status: int
    out: str
    err: str

    @property
    def err_lines(self) -> list[str]:
        return self.err.splitlines()


@contextlib.contextmanager
def _environment(cwd: Path, env: Mapping[str, str | None]) -> Iterator[None]:
    saved = {key: os.environ.get(key) for key in env}
    before = Path.cwd()
    try:
        for key, value in env.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        os.chdir(cwd)
        yield
    finally:
        os.chdir(before)
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def run(
    args: Sequence[str],
    cwd: Path = REPO,
    env: Mapping[str, str | None] | None = None,
    command: Callable[[list[str]], int] = main,
) -> Outcome:
    """``variants ARGS`` run in ``cwd`` with ``env`` changed (``None`` removes a variable);
    ``command`` is another entry point, such as the statistics runs' ``main``."""
    out, err = io.StringIO(), io.StringIO()
    with (
        _environment(cwd, env or {}),
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
    ):
        try:
            status = command(list(args))
        except SystemExit as leaving:  # argparse's usage errors
            code = leaving.code
            status = code if isinstance(code, int) else (0 if code is None else 1)
    return Outcome(status, out.getvalue(), err.getvalue())
