"""The words every telling shares: counts, lists, numbers and cards in English.

The narration, the replay, the site's descriptions and each mechanic's phrases say a count, a
list or a card with these, so that each is said one way.

>>> from variants.core.cards import parse_card
>>> card_label(parse_card("8D"))
'the eight of diamonds (8♦)'
>>> counters(1), counters(3)
('1 counter', '3 counters')
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import (
    SUIT_GLYPHS,
    SUITS,
    card_glyph,
    card_words,
    rank_of,
    rank_words,
    suit_words,
)


def counters(amount: int) -> str:
    """``1 counter``, ``2 counters``."""
    return f"{amount} counter" if amount == 1 else f"{amount} counters"


def cards_count(number: int) -> str:
    """``1 card``, ``3 cards``."""
    return f"{number} card" if number == 1 else f"{number} cards"


def place(seat: int, dealer: int, players: int) -> int:
    """The seat's place counted from the dealer round to the left: 0 the dealer, 1 the elder
    hand on the dealer's left, 2 on its left, and so on round the table."""
    return (seat - dealer) % players


def person(seat: int, dealer: int, players: int) -> str:
    """A seat named as people at the table name it: ``the dealer``, or ``Player 1`` for the
    elder hand on the dealer's left, ``Player 2`` on its left, and so on round the table.

    >>> [person(seat, 2, 4) for seat in range(4)]
    ['Player 2', 'Player 3', 'the dealer', 'Player 1']
    """
    at = place(seat, dealer, players)
    return "the dealer" if at == 0 else f"Player {at}"


def role(seat: int, dealer: int, players: int) -> str:
    """The seat's role at the table: ``dealer``, ``elder hand`` (on the dealer's left), or
    empty for the others.

    >>> [role(seat, 2, 4) for seat in range(4)]
    ['', '', 'dealer', 'elder hand']
    """
    match place(seat, dealer, players):
        case 0:
            return "dealer"
        case 1:
            return "elder hand"
        case _:
            return ""


def cap(text: str) -> str:
    """The text with its first letter a capital."""
    return text[:1].upper() + text[1:]


def join_words(items: Sequence[str], last: str = "and") -> str:
    """Words joined as a list is said: ``a``, ``a and b``, ``a, b and c``.

    >>> join_words(["a"]), join_words(["a", "b"]), join_words(["a", "b", "c"], "or")
    ('a', 'a and b', 'a, b or c')
    """
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


EN_DASH = "\u2013"


ORDINALS: tuple[str, ...] = (
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
)


NUMBER_WORDS: tuple[str, ...] = (
    "no",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
)


def number_word(n: int) -> str:
    """``three`` for 3, up to ``fourteen`` (the most players a ruleset may allow); digits above.

    >>> number_word(2), number_word(15)
    ('two', '15')
    """
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def article(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


def card_label(card: int) -> str:
    return f"{card_words(card)} ({card_glyph(card)})"


def cards_label(cards: Sequence[int]) -> str:
    """Cards in words, the four of a rank together.

    >>> from variants.core.cards import parse_card
    >>> cards_label([parse_card(c) for c in ("8C", "8D", "8H", "8S")])
    'the four eights (8♣ 8♦ 8♥ 8♠)'
    >>> cards_label([parse_card("8D")])
    'the eight of diamonds (8♦)'
    """
    if len(cards) > 1 and len({rank_of(c) for c in cards}) == 1:
        word = rank_words(rank_of(cards[0]))
        many = word + ("es" if word.endswith("x") else "s")
        glyphs = " ".join(card_glyph(c) for c in cards)
        return f"the {number_word(len(cards))} {many} ({glyphs})"
    return join_words([card_label(c) for c in cards])


def suit_label(suit: int) -> str:
    return f"{suit_words(suit)} ({SUIT_GLYPHS[SUITS[suit]]})"
