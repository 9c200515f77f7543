"""The environment variables that name the project's folders, read in one place.

A variable that is set must name something usable: a folder that does not exist, a file, a
device, a pipe or a loop of links in its place is refused with one :class:`SettingError` naming
the variable, never passed over (which would turn a check off, or build a site without its
example deals, without a word). Unset or empty, the default applies.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

RULESETS_ENV = "VARIANTS_RULESETS"
"""The rulesets folder (default: ``rulesets``)."""
SOURCES_ENV = "VARIANTS_SOURCES"
"""The source texts' folder, searched alone (default: found near the rulesets)."""
EXAMPLES_ENV = "VARIANTS_EXAMPLES"
"""The example deal files' folder (default: ``examples`` beside the rulesets folder)."""


class SettingError(ValueError):
    """An environment variable that cannot be used, or a cache folder that cannot be written;
    the message names the variable and says why, in one line."""


def folder_setting(name: str) -> Path | None:
    """The folder the environment variable ``name`` names; None when it is unset or empty."""
    text = os.environ.get(name, "")
    if not text:
        return None
    return usable_folder(name, Path(text))


def usable_folder(name: str, folder: Path) -> Path:
    """``folder``, named by the variable ``name``, if it is a folder that can be opened."""
    try:
        found = os.stat(folder)
    except (OSError, ValueError) as error:
        why = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise SettingError(f"${name} cannot be used: {folder}: {why}") from None
    if not stat.S_ISDIR(found.st_mode):
        raise SettingError(f"${name} must name a folder, and {folder} is not one")
    return folder


def rulesets_dir(default: Path = Path("rulesets")) -> Path:
    """``$VARIANTS_RULESETS``, else ``default``."""
    return folder_setting(RULESETS_ENV) or default


CACHE_ENV = "VARIANTS_CACHE"
"""The folder of what is kept between runs to start quicker: the readings of ruleset files that
passed the schema (default: ``variants`` in ``$XDG_CACHE_HOME``, else in ``~/.cache``)."""


def cache_dir() -> Path:
    """``$VARIANTS_CACHE``, which must be a folder; else the user's cache folder for the
    project, which need not exist yet."""
    named = folder_setting(CACHE_ENV)
    if named is not None:
        return named
    base = os.environ.get("XDG_CACHE_HOME", "")
    return (Path(base) if os.path.isabs(base) else Path.home() / ".cache") / "variants"


STORE_ENV = "VARIANTS_STORE"
"""The sweep's store, read by the site and by ``variants effects`` (default:
``store/sweep.sqlite``)."""


def store_path(default: Path = Path("store") / "sweep.sqlite") -> Path:
    """``$VARIANTS_STORE``, else ``default``: a file, which need not exist yet."""
    text = os.environ.get(STORE_ENV, "")
    return Path(text) if text else default
