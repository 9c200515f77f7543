"""The statistics pages' parts: the runs' typed reports sorted by kind, the arithmetic of
the figures, the HTML of their tables, captions and option lists, and the questions in order."""

from __future__ import annotations

import ast
import math
import re
from dataclasses import replace
from pathlib import Path

import pytest
from markupsafe import Markup, escape

from variants.analysis.reports import (
    DealsReport,
    GamesReport,
    Mean,
    Rate,
    Report,
    SeatReport,
    read_mean,
    wilson_rate,
)
from variants.analysis.tallies import Z95
from variants.mechanics.ruleset import Ruleset
from variants.rules.loader import load_ruleset
from variants.site import render
from variants.site import stats_runs as sr
from variants.site.render import Linker
from variants.site.statistics import (
    DEFAULT,
    QUESTIONS,
    Entry,
    Page,
    Results,
    Variant,
    chief_card,
    plan,
)
from variants.site.statistics.compartments import compartments_table
from variants.site.statistics.figures import (
    Counter,
    Table,
    caption,
    difference,
    html_table,
    mean_text,
    rate_text,
    say,
    separated,
)
from variants.site.statistics.reports import ZERO, read

REPO = Path(__file__).resolve().parent.parent
RULESETS = REPO / "rulesets"
STATISTICS = REPO / "src" / "variants" / "site" / "statistics"
MINUS = "\u2212"


@pytest.fixture(scope="module")
def peel() -> Ruleset:
    return load_ruleset(RULESETS / "peel.yaml")


@pytest.fixture(scope="module")
def played(peel: Ruleset) -> dict[sr.Run, Report]:
    runs = [
        sr.Run("deals", "peel", 4, 120),
        sr.Run("games", "peel", 4, 3),
        sr.Run("card-holder", "peel", 4, 120),
        sr.Run("policy-seat", "peel", 4, 120, policy="advised"),
    ]
    return dict(zip(runs, sr.play_runs([(r, peel) for r in runs], processes=1), strict=True))


# --------------------------------------------------------------------------------------------
# Reports


def test_each_kind_of_run_is_read_into_its_own_report(
    peel: Ruleset, played: dict[sr.Run, Report]
) -> None:
    results = read(played)
    deals, games, holder, seat = played
    assert list(results.deals) == [deals] and list(results.games) == [games]
    assert list(results.seats) == [holder, seat]
    report = results.deals[deals]
    assert isinstance(report, DealsReport)
    assert (report.players, report.deals) == (4, 120)
    assert len(report.net_by_position) == len(report.went_out_by_position) == 4
    board = [c.id for c in peel.rules.board.compartments]
    assert list(report.compartments) == board
    # Every counter staked is won by someone or left on the board: the seats' nets sum to the
    # board's carry-over, which is never negative.
    assert sum(m.mean for m in report.net_by_position) <= 1e-3
    assert isinstance(results.games[games], GamesReport)
    assert set(results.games[games].size_when_won) == set(board)
    assert results.seats[holder].compartment == "pope"
    assert results.seats[seat].compartment is None


def test_a_figure_is_read_with_its_interval() -> None:
    kept = {"mean": 2, "ci95": [1.5, 2.5], "n": 10, "se": 0.25}
    assert read_mean(kept) == Mean(2.0, 1.5, 2.5, 10, 0.25)
    assert wilson_rate(0, 0) == Rate(0.0, 0.0, 0.0, 0)
    half = wilson_rate(50, 100)
    assert (half.rate, half.count) == (0.5, 50)
    assert half.low == pytest.approx(0.40383, abs=1e-5) and half.high == pytest.approx(
        0.59617, abs=1e-5
    )


def test_reports_under_other_options_are_equal_when_every_figure_is(
    played: dict[sr.Run, Report],
) -> None:
    holder = next(run for run in played if run.kind == "card-holder")
    report = played[holder]
    assert isinstance(report, SeatReport)
    other = replace(report, meta=replace(report.meta, options={"pope_holder": "double"}))
    assert other == report
    assert replace(report, deals=121) != report


# --------------------------------------------------------------------------------------------
# Arithmetic and words


def test_a_difference_of_independent_means_adds_their_variances() -> None:
    a = Mean(5.0, 5.0 - 3 * Z95, 5.0 + 3 * Z95, 100, 3.0)
    b = Mean(1.0, 1.0 - 4 * Z95, 1.0 + 4 * Z95, 80, 4.0)
    d = difference(a, b)
    assert d.mean == 4.0 and d.n == 80 and d.se == 5.0
    assert (d.low, d.high) == pytest.approx((4.0 - 5 * Z95, 4.0 + 5 * Z95))
    # Worked from the standard errors the reports carry, not from their rounded intervals.
    rounded = replace(a, low=round(a.low, 1), high=round(a.high, 1))
    assert difference(rounded, b) == d
    assert separated(d, ZERO) == 0  # 4 +/- 9.8 includes zero
    assert separated(Mean(1.0, 0.5, 1.5, 9), ZERO) == 1
    assert separated(Mean(-1.0, -1.5, -0.5, 9), ZERO) == -1
    assert math.isclose(a.shifted(2).low, a.low + 2) and a.scaled(0.5).high == a.high / 2
    assert a.shifted(2).se == 3.0 and a.scaled(-0.5).se == 1.5


def test_means_and_rates_in_words() -> None:
    assert mean_text(Mean(2.4, 2.27, 2.54, 9)) == "+2.40 (95% CI +2.27 to +2.54)"
    assert mean_text(Mean(-0.5, -1.0, 0.0, 9), 1, False) == f"{MINUS}0.5 (95% CI {MINUS}1.0 to 0.0)"
    assert rate_text(Rate(0.226, 0.22, 0.232, 9)) == "22.6% (22.0\u201323.2%)"


# --------------------------------------------------------------------------------------------
# HTML


def test_a_table_escapes_ruleset_text_and_keeps_cells_made_as_markup() -> None:
    table = Table(("Rules", "Net"), (("<b>rex</b> & co", Markup("1<span>2</span>")),), "a < b")
    assert html_table(table) == (
        '<div class="pj-table-wrap pj-stats-table"><table><caption>a &lt; b</caption><thead><tr>'
        '<th scope="col">Rules</th><th scope="col">Net</th></tr></thead><tbody><tr>'
        '<th scope="row">&lt;b&gt;rex&lt;/b&gt; &amp; co</th><td class="pj-num">1<span>2</span>'
        "</td></tr></tbody></table></div>"
    )
    assert "<caption>" not in html_table(Table(("A",), ()))


def test_captions_are_numbered_in_order_on_a_page() -> None:
    counter = Counter()
    first = caption(counter, "Shows <x>.", "200 deals", "whiskers", "More.")
    second = caption(counter, "Shows.", "200 deals", "whiskers")
    assert first == (
        '<strong>Figure 1.</strong> Shows &lt;x&gt;. <span class="pj-chart__n">200 deals; '
        "whiskers. More.</span>"
    )
    assert second.startswith("<strong>Figure 2.</strong>") and second.endswith("whiskers.</span>")


def test_the_options_about_the_pope_are_listed_with_their_labels(peel: Ruleset) -> None:
    p = plan(peel)
    p = replace(p, pope={v: replace(run, count=60) for v, run in p.pope.items()})
    runs = list(p.pope.values())
    reports = read(dict(zip(runs, sr.play_runs([(r, peel) for r in runs], 1), strict=True)))
    page = Page(peel, p, reports, Counter(), "st-peel", Linker("statistics/peel.md"))
    section = chief_card.section(page)
    folded = str(section.body[-1])
    # The table and the options' list are folded together, the summary saying so.
    assert folded.startswith('<details class="pj-fold pj-stats-fold"><summary>')
    assert "with the options in full</summary>" in folded
    options = folded[folded.index('<ul class="pj-stats-options">') :]
    assert options.endswith("</ul></details>")
    assert (
        "<li>What happens after the Pope is turned up: The dealer is paid and the deal is "
        "played out" in options
    )
    for variant in p.popes:
        if variant != DEFAULT:
            assert f"<li>{escape(variant.detail)}" in options
            assert variant.options[0][0] not in options  # the option's id is not shown


def test_the_compartments_table_follows_the_board_whatever_order_the_report_has(
    peel: Ruleset, played: dict[sr.Run, Report]
) -> None:
    deals = next(run for run in played if run.kind == "deals")
    report = read(played).deals[deals]
    backwards = replace(report, compartments=dict(reversed(report.compartments.items())))
    p = plan(peel)
    tables = [
        compartments_table(Entry(peel, p, Results(deals={p.seats_main: r})))
        for r in (report, backwards)
    ]
    assert tables[0] == tables[1]
    heads = re.findall(r'<th scope="row">(.*?)</th>', tables[0])
    assert heads == [c.label for c in peel.rules.board.compartments]


def said(module: Path) -> set[str]:
    """The phrases a module of the package says: the first argument of each ``say`` call."""
    tree = ast.parse(module.read_text("utf-8"))
    return {
        node.args[0].value
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "say"
        and isinstance(node.args[0], ast.Constant)
    }


def test_every_phrase_said_is_a_macro_of_its_template_and_every_macro_is_said() -> None:
    environment = render.environment()
    modules = sorted(STATISTICS.glob("*.py"))
    kept: dict[str, set[str]] = {}
    for module in modules:
        names = said(module)
        if names:
            owner = "figures" if module.stem == "page" else module.stem
            kept.setdefault(owner, set()).update(names)
    assert set(kept) == {
        "advice",
        "chief_card",
        "effects",
        "figures",
        "king_and_queen",
        "length",
        "seats",
    }
    for owner, names in kept.items():
        source = environment.loader.get_source(environment, f"_stats_{owner}.html.j2")[0]
        assert set(re.findall(r"\{% macro (\w+)\(", source)) == names, owner


def test_a_phrase_escapes_what_it_is_given() -> None:
    assert say("option", words="a<b") == "<em>a&lt;b</em>"
    assert say("option", words=Markup("<i>c</i>")) == "<em><i>c</i></em>"


# --------------------------------------------------------------------------------------------
# The questions


def test_the_questions_keep_their_order_and_anchors() -> None:
    assert [q.anchor for q in QUESTIONS] == [
        "seats",
        "length",
        "royal-pair",
        "chief-card",
        "advice",
    ]
    assert QUESTIONS[3].asked == "What is the Pope worth to its holder?"
    assert isinstance(DEFAULT, Variant) and DEFAULT.options == ()


def test_the_dressing_is_said_of_whoever_pays_it() -> None:
    from variants.mechanics.ruleset import banker_dresses
    from variants.site.statistics.seats import dressing_sentence

    shedding = load_ruleset(RULESETS / "modern-shedding.yaml").rules.dressing.payer
    hoyle = load_ruleset(RULESETS / "hoyle.yaml").rules.dressing.payer
    assert banker_dresses(shedding) and not banker_dresses(hoyle)
    assert dressing_sentence([0, 0, 0, 0, 15], True) == (
        "the banker alone dresses the board, with 15 counters every deal, and here the banker "
        "holds the dealer's seat"
    )
    assert dressing_sentence([0, 0, 0, 0, 15], False) == (
        "the dealer alone dresses the board, with 15 counters"
    )
