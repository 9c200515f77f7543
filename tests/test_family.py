"""The family page: rulesets grouped by game, and each relative set beside its Pope Joan, what
they share and where they differ read from the rulesets themselves."""

from __future__ import annotations

from pathlib import Path

import pytest

from variants.rules.loader import load_rulesets, ruleset_schema
from variants.rules.ruleset import Ruleset
from variants.site import family
from variants.site.pages import SiteData, navigation

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def rulesets() -> list[Ruleset]:
    return list(load_rulesets(REPO / "rulesets").values())


def test_pope_joan_comes_first_then_its_relatives(rulesets: list[Ruleset]) -> None:
    games = [game for game, _ in family.by_game(rulesets)]
    assert games[0] == "Pope Joan"
    assert set(games) == {"Pope Joan", "Matrimony", "Spin", "Newmarket"}


def test_a_relative_is_set_beside_the_pope_joan_of_its_own_book(rulesets: list[Ruleset]) -> None:
    found = {k.ruleset.id: k.pope_joan.id for k in family.kinships(rulesets)}
    assert found == {
        "spin": "peel",
        "newmarket": "peel",
        "spinado": "cassell",
        "matrimony-foster": "foster",  # the same book: Foster's Matrimony precedes Pope Joan
        "matrimony-cassell": "cassell",
        "matrimony-enquire": "cassell",  # no Pope Joan in its book: the nearest in date
        "matrimony-britannica": "hoffmann",
    }


def test_what_is_shared_and_what_differs_comes_from_the_rules(rulesets: list[Ruleset]) -> None:
    newmarket = next(k for k in family.kinships(rulesets) if k.ruleset.id == "newmarket")
    shared = dict(newmarket.shared)
    differs = {row: (theirs, ours) for row, theirs, ours in newmarket.differs}
    assert "Players" in shared and "Trumps" in differs
    assert differs["Trumps"][1] != differs["Trumps"][0]
    rows = set(shared) | set(differs)
    assert "Variations offered" not in rows


def test_the_nav_groups_each_section_by_game(rulesets: list[Ruleset]) -> None:
    site = SiteData.create({r.id: r for r in rulesets}, ruleset_schema())
    nav = {key: value for entry in navigation(site) for key, value in entry.items()}
    overview, *groups = nav["Rulesets"]
    assert overview == "rulesets/index.md"  # the tab opens on it
    assert [next(iter(entry)) for entry in groups] == [
        "Pope Joan",
        "Matrimony",
        "Spin",
        "Newmarket",
    ]
    assert "Family" in nav
