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
    batch_size = BATCH * n
    draw = rng.random
    leader_start = (dealer + 1) % n
    no_seats: list[tuple[int, ...]] = [()] * k
    no_flags = [False] * k

    # What a deal leaves to count is copied onto the end of flat lists, a few deals' worth,
    # then summed column by column (see _Rows).
    winning_cards = [tuple(card for _, card in tables.winning) for tables in by_trump]
    nowhere = [(SPARE,) * len(cards) for cards in winning_cards]
    rows = _Rows(n, k, by_trump, dealt_total)
    nets = rows.nets
    outcomes = rows.outcomes
    ends = rows.ends
    add_left = rows.lefts.append
    winners = rows.winners

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
            rows.voided += 1
            ends[trump] += nowhere[trump]
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
            add_left(sum(map(len, hands)))
            ends[trump] += map(owner.__getitem__, winning_cards[trump])
        nets += net
        outcomes += taken
        outcomes += by_turn_up
        outcomes += took
        outcomes += board
        if len(nets) >= batch_size:
            rows.fold(tally)
    rows.fold(tally)


class _Rows:
    """A few deals' figures, each list a table of rows laid end to end, then summed column
    by column into a tally: a column is one slice and a few calls into C, far cheaper than
    adding up each figure of each deal as it comes."""

    __slots__ = (
        "by_trump",
        "dealt_total",
        "ends",
        "k",
        "lefts",
        "n",
        "nets",
        "outcomes",
        "voided",
        "winners",
    )

    def __init__(self, n: int, k: int, by_trump: tuple[TrumpTables, ...], dealt_total: int) -> None:
        self.n = n
        self.k = k
        self.by_trump = by_trump
        self.dealt_total = dealt_total
        self.voided = 0
        self.winners = [0] * n
        self.nets: list[int] = []
        """Per deal, each seat's net."""
        self.outcomes: list[int] = []
        """Per deal and compartment: whether it was taken; whether at the turn-up; the
        counters taken from it; the counters left on it (four rows of ``k``)."""
        self.ends: list[list[int]] = [[] for _ in by_trump]
        """By trump, per deal: where each card that wins a compartment ended (``SPARE`` for
        all when the deal was void)."""
        self.lefts: list[int] = []
        """Per deal played out, the cards left in hands."""

    def fold(self, tally: Tally) -> None:
        """Add the rows to ``tally`` and forget them."""
        n, k = self.n, self.k
        deals = len(self.nets) // n
        tally.deals += deals
        tally.voided += self.voided
        tally.winner[:] = map(add, tally.winner, self.winners)
        for seat, stat in enumerate(tally.net):
            nets = self.nets[seat::n]
            stat.n += deals
            stat.total += sum(nets)
            stat.squares += sum(map(mul, nets, nets))
        outcomes = self.outcomes
        for index in range(k):
            taken = outcomes[index :: 4 * k].count(True)
            at_turn_up = outcomes[k + index :: 4 * k].count(True)
            took = outcomes[2 * k + index :: 4 * k]
            left_on = outcomes[3 * k + index :: 4 * k]
            tally.won_at_turn_up[index] += at_turn_up
            tally.won_in_play[index] += taken - at_turn_up
            tally.carried[index] += deals - left_on.count(0)
            stat = tally.size_when_won[index]
            stat.n += taken
            stat.total += sum(took)
            stat.squares += sum(map(mul, took, took))
        played = [self.dealt_total - left for left in self.lefts]
        tally.cards.n += len(played)
        tally.cards.total += sum(played)
        tally.cards.squares += sum(map(mul, played, played))
        for tables, ends in zip(self.by_trump, self.ends, strict=True):
            # A card's place is a seat (>= 0) while it is held: the highest of a compartment's
            # cards is a seat when any of them is still in a hand.
            width = len(tables.winning)
            column = 0
            for index, cards in enumerate(tables.cards_of):
                if ends and cards:
                    places = [ends[column + i :: width] for i in range(len(cards))]
                    highest = places[0] if len(places) == 1 else list(map(max, *places))
                    tally.held[index] += sum(map(HELD, highest))
                column += len(cards)
            ends.clear()
        for rows in (self.nets, self.outcomes, self.lefts):
            rows.clear()
        self.voided = 0
        self.winners[:] = [0] * n
