"""This machine's processes as the standard library's process pool, for a run's chunks and a
sweep's cells: forked where the system can, interrupts left to the process that started them,
and each stopping when that process ends.

It is imported only when more than one process plays: ``multiprocessing`` and
``concurrent.futures`` take a tenth of a command's start-up.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.context
import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

_STOP_SIGNALS = {signal.SIGINT, signal.SIGTERM}


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
