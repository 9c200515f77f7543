"""Vying for a pool (:mod:`variants.mechanics.vying`): the trimmed Peel rules of
``tests/valid/base.yaml`` with a Pool compartment won by vying before play. The hand-worked deal
is ``tests/mechanics/vying.yaml``; two variations of it change who holds a set. With one raise
(``raising: once``, Meyers' and Pierer's Poch), the same cards are
``tests/mechanics/vying-raising.yaml``: the raise held, and, a variation, refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from variants.core.cards import parse_card
from variants.dealfile import play_deal_file, read_deal_file
from variants.engine.events import CompartmentWon
from variants.engine.policies import bet_on_sets
from variants.mechanics import showing, vying
from variants.mechanics.vying import (
    Bet,
    GoesAlong,
    NobodyBets,
    Raised,
    SetShown,
    Unchallenged,
    Withdraws,
    best_set,
)
from variants.rules.loader import load_ruleset
from variants.rules.yamlsource import ProblemsError
from variants.site.steprules import rule_applied
from variants.telling.narrate import narrate
from variants.telling.replaydata import step_line
from variants.telling.results import plays

REPO = Path(__file__).resolve().parent.parent
DEAL = REPO / "tests" / "mechanics" / "vying.yaml"
RAISED = REPO / "tests" / "mechanics" / "vying-raising.yaml"
BASE = (REPO / "tests" / "valid" / "base.yaml").read_text(encoding="utf-8")
FOSTER = "015_foster-complete-hoyle-1914_commit-pope-joan-newmarket-pochen.txt"
c = parse_card
POOL = f"""      - id: pool
        label: Pool
        win: {{vying: true}}
        provenance:
          - {{source: {FOSTER}, lines: "213-215", quote: the players bet for}}
"""


def write_ruleset(folder: Path, pools: int = 1, raising: str | None = None) -> Path:
    """``base.yaml`` with ``pools`` compartments won by vying, as ruleset ``vying``, their bets
    raised as ``raising`` says."""
    pool = POOL if raising is None else POOL.replace("true}", f"true, raising: {raising}}}")
    added = "".join(pool.replace("id: pool", f"id: pool{n or ''}") for n in range(pools))
    files = "    - name: 000_919af007d8e82e04.txt\n      lines: 149\n"
    text = BASE
    for old, new in (
        ("id: base\n", "id: vying\n"),
        ("      - id: game\n", added + "      - id: game\n"),
        ("ace: 1}", "ace: 1, pool: 1}"),
        (files, f"{files}    - name: {FOSTER}\n      lines: 284\n"),
    ):
        text = text.replace(old, new)
    (folder / "vying.yaml").write_text(text, encoding="utf-8")
    return folder / "vying.yaml"


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_ruleset(tmp_path_factory.mktemp("rulesets")).parent


@pytest.fixture(scope="module")
def raising(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_ruleset(tmp_path_factory.mktemp("raising"), raising="once").parent


def variation(folder: Path, tmp_path: Path, *swaps: tuple[str, str], deal: Path = DEAL) -> Path:
    """The hand-worked deal with pairs of cards exchanged between hands."""
    text = deal.read_text(encoding="utf-8")
    for first, second in swaps:
        text = text.replace(f" {first},", " @,").replace(f" {second},", f" {first},")
        text = text.replace(" @,", f" {second},")
    path = tmp_path / "variation.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_bet_held_goes_to_the_higher_set(folder: Path) -> None:
    result = play_deal_file(read_deal_file(DEAL, folder))
    vied = [e for e in result.events if isinstance(e, Bet | SetShown)]
    assert vied == [
        Bet(2, 2, "pool"),
        Bet(0, 2, "pool", held=True),
        SetShown(2, (c("KD"), c("KS")), "pool"),
        SetShown(0, (c("4C"), c("4D"), c("4H")), "pool"),
    ]
    assert CompartmentWon("pool", 0, 5, showing.SHOWN) in result.events
    clubs = [(1, c(f"{rank}C")) for rank in (9, 10, "J", "Q", "K")]
    spades = [(1, c(f"{rank}S")) for rank in ("A", 2, 3, 4, 5)]
    assert plays(result.events) == [*clubs, *spades, (1, c("5C")), (1, c("6C"))]
    assert result.winner == 1
    assert result.net == (-5, 14, -18)
    assert result.board == (6, 2, 1, 0, 0)  # pope, matrimony, ace, pool, game


def test_a_bet_nobody_holds_takes_the_pool_unseen(folder: Path, tmp_path: Path) -> None:
    """Seat 0 keeps a pair of fours only, too low to hold: seat 2 takes the pool unseen."""
    result = play_deal_file(read_deal_file(variation(folder, tmp_path, ("4C", "2C")), folder))
    assert Unchallenged(2, "pool") in result.events
    assert not any(isinstance(e, SetShown) for e in result.events)
    assert CompartmentWon("pool", 2, 3, vying.UNCHALLENGED) in result.events
    assert result.net == (-8, 14, -15)
    assert result.board == (6, 2, 1, 0, 0)


def test_without_a_bet_the_pool_stays(folder: Path, tmp_path: Path) -> None:
    """Seat 0 a pair of fours, seat 2 no pair: nobody bets, and the Pool keeps its counter."""
    swapped = variation(folder, tmp_path, ("4C", "2C"), ("KD", "6D"))
    result = play_deal_file(read_deal_file(swapped, folder))
    assert NobodyBets(1, "pool") in result.events
    assert result.net == (-8, 14, -16)
    assert result.board == (6, 2, 1, 1, 0)


def test_the_vying_is_told(folder: Path) -> None:
    deal = read_deal_file(DEAL, folder)
    rules = deal.compiled.rules
    assert (
        "The turn-up is 2H: hearts are trumps; it stays on the table, a stop.\n"
        "Seat 2 bets 2 counters on the cards he holds.\n"
        "Seat 0 holds the bet with 2 counters.\n"
        "Seat 2 shows KD KS.\n"
        "Seat 0 shows 4C 4D 4H.\n"
        "Seat 0 takes Pool (5 counters), on the hands shown.\n"
        "Run 1."
    ) in "\n".join(narrate(play_deal_file(deal).events, rules))
    assert step_line(Unchallenged(2, "pool"), rules, 0, 3) == "Seat 2's bet is not held."
    assert step_line(NobodyBets(1, "pool"), rules, 0, 3) == (
        "Seat 1 passes, and so does every other player: nobody bets on a set."
    )
    assert rule_applied(Bet(2, 2, "pool"), rules) == "rule-compartment-pool"
    win = rules.board.get("pool").win
    assert win.brief() == "the best set, by vying"


def test_the_betting_policy_and_the_sets() -> None:
    rank_pos = [card % 13 for card in range(52)]  # ranks ace (low) to king, as base.yaml
    hand = [c(card) for card in ("4C", "4D", "4H", "KD", "KS")]
    assert best_set(hand, rank_pos) == ((3, 3), (c("4C"), c("4D"), c("4H")))
    assert best_set([c("4C"), c("5C")], rank_pos) == ((0, -1), ())
    rng = None  # the policy draws nothing
    assert bet_on_sets([c("10C"), c("10D")], 0, rank_pos, rng) == 2  # type: ignore[arg-type]
    assert bet_on_sets([c("10C"), c("10D")], 2, rank_pos, rng) == 0  # type: ignore[arg-type]
    assert bet_on_sets([c("JC"), c("JD")], 2, rank_pos, rng) == 2  # type: ignore[arg-type]
    assert bet_on_sets([c("JC"), c("JD")], 3, rank_pos, rng) == 0  # type: ignore[arg-type]
    assert bet_on_sets([c("9C"), c("9D")], 0, rank_pos, rng) == 0  # type: ignore[arg-type]


def test_two_pools_won_by_vying_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ProblemsError) as error:
        load_ruleset(write_ruleset(tmp_path, pools=2))
    messages = [problem.message for problem in error.value.problems]
    assert "only one compartment can be won by vying" in messages


def test_a_raise_held_goes_to_the_higher_set(raising: Path) -> None:
    """Seat 0, the last to hold, raises with his three fours; seat 2 goes along with kings."""
    result = play_deal_file(read_deal_file(RAISED, raising))
    vied = [e for e in result.events if isinstance(e, Bet | Raised | GoesAlong | SetShown)]
    assert vied == [
        Bet(2, 2, "pool"),
        Bet(0, 2, "pool", held=True),
        Raised(0, 2, 4, "pool"),
        GoesAlong(2, 2, "pool"),
        SetShown(2, (c("KD"), c("KS")), "pool"),
        SetShown(0, (c("4C"), c("4D"), c("4H")), "pool"),
    ]
    assert CompartmentWon("pool", 0, 9, showing.SHOWN) in result.events
    assert result.winner == 1
    assert result.net == (-3, 14, -20)
    assert result.board == (6, 2, 1, 0, 0)


def test_a_raise_refused_loses_the_first_bet(raising: Path, tmp_path: Path) -> None:
    """Seat 2 keeps a pair of knaves (KD for JH): he bets, but will not go along with the
    raise, and loses his 2; seat 0 takes the pool unseen."""
    swapped = variation(raising, tmp_path, ("KD", "JH"), deal=RAISED)
    result = play_deal_file(read_deal_file(swapped, raising))
    assert [e for e in result.events if isinstance(e, Raised | GoesAlong | Withdraws)] == [
        Raised(0, 2, 4, "pool"),
        Withdraws(2, 2, "pool"),
    ]
    assert Unchallenged(0, "pool") in result.events
    assert not any(isinstance(e, SetShown) for e in result.events)
    assert CompartmentWon("pool", 0, 7, vying.UNCHALLENGED) in result.events
    assert result.net == (-5, 14, -18)
    assert result.board == (6, 2, 1, 0, 0)


def test_without_raising_the_same_cards_hold_only(folder: Path) -> None:
    """The raising deal's cards under rules without raising: the bet is held, never raised."""
    result = play_deal_file(read_deal_file(RAISED, folder))
    assert not any(isinstance(e, Raised | GoesAlong | Withdraws) for e in result.events)
    assert result.net == (-5, 14, -18)


def test_the_raise_is_told(raising: Path, tmp_path: Path) -> None:
    deal = read_deal_file(RAISED, raising)
    rules = deal.compiled.rules
    assert (
        "Seat 2 bets 2 counters on the cards he holds.\n"
        "Seat 0 holds the bet with 2 counters.\n"
        "Seat 0 raises to 4 counters, putting in 2 more.\n"
        "Seat 2 goes along with the raise, putting in 2 more.\n"
        "Seat 2 shows KD KS.\n"
        "Seat 0 shows 4C 4D 4H.\n"
        "Seat 0 takes Pool (9 counters), on the hands shown."
    ) in "\n".join(narrate(play_deal_file(deal).events, rules))
    assert step_line(Withdraws(2, 2, "pool"), rules, 0, 3) == "Seat 2 withdraws, losing 2 counters."
    assert rule_applied(Raised(0, 2, 4, "pool"), rules) == "rule-compartment-pool"
    said = rules.board.get("pool").win.sentences()[0]
    assert said.endswith(
        "Once one has bet, every other player in turn from his left may hold the bet by "
        "putting in as many, or pass. The last to hold it may then raise it once, by as many "
        "counters as he pleases; the first to bet and those who held after him, in turn, each "
        "go along by putting in as many more, or withdraw, losing what they have put in."
    )


def test_the_policy_raises_with_three_and_holds_a_raise_above_queens() -> None:
    rank_pos = [card % 13 for card in range(52)]  # ranks ace (low) to king, as base.yaml
    rng = None  # the policy draws nothing
    threes = [c("4C"), c("4D"), c("4H")]
    assert bet_on_sets(threes, 2, rank_pos, rng) == 4  # type: ignore[arg-type]
    assert bet_on_sets(threes, 4, rank_pos, rng) == 4  # type: ignore[arg-type]
    assert bet_on_sets([c("KC"), c("KD")], 2, rank_pos, rng) == 2  # type: ignore[arg-type]
    assert bet_on_sets([c("QC"), c("QD")], 4, rank_pos, rng) == 4  # type: ignore[arg-type]
    assert bet_on_sets([c("JC"), c("JD")], 4, rank_pos, rng) == 0  # type: ignore[arg-type]


def test_raising_is_only_for_vying(tmp_path: Path) -> None:
    path = write_ruleset(tmp_path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("win: {trump: A}", "win: {trump: A, raising: once}", 1))
    with pytest.raises(ProblemsError) as error:
        load_ruleset(path)
    messages = [problem.message for problem in error.value.problems]
    assert "raising is only for vying" in messages
