"""Invariants of the engine over every shipped ruleset, player count and option choice."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from variants.analysis.bulk import tally_deals
from variants.analysis.tallies import Tally
from variants.dealfile import parse_deal
from variants.dealwrite import deal_file_text
from variants.engine.compiled import compile_rules
from variants.engine.deal import DealSetup, shuffled_deal
from variants.engine.events import DealVoided, Led, Played, Shown, WentOut
from variants.engine.game import play_game
from variants.engine.play import DealResult, legal_leads, play_deal, play_shuffled
from variants.engine.policies import POLICIES, make_policy
from variants.engine.staking import STAKINGS, make_staking
from variants.mechanics.ruleset import Ruleset
from variants.rules.loader import load_rulesets
from variants.rules.yamlsource import read_yaml_text
from variants.telling.results import plays

REPO = Path(__file__).resolve().parent.parent
RULESETS = load_rulesets(REPO / "rulesets")


@st.composite
def tables(draw: st.DrawFn) -> tuple[Ruleset, dict[str, str], int, str, int]:
    """A ruleset, a choice for each of its options, a player count, a policy and a seed."""
    ruleset = RULESETS[draw(st.sampled_from(sorted(RULESETS)))]
    options = {o.id: draw(st.sampled_from([v.value for v in o.values])) for o in ruleset.options}
    rules = ruleset.rules_for(options)
    players = draw(st.integers(rules.players.min, rules.players.max))
    policy = draw(st.sampled_from(sorted(POLICIES)))
    seed = draw(st.integers(0, 2**32 - 1))
    return ruleset, options, players, policy, seed


def deal_once(table: tuple[Ruleset, dict[str, str], int, str, int]) -> tuple[DealSetup, DealResult]:
    ruleset, options, players, policy, seed = table
    compiled = compile_rules(ruleset.rules_for(options), players)
    rng = random.Random(seed)
    carried = [rng.randrange(0, 4) for _ in compiled.ids]
    setup = shuffled_deal(compiled, rng, rng.randrange(players), carried, rng.randrange(players))
    return setup, play_deal(compiled, setup, make_policy(policy), rng)


SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(tables())
def test_counters_are_conserved(table: tuple[Ruleset, dict[str, str], int, str, int]) -> None:
    setup, result = deal_once(table)
    assert sum(result.net) + sum(result.board) - sum(setup.board) == 0
    assert all(amount >= 0 for amount in result.board)


@SETTINGS
@given(tables())
def test_each_card_is_played_at_most_once_and_only_by_its_holder(
    table: tuple[Ruleset, dict[str, str], int, str, int],
) -> None:
    setup, result = deal_once(table)
    played = plays(result.events)
    counts = Counter(card for _, card in played)
    assert all(count == 1 for count in counts.values())
    for seat, card in played:
        assert card in setup.hands[seat]


@SETTINGS
@given(tables())
def test_every_deal_ends_with_exactly_one_seat_out_or_is_void(
    table: tuple[Ruleset, dict[str, str], int, str, int],
) -> None:
    setup, result = deal_once(table)
    out = [e for e in result.events if isinstance(e, WentOut)]
    ruleset, options = table[0], table[1]
    if ruleset.rules_for(options).play.showing is not None:
        # No card is played: every hand is shown, once, from the elder hand, unless a card
        # dealt face up swept the board first.
        shown = [e.seat for e in result.events if isinstance(e, Shown)]
        elder = (setup.dealer + 1) % setup.players
        order = [(elder + i) % setup.players for i in range(setup.players)]
        assert out == [] and result.winner is None and result.cards_played == 0
        assert shown in ([], order)
        return
    if any(isinstance(e, DealVoided) for e in result.events):
        assert out == [] and result.winner is None and result.cards_played == 0
        return
    assert len(out) == 1 and out[0].seat == result.winner
    winner = result.winner
    assert winner is not None
    played_by_winner = [card for seat, card in plays(result.events) if seat == winner]
    assert sorted(played_by_winner) == sorted(setup.hands[winner])
    assert plays(result.events)[-1] == (winner, out[0].card)
    for seat, hand in enumerate(setup.hands):
        if seat != winner and hand:  # a dealer who sits the deal out holds no cards
            assert len([1 for s, _ in plays(result.events) if s == seat]) < len(hand)


@SETTINGS
@given(tables())
def test_the_same_seed_gives_the_same_deal_and_result(
    table: tuple[Ruleset, dict[str, str], int, str, int],
) -> None:
    first_setup, first = deal_once(table)
    second_setup, second = deal_once(table)
    assert first_setup == second_setup
    assert first == second


@SETTINGS
@given(tables())
def test_recording_events_changes_nothing_but_the_log(
    table: tuple[Ruleset, dict[str, str], int, str, int],
) -> None:
    ruleset, options, players, policy, seed = table
    compiled = compile_rules(ruleset.rules_for(options), players)
    results = []
    for record in (True, False):
        rng = random.Random(seed)
        setup = shuffled_deal(compiled, rng, 0)
        results.append(play_deal(compiled, setup, make_policy(policy), rng, record=record))
    with_log, without = results
    assert without.events == ()
    assert (with_log.winner, with_log.net, with_log.board, with_log.won) == (
        without.winner,
        without.net,
        without.board,
        without.won,
    )


@settings(max_examples=120, deadline=None)
@given(tables())
def test_a_written_deal_file_replays_to_the_same_result(
    table: tuple[Ruleset, dict[str, str], int, str, int],
) -> None:
    ruleset, options, players, policy, _ = table
    setup, result = deal_once(table)
    compiled = compile_rules(ruleset.rules_for(options), players)
    leads = [e.card for e in result.events if isinstance(e, Led)]
    text = deal_file_text(ruleset.id, setup, leads, policy, options, board_ids=compiled.ids)
    deal = parse_deal(read_yaml_text(text, "written.yaml"), REPO / "rulesets")
    assert deal.setup == setup
    again = play_deal(
        deal.compiled, deal.setup, make_policy("lowest"), random.Random(1), deal.leads
    )
    assert (again.winner, again.net, again.board, again.won) == (
        result.winner,
        result.net,
        result.board,
        result.won,
    )
    assert plays(again.events) == plays(result.events)


@settings(max_examples=40, deadline=None)
@given(tables())
def test_whole_games_conserve_counters_and_name_the_leaders(
    table: tuple[Ruleset, dict[str, str], int, str, int],
) -> None:
    ruleset, options, players, policy, seed = table
    game = play_game(ruleset.rules_for(options), players, make_policy(policy), random.Random(seed))
    assert sum(game.totals) + sum(game.board) == 0
    assert len(game.deals) == ruleset.rules_for(options).game.deal_count(players)
    assert [d.dealer for d in game.deals] == [
        (game.first_dealer + k) % players for k in range(len(game.deals))
    ]
    assert set(game.winners) == {s for s, t in enumerate(game.totals) if t == max(game.totals)}
    again = play_game(ruleset.rules_for(options), players, make_policy(policy), random.Random(seed))
    assert again == game


def test_played_events_follow_their_leads() -> None:
    """Every Played event continues the suit upward from the card before it."""
    compiled = compile_rules(RULESETS["peel"].rules, 5)
    rng = random.Random(11)
    for _ in range(50):
        result = play_deal(compiled, shuffled_deal(compiled, rng, 0), make_policy("random"), rng)
        previous = None
        for event in result.events:
            if isinstance(event, Led):
                previous = event.card
            elif isinstance(event, Played):
                assert previous is not None and compiled.succ[previous] == event.card
                previous = event.card


@SETTINGS
@given(tables(), st.sampled_from(sorted(STAKINGS)))
def test_the_simulator_path_deals_and_plays_exactly_as_the_deal_path(
    table: tuple[Ruleset, dict[str, str], int, str, int], staking: str
) -> None:
    ruleset, options, players, policy, seed = table
    compiled = compile_rules(ruleset.rules_for(options), players)
    dealer = seed % players
    rng = random.Random(seed)
    setup = shuffled_deal(compiled, rng, dealer, None, 0)
    lays = make_staking(staking)
    by_setup = play_deal(compiled, setup, make_policy(policy), rng, record=False, staking=lays)
    fast = play_shuffled(
        compiled, random.Random(seed), dealer, None, make_policy(policy), 0, staking=lays
    )
    assert fast == by_setup


QUICK_POLICIES = sorted(name for name in POLICIES if make_policy(name).quick)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    tables(),
    st.sampled_from(QUICK_POLICIES),
    st.integers(1, 300),
    st.sampled_from(sorted(STAKINGS)),
)
def test_the_bulk_loop_counts_exactly_what_the_engine_plays(
    table: tuple[Ruleset, dict[str, str], int, str, int], policy: str, count: int, staking: str
) -> None:
    """``tally_deals`` plays deal by deal what ``play_shuffled`` plays from the same generator,
    and what the deals dealt and played one at a time with their events logged show, whoever
    deals: every sum in the tally (nets, squares, wins, sizes, carried, held) comes out equal."""
    ruleset, options, players, _, seed = table
    compiled = compile_rules(ruleset.rules_for(options), players)
    dealer = seed % players
    one_by_one = Tally(players, compiled.ids)
    logged = Tally(players, compiled.ids)
    rng = random.Random(seed)
    logged_rng = random.Random(seed)
    lays = make_staking(staking)
    for number in range(count):
        one_by_one.add(
            play_shuffled(compiled, rng, dealer, None, make_policy(policy), staking=lays)
        )
        if number < 40:  # the same deals, logged
            setup = shuffled_deal(compiled, logged_rng, dealer)
            result = play_deal(compiled, setup, make_policy(policy), logged_rng, staking=lays)
            assert result.events
            logged.add(result)
            assert logged == one_by_one
    in_bulk = Tally(players, compiled.ids)
    tally_deals(compiled, random.Random(seed), count, dealer, make_policy(policy), in_bulk, lays)
    assert in_bulk == one_by_one


@settings(max_examples=300, deadline=None)
@given(
    st.sets(st.integers(0, 51), min_size=1, max_size=13),
    st.permutations(range(13)),
)
def test_legal_leads_are_the_lowest_held_of_each_suit(cards: set[int], order: list[int]) -> None:
    """The one-pass reading for ranks A to K and the general one for any rank order both give
    the lowest card held of each suit."""
    lowest_in_suit = RULESETS["modern-variations"].rules_for({})
    compiled = compile_rules(lowest_in_suit, 4)
    assert compiled.ranks_ascend and not compiled.any_lead
    hand = sorted(cards)
    for rules in (
        compiled,
        replace(compiled, rank_pos=tuple(order[c % 13] for c in range(52)), ranks_ascend=False),
    ):
        expected = sorted(
            min((c for c in hand if c // 13 == suit), key=lambda c: rules.rank_pos[c])
            for suit in {c // 13 for c in hand}
        )
        assert legal_leads(rules, hand) == tuple(expected)


def test_every_shipped_ruleset_plays_each_option_value_at_every_player_count() -> None:
    """Each value of each option of every shipped ruleset (the others at their defaults) deals,
    plays and settles a deal at every table size it allows, by every lead policy, and plays a
    whole game at its smallest and largest table: counters conserved, a seat out unless the
    deal is void or its hands are shown, the whole game as long as its rules say."""
    played = 0
    for ruleset in RULESETS.values():
        choices: list[dict[str, str]] = [{}]
        choices += [{o.id: v.value} for o in ruleset.options for v in o.values]
        for options in choices:
            rules = ruleset.rules_for(options)
            for players in range(rules.players.min, rules.players.max + 1):
                for at, policy in enumerate(sorted(POLICIES)):
                    setup, result = deal_once((ruleset, options, players, policy, players + at))
                    where = (ruleset.id, options, players, policy)
                    assert sum(result.net) + sum(result.board) == sum(setup.board), where
                    void = any(isinstance(e, DealVoided) for e in result.events)
                    shown = rules.play.showing is not None
                    assert shown or void or result.winner is not None, where
                    played += 1
            for players in {rules.players.min, rules.players.max}:
                game = play_game(rules, players, make_policy("random"), random.Random(players))
                assert sum(game.totals) + sum(game.board) == 0, (ruleset.id, options, players)
                assert len(game.deals) == rules.game.deal_count(players)
    assert played > 1_000
