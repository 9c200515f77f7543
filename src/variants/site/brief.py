"""Pope Joan in brief: one ruleset's rules on one screen, in six points, for a reader who wants to
play. Each point is said by the blocks of :mod:`variants.site.describe` (the words of the ruleset
page, shortened), links to the full rule on the ruleset's page, and to the rows of the comparison
where the rulesets differ on it.

Which ruleset is told is a setting of the site (``extra: variants: recommended:`` in
``mkdocs.yml``), never decided here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..mechanics.ruleset import Rules, Ruleset
from ..rules import roles
from . import compare as cmp
from . import describe as d
from .readings import Reading, reading_of

BRIEF = "in-brief.md"


class RecommendedError(ValueError):
    """The site's setting names no ruleset the site has."""


@dataclass(frozen=True)
class Point:
    title: str
    sentences: tuple[str, ...]
    anchor: str
    """The full rule on the ruleset's page."""
    rows: tuple[cmp.Row, ...]
    """The comparison's rows on this point where the rulesets differ."""
    readings: tuple[Reading, ...] = ()
    """The project's readings among the rules told here, where the source is silent, unclear
    or lost: marked, and linked to their interpretations."""


def recommended(rulesets: Mapping[str, Ruleset], setting: object) -> Ruleset:
    """The ruleset the setting names, or :class:`RecommendedError` saying what is wrong."""
    known = ", ".join(sorted(rulesets))
    if not isinstance(setting, str) or not setting:
        raise RecommendedError(
            "mkdocs.yml: extra.variants.recommended must name the ruleset to tell in brief "
            f"(one of: {known})"
        )
    if setting not in rulesets:
        raise RecommendedError(
            f"mkdocs.yml: extra.variants.recommended names {setting!r}, which is not a ruleset "
            f"(one of: {known})"
        )
    return rulesets[setting]


Told = tuple[tuple[str, ...], tuple[d.Rule, ...]]
"""A point's sentences, and the rules they are taken from."""


def _players(rules: Rules) -> Told:
    players, pack = d.players_rule(rules), d.pack_rule(rules)
    return (players.sentences[0], *pack.sentences[:1]), (players, pack)


def _board(rules: Rules) -> Told:
    """What the board holds and what wins each compartment, what the Pope pays beyond its
    stake, what becomes of counters nobody wins, and who dresses it."""
    board, dressing = d.board_rule(rules), d.dressing_rule(rules)
    compartments = [d.compartment_rule(c, rules) for c in rules.board.compartments]
    wins = d.join_words([rule.title for rule in compartments])
    pope = roles.chief_card(rules)
    beyond: tuple[str, ...] = ()
    if pope is not None:
        said = _between(d.compartment_rule(pope, rules).sentences)
        beyond = tuple(f"{pope.label}: {s[:1].lower()}{s[1:]}" for s in said)
    said = (
        board.sentences[0],
        f"What wins each: {wins}.",
        *beyond,
        *board.sentences[1:2],
        *dressing.sentences[:1],
    )
    return said, (board, *compartments, dressing)


def _between(sentences: tuple[str, ...]) -> tuple[str, ...]:
    """A compartment's sentences but the first (what wins it) and the last (its stake): what
    it pays beyond its stake, at the turn-up and in play."""
    return tuple(sentences[1:-1])


def _deal(rules: Rules) -> Told:
    deal, turn_up, trump = d.deal_rule(rules), d.turn_up_rule(rules), d.trump_rule(rules)
    return (*deal.sentences[:2], *turn_up.sentences, *trump.sentences[:1]), (deal, turn_up, trump)


def _play(rules: Rules) -> Told:
    lead = d.play_rules(rules)[0]
    stops = cmp.stops_in_play(rules)
    said = (*lead.sentences, f"What stops a run: {stops}.") if stops else lead.sentences
    return said, (lead,)


def _going_out(rules: Rules) -> Told:
    settled = d.settlement_rules(rules)
    return tuple(s for rule in settled for s in rule.sentences[:2]), tuple(settled)


def _game(rules: Rules) -> Told:
    game = d.length_and_winner_rules(rules)
    return tuple(rule.sentences[0] for rule in game), tuple(game)


POINTS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("The players and the pack", "rule-pack", ("players", "pack")),
    ("The board", "rule-board", ("compartments", "chief-card", "dressing")),
    ("The deal", "rule-deal", ("deal", "spare", "turn-up", "trump")),
    ("The play", "rule-lead", ("lead", "stops")),
    ("Going out and the settlement", "rule-going-out", ("chief-card-holder", "penalties")),
    ("The game", "rule-deals", ("rounds", "closing", "end")),
)
"""Each point's title, the anchor of its full rule, and its rows in the comparison."""


def points(ruleset: Ruleset, rulesets: Sequence[Ruleset]) -> tuple[Point, ...]:
    """The six points of the ruleset's rules in brief, with the comparison's differing rows
    and the project's readings among them."""
    rules = ruleset.rules
    rows = {row.dimension.id: row for row in cmp.matrix(rulesets)}
    told = (_players, _board, _deal, _play, _going_out, _game)
    return tuple(
        Point(
            title,
            sentences,
            anchor,
            tuple(rows[r] for r in row_ids if rows[r].differs),
            reading_of(ruleset, used),
        )
        for (title, anchor, row_ids), (sentences, used) in zip(
            POINTS, (tell(rules) for tell in told), strict=True
        )
    )
