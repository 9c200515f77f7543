"""The Play page in a browser (Debian's Chromium via Playwright), driven through its contract:
the root's ``data-state``, ``select[name=ruleset]``, ``select[name=players]``,
``button[data-action=deal]`` and, while the person must lead, one enabled
``button[data-card]`` for each card it may lead. Every request to a host other than the local
server is refused, and the test fails if one is made: the page runs offline.

A whole deal is played under every ruleset at three and at eight players (where a ruleset's
players run from five, as Matrimony's do, five stands for three). A seeded deal played here and
downloaded plays the same under ``variants play``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from clirun import run
from conftest import attributes
from playwright.sync_api import Browser, Page, Route, expect
from sitetour import SCHEMES, switch_palette

from variants.core.cards import card_name, parse_card, suit_of
from variants.engine.compiled import CompiledRules, compile_rules
from variants.mechanics.ruleset import Ruleset

REPO = Path(__file__).resolve().parent.parent
ROOT = "[data-pj-play]"
SETTLED = f"{ROOT}[data-state=your-lead], {ROOT}[data-state=over]"
START = 60_000
"""Milliseconds to wait for the engine to start (a cold start measures a few seconds)."""


class Offline:
    """A page that may load only from the local server, and what else it asked for."""

    def __init__(self, page: Page, base_url: str) -> None:
        self.page = page
        self.refused: list[str] = []
        self.errors: list[str] = []
        page.route("**/*", self._route)
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.base_url = base_url

    def _route(self, route: Route) -> None:
        url = route.request.url
        if url.startswith(self.base_url + "/") or url.startswith("blob:"):
            route.continue_()
        else:
            self.refused.append(url)
            route.abort()

    def check(self) -> None:
        assert self.refused == [] and self.errors == []


def open_play(
    browser: Browser, base_url: str, query: str = "", width: int = 1280, until: str = SETTLED
) -> Offline:
    """The Play page at ``query``, once an element matches ``until`` (the engine has started
    and, for a link to a deal, dealt it)."""
    page = browser.new_page(
        viewport={"width": width, "height": 900}, accept_downloads=True, reduced_motion="reduce"
    )
    offline = Offline(page, base_url)
    page.goto(f"{base_url}/play/{query}")
    page.wait_for_selector(until, state="attached", timeout=START)
    return offline


@pytest.fixture(scope="module")
def table(browser: Browser, base_url: str) -> Iterator[Offline]:
    """One Play page, its engine started once, for the deals of every ruleset."""
    offline = open_play(browser, base_url, until=f"{ROOT}[data-state=ready]")
    page = offline.page
    yield offline
    offline.check()
    page.close()


def play_out(page: Page) -> int:
    """Lead the first card offered until the deal is over; how many leads that took."""
    leads = 0
    page.wait_for_selector(SETTLED, state="attached")
    while page.get_attribute(ROOT, "data-state") == "your-lead":
        offered = page.locator("button[data-card]:not([aria-disabled])")
        assert offered.count() >= 1
        offered.first.click()
        leads += 1
        page.wait_for_selector(SETTLED, state="attached")
    return leads


def settled(page: Page) -> list[int]:
    """What each seat won or lost, as the settlement table gives it, in the engine's order of
    seats (the table lists them from the dealer's left)."""
    rows = page.locator("[data-pj-settlement] tr").evaluate_all(
        "rows => rows.map(r => [Number(r.dataset.seat), Number(r.dataset.net)])"
    )
    return [net for _, net in sorted(rows)]


def show_more(page: Page) -> None:
    """Open the panel of the seat, the others' policy, the deal number and the options."""
    if page.get_attribute("[data-pj-more]", "open") is None:
        page.click("[data-pj-more] > summary")


def players_for(ruleset: Ruleset, wanted: int) -> int:
    """``wanted``, or the nearest count the ruleset allows."""
    players = ruleset.rules.players
    return min(max(wanted, players.min), players.max)


@pytest.mark.parametrize("wanted", [3, 8])
def test_a_whole_deal_is_played_under_every_ruleset(
    table: Offline, rulesets: dict[str, Ruleset], wanted: int
) -> None:
    page = table.page
    offered = page.locator("select[name=ruleset] option").evaluate_all(
        "options => options.map(o => o.value)"
    )
    assert sorted(offered) == sorted(rulesets)
    for ruleset_id, ruleset in sorted(rulesets.items()):
        players = players_for(ruleset, wanted)
        page.select_option("select[name=ruleset]", ruleset_id)
        page.select_option("select[name=players]", str(players))
        show_more(page)
        page.fill("input[name=seed]", str(wanted))
        page.click("button[data-action=deal]")
        play_out(page)
        assert page.get_attribute(ROOT, "data-state") == "over", ruleset_id
        nets = settled(page)
        assert len(nets) == players, ruleset_id
        result = json.loads(page.text_content("[data-pj-result]") or "")
        assert result["ruleset"] == ruleset_id and result["net"] == nets
    table.check()


@pytest.mark.parametrize(("width", "height"), [(1400, 900), (390, 844)])
def test_the_deal_button_is_on_the_first_screen_and_the_whole_hand_in_view_once_dealt(
    browser: Browser, base_url: str, width: int, height: int
) -> None:
    """Laid out for play: Deal within the first screen, the options folded; once dealt, the
    table and the whole hand in view, the hand pinned to the bottom of the screen as the page
    scrolls (Commit at three players: seventeen cards, the largest hand of any ruleset)."""
    page = browser.new_page(viewport={"width": width, "height": height}, reduced_motion="reduce")
    offline = Offline(page, base_url)
    page.goto(f"{base_url}/play/")
    page.wait_for_selector(f"{ROOT}[data-state=ready]", state="attached", timeout=START)
    deal = page.locator("button[data-action=deal]").bounding_box()
    assert deal is not None and deal["y"] + deal["height"] <= height
    assert page.get_attribute("[data-pj-more]", "open") is None
    page.select_option("select[name=ruleset]", "commit")
    page.select_option("select[name=players]", "3")
    page.click("button[data-action=deal]")
    page.wait_for_selector(SETTLED, state="attached")
    cards = page.locator("button[data-card]")
    assert cards.count() == 17
    for box in cards.evaluate_all("bs => bs.map(b => b.getBoundingClientRect().toJSON())"):
        assert box["top"] >= 0 and box["bottom"] <= height, box
    assert page.locator("[data-pj-turnup]").is_visible()
    page.mouse.wheel(0, 600)  # the hand stays in view as the page scrolls
    page.wait_for_timeout(200)
    hand = page.locator("[data-pj-hand]").bounding_box()
    assert hand is not None and hand["y"] + hand["height"] <= height
    seats = page.locator("[data-pj-seats] li").all_inner_texts()
    assert seats[0].startswith("Player 1") and seats[-1].startswith("Dealer")
    offline.check()
    page.close()


def lowest_offered(page: Page, compiled: CompiledRules) -> None:
    """Lead the lowest card offered, as the policy ``lowest`` would: by rank, then suit."""
    offered = page.locator("button[data-card]:not([aria-disabled])")
    cards = [parse_card(name) for name in attributes(offered, "data-card")]
    card = min(cards, key=lambda c: (compiled.rank_pos[c], suit_of(c)))
    page.click(f"button[data-card='{card_name(card)}']")


def test_a_whole_game_is_played_deal_by_deal_as_variants_game_plays_it(
    browser: Browser, base_url: str, rulesets: dict[str, Ruleset]
) -> None:
    """Peel's game at three players is three deals, the deal passing to the left and the board
    carried from deal to deal; the person leading as the others do (each the lowest card),
    the totals are those ``variants game`` gives for the same seed and policy."""
    offline = open_play(browser, base_url, "?ruleset=peel&players=3&policy=lowest&seed=5")
    page = offline.page
    compiled = compile_rules(rulesets["peel"].rules, 3)
    game = json.loads(
        run(["game", "peel", "--players", "3", "--seed", "5", "--policy", "lowest", "--json"]).out
    )
    boards: list[dict[str, int]] = []
    for number in range(3):
        page.wait_for_selector(SETTLED, state="attached")
        status = page.inner_text("[data-pj-status]")
        assert status.startswith(f"Deal {number + 1} of 3"), status
        while page.get_attribute(ROOT, "data-state") == "your-lead":
            lowest_offered(page, compiled)
            page.wait_for_selector(SETTLED, state="attached")
        assert settled(page) == game["deals"][number]["net"]
        result = json.loads(page.text_content("[data-pj-result]") or "")
        boards.append(result["board"])
        if number < 2:
            expect(page.locator("button[data-action=next]")).to_be_visible()
            page.click("button[data-action=next]")
    expect(page.locator("button[data-action=next]")).to_be_hidden()
    totals = page.locator("[data-pj-totals] tr").evaluate_all(
        "rows => rows.map(r => [Number(r.dataset.seat), Number(r.dataset.total)])"
    )
    assert [total for _, total in sorted(totals)] == game["totals"]
    assert boards[-1] == game["board"]
    assert "wins the game" in page.inner_text("[data-pj-winners]") or "share" in page.inner_text(
        "[data-pj-winners]"
    )
    offline.check()
    page.close()


def test_two_people_pass_the_screen_and_each_hand_is_hidden_until_its_holder_is_ready(
    browser: Browser, base_url: str
) -> None:
    """Pass and play: Player 1 and Player 2 at one screen. Before each of their leads the
    hand on the screen is hidden, until the one whose turn it is says he is ready; then his
    own hand, and only his, is shown."""
    query = "?ruleset=peel&players=4&policy=lowest&people=2&seed=3"
    offline = open_play(browser, base_url, query, until=f"{ROOT}[data-state=handover]")
    page = offline.page
    holders: list[str] = []
    settled = f"{ROOT}[data-state=handover], {ROOT}[data-state=your-lead], {ROOT}[data-state=over]"
    while (now := page.get_attribute(ROOT, "data-state")) != "over":
        if now == "handover":
            assert page.locator("button[data-card]").count() == 0
            assert page.locator("[data-pj-handbar]").is_hidden()
            ready = page.locator("button[data-action=ready]")
            who = ready.inner_text().removeprefix("I am ").removesuffix(": show my hand")
            ready.click()
            expect(page.locator("[data-pj-hand-title]")).to_have_text(f"{who}'s hand")
        else:  # the one whose hand is shown leads (again, when the turn comes back to him)
            holders.append(page.inner_text("[data-pj-hand-title]").removesuffix("'s hand"))
            page.locator("button[data-card]:not([aria-disabled])").first.click()
        page.wait_for_selector(settled, state="attached")
    assert {"Player 1", "Player 2"} <= set(holders)
    offline.check()
    page.close()


def test_the_table_comes_from_the_first_click_while_the_engine_is_still_starting(
    browser: Browser, base_url: str
) -> None:
    """The controls are there as the page opens, before the engine has started: a click on
    Deal shows the table at once, and the deal comes to it when the engine is ready."""
    page = browser.new_page(viewport={"width": 1280, "height": 900}, reduced_motion="reduce")
    offline = Offline(page, base_url)
    page.goto(f"{base_url}/play/")
    deal = page.locator("button[data-action=deal]")
    expect(deal).to_be_enabled(timeout=10_000)
    assert page.get_attribute(ROOT, "data-state") == "loading"
    assert "MB to fetch the first time" in page.inner_text("[data-pj-status]")
    deal.click()
    expect(page.locator("[data-pj-game]")).to_be_visible(timeout=2_000)
    page.wait_for_selector(SETTLED, state="attached", timeout=START)
    assert page.locator("button[data-card]").count() > 0
    offline.check()
    page.close()


def test_the_others_cards_are_laid_one_at_a_time_unless_the_person_asks_for_less_motion(
    browser: Browser, base_url: str
) -> None:
    """After the person's lead the others' cards come one at a time, each with its player,
    the person's cards waiting (with less motion asked for, as every other test here asks,
    they are all there at once); a compartment taken shows its counters going to its
    winner."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    offline = Offline(page, base_url)
    page.goto(f"{base_url}/play/?ruleset=peel&players=5&policy=lowest&seed=2")
    page.wait_for_selector(SETTLED, state="attached", timeout=START)
    laid = page.locator("[data-pj-laid] .pj-run__item")
    page.locator("button[data-card]:not([aria-disabled])").first.click()
    page.wait_for_function("document.querySelectorAll('[data-pj-laid] .pj-run__item').length >= 2")
    assert page.get_attribute(ROOT, "data-state") == "waiting"
    early = laid.count()
    page.wait_for_selector(SETTLED, state="attached", timeout=30_000)
    assert laid.count() > early
    seats = page.locator("[data-pj-laid] .pj-run__seat").all_inner_texts()
    assert all(re.fullmatch(r"Player \d|Dealer", seat) for seat in seats), seats
    # Player 2 took the Ace's counter in those plays: it is shown going to him.
    taken = page.locator("[data-pj-board] .pj-chips__item--taken")
    expect(taken).to_have_count(1)
    expect(taken).to_contain_text("Ace")
    expect(taken).to_contain_text("→ Player 2 +1")
    offline.check()
    page.close()


def test_a_game_left_is_taken_up_again_where_it_was_on_the_same_device(
    browser: Browser, base_url: str
) -> None:
    """A game in play is kept on the device: opened again, the page offers to take it up, and
    the table, the hand and what happened are as they were."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce")
    page = context.new_page()
    offline = Offline(page, base_url)
    page.goto(f"{base_url}/play/?ruleset=peel&players=3&policy=lowest&seed=5")
    page.wait_for_selector(SETTLED, state="attached", timeout=START)
    page.locator("button[data-card]:not([aria-disabled])").first.click()
    page.wait_for_selector(SETTLED, state="attached")
    before = (page.inner_text("[data-pj-hand]"), page.inner_text("[data-pj-lines]"))
    page.close()
    again = context.new_page()
    offline = Offline(again, base_url)
    again.goto(f"{base_url}/play/")
    resume = again.locator("button[data-action=resume]")
    expect(resume).to_be_visible(timeout=START)
    assert resume.inner_text() == "Take up your game of Peel"
    resume.click()
    again.wait_for_selector(SETTLED, state="attached")
    assert (again.inner_text("[data-pj-hand]"), again.inner_text("[data-pj-lines]")) == before
    offline.check()
    context.close()


def test_a_downloaded_deal_plays_under_variants_play_as_it_was_played(
    browser: Browser, base_url: str, tmp_path: Path
) -> None:
    offline = open_play(browser, base_url, "?ruleset=peel&players=4&place=2&policy=random&seed=8")
    page = offline.page
    assert page.input_value("select[name=ruleset]") == "peel"
    assert "Player 2 (you)" in page.inner_text("[data-pj-seats]")
    play_out(page)
    with page.expect_download() as download:
        page.click("[data-pj-download]")
    saved = tmp_path / "deal.yaml"
    download.value.save_as(saved)
    played = run(["play", str(saved), "--json"])
    assert played.status == 0, played.err
    cli = json.loads(played.out)
    assert cli == json.loads(page.text_content("[data-pj-result]") or "")
    assert settled(page) == cli["net"]
    assert run(["replay", str(saved)]).status == 0
    # The same link deals the same cards and, led alike, comes to the same end.
    again = open_play(browser, base_url, "?ruleset=peel&players=4&place=2&policy=random&seed=8")
    play_out(again.page)
    assert json.loads(again.page.text_content("[data-pj-result]") or "") == cli
    offline.check()
    again.check()
    again.page.close()
    page.close()


def test_cards_that_may_not_be_led_say_why_and_the_keyboard_plays(
    browser: Browser, base_url: str
) -> None:
    # Modern variations, seed 1, three players: the person, seat 1, holds thirteen cards and
    # may lead only the lowest of each suit: 2C, 7D, 7H and 5S (tests/test_interactive.py).
    query = "?ruleset=modern-variations&players=3&policy=advised&seed=1"
    offline = open_play(browser, base_url, query, 390, f"{ROOT}[data-state=your-lead]")
    page = offline.page
    enabled = page.locator("button[data-card]:not([aria-disabled])")
    assert enabled.evaluate_all("bs => bs.map(b => b.dataset.card)") == ["2C", "7D", "7H", "5S"]
    refused = page.locator("button[data-card='5C']")
    expect(refused).to_be_disabled()
    assert refused.get_attribute("title") == "Only the lowest club you hold may be led: 2C."
    refused.focus()
    expect(page.locator("[data-pj-hint]")).to_contain_text("may be led: 2C")
    page.locator("button[data-card='5S']").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(SETTLED, state="attached")
    expect(page.locator("[data-pj-lines]")).to_contain_text("Player 1 follows with 6♠.")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    offline.check()
    page.close()


def shown(value: float) -> str:
    """A figure as the page shows it: two decimals, a true minus sign."""
    text = f"{abs(value):.2f}"
    return f"\u2212{text}" if value < 0 else text


def test_a_trial_of_an_option_shows_the_figures_variants_simulate_gives(
    browser: Browser, base_url: str
) -> None:
    query = "?ruleset=peel&players=5&policy=random&seed=3&o.five_pool=five&try=2000"
    offline = open_play(browser, base_url, query, 390, "[data-pj-try-box][data-try-state=done]")
    page = offline.page
    simulated = run(
        [
            *("simulate", "peel", "--players", "5", "--deals", "2000", "--seed", "3"),
            *("--jobs", "1", "--policy", "random", "--json"),
        ]
    )
    cli = json.loads(simulated.out)
    rows = page.locator("[data-pj-try-figures] tr")
    elder = cli["net_by_position"][0]
    low, high = elder["ci95"]
    expect(rows.first).to_have_text(
        "Counters won by the elder hand, per deal"
        f"{shown(elder['mean'])} ({shown(low)} to {shown(high)})"
        + rows.first.locator("td").last.inner_text()
    )
    assert "Pope Joan won in play" in page.inner_text("[data-pj-try-figures]")
    assert "not on the board" not in page.inner_text("[data-pj-try-figures]")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    offline.check()
    page.close()


AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"

SERIOUS = """
() => axe.run(document, { resultTypes: ["violations"] }).then((result) =>
  result.violations
    .filter((v) => ["serious", "critical"].includes(v.impact) || v.id === "heading-order")
    .map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`)
)
"""
"""axe-core's serious and critical violations on the page as it stands, and skipped headings."""
SETTLED_HEADER = """
() => document.querySelector(".md-header__title").classList.contains("md-header__title--active")
  && !document.getAnimations().some((a) => a.playState === "running")
"""
"""The page has scrolled to the settlement, and the header's title has faded in (axe weighs a
half-faded text's contrast as is)."""


@pytest.fixture(scope="module")
def deal_at_phone_width(browser: Browser, base_url: str) -> dict[str, list[str]]:
    """One deal at 390 pixels wide, opened in the light palette: axe-core's findings in each
    palette (switched as its toggle switches it) while the person must lead, and again once
    the deal is over; the page's width; what it asked of other hosts, and its errors."""
    assert AXE.is_file(), "axe-core is not installed: run scripts/test, or 'npm ci'"
    page = browser.new_page(
        viewport={"width": 390, "height": 844}, color_scheme="light", reduced_motion="reduce"
    )
    offline = Offline(page, base_url)
    page.goto(f"{base_url}/play/?ruleset=peel&players=5&policy=advised&seed=4")
    page.wait_for_selector(f"{ROOT}[data-state=your-lead]", state="attached", timeout=START)
    page.add_script_tag(path=str(AXE))
    found: dict[str, list[str]] = {scheme: [] for scheme in SCHEMES}

    def check(when: str) -> None:
        for scheme in SCHEMES:
            switch_palette(page, scheme)
            found[scheme] += [f"{when}: {violation}" for violation in page.evaluate(SERIOUS)]

    check("in play")
    play_out(page)
    assert page.get_attribute(ROOT, "data-state") == "over"
    page.wait_for_function(SETTLED_HEADER)
    check("over")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    offline.check()
    page.close()
    return found


@pytest.mark.parametrize("scheme", list(SCHEMES))
def test_a_deal_in_play_and_over_passes_axe_at_phone_width(
    deal_at_phone_width: dict[str, list[str]], scheme: str
) -> None:
    """The page in use, not only as it loads: at 390 pixels wide in each palette, while the
    person must lead (cards offered and refused, the table drawn) and once the deal is over
    (the settlement and the advice beside each lead), axe-core finds nothing serious."""
    assert deal_at_phone_width[scheme] == []


def test_an_option_that_plays_readings_is_marked_and_leads_to_its_interpretation(
    table: Offline, rulesets: dict[str, Ruleset]
) -> None:
    """The options whose values are readings of a silent, unclear or lost passage say so
    beside their menu, linked to the interpretation on the ruleset's page."""
    page = table.page
    page.select_option("select[name=ruleset]", "peel")
    show_more(page)
    marks = page.locator("[data-pj-options] a.pj-reading")
    read = [o for o in rulesets["peel"].options if o.interpretation]
    assert read and marks.count() == len(read)
    assert attributes(marks, "href") == [
        f"../rulesets/peel/#interp-{o.interpretation}" for o in read
    ]
    assert marks.first.inner_text() == "a reading"
    table.check()
