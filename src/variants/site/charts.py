"""Horizontal bar charts with 95% interval whiskers, as inline SVG, drawn at build time.

Pure functions, no JavaScript: :func:`layout` places every bar, whisker, tick and label in the
SVG's own coordinates, and :func:`render_svg` writes the ``<svg>`` element, escaping every piece
of text. Colours come from CSS classes (``pj-chart__*``) whose values follow the site's light
and dark palettes, so the same SVG reads in both.

A chart is a list of :class:`Bar` rows, optionally in named groups; a bar may run left of zero,
and its whisker spans its interval. Values are drawn to one shared horizontal scale whose ends
are round numbers and always include zero.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

WIDTH = 720.0
"""The chart's width in SVG units (it scales down with the page)."""
NARROW = 400.0
"""The width of the same chart drawn for a phone's screen, where it fits without scrolling."""
ROW = 24.0
"""Height of one bar's row."""
BAR = 15.0
"""Height of a bar within its row."""
GROUP = 24.0
"""Height of a group's heading row."""
CAP = 5.0
"""Half the height of a whisker's end caps."""
FONT = 12.0
CHAR = 6.6
"""Estimated width of one character at :data:`FONT` (for sizing the label column)."""
GROUP_FONT = 1.15
"""How much wider a group heading's letters are than a bar label's (bold, and larger)."""
TOP = 8.0
LEGEND = 22.0
BOTTOM = 40.0
VALUE_COLUMN = 78.0
TONES = 4


@dataclass(frozen=True)
class Bar:
    """One row: a label, a value and its 95% interval (``low`` to ``high``)."""

    label: str
    value: float
    low: float | None = None
    high: float | None = None
    tone: int = 0
    """Which colour (0 to 3); named in the chart's legend when it has one."""
    group: str | None = None
    """Rows sharing a group are drawn under one heading, in the order given."""
    text: str | None = None
    """The value as printed beside the chart; formatted from ``value`` when None."""


@dataclass(frozen=True)
class Scale:
    """A linear map from values (``lo`` to ``hi``) to x coordinates (``left`` to ``right``)."""

    lo: float
    hi: float
    left: float
    right: float

    def __call__(self, value: float) -> float:
        if self.hi == self.lo:
            return self.left
        return self.left + (value - self.lo) / (self.hi - self.lo) * (self.right - self.left)


@dataclass(frozen=True)
class PlacedBar:
    bar: Bar
    x: float
    y: float
    width: float
    height: float
    centre_y: float
    whisker: tuple[float, float] | None
    """The whisker's x coordinates (low end, high end), when the bar has an interval."""
    text: str
    interval: tuple[str, str] | None
    """The interval's ends as printed, when the bar has one."""


@dataclass(frozen=True)
class Heading:
    text: str
    y: float


@dataclass(frozen=True)
class Tick:
    value: float
    x: float
    text: str


@dataclass(frozen=True)
class Layout:
    width: float
    height: float
    label_width: float
    plot_top: float
    plot_bottom: float
    scale: Scale
    bars: tuple[PlacedBar, ...]
    headings: tuple[Heading, ...]
    ticks: tuple[Tick, ...]
    zero_x: float
    axis: str
    legend: tuple[tuple[int, str], ...]
    axis_lines: tuple[str, ...] = ()
    """The axis's label, on as many lines as the chart's width needs."""


def nice_step(span: float, count: int = 5) -> float:
    """A round step (1, 2 or 5 times a power of ten) giving about ``count`` steps over ``span``.

    >>> nice_step(10), nice_step(0.37), nice_step(130, 4)
    (2.0, 0.1, 50.0)
    """
    if span <= 0:
        return 1.0
    raw = span / max(count, 1)
    power = 10.0 ** math.floor(math.log10(raw))
    for factor in (1.0, 2.0, 5.0, 10.0):
        if raw <= factor * power * 1.000001:
            return factor * power
    return 10.0 * power  # pragma: no cover - the loop always returns


def nice_domain(lo: float, hi: float, count: int = 5) -> tuple[float, float, float]:
    """The domain widened to round ends that include zero, and its tick step.

    >>> nice_domain(0.4, 9.3)
    (0.0, 10.0, 2.0)
    >>> nice_domain(-14.1, 2.6)
    (-15.0, 5.0, 5.0)
    """
    lo, hi = min(lo, 0.0), max(hi, 0.0)
    if hi == lo:
        hi = lo + 1.0
    step = nice_step(hi - lo, count)
    return (
        math.floor(lo / step + 1e-9) * step,
        math.ceil(hi / step - 1e-9) * step,
        step,
    )


def number(value: float, digits: int = 2, sign: bool = False) -> str:
    """A number as printed on the site: a true minus sign, an optional plus, grouped thousands.

    >>> number(-1.5) == "\u22121.50", number(2, 1, sign=True), number(12345, 0)
    (True, '+2.0', '12,345')
    """
    if round(value, digits) == 0:
        value = 0.0
    text = f"{value:+,.{digits}f}" if sign else f"{value:,.{digits}f}"
    return text.replace("-", "\u2212")


def percent(value: float, digits: int = 1) -> str:
    """A proportion as a percentage.

    >>> percent(0.2375)
    '23.8%'
    """
    return number(100 * value, digits) + "%"


def _tick_text(value: float, step: float, formatter: Callable[[float], str] | None) -> str:
    if formatter is not None:
        return formatter(value)
    digits = max(0, -math.floor(math.log10(step) + 1e-9)) if step < 1 else 0
    return number(value, digits)


def layout(
    bars: Sequence[Bar],
    axis: str,
    legend: Sequence[tuple[int, str]] = (),
    value_text: Callable[[float], str] = number,
    tick_text: Callable[[float], str] | None = None,
    width: float = WIDTH,
    domain: tuple[float, float] | None = None,
) -> Layout:
    """Place every part of the chart. ``domain`` fixes the scale's ends (else they are chosen
    round, around every value and interval end, and zero)."""
    if not bars:
        raise ValueError("a chart needs at least one bar")
    labels = [len(b.label) for b in bars] + [len(b.group) + 2 for b in bars if b.group]
    label_width = min(max(80.0, max(labels) * CHAR + 16.0), width * 0.5)
    top = TOP + (LEGEND if legend else 0.0)
    rows: list[tuple[Bar, float]] = []
    headings: list[Heading] = []
    y = top
    group: str | None = None
    for bar in bars:
        if bar.group is not None and bar.group != group:
            headings.append(Heading(bar.group, y + GROUP - 8.0))
            y += GROUP
        group = bar.group
        rows.append((bar, y))
        y += ROW
    plot_bottom = y + 4.0
    ends = [v for b in bars for v in (b.value, b.low, b.high) if v is not None]
    if domain is None:
        lo, hi, step = nice_domain(min(ends), max(ends))
    else:
        lo, hi = domain
        step = nice_step(hi - lo)
    scale = Scale(lo, hi, label_width + 12.0, width - VALUE_COLUMN - 8.0)
    ticks = []
    count = round((hi - lo) / step)
    for index in range(count + 1):
        value = lo + index * step
        if abs(value) < step * 1e-9:
            value = 0.0
        ticks.append(Tick(value, scale(value), _tick_text(value, step, tick_text)))
    zero_x = scale(min(max(0.0, lo), hi))
    placed = []
    for bar, row_y in rows:
        start, end = sorted((scale(bar.value), zero_x))
        whisker = interval = None
        if bar.low is not None and bar.high is not None:
            whisker = (scale(bar.low), scale(bar.high))
            interval = (value_text(bar.low), value_text(bar.high))
        bar_y = row_y + (ROW - BAR) / 2
        placed.append(
            PlacedBar(
                bar=bar,
                x=start,
                y=bar_y,
                width=end - start,
                height=BAR,
                centre_y=bar_y + BAR / 2,
                whisker=whisker,
                text=bar.text if bar.text is not None else value_text(bar.value),
                interval=interval,
            )
        )
    lines = axis_lines(axis, width)
    return Layout(
        width=width,
        height=plot_bottom + BOTTOM + AXIS_LINE * (len(lines) - 1),
        label_width=label_width,
        plot_top=top,
        plot_bottom=plot_bottom,
        scale=scale,
        bars=tuple(placed),
        headings=tuple(headings),
        ticks=tuple(ticks),
        zero_x=zero_x,
        axis=axis,
        legend=tuple(legend),
        axis_lines=lines,
    )


AXIS_LINE = 15.0
"""The height of each further line of the axis's label."""


def axis_lines(axis: str, width: float) -> tuple[str, ...]:
    """The axis's label broken between words into lines that each fit the chart's width.

    >>> axis_lines("net counters per deal", 720.0)
    ('net counters per deal',)
    >>> axis_lines("holder's net less an average other seat's, counters per deal", 400.0)
    ("holder's net less an average", "other seat's, counters per deal")
    """
    most = max(8, int((width - 16.0) / CHAR))
    if len(axis) <= most:
        return (axis,)
    words = axis.split()
    half = len(axis) / 2
    best = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - half))
    first, rest = " ".join(words[:best]), " ".join(words[best:])
    return (first, *axis_lines(rest, width)) if len(first) <= most else (axis,)


def _axis_x(chart: Layout, line: str) -> float:
    """Where a line of the axis's label is centred: under the plot, moved in as far as it must
    be to stay inside the chart."""
    centre = (chart.scale.left + chart.scale.right) / 2
    half = len(line) * CHAR / 2 + 4.0
    return max(half, min(centre, chart.width - half))


def _f(value: float) -> str:
    """A coordinate, to one decimal place without a trailing ``.0``."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def fitted(label: str, room: float) -> Markup:
    """A bar's label cut to the room it has, ending in an ellipsis, with the whole label as its
    tooltip (the chart's text description always gives it whole).

    >>> str(fitted("short", 100.0)), str(fitted("a label far too long", 66.0))
    ('short', 'a label f…<title>a label far too long</title>')
    """
    most = max(4, int(room / CHAR))
    if len(label) <= most:
        return escape(label)
    return Markup(f"{escape(label[: most - 1].rstrip())}…<title>{escape(label)}</title>")


def render_svg(chart: Layout, title: str, ident: str, size: str = "wide") -> Markup:
    """The chart as one ``<svg>`` element with a title and a text description for screen
    readers; every piece of text is escaped (``e``), the numbers written by :func:`_f`. ``size``
    (``wide`` or ``narrow``) names the screens it is drawn for, in its class."""
    e = escape
    out: list[str] = []
    add = out.append
    i = e(ident)
    add(
        f'<svg class="pj-chart__svg pj-chart__svg--{e(size)}" viewBox="0 0 {_f(chart.width)} '
        f'{_f(chart.height)}" width="{_f(chart.width)}" height="{_f(chart.height)}" '
        f'role="img" aria-labelledby="{i}-title {i}-desc" xmlns="http://www.w3.org/2000/svg">'
    )
    add(f'<title id="{i}-title">{e(title)}</title>')
    described = "; ".join(
        f"{(p.bar.group + ', ') if p.bar.group else ''}{p.bar.label}: {p.text}"
        + (f" (95% interval {p.interval[0]} to {p.interval[1]})" if p.interval else "")
        for p in chart.bars
    )
    add(f'<desc id="{i}-desc">{e(described)}</desc>')
    if chart.legend:
        x = chart.label_width + 12.0
        for tone, name in chart.legend:
            add(
                f'<rect class="pj-chart__bar pj-chart__bar--{tone % TONES}" x="{_f(x)}" '
                f'y="{_f(TOP)}" width="12" height="12" rx="2"/>'
            )
            add(
                f'<text class="pj-chart__legend" x="{_f(x + 17.0)}" y="{_f(TOP + 10.5)}">'
                f"{e(name)}</text>"
            )
            x += 17.0 + len(name) * CHAR + 22.0
    top, bottom = _f(chart.plot_top), _f(chart.plot_bottom)
    for tick in chart.ticks:
        at = _f(tick.x)
        add(
            f'<line class="pj-chart__grid" x1="{at}" x2="{at}" y1="{top}" y2="{bottom}"/>'
            f'<text class="pj-chart__tick" x="{at}" y="{_f(chart.plot_bottom + 15.0)}" '
            f'text-anchor="middle">{e(tick.text)}</text>'
        )
    for index, line in enumerate(chart.axis_lines or (chart.axis,)):
        add(
            f'<text class="pj-chart__axis" x="{_f(_axis_x(chart, line))}" '
            f'y="{_f(chart.plot_bottom + 33.0 + AXIS_LINE * index)}" '
            f'text-anchor="middle">{e(line)}</text>'
        )
    for heading in chart.headings:
        # A heading is drawn larger and bold: cut to the chart's width at its wider letters.
        room = (chart.width - 8.0) / GROUP_FONT
        add(
            f'<text class="pj-chart__group" x="4" y="{_f(heading.y)}">'
            f"{fitted(heading.text, room)}</text>"
        )
    for placed in chart.bars:
        bar = placed.bar
        indent = 16.0 if bar.group else 4.0
        add(
            f'<text class="pj-chart__label" x="{_f(indent)}" y="{_f(placed.centre_y + 4.0)}">'
            f"{fitted(bar.label, chart.label_width - indent)}</text>"
            f'<rect class="pj-chart__bar pj-chart__bar--{bar.tone % TONES}" x="{_f(placed.x)}" '
            f'y="{_f(placed.y)}" width="{_f(placed.width)}" height="{_f(placed.height)}"/>'
        )
        if placed.whisker is not None:
            low, high = _f(placed.whisker[0]), _f(placed.whisker[1])
            cy = placed.centre_y
            t, b = _f(cy - CAP), _f(cy + CAP)
            add(
                f'<path class="pj-chart__whisker" d="M{low},{_f(cy)}H{high}M{low},{t}V{b}'
                f'M{high},{t}V{b}"/>'
            )
        add(
            f'<text class="pj-chart__value" x="{_f(chart.width - 4.0)}" '
            f'y="{_f(placed.centre_y + 4.0)}" text-anchor="end">{e(placed.text)}</text>'
        )
    add(
        f'<line class="pj-chart__zero" x1="{_f(chart.zero_x)}" x2="{_f(chart.zero_x)}" '
        f'y1="{top}" y2="{bottom}"/>'
    )
    add("</svg>")
    return Markup("".join(out))


def bar_chart(
    bars: Sequence[Bar],
    *,
    title: str,
    axis: str,
    ident: str,
    legend: Sequence[tuple[int, str]] = (),
    value_text: Callable[[float], str] = number,
    tick_text: Callable[[float], str] | None = None,
    domain: tuple[float, float] | None = None,
    narrow: bool = False,
) -> Markup:
    """A horizontal bar chart with whiskers, as an ``<svg>`` element (see :func:`layout`); with
    ``narrow``, twice: drawn :data:`WIDTH` wide for most screens and :data:`NARROW` wide for a
    phone's, the stylesheet showing the one that fits (the narrow one's ids end ``-narrow``)."""
    placed = layout(bars, axis, legend, value_text, tick_text, domain=domain)
    wide = render_svg(placed, title, ident)
    if not narrow:
        return wide
    small = layout(bars, axis, legend, value_text, tick_text, width=NARROW, domain=domain)
    return wide + render_svg(small, title, f"{ident}-narrow", "narrow")


def figure(
    svg: Markup, caption: Markup | str, ident: str, key: Sequence[tuple[int, str]] = ()
) -> Markup:
    """A chart in a ``<figure>`` with its key (what each colour of bar stands for, above the
    chart, in text that wraps on a narrow screen) and its caption, on lines with no blank line
    between them (so Markdown keeps it one raw HTML block)."""
    items = Markup("").join(
        Markup(
            '<li><span class="pj-chart__swatch pj-chart__swatch--{t}" aria-hidden="true"></span>'
            "{n}</li>"
        ).format(t=tone % TONES, n=name)
        for tone, name in key
    )
    listed = Markup('<ul class="pj-chart__key" aria-label="Colours">{}</ul>\n').format(items)
    return Markup(
        '<figure class="pj-chart" id="{i}">\n{k}<div class="pj-chart__frame">{s}</div>\n'
        "<figcaption>{c}</figcaption>\n</figure>"
    ).format(i=ident, k=listed if key else "", s=svg, c=caption)
