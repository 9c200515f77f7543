"""The sources folder's bibliography, ``sources.yaml``: one entry per text a ruleset may cite.

The repository keeps the public-domain texts in its ``sources/`` folder, beside this file, so that
the site can show them whole; the modern pages are cited by their lines but never reproduced,
and their texts are not kept there. The file is read like a ruleset: bounded, safe YAML, checked
against its schema (``schema/sources.schema.json``), every problem told at its line.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal, assert_never

from ..core.saferead import ReadError, read_text_lines
from .yamlsource import Problem, ProblemsError, YamlDocument, read_yaml

BIBLIOGRAPHY = "sources.yaml"
"""The bibliography's file name, in the sources folder."""

SourceKind = Literal["public-domain", "modern-page"]


@dataclass(frozen=True)
class NotText:
    """Lines of a source file that are not the book's text: what the copy added around it."""

    first: int
    last: int
    what: str
    """What they are: ``the web page's header and menu``."""

    @property
    def lines(self) -> str:
        """``2``, ``1-2``."""
        return str(self.first) if self.first == self.last else f"{self.first}-{self.last}"

    def overlaps(self, first: int, last: int) -> bool:
        return first <= self.last and self.first <= last


def _not_text(raw: dict[str, Any]) -> NotText:
    first, _, last = raw["lines"].partition("-")
    return NotText(int(first), int(last or first), raw["what"])


@dataclass(frozen=True)
class Entry:
    """One source text: what it is, where it was found, and whether the site reproduces it."""

    file: str
    slug: str
    name: str
    """Readable: ``Peel, Round Games with Cards (1891)``."""
    cite: str
    """As a citation names it, before its lines: ``Peel (1891)``."""
    author: str
    title: str
    edition: str
    year: int
    part: str
    found: str
    addresses: tuple[str, ...]
    kind: SourceKind
    not_text: tuple[NotText, ...] = ()
    """The file's lines that are not the book's text: never cited, never a use of a term."""

    def outside_text(self, first: int, last: int) -> NotText | None:
        """The first marked range of lines that are not the book's text among lines ``first``
        to ``last``, or None: they are all the book's."""
        return next((marked for marked in self.not_text if marked.overlaps(first, last)), None)

    @property
    def reproduced(self) -> bool:
        """Whether the text is kept in the repository and shown whole on the site."""
        kind = self.kind
        match kind:
            case "public-domain":
                return True
            case "modern-page":
                return False
            case _:
                assert_never(kind)


@dataclass(frozen=True)
class Bibliography:
    folder: Path
    entries: tuple[Entry, ...]

    def entry(self, file: str) -> Entry | None:
        for entry in self.entries:
            if entry.file == file:
                return entry
        return None

    @property
    def cited_only(self) -> frozenset[str]:
        """The files the bibliography lists but does not keep: the modern pages."""
        return frozenset(e.file for e in self.entries if not e.reproduced)

    @property
    def not_text(self) -> dict[str, tuple[NotText, ...]]:
        """For each file with some, its lines that are not the book's text."""
        return {e.file: e.not_text for e in self.entries if e.not_text}


@cache
def bibliography_schema() -> dict[str, Any]:
    text = resources.files("variants").joinpath("rules/schema/sources.schema.json")
    schema: dict[str, Any] = json.loads(text.read_text("utf-8"))
    return schema


def has_bibliography(folder: Path) -> bool:
    """Whether anything stands at the bibliography's name in ``folder``: a link, a pipe or a
    folder there is refused when it is read, not taken for no bibliography."""
    return os.path.lexists(folder / BIBLIOGRAPHY)


def read_bibliography(folder: Path) -> Bibliography:
    """The bibliography of ``folder``; raise :class:`ProblemsError` with every problem, each at
    its line: the schema, a file or a page address listed twice, a public-domain text missing
    from the folder, a modern page's text kept in it."""
    document = read_yaml(folder / BIBLIOGRAPHY)
    problems = list(_problems(document, folder))
    if problems:
        raise ProblemsError(problems)
    return Bibliography(folder, tuple(_entry(raw) for raw in document.data["sources"]))


def _problems(document: YamlDocument, folder: Path) -> list[Problem]:
    from .schemacheck import StrictValidator, schema_problem  # jsonschema: only when checking

    errors = list(StrictValidator(bibliography_schema()).iter_errors(document.data))
    if errors:
        return [schema_problem(document, error, ()) for error in errors]
    problems: list[Problem] = []
    seen: dict[tuple[str, str], int] = {}
    for index, raw in enumerate(document.data["sources"]):
        for key in ("file", "slug"):
            earlier = seen.setdefault((key, raw[key]), index)
            if earlier != index:
                problems.append(
                    document.problem(
                        ("sources", index, key),
                        f"the {key} {raw[key]!r} is also that of source {earlier + 1}",
                    )
                )
        held = os.path.lexists(folder / raw["file"])
        if raw["kind"] == "public-domain" and not held:
            problems.append(
                document.problem(
                    ("sources", index, "file"),
                    f"no file {raw['file']!r} beside the bibliography: a public-domain text is "
                    "kept in the sources folder",
                )
            )
        elif raw["kind"] == "public-domain":
            try:
                count = len(read_text_lines(folder / raw["file"]))
            except ReadError as error:
                problems.append(
                    document.problem(
                        ("sources", index, "file"), f"{Path(error.path).name}: {error.reason}"
                    )
                )
            else:
                problems.extend(_not_text_problems(document, index, raw, count))
        elif raw["kind"] == "modern-page" and held:
            problems.append(
                document.problem(
                    ("sources", index, "kind"),
                    f"{raw['file']} is a modern page: cite it, do not keep its text in the "
                    "sources folder",
                )
            )
    return problems


def _not_text_problems(
    document: YamlDocument, index: int, raw: dict[str, Any], count: int
) -> list[Problem]:
    """Each range of lines marked not the book's text runs forwards, within the file."""
    problems: list[Problem] = []
    for at, item in enumerate(raw.get("not_text", ())):
        marked = _not_text(item)
        where = ("sources", index, "not_text", at, "lines")
        if marked.last < marked.first:
            problems.append(document.problem(where, f"the range {item['lines']} runs backwards"))
        elif marked.last > count:
            problems.append(document.problem(where, f"{raw['file']} has only {count} lines"))
    return problems


def _entry(raw: dict[str, Any]) -> Entry:
    return Entry(
        file=raw["file"],
        slug=raw["slug"],
        name=raw["name"],
        cite=raw["cite"],
        author=raw["author"],
        title=raw["title"],
        edition=raw["edition"],
        year=raw["year"],
        part=raw["part"],
        found=raw["found"],
        addresses=tuple(raw["addresses"]),
        kind=raw["kind"],
        not_text=tuple(_not_text(item) for item in raw.get("not_text", ())),
    )
