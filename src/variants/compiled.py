"""Rules compiled once into int tables, so the play loop does no rule lookups per card.

``compile_rules(rules, players)`` is cached: a ruleset is compiled once per player count and
option choice. Tables that depend on the trump suit are built for every suit up front.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .cards import make_card, rank_of, suit_of
from .dealplan import DealPlan, plan_deal
from .events import StopCause
from .ruleset import Compartment, Rules

# Where a card is, in ``owner`` arrays: a seat (>= 0) or one of these.
SPARE = -1
TABLE = -2
REMOVED = -3
PLAYED = -4

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
    turn_up: tuple[tuple[int, ...], ...]
    """card -> compartments the dealer takes when it is turned up."""
    cards_of: tuple[tuple[int, ...], ...]
    """compartment -> the cards that win it (empty for Game)."""
    lead_only: frozenset[int]
    bonus: tuple[tuple[int, bool] | None, ...]
    """card -> (counters per card, paid at play?) for a card whose player earns a bonus."""


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
    removed: tuple[int, ...]

    def tables(self, trump: int | None) -> TrumpTables:
        return self.by_trump[NO_TRUMP if trump is None else trump]


def _cards_for(compartment: Compartment, trump: int | None) -> tuple[int, ...]:
    win = compartment.win
    if win.kind == "card":
        assert win.card is not None
        return (win.card,)
    if win.kind in ("trump", "trumps"):
        if trump is None:
            return ()
        return tuple(make_card(rank, trump) for rank in win.ranks)
    return ()


def _trump_tables(rules: Rules, trump: int | None) -> TrumpTables:
    compartments = rules.board.compartments
    single: list[list[int]] = [[] for _ in range(52)]
    pairs: list[list[tuple[int, int]]] = [[] for _ in range(52)]
    turn_up: list[list[int]] = [[] for _ in range(52)]
    cards_of: list[tuple[int, ...]] = []
    lead_only: set[int] = set()
    bonus: list[tuple[int, bool] | None] = [None] * 52
    for index, compartment in enumerate(compartments):
        cards = _cards_for(compartment, trump)
        cards_of.append(cards)
        if compartment.win.kind == "trumps" and len(cards) == 2:
            first, second = cards
            pairs[first].append((index, second))
            pairs[second].append((index, first))
        elif len(cards) == 1:
            single[cards[0]].append(index)
            if compartment.turn_up is not None and compartment.turn_up.takes:
                turn_up[cards[0]].append(index)
            if compartment.id in rules.play.lead_only:
                lead_only.add(cards[0])
            if compartment.bonus is not None:
                bonus[cards[0]] = (
                    compartment.bonus.per_card,
                    compartment.bonus.counted == "at-play",
                )
    return TrumpTables(
        single=tuple(tuple(x) for x in single),
        pairs=tuple(tuple(x) for x in pairs),
        turn_up=tuple(tuple(x) for x in turn_up),
        cards_of=tuple(cards_of),
        lead_only=frozenset(lead_only),
        bonus=tuple(bonus),
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
    ids = tuple(c.id for c in compartments)
    game = next((i for i, c in enumerate(compartments) if c.win.kind == "going-out"), -1)
    penalties = tuple(i for i, c in enumerate(compartments) if c.unplayed_penalty == "stake")
    holders = tuple((ids.index(h.compartment), h.pays == "exempt") for h in rules.going_out.holders)
    return CompiledRules(
        rules=rules,
        players=players,
        plan=plan,
        pack=rules.pack.cards,
        succ=tuple(succ),
        rank_pos=tuple(position[rank_of(card)] for card in range(52)),
        ids=ids,
        compartments=compartments,
        game=game,
        by_trump=tuple(_trump_tables(rules, t) for t in (0, 1, 2, 3, None)),
        penalties=penalties,
        holders=holders,
        removed=rules.pack.removed,
    )
