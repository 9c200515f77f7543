"""A card played when a run stops (:mod:`variants.mechanics.played_at_stop`): Commit's nine of
diamonds, added to the trimmed Peel rules of ``tests/valid/base.yaml``, played by its holder
when no one can continue a run, the run going on from it. The hand-worked deal is
``tests/mechanics/played-at-stop.yaml``."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_passing import rule_told
from test_passing import write_ruleset as write_rules

from variants.core.cards import parse_card
from variants.dealfile import play_deal_file, read_deal_file
from variants.mechanics.played_at_stop import PlayedWhenStopped, summary
from variants.rules.loader import load_ruleset
from variants.rules.yamlsource import ProblemsError
from variants.telling.narrate import narrate
from variants.telling.replaydata import step_line
from variants.telling.results import plays

REPO = Path(__file__).resolve().parent.parent
NINE = """    played_at_stop:
      card: {card}
      provenance:
        - source: 015_foster-complete-hoyle-1914_commit-pope-joan-newmarket-pochen.txt
          lines: "69-72"
          quote: hold the Nine of diamonds
"""
DEAL = REPO / "tests" / "mechanics" / "played-at-stop.yaml"


def write_ruleset(folder: Path, card: str = "9D") -> Path:
    """``base.yaml`` with the card played when a run stops, as ruleset ``played-at-stop``."""
    return write_rules(folder, NINE.format(card=card), passing=False, rid="played-at-stop")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("rulesets")
    write_ruleset(folder)
    return folder


def c(text: str) -> int:
    return parse_card(text)


def test_the_nine_is_played_at_a_stop_and_the_run_goes_on_from_it(folder: Path) -> None:
    deal = read_deal_file(DEAL, folder)
    result = play_deal_file(deal)
    hearts = [(0, c(f"{rank}H")) for rank in (3, 4, 5, 6, 7, 8, 9, 10, "J", "Q", "K")]
    assert plays(result.events) == [
        (1, c("AS")),
        (1, c("2S")),
        (2, c("9D")),
        (0, c("10D")),
        *hearts,
    ]
    assert PlayedWhenStopped(2, c("9D"), c("3S")) in result.events
    assert result.winner == 0
    assert result.net == (10, -24, 13)
    assert result.board == (0, 0, 1, 0)  # pope, matrimony, ace, game


def test_the_nine_is_told_in_the_narration_the_replay_and_the_rules(folder: Path) -> None:
    deal = read_deal_file(DEAL, folder)
    result = play_deal_file(deal)
    rules = deal.compiled.rules
    told = "\n".join(narrate(result.events, rules))
    assert "Then seat 1 2S, seat 2 9D, when the run stops without 3S, taking Pope Joan" in told
    assert "Then seat 0 10D. The run stops at 10D" in told
    event = PlayedWhenStopped(2, c("9D"), c("3S"))
    step = step_line(event, rules, dealer=0, players=3)
    assert step == "Seat 2 plays 9D, as no one can play 3S."
    said = rule_told(event, rules, "rule-played-at-stop")
    assert said.title == "The nine of diamonds when a run stops"
    assert said.sentences == (
        "When a run stops because no one holds its next card, whoever holds the nine of "
        "diamonds plays it, and the run goes on from it: the next card up in its suit follows.",
    )
    assert summary(rules) == "9♦ played when a run stops"


def test_a_card_not_in_the_pack_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ProblemsError) as error:
        load_ruleset(write_ruleset(tmp_path, card="8D"))
    assert "8D is not in the pack" in str(error.value.problems[0])
