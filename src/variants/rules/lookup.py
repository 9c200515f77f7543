"""A ruleset found by its id: the file ``<id>.yaml`` in the rulesets folder.

An id names a file there and never a path, so it is a slug of limited length; a name that is
not one, or a file that is not there, is refused with a message listing the ids known.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from ..core.settings import rulesets_dir
from ..mechanics.ruleset import Ruleset
from .loader import load_ruleset
from .yamlsource import ProblemsError

SLUG = re.compile(r"[a-z0-9]+(?:[-_][a-z0-9]+)*")
"""A ruleset id, matched whole (``fullmatch``: a ``$`` would let a final newline through)."""
MAX_ID = 64
"""The longest ruleset id: the name of a file in the rulesets folder."""


def is_ruleset_id(text: str) -> bool:
    """Whether ``text`` can name a ruleset file in the rulesets folder: a slug, not too long."""
    return len(text) <= MAX_ID and SLUG.fullmatch(text) is not None


def known_rulesets(folder: Path) -> str:
    """The ids of the rulesets in ``folder``, for a message."""
    try:
        known = sorted(p.stem for p in folder.glob("*.yaml")) if folder.is_dir() else []
    except OSError:
        known = []
    return ", ".join(known) or "none"


def find_ruleset(
    ruleset_id: str, folder: Path | None = None, every_option: bool = False
) -> Ruleset:
    """Load ``<folder>/<id>.yaml``; raise ``ValueError`` when it is missing or invalid.

    Only an id names a file here, never a path. Option values are not tried one by one unless
    ``every_option`` (then every value and combination is, as ``variants validate`` does): the
    caller checks the combination it plays."""
    base = folder or rulesets_dir()
    path = base / f"{ruleset_id}.yaml"
    if not is_ruleset_id(ruleset_id) or not _present(path):
        raise ValueError(f"no ruleset {clip(ruleset_id)!r} (known: {known_rulesets(base)})")
    try:
        return load_ruleset(path, combinations=every_option, each_option=every_option, kept=True)
    except ProblemsError as error:
        raise ValueError(f"ruleset {ruleset_id!r} is invalid: {error.problems[0]}") from None


def _present(path: Path) -> bool:
    """Whether anything stands at ``path``: a link or a pipe is there to be refused on reading
    (in the words of :mod:`variants.core.saferead`), not told as missing."""
    try:
        return os.path.lexists(path)
    except (OSError, ValueError):
        return False


def clip(text: str, limit: int = 40) -> str:
    """``text`` cut to ``limit`` characters, with an ellipsis, for quoting it in a message."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
