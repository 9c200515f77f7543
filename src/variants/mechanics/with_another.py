"""A card played with another (Spin, the ace of diamonds), which makes the other card a stop, so
that its player leads next. Two ways, by ``joins``:

- ``any-card`` (Cassell's Spinado): whoever plays Spin plays one more card of his hand with it.
- ``card-in-turn`` (Peel's Spin, "if the player chooses to make it one"): the holder of Spin may
  play it together with a card of his that comes in its turn in a run; whether he does is his
  choice, made by his lead policy (``plays_with``). Led after a stop, Spin is a card like any
  other.

- **Schema**: ``play.with_another``: ``card``, ``joins``.
- **Model**: :class:`WithAnother`, :data:`Joins`.
- **Checks**: the card is in the pack.
- **Compile**: the card, in each trump suit's tables: ``with_another`` (any card, which puts it
  on the play loop's ``special`` and ``more`` tables) or ``with_in_turn`` (a card in turn).
- **Play**: :func:`play_with`, called by the play loop when Spin has been played (one test for
  a card that wins or pays, none for the others): the player's choice of the other card, played
  with a :class:`PlayedWith` event; or, for a card in turn, one test per card played in a run
  (does its player hold Spin?) and the policy's choice; the loop takes what each card wins as
  for any card, and the player leads next.
- **Phrases**: the rule in English, and the narration of a card played with it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, assert_never

from ..core.cards import card_glyph, card_words, parse_card
from ..core.citations import Provenance, build_provenance
from ..core.findings import Finding, RuleView, in_pack, reads
from .base import CITED, Draft, Fragment

if TYPE_CHECKING:
    from .hooks import Log
    from .ruleset import Rules

FRAGMENTS = (
    Fragment(
        "play",
        "with_another",
        {
            "type": "object",
            "description": (
                "A card (Spin) played together with another card, which becomes a stop, so that "
                "its player leads next."
            ),
            "additionalProperties": False,
            "properties": {
                "card": {"$ref": "#/$defs/card", "description": "The card."},
                "joins": {
                    "description": (
                        "any-card (the default): whoever plays the card plays one more card of "
                        "his hand with it. card-in-turn: its holder may play it with a card of "
                        "his that comes in its turn in a run, as his lead policy chooses; led, "
                        "it is a card like any other."
                    ),
                    "enum": ["any-card", "card-in-turn"],
                },
                **CITED,
            },
            "required": ["card", "provenance"],
        },
    ),
)


Joins = Literal["any-card", "card-in-turn"]
"""Which card goes with it: any card of its player's hand, played after it, or a card of his
played in its turn in a run, with it."""


@dataclass(frozen=True)
class WithAnother:
    card: int
    provenance: Provenance
    interpretation: str | None = None
    joins: Joins = "any-card"


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
        parse_card(raw["card"]),
        build_provenance(raw["provenance"]),
        raw.get("interpretation"),
        raw.get("joins", "any-card"),
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
    """The card played with any card of its player's, or with a card in turn (-1: none)."""
    given = rules.play.with_another
    draft.with_another = draft.with_in_turn = -1
    if given is None:
        return
    match given.joins:
        case "any-card":
            draft.with_another = given.card
        case "card-in-turn":
            draft.with_in_turn = given.card
        case _:
            assert_never(given.joins)


def choose(hand: Sequence[int], succ: Sequence[int], rank_pos: Sequence[int]) -> int:
    """The card played with Spin: of the cards that begin a run of his own (the card below
    each is not in his hand, so only a lead of it would start that run), the highest; between
    equals, the last in suit order (clubs, diamonds, hearts, spades)."""
    held = set(hand)
    below = {following: card for card, following in enumerate(succ) if following >= 0}
    starts = [card for card in hand if below.get(card) not in held]
    return max(starts, key=lambda card: (rank_pos[card], card))


def play_with(
    log: Log[PlayedWith] | None,
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


def join_in_turn(
    log: Log[PlayedWith] | None,
    hand: list[int],
    owner: list[int],
    seat: int,
    card: int,
    with_card: int,
    played: int,
) -> None:
    """``seat``, who has just played ``card`` in its turn in a run, plays ``with_card`` (Spin)
    from ``hand`` together with it (``owner`` then marks it ``played``; the loop has logged it
    played). What each wins, the play loop takes as for any card, and ``card`` is a stop."""
    hand.remove(with_card)
    owner[with_card] = played
    if log is not None:
        log.append(PlayedWith(seat, card, with_card))


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
    match given.joins:
        case "any-card":
            return f"{card_glyph(given.card)} with one more card, which is a stop"
        case "card-in-turn":
            return f"{card_glyph(given.card)} with a card in turn, at choice, which is a stop"
        case _:
            assert_never(given.joins)


def sentence(given: WithAnother) -> str:
    """The rule in English."""
    card = card_words(given.card)
    match given.joins:
        case "any-card":
            return (
                f"Whoever plays {card} may play one more card from his hand with it; that card "
                "is a stop, and he leads next. He plays with it the highest of the cards that "
                "begin a run of his own (whose next lower card he does not hold)."
            )
        case "card-in-turn":
            return (
                f"The holder of {card} may play it together with a card of his that comes in "
                "its turn in a run; that card is then a stop, and he leads next. The text leaves "
                "it to his choice; here every player takes the first chance. Led, "
                f"{card} is a card like any other."
            )
        case _:
            assert_never(given.joins)
