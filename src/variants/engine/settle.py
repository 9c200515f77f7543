"""Settlement: the counters of one deal, and what happens to them as compartments are won,
payments made and the deal is settled when a seat goes out.

The ledger is here; what each mechanic does with it is in its module of
:mod:`variants.mechanics`, which this module calls at the moments of a deal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..mechanics.base import PaidFor, WonBy
from ..mechanics.bonus import pay_bonus
from ..mechanics.card import WON as BY_CARD
from ..mechanics.going_out import settle_going_out
from ..mechanics.pair import pair_played
from ..mechanics.payments import pay_each
from ..mechanics.unplayed_penalty import charge
from .compiled import CompiledRules, TrumpTables
from .events import CompartmentWon, Event, Paid


class Ledger:
    """The counters of one deal: the board, each seat's net, who took what and how.

    A :class:`CountingLedger` counts what is taken over many deals instead of keeping it."""

    __slots__ = ("board", "by_turn_up", "ids", "log", "net", "taken", "took", "won")

    def __init__(self, ids: tuple[str, ...], board: list[int], n: int, log: list[Event] | None):
        self.ids = ids
        self.log = log
        self.board = board
        self.net = [0] * n
        self.won: list[tuple[int, ...]] = [()] * len(ids)
        self.taken = [False] * len(ids)
        self.took = [0] * len(ids)
        self.by_turn_up = [False] * len(ids)

    def take(self, index: int, seat: int, how: WonBy) -> None:
        """``seat`` takes everything on a compartment."""
        amount = self.board[index]
        self.board[index] = 0
        self.net[seat] += amount
        self.taken[index] = True
        self.took[index] += amount
        self.won[index] += (seat,)
        if how.by_turn_up:
            self.by_turn_up[index] = True
        if self.log is not None:
            self.log.append(CompartmentWon(self.ids[index], seat, amount, how))

    def pay(self, payer: int, payee: int, amount: int, reason: PaidFor, cards: int) -> None:
        if amount <= 0:
            return
        self.net[payer] -= amount
        self.net[payee] += amount
        if self.log is not None:
            self.log.append(Paid(payer, payee, amount, reason, cards))

    def stake(self, seat: int, index: int, amount: int) -> None:
        """``seat`` puts ``amount`` counters on a compartment."""
        self.board[index] += amount
        self.net[seat] -= amount

    def stake_all(self, board: Sequence[int], net: Sequence[int]) -> None:
        """Many stakes at once, summed: ``board`` counters put on each compartment, ``net``
        added to each seat's net (what it paid, negative)."""
        self.board[:] = map(int.__add__, self.board, board)
        self.net[:] = map(int.__add__, self.net, net)

    def share(self, index: int, shares: dict[int, int], left: int, how: WonBy) -> None:
        """The seats in ``shares`` divide a compartment; ``left`` counters stay on it."""
        for seat, amount in shares.items():
            self.net[seat] += amount
            self.took[index] += amount
            self.won[index] += (seat,)
            if self.log is not None:
                self.log.append(CompartmentWon(self.ids[index], seat, amount, how))
        self.board[index] = left
        self.taken[index] = True


class CountingLedger(Ledger):
    """A ledger for many deals in turn, without a log, that counts wins as they are taken:
    how often each compartment was won in play and at the turn-up, and the sum and sum of
    squares of what a deal took from it. Who took it is not kept."""

    __slots__ = ("at_turn_up", "in_play", "squares", "total")

    def __init__(self, ids: tuple[str, ...], n: int) -> None:
        super().__init__(ids, [], n, None)
        k = len(ids)
        self.in_play = [0] * k
        self.at_turn_up = [0] * k
        self.total = [0] * k
        self.squares = [0] * k

    def start(self, board: list[int], net: list[int]) -> None:
        """Begin a deal: ``board`` and ``net`` as dressed, nothing taken yet."""
        k = len(self.ids)
        self.board = board
        self.net = net
        self.taken = [False] * k
        self.took = [0] * k

    def take(self, index: int, seat: int, how: WonBy) -> None:
        amount = self.board[index]
        self.board[index] = 0
        self.net[seat] += amount
        before = self.took[index]
        if not self.taken[index]:
            self.taken[index] = True
            if how.by_turn_up:
                self.at_turn_up[index] += 1
            else:
                self.in_play[index] += 1
        self.took[index] = after = before + amount
        self.total[index] += amount
        self.squares[index] += after * after - before * before

    def share(self, index: int, shares: dict[int, int], left: int, how: WonBy) -> None:
        before = self.took[index]
        amount = sum(shares.values())
        for seat, part in shares.items():
            self.net[seat] += part
        if not self.taken[index]:
            self.taken[index] = True
            self.in_play[index] += 1
        self.took[index] = after = before + amount
        self.total[index] += amount
        self.squares[index] += after * after - before * before
        self.board[index] = left


def settle(
    compiled: CompiledRules,
    ledger: Ledger,
    winner: int,
    owner: Mapping[int, int] | Sequence[int],
    hands: list[list[int]],
    pending_bonus: list[tuple[int, int]],
    held: list[tuple[int, ...]],
    cards_of: tuple[tuple[int, ...], ...],
) -> None:
    """Going out, each mechanic in turn: Game and the payments per card left with the holders'
    exemptions (:mod:`~variants.mechanics.going_out`), the bonuses counted at the end
    (:mod:`~variants.mechanics.bonus`), the penalties on held cards
    (:mod:`~variants.mechanics.unplayed_penalty`).

    ``held[i]`` lists the seats left holding a card that wins compartment ``i``."""
    settle_going_out(compiled, ledger, winner, hands, held)
    for seat, per_card in pending_bonus:
        pay_bonus(ledger, hands, seat, per_card)
    if compiled.penalties:
        charge(compiled, ledger, held, owner, cards_of)


def holders(
    owner: Mapping[int, int] | Sequence[int], cards: tuple[tuple[int, int], ...], k: int
) -> list[tuple[int, ...]]:
    """For each of ``k`` compartments, the seats left holding one of its ``cards``, given as
    (compartment, card): a trump table's ``winning``, or only its ``settling`` part.

    A seat is listed once however many of a compartment's cards it holds: holding both cards
    of a pair doubles the pair's pool once, and exempts or doubles a payment once."""
    held: list[tuple[int, ...]] = [()] * k
    for index, card in cards:
        where = owner[card]
        if where >= 0 and where not in held[index]:
            held[index] += (where,)
    return held


def played_out_of_turn(
    compiled: CompiledRules,
    tables: TrumpTables,
    ledger: Ledger,
    hands: list[list[int]],
    card: int,
    seat: int,
    previous: int,
    pair_player: dict[int, int],
    pending_bonus: list[tuple[int, int]],
) -> None:
    """What a card played outside its run's order wins or pays (a card played with Spin, the
    Pope standing in): what the play loop does inline for a card played in turn."""
    for index in tables.single[card]:
        if not ledger.taken[index]:
            ledger.take(index, seat, BY_CARD)
    if tables.more[card]:
        pair_or_bonus(
            compiled, tables, ledger, hands, card, seat, previous, pair_player, pending_bonus
        )


def pair_or_bonus(
    compiled: CompiledRules,
    tables: TrumpTables,
    ledger: Ledger,
    hands: list[list[int]],
    card: int,
    seat: int,
    previous: int,
    pair_player: dict[int, int],
    pending_bonus: list[tuple[int, int]],
) -> None:
    """A card that pays a bonus or a payment or belongs to a pair has been played."""
    paid = tables.payments[card]
    if paid:
        pay_each(ledger, compiled.players, seat, card, paid)
    extra = tables.bonus[card]
    if extra is not None:
        per_card, at_play = extra
        if at_play:
            pay_bonus(ledger, hands, seat, per_card)
        else:
            pending_bonus.append((seat, per_card))
    if tables.pairs[card]:
        pair_player[card] = seat
        for index, other_card in tables.pairs[card]:
            if not ledger.taken[index] and other_card in pair_player:
                pair_played(
                    compiled,
                    ledger,
                    index,
                    card,
                    seat,
                    other_card,
                    pair_player[other_card],
                    previous,
                )
