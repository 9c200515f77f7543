"""Whole games: choosing the first dealer, dealing round the table, the closing deal, standings."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import assert_never

from ..core.cards import RANKS, rank_of
from ..mechanics.base import WonBy
from ..mechanics.ruleset import Rules
from .compiled import CompiledRules, compile_rules
from .deal import shuffled_deal
from .events import (
    CompartmentWon,
    DealerChosen,
    DealStarted,
    Dealt,
    Event,
    GameEnded,
)
from .play import DealResult, Policy, play_deal, play_shuffled
from .staking import EVEN, Staking

CLOSING = WonBy("closing", "holder", "Closing")
"""A compartment shared out at a game's closing deal to the holders of its cards."""


@dataclass(frozen=True)
class GameResult:
    players: int
    first_dealer: int
    deals: tuple[DealResult, ...]
    totals: tuple[int, ...]
    """Each seat's net counters over the whole game, closing deal included."""
    winners: tuple[int, ...]
    """The seats with the most counters (more than one on a tie)."""
    board: tuple[int, ...]
    """Counters left on the board at the very end."""
    events: tuple[Event, ...]


def choose_first_dealer(
    compiled: CompiledRules, rng: random.Random
) -> tuple[int, tuple[tuple[int, int], ...]]:
    """The first dealer by the ruleset's method, and the cards drawn or dealt to decide it."""
    method = compiled.rules.first_dealer.method
    players = compiled.players
    pack = list(compiled.pack)
    rng.shuffle(pack)
    match method:
        case "agreed":
            return 0, ()
        case "first-jack":
            return _first_jack(pack, players)
        case "lowest-card":
            return _lowest_card(compiled, pack, rng)
        case _:
            assert_never(method)


def _first_jack(pack: list[int], players: int) -> tuple[int, tuple[tuple[int, int], ...]]:
    """Cards dealt round face up from the shuffled ``pack`` until one is a jack."""
    draws: list[tuple[int, int]] = []
    jack = RANKS.index("J")
    for index, card in enumerate(pack):
        seat = index % players
        draws.append((seat, card))
        if rank_of(card) == jack:
            return seat, tuple(draws)
    raise AssertionError("a pack with no jack")  # pragma: no cover - the pack has jacks


def _lowest_card(
    compiled: CompiledRules, pack: list[int], rng: random.Random
) -> tuple[int, tuple[tuple[int, int], ...]]:
    """Each seat draws from the shuffled ``pack``; those tied for lowest draw again."""
    players = compiled.players
    draws: list[tuple[int, int]] = []
    contenders = list(range(players))
    while True:
        drawn = [(seat, pack.pop()) for seat in contenders]
        draws += drawn
        low = min(compiled.rank_pos[card] for _, card in drawn)
        contenders = [seat for seat, card in drawn if compiled.rank_pos[card] == low]
        if len(contenders) == 1:
            return contenders[0], tuple(draws)
        if len(pack) < len(contenders):  # pragma: no cover - needs an improbable run of ties
            pack = [c for c in compiled.pack if c not in {card for _, card in draws[-players:]}]
            rng.shuffle(pack)


def play_game(
    rules: Rules,
    players: int,
    policy: Policy,
    rng: random.Random,
    record: bool = True,
    staking: Staking = EVEN,
) -> GameResult:
    """A whole game, each deal's leads chosen by ``policy`` and, where the players choose their
    stakes, the stakes laid by ``staking``, every random choice drawn from ``rng``."""
    return play_compiled_game(compile_rules(rules, players), policy, rng, record, staking)


def play_compiled_game(
    compiled: CompiledRules,
    policy: Policy,
    rng: random.Random,
    record: bool = True,
    staking: Staking = EVEN,
) -> GameResult:
    """:func:`play_game` with the rules already compiled for the table: the simulator plays
    many games of the same rules, and finding them compiled again for each costs a hash of
    the whole ruleset."""
    rules = compiled.rules
    players = compiled.players
    first, draws = choose_first_dealer(compiled, rng)
    log: list[Event] = []
    if record:
        log.append(DealerChosen(first, rules.first_dealer.method, draws))
    board: tuple[int, ...] = (0,) * len(compiled.ids)
    totals = [0] * players
    results: list[DealResult] = []
    trump: int | None = None
    count = rules.game.deal_count(players)
    every_deal = rules.dressing.every_deal
    for number in range(count):
        dealer = (first + number) % players
        dress = every_deal or number == 0
        if record:
            setup = shuffled_deal(compiled, rng, dealer, board, banker=first, dress=dress)
            result = play_deal(compiled, setup, policy, rng, staking=staking)
        else:  # the same deal, dealt straight into the play loop's tables
            result = play_shuffled(
                compiled, rng, dealer, board, policy, banker=first, dress=dress, staking=staking
            )
        if record:
            log.append(DealStarted(number, dealer, players, result.trump))
            log += result.events
        results.append(result)
        board = result.board
        trump = result.trump if result.trump is not None else trump
        for seat in range(players):
            totals[seat] += result.net[seat]
    if closes(rules, board):
        dealer = (first + count) % players
        board = closing_deal(
            compiled, rng, dealer, board, trump, totals, log if record else None, count
        )
    found = winners(rules, totals)
    if record:
        log.append(GameEnded(tuple(totals), found, tuple(zip(compiled.ids, board, strict=True))))
    return GameResult(players, first, tuple(results), tuple(totals), found, board, tuple(log))


def closes(rules: Rules, board: Sequence[int]) -> bool:
    """Whether the game ends with a closing deal, the last deal played leaving ``board``."""
    closing = rules.game.closing_deal
    match closing:
        case "face-up":
            return sum(board) > 0
        case "none":
            return False
        case _:
            assert_never(closing)


def closing_deal(
    compiled: CompiledRules,
    rng: random.Random,
    dealer: int,
    board: tuple[int, ...],
    trump: int | None,
    totals: list[int],
    log: list[Event] | None,
    number: int,
) -> tuple[int, ...]:
    """The whole pack dealt face up round the seats, no spare hand, the last trump kept: each
    card's holder empties its compartment, and each card of a pair takes half its counters."""
    players = compiled.players
    pack = list(compiled.pack)
    rng.shuffle(pack)
    hands, holder, _, _ = compiled.closing_layout(dealer).deal(pack)
    if log is not None:
        log.append(DealStarted(number, dealer, players, trump, closing=True))
        log.append(Dealt(dealer, tuple(map(tuple, hands)), (), None, "none"))
    remaining = list(board)
    tables = compiled.tables(trump)
    for index, compartment in enumerate(compiled.compartments):
        amount = remaining[index]
        cards = tables.cards_of[index]
        if amount == 0 or not cards:
            continue
        for seat, share in compartment.win.closing(holder, cards, amount).items():
            totals[seat] += share
            remaining[index] -= share
            if log is not None:
                log.append(CompartmentWon(compartment.id, seat, share, CLOSING))
    return tuple(remaining)


def winners(rules: Rules, totals: Sequence[int]) -> tuple[int, ...]:
    """The seats that have won the game (more than one on a tie)."""
    winner = rules.game.winner
    match winner:
        case "most-counters":
            best = max(totals)
            return tuple(seat for seat, total in enumerate(totals) if total == best)
        case _:
            assert_never(winner)
