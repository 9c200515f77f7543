"""Cards shown before play (:mod:`variants.mechanics.shown_before_play`): the trimmed Peel rules
of ``tests/valid/base.yaml`` with Matrimony won by the king and queen of trumps held and a
Sequence compartment, both taken when the trump is turned up, before play. The hand-worked deal
is ``tests/mechanics/shown-before-play.yaml``."""

from __future__ import annotations

from pathlib import Path

import pytest

from variants.core.cards import parse_card
from variants.dealfile import play_deal_file, read_deal_file
from variants.engine.events import CompartmentWon, TurnedUp
from variants.mechanics import showing
from variants.mechanics.shown_before_play import ShownBeforePlay
from variants.rules.loader import load_ruleset
from variants.rules.yamlsource import ProblemsError
from variants.site.steprules import rule_applied
from variants.telling.narrate import narrate
from variants.telling.replaydata import step_line
from variants.telling.results import plays

REPO = Path(__file__).resolve().parent.parent
BASE = (REPO / "tests" / "valid" / "base.yaml").read_text(encoding="utf-8")
FOSTER = "015_foster-complete-hoyle-1914_commit-pope-joan-newmarket-pochen.txt"
SEQUENCE = (
    "      - id: sequence\n"
    "        label: Sequence\n"
    "        win: {{sequence: {least}}}\n"
    "        provenance:\n"
    f'          - {{{{source: {FOSTER}, lines: "209-211", quote: highest and longest sequence}}}}\n'
)
DEAL = REPO / "tests" / "mechanics" / "shown-before-play.yaml"


def write_ruleset(folder: Path, held: str = "[K, Q]", least: int = 3) -> Path:
    """``base.yaml`` with Matrimony and Sequence shown before play, as ruleset
    ``shown-before-play``."""
    text = BASE.replace("id: base\n", "id: shown-before-play\n")
    text = text.replace("win: {trumps: [Q, K]}", f"win: {{held_trumps: {held}}}")
    text = text.replace("      - id: ace\n", SEQUENCE.format(least=least) + "      - id: ace\n")
    text = text.replace("ace: 1}", "ace: 1, sequence: 1}")
    files = "    - name: 000_919af007d8e82e04.txt\n      lines: 149\n"
    text = text.replace(files, f"{files}    - name: {FOSTER}\n      lines: 284\n")
    path = folder / "shown-before-play.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_ruleset(tmp_path_factory.mktemp("rulesets")).parent


c = parse_card


def test_the_pools_are_taken_at_the_turn_up_and_the_deal_is_played_out(folder: Path) -> None:
    result = play_deal_file(read_deal_file(DEAL, folder))
    clubs = [(1, c(f"{rank}C")) for rank in (9, 10, "J", "Q", "K")]
    spades = [(1, c(f"{rank}S")) for rank in ("A", 2, 3, 4, 5)]
    assert plays(result.events) == [*clubs, *spades, (1, c("QH")), (1, c("KH"))]
    shown = [e for e in result.events if isinstance(e, ShownBeforePlay)]
    assert shown == [
        ShownBeforePlay(1, (c("KH"), c("QH")), "matrimony"),
        ShownBeforePlay(1, tuple(clubs[i][1] for i in range(5)), "sequence"),
    ]
    turned = next(i for i, e in enumerate(result.events) if isinstance(e, TurnedUp))
    assert result.events.index(shown[0]) > turned
    won = [e for e in result.events if isinstance(e, CompartmentWon)]
    assert won[:2] == [
        CompartmentWon("matrimony", 1, 2, showing.SHOWN),
        CompartmentWon("sequence", 1, 1, showing.SHOWN),
    ]
    assert result.winner == 1
    assert result.net == (-8, 17, -16)
    assert result.board == (6, 0, 0, 1, 0)  # pope, matrimony, sequence, ace, game


def test_the_showing_is_told_in_the_narration_and_the_replay(folder: Path) -> None:
    deal = read_deal_file(DEAL, folder)
    result = play_deal_file(deal)
    rules = deal.compiled.rules
    told = "\n".join(narrate(result.events, rules))
    assert (
        "Seat 1 shows KH QH.\nSeat 1 takes Matrimony (2 counters), on the hands shown.\n"
        "Seat 1 shows 9C 10C JC QC KC.\nSeat 1 takes Sequence (1 counter), on the hands shown."
    ) in told
    event = ShownBeforePlay(1, (c("KH"), c("QH")), "matrimony")
    assert step_line(event, rules, dealer=0, players=3) == "Seat 1 shows KH QH."
    assert rule_applied(event, rules) == "rule-compartment-matrimony"
    sequence = rules.board.get("sequence").win
    assert sequence.brief() == "a sequence of 3 or more held"
    matrimony = rules.board.get("matrimony").win
    assert matrimony.brief() == "K+Q of trumps held"
    assert matrimony.sentences() == (
        "Won, as soon as the trump is turned up and before any card is played, by the player "
        "who holds the king and queen of trumps, who shows them. If no one player holds both, "
        "its counters stay for the next deal.",
    )


def test_a_trump_held_by_nobody_leaves_its_pool(tmp_path: Path) -> None:
    """The ace of trumps in the spare hand: the compartment stays, and the play goes on."""
    write_ruleset(tmp_path, held="[A]")
    result = play_deal_file(read_deal_file(DEAL, tmp_path))
    assert not any(e.compartment == "matrimony" for e in result.events if hasattr(e, "how"))
    assert result.board == (6, 2, 0, 1, 0)


def test_repeated_ranks_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ProblemsError) as error:
        load_ruleset(write_ruleset(tmp_path, held="[K, K]"))
    assert "the ranks of trumps held must differ" in str(error.value.problems[0])


def test_no_turn_up_is_refused(tmp_path: Path) -> None:
    path = write_ruleset(tmp_path)
    text = path.read_text(encoding="utf-8").replace("    card: last-dealt\n", "    card: none\n")
    path.write_text(text.replace("    fate: table\n", ""), encoding="utf-8")
    with pytest.raises(ProblemsError) as error:
        load_ruleset(path)
    messages = [problem.message for problem in error.value.problems]
    assert "cards held before play are shown when the trump is turned up: turn one up" in messages
