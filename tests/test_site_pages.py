"""The generated site, built with ``mkdocs build --strict``: pages, facts, links and escaping.

Most tests read the run's one build of the project (``built_site`` in conftest.py). One more
build serves the tests of what a build takes in from outside: rulesets and a deal file with
hostile text, and a section module named in ``mkdocs.yml``."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from conftest import build_site

REPO = Path(__file__).resolve().parent.parent
RULESETS = REPO / "rulesets"
IDS = sorted(p.stem for p in RULESETS.glob("*.yaml"))
SCRIPT = "<script>alert(1)</script>"
IMAGE = "<img src=x onerror=alert(1)>"


@pytest.fixture(scope="module")
def site(built_site: Path) -> Path:
    """The project's site, built once for the run."""
    return built_site


def page(site: Path, path: str) -> str:
    return (site / path / "index.html").read_text("utf-8")


class Elements(HTMLParser):
    """Every element with its attributes, the ids, and the text of each script element."""

    def __init__(self) -> None:
        super().__init__()
        self.elements: list[tuple[str, dict[str, str | None]]] = []
        self.ids: set[str] = set()
        self.scripts: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        self.elements.append((tag, attributes))
        if attributes.get("id"):
            self.ids.add(str(attributes["id"]))
        if tag == "script":
            self._in_script = True
            self.scripts.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script:
            self.scripts[-1] += data


def parse(html: str) -> Elements:
    parser = Elements()
    parser.feed(html)
    return parser


def text_of(html: str) -> str:
    """The text, inline tags dropped and the others read as spaces."""
    inline = re.sub(r"</?(span|q|a|code|cite|em|strong)\b[^>]*>", "", html)
    return " ".join(re.sub(r"<[^>]+>", " ", inline).split())


def test_every_page_is_generated(site: Path) -> None:
    expected = [
        "",
        "compare",
        "sources",
        "schema",
        "contributing",
        "in-brief",
        "glossary",
        "rulesets",
        "examples",
        "statistics",
        *(f"{kind}/{rid}" for kind in ("rulesets", "examples", "statistics") for rid in IDS),
        "one-deal",
        "play",
        "replay",
        "replay/peel/peel-walkthrough",
        *(
            f"replay/{rid}/{n}-players"
            for rid in IDS
            for n in (
                ("five", "eight")
                if rid.startswith("matrimony-")
                else ("three", "five", "six")
                if rid in ("pochen", "poch")  # six players at most: six stand in for eight
                else ("three", "five", "eight")
            )
        ),
    ]
    for path in expected:
        assert (site / path / "index.html").is_file(), path


def test_nothing_generated_is_written_into_docs() -> None:
    docs = REPO / "docs"
    for name in ("rulesets", "examples", "statistics"):
        assert not (docs / name).exists()
    for name in ("compare.md", "sources.md", "disagreements.md", "schema.md", "contributing.md"):
        assert not (docs / name).exists()


def test_a_reading_from_another_book_names_that_book(site: Path) -> None:
    """Queen Nazareen's play is supplied from Foster's Commit, a text its ruleset lists beside
    Cotton's but another book: its readings link to the Commit ruleset built on it, never saying
    "elsewhere in this source"."""
    html = page(site, "rulesets/queen-nazareen")
    supplied = re.findall(r'class="pj-supplied">supplied from (.*?)</span>', html)
    assert supplied
    assert all("elsewhere in this source" not in found for found in supplied), supplied
    assert any(">Commit (Foster)</a>" in found for found in supplied), supplied


def test_peel_page_states_its_rules(site: Path) -> None:
    html = page(site, "rulesets/peel")
    text = text_of(html)
    assert "the eight of diamonds (8♦) is taken out" in text
    assert re.search(r"<th scope=\"row\">5</th>\s*<td>8 each</td>", html)
    for section in ("Equipment", "Deal", "Board and stakes", "Play", "Settlement", "Game"):
        assert f">{section}" in html
    for anchor in ("source", "status", "options", "interpretations", "worked-examples"):
        assert f'id="{anchor}"' in html
    # The book's pages, whole: no passage is missing.
    assert "is incomplete" not in text
    # One reading is taken elsewhere: the first dealer, chosen "as at Nap", a chapter not in
    # the copy; the lowest card is the modern page's way (source 002).
    supplied = re.findall(r'class="pj-supplied">supplied from (.*?)</span>', html)
    assert len(supplied) == 1, supplied
    assert "elsewhere in this source" in supplied[0]
    assert "The first badge says whether the text is a “complete text”, a “text incomplete”" in text
    assert "Peel (1891, pp. 80-96), lines 20\N{EN DASH}21" in text  # named as people cite it
    assert (
        'title="016_peel-round-games-1891_pope-joan-spin-newmarket_pp80-96.txt, '
        'lines 20\N{EN DASH}21"' in html
    )  # file: tooltip
    assert "016_peel-round-games-1891_pope-joan-spin-newmarket_pp80-96.txt" not in text
    assert "the eight of diamonds being taken out" in text  # the locator quote
    assert 'id="option-pope_turn_up_limit"' in html
    assert 'id="interp-pool-size"' in html
    assert "<svg" in html and "Game: the rest of the pool" in text
    assert 'href="../../examples/peel/"' in html
    assert 'href="../../statistics/peel/"' in html


def test_a_ruleset_on_a_complete_copy_marks_only_what_its_text_does_not_give(site: Path) -> None:
    # Cassell's Pope Joan now rests on the complete section (012): no incomplete badge, and the
    # Pope card, read from the text, is no longer supplied from Hoyle.
    html = page(site, "rulesets/cassell")
    text = text_of(html)
    assert '<span class="pj-status pj-status--incomplete"' not in html
    assert "The copy of the source this ruleset rests on is incomplete" not in text
    assert '<h4 class="pj-rule__title">Matrimony <span class="pj-supplied">' not in html
    # The section never says who deals first: that comes from the same book's Matrimony, which
    # only the part copy (007) holds, and is marked so, linked to its ruleset.
    assert (
        'First dealer <span class="pj-supplied">supplied from '
        '<a href="../matrimony-cassell/">Matrimony (Cassell)</a>' in html
    )


class Folds(HTMLParser):
    """Where each id sits: the summaries of the ``<details>`` around it, outermost first, and
    whether any of them is closed; and the text of each fold's summary."""

    VOID = frozenset({"area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "wbr"})

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, bool]] = []  # each open element: (tag, a closed details)
        self.around: dict[str, list[int]] = {}  # id: the folds around it, by number
        self.closed_around: dict[str, bool] = {}
        self.summaries: list[str] = []
        self.classes: list[str] = []
        self._folds: list[int] = []
        self._in_summary: int | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        ident = attributes.get("id")
        if ident:
            self.around[ident] = list(self._folds)
            self.closed_around[ident] = any(closed for _, closed in self.stack)
        if tag == "details":
            self._folds.append(len(self.summaries))
            self.summaries.append("")
            self.classes.append(attributes.get("class") or "")
        if tag == "summary" and self._folds:
            self._in_summary = self._folds[-1]
        if tag not in self.VOID:
            self.stack.append((tag, tag == "details" and "open" not in attributes))

    def handle_endtag(self, tag: str) -> None:
        if tag == "summary":
            self._in_summary = None
        while self.stack:
            top, _ = self.stack.pop()
            if top == "details":
                self._folds.pop()
            if top == tag:
                break

    def handle_data(self, data: str) -> None:
        if self._in_summary is not None:
            self.summaries[self._in_summary] += data

    def summary_around(self, ident: str) -> str:
        """The summary of the outermost fold around an id."""
        return " ".join(self.summaries[self.around[ident][0]].split())


def folds(html: str) -> Folds:
    parser = Folds()
    parser.feed(html[html.index("<article") : html.index("</article>")])
    return parser


@pytest.mark.parametrize("rid", IDS)
def test_a_ruleset_page_folds_its_options_and_interpretations(site: Path, rid: str) -> None:
    """The options and the interpretations are each folded, closed, under a summary that says
    how many there are; every one keeps its anchor, which other pages link to."""
    from variants.rules.loader import load_ruleset

    ruleset = load_ruleset(RULESETS / f"{rid}.yaml")
    html = page(site, f"rulesets/{rid}")
    found = folds(html)
    for ident in ("options", "interpretations", "rules", "source", "status"):
        assert not found.closed_around[ident], ident  # the headings stay in view
    for option in ruleset.options:
        anchor = f"option-{option.id}"
        assert found.closed_around[anchor], anchor
        assert found.summary_around(anchor).startswith(
            f"{len(ruleset.options)} variation{'' if len(ruleset.options) == 1 else 's'} "
        )
    for item in ruleset.interpretations:
        anchor = f"interp-{item.id}"
        assert found.closed_around[anchor], anchor
        n = len(ruleset.interpretations)
        summary = found.summary_around(anchor)
        assert summary.startswith(f"{n} place{'' if n == 1 else 's'} where the source "), summary
        assert summary.endswith("and how they are read" if n > 1 else "and how it is read")
    # Each rule is in view; its sources fold to a line naming them.
    for rule in re.findall(r'<div class="pj-rule[^"]*" id="(rule-[a-z0-9-]+)"', html):
        if not rule.startswith("rule-advice"):
            assert not found.closed_around[rule], rule


@pytest.mark.parametrize("rid", IDS)
def test_a_ruleset_page_names_options_in_words(site: Path, rid: str) -> None:
    """Options and their values are named by their labels: an option's id, and id=value, are
    only in the collapsed "reproduce this" box, which lists them all for the command line."""
    from variants.rules.loader import load_ruleset

    ruleset = load_ruleset(RULESETS / f"{rid}.yaml")
    html = page(site, f"rulesets/{rid}")
    prose = prose_of(html)
    assert not re.search(r"\b[a-z]+(?:_[a-z]+)+\b", prose), re.findall(r"\S*_\S*", prose)
    boxes = "".join(re.findall(r'<details class="pj-reproduce">.*?</details>', html, re.S))
    for option in ruleset.options:
        assert unescape(option.label) in prose
        assert f"<code>{option.id}</code>" not in prose and f"{option.id}=" not in prose
        assert f"<code>{option.id}</code>" in boxes
        for value in option.values:
            assert " ".join(value.label.split()) in prose, value.label
            assert f"<code>{value.value}</code>" in boxes
    assert ("--option " in boxes) == bool(ruleset.options)


def test_an_interpretation_names_the_option_that_plays_a_reading(site: Path) -> None:
    prose = prose_of(page(site, "rulesets/peel"))
    assert (
        "Played by the option Who dresses the board: The dealer alone dresses the board "
        "(fifteen counters)" in prose
    )
    assert "Read by an interpretation (the source is unclear)" in prose


def test_home_draws_three_boards_and_folds_the_rest(site: Path) -> None:
    """Three boards, chosen by what they show: the recommended ruleset's (Peel's) and boards
    unlike it, a row of cards among them; every other board is one click away, folded."""
    html = page(site, "")
    found = folds(html)
    boards = re.findall(r'<section class="pj-boardcard[^"]*" id="board-([a-z0-9-]+)"', html)
    assert sorted(boards) == IDS
    shown = [b for b in boards if not found.closed_around[f"board-{b}"]]
    folded = [b for b in boards if found.closed_around[f"board-{b}"]]
    assert len(shown) == 3 and "peel" in shown
    article = html[html.index("<article") : html.index("</article>")]
    before_fold = article[: article.index('<details class="pj-fold pj-boards__rest"')]
    assert before_fold.count('class="pj-svg pj-svg--round"') == 2
    assert before_fold.count('class="pj-svg pj-svg--layout"') == 1
    assert found.summary_around(f"board-{folded[0]}").startswith(f"The other {len(folded)} boards")
    text = text_of(html)
    assert "Matrimony" in text and "Commit" in text
    assert "Game: the rest of the pool" in text
    assert "Default options" in text
    assert "Who dresses the board" in text


def test_comparison_has_a_column_per_ruleset(site: Path) -> None:
    html = page(site, "compare")
    heads = re.findall(r'<th scope="col" data-ruleset="([^"]+)"', html)
    assert sorted(heads) == IDS
    assert 'class="pj-differs"' in html
    assert "data-pj-filter" in html and "assets/javascripts/compare.js" in html
    assert "8D eight of diamonds" in html  # the filter finds the card however it is typed
    assert '<a href="../rulesets/peel/#rule-pack"' in html


def test_peel_examples_page_tells_the_walkthrough(site: Path) -> None:
    html = page(site, "examples/peel")
    text = unescape(text_of(html))
    assert 'id="deal-peel-walkthrough"' in html
    assert "&amp;#39;" not in html  # the table of contents shows the title's quote as a quote
    assert "Peel's worked example: five players, hearts trumps" in text
    assert "The elder hand holds 5D 7D 4H JH JS KS AC QC" in text  # the notes
    for anchor in ("deal-three-players", "deal-five-players", "deal-eight-players"):
        assert f'id="{anchor}"' in html
    assert 'href="../../replay/peel/peel-walkthrough/"' in html
    # The hands with glyphs and colours, the runs with the policy's reasons, the settlement.
    assert '<span class="pj-pc pj-pc--red" data-card="7H" title="seven of hearts">7♥</span>' in html
    # Seats are named as people at the table name them: the dealer, and Player 1 (the elder
    # hand) onwards round the table.
    assert "Dealer6♣9♣A♦9♦K♦5♥2♠8♠ Player 1 elder handA♣Q♣" in text  # cards are spans
    assert "The dealer stakes 6, Player 1 3, Player 2 3, Player 3 3, Player 4 3." in text
    assert "Run 1 Player 1 leads J♠ (works up to K♠, a known stop" in text
    assert (
        "Then Player 4 Q♠, Player 1 K♠. K♠ is the top of its suit: the run stops, Player 1" in text
    )
    assert "Then the dealer 8♠, Player 4 9♠, Player 3 10♠." in text
    assert "Player 3 takes Matrimony (2)" in text
    assert "The dealer holds Pope Joan unplayed and pays nothing" in text
    assert "Player 2 pays Player 1 4 counters for 4 cards left." in text
    assert "The spare hand, revealed:" in text
    assert "Player 1 went out after 8 runs." in text
    assert not re.search(r"\b[Ss]eat [0-9]", text)
    # How each deal was played, in words; its seed, policy and deal file only in the box
    # that reproduces it.
    assert "every lead chosen as the rules' own source advises" in text
    boxes = re.findall(r'<details class="pj-reproduce">.*?</details>', html, re.S)
    assert len(boxes) == 4
    assert "variants replay examples/peel-walkthrough.yaml" in text_of(boxes[0])
    assert "variants deal peel --players 3 --seed 1 --policy advised" in text_of(boxes[1])
    prose = text_of(re.sub(r'<details class="pj-reproduce">.*?</details>', "", html, flags=re.S))
    for word in ("seed", "policy", "deal file", "advised", "examples/"):
        assert word not in prose.lower(), word


def test_one_deal_page_shows_every_ruleset(site: Path) -> None:
    html = page(site, "one-deal")
    for rid in IDS:
        assert f'id="under-{rid}"' in html
    text = text_of(html)
    assert "a removed card changes how the rest falls" in text
    assert "Foster, " in text and " keep all 52 cards." in text
    assert "take out 8♦" in text


def test_replay_pages_embed_their_steps(site: Path) -> None:
    from variants.dealfile import read_deal_file
    from variants.site.exampledeals import examples_for, replay_data

    index = page(site, "replay")
    assert 'href="peel/peel-walkthrough/"' in index
    html = page(site, "replay/peel/peel-walkthrough")
    found = re.search(r'<script type="application/json" id="replay-data">([^<]*)</script>', html)
    assert found, "no replay data"
    data = json.loads(found.group(1))
    deal = read_deal_file(REPO / "examples" / "peel-walkthrough.yaml", RULESETS)
    example = next(e for e in examples_for(deal.ruleset) if e.slug == "peel-walkthrough")
    assert data == replay_data(example)[0]
    assert data["players"] == 5 and data["dealer"] == 0 and data["turn_up"] == "7H"
    assert data["steps"][0]["hands"][1] == ["AC", "QC", "5D", "7D", "4H", "JH", "JS", "KS"]
    ids = parse(html).ids
    assert [f"step-{n}" in ids for n in range(1, len(data["steps"]) + 2)] == [True] * len(
        data["steps"]
    ) + [False]
    assert 'src="../../../assets/javascripts/replay.js"' in html


def test_sources_page(site: Path) -> None:
    html = page(site, "sources")
    for name in (
        "000_919af007d8e82e04",
        "001_fbe84554a0fae769",
        "002_3e5828ade67e0df0",
        "003_a16857812c58f9d2",
        "004_fe59da228b409473",
    ):
        assert f'id="file-{name}"' in html
    assert '<a href="../disagreements/">a page of its own</a>' in html
    # Foster's readings stand in the apparatus of the first text it follows, which the index
    # links to.
    assert 'href="foster-1897-matrimony/apparatus/#interpretations-foster"' in html
    apparatus = page(site, "sources/foster-1897-matrimony/apparatus")
    assert 'id="interpretations-foster"' in apparatus
    assert 'id="interp-foster-pope-card"' in apparatus
    disagreements = page(site, "disagreements")
    assert 'id="disagree-pack"' in disagreements
    # Each source's value names the lines it rests on, as people cite them.
    assert (
        '<a href="../rulesets/peel/#rule-pack">Peel</a>: <a class="pj-muted" '
        'href="../sources/peel-1891-pp80-96/#L20-L21" '
        'title="016_peel-round-games-1891_pope-joan-spin-newmarket_pp80-96.txt, '
        'lines 20\N{EN DASH}21">'
        "Peel (1891, pp. 80-96), lines 20\N{EN DASH}21</a>"
    ) in disagreements


def test_a_disagreement_cites_the_lines_that_say_the_rule_not_its_neighbours(site: Path) -> None:
    """What a Pope or an honour turned up pays is cited at the lines that say it (Hoyle 005,
    24-25 and 23-24; Peel 016, 60-61 and 64-66), not at the list of compartments before them."""
    html = page(site, "disagreements")

    def item(row: str) -> str:
        found = re.search(rf'id="disagree-{row}".*?</div>', html, re.S)
        assert found is not None, row
        return found.group()

    hoyle = "005_hoyle-games-improved_pope.txt"
    peel = "016_peel-round-games-1891_pope-joan-spin-newmarket_pp80-96.txt"
    pope, honour = item("chief-card-turned-up"), item("honour-turned-up")
    assert f'title="{hoyle}, lines 24\N{EN DASH}25"' in pope
    assert f'title="{peel}, lines 60\N{EN DASH}61"' in pope
    assert f'title="{hoyle}, lines 23\N{EN DASH}24"' in honour
    assert f'title="{peel}, lines 64\N{EN DASH}66"' in honour


def test_schema_page(site: Path) -> None:
    """A heading for each part of a ruleset, its keys and nested objects folded beneath it; the
    shared types in view."""
    html = page(site, "schema")
    found = folds(html)
    assert not found.closed_around["schema-rules-board"]
    assert found.closed_around["schema-rules-board-compartments"]
    assert found.summary_around("schema-rules-board-compartments").startswith(
        "The 5 keys (compartments, carry_over,"
    )
    assert not found.closed_around["def-card"]
    assert "lowest-card" in html and "first-jack" in html
    assert html.count("<h3 ") + html.count("<h3>") < 30  # not one heading per object


def test_contributing_page(site: Path) -> None:
    """The contributor's guide is on the site, as CONTRIBUTING.md has it."""
    text = text_of(page(site, "contributing"))
    assert "variants validate" in text
    assert "When a source needs code" in text


def test_internal_links_resolve(site: Path) -> None:
    """Generated HTML is not rewritten by mkdocs, so check every local link and anchor here."""
    ids: dict[Path, set[str]] = {}

    def ids_of(path: Path) -> set[str]:
        if path not in ids:
            ids[path] = parse(path.read_text("utf-8")).ids
        return ids[path]

    checked = 0
    for html_file in site.rglob("*.html"):
        if html_file.name == "404.html":  # served from anywhere, so its links are absolute
            continue
        for tag, attributes in parse(html_file.read_text("utf-8")).elements:
            href = attributes.get("href") if tag == "a" else None
            if not href or re.match(r"^[a-z]+:", href) or href.startswith("/"):
                continue
            parts = urlsplit(href)
            target = (html_file.parent / unquote(parts.path)).resolve() if parts.path else html_file
            if target.is_dir():
                target = target / "index.html"
            assert target.is_file(), f"{html_file.relative_to(site)}: broken link {href}"
            if parts.fragment and target.suffix == ".html":
                assert parts.fragment in ids_of(target), (
                    f"{html_file.relative_to(site)}: no #{parts.fragment} in {href}"
                )
            checked += 1
    assert checked > 500


def test_no_request_leaves_the_site(site: Path) -> None:
    for html_file in site.rglob("*.html"):
        for tag, attributes in parse(html_file.read_text("utf-8")).elements:
            if tag in ("script", "img") and attributes.get("src"):
                assert not re.match(r"^(https?:)?//", str(attributes["src"])), html_file
            if tag == "link" and attributes.get("rel") in ("stylesheet", "preconnect"):
                assert not re.match(r"^(https?:)?//", str(attributes.get("href"))), html_file


HOSTILE = f"Peel {SCRIPT} {IMAGE} [link](javascript:alert(1)) *bold*"

SECTION_MODULE = (
    "from variants.site.pages import escape_markdown, extra_section\n\n\n"
    '@extra_section("examples")\n'
    "def deals(ruleset):\n"
    '    return f"## A deal under {escape_markdown(ruleset.id)}\\n\\nThe engine speaks."\n'
)
"""A section module as a site's maintainer writes one: it adds engine output to each ruleset's
examples page."""


def write_hostile_rulesets(rulesets: Path) -> None:
    """The shipped rulesets, Peel's with hostile text wherever a string reaches the pages."""
    shutil.copytree(RULESETS, rulesets)
    path = rulesets / "peel.yaml"
    text = path.read_text("utf-8")
    text = re.sub(r"(?m)^title: .*$", f"title: {HOSTILE!r}".replace("'", '"'), text, count=1)
    text = re.sub(
        r"(?ms)^summary: >-\n.*?(?=^source:)",
        f"summary: |\n  {SCRIPT}\n\n  {IMAGE} <b>bold</b> {{: onclick=alert(1) }}\n",
        text,
        count=1,
    )
    # Other strings that reach the pages: a compartment's label (boards, rules, comparison), the
    # author (tables), an option's label, an interpretation's reading and a quote.
    for old, new in (
        ("label: Pope Joan\n", f"label: 'Pope {SCRIPT}'\n"),
        ("author: W. H. Peel\n", f"author: '{IMAGE} Peel'\n"),
        ("label: Who dresses the board\n", f"label: 'Who {SCRIPT} dresses'\n"),
        ("      One hand must play both cards,", f"      {IMAGE} One hand must play both cards,"),
        ("quote: the remainder for Game}", "quote: '<b onmouseover=alert(1)>x</b>'}"),
    ):
        assert old in text, old
        text = text.replace(old, new, 1)
    path.write_text(text, "utf-8")


def write_hostile_examples(examples: Path) -> None:
    """An examples folder with one deal file whose title and notes are hostile: they reach the
    worked examples and the replay."""
    examples.mkdir()
    deal = (REPO / "examples" / "peel-walkthrough.yaml").read_text("utf-8")
    deal = re.sub(r"(?m)^title: .*$", f"title: {json.dumps(HOSTILE)}", deal, count=1)
    deal = re.sub(
        r"(?ms)^notes: >-\n.*?(?=^ruleset:)", f"notes: {json.dumps(SCRIPT + IMAGE)}\n", deal
    )
    (examples / "hostile.yaml").write_text(deal, "utf-8")


def with_section_module(module: str) -> str:
    """The project's mkdocs.yml with one more module under extra.variants.section_modules."""
    lines = (REPO / "mkdocs.yml").read_text("utf-8").splitlines(keepends=True)
    index = next(i for i, line in enumerate(lines) if line.strip().startswith("section_modules:"))
    head = lines[index]
    if head.strip() == "section_modules: []":
        lines[index] = head.replace("[]", f"[{module}]")
    else:
        indent = len(head) - len(head.lstrip())
        lines.insert(index + 1, " " * (indent + 2) + f"- {module}\n")
    return "".join(lines)


@pytest.fixture(scope="module")
def outside(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site of a copy of the project's configuration and pages with one more section module
    (``pj_extra_sections``, importable from beside the copy), built from the hostile rulesets
    and examples folder."""
    root = tmp_path_factory.mktemp("outside")
    (root / "pj_extra_sections.py").write_text(SECTION_MODULE, "utf-8")
    project = root / "project"
    project.mkdir()
    (project / "mkdocs.yml").write_text(with_section_module("pj_extra_sections"), "utf-8")
    shutil.copytree(REPO / "docs", project / "docs")
    write_hostile_rulesets(root / "rulesets")
    write_hostile_examples(root / "examples")  # found beside the rulesets folder
    site = project / "s"
    build_site(
        site,
        project / "mkdocs.yml",
        VARIANTS_RULESETS=str(root / "rulesets"),
        PYTHONPATH=os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")]),
    )
    return site


def test_ruleset_text_is_escaped(outside: Path) -> None:
    escaped_script = "&lt;script&gt;alert(1)&lt;/script&gt;"
    escaped_image = "&lt;img src=x onerror=alert(1)&gt;"
    seen_script = seen_image = 0
    for html_file in outside.rglob("*.html"):
        html = html_file.read_text("utf-8")
        seen_script += html.count(escaped_script)
        seen_image += html.count(escaped_image)
        assert "<script>alert" not in html, html_file
        assert "<img src=x" not in html, html_file
        document = parse(html)
        for tag, attributes in document.elements:
            live = [name for name in attributes if name.startswith("on")]
            assert not live, f"{html_file}: <{tag}> has {live}"
            href = str(attributes.get("href") or "")
            assert not href.lower().startswith("javascript:"), f"{html_file}: {href}"
        assert not any("alert(1)" in script for script in document.scripts), html_file
    assert seen_script >= 3  # the ruleset page's title and summary, the home page, the sources
    assert seen_image >= 3
    peel = page(outside, "rulesets/peel")
    assert re.search(f"<h1[^>]*>Peel {re.escape(escaped_script)} {re.escape(escaped_image)}", peel)
    assert "[link](javascript:alert(1)) *bold*" in peel  # Markdown in ruleset text stays text
    examples_page = page(outside, "examples/peel")
    assert f"Peel {escaped_script} {escaped_image}" in examples_page  # the deal's title
    replay = page(outside, "replay/peel/hostile")
    assert f"Replay: Peel {escaped_script}" in replay
    assert f"{escaped_script}{escaped_image}" in examples_page  # its notes


def test_unknown_marker_fails_the_build(tmp_path: Path) -> None:
    """In the project's pages without the example and statistics sections (quicker to build)."""
    config = (REPO / "mkdocs.yml").read_text("utf-8")
    config = re.sub(r"(?m)^( *)section_modules:.*(\n\1  - .*)*", r"\1section_modules: []", config)
    assert "section_modules: []" in config
    (tmp_path / "mkdocs.yml").write_text(config, "utf-8")
    shutil.copytree(REPO / "docs", tmp_path / "docs")
    index = tmp_path / "docs" / "index.md"
    index.write_text(index.read_text("utf-8") + "\n<!-- variants: no-such-thing -->\n", "utf-8")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", VARIANTS_RULESETS=str(RULESETS))
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "s")],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
        env=env,
    )
    assert result.returncode != 0
    assert "unknown marker" in result.stdout + result.stderr
    assert "no-such-thing" in result.stdout + result.stderr


def test_section_modules_fill_the_example_pages(outside: Path) -> None:
    """A module named in mkdocs.yml (extra.variants.section_modules) adds engine output."""
    html = page(outside, "examples/peel")
    assert "A deal under peel" in html and "The engine speaks." in html
    assert "will hold" not in html
    statistics = page(outside, "statistics/peel")
    assert "How these figures were made" in statistics  # variants.site.statistics fills it


def test_every_page_has_a_title_and_a_description_of_its_own(site: Path) -> None:
    """A browser's tab, a bookmark and a search result tell every page apart: the three pages
    of a ruleset no longer share one title, and no two pages share the site's description."""
    titles: dict[str, str] = {}
    descriptions: dict[str, str] = {}
    for path in sorted(site.rglob("index.html")):
        html = path.read_text("utf-8")
        where = str(path.parent.relative_to(site))
        head = html[: html.index("</head>")]
        title = re.search(r"<title>(.*?)</title>", head, re.S)
        described = re.search(r'<meta name="description" content="([^"]*)"', head)
        assert title is not None and described is not None, where
        name, description = unescape(title.group(1)), unescape(described.group(1))
        assert name not in titles, (where, titles.get(name))
        assert description not in descriptions, (where, descriptions.get(description))
        titles[name], descriptions[description] = where, where
    by_page = {where: name for name, where in titles.items()}
    assert by_page["rulesets/peel"] == "Peel: the rules - Pope Joan variants"
    assert by_page["examples/peel"] == "Peel: worked examples - Pope Joan variants"
    assert by_page["statistics/peel"] == "Peel: statistics - Pope Joan variants"
    assert (
        by_page["rulesets/modern-shedding"]
        == "Mark Ball's web page: the rules - Pope Joan variants"
    )
    assert by_page["replay/peel/peel-walkthrough"] == (
        "Replay: Peel's worked example: five players, hearts trumps (Peel) - Pope Joan variants"
    )
    described = {where: text for text, where in descriptions.items()}
    assert described["rulesets/foster"].startswith(
        "The rules of Pope Joan after R. F. Foster's Complete Hoyle, from R. F. Foster, 1897 and "
        "later editions, in plain English"
    )


def test_rulesets_are_named_by_what_they_are(site: Path) -> None:
    """The two modern web pages are named for what they are (their short titles, given in the
    rulesets), in the navigation and in the comparison's heads, not "Modern shedding"."""
    compare = unescape(text_of(page(site, "compare")))
    for name in ("Mark Ball's web page", "Anonymous web page", "Matrimony (Foster)"):
        assert name in compare
        assert name in unescape(text_of(page(site, "rulesets/peel")))  # the navigation
    assert "Modern shedding" not in compare and "Modern variations" not in compare


def prose_of(html: str) -> str:
    """The text of a page's article, less its "reproduce this" boxes and its charts' drawings."""
    article = html[html.index("<article") : html.index("</article>")]
    article = re.sub(
        r'<details class="[^"]*pj-reproduce[^"]*">.*?</details>', "", article, flags=re.S
    )
    return unescape(text_of(re.sub(r"<svg\b.*?</svg>", "", article, flags=re.S)))


@pytest.mark.parametrize("rid", [*IDS, "compare"])
def test_statistics_say_options_in_words_and_keep_commands_in_a_box(site: Path, rid: str) -> None:
    """The prose names an option by its label and its value's label, never as option_id=value;
    seeds and commands are in the collapsed "reproduce this" boxes, which hold them."""
    html = page(site, f"statistics/{rid}")
    prose = prose_of(html)
    assert not re.search(r"\b[a-z]+(?:_[a-z]+)+\s*[=:]", prose)
    for word in ("seed", "variants simulate", "stats_runs", "--players"):
        assert word not in prose.lower(), word
    boxes = re.findall(r'<details class="[^"]*pj-reproduce[^"]*">.*?</details>', html, re.S)
    assert any("--seed 1" in box for box in boxes)


def test_an_option_is_named_in_the_rulesets_words(site: Path) -> None:
    prose = prose_of(page(site, "statistics/foster"))
    assert (
        "with the 8♦ removed (Whether the eight of diamonds is removed: The eight of diamonds is "
        "taken out, a known stop) it lasts" in prose
    )


def test_each_disagreement_says_its_values_in_a_line_and_folds_who_says_what(site: Path) -> None:
    """Each disagreement's rule and the values the sources give are in view, on a line that
    says how many sources give each (or names them); which source says what, with the lines it
    rests on, is folded under a summary that counts the sources."""
    html = page(site, "disagreements")
    items = re.findall(
        r'<div class="pj-disagree__item" id="disagree-([\w-]+)">(.*?)</div>', html, re.S
    )
    assert len(items) > 5
    for row, item in items:
        shown, _, folded = item.partition("<details")
        assert "</details>" in folded and "<details" not in folded, row
        line = re.search(r'<p class="pj-disagree__line">(.*?)</p>', shown, re.S)
        assert line is not None and "pj-muted" not in shown, row
        # Every value the fold cites a source for is on the line, each with who gives it.
        cited = re.findall("<li>(.*?) \N{EM DASH} ", folded)
        assert len(cited) >= 2, row
        for value in cited:
            assert value + " (" in line[1], (row, value)
        sources = folded.count('<a href="../rulesets/')
        summary = unescape(re.search(r"<summary>(.*?)</summary>", folded)[1])
        plural = "source" if sources == 1 else "sources"
        assert summary == f"Each source's rule and the lines it rests on ({sources} {plural})", row
    pack = dict(items)["pack"]
    assert "(7 sources)" in pack and "(Foster)" in pack
