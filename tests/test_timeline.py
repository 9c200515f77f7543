"""The timeline puts the sources in date order and says what each changed from the one before."""

from __future__ import annotations

from pathlib import Path

import pytest

from variants.rules.loader import load_rulesets
from variants.rules.ruleset import Ruleset
from variants.site import timeline

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


def test_a_source_without_a_year_comes_last(rulesets: list[Ruleset]) -> None:
    import dataclasses

    undated = dataclasses.replace(
        rulesets[0], id="zz-undated", source=dataclasses.replace(rulesets[0].source, year=None)
    )
    assert timeline.in_order([undated, *rulesets])[-1].id == "zz-undated"
