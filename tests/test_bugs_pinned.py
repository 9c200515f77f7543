"""Two behaviours pinned by the deals that once showed them wrong.

A seat left holding both cards of a combination doubles its pool once, not once a card (the
hand-worked deal ``tests/deals/foster-matrimony-pair-held-doubles-once.yaml`` gives the exact
nets). The advice's reasons name each compartment with its own counters, never one that cannot
be won, and count "1 counter", "2 counters".
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from pathlib import Path

import pytest
from clirun import run

from variants.core.cards import parse_card
from variants.engine.compiled import PLAYED, SPARE, TABLE, CompiledRules, compile_rules
from variants.engine.play import SeatView, legal_leads
from variants.engine.policies import AdvicePolicy, Gain, counters, prospects, winnings, worth_early
from variants.rules.lookup import find_ruleset


def replay(tmp_path: Path, *args: str) -> list[str]:
    """``variants deal ARGS`` into a file, then that file's ``replay --ascii``, as lines."""
    path = tmp_path / "deal.yaml"
    dealt = run(["deal", *args, "--out", str(path)])
    assert dealt.status == 0, dealt.err
    told = run(["replay", str(path), "--ascii"])
    assert told.status == 0, told.err
    return told.out.splitlines()


def test_a_seat_holding_both_cards_of_matrimony_doubles_it_once(tmp_path: Path) -> None:
    """Seat 0 ends holding QS and KS with spades trumps (JS turned up): Matrimony (2), Intrigue
    (2) and Confederacy (2) are each doubled once: 12 dressed, 5 for cards left, 6 doubled."""
    options = ["--policy", "lowest", "--option", "layout=matrimony"]
    lines = replay(tmp_path, "foster", "--players", "4", "--seed", "2", *options)
    doubled = [line for line in lines if "doubles" in line]
    assert doubled == [
        "Seat 0 is left holding QS and KS, and doubles Matrimony, paying in 2 counters.",
        "Seat 0 is left holding QS and doubles Intrigue, paying in 2 counters.",
        "Seat 0 is left holding KS and doubles Confederacy, paying in 2 counters.",
    ]
    assert "Matrimony keeps 4 counters for the next deal." in lines
    assert "Net counters this deal: seat 0 -23, seat 1 +3, seat 2 +10, seat 3 -2." in lines


def test_peels_king_of_trumps_is_led_for_the_king_alone(tmp_path: Path) -> None:
    """QC is the turn-up, so Matrimony (2) cannot be won: KC takes King, 1 counter."""
    lines = replay(tmp_path, "peel", "--players", "3", "--seed", "1")
    assert next(line for line in lines if line.startswith("Run 1.")) == (
        "Run 1. Seat 1 leads KC (leads KC at once: nothing can be played up to it, and it "
        "takes King (1 counter)), taking King (1 counter). KC is the top of its suit: the run "
        "stops, seat 1 to lead."
    )


def test_a_turned_up_jack_leaves_intrigue_out_of_the_reason(tmp_path: Path) -> None:
    """JH is the turn-up: the QH lead takes Queen, and Marriage with KH from the same hand."""
    lines = replay(
        tmp_path,
        "modern-shedding",
        *("--players", "3", "--seed", "6", "--option", "turn_up=left", "--policy", "advice:peel"),
    )
    leads = [line for line in lines if "at once" in line]
    assert [line.split(" (", 1)[1].split("), taking")[0] for line in leads] == [
        "leads 9D at once: nothing can be played up to it, and it takes Pope (6 counters)",
        "leads QH at once: nothing can be played up to it, and it takes Queen (1 counter) "
        "and Marriage (2 counters)",
        "leads AH at once: nothing can be played up to it, and it takes Ace (1 counter)",
    ]


# --- the reason builder, from hand-made views of a Peel deal for three ----------------------

PEEL_BOARD = {
    "pope": 6,
    "matrimony": 2,
    "intrigue": 2,
    "ace": 1,
    "king": 1,
    "queen": 0,
    "jack": 1,
    "game": 2,
}


def cards(names: Iterable[str]) -> tuple[int, ...]:
    return tuple(sorted(parse_card(name) for name in names))


def peel() -> CompiledRules:
    return compile_rules(find_ruleset("peel").rules_for({}), 3)


def seat_view(
    hand: Iterable[str],
    turn_up: str,
    board: dict[str, int],
    played: Iterable[str] = (),
    elsewhere: Iterable[str] = (),
) -> SeatView:
    """Seat 1 holds ``hand``; ``turn_up`` lies on the table and fixes trumps; ``elsewhere`` is
    held by seat 2; every other card is unseen."""
    compiled = peel()
    held = cards(hand)
    owner = dict(compiled.out_of_pack)
    owner.update({card: SPARE for card in compiled.pack})
    owner.update({card: 1 for card in held})
    owner.update({card: 2 for card in cards(elsewhere)})
    owner.update({card: PLAYED for card in cards(played)})
    up = parse_card(turn_up)
    owner[up] = TABLE
    return SeatView(
        compiled,
        1,
        held,
        legal_leads(compiled, held),
        owner,
        set(),
        board,
        (len(held),) * 3,
        up // 13,
        up,
    )


def test_counters_are_counted_in_words() -> None:
    assert [counters(amount) for amount in (0, 1, 2, 12)] == [
        "0 counters",
        "1 counter",
        "2 counters",
        "12 counters",
    ]


def test_a_pair_whose_other_card_is_turned_up_is_not_promised() -> None:
    view = seat_view(["KC", "7D", "2H"], "QC", PEEL_BOARD)
    found = prospects(view, parse_card("KC"))
    assert found.sure == (Gain("King", 1),)
    assert found.possible == ()
    assert winnings(found) == "takes King (1 counter)"
    assert AdvicePolicy().choose_lead(view, random.Random(0)) == (
        parse_card("KC"),
        "leads {KC} at once: nothing can be played up to it, and it takes King (1 counter)",
    )


@pytest.mark.parametrize(
    ("hand", "elsewhere", "sure", "possible"),
    [
        # QH then KH from the same hand: Matrimony is taken with the Queen.
        (["QH", "KH", "5S"], ["JH"], ("Matrimony (2)", "Queen (1)"), ()),
        # JH in the same hand but below QH: Intrigue waits for it.
        (["JH", "QH", "KH"], [], ("Matrimony (2)", "Queen (1)"), ("Intrigue (2)",)),
        # KH in another hand: one seat must play both, so Matrimony is out of reach.
        (["QH", "5S"], ["KH", "JH"], ("Queen (1)",), ()),
    ],
)
def test_a_pair_is_promised_only_when_the_leaders_own_cards_carry_it(
    hand: list[str], elsewhere: list[str], sure: tuple[str, ...], possible: tuple[str, ...]
) -> None:
    view = seat_view(hand, "3H", {**PEEL_BOARD, "queen": 1}, elsewhere=elsewhere)
    found = prospects(view, parse_card("QH"))

    def short(gains: tuple[Gain, ...]) -> tuple[str, ...]:
        return tuple(f"{gain.label} ({gain.amount})" for gain in gains)

    assert (short(found.sure), short(found.possible)) == (sure, possible)


def test_a_big_stake_that_cannot_be_won_is_named_without_a_promise() -> None:
    """Six counters lie on Matrimony, but KH is in another hand and Peel's pairs go to one seat
    only: QH is led early for them, and the reason says no more than that."""
    view = seat_view(["QH", "5S", "9C"], "3H", {**PEEL_BOARD, "matrimony": 6}, elsewhere=["KH"])
    card, reason = AdvicePolicy().choose_lead(view, random.Random(0))
    assert (card, reason) == (
        parse_card("QH"),
        "{QH} is led early as a card of Matrimony, with 6 counters on it",
    )
    assert worth_early(view, card) == reason
    pope = seat_view(["9D", "5S"], "3H", PEEL_BOARD)
    assert (
        worth_early(pope, parse_card("9D")) == "the 6 counters on Pope Joan are worth taking early"
    )
