"""Vying for a pool: before play, the players bet on the sets of one rank they hold (pairs,
threes, fours), and the best set among those who bet takes the pool and the bets (Foster's
Pochen: the centre pool, "pochen", bet for after the pools round the edge are decided).

- **Schema**: ``win.vying`` (true): the compartment is won by vying; ``win.raising`` (none,
  once): whether a bet held may be raised (Meyers' and Pierer's Poch).
- **Model**: :class:`VyingWin`.
- **Checks**: one compartment at most is won by vying; a card is turned up, for the vying
  follows it (and the cards shown before play, :mod:`.shown_before_play`); raising only for
  vying.
- **Compile**: a hook when the card is turned up (:class:`Vie`).
- **Play**: in turn from the dealer's left, each player holding a set may bet, as his policy
  says (``Run.vies``); the first to bet puts his counters on the compartment (a :class:`Bet`),
  and every other player in turn from his left may hold the bet with as many, or pass (a
  :class:`Bet` held). Without raising, no bet is raised; with ``raising: once``, the last to
  hold may raise it once, to what his policy answered above the bet (a :class:`Raised`), and
  the first bettor and those who held after him, in turn, go along with as much more (a
  :class:`GoesAlong`) or withdraw, losing what they put in (a :class:`Withdraws`). Those who
  bet show their best sets (a :class:`SetShown` each), and the best takes the compartment
  (``show``): four of a kind beat three, three beat a pair, a higher rank beats a lower, and
  between equal sets the elder hand wins. A bet no one holds takes it unseen (a
  :class:`Unchallenged`, then ``unchallenged``); when nobody bets (a :class:`NobodyBets`), it
  stays.
- **Phrases**: the rule in English, the narration's words for each event.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, assert_never

from ..core.findings import Finding, RuleView, compartments, reads
from ..core.words import counters
from .base import Announced, Draft, Fragment, WayToWin, WonBy
from .showing import SHOWN

if TYPE_CHECKING:
    from .hooks import Run
    from .ruleset import Rules

FRAGMENTS = (
    Fragment(
        "win",
        "vying",
        {
            "const": True,
            "description": (
                "Won by vying, before play: in turn from the dealer's left, a player holding two "
                "or more cards of one rank may bet what he pleases, and every other player may "
                "hold the bet with as much (raised only as raising says); the best set among "
                "them takes the compartment and the bets (four of a kind, then three, then a "
                "pair, the higher rank first, the elder hand between equals). A bet nobody holds "
                "takes it unseen; without a bet it stays."
            ),
        },
        way="Vying.",
    ),
    Fragment(
        "win",
        "raising",
        {
            "description": (
                "For vying: none (no bet is raised) or once (the last to hold the bet may raise "
                "it once, and the others who bet go along with as much more or withdraw, "
                "losing what they put in)."
            ),
            "enum": ["none", "once"],
        },
    ),
)

Raising = Literal["none", "once"]

UNCHALLENGED = WonBy(
    "unchallenged", "line", "Before play", after="unchallenged, without showing a card"
)
"""A compartment taken by a bet nobody holds, the bettor's cards unseen (a compartment vied for
and shown is taken as the hands shown take one, :data:`.showing.SHOWN`)."""


@dataclass(frozen=True)
class VyingWin(WayToWin):
    """Won by the best set among the players who bet on it, before play."""

    before_play = True
    raising: Raising = "none"

    def cards(self, trump: int | None) -> tuple[int, ...]:
        """No given card wins it: any set of one rank may."""
        return ()

    def brief(self) -> str:
        return "the best set, by vying"

    def sentences(self) -> tuple[str, ...]:
        match self.raising:
            case "none":
                raising = "; no bet is raised."
            case "once":
                raising = (
                    ". The last to hold it may then raise it once, by as many counters as he "
                    "pleases; the first to bet and those who held after him, in turn, each go "
                    "along by putting in as many more, or withdraw, losing what they have put in."
                )
            case _:
                assert_never(self.raising)
        return (
            "Won by vying, after the trump is turned up and before any card is played. In turn "
            "from the dealer's left, each player who holds two or more cards of one rank may "
            "bet as many counters as he pleases on this compartment, or pass. Once one has "
            "bet, every other player in turn from his left may hold the bet by putting in as "
            f"many, or pass{raising}",
            "Those who bet show their best sets, and the best takes the compartment with every "
            "bet on it: four of a kind beat three, three beat a pair, and between sets of one "
            "size the higher rank wins; between equal sets, the elder hand. If nobody holds the "
            "bet, the player who made it takes the compartment without showing his cards; if "
            "nobody bets, its counters stay for the next deal.",
        )

    def turned_up(self, trump_follows_turn_up: bool) -> str:
        return "If the turn-up wins it"

    def closing(self, holder: Sequence[int], cards: tuple[int, ...], amount: int) -> dict[int, int]:
        return {}


def build_win(raw: Mapping[str, Any]) -> VyingWin | None:
    """The way to win a ``win`` mapping names, if it is this mechanic's."""
    return VyingWin(raw.get("raising", "none")) if "vying" in raw else None


@reads("board", "turn_up")
def _one_after_the_turn_up(data: RuleView) -> Iterator[Finding]:
    vied = [i for i, c in enumerate(compartments(data)) if "vying" in c["win"]]
    for index, compartment in enumerate(compartments(data)):
        if "raising" in compartment["win"] and "vying" not in compartment["win"]:
            yield Finding(
                ("board", "compartments", index, "win", "raising"), "raising is only for vying"
            )
    if len(vied) > 1:
        yield Finding(("board", "compartments"), "only one compartment can be won by vying")
    if vied and data["turn_up"]["card"] == "none":
        yield Finding(
            ("board", "compartments", vied[0], "win"),
            "the vying follows the card turned up for trump: turn one up",
        )


CHECKS = (_one_after_the_turn_up,)


def compile_tables(draft: Draft, rules: Rules) -> None:
    """The hook at the turn-up, for the compartment won by vying."""
    for index, compartment in enumerate(rules.board.compartments):
        if isinstance(compartment.win, VyingWin):
            draft.at_turn_up.append(Vie(index, _raises(compartment.win.raising)))


def _raises(raising: Raising) -> bool:
    """Whether the last to hold may raise the bet."""
    match raising:
        case "none":
            return False
        case "once":
            return True
        case _:
            assert_never(raising)


def best_set(
    hand: Sequence[int], rank_pos: Sequence[int]
) -> tuple[tuple[int, int], tuple[int, ...]]:
    """The best set of one rank in ``hand``, as (its size, its rank's place in the rank
    order), and its cards; ((0, -1), ()) without two cards of one rank."""
    sizes = Counter(rank_pos[card] for card in hand)
    key = max(((size, at) for at, size in sizes.items() if size > 1), default=(0, -1))
    return key, tuple(card for card in hand if rank_pos[card] == key[1])


@dataclass(frozen=True, slots=True)
class Bet(Announced):
    """Counters bet on ``compartment``: the first bet, or (``held``) as many to hold it."""

    seat: int
    amount: int
    compartment: str
    held: bool = False

    def staked(self) -> int:
        return self.amount

    def line(self, who: str, card: Callable[[int], str]) -> str:
        if self.held:
            return f"{who} holds the bet with {counters(self.amount)}."
        return f"{who} bets {counters(self.amount)} on the cards he holds."


@dataclass(frozen=True, slots=True)
class NobodyBets(Announced):
    """No player bets: told of the elder hand, the first to pass."""

    seat: int
    compartment: str

    def line(self, who: str, card: Callable[[int], str]) -> str:
        return f"{who} passes, and so does every other player: nobody bets on a set."


@dataclass(frozen=True, slots=True)
class SetShown(Announced):
    """A player who bet shows his best set (none: he holds no two cards of one rank)."""

    seat: int
    cards: tuple[int, ...]
    compartment: str

    def line(self, who: str, card: Callable[[int], str]) -> str:
        if not self.cards:
            return f"{who} shows no two cards of one rank."
        return f"{who} shows {' '.join(card(c) for c in self.cards)}."


@dataclass(frozen=True, slots=True)
class Raised(Announced):
    """The last to hold the bet raises it to ``to``, putting in ``amount`` more."""

    seat: int
    amount: int
    to: int
    compartment: str

    def staked(self) -> int:
        return self.amount

    def line(self, who: str, card: Callable[[int], str]) -> str:
        return f"{who} raises to {counters(self.to)}, putting in {self.amount} more."


@dataclass(frozen=True, slots=True)
class GoesAlong(Announced):
    """A player who bet before the raise goes along with it, putting in ``amount`` more."""

    seat: int
    amount: int
    compartment: str

    def staked(self) -> int:
        return self.amount

    def line(self, who: str, card: Callable[[int], str]) -> str:
        return f"{who} goes along with the raise, putting in {self.amount} more."


@dataclass(frozen=True, slots=True)
class Withdraws(Announced):
    """A player who bet before the raise withdraws, losing the ``lost`` counters he put in."""

    seat: int
    lost: int
    compartment: str

    def line(self, who: str, card: Callable[[int], str]) -> str:
        return f"{who} withdraws, losing {counters(self.lost)}."


@dataclass(frozen=True, slots=True)
class Unchallenged(Announced):
    """Nobody held the bet of ``seat``."""

    seat: int
    compartment: str

    def line(self, who: str, card: Callable[[int], str]) -> str:
        return f"{who}'s bet is not held."


@dataclass(frozen=True, slots=True)
class Vie:
    """The hook at the turn-up: the players vie for compartment ``index``, and the deal goes on
    to its play."""

    index: int
    raises: bool = False
    """Whether the last to hold may raise the bet once (``raising: once``)."""

    def __call__(self, run: Run, dealer: int, turn_up: int) -> bool:
        compiled = run.compiled
        players = compiled.players
        order = [(dealer + 1 + position) % players for position in range(players)]
        rank_pos = compiled.rank_pos
        compartment = compiled.ids[self.index]
        log, ledger = run.log, run.ledger
        bettor, amount = -1, 0
        for seat in order:
            if best_set(run.hands[seat], rank_pos)[1]:
                amount = run.vies(seat, 0)
                if amount > 0:
                    bettor = seat
                    break
        if bettor < 0:
            if log is not None:
                log.append(NobodyBets(order[0], compartment))
            return False
        ledger.stake(bettor, self.index, amount)
        if log is not None:
            log.append(Bet(bettor, amount, compartment))
        at = order.index(bettor)
        vying = [bettor]
        answered = 0
        for seat in order[at + 1 :] + order[:at]:
            answered_now = run.vies(seat, amount)
            if answered_now >= amount:
                answered = answered_now
                ledger.stake(seat, self.index, amount)
                vying.append(seat)
                if log is not None:
                    log.append(Bet(seat, amount, compartment, held=True))
        if self.raises and len(vying) > 1 and answered > amount:
            vying = self.raise_once(run, vying, amount, answered)
        if len(vying) == 1:
            if log is not None:
                log.append(Unchallenged(vying[0], compartment))
            ledger.take(self.index, vying[0], UNCHALLENGED)
            return False
        winner, best = -1, (-1, -1)
        for seat in sorted(vying, key=order.index):  # the elder hand first, winning ties
            key, cards = best_set(run.hands[seat], rank_pos)
            if log is not None:
                log.append(SetShown(seat, cards, compartment))
            if key > best:
                winner, best = seat, key
        ledger.take(self.index, winner, SHOWN)
        return False

    def raise_once(self, run: Run, vying: list[int], amount: int, to: int) -> list[int]:
        """The last to hold, in ``vying``, raises the bet of ``amount`` to ``to``; the others,
        in turn from the first bettor, go along or withdraw. Those still vying."""
        log, ledger = run.log, run.ledger
        compartment = run.compiled.ids[self.index]
        raiser = vying[-1]
        ledger.stake(raiser, self.index, to - amount)
        if log is not None:
            log.append(Raised(raiser, to - amount, to, compartment))
        along = []
        for seat in vying[:-1]:
            if run.vies(seat, to) >= to:
                ledger.stake(seat, self.index, to - amount)
                along.append(seat)
                if log is not None:
                    log.append(GoesAlong(seat, to - amount, compartment))
            elif log is not None:
                log.append(Withdraws(seat, amount, compartment))
        return [*along, raiser]
