"""Holders' exemptions: a seat left holding a compartment's card when another goes out pays
nothing for its cards (Peel: the Pope's holder), or pays double.

- **Schema**: ``going_out.holders``: a list of (``compartment``, ``pays``).
- **Model**: :class:`HolderRule`.
- **Checks**: each names a compartment on the board.
- **Compile**: the ``holders`` table (compartment, exempt?), and the compartments whose held
  cards settlement asks about.
- **Settlement**: :func:`factor` and :func:`factors`, the multiplier of a seat's payment at
  going out; an exempt seat is told by an :class:`Exempted` event.
- **Phrases**: what the holder pays, in the rules and in the narration.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, assert_never

from ..core.findings import Finding, RuleView, compartments, reads
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
                    "pays": {
                        "description": "exempt: pays nothing; double: pays twice.",
                        "enum": ["exempt", "double"],
                    },
                },
                "required": ["compartment", "pays"],
            },
            "maxItems": 24,
        },
    ),
)

HolderPays = Literal["exempt", "double"]


@dataclass(frozen=True)
class HolderRule:
    compartment: str
    pays: HolderPays

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


@dataclass(frozen=True, slots=True)
class Exempted:
    """A seat that pays nothing at going out because it holds a compartment's unplayed card."""

    seat: int
    compartment: str
    cards: int


@reads("going_out", "board")
def _holders(data: RuleView) -> Iterator[Finding]:
    ids = {c["id"] for c in compartments(data)}
    for index, holder in enumerate(data["going_out"].get("holders", ())):
        if holder["compartment"] not in ids:
            yield Finding(
                ("going_out", "holders", index, "compartment"),
                f"no compartment {holder['compartment']!r}",
            )


CHECKS = (_holders,)


def compile_tables(draft: Draft, rules: Rules) -> None:
    """(compartment, exempt?) in the order the rules give them."""
    ids = rules.board.ids
    for holder in rules.going_out.holders:
        index = ids.index(holder.compartment)
        draft.holders.append((index, holder.exempt))
        draft.settled.add(index)


def factors(compiled: Tables, held: list[tuple[int, ...]], per_card: int) -> list[int]:
    """Per seat, what it pays per card left at going out: ``per_card``, nothing if it holds an
    exempting card, double for each doubling one."""
    found = [per_card] * compiled.players
    for index, exempt in compiled.holders:
        for seat in held[index]:
            found[seat] = 0 if exempt else found[seat] * 2
    return found


def factor(
    compiled: Tables, log: Log[Exempted], seat: int, held: list[tuple[int, ...]], cards: int
) -> int:
    """What ``seat``'s payment at going out is multiplied by; an exemption is logged."""
    found = 1
    for index, exempt in compiled.holders:
        if seat in held[index]:
            if exempt:
                log.append(Exempted(seat, compiled.ids[index], cards))
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
