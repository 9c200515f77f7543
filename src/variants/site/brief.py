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

from ..rules.ruleset import Rules, Ruleset
from . import compare as cmp
from . import describe as d

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


def _board(rules: Rules) -> tuple[str, ...]:
    """What the board holds and what wins each compartment, and who dresses it."""
    wins = d.join_words([d.compartment_rule(c, rules).title for c in rules.board.compartments])
    return (
        d.board_rule(rules).sentences[0],
        f"What wins each: {wins}.",
        d.dressing_rule(rules).sentences[0],
    )


def _deal(rules: Rules) -> tuple[str, ...]:
    deal = d.deal_rule(rules).sentences
    return (*deal[:2], *d.turn_up_rule(rules).sentences[:2], *d.trump_rule(rules).sentences[:1])


def _play(rules: Rules) -> tuple[str, ...]:
    lead = d.play_rules(rules)[0].sentences
    stops = cmp.stops_in_play(rules)
    return (*lead, f"What stops a run: {stops}.") if stops else lead


def _going_out(rules: Rules) -> tuple[str, ...]:
    return tuple(s for rule in d.settlement_rules(rules) for s in rule.sentences[:2])


def _game(rules: Rules) -> tuple[str, ...]:
    return tuple(rule.sentences[0] for rule in d.length_and_winner_rules(rules))


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
    """The six points of the ruleset's rules in brief, with the comparison's differing rows."""
    rules = ruleset.rules
    rows = {row.dimension.id: row for row in cmp.matrix(rulesets)}
    said = (
        (d.players_rule(rules).sentences[0], *d.pack_rule(rules).sentences[:1]),
        _board(rules),
        _deal(rules),
        _play(rules),
        _going_out(rules),
        _game(rules),
    )
    return tuple(
        Point(title, sentences, anchor, tuple(rows[r] for r in row_ids if rows[r].differs))
        for (title, anchor, row_ids), sentences in zip(POINTS, said, strict=True)
    )
