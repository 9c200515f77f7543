"""Policies that choose a lead, each seeing only what its seat may know (a :class:`SeatView`).

A reason comes back with every lead. Cards in reasons are written ``{QS}``; narration renders
them with suit glyphs or as plain ASCII.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import assert_never

from ..core.cards import card_name, suit_of
from ..core.words import counters, join_words
from ..mechanics import PairWin
from ..mechanics.ruleset import RICH_STAKE, Advice, AdvicePreference, Rules
from ..rules.roles import chief_card, named_card, split_between_seats
from .compiled import CompiledRules
from .play import Policy, SeatView

BIG_STAKE = RICH_STAKE
"""Counters on a compartment that make its card worth leading before lower cards of its suit."""


def ref(card: int) -> str:
    """A card as it is written inside a reason."""
    return "{" + card_name(card) + "}"


class TakesEveryChance:
    """The choices at the table that are not leads, alike under every policy (a deal file,
    which records the leads alone, so replays them): Spin goes with the first card of its
    holder's played in turn, a card he may play in his turn instead of a missing one goes at
    the first chance (each is one card fewer in hand, and wins what it wins), and the bets on
    the cards held are :func:`bet_on_sets`'s."""

    def plays_with(
        self, hand: Sequence[int], card: int, with_card: int, rng: random.Random
    ) -> bool:
        return True

    def plays_instead(
        self, hand: Sequence[int], card: int, missing: int, rng: random.Random
    ) -> bool:
        return True

    def vies(
        self, hand: Sequence[int], facing: int, rank_pos: Sequence[int], rng: random.Random
    ) -> int:
        return bet_on_sets(hand, facing, rank_pos, rng)


class LowestPolicy(TakesEveryChance):
    """Leads the lowest legal card (rank order first, then suits C D H S)."""

    name = "lowest"
    quick = True

    def quick_lead(self, legal: Sequence[int], compiled: CompiledRules, rng: random.Random) -> int:
        rank_pos = compiled.rank_pos
        return min(legal, key=lambda c: (rank_pos[c], suit_of(c)))

    def choose_lead(self, view: SeatView, rng: random.Random) -> tuple[int, str]:
        rank_pos = view.compiled.rank_pos
        card = min(view.legal, key=lambda c: (rank_pos[c], suit_of(c)))
        return card, "the lowest card held"


class RandomPolicy(TakesEveryChance):
    """Leads a uniformly random legal card, drawn from the deal's ``random.Random``."""

    name = "random"
    quick = True
    uniform = True
    """Each legal lead equally likely, one ``rng.random()`` per lead: the hot loop draws inline."""

    def quick_lead(self, legal: Sequence[int], compiled: CompiledRules, rng: random.Random) -> int:
        return legal[int(rng.random() * len(legal))]

    def choose_lead(self, view: SeatView, rng: random.Random) -> tuple[int, str]:
        return view.legal[int(rng.random() * len(view.legal))], "chosen at random"


@dataclass(frozen=True)
class _Run:
    """What leading a card would do, as far as the leader can tell."""

    lead: int
    mine: tuple[int, ...]
    """The leader's own cards the run would carry."""
    top: int
    """The last card of the run if every unknown card is held by a player."""
    safe: bool
    """The run ends with one of the leader's cards wherever the unknown cards lie."""


ADVICE_PREFIX = "advice:"
"""``advice:<ruleset id>``: the policy that follows that ruleset's advice under any rules."""


class AdvicePolicy(TakesEveryChance):
    """Follows a source's play advice: its preferences in order (see :data:`Preference`).

    Each preference ranks the legal leads it applies to; leads it ranks equal go on to the next
    preference, and a preference that applies to none of them is passed over. A tie left at the
    end goes to the lowest card. The reason given is that of the last preference that narrowed
    the choice. Without ``advice`` the policy follows the advice of the rules being played
    (``advised``); where those give none, it leads the lowest card."""

    quick = False

    def __init__(self, advice: Advice | None = None, name: str = "advised") -> None:
        self.name = name
        self._advice = advice
        self._chief: tuple[Rules, int | None] | None = None

    def chief_card_of(self, rules: Rules) -> int | None:
        """The card that wins the Pope (:func:`~variants.rules.roles.chief_card`) under
        ``rules``, if one card does: found once for the rules last asked about."""
        if self._chief is None or self._chief[0] is not rules:
            chief = chief_card(rules)
            self._chief = (rules, None if chief is None else named_card(chief.win))
        return self._chief[1]

    def quick_lead(self, legal: Sequence[int], compiled: CompiledRules, rng: random.Random) -> int:
        raise NotImplementedError("the advice needs the whole view of the table")

    def preferences(self, view: SeatView) -> tuple[AdvicePreference, ...]:
        advice = self._advice if self._advice is not None else view.compiled.rules.advice
        return () if advice is None else tuple(p.prefer for p in advice.preferences)

    def explain(self, view: SeatView, card: int) -> str:
        """Why this advice would, or would not, lead ``card``: used for leads given in a file."""
        if len(view.hand) == 1:
            return "its last card"
        chosen, reason = self.choose_lead(view, random.Random(0))
        if chosen == card:
            return reason
        run = self._run(view, card)
        if self._unreachable(view, card):
            return f"{ref(card)} must be led or it will never be played: nothing leads up to it"
        if run.safe and len(run.mine) > 1:
            return f"works up to {ref(run.mine[-1])}, a known stop, so the lead comes back"
        if run.safe:
            return f"{ref(card)} is a known stop: a free discard"
        if run.top in view.hand:
            return (
                f"works up towards {ref(run.top)}, a known stop, "
                "if other players hold the cards between"
            )
        sure = prospects(view, card).sure
        if sure:
            return f"takes {listed(sure)} before it can be lost"
        return "starts a run in a suit with no stop in hand"

    @staticmethod
    def _stakes(view: SeatView) -> dict[int, int]:
        """For each card in hand, the most counters on a compartment it helps to win.

        This is what the advice weighs, whether or not that compartment can still be won; the
        words of a reason name only what :func:`prospects` finds."""
        compiled = view.compiled
        stakes: dict[int, int] = {}
        for index, cards in enumerate(compiled.tables(view.trump).cards_of):
            amount = view.board[compiled.ids[index]]
            for card in cards:
                if amount > 0 and card in view.hand:
                    stakes[card] = max(amount, stakes.get(card, 0))
        return stakes

    def choose_lead(self, view: SeatView, rng: random.Random) -> tuple[int, str]:
        if len(view.hand) == 1:
            return view.hand[0], "its last card"
        preferences = self.preferences(view)
        table = _Table(view, self)
        candidates = list(view.legal)
        decided: tuple[AdvicePreference, int] | None = None
        for at, preference in enumerate(preferences):
            rank = table.ranker(preference)
            ranked = {c: k for c in candidates if (k := rank(c)) is not None}
            if not ranked:
                continue
            best = max(ranked.values())
            candidates = [c for c in candidates if ranked.get(c) == best]
            decided = (preference, at)
            if len(candidates) == 1:
                break
        rank_pos = view.compiled.rank_pos
        card = min(candidates, key=lambda c: (rank_pos[c], suit_of(c)))
        if decided is None:
            if preferences:
                return card, "none of the advice applies: the lowest card held"
            return card, "the lowest card held: the rules give no advice"
        preference, at = decided
        return card, table.reason(preference, card, "safe-run" in preferences[:at])

    @staticmethod
    def _unreachable(view: SeatView, card: int) -> bool:
        """No other seat can ever play up to ``card``: it is a lowest rank, or the card below it
        is out of play for good."""
        below = _below(view, card)
        return below is None or view.is_out(below)

    @staticmethod
    def _run(view: SeatView, card: int) -> _Run:
        succ = view.compiled.succ
        hand = set(view.hand)
        mine = [card]
        safe = True
        current = card
        while True:
            following = succ[current]
            if following < 0 or view.is_out(following):
                break
            if following in hand:
                mine.append(following)
            elif current not in hand:
                safe = False
            current = following
        return _Run(card, tuple(mine), current, safe and current in hand)


class _Table:
    """What the preferences rank one seat's leads by, worked out once per lead."""

    def __init__(self, view: SeatView, policy: AdvicePolicy) -> None:
        self.view = view
        self.policy = policy
        self.order = {card: at for at, card in enumerate(view.legal)}
        self._stakes: dict[int, int] | None = None
        self._runs: dict[int, _Run] = {}

    @property
    def stakes(self) -> dict[int, int]:
        if self._stakes is None:
            self._stakes = self.policy._stakes(self.view)
        return self._stakes

    def run(self, card: int) -> _Run:
        found = self._runs.get(card)
        if found is None:
            found = self._runs[card] = self.policy._run(self.view, card)
        return found

    def ranker(self, preference: AdvicePreference) -> Callable[[int], tuple[int, ...] | None]:
        """How much ``preference`` wants a card led (more is better), or ``None`` when it does
        not apply to the card: a function of the card, what it reads looked up once."""
        view = self.view
        compiled = view.compiled
        rank_pos = compiled.rank_pos
        is_out = view.is_out
        match preference:
            case "known-stop":
                succ = compiled.succ

                def known_stop(card: int) -> tuple[int, ...] | None:
                    following = succ[card]
                    if following < 0 or is_out(following):
                        return (rank_pos[card], -suit_of(card))
                    return None

                return known_stop
            case "safe-run":
                runs = self.run

                def safe_run(card: int) -> tuple[int, ...] | None:
                    run = runs(card)
                    if run.safe:
                        return (len(run.mine), rank_pos[run.top], -suit_of(card))
                    return None

                return safe_run
            case "chief-card":
                named = self.policy.chief_card_of(compiled.rules)
                return lambda card: () if named is not None and named == card else None
            case "prize-nothing-leads-to":
                unreachable = self.policy._unreachable

                def prize(card: int) -> tuple[int, ...] | None:
                    if card in self.stakes and unreachable(view, card):
                        return (self.stakes[card], -self.order[card])
                    return None

                return prize
            case "rich-compartment":

                def rich(card: int) -> tuple[int, ...] | None:
                    if self.stakes.get(card, 0) >= BIG_STAKE:
                        return (self.stakes[card], -self.order[card])
                    return None

                return rich
            case "nothing-leads-to":
                unreachable = self.policy._unreachable
                return lambda card: (
                    (-rank_pos[card], -suit_of(card)) if unreachable(view, card) else None
                )
            case "lowest-of-longest-suit":
                suits: dict[int, list[int]] = {}
                for held in view.hand:
                    suits.setdefault(suit_of(held), []).append(held)
                lowest = {
                    suit: (min(cards, key=rank_pos.__getitem__), len(cards))
                    for suit, cards in suits.items()
                }

                def lowest_of_longest(card: int) -> tuple[int, ...] | None:
                    low, length = lowest[suit_of(card)]
                    return (length,) if low == card else None

                return lowest_of_longest
            case "sequence":

                def sequence(card: int) -> tuple[int, ...] | None:
                    length = len(self.sequence(card))
                    return (length,) if length > 1 else None

                return sequence
            case "longest-run":
                return lambda card: (len(self.run(card).mine), -rank_pos[card])
            case _:
                assert_never(preference)

    def sequence(self, card: int) -> list[int]:
        """``card`` and the cards that follow it in the leader's own hand, one after another."""
        succ = self.view.compiled.succ
        held = [card]
        while succ[held[-1]] >= 0 and succ[held[-1]] in self.view.hand:
            held.append(succ[held[-1]])
        return held

    def reason(self, preference: AdvicePreference, card: int, after_safe_runs: bool) -> str:
        """Why ``preference`` leads ``card``, in a few words."""
        view = self.view
        match preference:
            case "known-stop":
                return f"{ref(card)} is a known stop: a free discard"
            case "safe-run":
                run = self.run(card)
                if len(run.mine) == 1:
                    return f"{ref(card)} is a known stop: a free discard"
                return (
                    f"works up to {ref(run.mine[-1])}, a known stop, so the lead comes back "
                    f"whoever holds the cards between"
                )
            case "chief-card":
                chief = chief_card(view.compiled.rules)
                assert chief is not None
                return f"leads {ref(card)}, the card that wins {chief.label}"
            case "prize-nothing-leads-to":
                reason = f"leads {ref(card)} at once: nothing can be played up to it"
                wins = winnings(prospects(view, card))
                return f"{reason}, and it {wins}" if wins else reason
            case "rich-compartment":
                return worth_early(view, card)
            case "nothing-leads-to":
                return f"{ref(card)} must be led or it will never be played: nothing leads up to it"
            case "lowest-of-longest-suit":
                return f"{ref(card)} is the lowest card of the longest suit held"
            case "sequence":
                held = self.sequence(card)
                return f"starts a sequence held in hand, {ref(held[0])} to {ref(held[-1])}"
            case "longest-run":
                carries = "it starts the run that carries most of the hand"
                return f"no safe lead: {carries}" if after_safe_runs else carries
            case _:
                assert_never(preference)


@dataclass(frozen=True)
class Gain:
    """A compartment a card helps to win, with the counters on it now."""

    label: str
    amount: int

    def __str__(self) -> str:
        return f"{self.label} ({counters(self.amount)})"


@dataclass(frozen=True)
class Prospects:
    """What leading a card can win, as far as the leader can tell: the words of a reason."""

    sure: tuple[Gain, ...]
    """Compartments the lead takes: each one the card wins alone, and each pair whose other
    card the run carries on to from the leader's own hand."""
    possible: tuple[Gain, ...]
    """Pairs the card may still help to win, or to share, later in the deal."""


def prospects(view: SeatView, card: int) -> Prospects:
    """What leading ``card`` from ``view`` can win, in board order, counting only
    compartments with counters on them.

    A pair is sure when the leader's own cards carry the run from ``card`` to the other card
    (at once, when the two must be played in succession). It is possible when the other card
    is in the leader's hand, or, where two seats divide a pair, when it may lie in another
    hand. It is neither when the other card is out of play: played (by whom, the view does
    not say), removed, the turn-up on the table, or known to lie in the spare hand."""
    compiled = view.compiled
    tables = compiled.tables(view.trump)
    sure = list(tables.single[card])
    possible = []
    for index, other in tables.pairs[card]:
        win = compiled.compartments[index].win
        assert isinstance(win, PairWin)
        if _carries(tables.chain, view.hand, card, other, win.in_succession):
            sure.append(index)
        elif win.in_succession and tables.chain[card] != other:
            continue
        elif other in view.hand or (split_between_seats(win) and not view.is_out(other)):
            possible.append(index)
    return Prospects(_gains(view, sure), _gains(view, possible))


def _gains(view: SeatView, indices: list[int]) -> tuple[Gain, ...]:
    """The compartments at ``indices`` that hold counters, in board order."""
    compiled = view.compiled
    gains = []
    for index in sorted(indices):
        amount = view.board[compiled.ids[index]]
        if amount > 0:
            gains.append(Gain(compiled.compartments[index].label, amount))
    return tuple(gains)


def _largest_stake(view: SeatView, card: int) -> Gain:
    """The compartment with most counters among all those ``card`` helps to win, winnable or
    not (the first in board order on a tie): what the advice weighs."""
    compiled = view.compiled
    best: Gain | None = None
    for index, cards in enumerate(compiled.tables(view.trump).cards_of):
        amount = view.board[compiled.ids[index]]
        if card in cards and amount > 0 and (best is None or amount > best.amount):
            best = Gain(compiled.compartments[index].label, amount)
    assert best is not None, "the card helps to win no compartment with counters"
    return best


def _carries(
    chain: Sequence[int], hand: Sequence[int], card: int, other: int, in_succession: bool
) -> bool:
    """A run led with ``card`` goes on to ``other`` through the leader's own cards alone (at
    once, when ``in_succession``)."""
    current = chain[card]
    while current in hand:
        if current == other:
            return True
        if in_succession:
            return False
        current = chain[current]
    return False


def listed(gains: Sequence[Gain]) -> str:
    """``King (1 counter)``, ``Queen (1 counter) and Matrimony (2 counters)``."""
    return join_words([str(gain) for gain in gains])


def winnings(found: Prospects) -> str:
    """What a lead wins, ``takes King (1 counter) and goes towards Matrimony (2 counters)``,
    or nothing."""
    parts = []
    if found.sure:
        parts.append(f"takes {listed(found.sure)}")
    if found.possible:
        parts.append(f"goes towards {listed(found.possible)}")
    return " and ".join(parts)


def worth_early(view: SeatView, card: int) -> str:
    """Why a card that helps to win a compartment holding a big stake is led early: the
    stake, when the lead can win it, else only that the card belongs to it."""
    found = prospects(view, card)
    best = max(found.sure + found.possible, key=lambda gain: gain.amount, default=None)
    if best is not None and best.amount >= BIG_STAKE:
        return f"the {counters(best.amount)} on {best.label} are worth taking early"
    stake = _largest_stake(view, card)
    return (
        f"{ref(card)} is led early as a card of {stake.label}, with {counters(stake.amount)} on it"
    )


def _below(view: SeatView, card: int) -> int | None:
    ranks = view.compiled.rules.pack.ranks
    at = view.compiled.rank_pos[card]
    if at == 0:
        return None
    return suit_of(card) * 13 + ranks[at - 1]


POLICIES: dict[str, type[LowestPolicy] | type[RandomPolicy] | type[AdvicePolicy]] = {
    "lowest": LowestPolicy,
    "random": RandomPolicy,
    "advised": AdvicePolicy,
}


def make_policy(name: str, advice_of: Callable[[str], Advice] | None = None) -> Policy:
    """The policy called ``name``; ``advice:<ruleset id>`` takes that ruleset's advice from
    ``advice_of``, which raises :class:`ValueError` when there is none."""
    if name.startswith(ADVICE_PREFIX) and advice_of is not None:
        return AdvicePolicy(advice_of(name.removeprefix(ADVICE_PREFIX)), name)
    try:
        return POLICIES[name]()
    except KeyError:
        known = ", ".join([*POLICIES, ADVICE_PREFIX + "<ruleset id>"])
        raise ValueError(f"no policy {name!r} (policies: {known})") from None


BET = 2
"""The counters :func:`bet_on_sets` bets, and the most it holds before a raise."""
RAISE = 2
"""The counters :func:`bet_on_sets` would raise a bet by, holding three or four of a kind."""
BETTING_RANKS = 4
"""A pair among this many highest ranks of the pack is worth a bet (knaves or better in a pack
of seven to ace)."""
HOLDING_RANKS = 3
"""A pair among this many highest ranks is worth holding another's bet (queens or better)."""
RAISE_HOLDING_RANKS = 2
"""A pair among this many highest ranks is worth going along with a raise (kings or better,
better than a pair of queens)."""


def best_set(hand: Sequence[int], rank_pos: Sequence[int]) -> tuple[int, int]:
    """The best set of one rank ``hand`` holds, as (cards, place of its rank in the rank order),
    four of a kind beating three and three beating a pair; (0, -1) without a pair."""
    held: dict[int, list[int]] = {}
    for card in hand:
        held.setdefault(rank_pos[card], []).append(card)
    return max(((len(c), at) for at, c in held.items() if len(c) > 1), default=(0, -1))


def bet_on_sets(
    hand: Sequence[int], facing: int, rank_pos: Sequence[int], rng: random.Random
) -> int:
    """The betting every policy does when the players bet on the sets they hold (pairs, threes,
    fours): with three or four of a kind, or a pair of one of the :data:`BETTING_RANKS` highest
    ranks, it bets :data:`BET` counters; it holds a bet of at most :data:`BET` with three or four
    of a kind, or a pair of one of the :data:`HOLDING_RANKS` highest ranks, and with three or
    four answers :data:`RAISE` more, the raise it makes where the rules let the last to hold
    raise; facing more than :data:`BET` (a raise), it goes along with three or four of a kind,
    or a pair of one of the :data:`RAISE_HOLDING_RANKS` highest ranks; else it passes. It draws
    nothing from ``rng``: the same cards always bet alike, so a deal file replays it."""
    cards, at = best_set(hand, rank_pos)
    top = max(rank_pos, default=0)
    if facing == 0:
        return BET if cards >= 3 or (cards == 2 and at > top - BETTING_RANKS) else 0
    if facing > BET:
        return facing if cards >= 3 or (cards == 2 and at > top - RAISE_HOLDING_RANKS) else 0
    if cards >= 3:
        return facing + RAISE
    return facing if cards == 2 and at > top - HOLDING_RANKS else 0
