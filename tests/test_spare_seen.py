"""A dealer who may look at the spare hand knows its cards are stops, and leads by it; no one
else does. (Peel's Looking at the Spare Hand, source 006 lines 101-107: the dealer "can play
cards which he alone knows to be stops".)"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from variants.core.cards import parse_card
from variants.engine.compiled import PLAYED, SPARE, TABLE, compile_rules
from variants.engine.play import SeatView, legal_leads
from variants.engine.policies import make_policy
from variants.mechanics.ruleset import Rules
from variants.mechanics.spare_seen import knows_spare
from variants.rules.loader import load_ruleset

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def peel() -> tuple[Rules, Rules]:
    ruleset = load_ruleset(REPO / "rulesets" / "peel.yaml")
    return ruleset.rules, ruleset.rules_for({"looking_at_spare": "looks"})


def _view(rules: Rules, seat: int, dealer: int) -> SeatView:
    """Three players, hearts trumps (2H turned up); the dealer holds 5S, 9C and 3D; the spare
    hand holds 6S (so 5S is a stop), the other hands 10C and 4D."""
    compiled = compile_rules(rules, 3)
    owner = [PLAYED] * 53
    hand = tuple(sorted(parse_card(c) for c in ("5S", "9C", "3D")))
    for card in hand:
        owner[card] = seat
    owner[parse_card("6S")] = SPARE
    owner[parse_card("2H")] = TABLE
    owner[parse_card("10C")] = (seat + 1) % 3
    owner[parse_card("4D")] = (seat + 2) % 3
    board = dict.fromkeys(compiled.ids, 0)
    return SeatView(
        compiled,
        seat,
        hand,
        legal_leads(compiled, hand),
        owner,
        set(),
        board,
        (3, 1, 1),
        parse_card("2H") // 13,
        parse_card("2H"),
        knows_spare(rules.deal, seat, dealer),
    )


def test_only_the_dealer_knows_the_spare_hand(peel: tuple[Rules, Rules]) -> None:
    plain, looks = peel
    six = parse_card("6S")
    assert _view(looks, 0, dealer=0).is_out(six)
    assert not _view(looks, 1, dealer=0).is_out(six)
    assert not _view(plain, 0, dealer=0).is_out(six)


def test_the_dealer_leads_a_stop_he_alone_knows(peel: tuple[Rules, Rules]) -> None:
    plain, looks = peel
    advised = make_policy("advised")
    card, why = advised.choose_lead(_view(looks, 0, dealer=0), random.Random(1))
    assert card == parse_card("5S") and "known stop" in why
    card, why = advised.choose_lead(_view(plain, 0, dealer=0), random.Random(1))
    assert "known stop" not in why
