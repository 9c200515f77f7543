"""Contributions to the dressing: each player but the dealer puts a fixed number of counters
towards the dressing, and the dealer pays the rest of it (Hoyle: "two stakes a-piece").

- **Schema**: ``dressing.contributions``: ``others`` (with ``dressing.payer: contributions``).
- **Model**: :class:`Contributions`.
- **Checks**: the contributions go with their payer; the others never pay more than the
  dressing, at any player count the rules allow.
- **Compile**: :func:`pool`, what each seat pays in, from which the stakes are laid out one by
  one (as a pool of shares is) when the dressing is compiled.
- **Phrases**: the rule in English, and a table of what each pays by player count.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, assert_never

from ..core.findings import Finding, RuleView, reads
from ..core.words import counters, number_word
from .base import Draft, Fragment

if TYPE_CHECKING:
    from .ruleset import Payer, Rules

FRAGMENTS = (
    Fragment(
        "dressing",
        "contributions",
        {
            "type": "object",
            "description": (
                "For payer contributions: what each player but the dealer puts towards the "
                "dressing; the dealer pays the rest."
            ),
            "additionalProperties": False,
            "properties": {
                "others": {
                    "type": "integer",
                    "description": "Counters from each player but the dealer.",
                    "minimum": 1,
                    "maximum": 1000,
                },
            },
            "required": ["others"],
        },
    ),
)


@dataclass(frozen=True)
class Contributions:
    others: int

    def dealer_pays(self, total: int, players: int) -> int:
        """What the dealer pays for a dressing of ``total`` counters."""
        return total - self.others * (players - 1)


def build(raw: Mapping[str, Any] | None) -> Contributions | None:
    return None if raw is None else Contributions(raw["others"])


def pool(
    contributions: Contributions, total: int, players: int, dealer: int
) -> list[tuple[int, int]]:
    """(seat, counters) paid in, from the dealer's left round to the dealer."""
    paid = [((dealer + offset) % players, contributions.others) for offset in range(1, players)]
    return [*paid, (dealer, contributions.dealer_pays(total, players))]


@reads("dressing", "players")
def _contributions(data: RuleView) -> Iterator[Finding]:
    dressing = data["dressing"]
    given = dressing.get("contributions")
    payer: Payer = dressing["payer"]
    match payer:
        case "contributions":
            if given is None:
                yield Finding(("dressing",), "payer contributions needs `contributions`")
                return
        case "each-player" | "dealer" | "banker" | "shares" | "spread":
            if given is not None:
                yield Finding(
                    ("dressing", "contributions"), "contributions are only for payer contributions"
                )
            return
        case _:
            assert_never(payer)
    total = sum(dressing["stakes"].values())
    most = data["players"]["max"]
    if given["others"] * (most - 1) > total:
        yield Finding(
            ("dressing", "contributions", "others"),
            f"with {most} players the others pay {given['others'] * (most - 1)} counters, more "
            f"than the {total} the dressing needs",
        )


CHECKS = (_contributions,)


def compile_tables(draft: Draft, rules: Rules) -> None:
    """Nothing per trump suit: the dressing is compiled with :func:`pool`."""


def sentences(contributions: Contributions, before: str, stakes: str, total: int) -> list[str]:
    """The dressing in English."""
    return [
        f"{before}, the board is dressed with {stakes} ({counters(total)}): every player but the "
        f"dealer puts {number_word(contributions.others)} counters towards it, and the dealer "
        "pays the rest.",
    ]


def table_rows(contributions: Contributions, total: int, counts: range) -> list[tuple[str, ...]]:
    """(players, each other pays, the dealer pays) for each player count."""
    return [
        (str(n), str(contributions.others), str(contributions.dealer_pays(total, n)))
        for n in counts
    ]


def summary(contributions: Contributions, total: int) -> str:
    return f"{total} counters: {contributions.others} from each other player, the dealer the rest"
