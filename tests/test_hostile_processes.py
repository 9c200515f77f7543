"""Hostile and unlucky runs of the command: interrupts, huge counts, closed pipes, bad arguments.

Interrupts, memory and pipes are what a real process does, so those tests start one (in a session
of its own, so that every process it forks can be found and cleaned up); the command-line
mistakes run in this process through ``tests/clirun.py``, each with its exact one-line message.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from clirun import REPO, run

from variants.cli import experiment
from variants.cli.text import visible

COMMAND = [sys.executable, "-m", "variants.cli"]
LONG_RUN = ["simulate", "peel", "--players", "4", "--deals", "10000000", "--jobs", "2"]
LONG_SWEEP = ["sweep", "peel", "--players", "4", "--policy", "random", "--deals", "10000000"]
"""A sweep as long, on two worker processes (its store in a test's own folder)."""


@pytest.fixture(params=["simulate", "sweep"])
def long_run(request: pytest.FixtureRequest, tmp_path: Path) -> list[str]:
    """A run that would take hours: a simulation, or a sweep into a store of its own."""
    if request.param == "simulate":
        return LONG_RUN
    return [*LONG_SWEEP, "--jobs", "2", "--store", str(tmp_path / "long.sqlite")]


STARTED = 60.0
"""Seconds a started command may take to fork its workers on a busy machine."""
STOPPED = 10.0
"""Seconds a command may take to stop once told to, or once its main process is gone: well
under one when the machine is idle, but the rest of the suite runs beside it (in parallel);
the long run it stops would take hours."""


def _stat(pid: int) -> list[str] | None:
    """``/proc/PID/stat`` after the command name: state, parent, group, ... (None once gone)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text.rsplit(")", 1)[1].split()


def _processes() -> Iterator[tuple[int, list[str]]]:
    for name in os.listdir("/proc"):
        if name.isdigit():
            fields = _stat(int(name))
            if fields is not None:
                yield int(name), fields


def _children(pid: int) -> list[int]:
    return [child for child, fields in _processes() if int(fields[1]) == pid]


def _group(pgid: int) -> list[int]:
    """The processes of a group still running (a zombie has ended, reaped or not)."""
    return [p for p, fields in _processes() if int(fields[2]) == pgid and fields[0] != "Z"]


def _resident_kb(pgid: int) -> int:
    total = 0
    for pid in _group(pgid):
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        for line in status.splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total


@pytest.fixture
def started() -> Iterator[list[subprocess.Popen[str]]]:
    """Commands started by a test; whatever is left of their groups is killed afterwards."""
    commands: list[subprocess.Popen[str]] = []
    yield commands
    for command in commands:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(command.pid, signal.SIGKILL)
        command.communicate()


def start(started: list[subprocess.Popen[str]], *args: str) -> subprocess.Popen[str]:
    """``variants ARGS`` in a session of its own, once its worker process exists."""
    command = subprocess.Popen(
        [*COMMAND, *args],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        # As from a terminal: an interrupt is not ignored, even where this suite was started
        # in the background (a shell starts a background job with interrupts ignored).
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    started.append(command)
    deadline = time.monotonic() + STARTED
    while not _children(command.pid):
        assert command.poll() is None, command.communicate()
        assert time.monotonic() < deadline, "the command forked no worker"
        time.sleep(0.05)
    return command


@pytest.mark.parametrize(
    ("stop", "status", "line"),
    [
        (signal.SIGINT, 130, "variants: interrupted"),
        (signal.SIGTERM, 143, "variants: terminated"),
    ],
)
def test_an_interrupt_stops_every_process_at_once_and_quietly(
    started: list[subprocess.Popen[str]],
    long_run: list[str],
    stop: signal.Signals,
    status: int,
    line: str,
) -> None:
    command = start(started, *long_run, "--seed", "1")
    os.kill(command.pid, stop)  # to the main process only: it must stop its workers itself
    _, err = command.communicate(timeout=STOPPED)
    assert command.returncode == status
    assert err.splitlines() == [line]
    assert _group(command.pid) == []


def test_ctrl_c_at_a_terminal_reaches_the_workers_too_and_still_stops_quietly(
    started: list[subprocess.Popen[str]], long_run: list[str]
) -> None:
    command = start(started, *long_run, "--seed", "2")
    os.killpg(command.pid, signal.SIGINT)  # what a terminal does: the whole group
    _, err = command.communicate(timeout=STOPPED)
    assert (command.returncode, err) == (130, "variants: interrupted\n")
    assert _group(command.pid) == []


def test_workers_stop_when_the_main_process_is_killed(
    started: list[subprocess.Popen[str]], long_run: list[str]
) -> None:
    command = start(started, *long_run, "--seed", "3")
    os.kill(command.pid, signal.SIGKILL)  # no chance to clean up: the workers notice
    command.communicate(timeout=STOPPED)
    deadline = time.monotonic() + STOPPED
    while _group(command.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _group(command.pid) == []


def test_memory_stays_flat_however_many_deals_are_asked_for(
    started: list[subprocess.Popen[str]],
) -> None:
    command = start(
        started, "simulate", "peel", "--players", "4", "--deals", "1000000000000", "--jobs", "2"
    )
    time.sleep(1)
    early = _resident_kb(command.pid)
    time.sleep(2)
    late = _resident_kb(command.pid)
    assert command.poll() is None
    assert late - early < 4096, (early, late)


# --------------------------------------------------------------------------------------------
# A reader that goes away


def closed_pipe() -> int:
    """The writing end of a pipe whose reader has already gone."""
    reader, writer = os.pipe()
    os.close(reader)
    return writer


def test_a_failing_command_piped_to_a_reader_that_left_still_fails() -> None:
    writer = closed_pipe()
    try:
        done = subprocess.run(
            [*COMMAND, "validate", "tests/broken/bad-enum-value.yaml"],
            cwd=REPO,
            stdout=writer,
            stderr=writer,
            check=False,
        )
    finally:
        os.close(writer)
    assert done.returncode == 1


def test_output_to_a_reader_that_left_is_dropped_without_a_traceback(tmp_path: Path) -> None:
    """``variants list`` of a folder holding a good and a bad ruleset: the table goes to the
    closed pipe and is dropped; the problem is still told, and the status is the command's."""
    shutil.copy(REPO / "rulesets" / "peel.yaml", tmp_path / "peel.yaml")
    shutil.copy(REPO / "tests" / "broken" / "bad-enum-value.yaml", tmp_path / "bad.yaml")
    writer = closed_pipe()
    try:
        done = subprocess.run(
            [*COMMAND, "list", "--rulesets", str(tmp_path)],
            cwd=REPO,
            stdout=writer,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
        )
    finally:
        os.close(writer)
    assert done.returncode == 1
    assert done.stderr == (
        f"{tmp_path}/bad.yaml:33:13: 'highest-card' is not one of: lowest-card, first-jack, "
        "agreed (at rules/first_dealer/method)\n"
    )


# --------------------------------------------------------------------------------------------
# Mistakes on the command line: one line each, status 1

COMMANDS = "validate, new, list, export, deal, play, replay, game, simulate, sweep, effects"
SIM = ["simulate", "peel", "--players", "4"]

CASES: list[tuple[list[str], str]] = [
    ([], f"variants: give a command: {COMMANDS} (variants --help says more)"),
    (["frobnicate"], f"variants: unknown command 'frobnicate'; the commands are {COMMANDS}"),
    (["\x1b[2J"], f"variants: unknown command '\\x1b[2J'; the commands are {COMMANDS}"),
    (["simulate"], "variants: simulate needs ruleset and --players"),
    (["simulate", "peel"], "variants: simulate needs --players"),
    (["simulate", "peel", "--players"], "variants: --players needs a value"),
    (["validate", "--sources"], "variants: --sources needs a value"),
    (["play", "a.yaml", "b.yaml"], "variants: unexpected argument: b.yaml"),
    (["game", "peel", "--players", "4", "--frob", "x"], "variants: unexpected arguments: --frob x"),
    (
        ["game", "peel", "--players", "abc"],
        "variants: --players must be a whole number from 2 to 14, not 'abc'",
    ),
    (
        ["game", "peel", "--players", "1"],
        "variants: --players must be a whole number from 2 to 14, not '1'",
    ),
    (
        ["deal", "peel", "--players", "15"],
        "variants: --players must be a whole number from 2 to 14, not '15'",
    ),
    (
        ["game", "peel", "--players", "\u0663"],  # an Arabic-Indic three: a digit, but not ASCII
        "variants: --players must be a whole number from 2 to 14, not '\u0663'",
    ),
    (
        [*SIM[:3], "4\u202e", "--deals", "5"],
        "variants: --players must be a whole number from 2 to 14, not '4\\u202e'",
    ),
    (
        ["deal", "peel", "--players", "4", "--seed", "-1"],
        "variants: --seed must be a whole number from 0 to 9223372036854775807, not '-1'",
    ),
    (
        ["game", "peel", "--players", "4", "--seed", "9223372036854775808"],
        "variants: --seed must be a whole number from 0 to 9223372036854775807, "
        "not '9223372036854775808'",
    ),
    (
        [*SIM, "--deals", "0"],
        "variants: --deals must be a whole number from 1 to 1000000000000, not '0'",
    ),
    (
        [*SIM, "--deals", "1_000"],
        "variants: --deals must be a whole number from 1 to 1000000000000, not '1_000'",
    ),
    (
        [*SIM, "--deals", "1000000000001"],
        "variants: --deals must be a whole number from 1 to 1000000000000, not '1000000000001'",
    ),
    (
        [*SIM, "--games", "1" + "0" * 40],
        f"variants: --games must be a whole number from 1 to 1000000000000, not '1{'0' * 40}'",
    ),
    (
        [*SIM, "--deals", "10", "--jobs", "-1"],
        "variants: --jobs must be a whole number from 0 to 64, not '-1'",
    ),
    (
        [*SIM, "--deals", "10", "--jobs", "65"],
        "variants: --jobs must be a whole number from 0 to 64, not '65'",
    ),
    (SIM, "variants: give one of --deals K or --games K"),
    ([*SIM, "--deals", "5", "--games", "5"], "variants: give one of --deals K or --games K"),
    (["validate", "bad\x1b[31mname.yaml"], "bad\\x1b[31mname.yaml:1:1: no such file or folder"),
    (["validate", "tab\there\u2028.yaml"], "tab\there\\u2028.yaml:1:1: no such file or folder"),
]


@pytest.mark.parametrize(("args", "line"), CASES, ids=[repr(args) for args, _ in CASES])
def test_a_command_line_mistake_is_one_line_and_status_1(args: list[str], line: str) -> None:
    outcome = run(args)
    assert (outcome.status, outcome.err_lines, outcome.out) == (1, [line], "")


EXPERIMENT = ["policy-seat", "peel", "--players", "4"]

EXPERIMENT_CASES: list[tuple[list[str], str]] = [
    (
        ["bogus", "peel", "--players", "4"],
        "variants: kind must be one of 'deals', 'games', 'policy-seat', 'card-holder', not 'bogus'",
    ),
    (["games", "peel", "--players", "4", "--deals", "5"], "variants: games takes --games K"),
    (EXPERIMENT, "variants: policy-seat takes --deals K"),
    (
        [*EXPERIMENT, "--deals", "10**40"],
        "variants: --deals must be a whole number from 1 to 1000000000000, not '10**40'",
    ),
    (
        ["card-holder", "peel", "--players", "4", "--deals", "5", "--compartment", "nope"],
        "variants: no compartment 'nope' "
        "(board: pope, matrimony, intrigue, ace, king, queen, jack, game)",
    ),
    (
        [*EXPERIMENT, "--deals", "5", "--option", "dressing"],
        "variants: --option takes key=value, not 'dressing'",
    ),
    (
        ["deals", "pele", "--players", "4", "--deals", "5"],
        "variants: no ruleset 'pele' (known: cassell, comete, commit, foster, hoffmann, hoyle, "
        "matrimony-britannica, matrimony-cassell, matrimony-enquire, matrimony-foster, "
        "modern-shedding, modern-variations, newmarket, peel, poch, pochen, queen-nazareen, "
        "spin, spinado, squareman, stops)",
    ),
]


@pytest.mark.parametrize(
    ("args", "line"), EXPERIMENT_CASES, ids=[repr(args) for args, _ in EXPERIMENT_CASES]
)
def test_a_statistics_run_mistake_is_one_line_and_status_1(args: list[str], line: str) -> None:
    """``python -m variants.site.stats_runs``, shown on the statistics pages, is held to the
    same contract as ``variants``."""
    outcome = run(args, command=experiment.main)
    assert (outcome.status, outcome.err_lines, outcome.out) == (1, [line], "")


def test_a_statistics_run_repeats_a_figure() -> None:
    outcome = run([*EXPERIMENT, "--deals", "40", "--jobs", "1"], command=experiment.main)
    assert outcome.status == 0 and outcome.err == ""
    assert '"players": 4' in outcome.out


def test_help_is_not_a_mistake() -> None:
    outcome = run(["simulate", "--help"])
    assert outcome.status == 0 and "--deals" in outcome.out and outcome.err == ""


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("plain text, café, 10♥", "plain text, café, 10♥"),
        ("a\ttab stays", "a\ttab stays"),
        ("\x1b[31mred", "\\x1b[31mred"),
        ("two\nlines\r", "two\\x0alines\\x0d"),
        ("bell\x07 del\x7f c1\x9b", "bell\\x07 del\\x7f c1\\x9b"),
        ("line\u2028para\u2029", "line\\u2028para\\u2029"),
        (
            "\u202eevil\u202c \u2066isolate\u2069 \u200fmark",
            "\\u202eevil\\u202c \\u2066isolate\\u2069 \\u200fmark",
        ),
        ("not utf-8: \udcff", "not utf-8: \\udcff"),
    ],
)
def test_what_comes_from_input_is_shown_escaped(text: str, shown: str) -> None:
    assert visible(text) == shown


class _InterruptedImport:
    """A finder that stands for Ctrl-C pressed while the command line is being imported."""

    def find_spec(self, name: str, path: object = None, target: object = None) -> None:
        if name == "variants.cli":
            raise KeyboardInterrupt


def test_ctrl_c_while_the_command_loads_is_quiet_too(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from variants import entry

    monkeypatch.delitem(sys.modules, "variants.cli")
    monkeypatch.setattr(sys, "meta_path", [_InterruptedImport(), *sys.meta_path])
    assert entry.run() == 130
    assert capsys.readouterr() == ("", "variants: interrupted\n")
