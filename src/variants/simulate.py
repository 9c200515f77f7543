"""Monte Carlo over many deals or games, streamed into integer tallies.

Deals are played in fixed chunks, each with a generator seeded from the run's seed and the
chunk's number, and tallies merge in chunk order; so the numbers are the same whatever the
number of processes. Memory stays flat: no deal is kept, only sums.
"""

from __future__ import annotations

import gc
import math
import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .bulk import tally_deals
from .compiled import CompiledRules, compile_rules
from .deal import shuffled_deal
from .game import play_game
from .loader import load_ruleset
from .play import DealResult, play_deal, play_shuffled
from .policies import make_policy
from .ruleset import Ruleset

CHUNK = 2_000
"""Deals per chunk: the unit of work and of seeding."""
GAME_CHUNK = 50
Z95 = 1.959963984540054


@dataclass
class Stat:
    """Count, sum and sum of squares of an integer quantity."""

    n: int = 0
    total: int = 0
    squares: int = 0

    def add(self, value: int) -> None:
        self.n += 1
        self.total += value
        self.squares += value * value

    def merge(self, other: Stat) -> None:
        self.n += other.n
        self.total += other.total
        self.squares += other.squares

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

    def interval(self) -> tuple[float, float]:
        """The mean's 95% confidence interval (normal approximation)."""
        if self.n < 2:
            return (self.mean, self.mean)
        variance = (self.squares - self.total * self.total / self.n) / (self.n - 1)
        half = Z95 * math.sqrt(max(variance, 0.0) / self.n)
        return (self.mean - half, self.mean + half)

    def summary(self) -> dict[str, Any]:
        low, high = self.interval()
        return {"mean": round(self.mean, 4), "ci95": [round(low, 4), round(high, 4)], "n": self.n}


@dataclass
class Tally:
    """Everything counted over a run of independent deals."""

    players: int
    compartments: tuple[str, ...]
    deals: int = 0
    voided: int = 0
    net: list[Stat] = field(default_factory=list)
    """By position from the dealer's left: 0 is the elder hand, players - 1 the dealer."""
    cards: Stat = field(default_factory=Stat)
    won_in_play: list[int] = field(default_factory=list)
    won_at_turn_up: list[int] = field(default_factory=list)
    carried: list[int] = field(default_factory=list)
    held: list[int] = field(default_factory=list)
    size_when_won: list[Stat] = field(default_factory=list)
    winner: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        k = len(self.compartments)
        self.net = self.net or [Stat() for _ in range(self.players)]
        self.won_in_play = self.won_in_play or [0] * k
        self.won_at_turn_up = self.won_at_turn_up or [0] * k
        self.carried = self.carried or [0] * k
        self.held = self.held or [0] * k
        self.size_when_won = self.size_when_won or [Stat() for _ in range(k)]
        self.winner = self.winner or [0] * self.players

    def add(self, result: DealResult) -> None:
        """Count one deal, dealt with seat ``players - 1`` dealing (so seat = position)."""
        self.deals += 1
        for stat, value in zip(self.net, result.net, strict=True):
            stat.n += 1
            stat.total += value
            stat.squares += value * value
        if result.winner is None:
            self.voided += 1
        else:
            self.winner[result.winner] += 1
            self.cards.add(result.cards_played)
        for index, seats in enumerate(result.won):
            if seats:
                if result.by_turn_up[index]:
                    self.won_at_turn_up[index] += 1
                else:
                    self.won_in_play[index] += 1
                self.size_when_won[index].add(result.took[index])
        self.carried = list(map(_count, self.carried, result.board))
        self.held = list(map(_count, self.held, result.held))

    def merge(self, other: Tally) -> None:
        self.deals += other.deals
        self.voided += other.voided
        for mine, theirs in zip(self.net, other.net, strict=True):
            mine.merge(theirs)
        self.cards.merge(other.cards)
        for name in ("won_in_play", "won_at_turn_up", "carried", "held", "winner"):
            mine_list: list[int] = getattr(self, name)
            mine_list[:] = [a + b for a, b in zip(mine_list, getattr(other, name), strict=True)]
        for stat, theirs in zip(self.size_when_won, other.size_when_won, strict=True):
            stat.merge(theirs)


@dataclass
class GameTally:
    players: int
    games: int = 0
    total: list[Stat] = field(default_factory=list)
    """Net over the game, by position from the first dealer's left (the first dealer last)."""
    spread: Stat = field(default_factory=Stat)
    winner: list[int] = field(default_factory=list)
    shared_wins: int = 0
    compartments: tuple[str, ...] = ()
    size_when_won: list[Stat] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.total = self.total or [Stat() for _ in range(self.players)]
        self.winner = self.winner or [0] * self.players
        self.size_when_won = self.size_when_won or [Stat() for _ in self.compartments]

    def merge(self, other: GameTally) -> None:
        self.games += other.games
        for mine, theirs in zip(self.total, other.total, strict=True):
            mine.merge(theirs)
        self.spread.merge(other.spread)
        self.winner = [a + b for a, b in zip(self.winner, other.winner, strict=True)]
        self.shared_wins += other.shared_wins
        for stat, theirs in zip(self.size_when_won, other.size_when_won, strict=True):
            stat.merge(theirs)


@dataclass(frozen=True)
class Job:
    """One chunk of work: what any process needs to play it alone."""

    ruleset_path: str
    options: tuple[tuple[str, str], ...]
    players: int
    policy: str
    seed: int
    chunk: int
    count: int


_COMPILED: dict[tuple[str, tuple[tuple[str, str], ...], int], CompiledRules] = {}


def _compiled(job: Job) -> CompiledRules:
    found = _COMPILED.get((job.ruleset_path, job.options, job.players))
    if found is None:  # a process that was not forked from the one that made the jobs
        ruleset = load_ruleset(Path(job.ruleset_path), each_option=False)
        found = compiled_for(ruleset, dict(job.options), job.players)
    return found


def _options_key(ruleset: Ruleset, options: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    """Every option's value, chosen or default, in a fixed order: part of a job and its key."""
    return tuple(sorted(ruleset.choices(options).items()))


def compiled_for(ruleset: Ruleset, options: Mapping[str, str], players: int) -> CompiledRules:
    """The rules a run plays, compiled once: its jobs use them in this process, and processes
    forked to play them inherit them instead of loading the file again."""
    options_key = _options_key(ruleset, options)
    key = (ruleset.path, options_key, players)
    found = _COMPILED.get(key)
    if found is None:
        found = _COMPILED[key] = compile_rules(ruleset.rules_for(dict(options_key)), players)
    return found


def chunk_rng(seed: int, chunk: int) -> random.Random:
    """The generator for one chunk, from the run's seed and the chunk's number."""
    return random.Random(f"variants/{seed}/{chunk}")


def run_deals(job: Job) -> Tally:
    compiled = _compiled(job)
    policy = make_policy(job.policy)
    rng = chunk_rng(job.seed, job.chunk)
    tally = Tally(job.players, compiled.ids)
    dealer = job.players - 1  # so that seat s is position s: 0 the elder hand, the dealer last
    if policy.quick:
        tally_deals(compiled, rng, job.count, dealer, policy, tally)
    else:
        for _ in range(job.count):
            tally.add(play_shuffled(compiled, rng, dealer, None, policy))
    return tally


def run_games(job: Job) -> GameTally:
    compiled = _compiled(job)
    policy = make_policy(job.policy)
    rng = chunk_rng(job.seed, job.chunk)
    n = job.players
    tally = GameTally(n, compartments=compiled.ids)
    for _ in range(job.count):
        game = play_game(compiled.rules, n, policy, rng, record=False)
        tally.games += 1
        for seat, total in enumerate(game.totals):
            tally.total[(seat - game.first_dealer - 1) % n].add(total)
        tally.spread.add(max(game.totals) - min(game.totals))
        if len(game.winners) > 1:
            tally.shared_wins += 1
        for seat in game.winners:
            tally.winner[(seat - game.first_dealer - 1) % n] += 1
        for deal in game.deals:
            for index, seats in enumerate(deal.won):
                if seats:
                    tally.size_when_won[index].add(deal.took[index])
    return tally


def jobs_for(
    ruleset: Ruleset,
    options: Mapping[str, str],
    players: int,
    policy: str,
    seed: int,
    count: int,
    chunk: int,
) -> list[Job]:
    options_key = _options_key(ruleset, options)
    jobs = []
    for number, start in enumerate(range(0, count, chunk)):
        jobs.append(
            Job(ruleset.path, options_key, players, policy, seed, number, min(chunk, count - start))
        )
    compiled_for(ruleset, options, players)
    return jobs


def _run(
    worker: Callable[[Job], Any],
    jobs: list[Job],
    processes: int,
    progress: Callable[[int], None] | None,
) -> Iterator[Any]:
    if processes <= 1 or len(jobs) <= 1:
        for job in jobs:
            result = worker(job)
            if progress:
                progress(job.count)
            yield result
        return
    from concurrent.futures import ProcessPoolExecutor  # only when there is more than one

    # What is loaded now (rulesets, schema, compiled rules) lives as long as the run: frozen,
    # the collector in each forked process leaves it alone instead of touching, and so
    # copying, every page of it.
    gc.freeze()
    try:
        # This process is one of the ``processes``: it plays every ``processes``-th chunk
        # itself while the others play the rest; chunks are still merged in their order.
        with ProcessPoolExecutor(max_workers=processes - 1) as pool:
            futures = {
                number: pool.submit(worker, job)
                for number, job in enumerate(jobs)
                if number % processes
            }
            for number, job in enumerate(jobs):
                result = futures.pop(number).result() if number % processes else worker(job)
                if progress:
                    progress(job.count)
                yield result
    finally:
        gc.unfreeze()


def simulate_deals(
    ruleset: Ruleset,
    players: int,
    deals: int,
    seed: int,
    policy: str = "random",
    options: Mapping[str, str] | None = None,
    processes: int = 1,
    progress: Callable[[int], None] | None = None,
) -> Tally:
    jobs = jobs_for(ruleset, options or {}, players, policy, seed, deals, CHUNK)
    compiled = compiled_for(ruleset, options or {}, players)
    total = Tally(players, compiled.ids)
    for tally in _run(run_deals, jobs, processes, progress):
        total.merge(tally)
    return total


def simulate_games(
    ruleset: Ruleset,
    players: int,
    games: int,
    seed: int,
    policy: str = "random",
    options: Mapping[str, str] | None = None,
    processes: int = 1,
    progress: Callable[[int], None] | None = None,
) -> GameTally:
    jobs = jobs_for(ruleset, options or {}, players, policy, seed, games, GAME_CHUNK)
    compiled = compiled_for(ruleset, options or {}, players)
    total = GameTally(players, compartments=compiled.ids)
    for tally in _run(run_games, jobs, processes, progress):
        total.merge(tally)
    return total


# --------------------------------------------------------------------------------------------
# One seat followed through each deal: a policy's seat, or the seat dealt a compartment's card.


@dataclass
class SeatTally:
    """One seat followed in each deal, against the other seats of the same deal.

    ``edge`` sums ``(players - 1) * net - (the other seats' nets)`` per deal: an integer whose
    mean, divided by ``players - 1``, is how much better the followed seat did than an average
    other seat at the same table (a paired difference, so the seat's position cancels out when
    the followed seat moves round the table)."""

    players: int
    deals: int = 0
    followed: int = 0
    """Deals in which a seat was followed (a card's holder: the card was dealt to a hand)."""
    net: Stat = field(default_factory=Stat)
    edge: Stat = field(default_factory=Stat)
    went_out: int = 0
    won: int = 0
    """Deals in which the followed seat took the compartment followed (card holders only)."""
    took: Stat = field(default_factory=Stat)
    """Counters the followed seat took from that compartment, 0 when it did not take it."""

    def follow(self, result: DealResult, seat: int, compartment: int = -1) -> None:
        self.followed += 1
        net = result.net[seat]
        self.net.add(net)
        self.edge.add((self.players - 1) * net - (sum(result.net) - net))
        if result.winner == seat:
            self.went_out += 1
        if compartment >= 0:
            mine = seat in result.won[compartment]
            self.won += mine
            self.took.add(result.took[compartment] if mine else 0)

    def merge(self, other: SeatTally) -> None:
        self.deals += other.deals
        self.followed += other.followed
        self.net.merge(other.net)
        self.edge.merge(other.edge)
        self.went_out += other.went_out
        self.won += other.won
        self.took.merge(other.took)


@dataclass(frozen=True)
class HolderJob(Job):
    compartment: str = "pope"


def run_policy_seat(job: Job) -> SeatTally:
    """Deals where one seat follows ``job.policy`` and the others lead at random; the followed
    seat moves one place round the table each deal (by the deal's number in the run)."""
    compiled = _compiled(job)
    chosen = make_policy(job.policy)
    others = make_policy("random")
    rng = chunk_rng(job.seed, job.chunk)
    n = job.players
    tally = SeatTally(n)
    dealer = n - 1
    seats = []
    for seat in range(n):
        policies = [others] * n
        policies[seat] = chosen
        seats.append(policies)
    first = job.chunk * CHUNK
    for number in range(first, first + job.count):
        seat = number % n
        tally.deals += 1
        tally.follow(play_shuffled(compiled, rng, dealer, None, seats[seat]), seat)
    return tally


def run_card_holder(job: Job) -> SeatTally:
    """Deals played by ``job.policy`` at every seat, following the seat dealt the card that wins
    ``job.compartment`` (a compartment won by one named card, such as the Pope)."""
    compiled = _compiled(job)
    compartment = job.compartment if isinstance(job, HolderJob) else "pope"
    index = compiled.ids.index(compartment)
    card = compiled.compartments[index].win.card
    if card is None:
        raise ValueError(f"compartment {compartment!r} is not won by one named card")
    policy = make_policy(job.policy)
    rng = chunk_rng(job.seed, job.chunk)
    tally = SeatTally(job.players)
    dealer = job.players - 1
    for _ in range(job.count):
        setup = shuffled_deal(compiled, rng, dealer)
        result = play_deal(compiled, setup, policy, rng, record=False)
        tally.deals += 1
        for seat, hand in enumerate(setup.hands):
            if card in hand:
                tally.follow(result, seat, index)
                break
    return tally


def simulate_policy_seat(
    ruleset: Ruleset,
    players: int,
    deals: int,
    seed: int,
    policy: str,
    options: Mapping[str, str] | None = None,
    processes: int = 1,
    progress: Callable[[int], None] | None = None,
) -> SeatTally:
    """One seat leads by ``policy``, the others at random: how that seat fares."""
    make_policy(policy)
    jobs = jobs_for(ruleset, options or {}, players, policy, seed, deals, CHUNK)
    total = SeatTally(players)
    for tally in _run(run_policy_seat, jobs, processes, progress):
        total.merge(tally)
    return total


def simulate_card_holder(
    ruleset: Ruleset,
    players: int,
    deals: int,
    seed: int,
    compartment: str = "pope",
    policy: str = "random",
    options: Mapping[str, str] | None = None,
    processes: int = 1,
    progress: Callable[[int], None] | None = None,
) -> SeatTally:
    """How the seat dealt ``compartment``'s card fares against the other seats."""
    make_policy(policy)
    ids = compile_rules(ruleset.rules_for(options or {}), players).ids
    if compartment not in ids:
        raise ValueError(f"ruleset {ruleset.id!r} has no compartment {compartment!r} here")
    jobs: list[Job] = [
        HolderJob(**{**vars(job), "compartment": compartment})
        for job in jobs_for(ruleset, options or {}, players, policy, seed, deals, CHUNK)
    ]
    total = SeatTally(players)
    for tally in _run(run_card_holder, jobs, processes, progress):
        total.merge(tally)
    return total


def seat_report(tally: SeatTally, meta: Mapping[str, Any]) -> dict[str, Any]:
    """A :class:`SeatTally` as JSON-ready figures: means with 95% intervals, rates with Wilson
    intervals; ``edge`` is per deal against an average other seat."""
    scale = max(tally.players - 1, 1)
    edge = tally.edge.summary()
    edge = {
        "mean": round(edge["mean"] / scale, 4),
        "ci95": [round(v / scale, 4) for v in edge["ci95"]],
        "n": edge["n"],
    }
    return {
        **meta,
        "deals": tally.deals,
        "followed": _rate(tally.followed, tally.deals),
        "net": tally.net.summary(),
        "edge": edge,
        "went_out": _rate(tally.went_out, tally.followed),
        "won": _rate(tally.won, tally.followed),
        "took": tally.took.summary(),
    }


def position_names(players: int) -> list[str]:
    """Seat positions counted from the dealer's left: the elder hand first, the dealer last."""
    names = ["elder hand"] + [f"seat {i + 1} from the dealer" for i in range(1, players - 1)]
    return [*names, "dealer"]


def deals_report(tally: Tally, meta: Mapping[str, Any]) -> dict[str, Any]:
    names = position_names(tally.players)
    played = tally.deals - tally.voided
    compartments = {}
    for index, cid in enumerate(tally.compartments):
        compartments[cid] = {
            "won_in_play": _rate(tally.won_in_play[index], tally.deals),
            "won_at_turn_up": _rate(tally.won_at_turn_up[index], tally.deals),
            "carried_over": _rate(tally.carried[index], tally.deals),
            "card_held_unplayed": _rate(tally.held[index], played),
            "size_when_won": tally.size_when_won[index].summary(),
        }
    return {
        **meta,
        "deals": tally.deals,
        "voided": _rate(tally.voided, tally.deals),
        "net_by_position": [
            {"position": names[i], **tally.net[i].summary()} for i in range(tally.players)
        ],
        "went_out_by_position": [
            {"position": names[i], **_rate(tally.winner[i], played)} for i in range(tally.players)
        ],
        "cards_played": tally.cards.summary(),
        "compartments": compartments,
    }


def games_report(tally: GameTally, meta: Mapping[str, Any]) -> dict[str, Any]:
    names = position_names(tally.players)
    names[-1] = "first dealer"
    return {
        **meta,
        "games": tally.games,
        "total_by_position": [
            {"position": names[i], **tally.total[i].summary()} for i in range(tally.players)
        ],
        "spread": tally.spread.summary(),
        "winner_by_position": [
            {"position": names[i], **_rate(tally.winner[i], tally.games)}
            for i in range(tally.players)
        ],
        "shared_wins": _rate(tally.shared_wins, tally.games),
        "size_when_won": {
            cid: tally.size_when_won[i].summary() for i, cid in enumerate(tally.compartments)
        },
    }


def _count(total: int, value: int) -> int:
    """``total`` plus one where ``value`` is non-zero (a count over deals)."""
    return total + 1 if value else total


def _rate(count: int, out_of: int) -> dict[str, Any]:
    """A proportion with its 95% Wilson interval."""
    if out_of == 0:
        return {"count": count, "rate": 0.0, "ci95": [0.0, 0.0]}
    p = count / out_of
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * out_of)) / (1 + z2 / out_of)
    half = Z95 * math.sqrt(p * (1 - p) / out_of + z2 / (4 * out_of * out_of)) / (1 + z2 / out_of)
    return {
        "count": count,
        "rate": round(p, 5),
        "ci95": [round(max(0.0, centre - half), 5), round(min(1.0, centre + half), 5)],
    }
