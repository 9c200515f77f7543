"""The statistics pages: the SVG bar charts, the seeded runs and their cache, and the built
pages, which must state every figure's sample size and interval.

The pages are read from the run's one build of the project (``site_build`` in conftest.py),
which plays the runs into a cache of its own (at 1% of their size, or at their full size when
``scripts/test`` hands its build over); a copy of the project with
only the statistics module is built against that cache to show what it saves."""

from __future__ import annotations

import json
import re
import shlex
import shutil
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import clirun
import pytest
from conftest import SiteBuild, build_site

from variants.analysis.reports import deals_report, report_json
from variants.analysis.runner import simulate_deals
from variants.cli import experiment
from variants.mechanics.ruleset import Ruleset
from variants.rules.loader import load_ruleset, load_rulesets
from variants.site import stats_runs as sr
from variants.site.charts import (
    CHAR,
    Bar,
    bar_chart,
    layout,
    nice_domain,
    nice_step,
    number,
    percent,
)
from variants.site.statistics import (
    DEFAULT,
    cards_dealt,
    matrimony_variants,
    pack_variants,
    plan,
    pope_variants,
)

REPO = Path(__file__).resolve().parent.parent
RULESETS = REPO / "rulesets"
MINUS = "\u2212"

# --------------------------------------------------------------------------------------------
# Charts


def test_round_domains_include_zero() -> None:
    assert nice_step(10) == 2.0
    assert nice_step(0.37) == pytest.approx(0.1)
    assert nice_domain(0.4, 9.3) == (0.0, 10.0, 2.0)
    assert nice_domain(-14.1, 2.6) == (-15.0, 5.0, 5.0)
    assert nice_domain(3.0, 3.0) == (0.0, 3.0, 1.0)  # zero always in view


def c(value: float) -> str:
    """A coordinate as the SVG writes it: one decimal, no trailing ``.0``."""
    text = f"{value:.1f}"
    return text.removesuffix(".0")


def test_bars_and_whiskers_sit_at_their_values() -> None:
    bars = [Bar("up", 5.0, 4.0, 6.0), Bar("down", -2.0, -3.0, -1.0)]
    chart = layout(bars, "counters", domain=(-5.0, 10.0))
    scale = chart.scale
    # The label column is 80 units wide: the plot runs from 92 to 720 - 78 - 8 = 634.
    assert (scale.left, scale.right) == (92.0, 634.0)

    def x(value: float) -> float:
        return 92.0 + (value + 5.0) / 15.0 * 542.0

    assert chart.zero_x == pytest.approx(x(0))
    up, down = chart.bars
    assert up.x == pytest.approx(x(0)) and up.width == pytest.approx(x(5) - x(0))
    assert up.whisker == pytest.approx((x(4), x(6)))
    assert down.x == pytest.approx(x(-2)) and down.width == pytest.approx(x(0) - x(-2))
    assert down.whisker == pytest.approx((x(-3), x(-1)))
    assert down.y - up.y == 24.0  # one row apart
    assert [(t.value, round(t.x, 1)) for t in chart.ticks] == [
        (v, round(x(v), 1)) for v in (-5.0, 0.0, 5.0, 10.0)
    ]
    assert [t.text for t in chart.ticks] == [f"{MINUS}5", "0", "5", "10"]
    svg = str(bar_chart(bars, title="t", axis="counters", ident="c", domain=(-5.0, 10.0)))
    assert f'x="{c(x(0))}" y="{c(up.y)}" width="{c(x(5) - x(0))}" height="15"' in svg
    assert f"M{c(x(4))},{c(up.centre_y)}H{c(x(6))}" in svg  # the whisker and its caps
    assert f"M{c(x(4))},{c(up.centre_y - 5)}V{c(up.centre_y + 5)}" in svg
    assert f'x="{c(x(-2))}" y="{c(down.y)}" width="{c(x(0) - x(-2))}"' in svg
    assert svg.count("<rect") == 2 and svg.count("pj-chart__whisker") == 2
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert "\n\n" not in svg  # one raw HTML block in Markdown


def test_groups_legend_and_description() -> None:
    bars = [
        Bar("a", 0.25, 0.2, 0.3, tone=1, group="Peel"),
        Bar("b", 0.5, group="Peel"),
        Bar("c", 0.1, 0.05, 0.15, group="Foster"),
    ]
    chart = layout(bars, "rate", legend=[(1, "advised")], value_text=percent)
    assert [h.text for h in chart.headings] == ["Peel", "Foster"]
    assert chart.bars[2].y - chart.bars[1].y == 24.0 + 24.0  # a heading row between groups
    assert chart.bars[1].whisker is None
    svg = str(bar_chart(bars, title="Rates", axis="rate", ident="r", value_text=percent))
    assert "Peel, a: 25.0% (95% interval 20.0% to 30.0%)" in svg  # the text description
    assert "pj-chart__bar--1" in svg
    assert 'aria-labelledby="r-title r-desc"' in svg


def test_labels_and_titles_are_escaped() -> None:
    hostile = "<script>alert(1)</script> & <b>"
    svg = str(
        bar_chart(
            [Bar(hostile, 1.0, 0.5, 1.5, group=hostile, text=hostile)],
            title=hostile,
            axis=hostile,
            ident="x",
            legend=[(0, hostile)],
        )
    )
    assert "<script" not in svg and "<b>" not in svg
    assert svg.count("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;") >= 6


def test_numbers_as_printed() -> None:
    assert number(-1.5) == f"{MINUS}1.50"
    assert number(0.001, 2, sign=True) == "+0.00"
    assert number(12345.0, 0) == "12,345"
    assert percent(0.2375) == "23.8%"


# --------------------------------------------------------------------------------------------
# What is run, and the cache


def test_the_runs_follow_the_rulesets_options(rulesets: dict[str, Ruleset]) -> None:
    foster, peel = rulesets["foster"], rulesets["peel"]
    assert [v.label for v in pack_variants(foster)] == ["full pack", "8♦ removed"]
    assert pack_variants(foster)[1].options == (("eight_of_diamonds", "removed"),)
    assert [v.label for v in pack_variants(peel)] == ["8♦ removed"]
    assert [v.options for v in matrimony_variants(foster)] == [(("layout", "matrimony"),)]
    assert [v.options for v in matrimony_variants(peel)] == [(), (("shared_pairs", "shared"),)]
    popes = [v.options for v in pope_variants(peel)]
    assert popes[0] == () and (("pope_bonus", "none"),) in popes
    assert (("pope_card", "nine"),) in [v.options for v in pope_variants(foster)]
    assert cards_dealt(peel.rules, 5) == 40 and cards_dealt(foster.rules, 5) == 45
    runs = plan(peel)
    assert sorted(runs.seats) == [3, 5, 8] and runs.main == 5
    assert list(runs.advice) == ["random", "lowest", "advice:peel"]
    assert runs.pope[DEFAULT].kind == "card-holder"
    # The holder followed is the Pope's, found by what it does; its command names no id.
    assert runs.pope[DEFAULT].compartment is None
    assert sr.followed(runs.pope[DEFAULT], peel) == "pope"
    assert "--compartment" not in runs.pope[DEFAULT].command()
    assert sr.followed(sr.Run("card-holder", "foster", 5, 100), foster) == "pope"


def small(kind: sr.Kind, ruleset: str = "peel", **more: object) -> sr.Run:
    return sr.Run(kind, ruleset, 3, 200, **more)  # type: ignore[arg-type]


def test_results_are_cached_and_reused(tmp_path: Path, rulesets: dict[str, Ruleset]) -> None:
    runs = [small("deals"), small("policy-seat", policy="advised")]
    first = sr.results(runs, rulesets, tmp_path, processes=1)
    assert (sr.last_stats.played, sr.last_stats.cached) == (2, 0)
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 2
    stored = json.loads(files[0].read_text("utf-8"))
    assert set(stored) == {"key", "run", "command", "result"}
    # Each mean kept with its standard error (the keys sorted: a compartment's order is not).
    assert stored["result"] in [report_json(report, full=True) for report in first.values()]
    sr._MEMORY.clear()  # as in a later build, in a new process
    again = sr.results(runs, rulesets, tmp_path, processes=1)
    assert (sr.last_stats.played, sr.last_stats.cached) == (0, 2)
    assert again == first
    assert first[runs[0]] == deals_report(
        simulate_deals(rulesets["peel"], 3, 200, sr.SEED), sr.meta(runs[0], rulesets["peel"])
    )


def test_a_changed_rule_invalidates_its_runs_and_a_changed_word_does_not(tmp_path: Path) -> None:
    folder = tmp_path / "rulesets"
    folder.mkdir()
    for name in ("peel.yaml", "foster.yaml"):
        shutil.copy(RULESETS / name, folder / name)
    loaded = {p.stem: load_ruleset(p) for p in folder.glob("*.yaml")}
    runs = [small("deals"), small("deals", "foster")]
    cache = tmp_path / "cache"
    sr.results(runs, loaded, cache, processes=1)
    before = {r.ruleset: sr.cache_key(r, loaded[r.ruleset]) for r in runs}
    # An edit that changes nothing but the file's words: the rules play as they did.
    with (folder / "peel.yaml").open("a", encoding="utf-8") as out:
        out.write("# an edit that changes nothing but the file\n")
    loaded["peel"] = load_ruleset(folder / "peel.yaml")
    sr._MEMORY.clear()
    sr.results(runs, loaded, cache, processes=1)
    assert (sr.last_stats.played, sr.last_stats.cached) == (0, 2)
    # A stake changed: Peel's runs are played again, Foster's are not.
    text = (folder / "peel.yaml").read_text("utf-8")
    assert "stakes: {pope: 6," in text
    (folder / "peel.yaml").write_text(text.replace("stakes: {pope: 6,", "stakes: {pope: 7,"))
    loaded["peel"] = load_ruleset(folder / "peel.yaml")
    sr._MEMORY.clear()
    sr.results(runs, loaded, cache, processes=1)
    assert (sr.last_stats.played, sr.last_stats.cached) == (1, 1)
    assert sr.cache_key(runs[0], loaded["peel"]) != before["peel"]
    assert sr.cache_key(runs[1], loaded["foster"]) == before["foster"]


def test_the_key_covers_every_input(rulesets: dict[str, Ruleset]) -> None:
    peel = rulesets["peel"]
    base = small("deals")
    keys = {
        sr.cache_key(run, peel)
        for run in (
            base,
            small("games"),
            sr.Run("deals", "peel", 4, 200),
            sr.Run("deals", "peel", 3, 300),
            small("deals", seed=2),
            small("deals", policy="lowest"),
            small("deals", options=(("pope_bonus", "none"),)),
        )
    }
    assert len(keys) == 7
    assert sr.cache_key(base, peel) == sr.cache_key(small("deals"), peel)
    # Naming an option at its default value is the same run.
    assert sr.cache_key(base, peel) == sr.cache_key(
        small("deals", options=(("pope_bonus", "at-play"),)), peel
    )


def test_the_printed_commands_repeat_the_figures(rulesets: dict[str, Ruleset]) -> None:
    # The last three play the same deals, and the site plays them once: each is counted from
    # that one simulation as its own command counts it.
    runs = [
        small("deals", options=(("pope_bonus", "none"),)),
        small("card-holder", options=(("pope_bonus", "at-end"),)),
        small("deals"),
        small("policy-seat"),
        small("card-holder"),
    ]
    reports = sr.play_runs([(run, rulesets["peel"]) for run in runs], processes=1)
    env = {"VARIANTS_RULESETS": str(RULESETS)}
    for run, report in zip(runs, reports, strict=True):
        words = shlex.split(run.command())
        if words[0] == "variants":
            done = clirun.run(words[1:], env=env)
        else:
            assert words[:3] == ["python", "-m", "variants.site.stats_runs"], words
            done = clirun.run(words[3:], env=env, command=experiment.main)
        assert done.status == 0, done.err
        assert json.loads(done.out) == report_json(report), run.command()


# --------------------------------------------------------------------------------------------
# The built pages


def build(project: Path, rulesets: Path, cache: Path, scale: float) -> str:
    return build_site(
        project / "s",
        project / "mkdocs.yml",
        VARIANTS_RULESETS=str(rulesets),
        VARIANTS_STATS_CACHE=str(cache),
        VARIANTS_STATS_SCALE=str(scale),
    )


def cache_line(output: str) -> tuple[int, int, int, int]:
    """How many runs a build's pages needed, and how many it read from the project's store,
    read from its cache and played."""
    found = re.search(
        r"variants statistics: (\d+) runs, (\d+) from the store, (\d+) from the cache, "
        r"(\d+) played",
        output,
    )
    assert found, output
    total, stored, cached, played = map(int, found.groups())
    return total, stored, cached, played


@pytest.fixture(scope="module")
def built(site_build: SiteBuild) -> Path:
    """The session's build of the project's site, which read every run from the project's store
    (at the published sizes) or played it (at the suite's own), none from a cache."""
    total, stored, cached, played = cache_line(site_build.output)
    assert cached == 0 and stored + played == total > 40
    assert played == 0 if site_build.scale == 1.0 else stored == 0
    return site_build.site


@pytest.fixture(scope="module")
def sizes(site_build: SiteBuild) -> tuple[int, int]:
    """How many deals, and how many whole games, each of the built pages' runs played: the
    published sizes, scaled as the build scaled them."""
    return (
        max(sr.MIN_DEALS, round(sr.DEALS * site_build.scale)),
        max(sr.MIN_GAMES, round(sr.GAMES * site_build.scale)),
    )


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the site's configuration with only the statistics module, and of the
    rulesets."""
    root = tmp_path_factory.mktemp("stats-project")
    config = (REPO / "mkdocs.yml").read_text("utf-8")
    config = re.sub(
        r"(?m)^( *)section_modules:.*(\n\1  - .*)*",
        r"\1section_modules: [variants.site.statistics]",
        config,
    )
    assert "section_modules: [variants.site.statistics]" in config
    (root / "mkdocs.yml").write_text(config, "utf-8")
    shutil.copytree(REPO / "docs", root / "docs")
    shutil.copytree(RULESETS, root / "rulesets")
    shutil.copytree(REPO / "store", root / "store")
    return root


def html(site: Path, path: str) -> str:
    return (site / path / "index.html").read_text("utf-8")


def text_of(markup: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def test_each_ruleset_page_states_sizes_seed_and_intervals(
    built: Path, sizes: tuple[int, int]
) -> None:
    deals, games = sizes
    for rid in ("peel", "modern-variations", "modern-shedding", "foster"):
        page = html(built, f"statistics/{rid}")
        text = text_of(page)
        assert "will hold" not in text
        figures = re.findall(r"<figure class=\"pj-chart\".*?</figure>", page, re.S)
        assert len(figures) >= 5, rid
        for figure in figures:
            caption = text_of(re.search(r"<figcaption>(.*?)</figcaption>", figure, re.S)[1])
            assert re.search(r"\d[\d,]* (deals|games|played deals)", caption), caption
            assert "95%" in caption and ("confidence intervals" in caption or "Wilson" in caption)
            assert "<svg" in figure and "pj-chart__whisker" in figure
        assert "seed 1" in text
        assert f"{deals:,} deals" in text and f"{games:,} whole games" in text  # the sizes played
        assert f"variants simulate {rid} --players 5 --deals {deals} --seed 1" in text
        assert f"python -m variants.site.stats_runs policy-seat {rid} --players 5" in text
        for anchor in (
            "seats",
            "length",
            "royal-pair",
            "chief-card",
            "advice",
            "compartments",
            "how",
        ):
            assert f'id="{anchor}"' in page, (rid, anchor)
    foster = text_of(html(built, "statistics/foster"))
    assert "8♦ removed" in foster and "eight_of_diamonds=removed" in foster
    assert "The default board has no Matrimony" in foster


def test_the_comparison_page_answers_every_question(built: Path, sizes: tuple[int, int]) -> None:
    page = html(built, "statistics/compare")
    text = text_of(page)
    assert page.count('<figure class="pj-chart"') == 6
    for question in (
        "Is the dealer's or the elder hand's seat favoured?",
        "How much does removing the 8♦ change how long a deal lasts?",
        "How large does Matrimony grow before it is won?",
        "What is the Pope worth to its holder?",
        "Does the sources' play advice pay, and whose pays best?",
    ):
        assert question in text
    assert f"{sizes[0]:,} deals per figure" in text and "seed 1" in text
    assert "95% CI" in text
    nav = html(built, "statistics/peel")
    assert "All rulesets compared" in nav


def site_files(site: Path) -> dict[str, bytes]:
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in site.rglob("*") if p.is_file()}


def test_a_second_build_reuses_the_cache_until_a_ruleset_changes(
    project: Path, tmp_path: Path
) -> None:
    """The runs, at a hundredth of their size (so none is in the project's store), are played
    into an empty cache; then, with nothing changed, the very pages they made come back (the
    same site, byte for byte, with no run read again); an edited ruleset makes the pages again
    and plays its own runs, the others read from the cache."""
    cache, scale = tmp_path / "cache", 0.01
    total, stored, cached, played = cache_line(build(project, project / "rulesets", cache, scale))
    assert (stored, cached, played) == (0, 0, total)
    first = site_files(project / "s")
    again = build(project, project / "rulesets", cache, scale)
    assert "variants statistics:" not in again
    assert re.search(r"variants: \d+ generated pages read from the cache", again), again
    assert site_files(project / "s") == first
    edited = "matrimony-britannica"  # a ruleset of few runs, each played again
    path = project / "rulesets" / f"{edited}.yaml"
    text = path.read_text("utf-8")
    assert "    max: 14\n" in text  # how many may play: a rule, so its runs' keys change
    path.write_text(text.replace("    max: 14\n", "    max: 13\n", 1), "utf-8")
    total, _, cached, played = cache_line(build(project, project / "rulesets", cache, scale))
    site = load_rulesets(project / "rulesets")
    # Its own runs: the others' are unchanged.
    assert played == len(set(plan(site[edited], list(site.values())).runs())) > 0
    assert cached == total - played


def test_a_ruleset_whose_hands_are_shown_has_no_going_out_figures(built: Path) -> None:
    shown = html(built, "statistics/matrimony-foster")
    text = text_of(shown)
    assert "Goes out first" not in text and "goes out first in" not in text
    assert 'id="st-matrimony-foster-out"' not in shown and 'id="st-matrimony-foster-net"' in shown
    assert "No card is played, so nobody goes out: the hands are shown" in text
    assert "Won on the hands shown or by the sweep" in text and "Won at the turn-up" not in text
    assert "since no card is played" in text and "leading a random legal card" not in text
    played = text_of(html(built, "statistics/peel"))
    assert "Goes out first" in played and "Won at the turn-up" in played
    compared = text_of(html(built, "statistics/compare"))
    assert "Matrimony (Foster), elder hand (Player 1)" in compared
    assert "no card played" in compared
    assert "A ruleset whose hands are shown, where no card is played, is left out." in compared


def test_a_narrow_charts_axis_label_breaks_into_lines_that_fit_it() -> None:
    """On a phone's chart a long axis label is broken between words into lines that each fit
    inside the chart, none of its words lost; a wide chart keeps it on one line."""
    axis = "holder's net less an average other seat's, counters per deal"
    svg = str(
        bar_chart(
            [Bar("default rules", 4.0, 3.5, 4.5)], title="t", axis=axis, ident="p", narrow=True
        )
    )
    wide, narrow = svg.split('class="pj-chart__svg pj-chart__svg--narrow"')
    assert re.findall(r'class="pj-chart__axis"[^>]*>([^<]*)<', wide) == [
        unescape(axis).replace("'", "&#39;")
    ]
    width = float(re.search(r'viewBox="0 0 ([\d.]+)', narrow)[1])
    lines = [
        (float(x), unescape(text))
        for x, text in re.findall(r'class="pj-chart__axis" x="([\d.]+)"[^>]*>([^<]*)<', narrow)
    ]
    assert len(lines) == 2 and " ".join(text for _, text in lines) == axis
    for x, text in lines:
        half = len(text) * CHAR / 2
        assert x - half >= 0 and x + half <= width, text


def test_a_narrow_charts_group_heading_is_cut_to_its_width_and_kept_whole_in_its_title() -> None:
    group = "Pope, Game, Matrimony, Intrigue and Confederacy, with a turned trump"
    svg = str(bar_chart([Bar("a", 1.0, group=group)], title="t", axis="x", ident="g", narrow=True))
    wide, narrow = re.findall(r'class="pj-chart__group"[^>]*>(.*?)</text>', svg)
    assert wide == group
    assert narrow.endswith(f"\N{HORIZONTAL ELLIPSIS}<title>{group}</title>")
    assert len(narrow.partition("<title>")[0]) * CHAR * 1.15 <= 400 - 8


class Folds(HTMLParser):
    """Where each element with an id or a class stands: inside a closed-by-default
    ``<details>`` or not, and the text of every summary."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0
        self.placed: list[tuple[str, str, str, bool]] = []
        """(tag, id, class, folded) for each element with an id or a class."""
        self.summaries: list[str] = []
        self._summary: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        ident, classes = found.get("id") or "", found.get("class") or ""
        if ident or classes:
            self.placed.append((tag, ident, classes, self.depth > 0))
        if tag == "details":
            assert "open" not in found
            self.depth += 1
        if tag == "summary":
            self._summary = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "details":
            self.depth -= 1
        if tag == "summary" and self._summary is not None:
            self.summaries.append(" ".join("".join(self._summary).split()))
            self._summary = None

    def handle_data(self, data: str) -> None:
        if self._summary is not None:
            self._summary.append(data)

    def folded(self, *, ident: str = "", cls: str = "") -> list[bool]:
        return [
            folded
            for _, i, c, folded in self.placed
            if (ident and i == ident) or (cls and cls in c.split())
        ]


def folds(page: str) -> Folds:
    parser = Folds()
    parser.feed(page[page.index('<article class="md-content__inner') : page.index("</article>")])
    return parser


def answer_of(page: str, anchor: str) -> str:
    """The text between a section's heading and its first fold."""
    after = page[page.index(f'id="{anchor}"') :]
    return text_of(after[: after.index("<details")])


def test_a_ruleset_page_keeps_its_answers_in_view_and_folds_its_tables(built: Path) -> None:
    """Each question's answer, with its figures (who is favoured, what the Pope is worth, how
    long a deal lasts), and its chief chart are in view; every table, and the seats' second
    chart, are folded under a summary that says what is inside and how many rows it holds."""
    for rid in ("peel", "foster", "hoffmann", "matrimony-foster"):
        page = html(built, f"statistics/{rid}")
        found = folds(page)
        tables = found.folded(cls="pj-stats-table")
        assert len(tables) >= 3 and all(tables), rid
        assert found.folded(ident=f"st-{rid}-net") == [False], rid
        if rid != "matrimony-foster":
            assert found.folded(ident=f"st-{rid}-out") == [True]
            assert found.folded(ident=f"st-{rid}-chief-card") == [False]
            assert "Figure 2: how often each seat goes out first" in found.summaries
        assert any(
            re.fullmatch(r"Each seat's net, table by table \(\d tables?, \d+ seats\)", s)
            for s in found.summaries
        ), found.summaries
        assert all(
            re.search(r"\(\d+ [a-z]+(, \d+ [a-z]+)?\)|^Figure \d+: |^Reproduce this", s)
            for s in found.summaries
        ), found.summaries
        seats = answer_of(page, "seats")
        assert re.search(
            rf"the elder hand nets [+{MINUS}][\d.]+ .* and the dealer [+{MINUS}][\d.]+", seats
        )
        assert re.search(r"favoured|cannot be told", seats), seats
        assert re.search(
            r"lasts [\d.]+ (\(95% CI [^)]*\) )?cards of the \d+ dealt|no card is played",
            answer_of(page, "length"),
        )
        if rid != "matrimony-foster":
            assert re.search(
                rf"ends the deal [+{MINUS}][\d.]+ (\(95% CI [^)]*\) )?counters better off",
                answer_of(page, "chief-card"),
            )


def test_the_comparison_page_folds_each_figure_under_its_number(built: Path) -> None:
    """The brief's answers are in view; each section's table and figures are folded, each under
    its figure's number and what it shows, so that a section's address still leads to it."""
    page = html(built, "statistics/compare")
    found = folds(page)
    assert found.folded(cls="pj-stats-brief") == [False]
    for anchor in ("seats", "length", "royal-pair", "chief-card", "advice", "how"):
        assert found.folded(ident=anchor) == [False], anchor
    figures = [folded for tag, _, _, folded in found.placed if tag == "figure"]
    assert len(figures) == 6 and all(figures)
    assert found.folded(cls="pj-stats-table") == [True]
    numbered = [s for s in found.summaries if s.startswith("Figure ")]
    assert [int(re.match(r"Figure (\d+):", s)[1]) for s in numbered] == [1, 2, 3, 4, 5, 6]
