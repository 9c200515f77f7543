"""Cards shown before play: compartments won by what a hand holds when the trump is turned up,
before any card is played, and then the deal is played out as usual (Foster's Pochen: the
holders of the ace, king, queen, knave and ten of trumps show them and take their pools, the
holder of the king and queen of trumps takes Marriage, the holder of the highest and longest
sequence of three or more takes Sequence). Where :mod:`.showing` shows the hands *instead* of
play, these are shown *before* it.

- **Schema**: ``win.held_trumps`` (one or two ranks of trumps, held by one hand) and
  ``win.sequence`` (the fewest cards of a sequence that wins).
- **Model**: :class:`HeldTrumps` and :class:`SequenceHeld`.
- **Checks**: the ranks held differ; a card is turned up, for the showing follows it; trumps
  held need a trump suit.
- **Compile**: a hook when the card is turned up (:class:`ShowBeforePlay`), with the cards that
  win each compartment under the trump suit.
- **Play**: at the turn-up, each compartment won this way, in board order, goes to the hand that
  holds what wins it: its holder shows the cards (a :class:`ShownBeforePlay` event) and takes it
  (a :class:`~variants.engine.events.CompartmentWon` ``show``); one that no hand wins stays.
  Between sequences, the longer wins, then the one with the higher top card, then one in
  trumps, then the elder hand's.
- **Phrases**: how each is won, in the rules and in the narration.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.cards import RANKS, make_card, parse_rank, rank_words, suit_of
from ..core.findings import Finding, RuleView, card_key, compartments, reads
from ..core.words import number_word
from .base import CardsShown, Draft, Fragment, WayToWin
from .showing import SHOWN

if TYPE_CHECKING:
    from .hooks import Run
    from .ruleset import Rules

FRAGMENTS = (
    Fragment(
        "win",
        "held_trumps",
        {
            "type": "array",
            "description": (
                "Ranks of trumps held: won, when the trump is turned up and before any card is "
                "played, by the player who holds the trump of each rank (the ace of trumps; the "
                "king and queen of trumps). If no one hand holds them all, it stays."
            ),
            "items": {"$ref": "#/$defs/rank", "description": "A rank of trumps."},
            "minItems": 1,
            "maxItems": 2,
        },
        way="Trumps held before play.",
    ),
    Fragment(
        "win",
        "sequence",
        {
            "type": "integer",
            "description": (
                "A sequence held: won, when the trump is turned up and before any card is "
                "played, by the player holding the longest run of cards next to one another in "
                "one suit, of at least this many cards; between runs of one length, the higher "
                "top card, then a run in trumps, then the elder hand. If no hand holds one, it "
                "stays."
            ),
            "minimum": 2,
            "maximum": 13,
        },
        way="A sequence held before play.",
    ),
)


@dataclass(frozen=True)
class HeldTrumps(WayToWin):
    """Won before play by the hand that holds the trumps of ``ranks``."""

    ranks: tuple[int, ...]

    needs_trump = True
    before_play = True

    def cards(self, trump: int | None) -> tuple[int, ...]:
        """The trumps of the ranks (none without a trump suit)."""
        return () if trump is None else tuple(make_card(rank, trump) for rank in self.ranks)

    def brief(self) -> str:
        """``A of trumps held``, ``K+Q of trumps held``."""
        return "+".join(RANKS[rank] for rank in self.ranks) + " of trumps held"

    def two_ranks(self) -> frozenset[int] | None:
        return frozenset(self.ranks) if len(self.ranks) == 2 else None

    def sentences(self) -> tuple[str, ...]:
        named = " and ".join(rank_words(rank) for rank in self.ranks)
        return (
            f"Won, as soon as the trump is turned up and before any card is played, by the "
            f"player who holds the {named} of trumps, who shows "
            f"{'it' if len(self.ranks) == 1 else 'them'}. If no one player holds "
            f"{'it' if len(self.ranks) == 1 else 'both'}, its counters stay for the next deal.",
        )

    def turned_up(self, trump_follows_turn_up: bool) -> str:
        return "If the turn-up wins it"

    def closing(self, holder: Sequence[int], cards: tuple[int, ...], amount: int) -> dict[int, int]:
        return {}


@dataclass(frozen=True)
class SequenceHeld(WayToWin):
    """Won before play by the hand with the best run of at least ``least`` cards in one suit."""

    least: int

    before_play = True

    def cards(self, trump: int | None) -> tuple[int, ...]:
        """No given card wins it: any run of cards in one suit does."""
        return ()

    def brief(self) -> str:
        """``a sequence of 3 or more held``."""
        return f"a sequence of {self.least} or more held"

    def sentences(self) -> tuple[str, ...]:
        least = number_word(self.least)
        return (
            f"Won, as soon as the trump is turned up and before any card is played, by the "
            f"player who holds the longest sequence, {least} cards or more next to one another "
            "in one suit, who shows it. Between sequences of one length the one with the "
            "higher top card wins, then one in trumps, then the elder hand's. If no player "
            f"holds {least} in sequence, its counters stay for the next deal.",
        )

    def turned_up(self, trump_follows_turn_up: bool) -> str:
        return "If the turn-up wins it"

    def closing(self, holder: Sequence[int], cards: tuple[int, ...], amount: int) -> dict[int, int]:
        return {}


Held = HeldTrumps | SequenceHeld


def build_win(raw: Mapping[str, Any]) -> Held | None:
    """The way to win a ``win`` mapping names, if it is this mechanic's."""
    if "held_trumps" in raw:
        return HeldTrumps(tuple(parse_rank(rank) for rank in raw["held_trumps"]))
    if "sequence" in raw:
        return SequenceHeld(raw["sequence"])
    return None


@reads("board", "turn_up", "trump")
def _shown_after_the_turn_up(data: RuleView) -> Iterator[Finding]:
    turned = data["turn_up"]["card"] != "none"
    trumps = data["trump"]["suit"] != "none"
    for index, compartment in enumerate(compartments(data)):
        win = compartment["win"]
        where = ("board", "compartments", index, "win")
        if "held_trumps" not in win and "sequence" not in win:
            continue
        if not turned:
            yield Finding(
                where, "cards held before play are shown when the trump is turned up: turn one up"
            )
        ranks = win.get("held_trumps")
        if ranks is None:
            continue
        if len({card_key(rank) for rank in ranks}) != len(ranks):
            yield Finding((*where, "held_trumps"), "the ranks of trumps held must differ")
        if not trumps:
            yield Finding((*where, "held_trumps"), "trumps held need a trump suit")


CHECKS = (_shown_after_the_turn_up,)


def compile_tables(draft: Draft, rules: Rules) -> None:
    """A hook at the turn-up, with the cards that win each compartment under this trump."""
    held = tuple(
        (index, compartment.win, draft.cards_of[index])
        for index, compartment in enumerate(rules.board.compartments)
        if isinstance(compartment.win, HeldTrumps | SequenceHeld)
    )
    if held:
        draft.at_turn_up.append(ShowBeforePlay(held, draft.trump))


@dataclass(frozen=True, slots=True)
class ShownBeforePlay(CardsShown):
    """A seat showing the cards that win it ``compartment`` before play."""


@dataclass(frozen=True, slots=True)
class ShowBeforePlay:
    """The hook at the turn-up: each compartment won by cards held goes to their holder, and
    the deal goes on to its play."""

    held: tuple[tuple[int, Held, tuple[int, ...]], ...]
    """(compartment, its way to win, the cards that win it under this trump)."""
    trump: int | None
    """The trump suit of the tables the hook is in, the turn-up's."""

    def __call__(self, run: Run, dealer: int, turn_up: int) -> bool:
        compiled = run.compiled
        players = compiled.players
        order = [(dealer + 1 + position) % players for position in range(players)]
        board = run.ledger.board
        for index, win, cards in self.held:
            if board[index] == 0:
                continue
            found = (
                _holder(run, cards)
                if isinstance(win, HeldTrumps)
                else _best_sequence(run, order, win.least, self.trump)
            )
            if found is None:
                continue
            seat, shown = found
            if run.log is not None:
                run.log.append(ShownBeforePlay(seat, shown, compiled.ids[index]))
            run.ledger.take(index, seat, SHOWN)
        return False


def _holder(run: Run, cards: tuple[int, ...]) -> tuple[int, tuple[int, ...]] | None:
    """The seat holding every one of ``cards``, with them; None when no one seat does."""
    seats = {run.holder(card) for card in cards}
    if not cards or len(seats) != 1:
        return None
    seat = seats.pop()
    return None if seat < 0 else (seat, cards)


def _best_sequence(
    run: Run, order: Sequence[int], least: int, trump: int | None
) -> tuple[int, tuple[int, ...]] | None:
    """The seat holding the best sequence of at least ``least`` cards, and the sequence: the
    longest, then the higher top card, then one in trumps, then the first in ``order``."""
    succ, rank_pos = run.compiled.succ, run.compiled.rank_pos
    found: tuple[int, tuple[int, ...]] | None = None
    best = (0, -1, False)
    for seat in order:
        hand = set(run.hands[seat])
        below = {succ[card] for card in hand if succ[card] >= 0}
        for start in sorted(hand):
            if start in below:
                continue  # not the bottom of its run
            cards = [start]
            while succ[cards[-1]] in hand:
                cards.append(succ[cards[-1]])
            key = (len(cards), rank_pos[cards[-1]], suit_of(start) == trump)
            if len(cards) >= least and key > best:
                found, best = (seat, tuple(cards)), key
    return found
