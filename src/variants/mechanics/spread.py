"""Stakes spread by the players' choice: every player lays a number of counters on the
compartments he chooses, provided that every compartment is covered (Newmarket: "may put it on
whichever card of the four turned up they choose, provided that all four are covered"; the
dealer one extra).

- **Schema**: ``dressing.spread``: ``each``, ``dealer`` and ``order`` (with ``dressing.payer:
  spread``); the ``stakes`` name the compartments to cover and the fewest counters each must
  hold.
- **Model**: :class:`Spread`.
- **Checks**: the spread goes with its payer; with the fewest players there are counters enough
  to cover every compartment.
- **Compile**: :func:`payments`. Where each counter goes is the players' choice, played by a
  staking policy (:mod:`variants.engine.staking`), chosen like the lead policy. The default,
  ``even``, lays them by one rule (:func:`payments`): in turn (the dealer first and then the
  others from his left, or from the dealer's left round to the dealer, as ``order`` says), one
  at a time, each on the compartment furthest below what it must hold, else the one with the
  fewest counters laid this deal, the first on the board among equals. So its dressing is the
  same for every deal with the same dealer, and is compiled once. ``random``
  (:func:`random_payments`) draws each counter's compartment from the deal's generator, the
  last counters going where a compartment is still short; a deal file may also give the
  stakes laid, which :func:`laid_problem` checks.
- **Phrases**: the rule in English; who laid what (:func:`laid_phrase`).

A policy chooses where the counters go, not how many. Foster, Cassell and Enquire Within let the
dealer stake what he pleases and the others one counter less (Cassell: "at least" one less), but
no text bounds the sum: their figures (Cassell's nine and eight, Enquire Within's twelve and
eleven) are examples. A policy drawing the sum would need a range no source gives, so the sums
stay the ruleset's ``each`` and ``dealer``, which an option can vary as any other rule.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, assert_never

from ..core.findings import Finding, RuleView, reads
from ..core.words import counters, join_words, number_word
from .base import Draft, Fragment

if TYPE_CHECKING:
    from .ruleset import Payer, Rules

FRAGMENTS = (
    Fragment(
        "dressing",
        "spread",
        {
            "type": "object",
            "description": (
                "For payer spread: the counters each player lays on the compartments of his "
                "choice, every compartment named in the stakes being covered with at least its "
                "stake."
            ),
            "additionalProperties": False,
            "properties": {
                "each": {
                    "type": "integer",
                    "description": "Counters each player but the dealer lays.",
                    "minimum": 1,
                    "maximum": 1000,
                },
                "dealer": {
                    "type": "integer",
                    "description": "Counters the dealer lays.",
                    "minimum": 1,
                    "maximum": 1000,
                },
                "order": {
                    "description": (
                        "Who lays first: dealer-first (the dealer, then each other player from "
                        "his left), or dealer-last (each player from the dealer's left, the "
                        "dealer last; the default)."
                    ),
                    "enum": ["dealer-first", "dealer-last"],
                },
            },
            "required": ["each", "dealer"],
        },
    ),
)


Order = Literal["dealer-first", "dealer-last"]
"""Who lays first: the dealer, or the player on his left (the dealer last)."""


@dataclass(frozen=True)
class Spread:
    each: int
    dealer: int
    order: Order = "dealer-last"

    def total(self, players: int) -> int:
        """The counters laid by ``players`` seats."""
        return self.each * (players - 1) + self.dealer


def build(raw: Mapping[str, Any] | None) -> Spread | None:
    if raw is None:
        return None
    return Spread(raw["each"], raw["dealer"], raw.get("order", "dealer-last"))


@reads("dressing", "players")
def _spread(data: RuleView) -> Iterator[Finding]:
    dressing = data["dressing"]
    given = dressing.get("spread")
    payer: Payer = dressing["payer"]
    match payer:
        case "spread":
            spreading = True
        case "each-player" | "dealer" | "banker" | "shares" | "contributions":
            spreading = False
        case _:
            assert_never(payer)
    if spreading and given is None:
        yield Finding(("dressing",), "payer spread needs `spread`")
        return
    if given is None:
        return
    if not spreading:
        yield Finding(("dressing", "spread"), "spread is only for payer spread")
        return
    fewest = data["players"]["min"]
    laid = given["each"] * (fewest - 1) + given["dealer"]
    needed = sum(dressing["stakes"].values())
    if laid < needed:
        yield Finding(
            ("dressing", "spread"),
            f"with {fewest} players {laid} counters are laid, too few to cover the stakes "
            f"({needed})",
        )


CHECKS = (_spread,)


def compile_tables(draft: Draft, rules: Rules) -> None:
    """Nothing per trump suit: the dressing is compiled with :func:`payments`."""


Laid = list[tuple[int, int, int]]
"""(seat, compartment, counters): what each seat lays where, one entry per seat and
compartment."""
Lay = Callable[[Spread, list[tuple[int, int]], int, int, random.Random], Laid]
"""How a staking lays the counters: (spread, stakes, players, dealer, the deal's generator)."""


def first_offset(spread: Spread) -> int:
    """How many seats after the dealer the first to lay sits: 0, the dealer himself, or 1, the
    player on his left."""
    order = spread.order
    match order:
        case "dealer-first":
            return 0
        case "dealer-last":
            return 1
        case _:
            assert_never(order)


def _seats(spread: Spread, players: int, dealer: int) -> Iterator[tuple[int, int]]:
    """(seat, counters it lays), in the order the rules have them lay."""
    first = first_offset(spread)
    for offset in range(first, first + players):
        seat = (dealer + offset) % players
        yield seat, spread.dealer if seat == dealer else spread.each


def _gathered(counters_laid: Iterator[tuple[int, int]]) -> Laid:
    """(seat, compartment) for each counter laid, gathered into (seat, compartment, counters) in
    the order each pair is first laid."""
    paid: dict[tuple[int, int], int] = {}
    for seat, target in counters_laid:
        paid[(seat, target)] = paid.get((seat, target), 0) + 1
    return [(seat, index, amount) for (seat, index), amount in paid.items()]


def payments(
    spread: Spread,
    stakes: list[tuple[int, int]],
    players: int,
    dealer: int,
    rng: random.Random | None = None,
) -> Laid:
    """Each seat's counters laid one at a time, in the order the rules have the seats lay, on
    ``stakes`` (compartment, the fewest it must hold), as the ``even`` staking lays them (it
    draws nothing from ``rng``)."""
    laid = {index: 0 for index, _ in stakes}
    least = dict(stakes)
    order = [index for index, _ in stakes]

    def each_counter() -> Iterator[tuple[int, int]]:
        for seat, count in _seats(spread, players, dealer):
            for _ in range(count):
                target = min(order, key=lambda i: (laid[i] - least[i], laid[i], order.index(i)))
                laid[target] += 1
                yield seat, target

    return _gathered(each_counter())


def random_payments(
    spread: Spread,
    stakes: list[tuple[int, int]],
    players: int,
    dealer: int,
    rng: random.Random,
) -> Laid:
    """Each seat's counters laid one at a time, in the same order, each on a compartment of
    ``stakes`` drawn from ``rng`` (one ``rng.random()`` a counter); once the counters still to
    lay only just cover what the compartments lack, each goes on one that is short."""
    order = [index for index, _ in stakes]
    short = dict(stakes)
    lacking = sum(short.values())
    left = spread.total(players)

    def each_counter() -> Iterator[tuple[int, int]]:
        nonlocal lacking, left
        for seat, count in _seats(spread, players, dealer):
            for _ in range(count):
                choice = order if left > lacking else [i for i in order if short[i] > 0]
                target = choice[int(rng.random() * len(choice))]
                if short[target] > 0:
                    short[target] -= 1
                    lacking -= 1
                left -= 1
                yield seat, target

    # Told seat by seat in the order they lay, each seat's stakes in board order.
    first = first_offset(spread)
    return sorted(
        _gathered(each_counter()),
        key=lambda laid: ((laid[0] - dealer - first) % players, laid[1]),
    )


def laid_problem(
    spread: Spread,
    stakes: list[tuple[int, int]],
    players: int,
    dealer: int,
    laid: Sequence[tuple[int, int, int]],
    labels: Sequence[str],
) -> tuple[int | None, str] | None:
    """What is wrong with stakes given as laid (seat, compartment, counters), with the seat it
    concerns (None: no one seat), or None: each seat must lay its counters, and every
    compartment of ``stakes`` hold at least its stake."""
    by_seat = [0] * players
    on = {index: 0 for index, _ in stakes}
    for seat, index, amount in laid:
        by_seat[seat] += amount
        on[index] += amount
    for seat, count in _seats(spread, players, dealer):
        if by_seat[seat] != count:
            who = "the dealer" if seat == dealer else "each other player"
            laid_here = counters(by_seat[seat])
            return seat, f"seat {seat} lays {laid_here}; the rules have {who} lay {count}"
    for index, least in stakes:
        if on[index] < least:
            held = counters(on[index])
            return None, f"{labels[index]} holds {held}; it must hold at least {least}"
    return None


def laid_phrase(seat: str, laid: Sequence[tuple[str, int]]) -> str:
    """``Seat 2 lays two counters on Matrimony and one on Pair``."""
    parts = [
        f"{number_word(amount)} {'counter' if amount == 1 else 'counters'} on {label}"
        if at == 0
        else f"{number_word(amount)} on {label}"
        for at, (label, amount) in enumerate(laid)
    ]
    return f"{seat} lays {join_words(parts)}"


def order_words(spread: Spread) -> str:
    """Who lays first, in words: ``the dealer first, then each player from his left``."""
    order = spread.order
    match order:
        case "dealer-first":
            return "the dealer first, then each other player from his left"
        case "dealer-last":
            return "each player from the dealer's left, the dealer last"
        case _:
            assert_never(order)


def sentences(spread: Spread, stakes: str, before: str) -> list[str]:
    """The rule in English; ``stakes`` names the compartments that must be covered ("" where
    none must: the counters may all go on one)."""
    each = f"{number_word(spread.each)} {'counter' if spread.each == 1 else 'counters'}"
    who = (
        f"every player, the dealer too, lays {each} on the board"
        if spread.each == spread.dealer
        else f"every player lays {each} on the board, the dealer {counters(spread.dealer)}"
    )
    where = (
        f", each on the compartment he chooses, so long as each of {stakes} is covered."
        if stakes
        else ", each on the compartment he chooses: all on one, or spread over several."
    )
    last = ", the last ones on a compartment still uncovered." if stakes else "."
    return [
        f"{before}, {who}{where}",
        "Where each counter goes is the players' choice, which the engine plays by a staking "
        "policy, as it plays the leads by a lead policy.",
        f"They lay in turn, {order_words(spread)}.",
        "The default staking lays each counter on the compartment with the fewest laid this deal "
        "(the first on the board among equals).",
        f"The random staking puts each counter where chance falls{last}",
    ]


def summary(spread: Spread) -> str:
    return f"each player {spread.each}, the dealer {spread.dealer}, spread over the compartments"
