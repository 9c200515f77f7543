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


GAP_LINE = re.compile(r"^\[\.\.\.[^\]]*\.\.\.\]$")
"""A line of a text that marks a passage missing from the copy: ``[... missing ...]``."""


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

    def locators(self) -> list[tuple[str, Citation, list[Citing]]]:
        """Each range of lines cited, in the order of the text, with the places citing it."""
        found: dict[str, list[Citing]] = {}
        for citing in sorted(self.citing, key=lambda c: _span(c.citation)):
            places = found.setdefault(citing.lines_anchor, [])
            if all((p.ruleset.id, p.anchor) != (citing.ruleset.id, citing.anchor) for p in places):
                places.append(citing)
        return [(anchor, places[0].citation, places) for anchor, places in found.items()]


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
    entry: Entry, folder: Path, rulesets: Iterable[Ruleset], also: Iterable[Citation] = ()
) -> SourceText:
    """The text's page: its lines, with an anchor for each range of lines cited by the rulesets
    or by ``also`` (the glossary's passages, which link to their lines as a rule's citation
    does), its gaps, and the rulesets' citations of it."""
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
    cited = [c.citation for c in citing] + [c for c in also if c.source == entry.file]
    starts: dict[int, list[str]] = {}
    for citation in sorted(cited, key=_span):
        if citation.last_line > citation.first_line:
            ids = starts.setdefault(citation.first_line, [])
            anchor = line_anchor(citation.first_line, citation.last_line)
            if anchor not in ids:
                ids.append(anchor)
    lines = tuple(
        TextLine(
            number,
            text,
            bool(GAP_LINE.match(text.strip())),
            tuple(starts.get(number, ())),
            tuple(after.get(number, ())),
        )
        for number, text in enumerate(texts, start=1)
    )
    return SourceText(entry, lines, tuple(after.get(0, ())), citing, followed)


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
