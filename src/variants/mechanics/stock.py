"""A stock sized by a rule: the hands are dealt equal and the cards left over make a stock of
unseen stops, its size set by the rule (Hoyle's "about six or eight"), or a number of cards is
set aside from the top or the bottom of the pack instead of a spare hand (Peel's Limited Stops).

- **Schema**: ``deal.stock`` (with ``deal.style: equal-with-stock``): ``between: [low, high]``,
  ``remainder: true``, or ``set_aside: N`` with ``from: top | bottom``.
- **Model**: :class:`StockBetween`, :class:`StockRemainder`, :class:`StockSetAside`.
- **Checks**: a stock only with its style and the style only with a stock; ``low`` not above
  ``high``; ``from`` only with ``set_aside``.
- **Compile**: :func:`positions`, the deal plan of the style (where each card of the pack goes),
  which the deal plan and so the dealing compile from.
- **Phrases**: the deal in English, at length and in a few words.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, assert_never

from ..core.findings import Finding, RuleView, reads
from ..core.words import number_word
from .base import Draft, Fragment

if TYPE_CHECKING:
    from .ruleset import DealStyle, Rules

FRAGMENTS = (
    Fragment(
        "deal",
        "stock",
        {
            "type": "object",
            "description": (
                "For equal-with-stock, how many cards the stock keeps. between [low, high]: the "
                "hands are as large as leave a stock nearest to low to high cards (between two "
                "equally near, the larger stock); remainder: the hands are as large as can be "
                "equal and the cards left over are the stock; set_aside N: N cards are put aside "
                "from the top or the bottom of the pack and the rest is dealt round, hands "
                "differing by one card at most. A turn-up is the card after the hands, not part "
                "of the stock."
            ),
            "additionalProperties": False,
            "properties": {
                "between": {
                    "type": "array",
                    "description": "The fewest and the most cards the stock should keep.",
                    "items": {
                        "type": "integer",
                        "description": "A number of cards.",
                        "minimum": 0,
                        "maximum": 52,
                    },
                    "minItems": 2,
                    "maxItems": 2,
                },
                "remainder": {
                    "const": True,
                    "description": "The stock is what is left once the hands are equal.",
                },
                "set_aside": {
                    "type": "integer",
                    "description": "The number of cards put aside before the deal.",
                    "minimum": 1,
                    "maximum": 51,
                },
                "from": {
                    "description": "For set_aside: the top or the bottom of the pack.",
                    "enum": ["top", "bottom"],
                },
            },
            "oneOf": [
                {"required": ["between"], "description": "A stock of about so many cards."},
                {"required": ["remainder"], "description": "The leftovers of equal hands."},
                {"required": ["set_aside"], "description": "Cards set aside before the deal."},
            ],
        },
    ),
)

StockEnd = Literal["top", "bottom"]


@dataclass(frozen=True)
class StockBetween:
    """Equal hands as large as leave a stock nearest to ``low``-``high`` cards."""

    low: int
    high: int

    def distance(self, cards: int) -> int:
        """How far a stock of ``cards`` is from the range (0 within it)."""
        return max(self.low - cards, cards - self.high, 0)


@dataclass(frozen=True)
class StockRemainder:
    """Equal hands as large as they can be; the leftovers are the stock."""


@dataclass(frozen=True)
class StockSetAside:
    """``count`` cards set aside from one end of the pack; the rest dealt round."""

    count: int
    end: StockEnd


Stock = StockBetween | StockRemainder | StockSetAside


def build(raw: Mapping[str, Any] | None) -> Stock | None:
    """The stock rule of a ``deal`` block's ``stock`` mapping (None: it has none)."""
    if raw is None:
        return None
    if "between" in raw:
        low, high = raw["between"]
        return StockBetween(low, high)
    if "set_aside" in raw:
        return StockSetAside(raw["set_aside"], raw.get("from", "top"))
    return StockRemainder()


@reads("deal")
def _stock_with_its_style(data: RuleView) -> Iterator[Finding]:
    deal = data["deal"]
    stock = deal.get("stock")
    style: DealStyle = deal["style"]
    match style:
        case "equal-with-stock":
            with_stock = True
        case "equal-with-spare" | "all-around" | "all-to-players" | "fixed-table" | "down-and-up":
            with_stock = False
        case _:
            assert_never(style)
    if with_stock and stock is None:
        yield Finding(("deal",), "an equal-with-stock deal says how large its stock is: `stock`")
    if stock is None:
        return
    if not with_stock:
        yield Finding(("deal", "stock"), "a stock rule is only for the equal-with-stock style")
    between = stock.get("between")
    if between is not None and between[0] > between[1]:
        yield Finding(("deal", "stock", "between"), "the fewest cards are more than the most")
    if "from" in stock and "set_aside" not in stock:
        yield Finding(("deal", "stock", "from"), "`from` is only for cards set aside")


CHECKS = (_stock_with_its_style,)


def compile_tables(draft: Draft, rules: Rules) -> None:
    """Nothing per trump suit: the stock is compiled into the deal plan (:func:`positions`)."""


def _equal(hands: int, seats: int, separate: int) -> list[int]:
    """``hands`` cards to each of ``seats`` positions, one at a time, then the turn-up."""
    return [i % seats for i in range(hands * seats)] + [-2] * separate


def positions(stock: Stock, size: int, seats: int, separate: int) -> tuple[list[int], int | None]:
    """Where each card of a pack of ``size`` goes: a position (0 to ``seats`` - 1, the elder
    hand first), ``seats`` for the stock, -2 for a turn-up (``separate`` is 1 when a card is
    turned up, the card after the hands); and the turn-up's index. Raises ``ValueError`` with
    the reason when the pack cannot be dealt so."""
    dealt = size - separate
    match stock:
        case StockBetween():
            if dealt < seats:
                raise ValueError(f"{size} cards cannot give {seats} players a card each")
            best = min(
                range(dealt // seats, 0, -1),
                key=lambda each: (stock.distance(dealt - each * seats), each),
            )
            order = _equal(best, seats, separate)
        case StockRemainder():
            if dealt < seats:
                raise ValueError(f"{size} cards cannot give {seats} players a card each")
            order = _equal(dealt // seats, seats, separate)
        case StockSetAside():
            rest = dealt - stock.count
            if rest < seats:
                raise ValueError(
                    f"with {stock.count} cards set aside, {size} cards cannot give {seats} "
                    "players a card each"
                )
            round_ = [i % seats for i in range(rest)] + [-2] * separate
            match stock.end:
                case "top":
                    order = [seats] * stock.count + round_
                case "bottom":
                    order = round_
                case _:
                    assert_never(stock.end)
        case _:
            assert_never(stock)
    order += [seats] * (size - len(order))
    turn_index = order.index(-2) if separate else None
    return order, turn_index


def sentences(stock: Stock, spare: str) -> tuple[str, ...]:
    """The deal in English."""
    start = "The dealer deals one card at a time, starting on the left,"
    match stock:
        case StockBetween(low=low, high=high):
            about = (
                number_word(low) if low == high else f"{number_word(low)} to {number_word(high)}"
            )
            return (
                f"{start} giving every player the same number of cards: as many as leave about "
                f"{about} cards over.",
                f"The cards left over are the {spare}, which lies face down; the cards in it are "
                "unknown stops.",
            )
        case StockRemainder():
            return (
                f"{start} giving every player the same number of cards, as many as the pack "
                "allows.",
                f"The cards left over are the {spare}, which lies face down; the cards in it are "
                "unknown stops.",
            )
        case StockSetAside(count=count, end=end):
            return (
                f"Before the deal, {number_word(count)} cards are taken from the {end} of the "
                f"pack and put aside face down as the {spare}: the cards in it are unknown stops.",
                "Then the dealer deals the rest of the pack one card at a time, starting on the "
                "left, so some hands may have one card more than others.",
            )
        case _:
            assert_never(stock)


def summary(stock: Stock) -> str:
    """The deal in a few words, for the comparison."""
    match stock:
        case StockBetween(low=low, high=high):
            about = str(low) if low == high else f"{low} to {high}"
            return f"equal hands, leaving a stock of about {about}"
        case StockRemainder():
            return "equal hands; the leftovers are a stock"
        case StockSetAside(count=count, end=end):
            return f"{count} cards set aside from the {end}; the rest dealt round"
        case _:
            assert_never(stock)
