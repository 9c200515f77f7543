"""Payments for a card played: whoever plays a named card, or any card of a rank, is paid a
fixed number of counters by every other player at once (Spin: each king one counter from
every competitor; Spinado: Spin three, the king of diamonds two). Unlike a bonus, the payment
does not count the cards in the payers' hands, and it belongs to no compartment.

- **Schema**: ``play.payments``: a list of ``card`` or ``rank``, ``from_each``.
- **Model**: :class:`CardPayment`.
- **Checks**: each names a card or a rank, not both; the card or rank is in the pack.
- **Compile**: the ``payments`` table (card -> counters from each other player), which also
  puts the card on the play loop's ``special`` and ``more`` tables.
- **Settlement**: :func:`pay_each`, when the card is played (a
  :class:`~variants.engine.events.Paid` ``card-played``, whose ``cards`` is the card).
- **Phrases**: the rule in English, and what a payment is for.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.cards import (
    SUITS,
    card_glyph,
    card_words,
    make_card,
    parse_card,
    parse_rank,
    rank_words,
)
from ..core.citations import Provenance, build_provenance
from ..core.findings import Finding, RuleView, card_key, in_pack, reads
from ..core.words import article, counters, join_words
from .base import CITED, Draft, Fragment, PaidFor

if TYPE_CHECKING:
    from .hooks import Ledger
    from .ruleset import Rules

FRAGMENTS = (
    Fragment(
        "play",
        "payments",
        {
            "type": "array",
            "description": (
                "Payments when a card is played: each other player pays its player a fixed "
                "number of counters, at once."
            ),
            "items": {
                "type": "object",
                "description": "One payment: the card (or every card of a rank) that earns it.",
                "additionalProperties": False,
                "properties": {
                    "card": {"$ref": "#/$defs/card", "description": "The card played."},
                    "rank": {
                        "$ref": "#/$defs/rank",
                        "description": "Any card of this rank played.",
                    },
                    "from_each": {
                        "type": "integer",
                        "description": "Counters each other player pays.",
                        "minimum": 1,
                        "maximum": 1000,
                    },
                    **CITED,
                },
                "required": ["from_each", "provenance"],
            },
            "minItems": 1,
            "maxItems": 24,
        },
    ),
)


@dataclass(frozen=True)
class CardPayment:
    """Each other player pays ``from_each`` to whoever plays ``card`` (or a card of ``rank``)."""

    card: int | None
    rank: int | None
    from_each: int
    provenance: Provenance
    interpretation: str | None = None

    def cards(self) -> tuple[int, ...]:
        """The cards that earn it."""
        return cards_named(self.card, self.rank)

    def what(self) -> str:
        """The card or rank in words: ``the ace of diamonds``, ``a king``."""
        return named(self.card, self.rank)


def parse_named(item: Mapping[str, Any]) -> tuple[int | None, int | None]:
    """The card and the rank a payment's ``card`` or ``rank`` names (one of them None)."""
    card, rank = item.get("card"), item.get("rank")
    return (
        None if card is None else parse_card(card),
        None if rank is None else parse_rank(rank),
    )


def cards_named(card: int | None, rank: int | None) -> tuple[int, ...]:
    """The card, or every card of the rank, that a payment names."""
    if card is not None:
        return (card,)
    assert rank is not None
    return tuple(make_card(rank, suit) for suit in range(len(SUITS)))


def named(card: int | None, rank: int | None) -> str:
    """The card or rank a payment names, in words: ``the ace of diamonds``, ``a king``."""
    if card is not None:
        return card_words(card)
    assert rank is not None
    return article(rank_words(rank))


def build(raw: Any) -> tuple[CardPayment, ...]:
    """The payments of a ``play.payments`` list (none when it is absent)."""
    if raw is None:
        return ()
    return tuple(
        CardPayment(
            *parse_named(item),
            item["from_each"],
            build_provenance(item["provenance"]),
            item.get("interpretation"),
        )
        for item in raw
    )


@reads("play", "pack")
def _card_or_rank(data: RuleView) -> Iterator[Finding]:
    yield from card_or_rank(
        data, "payments", "a payment names a card or a rank, exactly one of them"
    )


def card_or_rank(data: RuleView, key: str, neither: str) -> Iterator[Finding]:
    """The findings on a list of payments under ``play.<key>``: each names a card or a rank
    (``neither`` says so), in the pack."""
    pack: Mapping[str, Any] = data["pack"]
    ranks = {card_key(r) for r in pack["ranks"]}
    for index, item in enumerate(data["play"].get(key, ())):
        where = ("play", key, index)
        given = [name for name in ("card", "rank") if name in item]
        if len(given) != 1:
            yield Finding(where, neither)
        elif "card" in item:
            if not in_pack(pack, item["card"]):
                yield Finding((*where, "card"), f"{item['card']} is not in the pack")
        elif card_key(item["rank"]) not in ranks:
            yield Finding((*where, "rank"), f"the rank {item['rank']} is not in the pack")


CHECKS = (_card_or_rank,)


def compile_tables(draft: Draft, rules: Rules) -> None:
    """What each other player pays the player of each card (several payments add up)."""
    for payment in rules.play.payments:
        for card in payment.cards():
            draft.payments[card] += payment.from_each


def pay_each(ledger: Ledger, players: int, seat: int, card: int, amount: int) -> None:
    """Each other player pays ``seat``, who has just played ``card``, ``amount`` counters."""
    for other in range(players):
        if other != seat:
            ledger.pay(other, seat, amount, PAID, card)


def paid_for(card: int) -> str:
    """What a payment is for: ``for the king of spades``."""
    return f"for {card_words(card)}"


def sentences(payments: tuple[CardPayment, ...]) -> tuple[str, ...]:
    """The payments in English, one sentence each."""
    return tuple(
        f"Whoever plays {payment.what()} is paid {counters(payment.from_each)} at once by "
        "every other player."
        for payment in payments
    )


def summary(payments: tuple[CardPayment, ...]) -> str:
    """The payments in a few words, for a comparison: ``A♦ 3 from each, a king 1 from each``."""
    parts = [
        f"{card_glyph(p.card) if p.card is not None else p.what()} {p.from_each} from each"
        for p in payments
    ]
    return join_words(parts) if parts else "none"


def _rule(rules: Rules, card: int) -> str:
    """The rule of the payment that names ``card``."""
    for number, payment in enumerate(rules.play.payments):
        if card in payment.cards():
            return f"rule-payment-{number + 1}"
    return "rule-lead"


PAID = PaidFor("card-played", paid_for, _rule, with_card=True)
"""A payment for a card played, its ``cards`` the card."""
