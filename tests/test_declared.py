"""Pairs declared (:mod:`variants.mechanics.declared`): Peel's Spin lets the holder of Matrimony
or Intrigue show both cards once he has played a stop and take the pool without playing them
(016 lines 200-202). The hand-worked deal is ``tests/deals/spin-matrimony-declared.yaml``; its
result is checked with the others in ``test_deals_by_hand.py``. Here: what the declaration
changes, how it is told, and the rule's checks and words."""

from __future__ import annotations

from pathlib import Path

import pytest

from variants.core.cards import parse_card
from variants.dealfile import play_deal_file, read_deal_file
from variants.engine.events import CompartmentWon
from variants.mechanics import declared
from variants.mechanics.declared import PairDeclared, _with_runs_and_a_pair, summary
from variants.mechanics.ruleset import Ruleset
from variants.rules.loader import load_rulesets
from variants.site.describe.play import play_rules
from variants.site.exampledeals import deal_view, examples_for
from variants.telling.narrate import PEOPLE, narrate
from variants.telling.replaydata import step_line

REPO = Path(__file__).resolve().parent.parent
DEAL = REPO / "tests" / "deals" / "spin-matrimony-declared.yaml"


@pytest.fixture(scope="module")
def spin() -> Ruleset:
    return load_rulesets(REPO / "rulesets")["spin"]


def test_the_holder_shows_the_pair_after_his_stop_and_keeps_its_cards() -> None:
    result = play_deal_file(read_deal_file(DEAL))
    shown = [e for e in result.events if isinstance(e, PairDeclared)]
    assert shown == [PairDeclared(1, (parse_card("KD"), parse_card("QD")), "matrimony")]
    at = result.events.index(shown[0])
    assert result.events[at + 1] == CompartmentWon("matrimony", 1, 6, declared.WON)
    # Told after the run whose stop he played, before the next lead.
    assert type(result.events[at - 1]).__name__ == "Stopped"
    assert type(result.events[at + 2]).__name__ == "Led"


def test_without_the_declaration_the_pool_stays_with_the_cards_unplayed(tmp_path: Path) -> None:
    """Under ``declare_pairs: "no"`` the same cards fall; the holder of both cards, who never
    plays them, does not take Matrimony, which stays on the board."""
    text = DEAL.read_text(encoding="utf-8")
    plain = tmp_path / "spin-matrimony-not-declared.yaml"
    plain.write_text(
        text.replace("ruleset: spin\n", 'ruleset: spin\noptions: {declare_pairs: "no"}\n')
    )
    declared_result = play_deal_file(read_deal_file(DEAL))
    result = play_deal_file(read_deal_file(plain, REPO / "rulesets"))
    assert not any(isinstance(e, PairDeclared) for e in result.events)
    assert result.net == (-108, -12, 111)
    assert declared_result.net == (-108, -6, 111)
    ids = read_deal_file(DEAL).compiled.ids
    assert dict(zip(ids, result.board, strict=True)) == {"matrimony": 6, "intrigue": 3, "game": 0}


def test_the_narration_and_the_replay_tell_the_cards_shown_and_the_pool_taken() -> None:
    deal = read_deal_file(DEAL)
    events = play_deal_file(deal).events
    rules, dealer, players = deal.compiled.rules, deal.setup.dealer, deal.setup.players
    told = narrate(events, rules, PEOPLE)
    at = next(i for i, line in enumerate(told) if line.startswith("Run 1."))
    assert told[at + 1 : at + 3] == [
        "Player 1 shows K♦ Q♦.",
        "Player 1 takes Matrimony (6 counters), declared without playing its cards.",
    ]
    steps = [step_line(e, rules, dealer, players, PEOPLE) for e in events]
    assert "Player 1 shows K♦ Q♦." in steps
    assert "Player 1 takes Matrimony (6 counters), declared without playing its cards." in steps


def test_the_rule_is_told_on_the_rules_page_and_in_the_comparison(spin: Ruleset) -> None:
    rule = next(r for r in play_rules(spin.rules) if r.anchor == "rule-declared")
    assert rule.title == "Pairs declared"
    assert "may show them once he has played a stop" in rule.text
    assert summary(spin.rules) == "shown after a stop, without playing them"
    plain = spin.rules_for({"declare_pairs": "no"})
    assert plain.play.declared is None
    assert summary(plain) == "none"


@pytest.mark.parametrize(
    ("play", "board", "message"),
    [
        (
            {"declared": {}, "showing": {}},
            [{"win": {"cards": ["KD", "QD"]}}],
            "a pair is declared after a stop only where cards are played",
        ),
        (
            {"declared": {}},
            [{"win": {"card": "9D"}}, {"win": {"going_out": True}}],
            "no compartment is won by a pair of cards to declare",
        ),
    ],
)
def test_a_declaration_needs_runs_and_a_pair(
    play: dict[str, object], board: list[dict[str, object]], message: str
) -> None:
    data = {"play": play, "board": {"compartments": board}}
    found = [(f.path, f.message) for f in _with_runs_and_a_pair.run(data)]
    assert found == [(("play", "declared"), message)]
    spin = {"play": {"declared": {}}, "board": {"compartments": [{"win": {"cards": ["KD", "QD"]}}]}}
    assert list(_with_runs_and_a_pair.run(spin)) == []


def test_the_worked_example_s_board_says_the_pair_went_after_a_stop(spin: Ruleset) -> None:
    example = next(e for e in examples_for(spin) if e.slug == "spin-matrimony-declared")
    rows = [(row.moment, row.what) for row in deal_view(example).board_rows]
    assert ("After a stop", "Player 1 takes Matrimony (6)") in rows
