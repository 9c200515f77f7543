"""Each step of a worked example and of the replay links to the rule it applies, on the
ruleset's page."""

from __future__ import annotations

import random
import re
from typing import get_args

from variants.engine.events import Announced, DealVoided, Event, Passed, PlayedApart
from variants.engine.game import play_game
from variants.engine.policies import make_policy
from variants.mechanics.in_lieu import StoodIn
from variants.mechanics.ruleset import Ruleset
from variants.site.exampledeals import deal_view, examples_for, replay_lines, replay_rules
from variants.site.examples import worked_examples
from variants.site.steprules import StepRule, page_rules, rule_applied, step_rule


def test_every_event_of_every_example_deal_links_to_a_rule_on_its_rulesets_page(
    rulesets: dict[str, Ruleset],
) -> None:
    """No broken link: every event of every shipped ruleset's example deals, and of a whole
    game of each, applies a rule the ruleset's page has."""
    kinds: set[type] = set()
    for ruleset in rulesets.values():
        anchors = page_rules(ruleset)
        for example in examples_for(ruleset):
            for event in example.events:
                kinds.add(_kind(event))
                anchor = rule_applied(event, example.rules)
                assert anchor in anchors, (ruleset.id, example.slug, event, anchor)
        game = play_game(ruleset.rules, 3, make_policy("lowest"), random.Random(1))
        for event in game.events:
            kinds.add(_kind(event))
            assert rule_applied(event, ruleset.rules) in anchors, (ruleset.id, event)
    # what no example deal or game above happens to show is told by the cases below, and a
    # turn passed (a mechanic's event, as each played-apart card is) by its mechanic's tests
    assert set(get_args(Event)) - kinds - {Passed} == {DealVoided}


def _kind(event: Event) -> type:
    """The event's kind in :data:`Event`: a mechanic's own event counts as its base."""
    for base in (PlayedApart, Announced):
        if isinstance(event, base):
            return base
    return type(event)


def test_a_deal_ended_by_its_turn_up_links_to_the_compartment_that_ends_it(
    rulesets: dict[str, Ruleset],
) -> None:
    cassell = rulesets["cassell"]
    rule = step_rule(DealVoided(card=0), cassell.rules, cassell)
    assert rule.anchor == "rule-compartment-pope"
    assert rule.anchor in page_rules(cassell)


def test_a_rule_only_an_option_adds_links_to_that_option(rulesets: dict[str, Ruleset]) -> None:
    """The page tells the default rules: the Pope played in place of a stop is Peel's option."""
    peel = rulesets["peel"]
    options = (("pope_in_lieu", "yes"),)
    rules = peel.rules_for(dict(options))
    event = StoodIn(seat=1, card=0, missing=1)
    assert rule_applied(event, rules) == "rule-in-lieu"
    assert "rule-in-lieu" not in page_rules(peel)
    rule = step_rule(event, rules, peel, options)
    assert rule.anchor == "option-pope_in_lieu"
    assert rule.title == "Pope Joan in place of a stop"


LEAD = StepRule("rule-lead", "Leading and running")
KING = StepRule("rule-stop-king", "Stop: the top card")
GOING_OUT = StepRule("rule-going-out", "Going out")


def test_the_steps_of_peels_walkthrough_link_to_the_rules_they_apply(
    rulesets: dict[str, Ruleset],
) -> None:
    walkthrough = examples_for(rulesets["peel"])[0]
    view = deal_view(walkthrough)
    runs = {line.run: line.rules for line in view.play if line.run is not None}
    assert runs[1] == (LEAD, KING)
    assert runs[2] == (LEAD, StepRule("rule-stop-removed", "Stop: a card taken out"))
    assert runs[3] == (LEAD, StepRule("rule-stop-unseen", "Stop: the unseen cards"))
    assert runs[4] == (
        LEAD,
        StepRule("rule-compartment-queen", "Queen (Q of trumps)"),
        StepRule("rule-compartment-king", "King (K of trumps)"),
        StepRule("rule-compartment-matrimony", "Matrimony (Q K of trumps)"),
        KING,
    )
    assert runs[8] == (LEAD, GOING_OUT)
    settlement = [(line.text, line.rules) for line in view.settlement]
    assert settlement[:3] == [
        (
            "Player 1 takes Game (4 counters).",
            (StepRule("rule-compartment-game", "Game (going out)"),),
        ),
        ("The dealer holds Pope Joan unplayed and pays nothing for its 5 cards.", (GOING_OUT,)),
        ("Player 2 pays Player 1 4 counters for 4 cards left.", (GOING_OUT,)),
    ]
    assert settlement[-1] == (
        "Ace keeps 1 counter for the next deal.",
        (StepRule("rule-board", "The board"),),
    )

    steps = list(zip(replay_lines(walkthrough), replay_rules(walkthrough), strict=True))
    assert steps[:6] == [
        ("The cards are dealt.", StepRule("rule-deal", "Dealing")),
        ("The turn-up is 7♥; hearts are trumps.", StepRule("rule-turn-up", "Turn-up")),
        (
            "Player 1 leads J♠ (works up to K♠, a known stop, so the lead comes back whoever "
            "holds the cards between).",
            LEAD,
        ),
        ("Player 4 follows with Q♠.", LEAD),
        ("Player 1 follows with K♠.", LEAD),
        ("K♠ is the top of its suit: Player 1 leads next.", KING),
    ]
    assert steps[-1] == ("The deal is over.", StepRule("settlement", "Settlement"))


def test_the_worked_examples_link_each_step_to_its_rule_on_the_rulesets_page(
    rulesets: dict[str, Ruleset],
) -> None:
    page = worked_examples(rulesets["peel"])
    first = page[page.index("Run 1</span>") :]
    first = first[: first.index("</li>")]
    assert re.sub(r"<span class=\"pj-card[^>]*>([^<]*)</span>", r"\1", first).endswith(
        '<span class="pj-steprule">Rules: '
        '<a href="../../rulesets/peel/#rule-lead">Leading and running</a> · '
        '<a href="../../rulesets/peel/#rule-stop-king">Stop: the top card</a></span>'
    )
    for ruleset in rulesets.values():
        anchors = page_rules(ruleset)
        linked = re.findall(
            rf'href="\.\./\.\./rulesets/{ruleset.id}/#([^"]+)"', worked_examples(ruleset)
        )
        assert linked
        assert set(linked) <= set(anchors), ruleset.id
