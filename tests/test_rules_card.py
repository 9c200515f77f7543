"""The rules cards (card/<ruleset>/): every ruleset's rules in brief on one printed A4 page, its
readings marked, its options to choose in the page and in its address.

The HTML tests read the built site's pages as a reader without scripts gets them; the browser
tests share one Chromium page."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest
from playwright.sync_api import Browser, Page

from variants.mechanics.ruleset import Ruleset
from variants.site import describe as d
from variants.site.rulescard import Board, Line, card_items

SECTIONS = (
    "Players and pack",
    "The deal",
    "The board",
    "Board and stakes: what wins each compartment",
    "Play and stops",
    "Going out and settlement",
    "The game's end",
)
KEY = "Not in the source's words"


def card_html(site: Path, ruleset_id: str) -> str:
    return (site / "card" / ruleset_id / "index.html").read_text("utf-8")


def words(text: str) -> str:
    return " ".join(unescape(text).split())


@dataclass
class Shown:
    """A line of the card, or its board (``text`` is ``(board)``)."""

    when: dict[str, str] | None
    """The option values it is shown for: those of its nearest ``data-when``; none for a line
    that no option changes."""
    hidden: bool
    """Whether it is hidden without the page's script."""
    text: str
    marks: list[str] = field(default_factory=list)
    """Where its marks of a reading lead."""


class CardLines(HTMLParser):
    """The card's section headings and its lines and boards, each as :class:`Shown`."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, dict[str, str] | None, bool]] = []
        self.found: list[Shown] = []
        self.line: Shown | None = None
        self.depth = 0
        self.headings: list[str] = []
        self.heading: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        given = dict(attrs)
        when, hidden = (self.stack[-1][1], self.stack[-1][2]) if self.stack else (None, False)
        if "data-when" in given:
            when = dict(parse_qsl(given["data-when"] or ""))
        hidden = hidden or "hidden" in given
        if tag not in ("br", "img", "input", "path", "circle", "rect", "line"):
            self.stack.append((tag, when, hidden))
        classes = (given.get("class") or "").split()
        if tag == "p" and "pj-rulescard__line" in classes:
            self.line, self.depth = Shown(when, hidden, ""), len(self.stack)
        elif tag == "a" and "pj-rulescard__mark" in classes and self.line is not None:
            self.line.marks.append(given.get("href") or "")
        elif tag == "figure" and "pj-rulescard__board" in classes:
            self.found.append(Shown(when, hidden, "(board)"))
        elif tag == "h2":
            self.heading = []

    def handle_endtag(self, tag: str) -> None:
        if self.line is not None and tag == "p" and len(self.stack) == self.depth:
            self.line.text = " ".join(self.line.text.split())
            self.found.append(self.line)
            self.line = None
        if tag == "h2" and self.heading is not None:
            self.headings.append(" ".join("".join(self.heading).split()))
            self.heading = None
        if self.stack and self.stack[-1][0] == tag:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        if self.line is not None:
            self.line.text += data
        if self.heading is not None:
            self.heading.append(data)


def parsed(html: str) -> CardLines:
    card = re.search(r'<article class="pj-rulescard".*?</article>', html, re.DOTALL)
    assert card is not None
    parser = CardLines()
    parser.feed(card.group(0))
    return parser


def shown_for(lines: CardLines, chosen: dict[str, str]) -> list[str]:
    """The card's lines as the script shows them for these option values."""
    return [
        line.text
        for line in lines.found
        if line.when is None or all(chosen[o] == v for o, v in line.when.items())
    ]


def expected(ruleset: Ruleset, chosen: dict[str, str]) -> list[str]:
    """The card's lines made at once from the rules with these options."""
    said = []
    for item in card_items(ruleset, ruleset.rules_for(chosen)).values():
        if isinstance(item, Board):
            said.append("(board)")
        else:
            assert isinstance(item, Line)
            mark = "*" if item.reading else ""
            said.append(words(f"{item.title}. {item.text}{mark}"))
    return said


# --------------------------------------------------------------------------------------------
# The pages, without a browser


def test_every_ruleset_has_a_card_with_each_section_and_its_source(
    built_site: Path, rulesets: dict[str, Ruleset]
) -> None:
    """Every ruleset's card holds each section, the board drawn, every rule of the ruleset's
    page (but its advice on play) by its title and first words, and names its source; the
    ruleset's page links to it."""
    for ruleset in rulesets.values():
        html = card_html(built_site, ruleset.id)
        lines = parsed(html)
        shown = [line.text for line in lines.found if not line.hidden]
        if ruleset.rules.board.compartments:
            assert lines.headings == list(SECTIONS), ruleset.id
            assert shown.count("(board)") == 1, ruleset.id
        else:  # a game with no board: nothing to draw, and no compartment to win
            assert lines.headings == [s for s in SECTIONS if not s.startswith("Board and")]
            assert "(board)" not in shown, ruleset.id
        said = " ".join(shown)
        for section in d.describe(ruleset.rules):
            for rule in section.rules:
                if not rule.anchor.startswith("rule-advice"):
                    assert words(f"{rule.title}. {rule.sentences[0]}") in said, rule.anchor
        head = words(re.sub(r"<[^>]+>", "", html.split('class="pj-rulescard__source"')[1]))
        assert head.startswith(f">{ruleset.source.game}, after {ruleset.source.author}, ")
        assert ruleset.source.title in head
        assert f'href="../../rulesets/{ruleset.id}/"' in html
        rules_page = (built_site / "rulesets" / ruleset.id / "index.html").read_text("utf-8")
        assert f'<a href="../../card/{ruleset.id}/">Print a rules card</a>' in rules_page


def test_the_readings_are_marked_and_lead_to_their_interpretations(
    built_site: Path, rulesets: dict[str, Ruleset]
) -> None:
    """Every rule of the default card that rests on one of the project's readings is marked,
    linked to that reading on the ruleset's page, and the card gives the mark's key; a rule
    in the source's words is not marked."""
    for ruleset in rulesets.values():
        html = card_html(built_site, ruleset.id)
        rules_page = (built_site / "rulesets" / ruleset.id / "index.html").read_text("utf-8")
        shown = {
            line.text.partition(". ")[0]: line for line in parsed(html).found if not line.hidden
        }
        read = {i.id for i in ruleset.interpretations}
        marked = 0
        for section in d.describe(ruleset.rules):
            for rule in section.rules:
                if rule.anchor.startswith("rule-advice"):
                    continue
                line = shown[words(rule.title)]
                if rule.interpretation in read:
                    target = f"interp-{rule.interpretation}"
                    assert line.marks == [f"../../rulesets/{ruleset.id}/#{target}"]
                    assert line.text.endswith("*")
                    assert f'id="{target}"' in rules_page
                    marked += 1
                else:
                    assert line.marks == [], rule.anchor
        assert marked, ruleset.id  # every ruleset here has readings among its rules
        assert KEY in html


def test_each_choice_of_options_shows_the_card_of_those_rules(
    built_site: Path, rulesets: dict[str, Ruleset]
) -> None:
    """Without a script the card is the default rules'; for any choice of options, the lines
    the script shows are the card made from the rules with those options, line for line and
    in order, though each line is written for the few options it depends on (the defaults,
    each option's last value, and twelve drawn at random for each ruleset)."""
    draw = random.Random(1891)
    for ruleset in rulesets.values():
        lines = parsed(card_html(built_site, ruleset.id))
        default = {o.id: o.default for o in ruleset.options}
        assert [line.text for line in lines.found if not line.hidden] == expected(ruleset, {})
        choices = [default, {o.id: o.values[-1].value for o in ruleset.options}]
        choices += [{o.id: draw.choice(o.values).value for o in ruleset.options} for _ in range(12)]
        for chosen in choices:
            assert shown_for(lines, chosen) == expected(ruleset, chosen), (ruleset.id, chosen)


# --------------------------------------------------------------------------------------------
# In the browser

A4_PAGE = re.compile(rb"/Type\s*/Page(?![A-Za-z])")
"""A page of a PDF (not the tree of pages, ``/Pages``)."""
SMALLEST_TEXT = 11.0
"""The smallest a board's text may be on screen, in CSS pixels, as on every other page."""
BOARD_TEXT = """
() => [...document.querySelectorAll(".pj-rulescard svg.pj-svg")]
  .filter((svg) => svg.getClientRects().length > 0)
  .flatMap((svg) => {
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    return [...svg.querySelectorAll("text")].map(
      (text) => parseFloat(getComputedStyle(text).fontSize) * scale
    );
  })
"""
"""The size on screen of each text of the board the card shows."""


@pytest.fixture(scope="module")
def tab(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    try:
        yield context.new_page()
    finally:
        context.close()


def test_every_card_prints_on_one_a4_page_and_fits_the_screen(
    tab: Page, base_url: str, rulesets: dict[str, Ruleset]
) -> None:
    """Printed with its default options, every card is one A4 page, and the page prints the
    card alone; on screen it is under 8,000 px tall at 1400 px wide, never scrolls sideways
    on a 390 px phone, and its board's text is at least 11 px high at both widths."""
    for ruleset in rulesets.values():
        tab.set_viewport_size({"width": 1400, "height": 900})
        tab.goto(f"{base_url}/card/{ruleset.id}/")
        assert tab.evaluate("document.documentElement.scrollHeight") < 8000, ruleset.id
        sizes = tab.evaluate(BOARD_TEXT)
        assert bool(sizes) == bool(ruleset.rules.board.compartments), ruleset.id
        assert all(size >= SMALLEST_TEXT for size in sizes), ruleset.id
        pdf = tab.pdf(format="A4")
        assert len(A4_PAGE.findall(pdf)) == 1, ruleset.id
        tab.set_viewport_size({"width": 390, "height": 844})
        assert tab.evaluate("document.documentElement.scrollWidth") <= 390, ruleset.id
        sizes = tab.evaluate(BOARD_TEXT)
        assert bool(sizes) == bool(ruleset.rules.board.compartments), ruleset.id
        assert all(size >= SMALLEST_TEXT for size in sizes), ruleset.id
    tab.emulate_media(media="print")
    try:
        printed = tab.evaluate(
            """() => [".md-header", ".md-tabs", ".md-sidebar", ".md-footer", ".md-search",
                      ".pj-rulescard__options", ".pj-rulescard__print", ".pj-rulescard__head",
                      ".pj-rulescard__body"]
                .map((s) => [s, [...document.querySelectorAll(s)]
                  .some((e) => e.getClientRects().length > 0)])"""
        )
    finally:
        tab.emulate_media(media="screen")
    assert [selector for selector, shown in printed if shown] == [
        ".pj-rulescard__head",
        ".pj-rulescard__body",
    ]


def visible_lines(tab: Page) -> list[str]:
    """The card's lines as the page shows them, and ``(board)`` for each board drawn."""
    found: list[str] = tab.locator(
        ".pj-rulescard__line:visible, figure.pj-rulescard__board:visible"
    ).evaluate_all("(all) => all.map((e) => e.tagName === 'FIGURE' ? '(board)' : e.textContent)")
    return [words(text) for text in found]


def test_choosing_options_changes_the_card_and_its_address(
    tab: Page, base_url: str, rulesets: dict[str, Ruleset]
) -> None:
    """Choose who dresses the board and, of the Pope turned up, that the deal is played out
    and each payment limited: the card's lines for those rules change to those of the rules
    with the options chosen, the card says which are in force, and the address holds them, so
    that the link opens the same card."""
    peel = rulesets["peel"]
    tab.set_viewport_size({"width": 1400, "height": 900})
    tab.goto(f"{base_url}/card/peel/")
    before = visible_lines(tab)
    assert before == expected(peel, {})
    tab.locator(".pj-rulescard__options summary").click()
    chosen = {"dressing": "dealer", "pope_turn_up": "play-on", "pope_turn_up_limit": "4"}
    for option, value in chosen.items():
        tab.select_option(f'select[name="{option}"]', value)
    after = visible_lines(tab)
    assert after == expected(peel, chosen)
    changed = {a.split(".")[0] for a, b in zip(before, after, strict=True) if a != b}
    assert {"Dressing the board", "Pope Joan (9♦)"} <= changed
    query = dict(parse_qsl(urlsplit(tab.url).query))
    assert query == chosen
    said = words(tab.locator("[data-pj-card-chosen]").inner_text())
    assert said.startswith("Played with: Who dresses the board: The dealer alone")
    link = tab.url
    tab.goto(f"{base_url}/card/peel/")
    assert visible_lines(tab) == before
    tab.goto(link)
    assert visible_lines(tab) == after
    assert tab.locator('select[name="dressing"]').input_value() == "dealer"
