"""The runner: a run's chunks shared out over processes, and their tallies merged in order.

The chunks go to the standard library's process pool (:mod:`.pool`), each process a few
ahead; the results come back in the chunks' order, so the figures are the same whatever the
number of processes. Interrupts (Ctrl-C, SIGTERM) are the starting process's to handle: it
cancels the work not begun, and a process whose starter has gone stops itself.
"""

from __future__ import annotations

import gc
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

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

if TYPE_CHECKING:
    from concurrent.futures import Future

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
    # The process pool is imported only here: a run in this process alone starts without it.
    from concurrent.futures.process import BrokenProcessPool

    from .pool import local_executor

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


class WorkerError(RuntimeError):
    """Another process of a run stopped before its work was done."""


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
