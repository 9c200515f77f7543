"""Generated HTML carried past Markdown: the blocks the ``compact`` filter writes are marked, set
aside before Markdown reads the page and put back in the HTML it makes; and the page as the
search index reads it, without its drawings (:func:`without_drawings`).

Markdown would pass a raw HTML block through unchanged, but only after parsing all of it to find
where it ends, which for the generated pages (tables, boards, figures) is most of a build's time.
A marked block that opens with a block-level element is what Markdown would leave alone, so it
is swapped for an empty ``div`` (a block Markdown also leaves alone, at once) and restored
afterwards; any other marked text (inline HTML, or Markdown) only loses its marks.

>>> block = mark("<div>\\n<p>x</p>\\n</div>")
>>> page = "# T\\n\\n" + block + "\\n\\nSome *text*, " + mark("<b>y</b>")
>>> hidden, blocks = hide(page)
>>> print(hidden)
# T
<BLANKLINE>
<div data-pj-block="0"></div>
<BLANKLINE>
Some *text*, <b>y</b>
>>> show('<h1>T</h1>\\n<div data-pj-block="0"></div>\\n<p>Some <em>text</em></p>', blocks)
'<h1>T</h1>\\n<div>\\n<p>x</p>\\n</div>\\n<p>Some <em>text</em></p>'
"""

from __future__ import annotations

import re

OPEN = "<!--pj-block-->"
CLOSE = "<!--/pj-block-->"
_MARKED = re.compile(re.escape(OPEN) + r"(.*?)" + re.escape(CLOSE), re.S)
_BLOCK_START = re.compile(
    r"<(?:div|table|section|figure|details|ul|ol|dl|p|h[1-6]|nav|form|aside|blockquote|pre)"
    r"[\s>]"
)
_PLACEHOLDER = re.compile(r'<div data-pj-block="(\d+)"></div>')


def mark(html: str) -> str:
    """``html`` marked as generated; marks inside it (a block within a block) are dropped, so
    only the outermost is set aside."""
    return OPEN + html.replace(OPEN, "").replace(CLOSE, "") + CLOSE


def hide(markdown: str) -> tuple[str, list[str]]:
    """The page with each marked block that opens with a block-level element swapped for a
    placeholder, and the blocks, in order; other marked text is left in place, unmarked."""
    blocks: list[str] = []

    def swap(found: re.Match[str]) -> str:
        html = found.group(1)
        if not _BLOCK_START.match(html):
            return html
        blocks.append(html)
        return f'<div data-pj-block="{len(blocks) - 1}"></div>'

    return _MARKED.sub(swap, markdown), blocks


def show(html: str, blocks: list[str]) -> str:
    """The HTML Markdown made, with each placeholder replaced by its block."""
    if not blocks:
        return html

    def restore(found: re.Match[str]) -> str:
        at = int(found.group(1))
        return blocks[at] if at < len(blocks) else found.group(0)

    return _PLACEHOLDER.sub(restore, html)


_DRAWING = re.compile(r"<svg\b.*?</svg>", re.S)


def without_drawings(html: str) -> str:
    """The HTML with every drawing (``<svg>``) left out: what the search index reads, since a
    board's or a chart's words are told in the text beside it, and parsing the drawings' shapes
    was most of the index's time.

    >>> without_drawings('<p>a</p><svg viewBox="0 0 1 1"><text>b</text></svg><p>c</p>')
    '<p>a</p><p>c</p>'
    """
    return _DRAWING.sub("", html)
