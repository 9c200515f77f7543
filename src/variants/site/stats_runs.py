"""The seeded simulation runs behind the statistics pages, and their cache.

Each figure on the statistics pages comes from one :class:`Run`: a kind of simulation, a ruleset
with its options, a number of players, a lead policy, a seed and a size. Runs are played with the
simulator in :mod:`variants.simulate` (chunked and seeded, so the numbers do not depend on the
number of processes), and each result is cached as JSON under a key that hashes everything that
can change it: the ruleset file's bytes, the options, the players, the policy, the seed, the size,
the package version and the source of the engine modules that play a deal. A build that finds
every key cached plays no deal.

The cache lives in ``$VARIANTS_STATS_CACHE`` when set, else in ``.cache/variants-stats/`` beside
the rulesets folder (the project's root). ``$VARIANTS_STATS_SCALE`` scales every run's size (the
tests use a small fraction); the pages always state the sizes actually used.

Every run can be repeated from the command line. Deals and games use ``variants simulate``; the
two figures it does not offer (one seat with its own policy, the Pope's holder) use this module::

    python -m variants.site.stats_runs policy-seat peel --players 5 --deals 20000 --seed 1 \\
        --policy advised
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shlex
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from .. import __version__, simulate
from ..compiled import compile_rules
from ..ruleset import Ruleset
from ..simulate import (
    CHUNK,
    GAME_CHUNK,
    GameTally,
    HolderJob,
    Job,
    SeatTally,
    Tally,
    deals_report,
    games_report,
    jobs_for,
    run_card_holder,
    run_deals,
    run_games,
    run_policy_seat,
    seat_report,
)

Kind = Literal["deals", "games", "policy-seat", "card-holder"]
KINDS: tuple[Kind, ...] = ("deals", "games", "policy-seat", "card-holder")

SEED = 1
"""The seed of every run on the site."""
DEALS = 20_000
"""Independent deals per figure (random, lowest or advised leads)."""
GAMES = 3_000
"""Whole games per figure."""
CACHE_ENV = "VARIANTS_STATS_CACHE"
SCALE_ENV = "VARIANTS_STATS_SCALE"
CACHE_FORMAT = 1
"""Bumped when what a cached result holds changes."""
NOT_ENGINE = frozenset({"cli", "narrate", "replaydata", "report", "scaffold", "dealfile"})
"""Modules of the package that cannot change a simulated figure. The source of every other
module (outside ``site/``) is hashed into every key, so a new engine module counts at once."""
MIN_DEALS = 100
MIN_GAMES = 20


def scale() -> float:
    """The size factor from ``$VARIANTS_STATS_SCALE`` (1 when unset)."""
    text = os.environ.get(SCALE_ENV, "").strip()
    if not text:
        return 1.0
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"${SCALE_ENV} must be a number, not {text!r}") from None
    if not value > 0:
        raise ValueError(f"${SCALE_ENV} must be above 0, not {text!r}")
    return value


def deals_per_run() -> int:
    return max(MIN_DEALS, round(DEALS * scale()))


def games_per_run() -> int:
    return max(MIN_GAMES, round(GAMES * scale()))


@dataclass(frozen=True)
class Run:
    """One seeded simulation."""

    kind: Kind
    ruleset: str
    """The ruleset's id."""
    players: int
    count: int
    """Deals, or games for ``games``."""
    policy: str = "random"
    """Every seat's policy; for ``policy-seat``, the followed seat's (the others play random)."""
    options: tuple[tuple[str, str], ...] = ()
    """Options set away from their defaults, sorted."""
    seed: int = SEED
    compartment: str = "pope"
    """For ``card-holder``: the compartment whose card's holder is followed."""

    @property
    def unit(self) -> str:
        return "games" if self.kind == "games" else "deals"

    def command(self) -> str:
        """The command that repeats this run and prints its figures as JSON."""
        common = [
            self.ruleset,
            "--players",
            str(self.players),
            f"--{self.unit}",
            str(self.count),
            "--seed",
            str(self.seed),
            "--policy",
            self.policy,
        ]
        for key, value in self.options:
            common += ["--option", f"{key}={value}"]
        if self.kind in ("deals", "games"):
            words = ["variants", "simulate", *common, "--jobs", "0", "--json"]
        else:
            words = ["python", "-m", "variants.site.stats_runs", self.kind, *common]
            if self.kind == "card-holder" and self.compartment != "pope":
                words += ["--compartment", self.compartment]
        return shlex.join(words)


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


_ENGINE: list[str] = []


def engine_digest() -> str:
    """A hash of the source of the package's modules that play and count deals (all but
    :data:`NOT_ENGINE` and the site), computed once per process."""
    if not _ENGINE:
        package = Path(__file__).resolve().parent.parent
        hashed = hashlib.sha256()
        for path in sorted(package.glob("*.py")):
            if path.stem not in NOT_ENGINE:
                hashed.update(path.name.encode())
                hashed.update(path.read_bytes())
        _ENGINE.append(hashed.hexdigest())
    return _ENGINE[0]


def cache_key(run: Run, ruleset: Ruleset) -> str:
    """The run's cache key: a hash of everything that can change its figures."""
    identity = {
        "format": CACHE_FORMAT,
        "kind": run.kind,
        "ruleset": run.ruleset,
        "ruleset_sha256": digest(Path(ruleset.path).read_bytes()),
        "options": ruleset.choices(dict(run.options)),
        "players": run.players,
        "policy": run.policy,
        "compartment": run.compartment if run.kind == "card-holder" else None,
        "seed": run.seed,
        "count": run.count,
        "version": __version__,
        "engine": engine_digest(),
    }
    text = json.dumps(identity, sort_keys=True)
    return f"{run.ruleset}-{run.kind}-{digest(text.encode())[:24]}"


def cache_dir(rulesets: Iterable[Ruleset]) -> Path:
    """``$VARIANTS_STATS_CACHE``, else ``.cache/variants-stats`` beside the rulesets folder."""
    configured = os.environ.get(CACHE_ENV)
    if configured:
        return Path(configured)
    first = next(iter(rulesets), None)
    base = Path(first.path).resolve().parent.parent if first is not None else Path.cwd()
    return base / ".cache" / "variants-stats"


# --------------------------------------------------------------------------------------------
# Playing runs


def meta(run: Run, ruleset: Ruleset) -> dict[str, Any]:
    """What a report starts with: the same fields as ``variants simulate --json``."""
    found: dict[str, Any] = {
        "ruleset": ruleset.id,
        "players": run.players,
        "seed": run.seed,
        "policy": run.policy,
        "options": ruleset.choices(dict(run.options)),
    }
    if run.kind in ("policy-seat", "card-holder"):
        found["kind"] = run.kind
    if run.kind == "policy-seat":
        found["others"] = "random"
    if run.kind == "card-holder":
        found["compartment"] = run.compartment
    return found


@dataclass
class _Pending:
    run: Run
    ruleset: Ruleset
    total: Any
    jobs: list[Job]
    worker: Callable[[Job], Any]


def _pending(run: Run, ruleset: Ruleset) -> _Pending:
    options = dict(run.options)
    compiled = compile_rules(ruleset.rules_for(options), run.players)
    # The simulator keeps compiled rules by file path; give it the rules just loaded, so that a
    # ruleset edited since an earlier build in this process (mkdocs serve) is never played
    # stale. Forked workers inherit the entry; spawned ones load the file afresh.
    options_key = tuple(sorted(ruleset.choices(options).items()))
    simulate._COMPILED[(ruleset.path, options_key, run.players)] = compiled
    if run.kind == "deals":
        jobs = jobs_for(ruleset, options, run.players, run.policy, run.seed, run.count, CHUNK)
        return _Pending(run, ruleset, Tally(run.players, compiled.ids), jobs, run_deals)
    if run.kind == "games":
        jobs = jobs_for(ruleset, options, run.players, run.policy, run.seed, run.count, GAME_CHUNK)
        total = GameTally(run.players, compartments=compiled.ids)
        return _Pending(run, ruleset, total, jobs, run_games)
    jobs = jobs_for(ruleset, options, run.players, run.policy, run.seed, run.count, CHUNK)
    if run.kind == "policy-seat":
        return _Pending(run, ruleset, SeatTally(run.players), jobs, run_policy_seat)
    if run.compartment not in compiled.ids:
        raise ValueError(f"{ruleset.id} has no compartment {run.compartment!r}")
    holder_jobs: list[Job] = [
        HolderJob(**{**vars(job), "compartment": run.compartment}) for job in jobs
    ]
    return _Pending(run, ruleset, SeatTally(run.players), holder_jobs, run_card_holder)


def _report(pending: _Pending) -> dict[str, Any]:
    run, data = pending.run, meta(pending.run, pending.ruleset)
    if run.kind == "deals":
        return deals_report(pending.total, data)
    if run.kind == "games":
        return games_report(pending.total, data)
    return seat_report(pending.total, data)


def _call(worker: Callable[[Job], Any], job: Job) -> Any:
    return worker(job)


def play_runs(
    runs: Sequence[tuple[Run, Ruleset]], processes: int | None = None
) -> list[dict[str, Any]]:
    """Play the runs, their chunks shared out over one pool of processes; the reports, in order.

    The figures equal those of ``simulate_deals``, ``simulate_games``, ``simulate_policy_seat``
    and ``simulate_card_holder`` with the same arguments, whatever the number of processes."""
    pending = [_pending(run, ruleset) for run, ruleset in runs]
    work = [(index, job) for index, p in enumerate(pending) for job in p.jobs]
    processes = processes if processes is not None else (os.cpu_count() or 1)
    if processes <= 1 or len(work) <= 1:
        for index, job in work:
            pending[index].total.merge(pending[index].worker(job))
    else:
        with ProcessPoolExecutor(max_workers=processes) as pool:
            futures = [
                (index, pool.submit(_call, pending[index].worker, job)) for index, job in work
            ]
            for index, future in futures:
                pending[index].total.merge(future.result())
    return [_report(p) for p in pending]


@dataclass
class CacheStats:
    """What the last :func:`results` call found in the cache and what it played."""

    cached: int = 0
    played: int = 0
    seconds: float = 0.0
    folder: Path | None = None
    keys: list[str] = field(default_factory=list)
    new: list[str] = field(default_factory=list)
    """The keys of the runs played (not found in the cache)."""


last_stats = CacheStats()
_MEMORY: dict[str, dict[str, Any]] = {}


def results(
    runs: Sequence[Run],
    rulesets: Mapping[str, Ruleset],
    folder: Path | None = None,
    processes: int | None = None,
) -> dict[Run, dict[str, Any]]:
    """Each run's report, from memory, from the cache, or played now (and then cached)."""
    folder = folder if folder is not None else cache_dir(rulesets.values())
    stats = CacheStats(folder=folder)
    found: dict[Run, dict[str, Any]] = {}
    missing: list[tuple[Run, str]] = []
    for run in dict.fromkeys(runs):
        key = cache_key(run, rulesets[run.ruleset])
        stats.keys.append(key)
        memory_key = f"{folder}/{key}"
        if memory_key in _MEMORY:
            found[run] = _MEMORY[memory_key]
            stats.cached += 1
            continue
        path = folder / f"{key}.json"
        try:
            stored = json.loads(path.read_text("utf-8"))
            found[run] = stored["result"]
            _MEMORY[memory_key] = found[run]
            stats.cached += 1
        except (OSError, ValueError, KeyError, TypeError):
            missing.append((run, key))
    if missing:
        started = time.perf_counter()
        reports = play_runs([(run, rulesets[run.ruleset]) for run, _ in missing], processes)
        stats.seconds = time.perf_counter() - started
        stats.played = len(missing)
        folder.mkdir(parents=True, exist_ok=True)
        for (run, key), report in zip(missing, reports, strict=True):
            record = {"key": key, "run": vars(run), "command": run.command(), "result": report}
            temporary = folder / f".{key}.{os.getpid()}.tmp"
            temporary.write_text(json.dumps(record, indent=1, sort_keys=True), "utf-8")
            temporary.replace(folder / f"{key}.json")
            found[run] = report
            _MEMORY[f"{folder}/{key}"] = report
            stats.new.append(key)
    last_stats.__dict__.update(vars(stats))
    return found


# --------------------------------------------------------------------------------------------
# The command line: repeat any run and print its report


def main(argv: Sequence[str] | None = None) -> int:
    from ..dealfile import find_ruleset
    from ..loader import load_ruleset

    parser = argparse.ArgumentParser(
        prog="python -m variants.site.stats_runs",
        description="Repeat one of the statistics pages' seeded runs and print it as JSON.",
    )
    parser.add_argument("kind", choices=KINDS)
    parser.add_argument("ruleset", help="a ruleset id, or the path of a ruleset file")
    parser.add_argument("--players", type=int, required=True)
    size = parser.add_mutually_exclusive_group(required=True)
    size.add_argument("--deals", type=int)
    size.add_argument("--games", type=int)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--policy", default="random")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--compartment", default="pope")
    parser.add_argument("--jobs", type=int, default=0, help="processes (0: all cores)")
    args = parser.parse_args(argv)
    path = Path(args.ruleset)
    ruleset = load_ruleset(path) if path.exists() else find_ruleset(args.ruleset)
    pairs = [option.partition("=") for option in args.option]
    if any(not sep for _, sep, _ in pairs):
        parser.error("--option takes KEY=VALUE")
    options = tuple(sorted((key.strip(), value.strip()) for key, _, value in pairs))
    ruleset.choices(dict(options))
    count = args.games if args.kind == "games" else args.deals
    if count is None:
        parser.error(f"{args.kind} takes --{'games' if args.kind == 'games' else 'deals'}")
    run = Run(
        args.kind,
        ruleset.id,
        args.players,
        count,
        args.policy,
        options,
        args.seed,
        args.compartment,
    )
    (report,) = play_runs([(run, ruleset)], args.jobs or os.cpu_count() or 1)
    json.dump(report, sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
