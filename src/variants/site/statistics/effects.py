"""Which differences matter: each option value of each ruleset measured against its own default
rules on the same deals (:mod:`variants.analysis.paired`), read from the store that ships with
the project (``variants sweep``), never played by the build.

Each ruleset's statistics page gains a section on its options' effects, and the Statistics tab a
page ranking every option value of every ruleset by how much it changes what a player nets.
A ruleset the store holds no up-to-date figures of says so instead; the suite fails on it
(``tests/test_store.py``).
"""

from __future__ import annotations

import logging
import shlex
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from markupsafe import Markup

from ...analysis.effects import (
    Effect,
    OptionEffect,
    Together,
    figure_words,
    option_effects,
    together_effects,
)
from ...analysis.store import Store, StoredCell, StoreError, stored_cells
from ...analysis.sweep import POLICY_DEALS, LocalRunner, local_jobs, plan, plan_with, run
from ...core.settings import store_path
from ...mechanics.ruleset import Ruleset
from .. import stats_runs as sr
from ..charts import number
from ..pages import PageMaker, SiteData, short_name
from ..render import Linker, render, with_meta
from .figures import command_html, fold, phrases
from .plan import main_size

say = phrases(__name__)
log = logging.getLogger("mkdocs.plugins.variants.effects")

ANCHOR = "options"
PAGE = "statistics/differences.md"
TITLE = "Which differences matter"
SEATS = ("dealer", "elder", "others")
"""The figures of what a player nets: the ranking's measure is the largest change among them."""
COLUMNS = ("dealer", "elder", "others", "chief", "cards")
"""The figures the tables show, in order."""
PARTS = {
    "pack": "the pack",
    "deal": "the deal",
    "turn_up": "the turn-up",
    "trump": "trumps",
    "dressing": "the stakes",
    "board": "the board",
    "play": "the play",
    "going_out": "going out",
    "game": "the game",
    "first_dealer": "the first dealer",
    "advice": "the advice",
}
"""What part of the rules an option's patches change, by the first step of their paths, in words
(a part not named here is given as its path's first step)."""
POLICY_WORDS = {
    "random": "every player leading a card chosen at random among those the rules allow",
    "advised": "every player leading as the ruleset's own advice says",
    "lowest": "every player leading the lowest card the rules allow",
}


@cache
def _cells(path: Path, stamp: tuple[int, int]) -> Mapping[str, tuple[StoredCell, ...]]:
    """The store's cells by ruleset (read once a build: ``stamp`` is the file's size and time)."""
    found: dict[str, list[StoredCell]] = {}
    for cell in stored_cells(path):
        found.setdefault(cell.key.ruleset, []).append(cell)
    return {ruleset: tuple(cells) for ruleset, cells in found.items()}


def cells_of(ruleset_id: str) -> tuple[StoredCell, ...]:
    """The store's cells of one ruleset; none when there is no store."""
    path = store_path()
    try:
        found = path.stat()
    except OSError:
        return ()
    try:
        return _cells(path, (found.st_size, found.st_mtime_ns)).get(ruleset_id, ())
    except StoreError:
        return ()


@dataclass(frozen=True)
class Measured:
    """A ruleset's option values, measured, with the words to tell them."""

    ruleset: Ruleset
    effects: tuple[OptionEffect, ...]
    stale: int
    together: tuple[Together, ...] = ()
    """The combinations of values the ruleset declares worth measuring together."""

    def at(self, players: int, policy: str) -> list[OptionEffect]:
        return [e for e in self.effects if e.players == players and e.policy == policy]

    @property
    def sizes(self) -> list[int]:
        return sorted({e.players for e in self.effects})

    def main(self) -> int:
        """The table size told first: the statistics pages' own, or the nearest measured."""
        wanted = main_size(self.ruleset)
        return min(self.sizes, key=lambda size: (abs(size - wanted), size))


def wanted_deals() -> dict[str, int]:
    """The deals a cell plays under each policy: the store's sizes, scaled as the statistics
    pages' runs are (``$VARIANTS_STATS_SCALE``)."""
    return {
        policy: max(sr.MIN_DEALS, round(deals * sr.scale()))
        for policy, deals in POLICY_DEALS.items()
    }


_MEASURED: dict[tuple[str, str, tuple[tuple[str, int], ...]], Measured] = {}


def measured(ruleset: Ruleset) -> Measured:
    """A ruleset's option values measured: from the project's store where it holds them all up
    to date, at its own sizes; else played now, at the sizes the statistics pages' runs are
    played at, into the build's cache (:func:`played_cells`)."""
    wanted = wanted_deals()
    key = (ruleset.id, ruleset.raw_rules, tuple(sorted(wanted.items())))
    found = _MEASURED.get(key)
    if found is None:
        if not ruleset.options:
            found = Measured(ruleset, (), 0)
        else:
            cells = complete(ruleset, cells_of(ruleset.id), POLICY_DEALS)
            if cells is None:
                cells = played_cells(ruleset, wanted)
            effects, stale = option_effects(ruleset, cells)
            together = together_effects(ruleset, cells)
            found = Measured(ruleset, tuple(effects), stale, tuple(together))
        _MEASURED[key] = found
    return found


def complete(
    ruleset: Ruleset, cells: Sequence[StoredCell], deals: Mapping[str, int]
) -> list[StoredCell] | None:
    """The cells of ``ruleset`` of these sizes (deals under each policy), if they are every cell
    a sweep of it plays, up to date; else None."""
    kept = [c for c in cells if c.key.deals == deals.get(c.key.policy)]
    held = {cell.key: cell.stamp for cell in kept}
    for policy, count in deals.items():
        if plan_with([ruleset], lambda _: held, policies=(policy,), deals=count).groups:
            return None
    return kept


def played_cells(ruleset: Ruleset, wanted: Mapping[str, int]) -> list[StoredCell]:
    """A ruleset's cells the project's store lacks, played into a store in the statistics
    cache's folder (as the pages' runs are), and read back from there."""
    path = sr.cache_dir([ruleset]) / "sweep.sqlite"
    path.parent.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    written = 0
    with Store(path) as store:
        for policy, deals in wanted.items():
            planned = plan([ruleset], store, policies=(policy,), deals=deals)
            runner = LocalRunner(local_jobs(0) if planned.deals > SMALL else 1)
            written += run(planned, store, runner)
            runner.close(cancel=False)
        cells = [c for c in store.cells(ruleset.id) if c.key.deals == wanted[c.key.policy]]
    if written:
        log.info(
            "variants effects: played %d cells of %s in %.1f s (the store lacks them)",
            written,
            ruleset.id,
            time.perf_counter() - started,
        )
    return cells


SMALL = 50_000
"""Fewer deals than this are played in the build's own process, not shared out."""


def option_label(ruleset: Ruleset, item: OptionEffect) -> str:
    """The option and the value it is set to, in the ruleset's words (ruleset text: escaped
    where shown)."""
    return option_label_of(ruleset, item.option, item.value)


def option_cell(ruleset: Ruleset, item: OptionEffect) -> Markup:
    """The option in small print, then the value it is set to."""
    option = ruleset.option(item.option)
    return say("option", option=option.label, value=option.value(item.value).label)


def parts_changed(ruleset: Ruleset, item: OptionEffect) -> str:
    """The parts of the rules the option value changes, in words: ``the stakes``, ``the
    play``."""
    patches = ruleset.option(item.option).value(item.value).patches
    first = dict.fromkeys(path.split(".", 1)[0] for path, _ in patches)
    return ", ".join(PARTS.get(part, part.replace("_", " ")) for part in first) or "nothing"


def unchanged(item: OptionEffect) -> bool:
    """Whether the option value changes nothing at all in a single deal: every figure the same
    on every deal."""
    return all(e.effect == 0 and e.low == e.high == 0 for e in item.effects)


def largest(item: OptionEffect) -> Effect | None:
    """Of the changes to what a player nets that the deals can tell from none, the largest."""
    seats = [e for e in item.effects if e.figure in SEATS and e.distinguishable]
    return max(seats, key=lambda e: abs(e.effect), default=None)


def _size(effect: Effect | None) -> float:
    """How large a change is, whichever way it goes (0 for none)."""
    return abs(effect.effect) if effect is not None else 0.0


def cell(effect: Effect | None, digits: int = 2) -> Markup:
    """A table cell: the change and its 95% interval, in bold where the interval leaves out
    zero; a dash where the figure does not apply."""
    if effect is None:
        return say("absent")
    if effect.effect == 0 and effect.low == effect.high == 0:
        return say("nothing")
    return say(
        "cell",
        value=number(effect.effect, digits, True),
        low=number(effect.low, digits, True),
        high=number(effect.high, digits, True),
        strong=effect.distinguishable,
    )


def _by_figure(item: OptionEffect) -> dict[str, Effect]:
    return {effect.figure: effect for effect in item.effects}


def effects_table(ruleset: Ruleset, items: Sequence[OptionEffect], caption: str) -> Markup:
    words = figure_words(ruleset, short=True)
    head = ("Option", *(_heading(words, figure) for figure in COLUMNS))
    rows = []
    for item in items:
        found = _by_figure(item)
        rows.append((option_cell(ruleset, item), *(cell(found.get(figure)) for figure in COLUMNS)))
    return say("table", head=head, rows=rows, caption=caption)


def _heading(words: Mapping[str, str], figure: str) -> str:
    headings = {
        "dealer": "Dealer",
        "elder": "Elder hand",
        "others": "Each other player",
        "chief": words["chief"].removesuffix(" worth") + " to its holder",
        "cards": "Cards a deal",
    }
    return headings[figure]


def _caption(item: OptionEffect) -> str:
    return (
        f"{item.players} players, {number(item.deals, 0)} deals for each row, played under the "
        f"default rules and under the option on the same deals, {POLICY_WORDS[item.policy]}. "
        "Each cell is the change from the default rules (counters a deal, or cards), with its "
        "95% interval in small print; in bold where the interval leaves out no change."
    )


def _sweep_commands(ruleset: Ruleset) -> tuple[Markup, Markup]:
    name = shlex.quote(ruleset.id)
    return command_html(f"variants sweep {name}"), command_html(f"variants effects {name}")


def ruleset_section(ruleset: Ruleset) -> str:
    """The section on a ruleset's statistics page: what each of its options changes."""
    if not ruleset.options:
        return render("_effects_section.md.j2", absent=say("no_options"), anchor=ANCHOR)
    found = measured(ruleset)
    if not found.effects:
        return render("_effects_section.md.j2", absent=say("unmeasured"), anchor=ANCHOR)
    main = found.main()
    first = found.at(main, "random") or found.effects[:1]
    told = first[0]
    changing = [item for item in first if largest(item) is not None]
    big = max(changing, key=lambda item: _size(largest(item)), default=None)
    still = [item for item in first if unchanged(item)]
    answer = say(
        "answer",
        n=told.players,
        deals=number(told.deals, 0),
        policy=POLICY_WORDS[told.policy],
        values=len(first),
        changing=len(changing),
        big=option_label(ruleset, big) if big else "",
        big_effect=_effect_words(ruleset, largest(big)) if big else "",
        still=len(still),
    )
    shown = effects_table(ruleset, first, _caption(told))
    tables = [
        fold(
            f"What each option changes at {told.players} players ({len(first)} values)",
            shown,
        )
    ]
    more = []
    for size in found.sizes:
        for policy in ("random", "advised"):
            items = found.at(size, policy)
            if items and items is not first and (size, policy) != (told.players, told.policy):
                more.append(effects_table(ruleset, items, _caption(items[0])))
    if more:
        tables.append(
            fold(
                f"At the other table sizes and under the ruleset's advice ({len(more)} tables)",
                *more,
            )
        )
    tables += _together_tables(ruleset, found.together, told.players, told.policy)
    sweep, effects = _sweep_commands(ruleset)
    return render(
        "_effects_section.md.j2",
        absent=None,
        anchor=ANCHOR,
        answer=answer,
        tables=tables,
        sweep=sweep,
        effects=effects,
        stale=found.stale,
    )


def _together_tables(
    ruleset: Ruleset, together: Sequence[Together], players: int, policy: str
) -> list[Markup]:
    """Each combination the ruleset declares, at the table size and policy told first: its
    effect, the sum of its values' effects apart, and the difference."""
    words = figure_words(ruleset, short=True)
    found = []
    for item in together:
        if (item.players, item.policy) != (players, policy):
            continue
        changes = _by_figure_of(item.effects)
        rows = [
            (
                _heading(words, part.figure),
                cell(changes[part.figure]),
                number(part.apart, 2, True),
                say(
                    "difference",
                    value=number(part.difference, 2, True),
                    bound=number(part.bound, 2, False),
                    strong=part.distinguishable,
                ),
            )
            for part in item.apart
            if part.figure in COLUMNS
        ]
        values = " and ".join(
            option_label_of(ruleset, option, value) for option, value in item.combination.options
        )
        caption = say(
            "together_caption",
            n=item.players,
            deals=number(item.deals, 0),
            policy=POLICY_WORDS[item.policy],
        )
        head = ("Figure", "Together", "Apart, added up", "Difference")
        found.append(
            fold(
                f"{len(item.combination.options)} option values measured together",
                say("together", values=values, why=item.combination.why),
                say("table", head=head, rows=rows, caption=caption),
            )
        )
    return found


def _by_figure_of(effects: Sequence[Effect]) -> dict[str, Effect]:
    return {effect.figure: effect for effect in effects}


def option_label_of(ruleset: Ruleset, option_id: str, value: str) -> str:
    """An option and a value it is set to, in the ruleset's words (``The board's compartments:
    Five compartments ...``; ruleset text: escaped where shown)."""
    option = ruleset.option(option_id)
    return f"{option.label}: {option.value(value).label}"


def _effect_words(ruleset: Ruleset, effect: Effect | None) -> str:
    if effect is None:
        return ""
    who = {"dealer": "the dealer", "elder": "the elder hand", "others": "each other player"}
    more = "more" if effect.effect > 0 else "less"
    return (
        f"{who[effect.figure]} nets {number(abs(effect.effect), 2)} counters a deal {more} "
        f"(95% interval {number(effect.low, 2, True)} to {number(effect.high, 2, True)})"
    )


@dataclass(frozen=True)
class Ranked:
    ruleset: Ruleset
    item: OptionEffect
    largest: Effect | None


def ranking(rulesets: Sequence[Ruleset], policy: str) -> tuple[list[Ranked], list[Ranked]]:
    """Every option value of every ruleset at its main table size under ``policy``: those that
    change what a player nets by more than chance, largest change first; and the others."""
    changing: list[Ranked] = []
    others: list[Ranked] = []
    for ruleset in rulesets:
        found = measured(ruleset)
        if not found.effects:
            continue
        for item in found.at(found.main(), policy):
            ranked = Ranked(ruleset, item, largest(item))
            (changing if ranked.largest is not None else others).append(ranked)
    changing.sort(key=lambda r: (-_size(r.largest), r.ruleset.id, r.item.option))
    return changing, others


TOP = 12
"""How many option values the ranking shows before the rest are folded."""


def differences_page(site: SiteData) -> str:
    link = site.linker(PAGE)
    rulesets = list(site.rulesets)
    tables: dict[str, Any] = {}
    for policy in ("random", "advised"):
        changing, others = ranking(rulesets, policy)
        tables[policy] = (changing, others)
    unmeasured = [r for r in rulesets if r.options and not measured(r).effects]
    text = render(
        "differences.md.j2",
        title=TITLE,
        tables=tables,
        rank_table=lambda changing, policy, first=1: _rank_table(changing, link, policy, first),
        top=TOP,
        quiet_list=lambda others: _quiet_list(others, link),
        count=sum(len(r.options) > 0 for r in rulesets),
        values=sum(len(o.values) - 1 for r in rulesets for o in r.options),
        unmeasured=[short_name(r) for r in unmeasured],
        policy_words=POLICY_WORDS,
    )
    return with_meta(
        text,
        TITLE,
        "Every variation every source offers, played against its own rules on the same deals "
        "and ranked by how much it changes what a player nets.",
    )


def _rank_table(changing: Sequence[Ranked], link: Linker, policy: str, first: int = 1) -> Markup:
    """The ranked option values as a table, numbered from ``first``."""
    rows = []
    for place, ranked in enumerate(changing, first):
        item, found = ranked.item, _by_figure(ranked.item)
        biggest = ranked.largest
        assert biggest is not None
        rows.append(
            (
                say(
                    "ranked",
                    place=place,
                    href=link.href(f"statistics/{ranked.ruleset.id}.md", ANCHOR),
                    name=short_name(ranked.ruleset),
                    players=item.players,
                    option=option_cell(ranked.ruleset, item),
                ),
                parts_changed(ranked.ruleset, item),
                say("who", figure=biggest.figure),
                cell(biggest),
                cell(found.get("chief")),
                cell(found.get("cards")),
            )
        )
    head = (
        "Rules and option",
        "It changes",
        "Whose net changes most",
        "By (counters a deal)",
        "The Pope to its holder",
        "Cards a deal",
    )
    caption = (
        f"Each option value against its own ruleset's default rules on the same deals, at 5 "
        f"players unless it says otherwise, {POLICY_WORDS[policy]}; 95% intervals in small "
        "print, the change in bold where its interval leaves out none."
    )
    return say("table", head=head, rows=rows, caption=caption, words=(1, 2))


def _quiet_list(others: Sequence[Ranked], link: Linker) -> Markup:
    items = [
        say(
            "quiet",
            href=link.href(f"statistics/{r.ruleset.id}.md", ANCHOR),
            name=short_name(r.ruleset),
            option=option_label(r.ruleset, r.item),
            unchanged=unchanged(r.item),
        )
        for r in others
    ]
    return say("quiet_list", items=items)


def pages(site: SiteData) -> Mapping[str, PageMaker]:
    return {PAGE: lambda: differences_page(site)}


def templates(page: str) -> tuple[str, ...]:
    """The templates that tell the page (its edit link opens the first)."""
    return ("differences.md.j2", "_stats_effects.html.j2") if page == PAGE else ()


def nav(site: SiteData) -> list[dict[str, Any]]:
    return [{TITLE: PAGE}]
