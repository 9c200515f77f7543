"""A ruleset resting on an incomplete copy of its source: the gaps it declares, the rules it
supplies from other sources, its status, and how its page and the sources page show them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from clirun import REPO

from variants.mechanics.ruleset import Gap, Ruleset, status_label
from variants.rules.bibliography import read_bibliography
from variants.rules.loader import load_ruleset, ruleset_schema
from variants.site import describe as d
from variants.site.pages import SiteData, ruleset_page, source_pages, sources_page

BASE = (REPO / "tests" / "valid" / "base.yaml").read_text(encoding="utf-8")
SOURCES = REPO.parent / "shared" / "sources"
BIBLIOGRAPHY = read_bibliography(REPO / "sources")
HOYLE = "005_hoyle-games-improved_pope.txt"
PEEL = "000_919af007d8e82e04.txt"
SCRIPT = "<script>alert(1)</script>"
READING = (
    "    reading: One share each and two for the dealer; a share brings the pool to fifteen.\n"
)


def fragment(folder: Path, missing: str = "how the board is dressed") -> Ruleset:
    """The test base with the dressing lost after line 29 and supplied from Hoyle and Peel."""
    text = BASE.replace("id: base\n", "id: fragment\n", 1)
    for old, new in (
        (
            "      lines: 149\n",
            "      lines: 149\n  complete: false\n  gaps:\n"
            f"    - {{file: {PEEL}, after: 29, missing: {missing!r}}}\n",
        ),
        (
            "    kind: ambiguous\n    question: How much does each player pay",
            "    kind: lost\n    question: How much does each player pay",
        ),
        (
            READING,
            READING + "    supplied_by:\n"
            f'      - {{source: {HOYLE}, lines: "17-18", quote: the players contribute}}\n'
            f'      - {{source: {PEEL}, lines: "29-31", quote: fifteen (or more) counters}}\n',
        ),
    ):
        assert old in text
        text = text.replace(old, new, 1)
    path = folder / "fragment.yaml"
    path.write_text(text, encoding="utf-8")
    return load_ruleset(path, SOURCES if SOURCES.is_dir() else None)


@pytest.fixture
def lost(tmp_path: Path) -> Ruleset:
    return fragment(tmp_path)


def test_the_model_holds_the_gaps_and_where_a_lost_rule_comes_from(lost: Ruleset) -> None:
    assert lost.source.complete is False
    assert lost.source.gaps == (Gap(PEEL, 29, None, "how the board is dressed"),)
    assert lost.source.gaps[0].where == "after line 29"
    supplied = lost.interpretation("pool-size")
    assert supplied.kind == "lost" and supplied.supplies
    assert [c.locator for c in supplied.supplied_by] == [
        f"{HOYLE}, lines 17-18",
        f"{PEEL}, lines 29-31",
    ]
    # The other two interpretations read words that are there: they supply nothing.
    assert lost.supplied_count == 1
    assert status_label(lost) == "text incomplete, 1 rule supplied, 1 from other sources"


def test_a_complete_copy_has_no_incomplete_badge(rulesets: dict[str, Ruleset]) -> None:
    foster = rulesets["foster"]
    assert foster.source.complete and foster.source.gaps == ()
    assert status_label(foster) == "complete text, 6 rules supplied"


def test_a_gap_outside_what_is_followed_leaves_the_copy_whole_but_is_listed(
    tmp_path: Path,
) -> None:
    text = BASE.replace("id: base\n", "id: outside\n", 1).replace(
        "      lines: 149\n",
        "      lines: 149\n  gaps:\n"
        f"    - {{file: {PEEL}, after: 141, missing: the variations, outside: true}}\n",
        1,
    )
    path = tmp_path / "outside.yaml"
    path.write_text(text, encoding="utf-8")
    status = d.ruleset_status(load_ruleset(path, SOURCES if SOURCES.is_dir() else None))
    assert [g.where for g in status.gaps] == []
    assert [d.gap_text(g) for g in status.elsewhere] == [
        "the variations (after line 141), in a part the ruleset does not follow"
    ]


def test_a_supplier_is_named_by_the_ruleset_built_on_it(
    lost: Ruleset, rulesets: dict[str, Ruleset]
) -> None:
    item = lost.interpretation("pool-size")
    named = d.suppliers(item, [rulesets["peel"], lost])
    assert [(s.file, s.ruleset.id if s.ruleset else None, s.number, s.own) for s in named] == [
        (HOYLE, None, "005", False),
        (PEEL, "fragment", "000", False),
    ]
    # On its own page, the ruleset's own file is the rest of its source.
    marks = d.supplied_marks(lost, [rulesets["peel"], lost])
    assert list(marks) == ["pool-size"]
    assert [(s.file, s.own) for s in marks["pool-size"]] == [(HOYLE, False), (PEEL, True)]


def test_the_page_marks_the_supplied_rule_and_lists_the_gap(lost: Ruleset) -> None:
    site = SiteData.create({"fragment": lost}, ruleset_schema(), bibliography=BIBLIOGRAPHY)
    html = ruleset_page(site, lost)
    assert html.count('<span class="pj-supplied">supplied from <a') == 1
    assert (
        '<h4 class="pj-rule__title">Dressing the board <span class="pj-supplied">supplied from '
        '<a href="../../sources/hoyle-improved/" title="005_hoyle-games-improved_pope.txt">'
        "Hoyle (undated)</a> and elsewhere in this source</span>"
    ) in html
    assert '<span class="pj-status pj-status--incomplete"' in html
    assert (
        "The copy of the source this ruleset rests on is incomplete: 1 passage is missing from it."
        in html
    )
    assert (
        '<li>how the board is dressed (<a href="../../sources/peel-1891/#L29" '
        'title="000_919af007d8e82e04.txt">after line 29</a>)</li>'
    ) in html
    assert (
        "1 interpretation gives a rule the text does not: 1 for passages lost from the copy."
        in html
    )
    assert "2 more interpretations choose between readings of words that are there" in html


def test_the_apparatus_lists_the_gap_and_the_file_that_supplies(lost: Ruleset) -> None:
    """The copy's gap is told on its text's apparatus, linked to the line it falls after; the
    index marks the copy incomplete; Hoyle's apparatus says it supplies the lost rule's reading
    though no ruleset follows it."""
    site = SiteData.create({"fragment": lost}, ruleset_schema(), bibliography=BIBLIOGRAPHY)
    pages = source_pages(site)
    peel = pages["sources/peel-1891/apparatus.md"]
    assert (
        '<dt>The copy</dt><dd>Missing from it: <a href="../#L29">how the board is dressed</a> '
        "(after line 29).</dd>"
    ) in peel
    assert [path for path, html in pages.items() if "Missing from it" in html] == [
        "sources/peel-1891/apparatus.md"
    ]
    index = sources_page(site)
    peel_entry = index[index.index("{#file-000_919af007d8e82e04}") :]
    assert "incomplete: 1 passage missing" in peel_entry.split("### ", 1)[0]
    hoyle = pages["sources/hoyle-improved/apparatus.md"]
    assert "<dt>Rulesets</dt><dd>None follows it on its own" in hoyle
    supplies = hoyle.split('id="supplies"', 1)[1]
    assert '<a href="../../../rulesets/fragment/#interp-pool-size">Fragment: ' in supplies


def test_a_gap_is_escaped_where_it_reaches_html(tmp_path: Path) -> None:
    hostile = fragment(tmp_path, missing=SCRIPT)
    site = SiteData.create({"fragment": hostile}, ruleset_schema(), bibliography=BIBLIOGRAPHY)
    apparatus = source_pages(site)["sources/peel-1891/apparatus.md"]
    for html in (ruleset_page(site, hostile), sources_page(site), apparatus):
        assert SCRIPT not in html
    assert re.search(
        r"&lt;script&gt;alert\(1\)&lt;/script&gt; \((<a [^>]+>)?after line 29",
        ruleset_page(site, hostile),
    )
    assert re.search(r"&lt;script&gt;alert\(1\)&lt;/script&gt;(</a>)? \(after line 29\)", apparatus)
