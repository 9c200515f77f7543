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
from operator import add, mul
from typing import TYPE_CHECKING

from .compiled import END, NO_TRUMP, PLAYED, SPARE, STOPPED, CompiledRules, TrumpTables
from .deal import KEY_DRAWS
from .play import Policy, legal_leads
from .settle import Ledger, pair_or_bonus, settle, turn_up_payouts

if TYPE_CHECKING:
    from .simulate import Tally

BATCH = 256
"""Deals whose nets are kept as rows before they are summed into the tally."""
HELD = (0).__le__
"""place -> whether it is a seat."""


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
    # Every card already a key, so that each deal's copy is one block and the deal only
    # overwrites values: a dict grown key by key would be rebuilt four times a deal.
    start_owner = [SPARE] * (END + 1)
    for card, place in compiled.out_of_pack:
        start_owner[card] = place
    start_owner[END] = STOPPED
    turn_up_place = places[turn_up_index] if turn_up_index >= 0 else SPARE
    board_start, net_start = compiled.dressing_totals(dealer, dealer)
    dealt_sizes = [places.count(seat) for seat in range(n)]
    dealt_total = sum(dealt_sizes)
    trump_rule = compiled.rules.trump.suit
    by_trump = compiled.by_trump
    fixed_trump = NO_TRUMP if trump_rule in ("none", "turn-up") else int(trump_rule)
    fixed = by_trump[fixed_trump]
    trump_from_turn_up = trump_rule == "turn-up" and turn_up_index >= 0
    any_lead = compiled.any_lead
    uniform = getattr(policy, "uniform", False)
    quick_lead = policy.quick_lead
    carry_over = compiled.rules.board.carry_over
    ledger = Ledger(compiled.ids, [], n, None)
    draw = rng.random
    leader_start = (dealer + 1) % n
    no_seats: list[tuple[int, ...]] = [()] * k
    no_flags = [False] * k

    # What a deal leaves to count: each seat's net, kept as a row; the rest takes few
    # distinct values from deal to deal, so each pattern is counted and weighed at the end.
    winning_cards = [tuple(card for _, card in tables.winning) for tables in by_trump]
    counts = _Counts(n, count)
    add_net = counts.nets.append
    boards = counts.boards
    boards_get = boards.get
    held_by_trump = counts.held
    played_counts = counts.played
    played_get = played_counts.get
    winners = counts.winners

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
        ledger.by_turn_up = by_turn_up = list(no_flags)
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
            counts.voided += 1
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
            held = list(no_seats)
            for index, card in tables.settling:
                where = owner[card]
                if where >= 0:
                    held[index] += (where,)
            settle(compiled, ledger, winner, owner, hands, pending_bonus, held, tables.cards_of)
            if not carry_over:
                for index in range(k):
                    if board[index] > 0:
                        ledger.take(index, winner, "going-out")
            winners[winner] += 1
            played = dealt_total - sum(map(len, hands))
            played_counts[played] = played_get(played, 0) + 1
            kept = held_by_trump[trump]
            flags = tuple(map(HELD, map(owner.__getitem__, winning_cards[trump])))
            kept[flags] = kept.get(flags, 0) + 1
        add_net(net)
        pattern = (*taken, *by_turn_up, *took, *board)
        boards[pattern] = boards_get(pattern, 0) + 1
        if len(counts.nets) == BATCH:
            counts.fold_nets(tally)
    counts.fold(tally, by_trump)


class _Counts:
    """What a run of deals leaves to add to a tally, before it is added."""

    __slots__ = ("boards", "deals", "held", "nets", "played", "voided", "winners")

    def __init__(self, n: int, deals: int) -> None:
        self.deals = deals
        self.voided = 0
        self.winners = [0] * n
        self.nets: list[list[int]] = []
        """Each seat's net in the last few deals, summed a column at a time."""
        self.boards: dict[tuple[int, ...], int] = {}
        """Deals by pattern: per compartment whether it was taken, whether at the turn-up,
        the counters taken from it, the counters left on it."""
        self.held: list[dict[tuple[bool, ...], int]] = [{} for _ in range(NO_TRUMP + 1)]
        """Deals played out, by trump and by which winning cards stayed in a hand."""
        self.played: dict[int, int] = {}
        """Deals played out, by the number of cards played."""

    def fold_nets(self, tally: Tally) -> None:
        for stat, nets in zip(tally.net, zip(*self.nets, strict=True), strict=True):
            stat.n += len(nets)
            stat.total += sum(nets)
            stat.squares += sum(map(mul, nets, nets))
        self.nets.clear()

    def fold(self, tally: Tally, by_trump: tuple[TrumpTables, ...]) -> None:
        """Add everything to ``tally``."""
        if self.nets:
            self.fold_nets(tally)
        tally.deals += self.deals
        tally.voided += self.voided
        tally.winner[:] = map(add, tally.winner, self.winners)
        for played, times in self.played.items():
            tally.cards.n += times
            tally.cards.total += played * times
            tally.cards.squares += played * played * times
        k = len(tally.compartments)
        for pattern, times in self.boards.items():
            for index in range(k):
                if pattern[index]:
                    if pattern[k + index]:
                        tally.won_at_turn_up[index] += times
                    else:
                        tally.won_in_play[index] += times
                    size = pattern[2 * k + index]
                    stat = tally.size_when_won[index]
                    stat.n += times
                    stat.total += size * times
                    stat.squares += size * size * times
                if pattern[3 * k + index]:
                    tally.carried[index] += times
        for tables, held in zip(by_trump, self.held, strict=True):
            for flags, times in held.items():
                kept = zip(tables.winning, flags, strict=True)
                for index in {index for (index, _), flag in kept if flag}:
                    tally.held[index] += times
