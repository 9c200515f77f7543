"""The sources' own worked examples: the catalogue, and the site's page that lists them.

The catalogue is ``examples.yaml`` in the repository's sources folder, beside the bibliography:
each example a text gives of its rules (``for example``, ``suppose``, a table of figures), the
ruleset it is played under, its locator, what the text says happens, and how the project checks
that the engine does it (``tests/test_source_examples.py`` runs every entry). The file is read
as untrusted input, through the project's YAML reader and within the bounds below; the page
shows its text escaped by the autoescaped template.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, Literal, assert_never

from mkdocs.exceptions import PluginError

from ..core.citations import Citation
from ..core.saferead import read_text_lines
from ..rules.yamlsource import Problem, ProblemsError, read_yaml
from .exampledeals import examples_for
from .pages import PageMaker, PageSet, SiteData, add_page_set, short_name
from .render import render, with_meta

CATALOGUE = "examples.yaml"
"""The catalogue's file name in the sources folder."""
PAGE = "source-examples.md"
TITLE = "The sources' own examples"
MAX_EXAMPLES = 500
MAX_WORDS = 2000
"""The longest ``says`` or ``differs`` text, in characters."""
MAX_QUOTE = 80
MAX_LINES = 60
"""The most lines one example may cite (its passage is shown whole)."""

Check = Literal["deal", "plan", "rules"]
CHECKS: tuple[Check, ...] = ("deal", "plan", "rules")
ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
SOURCE = re.compile(r"[0-9]{3}_[A-Za-z0-9_.-]{1,120}\.txt")
LINES = re.compile(r"([1-9][0-9]{0,5})(?:-([1-9][0-9]{0,5}))?")
DEAL = re.compile(r"(?:examples|tests/deals)/[a-z0-9][a-z0-9-]{0,80}\.yaml")
KEYS = {"id", "title", "ruleset", "source", "lines", "quote", "says", "check", "deal", "differs"}


@dataclass(frozen=True)
class SourceExample:
    """One worked example of a source text."""

    id: str
    title: str
    """What the example shows, as a heading says it."""
    ruleset: str
    citation: Citation
    says: str
    """What the text says happens, in the project's words."""
    check: Check
    deal: str | None
    """The deal file that shows it, as ``examples/<name>.yaml`` or ``tests/deals/<name>.yaml``."""
    differs: str | None
    """Why the engine does not do what the text says, where it does not."""

    @property
    def shown(self) -> bool:
        """Whether the deal is one of the site's example deals, with a replay page."""
        return self.deal is not None and self.deal.startswith("examples/")


def read_catalogue(folder: Path) -> tuple[SourceExample, ...]:
    """The catalogue in ``folder``; none where there is no such file. Raises
    :class:`ProblemsError` for anything outside its shape or bounds."""
    path = folder / CATALOGUE
    if not os.path.lexists(path):  # a link or a pipe there is refused on reading, not passed over
        return ()
    document = read_yaml(path)
    problems: list[Problem] = []
    data = document.data
    items = data.get("examples") if isinstance(data, dict) else None
    if not isinstance(items, list) or not 1 <= len(items) <= MAX_EXAMPLES:
        where = ("examples",) if isinstance(data, dict) and "examples" in data else ()
        message = f"the catalogue needs a list 'examples' of 1 to {MAX_EXAMPLES} entries"
        raise ProblemsError([document.problem(where, message)])
    found: list[SourceExample] = []
    seen: set[str] = set()
    for index, item in enumerate(items):
        example = _entry(item, ("examples", index), document.problem, problems)
        if example is None:
            continue
        if example.id in seen:
            problems.append(document.problem(("examples", index, "id"), "a second entry with id"))
        seen.add(example.id)
        found.append(example)
    if problems:
        raise ProblemsError(problems)
    return tuple(found)


def _entry(
    item: object, at: tuple[str | int, ...], problem: Any, problems: list[Problem]
) -> SourceExample | None:
    if not isinstance(item, dict):
        problems.append(problem(at, "an entry must be a mapping"))
        return None
    for key in item:
        if key not in KEYS:
            problems.append(problem((*at, key), f"unknown key {str(key)[:40]!r}", True))
    before = len(problems)

    def text(key: str, pattern: re.Pattern[str] | None, limit: int, needed: bool = True) -> str:
        value = item.get(key)
        if value is None and not needed:
            return ""
        if not isinstance(value, str) or not 0 < len(value) <= limit:
            problems.append(problem((*at, key), f"{key}: text of 1 to {limit} characters"))
            return ""
        if pattern is not None and pattern.fullmatch(value) is None:
            problems.append(problem((*at, key), f"{key}: not of the expected form"))
        return value

    id_ = text("id", ID, 80)
    title = text("title", None, 120)
    ruleset = text("ruleset", ID, 80)
    source = text("source", SOURCE, 140)
    lines = text("lines", LINES, 13)
    quote = text("quote", None, MAX_QUOTE)
    says = text("says", None, MAX_WORDS)
    check = text("check", None, 10)
    deal = text("deal", DEAL, 120, needed=False)
    differs = text("differs", None, MAX_WORDS, needed=False)
    matched = LINES.fullmatch(lines)
    first = int(matched.group(1)) if matched else 1
    last = int(matched.group(2) or first) if matched else 1
    if matched and not first <= last < first + MAX_LINES:
        problems.append(problem((*at, "lines"), f"lines: a range of at most {MAX_LINES} lines"))
    kind = next((c for c in CHECKS if c == check), None)
    if check and kind is None:
        problems.append(problem((*at, "check"), f"check: one of {', '.join(CHECKS)}"))
    if kind == "deal" and not deal:
        problems.append(problem(at, "a deal check names its deal file ('deal')"))
    if len(problems) > before or kind is None:
        return None
    return SourceExample(
        id_,
        title,
        ruleset,
        Citation(source, first, last, quote),
        says,
        kind,
        deal or None,
        differs or None,
    )


def check_words(check: Check) -> str:
    """How an example is checked, in a reader's words."""
    match check:
        case "deal":
            return "A deal is played that shows it, and the test reads the engine's record of it."
        case "plan":
            return "Checked against how the engine deals the cards for each number of players."
        case "rules":
            return "Checked against the rules as the engine reads them."
        case _:
            assert_never(check)


@dataclass(frozen=True)
class ShownExample:
    example: SourceExample
    ruleset_name: str
    passage: tuple[tuple[int, str], ...]
    """The cited lines, numbered, from the repository's own copy; empty for a text it does not
    keep."""
    replay: str | None
    """The deal's replay page, where the deal is one of the site's examples."""


def _shown(site: SiteData, example: SourceExample) -> ShownExample:
    """The example as the page shows it, under one of the site's rulesets; a
    :class:`PluginError` naming the entry where it points at nothing the site has: no such
    source, lines or deal."""

    def wrong(what: str) -> PluginError:
        return PluginError(f"variants: {CATALOGUE}: the example {example.id!r}: {what}")

    rulesets = {r.id: r for r in site.rulesets}
    ruleset = rulesets[example.ruleset]
    bibliography = site.bibliography
    entry = bibliography.entry(example.citation.source) if bibliography else None
    if bibliography is None or entry is None:
        raise wrong(f"{example.citation.source} is not in the bibliography")
    passage: tuple[tuple[int, str], ...] = ()
    c = example.citation
    if entry.reproduced:
        lines = read_text_lines(bibliography.folder / entry.file)
        if c.last_line > len(lines):
            raise wrong(f"{entry.file} has only {len(lines)} lines, not {c.last_line}")
        passage = tuple((n, lines[n - 1]) for n in range(c.first_line, c.last_line + 1))
    replay = None
    if example.deal is not None:
        if not os.path.lexists(bibliography.folder.parent / example.deal):
            raise wrong(f"no deal file {example.deal}")
        if example.shown:
            replay = next((e.page for e in examples_for(ruleset) if e.file == example.deal), None)
            if replay is None:
                raise wrong(f"{example.deal} is not a deal of {example.ruleset}'s examples")
    return ShownExample(example, short_name(ruleset), passage, replay)


def catalogue(site: SiteData) -> tuple[SourceExample, ...]:
    """The site's catalogue: the one beside its bibliography, if any."""
    if site.bibliography is None:
        return ()
    try:
        return read_catalogue(site.bibliography.folder)
    except ProblemsError as error:
        lines = "\n".join(f"variants: {problem}" for problem in error.problems)
        raise PluginError(lines) from None


def source_examples_page(site: SiteData) -> str:
    link = site.linker(PAGE)
    built = {r.id for r in site.rulesets}
    # a site built with some of the rulesets (a fork's, a test's) shows their examples alone
    shown = [_shown(site, e) for e in catalogue(site) if e.ruleset in built]
    text = render(
        "source_examples.md.j2",
        shown=shown,
        link=link,
        check_words=check_words,
    )
    return with_meta(
        text,
        TITLE,
        "Every worked example the historical texts give of their own rules, with its passage, "
        "what it shows, and the deal in which the engine plays it.",
    )


def _nav(site: SiteData) -> Sequence[dict[str, Any]]:
    return [{TITLE: PAGE}] if catalogue(site) else []


def _pages(site: SiteData) -> Mapping[str, PageMaker]:
    return {PAGE: partial(source_examples_page, site)} if catalogue(site) else {}


add_page_set(PageSet("examples", _nav, _pages))
