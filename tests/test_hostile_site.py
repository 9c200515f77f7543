"""Hostile and unlucky site builds: bad settings, a corrupt or planted cache, a failed or
stopped build.

A failed build must leave the site it was to replace as it was; a cache file that cannot be
trusted is a miss, played again and replaced; a cache inside the project (where a pull request
can put files) is never read unless named; a setting that cannot be used stops the build with
one line naming it. The statistics cache and the hook's events are tested in this process; real
builds show the failed and the successful build end to end, a build stopped by SIGTERM, and a
build that finds planted pages where it keeps its own.
"""

from __future__ import annotations

import importlib.util
import json
import logging
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest
from conftest import REPO, build_site, mkdocs_build, site_project
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import Files

from variants.analysis.reports import report_json
from variants.analysis.tallies import Z95
from variants.mechanics.ruleset import Ruleset
from variants.rules.loader import load_rulesets, ruleset_schema
from variants.site import hooks, pagecache, pages, publish
from variants.site import stats_runs as sr
from variants.site.pages import PageSet, SiteData

# --------------------------------------------------------------------------------------------
# The statistics settings

SCALE = "$VARIANTS_STATS_SCALE must be a number above 0 and at most 10, not {!r}"


@pytest.mark.parametrize(
    "text",
    [
        *("nan", "inf", "-inf", "-1", "0", "10.5", "abc", "1e400"),
        # Python's float reads these, but they are not plain decimal numbers.
        *("0_01", "1_0", "0.5e0_1", "+0.5", "infinity", "\u0661", "\uff11", "1e", ".", "1.2.3"),
        *("0x1", "1,5", "½"),
    ],
)
def test_a_scale_that_is_not_a_sensible_size_is_refused_in_one_line(
    monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    monkeypatch.setenv("VARIANTS_STATS_SCALE", text)
    with pytest.raises(sr.SettingError) as raised:
        sr.check_settings()
    assert str(raised.value) == SCALE.format(text)


def test_the_scale_may_be_anything_from_just_above_0_to_10(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for text, value in (
        ("0.01", 0.01),
        (" 10 ", 10.0),
        ("1e-3", 0.001),
        (".5", 0.5),
        ("5.", 5.0),
        ("1E+0", 1.0),
        ("0.5e-1", 0.05),
    ):
        monkeypatch.setenv("VARIANTS_STATS_SCALE", text)
        assert sr.scale() == value


def test_a_cache_that_is_a_file_is_refused_in_one_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "file").write_text("not a folder")
    monkeypatch.setenv("VARIANTS_STATS_CACHE", str(tmp_path / "file"))
    with pytest.raises(sr.SettingError) as raised:
        sr.check_settings()
    assert str(raised.value) == (
        f"$VARIANTS_STATS_CACHE must name a folder, and {tmp_path}/file is not one"
    )
    monkeypatch.setenv("VARIANTS_STATS_CACHE", str(tmp_path / "file" / "below"))
    with pytest.raises(sr.SettingError) as raised:
        sr.check_settings()
    assert str(raised.value) == (
        f"$VARIANTS_STATS_CACHE cannot be used: {tmp_path}/file/below: Not a directory"
    )


@pytest.fixture
def copied(tmp_path: Path) -> dict[str, Ruleset]:
    """The shipped rulesets, copied into a project of their own in ``tmp_path``."""
    shutil.copytree(REPO / "rulesets", tmp_path / "project" / "rulesets")
    return load_rulesets(tmp_path / "project" / "rulesets")


def test_the_cache_is_the_user_s_cache_folder_unless_named(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, copied: dict[str, Ruleset]
) -> None:
    monkeypatch.delenv("VARIANTS_STATS_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert sr.cache_dir(copied.values()) == tmp_path / "xdg" / "variants" / "stats"
    # A relative $XDG_CACHE_HOME is ignored, as the specification asks.
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert sr.cache_dir(copied.values()) == tmp_path / "home" / ".cache" / "variants" / "stats"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert sr.cache_dir(copied.values()) == tmp_path / "home" / ".cache" / "variants" / "stats"
    monkeypatch.setenv("VARIANTS_STATS_CACHE", str(tmp_path / "named"))
    assert sr.cache_dir(copied.values()) == tmp_path / "named"


def test_a_user_cache_folder_inside_the_project_is_refused_in_one_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, copied: dict[str, Ruleset]
) -> None:
    project = tmp_path / "project"
    monkeypatch.delenv("VARIANTS_STATS_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(project / ".cache"))
    with pytest.raises(sr.SettingError) as raised:
        sr.cache_dir(copied.values())
    assert str(raised.value) == (
        f"the user's cache folder {project}/.cache/variants/stats is inside the project "
        f"{project}, and a cache there is read only when named: set $VARIANTS_STATS_CACHE"
    )
    monkeypatch.setenv("VARIANTS_STATS_CACHE", str(project / ".cache" / "variants-stats"))
    assert sr.cache_dir(copied.values()) == project / ".cache" / "variants-stats"


def test_a_home_that_cannot_be_found_is_told_in_one_line(
    monkeypatch: pytest.MonkeyPatch, copied: dict[str, Ruleset]
) -> None:
    monkeypatch.delenv("VARIANTS_STATS_CACHE")
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)

    def nowhere() -> Path:
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.setattr(Path, "home", nowhere)
    with pytest.raises(sr.SettingError) as raised:
        sr.cache_dir(copied.values())
    assert str(raised.value) == (
        "cannot find the user's cache folder: Could not determine home directory.; "
        "set $VARIANTS_STATS_CACHE"
    )
    monkeypatch.setattr(Path, "home", lambda: Path("relative"))
    with pytest.raises(sr.SettingError) as raised:
        sr.cache_dir(copied.values())
    assert str(raised.value) == (
        "cannot find the user's cache folder: the home folder 'relative' is not an absolute "
        "path; set $VARIANTS_STATS_CACHE"
    )


def hook_module() -> ModuleType:
    """``docs/hooks/variants_site.py``, loaded as mkdocs loads it."""
    spec = importlib.util.spec_from_file_location(
        "variants_site_hook", REPO / "docs" / "hooks" / "variants_site.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_hook_tells_a_bad_setting_as_mkdocs_tells_a_plugin_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("VARIANTS_STATS_SCALE", "nan")
    with pytest.raises(PluginError) as raised:
        hook_module().on_config(SimpleNamespace())
    assert str(raised.value) == "variants: " + SCALE.format("nan")


def test_a_build_with_a_bad_setting_stops_at_once_with_one_error_line(tmp_path: Path) -> None:
    done = mkdocs_build(REPO, tmp_path / "s", VARIANTS_STATS_SCALE="inf")
    assert done.returncode == 1
    errors = [line for line in done.stderr.splitlines() if line.startswith("ERROR")]
    assert errors == ["ERROR   -  variants: " + SCALE.format("inf")]
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "s").exists()


def test_a_recommended_ruleset_that_does_not_exist_stops_the_build(tmp_path: Path) -> None:
    """The ruleset told in brief, named in mkdocs.yml, must be one of the rulesets."""
    site_project(tmp_path, recommended="peal")
    done = mkdocs_build(tmp_path, tmp_path / "s", VARIANTS_RULESETS=str(REPO / "rulesets"))
    assert done.returncode == 1
    known = ", ".join(sorted(p.stem for p in (REPO / "rulesets").glob("*.yaml")))
    errors = [line for line in done.stderr.splitlines() if line.startswith("ERROR")]
    assert errors == [
        "ERROR   -  variants: mkdocs.yml: extra.variants.recommended names 'peal', which is not "
        f"a ruleset (one of: {known})"
    ]
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "s").exists()


# --------------------------------------------------------------------------------------------
# The statistics cache


def small_run() -> sr.Run:
    return sr.Run("deals", "peel", 3, 200)


def entry(folder: Path, rulesets: dict[str, Ruleset]) -> Path:
    return folder / f"{sr.cache_key(small_run(), rulesets['peel'])}.json"


@pytest.fixture(scope="module")
def good(tmp_path_factory: pytest.TempPathFactory, rulesets: dict[str, Ruleset]) -> str:
    """A good cache file's text, as a build writes it."""
    folder = tmp_path_factory.mktemp("good-cache")
    sr._MEMORY.clear()
    sr.results([small_run()], rulesets, folder, processes=1)
    return entry(folder, rulesets).read_text("utf-8")


def corrupt(good: str) -> dict[str, str]:
    record = json.loads(good)
    result = record["result"]

    def changed(path: tuple[str | int, ...], value: object) -> str:
        copy = json.loads(good)
        place = copy["result"]
        for step in path[:-1]:
            place = place[step]
        place[path[-1]] = value
        return json.dumps(copy)

    assert result["net_by_position"][0]["mean"] != 0
    low, high = result["net_by_position"][0]["ci95"]
    assert not low <= 42.0 <= high and low < high  # a planted mean no run of these deals gives
    assert result["cards_played"]["n"] > 1 and result["voided"]["count"] > 0
    corruptions = {
        "empty": "",
        "truncated": good[: len(good) // 2],
        "not JSON": "\x00\xff garbage",
        "a list": "[1, 2, 3]",
        "deeply nested": "[" * 100_000 + "]" * 100_000,
        "a huge number": '{"key": ' + "9" * 5000 + "}",
        "another run's key": json.dumps({**record, "key": "peel-deals-0"}),
        "no result": json.dumps({"key": record["key"]}),
        "a number for the result": json.dumps({**record, "result": 5}),
        "a missing figure": json.dumps({**record, "result": {**result, "cards_played": None}}),
        "an extra figure": json.dumps({**record, "result": {**result, "more": 1}}),
        "a string for a number": changed(("deals",), "200"),
        "NaN": changed(("net_by_position", 0, "mean"), float("nan")),
        "Infinity": changed(("cards_played", "ci95", 1), float("inf")),
        "a negative count": changed(("voided", "count"), -1),
        "a seat too few": changed(("net_by_position",), result["net_by_position"][:-1]),
        "another count": changed(("deals",), 201),
        "another ruleset": changed(("ruleset",), "foster"),
        "a mean outside its interval": changed(
            ("net_by_position", 0), {**result["net_by_position"][0], "mean": 42.0}
        ),
        "an interval upside down": changed(
            ("cards_played", "ci95"), list(reversed(result["cards_played"]["ci95"]))
        ),
        "the largest float": changed(
            ("cards_played",), {"mean": 1.7e308, "ci95": [1.7e308, 1.7e308], "n": 200, "se": 0.0}
        ),
        "a figure beyond any ruleset": changed(
            ("net_by_position", 0),
            {**result["net_by_position"][0], "mean": 2e9, "ci95": [1e9 + 1, 3e9]},
        ),
        "a whole number beyond any run": changed(("cards_played", "n"), 2**64),
        "one value with an interval": changed(
            ("cards_played",), {"mean": 20.0, "ci95": [19.0, 21.0], "n": 1, "se": 1.0 / Z95}
        ),
        "no value with a mean": changed(
            ("cards_played",), {"mean": 20.0, "ci95": [20.0, 20.0], "n": 0, "se": 0.0}
        ),
        "a standard error its interval disagrees with": changed(
            ("cards_played", "se"), result["cards_played"]["se"] * 2
        ),
        "a negative standard error": changed(
            ("net_by_position", 0, "se"), -result["net_by_position"][0]["se"]
        ),
        "a rate above 1": changed(("voided",), {"count": 10, "rate": 1.5, "ci95": [1.4, 1.6]}),
        "a rate below 0": changed(("voided",), {"count": 10, "rate": -0.1, "ci95": [-0.2, 0.1]}),
        "a rate outside its interval": changed(
            ("voided",), {"count": 10, "rate": 0.9, "ci95": [0.02, 0.09]}
        ),
        "a count above the run's size": changed(
            ("voided",), {"count": 201, "rate": 1.0, "ci95": [0.98, 1.0]}
        ),
        "a rate with nothing counted": changed(
            ("voided",), {"count": 0, "rate": 0.25, "ci95": [0.2, 0.3]}
        ),
    }
    assert list(corruptions) == CORRUPTIONS
    return corruptions


CORRUPTIONS = [
    "empty",
    "truncated",
    "not JSON",
    "a list",
    "deeply nested",
    "a huge number",
    "another run's key",
    "no result",
    "a number for the result",
    "a missing figure",
    "an extra figure",
    "a string for a number",
    "NaN",
    "Infinity",
    "a negative count",
    "a seat too few",
    "another count",
    "another ruleset",
    "a mean outside its interval",
    "an interval upside down",
    "the largest float",
    "a figure beyond any ruleset",
    "a whole number beyond any run",
    "one value with an interval",
    "no value with a mean",
    "a standard error its interval disagrees with",
    "a negative standard error",
    "a rate above 1",
    "a rate below 0",
    "a rate outside its interval",
    "a count above the run's size",
    "a rate with nothing counted",
]


@pytest.mark.parametrize("kind", CORRUPTIONS)
def test_a_corrupt_cache_file_is_a_miss_and_is_replaced(
    tmp_path: Path, rulesets: dict[str, Ruleset], good: str, kind: str
) -> None:
    path = entry(tmp_path, rulesets)
    path.write_text(corrupt(good)[kind], "utf-8")
    sr._MEMORY.clear()
    found = sr.results([small_run()], rulesets, tmp_path, processes=1)
    assert (sr.last_stats.cached, sr.last_stats.played) == (0, 1)
    assert path.read_text("utf-8") == good
    assert report_json(found[small_run()], full=True) == json.loads(good)["result"]
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]  # no temporary file left


def test_a_good_cache_file_is_used(tmp_path: Path, rulesets: dict[str, Ruleset], good: str) -> None:
    entry(tmp_path, rulesets).write_text(good, "utf-8")
    sr._MEMORY.clear()
    sr.results([small_run()], rulesets, tmp_path, processes=1)
    assert (sr.last_stats.cached, sr.last_stats.played) == (1, 0)


def test_the_project_s_old_cache_folder_is_never_read_unless_named(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, copied: dict[str, Ruleset], good: str
) -> None:
    """A pull request can add ``.cache/variants-stats/`` to the project: a build reads the
    user's cache folder instead, and the project's folder only when it is named."""
    old = tmp_path / "project" / ".cache" / "variants-stats"
    old.mkdir(parents=True)
    entry(old, copied).write_text(good, "utf-8")
    monkeypatch.delenv("VARIANTS_STATS_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    sr._MEMORY.clear()
    sr.results([small_run()], copied, processes=1)
    assert (sr.last_stats.cached, sr.last_stats.played) == (0, 1)
    assert sr.last_stats.folder == tmp_path / "xdg" / "variants" / "stats"
    assert entry(tmp_path / "xdg" / "variants" / "stats", copied).read_text("utf-8") == good
    assert [p.name for p in old.iterdir()] == [entry(old, copied).name]
    monkeypatch.setenv("VARIANTS_STATS_CACHE", str(old))
    sr._MEMORY.clear()
    sr.results([small_run()], copied, processes=1)
    assert (sr.last_stats.cached, sr.last_stats.played) == (1, 0)


def test_a_pipe_or_a_link_at_a_cache_file_is_never_read_or_written_through(
    tmp_path: Path, rulesets: dict[str, Ruleset], good: str
) -> None:
    """A pipe would hang a reader; a link would be followed. Each is a miss, and the played
    result cannot be written over it, which stops the build with one line."""
    path = entry(tmp_path, rulesets)
    os.mkfifo(path)
    sr._MEMORY.clear()
    with pytest.raises(sr.SettingError) as raised:
        sr.results([small_run()], rulesets, tmp_path, processes=1)
    assert str(raised.value) == (
        f"{path}: is not a regular file; refusing to replace it "
        "(the statistics cache: set $VARIANTS_STATS_CACHE)"
    )
    path.unlink()
    elsewhere = tmp_path / "elsewhere.json"
    elsewhere.write_text(good, "utf-8")
    path.symlink_to(elsewhere)
    with pytest.raises(sr.SettingError, match="is a symbolic link; refusing to write through it"):
        sr.results([small_run()], rulesets, tmp_path, processes=1)
    assert elsewhere.read_text("utf-8") == good


def test_a_cache_folder_that_cannot_be_made_is_told_in_one_line(
    tmp_path: Path, rulesets: dict[str, Ruleset]
) -> None:
    (tmp_path / "file").write_text("in the way")
    sr._MEMORY.clear()
    with pytest.raises(sr.SettingError) as raised:
        sr.results([small_run()], rulesets, tmp_path / "file" / "cache", processes=1)
    assert str(raised.value) == (
        f"{tmp_path}/file/cache: cannot make the statistics cache folder here: Not a directory "
        "(set $VARIANTS_STATS_CACHE)"
    )


# --------------------------------------------------------------------------------------------
# A failed build leaves the old site; a good one replaces it


def events(site: Path, strict: bool = True) -> SimpleNamespace:
    """A stand-in for mkdocs' configuration, as the events see it."""
    publish.on_startup(command="build", dirty=False)
    return publish.on_config(SimpleNamespace(site_dir=str(site), strict=strict))  # type: ignore[arg-type]


def old_site(site: Path) -> None:
    site.mkdir()
    (site / "index.html").write_text("the old site")
    (site / ".kept").write_text("hidden, as mkdocs keeps it")


def test_the_build_writes_beside_the_site_and_replaces_it_only_once_done(tmp_path: Path) -> None:
    site = tmp_path / "site"
    old_site(site)
    config = events(site)
    building = Path(config.site_dir)
    assert building.parent == tmp_path and building.name.startswith(".site.building-")
    assert oct(building.stat().st_mode & 0o777) == oct(0o777 & ~_umask())
    (building / "index.html").write_text("the new site")
    assert (site / "index.html").read_text() == "the old site"
    publish.on_post_build(config)  # type: ignore[arg-type]
    assert (site / "index.html").read_text() == "the new site"
    assert (site / ".kept").read_text() == "hidden, as mkdocs keeps it"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_a_build_error_leaves_the_old_site(tmp_path: Path) -> None:
    site = tmp_path / "site"
    old_site(site)
    config = events(site)
    (Path(config.site_dir) / "index.html").write_text("half a new site")
    publish.on_build_error(error=PluginError("variants: something went wrong"))
    assert (site / "index.html").read_text() == "the old site"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_a_warning_in_a_strict_build_leaves_the_old_site(tmp_path: Path) -> None:
    """mkdocs stops a strict build with warnings only after the last event has run."""
    site = tmp_path / "site"
    old_site(site)
    config = events(site)
    logging.getLogger("mkdocs.structure.pages").warning("a link to a page that is not there")
    publish.on_post_build(config)  # type: ignore[arg-type]
    assert (site / "index.html").read_text() == "the old site"
    publish.on_build_error(error=PluginError("Aborted with 1 warnings in strict mode!"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_an_interrupted_build_leaves_no_folder_behind(tmp_path: Path) -> None:
    site = tmp_path / "site"
    events(site, strict=False)
    publish.on_shutdown()  # Ctrl-C: no build_error event, but mkdocs still shuts down
    assert list(tmp_path.iterdir()) == []


def test_sigterm_removes_the_new_folder_and_ends_the_build_with_status_143(
    tmp_path: Path,
) -> None:
    before = signal.getsignal(signal.SIGTERM)
    site = tmp_path / "site"
    old_site(site)
    config = events(site, strict=False)
    (Path(config.site_dir) / "index.html").write_text("half a new site")
    with pytest.raises(SystemExit) as raised:
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(5)  # the handler runs first
    assert raised.value.code == 143
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]
    assert (site / "index.html").read_text() == "the old site"
    assert signal.getsignal(signal.SIGTERM) is before
    publish.on_shutdown()  # what mkdocs runs next: nothing more to do
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_sigterm_has_its_handler_back_once_the_build_is_done(tmp_path: Path) -> None:
    before = signal.getsignal(signal.SIGTERM)
    config = events(tmp_path / "site")
    assert signal.getsignal(signal.SIGTERM) is not before
    publish.on_post_build(config)  # type: ignore[arg-type]
    assert signal.getsignal(signal.SIGTERM) is before
    assert (tmp_path / "site").is_dir()


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the site's configuration and written pages, without the example and
    statistics sections (quicker to build)."""
    root = tmp_path_factory.mktemp("hostile-site")
    config = (REPO / "mkdocs.yml").read_text("utf-8")
    config = re.sub(r"(?m)^( *)section_modules:.*(\n\1  - .*)*", r"\1section_modules: []", config)
    assert "section_modules: []" in config
    (root / "mkdocs.yml").write_text(config, "utf-8")
    shutil.copytree(REPO / "docs", root / "docs")
    return root


def test_a_failed_build_leaves_the_built_site_and_a_good_one_replaces_it(project: Path) -> None:
    site = project / "s"
    old_site(site)
    (site / "marker.txt").write_text("from the last good build")
    broken = project / "docs" / "broken-link.md"
    broken.write_text("# A page\n\n[a page that is not there](nowhere.md)\n", "utf-8")
    failed = mkdocs_build(project, site, VARIANTS_RULESETS=str(REPO / "rulesets"))
    assert failed.returncode == 1, failed.stderr
    assert "Aborted with 1 warnings in strict mode!" in failed.stdout
    assert (site / "marker.txt").read_text() == "from the last good build"
    assert (site / "index.html").read_text() == "the old site"
    assert sorted(p.name for p in project.iterdir()) == ["docs", "mkdocs.yml", "s"]

    broken.unlink()
    build_site(site, project / "mkdocs.yml", VARIANTS_RULESETS=str(REPO / "rulesets"))
    assert not (site / "marker.txt").exists()
    assert "Pope Joan variants" in (site / "index.html").read_text("utf-8")
    assert (site / ".kept").read_text() == "hidden, as mkdocs keeps it"
    assert sorted(p.name for p in project.iterdir()) == ["docs", "mkdocs.yml", "s"]


def test_a_build_stopped_by_sigterm_leaves_no_folder_and_the_old_site(
    project: Path, tmp_path: Path
) -> None:
    site = tmp_path / "s"
    old_site(site)
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", VARIANTS_RULESETS=str(REPO / "rulesets"))
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)]
    with subprocess.Popen(
        command, cwd=project, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as build:
        deadline = time.monotonic() + 120
        while not list(tmp_path.glob(".s.building-*")):
            assert build.poll() is None, build.communicate()
            assert time.monotonic() < deadline
            time.sleep(0.01)
        build.send_signal(signal.SIGTERM)
        _, errors = build.communicate(timeout=120)
    assert build.returncode == 143, errors
    assert "Traceback" not in errors
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s"]
    assert (site / "index.html").read_text() == "the old site"


# --------------------------------------------------------------------------------------------
# Pages planted where the build keeps its own


SCRIPT = "<script>planted()</script>"


def test_a_generated_page_named_outside_the_site_stops_the_build_in_one_line(
    rulesets: dict[str, Ruleset], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A section module whose page set names a page by an absolute path: no page is made,
    none written, and the build stops with one line."""
    outside = PageSet("examples", lambda site: [], lambda site: {"/tmp/x.md": lambda: SCRIPT})
    monkeypatch.setattr(pages, "extra_page_sets", [outside])
    monkeypatch.setattr(hooks._state, "site", SiteData.create(rulesets, ruleset_schema()))
    with pytest.raises(PluginError) as raised:
        hook_module().on_files(Files([]), SimpleNamespace())
    assert str(raised.value) == (
        "variants: a generated page's path is not a plain relative one: '/tmp/x.md'"
    )


def build_key_and_names(
    root: Path, monkeypatch: pytest.MonkeyPatch, variables: dict[str, str]
) -> tuple[str, list[str]]:
    """The key and the page names the build of the project in ``root`` will use, worked out
    in this process with the build's environment (so that a planted file can hold the build's
    very key, as anyone who reads the public inputs can work out)."""
    from mkdocs.config import load_config

    with monkeypatch.context() as build_env:
        for name, value in variables.items():
            build_env.setenv(name, value)
        build_env.delenv("VARIANTS_RULESETS", raising=False)
        build_env.delenv("VARIANTS_EXAMPLES", raising=False)
        build_env.setattr(pages, "extra_page_sets", [])  # no section module, as in the build
        config = load_config(str(root / "mkdocs.yml"))
        hooks.on_config(config)
        return hooks._state.page_key, list(pages.page_makers(hooks._site()))


def test_pages_planted_in_the_user_s_cache_or_the_project_s_are_never_published(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A pull request that adds a page cache to the project (where the build once kept it), or
    anyone who puts one in the user's cache folder, under the build's own key: a page with a
    script, and a page named with an absolute path outside the site. The build publishes
    neither, writes nothing outside its site, and keeps its own pages in the user's cache."""
    (tmp_path / "project").mkdir()
    root = site_project(tmp_path / "project", section_modules="[]")
    shutil.copytree(REPO / "rulesets", root / "rulesets")
    xdg = tmp_path / "xdg"
    variables = {"XDG_CACHE_HOME": str(xdg), "VARIANTS_STATS_SCALE": "0.01"}
    monkeypatch.delenv("VARIANTS_STATS_CACHE")
    key, names = build_key_and_names(root, monkeypatch, variables)
    assert "rulesets/peel.md" in names
    outside = tmp_path / "outside" / "pwned"
    planted = {name: f"# {name}\n\n{SCRIPT}\n" for name in names}
    planted[f"{outside}.md"] = f"# Written over\n\n{SCRIPT}\n"
    text = json.dumps({"key": key, "pages": planted})
    user_cache = xdg / "variants" / "stats"
    project_cache = root / ".cache" / "variants-stats"
    for folder in (user_cache, project_cache):
        folder.mkdir(parents=True)
        (folder / pagecache.FILE_NAME).write_text(text, "utf-8")

    site = tmp_path / "site"
    output = build_site(site, root / "mkdocs.yml", **variables)
    assert "generated pages read from the cache" not in output
    published = [p for p in site.rglob("*") if p.is_file() and p.suffix in (".html", ".json")]
    assert len(published) > len(names)
    assert not [p for p in published if "planted()" in p.read_text("utf-8")]
    assert "Peel" in (site / "rulesets" / "peel" / "index.html").read_text("utf-8")
    assert not outside.parent.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["project", "site", "xdg"]
    assert sorted(p.name for p in root.iterdir()) == [
        ".cache",
        "docs",
        "mkdocs.yml",
        "rulesets",
        "store",
    ]
    # The project's folder was never read nor written; the user's holds the build's own pages,
    # under the very key the planted file held.
    assert (project_cache / pagecache.FILE_NAME).read_text("utf-8") == text
    kept = json.loads((user_cache / pagecache.FILE_NAME).read_text("utf-8"))
    assert kept["key"] == key and sorted(kept["pages"]) == sorted(names)
    assert not [name for name, page in kept["pages"].items() if "planted()" in page]
