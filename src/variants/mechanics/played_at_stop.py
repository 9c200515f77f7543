"""A card played when a run stops: when no one can continue a run, the holder of a named card
may play it, and the run goes on from that card (Foster's Commit: a player "unable to continue
a sequence in his proper turn" who holds the nine of diamonds may play it, and the ten of
diamonds follows it).

- **Schema**: ``play.played_at_stop``: ``card``, the card that may be played.
- **Model**: :class:`PlayedAtStop`.
- **Checks**: the card is in the pack.
- **Compile**: a hook at a stop (:class:`AtAStop`), in each trump suit's tables.
- **Play**: at a stop for want of a card, the card's holder plays it (every player takes the
  chance, as every policy plays a card when it can), with a :class:`PlayedWhenStopped` event;
  it wins what it wins as any card does, and the run goes on from it.
- **Phrases**: the rule in English and in a few words, the narration's and the replay's words
  for the card played.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ..core.cards import card_glyph, card_words, parse_card
from ..core.citations import Provenance, build_provenance
from ..core.findings import Finding, RuleView, in_pack, reads
from ..core.words import cap
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
                **CITED,
            },
            "required": ["card", "provenance"],
        },
    ),
)

KEY = "played_at_stop"
ROW = None
"""No row in the comparison while no shipped ruleset plays it: a row of "none" in every column
would tell a reader nothing."""


@dataclass(frozen=True)
class PlayedAtStop:
    card: int
    provenance: Provenance
    interpretation: str | None = None


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


def build(raw: Mapping[str, Any] | None) -> PlayedAtStop | None:
    if raw is None:
        return None
    return PlayedAtStop(
        parse_card(raw["card"]), build_provenance(raw["provenance"]), raw.get("interpretation")
    )


@reads("play", "pack")
def _in_pack(data: RuleView) -> Iterator[Finding]:
    given = data["play"].get("played_at_stop")
    if given is not None and not in_pack(data["pack"], given["card"]):
        yield Finding(("play", "played_at_stop", "card"), f"{given['card']} is not in the pack")


CHECKS = (_in_pack,)


def compile_tables(draft: Draft, rules: Rules) -> None:
    """The hook at a stop, under every trump suit alike."""
    given = rules.play.played_at_stop
    if given is not None:
        draft.at_stop.append(AtAStop(given.card))


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


def said(rules: Rules) -> Said | None:
    """The rule in English."""
    given = rules.play.played_at_stop
    if given is None:
        return None
    card = card_words(given.card)
    return Said(
        f"{cap(card)} when a run stops",
        (
            f"When a run stops because no one holds its next card, whoever holds {card} "
            "plays it, and the run goes on from it: the next card up in its suit follows.",
        ),
        given.provenance,
        given.interpretation,
    )


def summary(rules: Rules) -> str:
    """The rule in a few words."""
    given = rules.play.played_at_stop
    return "none" if given is None else f"{card_glyph(given.card)} played when a run stops"
