"""A run's chunks: the unit of work and of seeding, each played alone and counted in a tally.

A run of deals or games is cut into chunks of :data:`CHUNK` deals (:data:`GAME_CHUNK` games),
each played from a generator seeded from the run's seed and the chunk's number
(:func:`chunk_rng`), so the numbers are the same however the chunks are shared out
(:mod:`.runner`). A :class:`Job` is what any process needs to play one chunk; ``run_*`` play
one into its tally. The browser plays chunks one by one with :func:`deal_tally`, as ``variants
simulate --jobs 1`` does.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from ..engine.compiled import CompiledRules, compile_rules
from ..engine.deal import shuffled_deal
from ..engine.game import play_compiled_game
from ..engine.play import Policy, play_deal, play_shuffled
from ..engine.policies import make_policy
from ..engine.staking import DEFAULT_STAKING, EVEN, Staking, make_staking
from ..mechanics.ruleset import Rules, Ruleset
from ..rules import roles
from ..rules.advice import advice_beside
from .bulk import tally_deals
from .tallies import GameTally, SeatTally, SharedTally, Tally

CHUNK = 2_000
"""Deals per chunk: the unit of work and of seeding."""
GAME_CHUNK = 50


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
    compartment = job.compartment if isinstance(job, HolderJob) else chief_id(compiled.rules, "")
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


def chief_id(rules: Rules, ruleset_id: str) -> str:
    """The id of the Pope: the compartment won by one named card that the dressing stakes most
    on (:func:`variants.rules.roles.chief_card`)."""
    chief = roles.chief_card(rules)
    if chief is None:
        where = f"ruleset {ruleset_id!r}: " if ruleset_id else ""
        raise ValueError(f"{where}no compartment is won by one named card")
    return chief.id


def keep_compiled(
    ruleset: Ruleset, options: Mapping[str, str], players: int, compiled: CompiledRules
) -> None:
    """Have the jobs of ``ruleset`` under ``options`` play ``compiled``, the rules just
    compiled from it, and not rules kept from an earlier version of its file."""
    _COMPILED[(ruleset.path, _options_key(ruleset, options), players)] = compiled
