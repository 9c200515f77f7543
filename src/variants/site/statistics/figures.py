"""What every question's figures share: numbers in words and cells, bars, captions and tables.

The HTML is in templates: ``_stats_table.html.j2`` and ``_stats_caption.html.j2`` for tables
and captions, and ``_stats_<module>.html.j2`` for each module's phrases (:func:`phrases`). What
arrives there from a ruleset (its labels) is escaped like everything else.
"""

from __future__ import annotations

import math
import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from markupsafe import Markup

from ...analysis.reports import Mean, Rate
from ...analysis.tallies import Z95
from ..charts import TONES, Bar, bar_chart, figure, number, percent
from ..render import environment, render
from .plan import Variant

EN_DASH = "\u2013"
MEANS = "bars are means, whiskers their 95% confidence intervals (normal approximation)"
RATES = "bars are rates, whiskers their 95% Wilson score intervals"


def phrases(module: str) -> Callable[..., Markup]:
    """The phrases of one module of this package (``__name__``, or its last part), kept as the
    macros of the template ``_stats_<module>.html.j2``: ``say("name", **values)`` calls the macro
    ``name``, each value escaped unless it is :class:`~markupsafe.Markup` already."""
    template = f"_stats_{module.rpartition('.')[2]}.html.j2"

    def say(name: str, /, **values: object) -> Markup:
        return Markup(getattr(environment().get_template(template).module, name)(**values))

    return say


say = phrases(__name__)


# --------------------------------------------------------------------------------------------
# Numbers in words and in cells


def mean_text(summary: Mean, digits: int = 2, sign: bool = True) -> str:
    """``+2.40 (95% CI +2.27 to +2.54)``."""
    return (
        f"{number(summary.mean, digits, sign)} (95% CI {number(summary.low, digits, sign)} "
        f"to {number(summary.high, digits, sign)})"
    )


def short_mean(summary: Mean, digits: int = 2, sign: bool = True) -> Markup:
    """A table cell: the mean, and its 95% interval in small print below it."""
    return say(
        "cell",
        value=number(summary.mean, digits, sign),
        low=number(summary.low, digits, sign),
        high=number(summary.high, digits, sign),
    )


def rate_cell(rate: Rate) -> Markup:
    """A table cell: the rate, and its 95% Wilson interval in small print below it."""
    return say("cell", value=percent(rate.rate), low=percent(rate.low), high=percent(rate.high))


def rate_text(rate: Rate) -> str:
    """``22.6% (22.0 to 23.2%)``."""
    return f"{percent(rate.rate)} ({percent(rate.low)[:-1]}{EN_DASH}{percent(rate.high)})"


def count_text(count: int, unit: str) -> str:
    return f"{number(count, 0)} {unit}"


def n_players(n: int) -> str:
    return f"{n} players"


def names_list(names: Sequence[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def option_words(variant: Variant) -> Markup:
    """The options a variant sets, in the ruleset's words: each option's label and its value's
    (the command line's ``key=value`` is for the runs' commands, not the prose)."""
    return say("option", words=variant.detail)


# --------------------------------------------------------------------------------------------
# Comparing figures


def difference(a: Mean, b: Mean) -> Mean:
    """``a - b`` for means of independent runs, with a 95% interval from their standard errors."""
    se = math.sqrt(a.se**2 + b.se**2)
    mean = a.mean - b.mean
    half = Z95 * se
    return Mean(mean, mean - half, mean + half, min(a.n, b.n), se)


def separated(a: Mean, b: Mean) -> int:
    """1 when ``a`` is surely above ``b`` (intervals apart), -1 when below, else 0."""
    if a.low > b.high:
        return 1
    if a.high < b.low:
        return -1
    return 0


# --------------------------------------------------------------------------------------------
# Bars


def mean_bar(
    label: str,
    summary: Mean,
    tone: int = 0,
    group: str | None = None,
    digits: int = 2,
    sign: bool = False,
) -> Bar:
    text = number(summary.mean, digits, sign)
    return Bar(label, summary.mean, summary.low, summary.high, tone, group, text)


def rate_bar(label: str, rate: Rate, tone: int = 0, group: str | None = None) -> Bar:
    return Bar(label, rate.rate, rate.low, rate.high, tone, group, percent(rate.rate))


# --------------------------------------------------------------------------------------------
# Captions, sections and tables


@dataclass
class Counter:
    """Numbers the figures on one page, in order."""

    value: int = 0

    def next(self) -> int:
        self.value += 1
        return self.value


def caption(counter: Counter, shows: str, size: str, interval: str, extra: str = "") -> Markup:
    """A figure's caption: what it shows, its sample size and what its whiskers are."""
    return Markup(
        render(
            "_stats_caption.html.j2",
            n=counter.next(),
            shows=shows,
            size=size,
            interval=interval,
            extra=extra,
        )
    )


DEFAULT_TONE = 1
"""The colour of the default rules, and of the ruleset's own source's advice."""
OPTION_TONE = 2
"""The colour of an option's bars, and of another source's advice."""


def variant_tone(index: int) -> int:
    """The colour of a ruleset's ``index``-th variant, the default rules (index 0) first: the
    default rules' colour, then the option colour, then the others."""
    return (DEFAULT_TONE + index) % TONES


VARIANT_KEY = tuple(
    (variant_tone(index), name)
    for index, name in enumerate(
        ("default rules", "an option", "a second option", "a third option")
    )
)
"""The key of a figure whose bars are a ruleset's variants (:func:`variant_tone`)."""


def chart(
    counter: Counter,
    bars: Sequence[Bar],
    *,
    ident: str,
    title: str,
    axis: str,
    shows: str,
    size: str,
    interval: str,
    key: Sequence[tuple[int, str]],
    value_text: Callable[[float], str] = number,
    tick_text: Callable[[float], str] | None = None,
) -> Markup:
    """A bar chart in its figure, with its caption (:func:`caption`): ``title`` names the chart
    for screen readers, ``axis`` its scale; ``key`` says what each colour (a bar's ``tone``)
    stands for, and the figure shows the colours its bars use, in the key's order."""
    svg = bar_chart(
        bars,
        title=title,
        axis=axis,
        ident=ident,
        value_text=value_text,
        tick_text=tick_text,
        narrow=True,
    )
    used = {bar.tone % TONES for bar in bars}
    shown = [(tone, name) for tone, name in key if tone % TONES in used]
    return figure(svg, caption(counter, shows, size, interval), ident, shown)


@dataclass
class Section:
    """One question's answer on a ruleset's page: its prose, figures and tables, in order."""

    anchor: str
    title: str
    answer: Markup
    body: list[Markup]


Cell = str | Markup


@dataclass(frozen=True)
class Table:
    head: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    caption: str = ""


def fold(summary: str, *items: Markup) -> Markup:
    """Secondary figures and tables, folded under a summary that says what they hold, so that
    a page's answers and its chief figures stay in view."""
    return say("fold", summary=summary, items=items)


def figure_fold(counter: Counter, what: str, *items: Markup) -> Markup:
    """A figure just made (the counter's last), folded under its number and ``what`` it shows."""
    return fold(f"Figure {counter.value}: {what}", *items)


def html_table(table: Table) -> Markup:
    """A table of figures: the first cell of each row heads it, the others are numbers."""
    return Markup(render("_stats_table.html.j2", table=table))


@cache
def command_html(command: str) -> Markup:
    """A shell command for the page: escaped, and wrapped only between its arguments (never
    inside a flag such as ``--json``, nor between a flag and its value)."""
    words = shlex.split(command)
    groups: list[list[str]] = []
    for word in words:
        if groups and groups[-1][-1].startswith("--") and not word.startswith("-"):
            groups[-1].append(word)
        else:
            groups.append([word])
    return Markup(" ").join(say("command_word", words=shlex.join(group)) for group in groups)
