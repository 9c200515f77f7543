"""Monte Carlo over many deals or games, streamed into integer tallies.

Deals are played in fixed chunks, each with a generator seeded from the run's seed and the
chunk's number, and tallies merge in chunk order; so the numbers are the same whatever the
number of processes. Memory stays flat: no deal is kept, only sums.
"""

from __future__ import annotations

import contextlib
import gc
import math
import multiprocessing
import multiprocessing.context
import multiprocessing.process
import os
import random
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from ..engine.compiled import CompiledRules, compile_rules
from ..engine.deal import shuffled_deal
from ..engine.game import play_compiled_game
from ..engine.play import DealResult, Policy, play_deal, play_shuffled
from ..engine.policies import make_policy
from ..engine.staking import DEFAULT_STAKING, EVEN, Staking, make_staking
from ..mechanics.ruleset import Rules, Ruleset
from ..rules import roles
from ..rules.advice import advice_beside
from .bulk import tally_deals

CHUNK = 2_000
"""Deals per chunk: the unit of work and of seeding."""
GAME_CHUNK = 50
MAX_COUNT = 10**12
"""The most deals or games one run may play (``variants simulate`` refuses more)."""
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
    staking: str
    """The staking policy, where the players choose their stakes."""


_COMPILED: dict[tuple[str, tuple[tuple[str, str], ...], int], CompiledRules] = {}


def _compiled(job: Job) -> CompiledRules:
    found = _COMPILED.get((job.ruleset_path, job.options, job.players))
    if found is None:  # a process that was not forked from the one that made the jobs
        from ..rules.loader import load_ruleset  # not at the top: the browser has no loader

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
    policy = make_policy(job.policy, advice_beside(job.ruleset_path))
    staking = make_staking(job.staking)
    return deal_tally(compiled, policy, chunk_rng(job.seed, job.chunk), job.count, staking)


def deal_tally(
    compiled: CompiledRules,
    policy: Policy,
    rng: random.Random,
    count: int,
    staking: Staking = EVEN,
) -> Tally:
    """``count`` deals played from ``rng`` and counted: one chunk of a run."""
    tally = Tally(compiled.players, compiled.ids)
    dealer = compiled.players - 1  # so that seat s is position s: 0 the elder hand, the dealer last
    if policy.quick:
        tally_deals(compiled, rng, count, dealer, policy, tally, staking)
    else:
        for _ in range(count):
            tally.add(play_shuffled(compiled, rng, dealer, None, policy, staking=staking))
    return tally


def run_games(job: Job) -> GameTally:
    compiled = _compiled(job)
    policy = make_policy(job.policy, advice_beside(job.ruleset_path))
    staking = make_staking(job.staking)
    rng = chunk_rng(job.seed, job.chunk)
    n = job.players
    tally = GameTally(n, compartments=compiled.ids)
    for _ in range(job.count):
        game = play_compiled_game(compiled, policy, rng, record=False, staking=staking)
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
    staking: str = DEFAULT_STAKING,
) -> Iterator[Job]:
    """The run's chunks, made one at a time as they are wanted (a run of any size costs the
    same memory); the rules are compiled now, before any process is forked."""
    options_key = _options_key(ruleset, options)
    compiled_for(ruleset, options, players)
    return (
        Job(
            ruleset.path,
            options_key,
            players,
            policy,
            seed,
            number,
            min(chunk, count - start),
            staking,
        )
        for number, start in enumerate(range(0, count, chunk))
    )


def processes_for(processes: int, count: int, chunk: int) -> int:
    """No more processes than there are chunks to play."""
    return max(1, min(processes, -(-count // chunk)))


Task = tuple[Callable[[Job], Any], Job]
"""A chunk and the function that plays it."""


def _played(
    worker: Callable[[Job], Any],
    jobs: Iterable[Job],
    count: int,
    chunk: int,
    processes: int,
    progress: Callable[[int], None] | None,
) -> Iterator[Any]:
    """The results of a run's chunks, in order, played by up to ``processes`` processes."""
    tasks = ((worker, job) for job in jobs)
    return run_tasks(tasks, processes_for(processes, count, chunk), progress)


def run_tasks(
    tasks: Iterable[Task], processes: int, progress: Callable[[int], None] | None = None
) -> Iterator[Any]:
    """Each task's result, in the tasks' order, played by ``processes`` processes.

    This process is one of them: it plays every ``processes``-th task itself while the others
    play the rest, each sent only a few tasks ahead, so tasks are taken from ``tasks`` as they
    are wanted. The other processes are forked (they inherit the compiled rules); they stop
    when the tasks run out, when this process is interrupted or fails, and when it dies."""
    if processes <= 1:
        for worker, job in tasks:
            result = worker(job)
            if progress:
                progress(job.count)
            yield result
        return
    # What is loaded now (rulesets, schema, compiled rules) lives as long as the run: frozen,
    # the collector in each forked process leaves it alone instead of touching, and so
    # copying, every page of it.
    gc.freeze()
    try:
        with _Pool(processes - 1) as pool:
            numbered = enumerate(tasks)
            window: deque[tuple[int, Task]] = deque()
            limit = AHEAD * processes

            def top_up() -> None:
                while len(window) < limit:
                    taken = next(numbered, None)
                    if taken is None:
                        return
                    number, task = taken
                    whose = number % processes
                    if whose:
                        pool.send(whose - 1, task)
                    window.append((whose, task))

            top_up()
            while window:
                whose, (worker, job) = window.popleft()
                top_up()  # the others get their next tasks before this one plays its own
                result = pool.receive(whose - 1) if whose else worker(job)
                if progress:
                    progress(job.count)
                yield result
    finally:
        gc.unfreeze()


AHEAD = 2
"""Tasks sent to each other process ahead of the one it is playing, so that it never waits."""
_STOP_SIGNALS = {signal.SIGINT, signal.SIGTERM}


class WorkerError(RuntimeError):
    """Another process of a run stopped before its work was done."""


def _context() -> multiprocessing.context.BaseContext:
    if "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context()


def _block_stop_signals(block: bool) -> None:
    """Hold back (or let through) interrupts in this thread: a process forked meanwhile starts
    with them held back, and sets its own handlers before it lets them through."""
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_BLOCK if block else signal.SIG_UNBLOCK, _STOP_SIGNALS)


def _orphaned(parent: int) -> None:
    """Stop this process once the process that started it has gone, however it went."""
    while os.getppid() == parent:
        time.sleep(0.2)
    os._exit(1)


def _serve(tasks: Connection, results: Connection, parent: int) -> None:
    """Another process of a run: play each task sent, send back its result, until told to stop.

    Interrupts are left to the process that started it (a terminal sends Ctrl-C to the whole
    group): that process stops this one, or this one stops itself when it finds it gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _block_stop_signals(False)
    threading.Thread(target=_orphaned, args=(parent,), daemon=True).start()
    while True:
        try:
            task = tasks.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        worker, job = task
        outcome: tuple[bool, Any]
        try:
            outcome = (True, worker(job))
        except Exception as error:
            outcome = (False, error)
        try:
            results.send(outcome)
        except OSError:
            return
        except Exception:  # a result or error that cannot be sent: say what it was
            results.send((False, WorkerError(f"{type(outcome[1]).__name__}: {outcome[1]}")))


@dataclass
class _Worker:
    process: multiprocessing.process.BaseProcess
    tasks: Connection
    results: Connection


class _Pool:
    """Processes that play tasks sent to each by number and send back results in order."""

    def __init__(self, size: int) -> None:
        self.workers: list[_Worker] = []
        context = _context()
        try:
            _block_stop_signals(True)
            try:
                for _ in range(size):
                    task_reader, task_writer = context.Pipe(duplex=False)
                    result_reader, result_writer = context.Pipe(duplex=False)
                    process = context.Process(  # type: ignore[attr-defined]
                        target=_serve, args=(task_reader, result_writer, os.getpid()), daemon=True
                    )
                    self.workers.append(_Worker(process, task_writer, result_reader))
                    process.start()
                    # Only the worker keeps its ends, so its results end when it does.
                    task_reader.close()
                    result_writer.close()
            finally:
                _block_stop_signals(False)  # an interrupt held back meanwhile arrives here
        except BaseException:
            self.close(finished=False)
            raise

    def __enter__(self) -> _Pool:
        return self

    def __exit__(self, kind: type[BaseException] | None, *_: object) -> None:
        self.close(finished=kind is None)

    def send(self, index: int, task: Task) -> None:
        try:
            self.workers[index].tasks.send(task)
        except OSError:
            raise self._stopped(index) from None

    def receive(self, index: int) -> Any:
        try:
            ok, value = self.workers[index].results.recv()
        except (EOFError, OSError):
            raise self._stopped(index) from None
        if not ok:
            raise value
        return value

    def _stopped(self, index: int) -> WorkerError:
        process = self.workers[index].process
        process.join(1)
        code = process.exitcode
        how = f"killed by signal {-code}" if code is not None and code < 0 else f"status {code}"
        return WorkerError(f"a simulation process stopped before its work was done ({how})")

    def close(self, finished: bool) -> None:
        """Stop the processes: told to finish when the work is done, else at once."""
        for worker in self.workers:
            if finished:
                with contextlib.suppress(OSError):
                    worker.tasks.send(None)
            elif worker.process.pid is not None:
                worker.process.terminate()
        for worker in self.workers:
            if worker.process.pid is not None:
                worker.process.join(5 if finished else 1)
                if worker.process.is_alive():
                    worker.process.kill()
                    worker.process.join()
            worker.tasks.close()
            worker.results.close()
        self.workers = []


def simulate_deals(
    ruleset: Ruleset,
    players: int,
    deals: int,
    seed: int,
    policy: str = "random",
    options: Mapping[str, str] | None = None,
    processes: int = 1,
    progress: Callable[[int], None] | None = None,
    staking: str = DEFAULT_STAKING,
) -> Tally:
    jobs = jobs_for(ruleset, options or {}, players, policy, seed, deals, CHUNK, staking)
    compiled = compiled_for(ruleset, options or {}, players)
    total = Tally(players, compiled.ids)
    for tally in _played(run_deals, jobs, deals, CHUNK, processes, progress):
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
    staking: str = DEFAULT_STAKING,
) -> GameTally:
    jobs = jobs_for(ruleset, options or {}, players, policy, seed, games, GAME_CHUNK, staking)
    compiled = compiled_for(ruleset, options or {}, players)
    total = GameTally(players, compartments=compiled.ids)
    for tally in _played(run_games, jobs, games, GAME_CHUNK, processes, progress):
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

    def follow_holder(
        self, result: DealResult, hands: Sequence[Sequence[int]], card: int, compartment: int
    ) -> None:
        """Count one deal, following the seat dealt ``card`` (if a hand holds it), which wins
        the compartment at index ``compartment``."""
        self.deals += 1
        for seat, hand in enumerate(hands):
            if card in hand:
                self.follow(result, seat, compartment)
                return

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
    compartment: str
    """The id of the compartment whose card's holder is followed."""


def holder_jobs(jobs: Iterable[Job], compartment: str) -> Iterator[Job]:
    """The same chunks, each following the holder of ``compartment``'s card."""
    return (HolderJob(**{**vars(job), "compartment": compartment}) for job in jobs)


def run_policy_seat(job: Job) -> SeatTally:
    """Deals where one seat follows ``job.policy`` and the others lead at random; the followed
    seat moves one place round the table each deal (by the deal's number in the run)."""
    compiled = _compiled(job)
    chosen = make_policy(job.policy, advice_beside(job.ruleset_path))
    others = make_policy("random")
    staking = make_staking(job.staking)
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
        played = play_shuffled(compiled, rng, dealer, None, seats[seat], staking=staking)
        tally.follow(played, seat)
    return tally


def run_card_holder(job: Job) -> SeatTally:
    """Deals played by ``job.policy`` at every seat, following the seat dealt the card that wins
    ``job.compartment`` (a compartment won by one named card); a plain :class:`Job` follows the
    Pope's (:func:`variants.rules.roles.chief_card`)."""
    compiled = _compiled(job)
    compartment = job.compartment if isinstance(job, HolderJob) else _chief_card(compiled.rules, "")
    index, card = _followed_card(compiled, compartment)
    policy = make_policy(job.policy, advice_beside(job.ruleset_path))
    staking = make_staking(job.staking)
    rng = chunk_rng(job.seed, job.chunk)
    tally = SeatTally(job.players)
    dealer = job.players - 1
    for _ in range(job.count):
        setup = shuffled_deal(compiled, rng, dealer)
        result = play_deal(compiled, setup, policy, rng, record=False, staking=staking)
        tally.follow_holder(result, setup.hands, card, index)
    return tally


def _followed_card(compiled: CompiledRules, compartment: str) -> tuple[int, int]:
    """The index of ``compartment`` and the one card that wins it."""
    index = compiled.ids.index(compartment)
    card = roles.named_card(compiled.compartments[index].win)
    if card is None:
        raise ValueError(f"compartment {compartment!r} is not won by one named card")
    return index, card


@dataclass(frozen=True)
class SharedJob(Job):
    """One chunk of deals, every seat leading by ``policy``, counted several ways at once: as
    independent deals (:func:`run_deals`), following a seat round the table
    (:func:`run_policy_seat` when its policy is every seat's) and following the holder of each
    compartment's card in ``holders`` (:func:`run_card_holder`). Each of those plays the same
    deals from the same generator, so one playing gives all their figures."""

    tally: bool = True
    seat: bool = False
    holders: tuple[str, ...] = ()


@dataclass
class SharedTally:
    """What :func:`run_shared` counts: each tally its job asked for, the others None."""

    deals: Tally | None
    seat: SeatTally | None
    holders: list[SeatTally]

    def merge(self, other: SharedTally) -> None:
        if self.deals is not None and other.deals is not None:
            self.deals.merge(other.deals)
        if self.seat is not None and other.seat is not None:
            self.seat.merge(other.seat)
        for mine, theirs in zip(self.holders, other.holders, strict=True):
            mine.merge(theirs)


def shared_tally(job: SharedJob, compartments: tuple[str, ...]) -> SharedTally:
    """An empty :class:`SharedTally` for what ``job`` counts."""
    n = job.players
    return SharedTally(
        Tally(n, compartments) if job.tally else None,
        SeatTally(n) if job.seat else None,
        [SeatTally(n) for _ in job.holders],
    )


def run_shared(job: Job) -> SharedTally:
    """Play a chunk once and count it as each of the runs that share it would (a plain
    :class:`Job` as independent deals)."""
    if not isinstance(job, SharedJob):
        job = SharedJob(**vars(job))
    compiled = _compiled(job)
    policy = make_policy(job.policy, advice_beside(job.ruleset_path))
    rng = chunk_rng(job.seed, job.chunk)
    n = job.players
    dealer = n - 1
    counted = shared_tally(job, compiled.ids)
    deals, seat = counted.deals, counted.seat
    holders = [
        (tally, *_followed_card(compiled, compartment))
        for compartment, tally in zip(job.holders, counted.holders, strict=True)
    ]
    staking = make_staking(job.staking)
    first = job.chunk * CHUNK
    for number in range(first, first + job.count):
        setup = shuffled_deal(compiled, rng, dealer)
        result = play_deal(compiled, setup, policy, rng, record=False, staking=staking)
        if deals is not None:
            deals.add(result)
        if seat is not None:
            seat.deals += 1
            seat.follow(result, number % n)
        for tally, index, card in holders:
            tally.follow_holder(result, setup.hands, card, index)
    return counted


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
    make_policy(policy, advice_beside(ruleset.path))
    jobs = jobs_for(ruleset, options or {}, players, policy, seed, deals, CHUNK)
    total = SeatTally(players)
    for tally in _played(run_policy_seat, jobs, deals, CHUNK, processes, progress):
        total.merge(tally)
    return total


def _chief_card(rules: Rules, ruleset_id: str) -> str:
    """The id of the Pope: the compartment won by one named card that the dressing stakes most
    on (:func:`variants.rules.roles.chief_card`)."""
    chief = roles.chief_card(rules)
    if chief is None:
        where = f"ruleset {ruleset_id!r}: " if ruleset_id else ""
        raise ValueError(f"{where}no compartment is won by one named card")
    return chief.id


def simulate_card_holder(
    ruleset: Ruleset,
    players: int,
    deals: int,
    seed: int,
    compartment: str | None = None,
    policy: str = "random",
    options: Mapping[str, str] | None = None,
    processes: int = 1,
    progress: Callable[[int], None] | None = None,
) -> SeatTally:
    """How the seat dealt ``compartment``'s card fares against the other seats (by default
    the Pope's: the compartment won by one named card that the dressing stakes most on)."""
    make_policy(policy, advice_beside(ruleset.path))
    rules = ruleset.rules_for(options or {})
    if compartment is None:
        compartment = _chief_card(rules, ruleset.id)
    ids = compile_rules(rules, players).ids
    if compartment not in ids:
        raise ValueError(f"ruleset {ruleset.id!r} has no compartment {compartment!r} here")
    jobs = holder_jobs(
        jobs_for(ruleset, options or {}, players, policy, seed, deals, CHUNK), compartment
    )
    total = SeatTally(players)
    for tally in _played(run_card_holder, jobs, deals, CHUNK, processes, progress):
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
        "followed": wilson_rate(tally.followed, tally.deals),
        "net": tally.net.summary(),
        "edge": edge,
        "went_out": wilson_rate(tally.went_out, tally.followed),
        "won": wilson_rate(tally.won, tally.followed),
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
            "won_in_play": wilson_rate(tally.won_in_play[index], tally.deals),
            "won_at_turn_up": wilson_rate(tally.won_at_turn_up[index], tally.deals),
            "carried_over": wilson_rate(tally.carried[index], tally.deals),
            "card_held_unplayed": wilson_rate(tally.held[index], played),
            "size_when_won": tally.size_when_won[index].summary(),
        }
    return {
        **meta,
        "deals": tally.deals,
        "voided": wilson_rate(tally.voided, tally.deals),
        "net_by_position": [
            {"position": names[i], **tally.net[i].summary()} for i in range(tally.players)
        ],
        "went_out_by_position": [
            {"position": names[i], **wilson_rate(tally.winner[i], played)}
            for i in range(tally.players)
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
            {"position": names[i], **wilson_rate(tally.winner[i], tally.games)}
            for i in range(tally.players)
        ],
        "shared_wins": wilson_rate(tally.shared_wins, tally.games),
        "size_when_won": {
            cid: tally.size_when_won[i].summary() for i, cid in enumerate(tally.compartments)
        },
    }


def _count(total: int, value: int) -> int:
    """``total`` plus one where ``value`` is non-zero (a count over deals)."""
    return total + 1 if value else total


def wilson_rate(count: int, out_of: int) -> dict[str, Any]:
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
