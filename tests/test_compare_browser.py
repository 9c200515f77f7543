"""The comparison page in a browser (Debian's Chromium via Playwright): its controls, the
address that keeps what it shows, the row of names that follows the page's scroll, and two
rulesets side by side on a phone.

The fixtures (one build, one local server, one browser) are in conftest.py. Each test opens the
page once, or twice where it compares what a link shows with what the controls show.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import attributes
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize
from sitetour import VIEWPORT, PageProblems

from variants.mechanics.ruleset import Ruleset

REPO = Path(__file__).resolve().parent.parent
IDS = sorted(p.stem for p in (REPO / "rulesets").glob("*.yaml"))
PHONE: ViewportSize = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def desktop(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(viewport=VIEWPORT)
    yield context
    context.close()


@pytest.fixture(scope="module")
def phone(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    yield context
    context.close()


def open_page(context: BrowserContext, url: str) -> tuple[Page, PageProblems]:
    page = context.new_page()
    problems = PageProblems(page)
    page.goto(url)
    return page, problems


def visible_rows(page: Page) -> list[str]:
    return [
        text.strip()
        for text in page.locator("#pj-matrix tbody tr:not(.pj-row-hidden) th").all_inner_texts()
    ]


def visible_columns(page: Page) -> list[str]:
    heads = page.locator("#pj-matrix thead th[data-ruleset]:not(.pj-col-hidden)")
    return [str(value) for value in attributes(heads, "data-ruleset")]


def shown(page: Page) -> tuple[list[str], list[str], str, bool]:
    """What the comparison shows: its rows, its columns, its status line, and whether only the
    rows that differ are kept."""
    return (
        visible_rows(page),
        visible_columns(page),
        page.inner_text("[data-pj-status]"),
        page.locator("#pj-differ").is_checked(),
    )


def rows_differ(page: Page) -> list[bool]:
    """For each row shown, whether the cells shown hold more than one value."""
    found: list[bool] = page.evaluate(
        """() => Array.from(document.querySelectorAll("#pj-matrix tbody tr"))
            .filter(row => !row.classList.contains("pj-row-hidden"))
            .map(row => new Set(Array.from(row.querySelectorAll("td"))
                .filter(td => !td.classList.contains("pj-col-hidden"))
                .map(td => td.getAttribute("data-value"))).size > 1)"""
    )
    return found


def page_width(page: Page) -> int:
    width: int = page.evaluate("document.documentElement.scrollWidth")
    return width


def head_below_the_bar(page: Page) -> tuple[float, float]:
    """Where the row of names starts, and where the site's bar ends, on the screen."""
    found: list[float] = page.evaluate(
        """() => [document.querySelector("#pj-matrix thead").getBoundingClientRect().top,
                  document.querySelector(".md-header").getBoundingClientRect().bottom]"""
    )
    return found[0], found[1]


def scroll_to_row(page: Page, row: str) -> None:
    """Scroll the page (never the table's frame) until the row is at the top of the screen,
    and wait for the row of names to follow."""
    page.evaluate(
        """(row) => window.scrollTo(0, window.scrollY +
            document.getElementById(row).getBoundingClientRect().top)""",
        row,
    )
    page.wait_for_function(
        """() => Math.abs(document.querySelector("#pj-matrix thead").getBoundingClientRect().top
            - document.querySelector(".md-header").getBoundingClientRect().bottom) < 2"""
    )


def test_comparison_controls(desktop: BrowserContext, base_url: str) -> None:
    """Two rulesets picked show their columns and the rows where they part; the value filter
    finds the eight of diamonds however it is typed and names the rulesets that take it out."""
    page, problems = open_page(desktop, f"{base_url}/compare/")
    assert page.locator("[data-pj-controls]").is_visible()
    all_rows = visible_rows(page)
    assert len(all_rows) > 15
    assert sorted(visible_columns(page)) == IDS

    page.select_option("#pj-pick-a", "modern-shedding")
    page.select_option("#pj-pick-b", "peel")
    assert visible_columns(page) == ["peel", "modern-shedding"]  # in the table's order
    assert page.locator("#pj-differ").is_checked()
    two = visible_rows(page)
    assert 0 < len(two) < len(all_rows) and all(rows_differ(page))
    assert not any("Pack" in row for row in two)  # both take out the 8♦
    assert any("Who dresses" in row for row in two)
    assert "a=modern-shedding" in page.url and "b=peel" in page.url

    page.uncheck("#pj-differ")
    assert len(visible_rows(page)) == len(all_rows)
    assert "differ=0" in page.url

    page.select_option("#pj-pick-a", "")
    for query in ("8D", "8♦", "eight of diamonds"):
        page.fill("#pj-filter", query)
        assert [r for r in visible_rows(page) if "Pack" in r], query
        matches = page.locator("#row-pack td.pj-match")
        matched = {str(value) for value in attributes(matches, "data-ruleset")}
        assert matched == {
            "peel",
            "modern-variations",
            "modern-shedding",
            "hoyle",
            "spin",
            "cassell",
            "spinado",
            "hoffmann",
            "squareman",
            "commit",
            "comete",
        }, query
    page.fill("#pj-filter", "8D")
    assert page.inner_text("[data-pj-status]").endswith(
        "Values matching “8D”: Hoyle, Cassell, Peel, Hoffmann, Squareman, Anonymous web page, "
        "Mark Ball's web page, Comète (Encyclopédie), Spinado (Cassell), Spin (Peel), "
        "Commit (Foster)."
    )

    page.fill("#pj-filter", "no such value anywhere")
    assert visible_rows(page) == []
    assert page.locator("[data-pj-empty]").is_visible()
    assert problems.take() == []
    page.close()


def test_one_ruleset_is_compared_with_the_others(desktop: BrowserContext, base_url: str) -> None:
    """Foster alone shows every column, Foster's marked, and the rows where Foster parts from
    some other ruleset; the same ruleset picked twice is one ruleset; and setting "Compare"
    back to all rulesets leaves nothing to compare it "with"."""
    page, problems = open_page(desktop, f"{base_url}/compare/")
    every = len(visible_rows(page))
    assert page.locator("#pj-pick-b").is_disabled()
    page.select_option("#pj-pick-a", "foster")
    assert sorted(visible_columns(page)) == IDS
    focus = page.locator("#pj-matrix thead th.pj-col-focus")
    assert attributes(focus, "data-ruleset") == ["foster"]
    assert page.locator("#pj-differ").is_checked()
    rows = visible_rows(page)
    assert 0 < len(rows) < every and all(rows_differ(page))
    status = page.inner_text("[data-pj-status]")
    assert status == (
        f"Showing {len(rows)} of {every} rules where Foster differs from at least one other "
        "ruleset."
    )
    page.select_option("#pj-pick-b", "foster")
    assert page.inner_text("[data-pj-status]") == status

    page.select_option("#pj-pick-a", "")
    assert page.locator("#pj-pick-b").input_value() == ""
    assert page.locator("#pj-pick-b").is_disabled()
    assert not page.locator("#pj-differ").is_checked()
    all_of = f"Showing {every} of {every} rules for all {len(IDS)} rulesets."
    assert page.inner_text("[data-pj-status]") == all_of
    assert "b=" not in page.url and "a=" not in page.url
    assert problems.take() == []
    page.close()


def test_cells_are_tinted_only_where_the_rulesets_shown_differ(
    desktop: BrowserContext, base_url: str
) -> None:
    """Peel and Hoyle side by side, every row shown: where the two agree the cells have no
    tint, though the row differs across all the rulesets; where they differ, they have. The
    cells are links, and look like the page's other links."""
    page, problems = open_page(desktop, f"{base_url}/compare/?a=peel&b=hoyle&differ=0")
    assert not page.locator("#pj-differ").is_checked()
    tints = page.evaluate(
        """() => Array.from(document.querySelectorAll("#pj-matrix tbody tr.pj-differs"))
            .map(row => {
                const cells = Array.from(row.querySelectorAll("td"))
                    .filter(td => !td.classList.contains("pj-col-hidden"));
                return [new Set(cells.map(td => td.getAttribute("data-value"))).size > 1,
                        cells.map(td => getComputedStyle(td).backgroundColor)];
            })"""
    )
    agree = [colours for differ, colours in tints if not differ]
    differ = [colours for differ, colours in tints if differ]
    assert agree and differ
    assert all(colour == "rgba(0, 0, 0, 0)" for colours in agree for colour in colours)
    assert all(colours[0] != colours[1] for colours in differ)

    looks = page.evaluate(
        """() => [document.querySelector("#row-deal td a"), document.querySelector(".pj-note a")]
            .map(a => [getComputedStyle(a).color, getComputedStyle(a).textDecorationLine])"""
    )
    cell, link = looks
    assert cell == link and "underline" in cell[1]
    assert problems.take() == []
    page.close()


def test_a_link_shows_what_the_controls_showed(desktop: BrowserContext, base_url: str) -> None:
    """Peel and Foster chosen in the page, and the same pair from a shared link, show the same
    rows, in two columns of equal width; and whatever the controls are set to, the page's
    address opened afresh shows exactly the same."""
    page, problems = open_page(desktop, f"{base_url}/compare/")
    page.select_option("#pj-pick-a", "peel")
    page.select_option("#pj-pick-b", "foster")
    chosen = shown(page)
    assert chosen[1] == ["peel", "foster"] and chosen[3]
    assert chosen[2].startswith(f"Showing {len(chosen[0])} of ")
    widths = page.locator("#pj-matrix thead th[data-ruleset]:not(.pj-col-hidden)").evaluate_all(
        "heads => heads.map(th => th.getBoundingClientRect().width)"
    )
    assert len(widths) == 2 and abs(widths[0] - widths[1]) < 1.5 and widths[0] > 300
    assert page.url.endswith("/compare/?a=peel&b=foster")

    linked, linked_problems = open_page(desktop, f"{base_url}/compare/?a=peel&b=foster")
    assert shown(linked) == chosen

    page.select_option("#pj-pick-b", "")
    page.select_option("#pj-pick-a", "spin")
    page.click("label[for=pj-game-pope-joan]")
    page.uncheck("#pj-differ")
    page.fill("#pj-filter", "dealer")
    state = shown(page)
    assert state[1][-1] == "spin" and len(state[1]) == 9
    assert "Spin (Peel) beside the 8 Pope Joan rulesets" in state[2]
    linked.goto(page.url)
    assert shown(linked) == state
    assert linked.locator("#pj-filter").input_value() == "dealer"
    assert linked.locator("#pj-game-pope-joan").is_checked()
    assert problems.take() == [] and linked_problems.take() == []
    page.close()
    linked.close()


def test_a_game_shows_only_its_rulesets(
    desktop: BrowserContext, base_url: str, rulesets: dict[str, Ruleset]
) -> None:
    """Each game's button shows that game's rulesets only, and "all" every ruleset again; a
    pair picked is shown whatever the game, and the games wait until it is set aside."""
    page, problems = open_page(desktop, f"{base_url}/compare/")
    games = {r.source.game for r in rulesets.values()}
    order = visible_columns(page)
    for game in sorted(games):
        name = re.compile(rf"^{re.escape(game)} \d+$")
        page.locator("[data-pj-games] label").filter(has_text=name).click()
        members = [id for id in order if rulesets[id].source.game == game]
        assert visible_columns(page) == members, game
        status = page.inner_text("[data-pj-status]")
        assert f"the {len(members)} {game} rulesets" in status, status
    page.click("label[for=pj-game-all]")
    assert visible_columns(page) == order
    page.click("label[for=pj-game-matrimony]")
    page.select_option("#pj-pick-a", "peel")
    page.select_option("#pj-pick-b", "hoyle")
    assert visible_columns(page) == ["hoyle", "peel"]
    assert page.locator("#pj-game-all").is_disabled()
    assert problems.take() == []
    page.close()


def test_the_row_of_names_follows_the_page(desktop: BrowserContext, base_url: str) -> None:
    """The whole table is in the page's own scroll, with no frame of its own that scrolls up
    and down: scrolled down to the stops, the row of ruleset names sits just below the site's
    bar, and back at the top it is in its place again."""
    page, problems = open_page(desktop, f"{base_url}/compare/")
    frame = page.locator("[data-pj-frame]")
    assert frame.evaluate("el => el.scrollHeight <= el.clientHeight + 1")
    place = "document.querySelector('#pj-matrix thead').getBoundingClientRect().top + scrollY"
    start = page.evaluate(place)
    scroll_to_row(page, "row-stops")
    top, bar = head_below_the_bar(page)
    assert abs(top - bar) < 2
    assert page.evaluate("window.scrollY") > 500  # the page scrolled, not the frame
    names = page.locator('#pj-matrix thead th[data-ruleset="peel"]')
    box = names.bounding_box()
    assert box is not None and box["y"] >= bar - 1
    hit = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y).closest('th')?.dataset.ruleset",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
    )
    assert hit == "peel"  # drawn over the rows it covers
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_function(f"() => Math.abs({place} - {start}) < 1")
    assert problems.take() == []
    page.close()


def test_two_rulesets_side_by_side_on_a_phone(phone: BrowserContext, base_url: str) -> None:
    """At 390 pixels wide the whole table scrolls in its frame, not the page; two rulesets
    picked make a card of each rule, both values side by side within the screen's width, under
    the two names, which follow the page as it scrolls."""
    page, problems = open_page(phone, f"{base_url}/compare/")
    assert page_width(page) <= PHONE["width"]
    page.select_option("#pj-pick-a", "peel")
    page.select_option("#pj-pick-b", "foster")
    assert page_width(page) <= PHONE["width"]
    boxes: list[list[list[float]]] = page.evaluate(
        """() => Array.from(document.querySelectorAll("#pj-matrix tbody tr"))
            .filter(row => !row.classList.contains("pj-row-hidden"))
            .map(row => Array.from(row.querySelectorAll("th, td"))
                .filter(cell => !cell.classList.contains("pj-col-hidden"))
                .map(cell => { const b = cell.getBoundingClientRect();
                               return [b.left, b.right, b.top, b.width]; }))"""
    )
    assert len(boxes) == len(visible_rows(page)) > 5
    for name, left, right in boxes:
        for cell in (name, left, right):
            assert cell[0] >= 0 and cell[1] <= PHONE["width"], boxes
        assert abs(left[2] - right[2]) < 1 and left[1] <= right[0] + 1  # side by side
        assert abs(left[3] - right[3]) < 1.5  # of equal width
        assert name[2] < left[2]  # the rule's name above them
    heads = page.locator("#pj-matrix thead th[data-ruleset]:not(.pj-col-hidden)")
    scroll_to_row(page, "row-stops")
    for box in heads.evaluate_all("hs => hs.map(h => h.getBoundingClientRect().toJSON())"):
        assert box["left"] >= 0 and box["right"] <= PHONE["width"]
    assert page_width(page) <= PHONE["width"]
    assert problems.take() == []
    page.close()
