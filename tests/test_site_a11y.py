"""Every page of the built site is checked by axe-core in the light and the dark palette: no
violation of impact serious or critical (contrast, links told from text only by colour, unnamed
controls and dialogs, ...), and no heading level skipped.

axe-core comes from the npm registry (``package.json`` at the repository root pins it;
``scripts/test`` installs it into ``node_modules/``). Without it the test fails, saying how to
install it; it never skips. The pages are found by walking the built site for ``.html`` files, so
a new page is checked with no change here; they are loaded a few at a time, in tabs of one
browser, and axe runs in all of them at once.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from variants.site import svg

REPO = Path(__file__).resolve().parent.parent
AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"

SCHEMES = {"light": "default", "dark": "slate"}
"""Each palette, as the browser asks for it and as Material's body attribute names it."""

IMPACTS = ("serious", "critical")
RULES = ("heading-order",)
"""Rules enforced whatever their impact: axe rates a skipped heading level "moderate"."""

COLOUR_RULES = ("color-contrast", "link-in-text-block")
"""The rules whose verdict can change with the palette: in the dark palette only these run, the
others having given the same verdict on the same page in the light one."""

TABS = 4
"""How many pages are checked side by side in each palette."""

SHOWN = 3
"""How many of a violation's elements the failure message names."""

RUN_AXE = """
(args) => {
  const [impacts, rules, shown, only] = args;
  const options = { resultTypes: ["violations"] };
  if (only.length) options.runOnly = only;
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
"""Starts axe on the page (its promise kept in ``window.pjAxe``), with every rule or only those
named, and returns the palette the page shows: the body's scheme and its background colour."""


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


def _dark(css: str) -> bool:
    """Whether a computed ``rgb(...)`` colour is dark (every channel below a third)."""
    channels = [int(float(n)) for n in css[css.index("(") + 1 : css.index(")")].split(",")[:3]]
    return max(channels) < 85


@pytest.fixture(scope="module")
def axe_source() -> Path:
    assert AXE.is_file(), (
        f"axe-core is not installed ({AXE.relative_to(REPO)} is missing): run scripts/test, "
        "or 'npm ci' at the repository root"
    )
    return AXE


@pytest.fixture(params=list(SCHEMES))
def palette(
    request: pytest.FixtureRequest, browser: Browser, axe_source: Path
) -> Iterator[tuple[str, BrowserContext]]:
    scheme: str = request.param
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    context.add_init_script(path=axe_source)
    try:
        yield scheme, context
    finally:
        context.close()


def test_every_page_passes_axe(
    palette: tuple[str, BrowserContext], built_site: Path, base_url: str
) -> None:
    scheme, context = palette
    paths = site_paths(built_site)
    assert len(paths) > 50, paths
    only = list(COLOUR_RULES) if scheme == "dark" else []
    tabs: list[Page] = [context.new_page() for _ in range(TABS)]
    failures: list[str] = []
    for start in range(0, len(paths), TABS):
        batch = list(zip(tabs, paths[start : start + TABS], strict=False))
        for tab, path in batch:
            tab.goto(base_url + path, wait_until="commit")
        for tab, path in batch:
            tab.wait_for_load_state("load")
            shown, background = tab.evaluate(RUN_AXE, [IMPACTS, RULES, SHOWN, only])
            assert shown == SCHEMES[scheme], f"{path}: the {scheme} palette is not applied"
            assert _dark(background) == (scheme == "dark"), f"{path}: background {background}"
        for tab, path in batch:
            failures += [f"{path} ({scheme}): {found}" for found in tab.evaluate("window.pjAxe")]
    assert failures == [], "\n".join([f"{len(failures)} violations:", *failures])


# --------------------------------------------------------------------------------------------
# The boards' text, at the size it is shown

SMALLEST_TEXT = 11.0
"""The smallest a board's text may be on screen, in CSS pixels."""

WIDTHS = {"desktop": 1280, "phone": 390}

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


@pytest.mark.parametrize("device", list(WIDTHS))
def test_board_text_is_large_enough(
    browser: Browser, built_site: Path, base_url: str, device: str
) -> None:
    """Every board, on the home page (where they are smallest) and on each ruleset's page, draws
    its text at least 11 px high on screen, at desktop and phone widths."""
    paths = ["/"] + [path for path in site_paths(built_site) if path.startswith("/rulesets/")]
    context = browser.new_context(viewport={"width": WIDTHS[device], "height": 900})
    page = context.new_page()
    small: list[str] = []
    boards = 0
    for path in paths:
        page.goto(base_url + path)
        texts = page.evaluate(BOARD_TEXT)
        boards += len(texts) > 0
        small += [
            f"{path}: {text!r} at {size:.1f} px" for text, size in texts if size < SMALLEST_TEXT
        ]
    context.close()
    assert boards >= 10, paths
    assert small == []


def test_a_long_label_goes_on_two_lines() -> None:
    """Newmarket's compartments, each named for its card, are too long for a laid card's width
    at the boards' size; they are split at the space nearest the middle, shorter ones not."""
    width = svg.CARD_W + svg.CARD_GAP
    assert svg.label_lines("Knave of diamonds", width) == ("Knave of", "diamonds")
    assert svg.label_lines("Ace of spades", width) == ("Ace of", "spades")
    assert svg.label_lines("Queen", width) == ("Queen",)
    assert svg.label_lines("Confederacy", width) == ("Confederacy",)  # no space to split at
    assert svg.label_lines("Confederacy", 200.0) == ("Confederacy",)
