"""The examples in the docstrings of the modules that define what is read and how it is shown:
each is run, so that what a docstring shows is what the code does."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = (
    "variants.core.hidden",
    "variants.core.saferead",
    "variants.rules.yamlsource",
    "variants.site.contributing",
    "variants.site.editlinks",
    "variants.site.family",
    "variants.site.render",
    "variants.site.sourcepages",
    "variants.site.timeline",
)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    failures, attempted = doctest.testmod(importlib.import_module(name))
    assert (failures, attempted > 0) == (0, True)
