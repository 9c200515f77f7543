"""The glossary: the period terms of the game in plain words, the passages of the sources that
use each, and the pass that links a term's first use in each section of a page to its definition.

The definitions are the project's own words. The passages are chosen by reading the texts, as an
editor would: for each term, the first or clearest use in each source the rulesets follow, each
using the word in the glossary's sense, with a few of the book's words to find it by
(:attr:`Term.uses`; :func:`misplaced_uses` checks that the words are at their lines). The link
pass (:func:`link_terms`) works on a page's HTML after Markdown has made it, so it can tell where
a word stands: it never links inside a heading, a link, code, a form control or a drawing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache

from markupsafe import Markup

from ..core.citations import Citation
from ..core.saferead import ReadError, read_text_lines
from ..rules.loader import SourceTexts
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
    """A regular expression for the term and its forms, in the site's prose."""
    case_sensitive: bool = False
    """Whether only the capitalised word is the term (``Game``, not the game itself)."""
    uses: tuple[Citation, ...] = ()
    """Passages of the sources that use the term in this sense, oldest source first: each a
    citation whose quote is a few of the book's words at its lines; a modern page, cited but
    not reproduced, is named by its line alone (no quote)."""
    forms: str | None = None
    """A regular expression for the words the sources use for the term, where they differ from
    :attr:`pattern` (``first out`` for going out); each use's words hold one of them."""

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
    def in_sources(self) -> re.Pattern[str]:
        """The term as the sources write it, in any case (they write ``game`` and ``pope`` for
        the compartments as often as ``Game`` and ``Pope``)."""
        return _compiled(self.forms or self.pattern, False)

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


# --------------------------------------------------------------------------------------------
# The passages of the sources that use each term

FILES = {
    "001": "001_fbe84554a0fae769.txt",
    "002": "002_3e5828ade67e0df0.txt",
    "003": "003_a16857812c58f9d2.txt",
    "004": "004_fe59da228b409473.txt",
    "005": "005_hoyle-games-improved_pope.txt",
    "007": "007_cassell-indoor-amusements-1881_pope-joan-spinado-matrimony.txt",
    "010": "010_enquire-within_matrimony.txt",
    "011": "011_britannica-1911_matrimony.txt",
    "012": "012_cassell-indoor-amusements_pope-joan-spinado_complete.txt",
    "013": "013_hoffmann-hoyle-modernized-1909_pope-joan_complete.txt",
    "014": "014_squareman-indoor-games-1916_pope-joan_complete.txt",
    "016": "016_peel-round-games-1891_pope-joan-spin-newmarket_pp80-96.txt",
}
"""The source files the glossary cites, by number: the texts the rulesets follow, the whole
copies of a book rather than the part copies (012 rather than 007 for Cassell's Pope Joan; 007
for its Matrimony, which only it holds)."""


def _use(number: str, lines: str, words: str | None = None) -> Citation:
    """A passage: the source file by number, its lines (``"18"``, ``"40-41"``), and a few of
    its words (none for a modern page)."""
    first, _, last = lines.partition("-")
    return Citation(FILES[number], int(first), int(last or first), words)


TERMS: tuple[Term, ...] = (
    Term(
        "Board",
        "The tray the counters are staked on, divided into compartments, one for each prize. "
        "Where a source has no board, cards or divisions set out on the table serve instead "
        "(see layout).",
        r"\bboards?\b",
        uses=(
            _use("005", "12", "who generally use a board painted for the purpose"),
            _use("012", "18-19", "a round board must be provided"),
            _use("016", "18", "a special board, or a pool with eight compartments"),
            _use(
                "013",
                "18-19",
                "a special board, consisting of a circular tray revolving round a centre pillar",
            ),
        ),
    ),
    Term(
        "Compartment",
        "One division of the board, holding the counters staked on one prize: the Pope, "
        "Matrimony, Game and the rest. The sources also call them divisions or pools.",
        r"\bcompartments?\b",
        uses=(
            _use(
                "012",
                "21-22",
                "divided into eight compartments, each of which is meant to hold the counters",
            ),
            _use("016", "76", "either of the compartments except Game"),
            _use("013", "32", "the counters in the corresponding compartment of the board"),
            _use("014", "31-32", "the counters in Pope's compartment"),
        ),
    ),
    Term(
        "Confederacy",
        "In Matrimony, the prize for holding a king and a jack. Some variations of Pope Joan "
        "give it a compartment too, won by the king and the jack of trumps.",
        r"\bConfederacy\b",
        case_sensitive=True,
        uses=(
            _use("007", "104", "King and knave (confederacy)"),
            _use("003", "2", "any King and Jack is Confederacy"),
            _use("004", "22", "Confederacy, King and Jack of trumps"),
            _use("011", "11-12", "any king and knave \u201cConfederacy\u201d"),
        ),
    ),
    Term(
        "Counters",
        "The tokens the game is played for: staked on the board, won from it and paid between "
        "the players. What a counter is worth is for the table to agree.",
        r"\bcounters?\b",
        uses=(
            _use("005", "15", "putting fish, counters, or other stakes"),
            _use("016", "37-38", "fifteen (or more) counters or coins to form a pool"),
            _use("013", "22-23", "three or four dozen counters bearing an agreed value"),
            _use("011", "13", "a number of counters, to which an agreed value has been given"),
        ),
    ),
    Term(
        "Dressing",
        "Staking counters on the compartments before a deal: dressing the board. Who dresses "
        "it, and with how many counters on each compartment, is where the sources differ most.",
        r"\bdress(?:es|ed|ing)?\b",
        uses=(
            _use("005", "15", "the dealer dresses the board"),
            _use("012", "28", "the dressing of the board"),
            _use("004", "14", "the dealer must dress the layout"),
            _use(
                "014",
                "20-21",
                'must next "dress the board," that is, he must put counters into the pools',
            ),
        ),
    ),
    Term(
        "Dummy",
        "The modern rules pages' name for the spare hand: cards dealt to no player, which lie "
        "face down through the deal.",
        r"\bdumm(?:y|ies)\b",
        uses=(_use("001", "17"), _use("002", "30")),
    ),
    Term(
        "Elder hand",
        "The player on the dealer's left, who leads first, and who comes first where a tie is "
        "settled by seat. Also called the eldest hand.",
        r"\beld(?:er|est) hands?\b",
        uses=(
            _use("005", "26", "the eldest hand begins by playing out"),
            _use("007", "98-99", "the stake is gained by the elder hand"),
            _use(
                "016", "86-87", "the elder hand, that is, the player on the left-hand side of the"
            ),
            _use("004", "16", "The eldest hand begins by leading any card he pleases"),
        ),
    ),
    Term(
        "Game",
        "The compartment won by going out first: the first player to play all their cards takes "
        "what lies on it. It is written with a capital to tell it from the game itself.",
        r"\bGame\b",
        case_sensitive=True,
        uses=(
            _use("005", "15-16", "one each to ace, king, queen, knave, and game"),
            _use(
                "016",
                "41-42",
                "Game, which latter is secured by the player who first succeeds in disposing of "
                "all the cards",
            ),
            _use("013", "60", 'all the counters in the "Game" compartment'),
            _use("014", "44-45", 'he wins the counters in the "game" compartment'),
        ),
    ),
    Term(
        "Going out",
        "Playing the last card in one's hand, which ends the deal. The first player to go out "
        "takes Game and, in most sources, is paid for the cards the others still hold.",
        r"\b(?:go|goes|going|gone|went) out\b",
        uses=(
            _use("012", "83", "the object aimed at by the players is to be first out"),
            _use("016", "184", "Game, or first out"),
            _use("013", "59", 'until some one of the players is "out,"'),
        ),
        forms=r"\bout\b",
    ),
    Term(
        "Honours",
        "The ace, king, queen and jack of trumps, each of which wins a compartment of its own "
        "on the boards that have one for it.",
        r"\bhonou?rs?\b",
        uses=(_use("004", "22", "just as with the honours in trumps"),),
    ),
    Term(
        "Intrigue",
        "The compartment won by playing the queen and the jack of trumps, in some sources only "
        "when one player plays both. In Matrimony, the prize for holding a queen and a jack.",
        r"\bIntrigue\b",
        case_sensitive=True,
        uses=(
            _use("005", "36-37", "queen and knave intrigue, when in the same hand"),
            _use("016", "41", "Intrigue (queen and knave of trumps)"),
            _use("003", "2", "any Queen and Jack is Intrigue"),
            _use("013", "22", '"Intrigue" that of knave and queen'),
        ),
    ),
    Term(
        "Knave",
        "The older name for the jack. A board's compartment for the jack of trumps is the Knave.",
        r"\bknaves?\b",
        uses=(
            _use("005", "23", "an ace, a king, a queen, or a knave"),
            _use("012", "37", "ace, king, queen, or knave happen to be turned up"),
            _use("016", "41", "Ace, King, Queen, Knave (of trumps)"),
            _use("013", "90", "the Ace, King, Queen and Knave compartments"),
        ),
    ),
    Term(
        "Layout",
        "Cards or divisions set out on the table to stake on, in place of a board. Foster's "
        "Pope Joan lays out five cards; Matrimony is played on a layout of five divisions.",
        r"\blayouts?\b",
        uses=(
            _use(
                "003", "3", "distributes them as he pleases on the various divisions of the layout"
            ),
            _use(
                "004", "14", "the dealer must dress the layout, by putting one counter upon the Ten"
            ),
        ),
    ),
    Term(
        "Matrimony",
        "The compartment won by playing the king and the queen of trumps, in some sources only "
        "when one player plays both. Also an older game, whose hands are shown rather than "
        "played, on a layout of five divisions that Pope Joan's board takes after.",
        r"\bMatrimony\b",
        case_sensitive=True,
        uses=(
            _use("005", "11", "a game somewhat similar to that of Matrimony"),
            _use("007", "81", "The simple, amusing game of Matrimony"),
            _use("012", "30", "Six are given to pope, two to matrimony"),
            _use("016", "40-41", "Matrimony (king and queen of trumps)"),
        ),
    ),
    Term(
        "Pool",
        "The counters put up together before a deal, to be shared out over the compartments. "
        "A compartment and the counters on it are sometimes called a pool too.",
        r"\bpools?\b",
        uses=(
            _use("010", "23-24", "The ace of diamonds turned up takes the whole pool"),
            _use("016", "37-38", "counters or coins to form a pool"),
            _use("004", "22", "will take the pool for the combination"),
            _use("014", "21", "he must put counters into the pools"),
        ),
    ),
    Term(
        "Pope",
        "The nine of diamonds in most sources, the seven in some, and the compartment it wins, "
        "the richest on the board. Some sources call the compartment Pope Joan, after the game.",
        r"\bPope\b(?! Joan)",
        case_sensitive=True,
        uses=(
            _use("005", "16-17", "six to the nine of diamonds, styled pope"),
            _use("016", "144", "in addition to that on Pope"),
            _use("004", "14", "five on the Pope, which is the Seven (or the Nine) of diamonds"),
            _use("013", "20", "Pope (the nine of diamonds)"),
        ),
    ),
    Term(
        "Run",
        "Cards of one suit played one after another, each the next card up from the last, by "
        "whoever holds it, until a stop. Some sources call it a sequence.",
        r"\bruns?\b|\bsequences?\b",
        uses=(
            _use("005", "31", "the other players are to follow in sequence of the same suit"),
            _use(
                "016",
                "87-88",
                "the other players have to follow on in the same suit and in sequence",
            ),
            _use("004", "16", "The next player on his left then continues the sequence if he can"),
            _use("013", "39", "the run of that particular lead can be continued no further"),
        ),
    ),
    Term(
        "Spare hand",
        "A hand dealt to no player, which lies face down through the deal. Its cards are never "
        "played, so the card below each is a stop that nobody can foresee. Some sources call it "
        "the extra hand.",
        r"\bspare hands?\b",
        uses=(
            _use("012", "42-43", "an extra hand is placed in the middle of the table"),
            _use("016", "51-52", "dealing a spare hand, which is left unexposed on the table"),
            _use("013", "29", "dealt round one by one, but with an extra hand"),
        ),
        forms=r"\b(?:spare|extra) hands?\b",
    ),
    Term(
        "Stake",
        "Counters laid on a compartment, or paid in as a player's share of the pool; to stake "
        "is to lay them there.",
        r"\bstak(?:e|es|ed|ing)\b",
        uses=(
            _use("010", "17", "when the dealer stakes twelve"),
            _use(
                "007", "87-88", "their stakes must all be one counter at least less than the dealer"
            ),
            _use("012", "66-67", "the stakes deposited in their particular compartments"),
            _use("016", "44-45", "collecting the stakes from the several players"),
        ),
    ),
    Term(
        "Stock",
        "The cards left over once the hands are dealt, lying face down and out of play: in some "
        "sources instead of a spare hand.",
        r"\bstock\b",
        uses=(
            _use("005", "19", "about six or eight left in the stock to form stops"),
            _use(
                "004",
                "16",
                "the card must be in the stock, which remains on the table face down and unseen",
            ),
        ),
    ),
    Term(
        "Stop",
        "The card that ends a run, because the card next above it cannot be played: a king, a "
        "card below one taken out of the pack, below the turn-up, below a card in the spare "
        "hand, or below one already played. Whoever plays a stop leads next. A known stop is "
        "one that its holder can count on.",
        r"\bstops?\b",
        uses=(
            _use("005", "20", "the nine consequently becomes a stop"),
            _use("012", "55-56", "The person playing a stop always leads next"),
            _use(
                "016", "21", "what is termed a stop, that is, a break in the sequence of the cards"
            ),
            _use("013", "38", 'seven what is called a "stop,"'),
        ),
    ),
    Term(
        "Trumps",
        "The suit whose honours win compartments in a deal, in most sources the suit of the "
        "turn-up. They win no tricks: Pope Joan has none.",
        r"\btrumps?\b",
        uses=(
            _use("005", "19", "one turned up for trump"),
            _use("012", "32-33", "the last card deciding for trumps"),
            _use("016", "111-112", "taking the stake on Matrimony, as hearts are trumps"),
            _use("013", "51", "the ace, king, queen or knave of the trump suit"),
        ),
    ),
    Term(
        "Turn-up",
        "The card turned face up once the hands are dealt, which names trumps. When it is the "
        "card of a compartment, the dealer is paid from that compartment.",
        r"\bturn(?:-ups?|ed up)\b",
        uses=(
            _use("005", "23", "If the trump turned up should be an ace"),
            _use("012", "37", "happen to be turned up, the dealer has the privilege"),
            _use("016", "24", "The turn-up or trump card"),
            _use("013", "31", "Should the turn-up be Pope"),
        ),
    ),
)


def _folded(text: str) -> str:
    """Text compared as a citation's quote is: spaces and line ends alike, any case."""
    return " ".join(text.replace("--", " ").split()).casefold()


def misplaced_uses(texts: SourceTexts, terms: Sequence[Term] = TERMS) -> Iterator[str]:
    """Each problem with the terms' uses, in words: a term with none, a kept text's passage
    without its words, or whose words are not at its lines, lie outside the book's text, or do
    not hold the term; a modern page's passage quoted (it is named by its line alone). A
    modern page's line, when its text is at hand, must hold the term."""
    for term in terms:
        if not term.uses:
            yield f"{term.term}: no passage of the sources uses it"
        for use in term.uses:
            where = f"{term.term}: {use.locator}"
            modern = use.source in texts.cited_only
            if modern and use.quote is not None:
                yield f"{where}: a modern page is named by its line, never quoted"
                continue
            if not modern and not use.quote:
                yield f"{where}: no words to find the passage by"
                continue
            found = texts.find(use.source)
            if found is None:
                if not texts.unchecked(use.source):
                    yield f"{where}: no such source text"
                continue
            try:
                lines = read_text_lines(found)
            except ReadError as error:
                yield f"{where}: {error.reason}"
                continue
            if not 1 <= use.first_line <= use.last_line <= len(lines):
                yield f"{where}: the text has {len(lines)} lines"
                continue
            marked = texts.outside_text(use.source, use.first_line, use.last_line)
            if marked is not None:
                yield f"{where}: lines {marked.lines} are not the book's text but {marked.what}"
            passage = " ".join(lines[use.first_line - 1 : use.last_line])
            words = passage if use.quote is None else use.quote
            if use.quote is not None and _folded(use.quote) not in _folded(passage):
                yield f"{where}: the words {use.quote!r} are not there"
            elif not term.in_sources.search(_folded(words).replace('"', "")):
                yield f"{where}: the words {words!r} do not hold the term"


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
