"""The glossary: the period terms of the game in plain words, where the source texts use each,
and the pass that links a term's first use in each section of a page to its definition.

The definitions are the project's own words. Where the sources use a term is read from the
source texts themselves, when the build finds them (:func:`usage`). The link pass
(:func:`link_terms`) works on a page's HTML after Markdown has made it, so it can tell where a
word stands: it never links inside a heading, a link, code, a form control or a drawing.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache

from markupsafe import Markup

from ..rules.loader import SourceTexts
from ..rules.ruleset import Ruleset
from ..saferead import read_text_lines
from .describe import source_number
from .render import Linker

GLOSSARY = "glossary.md"

GLOSSED = ("rulesets/", "examples/")
"""The folders of the pages whose prose links its terms to the glossary (besides the pages
named to :func:`glossed`)."""


@dataclass(frozen=True)
class Term:
    term: str
    definition: str
    pattern: str
    """A regular expression for the term and its forms, in prose and in the source texts."""
    case_sensitive: bool = False
    """Whether only the capitalised word is the term (``Game``, not the game itself)."""

    @property
    def slug(self) -> str:
        """The term as a slug (``elder-hand``)."""
        return self.term.lower().replace(" ", "-")

    @property
    def anchor(self) -> str:
        return f"term-{self.slug}"

    @property
    def regex(self) -> re.Pattern[str]:
        return _compiled(self.pattern, self.case_sensitive)

    @property
    def brief(self) -> str:
        """The definition's first sentence, for a link's tooltip."""
        return self.definition.split(". ")[0].rstrip(".") + "."


_PATTERNS: dict[tuple[str, bool], re.Pattern[str]] = {}


def _compiled(pattern: str, case_sensitive: bool) -> re.Pattern[str]:
    key = (pattern, case_sensitive)
    if key not in _PATTERNS:
        _PATTERNS[key] = re.compile(pattern, 0 if case_sensitive else re.IGNORECASE)
    return _PATTERNS[key]


TERMS: tuple[Term, ...] = (
    Term(
        "Board",
        "The tray the counters are staked on, divided into compartments, one for each prize. "
        "Where a source has no board, cards or divisions set out on the table serve instead "
        "(see layout).",
        r"\bboards?\b",
    ),
    Term(
        "Compartment",
        "One division of the board, holding the counters staked on one prize: the Pope, "
        "Matrimony, Game and the rest. The sources also call them divisions or pools.",
        r"\bcompartments?\b",
    ),
    Term(
        "Confederacy",
        "In Matrimony, the prize for holding a king and a jack. Some variations of Pope Joan "
        "give it a compartment too, won by the king and the jack of trumps.",
        r"\bConfederacy\b",
        case_sensitive=True,
    ),
    Term(
        "Counters",
        "The tokens the game is played for: staked on the board, won from it and paid between "
        "the players. What a counter is worth is for the table to agree.",
        r"\bcounters?\b",
    ),
    Term(
        "Dressing",
        "Staking counters on the compartments before a deal: dressing the board. Who dresses "
        "it, and with how many counters on each compartment, is where the sources differ most.",
        r"\bdress(?:es|ed|ing)?\b",
    ),
    Term(
        "Dummy",
        "The modern rules pages' name for the spare hand: cards dealt to no player, which lie "
        "face down through the deal.",
        r"\bdumm(?:y|ies)\b",
    ),
    Term(
        "Elder hand",
        "The player on the dealer's left, who leads first, and who comes first where a tie is "
        "settled by seat. Also called the eldest hand.",
        r"\beld(?:er|est) hands?\b",
    ),
    Term(
        "Game",
        "The compartment won by going out first: the first player to play all their cards takes "
        "what lies on it. It is written with a capital to tell it from the game itself.",
        r"\bGame\b",
        case_sensitive=True,
    ),
    Term(
        "Going out",
        "Playing the last card in one's hand, which ends the deal. The first player to go out "
        "takes Game and, in most sources, is paid for the cards the others still hold.",
        r"\b(?:go|goes|going|gone|went) out\b",
    ),
    Term(
        "Honours",
        "The ace, king, queen and jack of trumps, each of which wins a compartment of its own "
        "on the boards that have one for it.",
        r"\bhonou?rs?\b",
    ),
    Term(
        "Intrigue",
        "The compartment won by playing the queen and the jack of trumps, in some sources only "
        "when one player plays both. In Matrimony, the prize for holding a queen and a jack.",
        r"\bIntrigue\b",
        case_sensitive=True,
    ),
    Term(
        "Knave",
        "The older name for the jack. A board's compartment for the jack of trumps is the Knave.",
        r"\bknaves?\b",
    ),
    Term(
        "Layout",
        "Cards or divisions set out on the table to stake on, in place of a board. Foster's "
        "Pope Joan lays out five cards; Matrimony is played on a layout of five divisions.",
        r"\blayouts?\b",
    ),
    Term(
        "Matrimony",
        "The compartment won by playing the king and the queen of trumps, in some sources only "
        "when one player plays both. Also an older game, whose hands are shown rather than "
        "played, on a layout of five divisions that Pope Joan's board takes after.",
        r"\bMatrimony\b",
        case_sensitive=True,
    ),
    Term(
        "Pool",
        "The counters put up together before a deal, to be shared out over the compartments. "
        "A compartment and the counters on it are sometimes called a pool too.",
        r"\bpools?\b",
    ),
    Term(
        "Pope",
        "The nine of diamonds in most sources, the seven in some, and the compartment it wins, "
        "the richest on the board. Some sources call the compartment Pope Joan, after the game.",
        r"\bPope\b(?! Joan)",
        case_sensitive=True,
    ),
    Term(
        "Run",
        "Cards of one suit played one after another, each the next card up from the last, by "
        "whoever holds it, until a stop. Some sources call it a sequence.",
        r"\bruns?\b|\bsequences?\b",
    ),
    Term(
        "Spare hand",
        "A hand dealt to no player, which lies face down through the deal. Its cards are never "
        "played, so the card below each is a stop that nobody can foresee.",
        r"\bspare hands?\b",
    ),
    Term(
        "Stake",
        "Counters laid on a compartment, or paid in as a player's share of the pool; to stake "
        "is to lay them there.",
        r"\bstak(?:e|es|ed|ing)\b",
    ),
    Term(
        "Stock",
        "The cards left over once the hands are dealt, lying face down and out of play: in some "
        "sources instead of a spare hand.",
        r"\bstock\b",
    ),
    Term(
        "Stop",
        "The card that ends a run, because the card next above it cannot be played: a king, a "
        "card below one taken out of the pack, below the turn-up, below a card in the spare "
        "hand, or below one already played. Whoever plays a stop leads next. A known stop is "
        "one that its holder can count on.",
        r"\bstops?\b",
    ),
    Term(
        "Trumps",
        "The suit whose honours win compartments in a deal, in most sources the suit of the "
        "turn-up. They win no tricks: Pope Joan has none.",
        r"\btrumps?\b",
    ),
    Term(
        "Turn-up",
        "The card turned face up once the hands are dealt, which names trumps. When it is the "
        "card of a compartment, the dealer is paid from that compartment.",
        r"\bturn(?:-ups?|ed up)\b",
    ),
)


# --------------------------------------------------------------------------------------------
# Where the source texts use each term


@dataclass(frozen=True)
class Use:
    """The lines of one source file that use a term."""

    ruleset: Ruleset
    """The first ruleset (in display order) built on the file: it names the source."""
    file: str
    lines: tuple[int, ...]

    @property
    def number(self) -> str:
        """The file's number (``006``), as the sources page numbers the files."""
        return source_number(self.file)


def source_lines(texts: SourceTexts, name: str) -> tuple[str, ...]:
    """The lines of a source text, or none if it is not at hand; a
    :class:`~variants.saferead.ReadError` if it is there and cannot be read."""
    path = texts.find(name)
    return () if path is None else tuple(read_text_lines(path))


def book_text(texts: SourceTexts, name: str) -> tuple[str, tuple[int, ...]]:
    """A source's text as one string, its lines joined by spaces so that a term broken over two
    lines is found (``Pope`` ending one line and ``Joan`` beginning the next is Pope Joan), the
    lines the bibliography marks as not the book's text (a web page's menus) left blank; and
    where each line starts in it."""
    lines = source_lines(texts, name)
    kept = [
        line if texts.outside_text(name, number, number) is None else ""
        for number, line in enumerate(lines, 1)
    ]
    starts: list[int] = []
    at = 0
    for line in kept:
        starts.append(at)
        at += len(line) + 1
    return " ".join(kept), tuple(starts)


def term_lines(term: Term, text: str, starts: Sequence[int]) -> tuple[int, ...]:
    """The lines (from 1) on which the term begins in a text made by :func:`book_text`.

    >>> pope = next(t for t in TERMS if t.term == "Pope")
    >>> term_lines(pope, "the Pope, and Pope Joan; Pope", (0, 15))
    (1, 2)
    """
    return tuple(sorted({bisect_right(starts, m.start()) for m in term.regex.finditer(text)}))


def usage(rulesets: Sequence[Ruleset], texts: SourceTexts | None) -> dict[str, tuple[Use, ...]]:
    """For each term's slug, the source files (those the rulesets are built on, in display
    order) whose text uses it, with the lines on which it begins. Empty when the texts were not
    found.

    A use is found by the term's pattern: the word as a whole word, in its forms, capitalised
    where the term is a name (``Game``, ``Pope``), across a line's end, and never in the lines
    the bibliography marks as not the book's text."""
    found: dict[str, list[Use]] = {term.slug: [] for term in TERMS}
    if texts is None:
        return {slug: () for slug in found}
    owners: dict[str, Ruleset] = {}
    for ruleset in rulesets:
        for file in ruleset.source.files:
            owners.setdefault(file.name, ruleset)
    for name, owner in sorted(owners.items()):
        text, starts = book_text(texts, name)
        for term in TERMS:
            hits = term_lines(term, text, starts)
            if hits:
                found[term.slug].append(Use(owner, name, hits))
    return {slug: tuple(uses) for slug, uses in found.items()}


# --------------------------------------------------------------------------------------------
# Linking the terms in a page's HTML

UNLINKED = frozenset(
    {
        "a",
        "abbr",
        "button",
        "code",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "kbd",
        "label",
        "option",
        "pre",
        "script",
        "select",
        "strong",
        "style",
        "summary",
        "svg",
        "textarea",
        "title",
    }
)
"""Elements whose text is never linked: headings, links, code, form controls (a disclosure's
summary among them: a link inside it would be a control inside a control), drawings, and the
bold words that head a point."""

SECTION = "h2"
"""Each term is linked at its first use in each part of a page that this heading begins."""

TAG = re.compile(r"<!--.*?-->|<(/?)([A-Za-z][A-Za-z0-9-]*)\b[^>]*?(/?)>", re.DOTALL)


def _tokens(html: str) -> Iterator[tuple[str, re.Match[str] | None]]:
    """The HTML as text between tags, and tags (with their match)."""
    position = 0
    for match in TAG.finditer(html):
        if match.start() > position:
            yield html[position : match.start()], None
        yield match.group(0), match
        position = match.end()
    if position < len(html):
        yield html[position:], None


def _link(term: Term, text: str, linker: Linker) -> str:
    return str(
        Markup('<a class="pj-term" href="{}" title="{}">{}</a>').format(
            linker.href(GLOSSARY, term.anchor), f"{term.term}: {term.brief}", Markup(text)
        )
    )


def _link_text(text: str, unused: list[Term], linker: Linker) -> str:
    """Text (already HTML) with the first use of each unused term linked; the linked terms are
    taken out of ``unused``."""
    spans: list[tuple[int, int, Term]] = []
    for term in list(unused):
        for match in term.regex.finditer(text):
            start, end = match.span()
            if all(end <= s or start >= e for s, e, _ in spans):
                spans.append((start, end, term))
                unused.remove(term)
                break
    if not spans:
        return text
    out: list[str] = []
    position = 0
    for start, end, term in sorted(spans, key=lambda span: span[0]):
        out += [text[position:start], _link(term, text[start:end], linker)]
        position = end
    out.append(text[position:])
    return "".join(out)


def link_terms(html: str, linker: Linker, terms: Sequence[Term] = TERMS) -> str:
    """The page's HTML with each term's first use in each section linked to its definition,
    never inside a heading, a link, code, a form control or a drawing.

    >>> stop = Term("Stop", "A card that ends a run.", r"\\bstops?\\b")
    >>> html = "<h2>Stops</h2><p>A <code>stop</code>: a stop, a stop.</p>"
    >>> linked = link_terms(html, Linker("rulesets/peel.md"), [stop])
    >>> print(linked)  # doctest: +NORMALIZE_WHITESPACE
    <h2>Stops</h2><p>A <code>stop</code>: a <a class="pj-term" href="../../glossary/#term-stop"
    title="Stop: A card that ends a run.">stop</a>, a stop.</p>
    """
    unused = list(terms)
    inside: dict[str, int] = {}
    blocked = 0  # the sum of ``inside``: how many unlinked elements the text lies in
    some_term = _any_term(tuple((t.pattern, t.case_sensitive) for t in terms))
    out: list[str] = []
    for token, tag in _tokens(html):
        if tag is None:
            linkable = not blocked and unused and some_term.search(token)
            out.append(_link_text(token, unused, linker) if linkable else token)
            continue
        out.append(token)
        name = (tag.group(2) or "").lower()
        if not name:
            continue  # a comment
        closing, self_closing = tag.group(1) == "/", tag.group(3) == "/"
        if name == SECTION and not closing:
            unused = list(terms)
        if name in UNLINKED and not self_closing:
            before = inside.get(name, 0)
            inside[name] = max(0, before + (-1 if closing else 1))
            blocked += inside[name] - before
    return "".join(out)


@cache
def _any_term(patterns: tuple[tuple[str, bool], ...]) -> re.Pattern[str]:
    """One pattern that finds any of the terms (each ``(pattern, case_sensitive)``), to pass
    over quickly the text that holds none."""
    parts = [f"(?:{p})" if sensitive else f"(?i:{p})" for p, sensitive in patterns]
    return re.compile("|".join(parts) or "(?!)")


def glossed(page: str, also: Sequence[str] = ()) -> bool:
    """Whether the page (its path in the docs folder) links its terms to the glossary."""
    return page.startswith(GLOSSED) or page in also
