"""Every page of the built site, loaded once in Chromium and looked at in each way the tests
look at every page: what went wrong while it loaded, its ids and links (for the crawl of
``test_site_browser.py``), its boards' text sizes at desktop width, and axe-core in the light
palette and then, switched as the palette toggle switches it, the dark one (for
``test_site_a11y.py``).

The pages are split into shards, one for each xdist worker: each shard is visited once for the
run, by whichever worker wants it first (the others read what it saw from the run's shared
temporary folder), so that the workers visit the shards side by side. A page that only a link
leads to (an address with a query, say) is visited when the crawl finds it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, Request, Response

REPO = Path(__file__).resolve().parent.parent
AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"

VIEWPORT = {"width": 1280, "height": 900}
"""Desktop width: the crawl's, the light and dark axe runs', the desktop boards'."""

SCHEMES = {"light": "default", "dark": "slate"}
"""Each palette, as the browser asks for it and as Material's body attribute names it."""

IMPACTS = ("serious", "critical")
RULES = ("heading-order",)
"""Rules enforced whatever their impact: axe rates a skipped heading level "moderate"."""

COLOUR_RULES = ("color-contrast", "link-in-text-block")
"""The rules whose verdict can change with the palette: in the dark palette only these run, the
others having given the same verdict on the same page in the light one."""

LINK_TARGETS = """
els => els.map((e) =>
  typeof e.href === "string" ? e.href : new URL(e.href.baseVal, document.baseURI).href
)
"""
"""Each link's address, whole: an HTML link's, or a link's in a drawing (an SVG ``<a>``, whose
``href`` is an object holding the address as written)."""

SHOWN = 3
"""How many of a violation's elements a failure message names."""

FORGET_PALETTE = """
for (const key of Object.keys(localStorage)) {
  if (key.endsWith("__palette")) localStorage.removeItem(key);
}
"""
"""Run before each page's own scripts: the palette a toggle chose on the page before is
forgotten, so every page opens in the palette the browser asks for."""

NEVER_REPORTED = """
(args) => {
  const [impacts, rules] = args;
  return axe._audit.rules
    .filter((rule) => rule.impact && !impacts.includes(rule.impact) && !rules.includes(rule.id))
    .map((rule) => rule.id);
}
"""
"""The rules whose every violation axe rates below serious (a rule's declared impact is each of
its violations' impact): the rules that can fail a page are run, not these."""

RUN_AXE = """
(args) => {
  const [impacts, rules, shown, only, skipped] = args;
  const options = { resultTypes: ["violations"] };
  if (only.length) options.runOnly = only;
  else options.rules = Object.fromEntries(skipped.map((id) => [id, { enabled: false }]));
  window.pjAxe = axe.run(document, options).then((result) =>
    result.violations
      .filter((v) => impacts.includes(v.impact) || rules.includes(v.id))
      .map((v) => {
        const targets = v.nodes.slice(0, shown).map((n) => n.target.join(" "));
        const more = v.nodes.length > shown ? [`and ${v.nodes.length - shown} more`] : [];
        return `${v.id} (${v.impact}): ${v.help}: ${targets.concat(more).join(", ")}`;
      })
  );
  return [
    document.body.getAttribute("data-md-color-scheme"),
    getComputedStyle(document.body).backgroundColor,
  ];
}
"""
"""Starts axe on the page (its promise kept in ``window.pjAxe``), with every rule that can fail
a page or only those named, and returns the palette the page shows: the body's scheme and its
background colour."""

TO_PALETTE = """
(scheme) => {
  const input = document.querySelector(`input[data-md-color-scheme='${scheme}']`);
  input.checked = true;
  input.dispatchEvent(new Event("change"));
}
"""
"""Choose a palette (by Material's name for its scheme) as its toggle does."""

SWITCHED = """
(scheme) => document.body.getAttribute("data-md-color-scheme") === scheme
  && !document.body.hasAttribute("data-md-color-switching")
  && !document.getAnimations().some((a) => a.playState === "running")
"""
"""The palette is on and nothing is fading (axe weighs a half-faded text's contrast)."""


def switch_palette(page: Page, palette: str) -> None:
    """Show ``page`` in ``palette`` (``light`` or ``dark``): asked for by the browser, and chosen
    as the palette toggle chooses it (Material reads the browser's wish only as a page opens)."""
    page.emulate_media(color_scheme="dark" if palette == "dark" else "light")
    page.evaluate(TO_PALETTE, SCHEMES[palette])
    page.wait_for_function(SWITCHED, arg=SCHEMES[palette])


BOARD_TEXT = """
() => [...document.querySelectorAll("svg.pj-svg")].flatMap((svg) => {
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  return [...svg.querySelectorAll("text")].map((text) => [
    text.textContent,
    parseFloat(getComputedStyle(text).fontSize) * scale,
  ]);
})
"""
"""Each text of each board on the page, with its size on screen."""


WIDE = {"width": 1400, "height": 900}
"""The width at which no page but a source's own text may be taller than :data:`TALLEST`."""
PHONE = {"width": 390, "height": 844}
"""The phone's width, at which no page may scroll sideways."""
TALLEST = 8000
"""How tall a page may be at :data:`WIDE`, its folds closed, in CSS pixels."""

FOLDS = """
(open) => {
  for (const fold of document.querySelectorAll("details")) fold.open = open;
  return [
    document.documentElement.scrollHeight,
    document.documentElement.scrollWidth,
    document.querySelector("[data-pj-text]") !== null,
  ];
}
"""
"""Every fold on the page opened or closed; then how tall and how wide the page is, and
whether it holds a source's text."""

WIDEST = """
(width) => [...document.querySelectorAll("body *")]
  .filter((el) => el.getBoundingClientRect().right > width + 1)
  .filter((el) => el.parentElement.getBoundingClientRect().right <= width + 1)
  .slice(0, 3)
  .map((el) => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "")
    + (typeof el.className === "string" && el.className.trim()
      ? "." + el.className.trim().split(/\\s+/).join(".") : ""))
"""
"""The outermost elements that reach past the page's right edge at ``width``: what makes it
scroll sideways."""


def site_paths(site: Path) -> list[str]:
    """The address of every page of the built site, from its folder."""
    paths = []
    for html in sorted(site.rglob("*.html")):
        relative = html.relative_to(site).as_posix()
        if relative == "index.html":
            paths.append("/")
        elif relative.endswith("/index.html"):
            paths.append("/" + relative.removesuffix("index.html"))
        else:
            paths.append("/" + relative)
    return paths


class PageProblems:
    """Console errors, uncaught exceptions, failed requests and error responses of a page."""

    def __init__(self, page: Page) -> None:
        self.found: list[str] = []
        page.on("pageerror", lambda error: self.found.append(f"exception: {error}"))
        page.on("console", self._console)
        page.on("requestfailed", self._failed)
        page.on("response", self._response)

    def _console(self, message: object) -> None:
        if getattr(message, "type", "") == "error":
            self.found.append(f"console: {getattr(message, 'text', '')}")

    def _failed(self, request: Request) -> None:
        # A request still in flight when the test moves to the next page is aborted by the
        # browser (the favicon, often): not the site's fault. A missing file is an HTTP error.
        if request.failure != "net::ERR_ABORTED":
            self.found.append(f"request failed: {request.url} ({request.failure})")

    def _response(self, response: Response) -> None:
        if response.status >= 400:
            self.found.append(f"HTTP {response.status}: {response.url}")

    def take(self) -> list[str]:
        found, self.found = self.found, []
        return found


@dataclass
class Visit:
    """What one page showed."""

    status: int | None
    """The HTTP status of the page (None: no response)."""
    problems: list[str]
    ids: list[str]
    links: list[str]
    """The page's links within the site, as paths from the site's root (with any query and
    fragment)."""
    schemes: dict[str, list[str]]
    """For each palette axe ran in, the body's scheme and background colour."""
    violations: dict[str, list[str]]
    """For each palette, axe's violations that fail a page."""
    boards: list[tuple[str, float]]
    """Each board text on the page and its height on screen, in CSS pixels."""
    height: int = 0
    """How tall the page is at :data:`WIDE` with its folds closed."""
    text: bool = False
    """Whether the page holds a source's own text (which may be as long as the text is)."""
    phone_width: int = 0
    """How wide the page is at :data:`PHONE` with its folds open: wider than the phone, it
    scrolls sideways."""
    too_wide: list[str] = field(default_factory=list)
    """At :data:`PHONE`, the elements that reach past the right edge."""


class Tour:
    """One tab at desktop width, each page opened in it in the light palette. (The workers
    visit their shards side by side already: more tabs than cores would cost more than they
    save.)"""

    def __init__(self, browser: Browser, base_url: str, axe: bool = True) -> None:
        self.base_url = base_url
        self.axe = axe
        self.context: BrowserContext = browser.new_context(viewport=VIEWPORT, color_scheme="light")
        self.context.add_init_script(FORGET_PALETTE)
        if axe:
            self.context.add_init_script(path=AXE)
        self.tab = self.context.new_page()
        self.problems = PageProblems(self.tab)
        self.skipped: list[str] | None = None

    def close(self) -> None:
        self.context.close()

    def visit(self, paths: list[str]) -> Iterator[tuple[str, Visit]]:
        """Each page of ``paths``, loaded and looked at."""
        for path in paths:
            response = self.tab.goto(self.base_url + path)
            yield path, self._look(self.tab, self.problems, response)

    def _look(self, tab: Page, problems: PageProblems, response: Response | None) -> Visit:
        status = response.status if response is not None else None
        ids: list[str] = tab.eval_on_selector_all("[id]", "els => els.map(e => e.id)")
        hrefs: list[str] = tab.eval_on_selector_all("a[href]", LINK_TARGETS)
        links = [href[len(self.base_url) :] for href in hrefs if href.startswith(self.base_url)]
        boards = [(text, size) for text, size in tab.evaluate(BOARD_TEXT)]
        schemes: dict[str, list[str]] = {}
        violations: dict[str, list[str]] = {}
        if self.axe and status == 200:
            if self.skipped is None:
                self.skipped = tab.evaluate(NEVER_REPORTED, [IMPACTS, RULES])
            schemes["light"] = tab.evaluate(RUN_AXE, [IMPACTS, RULES, SHOWN, [], self.skipped])
            violations["light"] = tab.evaluate("window.pjAxe")
            switch_palette(tab, "dark")
            only = list(COLOUR_RULES)
            schemes["dark"] = tab.evaluate(RUN_AXE, [IMPACTS, RULES, SHOWN, only, []])
            violations["dark"] = tab.evaluate("window.pjAxe")
            tab.emulate_media(color_scheme="light")  # for the next page: it opens in light
        height, text, phone_width, too_wide = 0, False, 0, []
        if status == 200:
            tab.set_viewport_size(WIDE)
            height, _, text = tab.evaluate(FOLDS, False)
            tab.set_viewport_size(PHONE)
            _, phone_width, _ = tab.evaluate(FOLDS, True)
            if phone_width > PHONE["width"]:
                too_wide = tab.evaluate(WIDEST, PHONE["width"])
            tab.set_viewport_size(VIEWPORT)
        return Visit(
            status,
            problems.take(),
            ids,
            links,
            schemes,
            violations,
            boards,
            height,
            text,
            phone_width,
            too_wide,
        )


def visit_shard(browser: Browser, base_url: str, paths: list[str]) -> dict[str, Visit]:
    tour = Tour(browser, base_url)
    try:
        return dict(tour.visit(paths))
    finally:
        tour.close()


def _read(file: Path) -> dict[str, Visit]:
    found: dict[str, dict[str, Any]] = json.loads(file.read_text("utf-8"))
    return {
        path: Visit(**{**visit, "boards": [tuple(board) for board in visit["boards"]]})
        for path, visit in found.items()
    }


def site_tour(
    browser: Browser,
    base_url: str,
    site: Path,
    shared: Path,
    made_once: Callable[[Path, Callable[[Path], None]], Path],
) -> dict[str, Visit]:
    """Every page of the built ``site`` (served at ``base_url``), visited once for the run:
    the shards visited by this worker, starting with its own, or read as another worker saw
    them from the run's ``shared`` folder (``made_once`` makes a folder there once)."""
    paths = site_paths(site)
    count = max(1, int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1")))
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    first = int(worker.removeprefix("gw")) % count
    visits: dict[str, Visit] = {}
    for shard in [*range(first, count), *range(first)]:

        def visit(folder: Path, shard: int = shard) -> None:
            seen = visit_shard(browser, base_url, paths[shard::count])
            text = json.dumps({path: asdict(visit) for path, visit in seen.items()})
            (folder / "visits.json").write_text(text, "utf-8")

        folder = made_once(shared / f"site-tour-{shard}-of-{count}", visit)
        visits.update(_read(folder / "visits.json"))
    return visits
