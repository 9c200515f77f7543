"""``variants new``: a new ruleset file to edit from, written from the template or a copy."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

from jinja2 import Environment, StrictUndefined

SLUG = re.compile(r"^[a-z0-9]+(?:[-_][a-z0-9]+)*$")


class ScaffoldError(ValueError):
    """A new ruleset that cannot be written; the message says why in one line."""


def new_ruleset_text(ruleset_id: str, title: str, folder: Path, like: str | None = None) -> str:
    """The text of ``<folder>/<ruleset_id>.yaml``: the template, or a copy of ``like``."""
    if not SLUG.match(ruleset_id):
        raise ScaffoldError(
            f"{ruleset_id!r} is not a valid id: use lower-case letters and digits, words joined "
            "by - or _ (for example hoyle-1907)"
        )
    title_yaml = json.dumps(title, ensure_ascii=False)
    if like is not None:
        source = folder / f"{like}.yaml"
        if not source.is_file():
            known = ", ".join(sorted(p.stem for p in folder.glob("*.yaml"))) or "none"
            raise ScaffoldError(f"no ruleset {like!r} to start from (known: {known})")
        text = source.read_text(encoding="utf-8")
        text, ids = re.subn(r"(?m)^id: .*$", f"id: {ruleset_id}", text, count=1)
        text, titles = re.subn(r"(?m)^title: .*$", f"title: {title_yaml}", text, count=1)
        if not ids or not titles:
            raise ScaffoldError(f"{source} has no top-level id: and title: lines to replace")
        note = (
            f"# Started from {like}.yaml: replace its source, re-cite every rule in your own\n"
            "# source, and change what your source does differently.\n"
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


def write_new_ruleset(ruleset_id: str, title: str, folder: Path, like: str | None = None) -> Path:
    """Write the new file; refuse to overwrite one that exists."""
    target = folder / f"{ruleset_id}.yaml"
    text = new_ruleset_text(ruleset_id, title, folder, like)
    if target.exists():
        raise ScaffoldError(f"{target} exists already: choose another id or edit that file")
    if not folder.is_dir():
        raise ScaffoldError(f"no folder {folder}: run this from the project's root")
    with target.open("x", encoding="utf-8") as out:
        out.write(text)
    return target
