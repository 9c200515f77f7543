"""The pages: the questions in order, each ruleset's plan and results, its statistics section,
and the comparison page."""

from __future__ import annotations

import logging
import operator
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from markupsafe import Markup

from ...mechanics.ruleset import Ruleset
from .. import stats_runs as sr
from ..keptjson import read_kept_json
from ..pages import PageMaker, SiteData, short_name
from ..render import Linker, render, with_meta
from . import advice, chief_card, effects, king_and_queen, length, seats
from .compartments import compartments_table
from .figures import Counter, command_html, phrases
from .plan import COMPARE_PAGE, MAIN, Plan, main_size, table_sizes
from .question import Entry, Page
from .reports import Results, read

say = phrases("figures")

QUESTIONS = (
    seats.QUESTION,
    length.QUESTION,
    king_and_queen.QUESTION,
    chief_card.QUESTION,
    advice.QUESTION,
)
"""The questions asked of every ruleset, in the order the pages ask them."""
log = logging.getLogger("mkdocs.plugins.variants.statistics")


def plan(ruleset: Ruleset, site: Sequence[Ruleset] = ()) -> Plan:
    """Every run behind one ruleset's page, as each question chooses them; ``site`` is every
    ruleset of the site, whose sources' advice is played under this one's rules."""
    deals, games = sr.deals_per_run(), sr.games_per_run()
    sizes = table_sizes(ruleset) or (main_size(ruleset),)
    main = main_size(ruleset)
    packs, length_runs = length.runs(ruleset, sizes, deals)
    pairs, game_runs = king_and_queen.runs(ruleset, sizes, main, games)
    popes, pope_runs = chief_card.runs(ruleset, main, deals)
    policies = advice.runs(ruleset, main, deals, site or (ruleset,))
    return Plan(
        ruleset.id, sizes, main, packs, length_runs, pairs, game_runs, popes, pope_runs, policies
    )


@dataclass
class _Site:
    """What the comparison's nav callback saw of the site (it runs first, at ``on_config``)."""

    rulesets: dict[str, Ruleset] = field(default_factory=dict)
    use_directory_urls: bool = True
    keys: set[str] = field(default_factory=set)
    """The cache keys of every run this build used, of those it played, and of those it read
    from the project's store."""
    played: set[str] = field(default_factory=set)
    stored: set[str] = field(default_factory=set)
    seconds: float = 0.0
    results: Results | None = None
    """Every run behind the site's pages, once this build has read them."""


_site = _Site()


def _whole_site(rulesets: Sequence[Ruleset]) -> bool:
    """Whether ``rulesets`` are the site's, the very objects the nav callback saw."""
    site = _site.rulesets.values()
    return len(rulesets) == len(site) and all(map(operator.is_, rulesets, site))


def results_for(rulesets: Sequence[Ruleset]) -> Results:
    """Every run behind these rulesets' pages, from the cache or played now; for the whole
    site, read once a build and kept for every page."""
    whole = _whole_site(rulesets)
    if whole and _site.results is not None:
        return _site.results
    by_id = {r.id: r for r in rulesets}
    runs = [run for r in rulesets for run in plan(r, rulesets).runs()]
    found = sr.results(runs, by_id)
    stats = sr.last_stats
    _site.keys.update(stats.keys)
    _site.played.update(stats.new)
    _site.stored.update(stats.from_store)
    _site.seconds += stats.seconds
    if stats.new:
        log.info(
            "variants statistics: played %d runs in %.1f s (cache: %s)",
            len(stats.new),
            stats.seconds,
            stats.folder,
        )
    results = read(found)
    if whole:
        _site.results = results
    return results


@dataclass(frozen=True)
class Provenance:
    """How a page's figures were made: sizes, seed, and the commands that repeat them."""

    deals: int
    games: int
    commands: tuple[tuple[str, Markup], ...]
    """(what, command) for every run on the page, the command as :func:`command_html`."""


def provenance(rulesets: Sequence[Ruleset], plans: Sequence[Plan]) -> Provenance:
    commands: list[tuple[str, Markup]] = []
    for ruleset, p in zip(rulesets, plans, strict=True):
        for question in QUESTIONS:
            for what, run in question.listed(p):
                commands.append((f"{short_name(ruleset)}: {what}", command_html(run.command())))
    return Provenance(sr.deals_per_run(), sr.games_per_run(), tuple(commands))


def ruleset_statistics(ruleset: Ruleset) -> str:
    """The statistics section of one ruleset's page."""
    results = results_for(_site_rulesets(ruleset))
    p = plan(ruleset, _site_rulesets(ruleset))
    link = Linker(f"statistics/{ruleset.id}.md", _site.use_directory_urls)
    page = Page(ruleset, p, results, Counter(), f"st-{ruleset.id}", link)
    return render(
        "statistics.md.j2",
        ruleset=ruleset,
        name=short_name(ruleset),
        sections=[question.section(page) for question in QUESTIONS],
        options=Markup(effects.ruleset_section(ruleset)),  # made of escaped pieces
        compartments=compartments_table(page),
        main=p.main,
        how=provenance([ruleset], [p]),
        example=command_html(p.seats.get(p.main, next(iter(p.seats.values()))).command()),
        advice_example=_command_of(advice.example(p)),
        seed=sr.SEED,
        in_runs=ruleset.rules.play.in_runs,
        link=link,
        compare=link.href(COMPARE_PAGE),
    )


def _command_of(run: sr.Run | None) -> Markup | None:
    return None if run is None else command_html(run.command())


def _site_rulesets(ruleset: Ruleset) -> list[Ruleset]:
    """The rulesets the site was built from: those registered by the comparison page's nav
    callback, which runs first, at ``on_config``; else this one alone."""
    if _site.rulesets.get(ruleset.id) is ruleset:
        return list(_site.rulesets.values())
    return [ruleset]


def compare_pages(site: SiteData) -> Mapping[str, PageMaker]:
    """The comparison page, by its path."""
    return {COMPARE_PAGE: partial(compare_page, site)}


def compare_page(site: SiteData) -> str:
    rulesets = list(site.rulesets)
    results = results_for(rulesets)
    plans = [plan(r, rulesets) for r in rulesets]
    entries = [Entry(r, p, results) for r, p in zip(rulesets, plans, strict=True)]
    counter = Counter()
    sections = [question.comparison(entries, counter) for question in QUESTIONS]
    text = render(
        "statistics_compare.md.j2",
        rulesets=rulesets,
        sections=sections,
        summary={q.anchor: q.answer(entries) for q in QUESTIONS},
        questions=[(q.anchor, q.asked) for q in QUESTIONS],
        how=provenance(rulesets, plans),
        deals=sr.deals_per_run(),
        games=sr.games_per_run(),
        seed=sr.SEED,
        main=MAIN,
        short_name=short_name,
        link=site.linker(COMPARE_PAGE),
        stats=sr.last_stats,
    )
    log.info(
        "variants statistics: %d runs, %d from the store, %d from the cache, %d played (%.1f s)",
        len(_site.keys),
        len(_site.stored),
        len(_site.keys - _site.played - _site.stored),
        len(_site.played),
        _site.seconds,
    )
    title = "Statistics: all rulesets compared"
    description = (
        f"Five questions asked of every ruleset at a table of {MAIN}, answered from simulated "
        "deals: which seat is favoured, what the Pope is worth, Matrimony, the pack and the "
        "length of a deal, and whose play advice does best."
    )
    return with_meta(text, title, description)


def compare_nav(site: SiteData) -> list[dict[str, Any]]:
    """The comparison page in the nav; also remembers the site's rulesets, so that the first
    ruleset page built can play every run at once."""
    _site.rulesets = {r.id: r for r in site.rulesets}
    _site.use_directory_urls = site.use_directory_urls
    _site.keys, _site.played, _site.stored, _site.seconds = set(), set(), set(), 0.0
    _site.results = None
    return [{"All rulesets compared": COMPARE_PAGE}]


@dataclass(frozen=True)
class Stored:
    """What :func:`store_runs` did: the runs the pages need, those it played, those it removed."""

    runs: int
    played: int
    removed: int


def store_runs(
    rulesets: Sequence[Ruleset], site: Sequence[Ruleset], folder: Path, processes: int
) -> Stored:
    """Every run the statistics pages of ``rulesets`` need (``site`` being every ruleset of the
    site, whose advice they play), in the project's store ``folder``: those it lacks are played
    into it, and the files of these rulesets' runs that no page needs any more are removed."""
    by_id = {r.id: r for r in site}
    runs = [run for r in rulesets for run in plan(r, site).runs()]
    sr.results(runs, by_id, folder, processes, store=folder)
    stats = sr.last_stats
    keys = set(stats.keys)
    ids = {r.id for r in rulesets}
    removed = 0
    for path in sorted(folder.glob("*.json")):
        record = read_kept_json(path, sr.MAX_ENTRY)
        run = record.get("run") if isinstance(record, dict) else None
        whose = run.get("ruleset") if isinstance(run, dict) else None
        if path.stem not in keys and whose in ids:
            path.unlink()
            removed += 1
    return Stored(len(keys), stats.played, removed)
