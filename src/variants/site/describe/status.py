"""A ruleset's status: whether its copy of the source is whole, and how much had to be supplied.

The badge says what it means: the state of the text (a complete text, one that has lost
passages, or a modern page), and how many rules the project had to supply, counted, with how
many of those were taken from other sources. This module also finds which other sources supply
what a copy has lost.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ...mechanics.ruleset import (
    COMPLETE_TEXT,
    INCOMPLETE_TEXT,
    Gap,
    Interpretation,
    Ruleset,
    supplied_label,
)
from ...mechanics.ruleset import MODERN_PAGE as MODERN_PAGE
from .words import ORDINALS, plural


@dataclass(frozen=True)
class Status:
    label: str
    """How much had to be supplied, in words, with the count."""
    supplied: int
    """Interpretations that supply a rule the text does not give (silent or lost)."""
    lost: int
    """Of those, the ones whose passage is missing from the copy."""
    interpretations: int
    complete: bool
    gaps: tuple[Gap, ...] = ()
    """The gaps in what the ruleset follows."""
    elsewhere: tuple[Gap, ...] = ()
    """The gaps in parts of its files that the ruleset does not follow."""
    modern: bool = False
    """Whether the source is a modern page (cited, not reproduced)."""
    from_others: int = 0
    """Of the rules supplied, those taken from other sources."""

    @property
    def slug(self) -> str:
        """The supplied badge's style: none supplied, or some."""
        return "supplied" if self.supplied else "supplied-none"

    @property
    def copy(self) -> str:
        """The text's state in words, for its badge."""
        if self.modern:
            return MODERN_PAGE
        return COMPLETE_TEXT if self.complete else INCOMPLETE_TEXT

    @property
    def copy_slug(self) -> str:
        if self.modern:
            return "modern"
        return "complete" if self.complete else "incomplete"

    @property
    def readings(self) -> int:
        """Interpretations that choose between readings of words the text has."""
        return self.interpretations - self.supplied

    @property
    def title(self) -> str:
        """The badge's tooltip.

        >>> status_for(2, 7).title
        '2 of 7 interpretations give a rule the text does not'
        """
        return (
            f"{self.supplied} of {plural(self.interpretations, 'interpretation')} give a rule "
            "the text does not"
        )

    @property
    def copy_title(self) -> str:
        """The text badge's tooltip."""
        if self.modern:
            return "a modern page: cited by its lines, not reproduced"
        if self.complete:
            return "the copy of what the ruleset follows is whole"
        return f"{plural(len(self.gaps), 'passage')} missing from the copy"


def status_for(supplied: int, interpretations: int | None = None) -> Status:
    """The status of a ruleset with a complete copy and ``supplied`` rules supplied.

    >>> [status_for(n).label for n in (0, 1, 3)]
    ['no rule supplied', '1 rule supplied', '3 rules supplied']
    """
    total = supplied if interpretations is None else interpretations
    return Status(supplied_label(supplied), supplied, 0, total, True)


def ruleset_status(ruleset: Ruleset, modern: bool = False) -> Status:
    """``modern`` when the source is a modern page (the bibliography says so)."""
    return Status(
        label=supplied_label(ruleset.supplied_count, ruleset.supplied_elsewhere),
        supplied=ruleset.supplied_count,
        lost=sum(1 for item in ruleset.interpretations if item.lost),
        interpretations=len(ruleset.interpretations),
        complete=ruleset.source.complete,
        gaps=tuple(gap for gap in ruleset.source.gaps if not gap.outside),
        elsewhere=tuple(gap for gap in ruleset.source.gaps if gap.outside),
        modern=modern,
        from_others=ruleset.supplied_elsewhere,
    )


def status_rule() -> str:
    """What the badges say, in a sentence.

    >>> status_rule()[:60]
    'The first badge says whether the text is a “complete text”, '
    """
    return (
        f"The first badge says whether the text is a “{COMPLETE_TEXT}”, a “{INCOMPLETE_TEXT}” "
        f"that has lost passages, or a “{MODERN_PAGE}”, cited but not reproduced. The second "
        "counts the rules the project had to supply, because the text never states them or "
        "its copy has lost them, and how many of those were taken from other sources."
    )


def gap_text(gap: Gap) -> str:
    """A gap in words, its place and what it holds.

    >>> gap_text(Gap("a.txt", 12, None, "the dressing and the deal"))
    'the dressing and the deal (after line 12)'
    >>> gap_text(Gap("a.txt", 40, None, "the end of Spin", outside=True))
    'the end of Spin (after line 40), in a part the ruleset does not follow'
    """
    placed = f"{gap.missing} ({gap.where})"
    return f"{placed}, in a part the ruleset does not follow" if gap.outside else placed


def gap_places(ruleset: Ruleset) -> dict[Gap, str]:
    """Each gap's place in words, naming which of the source's texts it is in when there are
    several (the first, the second...), so that no file name reaches the prose."""
    files = [file.name for file in ruleset.source.files]
    places: dict[Gap, str] = {}
    for gap in ruleset.source.gaps:
        index = files.index(gap.file)
        several = len(files) > 1 and index < len(ORDINALS)
        places[gap] = f"{gap.where} of the {ORDINALS[index]} text" if several else gap.where
    return places


def source_number(file: str) -> str:
    """The number a source file is called by: ``005`` for ``005_hoyle.txt``."""
    return file.split("_", 1)[0].removesuffix(".txt")


@dataclass(frozen=True)
class Supplier:
    """A source a reading is supplied from: its file, and the ruleset built on it, if any."""

    file: str
    ruleset: Ruleset | None
    own: bool = False
    """Whether the file is one of the supplied ruleset's own (another passage of its source)."""

    @property
    def number(self) -> str:
        """The source's number, as the sources are called (``005``).

        >>> Supplier("005_hoyle.txt", None).number
        '005'
        """
        return source_number(self.file)


SameBook = Callable[[str, str], bool]
"""Whether two source files are texts of the same book."""


def suppliers(
    item: Interpretation,
    rulesets: Iterable[Ruleset],
    own: Ruleset | None = None,
    same_book: SameBook | None = None,
) -> tuple[Supplier, ...]:
    """The sources an interpretation's reading is supplied from, each once, in citation order;
    each with the ruleset whose source it is, when there is one. Files of ``own`` (the
    interpretation's ruleset) that are texts of its source's book (``same_book`` with its first
    file; every file of ``own`` when not given) are its source's other passages, named once
    however many."""
    owners: dict[str, Ruleset] = {}
    for ruleset in rulesets:
        for file in ruleset.source.files:
            owners.setdefault(file.name, ruleset)
    mine: set[str] = set()
    if own is not None:
        first = own.source.files[0].name
        mine = {
            file.name
            for file in own.source.files
            if same_book is None or same_book(first, file.name)
        }
    names = list(dict.fromkeys(citation.source for citation in item.supplied_by))
    first_own = next((name for name in names if name in mine), None)
    return tuple(
        Supplier(name, own if name in mine else owners.get(name), name in mine)
        for name in names
        if name not in mine or name == first_own
    )


def supplied_marks(
    ruleset: Ruleset, rulesets: Iterable[Ruleset], same_book: SameBook | None = None
) -> dict[str, tuple[Supplier, ...]]:
    """For each interpretation that takes its reading from other sources, those sources."""
    every = tuple(rulesets)
    return {
        item.id: suppliers(item, every, ruleset, same_book)
        for item in ruleset.interpretations
        if item.supplied_by
    }


def supplying_files(rulesets: Iterable[Ruleset]) -> dict[str, list[tuple[Ruleset, Interpretation]]]:
    """Every file some reading is supplied from, with the rulesets and interpretations it
    supplies, in the order the rulesets and their interpretations come."""
    found: dict[str, list[tuple[Ruleset, Interpretation]]] = {}
    for ruleset in rulesets:
        for item in ruleset.interpretations:
            for name in dict.fromkeys(citation.source for citation in item.supplied_by):
                found.setdefault(name, []).append((ruleset, item))
    return found
