"""The timeline puts the sources in date order and says what each changed from the one before."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from variants.mechanics.ruleset import Ruleset
from variants.rules.loader import load_rulesets
from variants.site import compare, timeline

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def rulesets() -> list[Ruleset]:
    return list(load_rulesets(REPO / "rulesets").values())


def test_the_sources_run_from_hoyle_to_the_modern_pages(rulesets: list[Ruleset]) -> None:
    items = timeline.timeline(rulesets)
    order = [i.when if isinstance(i, timeline.Milestone) else i.ruleset.id for i in items]
    assert order == [
        "1732",
        "1814 or 1826",
        "hoyle",
        "matrimony-enquire",
        "cassell",
        "matrimony-cassell",
        "spinado",
        "newmarket",
        "peel",
        "spin",
        "foster",
        "matrimony-foster",
        "hoffmann",
        "matrimony-britannica",
        "squareman",
        "modern-shedding",
        "modern-variations",
    ]


def test_each_source_is_compared_with_the_one_before(rulesets: list[Ruleset]) -> None:
    entries = {e.ruleset.id: e for e in timeline.entries(rulesets)}
    assert entries["hoyle"].previous is None and entries["hoyle"].changes == ()
    peel = entries["peel"]
    assert peel.previous is not None and peel.previous.id == "cassell"
    # a relative of Pope Joan is compared with the sources of its own game
    assert entries["spinado"].previous is None
    spin = entries["spin"]
    assert spin.previous is not None and spin.previous.id == "spinado"
    assert {c.label for c in spin.changes} >= {"Pack", "Spare hand or stock"}
    spare = next(c for c in peel.changes if c.label == "Spare hand or stock")
    assert spare.before != spare.now
    assert all(c.label != "Variations offered" for e in entries.values() for c in e.changes)


def test_the_same_board_listed_in_another_order_is_no_change(rulesets: list[Ruleset]) -> None:
    """Hoyle lists the Ace first and Cassell the Pope: the same eight compartments and stakes."""
    by_id = {r.id: r for r in rulesets}
    hoyle, cassell = by_id["hoyle"], by_id["cassell"]
    row = next(d for d in compare.DIMENSIONS if d.id == "compartments")
    assert row.value(hoyle) != row.value(cassell)
    assert row.value(hoyle).startswith("8: Ace 1, King 1")
    assert row.value(cassell).startswith("8: Pope 6, Matrimony 2")
    assert "Compartments and stakes" not in {c.label for c in timeline.changes(hoyle, cassell)}
    cells = {
        c.ruleset.id: c for r in compare.matrix(rulesets) for c in r.cells if r.dimension is row
    }
    assert cells["hoyle"].group == cells["cassell"].group == cells["squareman"].group
    assert cells["peel"].group != cells["hoyle"].group  # Pope Joan 6, and Game the rest
    # one stake said once when every compartment has it; another label is another value
    assert row.value(by_id["matrimony-foster"]) == (
        "5: Matrimony, Intrigue, Confederacy, Pair and Best, each at least 1, as the players choose"
    )
    assert row.value(by_id["matrimony-cassell"]) == (
        "5: Best, Matrimony, Intrigue, Confederacy and Pair, each 2 from the dealer and 1 from "
        "each other player"
    )
    assert cells["matrimony-britannica"].group == cells["matrimony-foster"].group
    assert cells["matrimony-enquire"].group != cells["matrimony-foster"].group  # Pairs
    changed = timeline.changes(by_id["matrimony-britannica"], by_id["matrimony-foster"])
    assert "Compartments and stakes" not in [c.label for c in changed]


def test_a_source_without_a_year_comes_last(rulesets: list[Ruleset]) -> None:
    import dataclasses

    undated = dataclasses.replace(
        rulesets[0], id="zz-undated", source=dataclasses.replace(rulesets[0].source, year=None)
    )
    assert timeline.in_order([undated, *rulesets])[-1].id == "zz-undated"


def test_each_source_on_the_built_page_has_its_own_heading_and_paragraphs(
    built_site: Path,
) -> None:
    """Every source's heading stands on its own after the table before it (a name with an
    apostrophe included), and no paragraph is left inside another."""
    html = (built_site / "timeline" / "index.html").read_text("utf-8")
    assert '<h2 id="modern-shedding">Mark Ball&#39;s web page<a class="headerlink"' in html
    assert "</p></p>" not in html and "<p>&#39;" not in html
    headings = re.findall(r'<h2 id="([a-z0-9-]+)">', html)
    assert {"peel", "hoyle", "modern-shedding", "matrimony-foster"} <= set(headings)
