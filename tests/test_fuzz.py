"""Fuzzing: valid files mutated at random, as bytes and as YAML structure, through the CLI.

Whatever the mutation, ``variants validate`` of a ruleset and ``variants play`` of a deal file
must end with status 0 or 1: on 1 with located one-line messages and no traceback (an exception
escaping ``main`` fails the test), within hypothesis' deadline, and with the memory the command
allocates bounded. Run in this process, so hypothesis can shrink any failure to a small file.
"""

from __future__ import annotations

import json
import re
import tracemalloc
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import yaml
from clirun import REPO, Outcome, run
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from variants.rules.yamlsource import read_yaml_text

RULESET = (REPO / "tests" / "valid" / "base.yaml").read_text(encoding="utf-8")
DEAL = (REPO / "examples" / "peel-walkthrough.yaml").read_text(encoding="utf-8")
SOURCES = REPO.parent / "shared" / "sources"

MEMORY_LIMIT = 64 * 1024 * 1024
"""The most a command may allocate for one mutated file, in bytes."""

FUZZ = settings(
    max_examples=60,
    deadline=timedelta(seconds=5),
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    derandomize=True,
)

# ---------------------------------------------------------------------------------------------
# Mutations

INTERESTING = [
    b"\x00",
    b"\t",
    b"\r",
    b"\xff",
    b"\xc3",
    b"\x1b[31m",
    b"\xe2\x80\xae",
    b"&a ",
    b"*a",
    b"!!int ",
    b"!!float ",
    b"!!bool ",
    b"!!timestamp ",
    b"!!binary ",
    b"!!set ",
    b"!!python/object:os.system ",
    b"<<: ",
    b"[",
    b"]",
    b"{",
    b"}",
    b":",
    b"- ",
    b"---\n",
    b"? ",
    b"'",
    b'"',
    b"#",
    b"\n  ",
    b"9" * 40,
    b"3.0",
    b".nan",
    b"-1",
    b"1000000000",
    b"true",
    b"null",
    b"~",
    b"2001-02-30",
    b"../../etc/passwd",
]


TAGS = [t for t in INTERESTING if t.startswith((b"!", b"&", b"*"))]

VALUE_STARTS = re.compile(rb"(?<=: )|(?<=- )|(?<=\[)|(?<=, )")
"""Where a value begins: most mutations land there, where they change what a value is."""


@st.composite
def byte_mutations(draw: st.DrawFn, text: str) -> bytes:
    data = bytearray(text.encode("utf-8"))
    for _ in range(draw(st.integers(1, 6))):
        starts = [m.start() for m in VALUE_STARTS.finditer(data)]
        if starts and draw(st.booleans()):
            at = draw(st.sampled_from(starts))
        else:
            at = draw(st.integers(0, len(data)))
        match draw(st.sampled_from(["tag", "insert", "insert", "delete", "flip", "repeat", "cut"])):
            case "tag":
                data[at:at] = draw(st.sampled_from(TAGS))
            case "insert":
                data[at:at] = draw(st.sampled_from(INTERESTING) | st.binary(max_size=8))
            case "delete":
                del data[at : at + draw(st.integers(1, 40))]
            case "flip":
                if at < len(data):
                    data[at] ^= 1 << draw(st.integers(0, 7))
            case "repeat":
                chunk = bytes(data[at : at + draw(st.integers(1, 200))])
                data[at:at] = chunk * draw(st.integers(1, 50))
            case "cut":
                del data[at:]
    return bytes(data)


TEXT = st.text(st.characters(exclude_categories=("Cc", "Cs")), max_size=30)
"""Printable text (control characters come in through the byte mutations)."""

JSON_LIKE = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**25), 10**25)
    | st.floats(allow_nan=True, allow_infinity=True)
    | TEXT
    | st.sampled_from(["", "9D", "peel", "pope", "random", "../peel", "compare", "x" * 5000]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(TEXT, inner, max_size=5),
    max_leaves=20,
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*path, index))
    return found


@st.composite
def structure_mutations(draw: st.DrawFn, text: str) -> bytes:
    data = read_yaml_text(text, "valid.yaml").data
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(data) if p]
        path = draw(st.sampled_from(paths))
        parent = data
        for part in path[:-1]:
            parent = parent[part]
        last = path[-1]
        match draw(st.sampled_from(["replace", "delete", "duplicate", "add"])):
            case "replace":
                parent[last] = draw(JSON_LIKE)
            case "delete":
                del parent[last]
            case "duplicate":
                if isinstance(parent, list):
                    parent.append(parent[last])
                else:
                    parent[f"{last}_"] = parent[last]
            case "add":
                if isinstance(parent, dict):
                    parent[draw(TEXT)] = draw(JSON_LIKE)
                else:
                    parent.insert(last, draw(JSON_LIKE))
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=100).encode("utf-8")


# ---------------------------------------------------------------------------------------------
# The contract

LOCATED = re.compile(r"^\S.*:\d+:\d+: \S")
PLAY_LINE = re.compile(r"^variants: \S")


def _bounded(command: Callable[[], Outcome]) -> Outcome:
    tracemalloc.start()
    try:
        outcome = command()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < MEMORY_LIMIT, f"allocated {peak:,} bytes"
    return outcome


def _validate(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "fuzzed.yaml"
    path.write_bytes(content)
    args = ["validate", str(path)]
    if SOURCES.is_dir():
        args += ["--sources", str(SOURCES)]
    outcome = _bounded(lambda: run(args))
    assert outcome.status in (0, 1)
    if outcome.status == 1:
        *problems, summary = outcome.err_lines
        assert problems and all(LOCATED.match(line) for line in problems), outcome.err
        assert re.fullmatch(r"\d+ problem\(s\) in 1 of 1 file\(s\)", summary), summary


def _play(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "fuzzed-deal.yaml"
    path.write_bytes(content)
    outcome = _bounded(lambda: run(["play", str(path), "--json"]))
    assert outcome.status in (0, 1)
    if outcome.status == 1:
        assert outcome.out == ""
        assert len(outcome.err_lines) == 1 and PLAY_LINE.match(outcome.err), outcome.err
    else:
        summary = json.loads(outcome.out)
        assert sum(summary["net"]) + sum(summary["board"].values()) >= 0


@FUZZ
@given(content=byte_mutations(RULESET))
def test_ruleset_bytes(tmp_path: Path, content: bytes) -> None:
    _validate(tmp_path, content)


@FUZZ
@given(content=structure_mutations(RULESET))
def test_ruleset_structure(tmp_path: Path, content: bytes) -> None:
    _validate(tmp_path, content)


@FUZZ
@given(content=byte_mutations(DEAL))
def test_deal_file_bytes(tmp_path: Path, content: bytes) -> None:
    _play(tmp_path, content)


@FUZZ
@given(content=structure_mutations(DEAL))
def test_deal_file_structure(tmp_path: Path, content: bytes) -> None:
    _play(tmp_path, content)
