"""Jinja2 rendering with autoescape, the escaping filters, and links between generated pages.

Ruleset text is untrusted. Every template is autoescaped, so text reaching HTML is escaped by
default. Text spliced into Markdown outside an HTML block goes through :func:`escape_markdown`
(the ``md`` filter), which escapes HTML and Markdown alike, so it can make neither a tag nor a
link. Raw HTML blocks must not contain blank lines, which would end them early: the ``compact``
filter removes them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup, escape
from mkdocs.utils import get_relative_url

from ..core.cards import RANK_WORDS, SUIT_GLYPHS, SUIT_NAMES
from ..core.citations import Citation
from . import rawhtml

MARKDOWN_SPECIALS = re.compile(r"([\\`*_{}\[\]()#+\-.!])")
"""Python-Markdown's escapable characters (its ``ESCAPED_CHARS``, less ``>``, escaped as HTML):
backslash-escaped, each renders as itself and cannot start Markdown syntax."""
CARD_TOKEN = re.compile(r"(?<![\w♣♦♥♠])(10|[2-9AJQK])([♣♦♥♠])")
LONE_SUIT = re.compile(r"(?<![0-9AJQK])([♦♥])")
RED_GLYPHS = {SUIT_GLYPHS["D"], SUIT_GLYPHS["H"]}
DASH = "\N{EN DASH}"
GLYPH_LETTER = {glyph: letter for letter, glyph in SUIT_GLYPHS.items()}


def escape_markdown(text: str) -> Markup:
    """Text made safe to splice into Markdown: HTML-escaped, Markdown syntax backslash-escaped,
    line breaks folded (a blank line would end a block).

    >>> str(escape_markdown("<b>[x](javascript:y)</b> {: onclick=z }"))
    '&lt;b&gt;\\\\[x\\\\]\\\\(javascript:y\\\\)&lt;/b&gt; \\\\{: onclick=z \\\\}'
    """
    flat = " ".join(str(text).split())
    return Markup(MARKDOWN_SPECIALS.sub(r"\\\1", str(escape(flat))))


def escape_heading(text: str) -> Markup:
    """:func:`escape_markdown` for a Markdown heading's text, quotes left as they are: the table
    of contents escapes a heading's text again, so ``&#39;`` would show there as written.

    >>> str(escape_heading("Foster's <i>Hoyle</i> (1897)"))
    "Foster's &lt;i&gt;Hoyle&lt;/i&gt; \\\\(1897\\\\)"
    """
    return Markup(str(escape_markdown(text)).replace("&\\#39;", "'").replace("&\\#34;", '"'))


def _wrap_card(match: re.Match[str]) -> str:
    rank, glyph = match.group(1), match.group(2)
    colour = "red" if glyph in RED_GLYPHS else "black"
    name = f"{RANK_WORDS[rank]} of {SUIT_NAMES[GLYPH_LETTER[glyph]]}"
    return f'<span class="pj-card pj-card--{colour}" title="{name}">{rank}{glyph}</span>'


def cards(text: object) -> Markup:
    """Escaped text with cards such as ``9♦`` wrapped for colour (red for ♦ and ♥).

    >>> str(cards("<i>9♦ & K♠</i>"))  # doctest: +NORMALIZE_WHITESPACE
    '&lt;i&gt;<span class="pj-card pj-card--red" title="nine of diamonds">9♦</span> &amp;
    <span class="pj-card pj-card--black" title="king of spades">K♠</span>&lt;/i&gt;'
    """
    if isinstance(text, Markup):
        return text
    flat = " ".join(str(text).split())
    escaped = str(escape(flat))
    wrapped = CARD_TOKEN.sub(_wrap_card, escaped)
    parts = re.split(r"(<span[^>]*>[^<]*</span>)", wrapped)
    for index in range(0, len(parts), 2):
        parts[index] = LONE_SUIT.sub(r'<span class="pj-suit pj-suit--red">\1</span>', parts[index])
    return Markup("".join(parts))


def paragraphs(text: object) -> Markup:
    """Untrusted text as ``<p>`` paragraphs (split at blank lines), escaped."""
    chunks = [c for c in re.split(r"\n\s*\n", str(text)) if c.strip()]
    return Markup("").join(Markup("<p>{}</p>").format(cards(c)) for c in chunks)


def compact(text: object) -> Markup:
    """Remove blank lines, so that a raw HTML block stays one block in Markdown, and mark the
    block as generated, so that the build can carry it past Markdown (:mod:`.rawhtml`)."""
    return Markup(rawhtml.mark("\n".join(line for line in str(text).splitlines() if line.strip())))


def search_text(text: str) -> str:
    """Text plus the other ways of writing its cards, for the comparison's filter.

    >>> search_text("51 cards: 8♦ removed")
    '51 cards: 8♦ removed 8D eight of diamonds'
    """
    extra: list[str] = []
    for rank, glyph in CARD_TOKEN.findall(text):
        letter = GLYPH_LETTER[glyph]
        extra += [f"{rank}{letter}", f"{RANK_WORDS[rank]} of {SUIT_NAMES[letter]}"]
    return " ".join([text, *extra])


def with_meta(markdown: str, title: str, description: str) -> str:
    """The page with ``title`` and ``description`` in its front matter (in place of any the
    page's own front matter gives, else in front matter of its own), for the browser's title
    and the ``description`` meta tag. The theme prints both unescaped, so they are HTML-escaped
    here, and written as JSON strings, which YAML reads as they are.

    >>> print(with_meta("# Hi", 'A "b" <c>', "D & e."))
    ---
    title: "A &#34;b&#34; &lt;c&gt;"
    description: "D &amp; e."
    ---
    # Hi
    >>> print(with_meta("---\\ntitle: Old\\nhide: [toc]\\n---\\n# Hi", "New", "Said."))
    ---
    title: "New"
    description: "Said."
    hide: [toc]
    ---
    # Hi
    """
    meta = "".join(
        f"{key}: {json.dumps(str(escape(' '.join(value.split()))), ensure_ascii=False)}\n"
        for key, value in (("title", title), ("description", description))
    )
    if markdown.startswith("---\n"):
        head, rest = markdown.removeprefix("---\n").split("---\n", 1)
        kept = "".join(
            line
            for line in head.splitlines(keepends=True)
            if not line.startswith(("title:", "description:"))
        )
        return "---\n" + meta + kept + "---\n" + rest
    return "---\n" + meta + "---\n" + markdown


def page_url(src_uri: str, use_directory_urls: bool = True) -> str:
    """The URL of a Markdown page, as mkdocs gives it (relative to the site root).

    >>> page_url("index.md"), page_url("rulesets/peel.md"), page_url("compare.md", False)
    ('', 'rulesets/peel/', 'compare.html')
    """
    stem = src_uri.removesuffix(".md")
    if not use_directory_urls:
        return stem + ".html"
    if stem == "index":
        return ""
    if stem.endswith("/index"):
        return stem.removesuffix("index")
    return stem + "/"


@dataclass(frozen=True)
class SourceRef:
    """How the site names a source file and where its page is."""

    slug: str
    name: str
    """Readable: ``Peel, Round Games with Cards (1891)``."""
    cite: str
    """As a citation names it: ``Peel (1891)``."""
    whole: bool = True
    """Whether its page shows the whole text, every line anchored (not a modern page's)."""
    pages: tuple[tuple[int | None, int | None], ...] = ()
    """For each line, the book's page it starts and ends on, where the copy marks them."""

    def pages_of(self, first: int, last: int) -> str:
        """The book's pages of lines ``first`` to ``last``: ``p. 83``, ``pp. 82-83``, or
        nothing where the copy marks no page.

        >>> ref = SourceRef("p", "P", "P", pages=((None, None), (80, 80), (80, 81), (81, 81)))
        >>> ref.pages_of(2, 2), ref.pages_of(2, 3), ref.pages_of(1, 1), ref.pages_of(4, 4)
        ('p. 80', 'pp. 80\u201381', '', 'p. 81')
        """
        if not 1 <= first <= last <= len(self.pages):
            return ""
        start, end = self.pages[first - 1][0], self.pages[last - 1][1]
        start = start if start is not None else end
        if start is None or end is None:
            return ""
        return f"p. {start}" if start == end else f"pp. {start}\u2013{end}"


def source_page(slug: str) -> str:
    """The src path of a source's page.

    >>> source_page("peel-1891")
    'sources/peel-1891.md'
    """
    return f"sources/{slug}.md"


def line_anchor(first: int, last: int | None = None) -> str:
    """The id of a line, or of a range of lines, on a source's page.

    >>> line_anchor(95), line_anchor(95, 99), line_anchor(7, 7)
    ('L95', 'L95-L99', 'L7')
    """
    return f"L{first}" if last is None or last == first else f"L{first}-L{last}"


@dataclass(frozen=True)
class Linker:
    """Relative links from one generated page to others: raw HTML is not rewritten by mkdocs.
    It also names the source files, readably, when it knows them (``sources``)."""

    page: str
    """The ``src_uri`` of the page being rendered."""
    use_directory_urls: bool = True
    sources: Mapping[str, SourceRef] = field(default_factory=dict)
    """Each source file with a page of its own, by file name."""

    def href(self, target: str, anchor: str | None = None) -> str:
        """The relative URL of ``target`` (a page's src path), with an optional anchor.

        >>> Linker("compare.md").href("rulesets/peel.md", "rule-pack")
        '../rulesets/peel/#rule-pack'
        >>> Linker("rulesets/peel.md").href("rulesets/peel.md", "rule-pack")
        '#rule-pack'
        >>> Linker("compare.md").href("index.md")
        '../'
        """
        if target == self.page and anchor:
            return f"#{anchor}"
        here = page_url(self.page, self.use_directory_urls)
        there = page_url(target, self.use_directory_urls)
        relative = get_relative_url(there or ".", here or ".")
        if self.use_directory_urls and not relative.endswith("/"):
            relative += "/"
        return relative + (f"#{anchor}" if anchor else "")

    def ruleset(self, ruleset_id: str, anchor: str | None = None) -> str:
        return self.href(f"rulesets/{ruleset_id}.md", anchor)

    def source_file(self, name: str, first: int | None = None, last: int | None = None) -> str:
        """The source's page, at a line or a range of lines; a file with no page of its own,
        its entry on the sources page.

        >>> peel = {"000_a.txt": SourceRef("peel-1891", "Peel", "Peel (1891)")}
        >>> Linker("rulesets/peel.md", sources=peel).source_file("000_a.txt", 95, 99)
        '../../sources/peel-1891/#L95-L99'
        >>> Linker("compare.md").source_file("000_x.txt", 3)
        '../sources/#file-000_x'
        """
        ref = self.sources.get(name)
        if ref is None:
            return self.href("sources.md", file_anchor(name))
        return self.href(source_page(ref.slug), line_anchor(first, last) if first else None)

    def citation(self, citation: Citation) -> str:
        """Where a citation's lines are, highlighted."""
        ref = self.sources.get(citation.source)
        if ref is None:
            return self.source_file(citation.source)
        return self.href(
            source_page(ref.slug), line_anchor(citation.first_line, citation.last_line)
        )

    def pages(self, citation: Citation) -> str:
        """The book's pages a citation's lines are on (``p. 83``), where the copy shows them."""
        ref = self.sources.get(citation.source)
        return ref.pages_of(citation.first_line, citation.last_line) if ref else ""

    def cite_summary(self, provenance: Sequence[Citation]) -> str:
        """A list of citations in a few words: each source once, with its lines in the order
        given (an en dash between the first and last line of a passage).

        >>> from variants.core.citations import Citation
        >>> refs = {"a.txt": SourceRef("peel", "Peel", "Peel (1891)")}
        >>> cited = [Citation("a.txt", 19, 20, None), Citation("a.txt", 55, 55, None)]
        >>> cited.append(Citation("b.txt", 3, 3, None))
        >>> Linker("rulesets/peel.md", sources=refs).cite_summary(cited).replace(DASH, "-")
        'Peel (1891), lines 19-20 and 55; b.txt, line 3'
        """
        spans: dict[str, list[tuple[int, int]]] = {}
        for c in provenance:
            span = (c.first_line, c.last_line)
            if span not in spans.setdefault(c.source, []):
                spans[c.source].append(span)
        parts = []
        for name, found in spans.items():
            said = [str(a) if a == b else f"{a}{DASH}{b}" for a, b in found]
            word = "line" if found == [(found[0][0], found[0][0])] else "lines"
            listed = said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]
            parts.append(f"{self.cite(name)}, {word} {listed}")
        return "; ".join(parts)

    def source_name(self, name: str) -> str:
        """The file's source, readably; the file name when it has no entry."""
        ref = self.sources.get(name)
        return ref.name if ref else name

    def has_lines(self, name: str) -> bool:
        """Whether the file's page shows its whole text, so that any line can be linked."""
        ref = self.sources.get(name)
        return ref is not None and ref.whole

    def cite(self, name: str) -> str:
        """The file's source as a citation names it: ``Peel (1891)``."""
        ref = self.sources.get(name)
        return ref.cite if ref else name


def file_anchor(name: str) -> str:
    """The id of a source file's section on the sources page.

    >>> file_anchor("000_919af007d8e82e04.txt")
    'file-000_919af007d8e82e04'
    """
    return "file-" + re.sub(r"[^A-Za-z0-9_-]", "-", name.removesuffix(".txt"))


@cache
def environment() -> Environment:
    env = Environment(
        loader=PackageLoader("variants.site", "templates"),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=StrictUndefined,
        # Markdown heading ids are written {#id}: keep Jinja's comments out of their way.
        comment_start_string="{%#",
        comment_end_string="#%}",
    )
    env.filters["md"] = escape_markdown
    env.filters["heading"] = escape_heading
    env.filters["cards"] = cards
    env.filters["paras"] = paragraphs
    env.filters["compact"] = compact
    env.filters["search_text"] = search_text
    return env


def render(template: str, **context: Any) -> str:
    return environment().get_template(template).render(**context)
