"""The comparison page as generated, without a browser: its columns by game and then by date,
whatever the rulesets' ids; a button for each game; the whole table for a reader without
JavaScript; and contributed names escaped."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from variants.mechanics.ruleset import HOME_GAME, Ruleset
from variants.site import compare
from variants.site.pages import SiteData, compare_page


def heads(html: str) -> list[tuple[str, str]]:
    """Each ruleset column of the table, as (ruleset id, game slug), in order."""
    return re.findall(r'<th scope="col" data-ruleset="([^"]+)" data-game="([^"]+)"', html)


def test_columns_go_by_game_then_by_date(built_site: Path, rulesets: dict[str, Ruleset]) -> None:
    """Pope Joan's rulesets first, then each other game's, the games in the order of their
    oldest source, and within a game the older source first."""
    html = (built_site / "compare" / "index.html").read_text("utf-8")
    order = [rulesets[rid] for rid, _ in heads(html)]
    assert sorted(r.id for r in order) == sorted(rulesets)
    games = [r.source.game for r in order]
    runs = [game for i, game in enumerate(games) if i == 0 or games[i - 1] != game]
    assert runs[0] == HOME_GAME and len(runs) == len(set(runs))  # each game's columns together
    oldest = [min(r.source.year or 10_000 for r in order if r.source.game == g) for g in runs]
    assert oldest[1:] == sorted(oldest[1:])
    for game in runs:
        years = [r.source.year or 10_000 for r in order if r.source.game == game]
        assert years == sorted(years), game
    # the rows' cells follow the heads
    cells = re.findall(r'<td data-ruleset="([^"]+)"', html)
    assert cells == [r.id for r in order] * (len(cells) // len(order))


def test_the_order_does_not_follow_the_ids(rulesets: dict[str, Ruleset]) -> None:
    """The same rulesets under other ids come in the same order: ids say nothing a reader
    sees."""
    renamed = [replace(r, id="".join(reversed(r.id))) for r in rulesets.values()]
    titles = [r.title for r in compare.columns(list(rulesets.values()))]
    assert [r.title for r in compare.columns(renamed)] == titles
    assert [r.title for r in compare.columns(list(reversed(renamed)))] == titles


def test_a_button_for_each_game(built_site: Path, rulesets: dict[str, Ruleset]) -> None:
    html = (built_site / "compare" / "index.html").read_text("utf-8")
    games = {r.source.game for r in rulesets.values()}
    labels = re.findall(r'<label for="pj-game-[^"]+">([^<]+) <span[^>]*>(\d+)</span>', html)
    assert {name for name, _ in labels} == games
    for name, count in labels:
        assert int(count) == sum(1 for r in rulesets.values() if r.source.game == name)
    slugs = {slug for _, slug in heads(html)}
    assert slugs == set(re.findall(r'name="pj-game" id="pj-game-[^"]+" value="([^"]+)"', html))


def test_without_javascript_the_whole_table_shows(built_site: Path) -> None:
    """The controls are hidden until the script shows them, and no column or row is hidden by
    the page as sent."""
    html = (built_site / "compare" / "index.html").read_text("utf-8")
    assert re.search(r'<form class="pj-compare__controls" hidden data-pj-controls>', html)
    assert "pj-col-hidden" not in html and "pj-row-hidden" not in html
    assert 'id="row-pack" data-row="pack"' in html


def test_contributed_names_are_escaped(rulesets: dict[str, Ruleset]) -> None:
    """A game's name and a ruleset's title from a contributed ruleset reach the page as text."""
    peel = rulesets["peel"]
    hostile = replace(
        peel,
        id="hostile",
        title='"><script>alert(1)</script>',
        source=replace(peel.source, game="<img src=x onerror=alert(1)> & Co"),
    )
    html = compare_page(SiteData.create({"peel": peel, "hostile": hostile}, {}))
    assert "<script>alert" not in html and "<img src=x" not in html
    assert "&lt;img src=x onerror=alert(1)&gt; &amp; Co" in html
    assert 'value="img-src-x-onerror-alert-1-co"' in html
