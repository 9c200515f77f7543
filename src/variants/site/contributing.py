"""The contributing page from the repository's ``CONTRIBUTING.md``: its opening sections (the way
to propose a source without programming, and the outline of the programmer's way) as they are
written, and the detailed reference, every section from the first numbered one on, folded.

``CONTRIBUTING.md`` is written to be read on the repository's host too, so it links to the
host's pages (the new-issue form) relative to itself, ``../../issues/new``: on the site those
links are made absolute from the repository's address (:func:`absolute_links`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import markdown  # type: ignore[import-untyped]
from markupsafe import Markup

from .rawhtml import mark

ISSUE_FORM = "issues/new?template=propose-a-source.yml"
"""The form for proposing a source, from the repository's address."""

_SECTION = re.compile(r"^## ", re.MULTILINE)
_NUMBERED = re.compile(r"\d+\.\s")
_HOST_LINK = re.compile(r"\]\(\.\./\.\./")


@dataclass(frozen=True)
class Guide:
    """The guide cut for the page: what is shown, and the folded sections."""

    shown: str
    """The title and the opening sections, as Markdown."""
    folds: tuple[tuple[str, Markup], ...]
    """Each folded section's heading and its body as HTML."""


def absolute_links(text: str, repo_url: str | None) -> str:
    """Links to the repository host's pages, written relative to the guide, made absolute.

    >>> absolute_links("[form](../../issues/new)", "https://example.org/a/b/")
    '[form](https://example.org/a/b/issues/new)'
    """
    if repo_url is None:
        return text
    return _HOST_LINK.sub(f"]({repo_url.rstrip('/')}/", text)


def guide(text: str, repo_url: str | None) -> Guide:
    """``text`` (the guide's Markdown) cut at its ``##`` headings: each section from the first
    whose heading starts with a number on is folded, its body made HTML here, since the page's
    Markdown leaves an HTML block alone.

    >>> cut = guide("# T\\n\\nHi.\\n\\n## Ask\\n\\nA.\\n\\n## 1. Set up\\n\\n`x`\\n", None)
    >>> cut.shown
    '# T\\n\\nHi.\\n\\n## Ask\\n\\nA.\\n'
    >>> cut.folds
    (('1. Set up', Markup('<p><code>x</code></p>')),)
    """
    text = absolute_links(text, repo_url)
    starts = [m.start() for m in _SECTION.finditer(text)]
    head, sections = text[: starts[0]] if starts else text, []
    for start, end in zip(starts, [*starts[1:], len(text)], strict=True):
        heading, _, body = text[start + 3 : end].partition("\n")
        sections.append((heading.strip(), body))
    first = next((i for i, (h, _) in enumerate(sections) if _NUMBERED.match(h)), len(sections))
    shown = head + "".join(f"## {h}\n{b}" for h, b in sections[:first])
    folds = tuple((h, _html(b)) for h, b in sections[first:])
    return Guide(shown.rstrip() + "\n", folds)


def _html(text: str) -> Markup:
    made = markdown.markdown(
        text, extensions=["fenced_code", "tables", "admonition", "attr_list"], output_format="html"
    )
    return Markup(made)  # the repository's own guide, trusted as the page's Markdown is


def folded(cut: Guide) -> list[Markup]:
    """Each folded section as a ``<details>`` block, marked to be carried past the page's
    Markdown (:mod:`.rawhtml`): its code blocks keep their blank lines."""
    return [
        Markup(
            mark(
                str(
                    Markup('<details class="pj-fold"><summary>{}</summary>\n{}\n</details>').format(
                        heading, body
                    )
                )
            )
        )
        for heading, body in cut.folds
    ]
