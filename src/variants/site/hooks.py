"""The mkdocs side: load the rulesets, set the nav, add the generated pages, expand markers.

``docs/hooks/variants_site.py`` re-exports these functions as mkdocs hooks. The rulesets come
from ``$VARIANTS_RULESETS`` when it is set, else from ``rulesets/`` beside ``mkdocs.yml``.
Any problem (an invalid ruleset, a generated page that clashes with a written one, an unknown
marker) fails the build.
"""

from __future__ import annotations

import importlib
import logging
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from ..core.saferead import HARD_LINK, LINK, NOT_REGULAR, ReadError
from ..core.settings import RULESETS_ENV, SOURCES_ENV, folder_setting, rulesets_dir, store_path
from ..rules.bibliography import Bibliography, has_bibliography, read_bibliography
from ..rules.loader import SourceTexts, find_sources_dir, load_rulesets, ruleset_schema
from ..rules.yamlsource import ProblemsError
from . import brief, glossary, pagecache, playpage, rawhtml
from .editlinks import edit_paths
from .exampledeals import examples_dir
from .pages import (
    PageNameError,
    SiteData,
    UnknownMarkerError,
    default_index,
    expand_markers,
    navigation,
    page_makers,
    read_contributing,
    section_modules,
    with_added_pages,
)
from .stats_runs import cache_dir

TEMPLATES = Path(__file__).parent / "templates"

log = logging.getLogger("mkdocs.plugins.variants")


@dataclass
class _State:
    site: SiteData | None = None
    rulesets_dir: Path | None = None
    page_key: str = ""
    """The key of the generated pages' cache: everything they are made from."""
    blocks: dict[str, list[str]] = field(default_factory=dict)
    """Each page's generated HTML blocks, set aside while Markdown reads it."""
    whole: dict[str, str] = field(default_factory=dict)
    """Each page's content, drawings included, while the search index reads it without."""


_state = _State()


def rulesets_folder(config: MkDocsConfig) -> Path:
    return rulesets_dir(Path(config.config_file_path).resolve().parent / "rulesets")


def _site() -> SiteData:
    if _state.site is None:
        raise PluginError("variants: the site data was not loaded (on_config did not run)")
    return _state.site


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """The rulesets, texts and settings read and checked (a file or setting that cannot be used
    raises :class:`ReadError` or :class:`SettingError`, which the mkdocs hook tells in one line),
    the site's data made, and the key of its kept pages."""
    docs_stay_inside(Path(config.docs_dir))
    folder = rulesets_folder(config)
    if not folder.is_dir():
        raise PluginError(f"variants: no rulesets folder at {folder} (set ${RULESETS_ENV})")
    try:
        rulesets = load_rulesets(folder)
    except ProblemsError as error:
        raise PluginError(problems_text(error)) from None
    if not rulesets:
        raise PluginError(f"variants: no rulesets in {folder}")
    for module in section_modules(config.extra):
        try:
            importlib.import_module(module)
        except ImportError as error:
            raise PluginError(
                f"variants: cannot import section module {module!r}: {error}"
            ) from None
    settings = config.extra.get("variants", {})
    try:
        recommended = brief.recommended(
            rulesets, settings.get("recommended") if isinstance(settings, dict) else None
        )
    except brief.RecommendedError as error:
        raise PluginError(f"variants: {error}") from None
    root = Path(config.config_file_path).resolve().parent
    bibliography = site_bibliography(root / "sources")
    _state.rulesets_dir = folder
    _state.site = with_added_pages(
        SiteData.create(
            rulesets,
            ruleset_schema(),
            read_contributing(root),
            bool(config.use_directory_urls),
            recommended=recommended,
            sources_dir=published_texts(bibliography, folder),
            bibliography=bibliography,
            repo_url=config.repo_url,
        )
    )
    if config.nav is None:
        config.nav = navigation(_state.site)
    _state.page_key = page_key(config, _state.site, folder)
    return config


def published_texts(bibliography: Bibliography | None, rulesets_dir: Path) -> SourceTexts | None:
    """The source texts the site may quote from: the repository's own, beside its bibliography,
    or those of the folder ``$VARIANTS_SOURCES`` names; never a folder of texts found outside
    the project, which the validator may check quotes against but the site does not publish."""
    if folder_setting(SOURCES_ENV) is not None or bibliography is None:
        return find_sources_dir(rulesets_dir)
    return SourceTexts((bibliography.folder,), bibliography.cited_only)


def page_key(config: MkDocsConfig, site: SiteData, rulesets_dir: Path) -> str:
    """The key the generated pages are kept under between builds (:mod:`.pagecache`)."""
    root = Path(config.config_file_path).resolve().parent
    package = playpage.PACKAGE  # its code and templates are in every key (pagecache.PACKAGE)
    folders = [rulesets_dir, examples_dir(rulesets_dir), root / "CONTRIBUTING.md", store_path()]
    folders += site.sources_dir.folders if site.sources_dir is not None else ()
    if site.bibliography is not None:
        folders.append(site.bibliography.folder)
    for module in section_modules(config.extra):
        found = getattr(importlib.import_module(module), "__file__", None)
        if found is not None and not Path(found).resolve().is_relative_to(package):
            folders.append(Path(found).resolve())
    settings = {
        "use_directory_urls": config.use_directory_urls,
        "extra": dict(config.extra),
        "repo_url": config.repo_url,
    }
    return pagecache.page_key(folders, settings)


def site_bibliography(folder: Path) -> Bibliography | None:
    """The repository's sources folder's bibliography, whose texts get pages; none without."""
    if not has_bibliography(folder):
        return None
    try:
        return read_bibliography(folder)
    except ProblemsError as error:
        raise PluginError(problems_text(error)) from None


def problems_text(error: ProblemsError) -> str:
    """Each problem on a line of its own, which names its file, line and column."""
    return "\n".join(f"variants: {problem}" for problem in error.problems)


def docs_stay_inside(docs: Path) -> None:
    """Raise :class:`ReadError` unless every page and asset in the docs folder is a regular
    file there and no folder in it is a link: mkdocs follows links, walking into whatever a
    link points at and publishing it (the build's environment, or the whole disk to walk)."""
    for root, folders, names in os.walk(docs):
        for name in [*folders, *names]:
            path = Path(root, name)
            shown = path.relative_to(docs.parent)
            found = os.lstat(path)
            if stat.S_ISLNK(found.st_mode):
                raise ReadError(shown, LINK)
            if not (stat.S_ISDIR(found.st_mode) or stat.S_ISREG(found.st_mode)):
                raise ReadError(shown, NOT_REGULAR)
            if stat.S_ISREG(found.st_mode) and found.st_nlink > 1:
                raise ReadError(shown, HARD_LINK)


def on_files(files: Files, config: MkDocsConfig) -> Files:
    site = _site()
    try:
        makers = page_makers(site)
    except PageNameError as error:
        raise PluginError(f"variants: {error}") from None
    generated, kept = pagecache.cached_pages(cache_dir(site.rulesets), _state.page_key, makers)
    if kept:
        log.info("variants: %d generated pages read from the cache", len(generated))
    try:
        assets = playpage.vendored(site, Path(config.config_file_path).resolve().parent)
    except playpage.PyodideMissingError as error:
        raise PluginError(f"variants: {error}") from None
    generated[playpage.PAGE] = playpage.play_page(site, playpage.engine_size(assets))
    if files.get_file_from_path("index.md") is None:
        generated["index.md"] = default_index(site)
    for src_uri, content in generated.items():
        existing = files.get_file_from_path(src_uri)
        if existing is not None and existing.generated_by is None:
            raise PluginError(
                f"variants: docs/{src_uri} clashes with a generated page; remove it or rename it"
            )
        if existing is not None:
            files.remove(existing)
        files.append(File.generated(config, src_uri, content=content))
    for src_uri, asset in assets.items():
        if isinstance(asset, Path):
            files.append(File.generated(config, src_uri, abs_src_path=str(asset)))
        else:
            files.append(File.generated(config, src_uri, content=asset))
    set_edit_links(files, config, site)
    return files


def set_edit_links(files: Files, config: MkDocsConfig, site: SiteData) -> None:
    """Each page's "edit this page" target, as a path from the repository's root (the
    ``edit_uri`` setting points at the root): a written page's own file, a generated page's
    ruleset, text or template (:func:`edit_paths`), or none, which hides the button, when no
    such file is in the repository."""
    root = Path(config.config_file_path).resolve().parent

    def inside(folder: Path) -> str | None:
        folder = folder.resolve()
        return folder.relative_to(root).as_posix() if folder.is_relative_to(root) else None

    docs = inside(Path(config.docs_dir))
    rulesets = inside(_state.rulesets_dir) if _state.rulesets_dir is not None else None
    examples = (
        inside(examples_dir(_state.rulesets_dir)) if _state.rulesets_dir is not None else None
    )
    sources = inside(site.bibliography.folder) if site.bibliography is not None else None
    for file in files.documentation_pages():
        found: tuple[str, ...]
        if file.generated_by is None:
            found = (f"{docs}/{file.src_uri}",) if docs is not None else ()
        else:
            found = edit_paths(site, file.src_uri, rulesets, examples, sources)
        file.edit_uri = next((path for path in found if (root / path).is_file()), None)


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """The page's markers expanded, and its generated HTML blocks set aside from Markdown."""
    try:
        expanded = expand_markers(markdown, _site(), page.file.src_uri)
    except UnknownMarkerError as error:
        raise PluginError(f"variants: {error}") from None
    hidden, _state.blocks[page.file.src_uri] = rawhtml.hide(expanded)
    return hidden


def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """The page's generated HTML blocks put back; then the first use of each term of the
    glossary in each section of a page of rules, examples or the rules in brief linked.

    The page is kept whole for :func:`on_page_context`, and the search index, which reads the
    page's content between the two, is given it without its drawings."""
    site = _site()
    html = rawhtml.show(html, _state.blocks.pop(page.file.src_uri, []))
    if glossary.glossed(page.file.src_uri, also=(brief.BRIEF,)):
        html = glossary.link_terms(html, site.linker(page.file.src_uri))
    _state.whole[page.file.src_uri] = html
    return rawhtml.without_drawings(html)


def on_page_context(
    context: dict[str, Any], page: Page, config: MkDocsConfig, nav: Any
) -> dict[str, Any]:
    """The page's whole content back, drawings included, once the search index has read it
    (this runs after every other plugin's ``on_page_context``), for the theme to write."""
    whole = _state.whole.pop(page.file.src_uri, None)
    if whole is not None:
        page.content = whole
    return context


def on_serve(server: Any, config: MkDocsConfig, builder: Any) -> Any:
    """Rebuild when a ruleset, an example deal file, a source text or a template changes."""
    if _state.site is not None and _state.site.bibliography is not None:
        server.watch(str(_state.site.bibliography.folder))
    if _state.rulesets_dir is not None:
        server.watch(str(_state.rulesets_dir))
        examples = examples_dir(_state.rulesets_dir)
        if examples.is_dir():
            server.watch(str(examples))
    server.watch(str(TEMPLATES))
    return server
