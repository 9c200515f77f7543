"""Going out: the deal ends when a seat has played its last card; it takes the compartment won
by going out (Game) and is paid for every card left in the other hands.

- **Schema**: ``win.going_out`` (the compartment it wins), ``going_out.per_card`` and
  ``going_out.counted`` (cards, or their points).
- **Model**: :class:`GoingOutWin` (the ``going_out`` block is
  :class:`~variants.mechanics.ruleset.GoingOut`, where the holders' rule joins it).
- **Checks**: one compartment at most is won by going out.
- **Compile**: the index of that compartment.
- **Settlement**: :func:`settle_going_out`: Game taken (``going-out``), then each other seat
  pays per card left (a :class:`~variants.engine.events.Paid` ``going-out``), as its holders'
  rule (:mod:`.holders`) makes it: nothing, or double.
- **Phrases**: the rule in English, and what a payment is for.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal, assert_never

from ..core.cards import rank_of
from ..core.compiling import python_class
from ..core.findings import Finding, RuleView, compartments, reads
from ..core.words import cards_count, counters
from . import holders
from .base import Draft, Fragment, PaidFor, WayToWin, WonBy

if TYPE_CHECKING:
    from .hooks import Ledger, Tables
    from .ruleset import Rules

FRAGMENTS = (
    Fragment(
        "win",
        "going_out",
        {
            "const": True,
            "description": "Won by the seat that plays its last card first (Game).",
        },
        way="Going out.",
    ),
    Fragment(
        "going_out",
        "per_card",
        {
            "type": "integer",
            "description": "Each other seat pays the winner this many counters per card it holds.",
            "minimum": 0,
            "maximum": 1000,
        },
        required=True,
    ),
    Fragment(
        "going_out",
        "counted",
        {
            "description": (
                "What each other seat pays for: cards (the default), so much a card left in its "
                "hand; or points, so much a point of those cards, an ace one, a numeral card its "
                "number and a court card ten."
            ),
            "enum": ["cards", "points"],
        },
    ),
)

Counted = Literal["cards", "points"]
"""What going out is paid for: the cards left in a hand, or their points."""

POINTS = tuple(min(rank_of(card) + 1, 10) for card in range(52))
"""card -> its points: an ace one, a numeral card its number, a court card ten."""

WON = WonBy("going-out", "in-run", "Going out")
"""Game taken by going out (and, where nothing carries over, what is left on the board)."""


@python_class
@dataclass(frozen=True)
class GoingOutWin(WayToWin):
    """Won by the first seat to play its last card."""

    by_going_out: ClassVar[bool] = True

    def cards(self, trump: int | None) -> tuple[int, ...]:
        return ()

    def brief(self) -> str:
        return "going out"

    def sentences(self) -> tuple[str, ...]:
        return ("Won by the first player to play all their cards.",)

    def turned_up(self, trump_follows_turn_up: bool) -> str:
        return "If the turn-up wins it"

    def closing(self, holder: Sequence[int], cards: tuple[int, ...], amount: int) -> dict[int, int]:
        """No card wins it, so a closing deal leaves it where it is."""
        return {}


def build_win(raw: Mapping[str, Any]) -> GoingOutWin | None:
    return GoingOutWin() if "going_out" in raw else None


@reads("board")
def _one_game(data: RuleView) -> Iterator[Finding]:
    if sum("going_out" in c["win"] for c in compartments(data)) > 1:
        yield Finding(("board", "compartments"), "only one compartment can be won by going out")


CHECKS = (_one_game,)


def compile_tables(draft: Draft, rules: Rules) -> None:
    """The compartment going out wins, if any."""
    draft.game = next((i for i, c in enumerate(rules.board.compartments) if c.win.by_going_out), -1)


def settle_going_out(
    compiled: Tables,
    ledger: Ledger,
    winner: int,
    hands: list[list[int]],
    held: list[tuple[int, ...]],
) -> None:
    """``winner`` takes Game and collects for the cards left in the other hands."""
    if compiled.game >= 0 and not ledger.taken[compiled.game]:
        ledger.take(compiled.game, winner, WON)
    going = compiled.rules.going_out
    per_card = going.per_card
    count, paid, doubled = _counting(going.counted)
    log = ledger.log
    if log is None:
        # The winner's hand is empty, so it pays itself nothing.
        net = ledger.net
        total = 0
        for seat, factor in enumerate(holders.factors(compiled, held, per_card, hands)):
            amount = factor * count(hands[seat])
            net[seat] -= amount
            total += amount
        net[winner] += total
        return
    for other, hand in enumerate(hands):
        if other != winner:
            factor = holders.factor(compiled, log, other, held, hand)
            counted = count(hand)
            reason = doubled if factor > 1 else paid
            ledger.pay(other, winner, per_card * counted * factor, reason, counted)


def _points(hand: Sequence[int]) -> int:
    return sum(POINTS[card] for card in hand)


def _counting(counted: Counted) -> tuple[Callable[[Sequence[int]], int], PaidFor, PaidFor]:
    """How a hand left is counted, and what the payment is for: as it is, and doubled for a
    card its payer still holds (:mod:`.holders`)."""
    match counted:
        case "cards":
            return len, PAID, PAID_DOUBLED
        case "points":
            return _points, PAID_POINTS, PAID_POINTS_DOUBLED
        case _:
            assert_never(counted)


def paid_for(cards: int) -> str:
    """What a payment at going out is for: ``for 3 cards left``."""
    return f"for {cards_count(cards)} left"


def sentences(per_card: int, game_label: str | None, counted: Counted = "cards") -> tuple[str, ...]:
    """The rule of going out, in English (the holders' rules follow it)."""
    takes = f"takes the counters on {game_label} and " if game_label else ""
    start = "The deal ends as soon as a player has played all their cards."
    if per_card:
        return (
            f"{start} That player {takes}collects from every other player {counters(per_card)} "
            f"{_for_each(counted)}.",
        )
    return (f"{start} That player {takes}collects nothing for the cards left in other hands.",)


def _rule(rules: Rules, cards: int) -> str:
    return "rule-going-out"


def _for_each(counted: Counted) -> str:
    match counted:
        case "cards":
            return "for each card left in their hand"
        case "points":
            return (
                "for each point of the cards left in their hand (an ace one, a numeral card its "
                "number, a court card ten)"
            )
        case _:
            assert_never(counted)


def paid_for_points(points: int) -> str:
    """What a payment for the points left is for: ``for 23 points left``."""
    return f"for {points} point{'' if points == 1 else 's'} left"


PAID = PaidFor("going-out", paid_for, _rule)
"""A payment for the cards left in a hand when a seat goes out."""
PAID_POINTS = PaidFor("points-left", paid_for_points, _rule)
"""A payment for the points of the cards left in a hand when a seat goes out."""


def _doubled(words: Callable[[int], str]) -> Callable[[int], str]:
    return lambda counted: f"{words(counted)}, doubled for the unplayed card held"


PAID_DOUBLED = PaidFor("going-out-doubled", _doubled(paid_for), _rule)
"""A payment for the cards left, doubled for a card its payer holds (:mod:`.holders`)."""
PAID_POINTS_DOUBLED = PaidFor("points-left-doubled", _doubled(paid_for_points), _rule)
"""A payment for the points left, doubled for a card its payer holds (:mod:`.holders`)."""
