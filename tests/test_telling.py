"""How a deal is told: each thing said one way, and the counters read one way.

The narration, the replay's steps and the site's worked examples take their words from
:mod:`variants.telling.phrases` and their counters from one fold of the event log
(:class:`variants.telling.results.Table`); these tests pin the words and check that every reader of
a deal's counters agrees with what the engine settled.
"""

from __future__ import annotations

from pathlib import Path
from typing import get_args

import pytest

from variants.core.cards import card_name, card_words, parse_card
from variants.core.words import cap, join_words
from variants.dealfile import play_deal_file, read_deal_file
from variants.engine.events import AS_GIVEN, CompartmentWon, Led, Penalty, Stopped
from variants.engine.game import CLOSING
from variants.mechanics import MECHANICS
from variants.mechanics.base import WonBy
from variants.mechanics.ruleset import FirstDealer, StopCause, TurnUpFate
from variants.rules.lookup import find_ruleset
from variants.site.exampledeals import deal_view, generated_example
from variants.site.svg import is_layout
from variants.telling.narrate import PEOPLE, Style, narrate
from variants.telling.phrases import (
    first_dealer_by,
    pays,
    shared,
    stop_phrase,
    took,
    turn_up_fate,
)
from variants.telling.replaydata import replay_steps, step_line
from variants.telling.results import Table, deal_json, plays

REPO = Path(__file__).resolve().parent.parent
DEALS = REPO / "tests" / "deals"
RULESETS = ("peel", "foster", "modern-shedding", "modern-variations")


def test_a_penalty_names_every_card_of_the_compartment_the_seat_was_left_holding() -> None:
    """Seat 0 ends holding QH and KH with hearts trumps: it doubles Matrimony once, for both
    cards, and Intrigue and Confederacy for one card each."""
    deal = read_deal_file(DEALS / "foster-matrimony-pair-held-doubles-once.yaml")
    events = play_deal_file(deal).events
    penalties = [
        (e.seat, e.compartment, e.amount, [card_name(c) for c in e.cards])
        for e in events
        if isinstance(e, Penalty)
    ]
    assert penalties == [
        (0, "matrimony", 2, ["QH", "KH"]),
        (0, "intrigue", 2, ["QH"]),
        (0, "confederacy", 2, ["KH"]),
    ]
    told = [line for line in narrate(events, deal.compiled.rules, Style()) if "doubles" in line]
    assert told == [
        "Seat 0 is left holding Q♥ and K♥, and doubles Matrimony, paying in 2 counters.",
        "Seat 0 is left holding Q♥ and doubles Intrigue, paying in 2 counters.",
        "Seat 0 is left holding K♥ and doubles Confederacy, paying in 2 counters.",
    ]


STOPS: dict[StopCause, tuple[str, str]] = {
    "king": (
        "KC is the top of its suit: the run stops, seat 1 to lead.",
        "KC is the top of its suit: seat 1 leads next.",
    ),
    "removed": (
        'The run stops at 9C: 10C is out of the pack. "No ten," says seat 1. Seat 1 leads next.',
        "The run stops at 9C: 10C is out of the pack. Seat 1 leads.",
    ),
    "turn-up": (
        'The run stops at 9C: 10C is the turn-up. "No ten," says seat 1. Seat 1 leads next.',
        "The run stops at 9C: 10C is the turn-up. Seat 1 leads.",
    ),
    "unseen": (
        "The run stops at 9C: no one plays 10C, so it must lie in the stock. "
        '"No ten," says seat 1. Seat 1 leads next.',
        "The run stops at 9C: 10C must lie in the stock. Seat 1 leads.",
    ),
    "played": (
        "The run stops at 9C: 10C has been played already. "
        '"No ten," says seat 1. Seat 1 leads next.',
        "The run stops at 9C: 10C has been played. Seat 1 leads.",
    ),
    "held": (
        'The run stops at 9C: 10C may only be led. "No ten," says seat 1. Seat 1 leads next.',
        "The run stops at 9C: 10C may only be led. Seat 1 leads.",
    ),
}


def test_every_stop_cause_is_worded_for_the_narration_and_the_replay() -> None:
    assert set(STOPS) == set(get_args(StopCause))


@pytest.mark.parametrize("cause", list(STOPS))
def test_why_a_run_stopped_is_told_at_length_and_in_a_step(cause: StopCause) -> None:
    """Under Foster's rules, which announce a stop ("No ten") and call the spare cards the
    stock."""
    rules = find_ruleset("foster").rules
    card = parse_card("KC" if cause == "king" else "9C")
    missing = None if cause == "king" else parse_card("10C")
    stopped = Stopped(1, card, cause, missing)
    told, step = STOPS[cause]
    lead = "KC" if cause == "king" else "9C"
    assert narrate([Led(1, card, AS_GIVEN), stopped], rules) == [
        f"Run 1. Seat 1 leads {lead}. {told}"
    ]
    assert step_line(stopped, rules, 0, 3) == step


def test_the_phrases_of_a_rule_value_differ_for_every_value() -> None:
    """A new value of a rule reaches its phrase or mypy says so; and no two values read alike."""
    assert len({first_dealer_by(m) for m in get_args(FirstDealer)}) == len(get_args(FirstDealer))
    assert len({turn_up_fate(f) for f in get_args(TurnUpFate)}) == len(get_args(TurnUpFate))
    causes = get_args(StopCause)
    assert len({stop_phrase(c).told for c in causes}) == len(causes)
    assert len({stop_phrase(c).brief for c in causes}) == len(causes)
    ways = [CLOSING, *(v for m in MECHANICS for v in vars(m).values() if isinstance(v, WonBy))]
    assert {how.key: took(how) for how in ways if took(how) != "takes"} == {
        "share": "takes a share of"
    }


def test_words_for_cards_and_lists() -> None:
    assert card_words(parse_card("10H")) == "the ten of hearts"
    assert card_words(parse_card("qs"), article=False) == "queen of spades"
    assert join_words([]) == ""
    assert join_words(["Peel"]) == "Peel"
    assert join_words(["Peel", "Foster"]) == "Peel and Foster"
    assert join_words(["a", "b", "c"], "or") == "a, b or c"
    assert cap("seat 2 (dealer)") == "Seat 2 (dealer)"
    assert cap("") == ""


def test_a_layout_board_is_one_named_card_a_compartment() -> None:
    assert is_layout(find_ruleset("foster").rules)
    assert not is_layout(find_ruleset("peel").rules)
    assert not is_layout(find_ruleset("foster").rules_for({"layout": "matrimony"}))


@pytest.mark.parametrize("ruleset_id", RULESETS)
@pytest.mark.parametrize("players", [3, 5])
def test_every_reader_of_a_deal_agrees_with_the_settlement(ruleset_id: str, players: int) -> None:
    """The table folded from the log, the replay's last step, the worked example's seats and
    ``play --json`` all end where the engine's settlement ended, over several seeds."""
    ruleset = find_ruleset(ruleset_id)
    for seed in range(1, 9):
        example = generated_example(ruleset, players, seed)
        result, events, ids = example.result, example.events, example.compiled.ids
        table = Table(ids, example.setup.board, players)
        for event in events:
            table.add(event)
        assert tuple(table.board) == result.board
        assert table.net == list(result.net)
        assert table.plays == plays(events)
        assert table.went_out == result.winner
        played = {card for _, card in table.plays}
        assert table.hands == [[c for c in hand if c not in played] for hand in example.setup.hands]
        won = [e for e in events if isinstance(e, CompartmentWon)]
        for cid in ids:
            taken = [(e.seat, e.amount) for e in won if e.compartment == cid]
            assert sum(table.won[cid].values()) == sum(amount for _, amount in taken)
            assert list(table.won[cid]) == list(dict.fromkeys(seat for seat, _ in taken))

        steps = replay_steps(events, example.rules, ids, example.setup.dealer)["steps"]
        assert steps[-1]["net"] == list(result.net)
        carried = dict(zip(ids, example.setup.board, strict=True))
        assert steps[-1]["board"] == {
            cid: left - carried[cid] for cid, left in zip(ids, result.board, strict=True)
        }

        view = deal_view(example)
        assert [s.staked - s.taken - s.payments for s in view.seats] == [-n for n in result.net]
        assert view.runs == sum(isinstance(e, Led) for e in events)

        told = deal_json(ruleset_id, ids, events)
        assert told["won"] == {cid: list(table.won[cid]) for cid in ids}
        assert told["winner"] == result.winner


def test_spin_played_with_another_card_is_told_as_a_stop_with_its_payments() -> None:
    """Seat 1 leads Spin (A♦), is paid 3 by each other seat, and plays 5♥ with it: a stop, so
    he leads again; later K♣ earns him 1 from each (Peel's Spin, 006 lines 22-34)."""
    deal = read_deal_file(DEALS / "spin-played-with-another.yaml")
    events = play_deal_file(deal).events
    told = narrate(events, deal.compiled.rules, Style())
    assert told[5] == (
        "Run 1. Seat 1 leads A♦ (A♦ must be led or it will never be played: nothing leads up "
        "to it). Seat 0 and seat 2 each pay seat 1 3 counters for the ace of diamonds. "
        "Then seat 1 5♥, with A♦, a stop. Seat 1 leads next."
    )
    assert told[6].endswith(
        "seat 1 K♣. Seat 0 and seat 2 each pay seat 1 1 counter for the king of clubs. "
        "K♣ is the top of its suit: the run stops, seat 1 to lead."
    )
    steps = [
        step_line(e, deal.compiled.rules, deal.setup.dealer, deal.setup.players) for e in events
    ]
    assert "Seat 1 plays 5H with AD: a stop." in steps
    assert "Seat 0 pays seat 1 3 counters for the ace of diamonds." in steps


def test_a_divided_pair_names_both_sharers_and_each_payment_its_payer_payee_and_reason() -> None:
    """Spin with Matrimony shared (Peel, 016 lines 82-84 and 183-191): Player 1 plays
    Q♦, Player 2 K♦; each other player pays Player 2 a counter for the king, and the two
    share Matrimony's six counters. Told as the site tells it, seats named as people name them,
    in the narration and in the replay's steps."""
    deal = read_deal_file(DEALS / "spin-matrimony-divided.yaml")
    events = play_deal_file(deal).events
    rules, dealer, players = deal.compiled.rules, deal.setup.dealer, deal.setup.players
    told = narrate(events, rules, PEOPLE)
    assert (
        "Run 1. Player 1 leads Q♦ (starts a run in a suit with no stop in hand). "
        "Then Player 2 K♦. The dealer and Player 1 each pay Player 2 1 counter for the king of "
        "diamonds. Player 1 and Player 2 share Matrimony, 3 counters each. K♦ is the top of its "
        "suit: the run stops, Player 2 to lead."
    ) in told
    assert told[-4:-2] == [  # the dealer still holds Spin, and pays double (016 lines 209-211)
        "The dealer pays Player 2 96 counters for 16 cards left, doubled for the unplayed card"
        " held.",
        "Player 1 pays Player 2 48 counters for 16 cards left.",
    ]
    steps = [step_line(e, rules, dealer, players, PEOPLE) for e in events]
    assert [line for line in steps if line and ("pays" in line or "share" in line)][:4] == [
        "The dealer pays Player 2 1 counter for the king of diamonds.",
        "Player 1 pays Player 2 1 counter for the king of diamonds.",
        "Player 1 takes a share of Matrimony (3 counters).",
        "Player 2 takes a share of Matrimony (3 counters).",
    ]


def test_a_bonus_paid_in_play_names_each_payer_with_what_it_pays_for() -> None:
    """Peel's Pope played: each other seat pays its player a counter for each card it then
    holds (000 lines 70-75)."""
    deal = read_deal_file(DEALS / "peel-pope-played-bonus.yaml")
    told = narrate(play_deal_file(deal).events, deal.compiled.rules, PEOPLE)
    assert told[6].startswith(
        "Run 1. Player 1 leads 9♦ (leads 9♦ at once: nothing can be played up to it, and it "
        "takes Pope Joan (6 counters)), taking Pope Joan (6 counters). The dealer and Player 2 "
        "each pay Player 1 12 counters for 12 cards in hand. Then Player 1 10♦,"
    )


def test_payments_and_shares_are_said_in_one_sentence_naming_every_seat() -> None:
    assert pays(["seat 0"], "seat 1", 1, "for the king of spades") == (
        "Seat 0 pays seat 1 1 counter for the king of spades."
    )
    assert pays(["the dealer", "Player 1", "Player 3"], "Player 2", 3, "for the ace") == (
        "The dealer, Player 1 and Player 3 each pay Player 2 3 counters for the ace."
    )
    assert shared("Matrimony", [("the dealer", 2), ("Player 1", 2)]) == (
        "The dealer and Player 1 share Matrimony, 2 counters each."
    )
    assert shared("Intrigue", [("Player 1", 2), ("Player 2", 3)]) == (
        "Player 1 and Player 2 share Intrigue: Player 1 takes 2 counters and Player 2 takes "
        "3 counters."
    )


def test_a_showing_deal_tells_the_face_up_cards_each_hand_shown_and_who_takes_what() -> None:
    """Foster's Matrimony, seat 4 dealing: the hands are shown from seat 0, the elder hand;
    seat 1 takes Matrimony before seat 2, and Best stays with the ace of diamonds face down."""
    deal = read_deal_file(DEALS / "matrimony-foster-elder-hand-first.yaml")
    events = play_deal_file(deal).events
    rules = deal.compiled.rules
    told = narrate(events, rules, Style())
    assert "  Seat 0 (elder hand): A♣ A♦ (A♣ face up)" in told
    start = told.index("Seat 0 shows A♣ A♦.")
    assert told[start - 1] == (
        "Nobody plays a card: the hands are shown in turn, beginning with the elder hand."
    )
    assert told[start : start + 10] == [
        "Seat 0 shows A♣ A♦.",
        "Seat 1 shows K♥ Q♠.",
        "Seat 2 shows Q♦ K♠.",
        "Seat 3 shows J♣ Q♣.",
        "Seat 4 shows K♦ J♥.",
        "Seat 1 takes Matrimony (5 counters), on the hands shown.",
        "Seat 3 takes Intrigue (4 counters), on the hands shown.",
        "Seat 4 takes Confederacy (4 counters), on the hands shown.",
        "Seat 0 takes Pair (4 counters), on the hands shown.",
        "Best keeps 4 counters for the next deal.",
    ]
    steps = replay_steps(events, rules, deal.compiled.ids, deal.setup.dealer)
    assert steps["face_up"] == ["AC", "KH", "QD", "JC", "KD"]
    lines = [step["line"] for step in steps["steps"]]
    assert lines[0] == "The cards are dealt, the last to each player face up."
    assert "Seat 1 takes Matrimony (5 counters), on the hands shown." in lines
    table = Table(deal.compiled.ids, [0] * 5, 5)
    for event in events:
        table.add(event)
    assert table.shown == [0, 1, 2, 3, 4]
    assert table.face_up == [parse_card(c) for c in ("AC", "KH", "QD", "JC", "KD")]


def test_a_sweep_is_told_with_the_card_dealt_face_up_before_what_it_takes() -> None:
    deal = read_deal_file(DEALS / "matrimony-foster-ace-sweeps.yaml")
    told = narrate(play_deal_file(deal).events, deal.compiled.rules, Style())
    start = told.index(next(line for line in told if "sweeps the board" in line))
    assert told[start].endswith("is dealt A♦ face up and sweeps the board: no hand is shown.")
    assert all(line.endswith("sweeping the board.") for line in told[start + 1 : start + 6])
    assert not any(line.endswith(" shows") or " shows " in line for line in told)
