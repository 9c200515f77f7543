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

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from markupsafe import Markup

from ..rules.bibliography import Bibliography, Entry
from ..rules.citations import Citation
from ..rules.ruleset import Gap, Ruleset
from . import compare as cmp
from . import describe as d
from . import family, timeline
from .render import Linker, SourceRef, escape_markdown, file_anchor, render, source_page
from .schema_doc import schema_doc
from .sourcepages import source_text
from .svg import board_svg, is_layout, stakes_caption

__all__ = [
    "MARKERS",
    "PageKind",
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
    "navigation",
    "short_name",
]

PageKind = Literal["examples", "statistics"]
SectionRenderer = Callable[[Ruleset], str]

extra_sections: dict[PageKind, list[SectionRenderer]] = {"examples": [], "statistics": []}
"""Functions whose Markdown is appended to each ruleset's examples or statistics page."""


def extra_section(kind: PageKind) -> Callable[[SectionRenderer], SectionRenderer]:
    """Register a function as an extra section of every ruleset's ``kind`` page."""

    def register(function: SectionRenderer) -> SectionRenderer:
        if function not in extra_sections[kind]:
            extra_sections[kind].append(function)
        return function

    return register


@dataclass(frozen=True)
class PageSet:
    """Whole pages a module adds to the site, listed in the nav after a section's ruleset pages.

    ``nav`` gives the entries to list there when the nav is built, as mkdocs nav entries
    (``{title: page}``, or ``{title: [entries]}`` for a sub-section); titles must not carry
    ruleset text, since the theme does not escape them. ``pages`` gives every page's Markdown by
    its path in the docs folder. The Markdown is trusted as written, like an extra section's."""

    section: PageKind
    nav: Callable[[SiteData], Sequence[dict[str, Any]]]
    pages: Callable[[SiteData], Mapping[str, str]]


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
    bibliography: Bibliography | None = None
    """The sources folder's bibliography, whose texts have pages of their own."""

    @classmethod
    def create(
        cls,
        rulesets: Mapping[str, Ruleset],
        schema: Mapping[str, Any],
        contributing: str | None = None,
        use_directory_urls: bool = True,
        bibliography: Bibliography | None = None,
    ) -> SiteData:
        ordered = sorted(rulesets.values(), key=lambda r: (r.source.files[0].name, r.id))
        return cls(
            tuple(ordered), schema, contributing, use_directory_urls, bibliography=bibliography
        )

    @property
    def entries(self) -> tuple[Entry, ...]:
        return self.bibliography.entries if self.bibliography else ()

    def linker(self, page: str) -> Linker:
        sources = {e.file: SourceRef(e.slug, e.name, e.cite) for e in self.entries}
        return Linker(page, self.use_directory_urls, sources)

    def modern(self, ruleset: Ruleset) -> bool:
        """Whether the ruleset's source is a modern page, cited and not reproduced."""
        if self.bibliography is None:
            return False
        entries = [self.bibliography.entry(f.name) for f in ruleset.source.files]
        return all(e is not None and not e.reproduced for e in entries)

    def status(self, ruleset: Ruleset) -> d.Status:
        return d.ruleset_status(ruleset, self.modern(ruleset))


def short_name(ruleset: Ruleset) -> str:
    """The ruleset's name in navigation and table heads, made from its id (always a safe slug,
    so page titles never carry ruleset text): ``modern-variations`` gives ``Modern variations``."""
    return name_for_id(ruleset.id)


def name_for_id(ruleset_id: str) -> str:
    """:func:`short_name` of the ruleset with this id."""
    words = ruleset_id.replace("_", "-").split("-")
    return " ".join(words).capitalize()


def navigation(site: SiteData) -> list[dict[str, Any]]:
    """The site's nav: Home, each ruleset, comparison, examples, statistics, sources, schema."""

    games = family.games(site.rulesets)
    grouped = len(games) > 1

    def each(folder: str) -> list[dict[str, Any]]:
        pages: list[dict[str, Any]]
        if grouped:
            pages = [
                {game.title: [{short_name(r): f"{folder}/{r.id}.md"} for r in game.rulesets]}
                for game in games
            ]
        else:
            pages = [{short_name(r): f"{folder}/{r.id}.md"} for r in site.rulesets]
        for page_set in extra_page_sets:
            if page_set.section == folder:
                pages += page_set.nav(site)
        return pages

    return [
        {"Home": "index.md"},
        {"Rulesets": each("rulesets")},
        {"Comparison": "compare.md"},
        {"Examples": each("examples")},
        {"Statistics": each("statistics")},
        {
            "Sources": [
                {"Sources and interpretations": "sources.md"},
                {"Where the sources disagree": "disagreements.md"},
                *({e.name: source_page(e.slug)} for e in site.entries),
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


def _local_interpretation(interpretation_id: str) -> str:
    return f"#interp-{interpretation_id}"


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
        effects={o.id: d.option_effects(ruleset, o) for o in ruleset.options},
        used_by=used_by,
        supplied=d.supplied_marks(ruleset, site.rulesets),
        gap_places=d.gap_places(ruleset),
        interp_link=_local_interpretation,
        **_common(site, page),
    )


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
    rows = cmp.matrix(site.rulesets)
    return render(
        "compare.md.j2",
        rows=rows,
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


def sources_page(site: SiteData) -> str:
    citing: dict[str, dict[str, list[tuple[str, str]]]] = {}
    for ruleset in site.rulesets:
        titles = d.all_rule_titles(ruleset.rules)
        titles.update({f"option-{o.id}": f"Option: {o.label}" for o in ruleset.options})
        titles.update(
            {f"interp-{i.id}": f"Interpretation: {i.id}" for i in ruleset.interpretations}
        )
        citing[ruleset.id] = {
            name: [(anchor, titles.get(anchor, anchor)) for anchor in anchors]
            for name, anchors in d.citations_by_file(ruleset).items()
        }
    return render(
        "sources.md.j2",
        citing=citing,
        statuses={r.id: site.status(r) for r in site.rulesets},
        supplying=d.supplying_files(site.rulesets),
        files=source_files(site),
        **_common(site, "sources.md"),
    )


def disagreements_page(site: SiteData) -> str:
    rows = cmp.disagreements(site.rulesets)
    first: dict[tuple[str, str], Citation] = {}
    for ruleset in site.rulesets:
        for anchor, rule in d.rules_by_anchor(ruleset.rules).items():
            if rule.provenance:
                first[(ruleset.id, anchor)] = rule.provenance[0]
    return render(
        "disagreements.md.j2",
        disagreements=rows,
        first_citation=first,
        **_common(site, "disagreements.md"),
    )


def source_pages(site: SiteData) -> dict[str, str]:
    """A page for each source in the bibliography: its text whole, or, for a modern page, its
    entry and the locators that cite it."""
    if site.bibliography is None:
        return {}
    folder = site.bibliography.folder
    return {
        source_page(entry.slug): render(
            "source_text.md.j2",
            text=source_text(entry, folder, site.rulesets),
            **_common(site, source_page(entry.slug)),
        )
        for entry in site.entries
    }


def family_page(site: SiteData) -> str:
    return render(
        "family.md.j2",
        games=family.games(site.rulesets),
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
        sections=[(kind, PAGE_TITLES[kind]) for kind in site.section_kinds],
        **_common(site, game.page),
    )


def timeline_page(site: SiteData) -> str:
    return render(
        "timeline.md.j2",
        items=timeline.timeline(site.rulesets),
        **_common(site, "timeline.md"),
    )


def schema_page(site: SiteData) -> str:
    return render("schema.md.j2", doc=schema_doc(site.schema), **_common(site, "schema.md"))


def contributing_page(site: SiteData) -> str:
    if site.contributing is not None:
        return site.contributing
    return render("contributing.md.j2", **_common(site, "contributing.md"))


def generate_pages(site: SiteData) -> dict[str, str]:
    """Every generated page, by its path in the docs folder."""
    pages: dict[str, str] = {}
    for ruleset in site.rulesets:
        pages[f"rulesets/{ruleset.id}.md"] = ruleset_page(site, ruleset)
        for kind in site.section_kinds:
            pages[f"{kind}/{ruleset.id}.md"] = section_page(site, ruleset, kind)
    pages["compare.md"] = compare_page(site)
    pages["sources.md"] = sources_page(site)
    pages["disagreements.md"] = disagreements_page(site)
    pages.update(source_pages(site))
    pages["timeline.md"] = timeline_page(site)
    pages["family.md"] = family_page(site)
    games = family.games(site.rulesets)
    if len(games) > 1:  # a page for each game when there is more than one
        for game in games:
            pages[game.page] = game_page(site, game, games)
    pages["schema.md"] = schema_page(site)
    pages["contributing.md"] = contributing_page(site)
    for page_set in extra_page_sets:
        for path, content in page_set.pages(site).items():
            if path in pages:
                raise ValueError(f"two generated pages at {path}")
            pages[path] = content
    return pages


def default_index(site: SiteData) -> str:
    """The home page when ``docs/index.md`` does not exist."""
    return render("index.md.j2", **_common(site, "index.md"))


# --------------------------------------------------------------------------------------------
# Markers in hand-written pages

MARKER = re.compile(r"<!--\s*variants:\s*(?P<name>[^\s>]*)\s*(?P<arg>[^>]*?)\s*-->")
ANY_MARKER = re.compile(r"<!--\s*variants\b[^>]*?-->", re.IGNORECASE)


class UnknownMarkerError(ValueError):
    """A ``<!-- variants: ... -->`` marker the site does not know."""


def boards_block(site: SiteData, page: str, arg: str) -> str:
    return render(
        "boards.md.j2",
        boards=[
            (
                ruleset,
                board_svg(ruleset.rules, short_name(ruleset), f"home-{ruleset.id}"),
                stakes_caption(ruleset.rules),
                "cards in a row" if is_layout(ruleset.rules) else "round board",
            )
            for ruleset in site.rulesets
        ],
        status_of=site.status,
        **_common(site, page),
    )


def rulesets_block(site: SiteData, page: str, arg: str) -> str:
    return render(
        "ruleset_list.md.j2",
        status_of=site.status,
        **_common(site, page),
    )


def status_block(site: SiteData, page: str, arg: str) -> str:
    return str(Markup("{}").format(d.status_rule()))


MarkerRenderer = Callable[[SiteData, str, str], str]
MARKERS: dict[str, MarkerRenderer] = {
    "boards": boards_block,
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
    path = root / "CONTRIBUTING.md"
    return path.read_text("utf-8") if path.is_file() else None
