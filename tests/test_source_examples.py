"""The sources' own worked examples, replayed: every entry of the catalogue
(``sources/examples.yaml``) is checked twice. Its quote must be at the lines it cites, as the
validator checks a ruleset's quotes; and the engine must do what the text says happens, read from
the deal's event log, the deal plan or the compiled rules. An entry whose ``differs`` says why the
engine does not do it is expected to fail, strictly, so that the day it is put right the test
says so."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from texts import SOURCES

from variants.core.cards import card_name, parse_card
from variants.core.saferead import read_text_lines
from variants.dealfile import play_deal_file, read_deal_file
from variants.engine.compiled import REMOVED, TABLE, compile_rules
from variants.engine.deal import places
from variants.engine.events import (
    CompartmentWon,
    Event,
    Led,
    Paid,
    Played,
    Stopped,
    WentOut,
)
from variants.mechanics.card import WON as BY_CARD
from variants.mechanics.in_lieu import StoodIn
from variants.mechanics.with_another import PlayedWith
from variants.rules.bibliography import read_bibliography
from variants.rules.checks import _fold
from variants.rules.dealplan import SPARE, plan_deal
from variants.rules.loader import load_rulesets, ruleset_schema
from variants.site.pages import SiteData, navigation, page_makers, with_added_pages
from variants.site.sourceexamples import PAGE, TITLE, SourceExample, read_catalogue

REPO = Path(__file__).resolve().parent.parent
CATALOGUE = read_catalogue(REPO / "sources")
RULESETS = load_rulesets(REPO / "rulesets")


def events_of(example: SourceExample) -> list[Event]:
    assert example.deal is not None
    deal = read_deal_file(REPO / example.deal, REPO / "rulesets")
    assert deal.ruleset.id == example.ruleset
    return list(play_deal_file(deal).events)


def stops(events: list[Event]) -> list[tuple[int, str, str, str | None]]:
    """Each stop as (seat, card, cause, the card that could not follow)."""
    return [
        (e.seat, card_name(e.card), e.cause, None if e.missing is None else card_name(e.missing))
        for e in events
        if isinstance(e, Stopped)
    ]


def leader_after(events: list[Event], card: str) -> int:
    """The seat that leads next after the run that stopped on ``card``."""
    index = next(
        i for i, e in enumerate(events) if isinstance(e, Stopped) and e.card == parse_card(card)
    )
    return next(e.seat for e in events[index:] if isinstance(e, Led))


def won(events: list[Event]) -> list[tuple[str, int]]:
    return [(e.compartment, e.seat) for e in events if isinstance(e, CompartmentWon)]


# --------------------------------------------------------------------------------------------
# What each text says happens


def peel_walkthrough(example: SourceExample) -> None:
    events = events_of(example)
    found = stops(events)
    assert (3, "3C", "unseen", "4C") in found  # the four of clubs in the spare hand
    assert (3, "10S", "played", "JS") in found  # the ten, the knave to king being out
    assert (1, "QC", "unseen", "KC") in found  # the king of clubs in the spare hand
    assert ("matrimony", 3) in won(events)  # the player of the three takes Matrimony
    out = [e for e in events if isinstance(e, WentOut)]
    assert [(e.seat, e.card) for e in out] == [(1, parse_card("4H"))]  # out with the four


def peel_surplus_to_spare(example: SourceExample) -> None:
    rules = RULESETS[example.ruleset].rules
    for players, each, spare in ((5, 8, 10), (8, 5, 10)):
        plan = plan_deal(rules, players)
        assert plan.hand_sizes() == (each,) * players
        assert sum(1 for p in plan.positions if p == SPARE) == spare
        assert plan.turn_up_index is not None


def peel_six_known_stops(example: SourceExample) -> None:
    compiled = compile_rules(RULESETS[example.ruleset].rules, 5)
    turn_up = parse_card("7H")  # the walkthrough's turn-up; any will do
    where = places(compiled, [[]] * 5, turn_up)
    known = [
        card
        for card in compiled.pack
        if card != turn_up
        and (compiled.succ[card] < 0 or where[compiled.succ[card]] in (REMOVED, TABLE))
    ]
    assert sorted(known) == sorted(map(parse_card, ["7D", "KC", "KD", "KH", "KS", "6H"]))


def peel_pope_in_lieu(example: SourceExample) -> None:
    events = events_of(example)
    c = parse_card
    nine = events.index(Played(2, c("9S")))  # the nine of spades, the ten being unseen
    assert events[nine + 1] == StoodIn(1, c("9D"), c("10S"))  # the Pope in place of the ten
    assert events[nine + 2] == CompartmentWon("pope", 1, 6, BY_CARD)  # his winnings first
    assert Played(1, c("JS")) in events[nine + 3 :]  # then on with his knave
    between = events[nine + 3 : events.index(Played(1, c("JS")))]
    assert not any(isinstance(e, Played | Led) for e in between)


def spin_seven_and_spin(example: SourceExample) -> None:
    events = events_of(example)
    c = parse_card
    seven = events.index(PlayedWith(2, c("7C"), c("AD")))  # "seven and Spin", together
    assert events[seven - 2 : seven] == [Played(1, c("6C")), Played(2, c("AD"))]
    spin = [e for e in events[seven + 1 :] if isinstance(e, Paid)][:2]
    assert sorted((e.payer, e.payee, e.amount) for e in spin) == [(0, 2, 3), (1, 2, 3)]
    assert next(e for e in events[seven:] if isinstance(e, Led)).seat == 2  # the seven stops


def newmarket_king_wins_the_ace(example: SourceExample) -> None:
    events = events_of(example)
    winners = {e.compartment: e for e in events if isinstance(e, CompartmentWon)}
    played_by = {e.card: e.seat for e in events if isinstance(e, Played | Led)}
    for compartment, card in (("jack", "10D"), ("king", "QC"), ("queen", "JH"), ("ace", "KS")):
        assert winners[compartment].seat == played_by[parse_card(card)], compartment
        assert card in [k for _, k, _, _ in stops(events)]


def hoyle_ten_of_spades(example: SourceExample) -> None:
    events = events_of(example)
    found = stops(events)
    assert (3, "9S", "turn-up", "10S") in found
    assert (1, "7D", "removed", "8D") in found
    assert all(cause == "king" for _, card, cause, _ in found if card.startswith("K"))


def hoyle_eight_of_clubs(example: SourceExample) -> None:
    events = events_of(example)
    assert (0, "7C", "played", "8C") in stops(events)
    eight = next(e for e in events if isinstance(e, Led) and e.card == parse_card("8C"))
    assert eight.seat == 1  # laid down from another hand than the seven's


def hoffmann_three_of_diamonds(example: SourceExample) -> None:
    events = events_of(example)
    c = parse_card
    run = [(e.seat, e.card) for e in events if isinstance(e, Played | Led)][:5]
    assert run == [(1, c("3D")), (2, c("4D")), (3, c("5D")), (4, c("6D")), (5, c("7D"))]
    assert (5, "7D", "removed", "8D") in stops(events)
    assert leader_after(events, "7D") == 5


def hoffmann_extra_hand_stops(example: SourceExample) -> None:
    found = {
        (card, missing)
        for _, card, cause, missing in stops(events_of(example))
        if cause == "unseen"
    }
    for card, missing in (
        ("AS", "2S"),
        ("4S", "5S"),
        ("8S", "9S"),
        ("5H", "6H"),
        ("9H", "10H"),
        ("10D", "JD"),
        ("QC", "KC"),
    ):
        assert (card, missing) in found


def hoffmann_two_becomes_a_stop(example: SourceExample) -> None:
    assert (0, "2D", "played", "3D") in stops(events_of(example))


def squareman_two_of_diamonds(example: SourceExample) -> None:
    events = events_of(example)
    c = parse_card
    run = [(e.seat, e.card) for e in events if isinstance(e, Played | Led)][:6]
    assert run[:3] == [(1, c("2D")), (2, c("3D")), (3, c("4D"))]
    assert (0, "7D", "removed", "8D") in stops(events)
    assert leader_after(events, "7D") == 0


FOSTER_TABLE = {3: (15, 7), 4: (12, 4), 5: (9, 7), 6: (8, 4), 7: (7, 3), 8: (6, 4)}
"""Foster's table: players, cards each, cards left in the stock."""


def foster_cards_per_player(example: SourceExample) -> None:
    rules = RULESETS[example.ruleset].rules
    for players, (each, stock) in FOSTER_TABLE.items():
        plan = plan_deal(rules, players)
        assert plan.hand_sizes() == (each,) * players, players
        assert sum(1 for p in plan.positions if p == SPARE) == stock, players


def matrimony_twelve_and_eleven(example: SourceExample) -> None:
    compiled = compile_rules(RULESETS[example.ruleset].rules, 5)
    paid = [0] * 5
    for seat, _, counters in compiled.dressing(dealer=0, banker=0):
        paid[seat] += counters
    assert all(paid[0] == other + 1 for other in paid[1:]), paid


def stops_spin_ten_and_ace(example: SourceExample) -> None:
    events = events_of(example)
    c = parse_card
    ten = events.index(PlayedWith(2, c("10S"), c("AD")))  # the Ten and Spin, together
    assert events[ten - 2 : ten] == [Played(0, c("9S")), Played(2, c("AD"))]
    assert not any(isinstance(e, Paid) and e.payee == 2 for e in events[: ten + 3])  # no payment
    lead = next(e for e in events[ten:] if isinstance(e, Led))
    assert (lead.seat, lead.card) == (2, c("AH"))  # a pool card, the lowest of its suit
    assert ("ace", 2) in won(events)


CHECKS: dict[str, Callable[[SourceExample], None]] = {
    "peel-walkthrough": peel_walkthrough,
    "peel-surplus-to-spare": peel_surplus_to_spare,
    "peel-six-known-stops": peel_six_known_stops,
    "peel-pope-in-lieu": peel_pope_in_lieu,
    "spin-seven-and-spin": spin_seven_and_spin,
    "newmarket-king-wins-the-ace": newmarket_king_wins_the_ace,
    "hoyle-ten-of-spades-turned-up": hoyle_ten_of_spades,
    "hoyle-eight-of-clubs-laid-down": hoyle_eight_of_clubs,
    "hoffmann-three-of-diamonds": hoffmann_three_of_diamonds,
    "hoffmann-extra-hand-stops": hoffmann_extra_hand_stops,
    "hoffmann-two-becomes-a-stop": hoffmann_two_becomes_a_stop,
    "squareman-two-of-diamonds": squareman_two_of_diamonds,
    "foster-cards-per-player": foster_cards_per_player,
    "foster-cards-per-player-matrimony-page": foster_cards_per_player,
    "foster-cards-per-player-1914": foster_cards_per_player,
    "matrimony-twelve-and-eleven": matrimony_twelve_and_eleven,
    "stops-spin-ten-and-ace": stops_spin_ten_and_ace,
}


def params() -> list[object]:
    return [
        pytest.param(
            e,
            id=e.id,
            marks=[pytest.mark.xfail(strict=True, reason=e.differs)] if e.differs else [],
        )
        for e in CATALOGUE
    ]


def test_every_example_in_the_catalogue_has_a_check_and_every_check_an_example() -> None:
    assert sorted(CHECKS) == sorted(e.id for e in CATALOGUE)


@pytest.mark.parametrize("example", [e for e in CATALOGUE], ids=lambda e: e.id)
def test_the_example_cites_words_that_are_at_its_lines(example: SourceExample) -> None:
    path = SOURCES / example.citation.source
    if not path.is_file():
        pytest.skip(f"{example.citation.source} is not among the texts here")
    lines = read_text_lines(path)
    c = example.citation
    assert c.last_line <= len(lines)
    assert c.quote is not None
    assert _fold(c.quote) in _fold(" ".join(lines[c.first_line - 1 : c.last_line]))
    assert example.ruleset in RULESETS
    assert example.deal is None or (REPO / example.deal).is_file()


@pytest.mark.parametrize("example", params())
def test_the_engine_does_what_the_text_says(example: SourceExample) -> None:
    CHECKS[example.id](example)


# --------------------------------------------------------------------------------------------
# The site's page


def site_page() -> tuple[list[dict[str, object]], str]:
    site = with_added_pages(
        SiteData.create(
            RULESETS, ruleset_schema(), bibliography=read_bibliography(REPO / "sources")
        )
    )
    return navigation(site), page_makers(site)[PAGE]()


def test_the_site_lists_every_example_of_the_sources_beside_the_worked_examples() -> None:
    nav, page = site_page()
    examples = next(entry["Examples"] for entry in nav if "Examples" in entry)
    assert {TITLE: PAGE} in examples  # type: ignore[operator]
    for example in CATALOGUE:
        assert f'id="{example.id}"' in page or f"{{#{example.id}}}" in page
    # the passage is shown from the kept copy, escaped, and linked to its lines
    assert "we will take an imaginary hand" in page
    assert "sources/peel-1891-pp80-96/#L94" in page
    # a deal of the site's examples links to its replay; Foster's 1914 text is shown too
    assert "replay/hoyle/hoyle-ten-of-spades-turned-up/" in page
    assert "sources/foster-1914-odd-games/#L" in page
