"""The contributor's path, proved: a new source needs a YAML file and no code.

A copy of the project gets one new ruleset, ``tests/contrib/peel-rounds.yaml`` (source 000's
board and settlement with source 002's deal, turn-up and rounds), and nothing else. The
validator accepts it, the engine plays it at every player count it supports, and the built site
has its page, its comparison column, its worked examples and its statistics. Then the same file
with a contributor's typical mistakes: each error names the line of the mistake.

The same copy also gets a relative of Pope Joan started the way a contributor starts one:
``variants new matrimony-fourfold --like matrimony-foster`` in the copy, then the file edited as
YAML into another layout of Matrimony (two cards down and one up, four divisions with no Pair).
It validates, plays every player count it allows, is told as a showing (no card played), and the
built site lists it under its game.

A second copy proves it for one of the project's own rulesets, ``hoffmann`` (source 008): the
copy lacks it, ``variants new hoffmann --like peel`` starts it, and the contributor completes the
file as YAML (the finished text is the shipped ``rulesets/hoffmann.yaml``, the same blocks as the
started one with other values, and the source's advice, which ``--like`` leaves out); it
validates and plays every player count and option, with no file of code changed; the copy is
then the project, file for file, and its site the project's own (built once for the run).

The ``variants`` commands run in this process, in the copy's folder, through ``tests/clirun.py``;
the site is built by ``mkdocs`` in a process of its own, as a contributor builds it.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from clirun import Outcome, run
from conftest import build_site

REPO = Path(__file__).resolve().parent.parent
CONTRIBUTED = REPO / "tests" / "contrib" / "peel-rounds.yaml"
SOURCES = REPO.parent / "shared" / "sources"
SKIP = {
    ".git",
    ".venv",
    "site",
    ".cache",
    ".pytest_cache",
    ".mypy_cache",
    ".ruff_cache",
    "test-artifacts",
    ".hypothesis",
    "__pycache__",
    "node_modules",
}


def _copy_project(target: Path) -> None:
    def ignore(folder: str, names: list[str]) -> set[str]:
        return {name for name in names if name in SKIP or name.endswith(".egg-info")}

    shutil.copytree(REPO, target, ignore=ignore)


def _changes() -> dict[str, str | None]:
    """What a contributor's environment sets: the project's own rulesets, the source texts."""
    changes: dict[str, str | None] = {"VARIANTS_RULESETS": None}
    if SOURCES.is_dir():
        changes["VARIANTS_SOURCES"] = str(SOURCES)
    return changes


def _variants(project: Path, *args: str) -> Outcome:
    """``variants ARGS`` run in ``project``."""
    return run(args, cwd=project, env=_changes())


RELATIVE = "matrimony-fourfold"
"""A Matrimony with another layout, started from Foster's and edited as YAML."""
PAIR_DIVISION = re.compile(r"^      - id: pair\n(?:        .*\n)+", re.MULTILINE)


def _start_relative(root: Path) -> None:
    """``variants new`` the relative like Foster's Matrimony, then edit its YAML: two cards
    down and one up instead of one and one, and the Pair division taken off the layout."""
    done = _variants(
        root,
        "new",
        RELATIVE,
        "--title",
        "Matrimony on four divisions",
        "--like",
        "matrimony-foster",
    )
    assert done.status == 0, done.err
    path = root / "rulesets" / f"{RELATIVE}.yaml"
    text = path.read_text(encoding="utf-8")
    edits = (
        ("    down: 1\n", "    down: 2\n"),
        ("confederacy: 1, pair: 1, best: 1}", "confederacy: 1, best: 1}"),
    )
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    text, removed = PAIR_DIVISION.subn("", text)
    assert removed == 1
    path.write_text(text, encoding="utf-8")


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    root = tmp_path_factory.mktemp("contributor") / "project"
    _copy_project(root)
    shutil.copy(CONTRIBUTED, root / "rulesets" / CONTRIBUTED.name)
    _start_relative(root)
    yield root


def test_the_copy_differs_from_the_project_by_two_ruleset_files(project: Path) -> None:
    new = {p.name for p in (project / "rulesets").iterdir()} - {
        p.name for p in (REPO / "rulesets").iterdir()
    }
    assert new == {"peel-rounds.yaml", f"{RELATIVE}.yaml"}
    assert (project / "src" / "variants" / "engine" / "play.py").read_bytes() == (
        REPO / "src" / "variants" / "engine" / "play.py"
    ).read_bytes()


def test_the_validator_accepts_the_new_ruleset(project: Path) -> None:
    done = _variants(project, "validate")
    assert done.status == 0, done.err
    shipped = len(list((REPO / "rulesets").glob("*.yaml")))
    assert done.out.startswith(f"{shipped + 2} ruleset(s) valid")


def test_the_list_shows_it(project: Path) -> None:
    done = _variants(project, "list")
    assert done.status == 0, done.err
    assert "peel-rounds" in done.out and "3-8" in done.out


@pytest.mark.parametrize("players", range(3, 9))
def test_the_engine_plays_every_supported_player_count(project: Path, players: int) -> None:
    done = _variants(
        project,
        "game",
        "peel-rounds",
        "--players",
        str(players),
        "--seed",
        "7",
        "--json",
    )
    assert done.status == 0, done.err
    assert f'"players": {players}' in done.out
    deal = _variants(
        project,
        "deal",
        "peel-rounds",
        "--players",
        str(players),
        "--seed",
        "7",
        "--out",
        f"deal-{players}.yaml",
    )
    assert deal.status == 0, deal.err
    replay = _variants(project, "replay", f"deal-{players}.yaml")
    assert replay.status == 0, replay.err
    assert "the dealer takes it into hand" in replay.out


@pytest.fixture(scope="module")
def built(project: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The copy's site, built once for both new rulesets."""
    built = tmp_path_factory.mktemp("contributor-site") / "built"
    sources = {"VARIANTS_SOURCES": str(SOURCES)} if SOURCES.is_dir() else {}
    build_site(built, project / "mkdocs.yml", **sources)  # small statistics runs, as conftest sets
    return built


def test_the_built_site_has_its_page_column_examples_and_statistics(built: Path) -> None:
    page = (built / "rulesets" / "peel-rounds" / "index.html").read_text(encoding="utf-8")
    assert "Peel&#39;s board, played in rounds" in page or "Peel's board, played in rounds" in page
    compare = (built / "compare" / "index.html").read_text(encoding="utf-8")
    assert "peel-rounds" in compare
    examples = (built / "examples" / "peel-rounds" / "index.html").read_text(encoding="utf-8")
    assert "players" in examples
    statistics = (built / "statistics" / "peel-rounds" / "index.html").read_text(encoding="utf-8")
    assert "<svg" in statistics


def test_the_relative_validates_with_four_divisions(project: Path) -> None:
    done = _variants(project, "validate", f"rulesets/{RELATIVE}.yaml")
    assert done.status == 0, done.err
    assert done.out.startswith("1 ruleset(s) valid")
    listed = _variants(project, "list")
    assert re.search(rf"^{RELATIVE} .* 5-14$", listed.out, re.MULTILINE), listed.out


@pytest.mark.parametrize("players", range(5, 15))
def test_the_relative_plays_every_player_count_as_a_showing(project: Path, players: int) -> None:
    game = _variants(project, "game", RELATIVE, "--players", str(players), "--seed", "7", "--json")
    assert game.status == 0, game.err
    assert f'"players": {players}' in game.out
    out = f"relative-{players}.yaml"
    deal = _variants(
        project, "deal", RELATIVE, "--players", str(players), "--seed", "7", "--out", out
    )
    assert deal.status == 0, deal.err
    replay = _variants(project, "replay", "--ascii", out)
    assert replay.status == 0, replay.err
    hands = re.findall(r"^  Seat \d+.*: (\S+ \S+ \S+) \((\S+) face up\)$", replay.out, re.MULTILINE)
    assert len(hands) == players  # two cards down and one up to every seat
    assert all(up in cards.split() for cards, up in hands)
    told = replay.out.splitlines()
    showing = "Nobody plays a card: the hands are shown in turn, beginning with the elder hand."
    swept = [line for line in told if "face up and sweeps the board" in line]
    assert (showing in told) != bool(swept)
    assert not any(line.startswith("Run ") or " leads " in line for line in told)
    assert "Pair" not in replay.out


def test_the_built_site_lists_the_relative_under_its_game(built: Path) -> None:
    game = (built / "games" / "matrimony" / "index.html").read_text(encoding="utf-8")
    assert f'href="../../rulesets/{RELATIVE}/"' in game
    assert f'href="../../examples/{RELATIVE}/"' in game
    family = (built / "family" / "index.html").read_text(encoding="utf-8")
    assert f'id="kin-{RELATIVE}"' in family
    examples = (built / "examples" / RELATIVE / "index.html").read_text(encoding="utf-8")
    assert "<summary>The showing, hand by hand (" in examples and "pj-pc--up" in examples
    assert "Nobody plays a card: the hands are shown in turn" in examples
    statistics = (built / "statistics" / RELATIVE / "index.html").read_text(encoding="utf-8")
    assert "Goes out first" not in statistics


def _mistakes() -> list[tuple[str, str, str, str]]:
    """(name, text to replace, its replacement, words the error must contain)."""
    return [
        (
            "comma in a quote",
            "quote: the dealer giving double the amount}",
            "quote: the players, the dealer giving double}",
            "a comma inside {...} splits",
        ),
        (
            "a source not declared",
            '{source: 002_3e5828ade67e0df0.txt, lines: "16"',
            '{source: 003_a16857812c58f9d2.txt, lines: "16"',
            "is not one of the ruleset's source",
        ),
        (
            "a misspelt key",
            "    carry_over: true",
            "    carry_ovr: true",
            "unknown key 'carry_ovr'",
        ),
        (
            "a stake on no compartment",
            "stakes: {pope: 6, matrimony: 2",
            "stakes: {pope: 6, marriage: 2",
            "no compartment 'marriage'",
        ),
        ("a line past the end", 'lines: "137-139"', 'lines: "237-239"', "has only 149 lines"),
        ("a tab", "  pack:\n", "\tpack:\n", "a tab cannot indent YAML"),
        (
            "a value not allowed",
            "    deals: per-player",
            "    deals: per_player",
            "'per_player' is not one of: per-player, a whole number",
        ),
        (
            "an unknown interpretation",
            "interpretation: pool-size",
            "interpretation: pool-sizes",
            "no interpretation has the id 'pool-sizes'",
        ),
    ]


@pytest.mark.parametrize("mistake", _mistakes(), ids=[m[0] for m in _mistakes()])
def test_a_typical_mistake_is_reported_at_its_line(
    mistake: tuple[str, str, str, str], tmp_path: Path
) -> None:
    _, old, new, words = mistake
    text = CONTRIBUTED.read_text(encoding="utf-8")
    assert text.count(old) >= 1, old
    broken = text.replace(old, new, 1)
    line = broken[: broken.index(new)].count("\n") + 1
    folder = tmp_path / "rulesets"
    folder.mkdir()
    target = folder / "peel-rounds.yaml"
    target.write_text(broken, encoding="utf-8")
    done = _variants(REPO, "validate", str(target))
    assert done.status == 1
    assert "Traceback" not in done.err
    problems = [row for row in done.err_lines if row.startswith(str(target))]
    assert problems, done.err
    first = problems[0]
    assert words in first, first
    assert first.startswith(f"{target}:{line}:"), (first, line)


# --- one of the project's own rulesets, started with ``variants new`` and completed as YAML ---

STARTED = "hoffmann"
FINISHED = REPO / "rulesets" / f"{STARTED}.yaml"


def _code(root: Path) -> dict[str, bytes]:
    """Every file of the package, by its path inside it."""
    package = root / "src" / "variants"
    return {
        str(p.relative_to(package)): p.read_bytes()
        for p in sorted(package.rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts
    }


@pytest.fixture(scope="module")
def started(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str]]:
    """A copy of the project without the ruleset, the ruleset started in it with ``variants
    new``, and the text that command wrote."""
    root = tmp_path_factory.mktemp("contributor-new") / "project"
    _copy_project(root)
    (root / "rulesets" / FINISHED.name).unlink()
    title = yaml.safe_load(FINISHED.read_text(encoding="utf-8"))["title"]
    done = _variants(root, "new", STARTED, "--title", title, "--like", "peel")
    assert done.status == 0, done.err
    assert done.out.startswith(f"wrote rulesets/{STARTED}.yaml")
    yield root, (root / "rulesets" / FINISHED.name).read_text(encoding="utf-8")


def test_new_starts_the_file_and_the_finished_file_fills_in_its_blocks(
    started: tuple[Path, str],
) -> None:
    root, text = started
    start = yaml.safe_load(text)
    finished_text = FINISHED.read_text(encoding="utf-8")
    finished = yaml.safe_load(finished_text)
    assert start["id"] == finished["id"] == STARTED
    assert start["title"] == finished["title"]
    assert text.splitlines()[0] == finished_text.splitlines()[0]  # the schema pointer for editors
    assert start.keys() == finished.keys()
    # The started file leaves Peel's advice out; the contributor writes Hoffmann's own.
    assert "advice" not in start["rules"] and "advice" in finished["rules"]
    assert start["rules"].keys() == finished["rules"].keys() - {"advice"}
    again = _variants(root, "new", STARTED, "--title", "Another", "--like", "peel")
    assert again.status == 1
    assert again.err.strip() == (
        f"variants: rulesets/{STARTED}.yaml exists already: choose another id or edit that file"
    )


@pytest.fixture(scope="module")
def completed(started: tuple[Path, str]) -> Path:
    """The copy once the contributor has written the ruleset out in YAML."""
    root, _ = started
    (root / "rulesets" / FINISHED.name).write_text(
        FINISHED.read_text(encoding="utf-8"), encoding="utf-8"
    )
    return root


def test_the_completed_ruleset_needs_no_code(completed: Path) -> None:
    copied, shipped = _code(completed), _code(REPO)
    assert copied and all(shipped.get(path) == text for path, text in copied.items())
    done = _variants(completed, "validate", f"rulesets/{STARTED}.yaml")
    assert done.status == 0, done.err
    assert done.out.startswith("1 ruleset(s) valid")


def _option_values(ruleset: dict[str, object]) -> list[str]:
    options = ruleset.get("options")
    assert isinstance(options, list)
    return [f"{o['id']}={v['value']}" for o in options for v in o["values"]]


def test_the_completed_ruleset_plays_every_player_count_and_option(completed: Path) -> None:
    ruleset = yaml.safe_load(FINISHED.read_text(encoding="utf-8"))
    players = ruleset["rules"]["players"]
    for count in range(players["min"], players["max"] + 1):
        for choice in [None, *_option_values(ruleset)]:
            option = ["--option", choice] if choice else []
            args = ["--players", str(count), "--deals", "20", "--seed", "3"]
            done = _variants(completed, "simulate", STARTED, *args, *option)
            assert done.status == 0, (count, choice, done.err)
            assert done.out.startswith(f"{STARTED}: {count} players"), done.out
    deal = _variants(completed, "deal", STARTED, "--players", "5", "--seed", "3", "--out", "d.yaml")
    assert deal.status == 0, deal.err
    replay = _variants(completed, "replay", "d.yaml")
    assert replay.status == 0, replay.err
    assert "it stays on the table, a stop." in replay.out
    assert "so it must lie in the extra hand" in replay.out  # the source's own name for it


def _inputs(root: Path) -> dict[str, bytes]:
    """Every file the site is built from, by its path in the project: mkdocs.yml, the pages
    written by hand, the rulesets, the deals and the source texts."""
    found = {"mkdocs.yml": (root / "mkdocs.yml").read_bytes()}
    for folder in ("docs", "rulesets", "examples", "sources"):
        found |= {
            p.relative_to(root).as_posix(): p.read_bytes()
            for p in sorted((root / folder).rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts
        }
    return found


def test_the_completed_ruleset_is_built_on_the_site(completed: Path, built_site: Path) -> None:
    """The completed copy is the project, file for file (its code too, above): its site is the
    project's own, built once for the run (``built_site``), where the ruleset has its page, its
    column of the comparison, its examples and its statistics."""
    assert _inputs(completed) == _inputs(REPO)
    built = built_site
    page = (built / "rulesets" / STARTED / "index.html").read_text(encoding="utf-8")
    assert "Hoyle&#39;s Games Modernized" in page or "Hoyle's Games Modernized" in page
    assert 'id="interp-dressing-each-deal"' in page
    compare = (built / "compare" / "index.html").read_text(encoding="utf-8")
    assert f'href="../rulesets/{STARTED}/#rule-compartment-pope"' in compare
    examples = (built / "examples" / STARTED / "index.html").read_text(encoding="utf-8")
    assert "players" in examples
    statistics = (built / "statistics" / STARTED / "index.html").read_text(encoding="utf-8")
    assert "<svg" in statistics
