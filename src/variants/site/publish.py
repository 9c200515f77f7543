"""A site build that fails leaves the site it was to replace as it was.

mkdocs empties its output folder (``site_dir``) before it writes the first page, so a build that
fails (an invalid ruleset, a hook's error, a warning under ``--strict``) would leave an empty or
half-written site. These mkdocs events point the build at a new folder beside ``site_dir`` and
move it into place only once the build has succeeded; a failed or interrupted build's folder is
removed and the old site stays. Hidden entries of the old folder (mkdocs keeps those too) are
moved into the new one. ``mkdocs serve`` works the same way: its pages change only when a
rebuild succeeds. A ``--dirty`` build updates the folder in place, as it is asked to.

A build stopped by Ctrl-C removes its folder when mkdocs shuts down; one stopped by SIGTERM (a
CI job cancelled, a service stopped) does too: while the new folder exists, SIGTERM removes it
and ends the build with status 143 (128 + the signal's number), as the signal itself would.
"""

from __future__ import annotations

import logging
import os
import shutil
import signal
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError


class _Warnings(logging.Handler):
    """Counts the warnings a strict build stops for (mkdocs checks its own count only after the
    last event, when the new site would already be in place)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1


@dataclass
class _Build:
    target: Path | None = None
    """The folder the site is built for."""
    building: Path | None = None
    """The folder it is being written to."""
    warnings: _Warnings | None = None
    dirty: bool = False
    sigterm: Any = None
    """SIGTERM's handler before the build's own, while the build's is in place."""
    pid: int = 0
    """The process that put the build's handler in place (a forked worker inherits it)."""


_build = _Build()
_LOGGER = logging.getLogger("mkdocs")
log = logging.getLogger("mkdocs.plugins.variants.publish")


def on_startup(command: str, dirty: bool) -> None:
    _build.dirty = dirty


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Point the build at a new, empty folder beside the site folder."""
    _forget()
    if _build.dirty:
        return config
    target = Path(os.path.realpath(config.site_dir))  # a loop of links is told, not raised
    if os.path.lexists(target) and not target.is_dir():
        raise PluginError(f"variants: the site folder {target} is not a folder")
    _handle_sigterm()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with _sigterm_held():  # the folder is known to _forget before SIGTERM can remove it
            building = Path(tempfile.mkdtemp(prefix=f".{target.name}.building-", dir=target.parent))
            _build.target, _build.building = target, building
        mask = os.umask(0o022)
        os.umask(mask)
        building.chmod(0o777 & ~mask)  # as a folder mkdocs made itself, not private
    except OSError as error:
        raise PluginError(f"variants: cannot build the site beside {target}: {error}") from None
    if config.strict:
        _build.warnings = _Warnings()
        _LOGGER.addHandler(_build.warnings)
    config.site_dir = str(building)
    return config


def on_post_build(config: MkDocsConfig) -> None:
    """Put the new site in place of the old one, unless the build is about to fail."""
    target, building = _build.target, _build.building
    if target is None or building is None:
        return
    if _build.warnings is not None and _build.warnings.count:
        return  # mkdocs stops a strict build now; on_build_error removes the new folder
    try:
        replace_folder(target, building)
    except OSError as error:
        raise PluginError(f"variants: cannot put the new site in {target}: {error}") from None
    config.site_dir = str(target)
    _build.building = None
    _forget()
    log.info("variants: the new site is in place in %s", target)


def on_build_error(error: Exception) -> None:
    _forget()


def on_shutdown() -> None:
    _forget()


def _forget() -> None:
    """Remove the folder of a build that did not finish, stop counting its warnings, and give
    SIGTERM back its handler."""
    if _build.building is not None:
        shutil.rmtree(_build.building, ignore_errors=True)
    if _build.warnings is not None:
        _LOGGER.removeHandler(_build.warnings)
    _build.target = _build.building = _build.warnings = None
    if _build.pid == os.getpid() and threading.current_thread() is threading.main_thread():
        previous = _build.sigterm
        signal.signal(signal.SIGTERM, signal.SIG_DFL if previous is None else previous)
        _build.pid, _build.sigterm = 0, None


def _handle_sigterm() -> None:
    """Have SIGTERM remove the new folder (:func:`_terminated`) until :func:`_forget` runs.
    Only the main thread may set a handler (``mkdocs serve`` rebuilds in another: its new folder
    is removed when it shuts down)."""
    if _build.pid or threading.current_thread() is not threading.main_thread():
        return
    _build.sigterm = signal.signal(signal.SIGTERM, _terminated)
    _build.pid = os.getpid()


@contextmanager
def _sigterm_held() -> Iterator[None]:
    """SIGTERM held back in this thread meanwhile, and delivered after."""
    held = {signal.SIGTERM}
    signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, held)


def _terminated(number: int, frame: FrameType | None) -> None:
    """SIGTERM during a build: the new folder removed, then the build ended with status 143
    (``SystemExit`` unwinds mkdocs' events, which run as for Ctrl-C). In a process forked
    from the build's (a worker playing statistics), the signal's own action, and nothing
    removed."""
    if _build.pid != os.getpid():
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGTERM)
        return
    _forget()
    raise SystemExit(128 + signal.SIGTERM)


def replace_folder(target: Path, new: Path) -> None:
    """Put the folder ``new`` at ``target`` (a folder, or nothing), keeping ``target``'s hidden
    entries. Two renames: a reader of ``target`` sees the old folder or the new one."""
    if not target.exists():
        new.rename(target)
        return
    old = new.with_name(new.name.replace(".building-", ".previous-", 1))
    target.rename(old)
    try:
        new.rename(target)
    except OSError:
        old.rename(target)
        raise
    for entry in old.iterdir():
        if entry.name.startswith(".") and not (target / entry.name).exists():
            entry.rename(target / entry.name)
    shutil.rmtree(old, ignore_errors=True)
