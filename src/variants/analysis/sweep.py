"""A sweep: every variant of some rulesets (the default rules, and each option value changed
alone) played at each table size under each lead policy, the variants of a ruleset on the same
deals as its default rules (:mod:`.paired`), into a store (:mod:`.store`).

The work is planned as groups (a ruleset, a table size, a policy: its default rules and the
variants whose cells the store lacks or holds out of date) cut into chunks of :data:`CHUNK`
deals. The chunks are played by this process, by worker processes on this machine
(:class:`LocalRunner`, the standard library's executor) or by a Dask cluster
(:mod:`.cluster`); a group's cells are written as soon as its last chunk is in, so an
interrupted sweep keeps every group it finished. The figures are sums of integers, the same to
the last digit however and wherever the chunks are played.
"""

from __future__ import annotations

import concurrent.futures
import hashlib
import json
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..engine import VERSION
from ..engine.policies import POLICIES
from ..mechanics.ruleset import Ruleset
from .paired import CellSums, ChunkTask, Options, play_chunk
from .pool import local_executor
from .store import CellKey, Stamp, Store, StoredCell

CHUNK = 1_000
"""Deals a chunk: the unit of work and of seeding."""

TABLE_SIZES = (3, 5, 8)
"""The table sizes a sweep plays when none is asked for (those a ruleset allows)."""

POLICY_DEALS = {"random": 100_000, "advised": 20_000}
"""The lead policies a sweep plays when none is asked for, and how many deals a cell of each
plays when ``--deals`` does not say: the sizes of the store that ships with the project."""

PROVENANCE_KEYS = frozenset({"provenance", "interpretation", "note", "notes"})
"""What a rule's data says about its sources, which does not change how it plays: left out of
the digest of the rules as played."""


@dataclass(frozen=True)
class Variant:
    """A ruleset's rules with every option at a value: its default rules, or one changed."""

    options: Options
    changed: str
    """``option=value`` for the option changed, empty for the default rules."""
    digest: str
    """A digest of the rules as played (:func:`rules_digest`)."""


def rules_digest(ruleset: Ruleset, options: Mapping[str, str]) -> str:
    """A digest of the rules under ``options`` as they play: a change to a citation or a
    reading's words leaves it as it is, a change to anything else does not."""
    data = _without_provenance(ruleset.rules_data(options))
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _without_provenance(data: Any) -> Any:
    if isinstance(data, dict):
        return {k: _without_provenance(v) for k, v in data.items() if k not in PROVENANCE_KEYS}
    if isinstance(data, list):
        return [_without_provenance(item) for item in data]
    return data


def variants(ruleset: Ruleset) -> list[Variant]:
    """The default rules first, then each option's other values, one changed at a time, then
    the combinations of values the ruleset declares worth measuring together."""
    defaults = ruleset.choices()
    found = [Variant(tuple(sorted(defaults.items())), "", rules_digest(ruleset, {}))]
    for option in ruleset.options:
        for value in option.values:
            if value.value == option.default:
                continue
            chosen = {**defaults, option.id: value.value}
            found.append(
                Variant(
                    tuple(sorted(chosen.items())),
                    f"{option.id}={value.value}",
                    rules_digest(ruleset, {option.id: value.value}),
                )
            )
    for combination in ruleset.combinations:
        changed = dict(combination.options)
        found.append(
            Variant(
                tuple(sorted({**defaults, **changed}.items())),
                combination.label,
                rules_digest(ruleset, changed),
            )
        )
    return found


def table_sizes(ruleset: Ruleset, asked: Sequence[int] = ()) -> list[int]:
    """The table sizes a sweep plays of ``ruleset``: those asked for that its default rules
    allow; if none is asked for, 3, 5 and 8 as allowed, else its smallest and largest."""
    counts = ruleset.rules.players.counts
    if asked:
        return [size for size in asked if size in counts]
    return [size for size in TABLE_SIZES if size in counts] or sorted({min(counts), max(counts)})


def chunk_tasks(
    variants: tuple[Options, ...], players: int, policy: str, seed: int, deals: int
) -> list[ChunkTask]:
    """The chunks of ``deals`` deals, every variant of ``variants`` played in each."""
    return [
        ChunkTask(variants, players, policy, seed, number, min(CHUNK, left))
        for number, left in enumerate(range(deals, 0, -CHUNK))
    ]


@dataclass
class Group:
    """A ruleset at one table size under one policy: its default rules and the variants to
    play beside them."""

    ruleset: Ruleset
    players: int
    policy: str
    seed: int
    deals: int
    variants: tuple[Variant, ...]
    """The default rules first, then the variants whose cells are wanted."""
    wanted: tuple[bool, ...]
    """For each variant, whether its cell is to be written (the default rules are always
    played, to pair the others with, but written only when the store lacks them)."""
    sums: list[CellSums] = field(default_factory=list)
    chunks_left: int = 0

    def key(self, variant: Variant) -> CellKey:
        return CellKey(
            self.ruleset.id, variant.options, self.players, self.policy, self.seed, self.deals
        )

    def stamp(self, variant: Variant) -> Stamp:
        return Stamp(variant.digest, self.variants[0].digest, VERSION)

    def tasks(self) -> list[ChunkTask]:
        options = tuple(variant.options for variant in self.variants)
        return chunk_tasks(options, self.players, self.policy, self.seed, self.deals)

    def cells(self) -> list[StoredCell]:
        """The wanted cells, once every chunk is in."""
        return [
            StoredCell(self.key(variant), variant.changed, self.stamp(variant), sums)
            for variant, sums, wanted in zip(self.variants, self.sums, self.wanted, strict=True)
            if wanted
        ]


@dataclass
class Plan:
    """What a sweep plays: the groups with a cell to write, and how many cells it covers."""

    groups: list[Group]
    cells: int
    """Every cell the sweep covers, played now or found up to date in the store."""

    @property
    def wanted(self) -> int:
        return sum(sum(group.wanted) for group in self.groups)

    @property
    def deals(self) -> int:
        """How many deals the plan plays, every variant's counted."""
        return sum(group.deals * len(group.variants) for group in self.groups)


def deals_for(policy: str, deals: int | None) -> int:
    return deals if deals is not None else POLICY_DEALS.get(policy, POLICY_DEALS["random"])


def plan(
    rulesets: Iterable[Ruleset],
    store: Store,
    players: Sequence[int] = (),
    policies: Sequence[str] = (),
    deals: int | None = None,
    seed: int = 0,
) -> Plan:
    """The groups a sweep must play to have every cell of ``rulesets`` up to date in
    ``store``."""
    return plan_with(rulesets, store.stamps, players, policies, deals, seed)


def plan_with(
    rulesets: Iterable[Ruleset],
    stamps_of: Callable[[str], Mapping[CellKey, Stamp]],
    players: Sequence[int] = (),
    policies: Sequence[str] = (),
    deals: int | None = None,
    seed: int = 0,
) -> Plan:
    """:func:`plan`, the stamps of the cells held found by ``stamps_of`` (a ruleset's id)."""
    for policy in policies:
        if policy not in POLICIES:
            known = ", ".join(POLICIES)
            raise ValueError(f"a sweep plays the policies {known}, not {policy!r}")
    groups: list[Group] = []
    cells = 0
    for ruleset in rulesets:
        stamps = stamps_of(ruleset.id)
        every = variants(ruleset)
        for size in table_sizes(ruleset, players):
            allowed = [
                v for v in every if size in ruleset.rules_for(dict(v.options)).players.counts
            ]
            for policy in policies or tuple(POLICY_DEALS):
                count = deals_for(policy, deals)
                group = Group(ruleset, size, policy, seed, count, tuple(allowed), ())
                wanted = tuple(stamps.get(group.key(v)) != group.stamp(v) for v in allowed)
                cells += len(allowed)
                if any(wanted):
                    kept = [0, *(i for i in range(1, len(allowed)) if wanted[i])]
                    group.variants = tuple(allowed[i] for i in kept)
                    group.wanted = tuple(wanted[i] for i in kept)
                    groups.append(group)
    return Plan(groups, cells)


class Runner(Protocol):
    """Where the chunks are played: this process, this machine's cores, or a cluster."""

    slots: int
    """How many chunks to keep in hand at once."""

    def submit(self, task: ChunkTask, ruleset: Ruleset) -> Future[list[CellSums]]: ...

    def first_done(self, pending: set[Any]) -> set[Any]: ...

    def close(self, cancel: bool) -> None: ...


class LocalRunner:
    """This machine: ``jobs`` processes (the standard library's executor), or this process
    alone for one job."""

    def __init__(self, jobs: int) -> None:
        self.jobs = max(1, jobs)
        self.slots = 2 * self.jobs
        self.pool: concurrent.futures.Executor | None = None
        if self.jobs > 1:
            self.pool = local_executor(self.jobs)

    def submit(self, task: ChunkTask, ruleset: Ruleset) -> Future[list[CellSums]]:
        if self.pool is not None:
            return self.pool.submit(play_chunk, task, ruleset)
        future: Future[list[CellSums]] = Future()
        future.set_result(play_chunk(task, ruleset))
        return future

    def first_done(self, pending: set[Any]) -> set[Any]:
        done, _ = concurrent.futures.wait(pending, return_when=concurrent.futures.FIRST_COMPLETED)
        return done

    def close(self, cancel: bool) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=cancel)


def local_jobs(jobs: int) -> int:
    """``jobs`` processes, or one a core for 0."""
    return jobs or os.cpu_count() or 1


def run(
    plan: Plan, store: Store, runner: Runner, progress: Callable[[int], None] | None = None
) -> int:
    """Play ``plan``'s chunks with ``runner``, writing each group's cells to ``store`` once its
    last chunk is in; the number of cells written. On an interrupt or an error the work not
    begun is cancelled (and ``runner`` closed), and the groups finished are kept."""
    tasks = []
    for group in plan.groups:
        chunks = group.tasks()
        tasks += [(group, task) for task in chunks]
        group.sums = [CellSums() for _ in group.variants]
        group.chunks_left = len(chunks)
    written = 0
    waiting: dict[Any, tuple[Group, ChunkTask]] = {}
    queue = iter(tasks)
    finished = False
    try:
        while True:
            while len(waiting) < runner.slots:
                taken = next(queue, None)
                if taken is None:
                    break
                waiting[runner.submit(taken[1], taken[0].ruleset)] = taken
            if not waiting:
                break
            for future in runner.first_done(set(waiting)):
                group, task = waiting.pop(future)
                for total, sums in zip(group.sums, future.result(), strict=True):
                    total.merge(sums)
                group.chunks_left -= 1
                if progress is not None:
                    progress(task.count * len(group.variants))
                if group.chunks_left == 0:
                    cells = group.cells()
                    store.write(cells)
                    written += len(cells)
        finished = True
    finally:
        if not finished:
            runner.close(cancel=True)
    return written
