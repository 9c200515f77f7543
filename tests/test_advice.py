"""A source's play advice as data, and the one policy that follows any source's advice.

Each preference of the vocabulary is shown on a hand-made view of a Peel deal for three (seat 1
holds the hand, the turn-up lies on the table, ``elsewhere`` is held by seat 2, every other card
is unseen), with the lead it picks and the reason it gives. Peel's advice, written as data, is
held to the leads the engine made when that advice was code: the simulator's output, byte for
byte, against files written by that code.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import get_args

import pytest
from clirun import REPO, run
from test_bugs_pinned import PEEL_BOARD, seat_view
from test_hostile_rulesets import HAVE_SOURCES, SOURCES, ruleset_text

from variants.core.cards import parse_card
from variants.engine.policies import AdvicePolicy, make_policy
from variants.mechanics.ruleset import Advice, AdvicePreference, Preference
from variants.rules.advice import advice_beside
from variants.rules.lookup import find_ruleset
from variants.site import compare
from variants.site import describe as d
from variants.site.statistics.advice import advisers

GOLDEN = REPO / "tests" / "golden"


def follow(*preferences: AdvicePreference) -> AdvicePolicy:
    """A policy following these preferences, in this order."""
    return AdvicePolicy(Advice(tuple(Preference(p, ()) for p in preferences), ()), "test")


# Each preference alone: (preference, hand, turn-up, board changes, held by seat 2, lead, reason).
ALONE = [
    ("known-stop", ["KS", "5C", "9H"], "3H", {}, [], "KS", "{KS} is a known stop: a free discard"),
    (
        "safe-run",
        ["JS", "KS", "4C"],
        "3H",
        {},
        ["QS"],
        "JS",
        "works up to {KS}, a known stop, so the lead comes back whoever holds the cards between",
    ),
    (
        "chief-card",
        ["2C", "9D", "5S"],
        "3H",
        {},
        [],
        "9D",
        "leads {9D}, the card that wins Pope Joan",
    ),
    (
        "prize-nothing-leads-to",
        ["AH", "5S", "9C"],
        "3H",
        {},
        [],
        "AH",
        "leads {AH} at once: nothing can be played up to it, and it takes Ace (1 counter)",
    ),
    (
        "rich-compartment",
        ["QH", "5S", "9C"],
        "3H",
        {"matrimony": 6},
        ["KH"],
        "QH",
        "{QH} is led early as a card of Matrimony, with 6 counters on it",
    ),
    (
        "nothing-leads-to",
        ["AS", "AC", "5D", "9H"],
        "3H",
        {},
        [],
        "AC",
        "{AC} must be led or it will never be played: nothing leads up to it",
    ),
    (
        "lowest-of-longest-suit",
        ["4C", "9C", "QC", "2D", "6H"],
        "3S",
        {},
        [],
        "4C",
        "{4C} is the lowest card of the longest suit held",
    ),
    (
        "sequence",
        ["2C", "5D", "6D", "7D", "9S"],
        "3H",
        {},
        [],
        "5D",
        "starts a sequence held in hand, {5D} to {7D}",
    ),
    (
        "longest-run",
        ["2C", "3C", "9H", "10H", "JH"],
        "3S",
        {},
        [],
        "9H",
        "it starts the run that carries most of the hand",
    ),
]


def test_every_preference_is_shown() -> None:
    assert sorted(p for p, *_ in ALONE) == sorted(get_args(AdvicePreference))


@pytest.mark.parametrize(
    ("preference", "hand", "turn_up", "board", "elsewhere", "lead", "reason"),
    ALONE,
    ids=[p for p, *_ in ALONE],
)
def test_each_preference_picks_its_lead_and_says_why(
    preference: AdvicePreference,
    hand: list[str],
    turn_up: str,
    board: dict[str, int],
    elsewhere: list[str],
    lead: str,
    reason: str,
) -> None:
    view = seat_view(hand, turn_up, {**PEEL_BOARD, **board}, elsewhere=elsewhere)
    assert follow(preference).choose_lead(view, random.Random(0)) == (parse_card(lead), reason)


def test_a_tie_falls_to_the_next_preference() -> None:
    """Clubs and spades are both two long: their lowest cards, QC and 3S, tie for the longest
    suit. Alone, the tie goes to the lower card; with a sequence preferred next, QC is led, as it
    takes KC with it."""
    view = seat_view(["QC", "KC", "3S", "9S", "4H"], "3D", PEEL_BOARD)
    assert follow("lowest-of-longest-suit").choose_lead(view, random.Random(0)) == (
        parse_card("3S"),
        "{3S} is the lowest card of the longest suit held",
    )
    assert follow("lowest-of-longest-suit", "sequence").choose_lead(view, random.Random(0)) == (
        parse_card("QC"),
        "starts a sequence held in hand, {QC} to {KC}",
    )


def test_a_preference_that_applies_to_no_lead_is_passed_over() -> None:
    view = seat_view(["2C", "5D", "9S"], "3H", PEEL_BOARD)
    assert follow("chief-card", "known-stop").choose_lead(view, random.Random(0)) == (
        parse_card("2C"),
        "none of the advice applies: the lowest card held",
    )
    assert follow("chief-card", "known-stop", "sequence").choose_lead(view, random.Random(0)) == (
        parse_card("2C"),
        "none of the advice applies: the lowest card held",
    )


def test_the_longest_run_says_there_was_no_safe_lead_after_the_safe_runs() -> None:
    view = seat_view(["2C", "3C", "9H", "10H", "JH"], "3S", PEEL_BOARD)
    assert follow("safe-run", "longest-run").choose_lead(view, random.Random(0)) == (
        parse_card("9H"),
        "no safe lead: it starts the run that carries most of the hand",
    )


def test_peels_advice_is_read_from_its_ruleset() -> None:
    advice = find_ruleset("peel").rules.advice
    assert advice is not None
    assert [p.prefer for p in advice.preferences] == [
        "prize-nothing-leads-to",
        "safe-run",
        "rich-compartment",
        "nothing-leads-to",
        "longest-run",
    ]


def test_rules_without_advice_lead_the_lowest_card() -> None:
    foster = find_ruleset("foster")
    assert foster.rules.advice is None
    outcome = run(["game", "foster", "--players", "4", "--seed", "1", "--narrate"])
    assert outcome.status == 0, outcome.err
    assert "(the lowest card held: the rules give no advice)" in outcome.out


# --- Peel's advice as data gives the leads the code gave --------------------------------------

SIMULATIONS = [
    (["peel", "--players", "4", "--deals", "1500", "--seed", "3"], "peel-advised-deals.json"),
    (["peel", "--players", "5", "--games", "40", "--seed", "4"], "peel-advised-games.json"),
]


@pytest.mark.parametrize(("args", "golden"), SIMULATIONS, ids=[g for _, g in SIMULATIONS])
def test_peels_advice_as_data_simulates_byte_for_byte_as_the_code_did(
    args: list[str], golden: str
) -> None:
    outcome = run(["simulate", *args, "--policy", "advised", "--json", "--jobs", "1"])
    assert outcome.status == 0, outcome.err
    expected = (GOLDEN / golden).read_text(encoding="utf-8")
    assert _without_options(outcome.out) == _without_options(expected)


def _without_options(report: str) -> dict[str, object]:
    """A simulate report without its list of option values: Peel offers more options than it
    did when the golden file was made, all at their defaults, which leaves the play the same."""
    found: dict[str, object] = json.loads(report)
    found.pop("options", None)
    return found


def test_another_sources_advice_plays_under_any_rules() -> None:
    """``advice:peel`` under Foster's rules leads as the old ``advised`` policy did there."""
    args = ["--players", "4", "--deals", "800", "--seed", "9", "--json", "--jobs", "1"]
    outcome = run(["simulate", "foster", *args, "--policy", "advice:peel"])
    assert outcome.status == 0, outcome.err
    expected = (GOLDEN / "foster-peels-advice-deals.json").read_text(encoding="utf-8")
    assert outcome.out == expected.replace('"policy": "advised"', '"policy": "advice:peel"')


# --- policies by name, and what is refused -----------------------------------------------------


def test_advice_read_from_another_file_is_read_again_once_that_file_is_edited(
    tmp_path: Path,
) -> None:
    """A long-lived process (the site's server) sees an edit to the advice it follows."""
    path = tmp_path / "peel.yaml"
    text = (REPO / "rulesets" / "peel.yaml").read_text("utf-8")
    path.write_text(text, "utf-8")
    advice_of = advice_beside(str(tmp_path / "another.yaml"))
    before = [p.prefer for p in advice_of("peel").preferences]
    assert before[:2] == ["prize-nothing-leads-to", "safe-run"]
    path.write_text(text.replace("- prefer: safe-run", "- prefer: chief-card", 1), "utf-8")
    after = [p.prefer for p in advice_of("peel").preferences]
    assert after == ["prize-nothing-leads-to", "chief-card", *before[2:]]


def test_a_policy_named_for_a_ruleset_follows_that_rulesets_advice() -> None:
    policy = make_policy("advice:peel", advice_beside(str(REPO / "rulesets" / "foster.yaml")))
    assert policy.name == "advice:peel"
    view = seat_view(["AH", "5S", "9C"], "3H", PEEL_BOARD)
    assert policy.choose_lead(view, random.Random(0))[0] == parse_card("AH")


@pytest.mark.parametrize(
    ("policy", "message"),
    [
        ("advice:foster", "variants: ruleset 'foster' gives no play advice to follow"),
        ("advice:nobody", "variants: no ruleset 'nobody' to take advice from"),
        ("advice:../rulesets/peel", "variants: no ruleset '../rulesets/peel' to take advice from"),
        (
            "wise",
            "variants: no policy 'wise' (policies: lowest, random, advised, advice:<ruleset id>)",
        ),
    ],
)
def test_a_policy_with_no_advice_to_follow_is_one_line(policy: str, message: str) -> None:
    args = ["--players", "4", "--deals", "5", "--seed", "1", "--policy", policy]
    outcome = run(["simulate", "peel", *args])
    assert (outcome.status, outcome.out, outcome.err_lines) == (1, "", [message])


def test_a_deal_file_may_follow_another_sources_advice(tmp_path: Path) -> None:
    path = tmp_path / "deal.yaml"
    args = ["--players", "4", "--seed", "2", "--policy", "advice:peel", "--out", str(path)]
    dealt = run(["deal", "foster", *args])
    assert dealt.status == 0, dealt.err
    told = run(["replay", str(path), "--ascii"])
    assert told.status == 0, told.err
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("advice:peel", "advice:foster"), encoding="utf-8")
    refused = run(["replay", str(path)])
    line = text.splitlines().index("policy: advice:peel") + 1
    assert (refused.status, refused.err_lines) == (
        1,
        [f"variants: {path}:{line}: ruleset 'foster' gives no play advice to follow"],
    )


# --- the advice checked, and told ------------------------------------------------------------

ADVICE = """  advice:
    provenance:
      - {source: 000_919af007d8e82e04.txt, lines: "101-103", quote: the known stops}
    preferences:
      - prefer: safe-run
        provenance:
          - {source: 000_919af007d8e82e04.txt, lines: "101-103", quote: the known stops}
      - prefer: %s
        provenance:
          - {source: 000_919af007d8e82e04.txt, lines: "122-124", quote: can lead up to an ace}

options:
"""


@pytest.mark.parametrize(
    ("second", "line"),
    [
        (
            "cleverest",
            "135:17: 'cleverest' is not one of: known-stop, safe-run, chief-card, "
            "prize-nothing-leads-to, rich-compartment, nothing-leads-to, "
            "lowest-of-longest-suit, sequence, longest-run (at rules/advice/preferences/1/prefer)",
        ),
        (
            "safe-run",
            "135:17: the preference 'safe-run' is named twice "
            "(at rules/advice/preferences/1/prefer)",
        ),
    ],
    ids=["unknown", "twice"],
)
def test_a_bad_preference_is_one_line(second: str, line: str, tmp_path: Path) -> None:
    path = tmp_path / "advised.yaml"
    path.write_text(
        ruleset_text("advised", (("\noptions:\n", "\n" + ADVICE % second),)), encoding="utf-8"
    )
    args = ["validate", str(path)]
    if HAVE_SOURCES:
        args += ["--sources", str(SOURCES)]
    outcome = run(args, env={"VARIANTS_SOURCES": None})
    assert (outcome.status, outcome.out) == (1, "")
    assert outcome.err_lines == [f"{path}:{line}", "1 problem(s) in 1 of 1 file(s)"]


def test_the_ruleset_page_tells_the_advice_in_order() -> None:
    rules = find_ruleset("peel").rules
    told = d.advice_rules(rules)
    assert [rule.title for rule in told] == [
        "Play advice",
        "Advice 1: winning cards nothing leads up to",
        "Advice 2: known stops and the cards beneath them",
        "Advice 3: cards of a rich compartment",
        "Advice 4: cards nothing leads up to",
        "Advice 5: the longest run",
    ]
    assert told[0].text.startswith("The source advises what a player should lead.")
    assert told[3].text == (
        "A card of a compartment holding 5 counters or more, even ahead of lower cards of its "
        "suit; the richest first."
    )
    assert [rule.interpretation for rule in told] == [
        "advice-order",
        "advice-nothing-leads-to",
        None,
        "advice-rich-compartment",
        None,
        "advice-order",
    ]
    assert d.advice_rules(find_ruleset("foster").rules) == ()


def test_the_comparison_has_a_row_for_the_advice() -> None:
    rulesets = [find_ruleset("peel"), find_ruleset("foster")]
    row = next(r for r in compare.matrix(rulesets) if r.dimension.id == "advice")
    assert [cell.text for cell in row.cells] == [
        "winning cards nothing leads up to, then known stops and the cards beneath them, then "
        "cards of a rich compartment, then cards nothing leads up to, then the longest run",
        "none given",
    ]
    assert [cell.anchor for cell in row.cells] == ["rule-advice", "play"]


# --- every source that gives advice has its policy ---------------------------------------------

SOURCES_ADVICE = [
    # Hoyle: first the stops, then the Pope, then the lowest card of the longest suit,
    # particularly an ace.
    ("hoyle", ["KS", "9D", "2C", "5C", "8C"], "KS", "{KS} is a known stop: a free discard"),
    ("hoyle", ["9D", "2C", "5C", "8C", "4H"], "9D", "leads {9D}, the card that wins Pope Joan"),
    (
        "hoyle",
        ["AS", "2C", "5C", "8C", "4H"],
        "2C",
        "{2C} is the lowest card of the longest suit held",
    ),
    (
        "hoyle",
        ["AC", "5C", "2S", "9S", "4H"],
        "AC",
        "{AC} must be led or it will never be played: nothing leads up to it",
    ),
    # Squareman retells Hoyle's words, and is read as Hoyle is.
    (
        "squareman",
        ["AC", "5C", "2S", "9S", "4H"],
        "AC",
        "{AC} must be led or it will never be played: nothing leads up to it",
    ),
    # Cassell: a card that is one of a sequence.
    (
        "cassell",
        ["2C", "5D", "6D", "7D", "9S"],
        "5D",
        "starts a sequence held in hand, {5D} to {7D}",
    ),
    ("cassell", ["2C", "5D", "9S"], "2C", "none of the advice applies: the lowest card held"),
    # Hoffmann: a sequence or alternate sequence ending with a king (any known stop) is a very
    # strong lead, before the Pope; the Pope after the known stops; any other sequence, from its
    # lowest card, before the lowest card of the longest suit (013, lines 74-85).
    (
        "hoffmann",
        ["JS", "KS", "2H", "5C", "9D"],
        "JS",
        "works up to {KS}, a known stop, so the lead comes back whoever holds the cards between",
    ),
    ("hoffmann", ["9D", "5C", "6C", "7C", "4S"], "9D", "leads {9D}, the card that wins Pope Joan"),
    (
        "hoffmann",
        ["4C", "9C", "JC", "5D", "6D", "4S"],
        "5D",
        "starts a sequence held in hand, {5D} to {6D}",
    ),
    (
        "hoffmann",
        ["AS", "2C", "5C", "8C", "4H"],
        "2C",
        "{2C} is the lowest card of the longest suit held",
    ),
]


@pytest.mark.parametrize(("source", "hand", "lead", "reason"), SOURCES_ADVICE)
def test_each_sources_advice_leads_as_its_words_say(
    source: str, hand: list[str], lead: str, reason: str
) -> None:
    """Under Peel's rules (hearts trumps), each source's own advice."""
    policy = make_policy(f"advice:{source}", advice_beside(str(REPO / "rulesets" / "peel.yaml")))
    view = seat_view(hand, "3H", PEEL_BOARD)
    assert policy.choose_lead(view, random.Random(0)) == (parse_card(lead), reason)


def test_squareman_follows_hoyles_words() -> None:
    hoyle, squareman = find_ruleset("hoyle").rules.advice, find_ruleset("squareman").rules.advice
    assert hoyle is not None and squareman is not None
    assert [p.prefer for p in squareman.preferences] == [p.prefer for p in hoyle.preferences]
    args = ["peel", "--players", "5", "--deals", "300", "--seed", "2", "--json", "--jobs", "1"]
    one, other = (
        run(["simulate", *args, "--policy", f"advice:{s}"]) for s in ("hoyle", "squareman")
    )
    assert one.out.replace("advice:hoyle", "advice:squareman") == other.out


def test_the_statistics_play_each_distinct_advice_once() -> None:
    rulesets = [find_ruleset(r) for r in ("peel", "foster", "hoyle", "cassell", "squareman")]
    assert advisers(rulesets) == ("advice:peel", "advice:hoyle", "advice:cassell")


@pytest.mark.parametrize(
    ("source", "value", "hand", "lead"),
    [
        ("hoyle", "as-read", ["AS", "2C", "5C", "8C", "4H"], "2C"),
        ("hoyle", "ace-first", ["AS", "2C", "5C", "8C", "4H"], "AS"),
        ("hoyle", "working-up", ["JS", "KS", "2C"], "JS"),
        ("squareman", "any-suit", ["AS", "2C", "5C", "8C", "4H"], "AS"),
        ("hoffmann", "as-read", ["JS", "KS", "2H", "5C", "9D"], "JS"),
        ("hoffmann", "stops-alone", ["JS", "KS", "2H", "5C", "9D"], "KS"),
        ("hoffmann", "ace-first", ["AS", "2C", "5C", "8C", "4H"], "AS"),
    ],
)
def test_each_other_reading_of_the_advice_is_an_option(
    source: str, value: str, hand: list[str], lead: str
) -> None:
    advice = find_ruleset(source).rules_for({"advice": value}).advice
    view = seat_view(hand, "3H", PEEL_BOARD, elsewhere=["QS"])
    card, _ = AdvicePolicy(advice, "test").choose_lead(view, random.Random(0))
    assert card == parse_card(lead)
