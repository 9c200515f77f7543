"""Pope Joan's family: the rulesets grouped by the game their source describes, and for each
relative, which of its rules it shares with the Pope Joan of its own book (or of its time) and
which it does not, read from the two rulesets' comparison rows rather than written by hand."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

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


def kinship(relative: Ruleset, pope_joan: Ruleset) -> Kinship:
    shared: list[tuple[str, str]] = []
    differs: list[tuple[str, str, str]] = []
    readings: dict[str, tuple[Reading | None, Reading | None]] = {}
    for dimension in cmp.DIMENSIONS:
        if dimension.id in NOT_RULES:
            continue
        theirs, ours = dimension.value(pope_joan), dimension.value(relative)
        if theirs == ours:
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
    found: list[Kinship] = []
    for game, members in groups:
        if game == HOME_GAME:
            continue
        for relative in members:
            reference = pope_joan_for(relative, pope_joans)
            if reference is not None:
                found.append(kinship(relative, reference))
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
        """The name as a title safe for the nav (the theme does not escape it), made from the
        slug: ``pope-joan`` gives ``Pope Joan``."""
        return title_for_slug(self.slug)

    @property
    def page(self) -> str:
        """The page's path in the docs folder: under ``games/``, so never a ruleset's page."""
        return f"games/{self.slug}.md"

    @property
    def is_home(self) -> bool:
        return self.name == HOME_GAME


def slug_for(name: str) -> str:
    """A game's name as a slug: ``Pope Joan`` gives ``pope-joan``; nothing left gives ``game``.

    >>> slug_for("Pope Joan"), slug_for("Spin / Spinado"), slug_for("???")
    ('pope-joan', 'spin-spinado', 'game')
    """
    return "-".join(re.findall(r"[a-z0-9]+", name.lower())) or "game"


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
    found: list[Game] = []
    taken: set[str] = set()
    for name, members in by_game(rulesets):
        base = slug = slug_for(name)
        number = 2
        while slug in taken:
            slug, number = f"{base}-{number}", number + 1
        taken.add(slug)
        found.append(
            Game(
                name,
                slug,
                tuple(members),
                tuple(k for k in related if k.ruleset in members),
            )
        )
    return found


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
        return (
            "The cards are played out in runs: a card is led, and whoever holds the next card "
            "of its suit plays it, until the run stops; a card that wins a division takes its "
            "stakes as it is played."
        )
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
    how_many = _count_range(min(counts), max(counts))
    if len(set(counts)) == 1 and len(labels) == counts[0]:
        return f"The stakes are laid on {how_many} divisions: {join_words(labels)}."
    return (
        f"The stakes are laid on {how_many} divisions; across its rulesets they are "
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
    comparison row), less those that neither has ("none"); the value is None where the rulesets
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
        (row, next(iter(values[row])) if len(values[row]) == 1 else None)
        for row in everywhere
        if values[row] != {"none"}  # nothing of the kind in either is not a likeness worth telling
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
