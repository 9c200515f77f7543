"""The runner: a run's chunks shared out over processes, and their tallies merged in order.

The chunks go to the standard library's process pool, each process a few ahead; the results
come back in the chunks' order, so the figures are the same whatever the number of processes.
Interrupts (Ctrl-C, SIGTERM) are the starting process's to handle: it cancels the work not
begun, and a process whose starter has gone stops itself.
"""

from __future__ import annotations

import gc
import multiprocessing
import multiprocessing.context
import os
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
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

    With more than one, the tasks go to the standard library's process pool
    (:func:`local_executor`), each process only a few tasks ahead, so tasks are taken from
    ``tasks`` as they are wanted. The processes stop when the tasks run out, when this process
    is interrupted or fails (the tasks not begun are cancelled), and when it dies."""
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
    pool = local_executor(processes)
    finished = False
    try:
        queue = iter(tasks)
        window: deque[tuple[Future[Any], int]] = deque()
        limit = AHEAD * processes

        def top_up() -> None:
            while len(window) < limit:
                task = next(queue, None)
                if task is None:
                    return
                worker, job = task
                window.append((pool.submit(worker, job), job.count))

        while True:
            try:
                top_up()
                if not window:
                    break
                future, count = window.popleft()
                result = future.result()
            except BrokenProcessPool:
                raise WorkerError("a simulation process stopped before its work was done") from None
            if progress:
                progress(count)
            yield result
        finished = True
    finally:
        pool.shutdown(wait=True, cancel_futures=not finished)
        gc.unfreeze()


AHEAD = 2
"""Tasks sent to each process ahead of the one it is playing, so that it never waits."""
_STOP_SIGNALS = {signal.SIGINT, signal.SIGTERM}


class WorkerError(RuntimeError):
    """Another process of a run stopped before its work was done."""


def local_executor(processes: int) -> ProcessPoolExecutor:
    """``processes`` processes of this machine, the standard library's pool: forked where the
    system can (they inherit what is loaded: the rulesets, the compiled rules), each leaving
    interrupts to this process (a terminal sends Ctrl-C to the whole group), which cancels the
    work, and each stopping when this process ends, however it ends. The pool starts its
    processes when it is given its first task, interrupts held back meanwhile: a new process
    lets them through once it has set its own handlers."""
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    return _HeldBack(processes, context)


class _HeldBack(ProcessPoolExecutor):
    """A process pool whose processes are started with interrupts held back, and let them
    through once they have set their own handlers (:func:`_worker_started`)."""

    def __init__(self, processes: int, context: multiprocessing.context.BaseContext) -> None:
        super().__init__(
            processes, mp_context=context, initializer=_worker_started, initargs=(os.getpid(),)
        )

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        _block_stop_signals(True)
        try:
            return super().submit(fn, *args, **kwargs)
        finally:
            _block_stop_signals(False)  # an interrupt held back meanwhile arrives here


def _worker_started(parent: int) -> None:
    """A process of the pool leaves interrupts to the process that started it; SIGTERM stops
    it at once, and so does the end of its starter, however it ended."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _block_stop_signals(False)
    threading.Thread(target=orphaned, args=(parent,), daemon=True).start()


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
