"""Many deals played without a log and counted as they are played: the simulator's hot loop.

``tally_deals`` plays exactly what :func:`play.play_shuffled` plays from the same generator
(the same shuffle, deal, draws for leads, payments and settlement), so a run's figures are
those of the engine deal by deal; a property test holds the two together. It differs only in
what it keeps: no event, no result per deal, just the sums a :class:`simulate.Tally` holds,
and everything that does not change from deal to deal looked up once per call. The rules
that fire a few times a deal (turn-up payouts, pairs, bonuses, settlement) are the engine's
own functions.
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Sequence
from itertools import starmap
from operator import mul
from typing import TYPE_CHECKING

from .compiled import (
    END,
    NO_TRUMP,
    PLAYED,
    SPARE,
    STOPPED,
    CompiledRules,
)
from .deal import KEY_DRAWS, trump_of
from .play import Policy, legal_leads
from .settle import Ledger, WinCounts, holders, pair_or_bonus, settle, turn_up_payouts

if TYPE_CHECKING:
    from .simulate import Tally

BATCH = 256
"""Deals whose figures are kept as rows before they are summed into the tally."""


def tally_deals(
    compiled: CompiledRules,
    rng: random.Random,
    count: int,
    dealer: int,
    policy: Policy,
    tally: Tally,
) -> None:
    """Play ``count`` independent deals with ``dealer`` dealing and add them to ``tally``."""
    n = compiled.players
    k = len(compiled.ids)
    layout = compiled.layout(dealer)
    getters = layout.hands
    places = layout.places
    turn_up_index = layout.turn_up_index
    turn_up_to = layout.turn_up_to
    cards = compiled.pack
    # Where each card lies (a seat or a place), by card, in a list: copied whole each deal.
    start_owner = [SPARE] * (END + 1)
    for card, place in compiled.out_of_pack:
        start_owner[card] = place
    start_owner[END] = STOPPED
    turn_up_place = places[turn_up_index] if turn_up_index >= 0 else SPARE
    board_start, net_start = compiled.dressing_totals(dealer, dealer)
    dealt_sizes = [places.count(seat) for seat in range(n)]
    dealt_total = sum(dealt_sizes)
    by_trump = compiled.by_trump
    suit = trump_of(compiled, None)  # the trump suit, unless the turn-up decides it
    fixed_trump = NO_TRUMP if suit is None else suit
    fixed = by_trump[fixed_trump]
    trump_from_turn_up = compiled.rules.trump.suit == "turn-up" and turn_up_index >= 0
    any_lead = compiled.any_lead
    uniform = getattr(policy, "uniform", False)
    quick_lead = policy.quick_lead
    carry_over = compiled.rules.board.carry_over
    ledger = Ledger(compiled.ids, [], n, None)
    batch_size = BATCH * n
    draw = rng.random
    leader_start = (dealer + 1) % n
    no_seats: list[tuple[int, ...]] = [()] * k
    no_flags = [False] * k

    # What a deal leaves to count: wins are counted as they are taken (the ledger's counts,
    # and here for a card that wins alone); a card left in hand and the winner, at the end;
    # nets, boards and cards left are copied onto flat lists and summed by column (_Rows).
    ledger.counts = wins = WinCounts(k)
    in_play = wins.in_play
    size_total = wins.total
    size_squares = wins.squares
    held_count = tally.held
    winners = tally.winner
    rows = _Rows(n, k, dealt_total)
    nets = rows.nets
    boards = rows.boards
    add_left = rows.lefts.append

    for _ in range(count):
        pack = sorted(cards, key=list(starmap(draw, KEY_DRAWS)).__getitem__)
        hands = [sorted(get(pack)) for get in getters]
        owner = start_owner[:]
        board = list(board_start)
        net = list(net_start)
        taken = list(no_flags)
        took = [0] * k
        ledger.board = board
        ledger.net = net
        ledger.taken = taken
        ledger.took = took
        ledger.won = list(no_seats)
        ledger.by_turn_up = list(no_flags)
        for seat, hand in enumerate(hands):
            for card in hand:
                owner[card] = seat
        tables = fixed
        trump = fixed_trump
        voided = False
        if turn_up_index >= 0:
            turn_up = pack[turn_up_index]
            owner[turn_up] = turn_up_place
            if turn_up_to >= 0:
                insort(hands[turn_up_to], turn_up)
            if trump_from_turn_up:
                trump = turn_up // 13
                tables = by_trump[trump]
            turn_up_wins = tables.turn_up[turn_up]
            if turn_up_wins:
                voided = turn_up_payouts(compiled, ledger, turn_up_wins, dealer, dealt_sizes)
        if voided:
            tally.voided += 1
            winner = -1
        else:
            chain = tables.chain
            special = tables.special
            single = tables.single
            more = tables.more
            pair_player: dict[int, int] = {}
            pending_bonus: list[tuple[int, int]] = []
            leader = seat = leader_start
            while True:
                hand = hands[leader]
                legal: Sequence[int] = hand if any_lead else legal_leads(compiled, hand)
                if uniform:
                    card = legal[int(draw() * len(legal))]
                else:
                    card = quick_lead(legal, compiled, rng)
                seat = leader
                previous = -1
                while True:
                    owner[card] = PLAYED
                    hand = hands[seat]
                    hand.remove(card)
                    if special[card]:
                        for index in single[card]:
                            if not taken[index]:
                                amount = board[index]
                                board[index] = 0
                                net[seat] += amount
                                taken[index] = True
                                took[index] += amount
                                in_play[index] += 1  # the ledger's counts, for a first take
                                size_total[index] += amount
                                size_squares[index] += amount * amount
                        if more[card]:
                            pair_or_bonus(
                                compiled,
                                tables,
                                ledger,
                                hands,
                                card,
                                seat,
                                previous,
                                pair_player,
                                pending_bonus,
                            )
                    if not hand:
                        break
                    following = chain[card]
                    where = owner[following]
                    if where >= 0:
                        previous = card
                        seat = where
                        card = following
                        continue
                    leader = seat
                    break
                if not hand:
                    break
            winner = seat
            held = holders(owner, tables.settling, k)
            settle(compiled, ledger, winner, owner, hands, pending_bonus, held, tables.cards_of)
            if not carry_over:
                for index in range(k):
                    if board[index] > 0:
                        ledger.take(index, winner, "going-out")
            winners[winner] += 1
            add_left(sum(map(len, hands)))
            # Each compartment a card left in a hand would have won (counted once a deal;
            # a compartment's cards come together in ``winning``).
            last = -1
            for index, card in tables.winning:
                if owner[card] >= 0 and index != last:
                    held_count[index] += 1
                    last = index
        nets += net
        boards += board
        if len(nets) >= batch_size:
            rows.fold(tally)
    rows.fold(tally)
    tally.deals += count
    for index in range(k):
        tally.won_in_play[index] += wins.in_play[index]
        tally.won_at_turn_up[index] += wins.at_turn_up[index]
        stat = tally.size_when_won[index]
        stat.n += wins.in_play[index] + wins.at_turn_up[index]
        stat.total += wins.total[index]
        stat.squares += wins.squares[index]


class _Rows:
    """A few deals' figures, each list a table of rows laid end to end, then summed column
    by column into a tally: a column is one slice and a few calls into C, far cheaper than
    adding up each figure of each deal as it comes."""

    __slots__ = ("boards", "dealt_total", "k", "lefts", "n", "nets")

    def __init__(self, n: int, k: int, dealt_total: int) -> None:
        self.n = n
        self.k = k
        self.dealt_total = dealt_total
        self.nets: list[int] = []
        """Per deal, each seat's net."""
        self.boards: list[int] = []
        """Per deal, the counters left on each compartment."""
        self.lefts: list[int] = []
        """Per deal played out, the cards left in hands."""

    def fold(self, tally: Tally) -> None:
        """Add the rows to ``tally`` and forget them."""
        n, k = self.n, self.k
        deals = len(self.nets) // n
        for seat, stat in enumerate(tally.net):
            nets = self.nets[seat::n]
            stat.n += deals
            stat.total += sum(nets)
            stat.squares += sum(map(mul, nets, nets))
        for index in range(k):
            tally.carried[index] += deals - self.boards[index::k].count(0)
        played = [self.dealt_total - left for left in self.lefts]
        tally.cards.n += len(played)
        tally.cards.total += sum(played)
        tally.cards.squares += sum(map(mul, played, played))
        for rows in (self.nets, self.boards, self.lefts):
            rows.clear()
