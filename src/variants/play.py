"""The engine for one deal: dress, turn up, play run by run, settle.

It reads only compiled tables (:mod:`compiled`) and the setup (:mod:`deal`). It appends events
to a log when ``record`` is true; with ``record`` false it builds none and returns the same
result, which is what the simulator uses.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from .cards import SUIT_NAMES, SUITS, card_name, suit_of
from .compiled import PLAYED, REMOVED, SPARE, STOP_CAUSE, TABLE, CompiledRules
from .deal import DealSetup, trump_of
from .events import (
    CarriedOver,
    CompartmentWon,
    DealEnded,
    Dealt,
    DealVoided,
    Dressed,
    Event,
    Exempted,
    Led,
    Paid,
    PayReason,
    Penalty,
    Played,
    StopCause,
    Stopped,
    TurnedUp,
    TurnUpPlace,
    WentOut,
    WinHow,
)


class IllegalLeadError(ValueError):
    """A lead the leader does not hold, or that the ruleset forbids; the message names the rule."""

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index
        """Which given lead (0-based) broke the rule, when it was a given one."""


class SeatView:
    """What one seat may know when it leads: its own hand and everything shown at the table."""

    __slots__ = (
        "_known_spare",
        "_owner",
        "board",
        "compiled",
        "hand",
        "hand_sizes",
        "legal",
        "seat",
        "trump",
        "turn_up",
    )

    def __init__(
        self,
        compiled: CompiledRules,
        seat: int,
        hand: tuple[int, ...],
        legal: tuple[int, ...],
        owner: list[int],
        known_spare: set[int],
        board: dict[str, int],
        hand_sizes: tuple[int, ...],
        trump: int | None,
        turn_up: int | None,
    ) -> None:
        self.compiled = compiled
        self.seat = seat
        self.hand = hand
        self.legal = legal
        self._owner = owner
        self._known_spare = known_spare
        self.board = board
        self.hand_sizes = hand_sizes
        self.trump = trump
        self.turn_up = turn_up

    def is_out(self, card: int) -> bool:
        """Known by everyone to be unplayable: played, removed, the turn-up on the table, or
        shown to lie in the spare hand by a run that stopped short of it."""
        where = self._owner[card]
        return where in (PLAYED, REMOVED, TABLE) or card in self._known_spare

    def is_played(self, card: int) -> bool:
        return self._owner[card] == PLAYED


class Policy(Protocol):
    """Chooses a lead from ``view.legal`` and says why, in a few words."""

    name: str

    def choose_lead(self, view: SeatView, rng: random.Random) -> tuple[int, str]: ...


@dataclass(frozen=True)
class DealResult:
    players: int
    dealer: int
    winner: int | None
    """The seat that went out; None when the turn-up ended the deal unplayed."""
    net: tuple[int, ...]
    board: tuple[int, ...]
    """Counters left on each compartment, carried to the next deal."""
    won: tuple[tuple[int, ...], ...]
    """For each compartment, the seats that took it or a share of it."""
    cards_played: int
    trump: int | None
    events: tuple[Event, ...]


def legal_leads(compiled: CompiledRules, hand: Sequence[int]) -> tuple[int, ...]:
    """The cards the ruleset lets a leader holding ``hand`` lead."""
    if compiled.rules.play.lead == "any":
        return tuple(hand)
    lowest: dict[int, int] = {}
    rank_pos = compiled.rank_pos
    for card in hand:
        suit = suit_of(card)
        if suit not in lowest or rank_pos[card] < rank_pos[lowest[suit]]:
            lowest[suit] = card
    return tuple(sorted(lowest.values()))


def verify_lead(compiled: CompiledRules, seat: int, hand: Sequence[int], card: int) -> None:
    """Raise :class:`IllegalLeadError` with a sentence naming the rule a lead breaks."""
    if card not in hand:
        raise IllegalLeadError(f"seat {seat} cannot lead {card_name(card)}: it does not hold it")
    if card not in legal_leads(compiled, hand):
        suit = SUITS[suit_of(card)]
        lowest = min(
            (c for c in hand if suit_of(c) == suit_of(card)), key=lambda c: compiled.rank_pos[c]
        )
        raise IllegalLeadError(
            f"seat {seat} cannot lead {card_name(card)}: the rule play.lead (lowest-in-suit) "
            f"requires the lowest {SUIT_NAMES[suit][:-1]} held, {card_name(lowest)}"
        )


class _Ledger:
    """The counters of one deal: the board, each seat's net, who took what."""

    __slots__ = ("board", "ids", "log", "net", "taken", "won")

    def __init__(self, ids: tuple[str, ...], board: list[int], n: int, log: list[Event] | None):
        self.ids = ids
        self.board = board
        self.net = [0] * n
        self.won: list[list[int]] = [[] for _ in ids]
        self.taken = [False] * len(ids)
        self.log = log

    def take(self, index: int, seat: int, how: WinHow) -> None:
        amount = self.board[index]
        self.board[index] = 0
        self.net[seat] += amount
        self.taken[index] = True
        self.won[index].append(seat)
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

    def share(self, index: int, shares: dict[int, int], left: int) -> None:
        for seat, amount in shares.items():
            self.net[seat] += amount
            self.won[index].append(seat)
            if self.log is not None:
                self.log.append(CompartmentWon(self.ids[index], seat, amount, "share"))
        self.board[index] = left
        self.taken[index] = True


def play_deal(
    compiled: CompiledRules,
    setup: DealSetup,
    policy: Policy | Sequence[Policy],
    rng: random.Random,
    leads: Sequence[int] = (),
    record: bool = True,
) -> DealResult:
    """Play one deal from ``setup``; ``leads`` fixes the first leads, the policy makes the rest."""
    n = compiled.players
    policies = list(policy) if isinstance(policy, Sequence) else [policy] * n
    log: list[Event] | None = [] if record else None
    compartments = compiled.compartments
    ids = compiled.ids
    owner = [REMOVED] * 52
    for card in compiled.pack:
        owner[card] = SPARE
    hands = [list(hand) for hand in setup.hands]
    for seat, hand in enumerate(hands):
        for card in hand:
            owner[card] = seat
    turn_up = setup.turn_up
    if turn_up is not None and owner[turn_up] == SPARE:
        owner[turn_up] = TABLE
    ledger = _Ledger(ids, list(setup.board), n, log)
    take = ledger.take
    pay = ledger.pay
    taken = ledger.taken
    dealer = setup.dealer
    if setup.dress:
        for seat, index, amount in dressing(compiled, dealer, setup.banker):
            ledger.stake(seat, index, amount)
            if log is not None:
                log.append(Dressed(seat, ids[index], amount))
    trump = trump_of(compiled, turn_up)
    tables = compiled.tables(trump)
    if log is not None:
        place: TurnUpPlace = "none"
        if turn_up is not None:
            place = (
                "spare" if turn_up in setup.spare else "hand" if owner[turn_up] >= 0 else "table"
            )
        log.append(Dealt(setup.hands, setup.spare, turn_up, place))
    voided = False
    if turn_up is not None:
        if log is not None:
            log.append(TurnedUp(turn_up, dealer, trump))
        for index in tables.turn_up[turn_up]:
            payout = compartments[index].turn_up
            assert payout is not None
            take(index, dealer, "turn-up")
            if payout.per_card_dealt:
                for other in range(n):
                    if other != dealer:
                        dealt = len(setup.hands[other])
                        amount = payout.per_card_dealt * dealt
                        if payout.cap is not None:
                            amount = min(amount, payout.cap)
                        pay(other, dealer, amount, "pope-turn-up", dealt)
            for also in payout.also:
                also_index = ids.index(also)
                if not taken[also_index]:
                    take(also_index, dealer, "turn-up")
            voided = voided or payout.ends_deal
    winner: int | None = None
    cards_played = 0
    if voided:
        if log is not None:
            log.append(DealVoided(turn_up if turn_up is not None else -1))
    else:
        succ = compiled.succ
        single = tables.single
        pairs = tables.pairs
        bonus = tables.bonus
        lead_only = tables.lead_only
        counts = [len(hand) for hand in hands]
        known_spare: set[int] = set()
        pair_player: dict[int, int] = {}
        pending_bonus: list[tuple[int, int]] = []
        leader = setup.elder
        lead_number = 0
        while winner is None:
            hand = hands[leader]
            chooser = policies[leader]
            view = SeatView(
                compiled,
                leader,
                tuple(hand),
                legal_leads(compiled, hand),
                owner,
                known_spare,
                dict(zip(ids, ledger.board, strict=True)),
                tuple(counts),
                trump,
                turn_up,
            )
            if lead_number < len(leads):
                card = leads[lead_number]
                try:
                    verify_lead(compiled, leader, hand, card)
                except IllegalLeadError as error:
                    raise IllegalLeadError(
                        f"lead {lead_number + 1}: {error}", lead_number
                    ) from None
                explain = getattr(chooser, "explain", None)
                reason = explain(view, card) if log is not None and explain else "as given"
            else:
                card, reason = chooser.choose_lead(view, rng)
                if card not in view.legal:
                    raise IllegalLeadError(
                        f"policy {chooser.name} chose {card_name(card)}, not a legal lead"
                    )
            lead_number += 1
            seat = leader
            previous = -1
            if log is not None:
                log.append(Led(seat, card, reason))
            while True:
                owner[card] = PLAYED
                hands[seat].remove(card)
                counts[seat] -= 1
                cards_played += 1
                if log is not None and previous >= 0:
                    log.append(Played(seat, card))
                for index in single[card]:
                    if not taken[index]:
                        take(index, seat, "play")
                extra = bonus[card]
                if extra is not None:
                    if extra[1]:
                        for other in range(n):
                            if other != seat:
                                pay(other, seat, extra[0] * counts[other], "bonus", counts[other])
                    else:
                        pending_bonus.append((seat, extra[0]))
                if pairs[card]:
                    pair_player[card] = seat
                    for index, other_card in pairs[card]:
                        if not taken[index] and other_card in pair_player:
                            _pair_played(
                                compiled,
                                ledger,
                                index,
                                card,
                                seat,
                                other_card,
                                pair_player[other_card],
                                previous,
                            )
                if counts[seat] == 0:
                    winner = seat
                    if log is not None:
                        log.append(WentOut(seat, card))
                    break
                following = succ[card]
                cause: StopCause
                if following < 0:
                    cause = "king"
                else:
                    where = owner[following]
                    if where >= 0:
                        if following not in lead_only:
                            previous = card
                            seat = where
                            card = following
                            continue
                        cause = "held"
                    else:
                        cause = STOP_CAUSE[where]
                        if where == SPARE:
                            known_spare.add(following)
                if log is not None:
                    log.append(Stopped(seat, card, cause, None if following < 0 else following))
                leader = seat
                break
        _settle(compiled, ledger, winner, owner, counts, pending_bonus, tables.cards_of)
    board = ledger.board
    if not compiled.rules.board.carry_over and winner is not None:
        for index in range(len(ids)):
            if board[index] > 0:
                take(index, winner, "going-out")
    if log is not None:
        for index, amount in enumerate(board):
            if amount > 0:
                log.append(CarriedOver(ids[index], amount))
        log.append(DealEnded(winner, tuple(ledger.net), tuple(zip(ids, board, strict=True))))
    return DealResult(
        players=n,
        dealer=dealer,
        winner=winner,
        net=tuple(ledger.net),
        board=tuple(board),
        won=tuple(tuple(seats) for seats in ledger.won),
        cards_played=cards_played,
        trump=trump,
        events=tuple(log) if log is not None else (),
    )


def dressing(compiled: CompiledRules, dealer: int, banker: int) -> list[tuple[int, int, int]]:
    """(seat, compartment, counters) payments that dress the board for one deal."""
    rules = compiled.rules.dressing
    ids = compiled.ids
    n = compiled.players
    stakes = [(ids.index(key), amount) for key, amount in rules.stakes if amount > 0]
    payments: list[tuple[int, int, int]] = []
    if rules.payer == "each-player":
        for offset in range(1, n + 1):
            seat = (dealer + offset) % n
            payments += [(seat, index, amount) for index, amount in stakes]
    elif rules.payer in ("dealer", "banker"):
        seat = dealer if rules.payer == "dealer" else banker
        payments += [(seat, index, amount) for index, amount in stakes]
    else:
        shares = rules.shares
        assert shares is not None and rules.remainder_to is not None
        unit = shares.unit(n)
        pool = [
            ((dealer + offset) % n, unit * (shares.dealer if offset == n else shares.others))
            for offset in range(1, n + 1)
        ]
        # The pool is laid out stake by stake, each paid from the contributions in seat order,
        # so that every counter on the board can be traced to the seat that paid it.
        layout = [
            *stakes,
            (ids.index(rules.remainder_to), sum(a for _, a in pool) - sum(a for _, a in stakes)),
        ]
        contributions = [[seat, amount] for seat, amount in pool]
        for index, amount in layout:
            while amount > 0:
                source = next(c for c in contributions if c[1] > 0)
                part = min(amount, source[1])
                payments.append((source[0], index, part))
                source[1] -= part
                amount -= part
    return payments


def _pair_played(
    compiled: CompiledRules,
    ledger: _Ledger,
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


def _settle(
    compiled: CompiledRules,
    ledger: _Ledger,
    winner: int,
    owner: list[int],
    counts: list[int],
    pending_bonus: list[tuple[int, int]],
    cards_of: tuple[tuple[int, ...], ...],
) -> None:
    """Going out: Game, the per-card payments with their exemptions, late bonuses, penalties."""
    n = compiled.players
    if compiled.game >= 0 and not ledger.taken[compiled.game]:
        ledger.take(compiled.game, winner, "going-out")
    per_card = compiled.rules.going_out.per_card
    for other in range(n):
        if other == winner:
            continue
        factor = 1
        excused = -1
        for index, exempt in compiled.holders:
            if any(owner[card] == other for card in cards_of[index]):
                factor = 0 if exempt else factor * 2
                excused = index if exempt else excused
        if factor == 0 and ledger.log is not None:
            ledger.log.append(Exempted(other, compiled.ids[excused], counts[other]))
        ledger.pay(other, winner, per_card * counts[other] * factor, "going-out", counts[other])
    for seat, per in pending_bonus:
        for other in range(n):
            if other != seat:
                ledger.pay(other, seat, per * counts[other], "bonus", counts[other])
    before = list(ledger.board)
    for index in compiled.penalties:
        charged: set[int] = set()
        for card in cards_of[index]:
            holder = owner[card]
            if holder >= 0 and holder not in charged and before[index] > 0:
                charged.add(holder)
                ledger.stake(holder, index, before[index])
                if ledger.log is not None:
                    ledger.log.append(Penalty(holder, compiled.ids[index], before[index], card))
