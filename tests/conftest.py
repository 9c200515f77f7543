"""Shared fixtures: the shipped rulesets, loaded once; the site built once, served, and a
browser."""

from __future__ import annotations

import functools
import os
import re
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, sync_playwright

from variants.mechanics.ruleset import Ruleset
from variants.rules.loader import load_rulesets

REPO = Path(__file__).resolve().parent.parent
RULESETS = REPO / "rulesets"


@pytest.fixture(scope="session")
def rulesets() -> dict[str, Ruleset]:
    return load_rulesets(RULESETS)


@pytest.fixture(scope="session", autouse=True)
def small_statistics(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Site builds under test play the statistics pages' runs at 1% of their size, cached once
    per session outside the project (the pages state the sizes used); set the variables to
    override, except for the shared build (``site_build``), which keeps 1% and a cache of its
    own."""
    os.environ.setdefault("VARIANTS_STATS_SCALE", "0.01")
    os.environ.setdefault("VARIANTS_STATS_CACHE", str(tmp_path_factory.mktemp("stats-cache")))


# --------------------------------------------------------------------------------------------
# The built site: one build of the project as it is, for every test that reads it; one server
# and one Chromium for every browser test.

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


def build_site(site: Path, config: Path = REPO / "mkdocs.yml", **variables: str) -> str:
    """``mkdocs build --strict`` of ``config`` into ``site``, with these environment variables
    set (the rulesets and examples folders otherwise the project's own); returns mkdocs'
    output, failing the test if the build fails."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    env.pop("VARIANTS_RULESETS", None)
    env.pop("VARIANTS_EXAMPLES", None)
    env.update(variables)
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "mkdocs",
            "build",
            "--strict",
            "--config-file",
            str(config),
            "--site-dir",
            str(site),
        ],
        cwd=config.parent,
        capture_output=True,
        text=True,
        check=False,
        env=env,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    return output


def mkdocs_build(
    folder: Path, site: Path, **variables: str | None
) -> subprocess.CompletedProcess[str]:
    """``mkdocs build --strict`` of the project in ``folder`` into ``site``, which may fail,
    with these environment variables set (``None`` removes one)."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    for name, value in variables.items():
        if value is None:
            env.pop(name, None)
        else:
            env[name] = value
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=folder,
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=600,
    )


@pytest.fixture
def clone(tmp_path: Path) -> Path:
    """The rulesets and the sources folder, as a fresh clone has them, far from any other
    texts."""
    root = tmp_path / "clone"
    shutil.copytree(RULESETS, root / "rulesets")
    shutil.copytree(REPO / "sources", root / "sources")
    return root


def site_project(
    root: Path, section_modules: str | None = None, recommended: str | None = None
) -> Path:
    """A copy of the project's mkdocs.yml and docs in ``root``, with the section modules (as
    the YAML of a list) or the ruleset told in brief changed when given; returns ``root``."""
    config = (REPO / "mkdocs.yml").read_text("utf-8")
    if section_modules is not None:
        config = re.sub(
            r"(?m)^( *)section_modules:.*(\n\1  - .*)*",
            rf"\1section_modules: {section_modules}",
            config,
        )
        assert f"section_modules: {section_modules}" in config
    if recommended is not None:
        config = re.sub(r"(?m)^( *)recommended: .*$", rf"\1recommended: {recommended}", config)
        assert f"recommended: {recommended}" in config
    (root / "mkdocs.yml").write_text(config, "utf-8")
    shutil.copytree(REPO / "docs", root / "docs")
    return root


@dataclass(frozen=True)
class SiteBuild:
    """The project's site, built once per session."""

    site: Path
    output: str
    """What mkdocs printed."""
    cache: Path
    """The statistics cache the build started empty and filled."""


@pytest.fixture(scope="session")
def site_build(tmp_path_factory: pytest.TempPathFactory) -> SiteBuild:
    """The site built from the shipped rulesets with ``mkdocs build --strict``, its statistics
    played at 1% of their size (the sizes the statistics tests read on the pages) into a cache of
    its own (so its output always counts every run as played)."""
    cache = tmp_path_factory.mktemp("site-stats-cache")
    site = tmp_path_factory.mktemp("site") / "site"
    output = build_site(site, VARIANTS_STATS_CACHE=str(cache), VARIANTS_STATS_SCALE="0.01")
    return SiteBuild(site, output, cache)


@pytest.fixture(scope="session")
def built_site(site_build: SiteBuild) -> Path:
    """The folder of the project's built site."""
    return site_build.site


@pytest.fixture(scope="session")
def base_url(built_site: Path) -> Iterator[str]:
    """The built site served on 127.0.0.1, on a free port."""
    handler = functools.partial(_QuietHandler, directory=str(built_site))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def attributes(found: Locator, name: str) -> list[str | None]:
    """The attribute ``name`` of every element ``found`` matches now, read in one call to the
    page (``None`` where an element has none)."""
    values: list[str | None] = found.evaluate_all(
        "(elements, name) => elements.map(element => element.getAttribute(name))", name
    )
    return values


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, driven by Playwright (never Playwright's own download)."""
    assert Path(CHROMIUM).is_file(), (
        f"the browser tests need Chromium at {CHROMIUM}: apt-get install chromium"
    )
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()
