"""A combination held: a compartment won, when the hands are shown, by a hand that holds two
ranks of any suit (Matrimony's king and queen, Intrigue's queen and knave, Confederacy's king
and knave), a pair of one rank (the first shown, or the highest), or Best, a named card dealt
face up (the ace of diamonds), with what happens when it is not dealt face up: it stays, or goes
to the highest other card of its suit, or to the highest card held.

- **Schema**: ``win.ranks`` (two ranks), ``win.pair`` (``first`` or ``highest``), ``win.best``
  (a card) with ``win.otherwise`` (``stays``, ``next-in-suit`` or ``highest-held``).
- **Model**: :class:`RanksWin`, :class:`RankPairWin`, :class:`BestWin`.
- **Checks**: two different ranks; ``otherwise`` only with ``best``; Best's card in the pack.
- **Compile**: nothing per trump suit: the showing (:mod:`.showing`) asks each way to win
  which seat takes it (:func:`taker`).
- **Closing deal**: none is played with a showing game; nobody takes these at one.
- **Phrases**: how it is won, in the rules.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, assert_never

from ..core.cards import RANKS, card_glyph, parse_card, parse_rank, rank_of, rank_words, suit_of
from ..core.cards import suit_words as suit_name
from ..core.findings import Finding, RuleView, card_key, compartments, in_pack, reads
from ..core.words import card_label
from .base import Draft, Fragment, WayToWin

if TYPE_CHECKING:
    from .ruleset import Rules

FRAGMENTS = (
    Fragment(
        "win",
        "ranks",
        {
            "type": "array",
            "description": (
                "Two ranks, of any suit: won, when the hands are shown, by the first hand that "
                "holds a card of each."
            ),
            "items": {"$ref": "#/$defs/rank", "description": "A rank."},
            "minItems": 2,
            "maxItems": 2,
        },
        way="Two ranks held.",
    ),
    Fragment(
        "win",
        "pair",
        {
            "description": (
                "Two cards of one rank held: won by the first hand shown that holds a pair "
                "(first), or by the hand with the highest pair (highest; between equal pairs, "
                "the elder hand)."
            ),
            "enum": ["first", "highest"],
        },
        way="A pair held.",
    ),
    Fragment(
        "win",
        "best",
        {
            "$ref": "#/$defs/card",
            "description": "A card dealt face up: its holder wins (see `otherwise`).",
        },
        way="A card dealt face up.",
    ),
    Fragment(
        "win",
        "otherwise",
        {
            "description": (
                "For best, when its card is not dealt face up: stays (nobody wins it), "
                "next-in-suit (the holder of the highest other card of its suit wins it), or "
                "highest-held (the holder of the highest card of any suit wins it, in the "
                "pack's rank order; between equal cards, the elder hand). Held face down, the "
                "card itself counts as any other of its rank."
            ),
            "enum": ["stays", "next-in-suit", "highest-held"],
        },
    ),
)

PairChoice = Literal["first", "highest"]
Otherwise = Literal["stays", "next-in-suit", "highest-held"]


@dataclass(frozen=True)
class RanksWin(WayToWin):
    """Won by the first hand shown that holds a card of each of ``ranks``, of any suit."""

    ranks: tuple[int, ...]

    def cards(self, trump: int | None) -> tuple[int, ...]:
        """No given card wins it: the cards of the ranks, in any suit, together."""
        return ()

    def brief(self) -> str:
        """The ranks, briefly: ``K+Q, any suit``."""
        return "+".join(RANKS[r] for r in self.ranks) + ", any suit"

    def two_ranks(self) -> frozenset[int] | None:
        return frozenset(self.ranks)

    def sentences(self) -> tuple[str, ...]:
        first, second = (rank_words(r) for r in self.ranks)
        return (
            f"Won by the first player, as the hands are shown, who holds a {first} and a "
            f"{second}, of any suits.",
        )

    def turned_up(self, trump_follows_turn_up: bool) -> str:
        return "If the turn-up wins it"

    def closing(self, holder: Sequence[int], cards: tuple[int, ...], amount: int) -> dict[int, int]:
        return {}

    def holds(self, hand: Sequence[int]) -> bool:
        """Whether ``hand`` holds a card of each rank."""
        held = {rank_of(card) for card in hand}
        return all(rank in held for rank in self.ranks)


@dataclass(frozen=True)
class RankPairWin(WayToWin):
    """Won by a hand that holds two cards of one rank: the first shown, or the highest."""

    choice: PairChoice

    def cards(self, trump: int | None) -> tuple[int, ...]:
        return ()

    def brief(self) -> str:
        choice = self.choice
        match choice:
            case "first":
                return "any pair"
            case "highest":
                return "the highest pair"
            case _:
                assert_never(choice)

    def sentences(self) -> tuple[str, ...]:
        choice = self.choice
        match choice:
            case "first":
                return (
                    "Won by the first player, as the hands are shown, who holds two cards of "
                    "one rank.",
                )
            case "highest":
                return (
                    "Won by the player who holds the highest pair (two cards of one rank); "
                    "between equal pairs, by the elder hand.",
                )
            case _:
                assert_never(choice)

    def turned_up(self, trump_follows_turn_up: bool) -> str:
        return "If the turn-up wins it"

    def closing(self, holder: Sequence[int], cards: tuple[int, ...], amount: int) -> dict[int, int]:
        return {}

    def pair_rank(self, hand: Sequence[int], rank_pos: Sequence[int]) -> int:
        """The position in the rank order of the highest pair ``hand`` holds, or -1."""
        seen: set[int] = set()
        best = -1
        for card in hand:
            rank = rank_of(card)
            if rank in seen:
                best = max(best, rank_pos[card])
            seen.add(rank)
        return best


@dataclass(frozen=True)
class BestWin(WayToWin):
    """Won by the holder of ``card`` dealt face up; else as ``otherwise`` says."""

    card: int
    otherwise: Otherwise = "stays"

    def cards(self, trump: int | None) -> tuple[int, ...]:
        return (self.card,)

    def brief(self) -> str:
        """The card, briefly: ``A♦ face up``."""
        return f"{card_glyph(self.card)} face up"

    def sentences(self) -> tuple[str, ...]:
        said = [f"Won by the player dealt {card_label(self.card)} face up."]
        otherwise = self.otherwise
        match otherwise:
            case "stays":
                said.append(
                    "If it is not dealt face up, nobody wins it and its counters stay; held face "
                    "down it counts only as one of its rank."
                )
            case "next-in-suit":
                suit = suit_name(suit_of(self.card))
                said.append(
                    f"If it is not dealt face up, the player holding the highest other card of "
                    f"{suit} wins it; held face down it counts only as one of its rank."
                )
            case "highest-held":
                said.append(
                    "If it is not dealt face up, the player holding the highest card, of any suit, "
                    "wins it, the elder hand between equal cards; held face down it counts only as "
                    "one of its rank."
                )
            case _:
                assert_never(otherwise)
        return tuple(said)

    def turned_up(self, trump_follows_turn_up: bool) -> str:
        return f"If the turn-up is {card_glyph(self.card)}"

    def closing(self, holder: Sequence[int], cards: tuple[int, ...], amount: int) -> dict[int, int]:
        return {}


Held = RanksWin | RankPairWin | BestWin
"""A way to win by a combination held."""


def build_win(raw: Mapping[str, Any]) -> Held | None:
    """The way to win a ``win`` mapping names, if it is this mechanic's."""
    if "ranks" in raw:
        return RanksWin(tuple(parse_rank(r) for r in raw["ranks"]))
    if "pair" in raw:
        return RankPairWin(raw["pair"])
    if "best" in raw:
        return BestWin(parse_card(raw["best"]), raw.get("otherwise", "stays"))
    return None


@reads("board", "pack")
def _combinations(data: RuleView) -> Iterator[Finding]:
    for index, compartment in enumerate(compartments(data)):
        where = ("board", "compartments", index, "win")
        win = compartment["win"]
        if "ranks" in win and len({card_key(r) for r in win["ranks"]}) != 2:
            yield Finding((*where, "ranks"), "a combination needs two different ranks")
        if "otherwise" in win and "best" not in win:
            yield Finding((*where, "otherwise"), "otherwise is only for best")
        best = win.get("best")
        if best is not None and not in_pack(data["pack"], best):
            yield Finding((*where, "best"), f"{best} is not in the pack")


CHECKS = (_combinations,)


def compile_tables(draft: Draft, rules: Rules) -> None:
    """Nothing per trump suit: the showing asks each way to win who takes it."""


def taker(
    win: Held,
    hands: Sequence[Sequence[int]],
    face_up: Sequence[int],
    order: Sequence[int],
    rank_pos: Sequence[int],
) -> int | None:
    """The seat that takes a compartment won this way when the hands are shown in ``order``
    (from the elder hand), or None: nobody does."""
    match win:
        case RanksWin():
            return next((seat for seat in order if win.holds(hands[seat])), None)
        case RankPairWin(choice=choice):
            found, top = None, -1
            for seat in order:
                rank = win.pair_rank(hands[seat], rank_pos)
                if rank > top:
                    found, top = seat, rank
                    match choice:
                        case "first":
                            break
                        case "highest":
                            pass
                        case _:
                            assert_never(choice)
            return found
        case BestWin(card=card, otherwise=otherwise):
            for seat in order:
                if face_up[seat] == card:
                    return seat
            match otherwise:
                case "stays":
                    return None
                case "next-in-suit":
                    return _highest_of_suit(hands, order, card, rank_pos)
                case "highest-held":
                    return _highest_held(hands, order, rank_pos)
                case _:
                    assert_never(otherwise)
        case _:
            assert_never(win)


def _highest_of_suit(
    hands: Sequence[Sequence[int]], order: Sequence[int], card: int, rank_pos: Sequence[int]
) -> int | None:
    """The seat holding the highest card of ``card``'s suit, ``card`` itself left out."""
    suit = suit_of(card)
    found, top = None, -1
    for seat in order:
        for held in hands[seat]:
            if held != card and suit_of(held) == suit and rank_pos[held] > top:
                found, top = seat, rank_pos[held]
    return found


def _highest_held(
    hands: Sequence[Sequence[int]], order: Sequence[int], rank_pos: Sequence[int]
) -> int | None:
    """The seat holding the highest card of any suit, the elder hand (first in ``order``)
    between equal ranks."""
    found, top = None, -1
    for seat in order:
        for held in hands[seat]:
            if rank_pos[held] > top:
                found, top = seat, rank_pos[held]
    return found
