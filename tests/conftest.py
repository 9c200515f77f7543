"""Shared fixtures: the shipped rulesets, loaded once."""

from __future__ import annotations

from pathlib import Path

import pytest

from variants.loader import load_rulesets
from variants.ruleset import Ruleset

REPO = Path(__file__).resolve().parent.parent
RULESETS = REPO / "rulesets"


@pytest.fixture(scope="session")
def rulesets() -> dict[str, Ruleset]:
    return load_rulesets(RULESETS)
