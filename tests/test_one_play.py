"""One way to deal and one way to play: a shown deal, a game's closing deal and the simulator's
bulk tally deal with the same function and play with the same loop, so their figures agree."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from variants.engine.compiled import REMOVED, SPARE, TABLE, compile_rules
from variants.engine.deal import deal_from_pack, places
from variants.engine.settle import CountingLedger, Ledger
from variants.mechanics import bonus, card, pair, turn_up_payout
from variants.rules.loader import load_rulesets

REPO = Path(__file__).resolve().parent.parent
RULESETS = load_rulesets(REPO / "rulesets")


def in_order(ruleset: str, players: int, dealer: int) -> tuple[list[list[int]], int | None]:
    """The hands and turn-up of a pack that is not shuffled (card 0, A♣, on top)."""
    compiled = compile_rules(RULESETS[ruleset].rules_for({}), players)
    hands, _, turn_up, _ = compiled.layout(dealer).deal(compiled.pack)
    return hands, turn_up


def test_peel_deals_a_card_at_a_time_from_the_dealers_left_and_turns_up_the_next() -> None:
    """Peel at three: four hands of twelve round the table (the fourth is the spare), the 8♦
    out of the pack, then the next card turned up for trump and the last two to the spare."""
    compiled = compile_rules(RULESETS["peel"].rules_for({}), 3)
    pack = compiled.pack
    assert 20 not in pack and len(pack) == 51
    for dealer in range(3):
        hands, _, turn_up, _ = compiled.layout(dealer).deal(pack)
        for position in range(3):
            assert hands[(dealer + 1 + position) % 3] == [pack[i] for i in range(position, 48, 4)]
        assert turn_up == pack[48] == 49
    setup = deal_from_pack(compiled, pack, 2)
    assert setup.spare == (*(pack[i] for i in range(3, 48, 4)), 50, 51)
    owner = places(compiled, setup.hands, setup.turn_up)
    assert (owner[0], owner[1], owner[2], owner[3], owner[20], owner[49]) == (
        0,
        1,
        2,
        SPARE,
        REMOVED,
        TABLE,
    )


def test_a_turn_up_that_joins_a_hand_is_dealt_into_it_once() -> None:
    """The dealer's last card turned up stays in the dealer's hand; a last card dealt round
    all the hands stays with the seat it fell to."""
    hands, turn_up = in_order("modern-shedding", 3, 2)
    assert turn_up == 47
    assert hands[2].count(47) == 1 and all(47 not in hand for hand in hands[:2])
    assert [len(hand) for hand in hands] == [12, 12, 12]
    hands, turn_up = in_order("modern-variations", 3, 0)
    assert turn_up == 51
    assert hands[0] == sorted(hands[0]) and hands[0][-1] == 51  # position 2 is the dealer
    assert [len(hand) for hand in hands] == [13, 13, 13]


def test_the_closing_deal_deals_the_whole_pack_round_from_the_dealers_left() -> None:
    compiled = compile_rules(RULESETS["foster"].rules_for({}), 5)
    pack = list(range(52))
    hands, owner, turn_up, _ = compiled.closing_layout(3).deal(pack)
    assert turn_up is None
    assert hands[4] == list(range(0, 52, 5))
    assert hands[3] == list(range(4, 52, 5))
    assert sorted(card for hand in hands for card in hand) == pack
    assert [owner[card] for card in (0, 1, 5)] == [4, 0, 4]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(0, 9), min_size=3, max_size=3),
    st.lists(
        st.tuples(st.sampled_from(["take", "share", "pay", "stake"]), st.integers(0, 2)),
        max_size=12,
    ),
)
def test_a_counting_ledger_keeps_the_same_counters_as_a_ledger(
    board: list[int], steps: list[tuple[str, int]]
) -> None:
    """Whatever is taken, shared, paid or staked, both ledgers end with the same board, nets
    and takings; the counting one counts each compartment won once, with its size."""
    ids = ("a", "b", "c")
    ledger = Ledger(ids, list(board), 3, [])
    counting = CountingLedger(ids, 3)
    counting.start(list(board), [0, 0, 0])
    if board[2] % 2:  # a turn-up takes before any card is played
        ledger.take(2, 0, turn_up_payout.WON)
        counting.take(2, 0, turn_up_payout.WON)
    for what, index in steps:
        for book in (ledger, counting):
            if what == "take":
                book.take(index, index, card.WON)
            elif what == "share":
                half, odd = divmod(book.board[index], 2)
                book.share(index, {0: half, 1: half}, odd, pair.SHARED)
            elif what == "pay":
                book.pay(index, (index + 1) % 3, 2, bonus.PAID, 1)
            else:
                book.stake(index, index, 3)
    assert (counting.board, counting.net, counting.took, counting.taken) == (
        ledger.board,
        ledger.net,
        ledger.took,
        ledger.taken,
    )
    won = [bool(seats) for seats in ledger.won]
    assert [a + b for a, b in zip(counting.in_play, counting.at_turn_up, strict=True)] == [
        int(w) for w in won
    ]
    assert counting.at_turn_up == [int(t) for t in ledger.by_turn_up]
    assert counting.total == ledger.took
    assert counting.squares == [took * took for took in ledger.took]


def test_a_down_and_up_deal_gives_each_player_cards_down_then_one_up() -> None:
    """Two down and one up to each of four players from the dealer's left, the rest unused:
    with seat 1 dealing, seat 2 is dealt the pack's cards 0 and 4 down and 8 up."""
    peel = RULESETS["peel"].rules_for({})
    rules = replace(
        peel,
        deal=replace(peel.deal, style="down-and-up", down=2),
        turn_up=replace(peel.turn_up, card="none"),
    )
    compiled = compile_rules(rules, 4)
    pack = compiled.pack
    hands, owner, turn_up, face_up = compiled.layout(1).deal(pack)
    assert turn_up is None
    for position in range(4):
        seat = (1 + 1 + position) % 4
        assert hands[seat] == sorted(pack[i] for i in (position, position + 4, position + 8))
        assert face_up[seat] == pack[position + 8]
    assert all(owner[card] == SPARE for card in pack[12:])
    setup = deal_from_pack(compiled, pack, 1)
    assert setup.face_up == tuple(face_up)
    assert len(setup.spare) == len(pack) - 12
