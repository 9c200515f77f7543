"""Settlement: the counters of one deal, and what happens to them as compartments are won,
payments made and the deal is settled when a seat goes out."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .compiled import CompiledRules, TrumpTables
from .events import CompartmentWon, Event, Exempted, Paid, PayReason, Penalty, WinHow


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

    def take(self, index: int, seat: int, how: WinHow) -> None:
        """``seat`` takes everything on a compartment."""
        amount = self.board[index]
        self.board[index] = 0
        self.net[seat] += amount
        self.taken[index] = True
        self.took[index] += amount
        self.won[index] += (seat,)
        if how == "turn-up":
            self.by_turn_up[index] = True
        if self.log is not None:
            self.log.append(CompartmentWon(self.ids[index], seat, amount, how))

    def pay(self, payer: int, payee: int, amount: int, reason: PayReason, cards: int) -> None:
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

    def share(self, index: int, shares: dict[int, int], left: int) -> None:
        """The seats in ``shares`` divide a compartment; ``left`` counters stay on it."""
        for seat, amount in shares.items():
            self.net[seat] += amount
            self.took[index] += amount
            self.won[index] += (seat,)
            if self.log is not None:
                self.log.append(CompartmentWon(self.ids[index], seat, amount, "share"))
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

    def take(self, index: int, seat: int, how: WinHow) -> None:
        amount = self.board[index]
        self.board[index] = 0
        self.net[seat] += amount
        before = self.took[index]
        if not self.taken[index]:
            self.taken[index] = True
            if how == "turn-up":
                self.at_turn_up[index] += 1
            else:
                self.in_play[index] += 1
        self.took[index] = after = before + amount
        self.total[index] += amount
        self.squares[index] += after * after - before * before

    def share(self, index: int, shares: dict[int, int], left: int) -> None:
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


def pair_played(
    compiled: CompiledRules,
    ledger: Ledger,
    index: int,
    card: int,
    seat: int,
    other_card: int,
    other_seat: int,
    previous: int,
) -> None:
    """Both cards of a pair are now played: one seat takes it, two may divide it."""
    win = compiled.compartments[index].win
    if win.in_succession and previous != other_card:
        return
    if other_seat == seat:
        ledger.take(index, seat, "pair")
        return
    if win.different_seats != "split":
        return
    half, odd = divmod(ledger.board[index], 2)
    shares = {other_seat: half, seat: half}
    if odd and win.odd_counter == "higher":
        higher = seat if compiled.rank_pos[card] > compiled.rank_pos[other_card] else other_seat
        shares[higher] += 1
        odd = 0
    ledger.share(index, shares, odd)


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
    """Going out: Game, the per-card payments with their exemptions, late bonuses, penalties.

    ``held[i]`` lists the seats left holding a card that wins compartment ``i``."""
    if compiled.game >= 0 and not ledger.taken[compiled.game]:
        ledger.take(compiled.game, winner, "going-out")
    per_card = compiled.rules.going_out.per_card
    log = ledger.log
    if log is None:
        # Each seat pays per card left, nothing if it holds an exempting card, double for
        # each doubling one; the winner's hand is empty, so it pays itself nothing.
        factors = [per_card] * len(hands)
        for index, exempt in compiled.holders:
            for seat in held[index]:
                factors[seat] = 0 if exempt else factors[seat] * 2
        net = ledger.net
        total = 0
        for seat, hand in enumerate(hands):
            amount = factors[seat] * len(hand)
            net[seat] -= amount
            total += amount
        net[winner] += total
    else:
        for other, hand in enumerate(hands):
            if other == winner:
                continue
            factor = 1
            for index, exempt in compiled.holders:
                if other in held[index]:
                    if exempt:
                        factor = 0
                        log.append(Exempted(other, compiled.ids[index], len(hand)))
                        break
                    factor *= 2
            ledger.pay(other, winner, per_card * len(hand) * factor, "going-out", len(hand))
    for seat, per in pending_bonus:
        for other, hand in enumerate(hands):
            if other != seat:
                ledger.pay(other, seat, per * len(hand), "bonus", len(hand))
    if compiled.penalties:
        before = list(ledger.board)
        for index in compiled.penalties:
            if before[index] <= 0:
                continue
            for holder in held[index]:
                ledger.stake(holder, index, before[index])
                if log is not None:
                    cards = tuple(c for c in cards_of[index] if owner[c] == holder)
                    log.append(Penalty(holder, compiled.ids[index], before[index], cards))


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


def turn_up_payouts(
    compiled: CompiledRules,
    ledger: Ledger,
    compartments: tuple[int, ...],
    dealer: int,
    hands: list[list[int]],
) -> bool:
    """The dealer takes what the turn-up wins; returns whether the turn-up ends the deal.

    It comes before the first lead, so ``hands`` are as dealt."""
    voided = False
    n = compiled.players
    for index in compartments:
        payout = compiled.compartments[index].turn_up
        assert payout is not None
        ledger.take(index, dealer, "turn-up")
        if payout.per_card_dealt:
            for other in range(n):
                if other != dealer:
                    dealt = len(hands[other])
                    amount = payout.per_card_dealt * dealt
                    if payout.cap is not None:
                        amount = min(amount, payout.cap)
                    ledger.pay(other, dealer, amount, "turn-up", dealt)
        for also in payout.also:
            also_index = compiled.ids.index(also)
            if not ledger.taken[also_index]:
                ledger.take(also_index, dealer, "turn-up")
        voided = voided or payout.ends_deal
    return voided


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
    """A card that pays a bonus or belongs to a pair has been played."""
    extra = tables.bonus[card]
    if extra is not None:
        per_card, at_play = extra
        if at_play:
            for other, hand in enumerate(hands):
                if other != seat:
                    ledger.pay(other, seat, per_card * len(hand), "bonus", len(hand))
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
