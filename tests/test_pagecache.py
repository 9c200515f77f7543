"""The generated pages kept between builds: a key that changes with every input, and a file
that is read only when it is what was written."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from variants.safewrite import WriteError
from variants.site import pagecache

PAGES = {"rulesets/peel.md": "# Peel\n", "compare.md": "# Compared\n"}


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


def test_the_key_ignores_python_s_caches_and_dotted_names(inputs: Path) -> None:
    first = key(inputs)
    (inputs / "__pycache__").mkdir()
    (inputs / "__pycache__" / "module.cpython-311.pyc").write_bytes(b"\0compiled")
    (inputs / ".hidden").write_text("editor state", "utf-8")
    assert key(inputs) == first


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
    made: list[int] = []

    def make() -> dict[str, str]:
        made.append(1)
        return dict(PAGES)

    pages, kept = pagecache.cached_pages(tmp_path / "cache", "k1", make)
    assert (pages, kept, len(made)) == (PAGES, False, 1)
    pages, kept = pagecache.cached_pages(tmp_path / "cache", "k1", make)
    assert (pages, kept, len(made)) == (PAGES, True, 1)
    assert list(pages) == list(PAGES)
    pages, kept = pagecache.cached_pages(tmp_path / "cache", "k2", make)
    assert (kept, len(made)) == (False, 2)
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
    assert pagecache.read_pages(tmp_path, "k1") is None


def test_a_link_or_a_pipe_at_the_file_is_never_read_or_written_through(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere.json"
    elsewhere.write_text(json.dumps({"key": "k1", "pages": PAGES}), "utf-8")
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / pagecache.FILE_NAME).symlink_to(elsewhere)
    assert pagecache.read_pages(cache, "k1") is None
    with pytest.raises(WriteError, match="is a symbolic link; refusing to write through it"):
        pagecache.write_pages(cache, "k2", {"other.md": "other"})
    assert json.loads(elsewhere.read_text("utf-8"))["key"] == "k1"
    (cache / pagecache.FILE_NAME).unlink()
    os.mkfifo(cache / pagecache.FILE_NAME)
    assert pagecache.read_pages(cache, "k1") is None  # and no wait for a writer


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
