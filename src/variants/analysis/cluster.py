"""A sweep's chunks played on a Dask distributed cluster (``variants sweep --scheduler``).

The cluster's workers need this package installed, as this machine has it; each ruleset is sent
to them once (scattered), and each chunk is a Dask task. Interrupted, the sweep cancels the
tasks it sent and leaves the cluster idle. Dask is needed only here, and imported only when a
scheduler is named.
"""

from __future__ import annotations

import importlib
from typing import Any

from ..mechanics.ruleset import Ruleset
from .paired import ChunkTask, play_chunk


class ClusterError(RuntimeError):
    """A cluster that cannot be reached or used; the message says why, in one line."""


class DaskRunner:
    """The workers of the Dask scheduler at ``address``."""

    def __init__(self, address: str, timeout: float = 10) -> None:
        try:
            self._distributed: Any = importlib.import_module("distributed")
        except ImportError:
            raise ClusterError(
                "--scheduler needs Dask's distributed package: pip install 'dask[distributed]'"
            ) from None
        try:
            self.client: Any = self._distributed.Client(address, timeout=timeout)
        except (OSError, TimeoutError, ValueError) as error:
            raise ClusterError(f"no Dask scheduler answers at {address}: {error}") from None
        threads = sum(self.client.nthreads().values())
        if not threads:
            self.client.close()
            raise ClusterError(f"the Dask scheduler at {address} has no workers")
        self.slots = 2 * threads
        self._scattered: dict[int, Any] = {}
        self._pending: set[Any] = set()

    def submit(self, task: ChunkTask, ruleset: Ruleset) -> Any:
        shared = self._scattered.get(id(ruleset))
        if shared is None:
            shared = self._scattered[id(ruleset)] = self.client.scatter(ruleset, broadcast=True)
        future = self.client.submit(play_chunk, task, shared, pure=False)
        self._pending.add(future)
        return future

    def first_done(self, pending: set[Any]) -> set[Any]:
        done = set(self._distributed.wait(list(pending), return_when="FIRST_COMPLETED").done)
        self._pending -= done
        return done

    def close(self, cancel: bool) -> None:
        if self.client.status == "closed":
            return
        try:
            if cancel and self._pending:
                self.client.cancel(list(self._pending))
        finally:
            self.client.close()
