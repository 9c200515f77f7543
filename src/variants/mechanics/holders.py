"""Holders' exemptions: a seat left holding a compartment's card, or a card named, when another
goes out pays nothing for its cards (Peel: the Pope's holder), or pays double (Peel's Spin: the
holder of the ace of diamonds who has not managed to play it).

- **Schema**: ``going_out.holders``: a list of (``compartment`` or ``card``, ``pays``).
- **Model**: :class:`HolderRule`.
- **Checks**: each names a compartment on the board, or a card in the pack, not both.
- **Compile**: the ``holders`` table (compartment, exempt?), the ``card_holders`` table (card,
  exempt?), and the compartments whose held cards settlement asks about.
- **Settlement**: :func:`factor` and :func:`factors`, the multiplier of a seat's payment at
  going out; an exempt seat is told by an :class:`Exempted` event.
- **Phrases**: what the holder pays, in the rules and in the narration.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, assert_never

from ..core.cards import parse_card
from ..core.compiling import python_class
from ..core.findings import Finding, RuleView, compartments, in_pack, reads
from ..core.words import cards_count
from .base import Draft, Fragment

if TYPE_CHECKING:
    from .hooks import Log, Tables
    from .ruleset import Rules

FRAGMENTS = (
    Fragment(
        "going_out",
        "holders",
        {
            "type": "array",
            "description": "Seats left holding a compartment's card pay otherwise.",
            "items": {
                "type": "object",
                "description": "A special case for the holder of an unplayed card.",
                "additionalProperties": False,
                "properties": {
                    "compartment": {
                        "$ref": "#/$defs/slug",
                        "description": "The compartment whose card is held.",
                    },
                    "card": {
                        "$ref": "#/$defs/card",
                        "description": "The card held, where no compartment is won by it.",
                    },
                    "pays": {
                        "description": "exempt: pays nothing; double: pays twice.",
                        "enum": ["exempt", "double"],
                    },
                },
                "required": ["pays"],
            },
            "maxItems": 24,
        },
    ),
)

HolderPays = Literal["exempt", "double"]


@python_class
@dataclass(frozen=True)
class HolderRule:
    compartment: str | None
    """The compartment whose card is held; None where a card is named (:attr:`card`)."""
    pays: HolderPays
    card: int | None = None
    """The card held, where no compartment is named."""

    @property
    def exempt(self) -> bool:
        """Whether the holder pays nothing for their cards at going out (else double)."""
        pays = self.pays
        match pays:
            case "exempt":
                return True
            case "double":
                return False
            case _:
                assert_never(pays)


@python_class
@dataclass(frozen=True, slots=True)
class Exempted:
    """A seat that pays nothing at going out because it holds a compartment's unplayed card."""

    seat: int
    compartment: str
    """The compartment whose card it holds ("" where the rule names the card: :attr:`card`)."""
    cards: int
    card: int | None = None
    """The card it holds, where the rule names a card rather than a compartment."""


def build(raw: Mapping[str, Any]) -> HolderRule:
    """A holder's rule from its validated data."""
    card = raw.get("card")
    return HolderRule(
        raw.get("compartment"), raw["pays"], None if card is None else parse_card(card)
    )


@reads("going_out", "board", "pack")
def _holders(data: RuleView) -> Iterator[Finding]:
    ids = {c["id"] for c in compartments(data)}
    for index, holder in enumerate(data["going_out"].get("holders", ())):
        at = ("going_out", "holders", index)
        if ("compartment" in holder) == ("card" in holder):
            yield Finding(at, "name the compartment whose card is held, or the card, not both")
        elif "compartment" in holder and holder["compartment"] not in ids:
            yield Finding((*at, "compartment"), f"no compartment {holder['compartment']!r}")
        elif "card" in holder and not in_pack(data["pack"], holder["card"]):
            yield Finding((*at, "card"), f"{holder['card']} is not in the pack")


CHECKS = (_holders,)


def compile_tables(draft: Draft, rules: Rules) -> None:
    """(compartment, exempt?) and (card, exempt?) in the order the rules give them."""
    ids = rules.board.ids
    for holder in rules.going_out.holders:
        if holder.card is not None:
            draft.card_holders.append((holder.card, holder.exempt))
            continue
        assert holder.compartment is not None
        index = ids.index(holder.compartment)
        draft.holders.append((index, holder.exempt))
        draft.settled.add(index)


def factors(
    compiled: Tables, held: list[tuple[int, ...]], per_card: int, hands: Sequence[Sequence[int]]
) -> list[int]:
    """Per seat, what it pays per card left at going out: ``per_card``, nothing if it holds an
    exempting card, double for each doubling one."""
    found = [per_card] * compiled.players
    for index, exempt in compiled.holders:
        for seat in held[index]:
            found[seat] = 0 if exempt else found[seat] * 2
    for card, exempt in compiled.card_holders:
        for seat, hand in enumerate(hands):
            if card in hand:
                found[seat] = 0 if exempt else found[seat] * 2
    return found


def factor(
    compiled: Tables,
    log: Log[Exempted],
    seat: int,
    held: list[tuple[int, ...]],
    hand: Sequence[int],
) -> int:
    """What ``seat``'s payment at going out, for ``hand``, is multiplied by; an exemption is
    logged."""
    found = 1
    for index, exempt in compiled.holders:
        if seat in held[index]:
            if exempt:
                log.append(Exempted(seat, compiled.ids[index], len(hand)))
                return 0
            found *= 2
    for card, exempt in compiled.card_holders:
        if card in hand:
            if exempt:
                log.append(Exempted(seat, "", len(hand), card))
                return 0
            found *= 2
    return found


def pays(pays: HolderPays) -> str:
    """What a seat holding a compartment's card pays for its cards at going out."""
    match pays:
        case "exempt":
            return "pays nothing"
        case "double":
            return "pays double"
        case _:
            assert_never(pays)


def told(seat: str, label: str, cards: int) -> str:
    """The narration of an exemption."""
    return f"{seat} holds {label} unplayed and pays nothing for its {cards_count(cards)}."
