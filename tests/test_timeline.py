"""The timeline puts the sources in date order and says what each changed from the one before."""

from __future__ import annotations

import itertools
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
    order = [
        i.when
        if isinstance(i, timeline.Milestone)
        else f"older {i.year}"
        if isinstance(i, timeline.OlderText)
        else i.ruleset.id
        for i in items
    ]
    assert order == [
        "queen-nazareen",  # the ruleset stands for Cotton's text, once an older text
        "1732",
        "comete",  # the ruleset stands for the Encyclopédie's Comète, once an older text
        "older 1765",
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
        "poch",
        "hoffmann",
        "matrimony-britannica",
        "older 1914",
        "commit",
        "pochen",
        "stops",
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


def test_each_source_on_the_built_page_folds_its_changes(built_site: Path) -> None:
    """Under the time line, every source is a fold of its own, its summary naming it (an
    apostrophe included) and what it changed; no paragraph is left inside another."""
    html = (built_site / "timeline" / "index.html").read_text("utf-8")
    assert "</p></p>" not in html and "<p>&#39;" not in html
    folds = dict(
        re.findall(
            r'<details class="pj-fold[^"]*" id="([a-z0-9-]+)">\s*<summary>(.*?)</summary>',
            html,
            re.S,
        )
    )
    assert {"peel", "hoyle", "modern-shedding", "matrimony-foster"} <= set(folds)
    assert "Mark Ball&#39;s web page" in folds["modern-shedding"]
    assert "the oldest source of Pope Joan here" in folds["hoyle"]
    assert re.search(r"\d+ rules changed from Cassell", folds["peel"])
    # the secondary dates, each with its source, as the marks link to them
    assert 'id="milestone-1732"' in html and 'id="milestone-1814"' in html


AXIS = re.compile(r'<svg class="pj-axis".*?</svg>', re.S)
MARK = re.compile(
    r'<a class="pj-axis__mark pj-axis__mark--([a-z-]+)" href="([^"]+)" data-year="(\d+)">'
    r"<title>([^<]*)</title>(.*?)</a>",
    re.S,
)


def _x(drawing: str) -> float:
    """The x of a mark's dot: a circle's centre, or a diamond's top corner."""
    found = re.search(r'<circle class="pj-axis__dot" cx="([\d.]+)"', drawing) or re.search(
        r'<path class="pj-axis__dot" d="M([\d.]+) ', drawing
    )
    assert found is not None, drawing
    return float(found.group(1))


def test_the_time_axis_places_every_source_by_its_year(
    built_site: Path, rulesets: list[Ruleset]
) -> None:
    """The time line has a title, and a linked, labelled mark for every ruleset at its source's
    year, Pope Joan's and its relatives' told apart, with the secondary dates and the older
    relatives' texts; the later the year, the further right the mark."""
    html = (built_site / "timeline" / "index.html").read_text("utf-8")
    drawing = AXIS.search(html)
    assert drawing is not None
    svg = drawing.group()
    assert '<title id="pj-timeline-title">' in svg
    marks = [
        (kind, href, int(year), title, _x(body), re.sub(r"<[^>]+>", "", body).strip())
        for kind, href, year, title, body in MARK.findall(svg)
    ]
    by_ruleset = {}
    for kind, href, year, _, _, label in marks:
        found = re.fullmatch(r"\.\./rulesets/([a-z0-9-]+)/", href)
        if found and kind in ("home", "relative"):
            by_ruleset[found.group(1)] = (kind, year, label)
    assert set(by_ruleset) == {r.id for r in rulesets}
    for ruleset in rulesets:
        kind, year, label = by_ruleset[ruleset.id]
        assert year == ruleset.source.year
        assert kind == ("home" if ruleset.source.game == "Pope Joan" else "relative")
        assert label
    placed = sorted((year, x) for _, _, year, _, x, _ in marks)
    for (year, x), (next_year, next_x) in itertools.pairwise(placed):
        assert x <= next_x if year == next_year else x < next_x, (year, next_year)
    kinds = {kind for kind, *_ in marks}
    assert kinds == {"home", "relative", "older", "date"}
    dates = {year: title for kind, _, year, title, _, _ in marks if kind == "date"}
    assert 1732 in dates and 1814 in dates and "1826" in dates[1814]
    assert 1898 in dates  # Hoffmann's first edition, the text being of 1909
    older = {year: (href, title) for kind, href, year, title, _, _ in marks if kind == "older"}
    assert "Nain Jaune" in older[1914][1] and older[1914][0].startswith("../sources/")
    # the older texts kept among the sources link to their own pages
    assert older[1765][0].startswith("../sources/encyclopedie-1753-1765/")
    # an older text whose game a ruleset now follows is told by the ruleset's mark alone
    assert 1674 not in older and by_ruleset["queen-nazareen"][1] == 1674
    assert 1753 not in older and by_ruleset["comete"][1] == 1753
    # the drawing scrolls in a box of its own: the page stays as wide as the screen
    assert 'class="pj-axis-scroll" tabindex="0" role="region"' in html
