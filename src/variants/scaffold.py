"""``variants new``: a new ruleset file to edit from, written from the template or a copy."""

from __future__ import annotations

import json
import os
import re
from importlib import resources
from pathlib import Path

from jinja2 import Environment, StrictUndefined

from .dealfile import MAX_ID, clip, is_ruleset_id, known_rulesets, unprintable
from .safewrite import WriteError, create_text

MAX_TITLE = 120
"""The longest title a ruleset may have (as the schema says)."""


class ScaffoldError(ValueError):
    """A new ruleset that cannot be written; the message says why in one line."""


ADVICE_BLOCK = re.compile(r"(?m)^  advice:\n(?:(?:    .*)?\n)*")
"""A ruleset's play advice: its source's own words, never copied into another ruleset."""


def new_ruleset_text(ruleset_id: str, title: str, folder: Path, like: str | None = None) -> str:
    """The text of ``<folder>/<ruleset_id>.yaml``: the template, or a copy of ``like``."""
    if len(ruleset_id) > MAX_ID:
        raise ScaffoldError(
            f"{clip(ruleset_id)!r} is not a valid id: it is {len(ruleset_id)} characters long; "
            f"an id has at most {MAX_ID}"
        )
    if not is_ruleset_id(ruleset_id):
        raise ScaffoldError(
            f"{ruleset_id!r} is not a valid id: use lower-case letters and digits, words joined "
            "by - or _ (for example hoyle-1907)"
        )
    _check_title(title)
    title_yaml = json.dumps(title, ensure_ascii=False)
    if like is not None:
        source = folder / f"{like}.yaml"
        if not is_ruleset_id(like) or not source.is_file():
            known = known_rulesets(folder)
            raise ScaffoldError(f"no ruleset {clip(like)!r} to start from (known: {known})")
        try:
            text = source.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise ScaffoldError(f"{source}: cannot read it: {error}") from None
        text, ids = re.subn(r"(?m)^id: .*$", lambda _: f"id: {ruleset_id}", text, count=1)
        text, titles = re.subn(r"(?m)^title: .*$", lambda _: f"title: {title_yaml}", text, count=1)
        if not ids or not titles:
            raise ScaffoldError(f"{source} has no top-level id: and title: lines to replace")
        text = ADVICE_BLOCK.sub("", text)
        note = (
            f"# Started from {like}.yaml: replace its source, re-cite every rule in your own\n"
            "# source, and change what your source does differently. Its play advice is left\n"
            "# out: if your source says what to lead, write that under rules.advice.\n"
        )
        lines = text.split("\n", 1)
        return lines[0] + "\n" + note + (lines[1] if len(lines) > 1 else "")
    template = (
        resources.files("variants")
        .joinpath("templates/new-ruleset.yaml")
        .read_text(encoding="utf-8")
    )
    environment = Environment(undefined=StrictUndefined, keep_trailing_newline=True)
    return environment.from_string(template).render(
        id=ruleset_id,
        title=title,
        title_yaml=title_yaml,
        path=f"rulesets/{ruleset_id}.yaml",
        source_file="NNN_source.txt",
    )


def _check_title(title: str) -> None:
    if not title.strip():
        raise ScaffoldError(
            "the title is empty: give the source's title, for example --title 'Hoyle, 1907'"
        )
    if len(title) > MAX_TITLE:
        raise ScaffoldError(
            f"the title is {len(title)} characters long; a title has at most {MAX_TITLE}"
        )
    bad = unprintable(title)
    if bad is not None:
        raise ScaffoldError(f"the title must be one line of printable text: it holds {bad}")


def write_new_ruleset(ruleset_id: str, title: str, folder: Path, like: str | None = None) -> Path:
    """Write the new file; refuse to overwrite one that exists."""
    target = folder / f"{ruleset_id}.yaml"
    text = new_ruleset_text(ruleset_id, title, folder, like)
    if os.path.lexists(target):
        raise ScaffoldError(f"{target} exists already: choose another id or edit that file")
    if not os.path.isdir(folder):
        raise ScaffoldError(f"no folder {folder}: run this from the project's root")
    try:
        create_text(target, text)
    except WriteError as error:
        raise ScaffoldError(str(error)) from None
    return target
