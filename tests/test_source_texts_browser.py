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


WRAPPED = """
lines => lines
  .filter(line => line.textContent.length <= 100)
  .filter(line => {
    const row = parseFloat(getComputedStyle(line).lineHeight);
    return line.getBoundingClientRect().height > 1.5 * row;
  })
  .map(line => line.parentElement.id)
"""
"""The lines of at most a hundred characters that take more than one row."""

CONTRAST = """
([fore, back]) => {
  const rgb = (colour) => colour.match(/[0-9.]+/g).map(Number);
  const [r, g, b, a = 1] = rgb(fore);
  const [br, bg, bb] = rgb(back);
  const mixed = [r * a + br * (1 - a), g * a + bg * (1 - a), b * a + bb * (1 - a)];
  const luminance = ([x, y, z]) => {
    const [lx, ly, lz] = [x, y, z].map((v) => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * lx + 0.7152 * ly + 0.0722 * lz;
  };
  const [one, two] = [luminance(mixed), luminance([br, bg, bb])].sort((x, y) => y - x);
  return (one + 0.05) / (two + 0.05);
}
"""
"""WCAG's contrast ratio of a colour (its alpha blended) on an opaque background."""


def _colour(page: Page, selector: str, what: str = "color") -> str:
    colour: str = page.locator(selector).first.evaluate(f"e => getComputedStyle(e).{what}")
    return colour


def _contrast(page: Page, fore: str, back: str) -> float:
    ratio: float = page.evaluate(CONTRAST, [fore, back])
    return ratio


def _context_above(page: Page, selector: str) -> float:
    """How many of the text's rows show between the header's foot and the line's top."""
    found: float = page.evaluate(
        """selector => {
          const header = document.querySelector(".md-header").getBoundingClientRect().bottom;
          const line = document.querySelector(selector);
          const row = parseFloat(getComputedStyle(line).lineHeight);
          return (line.getBoundingClientRect().top - header) / row;
        }""",
        selector,
    )
    return found


def _marked(page: Page) -> list[str]:
    marked: list[str] = page.eval_on_selector_all(
        ".pj-line.pj-line--hit", "els => els.map(e => e.id)"
    )
    return marked


def test_a_citation_lands_on_its_lines_marked_and_in_view(browser: Browser, base_url: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{base_url}/rulesets/peel/")
    link = page.locator(CITATION)
    # a rule's sources are folded under a line naming them: opened, the citation shows
    link.locator("xpath=ancestor::details[1]/summary").click()
    # the book's page, where the copy marks it, follows the lines
    assert link.inner_text() == "Peel (1891, pp. 80-96), lines 86\N{EN DASH}89 (p. 83)"
    assert link.get_attribute("title") == f"{PEEL}, lines 86\N{EN DASH}89"
    link.click()
    page.wait_for_url(f"{base_url}/sources/peel-1891-pp80-96/#L86-L89")
    page.wait_for_function("document.querySelectorAll('.pj-line.pj-line--hit').length === 4")
    assert _marked(page) == ["L86", "L87", "L88", "L89"]
    assert page.locator("#L86 .pj-lt").inner_text().startswith("Play in the game is commenced")
    for line in ("#L86", "#L89"):
        assert _in_view(page, line), line
    assert page.locator("#L86").evaluate("e => getComputedStyle(e).backgroundColor") != TRANSPARENT
    assert page.locator("#L90").evaluate("e => getComputedStyle(e).backgroundColor") == (
        TRANSPARENT
    )
    # The first cited line sits below the header with lines of the text above it in view.
    assert _context_above(page, "#L86") >= 3
    # On a desktop the text's lines stand as the copy has them: none of them wraps.
    wrapped = page.eval_on_selector_all(".pj-line .pj-lt", WRAPPED)
    assert wrapped == []
    # A line number is a link to that line, which becomes the one marked.
    page.locator('#L12 a.pj-ln[href="#L12"]').click()
    page.wait_for_function("document.querySelectorAll('.pj-line.pj-line--hit').length === 1")
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


def test_on_a_phone_in_the_dark_a_cited_passage_reads_marked_with_context(
    browser: Browser, base_url: str
) -> None:
    """At 390 px wide, dark palette: nothing scrolls sideways (the text, its apparatus, the
    index); the cited lines are marked in a colour their words, numbers and links stand out
    from (WCAG AA) and that stands out from the page, a few lines of text above the first, each
    number beside its line."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme="dark")
    page = context.new_page()
    page.goto(f"{base_url}/sources/peel-1891-pp80-96/#L86-L89")
    page.wait_for_function("document.querySelectorAll('.pj-line.pj-line--hit').length === 4")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.get_attribute("body", "data-md-color-scheme") == "slate"
    assert _context_above(page, "#L86") >= 2
    assert _in_view(page, "#L86")
    hit = _colour(page, "#L86", "backgroundColor")
    assert _contrast(page, _colour(page, "#L86 .pj-lt"), hit) >= 4.5
    assert _contrast(page, _colour(page, "#L86 .pj-ln"), hit) >= 4.5
    assert _contrast(page, _colour(page, ".pj-citedby.pj-line--hit a"), hit) >= 4.5
    ground = _colour(page, ".md-main", "backgroundColor")
    if ground == TRANSPARENT:
        ground = _colour(page, "body", "backgroundColor")
    assert _contrast(page, hit, ground) >= 1.4
    # A wrapped line's number stands beside its first row.
    number = page.locator("#L86 .pj-ln").bounding_box()
    words = page.locator("#L86 .pj-lt").bounding_box()
    row = float(
        page.locator("#L86 .pj-lt").evaluate("e => parseFloat(getComputedStyle(e).lineHeight)")
    )
    assert number is not None and words is not None and words["height"] > 2 * row
    assert words["y"] - 2 <= number["y"] and number["y"] + number["height"] <= words["y"] + row + 2
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "source-text-phone-dark.png"))
    for path in ("sources/peel-1891-pp80-96/apparatus/", "sources/"):
        page.goto(f"{base_url}/{path}")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, path
    context.close()
