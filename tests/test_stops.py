"""Foster's Newmarket, or Stops (``rulesets/stops.yaml``): what its options do beyond the
hand-worked deals of ``tests/deals/stops-*.yaml``."""

from __future__ import annotations

from pathlib import Path

from variants.core.cards import parse_card
from variants.dealfile import play_deal_file, read_deal_file
from variants.engine.events import Played, Stopped
from variants.mechanics.with_another import PlayedWith
from variants.rules.dealplan import SPARE, plan_deal
from variants.rules.loader import load_rulesets
from variants.site.describe.board import compartment_rule, compartments_summary
from variants.telling.results import plays

REPO = Path(__file__).resolve().parent.parent
RULESETS = load_rulesets(REPO / "rulesets")

ACE_HIGH_SPIN = """ruleset: stops
options: {spin: "yes", ace: high}
dealer: 0
hands:
  - [6H, 7H, 8H, 9H, 10H, JH, QH, KH, AH, 2S, 3S, 4S, 5S, 6S, 7S]
  - [2D, 3D, 4D, 5D, 6D, 7D, 8D, 9D, 10D, JD, QD, KD, 2C, 3C, 4C]
  - [AD, 5C, 6C, 7C, 8C, 9C, 10C, JC, QC, KC, AC, 2H, 3H, 4H, 5H]
spare: [8S, 9S, 10S, JS, QS, KS, AS]
turn_up: null
leads: [2D, 2H, 2S]
"""


def test_spin_coming_in_its_own_turn_is_played_alone(tmp_path: Path) -> None:
    """With Spin and the ace high, the diamond ace follows the king of diamonds: its holder plays
    it in its turn as any card, alone, and it stops the diamonds as the top card."""
    path = tmp_path / "ace-high-spin.yaml"
    path.write_text(ACE_HIGH_SPIN, encoding="utf-8")
    events = play_deal_file(read_deal_file(path, REPO / "rulesets")).events
    c = parse_card
    assert plays(events)[11:13] == [(1, c("KD")), (2, c("AD"))]
    assert Played(2, c("AD")) in events
    assert not any(isinstance(e, PlayedWith) for e in events)
    assert any(isinstance(e, Stopped) and e.card == c("AD") and e.cause == "king" for e in events)


def test_the_seven_of_diamonds_taken_out_leaves_the_talon_a_card_short() -> None:
    """The reading the ruleset does not take: without the seven of diamonds, each player still
    gets the table's number of cards and the talon holds one card fewer than the table's."""
    stops = RULESETS["stops"]
    kept = stops.rules
    removed = stops.rules_for({"seven_of_diamonds": "removed"})
    for players, each, talon in ((3, 15, 7), (4, 12, 4), (8, 6, 4)):
        for rules, left in ((kept, talon), (removed, talon - 1)):
            plan = plan_deal(rules, players)
            assert plan.hand_sizes() == (each,) * players
            assert sum(1 for p in plan.positions if p == SPARE) == left


def test_the_layout_cards_hold_what_the_players_lay() -> None:
    """No layout card must be covered: the rules page says each holds what the players lay."""
    rules = RULESETS["stops"].rules
    ace = rules.board.compartments[0]
    assert compartment_rule(ace, rules).sentences == (
        "Won by the player who plays the ace of hearts (A♥).",
        "Dressed with what the players lay.",
    )
    assert compartments_summary(rules) == (
        "4: Ace of hearts, King of clubs, Queen of diamonds and Knave of spades, each what the "
        "players lay"
    )
