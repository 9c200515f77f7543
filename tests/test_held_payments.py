"""Payments for cards held (:mod:`variants.mechanics.held_payments`): Cotton's Queen Nazareen
and Knave Knocher paid to their holders when the cards are dealt, and Foster's Commit's kings
left in hand paid for by their holders, added to the trimmed Peel rules of
``tests/valid/base.yaml``. The hand-worked deal is ``tests/mechanics/held-payments.yaml``."""

from __future__ import annotations

from pathlib import Path

import pytest

from variants.core.cards import parse_card
from variants.dealfile import play_deal_file, read_deal_file
from variants.engine.events import Paid
from variants.mechanics import held_payments
from variants.mechanics.held_payments import summary
from variants.rules.loader import load_ruleset
from variants.rules.yamlsource import ProblemsError
from variants.site.describe.play import play_rules
from variants.site.steprules import rule_applied
from variants.telling.narrate import narrate
from variants.telling.results import plays

REPO = Path(__file__).resolve().parent.parent
BASE = (REPO / "tests" / "valid" / "base.yaml").read_text(encoding="utf-8")
COTTON = "017_cotton-compleat-gamester-1674_queen-nazareen.txt"
FOSTER = "015_foster-complete-hoyle-1914_commit-pope-joan-newmarket-pochen.txt"
HELD = f"""    held_payments:
      - card: QD
        each: 3
        when: dealt
        paid: to-holder
        provenance:
          - {{source: {COTTON}, lines: "18-21", quote: demands three apiece of}}
      - card: KNAVE
        each: 2
        when: dealt
        paid: to-holder
        provenance:
          - {{source: {COTTON}, lines: "21-23", quote: challengeth two apiece}}
      - rank: K
        each: 1
        when: left
        paid: by-holder
        provenance:
          - {{source: {FOSTER}, lines: "77-78", quote: Any player holding a King must pay}}
"""
DEAL = REPO / "tests" / "mechanics" / "held-payments.yaml"


def write_ruleset(folder: Path, knave: str = "JC") -> Path:
    """``base.yaml`` with the payments for cards held, as ruleset ``held-payments``: its id, its
    play block and its list of source files edited."""
    files = "    - name: 000_919af007d8e82e04.txt\n      lines: 149\n"
    edits = {
        "id: base\n": "id: held-payments\n",
        "    lead: any\n": "    lead: any\n" + HELD.replace("KNAVE", knave),
        files: (
            f"{files}    - name: {FOSTER}\n      lines: 284\n"
            f"    - name: {COTTON}\n      lines: 35\n"
        ),
    }
    text = BASE
    for old, new in edits.items():
        text = text.replace(old, new)
    path = folder / "held-payments.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding the ruleset, for the deal file to find it."""
    return write_ruleset(tmp_path_factory.mktemp("held")).parent


c = parse_card


def test_cards_dealt_and_kings_left_are_paid_for(folder: Path) -> None:
    deal = read_deal_file(DEAL, folder)
    result = play_deal_file(deal)
    spades = [(1, c(f"{rank}S")) for rank in ("A", 2, 3, 4, 5, 6, 7, 8, 9, 10, "J", "Q")]
    assert plays(result.events) == spades
    held = [
        (e.payer, e.payee, e.amount, e.cards)
        for e in result.events
        if isinstance(e, Paid) and e.reason is held_payments.PAID
    ]
    assert held == [
        (0, 2, 3, c("QD")),
        (1, 2, 3, c("QD")),
        (1, 0, 2, c("JC")),
        (2, 0, 2, c("JC")),
        (0, 1, 1, c("KD")),
        (0, 2, 1, c("KD")),
        (2, 0, 1, c("KH")),
        (2, 1, 1, c("KH")),
        (0, 1, 1, c("KS")),
        (0, 2, 1, c("KS")),
    ]
    assert result.winner == 1
    assert result.net == (-22, 25, -12)
    assert result.board == (6, 2, 1, 0)  # pope, matrimony, ace, game


def test_the_payments_are_told_in_the_narration_and_the_rules(folder: Path) -> None:
    dealt = read_deal_file(DEAL, folder)
    rules = dealt.compiled.rules
    result = play_deal_file(dealt)
    told = "\n".join(narrate(result.events, rules))
    assert "3 counters for holding the queen of diamonds" in told
    assert "for holding the king of hearts" in told
    paid = next(e for e in result.events if isinstance(e, Paid) and e.reason is held_payments.PAID)
    assert rule_applied(paid, rules) == "rule-held-payments"
    said = {rule.anchor: rule for rule in play_rules(rules)}
    assert said["rule-held-payments"].title == "Paid for cards held"
    assert said["rule-held-payments"].sentences == (
        "Whoever is dealt the queen of diamonds is paid 3 counters by every other player, "
        "when the cards are dealt.",
        "Whoever is dealt the jack of clubs is paid 2 counters by every other player, when the "
        "cards are dealt.",
        "When a player goes out, whoever is left holding a king pays every other player "
        "1 counter, for each one.",
    )
    assert summary(rules) == (
        "Q♦ dealt paid 3 by each, J♣ dealt paid 2 by each and a king left pays 1 to each"
    )


def test_a_card_not_in_the_pack_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ProblemsError) as error:
        load_ruleset(write_ruleset(tmp_path, knave="8D"))
    assert "8D is not in the pack" in str(error.value.problems[0])


def test_a_payment_names_a_card_or_a_rank(tmp_path: Path) -> None:
    path = write_ruleset(tmp_path)
    text = path.read_text(encoding="utf-8").replace(
        "      - rank: K\n", "      - rank: K\n        card: KS\n"
    )
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ProblemsError) as error:
        load_ruleset(path)
    assert "a payment for a card held names a card or a rank, exactly one" in str(
        error.value.problems[0]
    )
