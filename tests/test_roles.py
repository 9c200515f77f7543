"""Roles, not ids: generic code finds a compartment by what it does, never by its id.

A compartment's id is the ruleset's own word. A copy of a shipped ruleset with every compartment
renamed (the board, the dressing, the holders' rules, the options' paths and values) must play,
count, narrate and publish exactly as the original does, names aside; and no module names the
compartment id of a shipped ruleset.
"""

from __future__ import annotations

import ast
import json
import re
import shutil
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import yaml
from clirun import run
from conftest import build_site

from variants.analysis.reports import report_json
from variants.cli import experiment
from variants.dealfile import play_deal_file, read_deal_file
from variants.engine.events import Paid
from variants.mechanics.ruleset import Ruleset
from variants.rules import roles
from variants.rules.loader import load_ruleset
from variants.site import compare, statistics
from variants.site import stats_runs as sr
from variants.site.render import Linker
from variants.site.svg import _segments

REPO = Path(__file__).resolve().parent.parent
RULESETS = REPO / "rulesets"
SRC = REPO / "src" / "variants"

NEW_IDS = {
    "pope": "nine-box",
    "matrimony": "marriage-box",
    "intrigue": "plot-box",
    "confederacy": "league-box",
    "ace": "one-box",
    "king": "rex-box",
    "queen": "regina-box",
    "jack": "knave-box",
    "ten": "decem-box",
    "game": "out-box",
}
"""The renamed copies' compartment ids: none holds an old id, and each ends in ``-box``, a word
no page uses otherwise, so that a page of a copy maps back to the original's word for word."""

# --------------------------------------------------------------------------------------------
# Renaming a ruleset's compartments


def _renamed(value: str, names: dict[str, str]) -> str:
    return names.get(value, value)


def rename_rules(node: Any, path: tuple[str, ...], names: dict[str, str]) -> Any:
    """``node``, found at ``path`` in ``rules`` (a compartment id in a path written ``*``), with
    every compartment id in it renamed (``None``, an option's removal, stays ``None``)."""
    if node is None:
        return None
    if path == ("dressing", "stakes"):
        return {_renamed(k, names): v for k, v in node.items()}
    if path in (
        ("dressing", "remainder_to"),
        ("going_out", "holders", "*", "compartment"),
        ("play", "in_lieu", "compartment"),
    ):
        return _renamed(node, names)
    if path in (("board", "compartments", "*", "turn_up", "also"), ("play", "lead_only")):
        return [_renamed(item, names) for item in node]
    if path == ("board", "compartments", "*"):
        node = {**node, "id": _renamed(node["id"], names)}
    if isinstance(node, dict):
        return {k: rename_rules(v, (*path, k), names) for k, v in node.items()}
    if isinstance(node, list):
        item = "*" if path in (("board", "compartments"), ("going_out", "holders")) else "-"
        return [rename_rules(v, (*path, item), names) for v in node]
    return node


def rename_path(dotted: str, names: dict[str, str]) -> tuple[str, tuple[str, ...]]:
    """An option's ``set`` path with its compartment ids renamed, and its pattern for
    :func:`rename_rules`."""
    parts = dotted.split(".")
    pattern = list(parts)
    for index in range(2, len(parts)):
        if parts[index - 2 : index] == ["board", "compartments"]:
            parts[index] = _renamed(parts[index], names)
            pattern[index] = "*"
        if parts[index - 2 : index] == ["dressing", "stakes"]:
            parts[index] = _renamed(parts[index], names)
    return ".".join(parts), tuple(pattern)


def compartment_ids(data: dict[str, Any]) -> set[str]:
    """Every compartment id of a ruleset document, those its options put on the board included."""
    found = {c["id"] for c in data["rules"]["board"]["compartments"]}
    for option in data["options"]:
        for value in option["values"]:
            for dotted, changed in value.get("set", {}).items():
                if dotted == "board.compartments":
                    found |= {c["id"] for c in changed}
    return found


def renamed_copy(data: dict[str, Any], new_id: str) -> tuple[dict[str, Any], dict[str, str]]:
    """A copy of a ruleset document with the id ``new_id`` and every compartment renamed (its
    labels, citations and everything else as they were), and the new id of each old one."""
    names = {
        old: NEW_IDS.get(old, f"c{index}-box")
        for index, old in enumerate(sorted(compartment_ids(data)))
    }
    copy = {**data, "id": new_id, "rules": rename_rules(data["rules"], (), names)}
    options = []
    for option in data["options"]:
        values = []
        for value in option["values"]:
            if "set" in value:
                changes = {}
                for dotted, changed in value["set"].items():
                    renamed, pattern = rename_path(dotted, names)
                    changes[renamed] = rename_rules(changed, pattern, names)
                value = {**value, "set": changes}
            values.append(value)
        options.append({**option, "values": values})
    copy["options"] = options
    return copy, names


def write_copy(source: Path, folder: Path, new_id: str) -> dict[str, str]:
    """Write a renamed copy of the ruleset file ``source`` into ``folder``; the renaming."""
    data = yaml.safe_load(source.read_text("utf-8"))
    copy, names = renamed_copy(data, new_id)
    text = yaml.safe_dump(copy, sort_keys=False, allow_unicode=True, width=100)
    (folder / f"{new_id}.yaml").write_text(text, "utf-8")
    return names


def back(text: str, names: dict[str, str], new_id: str, old_id: str) -> str:
    """A copy's text in the original's words: its compartment ids and its own id mapped back."""
    for old, new in sorted(names.items(), key=lambda item: -len(item[1])):
        text = text.replace(new, old)
    old_name = old_id.replace("-", " ").capitalize()
    new_name = new_id.replace("-", " ").capitalize()
    return text.replace(new_id, old_id).replace(new_name, old_name)


@pytest.fixture(scope="module")
def copies(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, dict[str, str]]]:
    """A rulesets folder holding the shipped rulesets and a renamed copy of each, the copy of
    ``peel`` named ``renamed-peel``; with the renaming of each copy."""
    folder = tmp_path_factory.mktemp("roles") / "rulesets"
    folder.mkdir()
    renamings = {}
    for path in sorted(RULESETS.glob("*.yaml")):
        shutil.copy(path, folder / path.name)
        renamings[path.stem] = write_copy(path, folder, f"renamed-{path.stem}")
    return folder, renamings


def loaded(folder: Path, rid: str) -> Ruleset:
    return load_ruleset(folder / f"{rid}.yaml", each_option=False)


def test_a_renamed_copy_renames_every_reference(copies: tuple[Path, Any]) -> None:
    folder, renamings = copies
    copy = loaded(folder, "renamed-modern-variations")
    assert copy.rules.board.ids == (
        "one-box",
        "rex-box",
        "regina-box",
        "knave-box",
        "nine-box",
        "out-box",
        "plot-box",
        "marriage-box",
    )
    assert [c.label for c in copy.rules.board.compartments][4] == "Pope 9"
    assert copy.rules.going_out.holders[0].compartment == "nine-box"
    assert copy.rules_for({"pope_lead_only": "yes"}).play.lead_only == ("nine-box",)
    payout = copy.rules_for({"pope_turn_up": "void"}).board.get("nine-box").turn_up
    assert payout is not None and payout.also == ("out-box",)
    foster = loaded(folder, "renamed-foster")
    assert foster.rules_for({"layout": "matrimony"}).board.ids == (
        "nine-box",
        "out-box",
        "marriage-box",
        "plot-box",
        "league-box",
    )
    assert dict(foster.rules.dressing.stakes)["nine-box"] == 5
    peel = loaded(folder, "renamed-peel")
    assert peel.rules.dressing.remainder_to == "out-box"
    assert renamings["peel"]["pope"] == "nine-box"


# --------------------------------------------------------------------------------------------
# The roles, on the shipped rulesets


def test_the_roles_find_the_traditional_compartments(rulesets: dict[str, Ruleset]) -> None:
    def ids(find: Callable[[Any], Any], rid: str, **options: str) -> str | None:
        found = find(rulesets[rid].rules_for(options))
        return None if found is None else str(found.id)

    for rid in ("peel", "foster", "modern-shedding", "modern-variations"):
        assert ids(roles.chief_card, rid) == "pope", rid
    assert ids(roles.chief_card, "foster", layout="matrimony") == "pope"
    # Foster's layout has five compartments won by one card; the Pope is dressed with most.
    assert [c.id for c in roles.won_by_card(rulesets["foster"].rules)] == [
        "ten",
        "jack",
        "queen",
        "king",
        "pope",
    ]
    assert ids(roles.king_and_queen, "peel") == "matrimony"
    assert ids(roles.king_and_queen, "modern-shedding") == "matrimony"  # labelled Marriage
    assert ids(roles.king_and_queen, "foster") is None
    assert ids(roles.king_and_queen, "foster", layout="matrimony") == "matrimony"
    assert [c.id for c in roles.pairs(rulesets["modern-variations"].rules)] == [
        "intrigue",
        "matrimony",
    ]
    assert ids(roles.going_out, "peel") == "game" and ids(roles.going_out, "foster") is None


def test_a_board_without_a_card_compartment_has_no_pope(rulesets: dict[str, Ruleset]) -> None:
    rules = rulesets["peel"].rules
    board = tuple(c for c in rules.board.compartments if not roles.by_named_card(c.win))
    without = replace(rules, board=replace(rules.board, compartments=board))
    assert roles.chief_card(without) is None
    assert statistics.has_pope_card(without) is False
    assert compare.pope_card(without) == "no Pope"
    assert compare.pope_holder(without) == "no Pope"
    assert not any(segment.chief for segment in _segments(without, 170, 170, 150))
    assert [s.chief for s in _segments(rules, 170, 170, 150)] == [True] + [False] * 7


def test_a_ruleset_without_a_pope_or_matrimony_says_so(rulesets: dict[str, Ruleset]) -> None:
    peel = rulesets["peel"]
    rules = json.loads(peel.raw_rules)
    kept = [c for c in rules["board"]["compartments"] if c["win"].get("card") is None]
    rules["board"]["compartments"] = [c for c in kept if c["win"].get("trumps") != ["Q", "K"]]
    bare = replace(peel, id="bare", raw_rules=json.dumps(rules), options=())
    p = statistics.plan(bare)
    assert p.popes == () and p.pope == {} and p.matrimony == () and p.games == {}
    link = Linker("statistics/bare.md")
    page = statistics.Page(bare, p, statistics.Results(), statistics.Counter(), "st-bare", link)
    pope = statistics.chief_card.section(page)
    assert pope.answer == (
        "<p>No compartment here is won by one named card, so this board has no Pope and the "
        "question does not arise under these rules.</p>"
    )
    matrimony = statistics.king_and_queen.section(page)
    assert "There is no Matrimony on this board" in matrimony.answer
    assert (pope.body, matrimony.body) == ([], [])


def test_the_options_about_a_role_are_those_that_change_how_it_is_won_or_paid(
    rulesets: dict[str, Ruleset],
) -> None:
    def options(variants: list[statistics.Variant]) -> list[tuple[tuple[str, str], ...]]:
        return [v.options for v in variants]

    assert options(statistics.pope_variants(rulesets["modern-variations"])) == [
        (),
        (("pope_turn_up", "void"),),
        (("pope_lead_only", "yes"),),
        (("pope_holder", "double"),),
    ]
    # The layout option puts a new Pope on the board, won and paid as before: not about it.
    assert options(statistics.pope_variants(rulesets["foster"])) == [(), (("pope_card", "nine"),)]
    assert options(statistics.matrimony_variants(rulesets["modern-variations"])) == [
        (),
        (("shared_pairs", "shared"),),
    ]
    assert options(statistics.matrimony_variants(rulesets["modern-shedding"])) == [()]


# --------------------------------------------------------------------------------------------
# A renamed copy plays, counts and reads the same


def same_report(
    original: dict[str, Any], copy: dict[str, Any], names: dict[str, str], rid: str
) -> None:
    mapped = back(json.dumps(copy, sort_keys=True), names, f"renamed-{rid}", rid)
    assert json.loads(mapped) == original


def holder_runs(ruleset: Ruleset) -> Iterator[sr.Run]:
    for variant in statistics.pope_variants(ruleset):
        yield sr.Run("card-holder", ruleset.id, 4, 300, options=variant.options)


@pytest.mark.parametrize("rid", ["peel", "foster", "modern-shedding", "modern-variations"])
def test_a_renamed_copy_counts_the_same(rid: str, copies: tuple[Path, Any]) -> None:
    folder, renamings = copies
    original, copy = loaded(folder, rid), loaded(folder, f"renamed-{rid}")
    runs = [
        sr.Run("deals", rid, 4, 600),
        sr.Run("deals", rid, 5, 300, policy="advised"),
        sr.Run("games", rid, 4, 10),
        sr.Run("policy-seat", rid, 4, 300, policy="advised"),
        *holder_runs(original),
        *(
            sr.Run("games", rid, 4, 10, options=variant.options)
            for variant in statistics.matrimony_variants(original)
        ),
    ]
    first = sr.play_runs([(r, original) for r in runs], processes=1)
    second = sr.play_runs([(replace(r, ruleset=copy.id), copy) for r in runs], processes=1)
    for a, b in zip(first, second, strict=True):
        same_report(report_json(a, full=True), report_json(b, full=True), renamings[rid], rid)
    # The card-holder runs follow the Pope of each ruleset, found by what it does.
    assert {r.meta.compartment for r in first if r.meta.kind == "card-holder"} == {"pope"}


@pytest.mark.parametrize("rid", ["peel", "foster", "modern-shedding", "modern-variations"])
def test_a_renamed_copy_gets_the_same_plan_and_comparison(
    rid: str, copies: tuple[Path, Any]
) -> None:
    folder, renamings = copies
    original, copy = loaded(folder, rid), loaded(folder, f"renamed-{rid}")
    names = renamings[rid]
    mine, theirs = statistics.plan(original), statistics.plan(copy)
    assert mine.packs == theirs.packs
    assert mine.matrimony == theirs.matrimony and mine.popes == theirs.popes
    policies = [back(r.policy, names, copy.id, rid) for r in theirs.runs()]
    assert [
        replace(r, ruleset=rid, policy=policy)
        for r, policy in zip(theirs.runs(), policies, strict=True)
    ] == mine.runs()
    for a, b in zip(mine.runs(), theirs.runs(), strict=True):
        assert back(b.command(), names, copy.id, rid) == a.command()
    for variant in mine.matrimony:
        a_rules = statistics.variant_rules(original, variant)
        b_rules = statistics.variant_rules(copy, variant)
        assert statistics.growth_sentence(a_rules, 5) == statistics.growth_sentence(b_rules, 5)
    assert statistics.pope_card_text(original.rules) == statistics.pope_card_text(copy.rules)
    for dimension in compare.DIMENSIONS:
        a_text, b_text = dimension.value(original), dimension.value(copy)
        assert b_text == a_text, dimension.id
        assert back(dimension.anchor(copy.rules), names, copy.id, rid) == dimension.anchor(
            original.rules
        )


@pytest.mark.parametrize("seed", [1, 2, 6])
@pytest.mark.parametrize("rid", ["peel", "modern-variations"])
def test_a_renamed_copy_deals_and_narrates_the_same(
    rid: str, seed: int, copies: tuple[Path, Any], tmp_path: Path
) -> None:
    folder, renamings = copies
    env = {"VARIANTS_RULESETS": str(folder)}
    told = []
    for which in (rid, f"renamed-{rid}"):
        dealt = run(["deal", which, "--players", "4", "--seed", str(seed)], tmp_path, env)
        (tmp_path / f"{which}.yaml").write_text(dealt.out, "utf-8")
        replayed = run(["replay", f"{which}.yaml", "--ascii"], tmp_path, env)
        played = run(["play", f"{which}.yaml", "--json"], tmp_path, env)
        assert dealt.status == replayed.status == played.status == 0, replayed.err
        told.append((dealt.out, replayed.out, played.out))
    copy = tuple(back(text, renamings[rid], f"renamed-{rid}", rid) for text in told[1])
    assert copy == told[0]


def test_the_statistics_runs_follow_the_pope_of_a_renamed_copy(
    copies: tuple[Path, Any], tmp_path: Path
) -> None:
    """``python -m variants.site.stats_runs``: the card-holder run follows the Pope unless told
    otherwise, and no run asks for a compartment by an id the ruleset does not have."""
    folder, renamings = copies
    env = {"VARIANTS_RULESETS": str(folder)}
    reports = []
    for rid in ("peel", "renamed-peel"):
        for kind in ("card-holder", "deals"):
            args = [kind, rid, "--players", "4", "--deals", "50", "--jobs", "1"]
            outcome = run(args, tmp_path, env, command=experiment.main)
            assert outcome.status == 0, outcome.err
            reports.append(json.loads(outcome.out))
    assert reports[0]["compartment"] == "pope" and reports[2]["compartment"] == "nine-box"
    for original, copy in zip(reports[:2], reports[2:], strict=True):
        same_report(original, copy, renamings["peel"], "peel")
    told = run(
        ["card-holder", "renamed-peel", "--players", "4", "--deals", "50", "--compartment", "pope"],
        tmp_path,
        env,
        command=experiment.main,
    )
    assert told.err_lines == [
        "variants: no compartment 'pope' (board: nine-box, marriage-box, plot-box, one-box, "
        "rex-box, regina-box, knave-box, out-box)"
    ]
    pair = run(
        [
            "card-holder",
            "renamed-peel",
            "--players",
            "4",
            "--deals",
            "50",
            "--compartment",
            "marriage-box",
        ],
        tmp_path,
        env,
        command=experiment.main,
    )
    assert pair.status == 1
    assert pair.err_lines == [
        "variants: compartment 'marriage-box' is not won by one named card, so it has no holder "
        "to follow (those that are: nine-box)"
    ]


# --------------------------------------------------------------------------------------------
# Events say what happened, not which compartment it was


def test_a_turned_up_pope_is_paid_for_as_a_turn_up() -> None:
    deal = read_deal_file(REPO / "tests" / "deals" / "peel-pope-turned-up.yaml", RULESETS)
    paid = [e for e in play_deal_file(deal).events if isinstance(e, Paid)]
    assert [(e.payer, e.payee, e.amount, e.reason.key, e.cards) for e in paid] == [
        (1, 0, 12, "turn-up", 12),
        (2, 0, 12, "turn-up", 12),
    ]


# --------------------------------------------------------------------------------------------
# No module names a compartment


ALLOWED: dict[str, tuple[frozenset[str] | None, str]] = {
    "ace": (None, "the rank word (cards.RANK_WORDS), never a compartment"),
    "ten": (None, "the rank and number word, never a compartment"),
    "jack": (None, "the rank word, never a compartment"),
    "queen": (None, "the rank word, never a compartment"),
    "king": (None, "the rank word, and the stop cause 'king' (the top card of a suit)"),
    "first-jack": (None, "a first-dealer method: the first jack dealt deals"),
    "game": (None, "the rules' `game` block and the `game` command, never a compartment"),
    "pair": (None, "the `win.pair` key and the way a pair of trumps is won, never a compartment"),
    "pairs": (None, "a row of the comparison (the pairs of trumps), never a compartment"),
    "best": (None, "the `win.best` key, a way to win, never a compartment"),
    "royal-pair": (None, "the anchor of a statistic, named for a role, never a compartment"),
    "sequence": (None, "the `win.sequence` key and the advice preference, never a compartment"),
}
"""Strings in ``src/`` that hold the word of a shipped compartment id without naming one: where
they may appear, and why."""

MACHINE_WORD = re.compile(r"^[a-z0-9_.:#/-]+$")
SOURCE_FILE = re.compile(r"[0-9]{3}_[A-Za-z0-9_.-]+\.txt")
"""A source text's file name, as the bibliography lists it."""


def shipped_compartment_ids() -> set[str]:
    found: set[str] = set()
    for path in RULESETS.glob("*.yaml"):
        found |= compartment_ids(yaml.safe_load(path.read_text("utf-8")))
    return found


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes of a module, its classes and functions."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
        if isinstance(node, ast.Module | ast.ClassDef):  # attribute docstrings
            for before, after in zip(node.body, node.body[1:], strict=False):
                if (
                    isinstance(before, ast.Assign | ast.AnnAssign)
                    and isinstance(after, ast.Expr)
                    and isinstance(after.value, ast.Constant)
                ):
                    found.add(id(after.value))
    return found


def naming_strings(path: Path, ids: set[str]) -> Iterator[tuple[int, str]]:
    """(line, text) of each string in the module that names one of ``ids``: is one, or is a
    path, anchor or key with one among its words."""
    tree = ast.parse(path.read_text("utf-8"))
    skip = docstrings(tree)
    for node in sorted(ast.walk(tree), key=lambda n: getattr(n, "lineno", 0)):
        if not isinstance(node, ast.Constant) or not isinstance(node.value, str):
            continue
        if id(node) in skip:
            continue
        text = node.value
        if SOURCE_FILE.fullmatch(text):
            continue  # a source text's file name (``005_..._pope.txt``), never a compartment
        words = set(re.split(r"[_.:#/-]", text)) if MACHINE_WORD.match(text) else set()
        if text in ids or words & ids:
            yield node.lineno, text


def test_no_module_names_a_compartment_of_a_shipped_ruleset() -> None:
    ids = shipped_compartment_ids()
    assert {"pope", "matrimony", "intrigue", "game", "confederacy"} <= ids
    found = []
    for path in sorted(SRC.rglob("*.py")):
        where = path.relative_to(SRC).as_posix()
        for line, text in naming_strings(path, ids):
            files, _why = ALLOWED.get(text, (frozenset(), ""))
            if files is not None and where not in files:
                found.append(f"{where}:{line}: {text!r}")
    assert found == []


def test_the_scan_finds_a_compartment_named_in_code(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text(
        '"""Docs may say pope."""\n'
        'x = rules.board.get("pope")\n'
        'y = "board.compartments.matrimony.win"\n'
        'z = "How large does Matrimony grow?"\n'
        'w = f"{ident}-pope"\n',
        "utf-8",
    )
    assert list(naming_strings(module, {"pope", "matrimony"})) == [
        (2, "pope"),
        (3, "board.compartments.matrimony.win"),
        (5, "-pope"),
    ]


# --------------------------------------------------------------------------------------------
# The site of a renamed copy


ARTICLE = re.compile(r'<article class="md-content__inner md-typeset">(.*?)</article>', re.S)


PICKER = re.compile(r"<select id=\"pj-replay-pick\".*?</select>", re.S)


def article(site: Path, page: str) -> str:
    """A page's own content: its article, without the replay's list of every deal on the site
    (the same list on every replay page, its links relative to the page)."""
    found = ARTICLE.search((site / page / "index.html").read_text("utf-8"))
    assert found, page
    return PICKER.sub("", found[1])


def test_a_renamed_copy_gets_the_same_pages(
    copies: tuple[Path, Any], tmp_path_factory: pytest.TempPathFactory
) -> None:
    folder, renamings = copies
    root = tmp_path_factory.mktemp("roles-site")
    rulesets = root / "rulesets"
    rulesets.mkdir()
    for name in ("peel.yaml", "renamed-peel.yaml", "foster.yaml"):
        shutil.copy(folder / name, rulesets / name)
    examples = root / "examples"
    examples.mkdir()
    walkthrough = (REPO / "examples" / "peel-walkthrough.yaml").read_text("utf-8")
    renamed = walkthrough.replace("\nruleset: peel\n", "\nruleset: renamed-peel\n")
    assert renamed != walkthrough
    (examples / "peel-walkthrough.yaml").write_text(walkthrough, "utf-8")
    (examples / "renamed-peel-walkthrough.yaml").write_text(renamed, "utf-8")
    site = root / "site"
    build_site(
        site,
        VARIANTS_RULESETS=str(rulesets),
        VARIANTS_EXAMPLES=str(examples),
        VARIANTS_STATS_CACHE=str(root / "cache"),
        # No store of figures: the copy's options are measured as the original's are, played.
        VARIANTS_STORE=str(root / "no-store" / "sweep.sqlite"),
    )
    names = renamings["peel"]
    pages = [
        p.parent.relative_to(site / "replay" / "peel").as_posix()
        for p in (site / "replay" / "peel").rglob("index.html")
    ]
    assert len(pages) == 4  # three generated deals and the walkthrough
    compared = [
        ("rulesets/peel", "rulesets/renamed-peel"),
        ("statistics/peel", "statistics/renamed-peel"),
        ("examples/peel", "examples/renamed-peel"),
        *(
            (f"replay/peel/{p}", f"replay/renamed-peel/{p.replace('peel', 'renamed-peel')}")
            for p in pages
        ),
    ]
    for original, copy in compared:
        mine = article(site, original)
        theirs = back(article(site, copy), names, "renamed-peel", "peel")
        assert theirs == mine, (original, _first_difference(mine, theirs))


def _first_difference(a: str, b: str) -> str:
    at = next(
        (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b))
    )
    return f"...{a[max(0, at - 80) : at + 80]!r}\n...{b[max(0, at - 80) : at + 80]!r}"
