"""The collation pages (variants.site.rowpages) in the built site: a page per row of the
comparison with every ruleset's reading, the words that differ marked, and the dependence
between the texts."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from variants.mechanics.ruleset import Ruleset
from variants.site import compare as cmp
from variants.site.pages import short_name
from variants.site.rowpages import DEPENDENCE, INDEX, row_page


def _page(site: Path, src: str) -> str:
    folder = src.removesuffix(".md").removesuffix("index")
    return (site / folder / "index.html").read_text("utf-8")


@pytest.fixture(scope="module")
def rows(rulesets: dict[str, Ruleset]) -> tuple[cmp.Row, ...]:
    ordered = sorted(rulesets.values(), key=lambda r: (r.source.files[0].name, r.id))
    return cmp.matrix(ordered)


def test_every_row_has_a_page_with_every_rulesets_reading(
    built_site: Path, rows: tuple[cmp.Row, ...]
) -> None:
    index = _page(built_site, INDEX)
    for row in rows:
        page = _page(built_site, row_page(row.dimension.id))
        readings = page.split('class="pj-col-readings"', 1)[1].split("</table>", 1)[0]
        assert readings.count("<tr>") == len(row.cells) + 1  # the head's row and one a ruleset
        for cell in row.cells:
            link = f'href="../../rulesets/{cell.ruleset.id}/#{cell.anchor}"'
            assert link in readings, (row.dimension.id, cell.ruleset.id)
            assert short_name(cell.ruleset) in html.unescape(readings)
        assert f'href="{row.dimension.id}/"' in index


def test_a_passage_links_each_line_to_its_text(built_site: Path) -> None:
    page = _page(built_site, row_page("chief-card"))
    hoyle = page.split('id="text-hoyle-improved"', 1)[1].split("</section>", 1)[0]
    assert 'href="../../sources/hoyle-improved/#L16"' in hoyle
    assert "nine of diamonds" in hoyle


def test_squareman_marks_where_it_words_hoyle_its_own_way(built_site: Path) -> None:
    page = _page(built_site, row_page("chief-card"))
    squareman = page.split('id="text-squareman-1916-complete"', 1)[1].split("</section>", 1)[0]
    assert 'Compared with <a href="#text-hoyle-improved">' in squareman
    assert "<ins>(queen and jack),</ins>" in squareman  # "two to intrigue, and six" in Hoyle
    assert "<mark>" in squareman


def test_the_modern_pages_are_cited_never_quoted(
    built_site: Path, rulesets: dict[str, Ruleset]
) -> None:
    page = _page(built_site, row_page("pack"))
    cited = page.split('id="cited-only"', 1)[1]
    assert 'id="text-boardgamesofold"' in cited and 'id="text-gamerules"' in cited
    assert "pj-col-line" not in cited
    quotes = [c.quote for c in rulesets["modern-variations"].rules.pack.provenance if c.quote]
    assert quotes and not any(html.escape(q, quote=False) in page for q in quotes)


def test_squareman_and_hoyle_share_the_most_wording(built_site: Path) -> None:
    page = _page(built_site, DEPENDENCE)
    table = page.split('class="pj-col-pairs"', 1)[1].split("</table>", 1)[0]
    first = re.search(r'<tr id="pair-([^"]+)">(.*?)</tr>', table, re.S)
    assert first is not None
    assert first.group(1) == "hoyle-improved-squareman-1916-complete"
    words = re.search(r"<td>(\d+) words in (\d+) rules</td>", first.group(2))
    assert words is not None and int(words.group(1)) >= 100 and int(words.group(2)) >= 5
    share = re.search(r"(\d+)% of Squareman \(1916\)", first.group(2))
    assert share is not None and int(share.group(1)) >= 10
    assert 'href="../chief-card/">Pope card</a>' in first.group(2)
    assert "<svg" in page and "<title" in page and "Hoyle" in page.split("<desc", 1)[1]


def test_each_row_of_the_comparison_links_to_its_collation(
    built_site: Path, rows: tuple[cmp.Row, ...]
) -> None:
    compare = _page(built_site, "compare.md")
    for row in rows:
        head = re.search(
            rf'<tr id="row-{row.dimension.id}"[^>]*>\s*<th scope="row"[^>]*>(.*?)</th>',
            compare,
            re.S,
        )
        assert head is not None, row.dimension.id
        target = row_page(row.dimension.id).removesuffix(".md")
        assert f'href="../{target}/"' in head.group(1), row.dimension.id
