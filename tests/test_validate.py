"""The validator's contract: every broken ruleset in tests/broken/ gives exactly its expected lines.

Each file in ``tests/broken/`` is a copy of a valid ruleset in ``tests/valid/`` (Peel's rules,
trimmed) with its own id and exactly one mistake, named after the mistake. ``CASES`` below holds,
for each file, the exact lines ``FILE:LINE:COL: message (at json/path)`` a person fixing the file
would want to read. Where the validator does not print them yet, the case carries the reason and
its line test is marked ``xfail(strict=True)``: it starts to pass, and must then be unmarked,
the day the validator is fixed.

The validator runs as a user runs it (``variants validate FILE`` from the repository's root, in
this process through ``tests/clirun.py``, where any exception that escapes the command fails the
test) and is pointed at the source texts in ``../shared/sources`` with ``--sources``. Without
that folder the cases that need the texts are skipped.
"""

from __future__ import annotations

import dataclasses
import difflib
import re
import shutil
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from clirun import Outcome, run
from texts import HAVE_SOURCES, SOURCES

from variants.mechanics.ruleset import Rules, Ruleset
from variants.rules.loader import find_sources_dir, load_ruleset

REPO = Path(__file__).resolve().parent.parent
BROKEN = REPO / "tests" / "broken"
VALID = REPO / "tests" / "valid"
SHIPPED = REPO / "rulesets"
NO_SOURCES = f"the source texts are not in {SOURCES}: quotes and line counts cannot be checked"

# The one-change-from-the-base test ignores the comment that says what is broken.
HEADER = re.compile(r"\A(?:#.*\n)+")


@dataclass(frozen=True)
class Case:
    """One broken file and the lines the validator must print for it."""

    name: str
    lines: tuple[str, ...]
    base: str = "base"
    needs_sources: bool = False
    bug: str | None = None
    """Why the validator does not print ``lines`` yet; the line test is xfail while it is set."""
    bug_needs_sources: bool = False
    """The bug only shows when quotes are checked against the source texts."""
    crashes: bool = False
    """The validator currently dies with a traceback on this file."""

    @property
    def path(self) -> str:
        return f"tests/broken/{self.name}.yaml"


def _case(name: str, *lines: str, **kwargs: Any) -> Case:
    return Case(name, tuple(f"tests/broken/{name}.yaml:{line}" for line in lines), **kwargs)


CASES: tuple[Case, ...] = (
    _case(
        "yaml-bad-indentation",
        "28:6: YAML syntax error: bad indentation: this line does not line up with the keys of the block that starts on line 27",
    ),
    _case(
        "yaml-unclosed-bracket",
        "27:12: YAML syntax error: the list [ opened here is not closed (on line 28: expected ',' or ']', but got ':')",
    ),
    _case(
        "duplicate-key",
        "22:5: duplicate key 'max' (first given on line 21) (at rules/players/max)",
    ),
    _case(
        "duplicate-key-block",
        "126:5: duplicate key 'provenance' (first given on line 124) (at rules/game/provenance)",
    ),
    _case(
        "wrong-type-text-for-number",
        "114:15: expected an integer, got text 'one' (at rules/going_out/per_card)",
    ),
    _case(
        "unknown-key-typo",
        "58:5: unknown key 'compartmens': did you mean 'compartments'? (allowed here: carry_over, compartments, interpretation, pool_drawn, provenance) (at rules/board/compartmens)",
    ),
    _case(
        "unknown-key-optional",
        "22:5: unknown key 'interpretaion': did you mean 'interpretation'? (allowed here: interpretation, max, min, provenance) (at rules/players/interpretaion)",
    ),
    _case(
        "missing-required-key",
        "82:3: missing key 'when' in dressing (at rules/dressing)",
    ),
    _case(
        "bad-enum-value",
        "33:13: 'highest-card' is not one of: lowest-card, first-jack, agreed (at rules/first_dealer/method)",
    ),
    _case(
        "short-title-markup",
        "4:14: 'Peel <b>bold</b>' is not a short title (letters, digits, spaces and . , ' ( ) - only) (at short_title)",
    ),
    _case(
        "card-not-a-card",
        "28:15: '8X' is not a card (<rank><suit>, such as 9D or 10H) (at rules/pack/removed/0)",
    ),
    _case(
        "rank-not-a-rank",
        "27:50: 'C' is not a rank (A 2 3 4 5 6 7 8 9 10 J Q K) (at rules/pack/ranks/12)",
    ),
    _case(
        "win-names-two-kinds",
        "72:9: a win names exactly one of card, trump, trumps, cards, going_out, ranks, pair, best, held_trumps, sequence, vying; this one names card, trump (at rules/board/compartments/2/win)",
    ),
    _case(
        "players-max-too-large",
        "21:10: 30 is too large: at most 14 (at rules/players/max)",
    ),
    _case(
        "id-not-file-name",
        "2:5: the id 'base' must match the file name 'id-not-file-name' (at id)",
    ),
    _case(
        "duplicate-compartment-id",
        "76:13: the id 'ace' is used twice (at rules/board/compartments/3/id)",
    ),
    _case(
        "stakes-unknown-compartment",
        "85:37: no compartment 'aces' on the board (at rules/dressing/stakes/aces)",
    ),
    _case(
        "holders-unknown-compartment",
        "116:23: no compartment 'popejoan' (at rules/going_out/holders/0/compartment)",
    ),
    _case(
        "holders-card-and-compartment",
        "116:9: name the compartment whose card is held, or the card, not both (at rules/going_out/holders/0)",
    ),
    _case(
        "holders-card-not-in-pack",
        "116:16: 8D is not in the pack (at rules/going_out/holders/0/card)",
    ),
    _case(
        "interpretation-unknown",
        "22:21: no interpretation has the id 'players-count' (at rules/players/interpretation)",
    ),
    _case(
        "alternative-staking-fixed-stakes",
        "170:18: a staking policy plays only stakes the players choose (dressing payer spread); "
        "these rules fix every stake (at interpretations/1/alternatives/0/staking)",
    ),
    _case(
        "alternative-option-and-staking",
        "182:18: an alternative is played by an option or by a staking policy, not both "
        "(at interpretations/2/alternatives/0/staking)",
    ),
    _case(
        "alternative-unknown-option-value",
        "171:16: option 'dressing' has no value 'dealers' (at interpretations/1/alternatives/0/value)",
    ),
    _case(
        "option-default-not-a-value",
        "130:14: the default 'pooled' is not one of the values (pool, dealer) (at options/0/default)",
    ),
    _case(
        "option-set-path-nowhere",
        "154:9: with pope_bonus=at-end: the path 'board.compartment.pope.bonus' leads nowhere: 'board.compartment' does not exist (at options/1/values/1/set)",
    ),
    _case(
        "option-value-breaks-rule",
        "138:9: with dressing=dealer: remainder_to is only for payer shares (in rules/dressing/remainder_to) (at options/0/values/1/set)",
    ),
    _case(
        "option-value-breaks-schema",
        "154:9: with pope_bonus=at-end: 'at-last' is not one of: at-play, at-end (in rules/board/compartments/0/bonus/counted) (at options/1/values/1/set)",
    ),
    _case(
        "provenance-unknown-source",
        "35:18: '002_3e5828ade67e0df0.txt' is not one of the ruleset's source files (000_919af007d8e82e04.txt) (at rules/first_dealer/provenance/0/source)",
    ),
    _case(
        "lines-past-end",
        "118:51: 000_919af007d8e82e04.txt has only 149 lines (at rules/going_out/provenance/0/lines)",
    ),
    _case(
        "lines-not-the-books-text",
        "24:51: 000_919af007d8e82e04.txt lines 1-2 are not the book's text but the web page's "
        "header and menu (so the bibliography marks them): cite the book's own lines "
        "(at rules/players/provenance/0/lines)",
    ),
    _case(
        "lines-backwards",
        "125:51: the range 43-42 runs backwards (at rules/game/provenance/0/lines)",
    ),
    _case(
        "quote-not-at-lines",
        "100:68: the words 'The seven of hearts thus becomes a stop' are not in 000_919af007d8e82e04.txt lines 13 (at rules/play/stops/removed/provenance/0/quote)",
        needs_sources=True,
    ),
    _case(
        "source-file-line-count",
        "16:14: 000_919af007d8e82e04.txt has 149 lines, not 150 (at source/files/0/lines)",
        needs_sources=True,
    ),
    _case(
        "source-file-absent",
        "17:13: no source file '009_not_there.txt' in the sources folder (at source/files/1/name)",
        needs_sources=True,
    ),
    _case(
        "players-min-above-max",
        "20:10: min is larger than max (at rules/players/min)",
    ),
    _case(
        "fixed-table-missing-row",
        "42:5: the deal does not add up: the deal table has no row for 6 players (at rules/deal/table)",
        base="base-fixed-table",
    ),
    _case(
        "fixed-table-too-many-cards",
        "42:5: the deal does not add up: 3 players at 17 cards each need 52 cards; the pack has 51 (at rules/deal/table)",
        base="base-fixed-table",
    ),
    _case(
        "stop-cause-missing",
        "94:5: a 'removed' stop can happen under these rules: list it (at rules/play/stops)",
    ),
    _case(
        "trumps-without-trump-suit",
        "50:11: matrimony, ace need a trump suit, but trump.suit is none (at rules/trump/suit)",
    ),
)


def run_validate(*args: str, env: Mapping[str, str | None] | None = None) -> Outcome:
    """``variants validate ARGS`` from the repository's root, with ``env`` changed."""
    return run(["validate", *args], cwd=REPO, env=env)


def sources_env() -> dict[str, str | None]:
    """The environment for a run: the sources via --sources when present, else none at all."""
    # Without the texts, point the search at the absent folder, so that no other copy is found.
    return {"VARIANTS_SOURCES": None if HAVE_SOURCES else str(SOURCES)}


def sources_args() -> list[str]:
    return ["--sources", str(SOURCES)] if HAVE_SOURCES else []


def validate_file(path: str) -> Outcome:
    return run_validate(path, *sources_args(), env=sources_env())


def _skip_marks(case: Case) -> list[pytest.MarkDecorator]:
    if case.needs_sources:
        return [pytest.mark.skipif(not HAVE_SOURCES, reason=NO_SOURCES)]
    return []


def _line_params() -> list[Any]:
    params = []
    for case in CASES:
        marks = _skip_marks(case)
        if case.bug:
            marks.append(
                pytest.mark.xfail(
                    condition=HAVE_SOURCES or not case.bug_needs_sources,
                    strict=True,
                    reason=f"validator bug: {case.bug}",
                )
            )
        params.append(pytest.param(case, id=case.name, marks=marks))
    return params


def _exit_params() -> list[Any]:
    params = []
    for case in CASES:
        marks = _skip_marks(case)
        if case.crashes:
            marks.append(pytest.mark.xfail(strict=True, reason=f"validator bug: {case.bug}"))
        params.append(pytest.param(case, id=case.name, marks=marks))
    return params


def _summary(problems: int) -> str:
    return f"{problems} problem(s) in 1 of 1 file(s)"


# --- the corpus itself -------------------------------------------------------------------------


def test_every_broken_file_has_an_expectation_and_every_expectation_a_file() -> None:
    on_disk = sorted(p.stem for p in BROKEN.iterdir() if p.suffix in (".yaml", ".yml"))
    assert on_disk == sorted(case.name for case in CASES)


def test_the_corpus_covers_at_least_eighteen_mistakes() -> None:
    assert len(CASES) >= 18


@pytest.mark.parametrize("name", ["base", "base-fixed-table"])
def test_the_unbroken_bases_are_valid(name: str) -> None:
    result = validate_file(f"tests/valid/{name}.yaml")
    assert result.status == 0, result.err
    assert result.err == ""
    texts = "quotes checked against" if HAVE_SOURCES else "quotes not checked"
    assert result.out.startswith("1 ruleset(s) valid; ")
    assert texts in result.out


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_each_broken_file_is_its_base_with_exactly_one_change(case: Case) -> None:
    base = HEADER.sub("", (VALID / f"{case.base}.yaml").read_text(encoding="utf-8"))
    base = base.replace(f"id: {case.base}\n", f"id: {case.name}\n", 1)
    broken = HEADER.sub("", (BROKEN / f"{case.name}.yaml").read_text(encoding="utf-8"))
    matcher = difflib.SequenceMatcher(a=base.splitlines(), b=broken.splitlines(), autojunk=False)
    changes = [op for op in matcher.get_opcodes() if op[0] != "equal"]
    assert len(changes) == 1, "\n".join(
        difflib.unified_diff(base.splitlines(), broken.splitlines(), lineterm="")
    )


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_each_broken_file_keeps_its_file_name_as_id(case: Case) -> None:
    text = (BROKEN / f"{case.name}.yaml").read_text(encoding="utf-8")
    ids = re.findall(r"^id: (.*)$", text, flags=re.MULTILINE)
    expected = "base" if case.name == "id-not-file-name" else case.name
    assert ids == [expected]


# --- what the validator prints for each broken file --------------------------------------------


@pytest.mark.parametrize("case", _exit_params())
def test_a_broken_file_fails_with_status_1_and_no_traceback(case: Case) -> None:
    result = validate_file(case.path)
    assert "Traceback" not in result.err, result.err
    assert result.status == 1
    assert result.out == ""


@pytest.mark.parametrize("case", _line_params())
def test_a_broken_file_reports_exactly_its_expected_lines(case: Case) -> None:
    result = validate_file(case.path)
    assert result.err.splitlines() == [*case.lines, _summary(len(case.lines))]
    assert result.status == 1


# --- the command on folders, missing paths and the shipped rulesets ----------------------------


def test_the_shipped_rulesets_folder_validates_with_a_one_line_summary() -> None:
    count = len([p for p in SHIPPED.iterdir() if p.suffix in (".yaml", ".yml")])
    result = run_validate(*sources_args(), env=sources_env())  # no path: rulesets/ by default
    assert result.status == 0, result.err
    assert result.err == ""
    texts = "quotes checked against .+" if HAVE_SOURCES else "source texts not found, .+"
    assert re.fullmatch(rf"{count} ruleset\(s\) valid; {texts}\n", result.out), result.out


def test_a_folder_argument_validates_every_ruleset_in_it() -> None:
    result = run_validate("tests/valid", *sources_args(), env=sources_env())
    assert result.status == 0, result.err
    assert result.out.startswith("2 ruleset(s) valid; ")
    assert len(result.out.splitlines()) == 1


def test_a_folder_with_one_broken_file_reports_it_among_all_files(tmp_path: Path) -> None:
    shutil.copy(VALID / "base.yaml", tmp_path / "base.yaml")
    shutil.copy(BROKEN / "duplicate-key.yaml", tmp_path / "duplicate-key.yaml")
    env = sources_env()
    env["VARIANTS_SOURCES"] = str(SOURCES)  # the copies are far from ../shared/sources
    result = run_validate(str(tmp_path), env=env)
    assert result.status == 1
    assert result.err.splitlines() == [
        f"{tmp_path / 'duplicate-key.yaml'}:22:5: duplicate key 'max' (first given on line 21) "
        "(at rules/players/max)",
        "1 problem(s) in 1 of 2 file(s)",
    ]
    assert result.out == ""


def test_a_missing_path_gives_one_line_and_status_1() -> None:
    result = run_validate("tests/broken/no-such-ruleset.yaml", env=sources_env())
    assert result.status == 1
    assert result.err == "tests/broken/no-such-ruleset.yaml:1:1: no such file or folder\n"
    assert result.out == ""


# --- shipped rulesets round-trip into the frozen model -----------------------------------------

SHIPPED_FILES = sorted(p for p in SHIPPED.iterdir() if p.suffix in (".yaml", ".yml"))


def _load(path: Path) -> Ruleset:
    """The ruleset, its quotes checked against the texts found as ``variants validate`` finds
    them (a modern page not kept there is cited, not checked)."""
    return load_ruleset(path, find_sources_dir(path) if HAVE_SOURCES else None)


def _assert_frozen(value: Any, where: str) -> None:
    """Every dataclass in the tree is frozen, and nothing in it is a mutable container."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        params = type(value).__dataclass_params__  # type: ignore[attr-defined]
        assert params.frozen, f"{where}: {type(value).__name__} is not frozen"
        for item in dataclasses.fields(value):
            _assert_frozen(getattr(value, item.name), f"{where}.{item.name}")
    elif isinstance(value, tuple):
        for index, item in enumerate(value):
            _assert_frozen(item, f"{where}[{index}]")
    else:
        assert not isinstance(value, list | dict | set), f"{where} is a mutable {type(value)}"


@pytest.mark.parametrize("path", SHIPPED_FILES, ids=[p.name for p in SHIPPED_FILES])
def test_a_shipped_ruleset_loads_into_frozen_dataclasses(path: Path) -> None:
    ruleset = _load(path)
    assert ruleset.id == path.stem
    _assert_frozen(ruleset, ruleset.id)
    _assert_frozen(ruleset.rules, f"{ruleset.id}.rules")
    with pytest.raises(dataclasses.FrozenInstanceError):
        ruleset.id = "changed"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        ruleset.rules.players.max = 99  # type: ignore[misc]


@pytest.mark.parametrize("path", SHIPPED_FILES, ids=[p.name for p in SHIPPED_FILES])
def test_every_single_option_value_of_a_shipped_ruleset_gives_frozen_rules(path: Path) -> None:
    ruleset = _load(path)
    for option in ruleset.options:
        for value in option.values:
            rules = ruleset.rules_for({option.id: value.value})
            assert isinstance(rules, Rules)
            _assert_frozen(rules, f"{ruleset.id}[{option.id}={value.value}]")
            if value.value == option.default:
                assert rules == ruleset.rules


@pytest.mark.parametrize("path", SHIPPED_FILES, ids=[p.name for p in SHIPPED_FILES])
def test_loading_a_shipped_ruleset_twice_gives_equal_objects(path: Path) -> None:
    first, second = _load(path), _load(path)
    assert first == second
    assert hash(first) == hash(second)
    assert first.rules == second.rules
    for option in first.options:
        for value in option.values:
            choice = {option.id: value.value}
            assert first.rules_for(choice) == second.rules_for(choice)
