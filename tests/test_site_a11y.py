"""Every page of the built site is checked by axe-core in the light and the dark palette: no
violation of impact serious or critical (contrast, links told from text only by colour, unnamed
controls and dialogs, ...), and no heading level skipped.

axe-core comes from the npm registry (``package.json`` at the repository root pins it;
``scripts/test`` installs it into ``node_modules/``). Without it the test fails, saying how to
install it; it never skips. The pages are found by walking the built site for ``.html`` files, so
a new page is checked with no change here. Each is loaded once for the run (``sitetour.py``, the
``site_visits`` fixture), opened in the light palette, checked there, switched to the dark one as
its toggle switches it, and checked again.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser
from sitetour import AXE, BOARD_TEXT, SCHEMES, VIEWPORT, Visit, site_paths

from variants.site import svg

REPO = Path(__file__).resolve().parent.parent


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


@pytest.mark.parametrize("scheme", list(SCHEMES))
def test_every_page_passes_axe(
    axe_source: Path, scheme: str, built_site: Path, site_visits: dict[str, Visit]
) -> None:
    paths = site_paths(built_site)
    assert len(paths) > 50, paths
    failures: list[str] = []
    for path in paths:
        visit = site_visits[path]
        assert visit.status == 200, f"{path}: HTTP {visit.status}"
        shown, background = visit.schemes[scheme]
        assert shown == SCHEMES[scheme], f"{path}: the {scheme} palette is not applied"
        assert _dark(background) == (scheme == "dark"), f"{path}: background {background}"
        failures += [f"{path} ({scheme}): {found}" for found in visit.violations[scheme]]
    assert failures == [], "\n".join([f"{len(failures)} violations:", *failures])


# --------------------------------------------------------------------------------------------
# The boards' text, at the size it is shown

SMALLEST_TEXT = 11.0
"""The smallest a board's text may be on screen, in CSS pixels."""

WIDTHS = {"desktop": VIEWPORT["width"], "phone": 390}


@pytest.mark.parametrize("device", list(WIDTHS))
def test_board_text_is_large_enough(
    request: pytest.FixtureRequest, browser: Browser, built_site: Path, base_url: str, device: str
) -> None:
    """Every board, on the home page (where they are smallest) and on each ruleset's page, draws
    its text at least 11 px high on screen, at desktop and phone widths: at desktop width as the
    pages' one visit saw them, at a phone's loaded at that width here."""
    paths = ["/"] + [path for path in site_paths(built_site) if path.startswith("/rulesets/")]
    texts: dict[str, list[tuple[str, float]]] = {}
    if WIDTHS[device] == VIEWPORT["width"]:
        visits: dict[str, Visit] = request.getfixturevalue("site_visits")
        texts = {path: visits[path].boards for path in paths}
    else:
        context = browser.new_context(viewport={"width": WIDTHS[device], "height": 900})
        page = context.new_page()
        for path in paths:
            page.goto(base_url + path)
            texts[path] = [(text, size) for text, size in page.evaluate(BOARD_TEXT)]
        context.close()
    small = [
        f"{path}: {text!r} at {size:.1f} px"
        for path, found in texts.items()
        for text, size in found
        if size < SMALLEST_TEXT
    ]
    assert sum(len(found) > 0 for found in texts.values()) >= 10, paths
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
