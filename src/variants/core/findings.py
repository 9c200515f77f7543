"""What a semantic check finds, and what a check of resolved rules is.

A leaf module, so that the checks (:mod:`variants.rules.checks`) and the mechanics that bring
their own checks (:mod:`variants.mechanics`) share the same records without importing each other.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple


class Finding(NamedTuple):
    """A problem at a JSON path; ``at_key`` when the key itself is what is wrong."""

    path: tuple[str | int, ...]
    message: str
    at_key: bool = False


RuleView = Mapping[str, Any]
"""Some blocks of one resolved set of rules, by block name."""


@dataclass(frozen=True)
class RuleCheck:
    """One check of resolved rules and the blocks it reads.

    The check is given only the blocks it names, so it cannot read any other: what it finds
    depends on those blocks alone, which lets the loader check option combinations block by
    block."""

    reads: tuple[str, ...]
    run: Callable[[RuleView], Iterator[Finding]]


def reads(*blocks: str) -> Callable[[Callable[[RuleView], Iterator[Finding]]], RuleCheck]:
    """Declare a check of the rules and the blocks it reads: ``@reads("board", "pack")``."""

    def declare(function: Callable[[RuleView], Iterator[Finding]]) -> RuleCheck:
        return RuleCheck(blocks, function)

    return declare


def compartments(data: RuleView) -> list[dict[str, Any]]:
    """The board's compartments, as data (a check that calls this reads ``board``)."""
    found: list[dict[str, Any]] = data["board"]["compartments"]
    return found


def in_pack(pack: Mapping[str, Any], card: str) -> bool:
    """Whether a card, as written, is in a ``pack`` block's ranks and not removed."""
    key = card_key(card)
    removed = {card_key(c) for c in pack.get("removed", ())}
    return key not in removed and key[:-1] in {card_key(r) for r in pack["ranks"]}


def card_key(card: str | int) -> str:
    """A card or rank written one way (``10`` for ``T``, capitals), to compare as written."""
    return str(card).upper().replace("T", "10")
