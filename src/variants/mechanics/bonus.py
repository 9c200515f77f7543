"""A bonus per card: whoever plays a compartment's card is also paid, by each other seat, for
every card that seat holds, when the card is played or when the deal ends (Peel's Pope).

- **Schema**: a compartment's ``bonus``: ``per_card`` and ``counted``.
- **Model**: :class:`Bonus`.
- **Checks**: only a compartment won by one card pays a bonus.
- **Compile**: the ``bonus`` table (card -> counters per card, paid at play?).
- **Settlement**: :func:`pay_bonus`, at play or, for those counted at the end, when a seat goes
  out (a :class:`~variants.engine.events.Paid` ``bonus``).
- **Phrases**: the bonus in the rules, and what a payment is for.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, assert_never

from ..core.compiling import python_class
from ..core.findings import Finding, RuleView, compartments, reads
from ..core.words import cards_count, counters
from .base import Draft, Fragment, PaidFor, only_anchor

if TYPE_CHECKING:
    from .hooks import Ledger
    from .ruleset import Rules

FRAGMENTS = (
    Fragment(
        "compartment",
        "bonus",
        {
            "type": "object",
            "description": "A payment to the seat that plays this compartment's card.",
            "additionalProperties": False,
            "properties": {
                "per_card": {
                    "type": "integer",
                    "description": (
                        "Counters paid by each other seat for every card in its own hand."
                    ),
                    "minimum": 1,
                    "maximum": 1000,
                },
                "counted": {
                    "description": (
                        "at-play: counted and paid when the card is played; at-end: counted and "
                        "paid when the deal ends."
                    ),
                    "enum": ["at-play", "at-end"],
                },
            },
            "required": ["per_card", "counted"],
        },
    ),
)

BonusCounted = Literal["at-play", "at-end"]


@python_class
@dataclass(frozen=True)
class Bonus:
    per_card: int
    counted: BonusCounted

    @property
    def at_play(self) -> bool:
        """Whether it is counted and paid when the card is played (else when the deal ends)."""
        counted = self.counted
        match counted:
            case "at-play":
                return True
            case "at-end":
                return False
            case _:
                assert_never(counted)


def build(raw: Any) -> Bonus | None:
    """A compartment's bonus, from its ``bonus`` mapping (None: it has none)."""
    return None if raw is None else Bonus(raw["per_card"], raw["counted"])


@reads("board")
def _one_card(data: RuleView) -> Iterator[Finding]:
    for index, compartment in enumerate(compartments(data)):
        if "bonus" not in compartment:
            continue
        where = ("board", "compartments", index, "bonus")
        if "going_out" in compartment["win"]:
            yield Finding(where, "going out has no card to pay a bonus for")
        elif "trumps" in compartment["win"] or "cards" in compartment["win"]:
            yield Finding(where, "a bonus needs a single card, not a pair")


CHECKS = (_one_card,)


def compile_tables(draft: Draft, rules: Rules) -> None:
    """The bonus the player of each card earns, by card."""
    for index, compartment in enumerate(rules.board.compartments):
        bonus = compartment.bonus
        cards = draft.cards_of[index]
        if bonus is not None and compartment.win.one_card and len(cards) == 1:
            draft.bonus[cards[0]] = (bonus.per_card, bonus.at_play)


def pay_bonus(ledger: Ledger, hands: list[list[int]], seat: int, per_card: int) -> None:
    """Each other seat pays ``seat`` ``per_card`` for every card in its hand now."""
    for other, hand in enumerate(hands):
        if other != seat:
            ledger.pay(other, seat, per_card * len(hand), PAID, len(hand))


def paid_for(cards: int) -> str:
    """What a bonus is paid for: ``for 4 cards in hand``."""
    return f"for {cards_count(cards)} in hand"


def sentence(bonus: Bonus) -> str:
    """The bonus in English."""
    counted = bonus.counted
    match counted:
        case "at-play":
            when = "then holds"
        case "at-end":
            when = "still holds when the deal ends (paid then)"
        case _:
            assert_never(counted)
    return (
        "Whoever plays its card is also paid, by each other player, "
        f"{counters(bonus.per_card)} for every card that player {when}."
    )


def _rule(rules: Rules, cards: int) -> str:
    """The rule of the one compartment with a bonus."""
    return only_anchor(
        [c.id for c in rules.board.compartments if c.bonus is not None], "rule-board"
    )


PAID = PaidFor("bonus", paid_for, _rule, with_card=True)
"""A bonus paid for the cards in the payers' hands, with a compartment won."""
