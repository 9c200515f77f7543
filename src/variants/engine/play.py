"""The engine for one deal: dress, turn up, play run by run, settle.

It reads only compiled tables (:mod:`compiled`) and the dealt cards (:mod:`deal`). Every deal
is played by one loop, :func:`play_dealt`: a shown deal and a game's one at a time, the
simulator's bulk tally (:mod:`bulk`) many in one batch. It appends events to a log when
there is one; without one it builds none, tests nothing for it per card, and comes to the
same result.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import NamedTuple, Protocol

from ..core.cards import SUIT_NAMES, SUITS, card_name, suit_of
from ..mechanics import pool as pool_cards
from ..mechanics.card import WON as BY_CARD
from ..mechanics.going_out import WON as BY_GOING_OUT
from ..mechanics.hooks import AtStop, AtTurn, InTurn
from ..mechanics.ruleset import StopCause
from ..mechanics.spare_seen import knows_spare
from .compiled import (
    END,
    NO_TRUMP,
    PLAYED,
    REMOVED,
    SPARE,
    STOP_CAUSE,
    TABLE,
    CompiledRules,
    Dealing,
    TrumpTables,
    with_pool,
)
from .deal import DealSetup, places, shuffle
from .events import (
    CarriedOver,
    DealEnded,
    Dealt,
    Dressed,
    Event,
    Led,
    Played,
    Stopped,
    TurnedUp,
    TurnUpPlace,
    WentOut,
)
from .settle import Ledger, holders, pair_or_bonus, played_out_of_turn, settle
from .staking import EVEN, Staking

EVERY_CARD = (True,) * (END + 1)


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
        "_sees_spare",
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
        owner: Sequence[int] | Mapping[int, int],
        known_spare: set[int],
        board: dict[str, int],
        hand_sizes: tuple[int, ...],
        trump: int | None,
        turn_up: int | None,
        sees_spare: bool = False,
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
        self._sees_spare = sees_spare

    def is_out(self, card: int) -> bool:
        """Known to this seat to be unplayable: played, removed, the turn-up on the table, or
        shown to lie in the spare hand by a run that stopped short of it (or, for a dealer who
        may look at the spare hand, lying in it)."""
        where = self._owner[card]
        return (
            where in (PLAYED, REMOVED, TABLE)
            or card in self._known_spare
            or (self._sees_spare and where == SPARE)
        )

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

    def plays_with(
        self, hand: Sequence[int], card: int, with_card: int, rng: random.Random
    ) -> bool:
        """Whether the seat holding ``with_card`` (Spin) and ``hand`` plays it together with
        ``card``, a card of his played in its turn in a run
        (:mod:`variants.mechanics.with_another`)."""
        ...

    def plays_instead(
        self, hand: Sequence[int], card: int, missing: int, rng: random.Random
    ) -> bool:
        """Whether the seat holding ``card`` and ``hand``, whose turn it is in a run and who
        cannot play ``missing``, plays ``card`` instead, where a rule lets him."""

    def vies(
        self, hand: Sequence[int], facing: int, rank_pos: Sequence[int], rng: random.Random
    ) -> int:
        """The counters the seat holding ``hand`` puts up when the players bet on the cards
        they hold: facing no bet (``facing`` 0), what it bets; facing a bet, ``facing`` to hold
        it, or more to raise it to that where the rules let it (held at ``facing`` where they do
        not); 0 to pass. ``rank_pos`` gives each card's place in the order of ranks."""
        ...


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


class Choosers:
    """Who chooses each seat's leads, made once for many deals: each seat's policy, and
    its quick choice when the deal keeps no log and no lead is given."""

    __slots__ = ("only", "policies", "quick", "uniform")

    def __init__(self, policy: Policy | Sequence[Policy], players: int, quick: bool) -> None:
        self.policies = list(policy) if isinstance(policy, Sequence) else [policy] * players
        self.quick: list[QuickLead | None] = [
            p.quick_lead if quick and p.quick else None for p in self.policies
        ]
        """Per seat, the policy's quick choice, or None where it must see the table."""
        same = all(p is self.policies[0] for p in self.policies)
        self.only = self.quick[0] if same else None
        """The quick choice of every seat, when one policy leads for all quickly."""
        self.uniform = self.only is not None and getattr(self.policies[0], "uniform", False)
        """Whether that choice is one uniform draw from the legal leads (the loop draws it)."""


class QuickLead(Protocol):
    """A policy's ``quick_lead``: a lead chosen from the legal leads alone."""

    def __call__(
        self, legal: Sequence[int], compiled: CompiledRules, rng: random.Random
    ) -> int: ...


def play_deal(
    compiled: CompiledRules,
    setup: DealSetup,
    policy: Policy | Sequence[Policy],
    rng: random.Random,
    leads: Sequence[int] = (),
    record: bool = True,
    log: list[Event] | None = None,
    staking: Staking = EVEN,
) -> DealResult:
    """Play one deal from ``setup``; ``leads`` fixes the first leads, the policy makes the rest,
    and ``staking`` lays the stakes where the players choose them.

    The events are appended to ``log`` when it is given (a new list otherwise, unless not
    ``record``), so they are kept up to the lead at which a policy stops the deal by raising."""
    if log is None and record:
        log = []
    compiled = with_pool(compiled, setup.pool)
    return _deal(
        compiled,
        setup.dealer,
        setup.banker,
        setup.dress,
        [list(hand) for hand in setup.hands],
        places(compiled, setup.hands, setup.turn_up),
        setup.turn_up,
        setup.face_up,
        list(setup.board),
        Choosers(policy, compiled.players, log is None and not leads),
        rng,
        leads,
        log,
        setup.spare,
        staking,
    )


def play_shuffled(
    compiled: CompiledRules,
    rng: random.Random,
    dealer: int,
    board: Sequence[int] | None,
    policy: Policy | Sequence[Policy],
    banker: int | None = None,
    dress: bool = True,
    staking: Staking = EVEN,
) -> DealResult:
    """Shuffle, deal and play one deal without a log: the simulator's path.

    It deals as :func:`deal.shuffled_deal` does, from the same generator, so the two paths
    give the same result."""
    compiled = with_pool(compiled, pool_cards.draw(compiled.rules, rng))
    hands, owner, turn_up, face_up = compiled.layout(dealer).deal(shuffle(compiled.pack, rng))
    return _deal(
        compiled,
        dealer,
        dealer if banker is None else banker,
        dress,
        hands,
        owner,
        turn_up,
        face_up,
        list(board) if board is not None else [0] * len(compiled.ids),
        Choosers(policy, compiled.players, True),
        rng,
        (),
        None,
        (),
        staking,
    )


def _deal(
    compiled: CompiledRules,
    dealer: int,
    banker: int,
    dress: bool,
    hands: list[list[int]],
    owner: list[int],
    turn_up: int | None,
    face_up: tuple[int, ...],
    board: list[int],
    choosers: Choosers,
    rng: random.Random,
    leads: Sequence[int],
    log: list[Event] | None,
    spare: tuple[int, ...],
    staking: Staking,
) -> DealResult:
    """One deal from dressing to its result."""
    ids = compiled.ids
    ledger = Ledger(ids, board, compiled.players, log)
    if dress:
        dress_board(compiled, ledger, dealer, banker, staking, rng)
    dealt = sum(map(len, hands))
    held = [0] * len(ids)
    deal = ((hands, owner, turn_up, face_up),)
    winner, trump = next(
        play_dealt(compiled, ledger, dealer, deal, choosers, rng, leads, log, spare, held)
    )
    if log is not None:
        for index, amount in enumerate(board):
            if amount > 0:
                log.append(CarriedOver(ids[index], amount))
        log.append(DealEnded(winner, tuple(ledger.net), tuple(zip(ids, board, strict=True))))
    return DealResult(
        players=compiled.players,
        dealer=dealer,
        winner=winner,
        net=tuple(ledger.net),
        board=tuple(board),
        won=tuple(ledger.won),
        cards_played=dealt - sum(map(len, hands)),
        trump=trump,
        events=tuple(log) if log is not None else (),
        took=tuple(ledger.took),
        by_turn_up=tuple(ledger.by_turn_up),
        held=tuple(map(bool, held)),
    )


def dress_board(
    compiled: CompiledRules,
    ledger: Ledger,
    dealer: int,
    banker: int,
    staking: Staking = EVEN,
    rng: random.Random | None = None,
) -> None:
    """Each seat pays its stakes onto the board, as the ruleset dresses it for this dealer;
    where the players choose their stakes, ``staking`` lays them, drawing from ``rng``."""
    log = ledger.log
    if compiled.staked(staking):
        assert rng is not None, "a staking that draws needs the deal's generator"
        payments = compiled.staked_dressing(dealer, banker, staking, rng)
        if log is None:
            ledger.stake_all(*compiled.totals(payments))
            return
    elif log is None:
        ledger.stake_all(*compiled.dressing_totals(dealer, banker))
        return
    else:
        payments = compiled.dressing(dealer, banker)
    for seat, index, amount in payments:
        ledger.stake(seat, index, amount)
        log.append(Dressed(seat, ledger.ids[index], amount))


def play_dealt(
    compiled: CompiledRules,
    ledger: Ledger,
    dealer: int,
    deals: Iterable[Dealing],
    choosers: Choosers,
    rng: random.Random,
    leads: Sequence[int],
    log: list[Event] | None,
    spare: tuple[int, ...],
    held: list[int],
) -> Iterator[tuple[int | None, int | None]]:
    """Play dealt and dressed deals, one after another, each to its end: the turn-up, run
    after run until a seat goes out, the settlement. Yields, for each deal of ``deals``
    (hands, where each card lies, the turn-up), the seat that went out (None when the turn-up
    ends the deal) and the trump suit.

    This is every deal's play, logged or not: a shown deal and a game's (a batch of one), the
    simulator's bulk tally (a batch of many, whose set-up is done once for them all).
    ``ledger`` keeps or counts the counters, and is started on a deal before ``deals`` gives
    it; with ``log`` None no event is made, and the per-card cost of that is one test.
    ``held`` gains 1 for each compartment a card left in a hand would have won."""
    logging = log is not None
    trump_after = compiled.trump_after
    by_trump = compiled.by_trump
    players = compiled.players
    k = len(compiled.ids)
    carry_over = compiled.carry_over
    take = ledger.take
    quick_leads = choosers.quick
    only = choosers.only
    uniform = choosers.uniform
    any_lead = compiled.any_lead
    draw = rng.random
    watched = logging or only is None
    first_leader = (dealer + 1) % players
    run = _Run(compiled, ledger, choosers, rng)
    pool = compiled.pool
    for hands, owner, turn_up, face_up in deals:
        trump = trump_after[END if turn_up is None else turn_up]
        tables = by_trump[NO_TRUMP if trump is None else trump]
        if logging:
            place: TurnUpPlace = "none"
            if turn_up is not None:
                place = "spare" if turn_up in spare else "hand" if owner[turn_up] >= 0 else "table"
            dealt = Dealt(
                dealer, tuple(tuple(h) for h in hands), spare, turn_up, place, face_up, pool
            )
            log.append(dealt)  # type: ignore[union-attr]
        at_deal = tables.at_deal
        at_turn_up = tables.at_turn_up
        in_turn = tables.in_turn
        after_card = tables.after_card
        at_stop = tables.at_stop
        after_stop = tables.after_stop
        at_turn = tables.at_turn + tables.told_at_turn if logging else tables.at_turn
        pair_player: dict[int, int] = {}
        pending_bonus: list[tuple[int, int]] = []
        if tables.hooked:
            run.start(tables, hands, owner, pair_player, pending_bonus)
        if at_deal and any(hook(run, dealer, face_up) for hook in at_deal):
            yield None, trump  # settled without a run (the hands shown): nobody goes out
            continue
        if turn_up is not None:
            if logging:
                log.append(TurnedUp(turn_up, dealer, trump))  # type: ignore[union-attr]
            if at_turn_up and any(hook(run, dealer, turn_up) for hook in at_turn_up):
                yield None, trump  # the turn-up ended the deal
                continue
        chain = tables.chain
        # With a log every card is special: the log of a card played is written where a card
        # that wins or pays anything is handled, so without one the per-card path tests
        # nothing for it.
        special = tables.special if log is None else EVERY_CARD
        single = tables.single
        more = tables.more
        taken = ledger.taken
        known_spare: set[int] = set()  # cards a stopped run has shown to lie in the spare hand
        leader = seat = first_leader
        lead_number = 0
        while True:
            hand = hands[leader]
            if uniform:
                legal: Sequence[int] = hand if any_lead else legal_leads(compiled, hand)
                card = legal[int(draw() * len(legal))]
            else:
                quick_lead = only or quick_leads[leader]
                if quick_lead is None:
                    card = _lead(
                        compiled, choosers, leader, dealer, hands, owner, known_spare, ledger,
                        trump, turn_up, rng, leads, lead_number,
                    )  # fmt: skip
                    lead_number += 1
                else:
                    legal = hand if any_lead else legal_leads(compiled, hand)
                    card = quick_lead(legal, compiled, rng)
            seat = leader
            previous = -1
            while True:
                if in_turn and previous >= 0 and _in_turn(in_turn, run, seat, card, previous):
                    hand = hands[seat]
                    leader = seat
                    break
                owner[card] = PLAYED
                hand = hands[seat]
                hand.remove(card)
                if special[card]:
                    if logging and previous >= 0:
                        log.append(Played(seat, card))  # type: ignore[union-attr]
                    for index in single[card]:
                        if not taken[index]:
                            take(index, seat, BY_CARD)
                    if more[card]:
                        pair_or_bonus(
                            compiled, tables, ledger, hands, card, seat, previous, pair_player,
                            pending_bonus,
                        )  # fmt: skip
                        after = after_card[card]
                        if after is not None:
                            last = after(run, seat, card)
                            if last is not None:  # the hook played more, and the run stops
                                card = last
                                leader = seat
                                break
                if not hand:
                    break
                following = chain[card]
                where = owner[following]
                if at_turn and where != seat and following != END:
                    # The turn passes from ``seat``: a mechanic may tell who passes, or have a
                    # seat play a card in his turn, the run going on from it.
                    seat, card, following, where = _at_turn(
                        at_turn, run, hands, chain, owner, seat, card, following, where
                    )
                    hand = hands[seat]
                    if not hand:
                        break
                if where >= 0:
                    previous = card
                    seat = where
                    card = following
                    continue
                if at_stop and following != END:
                    # A mechanic may have a card played: the Pope in place of the missing one.
                    if watched and where == SPARE:
                        known_spare.add(following)
                    stood = _at_stop(at_stop, run, following)
                    if stood is not None:
                        seat, played, card = stood  # the run goes on from ``card``
                        hand = hands[seat]
                        if not hand:
                            card = played
                            break
                        following = chain[card]
                        where = owner[following]
                        if where >= 0:
                            previous = played
                            seat = where
                            card = following
                            continue
                if watched:  # someone reads the log or sees the table
                    if logging:
                        log.append(_stop(seat, card, compiled.succ[card], owner))  # type: ignore[union-attr]
                    if where == SPARE:
                        known_spare.add(following)
                leader = seat
                break
            if not hand:
                break
            for after_hook in after_stop:
                after_hook(run, leader)
        if logging:
            log.append(WentOut(seat, card))  # type: ignore[union-attr]
        settling = holders(owner, tables.settling, k)
        settle(compiled, ledger, seat, owner, hands, pending_bonus, settling, tables.cards_of)
        for end_hook in tables.at_end:
            end_hook(run, seat)
        last = -1  # a compartment's cards come together in ``winning``: count it once
        for index, left in tables.winning:
            if owner[left] >= 0 and index != last:
                held[index] += 1
                last = index
        if not carry_over:
            board = ledger.board
            for index in range(k):
                if board[index] > 0:
                    take(index, seat, BY_GOING_OUT)
        yield seat, trump


def _in_turn(hooks: Sequence[InTurn], run: _Run, seat: int, card: int, previous: int) -> bool:
    """Whether a mechanic's hook played ``card``, in its turn in a run, itself."""
    return any(hook(run, seat, card, previous) for hook in hooks)


def _at_stop(hooks: Sequence[AtStop], run: _Run, missing: int) -> tuple[int, int, int] | None:
    """The seat and card a mechanic's hook played at a stop for want of ``missing``, and the card
    the run goes on from, if one did."""
    for hook in hooks:
        stood = hook(run, missing)
        if stood is not None:
            return stood
    return None


def _at_turn(
    hooks: Sequence[AtTurn],
    run: _Run,
    hands: list[list[int]],
    chain: Sequence[int],
    owner: Sequence[int],
    seat: int,
    card: int,
    following: int,
    where: int,
) -> tuple[int, int, int, int]:
    """The turn passing from ``seat``, who played ``card`` and cannot play ``following`` (which
    lies at ``where``): each card a mechanic's hook has a seat play, the run going on from it,
    until none does or the next card is its own player's. Returns the seat and card the run
    goes on from (the card a played card stands for; the card played, when its player went
    out with it), and the next card and where it lies."""
    while True:
        played = None
        for hook in hooks:
            played = hook(run, seat, where if where >= 0 else -1, following)
            if played is not None:
                break
        if played is None:
            return seat, card, following, where
        seat, played_card, card = played  # ``card``: what the run goes on from
        if not hands[seat]:
            return seat, played_card, following, where
        following = chain[card]
        where = owner[following]
        if where == seat or following == END:
            return seat, card, following, where


class _Run:
    """One deal in play, as the mechanics' play hooks see it
    (:class:`~variants.mechanics.hooks.Run`): made once for a batch of deals, and started on each
    deal that has a hook."""

    __slots__ = (
        "compiled", "hands", "ledger", "log", "owner", "partners", "pending_bonus",
        "policies", "rng", "tables",
    )  # fmt: skip

    def __init__(
        self, compiled: CompiledRules, ledger: Ledger, choosers: Choosers, rng: random.Random
    ) -> None:
        self.compiled = compiled
        self.ledger = ledger
        self.log = ledger.log
        self.policies = choosers.policies
        self.rng = rng
        self.hands: list[list[int]] = []
        self.owner: list[int] = []
        self.tables = compiled.by_trump[NO_TRUMP]
        self.partners: dict[int, int] = {}
        """The seat that played each card of a pair, as the play loop keeps it."""
        self.pending_bonus: list[tuple[int, int]] = []

    def start(
        self,
        tables: TrumpTables,
        hands: list[list[int]],
        owner: list[int],
        pair_player: dict[int, int],
        pending_bonus: list[tuple[int, int]],
    ) -> None:
        """Play hooks on this deal from now on."""
        self.tables = tables
        self.hands = hands
        self.owner = owner
        self.partners = pair_player
        self.pending_bonus = pending_bonus

    def holder(self, card: int) -> int:
        where = self.owner[card]
        return where if where >= 0 else -1

    def play(self, seat: int, card: int) -> None:
        self.hands[seat].remove(card)
        self.owner[card] = PLAYED

    def record(self, seat: int, card: int) -> None:
        if self.log is not None:
            self.log.append(Played(seat, card))

    def settle_card(self, card: int, seat: int, previous: int) -> None:
        played_out_of_turn(
            self.compiled, self.tables, self.ledger, self.hands, card, seat, previous,
            self.partners, self.pending_bonus,
        )  # fmt: skip

    def joins(self, seat: int, card: int, with_card: int) -> bool:
        return self.policies[seat].plays_with(self.hands[seat], card, with_card, self.rng)

    def plays_instead(self, seat: int, card: int, missing: int) -> bool:
        return self.policies[seat].plays_instead(self.hands[seat], card, missing, self.rng)

    def vies(self, seat: int, facing: int) -> int:
        policy = self.policies[seat]
        return policy.vies(self.hands[seat], facing, self.compiled.rank_pos, self.rng)


def _lead(
    compiled: CompiledRules,
    choosers: Choosers,
    leader: int,
    dealer: int,
    hands: list[list[int]],
    owner: list[int],
    known_spare: set[int],
    ledger: Ledger,
    trump: int | None,
    turn_up: int | None,
    rng: random.Random,
    leads: Sequence[int],
    lead_number: int,
) -> int:
    """A lead chosen by a policy that sees the table, or given: checked, and logged with why."""
    hand = hands[leader]
    chooser = choosers.policies[leader]
    log = ledger.log
    view = SeatView(
        compiled,
        leader,
        tuple(hand),
        legal_leads(compiled, hand),
        owner,
        known_spare,
        dict(zip(ledger.ids, ledger.board, strict=True)),
        tuple(len(h) for h in hands),
        trump,
        turn_up,
        knows_spare(compiled.rules.deal, leader, dealer),
    )
    if lead_number < len(leads):
        card = leads[lead_number]
        try:
            verify_lead(compiled, leader, hand, card)
        except IllegalLeadError as error:
            raise IllegalLeadError(f"lead {lead_number + 1}: {error}", lead_number) from None
        explain = getattr(chooser, "explain", None)
        reason = explain(view, card) if log is not None and explain else "as given"
    else:
        card, reason = chooser.choose_lead(view, rng)
        if card not in view.legal:
            raise IllegalLeadError(
                f"policy {chooser.name} chose {card_name(card)}, not a legal lead"
            )
    if log is not None:
        log.append(Led(leader, card, reason))
    return card


def _stop(seat: int, card: int, following: int, owner: Sequence[int]) -> Stopped:
    """The event for a run that stops after ``card``, with its cause."""
    if following < 0:
        return Stopped(seat, card, "king", None)
    where = owner[following]
    cause: StopCause = "held" if where >= 0 else STOP_CAUSE[where]
    return Stopped(seat, card, cause, following)
