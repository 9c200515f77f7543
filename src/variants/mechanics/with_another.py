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
- **Compile**: a play hook in each trump suit's tables: :class:`WithIt` after Spin is played
  (any card, which puts Spin on the play loop's ``special`` and ``more`` tables) or
  :class:`InTurnWith` before each card played in its turn in a run (a card in turn).
- **Play**: :class:`WithIt`: the player's choice of the other card (:func:`choose`), played
  with a :class:`PlayedWith` event; :class:`InTurnWith`: does the card's player hold Spin, and
  does his policy play it with the card? Each card wins what it wins as any card does, and the
  player leads next.
- **Phrases**: the rule in English, and the narration of a card played with it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal, assert_never

from ..core.cards import card_glyph, card_words, parse_card
from ..core.citations import Provenance, build_provenance
from ..core.findings import Finding, RuleView, in_pack, reads
from .base import CITED, Draft, Fragment, PlayedApart, Said

if TYPE_CHECKING:
    from .hooks import Run
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
class PlayedWith(PlayedApart):
    """A card played together with the card that allows it; it is a stop, and its player
    leads next."""

    seat: int
    card: int
    """The card played with it."""
    with_card: int
    """The card that allowed it (Spin)."""
    rule: ClassVar[str] = "with_another"
    stops: ClassVar[bool] = True

    def note(self, card: Callable[[int], str]) -> str:
        return f"with {card(self.with_card)}, a stop"

    def step(self, who: str, card: Callable[[int], str]) -> str:
        return f"{who} plays {card(self.card)} with {card(self.with_card)}: a stop."


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
    """The play hook of the card played with any card of its player's, or with a card in
    turn."""
    given = rules.play.with_another
    if given is None:
        return
    match given.joins:
        case "any-card":
            draft.after_card[given.card] = WithIt(given.card)
        case "card-in-turn":
            draft.in_turn.append(InTurnWith(given.card))
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


@dataclass(frozen=True, slots=True)
class WithIt:
    """The play hook after ``card`` (Spin) is played: its player, if he holds more cards, plays
    one of them with it (:func:`choose`), which wins what it wins and is a stop."""

    card: int

    def __call__(self, run: Run, seat: int, card: int) -> int | None:
        hand = run.hands[seat]
        if not hand:
            return None
        other = choose(hand, run.compiled.succ, run.compiled.rank_pos)
        run.play(seat, other)
        if run.log is not None:
            run.log.append(PlayedWith(seat, other, card))
        run.settle_card(other, seat, card)
        return other


@dataclass(frozen=True, slots=True)
class InTurnWith:
    """The play hook before a card is played in its turn in a run: the holder of ``card``
    (Spin), when it is his turn and his policy wills it, plays it together with his card; both
    win what they win, and his card is a stop. Spin itself coming in its turn (the ace of
    diamonds after the king, where the ace ranks high) is played alone, as any card."""

    card: int

    def __call__(self, run: Run, seat: int, card: int, previous: int) -> bool:
        if card == self.card or run.holder(self.card) != seat:
            return False
        if not run.joins(seat, card, self.card):
            return False
        run.play(seat, card)
        run.record(seat, self.card)
        run.play(seat, self.card)
        if run.log is not None:
            run.log.append(PlayedWith(seat, card, self.card))
        run.settle_card(card, seat, previous)
        run.settle_card(self.card, seat, card)
        return True


KEY = "with_another"
ROW = "A card played with another"


def summary(rules: Rules) -> str:
    """The rule in a few words, for a comparison."""
    given = rules.play.with_another
    if given is None:
        return "none"
    match given.joins:
        case "any-card":
            return f"{card_glyph(given.card)} with one more card, which is a stop"
        case "card-in-turn":
            return f"{card_glyph(given.card)} with a card in turn, at choice, which is a stop"
        case _:
            assert_never(given.joins)


def said(rules: Rules) -> Said | None:
    """The rule in English."""
    given = rules.play.with_another
    if given is None:
        return None
    return Said(
        "A card played with another",
        (_sentence(given),),
        given.provenance,
        given.interpretation,
    )


def _sentence(given: WithAnother) -> str:
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
