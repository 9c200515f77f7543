"""The shipped schema, assembled from the base schema and every mechanic's fragments.

``rules/schema/base.schema.json`` holds everything but the mechanics: each mechanic of
:mod:`variants.mechanics` brings the schema of the keys it owns (a way to win a compartment, a
key of a compartment, a key of ``going_out``). The schema the loader checks rulesets with and
editors read, ``rules/schema/ruleset.schema.json``, is this assembly written out: a test checks
that the file equals it, and after changing a mechanic's fragment ::

    python -m variants.rules.assemble --write

writes it again.
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from typing import Any, assert_never

from ..core.safewrite import write_text
from ..mechanics import fragments
from ..mechanics.base import Fragment

SCHEMA_DIR = "rules/schema"
BASE = "base.schema.json"
SHIPPED = "ruleset.schema.json"


def _read(name: str) -> str:
    return resources.files("variants").joinpath(f"{SCHEMA_DIR}/{name}").read_text("utf-8")


def _places(schema: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The objects of the base schema that fragments go into, by place."""
    rules = schema["properties"]["rules"]["properties"]
    compartment = rules["board"]["properties"]["compartments"]["items"]
    return {
        "win": compartment["properties"]["win"],
        "compartment": compartment,
        "board": rules["board"],
        "going_out": rules["going_out"],
        "deal": rules["deal"],
        "dressing": rules["dressing"],
        "play": rules["play"],
    }


def _insert(target: dict[str, Any], fragment: Fragment) -> None:
    """Put ``fragment``'s key among ``target``'s properties, before its citations."""
    properties = target["properties"]
    if fragment.key in properties:
        raise ValueError(f"two mechanics give the schema of {fragment.place}.{fragment.key}")
    tail = {k: properties.pop(k) for k in ("provenance", "interpretation") if k in properties}
    properties[fragment.key] = copy.deepcopy(fragment.schema)
    properties.update(tail)
    if fragment.required:
        target["required"] = [*target.get("required", ()), fragment.key]
        order = list(properties)
        target["required"].sort(key=order.index)


def assemble(base: dict[str, Any], parts: Iterable[Fragment]) -> dict[str, Any]:
    """``base`` with every fragment of ``parts`` in its place; the ways to win become the
    branches of ``win``'s ``oneOf``."""
    schema = copy.deepcopy(base)
    places = _places(schema)
    ways: list[str] = []
    for fragment in parts:
        place = fragment.place
        match place:
            case "win":
                if fragment.way is not None:
                    places["win"]["oneOf"].append(
                        {"required": [fragment.key], "description": fragment.way}
                    )
                    ways.append(fragment.key)
            case "compartment" | "board" | "going_out" | "deal" | "dressing" | "play":
                pass
            case _:
                assert_never(place)
        _insert(places[place], fragment)
    places["win"]["description"] = (
        f"What wins the compartment during play. Exactly one of {', '.join(ways)}."
    )
    return schema


def assembled() -> dict[str, Any]:
    """The shipped schema as the base and the mechanics make it."""
    base: dict[str, Any] = json.loads(_read(BASE))
    return assemble(base, fragments())


def as_text(schema: dict[str, Any]) -> str:
    """The schema as the shipped file holds it."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m variants.rules.assemble",
        description="Assemble the ruleset schema from the base and the mechanics' fragments.",
    )
    parser.add_argument("--write", action="store_true", help="write the shipped schema file")
    args = parser.parse_args(argv)
    text = as_text(assembled())
    if not args.write:
        sys.stdout.write(text)
        return 0
    target = Path(str(resources.files("variants").joinpath(f"{SCHEMA_DIR}/{SHIPPED}")))
    write_text(target, text)
    print(f"wrote {target.name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
