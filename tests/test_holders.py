"""Holders' rules (:mod:`variants.mechanics.holders`) that name a card rather than a compartment:
the holder of the card left in hand when another goes out pays nothing for his cards, or pays
double (Peel's Spin, 016 lines 209-211). Played on ``tests/mechanics/passing.yaml``, a deal of
the trimmed Peel rules of ``tests/valid/base.yaml`` in which seat 2 is left holding the Pope
(9♦) among his 12 cards when seat 1 goes out; seat 0 is left with 11 cards."""

from __future__ import annotations

from pathlib import Path

import pytest

from variants.core.cards import parse_card
from variants.dealfile import play_deal_file, read_deal_file
from variants.engine.events import Exempted
from variants.telling.narrate import PEOPLE, narrate
from variants.telling.replaydata import step_line

REPO = Path(__file__).resolve().parent.parent
BASE = (REPO / "tests" / "valid" / "base.yaml").read_text(encoding="utf-8")
DEAL = REPO / "tests" / "mechanics" / "passing.yaml"
BY_COMPARTMENT = "      - {compartment: pope, pays: exempt}\n"


def rules_folder(tmp_path: Path, holder: str) -> Path:
    """``base.yaml`` as ruleset ``passing`` (the deal's), its holders' rule ``holder``."""
    assert BY_COMPARTMENT in BASE
    text = BASE.replace("id: base\n", "id: passing\n").replace(BY_COMPARTMENT, holder)
    (tmp_path / "passing.yaml").write_text(text, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(
    ("holder", "net"),
    [
        (BY_COMPARTMENT, (-19, 14, -4)),
        ("      - {card: 9D, pays: exempt}\n", (-19, 14, -4)),
        ("      - {card: 9D, pays: double}\n", (-19, 38, -28)),
    ],
)
def test_a_card_s_holder_is_exempt_or_pays_double_as_a_compartment_s_holder_does(
    tmp_path: Path, holder: str, net: tuple[int, ...]
) -> None:
    """Seat 2 holds 9♦ and 12 cards at 1 a card: exempt, he pays nothing; doubled, 24."""
    result = play_deal_file(read_deal_file(DEAL, rules_folder(tmp_path, holder)))
    assert result.net == net


def test_an_exemption_for_a_card_held_is_told_with_the_card(tmp_path: Path) -> None:
    deal = read_deal_file(DEAL, rules_folder(tmp_path, "      - {card: 9D, pays: exempt}\n"))
    events = play_deal_file(deal).events
    assert [e for e in events if isinstance(e, Exempted)] == [Exempted(2, "", 12, parse_card("9D"))]
    rules, dealer, players = deal.compiled.rules, deal.setup.dealer, deal.setup.players
    line = "Player 2 holds 9♦ unplayed and pays nothing for its 12 cards."
    assert line in narrate(events, rules, PEOPLE)
    steps = [step_line(e, rules, dealer, players, PEOPLE) for e in events]
    assert "Player 2 holds 9♦ unplayed and pays nothing." in steps


def test_a_doubled_payment_says_why(tmp_path: Path) -> None:
    deal = read_deal_file(DEAL, rules_folder(tmp_path, "      - {card: 9D, pays: double}\n"))
    told = narrate(play_deal_file(deal).events, deal.compiled.rules, PEOPLE)
    assert (
        "Player 2 pays Player 1 24 counters for 12 cards left, doubled for the unplayed card held."
        in told
    )
