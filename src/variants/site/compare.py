"""The comparison matrix: rule dimensions as rows, rulesets as columns.

Each cell is a short English value from :mod:`variants.site.describe` and the anchor of the rule
on the ruleset's page that states it in full, with its provenance. The same rows give the sources
page its section on where the sources disagree. The rows about the Pope and the pairs find their
compartments by what they do (:mod:`variants.rules.roles`), never by id.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import TypeVar, assert_never, get_args

from ..core.cards import card_glyph, card_words
from ..mechanics import PLAY_FLOW, payments
from ..mechanics.ruleset import (
    HOME_GAME,
    Compartment,
    Provenance,
    Rules,
    Ruleset,
    StopCause,
    TurnUpFate,
)
from ..rules import roles
from . import describe as d
from .readings import Reading, reading_at

T = TypeVar("T")


@dataclass(frozen=True)
class Dimension:
    id: str
    label: str
    value: Callable[[Ruleset], str]
    anchor: Callable[[Rules], str]
    same: Callable[[Ruleset], Hashable] | None = None
    """What makes two rulesets' values the same rule, where their words may differ (the same
    compartments listed in another board order); the words themselves when not given."""
    cites: Callable[[Rules], Provenance] | None = None
    """The lines that say this row's rule, where the ruleset gives them apart from the rule's
    own first lines (what the Pope turned up gains, on the Pope's rule); none: those."""

    def cited(self, rules: Rules) -> Provenance:
        """The row's own citations for these rules (empty: the rule's)."""
        return self.cites(rules) if self.cites is not None else ()

    def key(self, ruleset: Ruleset, text: str) -> Hashable:
        """What the ruleset's value (``text``, its words) is compared by."""
        return text if self.same is None else self.same(ruleset)


@dataclass(frozen=True)
class Cell:
    ruleset: Ruleset
    text: str
    anchor: str
    group: int
    """Which of the row's distinct values this is (0 for the first seen)."""
    reading: Reading | None = None
    """The interpretation the rule rests on, where it is the project's reading and not the
    source's words."""


@dataclass(frozen=True)
class Row:
    dimension: Dimension
    cells: tuple[Cell, ...]

    @property
    def differs(self) -> bool:
        return len({cell.group for cell in self.cells}) > 1

    def groups(self) -> list[tuple[str, list[Ruleset]]]:
        """Each distinct value, in the words of the first ruleset that has it, with the
        rulesets that have it, in order of first appearance."""
        return [(text, [cell.ruleset for cell in cells]) for text, cells in _groups(self.cells)]

    def games(self) -> list[tuple[str, list[tuple[str, list[Cell]]]]]:
        """Each game the row's rulesets play (in order of first appearance), with its rulesets'
        distinct values as :meth:`groups` gives them, each with its cells."""
        by_game: dict[str, list[Cell]] = {}
        for cell in self.cells:
            by_game.setdefault(cell.ruleset.source.game, []).append(cell)
        return [(game, _groups(cells)) for game, cells in by_game.items()]

    @property
    def sources_disagree(self) -> bool:
        """Whether the sources of one game give this rule differently (not only the games)."""
        return any(len(groups) > 1 for _, groups in self.games())


def _groups(cells: Sequence[Cell]) -> list[tuple[str, list[Cell]]]:
    found: dict[int, tuple[str, list[Cell]]] = {}
    for cell in cells:
        found.setdefault(cell.group, (cell.text, []))[1].append(cell)
    return list(found.values())


def _rules(value: Callable[[Rules], T]) -> Callable[[Ruleset], T]:
    def apply(ruleset: Ruleset) -> T:
        return value(ruleset.rules)

    return apply


def _fixed(anchor: str) -> Callable[[Rules], str]:
    def apply(rules: Rules) -> str:
        return anchor

    return apply


def _pope_anchor(rules: Rules) -> str:
    pope = roles.chief_card(rules)
    return f"rule-compartment-{pope.id}" if pope is not None else "rule-board"


def _pairs_anchor(rules: Rules) -> str:
    pairs = roles.pairs(rules)
    return f"rule-compartment-{pairs[0].id}" if pairs else "rule-board"


def _advice_anchor(rules: Rules) -> str:
    return "play" if rules.advice is None else d.advice_rules(rules)[0].anchor


def _penalty_anchor(rules: Rules) -> str:
    penalised = any(c.holder_doubles for c in rules.board.compartments)
    return "rule-penalties" if penalised else "rule-going-out"


def pope_card(rules: Rules) -> str:
    """The Pope's card: the compartment won by one named card that the dressing stakes most on
    (:func:`variants.rules.roles.chief_card`)."""
    pope = roles.chief_card(rules)
    if pope is None:
        return "no Pope"
    card = roles.named_card(pope.win)
    if card is not None:
        return f"{card_glyph(card)} ({card_words(card, article=False)})"
    return d.compartment_cards(pope)


def pope_turned_up(rules: Rules) -> str:
    if not rules.turn_up.turned:
        return "no turn-up"
    pope = roles.chief_card(rules)
    if pope is None:
        return "no Pope"
    payout = pope.turn_up
    if payout is None:
        return "nothing happens"
    parts: list[str] = []
    if payout.takes:
        parts.append("dealer takes its stake")
    for other in payout.also:
        parts.append(f"and {d.holder_phrase(rules, other).split(' (')[0]}'s")
    if payout.per_card_dealt:
        cap = f" (at most {payout.cap})" if payout.cap is not None else ""
        parts.append(f"+ {payout.per_card_dealt} per card dealt from each{cap}")
    text = " ".join(parts) or "nothing"
    return text + ("; deal ends unplayed" if payout.ends_deal else "; deal is played")


def honours_turned_up(rules: Rules) -> str:
    """Who is paid, and for which compartments, when the turn-up is the card of one other than
    the Pope (:func:`variants.rules.roles.chief_card`): the honours of trumps, where a board has
    them."""
    if not rules.turn_up.turned:
        return "no turn-up"
    chief = roles.chief_card(rules)
    paid = [
        d.compartment_cards(c)
        for c in rules.board.compartments
        if c != chief and c.turn_up is not None and c.turn_up.takes
    ]
    if not paid:
        return "nobody"
    return f"the dealer, for {d.join_words(paid)}"


def _honour_turned_up(rules: Rules) -> Compartment | None:
    """The first compartment but the Pope's that pays at the turn-up."""
    chief = roles.chief_card(rules)
    return next((c for c in rules.board.compartments if c != chief and c.turn_up is not None), None)


def _honours_anchor(rules: Rules) -> str:
    honour = _honour_turned_up(rules)
    return f"rule-compartment-{honour.id}" if honour is not None else "rule-turn-up"


def _turned_up_lines(compartment: Compartment | None) -> Provenance:
    """What a compartment's card gains turned up, where the ruleset cites it apart."""
    if compartment is None or compartment.turn_up is None:
        return ()
    return compartment.turn_up.provenance


def pope_bonus(rules: Rules) -> str:
    """What playing the Pope earns beyond its stake (:func:`variants.rules.roles.chief_card`)."""
    pope = roles.chief_card(rules)
    if pope is None:
        return "no Pope"
    if pope.bonus is None:
        return "its stake only"
    when = "when it is played" if pope.bonus.at_play else "when the deal ends"
    return f"+ {pope.bonus.per_card} per card in each other hand, counted {when}"


def _turn_up_on_table(fate: TurnUpFate) -> bool:
    match fate:
        case "table":
            return True
        case "dealer" | "holder":
            return False
        case _:
            assert_never(fate)


def stop_applies(rules: Rules, cause: StopCause) -> bool:
    """Whether a stop the rules name can happen under them: a card below a removed card only
    when a card is removed, below the turn-up only when it lies on the table, below a card held
    back only when a card may only be led."""
    match cause:
        case "king" | "unseen" | "played":
            return True
        case "removed":
            return bool(rules.pack.removed)
        case "turn-up":
            return rules.turn_up.turned and _turn_up_on_table(rules.turn_up.fate)
        case "held":
            return bool(rules.play.lead_only)
        case _:
            assert_never(cause)


def stops_in_play(rules: Rules) -> str:
    """The stops that can happen under the rules as they stand, in a fixed order."""
    named = {stop.cause for stop in rules.play.stops}
    top = d.rank_words(rules.pack.top_rank)
    return "; ".join(
        d.stop_short(cause, top)
        for cause in get_args(StopCause)
        if cause in named and stop_applies(rules, cause)
    )


def pope_holder(rules: Rules) -> str:
    """What the holder of an unplayed Pope pays (:func:`variants.rules.roles.chief_card`)."""
    pope = roles.chief_card(rules)
    return "no Pope" if pope is None else d.holder_summary(rules, pope.id)


def pairs_summary(rules: Rules) -> str:
    pairs = roles.pairs(rules)
    if not pairs:
        return "no pair compartments"
    phrases: list[str] = []
    for compartment in pairs:
        pair = roles.by_several_trumps(compartment.win)
        assert pair is not None
        phrase = "shared by two hands" if pair.split else "one hand plays both"
        if pair.in_succession:
            phrase += ", in succession"
        phrases.append(phrase)
    if len(set(phrases)) == 1:
        return phrases[0]
    return "; ".join(f"{c.label}: {p}" for c, p in zip(pairs, phrases, strict=True))


def carry_over_summary(rules: Rules) -> str:
    return "unwon counters stay" if rules.board.carry_over else "unwon counters go to the winner"


def options_summary(ruleset: Ruleset) -> str:
    if not ruleset.options:
        return "none"
    return f"{len(ruleset.options)}: " + "; ".join(o.label for o in ruleset.options)


DIMENSIONS: tuple[Dimension, ...] = (
    Dimension(
        "players",
        "Players",
        _rules(lambda r: f"{r.players.min}{d.EN_DASH}{r.players.max}"),
        _fixed("rule-players"),
    ),
    Dimension("pack", "Pack", _rules(d.pack_summary), _fixed("rule-pack")),
    Dimension("chief-card", "Pope card", _rules(pope_card), _pope_anchor),
    Dimension("trump", "Trumps", _rules(d.trump_summary), _fixed("rule-trump")),
    Dimension(
        "first-dealer",
        "First dealer",
        _rules(lambda r: d.first_dealer_short(r.first_dealer.method)),
        _fixed("rule-first-dealer"),
    ),
    Dimension("deal", "Deal", _rules(d.deal_summary), _fixed("rule-deal")),
    Dimension("spare", "Spare hand or stock", _rules(d.spare_summary), _fixed("rule-deal")),
    Dimension("turn-up", "Turn-up", _rules(d.turn_up_summary), _fixed("rule-turn-up")),
    Dimension(
        "chief-card-turned-up",
        "Pope turned up",
        _rules(pope_turned_up),
        _pope_anchor,
        cites=lambda rules: _turned_up_lines(roles.chief_card(rules)),
    ),
    Dimension(
        "honour-turned-up",
        "Honour turned up",
        _rules(honours_turned_up),
        _honours_anchor,
        cites=lambda rules: _turned_up_lines(_honour_turned_up(rules)),
    ),
    Dimension(
        "compartments",
        "Compartments and stakes",
        _rules(d.compartments_summary),
        _fixed("rule-board"),
        _rules(d.compartments_key),
    ),
    Dimension("dressing", "Who dresses", _rules(d.dressing_summary), _fixed("rule-dressing")),
    Dimension("lead", "Lead restriction", _rules(d.lead_summary), _fixed("rule-lead")),
    Dimension("stops", "Stops", _rules(stops_in_play), _fixed("play")),
    Dimension("advice", "Play advice", _rules(d.advice_summary), _advice_anchor),
    Dimension("pairs", "Matrimony and Intrigue", _rules(pairs_summary), _pairs_anchor),
    Dimension("chief-card-bonus", "Pope's bonus", _rules(pope_bonus), _pope_anchor),
    Dimension(
        "payments",
        "Paid at once for a card played",
        _rules(lambda rules: payments.summary(rules.play.payments)),
        _fixed("play"),
    ),
    *(
        Dimension(mechanic.KEY.replace("_", "-"), row, _rules(mechanic.summary), _fixed("play"))
        for mechanic in PLAY_FLOW
        if (row := mechanic.ROW) is not None
    ),
    Dimension(
        "chief-card-holder",
        "Holder of an unplayed Pope",
        _rules(pope_holder),
        _fixed("rule-going-out"),
    ),
    Dimension(
        "penalties",
        "Unplayed-card penalties",
        _rules(d.penalties_summary),
        _penalty_anchor,
    ),
    Dimension("carry-over", "Unwon counters", _rules(carry_over_summary), _fixed("rule-board")),
    Dimension("rounds", "Rounds", _rules(d.deals_summary), _fixed("rule-deals")),
    Dimension("closing", "Closing deal", _rules(d.closing_summary), _fixed("rule-closing-deal")),
    Dimension("end", "End of game", _rules(d.winner_summary), _fixed("rule-winner")),
    Dimension("options", "Variations offered", options_summary, _fixed("options")),
)


def _when(ruleset: Ruleset) -> tuple[int, str]:
    """Where a ruleset's source falls in time: its year (undated sources last), then the first
    of its files, which the sources folder numbers as it collects them."""
    return (ruleset.source.year or 10_000, ruleset.source.files[0].name)


def columns(rulesets: Sequence[Ruleset]) -> tuple[Ruleset, ...]:
    """The rulesets in the comparison's order: by game, Pope Joan first and the others by their
    oldest source, and within a game by the date of the source, then by its title; never by id,
    which says nothing a reader sees.

    >>> from types import SimpleNamespace as N
    >>> def r(title, game, year):
    ...     return N(id=title, title=title, source=N(game=game, year=year, files=(N(name="f"),)))
    >>> found = [r("Spin", "Spin", 1881), r("Peel", "Pope Joan", 1891)]
    >>> found.append(r("Hoyle", "Pope Joan", 1820))
    >>> [ruleset.title for ruleset in columns(found)]
    ['Hoyle', 'Peel', 'Spin']
    """
    dated = sorted(rulesets, key=lambda r: (*_when(r), r.title))
    oldest: dict[str, int] = {}
    for position, ruleset in enumerate(dated):
        oldest.setdefault(ruleset.source.game, position)
    return tuple(sorted(dated, key=lambda r: (r.source.game != HOME_GAME, oldest[r.source.game])))


@dataclass(frozen=True)
class GameColumns:
    """A game whose rulesets the comparison can show alone: its name, a slug for the page's
    address, and its rulesets in :func:`columns` order."""

    name: str
    slug: str
    rulesets: tuple[Ruleset, ...]


def game_slug(name: str) -> str:
    """A game's name as a slug, for an address or a page's path: ``Pope Joan`` gives
    ``pope-joan``; nothing left gives ``game``.

    >>> game_slug("Pope Joan"), game_slug("Spin / Spinado"), game_slug("???"), game_slug("Comète")
    ('pope-joan', 'spin-spinado', 'game', 'comete')
    """
    decomposed = unicodedata.normalize("NFKD", name.lower())
    folded = "".join(c for c in decomposed if not unicodedata.combining(c))
    return "-".join(re.findall(r"[a-z0-9]+", folded)) or "game"


def game_slugs(names: Sequence[str]) -> list[str]:
    """Each game's slug (:func:`game_slug`), in order; two names that spell the same slug are
    told apart by a number.

    >>> game_slugs(["Spin", "spin", "Spin!"])
    ['spin', 'spin-2', 'spin-3']
    """
    taken: list[str] = []
    for name in names:
        base = slug = game_slug(name)
        number = 2
        while slug in taken:
            slug, number = f"{base}-{number}", number + 1
        taken.append(slug)
    return taken


def games(rulesets: Sequence[Ruleset]) -> tuple[GameColumns, ...]:
    """Each game of the rulesets, in :func:`columns` order, with its rulesets; two names that
    spell the same slug are told apart by a number."""
    found: dict[str, list[Ruleset]] = {}
    for ruleset in columns(rulesets):
        found.setdefault(ruleset.source.game, []).append(ruleset)
    slugs = game_slugs(list(found))
    return tuple(
        GameColumns(name, slug, tuple(members))
        for (name, members), slug in zip(found.items(), slugs, strict=True)
    )


def matrix(rulesets: Sequence[Ruleset]) -> tuple[Row, ...]:
    rows: list[Row] = []
    for dimension in DIMENSIONS:
        seen: list[Hashable] = []
        cells: list[Cell] = []
        for ruleset in rulesets:
            text = dimension.value(ruleset)
            key = dimension.key(ruleset, text)
            if key not in seen:
                seen.append(key)
            anchor = dimension.anchor(ruleset.rules)
            cells.append(Cell(ruleset, text, anchor, seen.index(key), reading_at(ruleset, anchor)))
        rows.append(Row(dimension, tuple(cells)))
    return tuple(rows)


def disagreements(rulesets: Sequence[Ruleset]) -> tuple[Row, ...]:
    """The rows where the sources of one game give their default rules differently."""
    return tuple(row for row in _rule_rows(rulesets) if row.sources_disagree)


def between_games(rulesets: Sequence[Ruleset]) -> tuple[Row, ...]:
    """The rows where the games differ while the sources of each game agree: a difference
    between games, not a disagreement between sources."""
    return tuple(row for row in _rule_rows(rulesets) if row.differs and not row.sources_disagree)


def _rule_rows(rulesets: Sequence[Ruleset]) -> tuple[Row, ...]:
    return tuple(row for row in matrix(rulesets) if row.dimension.id != "options")
