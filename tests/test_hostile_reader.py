"""Hostile YAML through every command that reads a file: one located line, exit status 1.

Rulesets and deal files go through the same reader, so each case below is tried twice: as a
ruleset given to ``variants validate`` (``FILE:LINE:COL: message``, then the count of problems)
and as a deal file given to ``variants play`` (``variants: FILE:LINE: message``). Every case runs
in this process and must come back quickly, with nothing on standard output.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import pytest
from clirun import run

from variants.rules.yamlsource import MAX_BYTES, read_yaml_text


@dataclass(frozen=True)
class Case:
    name: str
    text: str
    line: int
    column: int
    message: str
    at: str = ""
    """The JSON path ``validate`` names after the message, where the problem has one."""


def _laughs(levels: int) -> str:
    """Nine aliases of nine aliases of nine ...: 9**levels values from a few hundred bytes."""
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    for level in range(1, levels + 1):
        refs = ", ".join([f"*a{level - 1}"] * 9)
        lines.append(f"a{level}: &a{level} [{refs}]")
    return "\n".join(lines) + "\n"


PLAIN = "use plain text, numbers, true/false, null, lists and mappings"
DIRECTION = "text may not hold the direction mark U+{}"
INVISIBLE = "text may not hold the invisible character U+{}"
LINE_BREAK = "YAML would count it as a line break where editors do not; end lines with a newline"

CASES: tuple[Case, ...] = (
    Case(
        "billion-laughs",
        _laughs(9),
        5,
        15,
        "too many values: a file may hold at most 20,000 (aliases included)",
    ),
    Case(
        "recursive-alias",
        "a: &x [1, *x]\n",
        1,
        11,
        "the alias *x stands inside the node &x it refers to: a loop",
    ),
    Case(
        "recursive-alias-in-mapping",
        "top:\n  a: &x\n    b: *x\n",
        3,
        8,
        "the alias *x stands inside the node &x it refers to: a loop",
    ),
    Case(
        "alias-before-anchor",
        "a: *x\nb: &x 1\n",
        1,
        4,
        "the alias *x refers to no anchor &x before it",
    ),
    Case(
        "deep-flow-nesting",
        "a: " + "[" * 1000 + "]" * 1000 + "\n",
        1,
        43,
        "nested too deep: at most 40 levels of lists and mappings",
    ),
    Case(
        "deep-block-nesting",
        "".join("  " * i + "k:\n" for i in range(60)),
        41,
        81,
        "nested too deep: at most 40 levels of lists and mappings",
    ),
    Case(
        "nul-byte",
        "id: pe\x00el\n",
        1,
        7,
        "the control character U+0000 is not allowed in a YAML file",
    ),
    Case(
        "bell-in-a-comment",
        "# a bell \x07 in a comment\nid: x\n",
        1,
        10,
        "the control character U+0007 is not allowed in a YAML file",
    ),
    Case(
        "c1-control",
        "title: a\x9bb\n",
        1,
        9,
        "the control character U+009B is not allowed in a YAML file",
    ),
    Case(
        "escape-sequence-in-text",
        'title: "\\e[2J\\e[31mred"\n',
        1,
        8,
        "text may not hold the control character U+001B",
    ),
    Case(
        "bidi-override-in-text",
        "title: abc\u202edef\n",
        1,
        8,
        "text may not hold the direction mark U+202E",
    ),
    Case("left-to-right-mark", "title: abc\u200edef\n", 1, 8, DIRECTION.format("200E")),
    Case("right-to-left-mark", "title: abc\u200fdef\n", 1, 8, DIRECTION.format("200F")),
    Case("arabic-letter-mark", "title: abc\u061cdef\n", 1, 8, DIRECTION.format("061C")),
    Case("escaped-direction-mark", 'title: "abc\\u2067def"\n', 1, 8, DIRECTION.format("2067")),
    Case("zero-width-space", "title: abc\u200bdef\n", 1, 8, INVISIBLE.format("200B")),
    Case("symmetric-swapping", "title: abc\u206edef\n", 1, 8, INVISIBLE.format("206E")),
    Case("annotation-anchor", "title: abc\ufff9def\n", 1, 8, INVISIBLE.format("FFF9")),
    Case("tag-character", "title: abc\U000e0041def\n", 1, 8, INVISIBLE.format("E0041")),
    Case("soft-hyphen", "title: abc\u00addef\n", 1, 8, INVISIBLE.format("00AD")),
    Case("byte-order-mark-inside", "title: abc\ufeffdef\n", 1, 8, INVISIBLE.format("FEFF")),
    Case(
        "line-separator-in-a-comment",
        "# one line\u2028two to YAML\nid: x\n",
        1,
        11,
        "the line separator U+2028 is not allowed in a YAML file: " + LINE_BREAK,
    ),
    Case(
        "next-line-in-a-comment",
        "a: 1\n# one\x85two\nb: [\n",
        2,
        6,
        "the control character U+0085 is not allowed in a YAML file: " + LINE_BREAK,
    ),
    Case(
        "lone-carriage-return",
        "a: 1\rb: 2\n",
        1,
        5,
        "a carriage return (U+000D) not followed by a newline is not allowed in a YAML file: "
        + LINE_BREAK,
    ),
    Case("tagged-int", "n: !!int abc\n", 1, 4, "'abc' is not a whole number"),
    Case("tagged-float", "n: !!float abc\n", 1, 4, "'abc' is not a number"),
    Case("tagged-bool", "n: !!bool maybe\n", 1, 4, "'maybe' is not true or false"),
    Case(
        "tagged-timestamp",
        "n: !!timestamp foo\n",
        1,
        4,
        f"the tag '!!timestamp' is not allowed: {PLAIN}",
    ),
    Case("binary", "n: !!binary aGVsbG8=\n", 1, 4, f"the tag '!!binary' is not allowed: {PLAIN}"),
    Case("set", "n: !!set {a, b}\n", 1, 4, f"the tag '!!set' is not allowed: {PLAIN}"),
    Case("omap", "n: !!omap [a: 1]\n", 1, 4, f"the tag '!!omap' is not allowed: {PLAIN}"),
    Case(
        "python-object",
        "n: !!python/object/apply:os.system [ls]\n",
        1,
        4,
        f"the tag '!!python/object/apply:os.system' is not allowed: {PLAIN}",
    ),
    Case("local-tag", "n: !card 9D\n", 1, 4, f"the tag '!card' is not allowed: {PLAIN}"),
    Case(
        "huge-integer",
        "n: " + "9" * 5000 + "\n",
        1,
        4,
        "a number of 5,000 digits; at most 30 are allowed",
    ),
    Case(
        "huge-hexadecimal",
        "n: 0x" + "f" * 4000 + "\n",
        1,
        4,
        "a number of 4,000 digits; at most 30 are allowed",
    ),
    Case(
        "huge-binary",
        "n: [0b1, 0b" + "1" * 31 + "]\n",
        1,
        10,
        "a number of 31 digits; at most 30 are allowed",
    ),
    Case(
        "huge-signed-hexadecimal-with-underscores",
        "n: -0x" + "_ff" * 20 + "\n",
        1,
        4,
        "a number of 40 digits; at most 30 are allowed",
    ),
    Case(
        "huge-float",
        "n: 1." + "5" * 100 + "\n",
        1,
        4,
        "a number of 101 digits; at most 30 are allowed",
    ),
    Case(
        "merge-key",
        "a: &a {x: 1}\nb:\n  <<: *a\n",
        3,
        3,
        "merge keys (<<) are not supported: write the keys out",
    ),
    Case("list-as-key", "? [a, b]\n: 1\n", 1, 3, "a key must be text, not a list or mapping"),
    Case("null-key", "null: 1\n", 1, 1, "a key must be text, not null"),
    Case("bool-key", "yes: 1\n", 1, 1, "a key must be text, not true"),
    Case(
        "long-key",
        "k" * 300 + ": 1\n",
        1,
        1,
        "a key of 300 characters; at most 200 are allowed",
    ),
    Case(
        "duplicate-key",
        "a: 1\nb: 2\na: 3\n",
        3,
        1,
        "duplicate key 'a' (first given on line 1)",
        at="a",
    ),
    Case(
        "second-document",
        "a: 1\n---\nb: 2\n",
        2,
        1,
        "a file holds one YAML document; a second starts here",
    ),
    Case("empty", "# nothing but a comment\n", 1, 1, "the file is empty"),
    Case(
        "unclosed-list",
        "a: [1, 2\nb: 3\n",
        1,
        4,
        "YAML syntax error: the list [ opened here is not closed "
        "(on line 2: expected ',' or ']', but got ':')",
    ),
    Case(
        "tab-indent",
        "a:\n\tb: 1\n",
        2,
        1,
        "YAML syntax error: a tab cannot indent YAML: indent with spaces",
    ),
)


def _write(folder: Path, name: str, data: str | bytes) -> Path:
    path = folder / name
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data, encoding="utf-8")
    return path


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_ruleset(case: Case, tmp_path: Path) -> None:
    _write(tmp_path, "r.yaml", case.text)
    outcome = run(["validate", "r.yaml"], cwd=tmp_path)
    assert (outcome.status, outcome.out) == (1, "")
    assert outcome.err_lines == [
        f"r.yaml:{case.line}:{case.column}: {case.message}"
        + (f" (at {case.at})" if case.at else ""),
        "1 problem(s) in 1 of 1 file(s)",
    ]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_deal_file(case: Case, tmp_path: Path) -> None:
    _write(tmp_path, "d.yaml", case.text)
    outcome = run(["play", "d.yaml"], cwd=tmp_path)
    assert (outcome.status, outcome.out) == (1, "")
    assert outcome.err_lines == [f"variants: d.yaml:{case.line}: {case.message}"]


def test_aliases_are_copies_that_read_as_written() -> None:
    """An alias stands for a copy of its node: changing one place leaves the other alone."""
    document = read_yaml_text("a: &s {x: [1, 2]}\nb: *s\nwhen: 2001-02-30\n", "x.yaml")
    assert document.data == {"a": {"x": [1, 2]}, "b": {"x": [1, 2]}, "when": "2001-02-30"}
    assert document.data["a"] is not document.data["b"]
    assert document.where(("b", "x", 1)) == (2, 1)  # inside a copy: the line of its alias


# Files that are not text, or not files at all: the reader says so before parsing anything.


def test_too_large(tmp_path: Path) -> None:
    _write(tmp_path, "big.yaml", "a: [" + "1, " * 4_000_000 + "1]\n")
    outcome = run(["validate", "big.yaml"], cwd=tmp_path)
    assert outcome.status == 1
    assert outcome.err_lines[0] == (
        f"big.yaml:1:1: the file is 12,000,007 bytes; at most {MAX_BYTES:,} (256 KiB) are read"
    )


def test_not_utf8(tmp_path: Path) -> None:
    _write(tmp_path, "latin.yaml", "id: x\ntitle: caf\xe9 au lait\n".encode("latin-1"))
    outcome = run(["validate", "latin.yaml"], cwd=tmp_path)
    assert outcome.status == 1
    assert outcome.err_lines[0] == (
        "latin.yaml:2:11: not UTF-8 text: invalid continuation byte (byte 0xe9)"
    )


NOT_REGULAR = "not a regular file: only a file on disk is read, not a device, a pipe or /proc"
LINK = "is a link: only a regular file in its folder is read, never a link"


def test_named_pipe_does_not_hang(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.yaml")
    outcome = run(["play", "pipe.yaml"], cwd=tmp_path)
    assert (outcome.status, outcome.err_lines) == (1, [f"variants: pipe.yaml:1: {NOT_REGULAR}"])


@pytest.mark.parametrize("path", ["/dev/zero", "/proc/self/environ", "/proc/self/cmdline"])
def test_a_device_or_a_file_of_proc_is_never_read(path: str, tmp_path: Path) -> None:
    """A file of /proc says it is empty and holds the process's secrets: never read."""
    outcome = run(["validate", path], cwd=tmp_path)
    assert (outcome.status, outcome.out) == (1, "")
    assert outcome.err_lines == [f"{path}:1:1: {NOT_REGULAR}", "1 problem(s) in 1 of 1 file(s)"]


@pytest.mark.parametrize("target", ["/dev/zero", "/proc/self/environ", "real.yaml", "nowhere"])
def test_a_link_is_never_followed(target: str, tmp_path: Path) -> None:
    _write(tmp_path, "real.yaml", "id: real\n")
    (tmp_path / "link.yaml").symlink_to(target)
    outcome = run(["validate", "link.yaml"], cwd=tmp_path)
    assert (outcome.status, outcome.out) == (1, "")
    assert outcome.err_lines == [f"link.yaml:1:1: {LINK}", "1 problem(s) in 1 of 1 file(s)"]
    outcome = run(["play", "link.yaml"], cwd=tmp_path)
    assert (outcome.status, outcome.err_lines) == (1, [f"variants: link.yaml:1: {LINK}"])


def test_folder_as_deal_file(tmp_path: Path) -> None:
    (tmp_path / "folder.yaml").mkdir()
    outcome = run(["play", "folder.yaml"], cwd=tmp_path)
    assert (outcome.status, outcome.err_lines) == (
        1,
        ["variants: folder.yaml:1: is a folder, not a file"],
    )


def test_a_hard_link_is_never_read(tmp_path: Path) -> None:
    """A second name for a file outside the folder (git cannot make one, a hand can)."""
    outside = tmp_path / "outside"
    outside.mkdir()
    _write(outside, "secret.yaml", "id: secret\n")
    os.link(outside / "secret.yaml", tmp_path / "hard.yaml")
    outcome = run(["validate", "hard.yaml"], cwd=tmp_path)
    assert (outcome.status, outcome.out) == (1, "")
    assert outcome.err_lines == [
        "hard.yaml:1:1: has other names on disk (a hard link): only a file of its own is read",
        "1 problem(s) in 1 of 1 file(s)",
    ]
