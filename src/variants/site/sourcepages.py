"""The source texts' pages: each public-domain text whole, every line numbered and anchored, its
gaps marked; each modern page by its bibliographic entry and the locators that cite it.

The texts are the repository's own copies (its ``sources`` folder), read as the validator reads
them, so that line ``n`` here is line ``n`` of every locator. Nothing in a text is trusted: each
line reaches the page escaped, as HTML inside an HTML block, so no Markdown in it is read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..core.citations import Citation
from ..core.saferead import read_text_lines
from ..mechanics.ruleset import Gap, Ruleset
from ..rules.bibliography import Entry
from .describe import describe
from .render import line_anchor


def apparatus_page(slug: str) -> str:
    """The src path of a text's apparatus: its entry, the lines cited, the readings.

    >>> apparatus_page("peel-1891")
    'sources/peel-1891/apparatus.md'
    """
    return f"sources/{slug}/apparatus.md"


PAGE_MARK = re.compile(r"\[p\.[ \n]{1,2}([0-9]{1,5})\]")
"""Where a copy marks the start of a page of the book: ``[p. 83]``, on a line of its own or
within one, and sometimes broken over two lines as the transcription has it; a page number of
at most five digits (anything else is not a mark, only text)."""

PageSpan = tuple[int | None, int | None]
"""The book's page at a line's start and at its end (None before the first mark)."""


def page_spans(lines: Sequence[str]) -> tuple[PageSpan, ...]:
    """For each line of a text, the page of the book it starts on and ends on, from the copy's
    own page marks; empty when the copy marks no page.

    >>> page_spans(["heading", "[p. 80]", "text", "more [p. 81] text", "end [p.", "82] last"])
    ((None, None), (80, 80), (80, 80), (80, 81), (81, 82), (82, 82))
    """
    text = "\n".join(lines)
    marks = [(m.start(), int(m.group(1))) for m in PAGE_MARK.finditer(text)]
    if not marks:
        return ()
    spans: list[PageSpan] = []
    page: int | None = None
    at = 0
    start_of_line = 0
    for line in lines:
        end_of_line = start_of_line + len(line)
        start = page
        while at < len(marks) and marks[at][0] <= end_of_line:
            position, page = marks[at]
            if not text[start_of_line:position].strip():
                start = page  # the line begins with the mark: it is all on the new page
            at += 1
        spans.append((start, page))
        start_of_line = end_of_line + 1
    return tuple(spans)


Piece = tuple[str, int | None]
"""A run of a line's text, and the page whose mark it is part of (None: the book's words)."""


def page_marks(lines: Sequence[str]) -> tuple[tuple[tuple[Piece, ...], tuple[int, ...]], ...]:
    """For each line of a text, its runs of text with the copy's page marks told apart, and the
    pages whose marks start in it; empty when the copy marks no page.

    >>> for pieces, starting in page_marks(["text", "more [p. 81] text", "end [p.", "82] last"]):
    ...     print(pieces, starting)
    (('text', None),) ()
    (('more ', None), ('[p. 81]', 81), (' text', None)) (81,)
    (('end ', None), ('[p.', 82)) (82,)
    (('82]', 82), (' last', None)) ()
    """
    text = "\n".join(lines)
    marks = [(m.start(), m.end(), int(m.group(1))) for m in PAGE_MARK.finditer(text)]
    if not marks:
        return ()
    found: list[tuple[tuple[Piece, ...], tuple[int, ...]]] = []
    start_of_line = 0
    for line in lines:
        end_of_line = start_of_line + len(line)
        pieces: list[Piece] = []
        starting: list[int] = []
        at = start_of_line
        for first, last, page in marks:
            if last <= start_of_line or first >= end_of_line:
                continue
            if first >= start_of_line:
                starting.append(page)
            begin, end = max(first, start_of_line), min(last, end_of_line)
            if begin > at:
                pieces.append((text[at:begin], None))
            pieces.append((text[begin:end], page))
            at = end
        if at < end_of_line or not pieces:
            pieces.append((text[at:end_of_line], None))
        found.append((tuple(pieces), tuple(starting)))
        start_of_line = end_of_line + 1
    return tuple(found)


GAP_LINE = re.compile(r"^\[\.\.\.[^\]]*\.\.\.\]$")
"""A line of a text that marks a passage missing from the copy: ``[... missing ...]``."""


@dataclass(frozen=True)
class Gloss:
    """A passage the glossary gives as a use of one of its terms."""

    term: str
    anchor: str
    """The term's anchor on the glossary page."""
    citation: Citation


@dataclass(frozen=True)
class Citing:
    """One place a ruleset cites this text: the rule, option or interpretation, and the lines."""

    ruleset: Ruleset
    anchor: str
    title: str
    citation: Citation

    @property
    def lines_anchor(self) -> str:
        return line_anchor(self.citation.first_line, self.citation.last_line)


@dataclass(frozen=True)
class CitedRange:
    """Lines cited as one passage, and what cites them: the rules, and the glossary's terms."""

    first: int
    last: int
    rules: tuple[Citing, ...]
    glosses: tuple[Gloss, ...]

    @property
    def anchor(self) -> str:
        return line_anchor(self.first, self.last)

    @property
    def lines(self) -> str:
        """``line 12``, ``lines 86\u201389``."""
        if self.first == self.last:
            return f"line {self.first}"
        return f"lines {self.first}\u2013{self.last}"


@dataclass(frozen=True)
class TextLine:
    number: int
    text: str
    gap: bool
    """Whether the line marks a passage missing from the copy."""
    ranges: tuple[str, ...] = ()
    """The ids of the cited ranges of lines that start here (``L95-L99``)."""
    missing_after: tuple[str, ...] = ()
    """Passages the rulesets say are missing right after this line, where the text has no
    marker of its own."""
    pieces: tuple[Piece, ...] = ()
    """The line's text in runs, its page marks told apart (:func:`page_marks`); empty when the
    copy marks no page, the text being one run."""
    pages: tuple[int, ...] = ()
    """The book's pages that begin in this line, where the copy marks them."""
    cited_by: tuple[CitedRange, ...] = ()
    """The cited passages that end on this line, the longest first."""

    @property
    def runs(self) -> tuple[Piece, ...]:
        return self.pieces or ((self.text, None),)


@dataclass(frozen=True)
class SourceText:
    entry: Entry
    lines: tuple[TextLine, ...]
    """Empty for a modern page, which is not reproduced."""
    missing_before: tuple[str, ...]
    """Passages missing before the first line, where the text has no marker."""
    citing: tuple[Citing, ...]
    followed_by: tuple[Ruleset, ...]
    """The rulesets that have this text among their source's files."""

    @property
    def missing(self) -> int:
        """How many passages are missing from this copy."""
        marked = sum(1 for line in self.lines if line.gap)
        added = sum(len(line.missing_after) for line in self.lines)
        return marked + added + len(self.missing_before)

    @property
    def measure(self) -> int:
        """The width the text is set to, in characters: its longest line, from 60 to 100 (the
        few longer lines, whole paragraphs in some copies, wrap)."""
        longest = max((len(line.text.rstrip()) for line in self.lines), default=0)
        return min(max(longest, 60), 100)

    @property
    def book_pages(self) -> tuple[int, ...]:
        """The book's pages whose start the copy marks, in the order of the text."""
        return tuple(page for line in self.lines for page in line.pages)

    def locators(self) -> list[tuple[str, Citation, list[Citing]]]:
        """Each range of lines cited, in the order of the text, with the places citing it."""
        found: dict[str, list[Citing]] = {}
        for citing in sorted(self.citing, key=lambda c: _span(c.citation)):
            places = found.setdefault(citing.lines_anchor, [])
            if all((p.ruleset.id, p.anchor) != (citing.ruleset.id, citing.anchor) for p in places):
                places.append(citing)
        return [(anchor, places[0].citation, places) for anchor, places in found.items()]

    def locator_groups(self) -> list[tuple[str, list[tuple[str, Citation, list[Citing]]]]]:
        """:meth:`locators` in groups a reader can open one at a time when there are many (more
        than :data:`FOLD_OVER`): by the book's page a passage starts on where the copy marks
        them, else by fifty lines; one group without a name when there are few, or when the
        page is a modern one's, whose locators the citations link to."""
        found = self.locators()
        if len(found) <= FOLD_OVER or not self.lines:
            return [("", found)]
        spans = page_spans([line.text for line in self.lines])
        groups: dict[str, list[tuple[str, Citation, list[Citing]]]] = {}
        for item in found:
            first = item[1].first_line
            if spans:
                start, end = spans[first - 1]
                page = start if start is not None else end
                label = f"Page {page}" if page is not None else "Before the book\u2019s pages"
            else:
                block = (first - 1) // 50 * 50
                label = f"Lines {block + 1}\u2013{min(block + 50, len(self.lines))}"
            groups.setdefault(label, []).append(item)
        return list(groups.items())


FOLD_OVER = 30
"""How many passages cited a text's apparatus lists open, before it folds them by page."""


def _span(citation: Citation) -> tuple[int, int]:
    return (citation.first_line, citation.last_line)


def citations_of(ruleset: Ruleset) -> Iterator[Citing]:
    """Every citation in a ruleset, with the anchor and title of what makes it on its page."""
    for section in describe(ruleset.rules):
        for rule in section.rules:
            for citation in rule.provenance:
                yield Citing(ruleset, rule.anchor, rule.title, citation)
    for option in ruleset.options:
        for citation in option.provenance:
            yield Citing(ruleset, f"option-{option.id}", f"Option: {option.label}", citation)
    for item in ruleset.interpretations:
        anchor = f"interp-{item.id}"
        for citation in item.provenance:
            yield Citing(ruleset, anchor, f"Interpretation: {item.id}", citation)
        for citation in item.supplied_by:
            yield Citing(ruleset, anchor, f"Interpretation: {item.id} (supplied)", citation)


def source_text(
    entry: Entry, folder: Path, rulesets: Iterable[Ruleset], also: Iterable[Gloss] = ()
) -> SourceText:
    """The text's page: its lines, with an anchor for each range of lines cited by the rulesets
    or by ``also`` (the glossary's passages, which link to their lines as a rule's citation
    does), after each cited passage what cites it, the book's pages where the copy marks them,
    its gaps, and the rulesets' citations of it."""
    every = tuple(rulesets)
    citing = tuple(
        c for ruleset in every for c in citations_of(ruleset) if c.citation.source == entry.file
    )
    followed = tuple(r for r in every if entry.file in {f.name for f in r.source.files})
    if not entry.reproduced:
        return SourceText(entry, (), (), citing, followed)
    texts = read_text_lines(folder / entry.file)
    gaps = [gap for ruleset in every for gap in ruleset.source.gaps if gap.file == entry.file]
    after = _unmarked_gaps(gaps, texts)
    glosses = [g for g in also if g.citation.source == entry.file]
    cited = [c.citation for c in citing] + [g.citation for g in glosses]
    starts: dict[int, list[str]] = {}
    for citation in sorted(cited, key=_span):
        if citation.last_line > citation.first_line:
            ids = starts.setdefault(citation.first_line, [])
            anchor = line_anchor(citation.first_line, citation.last_line)
            if anchor not in ids:
                ids.append(anchor)
    ends = _cited_ranges(citing, glosses, len(texts))
    marks = page_marks(texts)
    lines = tuple(
        TextLine(
            number,
            text,
            bool(GAP_LINE.match(text.strip())),
            tuple(starts.get(number, ())),
            tuple(after.get(number, ())),
            marks[number - 1][0] if marks else (),
            marks[number - 1][1] if marks else (),
            tuple(ends.get(number, ())),
        )
        for number, text in enumerate(texts, start=1)
    )
    return SourceText(entry, lines, tuple(after.get(0, ())), citing, followed)


def _cited_ranges(
    citing: Iterable[Citing], glosses: Iterable[Gloss], length: int
) -> dict[int, list[CitedRange]]:
    """Each passage cited, by the line it ends on, the longest first, with each rule and term
    that cites it once."""
    rules: dict[tuple[int, int], dict[tuple[str, str], Citing]] = {}
    terms: dict[tuple[int, int], dict[str, Gloss]] = {}
    for c in citing:
        rules.setdefault(_span(c.citation), {}).setdefault((c.ruleset.id, c.anchor), c)
    for g in glosses:
        terms.setdefault(_span(g.citation), {}).setdefault(g.anchor, g)
    ends: dict[int, list[CitedRange]] = {}
    for first, last in sorted(set(rules) | set(terms), key=lambda s: (s[1], s[0])):
        if not 1 <= first <= last <= length:
            continue
        found = CitedRange(
            first,
            last,
            tuple(rules.get((first, last), {}).values()),
            tuple(terms.get((first, last), {}).values()),
        )
        ends.setdefault(last, []).append(found)
    return ends


def _unmarked_gaps(gaps: Iterable[Gap], texts: list[str]) -> dict[int, list[str]]:
    """The gaps the rulesets declare where the text has no marker line of its own, by the line
    they follow (0: before the first), each place once, described by the ruleset that follows
    that part of the text when there is one."""

    def marked(number: int) -> bool:
        return 1 <= number <= len(texts) and bool(GAP_LINE.match(texts[number - 1].strip()))

    places: dict[int, Gap] = {}
    for gap in gaps:
        place = gap.after if gap.after is not None else (gap.before or 1) - 1
        if marked(place + 1) or marked(place) or not 0 <= place <= len(texts):
            continue
        if place not in places or (places[place].outside and not gap.outside):
            places[place] = gap
    return {place: [gap.missing] for place, gap in sorted(places.items())}
