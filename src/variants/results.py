"""Results read from the event log: the public JSON contract of ``variants play --json``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .cards import card_name
from .events import CompartmentWon, DealEnded, Event, Led, Played, WentOut


def plays(events: Sequence[Event]) -> list[tuple[int, int]]:
    """Every card played, in order, with the seat that played it."""
    return [(e.seat, e.card) for e in events if isinstance(e, Led | Played)]


def deal_json(
    ruleset_id: str, compartment_ids: Sequence[str], events: Sequence[Event]
) -> dict[str, Any]:
    """The result of one deal as the contract describes it, read from its events."""
    won: dict[str, list[int]] = {cid: [] for cid in compartment_ids}
    winner: int | None = None
    end: DealEnded | None = None
    for event in events:
        if isinstance(event, CompartmentWon) and event.seat not in won[event.compartment]:
            won[event.compartment].append(event.seat)
        elif isinstance(event, WentOut):
            winner = event.seat
        elif isinstance(event, DealEnded):
            end = event
    if end is None:
        raise ValueError("the event log holds no finished deal")
    return {
        "ruleset": ruleset_id,
        "plays": [{"seat": seat, "card": card_name(card)} for seat, card in plays(events)],
        "winner": winner,
        "won": won,
        "net": list(end.net),
        "board": dict(end.board),
    }
