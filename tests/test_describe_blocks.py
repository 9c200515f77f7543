"""The rules in English are told block by block: one module of phrases for each block of rules."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import sys
from dataclasses import fields
from pathlib import Path
from types import ModuleType

import pytest
from imports import imported as imported_modules

from variants.mechanics.ruleset import Rules, Ruleset
from variants.rules.loader import load_rulesets
from variants.site import describe

REPO = Path(__file__).resolve().parent.parent
PACKAGE = Path(describe.__file__).parent
MODULES = sorted(info.name for info in pkgutil.iter_modules([str(PACKAGE)]))
MODEL = {
    "variants.core.cards",
    "variants.mechanics.ruleset",
    "variants.rules.dealplan",
    "variants.engine.events",
    "variants.telling.phrases",
    "variants.core.words",
    "variants.rules.roles",
    "variants.mechanics",
    *(f"variants.mechanics.{m}" for m in ("bonus", "going_out", "holders", "unplayed_penalty")),
    *(f"variants.mechanics.{m}" for m in ("turn_up_payout", "card", "pair", "stock")),
    "variants.mechanics.spare_seen",
    "variants.mechanics.contributions",
    "variants.mechanics.in_lieu",
}
"""What the English is made from, besides the standard library: the model, the roles its
compartments play, each mechanic's phrases (:mod:`variants.mechanics`), and the words the
telling of a deal shares (:mod:`variants.core.words`, :mod:`variants.telling.phrases`)."""


def module(name: str) -> ModuleType:
    return importlib.import_module(f"{describe.__name__}.{name}")


@pytest.fixture(scope="module")
def rulesets() -> dict[str, Ruleset]:
    return load_rulesets(REPO / "rulesets")


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    failures, _ = doctest.testmod(module(name))
    assert failures == 0


def test_each_block_of_rules_has_a_module_named_as_the_block() -> None:
    blocks = [f.name for f in fields(Rules)]
    assert [b for b in blocks if b not in MODULES] == []
    for block in blocks:
        assert f"``{block}``" in (module(block).__doc__ or ""), block


@pytest.mark.parametrize("name", ["__init__", *MODULES])
def test_the_english_is_taken_from_the_model_alone(name: str) -> None:
    """No module here reads YAML, renders HTML or reaches into the rest of the site."""
    outside = {
        imported
        for imported in imported_modules(PACKAGE / f"{name}.py", describe.__name__)
        if imported.split(".")[0] not in sys.stdlib_module_names
        and imported not in MODEL
        and not imported.startswith(describe.__name__ + ".")
        and imported != describe.__name__
    }
    assert outside == set()


def test_every_rule_has_its_own_anchor_under_every_option(rulesets: dict[str, Ruleset]) -> None:
    for ruleset in rulesets.values():
        choices: list[dict[str, str]] = [{}]
        choices += [{o.id: v.value} for o in ruleset.options for v in o.values]
        for choice in choices:
            anchors = [
                rule.anchor
                for section in describe.describe(ruleset.rules_for(choice))
                for rule in section.rules
            ]
            assert len(anchors) == len(set(anchors)), (ruleset.id, choice)
            assert all(a.startswith("rule-") for a in anchors)


def test_the_sections_follow_the_order_of_play(rulesets: dict[str, Ruleset]) -> None:
    sections = describe.describe(rulesets["peel"].rules)
    assert [s.title for s in sections] == [
        "Equipment",
        "Deal",
        "Board and stakes",
        "Play",
        "Settlement",
        "Game",
    ]
    assert [r.anchor for r in sections[1].rules] == [
        "rule-first-dealer",
        "rule-deal",
        "rule-turn-up",
        "rule-trump",
    ]


def test_the_package_offers_every_phrase_its_modules_define() -> None:
    """Pages call ``describe.<name>``: whatever a block module makes public is offered there."""
    for name in MODULES:
        for attr, value in vars(module(name)).items():
            defined_here = getattr(value, "__module__", None) == module(name).__name__
            if defined_here and not attr.startswith("_") and callable(value):
                assert getattr(describe, attr, None) is value, f"{name}.{attr}"
