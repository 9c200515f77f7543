"""What a question is: its section on a ruleset's page, its part of the comparison page, and
its answer in the comparison's brief; and what each of these is given to read."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from markupsafe import Markup

from ...mechanics.ruleset import Ruleset
from .. import stats_runs as sr
from ..render import Linker
from .figures import Counter, Section
from .plan import Plan
from .reports import Results


@dataclass(frozen=True)
class Entry:
    """One ruleset with its plan and its runs' reports."""

    ruleset: Ruleset
    plan: Plan
    results: Results


@dataclass(frozen=True)
class Page(Entry):
    """One ruleset's statistics page as it is written: its figures' counter, the prefix of its
    figures' ids, and its links."""

    counter: Counter
    ident: str
    link: Linker


@dataclass(frozen=True)
class Answer:
    """One question's answer over every ruleset: a headline and a line per ruleset."""

    headline: Markup
    items: tuple[Markup, ...]


@dataclass(frozen=True)
class Question:
    """One of the questions asked of every ruleset."""

    anchor: str
    """The id of its section on every page, kept for links."""
    asked: str
    """The question as the comparison's brief asks it."""
    section: Callable[[Page], Section]
    comparison: Callable[[Sequence[Entry], Counter], Section]
    """Its section of the comparison page."""
    answer: Callable[[Sequence[Entry]], Answer]
    listed: Callable[[Plan], list[tuple[str, sr.Run]]]
    """Its runs, each with what it is, for the list of the commands that repeat them."""
