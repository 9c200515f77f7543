"""Payments for cards held: a named card, or every card of a rank, costs or earns its holder a
fixed number of counters from or to every other player, either when the cards are dealt or for
the cards left in the hands when a player goes out (Foster's Commit: the nine of diamonds left
in hand costs its holder two counters to each other player, and each king left one; Cotton's
Queen Nazareen: whoever has the queen of diamonds is paid three by every player, whoever has the
knave of clubs two). The payment belongs to no compartment.

- **Schema**: ``play.held_payments``: a list of ``card`` or ``rank``, ``each``, ``when``
  (``dealt`` or ``left``) and ``paid`` (``to-holder``, ``by-holder``, or ``to-winner``: the
  holder pays the player who went out).
- **Model**: :class:`HeldPayment`.
- **Checks**: each names a card or a rank, not both; the card or rank is in the pack.
- **Compile**: a hook when the cards are dealt (:class:`WhenDealt`) and one once a seat has gone
  out (:class:`WhenLeft`), each only where a payment is made then, in each trump suit's tables.
- **Settlement**: each card held pays or is paid ``each`` counters, once for every other player
  (a :class:`~variants.engine.events.Paid` ``card-held``, whose ``cards`` is the card).
- **Phrases**: the rule in English and in a few words, and what a payment is for.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, assert_never

from ..core.cards import (
    card_glyph,
    card_words,
)
from ..core.citations import Provenance, build_provenance
from ..core.findings import Finding, RuleView, reads
from ..core.words import counters, join_words
from .base import CITED, Draft, Fragment, PaidFor, Said
from .payments import card_or_rank, cards_named, named, parse_named

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .hooks import Run
    from .ruleset import Rules

FRAGMENTS = (
    Fragment(
        "play",
        "held_payments",
        {
            "type": "array",
            "description": (
                "Payments for cards held: the holder of a card (or of each card of a rank) is "
                "paid by, or pays, every other player a fixed number of counters, when the "
                "cards are dealt or for the cards left in the hands when a player goes out."
            ),
            "items": {
                "type": "object",
                "description": "One payment: the card (or every card of a rank) held.",
                "additionalProperties": False,
                "properties": {
                    "card": {"$ref": "#/$defs/card", "description": "The card held."},
                    "rank": {
                        "$ref": "#/$defs/rank",
                        "description": "Any card of this rank held, each paid for.",
                    },
                    "each": {
                        "type": "integer",
                        "description": "Counters paid between the holder and each other player.",
                        "minimum": 1,
                        "maximum": 1000,
                    },
                    "when": {
                        "description": (
                            "dealt: when the cards are dealt; left: for a card still in a hand "
                            "when a player goes out."
                        ),
                        "enum": ["dealt", "left"],
                    },
                    "paid": {
                        "description": (
                            "to-holder: every other player pays the holder; by-holder: the "
                            "holder pays every other player; to-winner: the holder pays the "
                            "player who went out, once (when: left only)."
                        ),
                        "enum": ["to-holder", "by-holder", "to-winner"],
                    },
                    **CITED,
                },
                "required": ["each", "when", "paid", "provenance"],
            },
            "minItems": 1,
            "maxItems": 24,
        },
    ),
)

KEY = "held_payments"
ROW = "Paid for cards held"

When = Literal["dealt", "left"]
PaidBy = Literal["to-holder", "by-holder", "to-winner"]


@dataclass(frozen=True)
class HeldPayment:
    """``each`` counters between the holder of ``card`` (or of each card of ``rank``) and every
    other player, at the moment ``when``, in the direction ``paid``."""

    when: When
    paid: PaidBy
    each: int
    card: int | None
    rank: int | None
    provenance: Provenance
    interpretation: str | None = None

    def what(self) -> str:
        """The card or rank in words: ``the nine of diamonds``, ``a king``."""
        return named(self.card, self.rank)

    def sentence(self) -> str:
        """The payment in English, a sentence."""
        amount = counters(self.each)
        each = "" if self.card is not None else ", for each one"
        match self.paid:
            case "to-holder":
                moves = f"is paid {amount} by every other player{each}"
            case "by-holder":
                moves = f"pays every other player {amount}{each}"
            case "to-winner":
                moves = f"pays the player who went out {amount}{each}"
            case _:
                assert_never(self.paid)
        match self.when:
            case "dealt":
                return f"Whoever is dealt {self.what()} {moves}, when the cards are dealt."
            case "left":
                return f"When a player goes out, whoever is left holding {self.what()} {moves}."
            case _:
                assert_never(self.when)

    def brief(self) -> str:
        """The payment in a few words: ``9♦ left pays 2 to each``."""
        what = card_glyph(self.card) if self.card is not None else self.what()
        match self.paid:
            case "to-holder":
                moves = f"paid {self.each} by each"
            case "by-holder":
                moves = f"pays {self.each} to each"
            case "to-winner":
                moves = f"pays {self.each} to the winner"
            case _:
                assert_never(self.paid)
        return f"{what} {self.when} {moves}"


def build(raw: Any) -> tuple[HeldPayment, ...]:
    """The payments of a ``play.held_payments`` list (none when it is absent)."""
    if raw is None:
        return ()
    payments: list[HeldPayment] = []
    for item in raw:
        card, rank = parse_named(item)
        cited = build_provenance(item["provenance"]), item.get("interpretation")
        payments.append(HeldPayment(item["when"], item["paid"], item["each"], card, rank, *cited))
    return tuple(payments)


@reads("play", "pack")
def _card_or_rank(data: RuleView) -> Iterator[Finding]:
    yield from card_or_rank(
        data, "held_payments", "a payment for a card held names a card or a rank, exactly one"
    )


@reads("play")
def _winner_at_end(data: RuleView) -> Iterator[Finding]:
    for index, item in enumerate(data["play"].get("held_payments", ())):
        if item.get("paid") == "to-winner" and item.get("when") != "left":
            yield Finding(
                ("play", "held_payments", index, "paid"),
                "a card held is paid to the winner only when it is left in hand (when: left)",
            )


CHECKS = (_card_or_rank, _winner_at_end)

TO_HOLDER, BY_HOLDER, TO_WINNER = 0, 1, 2
"""Which way a payment goes: each other player to the holder, the holder to each other player,
the holder to the player who went out."""

Moves = tuple[tuple[int, int, int], ...]
"""(card, counters, which way) for every card the payments name, in their order."""


def _way(paid: PaidBy) -> int:
    match paid:
        case "to-holder":
            return TO_HOLDER
        case "by-holder":
            return BY_HOLDER
        case "to-winner":
            return TO_WINNER
        case _:
            assert_never(paid)


def _moves(payments: Sequence[HeldPayment]) -> Moves:
    moves: list[tuple[int, int, int]] = []
    for payment in payments:
        way = _way(payment.paid)
        cards = cards_named(payment.card, payment.rank)
        moves.extend((card, payment.each, way) for card in cards)
    return tuple(moves)


def compile_tables(draft: Draft, rules: Rules) -> None:
    """The hook when the cards are dealt and the one once a seat has gone out, where a payment
    is made then, under every trump suit alike."""
    on_deal: list[HeldPayment] = []
    at_end: list[HeldPayment] = []
    for payment in rules.play.held_payments:
        match payment.when:
            case "dealt":
                on_deal.append(payment)
            case "left":
                at_end.append(payment)
            case _:
                assert_never(payment.when)
    if on_deal:
        draft.at_deal.append(WhenDealt(_moves(on_deal)))
    if at_end:
        draft.at_end.append(WhenLeft(_moves(at_end)))


def _pay(run: Run, moves: Moves, winner: int = -1) -> None:
    """Each card of ``moves`` still in a hand: its holder and every other player settle (or
    the player who went out, ``winner``)."""
    players = run.compiled.players
    ledger = run.ledger
    for card, amount, way in moves:
        holder = run.holder(card)
        if holder < 0:
            continue
        if way == TO_WINNER:
            if winner >= 0 and winner != holder:
                ledger.pay(holder, winner, amount, PAID, card)
            continue
        for other in range(players):
            if other == holder:
                continue
            if way == TO_HOLDER:
                ledger.pay(other, holder, amount, PAID, card)
            else:
                ledger.pay(holder, other, amount, PAID, card)


@dataclass(frozen=True, slots=True)
class WhenDealt:
    """The hook when the cards are dealt: the payments for the cards each hand was dealt. The
    deal then goes on."""

    moves: Moves

    def __call__(self, run: Run, dealer: int, face_up: Sequence[int]) -> bool:
        _pay(run, self.moves)
        return False


@dataclass(frozen=True, slots=True)
class WhenLeft:
    """The hook once a seat has gone out: the payments for the cards left in the hands."""

    moves: Moves

    def __call__(self, run: Run, winner: int) -> None:
        _pay(run, self.moves, winner)


def paid_for(card: int) -> str:
    """What a payment is for: ``for holding the nine of diamonds``."""
    return f"for holding {card_words(card)}"


def said(rules: Rules) -> Said | None:
    """The rule in English."""
    given = rules.play.held_payments
    if not given:
        return None
    return Said(
        "Paid for cards held",
        tuple(payment.sentence() for payment in given),
        tuple(citation for payment in given for citation in payment.provenance),
        next((p.interpretation for p in given if p.interpretation is not None), None),
    )


def summary(rules: Rules) -> str:
    """The rule in a few words, for the comparison."""
    parts = [payment.brief() for payment in rules.play.held_payments]
    return join_words(parts) if parts else "none"


def _rule(rules: Rules, card: int) -> str:
    return "rule-held-payments"


PAID = PaidFor("card-held", paid_for, _rule)
"""A payment for a card held, its ``cards`` the card."""
