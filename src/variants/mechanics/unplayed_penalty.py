"""The unplayed penalty: a seat left holding a compartment's card when another goes out doubles
the compartment, paying in as many counters as lie on it (Foster's and the modern pages' Pope).

- **Schema**: a compartment's ``unplayed_penalty``: ``none`` or ``stake``.
- **Model**: :data:`UnplayedPenalty` and :func:`doubles`.
- **Checks**: going out has no card to be left holding.
- **Compile**: the ``penalties`` table, and the compartments whose held cards settlement asks
  about.
- **Settlement**: :func:`charge`, after going out: a :class:`Penalty` event for each holder.
- **Phrases**: the penalty in the rules, in the narration and in a replay step.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, assert_never

from ..core.findings import Finding, RuleView, compartments, reads
from ..core.words import counters, join_words
from .base import Draft, Fragment

if TYPE_CHECKING:
    from .hooks import Ledger, Tables
    from .ruleset import Rules

FRAGMENTS = (
    Fragment(
        "compartment",
        "unplayed_penalty",
        {
            "description": (
                "What a seat left holding this compartment's card at the end pays: none, or "
                "stake (it doubles the compartment by paying in what lies there)."
            ),
            "enum": ["none", "stake"],
        },
    ),
)

UnplayedPenalty = Literal["none", "stake"]


def doubles(penalty: UnplayedPenalty) -> bool:
    """Whether a seat left holding the card when someone goes out doubles the compartment."""
    match penalty:
        case "stake":
            return True
        case "none":
            return False
        case _:
            assert_never(penalty)


@dataclass(frozen=True, slots=True)
class Penalty:
    """A seat left holding a compartment's card when someone goes out doubles what lies on it."""

    seat: int
    compartment: str
    amount: int
    cards: tuple[int, ...]
    """Every card of the compartment the seat was left holding (both cards of a pair, if so)."""


@reads("board")
def _has_a_card(data: RuleView) -> Iterator[Finding]:
    for index, compartment in enumerate(compartments(data)):
        penalty: UnplayedPenalty = compartment.get("unplayed_penalty", "none")
        if "going_out" in compartment["win"] and doubles(penalty):
            yield Finding(
                ("board", "compartments", index, "unplayed_penalty"),
                "Game has no card to be left holding",
            )


CHECKS = (_has_a_card,)


def compile_tables(draft: Draft, rules: Rules) -> None:
    """The compartments doubled by a held card."""
    for index, compartment in enumerate(rules.board.compartments):
        if doubles(compartment.unplayed_penalty):
            draft.penalties.append(index)
            draft.settled.add(index)


def charge(
    compiled: Tables,
    ledger: Ledger,
    held: list[tuple[int, ...]],
    owner: Mapping[int, int] | Sequence[int],
    cards_of: tuple[tuple[int, ...], ...],
) -> None:
    """Each seat in ``held`` doubles the compartment whose card it holds, as it lay when the
    seat went out (a seat doubles a pair once, however many of its cards it holds)."""
    before = list(ledger.board)
    log = ledger.log
    for index in compiled.penalties:
        if before[index] <= 0:
            continue
        for holder in held[index]:
            ledger.stake(holder, index, before[index])
            if log is not None:
                cards = tuple(c for c in cards_of[index] if owner[c] == holder)
                log.append(Penalty(holder, compiled.ids[index], before[index], cards))


def told(seat: str, cards: str, label: str, amount: int) -> str:
    """The narration of a penalty; ``cards`` are the held cards, written."""
    return f"{seat} is left holding {cards} and doubles {label}, paying in {counters(amount)}."


def step(seat: str, label: str, amount: int) -> str:
    """A penalty as one step of a replay."""
    return f"{seat} doubles {label}, paying in {counters(amount)}."


def sentence(one_card: bool) -> str:
    """The penalty, said of its compartment."""
    which = "its card" if one_card else "one of its cards"
    return (
        f"A player left holding {which} when someone goes out doubles it (see Cards left "
        "unplayed, under Settlement)."
    )


def rule_sentences(names: Sequence[str], spare_name: str) -> tuple[str, ...]:
    """The rule on cards left unplayed; ``names`` the penalised compartments with their cards."""
    what = (
        f"the card of {names[0]}"
        if len(names) == 1
        else f"the card of a compartment, {join_words(names, 'or')},"
    )
    return (
        "When a player goes out, every other player shows their hand. Whoever still holds "
        f"{what} doubles that compartment: they pay in as many counters as lie on it.",
        f"A card lying in the {spare_name} leaves its compartment as it is.",
    )


def summary(labels: Sequence[str]) -> str:
    """The penalty, briefly, for the comparison."""
    if not labels:
        return "none"
    return f"holder of {join_words(labels)} doubles its compartment"
