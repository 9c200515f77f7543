"""Words the blocks share: numbers, counters, cards, suits and lists in English.

>>> from variants.cards import parse_card
>>> card_label(parse_card("8D"))
'the eight of diamonds (8♦)'
>>> counters(1), counters(3)
('1 counter', '3 counters')
"""

from __future__ import annotations

from collections.abc import Sequence

from ...cards import RANK_WORDS, RANKS, SUIT_GLYPHS, SUIT_NAMES, SUITS, card_glyph, rank_of, suit_of
from ...ruleset import Rules

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
)


def number_word(n: int) -> str:
    """``three`` for 3; digits from 13 up.

    >>> number_word(2), number_word(15)
    ('two', '15')
    """
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def counters(n: int) -> str:
    return f"{n} counter" if n == 1 else f"{n} counters"


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def rank_word(rank: int) -> str:
    """The rank's name in words.

    >>> rank_word(11)
    'queen'
    """
    return RANK_WORDS[RANKS[rank]]


def article(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


def card_words(card: int) -> str:
    """The card in words.

    >>> from variants.cards import parse_card
    >>> card_words(parse_card("10h"))
    'the ten of hearts'
    """
    return f"the {rank_word(rank_of(card))} of {SUIT_NAMES[SUITS[suit_of(card)]]}"


def card_label(card: int) -> str:
    return f"{card_words(card)} ({card_glyph(card)})"


def join(items: Sequence[str], last: str = "and") -> str:
    """Join words in English.

    >>> join(["a"]), join(["a", "b"]), join(["a", "b", "c"])
    ('a', 'a and b', 'a, b and c')
    """
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def cards_label(cards: Sequence[int]) -> str:
    """Cards in words, the four of a rank together.

    >>> from variants.cards import parse_card
    >>> cards_label([parse_card(c) for c in ("8C", "8D", "8H", "8S")])
    'the four eights (8♣ 8♦ 8♥ 8♠)'
    >>> cards_label([parse_card("8D")])
    'the eight of diamonds (8♦)'
    """
    if len(cards) > 1 and len({rank_of(c) for c in cards}) == 1:
        word = rank_word(rank_of(cards[0]))
        many = word + ("es" if word.endswith("x") else "s")
        glyphs = " ".join(card_glyph(c) for c in cards)
        return f"the {number_word(len(cards))} {many} ({glyphs})"
    return join([card_label(c) for c in cards])


def suit_label(suit: int) -> str:
    letter = SUITS[suit]
    return f"{SUIT_NAMES[letter]} ({SUIT_GLYPHS[letter]})"


def compartment_label(rules: Rules, compartment_id: str) -> str:
    try:
        return rules.board.get(compartment_id).label
    except KeyError:
        return compartment_id
