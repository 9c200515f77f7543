"""Option values a ruleset declares worth measuring together (``combinations``): checked when
the ruleset is read, swept beside the values alone, and told with the sum of their effects
apart. Spin declares one: its pairs divided between two players and never declared."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clirun import run

from variants.analysis.effects import together_effects
from variants.analysis.store import stored_cells
from variants.analysis.sweep import variants
from variants.core.settings import store_path
from variants.rules.checks import _combinations
from variants.rules.loader import load_ruleset

REPO = Path(__file__).resolve().parent.parent
SPIN = load_ruleset(REPO / "rulesets" / "spin.yaml")
OPTIONS = {
    "share_pairs": {"default": "no", "values": [{"value": "no"}, {"value": "yes"}]},
    "declare_pairs": {"default": "yes", "values": [{"value": "yes"}, {"value": "no"}]},
}


def test_a_combination_is_swept_beside_each_of_its_values_alone() -> None:
    changed = [variant.changed for variant in variants(SPIN)]
    assert changed[-1] == "share_pairs=yes+declare_pairs=no"
    assert {"share_pairs=yes", "declare_pairs=no"} <= set(changed)
    options = dict(variants(SPIN)[-1].options)
    assert (options["share_pairs"], options["declare_pairs"]) == ("yes", "no")


@pytest.mark.parametrize(
    ("combinations", "found"),
    [
        ([{"options": {"share_pairs": "yes", "declare_pairs": "no"}}], []),
        (
            [{"options": {"share_pairs": "yes", "spin": "no"}}],
            [
                (
                    ("combinations", 0, "options", "spin"),
                    "no option 'spin' (options: share_pairs, declare_pairs)",
                )
            ],
        ),
        (
            [{"options": {"share_pairs": "no", "declare_pairs": "no"}}],
            [(("combinations", 0, "options", "share_pairs"), "'no' is the option's default")],
        ),
        (
            [{"options": {"share_pairs": "both", "declare_pairs": "no"}}],
            [
                (
                    ("combinations", 0, "options", "share_pairs"),
                    "'both' is not one of the values (no, yes)",
                )
            ],
        ),
        (
            [
                {"options": {"share_pairs": "yes", "declare_pairs": "no"}},
                {"options": {"declare_pairs": "no", "share_pairs": "yes"}},
            ],
            [(("combinations", 1, "options"), "the same option values are combined twice")],
        ),
    ],
)
def test_a_combination_names_values_the_ruleset_has_other_than_the_defaults(
    combinations: list[dict[str, object]], found: list[tuple[tuple[object, ...], str]]
) -> None:
    assert [(f.path, f.message) for f in _combinations(combinations, OPTIONS)] == found


def test_the_effect_together_is_the_sum_apart_and_the_difference() -> None:
    """From the shipped store: at every size and policy, the effect together is the sum of the
    effects apart plus the difference, and the difference's bound is the sum of the half-widths
    it is made of."""
    cells = stored_cells(store_path(), "spin")
    together = together_effects(SPIN, cells)
    assert {(t.players, t.policy) for t in together} == {
        (n, p) for n in (3, 5, 8) for p in ("random", "advised")
    }
    for item in together:
        effects = {e.figure: e for e in item.effects}
        for part in item.apart:
            assert part.apart + part.difference == pytest.approx(effects[part.figure].effect)
            assert part.bound >= effects[part.figure].half


def test_variants_effects_json_gives_the_values_together() -> None:
    done = run(["effects", "spin", "--json"])
    assert done.status == 0, done.err
    together = json.loads(done.out)["together"]
    assert len(together) == 6
    first = together[0]
    assert first["options"] == {"share_pairs": "yes", "declare_pairs": "no"}
    assert first["why"].startswith("Matrimony and Intrigue as Peel says")
    assert set(first["apart"]["dealer"]) == {
        "sum_of_effects_apart",
        "difference",
        "half_width_at_most",
        "distinguishable",
    }
