"""A card played when a run stops, or in its holder's turn: when no one can continue a run, or
when the turn reaches its holder and he cannot continue it, the holder of a named card may play
it, and the run goes on from that card (Foster's Commit: a player "unable to continue a
sequence in his proper turn" who holds the nine of diamonds may play it, and the ten of
diamonds follows it).

``when: turn`` needs the turn to pass (:mod:`.passing`). Foster goes on: "the player following
him is then at liberty to continue the original sequence or to play the Ten of diamonds". Here
the run goes on from the nine alone, the ten of diamonds following it, and the card the
original run lacked waits until someone leads it: that is our reading, not the text's words,
which leave the next player a choice the engine does not offer. The player who has just played
and cannot continue his own run is in his turn too, and may play the card at once.

- **Schema**: ``play.played_at_stop``: ``card``, the card that may be played; ``when``, at a
  stop (``stop``, the default) or in its holder's turn (``turn``).
- **Model**: :class:`PlayedAtStop`, :data:`When`.
- **Checks**: the card is in the pack; ``when: turn`` only where the turn passes.
- **Compile**: a hook at a stop (:class:`AtAStop`), or when the turn passes
  (:class:`InHisTurn`), in each trump suit's tables.
- **Play**: at a stop for want of a card, the card's holder plays it (every player takes the
  chance, as every policy plays a card when it can), with a :class:`PlayedWhenStopped` event;
  or, when the turn passes, the card's holder, reached in turn before the holder of the next
  card and his policy willing (every policy is), plays it, with a :class:`PlayedInTurn` event,
  the players before him having passed. It wins what it wins as any card does, and the run goes
  on from it.
- **Phrases**: the rule in English and in a few words, the narration's and the replay's words
  for the card played.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal, assert_never

from ..core.cards import card_glyph, card_words, parse_card
from ..core.citations import Provenance, build_provenance
from ..core.findings import Finding, RuleView, in_pack, reads
from ..core.words import cap
from . import passing
from .base import CITED, Draft, Fragment, PlayedApart, Said

if TYPE_CHECKING:
    from .hooks import Run
    from .ruleset import Rules

FRAGMENTS = (
    Fragment(
        "play",
        "played_at_stop",
        {
            "type": "object",
            "description": (
                "A card its holder may play when a run stops for want of a card no one holds: "
                "the run goes on from it."
            ),
            "additionalProperties": False,
            "properties": {
                "card": {"$ref": "#/$defs/card", "description": "The card that may be played."},
                "when": {
                    "description": (
                        "stop (the default): when a run stops for want of a card no one holds. "
                        "turn: when the turn reaches its holder and he cannot continue the run, "
                        "before the holder of the next card is reached (needs play.passing)."
                    ),
                    "enum": ["stop", "turn"],
                },
                **CITED,
            },
            "required": ["card", "provenance"],
        },
    ),
)

KEY = "played_at_stop"
ROW = "A card played when its holder cannot go on"


When = Literal["stop", "turn"]
"""When the card may be played: at a stop, or in its holder's turn."""


@dataclass(frozen=True)
class PlayedAtStop:
    card: int
    provenance: Provenance
    interpretation: str | None = None
    when: When = "stop"


@dataclass(frozen=True, slots=True)
class PlayedWhenStopped(PlayedApart):
    """The card played when a run stopped for want of ``missing``."""

    seat: int
    card: int
    missing: int
    rule: ClassVar[str] = KEY

    def note(self, card: Callable[[int], str]) -> str:
        return f"when the run stops without {card(self.missing)}"

    def step(self, who: str, card: Callable[[int], str]) -> str:
        return f"{who} plays {card(self.card)}, as no one can play {card(self.missing)}."


@dataclass(frozen=True, slots=True)
class PlayedInTurn(PlayedApart):
    """The card played in its holder's turn, who could not play ``missing``."""

    seat: int
    card: int
    missing: int
    rule: ClassVar[str] = KEY

    def note(self, card: Callable[[int], str]) -> str:
        return f"in his turn, without {card(self.missing)}"

    def step(self, who: str, card: Callable[[int], str]) -> str:
        return f"{who} plays {card(self.card)} in his turn, without {card(self.missing)}."


def build(raw: Mapping[str, Any] | None) -> PlayedAtStop | None:
    if raw is None:
        return None
    return PlayedAtStop(
        parse_card(raw["card"]),
        build_provenance(raw["provenance"]),
        raw.get("interpretation"),
        raw.get("when", "stop"),
    )


@reads("play", "pack")
def _in_pack(data: RuleView) -> Iterator[Finding]:
    given = data["play"].get("played_at_stop")
    if given is not None and not in_pack(data["pack"], given["card"]):
        yield Finding(("play", "played_at_stop", "card"), f"{given['card']} is not in the pack")


@reads("play")
def _turn_passes(data: RuleView) -> Iterator[Finding]:
    given = data["play"].get("played_at_stop")
    if given is not None and given.get("when") == "turn" and "passing" not in data["play"]:
        yield Finding(
            ("play", "played_at_stop", "when"),
            "the card is played in its holder's turn only where the turn passes (play.passing)",
        )


CHECKS = (_in_pack, _turn_passes)


def compile_tables(draft: Draft, rules: Rules) -> None:
    """The hook at a stop, or when the turn passes, under every trump suit alike."""
    given = rules.play.played_at_stop
    if given is None:
        return
    match given.when:
        case "stop":
            draft.at_stop.append(AtAStop(given.card))
        case "turn":
            turn = rules.play.passing
            by = 1 if turn is None else passing.step(turn.to)
            draft.at_turn.append(InHisTurn(given.card, by))
        case _:
            assert_never(given.when)


@dataclass(frozen=True, slots=True)
class AtAStop:
    """The play hook: at a stop for want of a card, the holder of ``card`` plays it, and the
    run goes on from it."""

    card: int

    def __call__(self, run: Run, missing: int) -> tuple[int, int, int] | None:
        seat = run.holder(self.card)
        if seat < 0:
            return None
        run.play(seat, self.card)
        if run.log is not None:
            run.log.append(PlayedWhenStopped(seat, self.card, missing))
        run.settle_card(self.card, seat, -1)
        return seat, self.card, self.card


@dataclass(frozen=True, slots=True)
class InHisTurn:
    """The play hook when the turn passes from the player of a run's last card, who cannot
    continue it: the holder of ``card``, reached in turn (``by`` seats at a time) before the
    holder of the next card, plays it if his policy wills it, the players before him passing;
    the run goes on from it."""

    card: int
    by: int

    def __call__(
        self, run: Run, seat: int, holder: int, missing: int
    ) -> tuple[int, int, int] | None:
        player = run.holder(self.card)
        if player < 0 or player == holder:
            return None
        players, by = run.compiled.players, self.by
        if holder >= 0 and (player - seat) * by % players > (holder - seat) * by % players:
            return None  # the holder of the next card is reached first, and plays it
        if not run.plays_instead(player, self.card, missing):
            return None
        if player != seat:
            passing.tell(run, seat, player, missing, self.by)
        run.play(player, self.card)
        if run.log is not None:
            run.log.append(PlayedInTurn(player, self.card, missing))
        run.settle_card(self.card, player, -1)
        return player, self.card, self.card


def said(rules: Rules) -> Said | None:
    """The rule in English."""
    given = rules.play.played_at_stop
    if given is None:
        return None
    card = card_words(given.card)
    match given.when:
        case "stop":
            title = f"{cap(card)} when a run stops"
            sentence = (
                f"When a run stops because no one holds its next card, whoever holds {card} "
                "plays it, and the run goes on from it: the next card up in its suit follows."
            )
        case "turn":
            title = f"{cap(card)} in its holder's turn"
            sentence = (
                f"When the turn reaches the holder of {card} and he cannot continue the run (or "
                "he has just played and cannot go on), he plays it before the holder of the "
                "next card is reached, and the run goes on from it: the next card up in its "
                "suit follows, and the card the run lacked waits until someone leads it."
            )
        case _:
            assert_never(given.when)
    return Said(title, (sentence,), given.provenance, given.interpretation)


def summary(rules: Rules) -> str:
    """The rule in a few words."""
    given = rules.play.played_at_stop
    if given is None:
        return "none"
    match given.when:
        case "stop":
            return f"{card_glyph(given.card)} played when a run stops"
        case "turn":
            return f"{card_glyph(given.card)} played in its holder's turn, who cannot continue"
        case _:
            assert_never(given.when)
