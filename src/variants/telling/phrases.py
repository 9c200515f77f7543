"""The words a deal is told in: one phrase for each thing the narration, the replay and the
site's worked examples say, so that each is said one way.

Cards are passed in already written (a glyph, plain ASCII or coloured, as the teller's style
asks); ruleset text (labels, the spare hand's name) is passed in as it stands.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import assert_never

from ..core.cards import suit_words
from ..core.words import cap, counters, join_words
from ..mechanics.base import PaidFor, WonBy
from ..mechanics.ruleset import FirstDealer, StopCause, TurnUpFate


@dataclass(frozen=True, slots=True)
class StopPhrase:
    """Why a run stopped, said at length (the narration) and briefly (a replay step).

    Each is a template: ``{card}`` is the card the run stopped at, ``{gone}`` the card that
    could not follow it, ``{spare}`` the name of the spare hand or stock."""

    told: str
    brief: str

    def tell(self, card: str, gone: str, spare: str) -> str:
        return self.told.format(card=card, gone=gone, spare=spare)

    def say(self, card: str, gone: str, spare: str) -> str:
        return self.brief.format(card=card, gone=gone, spare=spare)


def stop_phrase(cause: StopCause) -> StopPhrase:
    """Why a run stopped, as the players at the table would infer it."""
    match cause:
        case "king":
            return StopPhrase("{card} is the top of its suit", "{card} is the top of its suit")
        case "removed":
            return StopPhrase("{gone} is out of the pack", "{gone} is out of the pack")
        case "turn-up":
            return StopPhrase("{gone} is the turn-up", "{gone} is the turn-up")
        case "unseen":
            return StopPhrase(
                "no one plays {gone}, so it must lie in the {spare}",
                "{gone} must lie in the {spare}",
            )
        case "played":
            return StopPhrase("{gone} has been played already", "{gone} has been played")
        case "held":
            return StopPhrase("{gone} may only be led", "{gone} may only be led")
        case _:
            assert_never(cause)


def stops_at(card: str, why: str) -> str:
    """Where a run stopped and why, a sentence: ``The run stops at 8♦: 9♦ is the turn-up.``"""
    return f"The run stops at {card}: {why}."


def trumps(suit: int) -> str:
    """``hearts are trumps``."""
    return f"{suit_words(suit)} are trumps"


def first_dealer_by(method: FirstDealer) -> str:
    """How the first dealer was found: ``drawing the lowest card``."""
    match method:
        case "lowest-card":
            return "drawing the lowest card"
        case "first-jack":
            return "being dealt the first jack"
        case "agreed":
            return "agreement"
        case _:
            assert_never(method)


def turn_up_fate(fate: TurnUpFate) -> str:
    """What becomes of the turn-up once it is seen."""
    match fate:
        case "table":
            return "it stays on the table, a stop"
        case "dealer":
            return "the dealer takes it into hand"
        case "holder":
            return "it stays, face up, in the hand it was dealt to"
        case _:
            assert_never(fate)


def paid_for(reason: PaidFor, cards: int) -> str:
    """What a payment is for: ``for 3 cards left``."""
    return reason.words(cards)


def pays(payers: Sequence[str], payee: str, amount: int, why: str) -> str:
    """Who pays whom how much and why, a sentence: ``Seat 0 pays seat 1 3 counters for the
    ace of diamonds.``; several payers of the same amount ``each pay``."""
    if len(payers) == 1:
        return f"{cap(payers[0])} pays {payee} {counters(amount)} {why}."
    return f"{cap(join_words(payers))} each pay {payee} {counters(amount)} {why}."


def shared(label: str, shares: Sequence[tuple[str, int]]) -> str:
    """Seats dividing a compartment, each named, a sentence: ``Seat 1 and seat 2 share
    Matrimony, 3 counters each.``, or with what each takes when the shares differ."""
    names = cap(join_words([name for name, _ in shares]))
    if len({amount for _, amount in shares}) == 1:
        return f"{names} share {label}, {counters(shares[0][1])} each."
    each = join_words([f"{name} takes {counters(amount)}" for name, amount in shares])
    return f"{names} share {label}: {each}."


def took(how: WonBy) -> str:
    """The verb of a seat winning a compartment: ``takes``, or ``takes a share of``."""
    return "takes a share of" if how.shared else "takes"


def taking(who: str, how: WonBy, label: str, amount: str) -> str:
    """A seat winning a compartment, ``amount`` already written: ``Player 2 takes Pope (3
    counters)``, ``Player 1 takes a share of Matrimony (2)``."""
    return f"{who} {took(how)} {label} ({amount})"


def taken(who: str, how: WonBy, label: str, amount: int) -> str:
    """A seat winning a compartment, a sentence: ``Player 2 takes Pope (3 counters).``, and how
    where its way of winning says: ``... (3 counters), sweeping the board.``"""
    line = taking(who, how, label, counters(amount))
    return f"{line}, {how.after}." if how.after else f"{line}."


def shows(who: str, cards: str) -> str:
    """A seat showing its hand, a sentence: ``Player 1 shows Q♥ K♥.``"""
    return f"{who} shows {cards}."


def carried(label: str, amount: int) -> str:
    """A compartment not taken, a sentence: ``Pope keeps 6 counters for the next deal.``"""
    return f"{label} keeps {counters(amount)} for the next deal."
