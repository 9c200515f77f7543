"""The turn passing to the left: when the player of a run's last card cannot continue it, the
turn passes to his left, and each player in turn who lacks the next card passes, saying he is
without it, until its holder plays it; when no one holds it, the turn goes round the whole
table and the run stops (Foster's Commit: "Without the Jack", and the player on the left
continues "if he can"; his Pope Joan: "No six", and "it passes to the next player"; his
Pochen: "Any player who cannot continue the sequence in his turn must pass that round"; the
Encyclopédie's Comète: the player after the one who said "huit sans neuf" takes up the play if
he has the missing card).

The same cards fall in the same order as when the holder of the next card plays it at once,
wherever he sits: what passing adds is who passes, for want of which card, and whose turn it
is, on which a rule of a card played in its holder's turn (:mod:`.played_at_stop`, ``when:
turn``) acts. No one passes after the top card of a suit: the run is stopped there.

- **Schema**: ``play.passing``: ``to``, where the turn passes (``left``, the only way the texts
  give, as the deal goes).
- **Model**: :class:`Passing`, :data:`Direction`.
- **Checks**: only for a game whose cards are played in runs.
- **Compile**: a hook when the turn passes that only tells (:class:`PassOn`, in
  ``told_at_turn``): the play loop calls it only when a log is kept, so a deal played without
  one (the simulator's) does nothing more for it.
- **Play**: the seats between the player of the last card and the holder of the next, in turn,
  pass (all the others, at a stop), with a :class:`PassedWithout` event.
- **Phrases**: the rule in English and in a few words, and the narration's and the replay's
  words for the passes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal, assert_never

from ..core.citations import Provenance, build_provenance
from ..core.findings import Finding, RuleView, reads
from ..core.words import cap, join_words
from .base import CITED, Draft, Fragment, Passed, Said

if TYPE_CHECKING:
    from .hooks import Run
    from .ruleset import Rules

KEY = "passing"
ROW = "Turn passed to the next player"

FRAGMENTS = (
    Fragment(
        "play",
        KEY,
        {
            "type": "object",
            "description": (
                "The turn passes when a player cannot continue a run: each player in turn who "
                "lacks the next card passes, saying he is without it, until its holder plays it; "
                "when no one holds it, the turn goes round the whole table and the run stops."
            ),
            "additionalProperties": False,
            "properties": {
                "to": {
                    "description": (
                        "Where the turn passes: left (the default, and the only way the texts "
                        "give), as the deal goes."
                    ),
                    "enum": ["left"],
                },
                **CITED,
            },
            "required": ["provenance"],
        },
    ),
)

Direction = Literal["left"]
"""Where the turn passes."""


@dataclass(frozen=True)
class Passing:
    provenance: Provenance
    interpretation: str | None = None
    to: Direction = "left"


@dataclass(frozen=True, slots=True)
class PassedWithout(Passed):
    """Seats that passed their turn, in order, for want of ``missing``."""

    seats: tuple[int, ...]
    missing: int
    rule: ClassVar[str] = KEY

    def without(self, card: Callable[[int], str]) -> str:
        """What the seats passed for want of, in words: the missing card, named by ``card``."""
        return card(self.missing)

    def note(self, names: Sequence[str], card: Callable[[int], str]) -> str:
        verb = "passes" if len(names) == 1 else "pass"
        return f"{cap(join_words(names))} {verb}, without {self.without(card)}."

    def step(self, names: Sequence[str], card: Callable[[int], str]) -> str:
        return self.note(names, card)


def build(raw: Mapping[str, Any] | None) -> Passing | None:
    if raw is None:
        return None
    return Passing(
        build_provenance(raw["provenance"]), raw.get("interpretation"), raw.get("to", "left")
    )


@reads("play")
def _in_runs(data: RuleView) -> Iterator[Finding]:
    play = data["play"]
    if KEY in play and "showing" in play:
        yield Finding(("play", KEY), "the turn passes only where cards are played in runs")


CHECKS = (_in_runs,)


def step(to: Direction) -> int:
    """The seat the turn passes to, from seat 0: seats are numbered to the left."""
    match to:
        case "left":
            return 1
        case _:
            assert_never(to)


def compile_tables(draft: Draft, rules: Rules) -> None:
    """The hook that tells the passes, under every trump suit alike."""
    given = rules.play.passing
    if given is not None:
        draft.told_at_turn.append(PassOn(step(given.to)))


def between(players: int, seat: int, holder: int, by: int = 1) -> tuple[int, ...]:
    """The seats the turn passes through from ``seat`` before it reaches ``holder``: every other
    seat when ``holder`` is -1 (no one holds the card).

    >>> between(4, 1, 3), between(4, 3, 1), between(4, 2, 3), between(3, 1, -1)
    ((2,), (0,), (), (2, 0))
    """
    seats: list[int] = []
    turn = (seat + by) % players
    while turn != holder and turn != seat:
        seats.append(turn)
        turn = (turn + by) % players
    return tuple(seats)


def tell(run: Run, seat: int, holder: int, missing: int, by: int = 1) -> None:
    """Log the passes of the seats between ``seat`` and ``holder`` for want of ``missing``,
    when a log is kept and anyone passes."""
    if run.log is None:
        return
    seats = between(run.compiled.players, seat, holder, by)
    if seats:
        run.log.append(PassedWithout(seats, missing))


@dataclass(frozen=True, slots=True)
class PassOn:
    """The hook when the turn passes from the player of a run's last card: the seats before the
    holder of the next card (all of them, when no one holds it) pass. It tells, and plays
    nothing."""

    by: int

    def __call__(self, run: Run, seat: int, holder: int, missing: int) -> None:
        tell(run, seat, holder, missing, self.by)


def said(rules: Rules) -> Said | None:
    """The rule in English."""
    given = rules.play.passing
    if given is None:
        return None
    return Said(
        f"The turn passes to the {_side(given.to)}",
        (
            f"A player who cannot continue a run says which card he is without, and the turn "
            f"passes to his {_side(given.to)}: each player in turn who lacks that card passes, "
            "saying he is without it, until its holder plays it and goes on with the run. When "
            "no one holds it, the turn goes round the whole table and the run stops. No one "
            "passes after the top card of a suit.",
        ),
        given.provenance,
        given.interpretation,
    )


def summary(rules: Rules) -> str:
    """The rule in a few words."""
    given = rules.play.passing
    return (
        "none"
        if given is None
        else f"to the {_side(given.to)}, each player without the next card passing"
    )


def _side(to: Direction) -> str:
    match to:
        case "left":
            return "left"
        case _:
            assert_never(to)
