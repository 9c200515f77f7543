"""Cards dealt down and one up: each player is dealt a number of cards face down, then one card
face up, and the rest of the pack is not used (Matrimony: one down and one up in Foster and the
Britannica, two down and one up in Cassell and Enquire Within).

- **Schema**: ``deal.down`` (with ``deal.style: down-and-up``): the cards each player is dealt
  face down before his face-up card.
- **Model**: the ``down`` field of :class:`~variants.mechanics.ruleset.Deal`.
- **Checks**: ``down`` only with its style and the style only with ``down`` (the deal's checks
  allow no card turned up for trump with it).
- **Compile**: :func:`positions`, where each card of the pack goes and which pack indices are
  dealt face up, which the deal plan and so the dealing compile from.
- **Phrases**: the deal in English, at length and in a few words.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, assert_never

from ..core.findings import Finding, RuleView, reads
from ..core.words import number_word
from .base import Draft, Fragment

if TYPE_CHECKING:
    from .ruleset import DealStyle, Rules

FRAGMENTS = (
    Fragment(
        "deal",
        "down",
        {
            "type": "integer",
            "description": (
                "For down-and-up: the cards each player is dealt face down, one at a time, "
                "before one more card each dealt face up."
            ),
            "minimum": 1,
            "maximum": 12,
        },
    ),
)


def is_down_and_up(style: DealStyle) -> bool:
    """Whether a deal style deals each player cards face down and then one face up."""
    match style:
        case "down-and-up":
            return True
        case (
            "equal-with-spare"
            | "all-around"
            | "all-to-players"
            | "fixed-table"
            | "equal-with-stock"
        ):
            return False
        case _:
            assert_never(style)


@reads("deal")
def _down_with_its_style(data: RuleView) -> Iterator[Finding]:
    deal = data["deal"]
    down = deal.get("down")
    if is_down_and_up(deal["style"]):
        if down is None:
            yield Finding(("deal",), "a down-and-up deal says how many cards go face down: `down`")
    elif down is not None:
        yield Finding(("deal", "down"), "`down` is only for the down-and-up style")


CHECKS = (_down_with_its_style,)


def compile_tables(draft: Draft, rules: Rules) -> None:
    """Nothing per trump suit: the deal plan carries the rule."""


def positions(down: int, size: int, seats: int) -> tuple[list[int], tuple[int, ...]]:
    """Where each card of a pack of ``size`` goes (``seats`` stands for the unused rest), and
    the pack indices dealt face up, by position from the elder hand."""
    dealt = (down + 1) * seats
    if dealt > size:
        raise ValueError(
            f"{seats} players at {down + 1} cards each need {dealt} cards; the pack has {size}"
        )
    order = [i % seats for i in range(dealt)] + [seats] * (size - dealt)
    return order, tuple(range(down * seats, dealt))


def sentences(down: int, spare: str) -> tuple[str, ...]:
    """The deal in English."""
    cards = "card" if down == 1 else "cards"
    return (
        f"The dealer deals each player {number_word(down)} {cards} face down, one at a time "
        "starting on the left, and then one more card each, face up.",
        f"The cards left over ({spare}) lie face down and are not used in the deal.",
    )


def summary(down: int) -> str:
    """The deal in a few words, for the comparison."""
    return f"{down} down and 1 up to each player; the rest unused"
