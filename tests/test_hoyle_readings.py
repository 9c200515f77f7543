"""Hoyle's readings of its dressing and its claims (005_hoyle-games-improved_pope.txt).

Lines 17-18: the dressing is paid by the dealer alone in some companies, while in others "the
players contribute two stakes a-piece towards it": two each, not an equal share of the fifteen.
Lines 38-40: "no claim can be allowed after the board is dressed for the succeeding deal".
"""

from __future__ import annotations

from clirun import REPO

from variants.engine.compiled import compile_rules
from variants.rules.loader import load_rulesets

HOYLE = load_rulesets(REPO / "rulesets")["hoyle"]


def test_the_dressing_is_the_dealers_or_two_from_each_other_player() -> None:
    (option,) = [o for o in HOYLE.options if o.id == "dressing"]
    assert [v.value for v in option.values] == ["dealer", "two-apiece"]
    for players in range(HOYLE.rules.players.min, HOYLE.rules.players.max + 1):
        compiled = compile_rules(HOYLE.rules_for({"dressing": "two-apiece"}), players)
        board, net = compiled.dressing_totals(0, 0)
        assert sum(board) == 15
        assert net[1:] == (-2,) * (players - 1)
        assert net[0] == -(15 - 2 * (players - 1))


def test_the_late_claim_is_recorded_as_a_reading() -> None:
    assert HOYLE.rules.board.interpretation == "claims"
    (claims,) = [i for i in HOYLE.interpretations if i.id == "claims"]
    assert [(c.source, c.first_line, c.last_line) for c in claims.provenance] == [
        ("005_hoyle-games-improved_pope.txt", 38, 40)
    ]
