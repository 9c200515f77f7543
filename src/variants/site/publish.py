"""A site build that fails leaves the site it was to replace as it was.

mkdocs empties its output folder (``site_dir``) before it writes the first page, so a build that
fails (an invalid ruleset, a hook's error, a warning under ``--strict``) would leave an empty or
half-written site. These mkdocs events point the build at a new folder beside ``site_dir`` and
move it into place only once the build has succeeded; a failed or interrupted build's folder is
removed and the old site stays. Hidden entries of the old folder (mkdocs keeps those too) are
moved into the new one. ``mkdocs serve`` works the same way: its pages change only when a
rebuild succeeds. A ``--dirty`` build updates the folder in place, as it is asked to.
"""

from __future__ import annotations

import logging
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

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
    target = Path(config.site_dir).resolve()
    if target.exists() and not target.is_dir():
        raise PluginError(f"variants: the site folder {target} is not a folder")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        building = Path(tempfile.mkdtemp(prefix=f".{target.name}.building-", dir=target.parent))
        mask = os.umask(0o022)
        os.umask(mask)
        building.chmod(0o777 & ~mask)  # as a folder mkdocs made itself, not private
    except OSError as error:
        raise PluginError(f"variants: cannot build the site beside {target}: {error}") from None
    _build.target, _build.building = target, building
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
    """Remove the folder of a build that did not finish, and stop counting its warnings."""
    if _build.building is not None:
        shutil.rmtree(_build.building, ignore_errors=True)
    if _build.warnings is not None:
        _LOGGER.removeHandler(_build.warnings)
    _build.target = _build.building = _build.warnings = None


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
