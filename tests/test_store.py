"""The store that ships with the project: every option value of every ruleset measured at its
table sizes under random and advised leads, up to date with the rules and the engine, its text
summary beside it, and a sample of its cells played again to the last digit. A figure edited by
hand fails, naming its cell."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest
from clirun import run

from variants.analysis.replay import cell_label, differences, inconsistent, sample, summary
from variants.analysis.reports import report_json
from variants.analysis.store import Store, stored_cells
from variants.analysis.sweep import POLICY_DEALS, plan, table_sizes, variants
from variants.core.settings import store_path
from variants.rules.loader import load_ruleset, validate_paths
from variants.site import stats_runs as sr
from variants.site.statistics.page import plan as plan_of

REPO = Path(__file__).resolve().parent.parent
SHIPPED = REPO / store_path()
RULESETS = list(validate_paths([REPO / "rulesets"]).rulesets)
BY_ID = {ruleset.id: ruleset for ruleset in RULESETS}
SAMPLE = 2
"""How many of the shipped store's cells the suite plays again: each is a whole cell, a hundred
thousand deals under random leads or twenty thousand under advised ones, beside its default
rules."""


def test_the_shipped_store_covers_every_option_value_of_every_ruleset_up_to_date() -> None:
    store = Store(SHIPPED)
    try:
        planned = plan(RULESETS, store)
    finally:
        store.close()
    lacking = sorted({group.ruleset.id for group in planned.groups})
    assert not lacking, (
        f"{SHIPPED.relative_to(REPO)} lacks, or holds out of date, {planned.wanted} cells of "
        f"{', '.join(lacking)}: run variants sweep {' '.join(lacking)}"
    )
    expected = sum(
        len([v for v in variants(r) if size in r.rules_for(dict(v.options)).players.counts])
        for r in RULESETS
        for size in table_sizes(r)
    ) * len(POLICY_DEALS)
    assert planned.cells == expected
    current = {(r.id, v.options) for r in RULESETS for v in variants(r)}
    stale = sorted(
        {
            cell_label(c.key)
            for c in stored_cells(SHIPPED)
            if (c.key.ruleset, c.key.options) not in current
        }
    )
    assert not stale, (
        f"cells of options the rulesets no longer have: {stale[:3]}: run variants sweep"
    )


def test_the_shipped_store_plays_the_sizes_the_issue_asks_for() -> None:
    cells = stored_cells(SHIPPED)
    deals = {(cell.key.policy, cell.key.deals) for cell in cells}
    assert deals == {("random", 100_000), ("advised", 20_000)}
    for ruleset in RULESETS:
        sizes = {cell.key.players for cell in cells if cell.key.ruleset == ruleset.id}
        assert sizes == set(table_sizes(ruleset)), ruleset.id


def test_the_summary_beside_the_store_is_the_store_told() -> None:
    text = SHIPPED.with_suffix(".txt").read_text("utf-8")
    assert text == summary(stored_cells(SHIPPED)), (
        "store/sweep.txt is not store/sweep.sqlite told: run variants sweep (it rewrites it)"
    )


def test_every_cell_of_the_shipped_store_agrees_with_itself_and_its_default_rules() -> None:
    assert inconsistent(stored_cells(SHIPPED)) == []


def test_a_sample_of_the_shipped_store_plays_again_to_the_last_digit() -> None:
    """A seeded sample of the cells (``$VARIANTS_STORE_SAMPLE_SEED``, 0 unless set: another
    seed draws other cells), each played again beside its default rules."""
    seed = int(os.environ.get("VARIANTS_STORE_SAMPLE_SEED", "0"))
    cells = [cell for cell in stored_cells(SHIPPED) if cell.changed]
    for cell in sample(cells, SAMPLE, seed):
        said = differences(BY_ID[cell.key.ruleset], cell)
        assert not said, f"{cell_label(cell.key)}: {'; '.join(said)}"


@pytest.fixture(scope="module")
def small_store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    store = tmp_path_factory.mktemp("small") / "small.sqlite"
    done = run(
        [
            "sweep",
            "peel",
            "--players",
            "3",
            "--policy",
            "random",
            "--deals",
            "300",
            "--store",
            str(store),
            "--json",
        ]
    )
    assert done.status == 0, done.err
    return store


def test_a_figure_edited_by_hand_differs_from_its_replay_naming_the_cell(
    small_store: Path, tmp_path: Path
) -> None:
    edited = tmp_path / "edited.sqlite"
    edited.write_bytes(small_store.read_bytes())
    with sqlite3.connect(edited) as connection:
        connection.execute(
            "UPDATE figures SET total = total + 1 WHERE changed = 'dressing=dealer' "
            "AND figure = 'elder'"
        )
    peel = load_ruleset(REPO / "rulesets" / "peel.yaml")
    found = {
        cell_label(cell.key): differences(peel, cell)
        for cell in stored_cells(edited)
        if cell.changed in ("", "dressing=dealer")
    }
    wrong = {label: said for label, said in found.items() if said}
    assert list(wrong) == [
        cell_label(cell.key) for cell in stored_cells(edited) if cell.changed == "dressing=dealer"
    ]
    (said,) = wrong.values()
    assert len(said) == 1 and said[0].startswith("elder stored n=300 total=")
    label = next(iter(wrong))
    assert label.startswith("peel [") and "dressing=dealer" in label
    assert label.endswith("at 3 players, random leads, seed 0, 300 deals")


def test_a_total_edited_by_hand_anywhere_in_the_store_is_found_naming_the_cell(
    small_store: Path, tmp_path: Path
) -> None:
    """Every cell is read, none played: a sum edited in a cell no longer agrees with its
    difference from the default rules (or the default rules' sums no longer agree with every
    variant's)."""
    assert inconsistent(stored_cells(small_store)) == []
    edited = tmp_path / "edited.sqlite"
    edited.write_bytes(small_store.read_bytes())
    with sqlite3.connect(edited) as connection:
        connection.execute(
            "UPDATE figures SET total = total - 3 WHERE changed = 'pope_bonus=none' "
            "AND figure = 'cards'"
        )
    (said,) = inconsistent(stored_cells(edited))
    cell = next(c for c in stored_cells(edited) if c.changed == "pope_bonus=none")
    wrong = "cards: the difference from the default rules is not that of the sums"
    assert said == f"{cell_label(cell.key)}: {wrong}"


def test_the_summary_is_written_beside_the_store(small_store: Path) -> None:
    text = small_store.with_suffix(".txt").read_text("utf-8")
    assert text == summary(stored_cells(small_store))
    assert "peel  dressing=dealer  3  random  300  dealer  " in text


# --------------------------------------------------------------------------------------------
# The statistics pages' runs


@pytest.fixture
def published(monkeypatch: pytest.MonkeyPatch) -> None:
    """The runs at the sizes the site publishes (the suite's own builds play them at 1%)."""
    monkeypatch.delenv("VARIANTS_STATS_SCALE", raising=False)


def site_runs() -> list[tuple[sr.Run, str]]:
    """Every run the statistics pages need at the published sizes, with its key."""
    runs = [run for r in RULESETS for run in plan_of(r, RULESETS).runs()]
    return [(run, sr.cache_key(run, BY_ID[run.ruleset])) for run in dict.fromkeys(runs)]


@pytest.mark.usefixtures("published")
def test_the_shipped_store_holds_every_run_the_statistics_pages_need_and_no_other() -> None:
    """A clean build of the site plays none of them."""
    folder = REPO / "store" / "runs"
    lacking = sorted(
        {
            needed.ruleset
            for needed, key in site_runs()
            if sr.cached(folder / f"{key}.json", key, needed, BY_ID[needed.ruleset]) is None
        }
    )
    assert not lacking, (
        f"store/runs lacks, or holds out of date, runs of {', '.join(lacking)}: "
        f"run variants sweep {' '.join(lacking)}"
    )
    extra = {path.stem for path in folder.glob("*.json")} - {key for _, key in site_runs()}
    assert not extra, f"store/runs holds runs no page needs: {sorted(extra)}: run variants sweep"


@pytest.mark.usefixtures("published")
def test_a_sample_of_the_shipped_runs_plays_again_to_the_last_digit() -> None:
    seed = int(os.environ.get("VARIANTS_STORE_SAMPLE_SEED", "0"))
    folder = REPO / "store" / "runs"
    for played, key in sample(site_runs(), SAMPLE, seed):
        stored = json.loads((folder / f"{key}.json").read_text("utf-8"))["result"]
        (report,) = sr.play_runs([(played, BY_ID[played.ruleset])], processes=1)
        said = f"store/runs/{key}.json differs from its run played again: {played.command()}"
        assert report_json(report, full=True) == stored, said
