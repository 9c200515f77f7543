"""The turn-up payout: when the turn-up is a compartment's card, the dealer takes the
compartment (and any others it names), may be paid by every other seat for each card dealt
(Peel's Pope), and the deal may end unplayed.

- **Schema**: a compartment's ``turn_up``: ``takes``, ``per_card_dealt``, ``cap``, ``also``,
  ``ends_deal``.
- **Model**: :class:`TurnUpPayout`.
- **Checks**: the compartments it names are on the board; no payout where no card is turned up.
- **Compile**: the ``turn_up`` table (card -> compartments the dealer takes).
- **Settlement**: :func:`pay_turn_up`, before the first lead: a
  :class:`~variants.engine.events.CompartmentWon` ``turn-up`` for each compartment, a
  :class:`~variants.engine.events.Paid` ``turn-up`` from each seat, and :class:`DealVoided`
  when the deal ends there.
- **Phrases**: the payout in the rules, and what a payment is for.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, assert_never

from ..core.citations import Provenance, build_provenance
from ..core.compiling import python_class
from ..core.findings import Finding, RuleView, compartments, reads
from ..core.words import cards_count, counters, join_words
from .base import Draft, Fragment, PaidFor, WonBy, only_anchor

if TYPE_CHECKING:
    from .hooks import Ledger, Run, Tables
    from .ruleset import Compartment, Rules, TurnUpCard

FRAGMENTS = (
    Fragment(
        "compartment",
        "turn_up",
        {
            "type": "object",
            "description": "What the dealer gains when the turn-up is this compartment's card.",
            "additionalProperties": False,
            "properties": {
                "takes": {
                    "type": "boolean",
                    "description": "The dealer takes the compartment's counters.",
                },
                "per_card_dealt": {
                    "type": "integer",
                    "description": (
                        "Each other seat also pays the dealer this many counters for every card "
                        "dealt to it."
                    ),
                    "minimum": 0,
                    "maximum": 1000,
                },
                "cap": {
                    "type": "integer",
                    "description": "The most any one seat pays under per_card_dealt.",
                    "minimum": 1,
                    "maximum": 100000,
                },
                "also": {
                    "type": "array",
                    "description": "Other compartments the dealer takes too.",
                    "items": {"$ref": "#/$defs/slug", "description": "A compartment id."},
                    "maxItems": 24,
                    "uniqueItems": True,
                },
                "ends_deal": {
                    "type": "boolean",
                    "description": (
                        "The deal ends at once without play: the cards are thrown in and the "
                        "next dealer deals."
                    ),
                },
                "provenance": {
                    "$ref": "#/$defs/provenance",
                    "description": (
                        "The lines that say what the turned-up card gains, where they are not "
                        "the compartment's own first lines (the comparison cites them for it)."
                    ),
                },
            },
            "required": ["takes"],
        },
    ),
)

WON = WonBy("turn-up", "dealer", "Turn-up", by_turn_up=True)
"""A compartment taken by the dealer for the card he turns up."""


@python_class
@dataclass(frozen=True)
class TurnUpPayout:
    takes: bool
    per_card_dealt: int = 0
    cap: int | None = None
    also: tuple[str, ...] = ()
    ends_deal: bool = False
    provenance: Provenance = ()
    """The lines that say what the turn-up gains, where the ruleset gives them apart."""

    def owed(self, dealt: int) -> int:
        """What a seat dealt ``dealt`` cards pays the dealer."""
        amount = self.per_card_dealt * dealt
        return amount if self.cap is None else min(amount, self.cap)


@python_class
@dataclass(frozen=True, slots=True)
class DealVoided:
    card: int
    """The turn-up that ended the deal."""


def build(raw: Any) -> TurnUpPayout | None:
    """A compartment's payout, from its ``turn_up`` mapping (None: it has none)."""
    if raw is None:
        return None
    return TurnUpPayout(
        takes=raw["takes"],
        per_card_dealt=raw.get("per_card_dealt", 0),
        cap=raw.get("cap"),
        also=tuple(raw.get("also", ())),
        ends_deal=raw.get("ends_deal", False),
        provenance=build_provenance(raw.get("provenance", ())),
    )


@reads("board")
def _also(data: RuleView) -> Iterator[Finding]:
    ids = {c["id"] for c in compartments(data)}
    for index, compartment in enumerate(compartments(data)):
        for also_index, other in enumerate(compartment.get("turn_up", {}).get("also", ())):
            if other not in ids:
                yield Finding(
                    ("board", "compartments", index, "turn_up", "also", also_index),
                    f"no compartment {other!r}",
                )


@reads("board", "turn_up")
def _turned(data: RuleView) -> Iterator[Finding]:
    card: TurnUpCard = data["turn_up"]["card"]
    match card:
        case "none":
            pass
        case "last-dealt" | "dealer-last" | "stock-top":
            return
        case _:
            assert_never(card)
    for index, compartment in enumerate(compartments(data)):
        if "turn_up" in compartment:
            yield Finding(
                ("board", "compartments", index, "turn_up"),
                "no card is turned up under these rules",
            )


CHECKS = (_also, _turned)


def compile_tables(draft: Draft, rules: Rules) -> None:
    """A hook when a card is turned up, with the compartments each card gives the dealer under
    this trump suit."""
    won: list[tuple[int, ...]] = [()] * 52
    for index, compartment in enumerate(rules.board.compartments):
        payout = compartment.turn_up
        cards = draft.cards_of[index]
        if payout is not None and payout.takes and compartment.win.one_card and len(cards) == 1:
            won[cards[0]] += (index,)
    if any(won):
        draft.at_turn_up.append(PayDealer(tuple(won)))


@python_class
@dataclass(frozen=True, slots=True)
class PayDealer:
    """The play hook when a card is turned up: the dealer takes the compartments it wins
    (``won``, by card) and what their payouts give (:func:`pay_turn_up`); a payout that ends the
    deal ends it, with a :class:`DealVoided` event."""

    won: tuple[tuple[int, ...], ...]

    def __call__(self, run: Run, dealer: int, card: int) -> bool:
        wins = self.won[card]
        if not wins or not pay_turn_up(run.compiled, run.ledger, wins, dealer, run.hands):
            return False
        if run.log is not None:
            run.log.append(DealVoided(card))
        return True


def pay_turn_up(
    compiled: Tables,
    ledger: Ledger,
    won: Sequence[int],
    dealer: int,
    hands: list[list[int]],
) -> bool:
    """The dealer takes the compartments ``won`` by the turn-up and what their payouts give;
    returns whether the deal ends there. It comes before the first lead: ``hands`` are as
    dealt."""
    voided = False
    for index in won:
        payout = compiled.compartments[index].turn_up
        assert payout is not None
        ledger.take(index, dealer, WON)
        if payout.per_card_dealt:
            for other, hand in enumerate(hands):
                if other != dealer:
                    ledger.pay(other, dealer, payout.owed(len(hand)), PAID, len(hand))
        for also in payout.also:
            also_index = compiled.ids.index(also)
            if not ledger.taken[also_index]:
                ledger.take(also_index, dealer, WON)
        voided = voided or payout.ends_deal
    return voided


def paid_for(cards: int) -> str:
    """What a payment at the turn-up is for: ``for 5 cards dealt``."""
    return f"for {cards_count(cards)} dealt"


def sentence(compartment: Compartment, when: str, labels: dict[str, str]) -> str:
    """The payout in English, after ``when`` (``If the turn-up is 9♦``); ``labels`` names the
    compartments by id."""
    payout = compartment.turn_up
    assert payout is not None
    gains: list[str] = []
    if payout.takes:
        gains.append("the dealer takes the counters on it")
    if payout.also:
        names = [labels.get(c, c) for c in payout.also]
        gains.append(("and " if gains else "the dealer takes ") + "those on " + join_words(names))
    text = when + ", " + " ".join(gains) if gains else when + ", the dealer gains nothing"
    if payout.per_card_dealt:
        cap = f", at most {counters(payout.cap)} each" if payout.cap is not None else ""
        text += (
            f", and each other player pays the dealer {counters(payout.per_card_dealt)} for every "
            f"card dealt to them{cap}"
        )
    text += "."
    if payout.ends_deal:
        text += (
            " The deal then ends without play: the cards are thrown in and the deal passes to the "
            "left."
        )
    return text


def _rule(rules: Rules, cards: int) -> str:
    """The rule of the one compartment whose turn-up is paid for by the cards dealt."""
    paying = [
        c.id for c in rules.board.compartments if c.turn_up is not None and c.turn_up.per_card_dealt
    ]
    return only_anchor(paying, "rule-turn-up")


PAID = PaidFor("turn-up", paid_for, _rule)
"""A payment to the dealer for the cards dealt, at the turn-up."""
