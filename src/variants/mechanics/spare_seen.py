"""The spare hand seen by the dealer: only the dealer may look at the spare hand or stock
(Hoyle, Cassell), and so knows which cards in it are stops; where Peel allows it, the dealer
then sits the deal out, dealt no cards.

- **Schema**: ``deal.spare_seen_by`` (``nobody`` or ``dealer``) and ``deal.dealer_sits_out``.
- **Model**: :data:`SeenBy` and the two fields of :class:`~variants.mechanics.ruleset.Deal`.
- **Checks**: a dealer who sits out neither takes the turn-up into hand nor deals to himself a
  spare hand he alone has seen without needing it.
- **Compile**: the deal plan deals one seat fewer when the dealer sits out
  (:func:`dealt_seats`); the dealer's view of the table counts the spare cards as stops he knows
  (:func:`knows_spare`), which every lead policy that looks at the table uses.
- **Phrases**: the rule in English, and in a few words.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Literal, assert_never

from ..core.findings import Finding, RuleView, reads
from .base import Draft, Fragment

if TYPE_CHECKING:
    from .ruleset import Deal, Rules, TurnUpCard, TurnUpFate

FRAGMENTS = (
    Fragment(
        "deal",
        "spare_seen_by",
        {
            "description": (
                "Who may look at the spare hand or stock during the deal: nobody, or the dealer "
                "(who then knows which cards in it are stops)."
            ),
            "enum": ["nobody", "dealer"],
        },
    ),
    Fragment(
        "deal",
        "dealer_sits_out",
        {
            "type": "boolean",
            "description": (
                "The dealer is dealt no cards and plays no part in the deal's play (he still "
                "dresses the board, turns up and is paid for what the turn-up wins)."
            ),
        },
    ),
)

SeenBy = Literal["nobody", "dealer"]


def dealer_sees(seen_by: SeenBy) -> bool:
    """Whether the dealer may look at the spare hand or stock."""
    match seen_by:
        case "dealer":
            return True
        case "nobody":
            return False
        case _:
            assert_never(seen_by)


def knows_spare(deal: Deal, seat: int, dealer: int) -> bool:
    """Whether ``seat`` knows every card of the spare hand or stock."""
    return seat == dealer and dealer_sees(deal.spare_seen_by)


def dealt_seats(deal: Deal, players: int) -> int:
    """How many seats are dealt cards: all, or all but the dealer."""
    return players - 1 if deal.dealer_sits_out else players


@reads("deal", "turn_up")
def _sitting_out(data: RuleView) -> Iterator[Finding]:
    if not data["deal"].get("dealer_sits_out", False):
        return
    fate: TurnUpFate | None = data["turn_up"].get("fate")
    match fate:
        case "dealer":
            yield Finding(
                ("deal", "dealer_sits_out"),
                "a dealer who sits out cannot take the turn-up into hand",
            )
        case "table" | "holder" | None:
            pass
        case _:
            assert_never(fate)
    card: TurnUpCard = data["turn_up"]["card"]
    match card:
        case "dealer-last":
            yield Finding(
                ("deal", "dealer_sits_out"),
                "a dealer who sits out has no last card to turn up (turn_up.card dealer-last)",
            )
        case "none" | "last-dealt" | "stock-top":
            pass
        case _:
            assert_never(card)


CHECKS = (_sitting_out,)


def compile_tables(draft: Draft, rules: Rules) -> None:
    """Nothing per trump suit: the deal plan and the dealer's view carry the rule."""


def sentences(deal: Deal) -> tuple[str, ...]:
    """The rule in English (nothing when nobody looks and everyone plays)."""
    said: list[str] = []
    if dealer_sees(deal.spare_seen_by):
        said.append(
            f"Only the dealer may look at the {deal.spare_name}, and so knows which of its cards "
            "are stops."
        )
    if deal.dealer_sits_out:
        said.append(
            "The dealer sits the deal out: he is dealt no cards and plays none, but dresses the "
            "board, turns up and is paid for what the turn-up wins as usual."
        )
    return tuple(said)


def summary(deal: Deal) -> str:
    """Who sees the spare cards, in a few words."""
    seen = "seen by the dealer" if dealer_sees(deal.spare_seen_by) else "unseen"
    return seen + ("; the dealer sits out" if deal.dealer_sits_out else "")
