"""Pairs declared: the holder of both cards of a pair, once he has played a stop, shows them and
takes the pair's pool without playing them, then leads as he would (Peel's Spin: "The holder of
Matrimony or Intrigue can declare them at any time after he plays a stop ... He need not play
the cards, but simply shows them").

A player who has played a stop loses nothing by declaring at once, and may lose the pool by
waiting (another may go out first): he declares at the first stop he plays holding both cards.
The cards stay in his hand and are played later as any others; the pool, taken, is not taken
again. A pair whose cards are in two hands is won only as the pair's own rule says, by play.

- **Schema**: ``play.declared``: ``when`` (``after-stop``, the only moment the text gives).
- **Model**: :class:`DeclaredPairs`, :data:`When`.
- **Checks**: only for a game whose cards are played in runs, with a compartment won by a pair.
- **Compile**: a hook after a stop (:class:`Declare`, in ``after_stop``) with the pairs of the
  trump suit's tables.
- **Play**: the seat to lead after a stop shows each pair it holds whole and not yet taken
  (:class:`PairDeclared`, a :class:`~.base.CardsShown` event) and takes its pool
  (:data:`WON`).
- **Phrases**: the rule in English and in a few words; the shown cards and the taking in the
  narration and the replay.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, assert_never

from ..core.citations import Provenance, build_provenance
from ..core.findings import Finding, RuleView, compartments, reads
from .base import CITED, CardsShown, Draft, Fragment, Said, WonBy
from .pair import PairWin

if TYPE_CHECKING:
    from .hooks import Run
    from .ruleset import Rules

KEY = "declared"
ROW = "Pairs declared by showing them"

FRAGMENTS = (
    Fragment(
        "play",
        KEY,
        {
            "type": "object",
            "description": (
                "The holder of both cards of a pair, once he has played a stop, shows them and "
                "takes the pair's pool without playing them."
            ),
            "additionalProperties": False,
            "properties": {
                "when": {
                    "description": (
                        "When a pair may be declared: after-stop (the default, and the only "
                        "moment the texts give), once its holder has played a stop."
                    ),
                    "enum": ["after-stop"],
                },
                **CITED,
            },
            "required": ["provenance"],
        },
    ),
)

When = Literal["after-stop"]
"""When a pair may be declared."""


@dataclass(frozen=True)
class DeclaredPairs:
    provenance: Provenance
    interpretation: str | None = None
    when: When = "after-stop"


WON = WonBy("declared", "line", "After a stop", after="declared without playing its cards")
"""A pair taken by its holder, who shows both its cards after a stop he has played."""


@dataclass(frozen=True, slots=True)
class PairDeclared(CardsShown):
    """A seat showing both cards of the pair ``compartment`` after a stop it has played."""


def build(raw: Mapping[str, Any] | None) -> DeclaredPairs | None:
    if raw is None:
        return None
    return DeclaredPairs(
        build_provenance(raw["provenance"]),
        raw.get("interpretation"),
        raw.get("when", "after-stop"),
    )


@reads("play", "board")
def _with_runs_and_a_pair(data: RuleView) -> Iterator[Finding]:
    play = data["play"]
    if KEY not in play:
        return
    if "showing" in play:
        yield Finding(("play", KEY), "a pair is declared after a stop only where cards are played")
    elif not any("trumps" in c["win"] or "cards" in c["win"] for c in compartments(data)):
        yield Finding(("play", KEY), "no compartment is won by a pair of cards to declare")


CHECKS = (_with_runs_and_a_pair,)


def compile_tables(draft: Draft, rules: Rules) -> None:
    """The hook after a stop, with each pair's compartment and its two cards under this trump."""
    if rules.play.declared is None:
        return
    when = rules.play.declared.when
    match when:
        case "after-stop":
            pairs = tuple(
                (index, draft.cards_of[index])
                for index, compartment in enumerate(rules.board.compartments)
                if isinstance(compartment.win, PairWin) and len(draft.cards_of[index]) == 2
            )
            if pairs:
                draft.after_stop.append(Declare(pairs))
        case _:
            assert_never(when)


@dataclass(frozen=True, slots=True)
class Declare:
    """The hook after a stop: the seat to lead shows each pair it holds whole, not yet taken,
    and takes its pool."""

    pairs: tuple[tuple[int, tuple[int, ...]], ...]
    """(compartment, its two cards under this trump)."""

    def __call__(self, run: Run, seat: int) -> None:
        ledger = run.ledger
        for index, cards in self.pairs:
            if ledger.taken[index] or ledger.board[index] == 0:
                continue
            if all(run.holder(card) == seat for card in cards):
                if run.log is not None:
                    run.log.append(PairDeclared(seat, cards, run.compiled.ids[index]))
                ledger.take(index, seat, WON)


def said(rules: Rules) -> Said | None:
    """The rule in English."""
    given = rules.play.declared
    if given is None:
        return None
    return Said(
        "Pairs declared",
        (
            "A player holding both cards of a pair may show them once he has played a stop, and "
            "takes the pair's pool without playing them. He declares at the first stop he plays "
            "while he holds both, as he loses nothing by it and may lose the pool by waiting; "
            "the cards stay in his hand and are played later as any others.",
        ),
        given.provenance,
        given.interpretation,
    )


def summary(rules: Rules) -> str:
    """The rule in a few words."""
    return "none" if rules.play.declared is None else "shown after a stop, without playing them"
