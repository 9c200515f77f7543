"""A card played when a run stops (:mod:`variants.mechanics.played_at_stop`): Commit's nine of
diamonds, added to the trimmed Peel rules of ``tests/valid/base.yaml``, played by its holder
when no one can continue a run, the run going on from it. The hand-worked deal is
``tests/mechanics/played-at-stop.yaml``.

With ``when: turn`` and the turn passing (:mod:`variants.mechanics.passing`), the nine is
played in its holder's turn, when he cannot continue the run, before the holder of the next
card is reached: ``tests/mechanics/played-at-stop-in-turn.yaml``. Foster lets the player after
him "continue the original sequence or" play the ten of diamonds; our reading has the run go on
from the nine, the original sequence's next card waiting until someone leads it, and the deal
pins it: the two of spades the first run lacked is led in the second."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

import pytest
from test_passing import assert_quiet_alike, played, rule_told
from test_passing import write_ruleset as write_rules

from variants.core.cards import parse_card
from variants.dealfile import play_deal_file, read_deal_file
from variants.engine.events import Passed, Played
from variants.engine.play import play_deal
from variants.engine.policies import LowestPolicy
from variants.mechanics.passing import PassedWithout
from variants.mechanics.played_at_stop import PlayedInTurn, PlayedWhenStopped, summary
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


IN_TURN = """    played_at_stop:
      card: 9D
      when: turn
      provenance:
        - source: 015_foster-complete-hoyle-1914_commit-pope-joan-newmarket-pochen.txt
          lines: "69-72"
          quote: unable to continue a sequence in his
"""
IN_TURN_DEAL = REPO / "tests" / "mechanics" / "played-at-stop-in-turn.yaml"


def write_ruleset(folder: Path, card: str = "9D") -> Path:
    """``base.yaml`` with the card played when a run stops, as ruleset ``played-at-stop``."""
    return write_rules(folder, NINE.format(card=card), passing=False, rid="played-at-stop")


@pytest.fixture(scope="module")
def in_turn(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``base.yaml`` with the turn passing and the nine played in its holder's turn, as ruleset
    ``played-at-stop-in-turn``."""
    folder = tmp_path_factory.mktemp("rulesets")
    write_rules(folder, IN_TURN, rid="played-at-stop-in-turn")
    return folder


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


def test_the_nine_is_played_in_its_holders_turn_and_the_run_goes_on_from_it(
    in_turn: Path,
) -> None:
    result = play_deal_file(read_deal_file(IN_TURN_DEAL, in_turn))
    hearts = [(0, c(f"{rank}H")) for rank in (3, 4, 5, 6, 7, 8, 9, 10, "J", "Q")]
    assert plays(result.events) == [
        (1, c("AS")),
        (2, c("9D")),
        (0, c("10D")),
        (0, c("2S")),  # the card the first run lacked, led later
        *hearts,
    ]
    assert [e for e in result.events if isinstance(e, (Passed, PlayedInTurn))] == [
        PlayedInTurn(2, c("9D"), c("2S")),
        PassedWithout((1, 2), c("JD")),
        PassedWithout((1, 2), c("3S")),
    ]
    assert result.winner == 0
    assert result.net == (9, -26, 14)
    assert result.board == (0, 2, 1, 0)  # pope, matrimony, ace, game
    assert_quiet_alike(read_deal_file(IN_TURN_DEAL, in_turn))


def test_the_holder_of_the_next_card_reached_first_plays_it_and_a_player_plays_the_nine_at_once(
    in_turn: Path, tmp_path: Path
) -> None:
    """Seat 0 holds the nine and the two of spades: after the ace he is reached (seat 2 passing)
    holding the two, and plays it; the three lies in the spare hand, and he, who cannot go on,
    plays the nine at once, no one passing; seat 1 passes without the ten, which seat 2 plays."""
    text = IN_TURN_DEAL.read_text(encoding="utf-8")
    text = text.replace("[2S, 10D,", "[2S, 9D,").replace("[9D, AD,", "[10D, AD,")
    text = text.replace("leads: [AS, 2S, 3H]", "leads: [AS]")
    deal = tmp_path / "swapped.yaml"
    deal.write_text(text, encoding="utf-8")
    result = play_deal_file(read_deal_file(deal, in_turn))
    assert plays(result.events)[:4] == [(1, c("AS")), (0, c("2S")), (0, c("9D")), (2, c("10D"))]
    assert [e for e in result.events if isinstance(e, (Passed, PlayedInTurn))][:4] == [
        PassedWithout((2,), c("2S")),
        PlayedInTurn(0, c("9D"), c("3S")),
        PassedWithout((1,), c("10D")),
        PassedWithout((0, 1), c("JD")),
    ]


class Declines(LowestPolicy):
    """Leads as ``lowest`` does, and never plays a card in his turn instead of a missing one."""

    def plays_instead(
        self, hand: Sequence[int], card: int, missing: int, rng: random.Random
    ) -> bool:
        return False


def test_a_player_who_declines_the_chance_passes_like_the_others(in_turn: Path) -> None:
    """Seat 2's policy does not play the nine in his turn: he passes, seat 0 plays the two of
    spades, and the nine is never played in anyone's turn."""
    deal = read_deal_file(IN_TURN_DEAL, in_turn)
    result = play_deal(deal.compiled, deal.setup, Declines(), random.Random(0), (c("AS"),))
    assert plays(result.events)[:2] == [(1, c("AS")), (0, c("2S"))]
    assert result.events[result.events.index(PassedWithout((2,), c("2S"))) + 1] == Played(
        0, c("2S")
    )
    assert not any(isinstance(event, PlayedInTurn) for event in result.events)


def test_the_nine_in_turn_is_told_in_the_narration_the_replay_and_the_rules(
    in_turn: Path,
) -> None:
    _, rules, told = played(IN_TURN_DEAL, in_turn)
    assert (
        "Then seat 2 9D, in his turn, without 2S, taking Pope Joan (6 counters). Seat 0 pays "
        "seat 2 12 counters for 12 cards in hand. Seat 1 pays seat 2 11 counters for 11 cards "
        "in hand. Then seat 0 10D. Seat 1 and seat 2 pass, without JD. The run stops at 10D"
    ) in told
    event = PlayedInTurn(2, c("9D"), c("2S"))
    assert step_line(event, rules, 0, 3) == "Seat 2 plays 9D in his turn, without 2S."
    said = rule_told(event, rules, "rule-played-at-stop")
    assert said.title == "The nine of diamonds in its holder's turn"
    assert said.sentences == (
        "When the turn reaches the holder of the nine of diamonds and he cannot continue the "
        "run (or he has just played and cannot go on), he plays it before the holder of the "
        "next card is reached, and the run goes on from it: the next card up in its suit "
        "follows, and the card the run lacked waits until someone leads it.",
    )
    assert summary(rules) == "9♦ played in its holder's turn, who cannot continue"


def test_the_nine_in_turn_needs_the_turn_to_pass(tmp_path: Path) -> None:
    with pytest.raises(ProblemsError) as error:
        load_ruleset(write_rules(tmp_path, IN_TURN, passing=False, rid="in-turn"))
    problems = [str(problem) for problem in error.value.problems]
    assert len(problems) == 1
    assert problems[0].endswith(
        "the card is played in its holder's turn only where the turn passes (play.passing) "
        "(at rules/play/played_at_stop/when)"
    )
