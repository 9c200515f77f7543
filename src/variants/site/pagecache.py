"""The generated pages kept between builds, under a key of everything they are made from.

Making the pages plays every example deal and reads every statistics run: most of a build's
work once the statistics are cached. A build whose inputs are those of the last build reads the
pages back instead (``mkdocs serve`` after an edit to a written page, or a build with nothing
changed). The key is a hash of:

- every file of the package, its code and its templates (the engine that plays the deals, the
  modules and templates that write the pages), always, and of each section module outside it;
- every file of the rulesets folder, the examples folder and the source texts' folders;
- the settings the pages read (``use_directory_urls``, ``extra``), the contributing guide, the
  environment variables named ``VARIANTS_...`` (among them where the statistics come from and
  at what scale), and the versions of Python, Jinja and the package.

One file is kept, the last build's pages: ``generated-pages.json`` in the statistics cache's
folder (outside the project unless ``$VARIANTS_STATS_CACHE`` names another, see
:func:`variants.site.stats_runs.cache_dir`), so that a build with an empty statistics cache
makes every page too. A file that cannot be read, is not a regular file, holds another key, or
holds pages at any other paths than those the build makes (every path known before a page is
made: :func:`variants.site.pages.page_makers`) is a miss, and the pages are made and the file
replaced (never through a link, whole or not at all). So a kept file can never add a page, nor
write one outside the site's folder, whatever it holds.
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import stat
from collections.abc import Iterable, Mapping
from importlib import metadata
from pathlib import Path
from typing import Any

from .. import __version__
from ..core.safewrite import WriteError, write_text
from .keptjson import read_kept_json
from .pages import PageMaker, is_page_name

FILE_NAME = "generated-pages.json"
FORMAT = 2
"""Bumped when what the file holds changes."""
MAX_BYTES = 256 * 1024 * 1024
"""The largest file read back (the project's pages take a few megabytes)."""
MAX_HASHED = 4 * 1024 * 1024
"""The largest input file hashed by its bytes (a ruleset may hold 256 KiB, a text far less)."""
ENV_PREFIX = "VARIANTS_"
SKIPPED = ("__pycache__",)
"""Folders never hashed: what Python writes beside the code."""
PACKAGE = Path(__file__).resolve().parent.parent
"""The package's folder, its code and templates, hashed into every key."""


def files_digest(folders: Iterable[Path]) -> str:
    """A hash of every regular file below each folder (its path within the folder and its
    bytes), in a fixed order; Python's caches left out, and nothing else (a file with a dotted
    name may be read by the build like any other). A folder that does not exist counts as
    empty."""
    hashed = hashlib.sha256()
    for folder in folders:
        hashed.update(f"folder {folder}\n".encode())
        for path in sorted(_files(folder)):
            name = path.relative_to(folder).as_posix().encode()
            data = _contents(path)
            hashed.update(b"%d %s %d\n" % (len(name), name, len(data)))
            hashed.update(data)
    return hashed.hexdigest()


def _contents(path: Path) -> bytes:
    """What stands for a file in the key: its bytes; for a file larger than
    :data:`MAX_HASHED` (which no reader of the build takes whole), its size and the time it was
    changed; for one that cannot be read (or is not a regular file), a word saying so. Never
    waiting on a pipe planted at the name."""
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except (OSError, ValueError):
        return b"unreadable"
    with os.fdopen(handle, "rb") as data:
        try:
            found = os.fstat(handle)
            if not stat.S_ISREG(found.st_mode):
                return b"not a file"
            if found.st_size > MAX_HASHED:
                return b"large %d %d" % (found.st_size, found.st_mtime_ns)
            return data.read(MAX_HASHED + 1)
        except OSError:
            return b"unreadable"


def _files(folder: Path) -> Iterable[Path]:
    if not folder.is_dir():
        if folder.exists():
            yield folder
        return
    for root, folders, names in os.walk(folder):
        folders[:] = [f for f in folders if f not in SKIPPED]
        yield from (Path(root, name) for name in names)


def page_key(folders: Iterable[Path], settings: Mapping[str, Any]) -> str:
    """The key of the pages made by the package's code and templates from these folders' files
    and these settings."""
    identity = {
        "format": FORMAT,
        "code": files_digest([PACKAGE]),
        "files": files_digest(folders),
        "settings": settings,
        "environment": {k: v for k, v in sorted(os.environ.items()) if k.startswith(ENV_PREFIX)},
        "versions": {
            "python": platform.python_version(),
            "jinja2": metadata.version("jinja2"),
            "markupsafe": metadata.version("markupsafe"),
            "variants": __version__,
        },
    }
    text = json.dumps(identity, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def read_pages(folder: Path, key: str, names: Iterable[str]) -> dict[str, str] | None:
    """The pages kept under ``key`` in ``folder``, in the order of ``names``; None if there are
    none, or if the file cannot be read, or holds anything else: pages at other paths than
    ``names`` (one more, one fewer, or one elsewhere), or at a path that is not a plain
    relative one."""
    expected = list(names)
    record = read_kept_json(folder / FILE_NAME, MAX_BYTES)
    if not isinstance(record, dict) or record.get("key") != key:
        return None
    pages = record.get("pages")
    if not isinstance(pages, dict) or not all(
        isinstance(path, str) and is_page_name(path) and isinstance(page, str)
        for path, page in pages.items()
    ):
        return None
    if pages.keys() != set(expected):
        return None
    return {path: pages[path] for path in expected}


def write_pages(folder: Path, key: str, pages: Mapping[str, str]) -> None:
    """Keep ``pages`` under ``key`` in ``folder`` (made if need be), in place of any other."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except (OSError, ValueError) as error:
        why = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise WriteError(f"{folder}: cannot make the cache folder here: {why}") from None
    write_text(folder / FILE_NAME, json.dumps({"key": key, "pages": pages}))


def cached_pages(
    folder: Path, key: str, makers: Mapping[str, PageMaker]
) -> tuple[dict[str, str], bool]:
    """Each page of ``makers`` (made by calling its maker, by its path), as kept under ``key``
    or made now and kept for the next build; and whether they came from the cache."""
    found = read_pages(folder, key, makers)
    if found is not None:
        return found, True
    pages = {path: make() for path, make in makers.items()}
    write_pages(folder, key, pages)
    return pages, False
