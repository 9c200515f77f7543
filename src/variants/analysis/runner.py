"""The runner: a run's chunks shared out over processes, and their tallies merged in order.

This process plays every ``processes``-th chunk itself while forked worker processes play the
rest, each sent a few ahead; the results come back in the chunks' order, so the figures are
the same whatever the number of processes. Interrupts (Ctrl-C, SIGTERM) are the starting
process's to handle: it stops its workers, and a worker whose starter has gone stops itself.
"""

from __future__ import annotations

import contextlib
import gc
import multiprocessing
import multiprocessing.context
import multiprocessing.process
import os
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any, Protocol, TypeVar

from ..engine.compiled import compile_rules
from ..engine.policies import make_policy
from ..engine.staking import DEFAULT_STAKING
from ..mechanics.ruleset import Ruleset
from ..rules.advice import advice_beside
from .chunks import (
    CHUNK,
    GAME_CHUNK,
    Job,
    chief_id,
    compiled_for,
    holder_jobs,
    jobs_for,
    run_card_holder,
    run_deals,
    run_games,
    run_policy_seat,
)
from .tallies import GameTally, SeatTally, Tally

MAX_COUNT = 10**12
"""The most deals or games one run may play (``variants simulate`` refuses more)."""


class _Tally(Protocol):
    def merge(self, other: Any, /) -> None: ...


Merged = TypeVar("Merged", bound=_Tally)
"""A kind of tally, merged chunk by chunk."""


def processes_for(processes: int, count: int, chunk: int) -> int:
    """No more processes than there are chunks to play."""
    return max(1, min(processes, -(-count // chunk)))


Task = tuple[Callable[[Job], Any], Job]
"""A chunk and the function that plays it."""


def _merged(
    total: Merged,
    worker: Callable[[Job], Merged],
    jobs: Iterable[Job],
    count: int,
    chunk: int,
    processes: int,
    progress: Callable[[int], None] | None,
) -> Merged:
    """``total`` with the tallies of a run's chunks (``count`` deals or games) merged into it,
    in order, the chunks played by up to ``processes`` processes."""
    tasks = ((worker, job) for job in jobs)
    for tally in run_tasks(tasks, processes_for(processes, count, chunk), progress):
        total.merge(tally)
    return total


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


def orphaned(parent: int) -> None:
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
    threading.Thread(target=orphaned, args=(parent,), daemon=True).start()
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
    return _merged(total, run_deals, jobs, deals, CHUNK, processes, progress)


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
    return _merged(total, run_games, jobs, games, GAME_CHUNK, processes, progress)


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
    return _merged(total, run_policy_seat, jobs, deals, CHUNK, processes, progress)


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
        compartment = chief_id(rules, ruleset.id)
    ids = compile_rules(rules, players).ids
    if compartment not in ids:
        raise ValueError(f"ruleset {ruleset.id!r} has no compartment {compartment!r} here")
    jobs = holder_jobs(
        jobs_for(ruleset, options or {}, players, policy, seed, deals, CHUNK), compartment
    )
    total = SeatTally(players)
    return _merged(total, run_card_holder, jobs, deals, CHUNK, processes, progress)
