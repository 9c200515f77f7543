"""Collation: witnesses of a text aligned word by word, as editors collate them.

Two passages are compared by their words, normalised so that only wording counts: case,
punctuation, accents, the long s and ligatures are set aside (:func:`normalise`). Two measures
come from that:

- the words two passages share in common runs of at least ``least`` words
  (:func:`shared_words`), which says whether, and how much, one text follows the other;
- the words that differ between them (:func:`differences`), which the site marks.

Nothing here reads a file or knows the site: it works on lines of text given to it.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from difflib import SequenceMatcher

__all__ = [
    "LEAST_RUN",
    "Diff",
    "Token",
    "differences",
    "normalise",
    "runs",
    "shared",
    "shared_words",
    "tokens",
]

LEAST_RUN = 5
"""The fewest words in a row two texts must share for it to count as shared wording: shorter
runs ("the nine of diamonds") are the game's common vocabulary, not one text following
another."""

_SPELLINGS = str.maketrans({"æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ß": "ss", "&": "and"})
_WORD = re.compile(r"\S+")
_PAGE_MARK_START = "[p."
_PAGE_MARK_END = re.compile(r"^[0-9]{1,5}\][.,;:]*$")


def normalise(word: str) -> str:
    """A word as it is compared: lower case, without punctuation, accents, the long s or
    ligatures; empty for a word that is all punctuation.

    >>> normalise("Knave,"), normalise("\u017ftake"), normalise("Œuvre"), normalise("ﬁsh")
    ('knave', 'stake', 'oeuvre', 'fish')
    >>> normalise("—")
    ''
    >>> normalise("Pope's"), normalise("a-piece"), normalise("&c.")
    ('popes', 'apiece', 'andc')
    """
    folded = unicodedata.normalize("NFKD", word.translate(_SPELLINGS))
    return "".join(c for c in folded.lower() if c.isalnum())


@dataclass(frozen=True)
class Token:
    """A word of a passage: as printed, as compared, and the line it is on."""

    text: str
    norm: str
    """Empty for what is not compared (punctuation, a page mark, the second half of a word
    broken over two lines)."""
    line: int


def tokens(lines: Iterable[tuple[int, str]]) -> tuple[Token, ...]:
    """The words of numbered lines. A word broken over two lines with a hyphen is compared
    whole (on its first half), and the copy's page marks (``[p. 83]``) are not compared.

    >>> [(t.text, t.norm, t.line) for t in tokens([(4, "a stake a-"), (5, "piece [p. 9] paid")])]
    ... # doctest: +NORMALIZE_WHITESPACE
    [('a', 'a', 4), ('stake', 'stake', 4), ('a-', 'apiece', 4), ('piece', '', 5),
     ('[p.', '', 5), ('9]', '', 5), ('paid', 'paid', 5)]
    """
    found: list[Token] = []
    for number, text in lines:
        for match in _WORD.finditer(text):
            word = match.group()
            norm = normalise(word)
            before = found[-1] if found else None
            if (
                before is not None
                and before.text == _PAGE_MARK_START
                and _PAGE_MARK_END.match(word)
            ) or word == _PAGE_MARK_START:
                norm = ""
            elif (
                before is not None
                and before.line != number
                and before.text.endswith("-")
                and not before.text.endswith("--")
                and word[:1].islower()
            ):
                found[-1] = Token(before.text, before.norm + norm, before.line)
                norm = ""
            found.append(Token(word, norm, number))
    return tuple(found)


def _words(passage: Sequence[Token]) -> list[tuple[int, str]]:
    """The compared words of a passage, each with its place among the passage's tokens."""
    return [(i, t.norm) for i, t in enumerate(passage) if t.norm]


def shared(a: Sequence[str], b: Sequence[str], least: int = LEAST_RUN) -> frozenset[int]:
    """The places of the words of ``a`` that lie in a run of at least ``least`` words that
    ``b`` also has (in any place).

    >>> sorted(shared("one to each ace king and queen".split(), "put one to each ace king".split()))
    [0, 1, 2, 3, 4]
    >>> shared("a b c d".split(), "a b c d".split(), least=5)
    frozenset()
    """
    if least < 1:
        raise ValueError("a shared run has at least one word")
    theirs = {tuple(b[i : i + least]) for i in range(len(b) - least + 1)}
    covered: set[int] = set()
    for i in range(len(a) - least + 1):
        if tuple(a[i : i + least]) in theirs:
            covered.update(range(i, i + least))
    return frozenset(covered)


def runs(places: Iterable[int]) -> int:
    """How many separate runs a set of word places makes.

    >>> runs([0, 1, 2, 7, 8, 12]), runs([])
    (3, 0)
    """
    ordered = sorted(set(places))
    return sum(1 for i, place in enumerate(ordered) if i == 0 or ordered[i - 1] != place - 1)


@dataclass(frozen=True)
class Overlap:
    """What two passages share: the words of each in common runs, and how many runs."""

    first: int
    """Words of the first passage in runs the second also has."""
    second: int
    runs: int
    """Runs in the first passage."""
    first_words: int
    """All the compared words of the first passage."""
    second_words: int

    @property
    def share(self) -> float:
        """The larger of the two passages' shares of their words in common runs: 1.0 when one
        passage is wholly in the other."""
        shares = [
            part / whole
            for part, whole in ((self.first, self.first_words), (self.second, self.second_words))
            if whole
        ]
        return max(shares, default=0.0)


def shared_words(
    a: Sequence[Token] | Sequence[str], b: Sequence[Token] | Sequence[str], least: int = LEAST_RUN
) -> Overlap:
    """The words two passages share in common runs of at least ``least`` words.

    >>> hoyle = tokens([(1, "the four kings and the seven of diamonds are always fixed stops")])
    >>> later = tokens([(9, "the four Kings and the Seven of diamonds are also always stops.")])
    >>> o = shared_words(hoyle, later)
    >>> o.first, o.second, o.runs, o.first_words
    (9, 9, 1, 12)
    """
    first = _norms(a)
    second = _norms(b)
    ours = shared(first, second, least)
    theirs = shared(second, first, least)
    return Overlap(len(ours), len(theirs), runs(ours), len(first), len(second))


def _norms(passage: Sequence[Token] | Sequence[str]) -> list[str]:
    return [
        t if isinstance(t, str) else t.norm
        for t in passage
        if (t if isinstance(t, str) else t.norm)
    ]


ANCHOR = 3
"""The fewest words in a row two passages must have alike for the alignment to hold to them:
a lone "the" or "of" alike in two different sentences does not align them."""

VARIANT = 8
"""The most words a difference between two aligned stretches may span on either side to count
as a variant reading; a longer one is other matter, not a variant."""


@dataclass(frozen=True)
class Diff:
    """How a passage differs from the one it is compared with, word by word."""

    same: frozenset[int]
    """The places (among the passage's tokens) of its words aligned with the other passage's,
    in stretches of at least :data:`ANCHOR` words."""
    changed: frozenset[int]
    """The places of its words that stand, between two aligned stretches, where the other
    passage has other words or none: its variant readings."""
    dropped: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    """The other passage's words that this one lacks between two aligned stretches, as printed
    there, by the place of the token they would stand before."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "dropped", dict(self.dropped))


def differences(passage: Sequence[Token], other: Sequence[Token]) -> Diff:
    """The words of ``passage`` aligned with ``other`` and those that differ from it, aligned
    word by word (:class:`difflib.SequenceMatcher` over the compared words). Only a short
    difference between two aligned stretches is a variant; the rest of each passage is
    matter the other does not have, and is neither.

    >>> hoyle = tokens([(1, "so the dealer dresses the board, one to each ace, king, knave,")])
    >>> hoyle += tokens([(2, "and the game")])
    >>> later = tokens([(5, "So the dealer must dress the board: one to each ace, king, jack,")])
    >>> later += tokens([(6, "and the game")])
    >>> diff = differences(later, hoyle)
    >>> [later[i].text for i in sorted(diff.changed)]
    ['must', 'dress', 'jack,']
    >>> {later[i].text: words for i, words in diff.dropped.items()}
    {'must': ('dresses',), 'jack,': ('knave,',)}
    >>> " ".join(later[i].text for i in sorted(diff.same))
    'So the dealer the board: one to each ace, king, and the game'
    """
    ours = _words(passage)
    theirs = _words(other)
    matcher = SequenceMatcher(None, [w for _, w in ours], [w for _, w in theirs], autojunk=False)
    # The alignment holds to stretches alike of ANCHOR words or more (or a shorter one between
    # two such, as "and" in "king, and"): each gap between two of them is a difference.
    blocks = [b for b in matcher.get_matching_blocks() if b.size]
    anchors = [b for b in blocks if b.size >= ANCHOR]
    same: set[int] = set()
    changed: set[int] = set()
    dropped: dict[int, tuple[str, ...]] = {}
    for block in anchors:
        same.update(place for place, _ in ours[block.a : block.a + block.size])
    for before, after in itertools.pairwise(anchors):
        i1, i2 = before.a + before.size, after.a
        j1, j2 = before.b + before.size, after.b
        if max(i2 - i1, j2 - j1) > VARIANT:
            continue
        inner = [b for b in blocks if i1 <= b.a and b.a + b.size <= i2 and j1 <= b.b]
        kept = {b.a + k for b in inner for k in range(b.size)}
        same.update(ours[i][0] for i in kept)
        changed.update(ours[i][0] for i in range(i1, i2) if i not in kept)
        matched_theirs = {b.b + k for b in inner for k in range(b.size)}
        lost = tuple(other[theirs[j][0]].text for j in range(j1, j2) if j not in matched_theirs)
        if lost:
            at = next((ours[i][0] for i in range(i1, i2) if i not in kept), ours[i2][0])
            dropped[at] = lost
    return Diff(frozenset(same), frozenset(changed), dropped)
