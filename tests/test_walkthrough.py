"""Source 000's five-player worked example (lines 105-141), replayed event by event."""

from __future__ import annotations

import random
from pathlib import Path

from clirun import run

from variants.core.cards import parse_card
from variants.dealfile import read_deal_file
from variants.engine.events import CompartmentWon, Exempted, Led, Played, Stopped, WentOut
from variants.engine.play import play_deal
from variants.engine.policies import make_policy
from variants.mechanics import going_out, pair
from variants.telling.narrate import PLAIN, Style, narrate

REPO = Path(__file__).resolve().parent.parent
WALKTHROUGH = REPO / "examples" / "peel-walkthrough.yaml"
GOLDEN = REPO / "tests" / "golden" / "peel-walkthrough.txt"
PEOPLE = REPO / "tests" / "golden" / "peel-walkthrough-people.txt"
"""The same narration with the seats named as the site names them."""


def replay() -> tuple[list[object], object]:
    deal = read_deal_file(WALKTHROUGH, REPO / "rulesets")
    result = play_deal(
        deal.compiled, deal.setup, make_policy(deal.policy), random.Random(0), deal.leads
    )
    return list(result.events), deal


def test_the_leader_holds_the_eight_cards_the_text_names_and_the_seven_of_hearts_is_turned() -> (
    None
):
    _, deal = replay()
    named = ["5D", "7D", "4H", "JH", "JS", "KS", "AC", "QC"]
    assert sorted(deal.setup.hands[1]) == sorted(map(parse_card, named))
    assert deal.setup.turn_up == parse_card("7H")
    assert parse_card("4C") in deal.setup.spare and parse_card("KC") in deal.setup.spare


def test_the_walkthrough_happens_in_the_order_the_text_tells_it() -> None:
    events, _ = replay()
    c = parse_card
    story = [
        e
        for e in events
        if isinstance(e, Led | Stopped | WentOut)
        or (isinstance(e, CompartmentWon) and e.compartment in ("matrimony", "game"))
    ]
    expected = [
        Led(1, c("JS"), story[0].reason),  # type: ignore[attr-defined]
        Stopped(1, c("KS"), "king", None),  # the king of spades, a stop
        Led(1, c("5D"), story[2].reason),  # type: ignore[attr-defined]
        Stopped(1, c("7D"), "removed", c("8D")),  # the seven of diamonds, the 8 being out
        Led(1, c("AC"), story[4].reason),  # type: ignore[attr-defined]
        Stopped(3, c("3C"), "unseen", c("4C")),  # the four must be in the spare hand
        Led(3, c("QH"), story[6].reason),  # type: ignore[attr-defined]
        CompartmentWon("matrimony", 3, 2, pair.WON),  # queen and king of hearts: Matrimony
        Stopped(3, c("KH"), "king", None),
        Led(3, c("7S"), story[9].reason),  # type: ignore[attr-defined]
        Stopped(3, c("10S"), "played", c("JS")),  # the ten, a stop: J, Q, K played
        Led(3, c("5C"), story[11].reason),  # type: ignore[attr-defined]
        Stopped(1, c("QC"), "unseen", c("KC")),  # the queen of clubs, the king in the spare hand
        Led(1, c("JH"), story[13].reason),  # type: ignore[attr-defined]
        Stopped(1, c("JH"), "played", c("QH")),  # the knave of hearts, now a stop
        Led(1, c("4H"), story[15].reason),  # type: ignore[attr-defined]
        WentOut(1, c("4H")),
        CompartmentWon("game", 1, 4, going_out.WON),
    ]
    assert story == expected


def test_the_clubs_and_hearts_are_followed_from_different_hands() -> None:
    events, _ = replay()
    c = parse_card
    followed = [(e.seat, e.card) for e in events if isinstance(e, Played)]
    assert (2, c("2C")) in followed and (3, c("3C")) in followed
    assert (3, c("KH")) in followed


def test_the_holder_of_the_unplayed_pope_is_exempt() -> None:
    events, _ = replay()
    assert [e for e in events if isinstance(e, Exempted)] == [Exempted(0, "pope", 5)]


def test_the_advice_explains_the_leads_as_the_text_does() -> None:
    events, _ = replay()
    reasons = [e.reason for e in events if isinstance(e, Led)]
    assert reasons[0].startswith("works up to {KS}, a known stop")
    assert reasons[1].startswith("works up to {7D}, a known stop")
    assert reasons[2] == "{AC} must be led or it will never be played: nothing leads up to it"
    assert reasons[-1] == "its last card"


def test_the_narration_matches_the_golden_text() -> None:
    events, deal = replay()
    text = "\n".join(narrate(events, deal.compiled.rules, PLAIN)) + "\n"  # type: ignore[attr-defined]
    assert text == GOLDEN.read_text(encoding="utf-8")


def test_the_sites_narration_names_the_seats_as_people_do() -> None:
    """The site tells the deal with the seats named round the table from the dealer (the
    dealer, Player 1 the elder hand, Player 2...), where the command line numbers them from 0
    as deal files do: the same deal, word for word otherwise."""
    events, deal = replay()
    rules = deal.compiled.rules  # type: ignore[attr-defined]
    told = "\n".join(narrate(events, rules, Style(glyphs=False, people=True))) + "\n"
    assert told == PEOPLE.read_text(encoding="utf-8")
    numbered = GOLDEN.read_text(encoding="utf-8")
    assert told.count("\n") == numbered.count("\n")
    assert "Seat " not in told and "seat " not in told


def test_replay_prints_suit_glyphs_and_colour_only_when_asked() -> None:
    plain = run(["replay", str(WALKTHROUGH)])
    assert plain.status == 0, plain.err
    assert "Seat 1 leads J♠" in plain.out and "\x1b[" not in plain.out
    coloured = run(["replay", "--color", str(WALKTHROUGH)])
    assert coloured.status == 0, coloured.err
    assert "\x1b[31m7♥\x1b[0m" in coloured.out
    assert Style(glyphs=True).card(parse_card("10H")) == "10♥"


def test_the_narration_names_the_dealer_and_elder_hand_wherever_the_deal_starts() -> None:
    from variants.engine.compiled import compile_rules
    from variants.engine.deal import shuffled_deal
    from variants.rules.loader import load_ruleset

    compiled = compile_rules(load_ruleset(REPO / "rulesets" / "peel.yaml").rules, 5)
    rng = random.Random(4)
    setup = shuffled_deal(compiled, rng, 3)
    result = play_deal(compiled, setup, make_policy("advised"), rng)
    lines = narrate(result.events, compiled.rules, PLAIN)
    assert any(line.startswith("  Seat 3 (dealer):") for line in lines)
    assert any(line.startswith("  Seat 4 (elder hand):") for line in lines)
    assert lines[0].startswith("The board is dressed (seat 0 3,") and "seat 3 6" in lines[0]
