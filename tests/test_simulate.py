"""Statistics: exact on deals worked out by hand, and sound across seeds and processes."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from clirun import run

from variants.analysis.chunks import CHUNK, Job, jobs_for
from variants.analysis.reports import Meta, deals_report, read_report, report_json
from variants.analysis.runner import (
    MAX_COUNT,
    Task,
    WorkerError,
    processes_for,
    run_tasks,
    simulate_deals,
    simulate_games,
)
from variants.analysis.tallies import Stat, Tally
from variants.dealfile import read_deal_file
from variants.engine.compiled import compile_rules
from variants.engine.play import play_deal
from variants.engine.policies import make_policy
from variants.rules.loader import load_ruleset

REPO = Path(__file__).resolve().parent.parent
PEEL = load_ruleset(REPO / "rulesets" / "peel.yaml")


def replayed(name: str) -> object:
    deal = read_deal_file(REPO / name, REPO / "rulesets")
    return play_deal(
        deal.compiled, deal.setup, make_policy(deal.policy), random.Random(0), deal.leads
    )


def test_a_stat_gives_the_exact_mean_and_a_textbook_interval() -> None:
    stat = Stat()
    for value in (2, 4, 4, 4, 5, 5, 7, 9):
        stat.add(value)
    assert stat.mean == 5.0
    low, high = stat.interval()
    # sample standard deviation 2.138..., standard error 0.7559..., times 1.96
    assert round(stat.standard_error(), 4) == 0.7559
    assert round(low, 3) == 3.518 and round(high, 3) == 6.482


def test_a_report_is_printed_without_its_standard_errors_and_kept_with_them() -> None:
    """``variants simulate --json`` prints means and intervals to 4 places; the site's cache
    keeps each mean's standard error too, and reads back the very report."""
    tally = simulate_deals(PEEL, 4, 300, seed=5)
    report = deals_report(tally, Meta(4, "random", "peel", 5, {}))
    printed, kept = report_json(report), report_json(report, full=True)
    assert "se" not in printed["cards_played"] and kept["cards_played"]["se"] > 0
    assert printed["cards_played"] == {k: v for k, v in kept["cards_played"].items() if k != "se"}
    assert read_report(kept) == report
    assert report.cards_played.se == tally.cards.standard_error()
    assert [row["position"] for row in printed["net_by_position"]] == [
        "elder hand",
        "seat 2 from the dealer",
        "seat 3 from the dealer",
        "dealer",
    ]


def test_the_walkthrough_counted_twice_gives_its_own_figures() -> None:
    """Peel's worked example, whose counters are worked out by hand in tests/test_walkthrough.py:
    the elder hand goes out with 12, the dealer loses 6, and Pope, Intrigue and Ace stay."""
    result = replayed("examples/peel-walkthrough.yaml")
    tally = Tally(5, compile_rules(PEEL.rules, 5).ids)
    tally.add(result)  # type: ignore[arg-type]
    tally.add(result)  # type: ignore[arg-type]
    report = deals_report(tally, Meta(5, "lowest"))
    assert [row.mean for row in report.net_by_position] == [-6.0, 12.0, -7.0, -1.0, -7.0]
    assert report.cards_played.mean == 25.0
    assert report.voided.count == 0
    assert report.went_out_by_position[1].rate == 1.0
    board = report.compartments
    assert board["matrimony"].won_in_play.rate == 1.0
    assert board["matrimony"].size_when_won.mean == 2.0
    assert board["pope"].carried_over.rate == 1.0
    assert board["pope"].card_held_unplayed.rate == 1.0  # seat 0 ends holding the nine
    assert board["ace"].card_held_unplayed.rate == 0.0  # the ace of trumps is in the spare
    assert board["game"].size_when_won.mean == 4.0


def test_a_pope_turned_up_is_counted_as_a_void_deal_won_at_the_turn_up() -> None:
    result = replayed("tests/deals/peel-pope-turned-up.yaml")
    tally = Tally(
        5 if result.players == 5 else result.players, compile_rules(PEEL.rules, result.players).ids
    )  # type: ignore[attr-defined]
    tally.add(result)  # type: ignore[arg-type]
    report = deals_report(tally, Meta(tally.players, "lowest"))
    assert report.voided.rate == 1.0
    assert report.compartments["pope"].won_at_turn_up.rate == 1.0
    assert report.cards_played.n == 0


def test_counters_balance_in_the_averages() -> None:
    """Every deal starts from an empty board: what the seats lose on average is what the board
    keeps on average."""
    tally = simulate_deals(PEEL, 4, 3000, seed=5)
    lost = sum(stat.total for stat in tally.net)
    report = deals_report(tally, Meta(4, "random"))
    assert lost < 0
    assert report.deals == 3000


def test_means_lie_within_their_intervals_across_seeds() -> None:
    reference = simulate_deals(PEEL, 5, 40_000, seed=999)
    truth = [stat.mean for stat in reference.net]
    covered = 0
    for seed in range(20):
        small = simulate_deals(PEEL, 5, 2_000, seed=seed)
        low, high = small.net[0].interval()
        covered += low <= truth[0] <= high
    assert covered >= 16  # 95% intervals: about 19 of 20, rarely fewer than 17


def test_one_process_and_two_give_the_same_json() -> None:
    outputs = []
    command = ["simulate", "peel", "--players", "5", "--deals", "6000", "--seed", "3"]
    for jobs in ("1", "2"):
        done = run([*command, "--jobs", jobs, "--json"])
        assert done.status == 0, done.err
        outputs.append(done.out)
    assert outputs[0] == outputs[1]
    report = json.loads(outputs[0])
    assert report["deals"] == 6000 and len(report["net_by_position"]) == 5


def test_games_count_every_seat_and_each_win() -> None:
    tally = simulate_games(PEEL, 4, 30, seed=2)
    assert tally.games == 30
    assert sum(tally.winner) >= 30
    assert all(stat.n == 30 for stat in tally.total)


def test_simulate_prints_a_table_without_a_progress_bar_when_piped() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "variants.cli",
            "simulate",
            "foster",
            "--players",
            "3",
            "--deals",
            "500",
            "--seed",
            "1",
        ],
        capture_output=True,
        text=True,
        cwd=REPO,
        check=True,
    )
    assert "Net counters per deal, by position" in done.stdout
    assert done.stderr == ""


# --------------------------------------------------------------------------------------------
# Runs of any size, and the processes that share them


def test_a_run_of_any_size_makes_its_chunks_only_as_they_are_wanted() -> None:
    jobs = jobs_for(PEEL, {}, 4, "random", 1, MAX_COUNT, CHUNK)
    first, second = next(jobs), next(jobs)
    assert (first.chunk, first.count, second.chunk) == (0, CHUNK, 1)
    last = list(jobs_for(PEEL, {}, 4, "random", 1, 2 * CHUNK + 7, CHUNK))[-1]
    assert (last.chunk, last.count) == (2, 7)
    assert processes_for(8, 2 * CHUNK + 7, CHUNK) == 3
    assert processes_for(0, 1, CHUNK) == 1


def chunk_number(job: Job) -> int:
    return job.chunk


def fails_on_chunk_3(job: Job) -> int:
    if job.chunk == 3:
        raise ValueError("chunk 3 went wrong")
    return job.chunk


def dies_on_chunk_3(job: Job) -> int:
    if job.chunk == 3:
        os._exit(7)
    return job.chunk


def tasks(worker: Callable[[Job], int], count: int) -> Iterator[Task]:
    return ((worker, job) for job in jobs_for(PEEL, {}, 4, "random", 1, count * CHUNK, CHUNK))


def test_results_come_back_in_order_whatever_the_number_of_processes() -> None:
    for processes in (1, 2, 3):
        assert list(run_tasks(tasks(chunk_number, 20), processes)) == list(range(20))


def test_an_error_in_another_process_is_raised_here() -> None:
    with pytest.raises(ValueError, match="chunk 3 went wrong"):
        list(run_tasks(tasks(fails_on_chunk_3, 10), 2))


def test_a_process_that_dies_is_an_error_not_a_hang() -> None:
    with pytest.raises(WorkerError, match="a simulation process stopped before its work was done"):
        list(run_tasks(tasks(dies_on_chunk_3, 10), 2))
