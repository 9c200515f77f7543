"""The generated pages kept between builds: a key that changes with every input, the code
and templates among them, and a file that is read only when it is what was written, with
pages at the very paths the build makes and no other."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from conftest import REPO

from variants.core.safewrite import WriteError
from variants.mechanics.ruleset import Ruleset
from variants.rules.loader import ruleset_schema
from variants.site import pagecache, pages
from variants.site.pages import PageMaker, PageNameError, PageSet, SiteData

PAGES = {"rulesets/peel.md": "# Peel\n", "compare.md": "# Compared\n"}
NAMES = list(PAGES)


def makers(made: list[str] | None = None) -> dict[str, PageMaker]:
    """A maker for each of :data:`PAGES`, which notes in ``made`` each page it makes."""

    def maker(path: str) -> PageMaker:
        def make() -> str:
            if made is not None:
                made.append(path)
            return PAGES[path]

        return make

    return {path: maker(path) for path in PAGES}


@pytest.fixture
def inputs(tmp_path: Path) -> Path:
    folder = tmp_path / "inputs"
    (folder / "nested").mkdir(parents=True)
    (folder / "peel.yaml").write_text("id: peel\n", "utf-8")
    (folder / "nested" / "deal.yaml").write_text("seed: 1\n", "utf-8")
    return folder


def key(folder: Path, **settings: object) -> str:
    return pagecache.page_key([folder], {"use_directory_urls": True, **settings})


def test_the_key_changes_with_a_file_s_bytes_name_or_presence(inputs: Path) -> None:
    first = key(inputs)
    assert key(inputs) == first
    (inputs / "peel.yaml").write_text("id: peel\n# edited\n", "utf-8")
    edited = key(inputs)
    assert edited != first
    (inputs / "nested" / "another.yaml").write_text("seed: 2\n", "utf-8")
    added = key(inputs)
    assert added != edited
    (inputs / "nested" / "another.yaml").rename(inputs / "nested" / "renamed.yaml")
    assert key(inputs) not in {first, edited, added}


def test_the_key_ignores_python_s_caches_but_not_dotted_names(inputs: Path) -> None:
    """A deal file named ``.hidden.yaml`` in the examples folder is played and published like
    any other, so its bytes are in the key: changing it must make the pages again."""
    first = key(inputs)
    (inputs / "__pycache__").mkdir()
    (inputs / "__pycache__" / "module.cpython-311.pyc").write_bytes(b"\0compiled")
    assert key(inputs) == first
    (inputs / ".hidden.yaml").write_text("title: AAA\n", "utf-8")
    added = key(inputs)
    assert added != first
    (inputs / ".hidden.yaml").write_text("title: BBB\n", "utf-8")
    assert key(inputs) not in {first, added}


def test_the_key_changes_with_the_settings_and_the_variants_environment(
    inputs: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = key(inputs)
    assert key(inputs, use_directory_urls=False) != first
    with monkeypatch.context() as changed:
        changed.setenv(
            "VARIANTS_STATS_SCALE",
            "0.5" if os.environ.get("VARIANTS_STATS_SCALE") != "0.5" else "0.25",
        )
        assert key(inputs) != first
    assert key(inputs) == first
    monkeypatch.setenv("UNRELATED_SETTING", "1")
    assert key(inputs) == first


def test_pages_are_made_once_and_then_read_back_in_their_order(tmp_path: Path) -> None:
    made: list[str] = []
    found, kept = pagecache.cached_pages(tmp_path / "cache", "k1", makers(made))
    assert (found, kept, made) == (PAGES, False, NAMES)
    found, kept = pagecache.cached_pages(tmp_path / "cache", "k1", makers(made))
    assert (found, kept, made) == (PAGES, True, NAMES)
    assert list(found) == NAMES
    found, kept = pagecache.cached_pages(tmp_path / "cache", "k2", makers(made))
    assert (kept, made) == (False, NAMES * 2)
    # One file is kept: the last build's.
    assert [p.name for p in (tmp_path / "cache").iterdir()] == [pagecache.FILE_NAME]


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        json.dumps(["a list"]),
        json.dumps({"key": "k1"}),
        json.dumps({"key": "k1", "pages": {"a.md": 3}}),
        json.dumps({"key": "k1", "pages": ["a.md"]}),
        json.dumps({"key": "another", "pages": PAGES}),
        "\xff\xfe",
    ],
)
def test_a_file_that_does_not_hold_this_key_s_pages_is_a_miss(tmp_path: Path, text: str) -> None:
    (tmp_path / pagecache.FILE_NAME).write_text(text, "utf-8", errors="surrogateescape")
    assert pagecache.read_pages(tmp_path, "k1", NAMES) is None


OUTSIDE = "/tmp/outside/pwned.md"
PLANTED = {
    "a page more": {**PAGES, "planted.md": "<script>planted()</script>"},
    "a page fewer": {"rulesets/peel.md": PAGES["rulesets/peel.md"]},
    "a page elsewhere": {"rulesets/peel.md": "# Peel", "elsewhere.md": "# Compared"},
    "an absolute path": {**PAGES, OUTSIDE: "written over"},
    "an absolute path in place of a page": {"rulesets/peel.md": "# Peel", "/compare.md": "x"},
    "a path out of the folder": {**PAGES, "../../outside.md": "written over"},
    "a path through a parent": {"rulesets/../compare.md": "x", "rulesets/peel.md": "# Peel"},
    "a path with a backslash": {**PAGES, "..\\outside.md": "x"},
    "an empty path": {**PAGES, "": "x"},
}


@pytest.mark.parametrize("kind", list(PLANTED))
def test_a_file_with_pages_at_other_paths_than_the_build_s_is_a_miss_and_replaced(
    tmp_path: Path, kind: str
) -> None:
    """Whoever can write the file cannot add a page, nor name one that would be written
    outside the site's folder: with the build's own key, such a file is still a miss, and the
    pages are made and the file replaced."""
    planted = json.dumps({"key": "k1", "pages": PLANTED[kind]})
    (tmp_path / pagecache.FILE_NAME).write_text(planted, "utf-8")
    assert pagecache.read_pages(tmp_path, "k1", NAMES) is None
    made: list[str] = []
    found, kept = pagecache.cached_pages(tmp_path, "k1", makers(made))
    assert (found, kept, made) == (PAGES, False, NAMES)
    kept_now = json.loads((tmp_path / pagecache.FILE_NAME).read_text("utf-8"))
    assert kept_now == {"key": "k1", "pages": PAGES}


def test_a_file_with_the_build_s_paths_in_another_order_gives_them_in_the_build_s(
    tmp_path: Path,
) -> None:
    reordered = dict(reversed(PAGES.items()))
    (tmp_path / pagecache.FILE_NAME).write_text(json.dumps({"key": "k1", "pages": reordered}))
    found = pagecache.read_pages(tmp_path, "k1", NAMES)
    assert found == PAGES and list(found) == NAMES


@pytest.mark.parametrize(
    "name",
    [
        "/etc/passwd.md",
        "//server/share.md",
        "../outside.md",
        "rulesets/../../outside.md",
        "rulesets/..md",
        "a/./b.md",
        "a//b.md",
        ".hidden.md",
        "rulesets/peel",
        "rulesets\\peel.md",
        "C:/peel.md",
        "rulesets/peel.md/",
        " peel.md",
        "pe\nel.md",
        "",
    ],
)
def test_a_page_name_that_is_not_a_plain_relative_path_is_refused(name: str) -> None:
    assert not pages.is_page_name(name)


def test_the_site_s_own_page_names_are_plain_relative_paths(
    rulesets: dict[str, Ruleset], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("rulesets/peel.md", "statistics/compare.md", "replay/peel/peel-s-deal.md"):
        assert pages.is_page_name(name)
    monkeypatch.setattr(pages, "extra_page_sets", [])
    site = SiteData.create(rulesets, ruleset_schema())
    assert all(pages.is_page_name(name) for name in pages.page_makers(site))


def hostile_set(path: str, made: list[str]) -> PageSet:
    def make() -> str:
        made.append(path)
        return "<script>planted()</script>"

    return PageSet("examples", lambda site: [], lambda site: {path: make})


NOT_PLAIN = "a generated page's path is not a plain relative one: {!r}"


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("/tmp/outside/pwned.md", NOT_PLAIN.format("/tmp/outside/pwned.md")),
        ("../../outside.md", NOT_PLAIN.format("../../outside.md")),
        ("a/../../b.md", NOT_PLAIN.format("a/../../b.md")),
        ("rulesets/peel.md", "two generated pages at rulesets/peel.md"),
    ],
)
def test_a_page_set_that_names_a_page_outside_the_site_or_another_s_stops_before_any_is_made(
    rulesets: dict[str, Ruleset], monkeypatch: pytest.MonkeyPatch, path: str, message: str
) -> None:
    made: list[str] = []
    monkeypatch.setattr(pages, "extra_page_sets", [hostile_set(path, made)])
    site = SiteData.create(rulesets, ruleset_schema())
    with pytest.raises(PageNameError) as raised:
        pages.page_makers(site)
    assert str(raised.value) == message
    assert made == []


def test_the_page_names_are_known_before_any_page_is_made(
    rulesets: dict[str, Ruleset], monkeypatch: pytest.MonkeyPatch
) -> None:
    made: list[str] = []
    monkeypatch.setattr(pages, "extra_page_sets", [hostile_set("more/page.md", made)])
    site = SiteData.create(rulesets, ruleset_schema())
    makers_found = pages.page_makers(site)
    assert made == [] and "more/page.md" in makers_found
    assert f"rulesets/{next(iter(rulesets))}.md" in makers_found
    assert makers_found["more/page.md"]() == "<script>planted()</script>"


def test_the_key_always_covers_the_package_s_code_and_templates(
    inputs: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The callers name the inputs; the package's own files are hashed whatever they name."""
    assert pagecache.PACKAGE == REPO / "src" / "variants"
    package = tmp_path / "package"
    (package / "site" / "templates").mkdir(parents=True)
    template = package / "site" / "templates" / "ruleset.md.j2"
    template.write_text("# {{ ruleset.title }}\n", "utf-8")
    (package / "engine.py").write_text("PLAYED = 1\n", "utf-8")
    monkeypatch.setattr(pagecache, "PACKAGE", package)
    first = key(inputs)
    template.write_text("# {{ ruleset.title }}<script>planted()</script>\n", "utf-8")
    edited = key(inputs)
    assert edited != first
    (package / "engine.py").write_text("PLAYED = 2\n", "utf-8")
    assert key(inputs) not in {first, edited}


def test_a_link_or_a_pipe_at_the_file_is_never_read_or_written_through(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere.json"
    elsewhere.write_text(json.dumps({"key": "k1", "pages": PAGES}), "utf-8")
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / pagecache.FILE_NAME).symlink_to(elsewhere)
    assert pagecache.read_pages(cache, "k1", NAMES) is None
    with pytest.raises(WriteError, match="is a symbolic link; refusing to write through it"):
        pagecache.write_pages(cache, "k2", {"other.md": "other"})
    assert json.loads(elsewhere.read_text("utf-8"))["key"] == "k1"
    (cache / pagecache.FILE_NAME).unlink()
    os.mkfifo(cache / pagecache.FILE_NAME)
    assert pagecache.read_pages(cache, "k1", NAMES) is None  # and no wait for a writer


def test_a_cache_folder_that_cannot_be_made_is_told_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("in the way", "utf-8")
    with pytest.raises(WriteError) as raised:
        pagecache.write_pages(tmp_path / "file" / "cache", "k1", PAGES)
    assert str(raised.value) == (
        f"{tmp_path}/file/cache: cannot make the cache folder here: Not a directory"
    )


def test_a_pipe_among_the_inputs_is_no_wait_and_a_large_file_counts_by_size_and_time(
    inputs: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    os.mkfifo(inputs / "pipe")
    first = key(inputs)  # returns: the pipe is never opened for a writer to fill
    monkeypatch.setattr(pagecache, "MAX_HASHED", 4)
    large = inputs / "peel.yaml"
    before = key(inputs)
    assert before != first
    changed = large.read_text("utf-8").replace("peel", "PEEL")
    stamp = large.stat().st_mtime_ns
    large.write_text(changed, "utf-8")
    os.utime(large, ns=(stamp, stamp))
    assert key(inputs) == before  # same size, same time: too large to be read again
    os.utime(large, ns=(stamp + 1, stamp + 1))
    assert key(inputs) != before
