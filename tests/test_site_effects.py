"""Which differences matter, on the site: the page ranking every option value of every ruleset,
and each ruleset's statistics page telling what its options change, read from the store that
ships with the project (the run's one build of the site)."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

from variants.analysis.effects import option_effects
from variants.analysis.store import stored_cells
from variants.core.settings import store_path
from variants.rules.loader import validate_paths
from variants.site.pages import short_name
from variants.site.statistics.effects import TOP, largest, ranking

REPO = Path(__file__).resolve().parent.parent
RULESETS = list(validate_paths([REPO / "rulesets"]).rulesets)
BY_ID = {ruleset.id: ruleset for ruleset in RULESETS}


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).strip()


def page(built_site: Path, path: str) -> str:
    return (built_site / path / "index.html").read_text("utf-8")


def test_the_differences_page_ranks_every_option_value_that_changes_a_players_net(
    built_site: Path,
) -> None:
    html = page(built_site, "statistics/differences")
    assert "<h1" in html and "Which differences matter" in html
    changing, others = ranking(RULESETS, "random")
    assert changing and others
    tables = re.findall(r'<div class="pj-table-wrap pj-stats-table pj-effects">.*?</table>', html)
    # The first twelve in view, the rest folded beneath, numbered on.
    shown, folded = (re.findall(r"<tr><th scope=\"row\">(.*?)</th>", t) for t in tables[:2])
    assert (len(shown), len(shown) + len(folded)) == (TOP, len(changing))
    assert text_of(folded[0]).startswith(f"{TOP + 1}. ")
    # In order of the size of the change, each row linking to its ruleset's options.
    first = changing[0]
    assert f'href="../{first.ruleset.id}/#options"' in shown[0]
    assert text_of(shown[0]).startswith(f"1. {short_name(first.ruleset)}")
    sizes = [abs(r.largest.effect) for r in changing if r.largest is not None]
    assert sizes == sorted(sizes, reverse=True)
    # The option values that change nothing measurable are listed after, folded.
    listed = text_of(html.split("No measurable change in what a player nets", 1)[1])
    assert f"({len(others)} option values)" in listed


def test_a_rulesets_statistics_page_tells_what_each_of_its_options_changes(
    built_site: Path,
) -> None:
    peel = BY_ID["peel"]
    html = page(built_site, "statistics/peel")
    section = html.split('id="options"', 1)[1].split("<h2", 1)[0]
    found, stale = option_effects(peel, stored_cells(REPO / store_path(), "peel"))
    assert stale == 0
    at_five = [item for item in found if item.players == 5 and item.policy == "random"]
    values = sum(len(option.values) - 1 for option in peel.options)
    assert len(at_five) == values
    said = text_of(section)
    assert (
        f"Each of its {values} option values was played against the default rules on the same "
        "100,000 deals at 5 players" in said
    )
    big = max(
        (item for item in at_five if largest(item) is not None),
        key=lambda item: abs(largest(item).effect),  # type: ignore[union-attr]
    )
    option = peel.option(big.option)
    assert f"the largest change is under {option.label}: {option.value(big.value).label}" in said
    # Every option value's row, in the ruleset's words; how the first dealer is chosen
    # changes nothing in a single deal.
    first_table = section.split("</table>", 1)[0]
    rows = re.findall(r"<tr><th scope=\"row\">(.*?)</tr>", first_table)
    assert len(rows) == values
    first_dealer = next(row for row in rows if "How the first dealer is chosen" in row)
    assert text_of(first_dealer).count("no change") == 5
    assert "What each option changes at 5 players (16 values)" in said
    # The commands that repeat it are folded away from the prose.
    assert "variants sweep peel" in text_of(section.split("Reproduce this", 1)[1])


def test_a_ruleset_without_options_says_so(built_site: Path) -> None:
    html = page(built_site, "statistics/matrimony-foster")
    section = html.split('id="options"', 1)[1].split("<h2", 1)[0]
    assert "This ruleset offers no options, so there is nothing to measure" in text_of(section)


def test_values_a_ruleset_declares_worth_measuring_together_are_shown_with_their_sum_apart(
    built_site: Path,
) -> None:
    """Spin declares its two rules for pairs worth measuring together: its statistics page
    gives their effect together, the sum of their effects apart and the difference."""
    text = text_of(page(built_site, "statistics/spin"))
    assert "2 option values measured together" in text
    assert "Two players who play the two cards divide the pool and" in text
    assert "Do Spin's two rules for its pairs change the game more together" in text
    assert "Apart, added up" in text and "within ±" in text
