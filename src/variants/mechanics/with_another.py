"""A card played with another: whoever plays a given card (Spin, the ace of diamonds) may play
one more card from his hand with it, which then becomes a stop, so that he leads next
(Cassell's Spinado; Peel's Spin, "if the player chooses to make it one").

- **Schema**: ``play.with_another``: ``card``.
- **Model**: :class:`WithAnother`.
- **Checks**: the card is in the pack.
- **Compile**: the card, in each trump suit's tables (``with_another``), which puts it on the
  play loop's ``special`` and ``more`` tables.
- **Play**: :func:`play_with`, called by the play loop when that card has been played (one test
  for a card that wins or pays, none for the others): the player's choice of the other card,
  played with a :class:`PlayedWith` event; the loop takes what that card wins as for any card,
  and its player leads next.
- **Phrases**: the rule in English, and the narration of a card played with it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..engine.cards import card_glyph, card_words, parse_card
from ..rules.citations import Provenance, build_provenance
from ..rules.findings import Finding, RuleView, in_pack, reads
from .base import CITED, Draft, Fragment

if TYPE_CHECKING:
    from ..engine.events import Event
    from ..rules.ruleset import Rules

FRAGMENTS = (
    Fragment(
        "play",
        "with_another",
        {
            "type": "object",
            "description": (
                "A card (Spin) whose player may play one more card from his hand with it; that "
                "card becomes a stop, and he leads next."
            ),
            "additionalProperties": False,
            "properties": {
                "card": {"$ref": "#/$defs/card", "description": "The card."},
                **CITED,
            },
            "required": ["card", "provenance"],
        },
    ),
)


@dataclass(frozen=True)
class WithAnother:
    card: int
    provenance: Provenance
    interpretation: str | None = None


@dataclass(frozen=True, slots=True)
class PlayedWith:
    """A card played together with the card that allows it; it is a stop, and its player
    leads next."""

    seat: int
    card: int
    """The card played with it."""
    with_card: int
    """The card that allowed it (Spin)."""


def build(raw: Mapping[str, Any] | None) -> WithAnother | None:
    if raw is None:
        return None
    return WithAnother(
        parse_card(raw["card"]), build_provenance(raw["provenance"]), raw.get("interpretation")
    )


@reads("play", "pack")
def _in_pack(data: RuleView) -> Iterator[Finding]:
    given = data["play"].get("with_another")
    if given is None:
        return
    if not in_pack(data["pack"], given["card"]):
        yield Finding(("play", "with_another", "card"), f"{given['card']} is not in the pack")


CHECKS = (_in_pack,)


def compile_tables(draft: Draft, rules: Rules) -> None:
    """The card that may be played with another (-1: none)."""
    given = rules.play.with_another
    draft.with_another = -1 if given is None else given.card


def choose(hand: Sequence[int], succ: Sequence[int], rank_pos: Sequence[int]) -> int:
    """The card played with Spin: of the cards that begin a run of his own (the card below
    each is not in his hand, so only a lead of it would start that run), the highest; between
    equals, the last in suit order (clubs, diamonds, hearts, spades)."""
    held = set(hand)
    below = {following: card for card, following in enumerate(succ) if following >= 0}
    starts = [card for card in hand if below.get(card) not in held]
    return max(starts, key=lambda card: (rank_pos[card], card))


def play_with(
    log: list[Event] | None,
    hands: list[list[int]],
    owner: list[int],
    seat: int,
    with_card: int,
    succ: Sequence[int],
    rank_pos: Sequence[int],
    played: int,
) -> int:
    """``seat``, who has just played ``with_card`` and holds more cards, plays one of them with
    it (``owner`` then marks it ``played``); returns that card. What it wins, the play loop
    takes as for any card played."""
    hand = hands[seat]
    card = choose(hand, succ, rank_pos)
    hand.remove(card)
    owner[card] = played
    if log is not None:
        log.append(PlayedWith(seat, card, with_card))
    return card


def note(with_card: str) -> str:
    """What the narration adds to a card played with Spin."""
    return f"with {with_card}, a stop"


def step(seat: str, card: str, with_card: str) -> str:
    """A card played with Spin, as one step of a replay."""
    return f"{seat} plays {card} with {with_card}: a stop."


def summary(given: WithAnother | None) -> str:
    """The rule in a few words, for a comparison."""
    if given is None:
        return "none"
    return f"{card_glyph(given.card)} with one more card, which is a stop"


def sentence(card: int) -> str:
    """The rule in English."""
    return (
        f"Whoever plays {card_words(card)} may play one more card from his hand with it; that "
        "card is a stop, and he leads next. He plays with it the highest of the cards that "
        "begin a run of his own (whose next lower card he does not hold)."
    )
