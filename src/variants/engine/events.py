"""The typed event log: one small frozen record for every thing that happens at the table.

The engine appends these when someone will read them; results, narration, the site and the
statistics read the log instead of recomputing the play. The events only one mechanic makes
(an exemption, a penalty, a deal ended by its turn-up) are declared in its module of
:mod:`variants.mechanics` and belong to :data:`Event` here. Cards are ints (see :mod:`cards`),
seats are 0-based and play passes to the left (seat + 1).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..mechanics.base import Announced as Announced
from ..mechanics.base import PaidFor
from ..mechanics.base import Passed as Passed
from ..mechanics.base import PlayedApart as PlayedApart
from ..mechanics.base import WonBy as WonBy
from ..mechanics.holders import Exempted as Exempted
from ..mechanics.ruleset import FirstDealer
from ..mechanics.ruleset import StopCause as StopCause
from ..mechanics.showing import Shown as Shown
from ..mechanics.turn_up_payout import DealVoided as DealVoided
from ..mechanics.unplayed_penalty import Penalty as Penalty

TurnUpPlace = Literal["table", "hand", "spare", "none"]


@dataclass(frozen=True, slots=True)
class DealerChosen:
    seat: int
    method: FirstDealer
    draws: tuple[tuple[int, int], ...]
    """(seat, card) in the order drawn or dealt."""


@dataclass(frozen=True, slots=True)
class DealStarted:
    number: int
    """0-based deal number within the game."""
    dealer: int
    players: int
    trump: int | None
    closing: bool = False


@dataclass(frozen=True, slots=True)
class Dressed:
    seat: int
    compartment: str
    amount: int


@dataclass(frozen=True, slots=True)
class Dealt:
    dealer: int
    hands: tuple[tuple[int, ...], ...]
    """Each seat's cards once play starts, by seat."""
    spare: tuple[int, ...]
    turn_up: int | None
    turn_up_place: TurnUpPlace
    face_up: tuple[int, ...] = ()
    """Each seat's card dealt face up, by seat (empty: none is)."""
    pool: tuple[int, ...] = ()
    """The pool cards drawn for the deal, in board order (empty: none is drawn)."""


@dataclass(frozen=True, slots=True)
class TurnedUp:
    card: int
    dealer: int
    trump: int | None


@dataclass(frozen=True, slots=True)
class Paid:
    payer: int
    payee: int
    amount: int
    reason: PaidFor
    cards: int
    """The cards the payment counts (in the payer's hand, or dealt to it); for a payment for a
    card played (``card-played``), that card."""


@dataclass(frozen=True, slots=True)
class CompartmentWon:
    compartment: str
    seat: int
    amount: int
    how: WonBy


AS_GIVEN = "as given"
"""The reason of a lead that a deal file gives, when no policy explains it."""


@dataclass(frozen=True, slots=True)
class Led:
    seat: int
    card: int
    reason: str
    """Why the card was led, in words, cards written ``{QS}``; or :data:`AS_GIVEN`."""


@dataclass(frozen=True, slots=True)
class Played:
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class Stopped:
    seat: int
    """Who played the stop, and leads next."""
    card: int
    cause: StopCause
    missing: int | None
    """The card that could not follow (None after the top rank)."""


@dataclass(frozen=True, slots=True)
class WentOut:
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class CarriedOver:
    compartment: str
    amount: int


@dataclass(frozen=True, slots=True)
class DealEnded:
    winner: int | None
    net: tuple[int, ...]
    board: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class GameEnded:
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    board: tuple[tuple[str, int], ...]


Event = (
    DealerChosen
    | DealStarted
    | Dressed
    | Dealt
    | TurnedUp
    | Paid
    | Exempted
    | CompartmentWon
    | DealVoided
    | Led
    | Played
    | PlayedApart
    | Passed
    | Shown
    | Announced
    | Stopped
    | WentOut
    | Penalty
    | CarriedOver
    | DealEnded
    | GameEnded
)
