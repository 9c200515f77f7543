"""The hands shown instead of played (Matrimony): after a down-and-up deal nobody plays a card.
A named card dealt face up (the ace of diamonds) sweeps the board: its holder takes every
compartment and the deal ends. Otherwise the hands are shown one after another from the elder
hand, and each compartment goes to the first hand shown that holds its combination
(:mod:`.combination`), so that between two hands that hold it the elder takes it.

- **Schema**: ``play.showing`` with ``sweep`` (a card, optional), ``provenance`` and
  ``interpretation``; a ruleset that shows its hands gives no ``lead`` nor ``stops``.
- **Model**: :class:`Showing`, the ``showing`` field of :class:`~variants.mechanics.ruleset.Play`.
- **Checks**: the hands are shown only after a down-and-up deal; with them shown, every
  compartment is won by a combination held, and a combination held only with them shown; no
  lead rule nor stops; the sweeping card is in the pack.
- **Compile**: nothing per trump suit; the play loop branches once per deal to :func:`show`.
- **Settlement**: :func:`show`: the sweep (a ``sweep`` for each compartment), or each hand shown
  (a :class:`Shown` event) and each compartment taken as its way to win says (``show``).
- **Phrases**: the play in English, and in a few words.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.cards import card_glyph, card_words, parse_card
from ..core.citations import Provenance, build_provenance
from ..core.findings import Finding, RuleView, compartments, in_pack, reads
from .base import CITED, Draft, Fragment, WonBy
from .combination import BestWin, RankPairWin, RanksWin, taker
from .down_and_up import is_down_and_up

if TYPE_CHECKING:
    from .hooks import Ledger, Log, Run, Tables
    from .ruleset import Rules

FRAGMENTS = (
    Fragment(
        "play",
        "showing",
        {
            "type": "object",
            "description": (
                "No card is played: the hands are shown from the elder hand, and each "
                "compartment goes to the first hand that holds its combination. A card dealt "
                "face up that is `sweep` takes the whole board instead."
            ),
            "additionalProperties": False,
            "properties": {
                "sweep": {
                    "$ref": "#/$defs/card",
                    "description": (
                        "The card whose holder, dealt it face up, takes every compartment."
                    ),
                },
                **CITED,
            },
            "required": ["provenance"],
        },
    ),
)

SHOWN = WonBy("show", "line", "Hands shown", after="on the hands shown")
"""A compartment taken by a combination held, the hands shown."""
SWEPT = WonBy("sweep", "face-up", "Dealt face up", after="sweeping the board")
"""A compartment taken by the card dealt face up that sweeps the board."""

COMBINATION_KEYS = ("ranks", "pair", "best")
"""The keys of ``win`` that name a combination held."""


@dataclass(frozen=True)
class Showing:
    sweep: int | None
    provenance: Provenance
    interpretation: str | None = None


@dataclass(frozen=True, slots=True)
class Shown:
    """A hand shown, face up, when the hands are shown instead of played."""

    seat: int
    cards: tuple[int, ...]


def build(raw: Mapping[str, Any] | None) -> Showing | None:
    if raw is None:
        return None
    sweep = raw.get("sweep")
    return Showing(
        None if sweep is None else parse_card(sweep),
        build_provenance(raw["provenance"]),
        raw.get("interpretation"),
    )


@reads("play", "board")
def _won_by_showing(data: RuleView) -> Iterator[Finding]:
    showing = data["play"].get("showing")
    for index, compartment in enumerate(compartments(data)):
        win = compartment["win"]
        held = any(key in win for key in COMBINATION_KEYS)
        where = ("board", "compartments", index, "win")
        if held and showing is None:
            yield Finding(where, "a combination held is won only when the hands are shown")
        elif not held and showing is not None:
            yield Finding(where, "with the hands shown, a compartment is won by a combination held")


@reads("play", "deal")
def _after_down_and_up(data: RuleView) -> Iterator[Finding]:
    if "showing" in data["play"] and not is_down_and_up(data["deal"]["style"]):
        yield Finding(("play", "showing"), "the hands are shown only after a down-and-up deal")


SHOWN_WITH = frozenset({"showing", "announce_stop", "provenance", "interpretation"})
"""The keys of ``play`` a game whose hands are shown may give: every rule of how cards are
played, a mechanic's of play among them, is for a game whose cards are played."""


@reads("play")
def _no_runs(data: RuleView) -> Iterator[Finding]:
    play = data["play"]
    if "showing" not in play:
        return
    for key in play:
        if key not in SHOWN_WITH:
            yield Finding(("play", key), f"{key} is not for a game whose hands are shown")


@reads("play", "pack")
def _sweep_in_pack(data: RuleView) -> Iterator[Finding]:
    sweep = data["play"].get("showing", {}).get("sweep")
    if sweep is not None and not in_pack(data["pack"], sweep):
        yield Finding(("play", "showing", "sweep"), f"{sweep} is not in the pack")


CHECKS = (_won_by_showing, _after_down_and_up, _no_runs, _sweep_in_pack)


def compile_tables(draft: Draft, rules: Rules) -> None:
    """A hook when the cards are dealt, where the hands are shown instead of played."""
    if rules.play.showing is not None:
        draft.at_deal.append(ShowHands(rules.play.showing))


@dataclass(frozen=True, slots=True)
class ShowHands:
    """The play hook when the cards are dealt: the hands are shown (:func:`show`), and the deal
    is over without a run."""

    showing: Showing

    def __call__(self, run: Run, dealer: int, face_up: Sequence[int]) -> bool:
        show(run.compiled, self.showing, run.ledger, dealer, run.hands, face_up, run.log)
        return True


def show(
    compiled: Tables,
    showing: Showing,
    ledger: Ledger,
    dealer: int,
    hands: Sequence[Sequence[int]],
    face_up: Sequence[int],
    log: Log[Shown] | None,
) -> None:
    """One deal's showing: the sweep, or every hand shown and each compartment taken."""
    players = compiled.players
    order = [(dealer + 1 + position) % players for position in range(players)]
    board = ledger.board
    sweep = showing.sweep
    if sweep is not None:
        for seat in order:
            if face_up[seat] == sweep:
                for index in range(len(board)):
                    if board[index] > 0:
                        ledger.take(index, seat, SWEPT)
                return
    if log is not None:
        for seat in order:
            log.append(Shown(seat, tuple(hands[seat])))
    for index, compartment in enumerate(compiled.compartments):
        win = compartment.win
        if board[index] == 0 or not isinstance(win, RanksWin | RankPairWin | BestWin):
            continue
        found = taker(win, hands, face_up, order, compiled.rank_pos)
        if found is not None:
            ledger.take(index, found, SHOWN)


def shown_line() -> str:
    """What the narration says before the first hand is shown."""
    return "Nobody plays a card: the hands are shown in turn, beginning with the elder hand."


def swept_line(who: str, card: str) -> str:
    """What the narration says before a sweep's compartments are taken: ``who`` is the seat
    as the narration names it (``Seat 2``, ``Player 2``), ``card`` the sweeping card as it
    writes cards."""
    return f"{who} is dealt {card} face up and sweeps the board: no hand is shown."


def sentences(showing: Showing) -> tuple[str, ...]:
    """The play in English."""
    said = []
    if showing.sweep is not None:
        said.append(
            f"Nobody plays a card. A player dealt {card_words(showing.sweep)} face up sweeps the "
            "board: he takes every compartment, and the deal ends."
        )
        said.append(
            "Otherwise every player in turn, beginning with the elder hand, shows his cards."
        )
    else:
        said.append(
            "Nobody plays a card: every player in turn, beginning with the elder hand, shows "
            "his cards."
        )
    said.append(
        "Each compartment goes to the first player shown to hold what wins it, so between two "
        "players who hold it the elder hand takes it; a compartment nobody wins stays."
    )
    return tuple(said)


def summary(showing: Showing) -> str:
    """The play in a few words, for a comparison."""
    sweep = "" if showing.sweep is None else f"; {card_glyph(showing.sweep)} face up sweeps"
    return "the hands shown from the elder hand, no play" + sweep
