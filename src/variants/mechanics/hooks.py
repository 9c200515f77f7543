"""What a mechanic's hooks are given while a deal is played and settled: the compiled tables,
the ledger and the event log, each as the mechanics see it.

The engine's own classes (:class:`variants.engine.compiled.CompiledRules`,
:class:`variants.engine.settle.Ledger`, a list of :data:`variants.engine.events.Event`) have
these shapes; mypy checks that they do wherever the engine calls a hook. The mechanics so
depend only on what they use, and never on the engine above them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, Protocol, TypeVar

from . import bonus, card, going_out, pair, payments, showing, turn_up_payout

if TYPE_CHECKING:
    from .holders import Exempted
    from .ruleset import Compartment, Rules
    from .unplayed_penalty import Penalty

WinHow = Literal[card.How, pair.How, turn_up_payout.How, going_out.How, showing.How, "closing"]
"""How a compartment is won: by a mechanic, or at a game's closing deal."""
PayReason = Literal[going_out.Reason, turn_up_payout.Reason, bonus.Reason, payments.Reason]
"""What a payment is for: the mechanic that makes it."""

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

    def take(self, index: int, seat: int, how: WinHow) -> None:
        """``seat`` takes everything on a compartment."""

    def pay(self, payer: int, payee: int, amount: int, reason: PayReason, cards: int) -> None:
        """``payer`` pays ``payee`` ``amount`` counters, for ``cards`` cards when per card."""

    def stake(self, seat: int, index: int, amount: int) -> None:
        """``seat`` puts ``amount`` counters on a compartment."""

    def share(self, index: int, shares: dict[int, int], left: int) -> None:
        """The seats in ``shares`` divide a compartment; ``left`` counters stay on it."""
