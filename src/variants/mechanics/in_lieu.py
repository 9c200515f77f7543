"""The Pope in place of a stop: when a run stops for want of a card that no one can play, the
holder of the Pope may play it in place of the missing card, take what it wins, and the run
goes on from the missing card (Peel: "in lieu of a stop").

- **Schema**: ``play.in_lieu``: ``compartment``, the compartment whose card may stand in.
- **Model**: :class:`InLieu`.
- **Checks**: the compartment is on the board and is won by one card.
- **Compile**: the card that may stand in, in each trump suit's tables (``in_lieu``).
- **Play**: :class:`StandIn`, a hook the play loop calls at a stop for want of a card (one test
  a stop, none a card): the card is played by its holder, in place of the missing card, with a
  :class:`StoodIn` event, and wins what it wins as any card does; the run goes on from the
  missing card.
- **Phrases**: the rule in English, and the narration of a card standing in.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ..core.citations import Provenance, build_provenance
from ..core.findings import Finding, RuleView, compartments, reads
from .base import CITED, Draft, Fragment, PlayedApart, Said

if TYPE_CHECKING:
    from .hooks import Run
    from .ruleset import Rules

FRAGMENTS = (
    Fragment(
        "play",
        "in_lieu",
        {
            "type": "object",
            "description": (
                "The card of a compartment (the Pope's) that its holder may play in place of the "
                "missing next card of a stopped run: he takes what it wins, and the run goes on "
                "from the missing card."
            ),
            "additionalProperties": False,
            "properties": {
                "compartment": {
                    "$ref": "#/$defs/slug",
                    "description": "The compartment whose card may stand in.",
                },
                **CITED,
            },
            "required": ["compartment", "provenance"],
        },
    ),
)


@dataclass(frozen=True)
class InLieu:
    compartment: str
    provenance: Provenance
    interpretation: str | None = None


@dataclass(frozen=True, slots=True)
class StoodIn(PlayedApart):
    """A card played in place of the missing card of a stopped run."""

    seat: int
    card: int
    missing: int
    """The card it stands for."""
    rule: ClassVar[str] = "in_lieu"

    def note(self, card: Callable[[int], str]) -> str:
        return f"in place of {card(self.missing)}"

    def step(self, who: str, card: Callable[[int], str]) -> str:
        return f"{who} plays {card(self.card)} in place of {card(self.missing)}."


def build(raw: Mapping[str, Any] | None) -> InLieu | None:
    if raw is None:
        return None
    return InLieu(
        raw["compartment"], build_provenance(raw["provenance"]), raw.get("interpretation")
    )


@reads("play", "board")
def _one_card(data: RuleView) -> Iterator[Finding]:
    given = data["play"].get("in_lieu")
    if given is None:
        return
    wins = {c["id"]: c["win"] for c in compartments(data)}
    where = ("play", "in_lieu", "compartment")
    win = wins.get(given["compartment"])
    if win is None:
        yield Finding(where, f"no compartment {given['compartment']!r}")
    elif "card" not in win and "trump" not in win:
        yield Finding(where, f"{given['compartment']!r} is not won by a single card")


CHECKS = (_one_card,)


def compile_tables(draft: Draft, rules: Rules) -> None:
    """A hook at a stop for the card that may stand in, under this trump suit."""
    given = rules.play.in_lieu
    if given is None:
        return
    cards = draft.cards_of[rules.board.ids.index(given.compartment)]
    if len(cards) == 1:
        draft.at_stop.append(StandIn(cards[0]))


@dataclass(frozen=True, slots=True)
class StandIn:
    """The play hook: at a stop for want of a card, the holder of ``card`` plays it in place
    of the missing one, and takes what it wins; the run goes on from the missing card."""

    card: int

    def __call__(self, run: Run, missing: int) -> tuple[int, int, int] | None:
        seat = run.holder(self.card)
        if seat < 0:
            return None
        run.play(seat, self.card)
        if run.log is not None:
            run.log.append(StoodIn(seat, self.card, missing))
        run.settle_card(self.card, seat, -1)
        return seat, self.card, missing


KEY = "in_lieu"
ROW = None


def said(rules: Rules) -> Said | None:
    """The rule in English."""
    given = rules.play.in_lieu
    if given is None:
        return None
    compartment = rules.board.get(given.compartment)
    label, cards = compartment.label, compartment.win.brief()
    return Said(
        f"{label} in place of a stop",
        (
            f"When a run stops because its next card is in no one's hand, whoever holds {label} "
            f"({cards}) plays it in its place and takes what it wins; the run then goes on from "
            f"the missing card, and if no one can follow, the player of {label} leads next.",
        ),
        given.provenance,
        given.interpretation,
    )


def summary(rules: Rules) -> str:
    """The rule in a few words."""
    given = rules.play.in_lieu
    if given is None:
        return "none"
    return f"{rules.board.get(given.compartment).label} in place of a missing card"
