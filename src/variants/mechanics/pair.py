"""A pair: a compartment won by two ranks of trumps played (Matrimony, the king and queen;
Intrigue, the queen and knave), or by two named cards played where there are no trumps (Spin's
king and queen of diamonds), by one seat, or divided between two.

- **Schema**: ``win.trumps`` (two ranks) or ``win.cards`` (two cards), ``win.in_succession``,
  ``win.different_seats``, ``win.odd_counter``.
- **Model**: :class:`PairWin`, and :class:`CardsPairWin` for named cards.
- **Checks**: two different ranks or cards; the qualifiers only for a pair, the odd counter
  only for a split.
- **Compile**: each card's entry in the ``pairs`` table (the compartment and the other card).
- **Settlement**: :func:`pair_played`, when the second card is played: one seat takes it
  (``pair``), or two divide it (``share``), or it stays.
- **Closing deal**: one holder takes it all, two take half each.
- **Phrases**: how it is won and divided, in the rules and in the narration.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal, assert_never

from ..core.cards import (
    RANKS,
    card_glyph,
    card_words,
    make_card,
    parse_card,
    parse_rank,
    rank_of,
    rank_words,
)
from ..core.compiling import python_class
from ..core.findings import Finding, RuleView, card_key, compartments, reads
from .base import Draft, Fragment, WayToWin, WonBy

if TYPE_CHECKING:
    from .hooks import Ledger, Tables
    from .ruleset import Rules

FRAGMENTS = (
    Fragment(
        "win",
        "trumps",
        {
            "type": "array",
            "description": "Two ranks of the trump suit: won when both are played.",
            "items": {"$ref": "#/$defs/rank", "description": "A rank."},
            "minItems": 2,
            "maxItems": 2,
        },
        way="A pair of trumps.",
    ),
    Fragment(
        "win",
        "cards",
        {
            "type": "array",
            "description": "Two named cards, trumps or not: won when both are played.",
            "items": {"$ref": "#/$defs/card", "description": "A card."},
            "minItems": 2,
            "maxItems": 2,
        },
        way="A pair of named cards.",
    ),
    Fragment(
        "win",
        "in_succession",
        {
            "type": "boolean",
            "description": (
                "For a pair: the second card must be played straight after the first, in the "
                "same run."
            ),
        },
    ),
    Fragment(
        "win",
        "different_seats",
        {
            "description": (
                "For a pair, when two seats play the two cards: none (no one wins, the stake "
                "stays) or split (each takes half)."
            ),
            "enum": ["none", "split"],
        },
    ),
    Fragment(
        "win",
        "odd_counter",
        {
            "description": (
                "For a split: where an odd counter goes: stays on the compartment, or to the "
                "player of the higher card."
            ),
            "enum": ["stays", "higher"],
        },
    ),
)

DifferentSeats = Literal["none", "split"]
OddCounter = Literal["stays", "higher"]


@python_class
@dataclass(frozen=True)
class PairWin(WayToWin):
    """Won when both trumps of ``ranks`` are played."""

    ranks: tuple[int, ...]
    in_succession: bool = False
    different_seats: DifferentSeats = "none"
    odd_counter: OddCounter = "stays"

    needs_trump: ClassVar[bool] = True

    def cards(self, trump: int | None) -> tuple[int, ...]:
        return () if trump is None else tuple(make_card(rank, trump) for rank in self.ranks)

    @property
    def split(self) -> bool:
        """Whether two seats that play its cards between them divide it (else one seat must
        play both to take it)."""
        seats = self.different_seats
        match seats:
            case "split":
                return True
            case "none":
                return False
            case _:
                assert_never(seats)

    @property
    def odd_to_higher(self) -> bool:
        """Whether, in a split, an odd counter goes to the player of the higher card (else it
        stays on the compartment)."""
        odd_counter = self.odd_counter
        match odd_counter:
            case "higher":
                return True
            case "stays":
                return False
            case _:
                assert_never(odd_counter)

    def brief(self) -> str:
        """The cards, briefly: ``Q K of trumps``."""
        return f"{' '.join(RANKS[r] for r in self.ranks)} of trumps"

    def short(self) -> str:
        """The cards, short enough for a figure: ``trump Q+K``."""
        return "trump " + "+".join(RANKS[r] for r in self.ranks)

    def two_ranks(self) -> frozenset[int] | None:
        return frozenset(self.ranks)

    def both(self) -> str:
        """The two cards in words: ``the queen and the king of trumps``."""
        first, second = (rank_words(r) for r in self.ranks)
        return f"the {first} and the {second} of trumps"

    def sentences(self) -> tuple[str, ...]:
        """How the pair is won, and what happens when two players play its cards."""
        succession = " one straight after the other, in the same run" if self.in_succession else ""
        sentences = [f"Won by a player who plays both {self.both()}{succession}."]
        seats = self.different_seats
        match seats:
            case "split":
                odd_counter = self.odd_counter
                match odd_counter:
                    case "stays":
                        odd = "an odd counter stays on the compartment"
                    case "higher":
                        odd = "an odd counter goes to the player of the higher card"
                    case _:
                        assert_never(odd_counter)
                sentences.append(
                    "If two different players play the two cards"
                    f"{' in succession' if succession else ''}, they divide the counters; {odd}."
                )
            case "none":
                sentences.append("If two different players play the two cards, nobody wins it.")
            case _:
                assert_never(seats)
        return tuple(sentences)

    def turned_up(self, trump_follows_turn_up: bool) -> str:
        return "If the turn-up wins it"

    def closing(self, holder: Sequence[int], cards: tuple[int, ...], amount: int) -> dict[int, int]:
        """At a closing deal, one seat holding both cards takes it all; two take half each."""
        seats = [holder[card] for card in cards]
        shares = {seat: 0 for seat in seats}
        for seat in seats:
            shares[seat] += amount // 2
        if len(shares) == 1:
            shares[seats[0]] = amount
        return shares


@python_class
@dataclass(frozen=True)
class CardsPairWin(PairWin):
    """Won when both of two named cards are played, whatever is trumps."""

    named: tuple[int, ...] = ()

    needs_trump: ClassVar[bool] = False

    def cards(self, trump: int | None) -> tuple[int, ...]:
        return self.named

    def brief(self) -> str:
        """The cards, briefly: ``K♦ Q♦``."""
        return " ".join(card_glyph(card) for card in self.named)

    def short(self) -> str:
        return "+".join(card_glyph(card) for card in self.named)

    def both(self) -> str:
        first, second = (card_words(card) for card in self.named)
        return f"{first} and {second}"


def build_win(raw: Mapping[str, Any]) -> PairWin | None:
    """The pair a ``win`` mapping names, if it names one."""
    qualifiers: dict[str, Any] = {
        "in_succession": bool(raw.get("in_succession", False)),
        "different_seats": raw.get("different_seats", "none"),
        "odd_counter": raw.get("odd_counter", "stays"),
    }
    if "cards" in raw:
        named = tuple(parse_card(c) for c in raw["cards"])
        return CardsPairWin(ranks=tuple(rank_of(c) for c in named), named=named, **qualifiers)
    if "trumps" not in raw:
        return None
    return PairWin(ranks=tuple(parse_rank(r) for r in raw["trumps"]), **qualifiers)


QUALIFIERS = ("in_succession", "different_seats", "odd_counter")


@reads("board")
def _pairs(data: RuleView) -> Iterator[Finding]:
    for index, compartment in enumerate(compartments(data)):
        where = ("board", "compartments", index, "win")
        win = compartment["win"]
        for key, what in (("trumps", "ranks"), ("cards", "cards")):
            if key in win and len({card_key(r) for r in win[key]}) != 2:
                yield Finding((*where, key), f"a pair needs two different {what}")
        if "trumps" in win or "cards" in win:
            if "odd_counter" in win and win.get("different_seats", "none") != "split":
                yield Finding(
                    (*where, "odd_counter"), "odd_counter is only for a pair divided (split)"
                )
            continue
        for key in QUALIFIERS:
            if key in win:
                yield Finding((*where, key), f"{key} is only for a pair")


CHECKS = (_pairs,)


def compile_tables(draft: Draft, rules: Rules) -> None:
    """Each card of a pair points at its compartment and at the other card."""
    for index, compartment in enumerate(rules.board.compartments):
        cards = draft.cards_of[index]
        if isinstance(compartment.win, PairWin) and len(cards) == 2:
            first, second = cards
            draft.pairs[first].append((index, second))
            draft.pairs[second].append((index, first))


def pair_played(
    compiled: Tables,
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
    assert isinstance(win, PairWin)
    if win.in_succession and previous != other_card:
        return
    if other_seat == seat:
        ledger.take(index, seat, WON)
        return
    if not win.split:
        return
    half, odd = divmod(ledger.board[index], 2)
    shares = {other_seat: half, seat: half}
    if odd and win.odd_to_higher:
        higher = seat if compiled.rank_pos[card] > compiled.rank_pos[other_card] else other_seat
        shares[higher] += 1
        odd = 0
    ledger.share(index, shares, odd, SHARED)


def note(label: str, amount: str) -> str:
    """What the narration adds to the card played that completes a pair."""
    return f"and with it {label} ({amount})"


WON = WonBy("pair", "in-run", note=note)
"""A pair taken by the seat that played both its cards."""
SHARED = WonBy("share", "share", shared=True)
"""A pair shared by the two seats that played its cards."""
