"""Citations: where in a source text a rule comes from.

A leaf module, so that the model (:mod:`variants.mechanics.ruleset`) and the mechanics that bring
their own rules (:mod:`variants.mechanics`) build their provenance alike.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Citation:
    source: str
    first_line: int
    last_line: int
    quote: str | None

    @property
    def locator(self) -> str:
        lines = (
            f"line {self.first_line}"
            if self.first_line == self.last_line
            else f"lines {self.first_line}-{self.last_line}"
        )
        return f"{self.source}, {lines}"


Provenance = tuple[Citation, ...]


def build_citation(raw: Mapping[str, Any]) -> Citation:
    first, _, last = str(raw["lines"]).partition("-")
    return Citation(raw["source"], int(first), int(last or first), raw.get("quote"))


def build_provenance(raw: Any) -> Provenance:
    return tuple(build_citation(item) for item in raw)
