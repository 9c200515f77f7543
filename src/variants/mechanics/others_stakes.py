"""The other players' stakes: besides what the dealer stakes, each player but the dealer puts
its own stakes on some compartments (Spin: each player but the dealer a stake for Game, the
dealer Matrimony's and Intrigue's; Spinado: three counters from each to every pool).

- **Schema**: ``dressing.others_stakes``: counters by compartment id (with ``payer: dealer``).
- **Model**: the ``others_stakes`` of :class:`~variants.mechanics.ruleset.Dressing`.
- **Checks**: only with the dealer as payer; every compartment named is on the board.
- **Compile**: :func:`payments`, the other players' stakes, added to the dressing's payments
  when it is compiled.
- **Phrases**: the rule in English.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..core.findings import Finding, RuleView, compartments, reads
from ..core.words import counters
from .base import Draft, Fragment

if TYPE_CHECKING:
    from .ruleset import Rules

FRAGMENTS = (
    Fragment(
        "dressing",
        "others_stakes",
        {
            "type": "object",
            "description": (
                "For payer dealer: what each player but the dealer also stakes, by compartment "
                "id, besides the dealer's stakes."
            ),
            "additionalProperties": {
                "type": "integer",
                "description": "Counters from each player but the dealer.",
                "minimum": 1,
                "maximum": 1000,
            },
            "propertyNames": {"$ref": "#/$defs/slug"},
            "minProperties": 1,
            "maxProperties": 24,
        },
    ),
)


@reads("dressing", "board")
def _others_stakes(data: RuleView) -> Iterator[Finding]:
    dressing = data["dressing"]
    given = dressing.get("others_stakes")
    if given is None:
        return
    where = ("dressing", "others_stakes")
    if dressing["payer"] != "dealer":
        yield Finding(where, "others_stakes is only for payer dealer")
    ids = {c["id"] for c in compartments(data)}
    for key in given:
        if key not in ids:
            yield Finding((*where, key), f"no compartment {key!r} on the board")


CHECKS = (_others_stakes,)


def compile_tables(draft: Draft, rules: Rules) -> None:
    """Nothing per trump suit: the dressing is compiled with :func:`payments`."""


def payments(
    rules: Rules, ids: tuple[str, ...], players: int, dealer: int
) -> list[tuple[int, int, int]]:
    """(seat, compartment, counters): each player but the dealer's stakes, from the dealer's
    left round."""
    given = rules.dressing.others_stakes
    return [
        ((dealer + offset) % players, ids.index(key), amount)
        for offset in range(1, players)
        for key, amount in given
    ]


def listed(rules: Rules) -> str:
    """``Game 1``, in board order."""
    stakes = dict(rules.dressing.others_stakes)
    return ", ".join(
        f"{c.label} {stakes[c.id]}" for c in rules.board.compartments if c.id in stakes
    )


def sentence(rules: Rules) -> str:
    """The rule in English."""
    total = sum(amount for _, amount in rules.dressing.others_stakes)
    return f"Each player but the dealer also stakes {listed(rules)} ({counters(total)} from each)."
