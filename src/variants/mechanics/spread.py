"""Stakes spread by the players' choice: every player lays a number of counters on the
compartments he chooses, provided that every compartment is covered (Newmarket: "may put it on
whichever card of the four turned up they choose, provided that all four are covered"; the
dealer one extra).

- **Schema**: ``dressing.spread``: ``each`` and ``dealer`` (with ``dressing.payer: spread``); the
  ``stakes`` name the compartments to cover and the fewest counters each must hold.
- **Model**: :class:`Spread`.
- **Checks**: the spread goes with its payer; with the fewest players there are counters enough
  to cover every compartment.
- **Compile**: :func:`payments`. The choice is played by one reading (an interpretation of each
  ruleset that uses it): the players lay their counters in turn from the dealer's left round to
  the dealer, one at a time, each on the compartment furthest below what it must hold, else the
  one with the fewest counters laid this deal, the first on the board among equals. So the
  dressing is the same for every deal with the same dealer, and is compiled once.
- **Phrases**: the rule in English.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, assert_never

from ..rules.findings import Finding, RuleView, reads
from ..telling.words import counters, number_word
from .base import Draft, Fragment

if TYPE_CHECKING:
    from ..rules.ruleset import Payer, Rules

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
            },
            "required": ["each", "dealer"],
        },
    ),
)


@dataclass(frozen=True)
class Spread:
    each: int
    dealer: int

    def total(self, players: int) -> int:
        """The counters laid by ``players`` seats."""
        return self.each * (players - 1) + self.dealer


def build(raw: Mapping[str, Any] | None) -> Spread | None:
    return None if raw is None else Spread(raw["each"], raw["dealer"])


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


def payments(
    spread: Spread, stakes: list[tuple[int, int]], players: int, dealer: int
) -> list[tuple[int, int, int]]:
    """(seat, compartment, counters): each seat's counters laid one at a time, from the dealer's
    left round to the dealer, on ``stakes`` (compartment, the fewest it must hold), as the
    module's reading lays them."""
    laid = {index: 0 for index, _ in stakes}
    least = dict(stakes)
    order = [index for index, _ in stakes]
    paid: dict[tuple[int, int], int] = {}
    for offset in range(1, players + 1):
        seat = (dealer + offset) % players
        for _ in range(spread.dealer if seat == dealer else spread.each):
            target = min(order, key=lambda i: (laid[i] - least[i], laid[i], order.index(i)))
            laid[target] += 1
            paid[(seat, target)] = paid.get((seat, target), 0) + 1
    return [(seat, index, amount) for (seat, index), amount in paid.items()]


def sentences(spread: Spread, stakes: str, before: str) -> list[str]:
    """The rule in English."""
    return [
        f"{before}, every player lays {number_word(spread.each)} "
        f"{'counter' if spread.each == 1 else 'counters'} on the board, the dealer "
        f"{counters(spread.dealer)}, each on the compartment he chooses, so long as each of "
        f"{stakes} is covered.",
        "Here the players lay them in turn from the dealer's left, each counter on the "
        "compartment with the fewest laid this deal (the first on the board among equals).",
    ]


def summary(spread: Spread) -> str:
    return f"each player {spread.each}, the dealer {spread.dealer}, spread over the compartments"
