"""Following a citation in a browser (Debian's Chromium via Playwright): it lands on the source's
page with the cited lines marked and in view; without JavaScript the first of them is.

The fixtures (one build, one local server, one browser) are in conftest.py."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Page

SCREENSHOTS = Path(__file__).resolve().parent.parent / "test-artifacts" / "screenshots"
PEEL = "016_peel-round-games-1891_pope-joan-spin-newmarket_pp80-96.txt"
CITATION = 'a.pj-prov__file[href$="sources/peel-1891-pp80-96/#L86-L89"]'
TRANSPARENT = "rgba(0, 0, 0, 0)"


def _in_view(page: Page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    height = page.viewport_size["height"] if page.viewport_size else 0
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


def _marked(page: Page) -> list[str]:
    marked: list[str] = page.eval_on_selector_all(".pj-line--hit", "els => els.map(e => e.id)")
    return marked


def test_a_citation_lands_on_its_lines_marked_and_in_view(browser: Browser, base_url: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{base_url}/rulesets/peel/")
    link = page.locator(CITATION)
    # the book's page, where the copy marks it, follows the lines
    assert link.inner_text() == "Peel (1891, pp. 80-96), lines 86\N{EN DASH}89 (p. 83)"
    assert link.get_attribute("title") == f"{PEEL}, lines 86\N{EN DASH}89"
    link.click()
    page.wait_for_url(f"{base_url}/sources/peel-1891-pp80-96/#L86-L89")
    page.wait_for_function("document.querySelectorAll('.pj-line--hit').length === 4")
    assert _marked(page) == ["L86", "L87", "L88", "L89"]
    assert page.locator("#L86 .pj-lt").inner_text().startswith("Play in the game is commenced")
    for line in ("#L86", "#L89"):
        assert _in_view(page, line), line
    assert page.locator("#L86").evaluate("e => getComputedStyle(e).backgroundColor") != TRANSPARENT
    assert page.locator("#L90").evaluate("e => getComputedStyle(e).backgroundColor") == (
        TRANSPARENT
    )
    # A line number is a link to that line, which becomes the one marked.
    page.locator('#L12 a.pj-ln[href="#L12"]').click()
    page.wait_for_function("document.querySelectorAll('.pj-line--hit').length === 1")
    assert _marked(page) == ["L12"]
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "source-text-desktop-light.png"))
    assert errors == []
    page.close()


def test_without_javascript_the_first_cited_line_is_marked_and_in_view(
    browser: Browser, base_url: str
) -> None:
    context = browser.new_context(
        viewport={"width": 1280, "height": 900}, java_script_enabled=False
    )
    page = context.new_page()
    page.goto(f"{base_url}/sources/peel-1891-pp80-96/#L86-L89")
    assert _in_view(page, "#L86")
    background = "e => getComputedStyle(e).backgroundColor"
    assert page.locator("#L86").evaluate(background) != TRANSPARENT
    assert page.locator("#L85").evaluate(background) == TRANSPARENT
    context.close()


def test_a_modern_page_lists_its_locators_and_a_citation_lands_on_one(
    browser: Browser, base_url: str
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{base_url}/sources/gamerules/#L30")
    assert page.locator("[data-pj-text]").count() == 0  # not reproduced
    assert _marked(page) == ["L30"]
    assert _in_view(page, "#L30")
    assert page.locator("#L30 q").first.inner_text() == "remove the 8 of diamonds"
    address = page.locator('a[href="https://gamerules.com/rules/pope-joan/"]')
    assert address.inner_text() == "https://gamerules.com/rules/pope-joan/"
    page.close()
