"""The readings kept between runs: a ruleset file read once, and found to pass the JSON Schema,
is neither read nor checked against the schema again while neither it, the reader nor the
schema changes.

Reading a ruleset means importing PyYAML and building its data node by node, and checking it
against the schema means importing ``jsonschema``: together about a third of a command's
start-up. A command that loads a ruleset whose file was read and passed before takes the data
as it was read, kept as JSON, and skips all three; everything else (the semantic checks, the
model) is done each time, and where a semantic check finds a problem the file is read again, so
that the problem names its line. ``variants validate`` always reads and checks in full.

A kept reading is a file named by a digest of what decides it: the ruleset file's bytes, the
reader (:mod:`.yamlsource`, and the installed PyYAML), the schema, the module that reads the
schema strictly (:mod:`.schemacheck`) and the installed ``jsonschema`` (for each package, where
it is and when it was installed). It holds the data read, as JSON. Only a pass is kept, so a
ruleset with a mistake is read, checked and told every time; a file changed by one byte has
another digest. The files live in the cache folder (:func:`~variants.core.settings.cache_dir`),
are written whole and never through a link (:mod:`~variants.core.safewrite`), are read only as
regular files, never through a link (:mod:`~variants.core.saferead`), and are trusted only in a
folder that is this user's and that nobody else can write. A folder that cannot be read or
written, or cannot be trusted, and a kept file that is not what was written, only mean that the
ruleset is read and checked in full.
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

from ..core.saferead import ReadError, read_bytes
from ..core.safewrite import create_text
from ..core.settings import cache_dir

FOLDER = "rulesets-read"
"""The cache folder's subfolder that holds the kept readings."""
MAX_KEPT_BYTES = 4 << 20
"""The largest kept reading read back (4 MiB: a ruleset's data as JSON is about 20 KiB)."""


@cache
def _checker() -> bytes:
    """What decides a reading besides the file: the reader, the schema, the strict reading of
    it, and PyYAML and the validator installed (found without importing them, which is what a
    kept reading saves)."""
    package = resources.files("variants")
    return b"\0".join(
        (
            b"rulesets-read 1",
            package.joinpath("rules/yamlsource.py").read_bytes(),
            package.joinpath("rules/schema/ruleset.schema.json").read_bytes(),
            package.joinpath("rules/schemacheck.py").read_bytes(),
            _installed("yaml").encode(),
            _installed("jsonschema").encode(),
        )
    )


def _installed(name: str) -> str:
    """Where the package ``name`` is installed and when, without importing it."""
    spec = find_spec(name)
    if spec is None or spec.origin is None:
        return "none"
    try:
        found = os.stat(spec.origin)
    except OSError:
        return "unknown"
    return f"{spec.origin} {found.st_size} {found.st_mtime_ns}"


def reading_path(raw: bytes) -> Path | None:
    """Where the reading of a ruleset file holding ``raw`` is kept; None if it cannot be."""
    try:
        folder = cache_dir() / FOLDER  # a $VARIANTS_CACHE that is not a folder is said
    except RuntimeError:  # no home folder to keep a cache in
        return None
    return folder / hashlib.sha256(_checker() + b"\0" + raw).hexdigest()


def kept_reading(path: Path) -> Any | None:
    """The data kept at ``path`` (:func:`reading_path`), read before from the same file and
    found to pass the schema; None if none is kept there, or it cannot be trusted or read: it
    must be a regular file, not a link, in a folder that only this user can write."""
    if not _own_folder(path.parent):
        return None
    try:
        text = read_bytes(path, MAX_KEPT_BYTES).decode("utf-8")
        return json.loads(text)
    except (ReadError, UnicodeDecodeError, ValueError, RecursionError):
        return None


def keep_reading(path: Path, data: Any) -> None:
    """Keep at ``path`` the data read from a ruleset file that passed the schema, if the cache
    folder can be written and the data comes back from JSON as it is."""
    try:
        text = json.dumps(data, allow_nan=True)
    except (TypeError, ValueError):
        return
    if json.loads(text) != data:  # not plain JSON data (a NaN, say): read it each time
        return
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        if _own_folder(path.parent) and not os.path.lexists(path):
            create_text(path, text)
    except OSError:  # a cache that cannot be kept: the file is read in full next time too
        return


def _own_folder(folder: Path) -> bool:
    """Whether ``folder`` is a real folder (not a link) of this user's that nobody else can
    write, so that nobody else can plant a reading in it."""
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
