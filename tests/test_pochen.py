"""Foster's Pochen (``rulesets/pochen.yaml``): the hands dealt as far as they go equally, and a
deal's three stages told in order, the cards shown, the vying and the play. The results of the
hand-worked deals ``tests/deals/pochen-*.yaml`` are checked in ``test_deals_by_hand.py``."""

from __future__ import annotations

from pathlib import Path

from variants.dealfile import play_deal_file, read_deal_file
from variants.engine.compiled import compile_rules
from variants.mechanics.ruleset import Ruleset
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
