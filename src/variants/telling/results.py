"""Results read from the event log: the table as a deal's events leave it, and the public JSON
contract of ``variants play --json``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, assert_never

from ..core.cards import card_name
from ..engine.events import (
    Announced,
    CarriedOver,
    CompartmentWon,
    DealEnded,
    DealerChosen,
    DealStarted,
    Dealt,
    DealVoided,
    Dressed,
    Event,
    Exempted,
    GameEnded,
    Led,
    Paid,
    Passed,
    Penalty,
    Played,
    PlayedApart,
    Shown,
    Stopped,
    TurnedUp,
    WentOut,
)


def plays(events: Sequence[Event]) -> list[tuple[int, int]]:
    """Every card played, in order, with the seat that played it."""
    played: list[tuple[int, int]] = []
    for event in events:
        match event:
            case (
                Led(seat=seat, card=card)
                | Played(seat=seat, card=card)
                | PlayedApart(seat=seat, card=card)
            ):
                played.append((seat, card))
            case (
                DealerChosen()
                | DealStarted()
                | Dressed()
                | Dealt()
                | TurnedUp()
                | Paid()
                | Passed()
                | Exempted()
                | CompartmentWon()
                | DealVoided()
                | Shown()
                | Announced()
                | Stopped()
                | WentOut()
                | Penalty()
                | CarriedOver()
                | DealEnded()
                | GameEnded()
            ):
                pass
            case _:
                assert_never(event)
    return played


class Table:
    """The table as one deal's events leave it, folded in one event at a time: the counters on
    each compartment, the cards each seat still holds, the run being played, and each seat's
    counters put on the board, taken from it and paid to or by other seats.

    Every reader of a deal's counters (the replay, the worked examples, ``play --json``) folds
    the events here, so they cannot disagree."""

    __slots__ = (
        "board",
        "face_up",
        "hands",
        "ids",
        "paid",
        "plays",
        "run",
        "runs",
        "shown",
        "staked",
        "taken",
        "went_out",
        "won",
    )

    def __init__(self, ids: Sequence[str], board: Sequence[int], players: int) -> None:
        self.ids = tuple(ids)
        self.board = list(board)
        """Counters on each compartment, in board order."""
        self.hands: list[list[int]] = [[] for _ in range(players)]
        """The cards each seat holds (once dealt)."""
        self.run: list[tuple[int, int]] = []
        """(seat, card) for each card of the run being played."""
        self.plays: list[tuple[int, int]] = []
        """(seat, card) for every card played, in order."""
        self.runs = 0
        self.staked = [0] * players
        """Counters each seat put on the board: its dressing and its penalties."""
        self.taken = [0] * players
        """Counters each seat took from the board."""
        self.paid = [0] * players
        """Counters each seat was paid by other seats, less those it paid them."""
        self.won: dict[str, dict[int, int]] = {cid: {} for cid in self.ids}
        """For each compartment, the counters each seat took from it (the whole or a share),
        seats in the order they first took some."""
        self.went_out: int | None = None
        self.face_up: list[int] = []
        """Each seat's card dealt face up, by seat (empty: none is)."""
        self.shown: list[int] = []
        """The seats whose hands were shown, in the order they were shown."""

    @property
    def net(self) -> list[int]:
        """Each seat's counters won less counters lost."""
        return [p + t - s for p, t, s in zip(self.paid, self.taken, self.staked, strict=True)]

    def add(self, event: Event) -> None:
        """Fold in one event."""
        match event:
            case Dressed(seat=seat, compartment=cid, amount=amount):
                self.board[self.ids.index(cid)] += amount
                self.staked[seat] += amount
            case Dealt(hands=hands, face_up=face_up):
                self.hands = [list(hand) for hand in hands]
                self.face_up = list(face_up)
            case Shown(seat=seat):
                self.shown.append(seat)
            case Announced(seat=seat, compartment=cid):
                staked = event.staked()
                self.board[self.ids.index(cid)] += staked
                self.staked[seat] += staked
            case (
                Led(seat=seat, card=card)
                | Played(seat=seat, card=card)
                | PlayedApart(seat=seat, card=card)
            ):
                if isinstance(event, Led):
                    self.runs += 1
                    self.run = []
                self.hands[seat].remove(card)
                self.run.append((seat, card))
                self.plays.append((seat, card))
            case CompartmentWon(compartment=cid, seat=seat, amount=amount):
                self.board[self.ids.index(cid)] -= amount
                self.taken[seat] += amount
                won = self.won[cid]
                won[seat] = won.get(seat, 0) + amount
            case Paid(payer=payer, payee=payee, amount=amount):
                self.paid[payer] -= amount
                self.paid[payee] += amount
            case Penalty(seat=seat, compartment=cid, amount=amount):
                self.board[self.ids.index(cid)] += amount
                self.staked[seat] += amount
            case WentOut(seat=seat):
                self.went_out = seat
            case (
                DealerChosen()
                | DealStarted()
                | TurnedUp()
                | Exempted()
                | DealVoided()
                | Passed()
                | Stopped()
                | CarriedOver()
                | DealEnded()
                | GameEnded()
            ):
                pass
            case _:
                assert_never(event)


def deal_json(
    ruleset_id: str, compartment_ids: Sequence[str], events: Sequence[Event]
) -> dict[str, Any]:
    """The result of one deal as the contract describes it, read from its events."""
    end = next((e for e in reversed(events) if isinstance(e, DealEnded)), None)
    if end is None:
        raise ValueError("the event log holds no finished deal")
    table = Table(compartment_ids, [0] * len(compartment_ids), len(end.net))
    for event in events:
        table.add(event)
    return {
        "ruleset": ruleset_id,
        "plays": [{"seat": seat, "card": card_name(card)} for seat, card in plays(events)],
        "winner": table.went_out,
        "won": {cid: list(seats) for cid, seats in table.won.items()},
        "net": list(end.net),
        "board": dict(end.board),
    }
