"""``variants new``: a file to edit from, never one overwritten, never a bad id."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import yaml
from clirun import REPO, Outcome
from clirun import run as run_cli

from variants.rules.loader import load_ruleset, ruleset_schema


def run(cwd: Path, *args: str) -> Outcome:
    return run_cli(args, cwd=cwd, env={"VARIANTS_RULESETS": None})


def required_keys() -> set[str]:
    """The keys a ruleset must have: at the top, in `rules`, and in each rule block."""
    schema = ruleset_schema()
    rules = schema["properties"]["rules"]
    keys = set(schema["required"]) | set(rules["required"])
    for block in rules["properties"].values():
        keys |= set(block.get("required", []))
    return keys


def test_new_writes_every_required_key_with_the_schema_line(tmp_path: Path) -> None:
    (tmp_path / "rulesets").mkdir()
    done = run(tmp_path, "new", "hoyle-1907", "--title", 'Pope Joan "as in 1907"')
    assert done.status == 0, done.err
    text = (tmp_path / "rulesets" / "hoyle-1907.yaml").read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=../src/variants/rules/schema/")
    for key in required_keys():
        assert f"{key}:" in text, key
    ruleset = load_ruleset(tmp_path / "rulesets" / "hoyle-1907.yaml")
    assert ruleset.id == "hoyle-1907" and ruleset.title == 'Pope Joan "as in 1907"'


def test_the_template_asks_for_the_real_source_once_the_texts_are_at_hand(tmp_path: Path) -> None:
    (tmp_path / "rulesets").mkdir()
    run(tmp_path, "new", "hoyle-1907", "--title", "x")
    sources = REPO.parent / "shared" / "sources"
    if not sources.is_dir():
        return
    done = run(tmp_path, "validate", "--sources", str(sources))
    assert done.status == 1
    assert "no source file 'NNN_source.txt' in the sources folder" in done.err


def test_new_like_starts_from_an_existing_rulesets_rules(tmp_path: Path) -> None:
    shutil.copytree(REPO / "rulesets", tmp_path / "rulesets")
    done = run(tmp_path, "new", "peel-again", "--title", "Peel again", "--like", "peel")
    assert done.status == 0, done.err
    copy = load_ruleset(tmp_path / "rulesets" / "peel-again.yaml")
    original = load_ruleset(REPO / "rulesets" / "peel.yaml")
    assert copy.id == "peel-again" and copy.title == "Peel again"
    # Every rule but the play advice, which is Peel's own words: a new source gives its own.
    rules = json.loads(original.raw_rules)
    assert rules.pop("advice")
    assert json.loads(copy.raw_rules) == rules
    assert copy.rules.advice is None


def test_new_refuses_to_overwrite_a_file(tmp_path: Path) -> None:
    shutil.copytree(REPO / "rulesets", tmp_path / "rulesets")
    before = (tmp_path / "rulesets" / "peel.yaml").read_bytes()
    done = run(tmp_path, "new", "peel", "--title", "x")
    assert done.status == 1
    assert done.err.strip() == (
        "variants: rulesets/peel.yaml exists already: choose another id or edit that file"
    )
    assert (tmp_path / "rulesets" / "peel.yaml").read_bytes() == before


def test_new_refuses_an_id_that_is_not_a_slug(tmp_path: Path) -> None:
    (tmp_path / "rulesets").mkdir()
    for bad in ("Hoyle 1907", "hoyle.1907", "hoyle-", "HOYLE"):
        done = run(tmp_path, "new", bad, "--title", "x")
        assert done.status == 1
        assert "is not a valid id" in done.err and "Traceback" not in done.err
    assert list((tmp_path / "rulesets").iterdir()) == []


def test_new_like_names_the_known_rulesets_when_the_model_is_missing(tmp_path: Path) -> None:
    shutil.copytree(REPO / "rulesets", tmp_path / "rulesets")
    done = run(tmp_path, "new", "x", "--title", "x", "--like", "pell")
    assert done.status == 1
    assert (
        "no ruleset 'pell' to start from (known: cassell, comete, commit, foster, hoffmann"
        in done.err
    )


# --- a copy is the other ruleset's data, written out again: its layout cannot mislead it ----


def wrote(ruleset_id: str) -> str:
    path = f"rulesets/{ruleset_id}.yaml"
    return f"wrote {path}: edit it, then run `variants validate {path}`\n"


def validated(cwd: Path, *paths: str) -> Outcome:
    return run_cli(["validate", *paths], cwd=cwd, env={"VARIANTS_SOURCES": None})


def test_new_like_a_ruleset_whose_title_is_folded_writes_one_that_validates(
    tmp_path: Path,
) -> None:
    (tmp_path / "rulesets").mkdir()
    peel = (REPO / "rulesets" / "peel.yaml").read_text(encoding="utf-8")
    old = "title: Pope Joan after W. H. Peel's Round Games with Cards\n"
    assert old in peel
    folded = "title: >-\n  Pope Joan after W. H. Peel's\n  Round Games with Cards\n"
    (tmp_path / "rulesets" / "folded.yaml").write_text(
        peel.replace("id: peel\n", "id: folded\n").replace(old, folded), encoding="utf-8"
    )
    done = run(tmp_path, "new", "unfolded", "--title", "Unfolded", "--like", "folded")
    assert (done.status, done.out, done.err) == (0, wrote("unfolded"), "")
    check = validated(tmp_path, "rulesets/unfolded.yaml")
    assert (check.status, check.err) == (0, ""), check.err
    assert load_ruleset(tmp_path / "rulesets" / "unfolded.yaml").title == "Unfolded"


def test_new_like_a_ruleset_indented_by_four_spaces_leaves_its_advice_out(tmp_path: Path) -> None:
    (tmp_path / "rulesets").mkdir()
    data = yaml.safe_load((REPO / "rulesets" / "peel.yaml").read_text(encoding="utf-8"))
    data["id"] = "wide"
    (tmp_path / "rulesets" / "wide.yaml").write_text(
        yaml.safe_dump(data, indent=4, sort_keys=False, allow_unicode=True), encoding="utf-8"
    )
    assert "\n    advice:\n" in (tmp_path / "rulesets" / "wide.yaml").read_text(encoding="utf-8")
    done = run(tmp_path, "new", "narrow", "--title", "Narrow", "--like", "wide")
    assert (done.status, done.out, done.err) == (0, wrote("narrow"), "")
    text = (tmp_path / "rulesets" / "narrow.yaml").read_text(encoding="utf-8")
    assert "# Started from wide.yaml" in text and "Its play advice is left\n# out" in text
    copy = load_ruleset(tmp_path / "rulesets" / "narrow.yaml")
    assert copy.rules.advice is None
    rules = json.loads(load_ruleset(tmp_path / "rulesets" / "wide.yaml").raw_rules)
    del rules["advice"]
    assert json.loads(copy.raw_rules) == rules


def test_new_like_leaves_out_the_options_that_only_changed_the_advice(tmp_path: Path) -> None:
    shutil.copytree(REPO / "rulesets", tmp_path / "rulesets")
    done = run(tmp_path, "new", "hoyle-again", "--title", "Hoyle again", "--like", "hoyle")
    assert (done.status, done.out, done.err) == (0, wrote("hoyle-again"), "")
    copy = load_ruleset(tmp_path / "rulesets" / "hoyle-again.yaml")
    original = load_ruleset(REPO / "rulesets" / "hoyle.yaml")
    assert [o.id for o in original.options if o.id != "advice"] == [o.id for o in copy.options]
    # The readings of the advice go with it; every other reading stays.
    kept = [i.id for i in original.interpretations if not i.id.startswith("advice-")]
    assert [i.id for i in copy.interpretations] == kept


def test_every_ruleset_new_writes_passes_validate(tmp_path: Path) -> None:
    shutil.copytree(REPO / "rulesets", tmp_path / "rulesets")
    shipped = sorted(p.stem for p in (tmp_path / "rulesets").glob("*.yaml"))
    for like in shipped:
        done = run(
            tmp_path, "new", f"copy-of-{like}", "--title", f"A copy of {like}", "--like", like
        )
        assert (done.status, done.err) == (0, ""), like
    done = run(tmp_path, "new", "from-the-template", "--title", "From the template")
    assert (done.status, done.err) == (0, "")
    check = validated(tmp_path)
    assert (check.status, check.err) == (0, ""), check.err
    assert check.out.startswith(f"{2 * len(shipped) + 1} ruleset(s) valid;")
