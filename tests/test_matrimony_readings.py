"""Matrimony as its four texts give it: who stakes first, and who wins Best in Enquire Within.

Every text has the dealer stake first and the others after him: Foster
(003_a16857812c58f9d2.txt line 3, "The dealer then takes ... Each player then takes"), Cassell
(007_cassell-indoor-amusements-1881_pope-joan-spinado-matrimony.txt lines 86-87, "the dealer
places ... The other players then all do the same"), Enquire Within
(010_enquire-within_matrimony.txt lines 16-17, "the dealer puts ... the other players
depositing") and the Britannica (011_britannica-1911_matrimony.txt lines 13-14, "The dealer
distributes ... and the other players do likewise"). Enquire Within gives Best, when the ace of
diamonds is not turned up, to an ace in hand before the king (010, lines 23-25).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
import yaml
from clirun import REPO, run

from variants.engine.compiled import compile_rules
from variants.engine.deal import shuffled_deal
from variants.engine.events import Dressed
from variants.engine.game import play_game
from variants.engine.play import play_deal
from variants.engine.policies import make_policy
from variants.engine.staking import STAKINGS, make_staking
from variants.rules.loader import load_rulesets

RULESETS = load_rulesets(REPO / "rulesets")
MATRIMONY = sorted(rid for rid in RULESETS if rid.startswith("matrimony-"))


def test_the_matrimony_rulesets() -> None:
    assert MATRIMONY == [
        "matrimony-britannica",
        "matrimony-cassell",
        "matrimony-enquire",
        "matrimony-foster",
    ]


@pytest.mark.parametrize("staking", sorted(STAKINGS))
@pytest.mark.parametrize("ruleset_id", MATRIMONY)
def test_the_dealer_stakes_first_then_each_player_from_his_left(
    ruleset_id: str, staking: str
) -> None:
    rules = RULESETS[ruleset_id].rules
    for players in (rules.players.min, 7):
        compiled = compile_rules(rules, players)
        for dealer in range(players):
            rng = random.Random(dealer)
            setup = shuffled_deal(compiled, rng, dealer)
            result = play_deal(
                compiled, setup, make_policy("random"), rng, staking=make_staking(staking)
            )
            seats = [e.seat for e in result.events if isinstance(e, Dressed)]
            in_turn = list(dict.fromkeys(seats))
            assert in_turn == [(dealer + offset) % players for offset in range(players)]


def test_under_the_even_staking_the_dealer_covers_every_division() -> None:
    """Foster, five players, seat 4 deals: the dealer lays first, so his five counters cover the
    five divisions one each, and the elder hand's four go where fewest are, from the first
    division on the board."""
    compiled = compile_rules(RULESETS["matrimony-foster"].rules, 5)
    rng = random.Random(0)
    setup = shuffled_deal(compiled, rng, 4)
    result = play_deal(compiled, setup, make_policy("random"), rng, staking=make_staking("even"))
    laid = [(e.seat, e.compartment, e.amount) for e in result.events if isinstance(e, Dressed)]
    divisions = ("matrimony", "intrigue", "confederacy", "pair", "best")
    assert laid[:5] == [(4, cid, 1) for cid in divisions]
    assert laid[5:9] == [(0, cid, 1) for cid in divisions[:4]]


def test_enquire_within_seven_players_seed_0_gives_best_to_the_ace_in_hand(
    tmp_path: Path,
) -> None:
    """`variants deal matrimony-enquire --players 7 --seed 0`: the ace of diamonds is not dealt
    face up; one seat holds the ace of hearts and another the king of diamonds. "If not turned
    up, nor any ace in hand, then the king" (010, lines 24-25): the ace held wins Best, and the
    king of diamonds does not."""
    out = tmp_path / "seven.yaml"
    dealt = run(["deal", "matrimony-enquire", "--players", "7", "--seed", "0", "--out", str(out)])
    assert dealt.status == 0, dealt.err
    deal = yaml.safe_load(out.read_text(encoding="utf-8"))
    hands: list[list[str]] = deal["hands"]
    assert "AD" not in deal["face_up"]
    aces = [seat for seat, hand in enumerate(hands) if any(card.startswith("A") for card in hand)]
    (king,) = [seat for seat, hand in enumerate(hands) if "KD" in hand]
    assert aces and king not in aces
    played = run(["play", str(out), "--json"], cwd=REPO)
    assert played.status == 0, played.err
    elder_first = [(deal["dealer"] + 1 + offset) % 7 for offset in range(7)]
    holder = next(seat for seat in elder_first if seat in aces)
    assert "AH" in hands[holder]
    assert json.loads(played.out)["won"]["best"] == [holder]


@pytest.mark.parametrize("ruleset_id", MATRIMONY)
def test_counters_left_when_the_game_ends_stay_on_the_board_and_are_nobodys(
    ruleset_id: str,
) -> None:
    """Every text carries a chance not won over to the next deal (003 line 4; 007 lines 99-100;
    010 line 23; 011 lines 19-20) and none says what happens after the last deal: the reading
    (interpretation left-at-end) leaves them on the board, in nobody's score."""
    ruleset = RULESETS[ruleset_id]
    assert ruleset.rules.board.interpretation == "left-at-end"
    assert "left-at-end" in {i.id for i in ruleset.interpretations}
    left = []
    for seed in range(6):
        game = play_game(ruleset.rules, 5, make_policy("random"), random.Random(seed))
        assert sum(game.totals) + sum(game.board) == 0
        left.append(sum(game.board))
    assert any(left)
