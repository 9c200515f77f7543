"""One deal, every ruleset: the same shuffled cards played under each ruleset's default rules.

The full 52-card pack is shuffled once. For each ruleset, the cards it takes out are dropped
from that order and the rest is dealt as the ruleset deals (:func:`deal.deal_from_pack`), to the
same number of players with the same dealer, and played with the advised policy. The sentences
that point out the differences are generated from the results.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from ..core.cards import card_glyph, full_pack
from ..core.words import cap, join_words, number_word, person
from ..engine.compiled import CompiledRules, compile_rules
from ..engine.deal import DealSetup, deal_from_pack, shuffle
from ..engine.play import DealResult, play_deal
from ..engine.policies import make_policy
from ..mechanics.ruleset import Ruleset
from ..rules.dealplan import DealPlanError
from ..telling.results import Table
from .exampledeals import POLICY, trump_text
from .pages import short_name

SEED = 2
"""The seed of the one shuffle."""
PLAYERS = 5
DEALER = 0

K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True)
class Outcome:
    """What became of one compartment under one ruleset."""

    cid: str
    label: str
    """Ruleset text."""
    winners: tuple[tuple[int, int], ...]
    """(seat, counters) for each seat that took it or a share of it."""
    by_turn_up: bool
    left: int
    """Counters left on it, carried to the next deal."""
    why_not: str
    """When nobody took it: why, with glyph cards."""


@dataclass(frozen=True)
class RulesetDeal:
    """The shuffle dealt and played under one ruleset."""

    ruleset: Ruleset
    compiled: CompiledRules
    setup: DealSetup
    result: DealResult
    outcomes: tuple[Outcome, ...]
    runs: int
    left: tuple[tuple[int, ...], ...]
    """Each seat's cards at the end."""

    @property
    def name(self) -> str:
        return short_name(self.ruleset)

    def seat(self, seat: int) -> str:
        """The seat as people name it: ``the dealer``, ``Player 1``."""
        return person(seat, self.setup.dealer, self.setup.players)


@dataclass(frozen=True)
class Skipped:
    ruleset: Ruleset
    reason: str

    @property
    def name(self) -> str:
        return short_name(self.ruleset)


@dataclass(frozen=True)
class OneDeal:
    seed: int
    players: int
    dealer: int
    pack: tuple[int, ...]
    """The shuffled full pack, top card first."""
    deals: tuple[RulesetDeal, ...]
    skipped: tuple[Skipped, ...]
    notes: tuple[str, ...]
    """The generated sentences, with glyph cards (compartment labels are ruleset text)."""


def one_deal(
    rulesets: Sequence[Ruleset], seed: int = SEED, players: int = PLAYERS, dealer: int = DEALER
) -> OneDeal:
    pack = tuple(shuffle(full_pack(), random.Random(seed)))
    deals: list[RulesetDeal] = []
    skipped: list[Skipped] = []
    for ruleset in rulesets:
        played = play_one(ruleset, pack, players, dealer, seed)
        if isinstance(played, Skipped):
            skipped.append(played)
        else:
            deals.append(played)
    notes = differences(pack, deals)
    return OneDeal(seed, players, dealer, pack, tuple(deals), tuple(skipped), tuple(notes))


def play_one(
    ruleset: Ruleset, order: Sequence[int], players: int, dealer: int, seed: int
) -> RulesetDeal | Skipped:
    """Deal ``order`` (less the ruleset's removed cards) and play it under the default rules."""
    rules = ruleset.rules
    if players not in rules.players.counts:
        return Skipped(ruleset, f"it is not played by {number_word(players)} players")
    try:
        compiled = compile_rules(rules, players)
    except DealPlanError as error:
        return Skipped(ruleset, f"its pack cannot be dealt to {number_word(players)}: {error}")
    in_pack = set(compiled.pack)
    setup = deal_from_pack(compiled, [c for c in order if c in in_pack], dealer)
    result = play_deal(compiled, setup, make_policy(POLICY), random.Random(seed))
    table = Table(compiled.ids, setup.board, players)
    for event in result.events:
        table.add(event)
    played_by = {card: seat for seat, card in table.plays}
    holder = {card: seat for seat, hand in enumerate(table.hands) for card in hand}
    tables = compiled.tables(result.trump)
    outcomes = []
    for index, compartment in enumerate(compiled.compartments):
        amounts = table.won[compartment.id]
        why = ""
        if not amounts:
            why = _why_not(compiled, setup, result, tables.cards_of[index], played_by, holder)
        outcomes.append(
            Outcome(
                cid=compartment.id,
                label=compartment.label,
                winners=tuple(amounts.items()),
                by_turn_up=bool(result.by_turn_up and result.by_turn_up[index]),
                left=result.board[index],
                why_not=why,
            )
        )
    left = tuple(tuple(hand) for hand in table.hands)
    return RulesetDeal(ruleset, compiled, setup, result, tuple(outcomes), table.runs, left)


def _why_not(
    compiled: CompiledRules,
    setup: DealSetup,
    result: DealResult,
    cards: Sequence[int],
    played_by: dict[int, int],
    holder: dict[int, int],
) -> str:
    """Why nobody took a compartment won by ``cards``: where those cards ended the deal."""
    if compiled.rules.play.showing is not None:
        return "no hand shown holds what wins it"
    if result.winner is None:
        return "the turn-up ends the deal before any card is played"
    if not cards:
        return "it is not won by playing a card"
    spare = compiled.rules.deal.spare_name
    reasons = []

    def who(seat: int) -> str:
        return person(seat, setup.dealer, setup.players)

    for card in cards:
        glyph = card_glyph(card)
        if card in played_by:
            continue
        if card in holder:
            reasons.append(
                f"{who(holder[card])} still holds {glyph} when {who(result.winner)} goes out"
            )
        elif card in compiled.removed:
            reasons.append(f"{glyph} is out of the pack")
        elif card in setup.spare:
            reasons.append(f"{glyph} lies in the {spare}")
        else:
            reasons.append(f"{glyph} is the turn-up, on the table")
    if reasons:
        return " and ".join(reasons)
    seats = [played_by[card] for card in cards]
    if len(set(seats)) > 1:
        return (
            "its cards are played by different seats ("
            + ", ".join(f"{card_glyph(c)} by {who(s)}" for c, s in zip(cards, seats, strict=True))
            + ")"
        )
    return "its cards are not played one straight after the other"


# --------------------------------------------------------------------------------------------
# The sentences


def _grouped(
    deals: Sequence[RulesetDeal], key: Callable[[RulesetDeal], K]
) -> list[tuple[K, list[RulesetDeal]]]:
    """The deals grouped by ``key``, groups in order of first appearance."""
    groups: dict[K, list[RulesetDeal]] = {}
    for deal in deals:
        groups.setdefault(key(deal), []).append(deal)
    return list(groups.items())


def _who(deals: Sequence[RulesetDeal]) -> str:
    return join_words([d.name for d in deals])


def differences(pack: Sequence[int], deals: Sequence[RulesetDeal]) -> list[str]:
    """Factual sentences on how the one shuffle went under the rulesets."""
    if not deals:
        return []
    return [
        *_pack_sentences(pack, deals),
        *_turn_up_sentences(deals),
        *_going_out_sentences(deals),
        *_compartment_sentences(deals),
        *_net_sentences(deals),
    ]


def _pack_sentences(pack: Sequence[int], deals: Sequence[RulesetDeal]) -> list[str]:
    notes = []
    by_removed = _grouped(deals, lambda d: d.compiled.removed)
    if len(by_removed) > 1:
        for removed, group in by_removed:
            plural = len(group) > 1
            if not removed:
                notes.append(f"{_who(group)} {'keep' if plural else 'keeps'} all 52 cards.")
                continue
            cards = sorted(removed, key=pack.index)
            where = join_words(
                [f"{card_glyph(c)}, card {pack.index(c) + 1} of the shuffle" for c in cards]
            )
            notes.append(
                f"{_who(group)} {'take' if plural else 'takes'} out {where}: every card after "
                "it is dealt one place earlier, so from there on the cards fall differently."
            )
    same = _grouped(deals, lambda d: (d.setup.hands, d.setup.spare, d.setup.turn_up))
    if len(same) > 1:
        for _, group in same:
            if len(group) > 1:
                notes.append(f"{_who(group)} deal exactly the same hands.")
    else:
        notes.append("Every ruleset deals exactly the same hands.")
    return notes


def _turn_up_sentences(deals: Sequence[RulesetDeal]) -> list[str]:
    parts = []
    for card, group in _grouped(deals, lambda d: d.setup.turn_up):
        if card is None:
            parts.append(f"{_who(group)} {'turn' if len(group) > 1 else 'turns'} up no card")
        else:
            parts.append(f"the turn-up is {card_glyph(card)} under {_who(group)}")
    notes = [cap("; ".join(parts)) + "."]
    trumps = _grouped(deals, lambda d: d.result.trump)
    if len(trumps) > 1:
        said = [f"{trump_text(t)[:-1].lower()} under {_who(g)}" for t, g in trumps]
        notes.append(cap("; ".join(said)) + ".")
    return notes


def _going_out_sentences(deals: Sequence[RulesetDeal]) -> list[str]:
    """Who goes out under each ruleset; where the hands are shown, nobody plays a card."""

    def outcome(deal: RulesetDeal) -> int | str | None:
        return deal.result.winner if deal.compiled.rules.play.in_runs else SHOWN

    def said(key: int | str | None, group: Sequence[RulesetDeal]) -> str:
        if key == SHOWN:
            return f"no card is played under {_who(group)}, where the hands are shown"
        who = "nobody goes out" if key is None else f"{group[0].seat(int(key))} goes out"
        return f"{who} under {_who(group)}"

    went = _grouped(deals, outcome)
    if len(went) == 1 and went[0][0] != SHOWN:
        seat = went[0][0]
        who = "nobody goes out" if seat is None else f"{deals[0].seat(int(seat))} goes out"
        return [f"{cap(who)} under every ruleset."]
    return [cap("; ".join(said(key, group) for key, group in went)) + "."]


SHOWN = "shown"
"""The going-out sentences' key for a deal whose hands are shown."""


def _compartment_sentences(deals: Sequence[RulesetDeal]) -> list[str]:
    """For each compartment id on two boards or more, where its fate differs: who took it, or
    why nobody did."""
    notes = []
    ids: list[str] = []
    for deal in deals:
        ids += [o.cid for o in deal.outcomes if o.cid not in ids]
    for cid in ids:
        having = [
            (deal, outcome) for deal in deals for outcome in deal.outcomes if outcome.cid == cid
        ]
        if len(having) < 2:
            continue
        if len({tuple(seat for seat, _ in o.winners) for _, o in having}) < 2:
            continue
        parts = []
        for deal, o in having:
            if o.winners:
                who = " and ".join(deal.seat(seat) for seat, _ in o.winners)
                counters = sum(n for _, n in o.winners)
                how = " at the turn-up" if o.by_turn_up else ""
                verb = "share" if len(o.winners) > 1 else "takes"
                parts.append(f"under {deal.name} {who} {verb} {o.label}{how} ({counters})")
            else:
                parts.append(f"under {deal.name} nobody wins {o.label}, because {o.why_not}")
        notes.append(cap("; ".join(parts)) + ".")
    return notes


def _net_sentences(deals: Sequence[RulesetDeal]) -> list[str]:
    parts = []
    for deal in deals:
        net = deal.result.net
        best = max(net)
        seats = [deal.seat(s) for s, v in enumerate(net) if v == best]
        parts.append(f"{join_words(seats)} under {deal.name} ({best:+d})")
    return [f"Most counters won: {'; '.join(parts)}."]
