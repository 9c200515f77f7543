"""The seeded simulation runs behind the statistics pages, and their cache.

Each figure on the statistics pages comes from one :class:`Run`: a kind of simulation, a ruleset
with its options, a number of players, a lead policy, a seed and a size. Runs are played with the
simulator in :mod:`variants.analysis` (chunked and seeded, so the numbers do not depend on the
number of processes), and each result is kept as JSON under a key that hashes everything that
can change it: a digest of the rules as they play (:func:`variants.analysis.sweep.rules_digest`),
the options, the players, the policy, the seed, the size and the engine's version
(:data:`variants.engine.VERSION`). A build reads each run from the project's store
(:func:`store_dir`, written by ``variants sweep``) or its cache, and plays only what both lack.

The cache lives in ``$VARIANTS_STATS_CACHE`` when set, else in the user's cache folder:
``$XDG_CACHE_HOME/variants/stats/``, or ``~/.cache/variants/stats/`` (:func:`cache_dir`). It is
never inside the project unless named: a pull request can add files to the project, and what the
cache holds is published. ``$VARIANTS_STATS_SCALE`` scales every run's size: a plain decimal
number above 0 and at most 10 (the tests use a small fraction); the pages always state the sizes
actually used. A cache file that cannot be read, does not hold what its run would report, or
holds a figure that no run can give (a mean outside its own interval, a rate above 1, a count
above the run's size, a magnitude beyond :data:`MAX_FIGURE`) is a miss: the run is played again
and the file replaced. The site's generated pages are kept in the same folder
(:mod:`variants.site.pagecache`), so that a build with an empty cache makes them too.

Every run can be repeated from the command line. Deals and games use ``variants simulate``; the
two figures it does not offer (one seat with its own policy, the Pope's holder) use this package,
whose ``__main__`` starts the command line's :mod:`variants.cli.experiment`::

    python -m variants.site.stats_runs policy-seat peel --players 5 --deals 12000 --seed 1 \\
        --policy advised
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
import shlex
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, assert_never

from ...analysis.chunks import (
    CHUNK,
    GAME_CHUNK,
    Job,
    SharedJob,
    holder_jobs,
    jobs_for,
    keep_compiled,
    run_card_holder,
    run_deals,
    run_games,
    run_policy_seat,
    run_shared,
    shared_tally,
)
from ...analysis.reports import (
    Meta,
    Report,
    deals_report,
    games_report,
    meta_json,
    read_report,
    report_json,
    seat_report,
)
from ...analysis.runner import Task, run_tasks
from ...analysis.sweep import rules_digest
from ...analysis.tallies import Z95, GameTally, SeatTally, SharedTally, Tally
from ...core.safewrite import WriteError, write_text
from ...core.settings import SettingError, store_path, usable_folder
from ...engine import VERSION
from ...engine.compiled import CompiledRules, compile_rules
from ...engine.policies import ADVICE_PREFIX
from ...engine.staking import DEFAULT_STAKING
from ...mechanics.ruleset import Ruleset
from ...rules import roles
from ...rules.advice import advice_beside
from ..keptjson import read_kept_json

Kind = Literal["deals", "games", "policy-seat", "card-holder"]
KINDS: tuple[Kind, ...] = ("deals", "games", "policy-seat", "card-holder")

SEED = 1
"""The seed of every run on the site."""
DEALS = 12_000
"""Independent deals per figure (random, lowest or advised leads)."""
GAMES = 2_000
"""Whole games per figure."""
CACHE_ENV = "VARIANTS_STATS_CACHE"
SCALE_ENV = "VARIANTS_STATS_SCALE"
CACHE_FORMAT = 2
"""Bumped when what a cached result holds changes (2: each mean's standard error)."""
MIN_DEALS = 100
MIN_GAMES = 20
MAX_SCALE = 10.0
"""The largest ``$VARIANTS_STATS_SCALE``: ten times the published sizes."""
MAX_ENTRY = 1_000_000
"""The largest cache file read, in bytes (a report takes a few thousand)."""
MAX_FIGURE = 1e9
"""The largest magnitude of a figure read back from the cache: a mean, a bound of an interval
(counters won or lost, cards, a compartment's size), far beyond any a ruleset's bounds allow,
and small enough that no chart's arithmetic overflows."""
MAX_TALLY = 2**63 - 1
"""The largest whole number read back from the cache (a count, a seed)."""
ROUNDING = 3e-4
"""How far a cached interval's width may be from the width its mean's standard error gives:
the interval's ends are rounded to 4 places (a seat's edge, twice)."""
XDG_ENV = "XDG_CACHE_HOME"
CACHE_FOLDER = ("variants", "stats")
"""The cache's folder within the user's cache folder."""
DECIMAL = re.compile(r"(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
"""A plain decimal number: digits, one point, an optional exponent (no sign, no ``_``)."""


def scale() -> float:
    """The size factor from ``$VARIANTS_STATS_SCALE`` (1 when unset)."""
    text = os.environ.get(SCALE_ENV, "").strip()
    if not text:
        return 1.0
    value = float(text) if DECIMAL.fullmatch(text) else math.nan
    if not (math.isfinite(value) and 0 < value <= MAX_SCALE):
        raise SettingError(
            f"${SCALE_ENV} must be a number above 0 and at most {MAX_SCALE:g}, not {text!r}"
        )
    return value


def check_settings() -> None:
    """Raise :class:`SettingError` if ``$VARIANTS_STATS_SCALE`` or ``$VARIANTS_STATS_CACHE``
    cannot be used, so that a build stops before it starts rather than half way."""
    scale()
    configured = os.environ.get(CACHE_ENV)
    if configured:
        _make_folder(_usable_folder(Path(configured)))  # made now, or told now


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
    compartment: str | None = None
    """For ``card-holder``: the id of the compartment whose card's holder is followed; None for
    the Pope, the compartment won by one named card that the dressing stakes most on (see
    :func:`followed`)."""

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
            if self.kind == "card-holder" and self.compartment is not None:
                words += ["--compartment", self.compartment]
        return shlex.join(words)


def followed(run: Run, ruleset: Ruleset) -> str:
    """The id of the compartment whose card's holder a ``card-holder`` run follows: the one it
    names, else the Pope of the rules it plays (:func:`variants.rules.roles.chief_card`)."""
    if run.compartment is not None:
        return run.compartment
    chief = roles.chief_card(ruleset.rules_for(dict(run.options)))
    if chief is None:
        raise ValueError(f"{ruleset.id}: no compartment is won by one named card")
    return chief.id


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _advice_followed(policy: str, ruleset: Ruleset) -> list[str] | None:
    """The preferences a policy ``advice:<id>`` follows, which live in another ruleset's file."""
    if not policy.startswith(ADVICE_PREFIX):
        return None
    advice = advice_beside(ruleset.path)(policy.removeprefix(ADVICE_PREFIX))
    return [preference.prefer for preference in advice.preferences]


def cache_key(run: Run, ruleset: Ruleset) -> str:
    """The run's cache key: a hash of everything that can change its figures."""
    identity = {
        "format": CACHE_FORMAT,
        "kind": run.kind,
        "ruleset": run.ruleset,
        "rules": rules_digest(ruleset, dict(run.options)),
        "options": ruleset.choices(dict(run.options)),
        "players": run.players,
        "policy": run.policy,
        "advice": _advice_followed(run.policy, ruleset),
        "compartment": followed(run, ruleset) if run.kind == "card-holder" else None,
        "seed": run.seed,
        "count": run.count,
        "engine": VERSION,
    }
    text = json.dumps(identity, sort_keys=True)
    return f"{run.ruleset}-{run.kind}-{digest(text.encode())[:24]}"


def cache_dir(rulesets: Iterable[Ruleset]) -> Path:
    """``$VARIANTS_STATS_CACHE``, else the user's cache folder's ``variants/stats``
    (:func:`user_cache_dir`), which must lie outside the folder that holds the rulesets folder
    (the project's root): a folder inside the project is read only when named."""
    configured = os.environ.get(CACHE_ENV)
    if configured:
        return _usable_folder(Path(configured))
    folder = user_cache_dir()
    for ruleset in rulesets:
        project = Path(os.path.realpath(ruleset.path)).parent.parent
        if Path(os.path.realpath(folder)).is_relative_to(project):
            raise SettingError(
                f"the user's cache folder {folder} is inside the project {project}, and a cache "
                f"there is read only when named: set ${CACHE_ENV}"
            )
    return folder


def user_cache_dir() -> Path:
    """``$XDG_CACHE_HOME/variants/stats`` when ``$XDG_CACHE_HOME`` is an absolute path (as the
    XDG base directory specification asks), else ``~/.cache/variants/stats``."""
    configured = os.environ.get(XDG_ENV, "")
    if os.path.isabs(configured):
        return Path(configured, *CACHE_FOLDER)
    try:
        home = Path.home()
    except (RuntimeError, OSError, KeyError) as error:
        raise SettingError(
            f"cannot find the user's cache folder: {_why(error)}; set ${CACHE_ENV}"
        ) from None
    if not home.is_absolute():
        raise SettingError(
            f"cannot find the user's cache folder: the home folder {str(home)!r} is not an "
            f"absolute path; set ${CACHE_ENV}"
        )
    return home.joinpath(".cache", *CACHE_FOLDER)


def _usable_folder(folder: Path) -> Path:
    """``folder``, unless something that is not a folder is in its place
    (:func:`variants.core.settings.usable_folder`); one not there yet is made when it is needed."""
    try:
        folder.stat()
    except FileNotFoundError:
        return folder
    except (OSError, ValueError):
        pass  # told, in its words, by usable_folder
    return usable_folder(CACHE_ENV, folder)


def _why(error: Exception) -> str:
    return error.strerror if isinstance(error, OSError) and error.strerror else str(error)


# --------------------------------------------------------------------------------------------
# Playing runs


def meta(run: Run, ruleset: Ruleset) -> Meta:
    """What a report says of its run: what ``variants simulate --json`` says, and for a seat
    followed, the kind of run and the other seats' policy or the compartment followed."""
    seat = run.kind in ("policy-seat", "card-holder")
    return Meta(
        run.players,
        run.policy,
        ruleset.id,
        run.seed,
        ruleset.choices(dict(run.options)),
        kind=run.kind if seat else None,
        others="random" if run.kind == "policy-seat" else None,
        compartment=followed(run, ruleset) if run.kind == "card-holder" else None,
    )


@dataclass
class _Pending:
    """One simulation to play: its runs (one, or several that share its deals), its tally,
    its chunks and the function that plays each."""

    runs: tuple[Run, ...]
    ruleset: Ruleset
    total: Any
    jobs: Iterator[Job]
    worker: Callable[[Job], Any]
    count: int
    chunk: int

    @property
    def chunks(self) -> int:
        return -(-self.count // self.chunk)

    def tallies(self) -> list[Any]:
        """Each run's tally, in the order of :attr:`runs`."""
        if not isinstance(self.total, SharedTally):
            return [self.total]
        found: list[Any] = []
        holders = iter(self.total.holders)
        for run in self.runs:
            match run.kind:
                case "deals":
                    found.append(self.total.deals)
                case "policy-seat":
                    found.append(self.total.seat)
                case "card-holder":
                    found.append(next(holders))
                case "games":  # never shared: a game's deals are not independent
                    raise AssertionError(f"a games run cannot share deals: {run}")
                case _:
                    assert_never(run.kind)
        return found


def _chunk(run: Run) -> int:
    return GAME_CHUNK if run.kind == "games" else CHUNK


def _compiled(run: Run, ruleset: Ruleset) -> CompiledRules:
    options = dict(run.options)
    compiled = compile_rules(ruleset.rules_for(options), run.players)
    # The simulator keeps compiled rules by file path; give it the rules just loaded, so that a
    # ruleset edited since an earlier build in this process (mkdocs serve) is never played
    # stale. Forked workers inherit the entry; spawned ones load the file afresh.
    keep_compiled(ruleset, options, run.players, compiled)
    return compiled


def _total(run: Run, compiled: CompiledRules) -> Any:
    """An empty tally of the kind ``run`` counts into."""
    if run.kind == "deals":
        return Tally(run.players, compiled.ids)
    if run.kind == "games":
        return GameTally(run.players, compartments=compiled.ids)
    return SeatTally(run.players)


def _jobs(run: Run, ruleset: Ruleset) -> Iterator[Job]:
    options = dict(run.options)
    return jobs_for(ruleset, options, run.players, run.policy, run.seed, run.count, _chunk(run))


def _pending(run: Run, ruleset: Ruleset) -> _Pending:
    compiled = _compiled(run, ruleset)
    total = _total(run, compiled)
    jobs = _jobs(run, ruleset)
    count, chunk = run.count, _chunk(run)
    if run.kind == "deals":
        return _Pending((run,), ruleset, total, jobs, run_deals, count, chunk)
    if run.kind == "games":
        return _Pending((run,), ruleset, total, jobs, run_games, count, chunk)
    if run.kind == "policy-seat":
        return _Pending((run,), ruleset, total, jobs, run_policy_seat, count, chunk)
    jobs = holder_jobs(jobs, _holder(run, ruleset, compiled))
    return _Pending((run,), ruleset, total, jobs, run_card_holder, count, chunk)


def _holder(run: Run, ruleset: Ruleset, compiled: CompiledRules) -> str:
    """The compartment whose card's holder a ``card-holder`` run follows, checked."""
    compartment = followed(run, ruleset)
    if compartment not in compiled.ids:
        raise ValueError(f"{ruleset.id} has no compartment {compartment!r}")
    return compartment


def _same_deals(run: Run) -> tuple[Any, ...] | None:
    """What decides the deals a run plays, for the runs that play independent deals with
    every seat leading by one policy; None for the others. Runs with the same key play the
    same deals from the same generators, so one simulation can count them all."""
    if run.kind == "games" or (run.kind == "policy-seat" and run.policy != "random"):
        return None
    return (run.ruleset, run.options, run.players, run.policy, run.seed, run.count)


def _shared(runs: Sequence[Run], ruleset: Ruleset) -> _Pending:
    """One simulation for ``runs``, which play the same deals (:func:`_same_deals`)."""
    first = runs[0]
    compiled = _compiled(first, ruleset)
    holders = tuple(_holder(run, ruleset, compiled) for run in runs if run.kind == "card-holder")
    kinds = {run.kind for run in runs}
    deals, seat = "deals" in kinds, "policy-seat" in kinds
    jobs = (
        SharedJob(**vars(job), tally=deals, seat=seat, holders=holders)
        for job in _jobs(first, ruleset)
    )
    empty = SharedJob(
        ruleset.path, (), first.players, "", 0, 0, 0, DEFAULT_STAKING, deals, seat, holders
    )
    total = shared_tally(empty, compiled.ids)
    return _Pending(tuple(runs), ruleset, total, jobs, run_shared, first.count, CHUNK)


def _simulations(runs: Sequence[tuple[Run, Ruleset]]) -> list[_Pending]:
    """The simulations that play ``runs``: one for each group of runs that play the same
    deals, one for each other run."""
    groups: dict[Any, list[tuple[Run, Ruleset]]] = {}
    for number, (run, ruleset) in enumerate(runs):
        key = _same_deals(run)
        groups.setdefault(number if key is None else key, []).append((run, ruleset))
    pending = []
    for group in groups.values():
        ruleset = group[0][1]
        if len(group) == 1:
            pending.append(_pending(*group[0]))
        else:
            pending.append(_shared([run for run, _ in group], ruleset))
    return pending


def _report(run: Run, ruleset: Ruleset, total: Any) -> Report:
    data = meta(run, ruleset)
    if run.kind == "deals":
        return deals_report(total, data)
    if run.kind == "games":
        return games_report(total, data)
    return seat_report(total, data)


def play_runs(runs: Sequence[tuple[Run, Ruleset]], processes: int | None = None) -> list[Report]:
    """Play the runs, their chunks shared out over the same processes; the reports, in order.

    Runs that play the same deals (independent deals, a seat followed round the table with
    the others' policy, a card's holder followed, under the same rules, players, policy and
    seed) are played once and counted each way. The figures equal those of
    ``simulate_deals``, ``simulate_games``, ``simulate_policy_seat`` and
    ``simulate_card_holder`` with the same arguments, whatever the number of processes."""
    pending = _simulations(runs)
    processes = processes if processes is not None else (os.cpu_count() or 1)
    tasks: Iterator[Task] = ((p.worker, job) for p in pending for job in p.jobs)
    owners = (p for p in pending for _ in range(p.chunks))
    for p, tally in zip(owners, run_tasks(tasks, processes), strict=True):
        p.total.merge(tally)
    reports: dict[Run, Report] = {}
    for p in pending:
        for run, tally in zip(p.runs, p.tallies(), strict=True):
            reports[run] = _report(run, p.ruleset, tally)
    return [reports[run] for run, _ in runs]


@dataclass
class CacheStats:
    """What the last :func:`results` call found in the cache and what it played."""

    cached: int = 0
    stored: int = 0
    """Runs read from the project's store (:func:`store_dir`), not counted in ``cached``."""
    played: int = 0
    seconds: float = 0.0
    folder: Path | None = None
    keys: list[str] = field(default_factory=list)
    new: list[str] = field(default_factory=list)
    """The keys of the runs played (not found in the store or the cache)."""
    from_store: list[str] = field(default_factory=list)
    """The keys of the runs read from the store."""


last_stats = CacheStats()
_MEMORY: dict[str, Report] = {}


def store_dir() -> Path:
    """The runs that ship with the project: ``runs`` beside the sweep's store
    (``store/runs``, or beside ``$VARIANTS_STORE``)."""
    return store_path().parent / "runs"


def results(
    runs: Sequence[Run],
    rulesets: Mapping[str, Ruleset],
    folder: Path | None = None,
    processes: int | None = None,
    store: Path | None = None,
) -> dict[Run, Report]:
    """Each run's report, from memory, from the project's store (read, never written), from the
    cache, or played now (and then cached in ``folder``)."""
    folder = folder if folder is not None else cache_dir(rulesets.values())
    store = store if store is not None else store_dir()
    stats = CacheStats(folder=folder)
    found: dict[Run, Report] = {}
    missing: list[tuple[Run, str]] = []
    for run in dict.fromkeys(runs):
        ruleset = rulesets[run.ruleset]
        key = cache_key(run, ruleset)
        stats.keys.append(key)
        in_store = None
        if store != folder:  # when the store is the folder played into, it is read as the cache
            in_store = _MEMORY.get(f"{store}/{key}") or cached(
                store / f"{key}.json", key, run, ruleset
            )
        if in_store is not None:
            found[run] = _MEMORY[f"{store}/{key}"] = in_store
            stats.stored += 1
            stats.from_store.append(key)
            continue
        memory_key = f"{folder}/{key}"
        stored = _MEMORY.get(memory_key) or cached(folder / f"{key}.json", key, run, ruleset)
        if stored is None:
            missing.append((run, key))
            continue
        found[run] = _MEMORY[memory_key] = stored
        stats.cached += 1
    if missing:
        started = time.perf_counter()
        reports = play_runs([(run, rulesets[run.ruleset]) for run, _ in missing], processes)
        stats.seconds = time.perf_counter() - started
        stats.played = len(missing)
        _make_folder(folder)
        for (run, key), report in zip(missing, reports, strict=True):
            result = report_json(report, full=True)
            record = {"key": key, "run": vars(run), "command": run.command(), "result": result}
            try:
                write_text(folder / f"{key}.json", json.dumps(record, indent=1, sort_keys=True))
            except WriteError as error:
                raise SettingError(f"{error} (the statistics cache: set ${CACHE_ENV})") from None
            found[run] = report
            _MEMORY[f"{folder}/{key}"] = report
            stats.new.append(key)
    last_stats.__dict__.update(vars(stats))
    return found


def _make_folder(folder: Path) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except (OSError, ValueError) as error:
        raise SettingError(
            f"{folder}: cannot make the statistics cache folder here: {_why(error)} "
            f"(set ${CACHE_ENV})"
        ) from None


def cached(path: Path, key: str, run: Run, ruleset: Ruleset) -> Report | None:
    """The report cached for ``run`` at ``path``; None (a miss) if there is none, or if the file
    cannot be read, does not hold a report of this run's shape, or holds a figure no run of its
    size can give (:func:`_possible`)."""
    record = read_kept_json(path, MAX_ENTRY)
    if not isinstance(record, dict) or record.get("key") != key:
        return None
    report = record.get("result")
    expected = report_json(_report(run, ruleset, _total(run, _compiled(run, ruleset))), full=True)
    if not isinstance(report, dict) or not _same_shape(report, expected):
        return None
    counted = report.get("games" if run.kind == "games" else "deals")
    said = meta_json(meta(run, ruleset))
    if counted != run.count or any(report[k] != v for k, v in said.items()):
        return None
    return read_report(report) if _possible(report, run.count) else None


def _same_shape(found: object, expected: object) -> bool:
    """Whether ``found`` has ``expected``'s keys, lengths and types all the way down, with every
    float finite and at most :data:`MAX_FIGURE` either side of 0, and every whole number from 0
    to :data:`MAX_TALLY`."""
    if isinstance(expected, dict):
        return (
            isinstance(found, dict)
            and found.keys() == expected.keys()
            and all(_same_shape(found[k], v) for k, v in expected.items())
        )
    if isinstance(expected, list):
        return (
            isinstance(found, list)
            and len(found) == len(expected)
            and all(map(_same_shape, found, expected))
        )
    if type(found) is not type(expected):
        return False
    if isinstance(found, float):
        return math.isfinite(found) and abs(found) <= MAX_FIGURE
    return not isinstance(found, int) or 0 <= found <= MAX_TALLY


def _possible(found: object, count: int) -> bool:
    """Whether every figure of a report of ``count`` deals or games (of :func:`_same_shape`'s
    shape) agrees with itself: a mean lies within its interval, which is one point for fewer
    than two values, and is 0 for none, and its standard error is what the interval's width
    says (to the interval's rounding); a rate lies within its interval, within 0 to 1, is 0
    with its lower bound when nothing was counted, and counts at most ``count``."""
    if isinstance(found, list):
        return all(_possible(value, count) for value in found)
    if not isinstance(found, dict):
        return True
    if not all(_possible(value, count) for value in found.values()):
        return False
    if "ci95" not in found:
        return True
    low: float = found["ci95"][0]
    high: float = found["ci95"][1]
    if "mean" in found:
        mean: float = found["mean"]
        n: int = found["n"]
        se: float = found["se"]
        single = n >= 2 or (low == mean == high and se == 0)
        width = math.isclose(high - low, 2 * Z95 * se, rel_tol=1e-9, abs_tol=ROUNDING)
        return low <= mean <= high and single and (n > 0 or mean == 0) and se >= 0 and width
    rate: float = found["rate"]
    counted: int = found["count"]
    none = counted > 0 or rate == low == 0
    return 0 <= low <= rate <= high <= 1 and counted <= count and none
