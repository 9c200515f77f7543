"""Runs by rank, in any suit (:mod:`variants.mechanics.by_rank`), with the comète that stands
for any card and the counter paid at a stop, under the Encyclopédie's Comète
(``rulesets/comete.yaml``); the points of the cards left (:mod:`variants.mechanics.going_out`)
and the comète left paid to the winner (:mod:`variants.mechanics.held_payments`) with them. The
hand-worked deal is ``tests/mechanics/by-rank.yaml``."""

from __future__ import annotations

from pathlib import Path

import pytest

from variants.core.cards import parse_card
from variants.dealfile import play_deal_file, read_deal_file
from variants.engine.events import Paid, PlayedApart
from variants.engine.play import DealResult
from variants.mechanics import by_rank, going_out
from variants.mechanics.by_rank import PassedWithoutRank, StoodFor, summary
from variants.rules.loader import load_ruleset
from variants.rules.yamlsource import ProblemsError
from variants.site.describe.pack import rank_order_rule
from variants.site.describe.play import play_rules
from variants.site.steprules import rule_applied
from variants.telling.narrate import narrate
from variants.telling.results import plays

REPO = Path(__file__).resolve().parent.parent
RULESETS = REPO / "rulesets"
DEAL = REPO / "tests" / "mechanics" / "by-rank.yaml"
COMETE = (RULESETS / "comete.yaml").read_text(encoding="utf-8")


def c(text: str) -> int:
    return parse_card(text)


@pytest.fixture(scope="module")
def played() -> DealResult:
    return play_deal_file(read_deal_file(DEAL, RULESETS))


def test_a_run_goes_on_in_any_suit_and_the_comete_stands_for_a_four(played: DealResult) -> None:
    assert plays(played.events) == [
        (1, c("AC")),
        (1, c("2H")),
        (3, c("3S")),
        (4, c("9D")),
        (4, c("5C")),
        (4, c("6C")),
        (4, c("7C")),
        (4, c("JC")),
        (4, c("QC")),
    ]
    apart = [e for e in played.events if isinstance(e, PlayedApart)]
    assert apart == [StoodFor(4, c("9D"), c("4S"))]
    passes = [(e.seats, e.missing) for e in played.events if isinstance(e, PassedWithoutRank)]
    assert passes == [((2,), c("3H")), ((5, 6, 7, 0, 1, 2, 3), c("8C"))]


def test_the_deal_settles_as_worked_by_hand(played: DealResult) -> None:
    assert played.winner == 4
    assert played.net == (-54, -15, -41, -58, 301, -23, -44, -66)
    assert sum(played.net) == 0
    stop = [
        (e.payer, e.payee, e.amount)
        for e in played.events
        if isinstance(e, Paid) and e.reason is by_rank.PAID
    ]
    assert stop == [(seat, 4, 1) for seat in (0, 1, 2, 3, 5, 6, 7)]
    points = {
        e.payer: e.amount
        for e in played.events
        if isinstance(e, Paid) and e.reason is going_out.PAID_POINTS
    }
    assert points == {0: 36, 1: 13, 2: 39, 3: 48, 5: 21, 6: 42, 7: 56}


def test_the_passes_the_comete_and_the_stop_are_told(played: DealResult) -> None:
    rules = read_deal_file(DEAL, RULESETS).compiled.rules
    told = "\n".join(narrate(played.events, rules))
    assert "Seat 2 passes, without a three." in told
    assert "seat 4 9D, as a four." in told
    assert "for the stop, no one holding an eight." in told
    assert '"No eight," says seat 4.' in told
    assert "Seat 0 pays seat 4 36 counters for 36 points left." in told
    stood = next(e for e in played.events if isinstance(e, StoodFor))
    assert rule_applied(stood, rules) == "rule-by-rank"
    paid = next(e for e in played.events if isinstance(e, Paid) and e.reason is by_rank.PAID)
    assert rule_applied(paid, rules) == "rule-by-rank"


def test_the_rule_is_said_in_english() -> None:
    rules = load_ruleset(RULESETS / "comete.yaml").rules
    said = {rule.anchor: rule for rule in play_rules(rules)}["rule-by-rank"]
    assert said.title == "Runs by rank, in any suit"
    assert said.sentences[1] == (
        "The nine of diamonds stands for any card: a player without the next rank may play it "
        "in his turn in its place, and the run goes on from the rank it stood for."
    )
    assert said.sentences[2] == (
        "When no one holds a card of the next rank, the run stops, every other player pays the "
        "player of its last card 1 counter, and he leads again."
    )
    assert summary(rules) == (
        "any card of the next rank, whatever its suit; 9♦ stands for any card; 1 counter from "
        "each to the player stopped"
    )


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "    by_rank:\n      wild: 9D\n",
            "    passing: {to: left, provenance: [{source: 018_encyclopedie-1753-1765_hoc-poque"
            "-comete-manille_fragments-fr.txt, lines: '142', quote: reprend le jeu}]}\n"
            "    by_rank:\n      wild: 9D\n",
            "where runs go by rank the passes are for want of a rank: drop play.passing",
        ),
        ("      wild: 9D\n", "      wild: 8D\n", "8D is not in the pack"),
        (
            "        each: 5\n        when: left\n        paid: to-winner\n",
            "        each: 5\n        when: dealt\n        paid: to-winner\n",
            "a card held is paid to the winner only when it is left in hand (when: left)",
        ),
    ],
)
def test_a_rule_that_cannot_hold_is_refused(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    assert old in COMETE
    path = tmp_path / "comete.yaml"
    path.write_text(COMETE.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ProblemsError) as caught:
        load_ruleset(path)
    assert any(message in str(problem) for problem in caught.value.problems)


def test_the_rules_page_says_suits_do_not_matter_and_when_a_run_stops() -> None:
    rules = load_ruleset(RULESETS / "comete.yaml").rules
    assert rank_order_rule(rules).sentences == (
        "Suits do not matter in a run: the cards run in order of rank from the ace (low) to the "
        "king (high), whatever their suit: A 2 3 4 5 6 7 8 9 10 J Q K.",
        "A run climbs this order one rank at a time, so the king, with nothing above it, always "
        "ends one.",
    )
    said = {rule.anchor: rule for rule in play_rules(rules)}
    assert said["rule-lead"].sentences[1] == (
        "A card of the next rank up, of any suit, continues the run, played by the first player "
        "in turn who holds one, and so the run climbs one rank at a time until it stops."
    )
    assert said["rule-stop-removed"].sentences == (
        "A run stops when no card of the next rank up can be played: the eight of diamonds "
        "(8♦), taken out of the pack, never can be.",
    )
    # Commit keeps its suits apart, and its missing eight of diamonds is a known stop.
    commit = load_ruleset(RULESETS / "commit.yaml").rules
    assert rank_order_rule(commit).sentences[0].startswith("The four suits are kept apart")
    stops = {rule.anchor: rule for rule in play_rules(commit)}["rule-stop-removed"]
    assert stops.sentences[0].endswith("a known stop: 7♦ (the 8♦ is out).")
