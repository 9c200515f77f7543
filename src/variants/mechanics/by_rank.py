"""Runs by rank, in any suit: a run goes on with any card of the next rank, whatever its suit;
the player of the last card goes on if he holds one, and otherwise the first player to his left
who holds one takes up the run, the others passing; a card may stand for any card; and the
player whose run no one can continue may be paid by the others (the Encyclopédie's Comète:
"La différence des couleurs ne fait rien à ce jeu", the player after the one who said "huit
sans neuf" takes up the play "s'il a le nombre manquant", and the first, if no one has it,
"se fait donner un jetton de chaque joüeur"; its Manille: the nine of diamonds counts "pour
telle carte qu'on veut").

The run's suit is the suit its cards follow where the same player holds the next card of it;
otherwise the rank alone counts. Which card of the rank a player plays when he holds more than
one is his choice, which the text leaves to the table: here he plays the one of the run's suit
when he holds it, else the first of the others in the order of suits.

- **Schema**: ``play.by_rank``: ``wild``, a card that stands for any card, and
  ``paid_at_stop``, what each other player pays the player of a run's last card that no one can
  continue.
- **Model**: :class:`ByRank`.
- **Checks**: only where cards are played in runs, and not with :mod:`.passing`, whose passes
  are of one card, not of a rank; the wild card is in the pack.
- **Compile**: a hook when the turn passes (:class:`NextInTurn`), in each trump suit's tables.
- **Play**: the seats from the player of the last card round to his right are asked in turn:
  the first holding a card of the next rank plays it (a plain card played); one who lacks it
  but holds the wild card may play that in its place (his policy decides), with a
  :class:`StoodFor` event, the run going on from the rank it stood for. The seats before him
  pass, with a :class:`PassedWithoutRank` event. When no one can, every other seat passes, and
  each pays ``paid_at_stop`` to the player of the last card (a
  :class:`~variants.engine.events.Paid` :data:`PAID`), who leads next.
- **Phrases**: the rule in English and in a few words, and the narration's and the replay's
  words for the passes, the card standing for another and the payment.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ..core.cards import card_glyph, card_words, make_card, parse_card, rank_of, rank_words
from ..core.citations import Provenance, build_provenance
from ..core.findings import Finding, RuleView, in_pack, reads
from ..core.words import article, cap, counters
from . import passing
from .base import CITED, Draft, Fragment, PaidFor, PlayedApart, Said

if TYPE_CHECKING:
    from .hooks import Run
    from .ruleset import Rules

KEY = "by_rank"
ROW = "Runs by rank, in any suit"

FRAGMENTS = (
    Fragment(
        "play",
        KEY,
        {
            "type": "object",
            "description": (
                "Runs go by rank, whatever the suit: any card of the next rank continues a run. "
                "The player of the last card goes on if he holds one; otherwise the first player "
                "to his left who holds one takes up the run, the players before him passing."
            ),
            "additionalProperties": False,
            "properties": {
                "wild": {
                    "$ref": "#/$defs/card",
                    "description": (
                        "A card that stands for any card: a player without the next rank may "
                        "play it in its place in his turn, and the run goes on from that rank."
                    ),
                },
                "paid_at_stop": {
                    "type": "integer",
                    "minimum": 0,
                    "maximum": 1000,
                    "description": (
                        "The counters each other player pays the player of a run's last card "
                        "when no one can continue the run (0, the default: nothing)."
                    ),
                },
                **CITED,
            },
            "required": ["provenance"],
        },
    ),
)


@dataclass(frozen=True)
class ByRank:
    provenance: Provenance
    interpretation: str | None = None
    wild: int | None = None
    """The card that stands for any card, or None."""
    paid_at_stop: int = 0


def build(raw: Mapping[str, Any] | None) -> ByRank | None:
    if raw is None:
        return None
    wild = raw.get("wild")
    return ByRank(
        build_provenance(raw["provenance"]),
        raw.get("interpretation"),
        None if wild is None else parse_card(wild),
        raw.get("paid_at_stop", 0),
    )


@reads("play")
def _in_runs(data: RuleView) -> Iterator[Finding]:
    play = data["play"]
    if KEY in play and "showing" in play:
        yield Finding(("play", KEY), "runs go by rank only where cards are played in runs")
    if KEY in play and "passing" in play:
        yield Finding(
            ("play", "passing"),
            "where runs go by rank the passes are for want of a rank: drop play.passing",
        )


@reads("play", "pack")
def _wild_in_pack(data: RuleView) -> Iterator[Finding]:
    wild = data["play"].get(KEY, {}).get("wild")
    if wild is not None and not in_pack(data["pack"], wild):
        yield Finding(("play", KEY, "wild"), f"{wild} is not in the pack")


CHECKS = (_in_runs, _wild_in_pack)


def _a(rank: int) -> str:
    """``a nine``, ``an eight``."""
    return article(rank_words(rank))


def _stop_words(card: int) -> str:
    return f"for the stop, no one holding {_a(rank_of(card))}"


def _rule(rules: Rules, card: int) -> str:
    return "rule-by-rank"


PAID = PaidFor("stop", _stop_words, _rule, with_card=True)
"""A payment to the player of a run's last card, when no one can continue it; its ``cards``
is the card the run lacked."""


@dataclass(frozen=True, slots=True)
class PassedWithoutRank(passing.PassedWithout):
    """Seats that passed their turn, in order, lacking any card of ``missing``'s rank."""

    rule: ClassVar[str] = KEY

    def without(self, card: Callable[[int], str]) -> str:
        return _a(rank_of(self.missing))


@dataclass(frozen=True, slots=True)
class StoodFor(PlayedApart):
    """The wild card played by ``seat`` in place of a card of ``missing``'s rank."""

    seat: int
    card: int
    missing: int
    rule: ClassVar[str] = KEY

    def note(self, card: Callable[[int], str]) -> str:
        return f"as {_a(rank_of(self.missing))}"

    def step(self, who: str, card: Callable[[int], str]) -> str:
        return f"{who} plays {card(self.card)} as {_a(rank_of(self.missing))}."


def compile_tables(draft: Draft, rules: Rules) -> None:
    """The hook when the turn passes, under every trump suit alike."""
    given = rules.play.by_rank
    if given is not None:
        draft.at_turn.append(
            NextInTurn(-1 if given.wild is None else given.wild, given.paid_at_stop)
        )


@dataclass(frozen=True, slots=True)
class NextInTurn:
    """The play hook when the player of a run's last card cannot play the next card of its suit:
    the first seat in turn, from him, that holds a card of its rank plays it, or the wild card
    in its place; the seats before pass. When none does, the others pass and pay."""

    wild: int
    """The card that stands for any card, or -1."""
    paid_at_stop: int

    def __call__(
        self, run: Run, seat: int, holder: int, missing: int
    ) -> tuple[int, int, int] | None:
        rank = rank_of(missing)
        players = run.compiled.players
        of_rank = [missing] + [
            make_card(rank, suit) for suit in range(4) if make_card(rank, suit) != missing
        ]
        for step in range(players):
            player = (seat + step) % players
            hand = run.hands[player]
            card = next((c for c in of_rank if c != self.wild and c in hand), -1)
            stands_in = card < 0 and self.wild in hand
            if stands_in and not run.plays_instead(player, self.wild, missing):
                continue
            if card < 0 and not stands_in:
                continue
            if player != seat:
                _tell(run, seat, player, missing)
            played = self.wild if stands_in else card
            run.play(player, played)
            if run.log is not None:
                if stands_in:
                    run.log.append(StoodFor(player, played, missing))
                else:
                    run.record(player, played)
            run.settle_card(played, player, -1)
            return player, played, missing if stands_in else played
        _tell(run, seat, -1, missing)
        if self.paid_at_stop:
            for other in range(players):
                if other != seat:
                    run.ledger.pay(other, seat, self.paid_at_stop, PAID, missing)
        return None


def _tell(run: Run, seat: int, player: int, missing: int) -> None:
    """Log the passes of the seats between ``seat`` and ``player`` (all the others, when
    ``player`` is -1) for want of ``missing``'s rank, when a log is kept and anyone passes."""
    if run.log is None:
        return
    seats = passing.between(run.compiled.players, seat, player)
    if seats:
        run.log.append(PassedWithoutRank(seats, missing))


def said(rules: Rules) -> Said | None:
    """The rule in English."""
    given = rules.play.by_rank
    if given is None:
        return None
    sentences = [
        "Suits do not matter in a run: any card of the next rank continues it. The player of "
        "the last card goes on if he holds one; if not, the turn passes to his left, each "
        "player who holds none passing, until someone plays one. A player who holds more than "
        "one plays the one of the run's suit when he can, else the first of the others in the "
        "order clubs, diamonds, hearts, spades.",
    ]
    if given.wild is not None:
        sentences.append(
            f"{cap(card_words(given.wild))} stands for any card: a player without the next "
            "rank may play it in his turn in its place, and the run goes on from the rank it "
            "stood for."
        )
    stop = "When no one holds a card of the next rank, the run stops"
    if given.paid_at_stop:
        stop += (
            f", every other player pays the player of its last card "
            f"{counters(given.paid_at_stop)}, and he leads again."
        )
    else:
        stop += ", and the player of its last card leads again."
    sentences.append(stop)
    return Said(
        "Runs by rank, in any suit", tuple(sentences), given.provenance, given.interpretation
    )


def summary(rules: Rules) -> str:
    """The rule in a few words."""
    given = rules.play.by_rank
    if given is None:
        return "none"
    parts = ["any card of the next rank, whatever its suit"]
    if given.wild is not None:
        parts.append(f"{card_glyph(given.wild)} stands for any card")
    if given.paid_at_stop:
        parts.append(f"{counters(given.paid_at_stop)} from each to the player stopped")
    return "; ".join(parts)
