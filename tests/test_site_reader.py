"""The way in for readers: the rules in brief, the glossary and its links, the home page's guide,
and the overview at the head of each tab of rulesets."""

from __future__ import annotations

import re
import shutil
from dataclasses import replace
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import pytest
from conftest import configured_site, site_project
from playwright.sync_api import Browser

from variants.core.citations import Citation
from variants.mechanics.ruleset import Ruleset
from variants.rules.bibliography import read_bibliography
from variants.rules.loader import load_rulesets, source_texts
from variants.site import brief, compare, family, glossary
from variants.site import describe as d
from variants.site.render import Linker

REPO = Path(__file__).resolve().parent.parent
RULESETS = REPO / "rulesets"


def page(site: Path, path: str) -> str:
    return (site / path / "index.html").read_text("utf-8")


def text_of(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", "", html)).split())


def article(html: str) -> str:
    found = re.search(r"<article[^>]*>(.*)</article>", html, re.DOTALL)
    assert found is not None
    return found.group(1)


def points(html: str) -> list[str]:
    """The items of the in-brief page's numbered list, as HTML."""
    found = re.search(r'<ol class="pj-brief">(.*?)</ol>', html, re.DOTALL)
    assert found is not None
    return re.findall(r"<li id=\"point-\d\">(.*?)</li>", found.group(1), re.DOTALL)


# --------------------------------------------------------------------------------------------
# Pope Joan in brief


def test_in_brief_tells_the_recommended_rulesets_rules(
    built_site: Path, rulesets: dict[str, Ruleset]
) -> None:
    """mkdocs.yml recommends peel: each point says what Peel's page says, and links to it."""
    peel = rulesets["peel"]
    items = points(page(built_site, "in-brief"))
    assert [text_of(i).split(".")[0] for i in items] == [
        "The players and the pack",
        "The board",
        "The deal",
        "The play",
        "Going out and the settlement",
        "The game",
    ]
    said = [text_of(i) for i in items]
    assert "For three to eight players." in said[0]
    assert d.pack_rule(peel.rules).sentences[0] in said[0]
    assert "The board has eight compartments" in said[1]
    assert "Pope Joan (9♦), Matrimony (Q K of trumps)" in said[1]
    assert d.dressing_rule(peel.rules).sentences[0] in said[1]
    assert "to each player and to a spare hand" in said[2]
    assert "The turn-up's suit is trumps for the deal." in said[2]
    assert "(the elder hand) leads first, with any card" in said[3]
    assert "What stops a run: kings; below a removed card; below the turn-up" in said[3]
    assert "A player still holding the card of Pope Joan (9♦) pays nothing" in said[4]
    assert "A game is one deal by each player in turn" in said[5]
    full = [re.search(r'href="([^"]*)">The full rule<', i) for i in items]
    assert [m.group(1) if m else None for m in full] == [
        f"../rulesets/peel/#{anchor}"
        for anchor in (
            "rule-pack",
            "rule-board",
            "rule-deal",
            "rule-lead",
            "rule-going-out",
            "rule-deals",
        )
    ]
    # The comparison's rows, only where the rulesets differ: they all play as long a game.
    rows = {row.dimension.id: row for row in compare.matrix(list(rulesets.values()))}
    linked = re.findall(r'href="\.\./compare/#row-([a-z-]+)"', items[5])
    assert linked == [r for r in ("rounds", "closing", "end") if rows[r].differs]
    assert "rounds" not in linked and linked
    assert re.findall(r'href="\.\./compare/#row-([a-z-]+)"', items[0]) == ["players", "pack"]


def test_the_in_brief_page_follows_the_setting_and_the_ruleset(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Recommend Foster, with two of its options' defaults changed: the page tells the Pope as
    the nine of diamonds and the pack without the eight, as the changed ruleset's page does (the
    pages as the build makes them from mkdocs.yml, in this process)."""
    rulesets = tmp_path / "rulesets"
    shutil.copytree(RULESETS, rulesets)
    foster = rulesets / "foster.yaml"
    text = foster.read_text("utf-8")
    for option, old, new in (
        ("pope_card", "seven", "nine"),
        ("eight_of_diamonds", "kept", "removed"),
    ):
        before = f"  - id: {option}\n"
        head, _, tail = text.partition(before)
        tail = re.sub(f"(?m)^    default: {old}$", f"    default: {new}", tail, count=1)
        text = head + before + tail
    foster.write_text(text, "utf-8")
    changed = load_rulesets(rulesets)["foster"]
    assert d.pack_rule(changed.rules).sentences[0].startswith("An ordinary pack of 52 cards, from")
    project = tmp_path / "project"
    project.mkdir()
    site_project(project, section_modules="[]", recommended="foster")
    _, made = configured_site(project / "mkdocs.yml", monkeypatch, VARIANTS_RULESETS=str(rulesets))
    html = made("in-brief.md")
    said = [text_of(i) for i in points(html)]
    assert d.pack_rule(changed.rules).sentences[0] in said[0]
    assert "eight of diamonds (8♦) is taken out" in said[0]
    assert "Pope (9♦)" in said[1] and "7♦" not in said[1]
    assert "What stops a run: kings; below a removed card;" in said[3]
    assert 'href="../rulesets/foster/#rule-pack"' in html
    home = made("index.md")
    assert "gives the rules as Foster tells them (R. F. Foster, 1897" in text_of(home)


def test_a_missing_setting_is_told() -> None:
    with pytest.raises(brief.RecommendedError) as raised:
        brief.recommended({}, None)
    assert str(raised.value) == (
        "mkdocs.yml: extra.variants.recommended must name the ruleset to tell in brief (one of: )"
    )


def test_home_leads_with_the_rules_in_brief_and_guides(built_site: Path) -> None:
    html = article(page(built_site, ""))
    # the first link of the page's text: not a heading's anchor, nor the "edit this page" button
    first_link = re.search(
        r'<a (?![^>]*(?:headerlink|md-content__button))[^>]*href="([^"#]+)"', html
    )
    assert first_link is not None and first_link.group(1) == "in-brief/"
    guide = re.search(r'<ul class="pj-guide">(.*?)</ul>', html, re.DOTALL)
    assert guide is not None
    targets = re.findall(r'href="([^"]+)"', guide.group(1))
    assert targets == [
        "in-brief/",
        "rulesets/",
        "compare/",
        "examples/",
        "replay/",
        "one-deal/",
        "statistics/",
        "sources/",
        "timeline/",
        "family/",
        "glossary/",
        "contributing/",
        "schema/",
    ]
    assert html.index("pj-guide") < html.index('id="about-the-game"')
    said = " ".join(re.sub(r"<[^>]+>", "", guide.group(1)).split())
    assert (
        "game by game (eight rulesets of Pope Joan, one of Queen Nazareen, one of Comète, four of "
        "Matrimony, two of Spin, two of Newmarket, two of Pochen and one of Commit)" in said
    )


# --------------------------------------------------------------------------------------------
# The overviews and the nav


@pytest.mark.parametrize("folder", ["rulesets", "examples", "statistics"])
def test_each_tab_opens_on_an_overview_of_every_ruleset(
    built_site: Path, rulesets: dict[str, Ruleset], folder: str
) -> None:
    html = article(page(built_site, folder))
    games = family.by_game(list(rulesets.values()))
    headings = [text_of(h).rstrip("¶") for h in re.findall(r"<h2[^>]*>(.*?)</h2>", html)]
    assert headings[: len(games)] == [game for game, _ in games]
    lists = "".join(re.findall(r'<ul class="pj-overview">(.*?)</ul>', html, re.DOTALL))
    listed = re.findall(r'<li><a href="([^/"]+)/">', lists)
    assert listed == [r.id for _, members in games for r in members]
    line = re.search(r'<li><a href="foster/">Foster</a>(.*?)</li>', html, re.DOTALL)
    assert line is not None
    assert text_of(line.group(1)).startswith(": R. F. Foster, Foster's Complete Hoyle")
    assert "Pope card (7♦ (seven of diamonds))" in text_of(line.group(1))


def test_the_tabs_and_the_home_section(built_site: Path) -> None:
    html = page(built_site, "")
    tabs = re.findall(r'class="md-tabs__link">\s*([^<]*?)\s*</a>', html)
    assert tabs[:6] == ["Home", "Rulesets", "Comparison", "Examples", "Replay", "Statistics"]
    replay_tab = re.search(r'<a href="([^"]*)" class="md-tabs__link">\s*Replay', html)
    assert replay_tab is not None and replay_tab.group(1) == "replay/"
    rules_tab = re.search(r'<a href="([^"]*)" class="md-tabs__link">\s*Rulesets', html)
    assert rules_tab is not None and rules_tab.group(1) == "rulesets/"
    assert re.search(r'href="in-brief/"[^>]*>\s*<span[^>]*>\s*Pope Joan in brief', html)
    assert re.search(r'href="glossary/"[^>]*>\s*<span[^>]*>\s*Glossary', html)


# --------------------------------------------------------------------------------------------
# The glossary


class TermLinks(HTMLParser):
    """Each glossary link with the elements it stands in."""

    VOID = frozenset({"br", "hr", "img", "input", "link", "meta", "wbr", "source", "col"})

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.found: list[tuple[str, tuple[str, ...]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "a" and attributes.get("class") == "pj-term":
            self.found.append((str(attributes.get("href")), tuple(self.open)))
        if tag not in self.VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        pass

    def handle_endtag(self, tag: str) -> None:
        if tag in self.open:
            while self.open.pop() != tag:
                pass


def term_links(site: Path) -> dict[str, list[tuple[str, tuple[str, ...]]]]:
    found: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
    for html_file in sorted(site.rglob("*.html")):
        parser = TermLinks()
        parser.feed(html_file.read_text("utf-8"))
        if parser.found:
            found[html_file.relative_to(site).parent.as_posix()] = parser.found
    return found


def test_every_term_is_linked_and_its_links_resolve(built_site: Path) -> None:
    links = term_links(built_site)
    assert "in-brief" in links and "rulesets/peel" in links and "examples/peel" in links
    assert not [p for p in links if not p.startswith(("rulesets", "examples", "in-brief"))]
    glossary_ids = set(re.findall(r'id="(term-[a-z-]+)"', page(built_site, "glossary")))
    assert glossary_ids == {t.anchor for t in glossary.TERMS}
    linked: set[str] = set()
    for path, found in links.items():
        for href, _ in found:
            target, _, anchor = href.partition("#")
            assert (built_site / path / target / "index.html").resolve() == (
                built_site / "glossary" / "index.html"
            ), (path, href)
            assert anchor in glossary_ids, (path, href)
            linked.add(anchor)
    assert linked == glossary_ids


def test_term_links_never_land_in_headings_links_code_drawings_or_controls(
    built_site: Path,
) -> None:
    forbidden = {"h1", "h2", "h3", "h4", "h5", "h6", "a", "code", "pre", "svg", "button", "summary"}
    checked = 0
    for path, found in term_links(built_site).items():
        for href, inside in found:
            assert not forbidden & set(inside), (path, href, inside)
            checked += 1
    assert checked > 500


def test_each_term_is_linked_once_a_section() -> None:
    stop = glossary.Term("Stop", "A card that ends a run.", r"\bstops?\b")
    html = (
        '<p>A stop.</p><h2 id="x">Stops <a href="#x">stop</a></h2><p><code>stop</code> '
        "<svg><text>stop</text></svg> stops</p><p>stop</p>"
    )
    linked = glossary.link_terms(html, Linker("examples/peel.md"), [stop])
    term = (
        '<a class="pj-term" href="../../glossary/#term-stop" title="Stop: A card that ends a run.">'
    )
    assert linked == (
        f"<p>A {term}stop</a>.</p>"
        '<h2 id="x">Stops <a href="#x">stop</a></h2><p><code>stop</code> '
        f"<svg><text>stop</text></svg> {term}stops</a></p><p>stop</p>"
    )


def glossary_entry(html: str, term: glossary.Term) -> str:
    found = re.search(rf'id="{term.anchor}"(.*?)(?:<h2|</article>)', html, re.S)
    assert found is not None, term.term
    return found.group(1)


def test_the_glossary_shows_where_the_sources_use_each_term_and_their_words(
    built_site: Path,
) -> None:
    """Each entry lists its curated passages: the source, the lines (linked to them), the
    book's page where the copy marks it, and the book's words, so that the sense shows."""
    html = page(built_site, "glossary")
    slugs = {e.file: e.slug for e in read_bibliography(REPO / "sources").entries}
    for term in glossary.TERMS:
        entry = glossary_entry(html, term)
        uses = re.search(r'<div class="pj-glossary__uses">(.*?)</div>', entry, re.S)
        assert uses is not None, term.term
        items = re.findall(r"<li>(.*?)</li>", uses.group(1), re.S)
        assert len(items) == len(term.uses), term.term
        for item, use in zip(items, term.uses, strict=True):
            href = re.search(r'href="([^"]+)"', item)
            assert href is not None
            anchor = (
                f"L{use.first_line}"
                if use.first_line == use.last_line
                else f"L{use.first_line}-L{use.last_line}"
            )
            assert href.group(1) == f"../sources/{slugs[use.source]}/#{anchor}", item
            target = page(built_site, f"sources/{slugs[use.source]}")
            assert f'id="{anchor}"' in target, item  # a range's own anchor, as a rule's has
            if use.quote is None:  # a modern page: named with its line, its text never shown
                assert "<q>" not in item, item
            else:
                assert text_of(item).endswith(f": {use.quote}"), item
    stop = text_of(glossary_entry(html, next(t for t in glossary.TERMS if t.term == "Stop")))
    assert (
        "Cassell (1881, complete), lines 55\u201356 (p. 140): "
        "The person playing a stop always leads next" in stop
    )
    assert "Hoyle (undated), line 20: the nine consequently becomes a stop" in stop
    dummy = text_of(glossary_entry(html, next(t for t in glossary.TERMS if t.term == "Dummy")))
    assert dummy.endswith(
        "In the sources: Board Games of Old, line 17 Ball (GameRules.com), line 30"
    )
    matrimony = glossary_entry(html, next(t for t in glossary.TERMS if t.term == "Matrimony"))
    assert "a game somewhat similar to that of Matrimony" in text_of(matrimony)  # the game
    assert "Six are given to pope, two to matrimony" in text_of(matrimony)  # the compartment


def test_each_terms_uses_are_curated_passages_whose_words_are_at_their_lines() -> None:
    """Every term has a few passages, at most four, each in a text the repository keeps (the
    whole copy of a book, not a part copy) with words that are at its lines and hold the term,
    or a modern page's line named alone; the check finds what is wrong."""
    own = source_texts(REPO / "sources", RULESETS)
    assert own is not None
    assert list(glossary.misplaced_uses(own)) == []
    part_copies = {"000", "006", "008", "009"}
    for term in glossary.TERMS:
        assert 1 <= len(term.uses) <= 4, term.term
        assert len(set(term.uses)) == len(term.uses), term.term
        for use in term.uses:
            assert use.source[:3] not in part_copies, (term.term, use.locator)
            assert (use.quote is None) == (use.source in own.cited_only), (term.term, use)

    stop = next(t for t in glossary.TERMS if t.term == "Stop")
    hoyle = glossary.FILES["005"]
    wrong = replace(
        stop,
        uses=(
            Citation(hoyle, 21, 21, "the nine consequently becomes a stop"),
            Citation(hoyle, 12, 12, "use a board painted"),
            Citation(hoyle, 90, 90, "a stop"),
            Citation("000_919af007d8e82e04.txt", 1, 2, "stop"),
            Citation(glossary.FILES["001"], 22, 22, "A stop is any King"),
            Citation(hoyle, 20, 20, None),
        ),
    )
    none = replace(stop, term="Nothing", uses=())
    assert list(glossary.misplaced_uses(own, [wrong, none])) == [
        f"Stop: {hoyle}, line 21: the words 'the nine consequently becomes a stop' are not there",
        f"Stop: {hoyle}, line 12: the words 'use a board painted' do not hold the term",
        f"Stop: {hoyle}, line 90: the text has 48 lines",
        "Stop: 000_919af007d8e82e04.txt, lines 1-2: lines 1-2 are not the book's text but the "
        "web page's header and menu",
        "Stop: 000_919af007d8e82e04.txt, lines 1-2: the words 'stop' are not there",
        f"Stop: {glossary.FILES['001']}, line 22: a modern page is named by its line, never quoted",
        f"Stop: {hoyle}, line 20: no words to find the passage by",
        "Nothing: no passage of the sources uses it",
    ]


# --------------------------------------------------------------------------------------------
# In the browser


def test_home_leads_to_the_rules_in_brief_and_the_tabs_to_their_overviews(
    browser: Browser, base_url: str, rulesets: dict[str, Ruleset]
) -> None:
    page_ = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        page_.goto(base_url + "/")
        lead = page_.locator("article a:not(.headerlink):not(.md-content__button)").first
        assert lead.inner_text() == "Pope Joan in brief"
        lead.click()
        page_.wait_for_url(base_url + "/in-brief/")
        assert page_.locator("article h1").inner_text().rstrip("¶") == "Pope Joan in brief"
        assert page_.locator("ol.pj-brief > li").count() == 6
        for tab, folder in (("Rulesets", "rulesets"), ("Examples", "examples")):
            page_.locator(".md-tabs__link", has_text=tab).first.click()
            page_.wait_for_url(f"{base_url}/{folder}/")
            names = page_.locator("ul.pj-overview > li > a:first-child").all_inner_texts()
            assert len(names) == len(rulesets), names
        page_.locator(".md-tabs__link", has_text="Replay").first.click()
        page_.wait_for_url(base_url + "/replay/")
    finally:
        page_.close()
