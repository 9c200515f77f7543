"""What a mechanic's hooks are given while a deal is played and settled: the compiled tables,
the ledger, the event log and the deal in play, each as the mechanics see it; and the hooks by
which a mechanic changes how play flows.

A mechanic's compile step puts its play hooks in the tables' draft (:class:`.base.Draft`); the
play loop calls them at these moments, and only for the deals, cards and stops that have one:

- :data:`AtDeal`, when the cards are dealt: the hook may settle the deal without a run (the
  hands shown);
- :data:`AtTurnUp`, when a card is turned up: the hook may pay the dealer for it, and may end
  the deal there; or, the deal going on, it may hold a stage before play (hands shown, bets
  made: :class:`.base.Announced` events);
- :data:`InTurn`, before a card is played in its turn in a run: the hook may take the play
  over (Spin played with the card), and the run stops;
- :data:`AfterCard`, after a card is played and has won what it wins: the hook may play more
  (a card played with Spin), and the run stops;
- :data:`AtStop`, when a run stops for want of a card that no one holds: the hook may play a
  card (the Pope in place of the missing one), and the run goes on from the card it says;
- :data:`AtTurn`, when the player of a run's last card cannot play the next one (another seat
  holds it, or no one does): the hook may tell who passes before it is played, and may have a
  seat play a card, the run going on from that card or from the card it stands for. A hook
  that only tells is called only when a log is kept.
- :data:`AfterStop`, when a run has stopped and its last player is to lead the next: the hook
  may have him show cards and take compartments (a pair declared);
- :data:`AtEnd`, when a seat has gone out and the deal is settled: the hook may move counters
  for the cards left in the hands.

The engine's own classes (:class:`variants.engine.compiled.CompiledRules`,
:class:`variants.engine.settle.Ledger`, a list of :data:`variants.engine.events.Event`) have
these shapes; mypy checks that they do wherever the engine calls a hook. The mechanics so
depend only on what they use, and never on the engine above them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar

from .base import PaidFor, WonBy

if TYPE_CHECKING:
    from .base import Announced, Passed, PlayedApart
    from .holders import Exempted
    from .ruleset import Compartment, Rules
    from .showing import Shown
    from .turn_up_payout import DealVoided
    from .unplayed_penalty import Penalty

E_contra = TypeVar("E_contra", contravariant=True)


class Log(Protocol[E_contra]):
    """Where a hook records what it did: the log of events, kept when someone will read it."""

    def append(self, event: E_contra, /) -> None: ...


class Tables(Protocol):
    """The compiled rules of one deal, as settlement hooks read them."""

    @property
    def rules(self) -> Rules: ...
    @property
    def players(self) -> int: ...
    @property
    def succ(self) -> tuple[int, ...]:
        """card -> the next card of its suit, or -1 after the top rank."""

    @property
    def rank_pos(self) -> tuple[int, ...]:
        """card -> its place in the order of ranks (higher is better)."""

    @property
    def ids(self) -> tuple[str, ...]:
        """The compartments' ids, in board order."""

    @property
    def compartments(self) -> tuple[Compartment, ...]: ...
    @property
    def game(self) -> int:
        """The compartment won by going out, or -1."""

    @property
    def penalties(self) -> tuple[int, ...]:
        """Compartments whose card, left in a hand, doubles them."""

    @property
    def holders(self) -> tuple[tuple[int, bool], ...]:
        """(compartment, exempt?) for the cards whose holders going out treats apart."""

    @property
    def card_holders(self) -> tuple[tuple[int, bool], ...]:
        """(card, exempt?) for the cards named apart from any compartment."""


class Ledger(Protocol):
    """The counters of one deal, as settlement hooks move them."""

    @property
    def board(self) -> list[int]: ...
    @property
    def net(self) -> list[int]: ...
    @property
    def taken(self) -> list[bool]: ...
    @property
    def log(self) -> Log[Exempted | Penalty] | None: ...

    def take(self, index: int, seat: int, how: WonBy) -> None:
        """``seat`` takes everything on a compartment."""

    def pay(self, payer: int, payee: int, amount: int, reason: PaidFor, cards: int) -> None:
        """``payer`` pays ``payee`` ``amount`` counters, for ``cards`` cards when per card."""

    def stake(self, seat: int, index: int, amount: int) -> None:
        """``seat`` puts ``amount`` counters on a compartment."""

    def share(self, index: int, shares: dict[int, int], left: int, how: WonBy) -> None:
        """The seats in ``shares`` divide a compartment, each taking it as ``how`` says;
        ``left`` counters stay on it."""


class Run(Protocol):
    """A deal in play, as a play-flow hook sees it and moves it."""

    @property
    def compiled(self) -> Tables: ...
    @property
    def hands(self) -> list[list[int]]: ...
    @property
    def ledger(self) -> Ledger: ...
    @property
    def log(self) -> Log[PlayedApart | Passed | Shown | DealVoided | Announced] | None: ...

    def holder(self, card: int) -> int:
        """The seat holding ``card``, or -1 when it is in no hand."""

    def play(self, seat: int, card: int) -> None:
        """``seat`` plays ``card`` from his hand outside the run's order."""

    def record(self, seat: int, card: int) -> None:
        """Log ``card`` as played by ``seat`` (when a log is kept)."""

    def settle_card(self, card: int, seat: int, previous: int) -> None:
        """What ``card``, played by ``seat`` after ``previous`` (-1: none), wins or pays, as for
        any card played in its turn."""

    def joins(self, seat: int, card: int, with_card: int) -> bool:
        """Whether ``seat``'s player, who plays ``card`` in its turn, plays ``with_card`` with
        it (the seat's policy decides)."""

    def plays_instead(self, seat: int, card: int, missing: int) -> bool:
        """Whether ``seat``'s player, whose turn it is in a run and who cannot play ``missing``,
        plays ``card`` instead (the seat's policy decides)."""

    def vies(self, seat: int, facing: int) -> int:
        """The counters ``seat``'s player puts up when the players bet (the seat's policy
        decides): facing no bet (``facing`` 0), what he bets; facing a bet of ``facing``, that
        much to hold it (more: to raise it to that, where the rules let him); 0 to pass."""


AtDeal = Callable[[Run, int, "Sequence[int]"], bool]
"""(the deal, dealer, the cards dealt face up) -> whether the hook settled the deal without a
run."""
AtTurnUp = Callable[[Run, int, int], bool]
"""(the deal, dealer, the card turned up) -> whether the deal ends there, unplayed."""
InTurn = Callable[[Run, int, int, int], bool]
"""(the deal, seat, card, the card before it) -> whether the hook played the card itself; the
run then stops, and the seat leads next."""
AfterCard = Callable[[Run, int, int], "int | None"]
"""(the deal, seat, card just played) -> the last card the hook had the seat play, the run then
stopping with the seat to lead; None when it played nothing."""
AtStop = Callable[[Run, int], "tuple[int, int, int] | None"]
"""(the deal, the missing card) -> (seat, card, from) when the hook had a seat play a card, the
run going on from the card ``from`` (the missing card, for a card played in its place); None
when it played nothing."""
AtTurn = Callable[[Run, int, int, int], "tuple[int, int, int] | None"]
"""(the deal, the seat that played the run's last card, the seat holding the next card or -1
when no one does, the next card) -> (seat, card, from) when the hook had a seat play a card,
the run going on from the card ``from`` (the card itself, or the card it stands for); None when
it played nothing."""
AfterStop = Callable[[Run, int], None]
"""(the deal, the seat that played the stop and leads next, with cards left) -> nothing."""
AtEnd = Callable[[Run, int], None]
"""(the deal, the seat that went out) -> nothing: called once the deal is settled, the cards
left in the hands still in them."""
