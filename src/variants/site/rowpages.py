"""Each rule across every source: a collation page per row of the comparison, and the
dependence between the texts that the collations show.

Listed in ``mkdocs.yml`` under ``extra.variants.section_modules``; importing it registers:

- ``rule/index.md``, the rows, each with how many texts give it and which share wording;
- ``rule/<dimension>.md`` (:func:`row_page`), one per row of the comparison: every text's
  passage for that rule (the lines its rulesets cite), set side by side, texts that share
  wording together, the words that differ marked (:mod:`variants.site.collation`), and the
  reading each ruleset takes;
- ``rule/dependence.md``: which texts share wording with which, how much and in which rows,
  drawn as a diagram and listed as a table.

A text is a copy kept in the sources folder; several copies of one book (a part copy and the
complete one) are one *book* for the dependence, which measures books against each other. The
modern pages are cited, never reproduced: their passages show their citation only. Every word
of a text reaches the page escaped by the autoescaped templates.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from markupsafe import Markup, escape

from ..core.citations import Citation, Provenance
from ..core.saferead import read_text_lines
from ..mechanics.ruleset import Ruleset
from ..rules.bibliography import Entry
from . import compare as cmp
from .collation import (
    LEAST_RUN,
    Diff,
    Overlap,
    Token,
    differences,
    shared,
    shared_words,
    tokens,
)
from .describe import rules_by_anchor
from .pages import PageMaker, PageSet, SiteData, add_page_set, row_pages_from, short_name
from .render import render, with_meta
from .sourcepages import GAP_LINE, citations_of

__all__ = [
    "DEPENDENCE",
    "INDEX",
    "RowCollation",
    "Witness",
    "collate_row",
    "dependence",
    "row_citations",
    "row_page",
]

FOLDER = "rule"
INDEX = f"{FOLDER}/index.md"
DEPENDENCE = f"{FOLDER}/dependence.md"
SHOWN_LINES = 6
"""A passage longer than this many lines is folded, its first lines shown."""
LINKED_SHARE = 0.15
LINKED_WORDS = 8
"""Two passages of a row sit together when at least ``LINKED_SHARE`` of the words of one of
them, and ``LINKED_WORDS`` words or more, are in runs the other has
(:data:`~variants.site.collation.LEAST_RUN` words or more): a single common phrase in a short
passage does not make two texts kin."""
MAX_LINES = 200
"""The most lines of one text a row's citations may take in (a wider span is shown as its
citation only)."""

_ROW_ANCHOR_PREFIX = {"stops": "rule-stop-", "payments": "rule-payment-"}
"""Rows whose cells link to the play as a whole (``#play``): the rules of the play that give
them, by the start of their anchors (the others: ``rule-<row id>``)."""


@row_pages_from
def row_page(dimension_id: str) -> str:
    """The page that collates one row of the comparison, by its dimension's id.

    >>> row_page("chief-card")
    'rule/chief-card.md'
    """
    return f"{FOLDER}/{dimension_id}.md"


def row_citations(dimension: cmp.Dimension, ruleset: Ruleset) -> Provenance:
    """The lines a ruleset cites for one row: the row's own citations, else those of the rule
    its cell links to, else (for a cell linking to the play or the options as a whole) those of
    the rules that give the row."""
    rules = ruleset.rules
    own = dimension.cited(rules)
    if own:
        return own
    by_anchor = rules_by_anchor(rules)
    rule = by_anchor.get(dimension.anchor(rules))
    if rule is not None:
        return rule.provenance
    if dimension.id == "options":
        return tuple(c for option in ruleset.options for c in option.provenance)
    start = _ROW_ANCHOR_PREFIX.get(dimension.id, f"rule-{dimension.id}")
    return tuple(
        c for anchor, rule in by_anchor.items() if anchor.startswith(start) for c in rule.provenance
    )


# --------------------------------------------------------------------------------------------
# A row's passages


@dataclass(frozen=True)
class Reader:
    """A ruleset that reads a text for a row: its cell and its citations of that text."""

    cell: cmp.Cell
    citations: tuple[Citation, ...]


@dataclass(frozen=True)
class Witness:
    """One text's passage for a row: the lines its rulesets cite, merged, and the rulesets."""

    file: str
    entry: Entry | None
    spans: tuple[tuple[int, int], ...]
    """The cited lines, as ranges in the order of the text, overlapping ones merged."""
    lines: tuple[tuple[int, str], ...]
    """The lines of those ranges, numbered (none for a text not reproduced)."""
    readers: tuple[Reader, ...]

    @property
    def id(self) -> str:
        """An id for the passage on its page."""
        return "text-" + (self.entry.slug if self.entry is not None else self.file[:3])

    @property
    def year(self) -> int:
        return self.entry.year if self.entry is not None else 9999

    @property
    def shown(self) -> bool:
        """Whether its words are shown (a public-domain text kept in the sources folder)."""
        return bool(self.lines)

    @property
    def book(self) -> str:
        """Which book the copy is of: copies of one book share it."""
        return book_of(self.entry) if self.entry is not None else self.file

    def tokens(self) -> tuple[Token, ...]:
        return tokens(line for line in self.lines if not GAP_LINE.match(line[1].strip()))

    def runs(self) -> list[list[tuple[int, str]]]:
        """Its lines in runs of consecutive lines (a break between two cited ranges)."""
        found: list[list[tuple[int, str]]] = []
        for number, text in self.lines:
            if found and found[-1][-1][0] == number - 1:
                found[-1].append((number, text))
            else:
                found.append([(number, text)])
        return found


def book_of(entry: Entry) -> str:
    """The book a copy is of: its title, and its author unless that is unnamed, since one
    book's copies may name its publisher differently."""
    return " ".join(entry.title.split()).casefold()


def _merged(spans: Sequence[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """Line ranges in order, overlapping or touching ones merged.

    >>> _merged([(5, 7), (1, 2), (3, 3), (9, 9), (6, 8)])
    ((1, 3), (5, 9))
    """
    found: list[tuple[int, int]] = []
    for first, last in sorted(spans):
        if found and first <= found[-1][1] + 1:
            found[-1] = (found[-1][0], max(found[-1][1], last))
        else:
            found.append((first, last))
    return tuple(found)


def _witnesses(site: SiteData, row: cmp.Row) -> tuple[list[Witness], list[cmp.Cell]]:
    """The row's passages, one per text, in the order of the texts' dates; and the cells of
    the rulesets that cite no lines for it."""
    cited: dict[str, list[Reader]] = {}
    uncited: list[cmp.Cell] = []
    for cell in row.cells:
        by_file: dict[str, list[Citation]] = {}
        for citation in row_citations(row.dimension, cell.ruleset):
            by_file.setdefault(citation.source, []).append(citation)
        if not by_file:
            uncited.append(cell)
        for file, citations in by_file.items():
            cited.setdefault(file, []).append(Reader(cell, tuple(citations)))
    found: list[Witness] = []
    for file, readers in cited.items():
        entry = site.bibliography.entry(file) if site.bibliography is not None else None
        spans = _merged([(c.first_line, c.last_line) for r in readers for c in r.citations])
        found.append(Witness(file, entry, spans, _lines(site, entry, spans), tuple(readers)))
    found.sort(key=lambda w: (w.year, w.file))
    return found, uncited


def _lines(
    site: SiteData, entry: Entry | None, spans: Sequence[tuple[int, int]]
) -> tuple[tuple[int, str], ...]:
    if entry is None or not entry.reproduced or site.bibliography is None:
        return ()
    if sum(last - first + 1 for first, last in spans) > MAX_LINES:
        return ()
    text = read_text_lines(site.bibliography.folder / entry.file)
    return tuple(
        (number, text[number - 1])
        for first, last in spans
        for number in range(first, last + 1)
        if 1 <= number <= len(text)
    )


@dataclass(frozen=True)
class Collated:
    """A passage as the row page shows it: compared with the passage of its group it shares
    most with among those before it (none for the first of a group)."""

    witness: Witness
    compared_with: Witness | None = None
    diff: Diff | None = None
    overlap: Overlap | None = None

    def marked_lines(self) -> list[list[tuple[int, Markup]]]:
        """Its lines (in runs of consecutive lines), each as escaped HTML: the words aligned
        with the passage it is compared with in ``<mark>``, its variant readings in ``<ins>``
        and that passage's words it lacks there in ``<del>``."""
        words = self.witness.tokens()
        diff = self.diff
        by_line: dict[int, list[tuple[str, str]]] = {}
        for place, token in enumerate(words):
            parts = by_line.setdefault(token.line, [])
            if diff is not None and place in diff.dropped:
                parts.append(("del", " ".join(diff.dropped[place])))
            kind = ""
            if diff is not None and place in diff.same:
                kind = "mark"
            elif diff is not None and place in diff.changed:
                kind = "ins"
            parts.append((kind, token.text))
        return [
            [
                (number, _joined(by_line[number]) if number in by_line else escape(text))
                for number, text in run
            ]
            for run in self.witness.runs()
        ]

    @property
    def folded(self) -> bool:
        return len(self.witness.lines) > SHOWN_LINES


def _joined(parts: Sequence[tuple[str, str]]) -> Markup:
    """A line's words, escaped, each stretch of one kind in one element of that kind.

    >>> print(_joined([("mark", "the"), ("mark", "<dealer>"), ("del", "dresses"), ("ins", "must")]))
    <mark>the &lt;dealer&gt;</mark> <del>dresses</del> <ins>must</ins>
    """
    out: list[str] = []
    for kind, group in itertools.groupby(parts, key=lambda part: part[0]):
        text = str(escape(" ".join(word for _, word in group)))
        out.append(f"<{kind}>{text}</{kind}>" if kind else text)
    return Markup(" ".join(out))


@dataclass(frozen=True)
class Pair:
    """Two passages (or two books) that share wording, and how much."""

    first: Witness
    second: Witness
    overlap: Overlap


@dataclass(frozen=True)
class RowCollation:
    """One row of the comparison, collated."""

    row: cmp.Row
    groups: tuple[tuple[Collated, ...], ...]
    """The passages shown, texts that share wording together, each group in date order."""
    cited_only: tuple[Witness, ...]
    """The passages of texts not reproduced (or too long to show): their citations only."""
    uncited: tuple[cmp.Cell, ...]
    """The cells of the rulesets that cite no lines for this row."""
    pairs: tuple[Pair, ...]
    """Every two passages of different books that share wording."""

    @property
    def dimension(self) -> cmp.Dimension:
        return self.row.dimension

    @property
    def witnesses(self) -> tuple[Witness, ...]:
        return tuple(c.witness for g in self.groups for c in g) + self.cited_only


def collate_row(site: SiteData, row: cmp.Row) -> RowCollation:
    """The row's passages, grouped by shared wording, each compared with the one before it it
    shares most with."""
    witnesses, uncited = _witnesses(site, row)
    shown = [w for w in witnesses if w.shown]
    words = {w.file: w.tokens() for w in shown}
    overlaps: dict[tuple[str, str], Overlap] = {}
    for a, b in itertools.combinations(shown, 2):
        overlaps[(a.file, b.file)] = overlaps[(b.file, a.file)] = shared_words(
            words[a.file], words[b.file]
        )
    linked = {
        key
        for key, o in overlaps.items()
        if o.share >= LINKED_SHARE and max(o.first, o.second) >= LINKED_WORDS
    }
    groups = _components([w.file for w in shown], linked)
    by_file = {w.file: w for w in shown}
    collated: list[tuple[Collated, ...]] = []
    for group in groups:
        members = [by_file[f] for f in group]
        out = [Collated(members[0])]
        for i, witness in enumerate(members[1:], start=1):
            best = max(members[:i], key=lambda w: overlaps[(witness.file, w.file)].first)
            out.append(
                Collated(
                    witness,
                    best,
                    differences(words[witness.file], words[best.file]),
                    overlaps[(witness.file, best.file)],
                )
            )
        collated.append(tuple(out))
    pairs = tuple(
        Pair(a, b, overlaps[(a.file, b.file)])
        for a, b in itertools.combinations(shown, 2)
        if a.book != b.book and overlaps[(a.file, b.file)].runs
    )
    return RowCollation(
        row,
        tuple(collated),
        tuple(w for w in witnesses if not w.shown),
        tuple(uncited),
        pairs,
    )


def _components(items: Sequence[str], linked: set[tuple[str, str]]) -> list[list[str]]:
    """The items in groups joined by links, each group in the items' order, groups in the
    order of their first items.

    >>> _components(["a", "b", "c", "d"], {("a", "c"), ("c", "a")})
    [['a', 'c'], ['b'], ['d']]
    """
    group = {item: i for i, item in enumerate(items)}
    for a, b in sorted(linked):
        if a in group and b in group and group[a] != group[b]:
            old, new = max(group[a], group[b]), min(group[a], group[b])
            for item, g in group.items():
                if g == old:
                    group[item] = new
    found: dict[int, list[str]] = {}
    for item in items:
        found.setdefault(group[item], []).append(item)
    return list(found.values())


def collations(site: SiteData) -> tuple[RowCollation, ...]:
    return tuple(collate_row(site, row) for row in cmp.matrix(site.rulesets))


# --------------------------------------------------------------------------------------------
# Dependence between books


@dataclass(frozen=True)
class Book:
    """The copies of one book the rulesets cite, as one text."""

    key: str
    entries: tuple[Entry, ...]
    """Its copies, the most complete first."""
    words: tuple[tuple[str, ...], ...]
    """Its words, copy by copy, each word once: a later copy's words already in an earlier one
    (in runs of :data:`~variants.site.collation.LEAST_RUN` or more) left out."""

    @property
    def entry(self) -> Entry:
        return self.entries[0]

    @property
    def year(self) -> int:
        return min(e.year for e in self.entries)

    @property
    def count(self) -> int:
        return sum(len(w) for w in self.words)

    @property
    def id(self) -> str:
        return "book-" + self.entry.slug


@dataclass(frozen=True)
class Dependence:
    """Two books that share wording: over their whole texts, and in which rows."""

    first: Book
    second: Book
    first_shared: int
    """Words of the first book in runs the second also has."""
    second_shared: int
    runs: int
    rows: tuple[tuple[cmp.Dimension, int], ...]
    """The rows where their passages share wording, with the words shared there."""

    @property
    def share(self) -> float:
        """The larger of the two books' shares of their words in common runs."""
        return max(
            self.first_shared / max(self.first.count, 1),
            self.second_shared / max(self.second.count, 1),
        )

    @property
    def row_words(self) -> int:
        return sum(n for _, n in self.rows)


def books(site: SiteData) -> tuple[Book, ...]:
    """The books kept in the sources folder that the rulesets cite, oldest first."""
    if site.bibliography is None:
        return ()
    cited = {c.citation.source for r in site.rulesets for c in citations_of(r)}
    by_book: dict[str, list[Entry]] = {}
    for entry in site.bibliography.entries:
        if entry.reproduced and entry.file in cited:
            by_book.setdefault(book_of(entry), []).append(entry)
    found: list[Book] = []
    for key, entries in by_book.items():
        texts = {e.file: _book_words(site, e) for e in entries}
        ordered = sorted(entries, key=lambda e: (-len(texts[e.file]), e.file))
        words: list[tuple[str, ...]] = []
        for entry in ordered:
            text = texts[entry.file]
            seen = [w for part in words for w in part]
            again = shared(text, seen) if seen else frozenset()
            words.append(tuple(w for i, w in enumerate(text) if i not in again))
        found.append(Book(key, tuple(ordered), tuple(words)))
    found.sort(key=lambda b: (b.year, b.entry.file))
    return tuple(found)


def _book_words(site: SiteData, entry: Entry) -> tuple[str, ...]:
    assert site.bibliography is not None
    lines = read_text_lines(site.bibliography.folder / entry.file)
    skipped = entry.not_text
    numbered = [
        (n, text)
        for n, text in enumerate(lines, start=1)
        if not GAP_LINE.match(text.strip()) and not any(s.overlaps(n, n) for s in skipped)
    ]
    return tuple(t.norm for t in tokens(numbered) if t.norm)


def dependence(site: SiteData, rows: Sequence[RowCollation]) -> tuple[Dependence, ...]:
    """Every two books that share wording in a row's passages, with their whole texts'
    measure; the most shared first."""
    found = books(site)
    by_key = {b.key: b for b in found}
    in_rows: dict[tuple[str, str], dict[str, tuple[cmp.Dimension, int]]] = {}
    for row in rows:
        for pair in row.pairs:
            a, b = sorted((pair.first.book, pair.second.book), key=lambda k: _order(by_key, k))
            words = max(pair.overlap.first, pair.overlap.second)
            seen = in_rows.setdefault((a, b), {})
            seen[row.dimension.id] = (
                row.dimension,
                max(words, seen.get(row.dimension.id, (row.dimension, 0))[1]),
            )
    result: list[Dependence] = []
    for (a, b), where in in_rows.items():
        if a not in by_key or b not in by_key:
            continue
        first, second = by_key[a], by_key[b]
        mine = [w for part in first.words for w in part]
        theirs = [w for part in second.words for w in part]
        overlap = shared_words(mine, theirs)
        result.append(
            Dependence(
                first, second, overlap.first, overlap.second, overlap.runs, tuple(where.values())
            )
        )
    result.sort(key=lambda d: (-d.row_words, -d.share, d.first.year))
    return tuple(result)


def _order(by_key: Mapping[str, Book], key: str) -> tuple[int, str]:
    book = by_key.get(key)
    return (book.year, book.entry.file) if book is not None else (9999, key)


def book_name(book: Book) -> str:
    """A book as the dependence names it: ``Foster (1897)``, whatever copy is cited.

    The part of its copy's citation before the brackets, and the first word in them.
    """
    cite = book.entry.cite
    name, _, rest = cite.partition(" (")
    when = rest.split(",")[0].split(")")[0].strip() if rest else str(book.year)
    return f"{name} ({when})"


# --------------------------------------------------------------------------------------------
# The diagram


@dataclass(frozen=True)
class Node:
    x: float
    label: str
    year: str
    title: str


@dataclass(frozen=True)
class Arc:
    path: str
    width: float
    strong: bool
    title: str


@dataclass(frozen=True)
class Graph:
    """An arc diagram: the books on a line in order of date, each pair that shares wording
    joined by an arc above it, as thick as the words they share in the rules' passages."""

    width: int
    height: int
    line: int
    nodes: tuple[Node, ...]
    arcs: tuple[Arc, ...]
    description: str


def graph(found: Sequence[Book], pairs: Sequence[Dependence]) -> Graph:
    """The books in order of date, evenly spaced, and an arc for each pair."""
    width, margin, line = 760, 60, 250
    step = (width - 2 * margin) / max(len(found) - 1, 1)
    places: dict[str, float] = {}
    nodes: list[Node] = []
    for i, book in enumerate(found):
        x = round(margin + i * step, 1)
        places[book.key] = x
        name = book_name(book)
        nodes.append(Node(x, name.split(" (")[0], name.partition(" (")[2].rstrip(")"), name))
    most = max((d.row_words for d in pairs), default=1) or 1
    arcs: list[Arc] = []
    for d in sorted(pairs, key=lambda d: d.row_words):
        x1, x2 = sorted((places[d.first.key], places[d.second.key]))
        rise = min(0.9 * (x2 - x1), 2 * (line - 20))
        path = f"M {x1} {line} Q {round((x1 + x2) / 2, 1)} {round(line - rise, 1)} {x2} {line}"
        arcs.append(
            Arc(
                path,
                round(1 + 9 * d.row_words / most, 1),
                d.row_words >= most / 2,
                f"{book_name(d.first)} and {book_name(d.second)}: {d.row_words} words shared "
                f"in {len(d.rows)} rule{'' if len(d.rows) == 1 else 's'}",
            )
        )
    described = "; ".join(
        f"{book_name(d.first)} and {book_name(d.second)}, {d.row_words} words" for d in pairs[:5]
    )
    description = (
        f"{len(found)} books in order of date, from {nodes[0].title} to {nodes[-1].title}; "
        f"{len(pairs)} pairs share wording. The most: {described}."
        if pairs and nodes
        else f"{len(found)} books; none shares wording with another."
    )
    return Graph(width, line + 50, line, tuple(nodes), tuple(arcs), description)


# --------------------------------------------------------------------------------------------
# Pages


def _helpers(site: SiteData, page: str) -> dict[str, Any]:
    return {
        "site": site,
        "link": site.linker(page),
        "short_name": short_name,
        "least": LEAST_RUN,
        "fold_at": SHOWN_LINES,
        "page_of": row_page,
        "index": INDEX,
        "dependence": DEPENDENCE,
    }


def row_markdown(site: SiteData, col: RowCollation) -> str:
    """A row's collation page."""
    where: dict[str, Witness] = {}
    for witness in col.witnesses:
        for reader in witness.readers:
            where.setdefault(reader.cell.ruleset.id, witness)
    shared_groups = [g for g in col.groups if len(g) > 1]
    return render(
        "rule_row.md.j2",
        col=col,
        dimension=col.dimension,
        label=col.dimension.label,
        where=where,
        shared_groups=shared_groups,
        alone=[g[0] for g in col.groups if len(g) == 1],
        shown_count=sum(len(g) for g in col.groups),
        sharing=sum(len(g) for g in shared_groups),
        modern=any(w.entry is not None and not w.entry.reproduced for w in col.cited_only),
        **_helpers(site, row_page(col.dimension.id)),
    )


def _row_page(site: SiteData, dimension_id: str) -> str:
    row = next(r for r in cmp.matrix(site.rulesets) if r.dimension.id == dimension_id)
    col = collate_row(site, row)
    label = row.dimension.label
    return with_meta(
        row_markdown(site, col),
        f"{label} across the sources",
        f"{label}: what each source of Pope Joan and its family says, in its own words, side "
        "by side, with the words that differ between texts that share wording marked, and the "
        "reading each ruleset takes.",
    )


def _index_page(site: SiteData) -> str:
    rows = collations(site)
    markdown = render(
        "rule_index.md.j2",
        rows=rows,
        shared_of=lambda col: [g for g in col.groups if len(g) > 1],
        **_helpers(site, INDEX),
    )
    return with_meta(
        markdown,
        "Each rule across the sources",
        "Every rule of the comparison in each source's own words, side by side, with the "
        "words that differ between texts that share wording marked.",
    )


def _dependence_page(site: SiteData) -> str:
    rows = collations(site)
    found = books(site)
    pairs = dependence(site, rows)
    paired = {d.first.key for d in pairs} | {d.second.key for d in pairs}
    closest = [
        (book, [d for d in pairs if book in (d.first, d.second)][:2])
        for book in found
        if book.key in paired
    ]
    markdown = render(
        "rule_dependence.md.j2",
        graph=graph(found, pairs),
        pairs=pairs,
        alone=[b for b in found if b.key not in paired],
        closest=closest,
        book_name=book_name,
        percent=_percent,
        **_helpers(site, DEPENDENCE),
    )
    return with_meta(
        markdown,
        "Which texts follow which",
        "Which old rule books of Pope Joan share wording with which, how much, and in which "
        "rules: a diagram by date and a table of every pair.",
    )


def _percent(part: int, whole: int) -> str:
    """``12%``; ``under 1%`` for a share that rounds to nothing but is not nothing.

    >>> _percent(62, 554), _percent(1, 500), _percent(0, 5), _percent(3, 0)
    ('11%', 'under 1%', '0%', '0%')
    """
    if whole <= 0 or part <= 0:
        return "0%"
    share = round(100 * part / whole)
    return f"{share}%" if share else "under 1%"


def _nav(site: SiteData) -> Sequence[dict[str, Any]]:
    return [
        {
            "Each rule across the sources": [
                {"Each rule across the sources": INDEX},
                {"Which texts follow which": DEPENDENCE},
                *({d.label: row_page(d.id)} for d in cmp.DIMENSIONS),
            ]
        }
    ]


def _pages(site: SiteData) -> Mapping[str, PageMaker]:
    pages: dict[str, PageMaker] = {
        INDEX: partial(_index_page, site),
        DEPENDENCE: partial(_dependence_page, site),
    }
    for dimension in cmp.DIMENSIONS:
        pages[row_page(dimension.id)] = partial(_row_page, site, dimension.id)
    return pages


def _templates(page: str) -> tuple[str, ...]:
    """The template that tells each collation page."""
    if page == INDEX:
        return ("rule_index.md.j2",)
    if page == DEPENDENCE:
        return ("rule_dependence.md.j2",)
    return ("rule_row.md.j2",) if page.startswith(f"{FOLDER}/") else ()


add_page_set(PageSet("compare", _nav, _pages, templates=_templates))
