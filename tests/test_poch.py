"""Meyers' Poch (``rulesets/poch.yaml``), with Pierer: the Poch left undressed, and its bets
raised once. The hand-worked deal ``tests/deals/poch-raise-held-and-refused.yaml`` is checked in
``test_deals_by_hand.py``; here the same cards are bet as a deal file gives the bets."""

from __future__ import annotations

from pathlib import Path

from variants.dealfile import play_deal_file, read_deal_file
from variants.engine.events import CompartmentWon
from variants.mechanics import vying
from variants.mechanics.ruleset import Ruleset
from variants.mechanics.vying import Raised, Unchallenged, VyingWin, Withdraws

REPO = Path(__file__).resolve().parent.parent
DEAL = REPO / "tests" / "deals" / "poch-raise-held-and-refused.yaml"


def test_the_poch_is_dressed_by_nobody_but_with_pierer(rulesets: dict[str, Ruleset]) -> None:
    """Meyers: a counter on every field "den P. ausgenommen"; Pierer: on every field."""
    poch = rulesets["poch"]
    assert "pochen" not in dict(poch.rules.dressing.stakes)
    assert dict(poch.rules_for({"poch_dressed": "dressed"}).dressing.stakes)["pochen"] == 1
    win = poch.rules.board.get("pochen").win
    assert isinstance(win, VyingWin) and win.raising == "once"
    assert rulesets["pochen"].rules.board.get("pochen").win == VyingWin()  # Foster: no raising


def test_a_raise_nobody_goes_along_with_takes_the_poch_unseen(tmp_path: Path) -> None:
    """Seat 1 bets 3, seats 2 and 3 hold; seat 3, the last to hold, raises to the 6 his bets
    allow; seats 1 and 2, who put up 3 at the most, withdraw and lose their 3 each: seat 3
    takes the Poch, 3 + 3 + 6 = 12, unseen."""
    text = DEAL.read_text(encoding="utf-8").replace(
        "dealer: 0\n", "dealer: 0\nbets: {1: 3, 2: 3, 3: 6}\n"
    )
    path = tmp_path / "bets.yaml"
    path.write_text(text, encoding="utf-8")
    result = play_deal_file(read_deal_file(path))
    assert [e for e in result.events if isinstance(e, Raised | Withdraws | Unchallenged)] == [
        Raised(3, 3, 6, "pochen"),
        Withdraws(1, 3, "pochen"),
        Withdraws(2, 3, "pochen"),
        Unchallenged(3, "pochen"),
    ]
    assert CompartmentWon("pochen", 3, 12, vying.UNCHALLENGED) in result.events
    assert result.net == (-7, 7, -10, -6)
