"""Deal files with one mistake each: ``variants play`` refuses them in one line naming the line.

Each file in ``tests/bad_deals/`` is a small deal file, named after its mistake, with a comment
on top saying what is wrong. ``CASES`` below holds, for each, the line of the file a person fixing
it would want to be sent to and the exact message. The contract: exit status 1, nothing on
standard output, and exactly one line on standard error, ``variants: FILE:LINE: message``, with
no traceback. Where the line given is less precise than the one expected, the case carries the
reason and its line test is marked ``xfail(strict=True)``.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from clirun import REPO, Outcome, run

BAD = REPO / "tests" / "bad_deals"

PEEL_OPTIONS = (
    "five_pool, dressing, first_dealer, shared_pairs, pope_turn_up, pope_turn_up_limit, "
    "pope_joan_wins, pope_bonus, limited_stops, looking_at_spare, pope_in_lieu"
)
PEEL_BOARD = "pope, matrimony, intrigue, ace, king, queen, jack, game"
KNOWN = (
    "cassell, comete, commit, foster, hoffmann, hoyle, matrimony-britannica, matrimony-cassell, "
    "matrimony-enquire, matrimony-foster, modern-shedding, modern-variations, newmarket, "
    "peel, poch, pochen, queen-nazareen, spin, spinado, squareman, stops"
)
KEYS = (
    "title, notes, ruleset, options, dealer, banker, hands, spare, turn_up, face_up, pool, "
    "board, leads, policy, staking, stakes, bets, seed"
)
STAKED = "best, matrimony, intrigue, confederacy, pair"


@dataclass(frozen=True)
class Case:
    name: str
    line: int
    message: str
    bug: str | None = None
    """Why the line or message printed is not the expected one yet (the line test is xfail)."""

    @property
    def path(self) -> str:
        return f"tests/bad_deals/{self.name}.yaml"

    @property
    def expected(self) -> str:
        return f"variants: {self.path}:{self.line}: {self.message}"


CASES: tuple[Case, ...] = (
    Case("missing-card", 4, "missing from the deal: QC"),
    Case("duplicated-card", 7, "AC is dealt twice"),
    Case("wrong-hand-count", 6, "seat 1 holds 11 cards; the deal gives it 12"),
    Case(
        "removed-card",
        5,
        "8D is removed from the pack under these rules",
    ),
    Case(
        "unknown-ruleset",
        2,
        f"no ruleset 'pele' (known: {KNOWN})",
    ),
    Case(
        "unknown-option",
        3,
        f"ruleset 'peel' has no option 'pope_limit' (options: {PEEL_OPTIONS})",
    ),
    Case(
        "bad-option-value",
        4,
        "option 'pope_turn_up_limit' has no value '5' (allowed: none, 4, 6)",
    ),
    Case("unknown-compartment", 12, f"no compartment 'marriage' (board: {PEEL_BOARD})"),
    Case("lead-not-held", 12, "lead 2: seat 1 cannot lead 2H: it does not hold it"),
    Case(
        "lead-not-lowest-in-suit",
        11,
        "lead 1: seat 1 cannot lead 9S: the rule play.lead (lowest-in-suit) requires the "
        "lowest spade held, 2S",
    ),
    Case(
        "broken-yaml",
        10,
        "YAML syntax error: the list [ opened here is not closed "
        "(on line 11: expected ',' or ']', but got '<stream end>')",
    ),
    Case("turn-up-in-hand", 10, "the turn-up 2H lies on the table, in no hand"),
    Case("too-many-hands", 4, "9 hands given; peel is for 3 to 8 players"),
    Case("unknown-key", 10, f"unknown key 'leed' (allowed: {KEYS})"),
    Case("dealer-not-a-seat", 3, "dealer must be a seat from 0 to 2"),
    Case("lead-after-the-end", 16, "lead 6: the deal is over by then: seat 1 went out on lead 5"),
    Case(
        "lead-after-a-void-deal",
        11,
        "lead 1: the deal is over by then: the turn-up ended it unplayed",
    ),
    Case(
        "ruleset-a-path",
        3,
        f"ruleset must be a ruleset id, not a path (known: {KNOWN})",
    ),
    Case("policy-a-list", 11, "policy must be one of lowest, random, advised, not a list"),
    Case(
        "face-up-missing",
        2,
        "missing key 'face_up': the card dealt face up to each seat, one per seat",
    ),
    Case("face-up-not-a-list", 12, "face_up must be a list of cards, not text"),
    Case("face-up-too-few", 12, "face_up names 4 cards; there is one for each of 5 seats"),
    Case("face-up-not-in-hand", 12, "the face-up QS is not in seat 2's hand"),
    Case("face-up-without-down-and-up", 11, "these rules deal no card face up"),
    Case(
        "stakes-not-a-list",
        13,
        "stakes must be a list of [seat, compartment, counters], not a mapping",
    ),
    Case("stakes-item-too-short", 17, "a stake is [seat, compartment, counters], not a list of 2"),
    Case("stakes-seat-not-a-seat", 19, "a stake's seat must be a seat from 0 to 4"),
    Case("stakes-unknown-compartment", 14, f"no staked compartment 'marriage' (stakes: {STAKED})"),
    Case(
        "stakes-compartment-a-number",
        14,
        "a stake's compartment must be a compartment id, not a number",
    ),
    Case("stakes-no-counters", 17, "a stake's counters must be a whole number from 1 to 1000"),
    Case("stakes-given-twice", 16, "seat 2's stake on best is given twice"),
    Case("stakes-too-few", 15, "seat 2 lays 3 counters; the rules have each other player lay 4"),
    Case("stakes-compartment-uncovered", 13, "Intrigue holds 0 counters; it must hold at least 1"),
    Case("stakes-and-staking", 13, "give the stakes laid or the staking that lays them, not both"),
    Case("staking-unknown", 13, "staking must be one of even, random, not 'fancy'"),
    Case(
        "stakes-rules-fix-them",
        10,
        "these rules fix every stake: stakes are given only where players choose",
    ),
    Case(
        "pool-missing", 2, "missing key 'pool': the pool cards drawn for the deal, in board order"
    ),
    Case("pool-out-of-place", 13, "the pool card in place 2 must be a king, not QD"),
    Case("pool-one-suit-twice", 13, "the pool cards QD and JD are of one suit: each is of its own"),
    Case("pool-not-drawn", 12, "these rules draw no pool cards"),
    Case("pool-card-dealt", 7, "KD is removed from the pack under these rules"),
)


def play(path: str) -> Outcome:
    return run(["play", path, "--json"], env={"VARIANTS_RULESETS": None})


def test_every_bad_deal_has_a_case() -> None:
    files = sorted(p.stem for p in BAD.glob("*.yaml"))
    assert files == sorted(case.name for case in CASES)


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_refused_in_one_line(case: Case) -> None:
    """Status 1, stdout empty, one ``variants: FILE:LINE: ...`` line, no traceback."""
    done = play(case.path)
    assert done.status == 1
    assert done.out == ""
    assert len(done.err_lines) == 1, done.err
    assert done.err_lines[0].startswith(f"variants: {case.path}:")


@pytest.mark.parametrize(
    "case",
    [
        pytest.param(
            case,
            id=case.name,
            marks=[pytest.mark.xfail(strict=True, reason=case.bug)] if case.bug else [],
        )
        for case in CASES
    ],
)
def test_line_and_message(case: Case) -> None:
    done = play(case.path)
    assert done.err.rstrip("\n") == case.expected
