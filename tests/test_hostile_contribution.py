"""A contribution stays inside itself: what a pull request adds is read only as regular files in
their folders, never through a link, from a device, a pipe or ``/proc``, each within its bound;
every setting that names a folder is refused in one line when it cannot be used; lines are
counted as ``wc -l`` counts them.

Each case names what a hostile contributor would try and the exact line the project answers
with; the site build is tried for real where it is what reads the file.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from clirun import REPO, run
from conftest import mkdocs_build, site_project
from mkdocs.exceptions import PluginError

from variants.core import safewrite
from variants.core.saferead import MAX_TEXT_BYTES, text_lines
from variants.core.settings import SettingError
from variants.mechanics.ruleset import Ruleset
from variants.rules.bibliography import read_bibliography
from variants.rules.yamlsource import ProblemsError
from variants.site.exampledeals import deal_file_examples
from variants.site.sourceexamples import CATALOGUE, read_catalogue
from variants.site.sourcepages import page_spans
from variants.site.stats_runs import check_settings

OWN = REPO / "sources"
LINK = "is a link: only a regular file in its folder is read, never a link"
ADDED = len(read_bibliography(OWN).entries)
"""The index of the entry a contribution appends to the bibliography."""
NOT_REGULAR = "not a regular file: only a file on disk is read, not a device, a pipe or /proc"
PLAIN_TEXT = "a source text holds printable characters, tabs and newlines"
ENTRY = """\
  - file: 991_x.txt
    slug: x-1900
    name: X, a text (1900)
    cite: X (1900)
    author: X
    title: A text
    edition: London, 1900
    year: 1900
    part: All of it
    found: Here.
    addresses:
      - https://example.org/x
    kind: public-domain
"""


@pytest.fixture
def contribution(clone: Path) -> Path:
    """A clone with a sixteenth text listed in the bibliography, what a pull request adding a
    source does; the text itself is for each test to plant."""
    with (clone / "sources" / "sources.yaml").open("a", encoding="utf-8") as bibliography:
        bibliography.write(ENTRY)
    return clone


def entry_line(clone: Path) -> int:
    """The line of the added entry's ``file:``."""
    lines = (clone / "sources" / "sources.yaml").read_text("utf-8").split("\n")
    return lines.index("  - file: 991_x.txt") + 1


def validate(clone: Path) -> list[str]:
    done = run(["validate"], cwd=clone, env={"VARIANTS_SOURCES": None})
    assert (done.status, done.out) == (1, "")
    return done.err_lines


def plant(text: Path, how: str) -> None:
    """Put at ``text`` what a hostile pull request would."""
    match how:
        case "link-to-proc":
            text.symlink_to("/proc/self/environ")
        case "link-to-a-file":
            text.symlink_to(OWN / "005_hoyle-games-improved_pope.txt")
        case "link-to-a-device":
            text.symlink_to("/dev/zero")
        case "link-loop":
            text.symlink_to(text)
        case "pipe":
            os.mkfifo(text)
        case "folder":
            text.mkdir()
        case "too-large":
            text.write_bytes(b"x" * (MAX_TEXT_BYTES + 1))
        case "not-utf-8":
            text.write_bytes(b"one\ntwo caf\xe9\n")
        case "escape-sequence":
            text.write_text("one\ntwo \x1b]0;title\x07\n", "utf-8")
        case "direction-mark":
            text.write_text("one\u202eeno\n", "utf-8")
        case "zero-width-space":
            text.write_text("o\u200bne\n", "utf-8")
        case "line-separator":
            text.write_text("one\u2028two\n", "utf-8")
        case _:
            raise AssertionError(how)


TOLD = {
    "link-to-proc": f"991_x.txt: {LINK}",
    "link-to-a-file": f"991_x.txt: {LINK}",
    "link-to-a-device": f"991_x.txt: {LINK}",
    "link-loop": f"991_x.txt: {LINK}",
    "pipe": f"991_x.txt: {NOT_REGULAR}",
    "folder": "991_x.txt: is a folder, not a file",
    "too-large": "991_x.txt: the file is 1,048,577 bytes; at most 1,048,576 (1024 KiB) are read",
    "not-utf-8": "991_x.txt:2: not UTF-8 text: invalid continuation byte (byte 0xe9)",
    "escape-sequence": "991_x.txt:2: the control character U+001B at column 5 is not text: "
    + PLAIN_TEXT,
    "direction-mark": "991_x.txt:1: the direction mark U+202E at column 4 is not text: "
    + PLAIN_TEXT,
    "zero-width-space": "991_x.txt:1: the invisible character U+200B at column 2 is not text: "
    + PLAIN_TEXT,
    "line-separator": "991_x.txt:1: the line separator U+2028 at column 4 is not text: "
    + PLAIN_TEXT,
}


@pytest.mark.parametrize("how", list(TOLD))
def test_a_source_text_that_is_not_a_plain_file_is_refused_by_validate(
    contribution: Path, how: str
) -> None:
    plant(contribution / "sources" / "991_x.txt", how)
    where = f"sources/sources.yaml:{entry_line(contribution)}:11"
    assert validate(contribution) == [
        f"{where}: {TOLD[how]} (at sources/{ADDED}/file)",
        "1 problem(s) in 1 of 21 file(s)",
    ]


def test_a_cited_text_that_is_a_link_is_refused_where_the_ruleset_names_it(
    clone: Path, tmp_path: Path
) -> None:
    """With ``$VARIANTS_SOURCES`` naming a folder of texts, a text there that is a link is
    refused at the ruleset that cites it, never read."""
    texts = tmp_path / "texts"
    shutil.copytree(OWN, texts)
    (texts / "005_hoyle-games-improved_pope.txt").unlink()
    (texts / "005_hoyle-games-improved_pope.txt").symlink_to("/proc/self/environ")
    done = run(["validate", "rulesets/hoyle.yaml"], cwd=clone, env={"VARIANTS_SOURCES": str(texts)})
    assert (done.status, done.out) == (1, "")
    assert done.err_lines[0].endswith(
        f": the source text 005_hoyle-games-improved_pope.txt: {LINK} (at source/files/0/name)"
    )
    assert done.err_lines[0].startswith("rulesets/hoyle.yaml:")
    assert len(done.err_lines) == 2


def test_a_linked_source_text_fails_the_site_build_in_one_line(contribution: Path) -> None:
    """The severe case: a source text linked to the build's own environment would print every
    secret CI holds on the source's page. The build stops before anything is written."""
    clone = contribution
    project = site_project(clone)
    plant(clone / "sources" / "991_x.txt", "link-to-proc")
    site = clone / "site"
    done = mkdocs_build(
        project,
        site,
        SECRET_TOKEN="do-not-publish",
        VARIANTS_RULESETS=None,
        VARIANTS_SOURCES=None,
        VARIANTS_EXAMPLES=None,
    )
    assert done.returncode == 1
    errors = [line for line in done.stderr.splitlines() if "variants:" in line]
    assert errors == [
        f"ERROR   -  variants: sources/sources.yaml:{entry_line(clone)}:11: 991_x.txt: {LINK} "
        f"(at sources/{ADDED}/file)"
    ]
    assert "Traceback" not in done.stderr and "do-not-publish" not in done.stderr + done.stdout
    assert not site.exists()


# --------------------------------------------------------------------------------------------
# Lines are counted as wc -l counts them


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        ("a\nb\n", ["a", "b"]),
        ("a\nb", ["a", "b"]),
        ("a\r\nb\r\n", ["a", "b"]),
        (
            "a\x0cb\x1cc\x1dd\x1ee\x85f\u2028g\u2029h\n",
            ["a\x0cb\x1cc\x1dd\x1ee\x85f\u2028g\u2029h"],
        ),
        ("a\rb\n\n", ["a\rb", ""]),
        ("", []),
    ],
)
def test_a_text_has_as_many_lines_as_it_has_newlines(text: str, lines: list[str]) -> None:
    assert text_lines(text) == lines


PEEL = "016_peel-round-games-1891_pope-joan-spin-newmarket_pp80-96.txt"


def test_a_form_feed_moves_no_citation_and_other_breaks_are_refused(
    clone: Path, tmp_path: Path
) -> None:
    """Peel's text with a form feed between its first lines, as an old text may keep between
    pages: it is as long as before, and every quote is still on the lines it cites. A U+2028,
    a U+0085 or a \\x1c, which Python's ``splitlines`` would also break at, is refused at its
    line rather than counted another way."""
    texts = tmp_path / "texts"
    shutil.copytree(OWN, texts)
    peel = texts / PEEL
    lines = peel.read_text("utf-8").split("\n")
    lines[0] += "\x0c"
    peel.write_text("\n".join(lines), "utf-8")
    env: dict[str, str | None] = {"VARIANTS_SOURCES": str(texts)}
    done = run(["validate", "rulesets/peel.yaml"], cwd=clone, env=env)
    assert (done.status, done.err) == (0, "")
    for breaks, told in (("\u2028", "line separator U+2028"), ("\x85", "control character U+0085")):
        lines[1] = "x" + breaks
        peel.write_text("\n".join(lines), "utf-8")
        done = run(["validate", "rulesets/peel.yaml"], cwd=clone, env=env)
        assert done.status == 1
        assert done.err_lines[0].endswith(
            f"the source text {PEEL}:2: the {told} at column 2 is not text: {PLAIN_TEXT} "
            "(at source/files/0/name)"
        )


# --------------------------------------------------------------------------------------------
# Settings that name a folder


COMMANDS = {
    "VARIANTS_SOURCES": [["validate"]],
    "VARIANTS_RULESETS": [["deal", "peel", "--players", "4"], ["list"]],
    "VARIANTS_CACHE": [["deal", "peel", "--players", "4"]],
}


@pytest.mark.parametrize("variable", list(COMMANDS))
@pytest.mark.parametrize(
    ("planted", "told"),
    [
        ("/dev/zero", "must name a folder, and {path} is not one"),
        ("pipe", "must name a folder, and {path} is not one"),
        ("loop", "cannot be used: {path}: Too many levels of symbolic links"),
        ("missing", "cannot be used: {path}: No such file or directory"),
        ("file", "must name a folder, and {path} is not one"),
    ],
)
def test_a_folder_setting_that_cannot_be_used_is_refused_in_one_line(
    clone: Path, variable: str, planted: str, told: str
) -> None:
    path = planted if planted.startswith("/") else str(clone / planted)
    match planted:
        case "pipe":
            os.mkfifo(path)
        case "loop":
            os.symlink(path, path)
        case "file":
            Path(path).write_text("a file\n", "utf-8")
        case _:
            pass
    for command in COMMANDS[variable]:
        done = run(command, cwd=clone, env={variable: path})
        assert (done.status, done.out) == (1, "")
        assert done.err_lines == [f"variants: ${variable} " + told.format(path=path)]


def test_an_examples_folder_that_cannot_be_used_stops_the_build_in_one_line(
    tmp_path: Path,
) -> None:
    project = site_project(tmp_path)
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    done = mkdocs_build(
        project,
        tmp_path / "s",
        VARIANTS_EXAMPLES=str(loop),
        VARIANTS_RULESETS=str(REPO / "rulesets"),
    )
    assert done.returncode == 1
    errors = [line for line in done.stderr.splitlines() if line.startswith("ERROR")]
    assert errors == [
        f"ERROR   -  variants: $VARIANTS_EXAMPLES cannot be used: {loop}: Too many levels of "
        "symbolic links"
    ]
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "s").exists()


def test_a_sources_option_that_is_not_a_folder_is_refused(clone: Path) -> None:
    done = run(["validate", "--sources", "/dev/zero"], cwd=clone)
    assert (done.status, done.err_lines) == (
        1,
        ["variants: --sources must name a folder, and /dev/zero is not one"],
    )


def test_a_ruleset_that_is_a_pipe_is_told_as_one(clone: Path) -> None:
    (clone / "rulesets" / "peel.yaml").unlink()
    os.mkfifo(clone / "rulesets" / "peel.yaml")
    done = run(["deal", "peel", "--players", "4"], cwd=clone)
    assert (done.status, done.out) == (1, "")
    assert done.err_lines == [
        f"variants: ruleset 'peel' is invalid: rulesets/peel.yaml:1:1: {NOT_REGULAR}"
    ]


@pytest.mark.parametrize(
    ("argument", "named"),
    [
        (["deal", "peel", "--players", "4", "--out", ""], "--out"),
        (["export", "peel", "--out", ""], "--out"),
        (["validate", "--sources", ""], "--sources"),
        (["play", ""], "deal"),
        (["list", "--rulesets", ""], "--rulesets"),
    ],
)
def test_an_empty_path_is_refused_not_taken_for_standard_output(
    argument: list[str], named: str
) -> None:
    done = run(argument)
    assert (done.status, done.out) == (1, "")
    assert done.err_lines == [f"variants: {named} must name a file or folder, not ''"]


def test_a_banker_for_rules_with_no_banker_is_refused(tmp_path: Path) -> None:
    dealt = run(["deal", "peel", "--players", "4", "--seed", "3"])
    (tmp_path / "d.yaml").write_text(dealt.out + "banker: 2\n", "utf-8")
    line = len(text_lines(dealt.out)) + 1
    done = run(["play", str(tmp_path / "d.yaml")])
    assert (done.status, done.err_lines) == (
        1,
        [
            f"variants: {tmp_path}/d.yaml:{line}: these rules have no banker: no one dresses the "
            "board for all"
        ],
    )


def test_a_replay_shows_what_came_from_the_file_and_never_acts_on_it(tmp_path: Path) -> None:
    """Notes may hold tabs and newlines; each line is printed as it is, and nothing in it can
    reach the terminal as a control."""
    dealt = run(["deal", "peel", "--players", "4", "--seed", "3"])
    notes = 'notes: "first line\\n\\tsecond, tabbed"\n'
    (tmp_path / "d.yaml").write_text(notes + dealt.out, "utf-8")
    done = run(["replay", str(tmp_path / "d.yaml")])
    assert done.status == 0
    assert done.out.splitlines()[:3] == [
        "Pope Joan after W. H. Peel's Round Games with Cards: 4 players, seed 3",
        "first line",
        "\tsecond, tabbed",
    ]


# --------------------------------------------------------------------------------------------
# The site's own files: written pages, assets, the contributing guide, example deals


@pytest.mark.parametrize(
    ("planted", "told"),
    [
        ("docs/environment.md", f"docs/environment.md: {LINK}"),
        ("docs/assets/env.txt", f"docs/assets/env.txt: {LINK}"),
        ("docs/elsewhere", f"docs/elsewhere: {LINK}"),
        ("docs/pipe.md", f"docs/pipe.md: {NOT_REGULAR}"),
        ("CONTRIBUTING.md", f"{{project}}/CONTRIBUTING.md: {LINK}"),
    ],
)
def test_a_linked_page_asset_or_guide_stops_the_build_before_it_is_published(
    tmp_path: Path, planted: str, told: str
) -> None:
    """mkdocs publishes whatever a file of the docs folder links to; the build refuses it."""
    (tmp_path / "project").mkdir()
    project = site_project(tmp_path / "project")
    if planted.endswith("pipe.md"):
        os.mkfifo(project / planted)
    else:
        (project / planted).symlink_to("/" if planted == "docs/elsewhere" else "/proc/self/environ")
    site = tmp_path / "site"
    done = mkdocs_build(project, site, VARIANTS_RULESETS=str(REPO / "rulesets"))
    assert done.returncode == 1
    errors = [line for line in done.stderr.splitlines() if line.startswith("ERROR")]
    assert errors == [f"ERROR   -  variants: {told.format(project=project)}"]
    assert "Traceback" not in done.stderr
    assert not site.exists()


def test_an_example_deal_that_is_a_link_is_refused_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, rulesets: dict[str, Ruleset]
) -> None:
    examples = tmp_path / "examples"
    examples.mkdir()
    (examples / "secret.yaml").symlink_to("/proc/self/environ")
    monkeypatch.setenv("VARIANTS_EXAMPLES", str(examples))
    with pytest.raises(PluginError) as raised:
        deal_file_examples(rulesets["peel"])
    assert str(raised.value) == f"variants: example deal {examples}/secret.yaml:1: {LINK}"


# --------------------------------------------------------------------------------------------
# Writing: nothing left behind


def test_an_interrupt_as_the_temporary_file_is_made_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C, or SIGTERM told as an exception, landing just as the temporary file is made,
    before its name is known: the file is removed all the same."""
    real_open = os.open

    def interrupted(name: str, flags: int, mode: int = 0o777) -> int:
        real_open(name, flags, mode)  # the file is made ...
        raise KeyboardInterrupt  # ... and the interrupt lands before its handle is returned

    monkeypatch.setattr(safewrite.os, "open", interrupted)
    with pytest.raises(KeyboardInterrupt):
        safewrite.write_text(tmp_path / "out.yaml", "text\n")
    monkeypatch.undo()
    assert list(tmp_path.iterdir()) == []


def test_a_name_planted_where_a_temporary_file_would_go_is_never_touched(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    names = iter(["aaaaaaaaaaaa", "bbbbbbbbbbbb"])
    monkeypatch.setattr(safewrite.secrets, "token_hex", lambda size: next(names))
    planted = tmp_path / ".out.yaml.aaaaaaaaaaaa.part"
    planted.symlink_to("/proc/self/environ")
    safewrite.write_text(tmp_path / "out.yaml", "text\n")
    assert (tmp_path / "out.yaml").read_text("utf-8") == "text\n"
    assert planted.is_symlink() and sorted(p.name for p in tmp_path.iterdir()) == [
        ".out.yaml.aaaaaaaaaaaa.part",
        "out.yaml",
    ]


# --------------------------------------------------------------------------------------------
# What the site reads besides rulesets: page marks, example deals' names, the catalogue


def test_a_page_mark_is_a_page_number_of_at_most_five_plain_digits() -> None:
    lines = ["[p. 80]", "text [p. " + "7" * 4400 + "]", "[p. \u0663]", "[p. 81] more", "end"]
    assert page_spans(lines) == ((80, 80), (80, 80), (80, 80), (81, 81), (81, 81))
    assert page_spans(["[p.\n", "", "", "82] far"]) == ()


def test_an_example_deal_named_with_hidden_characters_is_refused_and_shown_escaped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, rulesets: dict[str, Ruleset]
) -> None:
    examples = tmp_path / "examples"
    examples.mkdir()
    (examples / "x\u202eevil\x1b]0;t\x07.yaml").write_text(
        (REPO / "examples" / "peel-walkthrough.yaml").read_text("utf-8"), "utf-8"
    )
    monkeypatch.setenv("VARIANTS_EXAMPLES", str(examples))
    with pytest.raises(PluginError) as raised:
        deal_file_examples(rulesets["peel"])
    assert str(raised.value) == (
        f"variants: example deal {examples}/x\\u202eevil\\x1b]0;t\\x07.yaml: name it with "
        "lower-case letters, digits and hyphens, as its pages are named"
    )


@pytest.mark.parametrize("how", ["pipe", "folder", "link-loop", "link-to-a-device"])
def test_a_catalogue_of_examples_that_is_not_a_plain_file_is_refused(
    tmp_path: Path, how: str
) -> None:
    plant(tmp_path / CATALOGUE, how)
    with pytest.raises(ProblemsError) as raised:
        read_catalogue(tmp_path)
    assert [p.message for p in raised.value.problems] == [
        {"pipe": NOT_REGULAR, "folder": "is a folder, not a file"}.get(how, LINK)
    ]


def test_a_statistics_cache_that_cannot_be_made_is_told_before_the_build_plays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("VARIANTS_STATS_CACHE", "/proc/nonexistent/cache")
    with pytest.raises(SettingError) as raised:
        check_settings()
    assert str(raised.value) == (
        "/proc/nonexistent/cache: cannot make the statistics cache folder here: No such file "
        "or directory (set $VARIANTS_STATS_CACHE)"
    )
