"""The readings kept between runs (``variants.rules.readings``): a ruleset file read once and
found to pass the schema is neither read nor checked against the schema again, so a command
that plays it starts without importing PyYAML or jsonschema; a ruleset changed, or failing, is
read, checked and told every time; a kept reading is trusted only where nobody else could have
planted it, and one that is not what was written is passed over."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from clirun import REPO, run

UNKNOWN_KEY = (
    "unknown key 'colour' (allowed here: advice, board, deal, dressing, first_dealer, game, "
    "going_out, pack, play, players, trump, turn_up) (at rules/colour)"
)

# A command's start in a process of its own, as a user runs it: whether the file was read and
# the schema checked shows in whether PyYAML and jsonschema were imported.
LOADS = """
import sys
from variants.cli import main
status = main(["deal", sys.argv[1], "--players", "4", "--seed", "3"])
print(status, "yaml" in sys.modules and "jsonschema" in sys.modules)
"""


def python(script: str, cache: Path, *args: str) -> str:
    """What a Python process running ``script`` prints, the readings kept in ``cache``."""
    env = {**os.environ, "VARIANTS_CACHE": str(cache)}
    done = subprocess.run(
        [sys.executable, "-c", script, *args], env=env, capture_output=True, text=True, cwd=REPO
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def started(ruleset: Path, cache: Path) -> tuple[int, bool]:
    """The exit status of ``variants deal`` of ``ruleset``, and whether it read the file and
    checked the schema."""
    status, checked = python(LOADS, cache, str(ruleset)).split()[-2:]
    return int(status), checked == "True"


@pytest.fixture
def cache(tmp_path: Path) -> Path:
    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    return folder


@pytest.fixture
def ruleset(tmp_path: Path) -> Path:
    path = tmp_path / "peel.yaml"
    path.write_text((REPO / "rulesets" / "peel.yaml").read_text("utf-8"), "utf-8")
    return path


def kept_readings(cache: Path) -> list[Path]:
    return sorted((cache / "rulesets-read").glob("*"))


def test_a_ruleset_that_passed_is_played_without_checking_the_schema_again(
    ruleset: Path, cache: Path
) -> None:
    assert started(ruleset, cache) == (0, True)
    assert len(kept_readings(cache)) == 1
    assert started(ruleset, cache) == (0, False)
    assert len(kept_readings(cache)) == 1


def test_a_ruleset_changed_after_it_passed_is_checked_and_its_mistake_told(
    ruleset: Path, cache: Path
) -> None:
    assert started(ruleset, cache) == (0, True)
    text = ruleset.read_text("utf-8")
    ruleset.write_text(text.replace("\nrules:\n", "\nrules:\n  colour: red\n", 1), "utf-8")
    line = text[: text.index("\nrules:\n")].count("\n") + 3
    done = run(["deal", str(ruleset), "--players", "4"], env={"VARIANTS_CACHE": str(cache)})
    assert (done.status, done.out) == (1, "")
    assert done.err_lines == [f"variants: {ruleset}:{line}:3: {UNKNOWN_KEY}"]
    assert len(kept_readings(cache)) == 1  # a failing ruleset leaves no reading
    assert started(ruleset, cache) == (1, True)  # and is checked again next time


def test_a_link_planted_at_a_kept_readings_name_is_not_trusted_nor_followed(
    ruleset: Path, cache: Path, tmp_path: Path
) -> None:
    assert started(ruleset, cache) == (0, True)
    (kept,) = kept_readings(cache)
    target = tmp_path / "elsewhere"
    target.write_text("not a reading\n", "utf-8")
    kept.unlink()
    kept.symlink_to(target)
    assert started(ruleset, cache) == (0, True)
    assert kept.is_symlink()
    assert target.read_text("utf-8") == "not a reading\n"


@pytest.mark.parametrize("mode", [0o770, 0o707])
def test_readings_in_a_folder_others_can_write_are_not_trusted(
    ruleset: Path, cache: Path, mode: int
) -> None:
    assert started(ruleset, cache) == (0, True)
    (cache / "rulesets-read").chmod(mode)
    assert started(ruleset, cache) == (0, True)


def test_validate_checks_the_schema_whatever_reading_is_kept(ruleset: Path, cache: Path) -> None:
    assert started(ruleset, cache) == (0, True)
    done = run(["validate", str(ruleset)], env={"VARIANTS_CACHE": str(cache)})
    assert done.status == 0
    script = (
        "import sys\nfrom variants.cli import main\n"
        f"main(['validate', {str(ruleset)!r}])\nprint('jsonschema' in sys.modules)"
    )
    assert python(script, cache).split()[-1] == "True"


def test_a_command_that_plays_loads_only_what_it_needs(ruleset: Path, cache: Path) -> None:
    """``variants simulate`` starts without the other commands' modules (the narration, the
    store, the effects), and, once the ruleset's reading is kept, without PyYAML and
    jsonschema."""
    script = (
        "import sys\nfrom variants.cli import main\n"
        f"main(['simulate', {str(ruleset)!r}, '--players', '5', '--deals', '3', '--json'])\n"
        "unneeded = ('variants.telling', 'variants.analysis.store', 'variants.analysis.effects',"
        " 'variants.analysis.sweep', 'variants.dealwrite', 'sqlite3', 'jsonschema', 'yaml')\n"
        "print(sorted({m for m in sys.modules if m.startswith(unneeded)}))"
    )
    assert "jsonschema" in python(script, cache).splitlines()[-1]  # the first time, checked
    assert python(script, cache).splitlines()[-1] == "[]"


def test_a_kept_reading_that_is_not_json_is_passed_over(ruleset: Path, cache: Path) -> None:
    assert started(ruleset, cache) == (0, True)
    (kept,) = kept_readings(cache)
    kept.write_text("{ not json", "utf-8")
    assert started(ruleset, cache) == (0, True)
    assert kept.read_text("utf-8") == "{ not json"  # never overwritten


def test_a_problem_in_a_kept_reading_is_told_as_the_file_reads(ruleset: Path, cache: Path) -> None:
    """Data taken as kept goes through the semantic checks like any; where one fails, the
    file is read again, so that a problem it has is told at its line, and one it has not is
    not told at all."""
    assert started(ruleset, cache) == (0, True)
    (kept,) = kept_readings(cache)
    data = json.loads(kept.read_text("utf-8"))
    data["id"] = "not-its-file-name"
    kept.write_text(json.dumps(data), "utf-8")
    assert started(ruleset, cache) == (0, True)
    done = run(["deal", str(ruleset), "--players", "4"], env={"VARIANTS_CACHE": str(cache)})
    assert (done.status, done.err) == (0, "")
