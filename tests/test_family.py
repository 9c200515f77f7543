"""The family page: rulesets grouped by game, and each relative set beside its Pope Joan, what
they share and where they differ read from the rulesets themselves."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from variants.mechanics.ruleset import Ruleset
from variants.rules.loader import load_rulesets, ruleset_schema
from variants.site import family
from variants.site.pages import SiteData, generate_pages, navigation

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def rulesets() -> list[Ruleset]:
    return list(load_rulesets(REPO / "rulesets").values())


def test_pope_joan_comes_first_then_its_relatives(rulesets: list[Ruleset]) -> None:
    games = [game for game, _ in family.by_game(rulesets)]
    assert games[0] == "Pope Joan"
    assert set(games) == {
        "Pope Joan",
        "Queen Nazareen",
        "Comète",
        "Matrimony",
        "Spin",
        "Newmarket",
        "Commit",
        "Pochen",
    }


def test_the_german_and_the_english_poch_are_one_game(rulesets: list[Ruleset]) -> None:
    """Meyers' Poch (1908) and Foster's Pochen (1914) are grouped as the game Pochen, the
    older first."""
    games = dict(family.by_game(rulesets))
    assert [r.id for r in games["Pochen"]] == ["poch", "pochen"]


def test_the_rulesets_are_counted_by_game_in_words(rulesets: list[Ruleset]) -> None:
    by_id = {r.id: r for r in rulesets}
    assert family.counted_by_game(rulesets) == (
        "eight rulesets of Pope Joan, one of Queen Nazareen, one of Comète, four of Matrimony, "
        "two of Spin, two of Newmarket, two of Pochen and one of Commit"
    )
    assert family.counted_by_game([by_id["newmarket"]]) == "one ruleset of Newmarket"
    assert family.counted_by_game([by_id["peel"], by_id["spin"]]) == (
        "one ruleset of Pope Joan and one of Spin"
    )


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
        "commit": "foster",  # the same book: Foster's Pope Joan is played as Commit is
        "queen-nazareen": "hoyle",  # no Pope Joan in its book: the nearest in date
        "stops": "foster",  # the same book: Foster's Newmarket follows his Pope Joan
        "pochen": "squareman",  # Foster's Pope Joan cites the 1897 copy, not 015: nearest in date
        "poch": "hoffmann",  # no Pope Joan in its book: the nearest in date
        "comete": "hoyle",  # no Pope Joan in its book: the nearest in date
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
        "Queen Nazareen",
        "Comète",
        "Matrimony",
        "Spin",
        "Newmarket",
        "Pochen",
        "Commit",
    ]
    assert "Family" in nav


def _site(rulesets: list[Ruleset]) -> SiteData:
    return SiteData.create({r.id: r for r in rulesets}, ruleset_schema())


def test_each_game_has_a_page_in_the_nav_under_the_family(rulesets: list[Ruleset]) -> None:
    site = _site(rulesets)
    nav = {key: value for entry in navigation(site) for key, value in entry.items()}
    assert nav["Family"] == [
        {"The family": "family.md"},
        {"Pope Joan": "games/pope-joan.md"},
        {"Queen Nazareen": "games/queen-nazareen.md"},
        {"Comète": "games/comete.md"},
        {"Matrimony": "games/matrimony.md"},
        {"Spin": "games/spin.md"},
        {"Newmarket": "games/newmarket.md"},
        {"Pochen": "games/pochen.md"},
        {"Commit": "games/commit.md"},
    ]
    pages = generate_pages(site)
    for page in ("pope-joan", "queen-nazareen", "comete", "matrimony", "spin", "newmarket"):
        assert f'href="../games/{page}/"' in pages["family.md"]
        assert f"games/{page}.md" in pages


def test_a_game_page_says_what_the_game_is_from_its_rulesets(rulesets: list[Ruleset]) -> None:
    matrimony = next(g for g in family.games(rulesets) if g.name == "Matrimony")
    assert family.about(matrimony) == (
        "No card is played: each player is dealt one or two cards face down and one face up, and "
        "the hands are then shown, from the eldest, each division going to the first hand shown "
        "that holds what wins it.",
        "The stakes are laid on five divisions; across its rulesets they are Best, Matrimony, "
        "Intrigue, Confederacy, Pairs and Pair.",
        "It is played by five to fourteen players.",
        "Four sources here describe it, from 1856 to 1911.",
    )
    assert family.lacks(matrimony) == (
        "Pope",
        "Ace",
        "King",
        "Queen",
        "Knave",
        "Game",
        "Ten",
        "Jack",
    )
    # every ruleset leaves unwon counters on the board: no likeness of Matrimony's
    assert "Unwon counters" not in dict(family.always_shared(matrimony))
    assert "Stops" in family.always_differs(matrimony)
    page = generate_pages(_site(rulesets))["games/matrimony.md"]
    for ruleset in matrimony.rulesets:
        for folder in ("rulesets", "examples", "statistics"):
            assert f'href="../../{folder}/{ruleset.id}/"' in page
        assert f'href="../../family/#kin-{ruleset.id}"' in page


def test_games_are_grouped_by_the_game_their_sources_name(rulesets: list[Ruleset]) -> None:
    renamed = [
        replace(r, source=replace(r.source, game="<b>Spinado</b>")) if r.id == "spinado" else r
        for r in rulesets
    ]
    site = _site(renamed)
    nav = {key: value for entry in navigation(site) for key, value in entry.items()}
    assert {"B Spinado B": "games/b-spinado-b.md"} in nav["Family"]
    page = generate_pages(site)["games/b-spinado-b.md"]
    assert "<b>" not in page and "&lt;b&gt;Spinado&lt;/b&gt;" in page
    spin = next(g for g in family.games(renamed) if g.name == "Spin")
    assert [r.id for r in spin.rulesets] == ["spin"]
    assert family.about(spin)[0].startswith("The cards are played out in runs")


def test_a_likeness_is_told_only_where_some_game_does_otherwise(rulesets: list[Ruleset]) -> None:
    """A rule every ruleset has, or one both games lack, is no kinship: the family tells
    neither, and tells the rules a relative has alike with Pope Joan that others do not."""
    trivial = family.trivial_rows(rulesets)
    assert {"Unwon counters", "Rounds", "End of game"} <= trivial
    assert not trivial & {"Players", "Pack", "First dealer", "Stops"}
    kinships = {k.ruleset.id: k for k in family.kinships(rulesets)}
    for kin in kinships.values():
        assert not {row for row, _ in kin.shared} & trivial
        assert not [value for _, value in kin.shared if family.is_absence(value)]
    newmarket = dict(kinships["newmarket"].shared)
    assert newmarket["Players"] == "3\N{EN DASH}8"
    assert "Paid at once for a card played" not in newmarket  # neither has such a payment
    spin = next(g for g in family.games(rulesets) if g.name == "Spin")
    assert ("the Matrimony division", 2) in family.likenesses(spin)
    assert ("Matrimony and Intrigue", 2) in family.likenesses(spin)
    assert ("players", 2) in family.likenesses(spin)


def test_the_family_tree_names_each_game_and_no_trivial_likeness(built_site: Path) -> None:
    """The family page draws the games as a tree: every game a linked box with its rulesets,
    the older games the sources name above Pope Joan, each link labelled with likenesses;
    the rules every ruleset shares are told nowhere on the page."""
    html = (built_site / "family" / "index.html").read_text("utf-8")
    found = re.search(r'<svg class="pj-tree".*?</svg>', html, re.S)
    assert found is not None
    svg = found.group()
    assert '<title id="pj-tree-title">' in svg
    words = re.sub(r"<[^>]+>", "\n", svg)
    for game in ("Pope Joan", "Matrimony", "Spin", "Newmarket", "Nain Jaune", "Comète", "Commit"):
        assert f"\n{game}\n" in words, game
    for page in ("pope-joan", "matrimony", "spin", "newmarket"):
        assert f'href="../games/{page}/"' in svg
    for ruleset in ("peel", "hoyle", "spinado", "matrimony-britannica", "newmarket"):
        assert f'href="../rulesets/{ruleset}/"' in svg
    assert "the Matrimony division (3 of 4)" in words
    assert "the same five layout cards" in words
    text = re.sub(r"<[^>]+>", " ", html).lower()
    assert "unwon counters" not in text and "end of game" not in text


def test_the_family_page_tells_nain_jaune_from_the_sources(built_site: Path) -> None:
    """Pope Joan's French kin are told where the family is, each point with the source it is
    read from: Foster's chapter of odd games, linked at its lines."""
    html = (built_site / "family" / "index.html").read_text("utf-8")
    section = html[html.index('id="nain-jaune"') :]
    section = section[: section.index('id="game-by-game"')]
    for name in ("Nain Jaune", "Comète", "Hoc", "Commit", "Encyclopédie"):
        assert name in section, name
    assert 'href="../sources/foster-1914-odd-games/#L115"' in section
    assert "015_foster-complete-hoyle-1914_commit-pope-joan-newmarket-pochen.txt" in section
    assert "018_encyclopedie-1753-1765_hoc-poque-comete-manille_fragments-fr.txt" in section
    pope_joan = (built_site / "games" / "pope-joan" / "index.html").read_text("utf-8")
    assert 'href="../../family/#nain-jaune"' in pope_joan


def test_a_game_whose_runs_go_by_rank_is_told_so(rulesets: list[Ruleset]) -> None:
    comete = next(g for g in family.games(rulesets) if g.name == "Comète")
    assert family.phases(comete).startswith(
        "The cards are played out in runs, suits not mattering: a card is led, and the first "
        "player in turn who holds a card of the next rank plays it, until the run stops."
    )
    commit = next(g for g in family.games(rulesets) if g.name == "Commit")
    assert "whoever holds the next card of its suit plays it" in family.phases(commit)
