"""Another ruleset's play advice, for the policy ``advice:<ruleset id>``.

The engine cannot read rulesets, so it is handed the advice: :func:`advice_beside` looks the
ruleset up in the folder of the ruleset being played, loads it once, and gives its advice.

The loader is imported only when a ruleset is looked up, so that this module, and the
simulator that imports it, can be imported where there is no loader (in a browser, which is
handed the advice of rulesets saved as JSON).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path

from ..mechanics.ruleset import Advice

MAX_ID = 64
"""The longest id looked up (ruleset ids are shorter)."""


def _advice_in(path: Path) -> Advice | None:
    """The advice of the ruleset at ``path``, loaded once for each version of the file (its
    size and the time it was changed), so that a long-lived process (``mkdocs serve``) sees an
    edit."""
    found = path.stat()
    return _advice_of_version(path, found.st_size, found.st_mtime_ns)


@cache
def _advice_of_version(path: Path, size: int, changed: int) -> Advice | None:
    from .loader import load_ruleset

    return load_ruleset(path, each_option=False).rules.advice


def advice_beside(ruleset_path: str) -> Callable[[str], Advice]:
    """What looks up ``<id>.yaml`` beside ``ruleset_path`` and gives its advice, raising
    :class:`ValueError` with a one-line message when there is none to follow."""
    folder = Path(ruleset_path).parent

    def advice_of(ruleset_id: str) -> Advice:
        path = folder / f"{ruleset_id}.yaml"
        named = len(ruleset_id) <= MAX_ID and Path(ruleset_id).name == ruleset_id
        if not named or ruleset_id.startswith(".") or not path.is_file():
            shown = ruleset_id[:MAX_ID].encode("unicode_escape").decode("ascii")
            raise ValueError(f"no ruleset {shown!r} to take advice from")
        from .yamlsource import ProblemsError

        try:
            advice = _advice_in(path)
        except ProblemsError as error:
            raise ValueError(f"advice:{ruleset_id}: {error.problems[0]}") from None
        except OSError as error:
            raise ValueError(f"advice:{ruleset_id}: cannot read {path}: {error.strerror}") from None
        if advice is None:
            raise ValueError(f"ruleset {ruleset_id!r} gives no play advice to follow")
        return advice

    return advice_of
