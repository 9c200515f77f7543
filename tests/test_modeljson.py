"""A validated ruleset saved as JSON loads back into the same model, and plays the same deals,
in a process that imports no YAML reader, schema validator or template engine."""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from clirun import REPO, run

from variants.engine.compiled import compile_rules
from variants.engine.deal import shuffled_deal
from variants.engine.play import play_deal
from variants.engine.policies import make_policy
from variants.mechanics.ruleset import Ruleset
from variants.rules.modeljson import ModelJsonError, dump_json, load_json, schema_id
from variants.site.playpage import rulesets_json


def _combinations(ruleset: Ruleset) -> list[dict[str, str]]:
    values = [[v.value for v in option.values] for option in ruleset.options]
    ids = [option.id for option in ruleset.options]
    return [dict(zip(ids, combo, strict=True)) for combo in itertools.product(*values)]


def test_every_shipped_ruleset_comes_back_the_same(rulesets: dict[str, Ruleset]) -> None:
    for ruleset in rulesets.values():
        loaded = load_json(dump_json(ruleset))
        assert loaded == ruleset
        assert dump_json(loaded) == dump_json(ruleset)
        for chosen in _combinations(ruleset):
            assert loaded.rules_for(chosen) == ruleset.rules_for(chosen), (ruleset.id, chosen)


def test_the_same_deals_are_played(rulesets: dict[str, Ruleset]) -> None:
    for ruleset in rulesets.values():
        loaded = load_json(dump_json(ruleset))
        most = ruleset.rules.players.max  # Poch deals five each to six players at the most
        for players in (3, 5, min(8, most)):
            for seed in range(5):
                results = []
                for which in (ruleset, loaded):
                    compiled = compile_rules(which.rules, players)
                    rng = random.Random(seed)
                    setup = shuffled_deal(compiled, rng, seed % players)
                    results.append(play_deal(compiled, setup, make_policy("advised"), rng).events)
                assert results[0] == results[1], (ruleset.id, players, seed)


ENGINE_ONLY = """
import sys
from pathlib import Path
from variants.rules.modeljson import load_json
from variants.engine.game import play_game
from variants.telling.narrate import narrate
from variants.engine.policies import make_policy
import random
ruleset = load_json(Path(sys.argv[1]).read_text(encoding="utf-8"))
game = play_game(ruleset.rules, 4, make_policy("advised"), random.Random(1))
lines = list(narrate(game.events, ruleset.rules))
heavy = {"yaml", "jsonschema", "jinja2", "mkdocs"}
outside = sorted({m.split(".")[0] for m in sys.modules} & heavy)
print(len(game.deals), len(lines) > 0, outside)
"""


def test_the_engine_runs_from_json_with_the_standard_library_alone(tmp_path: Path) -> None:
    saved = tmp_path / "peel.json"
    assert run(["export", "peel", "--out", str(saved)]).status == 0
    done = subprocess.run(
        [sys.executable, "-c", ENGINE_ONLY, str(saved)],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    )
    deals, told, outside = done.stdout.split(" ", 2)
    assert int(deals) > 0 and told == "True" and outside.strip() == "[]"


def test_export_to_standard_output_is_what_loads(rulesets: dict[str, Ruleset]) -> None:
    outcome = run(["export", "foster"])
    assert outcome.status == 0 and outcome.err == ""
    loaded = load_json(outcome.out)
    assert loaded.path == "rulesets/foster.yaml"  # as the command was given it
    assert dataclasses.replace(loaded, path=rulesets["foster"].path) == rulesets["foster"]


def test_export_checks_every_combination_first(tmp_path: Path) -> None:
    base = (REPO / "tests" / "broken" / "option-value-breaks-rule.yaml").read_text("utf-8")
    (tmp_path / "option-value-breaks-rule.yaml").write_text(base, encoding="utf-8")
    outcome = run(["export", "option-value-breaks-rule.yaml"], cwd=tmp_path)
    assert outcome.status == 1 and outcome.out == ""
    assert outcome.err.startswith("variants: option-value-breaks-rule.yaml:")


def _saved(**changes: object) -> str:
    saved = {"format": "variants-ruleset", "version": 1, "schema": schema_id(), "ruleset": {}}
    saved.update(changes)
    return json.dumps(saved)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "peel.json:1: not JSON: Expecting property name enclosed in double quotes"),
        ("[]", "peel.json: not a saved ruleset (no \"format\": 'variants-ruleset')"),
        (
            _saved(format="other"),
            "peel.json: not a saved ruleset (no \"format\": 'variants-ruleset')",
        ),
        (_saved(version=2), "peel.json: saved in format version 2; this reads 1"),
        (
            _saved(schema="0123456789abcdef"),
            "peel.json: saved under another schema ('0123456789abcdef'); save it again",
        ),
        (_saved(ruleset=None), "peel.json: the saved ruleset is missing"),
    ],
)
def test_what_is_not_a_saved_ruleset_is_refused(text: str, message: str) -> None:
    with pytest.raises(ModelJsonError) as error:
        load_json(text, "peel.json")
    assert str(error.value) == message


STANDARD_LIBRARY_ONLY = """
import importlib, pkgutil, sys
import variants.engine, variants.telling
names = ["variants.mechanics.ruleset", "variants.rules.roles", "variants.rules.modeljson"]
for package in (variants.engine, variants.telling):
    names += [f"{package.__name__}.{m.name}" for m in pkgutil.iter_modules(package.__path__)]
for name in names:
    importlib.import_module(name)
heavy = {"yaml", "jsonschema", "jinja2", "mkdocs", "tqdm"}
print(len(names), sorted({m.split(".")[0] for m in sys.modules} & heavy))
"""


def test_the_model_engine_and_telling_import_the_standard_library_alone() -> None:
    done = subprocess.run(
        [sys.executable, "-c", STANDARD_LIBRARY_ONLY], capture_output=True, text=True, check=True
    )
    count, outside = done.stdout.split(" ", 1)
    assert int(count) > 10 and outside.strip() == "[]"


def test_the_published_rulesets_name_their_files_not_where_the_site_was_built(
    rulesets: dict[str, Ruleset],
) -> None:
    """The Play page's rulesets keep each file's name, and no folder of the machine that built
    the site; they load as the rulesets they are."""
    published = json.loads(rulesets_json(rulesets.values()))
    for ruleset_id, saved in published.items():
        assert json.loads(saved)["path"] == f"{ruleset_id}.yaml"
        assert load_json(saved).rules == rulesets[ruleset_id].rules
    assert str(REPO) not in json.dumps(published)
