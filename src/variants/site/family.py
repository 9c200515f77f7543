"""Pope Joan's family: the rulesets grouped by the game their source describes, and for each
relative, which of its rules it shares with the Pope Joan of its own book (or of its time) and
which it does not, read from the two rulesets' comparison rows rather than written by hand."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise

from markupsafe import Markup, escape

from ..core.words import join_words, number_word
from ..mechanics.ruleset import HOME_GAME, Rules, Ruleset
from . import compare as cmp
from .readings import Reading, reading_at

ELDERS_ANCHOR = "nain-jaune"
"""The family page's section on Nain Jaune and the older games."""

NOT_RULES = frozenset({"options"})
"""Comparison rows that are not a rule (the variations a ruleset offers)."""


@dataclass(frozen=True)
class Kinship:
    """A relative's ruleset beside the Pope Joan it is compared with."""

    ruleset: Ruleset
    pope_joan: Ruleset
    shared: tuple[tuple[str, str], ...]
    """(row, value) for each rule the two have alike."""
    differs: tuple[tuple[str, str, str], ...]
    """(row, Pope Joan's value, the relative's) for each rule they do not."""
    readings: Mapping[str, tuple[Reading | None, Reading | None]] = field(default_factory=dict)
    """For each row, where Pope Joan's rule and the relative's are the project's readings of a
    silent, unclear or lost passage, not their sources' words."""


def by_game(rulesets: Sequence[Ruleset]) -> list[tuple[str, list[Ruleset]]]:
    """The rulesets grouped by game: Pope Joan first, then the others by their oldest source."""
    groups: dict[str, list[Ruleset]] = {}
    for ruleset in sorted(rulesets, key=lambda r: (r.source.year or 10_000, r.id)):
        groups.setdefault(ruleset.source.game, []).append(ruleset)
    order = sorted(groups, key=lambda game: (game != HOME_GAME, list(groups).index(game)))
    return [(game, groups[game]) for game in order]


def counted_by_game(rulesets: Sequence[Ruleset]) -> str:
    """How many rulesets each game has, as a reader says it, in :func:`by_game`'s order:
    ``eight rulesets of Pope Joan, two of Spin and one of Newmarket``."""
    counts = [(game, len(members)) for game, members in by_game(rulesets)]
    said = [f"{number_word(count)} of {game}" for game, count in counts[1:]]
    if counts:
        game, count = counts[0]
        said.insert(0, f"{number_word(count)} {'ruleset' if count == 1 else 'rulesets'} of {game}")
    return join_words(said)


def pope_joan_for(relative: Ruleset, pope_joans: Sequence[Ruleset]) -> Ruleset | None:
    """The Pope Joan to compare a relative with: one from the same book (a source file in
    common), else the one nearest in date."""
    files = {f.name for f in relative.source.files}
    same_book = [r for r in pope_joans if files & {f.name for f in r.source.files}]
    candidates = same_book or list(pope_joans)
    if not candidates:
        return None
    year = relative.source.year or 0
    return min(candidates, key=lambda r: (abs((r.source.year or 0) - year), r.id))


def trivial_rows(rulesets: Sequence[Ruleset]) -> frozenset[str]:
    """The comparison rows in which every ruleset has the same rule (a full pack where no
    ruleset takes a card out, say): a likeness there is no kinship, since no game of the
    family does otherwise."""
    return frozenset(
        dimension.label
        for dimension in cmp.DIMENSIONS
        if len({dimension.key(r, dimension.value(r)) for r in rulesets}) <= 1
    )


def is_absence(value: str) -> bool:
    """Whether a comparison value says the ruleset has nothing of the kind: two games that
    both lack a rule are not alike in it.

    >>> is_absence("none"), is_absence("no turn-up"), is_absence("lowest card drawn")
    (True, True, False)
    """
    return value == "none" or value.startswith(("none ", "no "))


def kinship(
    relative: Ruleset, pope_joan: Ruleset, trivial: frozenset[str] = frozenset()
) -> Kinship:
    """The two rulesets compared row by row: ``shared`` leaves out the rows in ``trivial``
    (:func:`trivial_rows`) and the rules both lack (:func:`is_absence`)."""
    shared: list[tuple[str, str]] = []
    differs: list[tuple[str, str, str]] = []
    readings: dict[str, tuple[Reading | None, Reading | None]] = {}
    for dimension in cmp.DIMENSIONS:
        if dimension.id in NOT_RULES:
            continue
        theirs, ours = dimension.value(pope_joan), dimension.value(relative)
        if theirs == ours:
            if dimension.label not in trivial and not is_absence(ours):
                shared.append((dimension.label, ours))
        else:
            differs.append((dimension.label, theirs, ours))
        readings[dimension.label] = (
            reading_at(pope_joan, dimension.anchor(pope_joan.rules)),
            reading_at(relative, dimension.anchor(relative.rules)),
        )
    return Kinship(relative, pope_joan, tuple(shared), tuple(differs), readings)


def kinships(rulesets: Sequence[Ruleset]) -> list[Kinship]:
    """Every relative's kinship with its Pope Joan, game by game."""
    groups = by_game(rulesets)
    pope_joans = dict(groups).get(HOME_GAME, [])
    trivial = trivial_rows(rulesets)
    found: list[Kinship] = []
    for game, members in groups:
        if game == HOME_GAME:
            continue
        for relative in members:
            reference = pope_joan_for(relative, pope_joans)
            if reference is not None:
                found.append(kinship(relative, reference, trivial))
    return found


# --------------------------------------------------------------------------------------------
# A page for each game

SMALL_WORDS = frozenset({"a", "an", "and", "of", "or", "the"})
"""Words a game's title leaves in lower case, unless first."""


@dataclass(frozen=True)
class Game:
    """One game of the family and its rulesets, for the game's own page."""

    name: str
    """As the rulesets' sources name it (ruleset text: escape it wherever it goes)."""
    slug: str
    """Lower-case letters and digits joined by ``-``: the page's file name and its title."""
    rulesets: tuple[Ruleset, ...]
    """Oldest source first."""
    kinships: tuple[Kinship, ...]
    """Each of its rulesets beside its Pope Joan (none for Pope Joan itself)."""

    @property
    def title(self) -> str:
        """The name as a title safe for the nav (the theme does not escape it): the name itself
        when it is words of letters alone (``Comète``), else made from the slug (``pope-joan``
        gives ``Pope Joan``)."""
        if re.fullmatch(r"[^\W\d_]+( [^\W\d_]+)*", self.name):
            return self.name
        return title_for_slug(self.slug)

    @property
    def page(self) -> str:
        """The page's path in the docs folder: under ``games/``, so never a ruleset's page."""
        return f"games/{self.slug}.md"

    @property
    def is_home(self) -> bool:
        return self.name == HOME_GAME


def title_for_slug(slug: str) -> str:
    """
    >>> title_for_slug("pope-joan"), title_for_slug("spin-and-spinado")
    ('Pope Joan', 'Spin and Spinado')
    """
    words = slug.split("-")
    return " ".join(
        word if index and word in SMALL_WORDS else word.capitalize()
        for index, word in enumerate(words)
    )


def games(rulesets: Sequence[Ruleset]) -> list[Game]:
    """Every game with its rulesets, in :func:`by_game`'s order; two games whose names give the
    same slug are told apart by a number."""
    related = kinships(rulesets)
    grouped = by_game(rulesets)
    slugs = cmp.game_slugs([name for name, _ in grouped])
    return [
        Game(name, slug, tuple(members), tuple(k for k in related if k.ruleset in members))
        for (name, members), slug in zip(grouped, slugs, strict=True)
    ]


def _count_range(low: int, high: int) -> str:
    if low == high:
        return number_word(low)
    return f"{number_word(low)} to {number_word(high)}"


def _shown(rules: Rules) -> bool:
    return rules.play.showing is not None


def phases(game: Game) -> str:
    """How a deal of the game goes, in a sentence: its hands shown, or its cards played."""
    shown = [r for r in game.rulesets if _shown(r.rules)]
    if not shown:
        wins = [c.win for r in game.rulesets for c in r.rules.board.compartments]
        said = (
            "The cards are played out in runs: a card is led, and whoever holds the next card "
            "of its suit plays it, until the run stops"
            if all(r.rules.play.suits_apart for r in game.rulesets)
            else "The cards are played out in runs, suits not mattering: a card is led, and the "
            "first player in turn who holds a card of the next rank plays it, until the run stops"
        )
        if any(not w.before_play and not w.by_going_out for w in wins):
            said += "; a card that wins a division takes its stakes as it is played"
        said += "."
        if wins and all(w.before_play for w in wins):
            said += " Its divisions are all won before the play, by what the players hold."
        elif any(w.before_play for w in wins):
            said += " Some divisions are won before the play, by what the players hold."
        return said
    downs = sorted({r.rules.deal.down for r in shown})
    down = join_words([number_word(n) for n in downs], "or")
    said = (
        f"No card is played: each player is dealt {down} "
        f"{'card' if downs == [1] else 'cards'} face down and one face up, and the hands are "
        "then shown, from the eldest, each division going to the first hand shown that holds "
        "what wins it."
    )
    if len(shown) < len(game.rulesets):
        said += " In the others the cards are played out in runs."
        said = f"In {number_word(len(shown))} of its rulesets, n" + said[1:]
    return said


def divisions(game: Game) -> str:
    """The divisions the stakes are laid on, across the game's rulesets, in a sentence."""
    labels: list[str] = []
    for ruleset in game.rulesets:
        for compartment in ruleset.rules.board.compartments:
            if compartment.label.lower() not in {label.lower() for label in labels}:
                labels.append(compartment.label)
    counts = [len(r.rules.board.compartments) for r in game.rulesets]
    if not any(counts):
        return "It has no board: every counter passes from one player to another."
    how_many = _count_range(min(counts), max(counts))
    divisions_ = "division" if max(counts) == 1 else "divisions"
    if len(set(counts)) == 1 and len(labels) == counts[0]:
        return f"The stakes are laid on {how_many} {divisions_}: {join_words(labels)}."
    return (
        f"The stakes are laid on {how_many} {divisions_}; across its rulesets they are "
        f"{join_words(labels)}."
    )


def players(game: Game) -> str:
    """The player counts its rulesets allow, in a sentence."""
    low = min(r.rules.players.min for r in game.rulesets)
    high = max(r.rules.players.max for r in game.rulesets)
    return f"It is played by {_count_range(low, high)} players."


def about(game: Game) -> tuple[str, ...]:
    """What the game is, in a few plain sentences computed from its rulesets."""
    years = sorted(r.source.year for r in game.rulesets if r.source.year is not None)
    count = len({r.source.files[0].name for r in game.rulesets})
    said = f"{number_word(count).capitalize()} {'source' if count == 1 else 'sources'} here"
    said += " describes it" if count == 1 else " describe it"
    if years and years[0] == years[-1]:
        said += f", in {years[0]}"
    elif years:
        said += f", from {years[0]} to {years[-1]}"
    return (phases(game), divisions(game), players(game), said + ".")


def always_shared(game: Game) -> tuple[tuple[str, str | None], ...]:
    """(row, value) for each rule every ruleset of the game has alike with its Pope Joan (by
    comparison row, as :func:`kinship` tells a likeness); the value is None where the rulesets
    share it with their Pope Joans in different forms."""
    values: dict[str, set[str]] = {}
    for kin in game.kinships:
        for row, value in kin.shared:
            values.setdefault(row, set()).add(value)
    everywhere = [
        row
        for row, _ in (game.kinships[0].shared if game.kinships else ())
        if all(row in dict(k.shared) for k in game.kinships)
    ]
    return tuple(
        (row, next(iter(values[row])) if len(values[row]) == 1 else None) for row in everywhere
    )


def always_differs(game: Game) -> tuple[str, ...]:
    """The rules every ruleset of the game has otherwise than its Pope Joan."""
    rows = [{row for row, _, _ in k.differs} for k in game.kinships]
    if not rows:
        return ()
    common = set.intersection(*rows)
    return tuple(row for row, _, _ in game.kinships[0].differs if row in common)


def lacks(game: Game) -> tuple[str, ...]:
    """Pope Joan's divisions (of the Pope Joans its rulesets are compared with) that none of
    the game's rulesets has, matched by name."""
    own = {c.label.lower() for r in game.rulesets for c in r.rules.board.compartments}
    missing: list[str] = []
    for kin in game.kinships:
        for compartment in kin.pope_joan.rules.board.compartments:
            label = compartment.label
            if label.lower() not in own and label.lower() not in {m.lower() for m in missing}:
                missing.append(label)
    return tuple(missing)


# --------------------------------------------------------------------------------------------
# The family tree


@dataclass(frozen=True)
class Elder:
    """An older game the sources name as Pope Joan's kin, which the project has no ruleset
    for: what links it to the game below it in the tree, in the project's words, and the texts
    that say so (their files among the sources)."""

    name: str
    where: str
    """Its country, and the date of the oldest text here that names it."""
    child: str
    """The game it leads to in the tree: Pope Joan, or another elder."""
    link: str
    """What the two have alike, as the tree's edge says it."""
    files: tuple[str, ...]


FOSTER_1914 = "015_foster-complete-hoyle-1914_commit-pope-joan-newmarket-pochen.txt"
ENCYCLOPEDIE = "018_encyclopedie-1753-1765_hoc-poque-comete-manille_fragments-fr.txt"

ELDERS: tuple[Elder, ...] = (
    Elder(
        "Comète",
        "France, 1753",
        "Commit",
        "its name, and runs called to a stop",
        (
            ENCYCLOPEDIE,
            FOSTER_1914,
        ),
    ),
    Elder(
        "Commit",
        "England, 1897",
        HOME_GAME,
        "its play: runs that stop, the missing card named",
        (FOSTER_1914,),
    ),
    Elder("Hoc", "France, 1765", HOME_GAME, "cards paid for as they are played", (ENCYCLOPEDIE,)),
    Elder(
        "Nain Jaune",
        "France, named in 1914",
        HOME_GAME,
        "the same five layout cards",
        (FOSTER_1914,),
    ),
)
"""Pope Joan's older kin, told on the family page's section on Nain Jaune."""


def unplayed_elders(games_: Sequence[Game]) -> tuple[Elder, ...]:
    """The older games the sources name that no ruleset here plays."""
    played = {game.name for game in games_}
    return tuple(elder for elder in ELDERS if elder.name not in played)


NAMES = frozenset({"Pope", "Pope's", "Matrimony", "Intrigue"})
"""Words a comparison row's label begins with that keep their capital inside a sentence."""


def row_words(row: str) -> str:
    """A comparison row's label inside a sentence: lower case, but for the names of cards and
    divisions.

    >>> row_words("First dealer"), row_words("Matrimony and Intrigue"), row_words("Pope card")
    ('first dealer', 'Matrimony and Intrigue', 'Pope card')
    """
    first = row.split(" ", 1)[0]
    return row if first in NAMES else row[:1].lower() + row[1:]


def likenesses(game: Game) -> list[tuple[str, int]]:
    """What the game's rulesets have alike with their Pope Joans, each with how many of its
    rulesets have it: the rules :func:`kinship` tells, and the divisions of the board they
    share by name; the most widely shared first."""
    counts: dict[str, int] = {}
    for kin in game.kinships:
        own = {c.label.lower() for c in kin.ruleset.rules.board.compartments}
        found = [row_words(row) for row, _ in kin.shared]
        found += [
            f"the {c.label} division"
            for c in kin.pope_joan.rules.board.compartments
            if c.label.lower() in own
        ]
        for words in dict.fromkeys(found):
            counts[words] = counts.get(words, 0) + 1
    order = list(counts)
    return sorted(counts.items(), key=lambda item: (-item[1], order.index(item[0])))


def edge_lines(game: Game, most: int = 4) -> list[str]:
    """The tree's label on the edge from Pope Joan to ``game``: its likenesses, the most widely
    shared first, at most ``most`` lines, the last saying how many more there are."""
    total = len(game.kinships)
    said = [
        words if count == total else f"{words} ({count} of {total})"
        for words, count in likenesses(game)
    ]
    if len(said) > most:
        said = [*said[: most - 1], f"and {len(said) - most + 1} more"]
    return said or ["no rule alike"]


TREE_WIDTH = 900.0
TREE_FONT_CHAR = 6.9
"""A character's width at the tree's text size, generously."""
SOURCE_CHAR = 6.4
"""A character's width in a source's name in the tree (11.5 px), on average."""


def _f(value: float) -> str:
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _years(game: Game) -> str:
    years = sorted(r.source.year for r in game.rulesets if r.source.year is not None)
    if not years:
        return ""
    return str(years[0]) if years[0] == years[-1] else f"{years[0]} to {years[-1]}"


RELATIVES_PER_ROW = 3
"""At most this many relatives side by side in the tree, so that each edge's label has room."""


def tree_svg(
    games_: Sequence[Game],
    game_href: Callable[[Game], str],
    ruleset_href: Callable[[Ruleset], str],
    elders_href: str,
    short_name: Callable[[Ruleset], str],
    ident: str = "pj-tree",
) -> Markup:
    """The family as a tree, one ``<svg>``: the older games the sources name above Pope Joan
    (dashed where the project has no ruleset of them, a linked box with its rulesets where it
    has), Pope Joan with its sources, and its relatives below it in rows, each edge labelled
    with what the two games have alike. Every piece of text is escaped."""
    e = escape
    home = next((g for g in games_ if g.is_home), None)
    by_name = {g.name: g for g in games_ if not g.is_home}
    elder_games = {elder.name: by_name[elder.name] for elder in ELDERS if elder.name in by_name}
    relatives = [g for g in games_ if not g.is_home and g.name not in elder_games]
    out: list[str] = []
    add = out.append
    width = TREE_WIDTH
    line_h = 16.0

    def text(x: float, y: float, words: str, cls: str, anchor: str = "middle") -> None:
        add(f'<text class="{cls}" x="{_f(x)}" y="{_f(y)}" text-anchor="{anchor}">{e(words)}</text>')

    def rulesets_box(game: Game, x: float, y: float, w: float, h: float, kind: str) -> None:
        """A game with rulesets: its name linked to its page, how many rulesets and when, and
        each ruleset linked to its page."""
        add(f'<g class="pj-tree__node pj-tree__node--{kind}">')
        add(f'<rect x="{_f(x - w / 2)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}" rx="6"/>')
        add(f'<a href="{e(game_href(game))}">')
        text(x, y + 21, game.name, "pj-tree__name")
        add("</a>")
        count = len(game.rulesets)
        text(
            x,
            y + 38,
            f"{count} {'ruleset' if count == 1 else 'rulesets'}, {_years(game)}",
            "pj-tree__small",
        )
        for n, ruleset in enumerate(game.rulesets):
            add(f'<a href="{e(ruleset_href(ruleset))}">')
            text(x, y + 58 + n * line_h, short_name(ruleset), "pj-tree__source")
            add("</a>")
        add("</g>")

    # the elders, on the top row
    elder_w, top = 190.0, 8.0
    elder_h = 46.0
    if elder_games:
        most = max(len(g.rulesets) for g in elder_games.values())
        elder_h = 52 + most * line_h
    elder_x: dict[str, float] = {}
    gap = (width - len(ELDERS) * elder_w) / (len(ELDERS) + 1)
    for index, elder in enumerate(ELDERS):
        elder_x[elder.name] = gap + index * (elder_w + gap) + elder_w / 2
    label_lines = max((len(_wrap(elder.link, elder_w + gap - 10)) for elder in ELDERS), default=0)
    home_top = top + elder_h + 20 + label_lines * 15 + 30
    home_h = 64.0
    bus_up = home_top - 22
    bus_down = home_top + home_h + 24
    rows = [
        relatives[i : i + RELATIVES_PER_ROW] for i in range(0, len(relatives), RELATIVES_PER_ROW)
    ]
    per_row = min(RELATIVES_PER_ROW, max(1, len(relatives)))
    rel_w = min(250.0, (width - 20) / per_row - 20)
    rel_h = 52 + max((len(g.rulesets) for g in relatives), default=0) * line_h
    label_room = 4 * line_h + 32  # the edge's label above each box
    row_step = label_room + rel_h + 24
    rel_top0 = bus_down + label_room
    placed: list[tuple[Game, float, float]] = []  # (game, centre x, top y)
    for r, row in enumerate(rows):
        row_gap = (width - len(row) * rel_w) / (len(row) + 1)
        for n, game in enumerate(row):
            placed.append(
                (game, row_gap + n * (rel_w + row_gap) + rel_w / 2, rel_top0 + r * row_step)
            )
    height = (rel_top0 + (len(rows) - 1) * row_step + rel_h + 10) if rows else bus_down + 10
    i = e(ident)
    add(
        f'<svg class="pj-tree" viewBox="0 0 {_f(width)} {_f(height)}" width="{_f(width)}" '
        f'height="{_f(height)}" role="group" aria-labelledby="{i}-title" '
        f'aria-describedby="{i}-desc" xmlns="http://www.w3.org/2000/svg">'
    )
    add(f'<title id="{i}-title">The family of Pope Joan as a tree</title>')
    add(
        f'<desc id="{i}-desc">The older games the sources name above, Pope Joan in the middle, '
        "its relatives with rulesets below, each link labelled with what the two games have "
        "alike. The same is told in words after the drawing.</desc>"
    )
    centre = width / 2
    # the edges first, so that the boxes and the labels lie over them
    for elder in ELDERS:
        x = elder_x[elder.name]
        if elder.child in elder_x:  # to another elder, on the same row
            x2 = elder_x[elder.child]
            y = top + 23
            near, far = sorted((x, x2))
            add(
                f'<line class="pj-tree__edge pj-tree__edge--elder" x1="{_f(near + elder_w / 2)}"'
                f' y1="{_f(y)}" x2="{_f(far - elder_w / 2)}" y2="{_f(y)}"/>'
            )
        else:
            add(
                f'<path class="pj-tree__edge pj-tree__edge--elder" d="M{_f(x)} '
                f'{_f(top + elder_h)} V{_f(bus_up)} H{_f(centre)} V{_f(home_top)}"/>'
            )
    first_bus = rel_top0 - label_room + 8
    # a row below the first is reached down the gap between the first row's boxes that lies
    # nearest the centre, so that no edge crosses a box
    first = [x for _, x, y in placed if y == rel_top0]
    gaps = [(a + b) / 2 for a, b in pairwise(first)]
    lane = min(gaps, key=lambda g: abs(g - centre)) if gaps else centre
    for _, x, y in placed:
        row_bus = y - label_room + 8
        if y == rel_top0:
            d = f"M{_f(centre)} {_f(home_top + home_h)} V{_f(row_bus)} H{_f(x)} V{_f(y)}"
        else:
            d = (
                f"M{_f(centre)} {_f(home_top + home_h)} V{_f(first_bus)} H{_f(lane)} "
                f"V{_f(row_bus)} H{_f(x)} V{_f(y)}"
            )
        add(f'<path class="pj-tree__edge" d="{d}"/>')
    # the elders' boxes and their edges' labels
    for elder in ELDERS:
        x = elder_x[elder.name]
        played = elder_games.get(elder.name)
        if played is not None:
            rulesets_box(played, x, top, elder_w, elder_h, "relative")
        else:
            add(f'<a class="pj-tree__node pj-tree__node--elder" href="{e(elders_href)}">')
            add(f"<title>{e(elder.name)}: {e(elder.link)}</title>")
            add(
                f'<rect x="{_f(x - elder_w / 2)}" y="{_f(top)}" width="{_f(elder_w)}" '
                f'height="{_f(elder_h)}" rx="6"/>'
            )
            text(x, top + 19, elder.name, "pj-tree__name")
            text(x, top + 36, elder.where, "pj-tree__small")
            add("</a>")
        for n, line in enumerate(_wrap(elder.link, elder_w + gap - 10)):
            text(x, top + elder_h + 20 + n * 15, line, "pj-tree__label")
    # Pope Joan
    if home is not None:
        names = " · ".join(short_name(r) for r in home.rulesets)
        home_w = min(width - 20, max(260.0, len(names) * SOURCE_CHAR + 30))
        add('<g class="pj-tree__node pj-tree__node--home">')
        add(
            f'<rect x="{_f(centre - home_w / 2)}" y="{_f(home_top)}" width="{_f(home_w)}" '
            f'height="{_f(home_h)}" rx="6"/>'
        )
        add(f'<a href="{e(game_href(home))}">')
        text(centre, home_top + 22, home.name, "pj-tree__name")
        add("</a>")
        text(
            centre,
            home_top + 39,
            f"{len(home.rulesets)} rulesets, {_years(home)}",
            "pj-tree__small",
        )
        # its sources on one line, each a link
        add(
            f'<text class="pj-tree__sources" x="{_f(centre)}" y="{_f(home_top + 56)}" '
            'text-anchor="middle">'
        )
        for index, ruleset in enumerate(home.rulesets):
            if index:
                add("<tspan> · </tspan>")
            add(
                f'<a href="{e(ruleset_href(ruleset))}"><tspan class="pj-tree__source">'
                f"{e(short_name(ruleset))}</tspan></a>"
            )
        add("</text>")
        add("</g>")
    # the relatives, and what each shares with Pope Joan above it
    for game, x, y in placed:
        for n, line in enumerate(edge_lines(game)):
            text(x, y - label_room + 30 + n * line_h, line, "pj-tree__label")
        rulesets_box(game, x, y, rel_w, rel_h, "relative")
    add("</svg>")
    return Markup("".join(out))


def _wrap(words: str, room: float) -> list[str]:
    """``words`` on lines no wider than ``room`` at the tree's text size, cut at spaces.

    >>> _wrap("the same five layout cards", 100.0)
    ['the same five', 'layout cards']
    """
    most = max(8, int(room / TREE_FONT_CHAR))
    lines: list[str] = []
    for word in words.split():
        if lines and len(lines[-1]) + 1 + len(word) <= most:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines
