"""Characters that are not visible text, defined once for every reader and every writer.

Contributed text (a ruleset's values, a deal file's title and notes, a source text) may hold any
printable character, and the tab and newline where a reader allows them. It may not hold what a
terminal would act on or a page would hide: control characters, line and paragraph separators
other than the newline, the marks that reorder text on screen, every other invisible format
character (zero-width spaces, word joiners, tag characters, interlinear annotations, the
byte-order mark inside a text), lone surrogates and the two non-characters U+FFFE and U+FFFF.
Only the zero-width joiner and non-joiner, which some scripts and emoji need, are allowed.

>>> hidden_at("a\\u200bb")
1
>>> describe("\\u202e")
'the direction mark U+202E'
>>> shown("red \\x1b[31m")
'red \\\\x1b[31m'
"""

from __future__ import annotations

import re
import unicodedata

NOT_TEXT = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
"""Unicode categories that are not visible text: controls, format characters, surrogates, line
and paragraph separators."""
JOINERS = frozenset("\u200c\u200d")
"""The zero-width non-joiner and joiner: format characters that some scripts and emoji need."""
NONCHARACTERS = frozenset("\ufffe\uffff")
DIRECTION_MARKS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
"""The marks and controls that reorder text on screen (bidirectional formatting)."""
_ASCII_CONTROL = re.compile("[\x00-\x1f\x7f]")


def is_hidden(character: str) -> bool:
    """Whether ``character`` is not visible text (see the module's docstring)."""
    return (
        unicodedata.category(character) in NOT_TEXT and character not in JOINERS
    ) or character in NONCHARACTERS


def hidden_at(text: str, allowed: str = "") -> int | None:
    """The index of the first character of ``text`` that is not visible text, apart from those
    in ``allowed`` (such as ``"\\t\\n"``); None when there is none."""
    if text.isascii():
        for found in _ASCII_CONTROL.finditer(text):
            if found.group() not in allowed:
                return found.start()
        return None
    for index, character in enumerate(text):
        if character not in allowed and is_hidden(character):
            return index
    return None


def describe(character: str) -> str:
    """What a hidden character is, in words: ``the control character U+001B``."""
    code = f"U+{ord(character):04X}"
    if character in DIRECTION_MARKS:
        return f"the direction mark {code}"
    category = unicodedata.category(character)
    if category == "Zl":
        return f"the line separator {code}"
    if category == "Zp":
        return f"the paragraph separator {code}"
    if category == "Cc":
        return f"the control character {code}"
    if category == "Cs":
        return f"the lone surrogate {code}"
    return f"the invisible character {code}"


def shown(text: str, allowed: str = "\t") -> str:
    """``text`` with each hidden character but those in ``allowed`` written as an escape such
    as ``\\x1b`` or ``\\u202e``: what came from input is shown as it is, on one line, and
    cannot act on a terminal."""
    if hidden_at(text, allowed) is None:
        return text
    return "".join(
        _escape(character) if character not in allowed and is_hidden(character) else character
        for character in text
    )


def _escape(character: str) -> str:
    code = ord(character)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"
