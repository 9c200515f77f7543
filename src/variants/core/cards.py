"""Cards as small ints, and their canonical ASCII names.

A card is ``suit * 13 + rank`` with ranks in the canonical order A 2 3 … 10 J Q K and
suits C D H S. The order in which ranks *follow* one another is ruleset data, not this.

>>> parse_card("10h"), card_name(parse_card("T h".replace(" ", "")))
(35, '10H')
>>> card_name(parse_card("qs"))
'QS'
"""

from __future__ import annotations

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("C", "D", "H", "S")
SUIT_NAMES: dict[str, str] = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SUIT_GLYPHS: dict[str, str] = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RANK_WORDS: dict[str, str] = {
    "A": "ace",
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
    "10": "ten",
    "J": "jack",
    "Q": "queen",
    "K": "king",
}
"""Each rank in words, as a player says it ("No six")."""
RED_SUITS = frozenset({"D", "H"})
PACK_SIZE = 52


class CardError(ValueError):
    """A card name that is not ``<rank><suit>``."""


def parse_rank(text: str | int) -> int:
    """The canonical index of a rank token (``A``, ``2`` … ``10`` or ``T``, ``J``, ``Q``, ``K``)."""
    token = str(text).strip().upper()
    if token == "T":
        token = "10"
    try:
        return RANKS.index(token)
    except ValueError:
        raise CardError(f"{text!r} is not a rank (A 2 3 4 5 6 7 8 9 10 J Q K)") from None


def parse_suit(text: str) -> int:
    token = str(text).strip().upper()
    try:
        return SUITS.index(token)
    except ValueError:
        raise CardError(f"{text!r} is not a suit (C D H S)") from None


def parse_card(text: str | int) -> int:
    """Parse ``<rank><suit>``, case-insensitive, ``T`` accepted for ten."""
    token = str(text).strip()
    if len(token) < 2:
        raise CardError(f"{text!r} is not a card: write <rank><suit>, for example 10H or QS")
    try:
        return make_card(parse_rank(token[:-1]), parse_suit(token[-1]))
    except CardError:
        raise CardError(
            f"{text!r} is not a card: write <rank><suit>, for example 10H or QS"
        ) from None


def make_card(rank: int, suit: int) -> int:
    return suit * 13 + rank


def rank_of(card: int) -> int:
    return card % 13


def suit_of(card: int) -> int:
    return card // 13


def card_name(card: int) -> str:
    """Canonical ASCII name, such as ``10H``."""
    return RANKS[rank_of(card)] + SUITS[suit_of(card)]


def card_glyph(card: int) -> str:
    """Name with a suit glyph, such as ``10♥``, for people rather than files."""
    return RANKS[rank_of(card)] + SUIT_GLYPHS[SUITS[suit_of(card)]]


def rank_words(rank: int) -> str:
    """A rank (its canonical index) in words, as a player says it: ``six``."""
    return RANK_WORDS[RANKS[rank]]


def suit_words(suit: int) -> str:
    """A suit in words: ``hearts``."""
    return SUIT_NAMES[SUITS[suit]]


def card_words(card: int, article: bool = True) -> str:
    """A card in words, ``the ten of hearts``, or ``ten of hearts`` without the article.

    >>> card_words(parse_card("10h")), card_words(parse_card("QC"), article=False)
    ('the ten of hearts', 'queen of clubs')
    """
    words = f"{rank_words(rank_of(card))} of {suit_words(suit_of(card))}"
    return "the " + words if article else words


def is_red(card: int) -> bool:
    return SUITS[suit_of(card)] in RED_SUITS


def full_pack() -> list[int]:
    return list(range(PACK_SIZE))
