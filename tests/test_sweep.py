"""The sweep: every option value against the default rules on the same deals, into a store that
a second run reads instead of playing again, the same to the last digit on this machine's cores
or on a Dask cluster; and ``variants effects`` reading it."""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from clirun import run

from variants.analysis.paired import (
    CellSums,
    ChunkTask,
    compiled_variant,
    counted,
    deal_rows,
    play_chunk,
    shown_rows,
)
from variants.analysis.replay import inconsistent
from variants.analysis.store import Store, stored_cells
from variants.analysis.sweep import LocalRunner, plan, variants
from variants.analysis.sweep import run as run_plan
from variants.rules.loader import load_ruleset

REPO = Path(__file__).resolve().parent.parent
PEEL = load_ruleset(REPO / "rulesets" / "peel.yaml")
SWEEP = ["sweep", "peel", "--players", "4", "--deals", "2000", "--seed", "1", "--json"]
"""The sweep the issue names, but for its store."""
PEEL_CELLS = 2 * len(variants(PEEL))
"""Every variant of Peel's rules at four players, under random and advised leads."""


def sweep(store: Path, *more: str) -> dict[str, int]:
    done = run([*SWEEP, "--store", str(store), *more])
    assert done.status == 0, done.err
    found: dict[str, int] = json.loads(done.out)
    return found


def effects(store: Path) -> dict[str, object]:
    done = run(["effects", "peel", "--store", str(store), "--json"])
    assert done.status == 0, done.err
    found: dict[str, object] = json.loads(done.out)
    return found


@pytest.fixture(scope="module")
def store_a(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Store A: Peel's sweep at four players, played on this machine's cores."""
    store = tmp_path_factory.mktemp("sweep") / "A.sqlite"
    assert sweep(store, "--jobs", "2") == {
        "cells": PEEL_CELLS,
        "played": PEEL_CELLS,
        "from_store": 0,
        "removed": 0,
        "deals": PEEL_CELLS * 2000,
    }
    return store


def test_a_second_sweep_plays_nothing(store_a: Path) -> None:
    assert sweep(store_a) == {
        "cells": PEEL_CELLS,
        "played": 0,
        "from_store": PEEL_CELLS,
        "removed": 0,
        "deals": 0,
    }


def test_a_cell_of_an_option_the_rules_no_longer_have_is_removed(
    store_a: Path, tmp_path: Path
) -> None:
    """A cell whose options the ruleset no longer has (an option renamed, say) can never be
    brought up to date: the next sweep of the ruleset removes it, and plays the cell its rules
    now ask for."""
    store = tmp_path / "C.sqlite"
    shutil.copyfile(store_a, store)
    with sqlite3.connect(store) as connection:
        connection.execute(
            "UPDATE figures SET options = json_set(options, '$.gone', 'yes') "
            "WHERE changed = 'five_pool=five' AND policy = 'random'"
        )
    found = sweep(store)
    assert (found["removed"], found["played"]) == (1, 1)
    with sqlite3.connect(store) as connection:
        stale = connection.execute("SELECT COUNT(*) FROM figures WHERE options LIKE '%gone%'")
        assert stale.fetchone() == (0,)
    assert inconsistent(stored_cells(store)) == []


def test_one_row_a_cell_and_figure_readable_as_sql(store_a: Path) -> None:
    with sqlite3.connect(store_a) as connection:
        rows = connection.execute(
            "SELECT changed, policy, figure, n, deals FROM figures WHERE ruleset = 'peel'"
        ).fetchall()
    cells = {(changed, policy) for changed, policy, *_ in rows}
    assert len(cells) == PEEL_CELLS
    assert ("", "random") in cells and ("", "advised") in cells
    figures = {figure for _, _, figure, _, _ in rows}
    assert {"dealer", "elder", "others", "chief", "cards", "out", "game"} == figures
    # Every figure but the chief card's is counted on every deal; the Pope lies in the spare
    # hand in some.
    for _, _, figure, n, deals in rows:
        assert n == deals if figure != "chief" else 0 < n < deals


@pytest.fixture(scope="module")
def dask_scheduler() -> Iterator[str]:
    """A real Dask scheduler with two worker processes, on 127.0.0.1."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
    ) as cluster:
        yield cluster.scheduler_address


def test_a_dask_cluster_gives_the_same_figures_to_the_last_digit(
    store_a: Path, dask_scheduler: str, tmp_path: Path
) -> None:
    store_b = tmp_path / "B.sqlite"
    assert sweep(store_b, "--scheduler", dask_scheduler)["played"] == PEEL_CELLS
    assert effects(store_b) == effects(store_a)
    query = "SELECT * FROM figures ORDER BY ruleset, options, players, policy, figure"
    with sqlite3.connect(store_a) as a, sqlite3.connect(store_b) as b:
        assert a.execute(query).fetchall() == b.execute(query).fetchall()


def test_pairing_narrows_the_interval_more_than_threefold(store_a: Path) -> None:
    """Each variant is played on the same deals as the default rules: the interval of its
    effect is far narrower than two runs on deals of their own would give."""
    found = effects(store_a)
    ratios = {
        (item["option"], item["value"], item["policy"], name): figure["unpaired_half_width"]
        / ((figure["interval"][1] - figure["interval"][0]) / 2)
        for item in found["effects"]  # type: ignore[attr-defined]
        for name, figure in item["figures"].items()
        if figure["interval"][1] > figure["interval"][0]
    }
    best = max(ratios.values())
    assert best >= 3, ratios
    # What a Pope turned up pays the dealer, at most four counters: its effect on what the
    # dealer nets is measured more than three times as closely paired as not; and so is playing
    # on after it, though that changes the play of the deal.
    assert ratios[("pope_turn_up_limit", "4", "random", "dealer")] >= 3
    assert ratios[("pope_turn_up", "play-on", "random", "dealer")] >= 3


def test_an_option_that_changes_nothing_in_a_deal_has_no_effect(store_a: Path) -> None:
    """How the first dealer is chosen matters only to a game: on the same deals, every figure
    is the same to the counter."""
    for item in effects(store_a)["effects"]:  # type: ignore[attr-defined]
        if item["option"] == "first_dealer":
            for figure in item["figures"].values():
                assert figure["effect"] == 0 and figure["interval"] == [0, 0]
                assert not figure["distinguishable"]


def test_an_interrupted_sweep_keeps_every_group_it_finished(tmp_path: Path) -> None:
    """Spinado's three variants at four players, under two policies: two groups of two chunks."""
    spinado = load_ruleset(REPO / "rulesets" / "spinado.yaml")
    policies = ("random", "lowest")
    store = Store(tmp_path / "cut.sqlite")
    planned = plan([spinado], store, players=(4,), policies=policies, deals=2000, seed=1)
    assert [group.policy for group in planned.groups] == ["random", "lowest"]
    chunks = 0

    def interrupt_in_the_second_group(deals: int) -> None:
        nonlocal chunks
        chunks += 1
        if chunks == 3:  # the first chunk of the second group, the first group written
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_plan(planned, store, LocalRunner(1), interrupt_in_the_second_group)
    kept = {(key.policy, key.options) for key in store.stamps("spinado")}
    assert {policy for policy, _ in kept} == {"random"}
    assert len(kept) == len(variants(spinado)) == 3
    again = plan([spinado], store, players=(4,), policies=policies, deals=2000, seed=1)
    assert [group.policy for group in again.groups] == ["lowest"]
    store.close()


def test_a_rule_changed_is_played_again_and_a_citation_changed_is_not(tmp_path: Path) -> None:
    folder = tmp_path / "rulesets"
    folder.mkdir()
    text = (REPO / "rulesets" / "peel.yaml").read_text("utf-8")
    (folder / "peel.yaml").write_text(text, "utf-8")
    store = tmp_path / "s.sqlite"
    small = ["--deals", "200", "--policy", "random", "--players", "4", "--json"]

    def again() -> dict[str, int]:
        done = run(["sweep", str(folder / "peel.yaml"), "--store", str(store), *small])
        assert done.status == 0, done.err
        found: dict[str, int] = json.loads(done.out)
        return found

    assert again()["played"] == len(variants(PEEL))
    # A citation changed (the lines it points to): the rules play as they did.
    cited = 'lines: "19-20", quote: available for any number of players'
    assert cited in text
    text = text.replace(cited, cited.replace("19-20", "19-21"))
    (folder / "peel.yaml").write_text(text, "utf-8")
    assert again()["played"] == 0
    # A stake changed: every variant is paired with the default rules, so all are played.
    staked = "stakes: {pope: 6,"
    assert staked in text
    (folder / "peel.yaml").write_text(text.replace(staked, "stakes: {pope: 7,"), "utf-8")
    assert again()["played"] == len(variants(PEEL))


def test_chunks_merge_to_the_same_sums_in_any_order() -> None:
    task = ChunkTask(tuple(v.options for v in variants(PEEL)[:3]), 4, "random", 5, 0, 300)
    whole = play_chunk(task, PEEL)
    halves = [
        play_chunk(ChunkTask(task.variants, 4, "random", 5, chunk, 150), PEEL) for chunk in (1, 2)
    ]
    forward, backward = [CellSums() for _ in whole], [CellSums() for _ in whole]
    for part in halves:
        for total, sums in zip(forward, part, strict=True):
            total.merge(sums)
    for part in reversed(halves):
        for total, sums in zip(backward, part, strict=True):
            total.merge(sums)
    assert forward == backward
    assert whole[0].paired == {} and whole[1].paired


def test_a_variant_counted_against_itself_differs_by_nothing() -> None:
    rows = [(1, -2, 1, None, 30, 1, 1), (0, 4, -4, 9, 12, 1, 0)]
    sums = counted(rows, rows)
    assert all(stat.total == 0 and stat.squares == 0 for stat in sums.paired.values())
    assert sums.own["chief"].n == 1 and sums.paired["chief"].n == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["effects", "peel", "--store", "{tmp}/none.sqlite"],
            "variants: {tmp}/none.sqlite: no store here: make one with variants sweep",
        ),
        (
            ["effects", "peel", "--store", "{tmp}/text.sqlite"],
            "variants: {tmp}/text.sqlite: not a store of sweep figures (file is not a database)",
        ),
        (
            ["sweep", "peel", "--store", "{tmp}/link.sqlite"],
            "variants: {tmp}/link.sqlite: is a symbolic link; refusing to write through it",
        ),
        (
            ["sweep", "peel", "--store", "{tmp}/no/such/folder.sqlite"],
            "variants: {tmp}/no/such/folder.sqlite: no folder {tmp}/no/such to keep the store in",
        ),
        (
            ["sweep", "peel", "--policy", "advice:hoyle", "--store", "{tmp}/a.sqlite"],
            "variants: --policy must be one of 'lowest', 'random', 'advised', not 'advice:hoyle'",
        ),
        (
            ["sweep", "peel", "--players", "9", "--store", "{tmp}/a.sqlite"],
            "variants: no cell to play: no ruleset allows the table sizes asked for",
        ),
        (
            ["sweep", "peel", "--scheduler", "localhost", "--store", "{tmp}/a.sqlite"],
            "variants: no Dask scheduler answers at localhost: missing port number in address "
            "'localhost'",
        ),
        (
            ["effects", "peel", "--store", "{tmp}/empty.sqlite"],
            "variants: {tmp}/empty.sqlite: no up-to-date figures of peel: run variants sweep "
            "peel --store {tmp}/empty.sqlite",
        ),
    ],
)
def test_a_store_or_sweep_that_cannot_be_used_is_said_in_one_line(
    tmp_path: Path, args: list[str], message: str
) -> None:
    (tmp_path / "text.sqlite").write_text("not a database\n", "utf-8")
    (tmp_path / "link.sqlite").symlink_to(tmp_path / "text.sqlite")
    Store(tmp_path / "empty.sqlite").close()
    done = run([arg.format(tmp=tmp_path) for arg in args])
    assert (done.status, done.err_lines) == (1, [message.format(tmp=tmp_path)])
    assert (tmp_path / "text.sqlite").read_text("utf-8") == "not a database\n"
    assert not (tmp_path / "a.sqlite").exists()


def test_a_store_of_another_kind_is_left_alone(tmp_path: Path) -> None:
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as connection:
        connection.execute("CREATE TABLE notes (text TEXT)")
    before = other.read_bytes()
    done = run(["sweep", "peel", "--players", "4", "--deals", "10", "--store", str(other)])
    assert (done.status, done.err_lines) == (
        1,
        [f"variants: {other}: not a store of sweep figures (its tables: notes)"],
    )
    assert other.read_bytes() == before
    shutil.rmtree(tmp_path)


def test_the_batched_play_gives_the_same_rows_as_each_deal_played_alone() -> None:
    """Each variant's deals are played as one batch by the play loop; dealt and played one by
    one from the same streams, every figure of every deal is the same."""
    for path in sorted((REPO / "rulesets").glob("*.yaml")):
        ruleset = load_ruleset(path)
        for variant in variants(ruleset):
            counts = ruleset.rules_for(dict(variant.options)).players.counts
            players = 4 if 4 in counts else min(counts)
            compiled = compiled_variant(ruleset, variant.options, players)
            for policy in ("random", "advised") if not variant.changed else ("random",):
                assert deal_rows(compiled, policy, 3, 1, 25) == shown_rows(
                    compiled, policy, 3, 1, 25
                ), (ruleset.id, variant.changed, policy)
