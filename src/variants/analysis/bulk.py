"""Many deals played without a log and counted as they are played: the simulator's hot loop.

``tally_deals`` deals and plays with the engine's own functions (:meth:`compiled.Layout.deal`,
:func:`play.play_dealt`), so it plays exactly what :func:`play.play_shuffled` plays from the
same generator. It differs only in what it keeps: no event and no result per deal, but a
:class:`settle.CountingLedger` that counts wins as they are taken, and the sums a
:class:`tallies.Tally` holds. The deals go to the play loop as one batch, so what does not
change from deal to deal is looked up once, by the loop and here.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from operator import mul
from typing import TYPE_CHECKING

from ..engine.deal import shuffle
from ..engine.play import Choosers, Policy, play_dealt, play_shuffled
from ..engine.settle import CountingLedger
from ..engine.staking import EVEN, Staking

if TYPE_CHECKING:
    from ..engine.compiled import CompiledRules, Dealing
    from .tallies import Tally

BATCH = 256
"""Deals whose figures are kept as rows before they are summed into the tally."""


def tally_deals(
    compiled: CompiledRules,
    rng: random.Random,
    count: int,
    dealer: int,
    policy: Policy,
    tally: Tally,
    staking: Staking = EVEN,
) -> None:
    """Play ``count`` independent deals with ``dealer`` dealing and add them to ``tally``,
    the players' stakes laid by ``staking`` where the rules leave them the choice.

    Where the pool cards are drawn afresh every deal, the tables change from deal to deal, so
    the deals are played one at a time (:func:`play.play_shuffled`) and added as they end."""
    if compiled.rules.board.pool_drawn:
        for _ in range(count):
            tally.add(play_shuffled(compiled, rng, dealer, None, policy, staking=staking))
        return
    n = compiled.players
    k = len(compiled.ids)
    layout = compiled.layout(dealer)
    cards = compiled.pack
    deal = layout.deal
    board_start, net_start = compiled.dressing_totals(dealer, dealer)
    choosers = Choosers(policy, n, True)
    ledger = CountingLedger(compiled.ids, n)
    no_spare: tuple[int, ...] = ()
    no_leads: Sequence[int] = ()
    held = tally.held
    winners = tally.winner
    # Nets, boards and cards left are copied onto flat lists and summed by column (_Rows).
    rows = _Rows(n, k, sum(1 for place in layout.places if place >= 0))  # cards in hands
    nets = rows.nets
    boards = rows.boards
    add_left = rows.lefts.append
    batch_size = BATCH * n

    start = ledger.start
    hands: list[list[int]] = []  # the hands of the deal being played
    staked = compiled.staked(staking)

    def deals() -> Iterator[Dealing]:
        """Each deal dealt from a fresh shuffle, its ledger started as dressed (as
        :func:`play.dress_board` dresses it: after the shuffle, from the same generator)."""
        nonlocal hands
        for _ in range(count):
            dealing = deal(shuffle(cards, rng))
            hands = dealing[0]
            if staked:
                board, net = compiled.totals(compiled.staked_dressing(dealer, dealer, staking, rng))
                start(list(board), list(net))
            else:
                start(list(board_start), list(net_start))
            yield dealing

    played = play_dealt(
        compiled, ledger, dealer, deals(), choosers, rng, no_leads, None, no_spare, held
    )
    for winner, _trump in played:
        if winner is None:
            tally.voided += 1
        else:
            winners[winner] += 1
            add_left(sum(map(len, hands)))
        nets += ledger.net
        boards += ledger.board
        if len(nets) >= batch_size:
            rows.fold(tally)
    rows.fold(tally)
    tally.deals += count
    for index in range(k):
        tally.won_in_play[index] += ledger.in_play[index]
        tally.won_at_turn_up[index] += ledger.at_turn_up[index]
        stat = tally.size_when_won[index]
        stat.n += ledger.in_play[index] + ledger.at_turn_up[index]
        stat.total += ledger.total[index]
        stat.squares += ledger.squares[index]


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
