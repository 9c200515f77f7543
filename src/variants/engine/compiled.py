"""Rules compiled once into int tables, so the play loop does no rule lookups per card.

Each mechanic (:mod:`variants.mechanics`) fills its part of the tables in its compile step;
this module runs them, adds what play itself needs (the runs, the leads) and freezes the result.

``compile_rules(rules, players)`` is cached: a ruleset is compiled once per player count and
option choice. Tables that depend on the trump suit are built for every suit up front.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from operator import itemgetter
from typing import TYPE_CHECKING, Any, assert_never

from ..core.cards import make_card, rank_of, suit_of
from ..mechanics import MECHANICS, others_stakes, spread
from ..mechanics import pool as pool_cards
from ..mechanics.base import Draft
from ..mechanics.contributions import pool
from ..mechanics.hooks import (
    AfterCard,
    AfterStop,
    AtDeal,
    AtEnd,
    AtStop,
    AtTurn,
    AtTurnUp,
    InTurn,
)
from ..mechanics.ruleset import Compartment, Dressing, Rules, StopCause
from ..rules.dealplan import SPARE as PLAN_SPARE
from ..rules.dealplan import TURN_UP, DealPlan, plan_deal

if TYPE_CHECKING:
    import random

    from .staking import Staking

Payments = tuple[tuple[int, int, int], ...]
"""(seat, compartment, counters) payments that dress the board."""

# Where a card is, in ``owner`` arrays: a seat (>= 0) or one of these.
SPARE = -1
TABLE = -2
REMOVED = -3
PLAYED = -4

STOPPED = -5
"""The place of ``END``: nothing can be played there."""
END = 52
"""The card that follows the top rank or a card that may only be led: a sentinel."""

Dealing = tuple[list[list[int]], list[int], int | None, tuple[int, ...]]
"""One deal dealt: the hands by seat, where each card lies, the turn-up, the face-up cards by
seat (empty: none is dealt face up)."""

NO_TRUMP = 4
"""Index of the tables used when there is no trump suit."""

STOP_CAUSE: dict[int, StopCause] = {
    SPARE: "unseen",
    TABLE: "turn-up",
    REMOVED: "removed",
    PLAYED: "played",
}


@dataclass(frozen=True)
class TrumpTables:
    """What each card wins, for one trump suit (or none)."""

    single: tuple[tuple[int, ...], ...]
    """card -> compartments won by playing it alone."""
    pairs: tuple[tuple[tuple[int, int], ...], ...]
    """card -> (compartment, the pair's other card)."""
    cards_of: tuple[tuple[int, ...], ...]
    """compartment -> the cards that win it (empty for Game)."""
    winning: tuple[tuple[int, int], ...]
    """(compartment, card) for every card that wins a compartment."""
    settling: tuple[tuple[int, int], ...]
    """The part of ``winning`` that settlement asks about: holders' and penalty compartments."""
    lead_only: frozenset[int]
    bonus: tuple[tuple[int, bool] | None, ...]
    """card -> (counters per card, paid at play?) for a card whose player earns a bonus."""
    payments: tuple[int, ...]
    """card -> counters each other seat pays its player at once (0: none)."""
    at_deal: tuple[AtDeal, ...]
    """The mechanics' hooks tried, in order, when the cards are dealt."""
    at_turn_up: tuple[AtTurnUp, ...]
    """The mechanics' hooks tried, in order, when a card is turned up."""
    in_turn: tuple[InTurn, ...]
    """The mechanics' hooks tried before each card played in its turn in a run."""
    after_card: tuple[AfterCard | None, ...]
    """card -> the mechanic's hook called after it is played, or None."""
    hooked: bool
    """Whether any mechanic has a play hook in these tables."""
    at_stop: tuple[AtStop, ...]
    """The mechanics' hooks tried, in order, when a run stops for want of a card."""
    at_turn: tuple[AtTurn, ...]
    """The mechanics' hooks tried, in order, when the player of a run's last card cannot play
    the next."""
    told_at_turn: tuple[AtTurn, ...]
    """The hooks at that moment that only tell (tried after ``at_turn``'s, with a log only)."""
    after_stop: tuple[AfterStop, ...]
    """The mechanics' hooks called, in order, when a run has stopped and its last player is to
    lead the next."""
    at_end: tuple[AtEnd, ...]
    """The mechanics' hooks called, in order, once a seat has gone out and the deal is
    settled."""
    special: tuple[bool, ...]
    """card -> whether playing it can win, pay or complete anything (the hot loop's one test)."""
    more: tuple[bool, ...]
    """card -> whether playing it pays a bonus or a payment, may complete a pair, or has a hook
    after it is played."""
    chain: tuple[int, ...]
    """card -> the card that may follow it in a run, or ``END`` after the top rank and before
    a card that may only be led."""
    game: int
    """The compartment won by going out, or -1 (the same under every trump)."""
    penalties: tuple[int, ...]
    """Compartments whose held card doubles them at the end (the same under every trump)."""
    holders: tuple[tuple[int, bool], ...]
    """(compartment, exempt?) at going out (the same under every trump)."""
    card_holders: tuple[tuple[int, bool], ...]
    """(card, exempt?) at going out, for cards named apart from any compartment."""


@dataclass(frozen=True, slots=True)
class Layout:
    """Where each card of a shuffled pack goes for one dealer: the dealing, compiled."""

    hands: tuple[Any, ...]
    """Per seat, a getter that picks its cards out of the pack (the turn-up left out)."""
    places: tuple[int, ...]
    """Per pack index, the seat or place (SPARE, TABLE) the card lies in once play starts."""
    turn_up_index: int
    """The pack index of the turn-up, or -1."""
    turn_up_to: int
    """The seat whose hand the turn-up joins, or -1."""
    spare: tuple[int, ...]
    """The pack indices of the spare hand or stock (a turn-up that lies in it included)."""
    start: tuple[int, ...]
    """The rules' ``start_owner``: where each card lies before the deal."""
    face_up: tuple[int, ...] = ()
    """Per seat, the pack index of the card it is dealt face up (down-and-up), or none."""

    def deal(self, pack: Sequence[int]) -> Dealing:
        """Deal ``pack`` (top card first): each seat's hand in ascending card order (a turn-up
        that joins a hand included), where each card lies by card (``END`` included: a seat,
        or SPARE, REMOVED, TABLE for a turn-up in no hand, STOPPED), the turn-up, and each
        seat's card dealt face up (empty: none is), which its hand also holds.

        The one way every deal is dealt: a shown deal, the simulator's, a game's and its
        closing deal."""
        # (Typed so that mypyc, where it compiles this, indexes the lists directly.)
        hands: list[list[int]] = [sorted(get(pack)) for get in self.hands]
        owner = list(self.start)
        for seat, hand in enumerate(hands):
            for card in hand:
                owner[card] = seat
        face_up = self.face_up
        if face_up:
            return hands, owner, None, tuple(pack[index] for index in face_up)
        index = self.turn_up_index
        if index < 0:
            return hands, owner, None, ()
        turn_up = pack[index]
        seat = self.turn_up_to
        if seat >= 0:
            insort(hands[seat], turn_up)
            owner[turn_up] = seat
        else:
            owner[turn_up] = TABLE
        return hands, owner, turn_up, ()


@dataclass(frozen=True)
class CompiledRules:
    rules: Rules
    players: int
    plan: DealPlan
    pack: tuple[int, ...]
    succ: tuple[int, ...]
    """card -> the card that follows it, or -1 after the top rank."""
    rank_pos: tuple[int, ...]
    """card -> its position in the rank order (0 = lowest)."""
    any_lead: bool
    """Whether any card may be led (else only the lowest held of a suit)."""
    ranks_ascend: bool
    """Whether the rank order is the cards' own order, A 2 3 ... K."""
    ids: tuple[str, ...]
    compartments: tuple[Compartment, ...]
    game: int
    """Index of the compartment won by going out, or -1."""
    by_trump: tuple[TrumpTables, ...]
    """Indexed by suit 0-3, or NO_TRUMP."""
    penalties: tuple[int, ...]
    """Compartments whose held card doubles them at the end."""
    holders: tuple[tuple[int, bool], ...]
    """(compartment, exempt?) at going out: exempt, or else pays double."""
    card_holders: tuple[tuple[int, bool], ...]
    """(card, exempt?) at going out, for cards named apart from any compartment."""
    removed: tuple[int, ...]
    out_of_pack: tuple[tuple[int, int], ...]
    """(card, REMOVED) for each removed card."""
    start_owner: tuple[int, ...]
    """Where each card lies before a deal, by card (``END`` included): REMOVED out of the
    pack, STOPPED for ``END``, SPARE for the rest; dealing puts the seats in."""
    trump_after: tuple[int | None, ...]
    """By turn-up card (52 for none), the trump suit the deal is played with."""
    carry_over: bool
    """Whether counters left on the board stay for the next deal (else the winner takes them)."""
    pool: tuple[int, ...]
    """The pool cards drawn for the deals these rules play (:mod:`variants.mechanics.pool`), or
    nothing where they are not drawn."""
    _cache: dict[Any, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)

    def tables(self, trump: int | None) -> TrumpTables:
        return self.by_trump[NO_TRUMP if trump is None else trump]

    def dressing(self, dealer: int, banker: int) -> Payments:
        """(seat, compartment, counters) payments that dress the board, for this dealer (the
        players' choice of stakes, if any, laid by the ``even`` staking)."""
        key = ("dressing", dealer, banker)
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = tuple(dressing_payments(self, dealer, banker))
        return found

    def dressing_totals(self, dealer: int, banker: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The dressing summed: counters added to each compartment, and each seat's net."""
        key = ("totals", dealer, banker)
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = self.totals(self.dressing(dealer, banker))
        return found

    def totals(self, payments: Payments) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """``payments`` summed: counters added to each compartment, and each seat's net."""
        board = [0] * len(self.ids)
        net = [0] * self.players
        for seat, index, amount in payments:
            board[index] += amount
            net[seat] -= amount
        return tuple(board), tuple(net)

    def staked(self, staking: Staking) -> bool:
        """Whether ``staking`` lays this dressing afresh each deal: it is not fixed, and the
        rules leave the players the choice of where to lay their counters."""
        return not staking.fixed and self.rules.dressing.spread is not None

    def staked_dressing(
        self, dealer: int, banker: int, staking: Staking, rng: random.Random
    ) -> Payments:
        """The dressing of one deal, the players' stakes laid by ``staking`` (see
        :meth:`staked`), drawing from ``rng`` as it needs."""
        given = self.rules.dressing.spread
        assert given is not None
        laid = staking.lay(given, spread_stakes(self), self.players, dealer, rng)
        return tuple(dressing_payments(self, dealer, banker, laid))

    def layout(self, dealer: int) -> Layout:
        """How this ruleset deals a shuffled pack with ``dealer`` dealing."""
        found = self._cache.get(("layout", dealer))
        if found is None:
            found = self._cache[("layout", dealer)] = _layout(self.plan, dealer, self.start_owner)
        return found

    def closing_layout(self, dealer: int) -> Layout:
        """The closing deal's: the whole pack dealt round the seats, no spare, no turn-up."""
        found = self._cache.get(("closing", dealer))
        if found is None:
            n = self.players
            plan = DealPlan(n, tuple(i % n for i in range(len(self.pack))), None, TURN_UP)
            found = self._cache[("closing", dealer)] = _layout(plan, dealer, self.start_owner)
        return found


def _layout(plan: DealPlan, dealer: int, start: tuple[int, ...]) -> Layout:
    players = plan.players
    turn_index = -1 if plan.turn_up_index is None else plan.turn_up_index
    places: list[int] = []
    for index, position in enumerate(plan.positions):
        if index == turn_index:
            where = plan.turn_up_position
            places.append((dealer + 1 + where) % players if where >= 0 else TABLE)
        elif position >= 0:
            places.append((dealer + 1 + position) % players)
        else:
            places.append(SPARE)
    getters = []
    for seat in range(players):
        indices = [i for i, p in enumerate(places) if p == seat and i != turn_index]
        getters.append(_getter(indices))
    turn_to = -1
    if turn_index >= 0 and plan.turn_up_position >= 0:
        turn_to = (dealer + 1 + plan.turn_up_position) % players
    spare = [i for i, p in enumerate(plan.positions) if p == PLAN_SPARE and i != turn_index]
    if turn_index >= 0 and plan.turn_up_position == PLAN_SPARE:
        spare.append(turn_index)
    face_up = [0] * len(plan.face_up)
    for position, index in enumerate(plan.face_up):
        face_up[(dealer + 1 + position) % players] = index
    return Layout(
        tuple(getters), tuple(places), turn_index, turn_to, tuple(spare), start, tuple(face_up)
    )


def _getter(indices: list[int]) -> Any:
    if not indices:  # a dealer who sits the deal out
        return lambda pack: ()
    if len(indices) == 1:
        only = indices[0]
        return lambda pack: (pack[only],)
    return itemgetter(*indices)


def _trump_tables(rules: Rules, trump: int | None, succ: tuple[int, ...]) -> TrumpTables:
    """Every mechanic's compile step fills one draft for ``trump``, which is frozen here."""
    compartments = rules.board.compartments
    draft = Draft(len(compartments), trump)
    draft.cards_of = [c.win.cards(trump) for c in compartments]
    for mechanic in MECHANICS:
        mechanic.compile_tables(draft, rules)
    lead_only = frozenset(
        cards[0]
        for compartment, cards in zip(compartments, draft.cards_of, strict=True)
        if compartment.id in rules.play.lead_only and compartment.win.one_card and len(cards) == 1
    )
    single, pairs, bonus, payments = draft.single, draft.pairs, draft.bonus, draft.payments
    more = tuple(
        bool(pairs[c]) or bonus[c] is not None or payments[c] > 0 or c in draft.after_card
        for c in range(52)
    )
    winning = tuple((index, card) for index, cards in enumerate(draft.cards_of) for card in cards)
    return TrumpTables(
        single=tuple(tuple(x) for x in single),
        pairs=tuple(tuple(x) for x in pairs),
        cards_of=tuple(draft.cards_of),
        winning=winning,
        settling=tuple((index, card) for index, card in winning if index in draft.settled),
        lead_only=lead_only,
        bonus=tuple(bonus),
        payments=tuple(payments),
        at_deal=tuple(draft.at_deal),
        at_turn_up=tuple(draft.at_turn_up),
        in_turn=tuple(draft.in_turn),
        after_card=tuple(draft.after_card.get(c) for c in range(52)),
        hooked=bool(
            draft.at_deal
            or draft.at_turn_up
            or draft.in_turn
            or draft.after_card
            or draft.at_stop
            or draft.at_turn
            or draft.told_at_turn
            or draft.after_stop
            or draft.at_end
        ),
        at_stop=tuple(draft.at_stop),
        at_turn=tuple(draft.at_turn),
        told_at_turn=tuple(draft.told_at_turn),
        after_stop=tuple(draft.after_stop),
        at_end=tuple(draft.at_end),
        special=tuple(bool(single[c]) or more[c] for c in range(52)),
        more=more,
        chain=tuple(
            END if following < 0 or following in lead_only else following for following in succ
        ),
        game=draft.game,
        penalties=tuple(draft.penalties),
        holders=tuple(draft.holders),
        card_holders=tuple(draft.card_holders),
    )


@cache
def compile_rules(rules: Rules, players: int) -> CompiledRules:
    """Compile ``rules`` for ``players`` seats (raises ``DealPlanError`` if it cannot be dealt)."""
    plan = plan_deal(rules, players)
    ranks = rules.pack.ranks
    position = {rank: index for index, rank in enumerate(ranks)}
    succ: list[int] = []
    for card in range(52):
        at = position[rank_of(card)]
        succ.append(-1 if at == len(ranks) - 1 else make_card(ranks[at + 1], suit_of(card)))
    compartments = rules.board.compartments
    by_trump = tuple(_trump_tables(rules, t, tuple(succ)) for t in (0, 1, 2, 3, None))
    rule_wide = by_trump[NO_TRUMP]
    return CompiledRules(
        rules=rules,
        players=players,
        plan=plan,
        pack=rules.pack.cards,
        succ=tuple(succ),
        rank_pos=tuple(position[rank_of(card)] for card in range(52)),
        any_lead=rules.play.any_lead,
        ranks_ascend=all(position[rank] == rank for rank in range(13)),
        ids=rules.board.ids,
        compartments=compartments,
        game=rule_wide.game,
        by_trump=by_trump,
        penalties=rule_wide.penalties,
        holders=rule_wide.holders,
        card_holders=rule_wide.card_holders,
        removed=rules.pack.removed,
        out_of_pack=tuple((card, REMOVED) for card in rules.pack.removed),
        trump_after=tuple(_trump_after(rules, card) for card in range(END + 1)),
        carry_over=rules.board.carry_over,
        pool=pool_cards.cards(rules) if rules.board.pool_drawn else (),
        start_owner=tuple(
            STOPPED if card == END else REMOVED if card in rules.pack.removed else SPARE
            for card in range(END + 1)
        ),
    )


def with_pool(compiled: CompiledRules, pool: Sequence[int]) -> CompiledRules:
    """The rules a deal with these drawn pool cards is played under: ``compiled`` itself when
    none is drawn, else the rules with them in place of the named ones, compiled once for each
    set of pool cards (:mod:`variants.mechanics.pool`)."""
    if not pool or tuple(pool) == compiled.pool:
        return compiled
    return compile_rules(pool_cards.resuited(compiled.rules, pool), compiled.players)


def _trump_after(rules: Rules, turn_up: int) -> int | None:
    """The trump suit when ``turn_up`` is turned up (``END``: when no card is)."""
    suit = rules.trump.suit
    match suit:
        case "none":
            return None
        case "turn-up":
            return None if turn_up == END else suit_of(turn_up)
        case int():
            return suit
        case _:
            assert_never(suit)


def board_stakes(compiled: CompiledRules) -> list[tuple[int, int]]:
    """(compartment, counters) for each compartment the dressing stakes."""
    ids = compiled.ids
    return [(ids.index(key), amount) for key, amount in compiled.rules.dressing.stakes if amount]


def spread_stakes(compiled: CompiledRules) -> list[tuple[int, int]]:
    """(compartment, the fewest counters it must hold) for each compartment the players may
    spread their counters over: every one the stakes name, one of 0 free to stay empty."""
    ids = compiled.ids
    return [(ids.index(key), amount) for key, amount in compiled.rules.dressing.stakes]


def dressing_payments(
    compiled: CompiledRules,
    dealer: int,
    banker: int,
    laid: list[tuple[int, int, int]] | None = None,
) -> list[tuple[int, int, int]]:
    """(seat, compartment, counters) payments that dress the board for one deal; ``laid``, the
    players' choice of stakes where the rules leave it to them (None: the ``even`` staking's)."""
    rules = compiled.rules.dressing
    ids = compiled.ids
    n = compiled.players
    stakes = board_stakes(compiled)
    payments: list[tuple[int, int, int]] = []
    payer = rules.payer
    match payer:
        case "each-player":
            for offset in range(1, n + 1):
                seat = (dealer + offset) % n
                payments += [(seat, index, amount) for index, amount in stakes]
        case "dealer":
            payments += [(dealer, index, amount) for index, amount in stakes]
        case "banker":
            payments += [(banker, index, amount) for index, amount in stakes]
        case "shares":
            payments += _pool_payments(rules, ids, n, dealer, stakes)
        case "contributions":
            given = rules.contributions
            assert given is not None
            total = sum(amount for _, amount in stakes)
            payments += _laid_out(pool(given, total, n, dealer), stakes)
        case "spread":
            assert rules.spread is not None
            payments += (
                spread.payments(rules.spread, spread_stakes(compiled), n, dealer)
                if laid is None
                else laid
            )
        case _:
            assert_never(payer)
    return payments + others_stakes.payments(compiled.rules, ids, n, dealer)


def _pool_payments(
    rules: Dressing, ids: tuple[str, ...], n: int, dealer: int, stakes: list[tuple[int, int]]
) -> list[tuple[int, int, int]]:
    """The pool of shares, the dealer's last, laid out as the stakes and the remainder."""
    shares = rules.shares
    assert shares is not None and rules.remainder_to is not None
    unit = shares.unit(n)
    paid = [
        ((dealer + offset) % n, unit * (shares.dealer if offset == n else shares.others))
        for offset in range(1, n + 1)
    ]
    remainder = sum(a for _, a in paid) - sum(a for _, a in stakes)
    return _laid_out(paid, [*stakes, (ids.index(rules.remainder_to), remainder)])


def _laid_out(
    paid: list[tuple[int, int]], layout: list[tuple[int, int]]
) -> list[tuple[int, int, int]]:
    """A pool laid out stake by stake, each stake paid from what the seats put in, in the
    order they put it in, so that every counter on the board can be traced to its seat."""
    contributions = [[seat, amount] for seat, amount in paid]
    payments: list[tuple[int, int, int]] = []
    for index, amount in layout:
        while amount > 0:
            source = next(c for c in contributions if c[1] > 0)
            part = min(amount, source[1])
            payments.append((source[0], index, part))
            source[1] -= part
            amount -= part
    return payments
