"""Foster's Pochen (``rulesets/pochen.yaml``): the hands dealt as far as they go equally, and a
deal's three stages told in order, the cards shown, the vying and the play. The results of the
hand-worked deals ``tests/deals/pochen-*.yaml`` are checked in ``test_deals_by_hand.py``."""

from __future__ import annotations

from pathlib import Path

import pytest

from variants.dealfile import DealFileError, play_deal_file, read_deal_file
from variants.engine.compiled import compile_rules
from variants.engine.events import CompartmentWon
from variants.mechanics import showing
from variants.mechanics.ruleset import Ruleset
from variants.mechanics.vying import Bet
from variants.site.describe.board import board_rule
from variants.site.describe.pack import pack_rule, pack_summary, rank_order_rule
from variants.telling.narrate import narrate

REPO = Path(__file__).resolve().parent.parent
DEAL = REPO / "tests" / "deals" / "pochen-shown-vied-played.yaml"


def test_the_cards_go_round_as_far_as_they_go_equally(rulesets: dict[str, Ruleset]) -> None:
    """Thirty-two cards, one turned up: ten each to three, seven to four, six to five, five to
    six; five each to any number with the German articles' deal."""
    pochen = rulesets["pochen"]
    assert len(pochen.rules.pack.cards) == 32
    sizes = {n: compile_rules(pochen.rules, n).plan.hand_sizes()[0] for n in range(3, 7)}
    assert sizes == {3: 10, 4: 7, 5: 6, 6: 5}
    five = pochen.rules_for({"hand_size": "five"})
    assert {compile_rules(five, n).plan.hand_sizes()[0] for n in range(3, 7)} == {5}


def test_a_deal_is_told_stage_by_stage() -> None:
    deal = read_deal_file(DEAL)
    told = narrate(play_deal_file(deal).events, deal.compiled.rules)
    start = told.index("The turn-up is 8H: hearts are trumps; it stays on the table, a stop.")
    assert told[start + 1 : start + 18] == [
        "Seat 3 shows AH.",
        "Seat 3 takes Ace (4 counters), on the hands shown.",
        "Seat 2 shows KH.",
        "Seat 2 takes King (4 counters), on the hands shown.",
        "Seat 2 shows QH.",
        "Seat 2 takes Queen (4 counters), on the hands shown.",
        "Seat 1 shows JH.",
        "Seat 1 takes Knave (4 counters), on the hands shown.",
        "Seat 2 shows KH QH.",
        "Seat 2 takes Marriage (4 counters), on the hands shown.",
        "Seat 1 shows 8C 9C 10C.",
        "Seat 1 takes Sequence (4 counters), on the hands shown.",
        "Seat 2 bets 2 counters on the cards he holds.",
        "Seat 3 holds the bet with 2 counters.",
        "Seat 2 shows KH KS.",
        "Seat 3 shows AD AH.",
        "Seat 3 takes Pochen (8 counters), on the hands shown.",
    ]
    runs = [line for line in told if line.startswith("Run ")]
    assert runs[0].endswith("AC is the top of its suit: the run stops, seat 0 to lead.")
    assert "The run stops at 7H: 8H is the turn-up." in runs[1]
    assert "It is seat 0's last card: seat 0 goes out." in runs[3]
    assert "Ten keeps 4 counters for the next deal." in told


def test_the_pack_is_told_as_seven_to_ace(rulesets: dict[str, Ruleset]) -> None:
    """A pack cut short below is told by the ranks kept, not as twenty cards taken out."""
    rules = rulesets["pochen"].rules
    assert pack_summary(rules) == "32 cards: 7 to A"
    assert pack_rule(rules).sentences == (
        "An ordinary pack of 52 cards without its twos, threes, fours, fives and sixes: 32 "
        "cards are used, seven to ace in each suit.",
    )
    assert rank_order_rule(rules).sentences[0] == (
        "The four suits are kept apart, and in each the cards run in order from the seven (low) "
        "to the ace (high): 7 8 9 10 J Q K A."
    )
    assert pack_summary(rulesets["newmarket"].rules).endswith("A♠ 7♠ removed")


def with_bets(tmp_path: Path, bets: str, deal: Path = DEAL) -> Path:
    """The deal file with a ``bets`` line added."""
    path = tmp_path / "bets.yaml"
    path.write_text(deal.read_text(encoding="utf-8") + f"bets: {bets}\n", encoding="utf-8")
    return path


def test_a_deal_file_gives_the_bets(tmp_path: Path) -> None:
    """Seat 2 bets 3 on his kings and seat 3 holds with up to 5: the aces take 4 + 3 + 3."""
    result = play_deal_file(read_deal_file(with_bets(tmp_path, "{2: 3, 3: 5}")))
    assert [e for e in result.events if isinstance(e, Bet)] == [
        Bet(2, 3, "pochen"),
        Bet(3, 3, "pochen", held=True),
    ]
    assert CompartmentWon("pochen", 3, 10, showing.SHOWN) in result.events
    assert result.net == (4, -2, -4, -2)


@pytest.mark.parametrize(
    ("bets", "message"),
    [
        ("[2, 3]", ":35: bets must map seats to counters, not a list"),
        ("{4: 3}", ":35: a bet's seat must be a seat from 0 to 3"),
        ("{2: -1}", ":35: a bet must be a whole number from 0 to 1000"),
        ("{2: true}", ":35: a bet must be a whole number from 0 to 1000"),
    ],
)
def test_bad_bets_are_refused_in_one_line(tmp_path: Path, bets: str, message: str) -> None:
    with pytest.raises(DealFileError) as error:
        read_deal_file(with_bets(tmp_path, bets))
    assert str(error.value).endswith(message)


def test_bets_where_nobody_bets_are_refused(tmp_path: Path) -> None:
    peel = REPO / "tests" / "deals" / "peel-stop-king.yaml"
    with pytest.raises(DealFileError) as error:
        read_deal_file(with_bets(tmp_path, "{1: 2}", peel))
    assert str(error.value).endswith(
        ": these rules have no betting: bets are given only where players bet"
    )


def test_the_board_is_won_before_play(rulesets: dict[str, Ruleset]) -> None:
    said = board_rule(rulesets["pochen"].rules).sentences[0]
    assert said.endswith(
        "Counters are staked on them and won before any card is played, by what the players hold."
    )
    peel = board_rule(rulesets["peel"].rules).sentences[0]
    assert peel.endswith("won by playing the cards they name.")
