"""The replay in a browser (Debian's Chromium via Playwright): stepping by the buttons, the
slider and the keyboard, deep links to a step, the table at a known step of Peel's worked
example checked against the engine's own data, one seat's view, the seats named as people name
them, the cards played so far, gains told from losses, each step's link to the rule it applies, the
controls kept in view on a phone and the focus kept when a button is disabled.

The fixtures (one build, one local server, one browser) are in conftest.py; the tests fail,
never skip, without Chromium at /usr/bin/chromium (``apt-get install chromium``). Screenshots
of the replay are taken with the others by test_site_browser.py, into
``test-artifacts/screenshots/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import attributes
from playwright.sync_api import Browser, BrowserContext, Page, expect
from sitetour import VIEWPORT

from variants.core.cards import card_glyph, parse_card
from variants.dealfile import read_deal_file
from variants.engine.events import Led, Stopped
from variants.mechanics.ruleset import Ruleset
from variants.site.exampledeals import (
    Example,
    examples_for,
    generated_example,
    replay_data,
)
from variants.telling.narrate import PEOPLE
from variants.telling.replaydata import replay_steps, step_line

REPO = Path(__file__).resolve().parent.parent
WALKTHROUGH = "/replay/peel/peel-walkthrough/"


@pytest.fixture(scope="module")
def walkthrough() -> Example:
    deal = read_deal_file(REPO / "examples" / "peel-walkthrough.yaml", REPO / "rulesets")
    return next(e for e in examples_for(deal.ruleset) if e.slug == "peel-walkthrough")


@pytest.fixture(scope="module")
def steps(walkthrough: Example) -> list[dict[str, Any]]:
    """The engine's own step-by-step table states for the walkthrough."""
    data = replay_steps(
        walkthrough.events, walkthrough.rules, walkthrough.compiled.ids, walkthrough.setup.dealer
    )
    return list(data["steps"])


@pytest.fixture(scope="module")
def desktop(browser: Browser) -> Iterator[BrowserContext]:
    """One browser context at desktop width, for a tab of each test's."""
    context = browser.new_context(viewport=VIEWPORT)
    yield context
    context.close()


@pytest.fixture
def replay(desktop: BrowserContext, base_url: str) -> Iterator[tuple[Page, list[str]]]:
    page = desktop.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.on(
        "requestfailed",
        lambda request: (
            None  # left in flight when the test moves to another page
            if request.failure == "net::ERR_ABORTED"
            else errors.append(f"request failed: {request.url}")
        ),
    )
    yield page, errors
    page.close()


def counter(page: Page) -> str:
    return page.inner_text("[data-pj-counter]")


def hand(page: Page, seat: int) -> list[str]:
    """The cards shown face up in a seat's hand, by their ASCII names."""
    cards = page.locator(f'[data-pj-seat="{seat}"] [data-pj-hand] .pj-pc[data-card]')
    return [str(value) for value in attributes(cards, "data-card")]


def test_steps_by_buttons_slider_and_keys(
    replay: tuple[Page, list[str]], base_url: str, steps: list[dict[str, Any]]
) -> None:
    page, errors = replay
    total = len(steps)
    page.goto(base_url + WALKTHROUGH)
    assert page.locator("[data-pj-replay]").is_visible()
    assert counter(page) == f"Step 1 of {total}"
    assert page.locator('[data-pj-go="prev"]').is_disabled()

    page.click('[data-pj-go="next"]')
    assert counter(page) == f"Step 2 of {total}"
    assert page.url.endswith("#step-2")
    page.click('[data-pj-go="next"]')
    page.click('[data-pj-go="prev"]')
    assert counter(page) == f"Step 2 of {total}"
    page.click('[data-pj-go="last"]')
    assert counter(page) == f"Step {total} of {total}"
    assert page.locator('[data-pj-go="next"]').is_disabled()
    page.click('[data-pj-go="first"]')
    assert counter(page) == f"Step 1 of {total}"

    page.locator("body").click(position={"x": 5, "y": 300})  # focus the page, not a control
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert counter(page) == f"Step 3 of {total}"
    page.keyboard.press("ArrowLeft")
    assert counter(page) == f"Step 2 of {total}"
    page.keyboard.press("End")
    assert counter(page) == f"Step {total} of {total}"
    assert page.url.endswith(f"#step-{total}")
    page.keyboard.press("Home")
    assert counter(page) == f"Step 1 of {total}"

    page.locator("[data-pj-slider]").evaluate(
        "el => { el.value = '10'; el.dispatchEvent(new Event('input')); }"
    )
    assert counter(page) == f"Step 10 of {total}"
    page.click('a[href="#step-25"]')
    # The link changes the address; the replay follows on the hashchange event, a moment later.
    expect(page.locator("[data-pj-counter]")).to_have_text(
        f"Step 25 of {total}", use_inner_text=True
    )
    assert errors == []


def test_a_deep_link_opens_its_step(
    replay: tuple[Page, list[str]],
    base_url: str,
    walkthrough: Example,
    steps: list[dict[str, Any]],
) -> None:
    page, errors = replay
    page.goto(base_url + WALKTHROUGH + "#step-17")
    assert counter(page) == f"Step 17 of {len(steps)}"
    assert page.locator("[data-pj-slider]").input_value() == "17"
    lines = [
        line
        for event in walkthrough.events
        if (line := step_line(event, walkthrough.rules, walkthrough.setup.dealer, 5, PEOPLE))
        is not None
    ]
    assert page.inner_text("[data-pj-line]") == f"17{lines[16]} Rule: Leading and running"
    step = steps[16]
    for seat in range(walkthrough.players):
        assert hand(page, seat) == step["hands"][seat]
    run = page.locator("[data-pj-run] .pj-pc")
    assert attributes(run, "data-card") == [play["card"] for play in step["run"]]
    for cid, amount in step["board"].items():
        shown = page.inner_text(f'[data-pj-compartment="{cid}"] [data-pj-count]')
        assert shown == str(amount), cid
    # The table is in view, not the step's line in the list below.
    box = page.locator("[data-pj-replay]").bounding_box()
    assert box is not None and box["y"] < 200
    assert errors == []


def test_each_step_links_to_the_rule_it_applies_on_the_rulesets_page(
    replay: tuple[Page, list[str]], base_url: str
) -> None:
    """The current step's line ends with a link to its rule, which follows the step; followed
    from the keyboard, it opens the ruleset's page at that rule."""
    page, errors = replay
    page.goto(base_url + WALKTHROUGH)
    rule = page.locator("[data-pj-line] .pj-steprule a")
    expect(rule).to_have_text("Dealing")
    assert rule.get_attribute("href") == "../../../rulesets/peel/#rule-deal"
    page.click('[data-pj-go="next"]')
    expect(rule).to_have_text("Turn-up")
    assert rule.get_attribute("href") == "../../../rulesets/peel/#rule-turn-up"
    page.locator("body").click(position={"x": 5, "y": 300})  # focus the page, not a control
    for _ in range(4):
        page.keyboard.press("ArrowRight")
    assert counter(page) == "Step 6 of " + counter(page).rsplit(" ", 1)[1]
    expect(page.locator("[data-pj-line]")).to_contain_text(
        "K♠ is the top of its suit: Player 1 leads next. Rule: Stop: the top card"
    )
    rule.focus()
    page.keyboard.press("Enter")
    page.wait_for_url("**/rulesets/peel/#rule-stop-king")
    target = page.locator("#rule-stop-king")
    expect(target).to_be_in_viewport()
    expect(target.locator(".pj-rule__title")).to_contain_text("Stop: the top card")
    assert errors == []


def test_after_the_first_run_the_elder_hand_has_led_its_spades(
    replay: tuple[Page, list[str]],
    base_url: str,
    walkthrough: Example,
    steps: list[dict[str, Any]],
) -> None:
    """Peel's elder hand leads J♠ up to its K♠: once the first run stops, neither is in its
    hand. The step and the expected hand come from the engine's own replay data."""
    elder = walkthrough.setup.elder
    kinds = [step["kind"] for step in steps]
    end_of_run_1 = kinds.index(Stopped.__name__)
    assert kinds.index(Led.__name__) < end_of_run_1
    expected = steps[end_of_run_1]["hands"][elder]
    assert "JS" in steps[0]["hands"][elder] and "KS" in steps[0]["hands"][elder]
    assert "JS" not in expected and "KS" not in expected

    page, errors = replay
    page.goto(f"{base_url}{WALKTHROUGH}#step-{end_of_run_1 + 1}")
    assert hand(page, elder) == expected
    text = page.inner_text(f'[data-pj-seat="{elder}"] [data-pj-hand]')
    assert "J♠" not in text and "K♠" not in text
    assert text.split() == [card_glyph(parse_card(c)) for c in expected]
    assert page.locator(f'[data-pj-seat="{elder}"] .pj-pc--red').count() == sum(
        c[-1] in "DH" for c in expected
    )
    page.click('[data-pj-go="first"]')
    assert hand(page, elder) == steps[0]["hands"][elder]
    assert errors == []


def test_one_seats_view_hides_the_other_hands(
    replay: tuple[Page, list[str]], base_url: str, steps: list[dict[str, Any]]
) -> None:
    page, errors = replay
    page.goto(base_url + WALKTHROUGH + "#step-10")
    step = steps[9]
    page.select_option("[data-pj-view]", "3")
    assert hand(page, 3) == step["hands"][3]
    for seat in (0, 1, 2, 4):
        assert hand(page, seat) == [], seat
        backs = page.locator(f'[data-pj-seat="{seat}"] .pj-backs')
        count = len(step["hands"][seat])
        assert backs.get_attribute("data-count") == str(count)
        assert backs.inner_text() == f"{count} cards"
    assert page.locator("[data-pj-spare] .pj-pc[data-card]").count() == 0  # unseen

    page.click('[data-pj-go="next"]')
    assert hand(page, 1) == []  # the view holds as the steps move
    page.select_option("[data-pj-view]", "all")
    for seat in range(5):
        assert hand(page, seat) == steps[10]["hands"][seat]
    assert errors == []


def test_the_reader_chooses_a_deal(replay: tuple[Page, list[str]], base_url: str) -> None:
    page, errors = replay
    page.goto(base_url + "/replay/")
    deals = page.locator(".pj-replay-list a").count()
    assert deals >= 13
    page.click('.pj-replay-list a[href="peel/five-players/"]')
    page.wait_for_load_state("load")  # the whole list of deals parsed, not only its first part
    assert page.url.endswith("/replay/peel/five-players/")
    assert counter(page).startswith("Step 1 of")
    options = page.locator("[data-pj-replay-pick] option")
    assert options.count() == deals
    with page.expect_navigation():
        page.select_option("[data-pj-replay-pick]", "../../foster/eight-players/")
    assert page.url.endswith("/replay/foster/eight-players/")
    assert page.locator("[data-pj-seat]").count() == 8
    assert errors == []


def test_seats_are_named_as_people_name_them(replay: tuple[Page, list[str]], base_url: str) -> None:
    """Peel's walkthrough is dealt by seat 0: it is "Dealer", the elder hand on its left is
    "Player 1", and the line and the run say the same."""
    page, errors = replay
    page.goto(base_url + WALKTHROUGH + "#step-3")
    heads = page.locator(".pj-rseat__head .pj-seat__who strong").all_inner_texts()
    assert heads == ["Dealer", "Player 1", "Player 2", "Player 3", "Player 4"]
    assert page.inner_text('[data-pj-seat="1"] .pj-seat__role') == "elder hand"
    assert page.inner_text("[data-pj-line]").startswith("3Player 1 leads J♠")
    assert page.locator("[data-pj-view] option").all_inner_texts()[:3] == [
        "All hands open",
        "Dealer's view",
        "Player 1's view (elder hand)",
    ]
    page.click('[data-pj-go="next"]')
    assert page.locator("[data-pj-run] .pj-run__seat").all_inner_texts() == [
        "Player 1",
        "Player 4",
    ]
    assert errors == []


def test_the_cards_played_so_far_are_shown_and_counted(
    replay: tuple[Page, list[str]], base_url: str, steps: list[dict[str, Any]]
) -> None:
    """At the first card of the second run, the run holds that card and the pile the first
    run's three cards (J♠ Q♠ K♠); the headings say what each counts."""
    page, errors = replay
    kinds = [step["kind"] for step in steps]
    second_lead = kinds.index(Led.__name__, kinds.index(Stopped.__name__))
    page.goto(f"{base_url}{WALKTHROUGH}#step-{second_lead + 1}")
    assert attributes(page.locator("[data-pj-pile] .pj-pc"), "data-card") == ["JS", "QS", "KS"]
    assert attributes(page.locator("[data-pj-run] .pj-pc"), "data-card") == ["5D"]
    assert page.inner_text("[data-pj-run-count]") == "· 1 card"
    assert page.inner_text("[data-pj-played]") == "· 3 cards (4 played in the deal so far)"
    page.click('[data-pj-go="first"]')
    assert page.inner_text("[data-pj-pile]") == "none yet"
    assert page.inner_text("[data-pj-run-count]") == ""
    assert errors == []


def test_gains_and_losses_differ_in_sign_and_shade(
    replay: tuple[Page, list[str]], base_url: str, steps: list[dict[str, Any]]
) -> None:
    """At the last step Player 1 has won 12 counters and the dealer lost 6: a plus and a minus
    sign, and two different backgrounds, each with words in its tooltip."""
    page, errors = replay
    page.goto(f"{base_url}{WALKTHROUGH}#step-{len(steps)}")
    up = page.locator('[data-pj-seat="1"] [data-pj-net]')
    down = page.locator('[data-pj-seat="0"] [data-pj-net]')
    assert up.inner_text() == "+12" and down.inner_text() == "\u22126"
    assert up.get_attribute("title") == "Up 12 counters so far"
    assert down.get_attribute("title") == "Down 6 counters so far"

    def background(found: Any) -> str:
        return str(found.evaluate("el => getComputedStyle(el).backgroundColor"))

    assert background(up) != background(down)
    assert errors == []


def test_the_step_buttons_say_what_they_do_and_keep_the_focus(
    replay: tuple[Page, list[str]], base_url: str, steps: list[dict[str, Any]]
) -> None:
    """The main button says "Next step" (it moves one step; nothing plays by itself). When it
    is disabled at the last step, the focus moves to the button before it, so the keyboard
    is not left on nothing; at the first step, Back hands the focus to Next."""
    page, errors = replay
    page.goto(f"{base_url}{WALKTHROUGH}#step-{len(steps) - 1}")
    button = page.locator('[data-pj-go="next"]')
    assert button.inner_text().strip() == "Next step"
    button.focus()
    page.keyboard.press("Enter")
    assert counter(page) == f"Step {len(steps)} of {len(steps)}"
    assert button.is_disabled()
    assert page.evaluate("document.activeElement.getAttribute('data-pj-go')") == "prev"
    page.goto(f"{base_url}{WALKTHROUGH}#step-2")
    page.reload()
    back = page.locator('[data-pj-go="prev"]')
    back.focus()
    page.keyboard.press("Enter")
    assert counter(page) == f"Step 1 of {len(steps)}"
    assert page.evaluate("document.activeElement.getAttribute('data-pj-go')") == "next"
    assert errors == []


def test_the_controls_stay_in_view_on_a_phone(browser: Browser, base_url: str) -> None:
    """Eight seats on a phone: with the last seat's hand scrolled into view, the Next button
    and the step's line are still on the screen, and still work."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        page.goto(base_url + "/replay/foster/eight-players/#step-5")
        page.locator('[data-pj-seat="7"]').scroll_into_view_if_needed()
        last = page.locator('[data-pj-seat="7"]').bounding_box()
        assert last is not None and last["y"] > 300  # the page has scrolled a long way
        for control in ('[data-pj-go="next"]', "[data-pj-line]"):
            box = page.locator(control).bounding_box()
            assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844, control
        page.click('[data-pj-go="next"]')
        assert counter(page).startswith("Step 6 of")
    finally:
        page.close()


def test_a_showing_deal_marks_its_face_up_cards_and_opens_each_hand_shown(
    replay: tuple[Page, list[str]], base_url: str, rulesets: dict[str, Ruleset]
) -> None:
    """Foster's Matrimony, five players, seed 1 (seat 4 deals, so seat 0 is Player 1): one
    card down and one up to each seat. In seat 1's view the other hands show their face-up
    card, marked in words, and one card face down; a hand once shown is open to every view."""
    page, errors = replay
    example = generated_example(rulesets["matrimony-foster"], 5)
    _, lines = replay_data(example)
    page.goto(base_url + "/replay/matrimony-foster/five-players/")
    expect(page.locator(".pj-replay__box--run h2")).to_contain_text("Hands shown")
    page.select_option("[data-pj-view]", "1")
    face_up = ["9D", "AC", "6S", "6D", "JS"]
    for seat, up in enumerate(face_up):
        marked = page.locator(f'[data-pj-seat="{seat}"] .pj-pc--up')
        assert attributes(marked, "data-card") == [up], seat
        assert page.locator(f'[data-pj-seat="{seat}"] .pj-up').inner_text() == "face up"
        if seat != 1:
            assert hand(page, seat) == [up]
            backs = page.locator(f'[data-pj-seat="{seat}"] .pj-backs')
            assert backs.inner_text() == "1 card face down"
    shown = next(i for i, line in enumerate(lines) if line.startswith("Player 1 shows")) + 1
    page.goto(base_url + f"/replay/matrimony-foster/five-players/#step-{shown}")
    page.select_option("[data-pj-view]", "1")
    assert len(hand(page, 0)) == 2  # shown, so open in seat 1's view
    assert hand(page, 2) == ["6S"]  # not shown yet
    assert page.locator("[data-pj-run] .pj-run__play").count() == 1
    assert errors == []


def test_the_board_the_hands_and_the_controls_are_in_view_together(
    browser: Browser, base_url: str
) -> None:
    """Eight seats at 1400 by 900: after a click on Next, the step buttons, the step's line, the
    board and every seat's hand are all on the screen at once, below the site's header. On a
    phone, scrolled down to the last hand, the sticky controls sit at or below the header."""
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    try:
        page.goto(base_url + "/replay/foster/eight-players/")
        page.click('[data-pj-go="next"]')
        assert counter(page).startswith("Step 2 of")
        header = page.locator(".md-header").bounding_box()
        assert header is not None
        shown = ['[data-pj-go="next"]', "[data-pj-line]", ".pj-replay__box--board"]
        shown += [f'[data-pj-seat="{seat}"]' for seat in range(8)]
        for part in shown:
            box = page.locator(part).bounding_box()
            assert box is not None, part
            assert box["y"] >= header["y"] + header["height"] - 1, part
            assert box["y"] + box["height"] <= 900, part
        page.set_viewport_size({"width": 390, "height": 844})
        page.locator('[data-pj-seat="7"]').scroll_into_view_if_needed()
        page.wait_for_timeout(100)
        header = page.locator(".md-header").bounding_box()
        bar = page.locator("[data-pj-sticky]").bounding_box()
        assert header is not None and bar is not None
        assert page.evaluate("window.scrollY") > 600
        assert bar["y"] >= header["y"] + header["height"] - 1
    finally:
        page.close()
