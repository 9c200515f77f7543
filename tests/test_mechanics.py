"""Each mechanic is one module holding its part of every stage, and the parts add up.

The shipped schema is the base and the mechanics' fragments assembled; each mechanic module
gives a fragment, a model, checks and a compile step; none of them imports anything outside
the standard library, the cards, the words and the checks' records. (How each plays is shown
by the hand-worked deals of test_deals_by_hand and the golden narrations.)
"""

from __future__ import annotations

import ast
import json
import sys
from importlib import resources
from pathlib import Path
from types import ModuleType

import pytest
from imports import imported

from variants import mechanics
from variants.mechanics import MECHANICS
from variants.mechanics.base import Fragment
from variants.rules.assemble import as_text, assemble, assembled, main

REPO = Path(__file__).resolve().parent.parent
SHIPPED = resources.files("variants").joinpath("rules/schema/ruleset.schema.json")
ALLOWED = {
    "variants.core.cards",
    "variants.core.citations",
    "variants.core.compiling",
    "variants.core.findings",
    "variants.core.words",
    "variants.mechanics",
    "variants.mechanics.base",
}
"""What a mechanic may import at run time, besides the standard library and other mechanics."""


def test_the_shipped_schema_is_the_assembly() -> None:
    """After changing a fragment, ``python -m variants.rules.assemble --write`` writes it."""
    assert SHIPPED.read_text("utf-8") == as_text(assembled())


def test_the_assembly_command_prints_what_it_would_write(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main([]) == 0
    assert capsys.readouterr().out == SHIPPED.read_text("utf-8")


def test_two_mechanics_cannot_own_one_key() -> None:
    text = resources.files("variants").joinpath("rules/schema/base.schema.json").read_text("utf-8")
    base = json.loads(text)
    twice = [*mechanics.fragments(), Fragment("compartment", "bonus", {"type": "object"})]
    with pytest.raises(ValueError, match=r"two mechanics give the schema of compartment\.bonus"):
        assemble(base, twice)


def test_the_ways_to_win_are_the_win_fragments_that_name_a_way() -> None:
    schema = assembled()
    compartment = schema["properties"]["rules"]["properties"]["board"]["properties"]
    win = compartment["compartments"]["items"]["properties"]["win"]
    ways = [f.key for f in mechanics.fragments() if f.place == "win" and f.way]
    assert [c["required"] for c in win["oneOf"]] == [[key] for key in ways]
    assert win["description"].endswith(f"Exactly one of {', '.join(ways)}.")


@pytest.mark.parametrize("mechanic", MECHANICS, ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def test_each_mechanic_gives_a_fragment_and_a_check(mechanic: ModuleType) -> None:
    """Each has the shape of :class:`~variants.mechanics.base.Mechanic` (mypy checks that for
    every module in ``MECHANICS``); none is empty."""
    assert mechanic.FRAGMENTS and all(isinstance(f, Fragment) for f in mechanic.FRAGMENTS)
    assert mechanic.CHECKS, "a mechanic checks what its schema cannot say"


def _runtime_imports(module: ModuleType) -> set[str]:
    """What a module imports when it runs (imports under ``if TYPE_CHECKING`` left out)."""
    package = module.__name__ if hasattr(module, "__path__") else module.__name__.rsplit(".", 1)[0]
    return imported(Path(str(module.__file__)), package, top_level_only=True)


@pytest.mark.parametrize("mechanic", [mechanics, *MECHANICS], ids=lambda m: m.__name__)
def test_a_mechanic_needs_only_the_standard_library(mechanic: ModuleType) -> None:
    outside = {
        name
        for name in _runtime_imports(mechanic)
        if name.split(".")[0] not in sys.stdlib_module_names
        and name not in ALLOWED
        and not name.startswith("variants.mechanics.")
        and name != "__future__"
    }
    assert outside == set()


def _compiled_mechanics() -> list[Path]:
    """The mechanic modules ``scripts/compile.py`` compiles with the engine."""
    sys.path.insert(0, str(REPO / "scripts"))
    try:
        from compile import COMPILED
    finally:
        sys.path.remove(str(REPO / "scripts"))
    return [REPO / "src" / name for name in COMPILED if name.startswith("variants/mechanics/")]


@pytest.mark.parametrize("path", _compiled_mechanics(), ids=lambda p: p.stem)
def test_a_compiled_mechanics_classes_stay_python_classes(path: Path) -> None:
    """Where a mechanic is compiled with the engine, each of its classes carries the mark that
    keeps it an ordinary Python class: its ways to win subclass one that stays Python, and its
    events and rules are read by the Python around it."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    unmarked = [
        node.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
        and not any(isinstance(d, ast.Name) and d.id == "python_class" for d in node.decorator_list)
    ]
    assert unmarked == []
