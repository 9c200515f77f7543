"""The generated pages, the navigation, the home page's markers and the extra-section registry.

Everything here works on the typed model; :mod:`variants.site.hooks` connects it to mkdocs.

Engine output is added to the example and statistics pages through :data:`extra_sections`: a
function registered for ``"examples"`` or ``"statistics"`` is called with each ruleset and
returns Markdown that is appended to that ruleset's page. Such Markdown is trusted as written,
so a function that includes ruleset text must pass it through :func:`escape_markdown` (or
through an autoescaped template)::

    from variants.site.pages import extra_section

    @extra_section("examples")
    def example_deals(ruleset):
        return "## A five-player deal\\n\\n..."

Modules holding such functions are imported at build time when listed in ``mkdocs.yml`` under
``extra: variants: section_modules: [...]``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, partial
from pathlib import Path
from typing import Any, Literal

from markupsafe import Markup

from ..core.citations import Citation
from ..core.saferead import MAX_TEXT_BYTES, decode, read_bytes, read_text_lines
from ..mechanics.ruleset import HOME_GAME, Gap, InterpretationKind, Ruleset
from ..rules.bibliography import Bibliography, Entry
from ..rules.loader import SourceTexts
from . import brief, contributing, family, glossary, overview, timeline
from . import compare as cmp
from . import describe as d
from .readings import kind_words
from .render import (
    Linker,
    SourceRef,
    escape_markdown,
    file_anchor,
    render,
    source_page,
    with_meta,
)
from .schema_doc import schema_doc
from .sourcepages import Gloss, PageSpan, apparatus_page, page_spans, source_text
from .svg import board_svg, interpretation_marks, is_layout, stakes_caption

__all__ = [
    "MARKERS",
    "PageKind",
    "PageMaker",
    "PageNameError",
    "PageSet",
    "SiteData",
    "UnknownMarkerError",
    "add_page_set",
    "escape_markdown",
    "expand_markers",
    "extra_page_sets",
    "extra_section",
    "extra_sections",
    "generate_pages",
    "is_page_name",
    "navigation",
    "page_makers",
    "row_pages_from",
    "ruleset_link",
    "short_name",
]

PageKind = Literal["examples", "statistics"]
NavSection = Literal["examples", "statistics", "replay", "compare"]
"""Where a page set's pages are listed: after a section's ruleset pages, in a tab of their own
(the replay), or after the comparison, in its tab."""
SectionRenderer = Callable[[Ruleset], str]
PageMaker = Callable[[], str]
"""What makes one generated page's Markdown when called."""

extra_sections: dict[PageKind, list[SectionRenderer]] = {"examples": [], "statistics": []}
"""Functions whose Markdown is appended to each ruleset's examples or statistics page."""


ruleset_links: list[Callable[[Ruleset], tuple[str, str]]] = []
"""Links a section module adds to the head of each ruleset's page: (words, page path)."""


def ruleset_link(
    function: Callable[[Ruleset], tuple[str, str]],
) -> Callable[[Ruleset], tuple[str, str]]:
    """Register a link to add to the head of every ruleset's page (:data:`ruleset_links`)."""
    if function not in ruleset_links:
        ruleset_links.append(function)
    return function


row_pages: list[Callable[[str], str]] = []
"""Where a section module collates each row of the comparison: the page's path for a row's
dimension id. The comparison's rows link to the first registered; to none without one."""


def row_pages_from(function: Callable[[str], str]) -> Callable[[str], str]:
    """Register the pages that collate the comparison's rows (:data:`row_pages`)."""
    if function not in row_pages:
        row_pages.append(function)
    return function


def extra_section(kind: PageKind) -> Callable[[SectionRenderer], SectionRenderer]:
    """Register a function as an extra section of every ruleset's ``kind`` page."""

    def register(function: SectionRenderer) -> SectionRenderer:
        if function not in extra_sections[kind]:
            extra_sections[kind].append(function)
        return function

    return register


@dataclass(frozen=True)
class PageSet:
    """Whole pages a module adds to the site, listed in the nav after a section's ruleset pages
    (or, for ``replay``, as a tab of their own).

    ``nav`` gives the entries to list there when the nav is built, as mkdocs nav entries
    (``{title: page}``, or ``{title: [entries]}`` for a sub-section); titles must not carry
    ruleset text, since the theme does not escape them. ``pages`` gives, by its path in the docs
    folder, what makes every page's Markdown: naming the pages makes none of them, so that a
    build that reads its pages back from the cache knows which pages to expect
    (:func:`page_makers`). A path is a plain relative one (:func:`is_page_name`). The Markdown
    is trusted as written, like an extra section's."""

    section: NavSection
    nav: Callable[[SiteData], Sequence[dict[str, Any]]]
    pages: Callable[[SiteData], Mapping[str, PageMaker]]
    ruleset_folder: str | None = None
    """The folder of the set's pages that are one per ruleset, each named by its id (a
    contributor edits the ruleset to change one); none when the set has no such pages."""
    templates: Callable[[str], tuple[str, ...]] = lambda page: ()
    """For a page of the set (its path in the docs folder), the templates that tell it, by
    their names in the templates folder; none for a page not the set's."""


extra_page_sets: list[PageSet] = []
"""Page sets added by the modules listed in ``extra.variants.section_modules``."""


def add_page_set(page_set: PageSet) -> PageSet:
    """Register a set of whole pages (see :class:`PageSet`)."""
    if page_set not in extra_page_sets:
        extra_page_sets.append(page_set)
    return page_set


PAGE_PURPOSE: dict[PageKind, str] = {
    "examples": (
        "This page will hold worked example deals played by the engine under this ruleset's "
        "default rules: the deal, every lead and run, each stop and its cause, and the "
        "settlement, each step linked to the rule it applies."
    ),
    "statistics": (
        "This page will hold statistics from many simulated games under this ruleset: how often "
        "each compartment is won, how long deals last, and how the counters move between seats."
    ),
}
PAGE_TITLES: dict[PageKind, str] = {"examples": "Worked examples", "statistics": "Statistics"}
PAGE_DESCRIPTIONS: dict[PageKind, str] = {
    "examples": (
        "Example deals of {title}, played by the rules and told run by run: every lead, every "
        "stop and its cause, the board and the settlement."
    ),
    "statistics": (
        "Statistics of {title} from many simulated deals: how the seats fare, what the Pope "
        "is worth, how long a deal lasts and how often each compartment is won."
    ),
}

OverviewKind = Literal["rulesets", "examples", "statistics"]
OVERVIEWS: dict[OverviewKind, tuple[str, str]] = {
    "rulesets": (
        "The rulesets",
        "Each source's rules, written down as data and told in plain English, game by game: who "
        "wrote them, when, and the rules that are theirs alone among their game's rulesets. Each "
        "ruleset's page gives every rule with the lines of the source it comes from, the "
        "variations it offers, and how each gap in its source is read.",
    ),
    "examples": (
        "Worked examples",
        "Deals played under each ruleset's rules and told card by card: the deal, every run "
        "and what stopped it, each compartment won, and the settlement, each step linked to the "
        "rule it applies. Every deal can also be stepped through in the replay.",
    ),
    "statistics": (
        "Statistics",
        "What many simulated deals and games under each ruleset show: how often each "
        "compartment is won, how long a deal lasts, how the counters move between the seats, "
        'and what each of the ruleset\'s options changes; "Which differences matter" ranks '
        "every option of every ruleset by its effect. Each ruleset's page says how its figures "
        "were made.",
    ),
}
"""The title and the opening of each tab's overview page."""


@dataclass(frozen=True)
class SiteData:
    """What the generated pages are made from."""

    rulesets: tuple[Ruleset, ...]
    """In display order (by source file)."""
    schema: Mapping[str, Any]
    contributing: str | None = None
    """The text of the repository's CONTRIBUTING.md, if there is one."""
    use_directory_urls: bool = True
    section_kinds: tuple[PageKind, ...] = field(default=("examples", "statistics"))
    recommended: Ruleset | None = None
    """The ruleset told in brief (``extra.variants.recommended`` in mkdocs.yml)."""
    sources_dir: SourceTexts | None = None
    """Where the source texts are read from, if the build found them."""
    added: tuple[tuple[NavSection, str, str], ...] = ()
    """Each page the page sets list in the nav, as (section, title, path): read once, when the
    site is loaded (:func:`with_added_pages`), since a page set's nav may start its work."""
    bibliography: Bibliography | None = None
    """The sources folder's bibliography, whose texts have pages of their own."""
    repo_url: str | None = None
    """The repository's address (``repo_url`` in mkdocs.yml), which the contributing page names."""

    @classmethod
    def create(
        cls,
        rulesets: Mapping[str, Ruleset],
        schema: Mapping[str, Any],
        contributing: str | None = None,
        use_directory_urls: bool = True,
        recommended: Ruleset | None = None,
        sources_dir: SourceTexts | None = None,
        bibliography: Bibliography | None = None,
        repo_url: str | None = None,
    ) -> SiteData:
        ordered = sorted(rulesets.values(), key=lambda r: (r.source.files[0].name, r.id))
        return cls(
            tuple(ordered),
            schema,
            contributing,
            use_directory_urls,
            recommended=recommended,
            sources_dir=sources_dir,
            bibliography=bibliography,
            repo_url=repo_url,
        )

    @property
    def entries(self) -> tuple[Entry, ...]:
        return self.bibliography.entries if self.bibliography else ()

    def same_book(self, one: str, other: str) -> bool:
        """Whether two source files are texts of one book (the same author and title in the
        bibliography); without a bibliography entry for both, only a file is its own book."""
        first = self.bibliography.entry(one) if self.bibliography else None
        second = self.bibliography.entry(other) if self.bibliography else None
        if first is None or second is None:
            return one == other
        return (first.author, first.title) == (second.author, second.title)

    def linker(self, page: str) -> Linker:
        return Linker(page, self.use_directory_urls, self.source_refs)

    @cached_property
    def source_refs(self) -> dict[str, SourceRef]:
        """How the site names each source file of the bibliography, and the book's pages of
        each line of a kept text, where its copy marks them."""
        refs: dict[str, SourceRef] = {}
        for e in self.entries:
            pages: tuple[PageSpan, ...] = ()
            if e.reproduced and self.bibliography is not None:
                pages = page_spans(read_text_lines(self.bibliography.folder / e.file))
            refs[e.file] = SourceRef(e.slug, e.name, e.cite, e.reproduced, pages)
        return refs

    def modern(self, ruleset: Ruleset) -> bool:
        """Whether the ruleset's source is a modern page, cited and not reproduced."""
        if self.bibliography is None:
            return False
        entries = [self.bibliography.entry(f.name) for f in ruleset.source.files]
        return all(e is not None and not e.reproduced for e in entries)

    def status(self, ruleset: Ruleset) -> d.Status:
        return d.ruleset_status(ruleset, self.modern(ruleset))


def short_name(ruleset: Ruleset) -> str:
    """The ruleset's name in navigation and table heads (:attr:`Ruleset.short_name`)."""
    return ruleset.short_name


def with_added_pages(site: SiteData) -> SiteData:
    """The site data with the pages its page sets list in the nav (:attr:`SiteData.added`)."""
    found: list[tuple[NavSection, str, str]] = []

    def walk(section: NavSection, entries: Sequence[Any]) -> None:
        for entry in entries:
            for title, target in entry.items():
                if isinstance(target, str):
                    found.append((section, title, target))
                else:
                    walk(section, target)

    for page_set in extra_page_sets:
        walk(page_set.section, page_set.nav(site))
    return replace(site, added=tuple(found))


def navigation(site: SiteData) -> list[dict[str, Any]]:
    """The site's nav: Home (with the rules in brief and the glossary), each ruleset,
    comparison, examples, replay, statistics, sources, schema. A tab of rulesets opens on its
    overview (``<folder>/index.md``)."""

    games = family.games(site.rulesets)
    grouped = len(games) > 1

    def added(section: NavSection) -> list[dict[str, Any]]:
        return [e for p in extra_page_sets if p.section == section for e in p.nav(site)]

    def each(folder: OverviewKind) -> list[Any]:
        pages: list[Any] = [f"{folder}/index.md"]
        if grouped:
            pages += [
                {game.title: [{short_name(r): f"{folder}/{r.id}.md"} for r in game.rulesets]}
                for game in games
            ]
        else:
            pages += [{short_name(r): f"{folder}/{r.id}.md"} for r in site.rulesets]
        return pages + (added(folder) if folder != "rulesets" else [])

    home: list[Any] = ["index.md"]
    if site.recommended is not None:
        home.append({"Pope Joan in brief": brief.BRIEF})
    home.append({"Glossary": glossary.GLOSSARY})
    replay = added("replay")
    beside_comparison = added("compare")
    return [
        {"Home": home},
        {"Rulesets": each("rulesets")},
        {
            "Comparison": [{"The rulesets compared": "compare.md"}, *beside_comparison]
            if beside_comparison
            else "compare.md"
        },
        {"Examples": each("examples")},
        *([{"Replay": replay}] if replay else []),
        {"Statistics": each("statistics")},
        {"Play": "play.md"},
        {
            "Sources": [
                {"Sources and interpretations": "sources.md"},
                {"Where the sources disagree": "disagreements.md"},
                *(
                    {
                        e.name: [
                            {"The text": source_page(e.slug)},
                            {"Apparatus": apparatus_page(e.slug)},
                        ]
                    }
                    if e.reproduced
                    else {e.name: source_page(e.slug)}
                    for e in site.entries
                ),
            ]
        },
        {"Timeline": "timeline.md"},
        {"Family": [{"The family": "family.md"}, *({g.title: g.page} for g in games)]}
        if grouped
        else {"Family": "family.md"},
        {"Schema": "schema.md"},
        {"Contributing": "contributing.md"},
    ]


# --------------------------------------------------------------------------------------------
# Pages


def _common(site: SiteData, page: str) -> dict[str, Any]:
    return {
        "site": site,
        "link": site.linker(page),
        "short_name": short_name,
        "d": d,
        "file_anchor": file_anchor,
    }


def ruleset_page(site: SiteData, ruleset: Ruleset) -> str:
    page = f"rulesets/{ruleset.id}.md"
    rules = ruleset.rules
    used_by: dict[str, list[tuple[str, str]]] = {}
    for section in d.describe(rules):
        for rule in section.rules:
            if rule.interpretation:
                used_by.setdefault(rule.interpretation, []).append((rule.anchor, rule.title))
    for option in ruleset.options:
        if option.interpretation:
            used_by.setdefault(option.interpretation, []).append(
                (f"option-{option.id}", f"Option: {option.label}")
            )
    return render(
        "ruleset.md.j2",
        ruleset=ruleset,
        status=site.status(ruleset),
        sections=d.describe(rules),
        board=board_svg(rules, short_name(ruleset), ruleset.id),
        board_caption=stakes_caption(rules),
        board_marks=interpretation_marks(ruleset),
        effects={o.id: d.option_effects(ruleset, o) for o in ruleset.options},
        used_by=used_by,
        supplied=d.supplied_marks(ruleset, site.rulesets, site.same_book),
        gap_places=d.gap_places(ruleset),
        also=[make(ruleset) for make in ruleset_links],
        interpretations={i.id: i for i in ruleset.interpretations},
        advice_anchors={r.anchor for r in d.advice_rules(rules)},
        kind_words=kind_words,
        options_summary=options_summary(ruleset),
        interpretations_summary=interpretations_summary(ruleset),
        **_common(site, page),
    )


def options_summary(ruleset: Ruleset) -> str:
    """What the folded list of a ruleset's options holds, and how many."""
    n = len(ruleset.options)
    variations = "1 variation" if n == 1 else f"{n} variations"
    return f"{variations} the source offers or its readings allow, and the rules each changes"


KIND_PHRASES: dict[InterpretationKind, str] = {
    "silent": "says nothing",
    "ambiguous": "is unclear",
    "contradictory": "contradicts itself",
    "lost": "is missing from the copy",
}


def interpretations_summary(ruleset: Ruleset) -> str:
    """What the folded list of a ruleset's interpretations holds, and how many: the
    kinds of question among them, in the words the site uses for them."""
    kinds = {i.kind for i in ruleset.interpretations}
    phrases = [words for kind, words in KIND_PHRASES.items() if kind in kinds]
    said = phrases[0] if len(phrases) == 1 else ", ".join(phrases[:-1]) + " or " + phrases[-1]
    n = len(ruleset.interpretations)
    places = "1 place" if n == 1 else f"{n} places"
    they = "it is" if n == 1 else "they are"
    return f"{places} where the source {said}, and how {they} read"


def section_page(site: SiteData, ruleset: Ruleset, kind: PageKind) -> str:
    page = f"{kind}/{ruleset.id}.md"
    extras = [renderer(ruleset).strip() for renderer in extra_sections[kind]]
    return render(
        "section.md.j2",
        ruleset=ruleset,
        kind=kind,
        title=PAGE_TITLES[kind],
        purpose=PAGE_PURPOSE[kind],
        extras=[e for e in extras if e],
        **_common(site, page),
    )


def compare_page(site: SiteData) -> str:
    rows = cmp.matrix(cmp.columns(site.rulesets))
    return render(
        "compare.md.j2",
        rows=rows,
        games=cmp.games(site.rulesets),
        row_page=row_pages[0] if row_pages else None,
        differing=sum(1 for r in rows if r.differs),
        **_common(site, "compare.md"),
    )


@dataclass(frozen=True)
class SourceFileEntry:
    """A source file on the sources page: its bibliographic entry (if it has one), the rulesets
    that follow it, and the gaps they declare in it, each place once."""

    name: str
    entry: Entry | None
    followed: tuple[Ruleset, ...]
    gaps: tuple[Gap, ...]


def source_files(site: SiteData) -> list[SourceFileEntry]:
    """Every source file: the bibliography's, in its order, then any other a ruleset cites."""
    names = [e.file for e in site.entries]
    for ruleset in site.rulesets:
        names += [f.name for f in ruleset.source.files]
    names += list(d.supplying_files(site.rulesets))
    found: list[SourceFileEntry] = []
    for name in dict.fromkeys(names):
        followed = tuple(r for r in site.rulesets if name in {f.name for f in r.source.files})
        places: dict[tuple[int | None, int | None], Gap] = {}
        for ruleset in followed:
            for gap in ruleset.source.gaps:
                if gap.file == name:
                    known = places.get((gap.after, gap.before))
                    if known is None or (known.outside and not gap.outside):
                        places[(gap.after, gap.before)] = gap
        entry = site.bibliography.entry(name) if site.bibliography else None
        found.append(SourceFileEntry(name, entry, followed, tuple(places.values())))
    return found


def readings_page(site: SiteData, ruleset: Ruleset) -> str | None:
    """The page that lists a ruleset's readings: the apparatus of the first of its source's
    files that has a page (a modern page's own page), or None when none has."""
    for f in ruleset.source.files:
        entry = site.bibliography.entry(f.name) if site.bibliography else None
        if entry is not None:
            return apparatus_page(entry.slug) if entry.reproduced else source_page(entry.slug)
    return None


def sources_page(site: SiteData) -> str:
    """The sources' index: each source in a few lines, with links to its text and its
    apparatus, and each ruleset with the source it follows and where its readings are."""
    texts = {}
    if site.bibliography is not None:
        folder = site.bibliography.folder
        texts = {e.file: source_text(e, folder, site.rulesets) for e in site.entries}
    return render(
        "sources.md.j2",
        texts=texts,
        supplying=d.supplying_files(site.rulesets),
        statuses={r.id: site.status(r) for r in site.rulesets},
        readings={r.id: readings_page(site, r) for r in site.rulesets},
        apparatus_page=apparatus_page,
        source_page=source_page,
        files=source_files(site),
        **_common(site, "sources.md"),
    )


def disagreements_page(site: SiteData) -> str:
    rows = cmp.disagreements(site.rulesets)
    # The lines each ruleset's value of a row rests on, by (row, ruleset): the row's own
    # citation where it has one, else the first of the rule's.
    first: dict[tuple[str, str], Citation] = {}
    for ruleset in site.rulesets:
        rules = d.rules_by_anchor(ruleset.rules)
        for row in rows:
            anchor = row.dimension.anchor(ruleset.rules)
            rule = rules.get(anchor)
            cited = row.dimension.cited(ruleset.rules) or (rule.provenance if rule else ())
            if cited:
                first[(row.dimension.id, ruleset.id)] = cited[0]
    games = list(dict.fromkeys(r.source.game for r in site.rulesets))
    return render(
        "disagreements.md.j2",
        disagreements=rows,
        between=cmp.between_games(site.rulesets),
        games=games,
        several_games=len(games) > 1,
        first_citation=first,
        **_common(site, "disagreements.md"),
    )


def source_pages(site: SiteData) -> dict[str, str]:
    """A page for each source in the bibliography: its text whole, or, for a modern page, its
    entry and the locators that cite it; and for each text, a page of its apparatus."""
    return {path: make() for path, make in source_page_makers(site).items()}


def source_page_makers(site: SiteData) -> dict[str, PageMaker]:
    """What makes each page of :func:`source_pages`, by its path."""
    if site.bibliography is None:
        return {}
    pages: dict[str, PageMaker] = {}
    for entry in site.entries:
        pages[source_page(entry.slug)] = partial(_source_page, site, entry)
        if entry.reproduced:
            pages[apparatus_page(entry.slug)] = partial(_apparatus_page, site, entry)
    return pages


def _glosses() -> list[Gloss]:
    return [Gloss(term.term, term.anchor, use) for term in glossary.TERMS for use in term.uses]


def _apparatus(site: SiteData, entry: Entry, page: str) -> dict[str, Any]:
    """What a source's apparatus shows: its entry, its gaps, the lines cited and by whom, the
    readings of the rulesets that follow it and those it supplies to others."""
    assert site.bibliography is not None
    text = source_text(entry, site.bibliography.folder, site.rulesets, _glosses())
    gaps = next((f.gaps for f in source_files(site) if f.name == entry.file), ())
    return {
        "text": text,
        "gaps": gaps,
        "statuses": {r.id: site.status(r) for r in text.followed_by},
        "supplying": d.supplying_files(site.rulesets).get(entry.file, []),
        "apparatus_page": apparatus_page,
        "source_page": source_page,
        "glossary_page": glossary.GLOSSARY,
        **_common(site, page),
    }


def _source_page(site: SiteData, entry: Entry) -> str:
    page = source_page(entry.slug)
    return with_meta(
        render("source_text.md.j2", **_apparatus(site, entry, page)),
        entry.cite,
        source_description(entry),
    )


def _apparatus_page(site: SiteData, entry: Entry) -> str:
    page = apparatus_page(entry.slug)
    return with_meta(
        render("source_apparatus.md.j2", **_apparatus(site, entry, page)),
        f"{entry.cite}: the apparatus",
        f"{entry.name}: its bibliographic entry, the lines each rule is taken from, and the "
        "readings the rulesets make of it.",
    )


def source_description(entry: Entry) -> str:
    """A source page's description: the whole text, or a modern page's entry."""
    if entry.reproduced:
        return (
            f"The text of {entry.name}, whole, every line numbered, the book's pages marked "
            "where the copy gives them, with the rules that cite each passage."
        )
    return (
        f"{entry.name}: a modern rules page, cited and not reproduced here; where it is, the "
        "few words of it the rulesets quote, and the readings they make of it."
    )


def family_page(site: SiteData) -> str:
    link = site.linker("family.md")
    games = family.games(site.rulesets)
    cited = {
        family.FOSTER_1914: ("015", "Foster's Complete Hoyle, revised to 1914, pp. 497 to 510"),
        family.ENCYCLOPEDIE: ("018", "the Encyclopédie's articles Hoc, Poque and Comète"),
    }
    return render(
        "family.md.j2",
        games=games,
        tree=family.tree_svg(
            games,
            lambda g: link.href(g.page),
            lambda r: link.ruleset(r.id),
            f"#{family.ELDERS_ANCHOR}",
            short_name,
        ),
        likenesses=[(g, family.likenesses(g)) for g in games if not g.is_home],
        elders=family.ELDERS,
        row_words=family.row_words,
        foster=family.FOSTER_1914,
        elder_texts=[
            (number, file, what, file in site.source_refs) for file, (number, what) in cited.items()
        ],
        **_common(site, "family.md"),
    )


def game_page(site: SiteData, game: family.Game, games: Sequence[family.Game]) -> str:
    return render(
        "family_member.md.j2",
        game=game,
        about=family.about(game),
        shared=family.always_shared(game),
        differs=family.always_differs(game),
        lacks=family.lacks(game),
        others=[other for other in games if other is not game],
        unplayed=family.unplayed_elders(games),
        row_words=family.row_words,
        sections=[(kind, PAGE_TITLES[kind]) for kind in site.section_kinds],
        **_common(site, game.page),
    )


def timeline_page(site: SiteData) -> str:
    link = site.linker("timeline.md")

    def older_href(text: timeline.OlderText) -> str:
        """A text with a page of its own, its page; else the family page's account of it."""
        if text.file in site.source_refs:
            return link.source_file(text.file)
        return link.href("family.md", family.ELDERS_ANCHOR)

    marks = timeline.marks(site.rulesets, lambda r: link.ruleset(r.id), older_href, short_name)
    return render(
        "timeline.md.j2",
        items=timeline.timeline(site.rulesets),
        axis=timeline.axis_svg(marks),
        older_href=older_href,
        year_said=timeline.year_said,
        home_game=HOME_GAME,
        **_common(site, "timeline.md"),
    )


def schema_page(site: SiteData) -> str:
    return render("schema.md.j2", doc=schema_doc(site.schema), **_common(site, "schema.md"))


def brief_page(site: SiteData, ruleset: Ruleset) -> str:
    return render(
        "in_brief.md.j2",
        ruleset=ruleset,
        points=brief.points(ruleset, site.rulesets),
        replay="replay.md" in added_pages(site),
        **_common(site, brief.BRIEF),
    )


def glossary_page(site: SiteData) -> str:
    return render(
        "glossary.md.j2",
        terms=sorted(glossary.TERMS, key=lambda t: t.term),
        **_common(site, glossary.GLOSSARY),
    )


def overview_page(site: SiteData, folder: OverviewKind) -> str:
    page = f"{folder}/index.md"
    title, intro = OVERVIEWS[folder]
    also = [(title, path) for section, title, path in site.added if section == folder]
    return render(
        "overview.md.j2",
        title=title,
        description=intro.split(". ")[0].rstrip(".") + ".",
        intro=intro,
        folder=folder,
        games=overview.lines_by_game(site.rulesets),
        also=also,
        **_common(site, page),
    )


def contributing_page(site: SiteData) -> str:
    """The repository's ``CONTRIBUTING.md``, its detailed reference folded
    (:mod:`.contributing`), after the repository's address; else the template's essentials."""
    title_line, shown, folds = "", "", list[Markup]()
    cut = None
    if site.contributing is not None:
        cut = contributing.guide(site.contributing, site.repo_url)
        title_line, _, shown = cut.shown.partition("\n")
        if not title_line.startswith("# "):
            title_line, shown = "# Contributing", cut.shown
        folds = contributing.folded(cut)
    repo = site.repo_url.rstrip("/") if site.repo_url else None
    return render(
        "contributing.md.j2",
        guide=cut,
        title_line=Markup(title_line),
        shown=Markup(shown),
        folds=folds,
        repo_url=repo,
        issue_form=f"{repo}/{contributing.ISSUE_FORM}" if repo else None,
        **_common(site, "contributing.md"),
    )


def ruleset_description(ruleset: Ruleset) -> str:
    """A ruleset page's description: what it is, and from which source."""
    source = ruleset.source
    return (
        f"The rules of {ruleset.title}, from {source.author}, {source.date}, in plain English: "
        "each rule with the lines of the source it comes from, the source's variations as "
        "options, and every gap in the text with how it is read."
    )


class PageNameError(ValueError):
    """Two generated pages at one path, or a path that is not a plain relative one."""


PAGE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*(?:/[A-Za-z0-9][A-Za-z0-9_.-]*)*\.md")


def is_page_name(name: str) -> bool:
    """Whether ``name`` can be a generated page's path: ``.md`` files in folders named with
    letters, digits, ``_``, ``.`` and ``-``, relative, without ``..``, so that the page is written
    inside the site's folder, at the place its name says.

    >>> [is_page_name(n) for n in ("rulesets/peel.md", "/etc/x.md", "a/../b.md", "a//b.md")]
    [True, False, False, False]
    """
    return PAGE_NAME.fullmatch(name) is not None and ".." not in name


def generate_pages(site: SiteData) -> dict[str, str]:
    """Every generated page, by its path in the docs folder, each with a title and a
    description of its own in its front matter."""
    return {path: make() for path, make in page_makers(site).items()}


def page_makers(site: SiteData) -> dict[str, PageMaker]:
    """What makes each generated page (:func:`generate_pages`), by its path in the docs folder:
    every path is known before any page is made. Raises :class:`PageNameError` if a page set
    gives a path that another page has, or any path is not a plain relative one
    (:func:`is_page_name`)."""
    pages: dict[str, PageMaker] = {}
    for ruleset in site.rulesets:
        pages[f"rulesets/{ruleset.id}.md"] = partial(_ruleset_page, site, ruleset)
        for kind in site.section_kinds:
            pages[f"{kind}/{ruleset.id}.md"] = partial(_section_page, site, ruleset, kind)
    pages["rulesets/index.md"] = partial(overview_page, site, "rulesets")
    for kind in site.section_kinds:
        pages[f"{kind}/index.md"] = partial(overview_page, site, kind)
    if site.recommended is not None:
        pages[brief.BRIEF] = partial(brief_page, site, site.recommended)
    pages[glossary.GLOSSARY] = partial(glossary_page, site)
    pages["compare.md"] = partial(_compare_page, site)
    pages["sources.md"] = partial(_sources_page, site)
    pages["disagreements.md"] = partial(_disagreements_page, site)
    pages.update(source_page_makers(site))
    pages["timeline.md"] = partial(timeline_page, site)
    pages["family.md"] = partial(family_page, site)
    games = family.games(site.rulesets)
    if len(games) > 1:  # a page for each game when there is more than one
        for game in games:
            pages[game.page] = partial(_game_page, site, game, games)
    pages["schema.md"] = partial(_schema_page, site)
    pages["contributing.md"] = partial(_contributing_page, site)
    for page_set in extra_page_sets:
        for path, make in page_set.pages(site).items():
            if path in pages:
                raise PageNameError(f"two generated pages at {path}")
            pages[path] = make
    for path in pages:
        if not is_page_name(path):
            raise PageNameError(f"a generated page's path is not a plain relative one: {path!r}")
    return pages


def _ruleset_page(site: SiteData, ruleset: Ruleset) -> str:
    return with_meta(
        ruleset_page(site, ruleset),
        f"{short_name(ruleset)}: the rules",
        ruleset_description(ruleset),
    )


def _section_page(site: SiteData, ruleset: Ruleset, kind: PageKind) -> str:
    return with_meta(
        section_page(site, ruleset, kind),
        f"{short_name(ruleset)}: {PAGE_TITLES[kind].lower()}",
        PAGE_DESCRIPTIONS[kind].format(title=ruleset.title),
    )


def _compare_page(site: SiteData) -> str:
    return with_meta(
        compare_page(site),
        "The rulesets compared",
        f"Every ruleset's rules side by side, one rule to a row: the {len(site.rulesets)} "
        "sources' packs, boards, stakes, play and settlement, and where they part company.",
    )


def _sources_page(site: SiteData) -> str:
    return with_meta(
        sources_page(site),
        "Sources and interpretations",
        "The books and pages each ruleset follows, the lines each rule is taken from, every "
        "reading of a silent or unclear passage, and where the sources disagree.",
    )


def _disagreements_page(site: SiteData) -> str:
    return with_meta(
        disagreements_page(site),
        "Where the sources disagree",
        "The rules on which the sources of Pope Joan and its relatives part company, each "
        "reading with the lines of the text it comes from.",
    )


def _game_page(site: SiteData, game: family.Game, games: Sequence[family.Game]) -> str:
    names = ", ".join(short_name(r) for r in game.rulesets)
    return with_meta(
        game_page(site, game, games),
        game.title,
        f"{game.name}, one game of Pope Joan's family: its rulesets ({names}), how "
        "each is played and what it shares with Pope Joan.",
    )


def _schema_page(site: SiteData) -> str:
    return with_meta(
        schema_page(site),
        "The ruleset schema",
        "Every key a ruleset file may hold, with its meaning, its values and its bounds, "
        "generated from the JSON Schema the rulesets are checked against.",
    )


def _contributing_page(site: SiteData) -> str:
    return with_meta(
        contributing_page(site),
        "Contributing a source",
        "How to add a source to the project: its text, a ruleset in the project's own words "
        "with every rule cited, its gaps read as interpretations, and the checks it must pass.",
    )


def default_index(site: SiteData) -> str:
    """The home page when ``docs/index.md`` does not exist."""
    return render("index.md.j2", **_common(site, "index.md"))


# --------------------------------------------------------------------------------------------
# Markers in hand-written pages

MARKER = re.compile(r"<!--\s*variants:\s*(?P<name>[^\s>]*)\s*(?P<arg>[^>]*?)\s*-->")
ANY_MARKER = re.compile(r"<!--\s*variants\b[^>]*?-->", re.IGNORECASE)


class UnknownMarkerError(ValueError):
    """A ``<!-- variants: ... -->`` marker the site does not know."""


HOME_BOARDS = 3
"""How many boards the home page draws; the others are folded beneath them."""


def home_boards(site: SiteData) -> tuple[list[Ruleset], list[Ruleset]]:
    """The boards the home page draws, and the rest: first the recommended ruleset's, then,
    one at a time, the board that shows most of what those drawn do not (a shape of board,
    then a game), the first in display order on a tie."""
    shown = [site.recommended] if site.recommended is not None else []
    rest = [r for r in site.rulesets if all(r.id != s.id for s in shown)]
    while len(shown) < HOME_BOARDS and rest:
        shapes = {is_layout(r.rules) for r in shown}
        games = {r.source.game for r in shown}
        best = max(
            rest, key=lambda r: (is_layout(r.rules) not in shapes, r.source.game not in games)
        )
        shown.append(best)
        rest.remove(best)
    return shown, rest


def boards_block(site: SiteData, page: str, arg: str) -> str:
    def board(ruleset: Ruleset) -> tuple[Any, ...]:
        return (
            ruleset,
            board_svg(ruleset.rules, short_name(ruleset), f"home-{ruleset.id}"),
            stakes_caption(ruleset.rules),
            "cards in a row" if is_layout(ruleset.rules) else "round board",
            interpretation_marks(ruleset),
        )

    shown, rest = home_boards(site)
    # Round boards first, two to a row, and a layout of cards, as wide as the page, below them.
    shown.sort(key=lambda r: is_layout(r.rules))
    return render(
        "boards.md.j2",
        shown=[board(r) for r in shown],
        rest=[board(r) for r in rest],
        status_of=site.status,
        **_common(site, page),
    )


def rulesets_block(site: SiteData, page: str, arg: str) -> str:
    return render(
        "ruleset_list.md.j2",
        status_of=site.status,
        **_common(site, page),
    )


def added_pages(site: SiteData) -> set[str]:
    """The paths of the pages the page sets list in the nav (such as the replay's)."""
    return {path for _, _, path in site.added}


def guide_block(site: SiteData, page: str, arg: str) -> str:
    return render(
        "guide.md.j2",
        counted=family.counted_by_game(site.rulesets),
        known=added_pages(site),
        **_common(site, page),
    )


def brief_block(site: SiteData, page: str, arg: str) -> str:
    if site.recommended is None:
        return ""
    return render("in_brief_lead.md.j2", ruleset=site.recommended, **_common(site, page))


def status_block(site: SiteData, page: str, arg: str) -> str:
    return str(Markup("{}").format(d.status_rule()))


MarkerRenderer = Callable[[SiteData, str, str], str]
MARKERS: dict[str, MarkerRenderer] = {
    "boards": boards_block,
    "guide": guide_block,
    "in-brief": brief_block,
    "ruleset-list": rulesets_block,
    "status-thresholds": status_block,
}


def expand_markers(markdown: str, site: SiteData, page: str) -> str:
    """Replace every ``<!-- variants: NAME -->`` marker; raise on any marker not known."""
    for match in ANY_MARKER.finditer(markdown):
        named = MARKER.fullmatch(match.group(0))
        if named is None or named.group("name") not in MARKERS:
            known = ", ".join(sorted(MARKERS))
            line = markdown.count("\n", 0, match.start()) + 1
            raise UnknownMarkerError(
                f"{page}:{line}: unknown marker {match.group(0)!r} (known: {known})"
            )

    def replace(match: re.Match[str]) -> str:
        return MARKERS[match.group("name")](site, page, match.group("arg"))

    return MARKER.sub(replace, markdown)


def section_modules(extra: Mapping[str, Any]) -> list[str]:
    """Module names listed under ``extra.variants.section_modules`` in mkdocs.yml."""
    config = extra.get("variants", {})
    modules = config.get("section_modules", []) if isinstance(config, Mapping) else []
    if not isinstance(modules, Sequence) or isinstance(modules, str):
        raise ValueError("extra.variants.section_modules must be a list of module names")
    return [str(m) for m in modules]


def read_contributing(root: Path) -> str | None:
    """The contributing guide beside mkdocs.yml, read as every contributed file is
    (:mod:`variants.core.saferead`); None when there is none."""
    path = root / "CONTRIBUTING.md"
    if not os.path.lexists(path):
        return None
    return decode(read_bytes(path, MAX_TEXT_BYTES), path)
