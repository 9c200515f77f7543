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
from operator import mul
from typing import TYPE_CHECKING

from .compiled import END, NO_TRUMP, PLAYED, SPARE, STOPPED, CompiledRules, TrumpTables
from .play import Policy, legal_leads
from .settle import Ledger, pair_or_bonus, settle, turn_up_payouts

if TYPE_CHECKING:
    from .simulate import Tally

BATCH = 256
"""Deals whose figures are kept as rows before they are summed into the tally."""
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
    start_owner = dict(compiled.out_of_pack)
    start_owner[END] = STOPPED
    board_start, net_start = compiled.dressing_totals(dealer, dealer)
    dealt_sizes = [places.count(seat) for seat in range(n)]
    dealt_total = sum(dealt_sizes)
    trump_rule = compiled.rules.trump.suit
    by_trump = compiled.by_trump
    fixed_trump = NO_TRUMP if trump_rule in ("none", "turn-up") else int(trump_rule)
    fixed = by_trump[fixed_trump]
    trump_from_turn_up = trump_rule == "turn-up" and turn_up_index >= 0
    any_lead = compiled.rules.play.lead == "any"
    uniform = any_lead and getattr(policy, "uniform", False)
    quick_lead = policy.quick_lead
    carry_over = compiled.rules.board.carry_over
    ledger = Ledger(compiled.ids, [], n, None)
    draw = rng.random
    leader_start = (dealer + 1) % n
    no_seats: list[tuple[int, ...]] = [()] * k
    no_flags = [False] * k

    rows = _Rows(n, k, by_trump, dealt_total)
    by_trump_rows = rows.rows
    add_left = rows.lefts.append
    winning_cards = [tuple(card for _, card in tables.winning) for tables in by_trump]
    nowhere = [(SPARE,) * len(cards) for cards in winning_cards]
    winners = [0] * n
    voided_count = 0

    for done in range(1, count + 1):
        pack = sorted(cards, key=lambda _: draw())
        hands = [sorted(get(pack)) for get in getters]
        owner = start_owner.copy()
        owner.update(zip(pack, places, strict=True))
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
        tables = fixed
        trump = fixed_trump
        voided = False
        if turn_up_index >= 0:
            turn_up = pack[turn_up_index]
            if turn_up_to >= 0:
                insort(hands[turn_up_to], turn_up)
            if trump_from_turn_up:
                trump = turn_up // 13
                tables = by_trump[trump]
            turn_up_wins = tables.turn_up[turn_up]
            if turn_up_wins:
                voided = turn_up_payouts(compiled, ledger, turn_up_wins, dealer, dealt_sizes)
        if voided:
            voided_count += 1
            ends = nowhere[trump]
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
                if uniform:
                    card = hand[int(draw() * len(hand))]
                else:
                    legal = hand if any_lead else legal_leads(compiled, hand)
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
            ends = list(map(owner.__getitem__, winning_cards[trump]))
            winners[winner] += 1
            add_left(sum(map(len, hands)))
        by_trump_rows[trump].append([*net, *board, *taken, *by_turn_up, *took, *ends])
        if done % BATCH == 0 or done == count:
            rows.fold(tally)

    tally.deals += count
    tally.voided += voided_count
    for seat in range(n):
        tally.winner[seat] += winners[seat]


class _Rows:
    """A batch of deals' figures kept as rows, then summed column by column into a tally.

    Summing a column is a few calls into C, cheaper than adding each figure as it comes; a
    batch is kept small enough that its rows never pile up for the garbage collector."""

    __slots__ = ("by_trump", "dealt_total", "k", "lefts", "n", "rows")

    def __init__(self, n: int, k: int, by_trump: tuple[TrumpTables, ...], dealt_total: int) -> None:
        self.n = n
        self.k = k
        self.by_trump = by_trump
        self.dealt_total = dealt_total
        self.rows: list[list[list[int]]] = [[] for _ in by_trump]
        """By trump, per deal: each seat's net; per compartment the counters left on it,
        whether it was taken, whether at the turn-up, the counters taken from it; and where
        each card that wins a compartment ended (``SPARE`` for all when the deal was void)."""
        self.lefts: list[int] = []
        """Cards left in hands when a deal was played out."""

    def fold(self, tally: Tally) -> None:
        """Add the rows to ``tally`` and forget them."""
        for tables, rows in zip(self.by_trump, self.rows, strict=True):
            if rows:
                self._fold(tally, tables, list(zip(*rows, strict=True)))
                rows.clear()
        played = [self.dealt_total - left for left in self.lefts]
        tally.cards.n += len(played)
        tally.cards.total += sum(played)
        tally.cards.squares += sum(map(mul, played, played))
        self.lefts.clear()

    def _fold(self, tally: Tally, tables: TrumpTables, columns: list[tuple[int, ...]]) -> None:
        n, k = self.n, self.k
        count = len(columns[0])
        for seat in range(n):
            nets = columns[seat]
            stat = tally.net[seat]
            stat.n += count
            stat.total += sum(nets)
            stat.squares += sum(map(mul, nets, nets))
        for index in range(k):
            left_on, taken, by_turn_up, took = columns[n + index :: k][:4]
            wins = taken.count(True)
            at_turn_up = by_turn_up.count(True)
            tally.won_at_turn_up[index] += at_turn_up
            tally.won_in_play[index] += wins - at_turn_up
            tally.carried[index] += count - left_on.count(0)
            stat = tally.size_when_won[index]
            stat.n += wins
            stat.total += sum(took)
            stat.squares += sum(map(mul, took, took))
        # Then where each winning card ended: a seat (>= 0) while it is held, so the highest
        # of a compartment's cards is a seat when any of them is still in a hand.
        ends = iter(columns[n + 4 * k :])
        for index, cards in enumerate(tables.cards_of):
            if cards:
                places = [next(ends) for _ in cards]
                highest: Sequence[int] = places[0]
                if len(places) > 1:
                    highest = list(map(max, *places))
                tally.held[index] += sum(map(HELD, highest))
