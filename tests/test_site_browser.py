"""The built site in a browser (Debian's Chromium via Playwright): the comparison's controls,
the boards, and red suits readable in both palettes."""

from __future__ import annotations

import functools
import os
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

REPO = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    site = tmp_path_factory.mktemp("browser-site")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    env.pop("VARIANTS_RULESETS", None)
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
        env=env,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    handler = functools.partial(QuietHandler, directory=str(site))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    assert Path(CHROMIUM).is_file(), f"{CHROMIUM} is needed: apt-get install chromium"
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            yield launched
        finally:
            launched.close()


def open_page(browser: Browser, url: str, scheme: str = "light") -> tuple[Page, list[str]]:
    page = browser.new_page(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.on("requestfailed", lambda request: errors.append(f"request failed: {request.url}"))
    page.goto(url)
    return page, errors


def visible_rows(page: Page) -> list[str]:
    return [
        text.strip()
        for text in page.locator("#pj-matrix tbody tr:not(.pj-row-hidden) th").all_inner_texts()
    ]


def visible_columns(page: Page) -> list[str]:
    heads = page.locator("#pj-matrix thead th[data-ruleset]:not(.pj-col-hidden)")
    return [str(heads.nth(i).get_attribute("data-ruleset")) for i in range(heads.count())]


def test_comparison_controls(browser: Browser, base_url: str) -> None:
    page, errors = open_page(browser, f"{base_url}/compare/")
    assert page.locator("[data-pj-controls]").is_visible()
    all_rows = visible_rows(page)
    assert len(all_rows) > 15
    assert len(visible_columns(page)) == 4

    page.select_option("#pj-pick-a", "peel")
    page.select_option("#pj-pick-b", "modern-shedding")
    assert visible_columns(page) == ["peel", "modern-shedding"]
    assert page.locator("#pj-differ").is_checked()
    two = visible_rows(page)
    assert 0 < len(two) < len(all_rows)
    assert not any("Pack" in row for row in two)  # both take out the 8♦
    assert any("Who dresses" in row for row in two)
    assert "a=peel" in page.url and "b=modern-shedding" in page.url

    page.uncheck("#pj-differ")
    assert len(visible_rows(page)) == len(all_rows)

    page.select_option("#pj-pick-a", "")
    page.select_option("#pj-pick-b", "")
    for query in ("8D", "8♦", "eight of diamonds"):
        page.fill("#pj-filter", query)
        assert [r for r in visible_rows(page) if "Pack" in r], query
        matches = page.locator("#row-pack td.pj-match")
        matched = {
            str(matches.nth(i).get_attribute("data-ruleset")) for i in range(matches.count())
        }
        assert matched == {"peel", "modern-variations", "modern-shedding"}, query
        assert "Peel" in page.inner_text("[data-pj-status]")
    page.fill("#pj-filter", "8D")
    assert page.inner_text("[data-pj-status]").endswith(
        "Values matching “8D”: Peel, Modern variations, Modern shedding."
    )

    page.fill("#pj-filter", "no such value anywhere")
    assert visible_rows(page) == []
    assert page.locator("[data-pj-empty]").is_visible()
    assert errors == []


def test_comparison_state_from_the_address(browser: Browser, base_url: str) -> None:
    page, errors = open_page(browser, f"{base_url}/compare/?a=foster&b=peel&differ=1")
    assert visible_columns(page) == ["peel", "foster"]
    assert any("Pack" in row for row in visible_rows(page))
    assert errors == []


def test_home_boards_are_drawn(browser: Browser, base_url: str) -> None:
    page, errors = open_page(browser, f"{base_url}/")
    boards = page.locator("figure.pj-board svg")
    assert boards.count() == 4
    for i in range(boards.count()):
        box = boards.nth(i).bounding_box()
        assert box is not None and box["width"] > 200 and box["height"] > 80
    assert errors == []


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
