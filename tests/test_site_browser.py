"""The built site in a browser (Debian's Chromium via Playwright): every page loads cleanly
and links only to pages and anchors that exist, the site works with the network off, the
boards, red suits readable in both palettes, and screenshots.

The fixtures (one build, one local server, one browser) are in conftest.py. Without Chromium at
/usr/bin/chromium the tests fail, saying to run ``apt-get install chromium``; they never skip.
Screenshots of the main pages at desktop and phone widths, in the light and dark palettes, are
written to ``test-artifacts/screenshots/`` (git-ignored) for a person to look at.
"""

from __future__ import annotations

import functools
import re
from collections import deque
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote, urldefrag, urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Request, Route
from sitetour import PHONE, TALLEST, VIEWPORT, PageProblems, Tour, Visit

from variants.rules.loader import load_ruleset

REPO = Path(__file__).resolve().parent.parent
IDS = sorted(p.stem for p in (REPO / "rulesets").glob("*.yaml"))
BOARDLESS = [
    i for i in IDS if not load_ruleset(REPO / "rulesets" / f"{i}.yaml").rules.board.compartments
]
"""The rulesets of games played without a board."""
SCREENSHOTS = REPO / "test-artifacts" / "screenshots"
"""Where the screenshots go: test-artifacts/screenshots/ (git-ignored)."""
WIDTHS = {"desktop": 1400, "phone": 390}
HEIGHTS = {"desktop": 900, "phone": 844}


@functools.cache
def desktop(browser: Browser) -> BrowserContext:
    """One browser context at desktop width for the pages :func:`open_page` opens, a tab each
    (a context of its own for each would cost a renderer started afresh)."""
    return browser.new_context(viewport=VIEWPORT)


def open_page(browser: Browser, url: str, scheme: str = "light") -> tuple[Page, list[str]]:
    page = desktop(browser).new_page()
    page.emulate_media(color_scheme="dark" if scheme == "dark" else "light")
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)

    def failed(request: Request) -> None:
        # A request still in flight when a click leaves the page (the favicon, the search
        # worker) is aborted by the browser: not the site's fault. A missing file is an HTTP
        # error, and any other failure is reported.
        if request.failure != "net::ERR_ABORTED":
            errors.append(f"request failed: {request.url} ({request.failure})")

    page.on("requestfailed", failed)
    page.goto(url)
    return page, errors


def test_home_boards_are_drawn(browser: Browser, base_url: str) -> None:
    """Three boards in view; the others drawn once their fold is opened."""
    page, errors = open_page(browser, f"{base_url}/")
    boards = page.locator("figure.pj-board svg")
    assert boards.count() == len(IDS) - len(BOARDLESS)
    assert page.locator(".pj-boardcard__none").count() == len(BOARDLESS)
    in_view = page.locator(".pj-boards > .pj-boardcard figure.pj-board svg:visible")
    assert in_view.count() == 3
    page.locator(".pj-boards__rest > summary").click()
    for i in range(boards.count()):
        box = boards.nth(i).bounding_box()
        assert box is not None and box["width"] > 200 and box["height"] > 80
    assert errors == []
    page.close()


IN_VIEW = "e => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight; }"


def test_a_link_into_a_fold_opens_it(browser: Browser, base_url: str) -> None:
    """An option or interpretation folded away on a ruleset's page is opened and scrolled to
    when a link leads to it: from another page, and from the same page."""
    page, errors = open_page(browser, f"{base_url}/rulesets/peel/#interp-pool-size")
    target = page.locator("#interp-pool-size")
    target.locator(".pj-interp__question").wait_for(state="visible")
    assert target.evaluate(IN_VIEW)
    # From the open interpretations to an option, whose fold is still closed.
    link = page.locator(".pj-interp a[href^='#option-']").first
    option = page.locator(f"[id='{(link.get_attribute('href') or '#')[1:]}']")
    assert not option.is_visible()
    link.click()
    option.locator("table").wait_for(state="visible")
    assert option.evaluate(IN_VIEW)
    # From a rule to its interpretation, the folds closed again.
    page.evaluate("document.querySelectorAll('details[open]').forEach(d => d.open = false)")
    rule_link = page.locator("#rule-first-dealer a[href='#interp-first-dealer']")
    rule_link.click()
    reading = page.locator("#interp-first-dealer .pj-interp__reading")
    reading.wait_for(state="visible")
    assert page.locator("#interp-first-dealer").evaluate(IN_VIEW)
    assert errors == []
    page.close()


def _rgb(css: str) -> tuple[float, ...]:
    numbers = [float(n) for n in re.findall(r"[\d.]+", css)[:3]]
    return tuple(numbers)


def _luminance(rgb: tuple[float, ...]) -> float:
    def channel(value: float) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_red_suits_are_red_and_readable(browser: Browser, base_url: str, scheme: str) -> None:
    page, _ = open_page(browser, f"{base_url}/rulesets/peel/", scheme)
    card = page.locator(".pj-card--red").first
    colour = _rgb(card.evaluate("e => getComputedStyle(e).color"))
    background = _rgb(
        page.evaluate(
            "getComputedStyle(document.querySelector('.md-main')).backgroundColor"
            " === 'rgba(0, 0, 0, 0)' ? getComputedStyle(document.body).backgroundColor"
            " : getComputedStyle(document.querySelector('.md-main')).backgroundColor"
        )
    )
    assert colour[0] > colour[1] + 60 and colour[0] > colour[2] + 60, colour  # red
    lighter, darker = sorted((_luminance(colour), _luminance(background)), reverse=True)
    assert (lighter + 0.05) / (darker + 0.05) >= 4.5
    page.close()


# --------------------------------------------------------------------------------------------
# The statistics pages

OPEN_FOLDS = "document.querySelectorAll('details').forEach((d) => { d.open = true; })"
"""Opens every fold of a page: the statistics pages fold their tables and secondary charts."""


def test_statistics_tables_are_not_clipped_at_desktop_width(
    browser: Browser, base_url: str
) -> None:
    """At 1,400 pixels no table of the statistics scrolls sideways: the theme's own scrolling
    wrapper no longer pushes it out of its box."""
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    try:
        for path in ("/statistics/foster/", "/statistics/compare/", "/statistics/peel/"):
            page.goto(base_url + path)
            page.evaluate(OPEN_FOLDS)
            boxes = page.locator(".pj-stats-table")
            assert boxes.count() > 0
            overflow = boxes.evaluate_all("els => els.map(e => e.scrollWidth - e.clientWidth)")
            assert overflow == [0] * boxes.count(), path
    finally:
        page.close()


def test_statistics_charts_fit_a_phone(browser: Browser, base_url: str) -> None:
    """On a 390-pixel phone each chart is drawn narrow, whole on the screen, not scrolled."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        page.goto(base_url + "/statistics/foster/")
        page.evaluate(OPEN_FOLDS)
        figures = page.locator("figure.pj-chart")
        assert figures.count() >= 4
        for i in range(figures.count()):
            shown = figures.nth(i).locator("svg.pj-chart__svg--narrow")
            assert (
                shown.is_visible()
                and not figures.nth(i).locator("svg.pj-chart__svg--wide").is_visible()
            )
            box = shown.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
            frame = figures.nth(i).locator(".pj-chart__frame")
            assert frame.evaluate("el => el.scrollWidth <= el.clientWidth")
    finally:
        page.close()


def test_every_chart_has_a_key_and_a_colour_means_one_thing(
    browser: Browser, base_url: str
) -> None:
    """Each figure names what its colours stand for, with swatches in the bars' colours; on a
    page, one name has one colour, and the default rules are drawn in one colour everywhere."""
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    try:
        colour_of: dict[str, str] = {}
        for path in ("/statistics/peel/", "/statistics/foster/", "/statistics/compare/"):
            page.goto(base_url + path)
            page.evaluate(OPEN_FOLDS)
            figures = page.locator("figure.pj-chart")
            for i in range(figures.count()):
                figure = figures.nth(i)
                keys = figure.locator("ul.pj-chart__key li")
                assert keys.count() > 0, (path, i)
                bars = figure.locator("svg.pj-chart__svg--wide rect.pj-chart__bar")
                fills = set(bars.evaluate_all("els => els.map(e => getComputedStyle(e).fill)"))
                for j in range(keys.count()):
                    name = keys.nth(j).inner_text().strip()
                    swatch = keys.nth(j).locator(".pj-chart__swatch")
                    colour = str(swatch.evaluate("e => getComputedStyle(e).backgroundColor"))
                    assert colour in fills, (path, i, name)
                    assert colour_of.setdefault(name, colour) == colour, (path, name)
        assert "default rules" in colour_of and "elder hand (Player 1)" in colour_of
    finally:
        page.close()


# --------------------------------------------------------------------------------------------
# Every page


def test_every_page_loads_cleanly_and_links_resolve(
    browser: Browser, base_url: str, site_visits: dict[str, Visit]
) -> None:
    """Crawl the built site from the home page: every page loads with no console error, no
    failed request and no error response, and every local link names a page that exists and,
    when it has a fragment, an element with that id on that page. Each page is as its one
    visit for the run found it (``sitetour.py``); a page that is no file of the site's (an
    address with a query) is loaded when a link to it is found."""
    visits = dict(site_visits)
    extra: Tour | None = None
    queue = deque(["/"])
    seen = {"/"}
    ids: dict[str, set[str]] = {}
    links: list[tuple[str, str, str]] = []  # (from page, to page, fragment)
    failures: list[str] = []
    while queue:
        path = queue.popleft()
        if path not in visits:
            extra = extra or Tour(browser, base_url, axe=False)
            visits.update(extra.visit([path]))
        visit = visits[path]
        if visit.status != 200:
            failures.append(f"{path}: HTTP {visit.status or 'no response'}")
            continue
        failures += [f"{path}: {problem}" for problem in visit.problems]
        ids[path] = set(visit.ids)
        for link in visit.links:
            target, fragment = urldefrag(link)
            if urlsplit(target).path.endswith(("/search/search_index.json", ".xml", ".gz")):
                continue
            links.append((path, target, fragment))
            if target not in seen and not urlsplit(target).path.endswith((".png", ".svg")):
                seen.add(target)
                queue.append(target)
    if extra is not None:
        extra.close()
    for source, target, fragment in links:
        if target not in ids:
            continue  # a broken target is reported above, from its load
        if fragment and unquote(fragment) not in ids[target]:
            failures.append(f"{source}: no #{fragment} on {target}")
    assert len(ids) > 30, sorted(ids)
    assert failures == []


def test_no_page_scrolls_sideways_on_a_phone(site_visits: dict[str, Visit]) -> None:
    """At a phone's width, with every fold open, no page is wider than the screen: a wide
    table or board scrolls in a box of its own, and the page itself never scrolls sideways."""
    wide = [
        f"{path}: {visit.phone_width} px wide ({', '.join(visit.too_wide)})"
        for path, visit in sorted(site_visits.items())
        if visit.status == 200 and visit.phone_width > PHONE["width"]
    ]
    assert wide == []


def test_every_page_is_short_enough_to_use(site_visits: dict[str, Visit]) -> None:
    """At 1400 px wide with its folds closed, no page is taller than 8,000 px but a source's
    own text, which is as long as the book's pages are."""
    tall = [
        f"{path}: {visit.height} px"
        for path, visit in sorted(site_visits.items())
        if visit.status == 200 and not visit.text and visit.height > TALLEST
    ]
    assert tall == []
    assert any(visit.text for visit in site_visits.values())  # the source texts are recognised


def test_the_site_works_with_the_network_off(browser: Browser, base_url: str) -> None:
    """Every request not to the local server is blocked; the pages still load with nothing
    failing, and none even tries to reach another host."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    outside: list[str] = []

    def route(request_route: Route) -> None:
        url = request_route.request.url
        if url.startswith(base_url):
            request_route.continue_()
        else:
            outside.append(url)
            request_route.abort("internetdisconnected")

    context.route("**/*", route)
    paths = (
        "/",
        "/compare/",
        "/examples/peel/",
        "/one-deal/",
        "/replay/",
        "/replay/peel/peel-walkthrough/#step-5",
    )
    opened: dict[str, tuple[Page, PageProblems]] = {}
    for path in paths:  # side by side: each waits for the network to fall quiet
        page = context.new_page()
        opened[path] = (page, PageProblems(page))
        page.goto(base_url + path, wait_until="commit")
    for path, (page, problems) in opened.items():
        page.wait_for_load_state("networkidle")
        assert problems.take() == [], path
    page, problems = opened["/replay/peel/peel-walkthrough/#step-5"]
    page.click('[data-pj-go="next"]')
    assert page.inner_text("[data-pj-counter]").startswith("Step 6 of")
    page.goto(base_url + "/compare/")
    page.wait_for_load_state("networkidle")
    page.select_option("#pj-pick-a", "peel")
    assert page.locator("#pj-matrix thead th.pj-col-focus").get_attribute("data-ruleset") == "peel"
    assert problems.take() == []
    assert outside == []
    context.close()


def test_the_search_finds_a_ruleset_in_the_whole_index(
    browser: Browser, base_url: str, built_site: Path
) -> None:
    """The site's search index, whole, as the site publishes it (the tests' server gives the
    pages a small one, sparing Chromium a rebuild of the whole on every page it opens), is not
    asked for when the home page opens, only once the search box is used; then a name typed in
    the search box finds its ruleset's page first."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    index = built_site / "search" / "search_index.json"
    context.route("**/search/search_index.json", lambda route: route.fulfill(path=index))
    page = context.new_page()
    problems = PageProblems(page)
    asked: list[str] = []
    page.on("request", lambda request: asked.append(urlsplit(request.url).path))
    page.goto(f"{base_url}/", wait_until="networkidle")
    page.wait_for_timeout(500)  # anything the page's scripts send once it has settled
    assert "/search/search_index.json" not in asked
    assert asked.count("/") == 1  # the page itself, and the count is of real requests
    page.keyboard.press("/")
    page.fill("input.md-search__input", "Squareman")
    found = page.locator(".md-search-result__item a")
    found.first.wait_for()
    assert urlsplit(found.first.get_attribute("href") or "").path == "/rulesets/squareman/"
    assert asked.count("/search/search_index.json") == 1
    assert problems.take() == []
    context.close()


# --------------------------------------------------------------------------------------------
# Screenshots

SCREENSHOT_PAGES = {
    "home": "/",
    "compare": "/compare/",
    "compare-pair": "/compare/?a=peel&b=foster",
    "replay": "/replay/peel/peel-walkthrough/#step-17",
    "examples": "/examples/peel/",
    "one-deal": "/one-deal/",
    "in-brief": "/in-brief/",
    "rules": "/rulesets/peel/",
    "statistics": "/statistics/peel/",
    "source-text": "/sources/foster-1897-matrimony/#L12",
    "glossary": "/glossary/",
}


SCHEMES = ("light", "dark")


class Looks:
    """One browser tab for each width in each palette (a "look"), all four showing the same
    page: the first test that wants a page starts it loading in every tab at once, and the
    tests of the other looks find it loaded (or loading) in theirs."""

    def __init__(self, browser: Browser, base_url: str) -> None:
        self.base_url = base_url
        self.contexts: list[BrowserContext] = []
        self.tabs: dict[tuple[str, str], tuple[Page, PageProblems]] = {}
        self.showing: dict[tuple[str, str], str] = {}
        for device, width in WIDTHS.items():
            for scheme in SCHEMES:
                context = browser.new_context(
                    viewport={"width": width, "height": HEIGHTS[device]}, color_scheme=scheme
                )
                self.contexts.append(context)
                page = context.new_page()
                self.tabs[device, scheme] = (page, PageProblems(page))

    def show(self, name: str, device: str, scheme: str) -> tuple[Page, PageProblems]:
        """The tab of this look, showing page ``name`` (not waited for)."""
        for look, (page, _) in self.tabs.items():
            if self.showing.get(look) != name:
                page.goto(self.base_url + SCREENSHOT_PAGES[name], wait_until="commit")
                self.showing[look] = name
        return self.tabs[device, scheme]


@pytest.fixture(scope="module")
def looks(browser: Browser, base_url: str) -> Iterator[Looks]:
    shown = Looks(browser, base_url)
    yield shown
    for context in shown.contexts:
        context.close()


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("device", list(WIDTHS))
@pytest.mark.parametrize("name", list(SCREENSHOT_PAGES))
def test_screenshots(looks: Looks, name: str, device: str, scheme: str) -> None:
    """Each main page at desktop and phone widths in both palettes: written for a person to look
    at, and checked for what a machine can see (no error, nothing wider than the screen)."""
    width = WIDTHS[device]
    page, problems = looks.show(name, device, scheme)
    page.wait_for_load_state("load")  # no page shown here asks for anything once it has loaded
    page.wait_for_function("!document.getAnimations().some(a => a.playState === 'running')")
    scheme_used = page.evaluate("document.body.getAttribute('data-md-color-scheme')")
    assert scheme_used == ("slate" if scheme == "dark" else "default")
    overflow = page.evaluate("document.documentElement.scrollWidth")
    assert overflow <= width, f"{name} is {overflow}px wide at {width}px"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}-{device}-{scheme}.png"))
    assert problems.take() == []


@pytest.mark.parametrize(
    ("path", "within"),
    [("in-brief/", ".pj-brief"), ("compare/", "#pj-matrix"), ("disagreements/", ".pj-disagree")],
)
def test_a_reading_is_marked_and_leads_to_its_interpretation(
    browser: Browser, base_url: str, path: str, within: str
) -> None:
    """What the project reads into a silent, unclear or lost passage is told apart from what
    the source says: marked where the rule is shown, and the mark opens the interpretation,
    which states the question and the reading played."""
    page, errors = open_page(browser, f"{base_url}/{path}")
    marks = page.locator(f"{within} a.pj-reading")
    assert marks.count() > 0
    first = marks.first
    fold = first.locator("xpath=ancestor::details[1]")
    if fold.count() and not fold.evaluate("d => d.open"):
        fold.locator("summary").click()  # a disagreement's sources are folded under it
    first.scroll_into_view_if_needed()
    assert first.is_visible() and first.inner_text() == "a reading"
    assert (first.get_attribute("title") or "").startswith("Not the source's words: the ")
    href = first.get_attribute("href") or ""
    assert re.fullmatch(r"\.\./rulesets/[a-z0-9-]+/#interp-[a-z0-9-]+", href), href
    first.click()
    page.wait_for_load_state()
    target = page.locator(f"[id='{urldefrag(page.url).fragment}']")
    assert target.locator(".pj-interp__question").is_visible()
    assert target.locator(".pj-interp__reading").is_visible()
    assert errors == []
    page.close()
