"""What the blocks return: a rule in English with its provenance, a table, a section."""

from __future__ import annotations

from dataclasses import dataclass

from ...mechanics.ruleset import Provenance


@dataclass(frozen=True)
class Table:
    head: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    caption: str = ""


@dataclass(frozen=True)
class Rule:
    """One rule in English, with the provenance it renders and links to."""

    anchor: str
    """The rule's id on its ruleset page (``rule-pack``)."""
    title: str
    sentences: tuple[str, ...]
    provenance: Provenance = ()
    interpretation: str | None = None
    table: Table | None = None

    @property
    def text(self) -> str:
        return " ".join(self.sentences)


@dataclass(frozen=True)
class Section:
    anchor: str
    title: str
    rules: tuple[Rule, ...]
