"""The timeline: the sources in the order they were written, and what each changed from the one
before it, read from the rulesets' comparison rows; with the dates the rulesets cannot give
(when the game's name is first recorded, when a Hoyle first printed it), each with its
secondary source."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from markupsafe import Markup, escape

from ..mechanics.ruleset import HOME_GAME, Ruleset
from . import compare as cmp
from .readings import Reading, reading_at


@dataclass(frozen=True)
class Change:
    """One rule that differs from the ruleset before: its row, and the value before and now."""

    label: str
    anchor: str
    before: str
    now: str
    before_reading: Reading | None = None
    """The interpretation the rule before rests on, where it was the project's reading."""
    now_reading: Reading | None = None
    """The interpretation the rule now rests on, where it is the project's reading."""


@dataclass(frozen=True)
class Entry:
    """A source on the timeline, with the rules it changed from the one before it."""

    ruleset: Ruleset
    previous: Ruleset | None
    changes: tuple[Change, ...]


@dataclass(frozen=True)
class Milestone:
    """A dated fact the rulesets do not give, with the secondary source it is taken from."""

    year: int
    when: str
    text: str
    cited: str


MILESTONES: tuple[Milestone, ...] = (
    Milestone(
        1732,
        "1732",
        "The game's name is first recorded.",
        "the Oxford English Dictionary, as cited by David Parlett",
    ),
    Milestone(
        1814,
        "1814 or 1826",
        "A Hoyle first prints rules for Pope Joan. Some date that edition 1814 and others 1826; "
        "the disagreement is recorded here, not settled.",
        "David Parlett, “Pope Joan”, in his history of card games",
    ),
)


def in_order(rulesets: Sequence[Ruleset]) -> list[Ruleset]:
    """The rulesets by their source's year (those without one last), then by id."""
    return sorted(rulesets, key=lambda r: (r.source.year is None, r.source.year or 0, r.id))


NOT_RULES = frozenset({"options"})
"""Comparison rows that are not a rule (the variations a ruleset offers)."""


def changes(before: Ruleset, now: Ruleset) -> tuple[Change, ...]:
    """The comparison rows whose value differs between two rulesets' default rules."""
    found: list[Change] = []
    for dimension in cmp.DIMENSIONS:
        if dimension.id in NOT_RULES:
            continue
        old, new = dimension.value(before), dimension.value(now)
        if dimension.key(before, old) != dimension.key(now, new):
            anchor = dimension.anchor(now.rules)
            found.append(
                Change(
                    dimension.label,
                    anchor,
                    old,
                    new,
                    reading_at(before, dimension.anchor(before.rules)),
                    reading_at(now, anchor),
                )
            )
    return tuple(found)


def entries(rulesets: Sequence[Ruleset]) -> list[Entry]:
    """Each ruleset in date order, with what changed from the one before it of the same game
    (a relative of Pope Joan, as Spin, is compared with the sources of its own game)."""
    found: list[Entry] = []
    last: dict[str, Ruleset] = {}
    for ruleset in in_order(rulesets):
        previous = last.get(ruleset.source.game)
        found.append(
            Entry(ruleset, previous, changes(previous, ruleset) if previous is not None else ())
        )
        last[ruleset.source.game] = ruleset
    return found


def timeline(rulesets: Sequence[Ruleset]) -> list[Entry | Milestone | OlderText]:
    """The milestones, the relatives' older texts and the rulesets' entries, by year (a
    milestone or an older text before a source of the same year)."""
    items: list[tuple[tuple[int, int, int], Entry | Milestone | OlderText]] = [
        ((m.year, 0, index), m) for index, m in enumerate(MILESTONES)
    ]
    items += [((t.year, 0, 100 + index), t) for index, t in enumerate(older_texts(rulesets))]
    for index, entry in enumerate(entries(rulesets)):
        year = entry.ruleset.source.year
        items.append(((10_000 if year is None else year, 1, index), entry))
    return [item for _, item in sorted(items, key=lambda pair: pair[0])]


# --------------------------------------------------------------------------------------------
# The time axis

MarkKind = Literal["home", "relative", "older", "date"]
"""A ruleset of Pope Joan; a ruleset of a relative; a text of a relative the project has no
ruleset for; a date a secondary source or a later edition gives."""


@dataclass(frozen=True)
class Mark:
    """One labelled, linked mark on the time axis."""

    year: int
    label: str
    """Short: what the mark is, and its year."""
    title: str
    """Whole: the tooltip, and the mark's line in the text alternative."""
    href: str
    kind: MarkKind
    until: int | None = None
    """The last year of a span (a date given as "1814 or 1826")."""

    @property
    def above(self) -> bool:
        """Pope Joan's marks go above the axis, its relatives' below."""
        return self.kind in ("home", "date")


@dataclass(frozen=True)
class OlderText:
    """A text of one of Pope Joan's relatives that the project has no ruleset for."""

    year: int
    label: str
    title: str
    file: str
    """Its file among the sources the project knows."""


OLDER_TEXTS: tuple[OlderText, ...] = (
    OlderText(
        1674,
        "Queen Nazareen",
        "Cotton, The Compleat Gamester (1674): Queen Nazareen, an English stops game with paid "
        "cards, an ancestor of Newmarket.",
        "017_cotton-compleat-gamester-1674_queen-nazareen.txt",
    ),
    OlderText(
        1753,
        "Comète",
        "The Encyclopédie, volume 3 (1753): Comète, the French game of runs whose name Commit "
        "takes.",
        "018_encyclopedie-1753-1765_hoc-poque-comete-manille_fragments-fr.txt",
    ),
    OlderText(
        1765,
        "Hoc and Poque",
        "The Encyclopédie, volumes 8 and 13 (1765): Hoc, with its six paid cards, and Poque, "
        "with its pools marked by cards.",
        "018_encyclopedie-1753-1765_hoc-poque-comete-manille_fragments-fr.txt",
    ),
    OlderText(
        1914,
        "Nain Jaune named",
        "Foster's Complete Hoyle, revised to 1914: Comète, Hoc and Nain Jaune named as the "
        "old games of Pope Joan's family, and Pope Joan laid out on Nain Jaune's five cards.",
        "015_foster-complete-hoyle-1914_commit-pope-joan-newmarket-pochen.txt",
    ),
)
"""The relatives' texts the timeline shows beside the rulesets, from the sources the project
knows: the older games told on the family page (its section on Nain Jaune)."""


def older_texts(rulesets: Sequence[Ruleset]) -> tuple[OlderText, ...]:
    """The older texts of games that no ruleset plays yet: once a ruleset follows a text's game,
    the ruleset stands in the timeline for it."""
    games = {ruleset.source.game for ruleset in rulesets}
    return tuple(text for text in OLDER_TEXTS if text.label not in games)


_YEAR = re.compile(r"\b(1[5-9]\d\d|20\d\d)\b")


def year_said(ruleset: Ruleset) -> str:
    """The ruleset's year as a label gives it: ``c. 1820`` where its source's date does not
    name the year it is placed at (a period, placed at its middle)."""
    year = ruleset.source.year
    if year is None:
        return "undated"
    return str(year) if str(year) in ruleset.source.date else f"c. {year}"


def earlier_editions(ruleset: Ruleset) -> list[int]:
    """Years before the ruleset's own that its source's date names: a first edition the text
    followed was revised from (``1898 (first edition); this text as revised to 1909``)."""
    year = ruleset.source.year
    if year is None:
        return []
    return sorted({int(y) for y in _YEAR.findall(ruleset.source.date) if int(y) < year})


def marks(
    rulesets: Sequence[Ruleset],
    ruleset_href: Callable[[Ruleset], str],
    older_href: Callable[[OlderText], str],
    short_name: Callable[[Ruleset], str],
) -> list[Mark]:
    """Every mark of the time axis, by year: the rulesets (Pope Joan's and its relatives'),
    the milestones and earlier editions, and the relatives' older texts."""
    found: list[Mark] = []
    for ruleset in in_order(rulesets):
        year = ruleset.source.year
        if year is None:
            continue
        home = ruleset.source.game == HOME_GAME
        name = short_name(ruleset)
        found.append(
            Mark(
                year,
                name if str(year) in ruleset.source.date else f"{name}, {year_said(ruleset)}",
                f"{ruleset.title} ({ruleset.source.date})",
                ruleset_href(ruleset),
                "home" if home else "relative",
            )
        )
        for earlier in earlier_editions(ruleset):
            found.append(
                Mark(
                    earlier,
                    f"{name}'s first edition, {earlier}",
                    f"{ruleset.title}: its first edition, {earlier}; the text followed is of "
                    f"{year}.",
                    ruleset_href(ruleset),
                    "date",
                )
            )
    for milestone in MILESTONES:
        years = [int(y) for y in _YEAR.findall(milestone.when)]
        found.append(
            Mark(
                years[0],
                MILESTONE_LABELS.get(milestone.year, milestone.when),
                f"{milestone.when}: {milestone.text} (After {milestone.cited}.)",
                "#milestone-" + str(milestone.year),
                "date",
                years[-1] if len(years) > 1 else None,
            )
        )
    for text in older_texts(rulesets):
        found.append(Mark(text.year, text.label, text.title, older_href(text), "older"))
    return sorted(found, key=lambda m: (m.year, m.kind != "date"))


MILESTONE_LABELS = {1732: "The name, 1732", 1814: "First Hoyle rules, 1814 or 1826"}
"""Each milestone's label on the axis."""

AXIS_WIDTH = 1120.0
"""The drawing's width, in its units (about a pixel each at the width of the page's text)."""
MARGIN = 16.0
BREAK = 34.0
"""The room a break in the axis takes, where decades with no mark are left out."""
LONGEST_GAP = 40
"""Years with no mark longer than this are left out of the axis, at a break: the marks crowd
into the nineteenth century, which so has the room the empty decades before it would take."""
FONT = 12.5
CHAR = 6.9
"""A character's width at :data:`FONT`, generously."""
LANE = 19.0
"""From one row of labels to the next."""


@dataclass(frozen=True)
class Segment:
    """A stretch of the axis with no break in it: its first and last years, and where it is
    drawn."""

    first: int
    last: int
    x0: float
    x1: float

    def x(self, year: float) -> float:
        return self.x0 + (year - self.first) / (self.last - self.first) * (self.x1 - self.x0)


def segments(years: Sequence[int]) -> list[Segment]:
    """The axis's stretches: the years cut where more than :data:`LONGEST_GAP` years pass with
    no mark, each stretch a decade wider on each side, and the width shared by their lengths
    (a short stretch takes at least 70 units).

    >>> years = [1674, 1732, 1753, 1765, 1814, 1826, 1856, 1881, 1916, 2010]
    >>> [(s.first, s.last) for s in segments(years)]
    [(1660, 1690), (1720, 1780), (1800, 1930), (2000, 2020)]
    """
    ordered = sorted(set(years))
    runs: list[list[int]] = [[ordered[0]]]
    for year in ordered[1:]:
        if year - runs[-1][-1] > LONGEST_GAP:
            runs.append([year])
        else:
            runs[-1].append(year)
    spans = [(run[0] // 10 * 10 - 10, -(-run[-1] // 10) * 10 + 10) for run in runs]
    room = AXIS_WIDTH - 2 * MARGIN - BREAK * (len(spans) - 1)
    widths = [
        max(70.0, (last - first) / sum(b - a for a, b in spans) * room) for first, last in spans
    ]
    scale = room / sum(widths)
    found: list[Segment] = []
    x = MARGIN
    for (first, last), width in zip(spans, widths, strict=True):
        found.append(Segment(first, last, x, x + width * scale))
        x += width * scale + BREAK
    return found


def _x(year: float, stretches: Sequence[Segment]) -> float:
    for segment in stretches:
        if segment.first <= year <= segment.last:
            return segment.x(year)
    raise ValueError(f"{year} is on no stretch of the axis")


def _lanes(placed: list[tuple[float, float]]) -> list[int]:
    """A row for each label, given each label's span (in the order given), so that no two in
    a row overlap: the first row with room."""
    rows: list[float] = []
    found: list[int] = []
    for start, end in placed:
        for row, free_from in enumerate(rows):
            if start >= free_from:
                rows[row] = end + 10
                found.append(row)
                break
        else:
            rows.append(end + 10)
            found.append(len(rows) - 1)
    return found


def _f(value: float) -> str:
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def axis_svg(found: Sequence[Mark], ident: str = "pj-timeline") -> Markup:
    """The marks on a horizontal time axis, as one ``<svg>``: Pope Joan's sources and dates
    above the axis, its relatives' below, each mark a link with its label on a row of its own
    where labels would overlap, and the axis broken where decades pass with no mark. Every
    piece of text is escaped."""
    e = escape
    stretches = segments([m.year for m in found] + [m.until for m in found if m.until])
    spans: dict[bool, list[tuple[int, float, float]]] = {True: [], False: []}
    for index, mark in enumerate(found):
        x = _x(mark.year, stretches)
        width = len(mark.label) * CHAR
        start = x - 3 if x + width < AXIS_WIDTH - MARGIN else x - width + 3
        spans[mark.above].append((index, start, start + width))
    rows: dict[int, int] = {}
    for side in (True, False):
        for (index, _, _), row in zip(
            spans[side], _lanes([(a, b) for _, a, b in spans[side]]), strict=True
        ):
            rows[index] = row
    above = 1 + max((rows[i] for i, _, _ in spans[True]), default=-1)
    below = 1 + max((rows[i] for i, _, _ in spans[False]), default=-1)
    axis_y = 28 + above * LANE + 14
    height = axis_y + 40 + below * LANE + 8
    out: list[str] = []
    add = out.append
    i = e(ident)
    add(
        f'<svg class="pj-axis" viewBox="0 0 {_f(AXIS_WIDTH)} {_f(height)}" '
        f'width="{_f(AXIS_WIDTH)}" height="{_f(height)}" role="group" '
        f'aria-labelledby="{i}-title" aria-describedby="{i}-desc" '
        'xmlns="http://www.w3.org/2000/svg">'
    )
    add(f'<title id="{i}-title">The sources of Pope Joan and its relatives by year</title>')
    add(
        f'<desc id="{i}-desc">A time line: Pope Joan\'s sources and dates above the line, its '
        "relatives' sources below, each a link. The same marks are listed after it.</desc>"
    )
    for segment in stretches:
        add(
            f'<line class="pj-axis__line" x1="{_f(segment.x0)}" y1="{_f(axis_y)}" '
            f'x2="{_f(segment.x1)}" y2="{_f(axis_y)}"/>'
        )
        step = 50 if segment.last - segment.first >= 150 else 20
        for year in range(-(-segment.first // step) * step, segment.last + 1, step):
            x = segment.x(year)
            add(
                f'<line class="pj-axis__tick" x1="{_f(x)}" y1="{_f(axis_y)}" x2="{_f(x)}" '
                f'y2="{_f(axis_y + 6)}"/><text class="pj-axis__year" x="{_f(x)}" '
                f'y="{_f(axis_y + 19)}" text-anchor="middle">{year}</text>'
            )
    for left, right in itertools.pairwise(stretches):
        middle = (left.x1 + right.x0) / 2
        add(
            f'<path class="pj-axis__break" d="M{_f(middle - 7)} {_f(axis_y + 6)} '
            f'l6 -12 M{_f(middle + 1)} {_f(axis_y + 6)} l6 -12"/>'
        )
    for index, mark in enumerate(found):
        x = _x(mark.year, stretches)
        row = rows[index]
        y = axis_y - 22 - row * LANE if mark.above else axis_y + 40 + row * LANE
        start = next(a for j, a, _ in spans[mark.above] if j == index)
        anchor_x = max(start, MARGIN / 2)
        kind = e(mark.kind)
        add(
            f'<a class="pj-axis__mark pj-axis__mark--{kind}" href="{e(mark.href)}" '
            f'data-year="{mark.year}">'
        )
        add(f"<title>{e(mark.title)}</title>")
        if mark.until is not None:
            x1 = _x(mark.until, stretches)
            add(
                f'<rect class="pj-axis__span" x="{_f(x)}" y="{_f(axis_y - 4)}" '
                f'width="{_f(max(x1 - x, 4))}" height="8" rx="4"/>'
            )
        lead_from = axis_y - 5 if mark.above else axis_y + 5
        lead_to = y + 4 if mark.above else y - 12
        add(
            f'<line class="pj-axis__leader" x1="{_f(x)}" y1="{_f(lead_from)}" x2="{_f(x)}" '
            f'y2="{_f(lead_to)}"/>'
        )
        if mark.kind in ("relative", "older"):
            add(f'<path class="pj-axis__dot" d="M{_f(x)} {_f(axis_y - 6)} l6 6 l-6 6 l-6 -6 z"/>')
        else:
            add(f'<circle class="pj-axis__dot" cx="{_f(x)}" cy="{_f(axis_y)}" r="5"/>')
        add(f'<text class="pj-axis__label" x="{_f(anchor_x)}" y="{_f(y)}">{e(mark.label)}</text>')
        add("</a>")
    add("</svg>")
    return Markup("".join(out))
