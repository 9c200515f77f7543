"""The turn passing to the left (:mod:`variants.mechanics.passing`): Commit's "Without the
Jack", added to the trimmed Peel rules of ``tests/valid/base.yaml``. The same cards fall as
without it; who passes, for want of which card, is told. The hand-worked deal is
``tests/mechanics/passing.yaml``."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from variants.core.cards import parse_card
from variants.dealfile import DealFile, play_deal_file, read_deal_file
from variants.engine.events import Event, Passed
from variants.engine.play import DealResult, play_deal
from variants.engine.policies import make_policy
from variants.mechanics.passing import PassedWithout, _in_runs, summary
from variants.mechanics.ruleset import Rules
from variants.site.describe.play import play_rules
from variants.site.describe.records import Rule
from variants.site.steprules import rule_applied
from variants.telling.narrate import PEOPLE, narrate
from variants.telling.replaydata import step_line
from variants.telling.results import plays

REPO = Path(__file__).resolve().parent.parent
BASE = (REPO / "tests" / "valid" / "base.yaml").read_text(encoding="utf-8")
FOSTER = "015_foster-complete-hoyle-1914_commit-pope-joan-newmarket-pochen.txt"
PASSING = f"""    passing:
      to: left
      provenance:
        - source: {FOSTER}
          lines: "59-62"
          quote: "Without the Jack"
"""
DEAL = REPO / "tests" / "mechanics" / "passing.yaml"


def write_ruleset(folder: Path, *rules: str, passing: bool = True, rid: str = "passing") -> Path:
    """``base.yaml`` as ruleset ``rid``, with the turn passing (unless not ``passing``) and any
    more ``rules`` of ``play`` (indented as ``PASSING`` is), citing Foster's Commit."""
    text = BASE.replace("id: base\n", f"id: {rid}\n")
    added = (PASSING if passing else "") + "".join(rules)
    text = text.replace("    lead: any\n", "    lead: any\n" + added)
    text = text.replace(
        "    - name: 000_919af007d8e82e04.txt\n      lines: 149\n",
        "    - name: 000_919af007d8e82e04.txt\n      lines: 149\n"
        f"    - name: {FOSTER}\n      lines: 284\n",
    )
    path = folder / f"{rid}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("rulesets")
    write_ruleset(folder)
    return folder


@pytest.fixture(scope="module")
def without(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The same rules, as ruleset ``passing``, with no turn passing."""
    folder = tmp_path_factory.mktemp("rulesets")
    write_ruleset(folder, passing=False)
    return folder


def rule_told(event: Event, rules: Rules, anchor: str) -> Rule:
    """The rule on the rules page that ``event`` links to, which is at ``anchor``."""
    assert rule_applied(event, rules) == anchor
    return {rule.anchor: rule for rule in play_rules(rules)}[anchor]


def c(text: str) -> int:
    return parse_card(text)


CLUBS = [(1, c(f"{rank}C")) for rank in ("A", 2, 3, 4, 5, 6, 7, 8, 9, 10)]


def test_the_turn_passes_to_the_left_and_the_passes_are_told(folder: Path) -> None:
    result = play_deal_file(read_deal_file(DEAL, folder))
    assert plays(result.events) == [(1, c("AS")), (0, c("2S")), (1, c("3S")), *CLUBS]
    passed = [event for event in result.events if isinstance(event, Passed)]
    assert passed == [PassedWithout((2,), c("2S")), PassedWithout((2, 0), c("4S"))]
    kinds = [type(event).__name__ for event in result.events]
    assert kinds[kinds.index("Led") :][:6] == [
        "Led",
        "PassedWithout",
        "Played",
        "Played",
        "PassedWithout",
        "Stopped",
    ]
    assert result.winner == 1
    assert result.net == (-19, 14, -4)
    assert result.board == (6, 2, 1, 0)  # pope, matrimony, ace, game


def test_the_same_cards_fall_without_passing(folder: Path, without: Path) -> None:
    passing = play_deal_file(read_deal_file(DEAL, folder))
    plain = play_deal_file(read_deal_file(DEAL, without))
    assert plays(plain.events) == plays(passing.events)
    assert (plain.winner, plain.net, plain.board) == (
        passing.winner,
        passing.net,
        passing.board,
    )
    assert not any(isinstance(event, Passed) for event in plain.events)
    told = [event for event in passing.events if not isinstance(event, Passed)]
    assert told == list(plain.events)


def test_a_deal_played_without_a_log_comes_to_the_same(folder: Path) -> None:
    assert_quiet_alike(read_deal_file(DEAL, folder))


def assert_quiet_alike(deal: DealFile) -> None:
    """The deal played without a log (no event made) comes to all it comes to with one."""
    policy, leads = make_policy(deal.policy), deal.leads
    logged, quiet = (
        play_deal(deal.compiled, deal.setup, policy, random.Random(0), leads, record=record)
        for record in (True, False)
    )
    assert logged.events and quiet.events == ()
    assert quiet._replace(events=()) == logged._replace(events=())


def played(path: Path, folder: Path) -> tuple[DealResult, Rules, str]:
    """The deal file at ``path`` played under the rulesets of ``folder``: its result, its rules
    and its narration."""
    deal = read_deal_file(path, folder)
    result = play_deal_file(deal)
    rules = deal.compiled.rules
    return result, rules, "\n".join(narrate(result.events, rules))


def test_the_passes_are_told_in_the_narration_the_replay_and_the_rules(folder: Path) -> None:
    result, rules, told = played(DEAL, folder)
    assert (
        "nothing leads up to it). Seat 2 passes, without 2S. Then seat 0 2S, seat 1 3S. "
        "Seat 2 and seat 0 pass, without 4S. The run stops at 3S: no one plays 4S, "
        "so it must lie in the spare hand. Seat 1 leads next." in told
    )
    people = "\n".join(narrate(result.events, rules, PEOPLE))
    assert "Player 2 and the dealer pass, without 4♠." in people
    steps = [
        step_line(event, rules, dealer=0, players=3)
        for event in result.events
        if isinstance(event, Passed)
    ]
    assert steps == ["Seat 2 passes, without 2S.", "Seat 2 and seat 0 pass, without 4S."]
    said = rule_told(PassedWithout((2, 0), c("4S")), rules, "rule-passing")
    assert said.title == "The turn passes to the left"
    assert said.sentences == (
        "A player who cannot continue a run says which card he is without, and the turn "
        "passes to his left: each player in turn who lacks that card passes, saying he is "
        "without it, until its holder plays it and goes on with the run. When no one holds "
        "it, the turn goes round the whole table and the run stops. No one passes after the "
        "top card of a suit.",
    )
    assert summary(rules) == "to the left, each player without the next card passing"


def test_the_turn_passes_only_where_cards_are_played_in_runs() -> None:
    shown = {"play": {"showing": {}, "passing": {"to": "left"}}}
    assert [(f.path, f.message) for f in _in_runs.run(shown)] == [
        (("play", "passing"), "the turn passes only where cards are played in runs")
    ]
    assert list(_in_runs.run({"play": {"passing": {"to": "left"}}})) == []
