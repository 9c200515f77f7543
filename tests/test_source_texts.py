"""The source texts beside the rules: the repository keeps the public-domain texts and their
bibliography, quotes are checked against them when they are all there is, and the site shows
each whole, every line anchored, every citation leading to its lines; the modern pages are
cited, never reproduced."""

from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path
from typing import get_args
from urllib.parse import urljoin, urlsplit

import markdown
import pytest
from clirun import REPO, run
from mkdocs.exceptions import PluginError

from variants.rules.bibliography import SourceKind, bibliography_schema, read_bibliography
from variants.rules.loader import load_rulesets, ruleset_schema
from variants.rules.yamlsource import ProblemsError
from variants.site.hooks import site_bibliography
from variants.site.pages import SiteData, source_pages
from variants.site.sourcepages import citations_of

OWN = REPO / "sources"
SHARED = REPO.parent / "shared" / "sources"
BIBLIOGRAPHY = read_bibliography(OWN)
MODERN = ["001_fbe84554a0fae769.txt", "002_3e5828ade67e0df0.txt"]
NOT_KEPT = (
    "001_fbe84554a0fae769.txt and 002_3e5828ade67e0df0.txt not kept there, so not checked "
    "(set VARIANTS_SOURCES)"
)


def test_the_repository_keeps_the_public_domain_texts_and_never_the_modern_pages() -> None:
    kept = sorted(p.name for p in OWN.glob("*.txt"))
    assert kept == sorted(e.file for e in BIBLIOGRAPHY.entries if e.reproduced)
    assert sorted(e.file for e in BIBLIOGRAPHY.entries if not e.reproduced) == MODERN
    public = [e.file for e in BIBLIOGRAPHY.entries if e.kind == "public-domain"]
    assert len(kept) == len(public) and not set(MODERN) & set(kept)


def test_each_kind_of_source_is_one_literal_value() -> None:
    kinds = bibliography_schema()["properties"]["sources"]["items"]["properties"]["kind"]["enum"]
    assert kinds == list(get_args(SourceKind))
    assert [e.reproduced for e in BIBLIOGRAPHY.entries if e.kind == "modern-page"] == [False] * 2


@pytest.mark.skipif(not SHARED.is_dir(), reason="the shared source texts are not here")
def test_the_kept_texts_are_the_sources_byte_for_byte() -> None:
    """Same bytes, so that a line number means the same line in both."""
    for entry in BIBLIOGRAPHY.entries:
        if entry.reproduced:
            assert (OWN / entry.file).read_bytes() == (SHARED / entry.file).read_bytes()


# --------------------------------------------------------------------------------------------
# Quotes checked with only the repository's texts


def test_a_clone_checks_every_quote_of_the_texts_it_keeps(clone: Path) -> None:
    done = run(["validate"], cwd=clone, env={"VARIANTS_SOURCES": None})
    assert (done.status, done.err) == (0, "")
    assert done.out == f"21 ruleset(s) valid; quotes checked against sources; {NOT_KEPT}\n"
    peel = clone / "rulesets" / "peel.yaml"
    text = peel.read_text("utf-8")
    peel.write_text(text.replace("the eight of diamonds being taken out", "the nine"), "utf-8")
    done = run(["validate"], cwd=clone, env={"VARIANTS_SOURCES": None})
    assert done.status == 1
    assert done.err.splitlines() == [
        "rulesets/peel.yaml:41:105: the words 'the nine' are not in "
        "016_peel-round-games-1891_pope-joan-spin-newmarket_pp80-96.txt "
        "lines 20-21 (at rules/pack/provenance/0/quote)",
        "1 problem(s) in 1 of 21 file(s)",
    ]


@pytest.mark.skipif(not SHARED.is_dir(), reason="the shared source texts are not here")
def test_beside_the_shared_texts_every_quote_is_checked_the_modern_pages_too() -> None:
    done = run(["validate"], env={"VARIANTS_SOURCES": None})
    assert (done.status, done.out) == (
        0,
        "21 ruleset(s) valid; quotes checked against ../shared/sources\n",
    )


def test_the_list_says_which_sources_are_modern_pages(clone: Path) -> None:
    done = run(["list", "--rulesets", "rulesets"], cwd=clone, env={"VARIANTS_SOURCES": None})
    status = {line.split()[0]: line for line in done.out.splitlines()[1:]}
    assert "  modern page, 3 rules supplied, 1 from other sources  " in status["modern-shedding"]
    assert "  complete text, 5 rules supplied, 1 from other sources  " in status["peel"]
    assert "  complete text, 6 rules supplied  " in status["foster"]


def test_a_bibliography_that_is_wrong_is_told_by_validate(clone: Path) -> None:
    (clone / "sources" / MODERN[0]).write_text("a modern page\n", "utf-8")
    done = run(["validate"], cwd=clone, env={"VARIANTS_SOURCES": None})
    assert done.status == 1
    assert done.err.splitlines() == [
        "sources/sources.yaml:39:11: 001_fbe84554a0fae769.txt is a modern page: cite it, do not "
        "keep its text in the sources folder (at sources/1/kind)",
        "1 problem(s) in 1 of 21 file(s)",
    ]


def test_the_site_build_tells_a_wrong_bibliography_as_one_error(clone: Path) -> None:
    folder = clone / "sources"
    assert site_bibliography(clone / "elsewhere") is None  # no bibliography: no text pages
    (folder / MODERN[1]).write_text("a modern page\n", "utf-8")
    with pytest.raises(PluginError) as caught:
        site_bibliography(folder)
    assert str(caught.value) == (
        f"variants: {folder}/sources.yaml:52:11: "
        "002_3e5828ade67e0df0.txt is a modern page: cite it, do not keep its text in the "
        "sources folder (at sources/2/kind)"
    )


def test_a_modern_page_not_in_the_bibliography_is_still_a_missing_file(clone: Path) -> None:
    bibliography = clone / "sources" / "sources.yaml"
    text = bibliography.read_text("utf-8")
    start = text.index("  - file: 002_3e5828ade67e0df0.txt")
    bibliography.write_text(text[:start] + text[text.index("  - file: 003_", start) :], "utf-8")
    done = run(["validate"], cwd=clone, env={"VARIANTS_SOURCES": None})
    assert done.status == 1
    assert (
        "rulesets/modern-shedding.yaml:23:13: no source file '002_3e5828ade67e0df0.txt' in the "
        "sources folder (at source/files/0/name)"
    ) in done.err.splitlines()


# --------------------------------------------------------------------------------------------
# The bibliography is untrusted input, told at its line


def _problems(folder: Path) -> list[str]:
    with pytest.raises(ProblemsError) as caught:
        read_bibliography(folder)
    return [str(p).removeprefix(f"{folder}/") for p in caught.value.problems]


def test_a_modern_page_copied_into_the_folder_is_refused(clone: Path) -> None:
    (clone / "sources" / MODERN[0]).write_text("a modern page\n", "utf-8")
    assert _problems(clone / "sources") == [
        "sources.yaml:39:11: 001_fbe84554a0fae769.txt is a modern page: cite it, do not keep its "
        "text in the sources folder (at sources/1/kind)"
    ]


def test_a_missing_text_is_refused(clone: Path) -> None:
    (clone / "sources" / "011_britannica-1911_matrimony.txt").unlink()
    assert _problems(clone / "sources") == [
        "sources.yaml:167:11: no file '011_britannica-1911_matrimony.txt' beside the bibliography: "
        "a public-domain text is kept in the sources folder (at sources/11/file)"
    ]


def _edit_bibliography(clone: Path, old: str, new: str) -> None:
    bibliography = clone / "sources" / "sources.yaml"
    text = bibliography.read_text("utf-8")
    assert text.count(old) == 1, old
    bibliography.write_text(text.replace(old, new), "utf-8")


def test_a_page_address_listed_twice_is_refused(clone: Path) -> None:
    _edit_bibliography(clone, "slug: britannica-1911", "slug: peel-1891")
    assert _problems(clone / "sources") == [
        "sources.yaml:168:11: the slug 'peel-1891' is also that of source 1 (at sources/11/slug)"
    ]


INDEX_SLUG = (
    "sources/sources.yaml:168:11: 'index' is the name of one of the site's own pages (index); "
    "choose another (at sources/11/slug)"
)
"""A source whose page would be ``sources/index.md``: the site's own Sources page."""


def test_a_slug_that_is_the_sources_page_is_refused(clone: Path) -> None:
    _edit_bibliography(clone, "slug: britannica-1911", "slug: index")
    assert _problems(clone / "sources") == [INDEX_SLUG.removeprefix("sources/")]
    done = run(["validate"], cwd=clone, env={"VARIANTS_SOURCES": None})
    assert (done.status, done.out) == (1, "")
    assert done.err.splitlines() == [INDEX_SLUG, "1 problem(s) in 1 of 21 file(s)"]


def test_the_site_build_refuses_a_slug_that_is_the_sources_page(clone: Path) -> None:
    _edit_bibliography(clone, "slug: britannica-1911", "slug: index")
    with pytest.raises(PluginError) as caught:
        site_bibliography(clone / "sources")
    assert str(caught.value) == f"variants: {clone}/{INDEX_SLUG}"


def test_markup_in_a_name_is_refused(clone: Path) -> None:
    _edit_bibliography(clone, "name: Enquire Within Upon Everything (1856)", "name: <b>Enquire</b>")
    assert _problems(clone / "sources") == [
        "sources.yaml:156:11: '<b>Enquire</b>' is not text matching "
        "^[A-Za-z0-9][A-Za-z0-9 ,.'():-]*$ (at sources/10/name)"
    ]


def test_the_lines_of_000_that_are_not_peels_text_are_marked() -> None:
    """The web page's header and menu above Peel's chapter, its links and page counter below."""
    entry = BIBLIOGRAPHY.entry("000_919af007d8e82e04.txt")
    assert entry is not None
    assert [(m.lines, m.what) for m in entry.not_text] == [
        ("1-2", "the web page's header and menu"),
        (
            "143-149",
            "the web page's links to the next and previous pages, to the site, and its "
            "page counter",
        ),
    ]
    assert entry.outside_text(2, 9) == entry.not_text[0]
    assert entry.outside_text(4, 142) is None


def test_lines_marked_not_the_text_past_its_end_or_backwards_are_refused(clone: Path) -> None:
    _edit_bibliography(clone, '{lines: "1-2",', '{lines: "2-1",')
    _edit_bibliography(clone, '{lines: "143-149",', '{lines: "143-150",')
    assert _problems(clone / "sources") == [
        "sources.yaml:24:17: the range 2-1 runs backwards (at sources/0/not_text/0/lines)",
        "sources.yaml:25:17: 000_919af007d8e82e04.txt has only 149 lines "
        "(at sources/0/not_text/1/lines)",
    ]


# --------------------------------------------------------------------------------------------
# A text's page: every character as it is, nothing read as Markdown

HOSTILE = "<script>alert(1)</script> *star* _under_ `tick` & [link](x) ---"


def test_a_texts_special_characters_come_out_escaped(tmp_path: Path) -> None:
    folder = tmp_path / "sources"
    shutil.copytree(OWN, folder)
    name = "010_enquire-within_matrimony.txt"
    lines = (folder / name).read_text("utf-8").splitlines()
    lines[11] = HOSTILE  # line 12, where a range cited starts
    (folder / name).write_text("\n".join(lines) + "\n", "utf-8")
    site = SiteData.create(
        load_rulesets(REPO / "rulesets"), ruleset_schema(), bibliography=read_bibliography(folder)
    )
    page = source_pages(site)["sources/enquire-within-1856.md"]
    out = markdown.markdown(page, extensions=["admonition", "attr_list", "tables", "toc"])
    line = re.search(r'<div class="pj-line" id="L12">.*?</div>', out)
    assert line is not None
    assert line.group(0) == (
        '<div class="pj-line" id="L12"><span class="pj-range" id="L12-L13"></span>'
        '<a class="pj-ln" href="#L12">12</a><span class="pj-lt">'
        "&lt;script&gt;alert(1)&lt;/script&gt; *star* _under_ `tick` &amp; [link](x) ---"
        "</span></div>"
    )
    assert "<script>" not in out and "<em>" not in out and "<code>tick" not in out
    # The real text's own: an underlined word and an ampersand, as written.
    assert "deal.--_Observe_: The ace" in out and "matrimony, intrigue, &amp;c., takes" in out


# --------------------------------------------------------------------------------------------
# The built site

HREF = re.compile(r'href="([^"]*sources/[a-z0-9-]+/#L[0-9][^"]*)"')


def _url(path: Path, site: Path) -> str:
    relative = path.relative_to(site).as_posix()
    return "/" + relative.removesuffix("index.html")


def test_every_citation_link_lands_on_an_anchor_of_a_source_page(built_site: Path) -> None:
    ids: dict[str, set[str]] = {}
    checked = 0
    for page in built_site.rglob("*.html"):
        for href in HREF.findall(page.read_text("utf-8")):
            target = urlsplit(urljoin(_url(page, built_site), html.unescape(href)))
            if target.path not in ids:
                file = built_site / target.path.lstrip("/") / "index.html"
                assert file.is_file(), f"{page}: {href}"
                ids[target.path] = set(re.findall(r'id="([^"]+)"', file.read_text("utf-8")))
            assert target.fragment in ids[target.path], f"{page}: {href}"
            checked += 1
    assert checked > 1000
    citing = [p.read_text("utf-8") for p in (REPO / "rulesets").glob("*.yaml")]
    citing.append((OWN / "examples.yaml").read_text("utf-8"))  # the sources' own examples
    cited = {e.slug for e in BIBLIOGRAPHY.entries if any(e.file in text for text in citing)}
    assert {path.strip("/").split("/")[1] for path in ids} == cited


def test_a_cited_range_is_one_anchor_at_its_first_line(built_site: Path) -> None:
    """Each range is one anchor on its first line, the shorter first: lines 86-87 are the
    glossary's passage for the elder hand, 86-89 a rule's citation."""
    page = (built_site / "sources" / "peel-1891-pp80-96" / "index.html").read_text("utf-8")
    assert re.search(
        r'<div class="pj-line" id="L86"><span class="pj-range" id="L86-L87"></span>'
        r'<span class="pj-range" id="L86-L89"></span>'
        r'<a class="pj-ln" href="#L86">86</a><span class="pj-lt">Play in the game is commenced',
        page,
    )
    assert page.count('class="pj-line"') == 406  # every line, none a marker of its own


def _words(text: str) -> list[str]:
    return re.findall(r"[\w\u2019']+", text.lower())


def _site_text(site: Path) -> str:
    parts: list[str] = []
    for path in site.rglob("*"):
        if path.suffix == ".html":
            parts.append(html.unescape(re.sub(r"<[^>]+>", " ", path.read_text("utf-8"))))
        elif path.name == "search_index.json":
            for doc in json.loads(path.read_text("utf-8"))["docs"]:
                parts.append(html.unescape(re.sub(r"<[^>]+>", " ", doc["text"])))
    return " ".join(" ".join(_words(part)) for part in parts)


RUN = 10
"""How many words in a row of a modern page may not appear on the site unless quoted. Fewer
would find the board's compartments listed in the project's own words ("Game, Ace, King, Queen,
Jack, Marriage, Intrigue and Pope") and a phrase a modern page shares with an old book ("two to
Intrigue, and one each to Ace, King, Queen")."""


@pytest.mark.skipif(not SHARED.is_dir(), reason="the modern pages' texts are not here")
def test_the_modern_pages_are_not_reproduced_beyond_their_locators(built_site: Path) -> None:
    """No run of ten words of a modern page appears anywhere in the built site (its pages and
    its search index) unless every word of it is in one of the rulesets' quotes of that page."""
    site = f" {_site_text(built_site)} "
    citations = [
        citing.citation
        for ruleset in load_rulesets(REPO / "rulesets").values()
        for citing in citations_of(ruleset)
    ]
    found: list[str] = []
    for name in MODERN:
        words = _words((SHARED / name).read_text("utf-8"))
        quoted = [False] * len(words)
        quotes = {" ".join(_words(c.quote)) for c in citations if c.source == name and c.quote}
        for quote in quotes:
            size = len(quote.split())
            for start in range(len(words) - size + 1):
                if " ".join(words[start : start + size]) == quote:
                    quoted[start : start + size] = [True] * size
        for start in range(len(words) - RUN + 1):
            run_of_words = " ".join(words[start : start + RUN])
            if f" {run_of_words} " in site and not all(quoted[start : start + RUN]):
                found.append(f"{name}: {run_of_words}")
    assert found == [], found


# --------------------------------------------------------------------------------------------
# A text as an edition: what cites each passage, the book's pages, the apparatus and the index

PEEL = "016_peel-round-games-1891_pope-joan-spin-newmarket_pp80-96.txt"
PEEL_PAGE = "sources/peel-1891-pp80-96"
LINE = re.compile(r'<div class="pj-line[^"]*" id="L([0-9]+)">(.*?)</div>\n?')
NOTE = re.compile(r'<div class="pj-citedby">(.*?)</div>')


def _page(site: Path, path: str) -> str:
    return (site / path / "index.html").read_text("utf-8")


def _notes_after(text_page: str) -> dict[int, str]:
    """What cites the passages ending on each line: the note right after it."""
    found: dict[int, str] = {}
    for line in LINE.finditer(text_page):
        note = NOTE.match(text_page, line.end())
        if note:
            found[int(line.group(1))] = note.group(1)
    return found


def test_after_each_cited_passage_its_rules_are_linked(built_site: Path) -> None:
    """Every rule citing Peel's text is linked after the passage's last line, with the lines
    it cites, and each link lands on an anchor of the ruleset's page; the glossary's passages
    too."""
    notes = _notes_after(_page(built_site, PEEL_PAGE))
    rules = load_rulesets(REPO / "rulesets")
    ids: dict[str, set[str]] = {}
    checked = 0
    for ruleset in rules.values():
        for citing in citations_of(ruleset):
            c = citing.citation
            if c.source != PEEL:
                continue
            note = notes[c.last_line]
            assert f'href="#{citing.lines_anchor}"' in note, (ruleset.id, citing.anchor)
            assert f'href="../../rulesets/{ruleset.id}/#{citing.anchor}"' in note
            if ruleset.id not in ids:
                target = _page(built_site, f"rulesets/{ruleset.id}")
                ids[ruleset.id] = set(re.findall(r'id="([^"]+)"', target))
            assert citing.anchor in ids[ruleset.id], (ruleset.id, citing.anchor)
            checked += 1
    assert checked > 200
    assert set(rules) >= {"peel", "spin", "newmarket"} and len(ids) >= 3
    # Lines 86-89 are the play, for two rulesets; 86-87 the glossary's elder hand.
    assert re.search(
        r'<a class="pj-citedby__lines" href="#L86-L87">lines 86\u201387</a> by '
        r'<a href="../../glossary/#term-elder-hand">the glossary: Elder hand</a>',
        notes[87],
    )
    assert '<a href="../../rulesets/peel/#rule-lead">Peel: Leading and running</a>' in notes[89]
    assert 90 not in notes  # no passage ends there


def test_the_books_pages_stand_in_the_margin_where_the_copy_marks_them(
    built_site: Path,
) -> None:
    """Peel's copy marks pp. 80-96: each number stands beside the line its mark starts in,
    the mark itself kept in the text; a copy that marks no page gets no number."""
    text_page = _page(built_site, PEEL_PAGE)
    margins = [
        (int(line.group(1)), int(page))
        for line in LINE.finditer(text_page)
        for page in re.findall(
            r'<span class="pj-pg" aria-hidden="true">p\. ([0-9]+)</span>', line.group(2)
        )
    ]
    assert [page for _, page in margins] == list(range(80, 97))
    where = dict((page, line) for line, page in margins)
    assert (where[80], where[81], where[82], where[83]) == (14, 34, 56, 78)
    lines = {int(m.group(1)): m.group(2) for m in LINE.finditer(text_page)}
    # A mark inside a line, and one broken over two lines as the transcription has it.
    assert 'the state <span class="pj-pb">[p. 83]</span> of the board' in lines[78]
    assert lines[56].endswith(
        'so <span class="pj-pb">[p.</span></span>'
        '<span class="pj-pg" aria-hidden="true">p. 82</span>'
    )
    assert lines[57].startswith(
        '<a class="pj-ln" href="#L57">57</a><span class="pj-lt"><span class="pj-pb">82]</span> that'
    )
    # Hoyle's copy names its pages (259-260) in its heading but marks no break: no number.
    hoyle = _page(built_site, "sources/hoyle-improved")
    assert 'class="pj-pg"' not in hoyle and 'class="pj-pb"' not in hoyle
    assert "pages 80 to 96" in _page(built_site, f"{PEEL_PAGE}/apparatus")


def test_the_sources_index_is_short_and_each_text_has_its_apparatus(built_site: Path) -> None:
    """The index names each source in a few lines with links to its text and its apparatus;
    the apparatus lists the passages cited, each a link to its lines, and every reading of the
    rulesets that follow the text."""
    index = _page(built_site, "sources")
    for entry in BIBLIOGRAPHY.entries:
        assert f'id="file-{entry.file.removesuffix(".txt")}"' in index
        if entry.reproduced:
            assert f'href="{entry.slug}/#text">Read the text</a>' in index
            assert f'href="{entry.slug}/apparatus/">The apparatus</a>' in index
        else:
            assert f'href="{entry.slug}/">Its entry, the words cited and the readings</a>' in index
    assert "pj-interp" not in index  # the readings are with their sources, not here
    apparatus = _page(built_site, f"{PEEL_PAGE}/apparatus")
    rules = load_rulesets(REPO / "rulesets")
    for rid in ("peel", "spin", "newmarket"):
        assert f'id="interpretations-{rid}"' in apparatus
        for item in rules[rid].interpretations:
            assert f'id="interp-{rid}-{item.id}"' in apparatus
    assert (
        'href="../#L86-L89">lines 86\u201389</a> <span class="pj-muted">(p. 83)</span>' in apparatus
    )
    # Its 106 passages folded by the page they start on, in the book's order.
    folds = re.findall(r'<details class="pj-locators">\n?<summary>Page ([0-9]+): ', apparatus)
    assert folds[0] == "80" and [int(n) for n in folds] == sorted({int(n) for n in folds})
