"""The schema's verdicts kept between runs: a ruleset that passed the JSON Schema once is not
checked against it again while neither it nor the schema changes.

Checking a ruleset against the schema means importing ``jsonschema``, which takes about a
fifth of a command's start-up. A command that loads a ruleset whose content passed before
skips both; everything else (the semantic checks, the model) is done each time, and
``variants validate`` always checks in full.

A verdict is an empty file named by a digest of what decides it: the ruleset's content, as
canonical JSON, the schema, the module that reads the schema strictly (:mod:`.schemacheck`)
and the installed ``jsonschema`` (where it is, and when it was installed). Only a pass is
kept, so a ruleset with a mistake is checked, and told, every time; a ruleset changed by one
character has another digest. The files live in the cache folder
(:func:`~variants.core.settings.cache_dir`), are written whole and never through a link
(:mod:`~variants.core.safewrite`), and are trusted only in a folder that is this user's and
that nobody else can write. A folder that cannot be read or written, or cannot be trusted,
only means that the schema is checked each time.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from functools import cache
from importlib import resources
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from ..core.safewrite import create_text
from ..core.settings import cache_dir

FOLDER = "schema-passed"
"""The cache folder's subfolder that holds the verdicts."""


@cache
def _checker() -> bytes:
    """What decides a verdict besides the ruleset: the schema, the strict reading of it, the
    validator installed (found without importing it, which is what a kept verdict saves)."""
    package = resources.files("variants")
    spec = find_spec("jsonschema")
    installed = "none"
    if spec is not None and spec.origin is not None:
        try:
            found = os.stat(spec.origin)
        except OSError:
            pass
        else:
            installed = f"{spec.origin} {found.st_size} {found.st_mtime_ns}"
    return b"\0".join(
        (
            b"schema-passed 1",
            package.joinpath("rules/schema/ruleset.schema.json").read_bytes(),
            package.joinpath("rules/schemacheck.py").read_bytes(),
            installed.encode(),
        )
    )


def verdict_path(data: Any) -> Path | None:
    """Where the verdict on ``data``, a ruleset's content, is kept; None if it cannot be kept."""
    try:
        folder = cache_dir() / FOLDER  # a $VARIANTS_CACHE that is not a folder is said
    except RuntimeError:  # no home folder to keep a cache in
        return None
    try:
        text = json.dumps(data, sort_keys=True, separators=(",", ":"), allow_nan=True)
    except (TypeError, ValueError):
        return None
    digest = hashlib.sha256(_checker() + b"\0" + text.encode()).hexdigest()
    return folder / digest


def passed_before(path: Path) -> bool:
    """Whether the ruleset whose verdict is kept at ``path`` (:func:`verdict_path`) passed the
    schema before: its verdict is a file, not a link, in a folder that only this user can
    write."""
    return _own_folder(path.parent) and path.is_file() and not path.is_symlink()


def remember_passed(path: Path) -> None:
    """Keep at ``path`` the verdict that its ruleset passed the schema, if the cache folder can
    be written."""
    if path.is_file():
        return
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        if _own_folder(path.parent):
            create_text(path, "")
    except OSError:  # a cache that cannot be kept: the schema is checked next time too
        return


def _own_folder(folder: Path) -> bool:
    """Whether ``folder`` is a real folder (not a link) of this user's that nobody else can
    write, so that nobody else can plant a verdict in it."""
    try:
        found = os.lstat(folder)
    except OSError:
        return False
    owner = getattr(os, "getuid", None)
    return (
        stat.S_ISDIR(found.st_mode)
        and not found.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
        and (owner is None or found.st_uid == owner())
    )
