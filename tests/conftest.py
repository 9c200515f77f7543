"""Shared fixtures: the shipped rulesets, loaded once; the site built once, served, and a
browser.

The tests run in parallel (pytest-xdist: ``-n auto --dist loadgroup`` in pyproject.toml). What
every worker would otherwise make for itself is made once for the run, by whichever worker wants
it first, in the run's shared temporary folder (:func:`made_once`): the site's build, the
statistics cache of the other builds and the browser's visit to every page. The browser tests
run in a few groups (``BROWSER_GROUPS``), each in one worker with one Chromium."""

from __future__ import annotations

import contextlib
import fcntl
import functools
import json
import os
import re
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from mkdocs.config import load_config
from playwright.sync_api import Browser, Locator, sync_playwright
from sitetour import Visit, site_tour

from variants.mechanics.ruleset import Ruleset
from variants.rules.loader import load_rulesets
from variants.site import hooks
from variants.site.pages import SiteData, expand_markers, page_makers

REPO = Path(__file__).resolve().parent.parent
RULESETS = REPO / "rulesets"


# Hypothesis: each property test sets how many examples it tries; the profile sets the rest,
# chosen by $HYPOTHESIS_PROFILE. "default": new random examples every run, a failure's example
# kept in .hypothesis/ and tried first the next time. "ci" (.ci/run and the CI workflow set it):
# the same examples every run (derandomized), nothing kept, and a failure printed with the blob
# that reproduces it. In both, generating slowly is no failure: the tests run in parallel, beside
# the browser's.
settings.register_profile("default", suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "ci",
    derandomize=True,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture(scope="session")
def rulesets() -> dict[str, Ruleset]:
    return load_rulesets(RULESETS)


# --------------------------------------------------------------------------------------------
# In parallel: the browser tests in a few groups

BROWSER_GROUPS = {
    "test_site_a11y.py": "browser-1",
    "test_play_browser.py": "browser-1",
    "test_source_texts_browser.py": "browser-1",
    "test_site_browser.py": "browser-2",
    "test_compare_browser.py": "browser-2",
    "test_site_replay_browser.py": "browser-2",
}
"""The modules of browser tests, by the group each runs in: a group's tests run in one worker,
which shares each module's pages among its tests. The groups take about as long as each other,
and each starts with its tests of every page (``site_visits``), so that two workers visit the
site's pages side by side. A browser test elsewhere runs in whichever worker is free, with that
worker's Chromium (each worker starts one at most)."""

WHOLE_MODULES = {
    "test_compiled.py",
    "test_contributing.py",
    "test_hostile_site.py",
    "test_site_pages.py",
    "test_site_statistics.py",
}
"""Modules whose tests share a site built or a project copied for the module (a module-scoped
fixture): each runs in one worker, which makes it once. The other tests go one by one to
whichever worker is free."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests in the order their groups are handed out (each worker collects, and orders,
    the same way): the tests of every page first, then the rest of the browser groups, the
    whole modules, and the tests that go one by one, which even out the workers' ends."""

    def rank(item: pytest.Item) -> int:
        if "site_visits" in getattr(item, "fixturenames", ()):
            return 0
        if item.path.name in BROWSER_GROUPS:
            return 1
        return 2 if item.path.name in WHOLE_MODULES else 3

    items.sort(key=rank)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """With ``--dist loadgroup``, the browser tests go to a worker by their module's group
    (``BROWSER_GROUPS``), the modules of ``WHOLE_MODULES`` each whole to one worker, every other
    test on its own to whichever worker is free. (xdist groups by the ``xdist_group`` mark only
    where it can add the group to the test's id, which pytest 9.2 no longer allows.)"""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling

    config.option.loadscopereorder = False  # in the order of the tests, not by their number

    class ByModule(LoadGroupScheduling):
        def _split_scope(self, nodeid: str) -> str:
            module = nodeid.partition("::")[0]
            name = Path(module).name
            if name in BROWSER_GROUPS:
                return BROWSER_GROUPS[name]
            return module if name in WHOLE_MODULES else super()._split_scope(nodeid)

    return ByModule(config, log)


# --------------------------------------------------------------------------------------------
# Made once for the run, whichever worker asks first


def shared_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The temporary folder of the whole run: every xdist worker's own temporary folder lies in
    it (a run without workers has only its own)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on the file ``path`` (made if missing): one process at a time."""
    with path.open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def made_once(folder: Path, make: Callable[[Path], None]) -> Path:
    """``folder``, made by ``make`` (which fills the empty folder it is given) in the first
    process that asks for it; the others wait for it and find it made. ``folder`` is complete
    once it exists: it is filled beside itself and then renamed into place."""
    with locked(folder.parent / f".{folder.name}.lock"):
        if not folder.is_dir():
            partial = folder.parent / f".{folder.name}.making"
            shutil.rmtree(partial, ignore_errors=True)
            partial.mkdir(parents=True)
            make(partial)
            partial.rename(folder)
    return folder


@pytest.fixture(scope="session", autouse=True)
def small_statistics(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Site builds under test play the statistics pages' runs at 1% of their size, cached once
    per run outside the project, in a folder every worker shares (the pages state the sizes
    used); set the variables to override, except for the shared build (``site_build``), which
    has a cache of its own."""
    os.environ.setdefault("VARIANTS_STATS_SCALE", "0.01")
    cache = shared_folder(tmp_path_factory) / "stats-cache"
    cache.mkdir(exist_ok=True)
    os.environ.setdefault("VARIANTS_STATS_CACHE", str(cache))


@pytest.fixture(scope="session", autouse=True)
def kept_readings(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The readings of rulesets that commands keep between runs (``variants.rules.readings``) go
    to a folder of the run's, never to the user's own cache."""
    folder = shared_folder(tmp_path_factory) / "readings-cache"
    folder.mkdir(mode=0o700, exist_ok=True)
    os.environ["VARIANTS_CACHE"] = str(folder)


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


SEARCH_INDEX = "/search/search_index.json"


class _SiteHandler(SimpleHTTPRequestHandler):
    """Serves the built site quietly, its search index cut to the first page's entry."""

    search_index = b""

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        if self.path.partition("?")[0] != SEARCH_INDEX:
            super().do_GET()
            return
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(self.search_index)))
        self.end_headers()
        self.wfile.write(self.search_index)


def small_search_index(site: Path) -> bytes:
    """The site's search index with its first page's entry alone. A page asks for the index
    only once its search box is used (``search-on-demand.js``), and Material's search worker
    then builds its index from the whole file: a test that opens the search box on its way to
    something else is spared that work (``test_site_browser.py`` searches the whole index)."""
    index = json.loads((site / SEARCH_INDEX.lstrip("/")).read_text("utf-8"))
    return json.dumps({**index, "docs": index["docs"][:1]}).encode()


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
    shutil.copytree(REPO / "store", root / "store")
    return root


def site_project(
    root: Path, section_modules: str | None = None, recommended: str | None = None
) -> Path:
    """A copy of the project's mkdocs.yml, docs and store in ``root``, with the section modules (as
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
    if not (root / "store").exists():  # the project's store of figures, as a clone has it
        shutil.copytree(REPO / "store", root / "store")
    return root


def configured_site(
    config: Path, monkeypatch: pytest.MonkeyPatch, **variables: str
) -> tuple[SiteData, Callable[[str], str]]:
    """The site's data as a build of ``config`` (a mkdocs.yml) makes it, in this process: the
    configuration read by mkdocs and the rulesets, texts and settings by the site's own hook
    (``on_config``), with these environment variables set (the rulesets and examples folders
    otherwise the project's own). Returns the data and what makes a page: a generated page by
    its path in the docs folder, or a page written in the docs folder with its markers
    expanded, each as the Markdown the build renders."""
    with monkeypatch.context() as build_env:
        build_env.delenv("VARIANTS_RULESETS", raising=False)
        build_env.delenv("VARIANTS_EXAMPLES", raising=False)
        for name, value in variables.items():
            build_env.setenv(name, value)
        loaded = load_config(str(config))
        hooks.on_config(loaded)
        site = hooks._site()
    makers = page_makers(site)
    docs = Path(loaded.docs_dir)

    def page(path: str) -> str:
        if path in makers:
            return makers[path]()
        return expand_markers((docs / path).read_text("utf-8"), site, path)

    return site, page


@dataclass(frozen=True)
class SiteBuild:
    """The project's site, built once for the run."""

    site: Path
    output: str
    """What mkdocs printed."""
    cache: Path
    """The statistics cache the build started empty and filled."""
    scale: float
    """The size of its statistics runs, as a fraction of the published sizes."""

    @classmethod
    def read(cls, folder: Path, scale: float) -> SiteBuild:
        """The build in ``folder``: the site in ``site/``, the cache in ``cache/``, and what
        mkdocs printed in ``output.txt``."""
        output = (folder / "output.txt").read_text("utf-8")
        return cls(folder / "site", output, folder / "cache", scale)


BUILD_ENV = "VARIANTS_TEST_BUILD"
"""Names a folder holding the project's site as ``scripts/test`` built it, as it is published
(``mkdocs build --strict``, every statistics run at its full size, from an empty cache), laid out
as :meth:`SiteBuild.read` reads it; the tests read that site instead of building their own."""

TEST_SCALE = 0.01
"""The size of the statistics runs of the site the tests build for themselves."""


@pytest.fixture(scope="session")
def site_build(tmp_path_factory: pytest.TempPathFactory) -> SiteBuild:
    """The site built from the shipped rulesets with ``mkdocs build --strict`` into a cache of
    its own, which it starts empty (so its output always counts every run as played): the one
    ``scripts/test`` built at full size when ``$VARIANTS_TEST_BUILD`` names it, else one built
    here once for the run, its statistics played at 1% of their size (the pages state the
    sizes played; the statistics tests read them as ``scale``)."""
    handed = os.environ.get(BUILD_ENV)
    if handed:
        return SiteBuild.read(Path(handed), 1.0)
    folder = made_once(shared_folder(tmp_path_factory) / SITE_BUILD, build_for_tests)
    return SiteBuild.read(folder, TEST_SCALE)


SITE_BUILD = "site-build"
"""The folder of the run's shared temporary folder that holds the build the tests made."""


def build_for_tests(folder: Path) -> None:
    """The project's site built into the empty ``folder`` as :meth:`SiteBuild.read` reads it,
    its statistics played at ``TEST_SCALE`` into a cache of its own."""
    (folder / "cache").mkdir()
    output = build_site(
        folder / "site",
        VARIANTS_STATS_CACHE=str(folder / "cache"),
        VARIANTS_STATS_SCALE=str(TEST_SCALE),
    )
    (folder / "output.txt").write_text(output, "utf-8")


_started: list[threading.Thread] = []


def pytest_sessionstart(session: pytest.Session) -> None:
    """In a parallel run of the whole suite, the controller builds the site at once, while the
    workers start and collect the tests (the first to want it waits for it, ``made_once``); a
    run of fewer tests leaves it to the first test that needs it."""
    config = session.config
    if (
        os.environ.get(BUILD_ENV)
        or not config.pluginmanager.has_plugin("dsession")
        or config.args_source is not pytest.Config.ArgsSource.TESTPATHS
        or config.option.keyword
        or config.option.markexpr
    ):
        return
    folder = shared_folder(config._tmp_path_factory) / SITE_BUILD
    thread = threading.Thread(target=made_once, args=(folder, build_for_tests), daemon=True)
    thread.start()
    _started.append(thread)


def pytest_sessionfinish(session: pytest.Session) -> None:
    for thread in _started:
        thread.join()


@pytest.fixture(scope="session")
def built_site(site_build: SiteBuild) -> Path:
    """The folder of the project's built site."""
    return site_build.site


@pytest.fixture(scope="session")
def base_url(built_site: Path) -> Iterator[str]:
    """The built site served on 127.0.0.1, on a free port, with a small search index
    (:func:`small_search_index`)."""
    served = type("Handler", (_SiteHandler,), {"search_index": small_search_index(built_site)})
    handler = functools.partial(served, directory=str(built_site))
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


@pytest.fixture(scope="session")
def site_visits(
    browser: Browser, base_url: str, built_site: Path, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Visit]:
    """What every page of the built site showed in Chromium, by its address: each page loaded
    once for the run (``sitetour.py``)."""
    return site_tour(browser, base_url, built_site, shared_folder(tmp_path_factory), made_once)
