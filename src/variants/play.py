"""The engine for one deal: dress, turn up, play run by run, settle.

It reads only compiled tables (:mod:`compiled`) and the setup (:mod:`deal`). It appends events
to a log when ``record`` is true; with ``record`` false it builds none and returns the same
result, which is what the simulator uses.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple, Protocol

from .cards import SUIT_NAMES, SUITS, card_name, suit_of
from .compiled import (
    END,
    PLAYED,
    REMOVED,
    SPARE,
    STOP_CAUSE,
    STOPPED,
    TABLE,
    CompiledRules,
)
from .deal import DealSetup, shuffle, trump_of
from .events import (
    CarriedOver,
    DealEnded,
    Dealt,
    DealVoided,
    Dressed,
    Event,
    Led,
    Played,
    Stopped,
    TurnedUp,
    TurnUpPlace,
    WentOut,
)
from .ruleset import StopCause
from .settle import Ledger, holders, pair_or_bonus, settle, turn_up_payouts


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
        owner: dict[int, int],
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
    """Chooses a lead from ``view.legal`` and says why, in a few words.

    A policy with ``quick`` true also offers ``quick_lead``: the same choice made from the legal
    leads alone, without a reason, which the engine uses when nobody reads the log."""

    name: str
    quick: bool

    def quick_lead(
        self, legal: Sequence[int], compiled: CompiledRules, rng: random.Random
    ) -> int: ...

    def choose_lead(self, view: SeatView, rng: random.Random) -> tuple[int, str]: ...


class DealResult(NamedTuple):
    """What one deal came to. (A named tuple: the simulator builds millions of them.)"""

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
    took: tuple[int, ...] = ()
    """Counters taken from each compartment this deal (shares included)."""
    by_turn_up: tuple[bool, ...] = ()
    """Whether each compartment went to the dealer at the turn-up."""
    held: tuple[bool, ...] = ()
    """Whether a card that wins each compartment was left in a seat's hand at the end."""


def legal_leads(compiled: CompiledRules, hand: Sequence[int]) -> tuple[int, ...]:
    """The cards the ruleset lets a leader holding ``hand`` lead.

    ``hand`` is in ascending card order, as the engine keeps every hand. This runs at every
    lead, so the usual case, ranks that run up from the ace, takes one pass: there a suit's
    lowest card is the first of it in the hand."""
    if compiled.any_lead:
        return tuple(hand)
    if compiled.ranks_ascend:
        firsts = []
        suit = -1
        for card in hand:
            if card // 13 != suit:
                suit = card // 13
                firsts.append(card)
        return tuple(firsts)
    lowest: dict[int, int] = {}
    rank_pos = compiled.rank_pos
    for card in hand:
        held = lowest.get(card // 13)
        if held is None or rank_pos[card] < rank_pos[held]:
            lowest[card // 13] = card
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


def play_deal(
    compiled: CompiledRules,
    setup: DealSetup,
    policy: Policy | Sequence[Policy],
    rng: random.Random,
    leads: Sequence[int] = (),
    record: bool = True,
) -> DealResult:
    """Play one deal from ``setup``; ``leads`` fixes the first leads, the policy makes the rest."""
    owner = dict(compiled.out_of_pack)
    for card in compiled.pack:
        owner[card] = SPARE
    for seat, hand in enumerate(setup.hands):
        for card in hand:
            owner[card] = seat
    if setup.turn_up is not None and owner[setup.turn_up] == SPARE:
        owner[setup.turn_up] = TABLE
    return _play(
        compiled,
        setup.dealer,
        setup.banker,
        setup.dress,
        [list(hand) for hand in setup.hands],
        owner,
        setup.turn_up,
        list(setup.board),
        policy,
        rng,
        leads,
        [] if record else None,
        setup.spare,
    )


def play_shuffled(
    compiled: CompiledRules,
    rng: random.Random,
    dealer: int,
    board: Sequence[int] | None,
    policy: Policy | Sequence[Policy],
    banker: int | None = None,
    dress: bool = True,
) -> DealResult:
    """Shuffle, deal and play one deal without a log: the simulator's path.

    It deals exactly as :func:`deal.shuffled_deal` does from the same generator, so the two
    paths give the same result."""
    pack = shuffle(compiled.pack, rng)
    layout = compiled.layout(dealer)
    hands = [list(get(pack)) for get in layout.hands]
    owner = dict(compiled.out_of_pack)
    owner.update(zip(pack, layout.places, strict=True))
    turn_up = pack[layout.turn_up_index] if layout.turn_up_index >= 0 else None
    if layout.turn_up_to >= 0 and turn_up is not None:
        hands[layout.turn_up_to].append(turn_up)
    for hand in hands:
        hand.sort()
    return _play(
        compiled,
        dealer,
        dealer if banker is None else banker,
        dress,
        hands,
        owner,
        turn_up,
        list(board) if board is not None else [0] * len(compiled.ids),
        policy,
        rng,
        (),
        None,
        (),
    )


def _play(
    compiled: CompiledRules,
    dealer: int,
    banker: int,
    dress: bool,
    hands: list[list[int]],
    owner: dict[int, int],
    turn_up: int | None,
    board: list[int],
    policy: Policy | Sequence[Policy],
    rng: random.Random,
    leads: Sequence[int],
    log: list[Event] | None,
    spare: tuple[int, ...],
) -> DealResult:
    n = compiled.players
    policies = list(policy) if isinstance(policy, Sequence) else [policy] * n
    ids = compiled.ids
    ledger = Ledger(ids, board, n, log)
    take = ledger.take
    taken = ledger.taken
    if dress:
        payments = compiled.dressing(dealer, banker)
        if log is None:
            board_add, net_add = compiled.dressing_totals(dealer, banker)
            board[:] = map(int.__add__, board, board_add)
            ledger.net[:] = net_add
        else:
            for seat, index, amount in payments:
                board[index] += amount
                ledger.net[seat] -= amount
                log.append(Dressed(seat, ids[index], amount))
    trump = trump_of(compiled, turn_up)
    tables = compiled.tables(trump)
    dealt_sizes = [len(hand) for hand in hands]
    if log is not None:
        place: TurnUpPlace = "none"
        if turn_up is not None:
            place = "spare" if turn_up in spare else "hand" if owner[turn_up] >= 0 else "table"
        log.append(Dealt(dealer, tuple(tuple(h) for h in hands), spare, turn_up, place))
    voided = False
    if turn_up is not None:
        if log is not None:
            log.append(TurnedUp(turn_up, dealer, trump))
        voided = turn_up_payouts(compiled, ledger, tables.turn_up[turn_up], dealer, dealt_sizes)
    winner: int | None = None
    held: list[tuple[int, ...]] = []
    if voided:
        if log is not None:
            log.append(DealVoided(turn_up if turn_up is not None else -1))
    else:
        chain = tables.chain
        special = tables.special
        single = tables.single
        more = tables.more
        owner[END] = STOPPED
        known_spare: set[int] = set()
        pair_player: dict[int, int] = {}
        pending_bonus: list[tuple[int, int]] = []
        leader = (dealer + 1) % n
        lead_number = 0
        quick = log is None and not leads
        any_lead = compiled.any_lead
        logging = log is not None
        quick_leads = [p.quick_lead if quick and p.quick else None for p in policies]
        while winner is None:
            hand = hands[leader]
            chooser = policies[leader]
            quick_lead = quick_leads[leader]
            if quick_lead is not None:
                card = quick_lead(hand if any_lead else legal_leads(compiled, hand), compiled, rng)
                reason = ""
            else:
                view = SeatView(
                    compiled,
                    leader,
                    tuple(hand),
                    legal_leads(compiled, hand),
                    owner,
                    known_spare,
                    dict(zip(ids, board, strict=True)),
                    tuple(len(h) for h in hands),
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
                hand = hands[seat]
                hand.remove(card)
                if logging and previous >= 0:
                    log.append(Played(seat, card))  # type: ignore[union-attr]
                if special[card]:
                    for index in single[card]:
                        if not taken[index]:
                            take(index, seat, "play")
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
                    winner = seat
                    if logging:
                        log.append(WentOut(seat, card))  # type: ignore[union-attr]
                    break
                following = chain[card]
                where = owner[following]
                if where >= 0:
                    previous = card
                    seat = where
                    card = following
                    continue
                if logging:
                    log.append(_stop(seat, card, compiled.succ[card], owner))  # type: ignore[union-attr]
                if where == SPARE:
                    known_spare.add(following)
                leader = seat
                break
        held = holders(owner, tables.winning, len(ids))
        settle(compiled, ledger, winner, owner, hands, pending_bonus, held, tables.cards_of)
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
        won=tuple(ledger.won),
        cards_played=sum(dealt_sizes) - sum(map(len, hands)),
        trump=trump,
        events=tuple(log) if log is not None else (),
        took=tuple(ledger.took),
        by_turn_up=tuple(ledger.by_turn_up),
        held=tuple(map(bool, held)) if held else (False,) * len(ids),
    )


def _stop(seat: int, card: int, following: int, owner: dict[int, int]) -> Stopped:
    """The event for a run that stops after ``card``, with its cause."""
    if following < 0:
        return Stopped(seat, card, "king", None)
    where = owner[following]
    cause: StopCause = "held" if where >= 0 else STOP_CAUSE[where]
    return Stopped(seat, card, cause, following)
