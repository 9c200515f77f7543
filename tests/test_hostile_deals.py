"""Hostile and unlucky deal files, ``deal --out`` targets and ``variants new`` arguments.

Each case is refused with exit status 1, nothing on standard output and exactly the one line on
standard error that the table gives, run in this process through :mod:`clirun`. A deal file case
is the deal below with one key's lines replaced (or added at the end); a command case runs in a
folder holding a few things to be spared, and that folder must be exactly as it was afterwards:
no temporary file left behind, no link followed, nothing overwritten.
"""

from __future__ import annotations

import os
import shutil
import stat
from dataclasses import dataclass
from pathlib import Path

import pytest
from clirun import REPO, Outcome, run

from variants.rules.loader import load_ruleset

RULESETS = str(REPO / "rulesets")
KNOWN = (
    "(known: cassell, comete, commit, foster, hoffmann, hoyle, matrimony-britannica, "
    "matrimony-cassell, matrimony-enquire, matrimony-foster, modern-shedding, modern-variations, "
    "newmarket, "
    "peel, poch, pochen, queen-nazareen, spin, spinado, squareman, stops)"
)
PEEL_BOARD = "pope, matrimony, intrigue, ace, king, queen, jack, game"
LARGEST = 2**63 - 1

# A three-player deal of peel's in which seat 1 goes out on the fifth lead.
DEAL: dict[str, str] = {
    "ruleset": "ruleset: peel",
    "dealer": "dealer: 1",
    "hands": "\n".join(
        [
            "hands:",
            "  - [8C, AD, 3D, 2H, 7H, 9H, JH, AS, 2S, 3S, 5S, JS]",
            "  - [AC, 2C, 4D, 5D, 6D, 7D, 10D, JD, AH, 4H, 6H, KH]",
            "  - [4C, 9C, QC, 9D, 3H, 5H, 4S, 7S, 8S, 9S, 10S, QS]",
        ]
    ),
    "spare": "spare: [3C, 5C, 6C, 7C, 10C, JC, KC, QD, KD, 8H, 10H, QH, 6S, KS]",
    "turn_up": "turn_up: 2D",
    "leads": "leads: [9D, 4D, KH, AC, AH]",
}
"""Lines 1 to 9; a key added by a case starts on line 10."""


def deal_text(changes: dict[str, str]) -> str:
    lines = [changes.get(key, text) for key, text in DEAL.items()]
    lines += [text for key, text in changes.items() if key not in DEAL]
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class Deal:
    name: str
    changes: dict[str, str]
    line: int
    message: str


DEALS: tuple[Deal, ...] = (
    Deal(
        "policy-a-list",
        {"policy": "policy: [a]"},
        10,
        "policy must be one of lowest, random, advised, not a list",
    ),
    Deal(
        "policy-unknown",
        {"policy": "policy: clever"},
        10,
        "policy must be one of lowest, random, advised, not 'clever'",
    ),
    Deal(
        "ruleset-5000-characters",
        {"ruleset": "ruleset: " + "a" * 5000},
        1,
        f"ruleset must be a ruleset id of at most 64 characters, not 5000 {KNOWN}",
    ),
    Deal(
        "ruleset-an-absolute-path",
        {"ruleset": f"ruleset: {REPO / 'rulesets' / 'peel.yaml'}"},
        1,
        f"ruleset must be a ruleset id, not a path {KNOWN}",
    ),
    Deal(
        "ruleset-up-a-folder",
        {"ruleset": "ruleset: ../rulesets/peel"},
        1,
        f"ruleset must be a ruleset id, not a path {KNOWN}",
    ),
    Deal(
        "ruleset-a-number",
        {"ruleset": "ruleset: 1907"},
        1,
        f"ruleset must be a ruleset id, not a number {KNOWN}",
    ),
    Deal("ruleset-not-an-id", {"ruleset": "ruleset: Peel"}, 1, f"no ruleset 'Peel' {KNOWN}"),
    Deal(
        "options-a-list",
        {"options": "options: [dressing]"},
        10,
        "options must map option ids to values, not a list",
    ),
    Deal(
        "option-value-a-list",
        {"options": "options: {dressing: [pool, dealer]}"},
        10,
        "option 'dressing' must be given one value, not a list",
    ),
    Deal(
        "option-value-true",
        {"options": "options: {dressing: true}"},
        10,
        "option 'dressing' has no value 'true' (allowed: pool, dealer)",
    ),
    Deal(
        "option-id-150-characters",
        {"options": "options: {" + "a" * 150 + ": pool}"},
        10,
        f"ruleset 'peel' has no option '{'a' * 79}…' "
        "(options: five_pool, dressing, first_dealer, shared_pairs, pope_turn_up, "
        "pope_turn_up_limit, pope_joan_wins, pope_bonus, limited_stops, looking_at_spare, "
        "pope_in_lieu)",
    ),
    Deal("dealer-a-float", {"dealer": "dealer: 1.0"}, 2, "dealer must be a seat from 0 to 2"),
    Deal("dealer-true", {"dealer": "dealer: true"}, 2, "dealer must be a seat from 0 to 2"),
    Deal(
        "dealer-huge",
        {"dealer": "dealer: 99999999999999999999"},
        2,
        "dealer must be a seat from 0 to 2",
    ),
    Deal("dealer-negative", {"dealer": "dealer: -1"}, 2, "dealer must be a seat from 0 to 2"),
    Deal("banker-text", {"banker": "banker: seat two"}, 10, "banker must be a seat from 0 to 2"),
    Deal(
        "seed-text",
        {"seed": "seed: lucky"},
        10,
        f"seed must be a whole number from 0 to {LARGEST}",
    ),
    Deal(
        "seed-a-float",
        {"seed": "seed: 1.5"},
        10,
        f"seed must be a whole number from 0 to {LARGEST}",
    ),
    Deal(
        "seed-huge",
        {"seed": f"seed: {LARGEST + 1}"},
        10,
        f"seed must be a whole number from 0 to {LARGEST}",
    ),
    Deal(
        "seed-negative",
        {"seed": "seed: -1"},
        10,
        f"seed must be a whole number from 0 to {LARGEST}",
    ),
    Deal(
        "board-negative",
        {"board": "board:\n  pope: 2\n  game: -3"},
        12,
        "counters must be a whole number from 0 to 1000000",
    ),
    Deal(
        "board-a-float",
        {"board": "board: {pope: 2.5}"},
        10,
        "counters must be a whole number from 0 to 1000000",
    ),
    Deal(
        "board-huge",
        {"board": "board: {pope: 1000001}"},
        10,
        "counters must be a whole number from 0 to 1000000",
    ),
    Deal(
        "board-a-list",
        {"board": "board: [pope]"},
        10,
        "board must map compartment ids to counters, not a list",
    ),
    Deal(
        "board-unknown-long-compartment",
        {"board": "board: {" + "m" * 100 + ": 1}"},
        10,
        f"no compartment '{'m' * 39}…' (board: {PEEL_BOARD})",
    ),
    Deal(
        "lead-after-the-end",
        {"leads": "leads:\n  - 9D\n  - 4D\n  - KH\n  - AC\n  - AH\n  - 2S\n  - 3S"},
        15,
        "lead 6: the deal is over by then: seat 1 went out on lead 5",
    ),
    Deal(
        "lead-a-list",
        {"leads": "leads: [9D, [4D]]"},
        9,
        "a card is written <rank><suit>, for example 10H or QS, not a list",
    ),
    Deal(
        "lead-a-long-word",
        {"leads": "leads: [9D, " + "x" * 3000 + "]"},
        9,
        "'xxxxxxx…' is not a card: write <rank><suit>, for example 10H or QS",
    ),
    Deal("leads-a-number", {"leads": "leads: 5"}, 9, "leads must be a list of cards, not a number"),
    Deal("spare-nothing", {"spare": "spare:"}, 7, "spare must be a list of cards, not nothing"),
    Deal(
        "turn-up-a-list",
        {"turn_up": "turn_up: [2D]"},
        8,
        "a card is written <rank><suit>, for example 10H or QS, not a list",
    ),
    Deal(
        "hands-a-mapping",
        {"hands": "hands: {seat: [AC]}"},
        3,
        "hands must be a list of lists of cards, one per seat",
    ),
    Deal("title-a-list", {"title": "title: [Peel, 1872]"}, 10, "title must be text, not a list"),
    Deal("title-a-number", {"title": "title: 1872"}, 10, "title must be text, not a number"),
    Deal(
        "title-two-lines",
        {"title": 'title: "one\\ntwo"'},
        10,
        "title must be one line of printable text: it holds U+000A at character 4",
    ),
    Deal(
        "title-201-characters",
        {"title": "title: " + "t" * 201},
        10,
        "title is 201 characters long; at most 200 are allowed",
    ),
    Deal("notes-a-mapping", {"notes": "notes: {a: b}"}, 10, "notes must be text, not a mapping"),
)


def play(folder: Path) -> Outcome:
    """``variants play deal.yaml --json`` in ``folder``, with the project's rulesets."""
    return run(["play", "deal.yaml", "--json"], cwd=folder, env={"VARIANTS_RULESETS": RULESETS})


@pytest.mark.parametrize("case", DEALS, ids=[case.name for case in DEALS])
def test_a_hostile_deal_file_is_refused_in_one_line(case: Deal, tmp_path: Path) -> None:
    (tmp_path / "deal.yaml").write_text(deal_text(case.changes), encoding="utf-8")
    done = play(tmp_path)
    assert (done.status, done.out, done.err_lines) == (
        1,
        "",
        [f"variants: deal.yaml:{case.line}: {case.message}"],
    )


def test_the_deal_the_cases_start_from_plays(tmp_path: Path) -> None:
    (tmp_path / "deal.yaml").write_text(deal_text({}), encoding="utf-8")
    done = play(tmp_path)
    assert (done.status, done.err) == (0, "")
    assert '"winner": 1' in done.out


# --------------------------------------------------------------------------------------------
# Commands that write files


def spared(folder: Path) -> None:
    """Things a command must leave as they are: a folder, a link to a file, a dangling link, a
    ruleset to start from."""
    (folder / "folder").mkdir()
    (folder / "target.yaml").write_text("precious\n", encoding="utf-8")
    (folder / "link.yaml").symlink_to("target.yaml")
    (folder / "rulesets").mkdir()
    shutil.copy(REPO / "rulesets" / "peel.yaml", folder / "rulesets" / "peel.yaml")
    (folder / "rulesets" / "taken.yaml").symlink_to("../nowhere.yaml")


def snapshot(folder: Path) -> dict[str, tuple[str, bytes | str]]:
    """Every path below ``folder``: a file with its bytes, a link with its target, a folder."""
    found: dict[str, tuple[str, bytes | str]] = {}
    for top, folders, files in os.walk(folder):
        for name in folders + files:
            path = Path(top) / name
            key = str(path.relative_to(folder))
            if path.is_symlink():
                found[key] = ("link", os.readlink(path))
            elif path.is_dir():
                found[key] = ("folder", "")
            else:
                found[key] = ("file", path.read_bytes())
    return found


@dataclass(frozen=True)
class Command:
    name: str
    args: list[str]
    message: str
    rulesets: tuple[tuple[str, str], ...] = ()
    """Files put in the rulesets folder first, by name, with their text."""


DEAL_ARGS = ["deal", "peel", "--players", "3", "--seed", "118"]


def deal_to(out: str) -> list[str]:
    return [*DEAL_ARGS, "--out", out]


def new(ruleset_id: str, title: str, *more: str) -> list[str]:
    return ["new", ruleset_id, "--title", title, "--rulesets", "rulesets", *more]


SITE_PAGES = (
    "the name of one of the site's own pages (compare, contributing, differences, disagreements, "
    "family, glossary, in-brief, index, one-deal, play, replay, schema, sources, timeline); choose "
    "another"
)
PEEL = (REPO / "rulesets" / "peel.yaml").read_text(encoding="utf-8")


COMMANDS: tuple[Command, ...] = (
    Command(
        "deal-out-into-a-missing-folder",
        deal_to("missing/deal.yaml"),
        "variants: missing/deal.yaml: no folder missing to write it in",
    ),
    Command(
        "deal-out-onto-a-folder", deal_to("folder"), "variants: folder: is a folder, not a file"
    ),
    Command(
        "deal-out-onto-a-link",
        deal_to("link.yaml"),
        "variants: link.yaml: is a symbolic link; refusing to write through it",
    ),
    Command(
        "deal-out-onto-a-device",
        deal_to(os.devnull),
        f"variants: {os.devnull}: is not a regular file; refusing to replace it",
    ),
    Command(
        "new-id-300-characters",
        new("a" * 300, "x"),
        f"variants: '{'a' * 39}…' is not a valid id: it is 300 characters long; "
        "an id has at most 64",
    ),
    Command(
        "new-id-a-path",
        new("../escape", "x"),
        "variants: '../escape' is not a valid id: use lower-case letters and digits, words "
        "joined by - or _ (for example hoyle-1907)",
    ),
    Command(
        "new-title-with-a-control-character",
        new("bell", "Pope\aJoan"),
        "variants: the title must be one line of printable text: it holds U+0007 at character 5",
    ),
    Command(
        "new-title-on-two-lines",
        new("two-lines", "Pope\nJoan"),
        "variants: the title must be one line of printable text: it holds U+000A at character 5",
    ),
    Command(
        "new-title-121-characters",
        new("long", "t" * 121),
        "variants: the title is 121 characters long; a title has at most 120",
    ),
    Command(
        "new-title-empty",
        new("empty", " "),
        "variants: the title is empty: give the source's title, for example --title 'Hoyle, 1907'",
    ),
    Command(
        "new-onto-an-existing-file",
        new("peel", "Peel again"),
        "variants: rulesets/peel.yaml exists already: choose another id or edit that file",
    ),
    Command(
        "new-onto-a-dangling-link",
        new("taken", "Taken"),
        "variants: rulesets/taken.yaml exists already: choose another id or edit that file",
    ),
    Command(
        "new-like-a-path",
        new("copy", "Copy", "--like", "../rulesets/peel"),
        "variants: no ruleset '../rulesets/peel' to start from (known: peel, taken)",
    ),
    # --- what `variants validate` refuses is never written ------------------------------------
    Command(
        "new-id-of-the-compare-page",
        new("compare", "Compare"),
        "variants: not writing rulesets/compare.yaml, which would not validate: 'compare' is "
        f"{SITE_PAGES} (at id)",
    ),
    Command(
        "new-id-of-the-home-page-like-peel",
        new("index", "Index", "--like", "peel"),
        f"variants: not writing rulesets/index.yaml, which would not validate: 'index' is "
        f"{SITE_PAGES} (at id)",
    ),
    Command(
        "new-id-ending-in-a-newline",
        new("trail\n", "Trail"),
        "variants: 'trail\\n' is not a valid id: use lower-case letters and digits, words "
        "joined by - or _ (for example hoyle-1907)",
    ),
    Command(
        "new-title-with-a-direction-override",
        new("rtl", "Pope \u202eJoan"),
        "variants: the title must be one line of printable text: it holds U+202E at character 6",
    ),
    Command(
        "new-like-a-ruleset-that-does-not-validate",
        new("copy", "Copy", "--like", "decimal"),
        "variants: not writing rulesets/copy.yaml, which would not validate: expected an "
        "integer, got number 3.0 (at rules/players/min)",
        rulesets=(("decimal.yaml", PEEL.replace("    min: 3\n", "    min: 3.0\n", 1)),),
    ),
    Command(
        "new-like-a-ruleset-that-is-not-yaml",
        new("copy", "Copy", "--like", "unclosed"),
        "variants: cannot start from unclosed.yaml: rulesets/unclosed.yaml:1:5: YAML syntax "
        "error: the list [ opened here is not closed (on line 2: expected ',' or ']', but got "
        "'<stream end>')",
        rulesets=(("unclosed.yaml", "id: [copy\n"),),
    ),
    Command(
        "new-like-a-list",
        new("copy", "Copy", "--like", "listed"),
        "variants: cannot start from listed.yaml: rulesets/listed.yaml holds no ruleset's rules",
        rulesets=(("listed.yaml", "- id: listed\n"),),
    ),
    Command(
        "new-like-a-ruleset-whose-advice-option-has-a-list-for-its-id",
        new("copy", "Copy", "--like", "listed"),
        "variants: not writing rulesets/copy.yaml, which would not validate: expected a string, "
        "got list ['advice'] (at options/0/id); and 1 other problem(s)",
        rulesets=(
            (
                "listed.yaml",
                PEEL.replace(
                    "options:\n",
                    "options:\n  - id: [advice]\n    label: Advice\n    default: a\n"
                    "    values:\n      - {value: a, label: A}\n"
                    "      - {value: b, label: B,\n"
                    "         set: {advice.preferences: [], pack.removed: []}}\n",
                    1,
                ),
            ),
        ),
    ),
    Command(
        "new-beside-the-same-id-in-yml",
        new("peel-again", "Peel again"),
        "variants: rulesets/peel-again.yml exists already: choose another id or edit that file",
        rulesets=(("peel-again.yml", PEEL.replace("id: peel\n", "id: peel-again\n", 1)),),
    ),
)


@pytest.mark.parametrize("case", COMMANDS, ids=[case.name for case in COMMANDS])
def test_a_hostile_write_is_refused_and_touches_nothing(case: Command, tmp_path: Path) -> None:
    spared(tmp_path)
    for name, text in case.rulesets:
        (tmp_path / "rulesets" / name).write_text(text, encoding="utf-8")
    before = snapshot(tmp_path)
    device = os.stat(os.devnull)
    done = run(case.args, cwd=tmp_path, env={"VARIANTS_RULESETS": RULESETS})
    assert (done.status, done.out, done.err_lines) == (1, "", [case.message])
    assert snapshot(tmp_path) == before
    after = os.stat(os.devnull)
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == device.st_rdev


def written_deal(tmp_path: Path, out: str) -> Outcome:
    return run(deal_to(out), cwd=tmp_path, env={"VARIANTS_RULESETS": RULESETS})


def test_a_link_planted_at_a_temporary_name_is_not_followed(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n", encoding="utf-8")
    (tmp_path / "deal.yaml.part").symlink_to(victim)
    done = written_deal(tmp_path, "deal.yaml")
    assert (done.status, done.out, done.err) == (0, "wrote deal.yaml\n", "")
    assert victim.read_text(encoding="utf-8") == "precious\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "deal.yaml",
        "deal.yaml.part",
        "victim.txt",
    ]
    assert not (tmp_path / "deal.yaml").is_symlink()
    again = play(tmp_path)
    assert (again.status, again.err) == (0, "")


def test_deal_out_replaces_a_deal_file_whole(tmp_path: Path) -> None:
    (tmp_path / "deal.yaml").write_text("old\n", encoding="utf-8")
    done = written_deal(tmp_path, "deal.yaml")
    assert (done.status, done.err) == (0, "")
    printed = run(DEAL_ARGS, cwd=tmp_path, env={"VARIANTS_RULESETS": RULESETS})
    assert (tmp_path / "deal.yaml").read_text(encoding="utf-8") == printed.out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deal.yaml"]


@pytest.mark.parametrize("like", [None, "peel"])
@pytest.mark.parametrize("title", ["C:\\new\\table", '\\1 \\g<0> $& {{ title }} "quoted" #'])
def test_a_title_is_written_literally(title: str, like: str | None, tmp_path: Path) -> None:
    spared(tmp_path)
    more = ["--like", like] if like else []
    done = run(new("windows", title, *more), cwd=tmp_path, env={"VARIANTS_RULESETS": None})
    assert (done.status, done.err) == (0, "")
    ruleset = load_ruleset(tmp_path / "rulesets" / "windows.yaml")
    assert (ruleset.id, ruleset.title) == ("windows", title)


def test_new_accepts_an_id_of_64_characters(tmp_path: Path) -> None:
    spared(tmp_path)
    done = run(new("a" * 64, "Long"), cwd=tmp_path, env={"VARIANTS_RULESETS": None})
    assert (done.status, done.err) == (0, "")
    assert load_ruleset(tmp_path / "rulesets" / f"{'a' * 64}.yaml").id == "a" * 64
