"""The generic engine, given Peel's ruleset, plays exactly as a simulator written by hand for
those rules alone: same shuffles, same random leads, same counters, deal after deal."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from variants.engine.compiled import compile_rules
from variants.engine.play import play_shuffled
from variants.engine.policies import make_policy
from variants.rules.loader import load_ruleset

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "scripts"))

import reference_peel  # noqa: E402


def test_the_engine_and_the_hand_written_simulator_agree_deal_by_deal() -> None:
    compiled = compile_rules(load_ruleset(REPO / "rulesets" / "peel.yaml").rules, 5)
    policy = make_policy("random")
    engine_rng, reference_rng = random.Random(2024), random.Random(2024)
    for _ in range(3000):
        result = play_shuffled(compiled, engine_rng, 4, None, policy)
        assert list(result.net) == reference_peel.deal(reference_rng)
