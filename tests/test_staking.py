"""Staking policies: where the players lay their stakes when the rules leave it to them.

Under ``random`` every counter is still laid, each seat lays what the rules have it lay, and
every staked compartment ends covered; ``even`` draws nothing from the deal's generator, so the
deals, files and statistics made before there was a choice are unchanged. The command line
takes ``--staking`` on every command that plays, and a written deal file replays its stakes.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import get_args

import pytest
from clirun import REPO, run
from hypothesis import given, settings
from hypothesis import strategies as st

from variants.dealfile import parse_deal, play_deal_file
from variants.dealwrite import deal_file_text
from variants.engine.compiled import board_stakes, compile_rules
from variants.engine.deal import shuffled_deal
from variants.engine.events import Dressed, Led
from variants.engine.play import play_deal
from variants.engine.policies import make_policy
from variants.engine.staking import EVEN, STAKINGS, make_staking
from variants.mechanics.ruleset import StakingName
from variants.mechanics.spread import (
    Spread,
    laid_problem,
    payments,
    random_payments,
    sentences,
)
from variants.rules.loader import load_rulesets
from variants.rules.yamlsource import read_yaml_text

RULESETS = load_rulesets(REPO / "rulesets")
CHOSEN = sorted(rid for rid, r in RULESETS.items() if r.rules.dressing.spread is not None)


def test_the_stakings_are_those_a_ruleset_may_name() -> None:
    assert sorted(STAKINGS) == sorted(get_args(StakingName))
    assert all(name == staking.name for name, staking in STAKINGS.items())


def test_each_ruleset_names_the_random_staking_as_an_alternative_it_plays() -> None:
    for ruleset_id in CHOSEN:
        (interpretation,) = [i for i in RULESETS[ruleset_id].interpretations if i.id == "staking"]
        assert [a.staking for a in interpretation.alternatives if a.staking] == ["random"]


def test_the_rulesets_whose_players_choose_their_stakes() -> None:
    assert CHOSEN == [
        "matrimony-britannica",
        "matrimony-enquire",
        "matrimony-foster",
        "newmarket",
        "stops",
    ]


@st.composite
def spreads(draw: st.DrawFn) -> tuple[Spread, list[tuple[int, int]], int, int]:
    """A spread whose counters cover its stakes with the players drawn: stakes on some of up to
    eight compartments, the players, the dealer."""
    players = draw(st.integers(2, 12))
    chosen = draw(st.lists(st.integers(0, 7), min_size=1, max_size=8, unique=True))
    stakes = [(index, draw(st.integers(1, 4))) for index in sorted(chosen)]
    each = draw(st.integers(1, 6))
    needed = sum(amount for _, amount in stakes)
    dealer_lays = draw(st.integers(max(1, needed - each * (players - 1)), needed + 6))
    return Spread(each, dealer_lays), stakes, players, draw(st.integers(0, players - 1))


@settings(max_examples=400, deadline=None)
@given(spreads(), st.integers(0, 2**32 - 1))
def test_random_staking_lays_every_counter_and_covers_every_stake(
    table: tuple[Spread, list[tuple[int, int]], int, int], seed: int
) -> None:
    spread, stakes, players, dealer = table
    laid = random_payments(spread, stakes, players, dealer, random.Random(seed))
    by_seat: Counter[int] = Counter()
    on: Counter[int] = Counter()
    for seat, index, amount in laid:
        assert amount >= 1
        by_seat[seat] += amount
        on[index] += amount
    assert sum(on.values()) == spread.total(players)
    assert all(
        by_seat[s] == (spread.dealer if s == dealer else spread.each) for s in range(players)
    )
    assert set(on) <= {index for index, _ in stakes}
    assert all(on[index] >= least for index, least in stakes)
    assert laid_problem(spread, stakes, players, dealer, laid, [str(i) for i in range(8)]) is None


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(CHOSEN), st.integers(0, 2**32 - 1), st.data())
def test_a_deal_staked_at_random_conserves_counters_and_covers_the_board(
    ruleset_id: str, seed: int, data: st.DataObject
) -> None:
    rules = RULESETS[ruleset_id].rules
    players = data.draw(st.integers(rules.players.min, rules.players.max))
    compiled = compile_rules(rules, players)
    rng = random.Random(seed)
    setup = shuffled_deal(compiled, rng, seed % players)
    result = play_deal(compiled, setup, make_policy("random"), rng, staking=make_staking("random"))
    dressed: Counter[str] = Counter()
    for event in result.events:
        if isinstance(event, Dressed):
            dressed[event.compartment] += event.amount
    assert rules.dressing.spread is not None
    assert sum(dressed.values()) == rules.dressing.spread.total(players)
    assert all(dressed[cid] >= least for cid, least in rules.dressing.stakes)
    assert sum(result.net) + sum(result.board) == 0


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(CHOSEN), st.integers(0, 2**32 - 1), st.data())
def test_a_deal_staked_at_random_and_written_down_replays_to_the_same_result(
    ruleset_id: str, seed: int, data: st.DataObject
) -> None:
    """The stakes laid, written into the deal file, are played again as laid (the file's seed
    would draw other stakes)."""
    ruleset = RULESETS[ruleset_id]
    players = data.draw(st.integers(ruleset.rules.players.min, ruleset.rules.players.max))
    compiled = compile_rules(ruleset.rules, players)
    rng = random.Random(seed)
    setup = shuffled_deal(compiled, rng, seed % players)
    result = play_deal(compiled, setup, make_policy("random"), rng, staking=make_staking("random"))
    leads = [e.card for e in result.events if isinstance(e, Led)]
    laid = [(e.seat, e.compartment, e.amount) for e in result.events if isinstance(e, Dressed)]
    text = deal_file_text(
        ruleset.id, setup, leads, "lowest", seed=seed, board_ids=compiled.ids, stakes=laid
    )
    again = play_deal_file(parse_deal(read_yaml_text(text, "written.yaml"), REPO / "rulesets"))
    assert (again.net, again.board, again.won) == (result.net, result.board, result.won)
    assert [e for e in again.events if isinstance(e, Dressed)] == [
        e for e in result.events if isinstance(e, Dressed)
    ]


def test_even_staking_draws_nothing_and_lays_as_the_compiled_dressing() -> None:
    compiled = compile_rules(RULESETS["newmarket"].rules, 5)
    rng = random.Random(7)
    state = rng.getstate()
    spread = compiled.rules.dressing.spread
    assert spread is not None
    laid = EVEN.lay(spread, board_stakes(compiled), 5, 2, rng)
    assert rng.getstate() == state
    assert tuple(laid) == compiled.dressing(2, 2)
    assert not compiled.staked(EVEN) and compiled.staked(make_staking("random"))


def test_the_even_reading_by_hand() -> None:
    """Newmarket, three players, seat 0 dealing: one counter each, the dealer two, on four
    cards: seat 1 on the first, seat 2 on the second, the dealer on the third and fourth."""
    stakes = [(0, 1), (1, 1), (2, 1), (3, 1)]
    assert payments(Spread(1, 2), stakes, 3, 0) == [(1, 0, 1), (2, 1, 1), (0, 2, 1), (0, 3, 1)]


def test_random_staking_lays_the_last_counters_where_a_stake_is_short() -> None:
    """Three players, one counter each and the dealer two, four cards to cover: there are only
    just enough, so whatever is drawn every card gets one counter."""
    for seed in range(50):
        laid = random_payments(
            Spread(1, 2), [(0, 1), (1, 1), (2, 1), (3, 1)], 3, 0, random.Random(seed)
        )
        assert sorted(index for _, index, _ in laid) == [0, 1, 2, 3]


def test_stakes_of_nothing_leave_every_compartment_free() -> None:
    """Four counters each, the dealer first, on four compartments none of which must be
    covered (stakes of 0): the even staking puts one of each seat's on every compartment, and
    a random one may leave a compartment empty and put a seat's four on one."""
    free = [(0, 0), (1, 0), (2, 0), (3, 0)]
    spread = Spread(4, 4, "dealer-first")
    even = payments(spread, free, 3, 0)
    assert sorted(even) == sorted((seat, index, 1) for seat in range(3) for index in range(4))
    draws = [random_payments(spread, free, 3, 0, random.Random(seed)) for seed in range(200)]
    assert all(sum(amount for _, _, amount in laid) == 12 for laid in draws)
    assert any(len({index for _, index, _ in laid}) < 4 for laid in draws)
    assert any(amount == 4 for laid in draws for _, _, amount in laid)


def test_stakes_of_nothing_are_told_as_a_free_choice() -> None:
    said = sentences(Spread(4, 4, "dealer-first"), "", "Before every deal")
    assert said[0] == (
        "Before every deal, every player, the dealer too, lays four counters on the board, each "
        "on the compartment he chooses: all on one, or spread over several."
    )
    assert said[-1] == "The random staking puts each counter where chance falls."
    covered = sentences(Spread(1, 2), "Ace 1, King 1", "Before every deal")
    assert covered[0] == (
        "Before every deal, every player lays one counter on the board, the dealer 2 counters, "
        "each on the compartment he chooses, so long as each of Ace 1, King 1 is covered."
    )


def test_rules_that_fix_the_stakes_ignore_the_staking() -> None:
    compiled = compile_rules(RULESETS["peel"].rules, 5)
    assert not compiled.staked(make_staking("random"))
    rng = random.Random(3)
    setup = shuffled_deal(compiled, rng, 0)
    state = rng.getstate()
    plain = play_deal(compiled, setup, make_policy("lowest"), random.Random(1))
    staked = play_deal(
        compiled, setup, make_policy("lowest"), random.Random(1), staking=make_staking("random")
    )
    assert plain == staked
    assert rng.getstate() == state


def test_an_unknown_staking_is_named_with_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"^no staking 'fancy' \(stakings: even, random\)$"):
        make_staking("fancy")


# --- the command line ------------------------------------------------------------------------


def stakes_of(text: str) -> list[str]:
    """The ``stakes:`` entries of a written deal file."""
    lines = text.splitlines()
    if "stakes:" not in lines:
        return []
    start = lines.index("stakes:") + 1
    return [line for line in lines[start:] if line.startswith("  - ")]


def test_deal_with_random_staking_is_the_same_twice_and_not_the_even_dressing(
    tmp_path: Path,
) -> None:
    """The same seed deals the same cards under either staking (the stakes are drawn after the
    shuffle); only the stakes differ, and they are written down when not the default's."""
    argv = ["deal", "matrimony-enquire", "--players", "6", "--seed", "11"]
    first = run([*argv, "--staking", "random"], cwd=REPO)
    again = run([*argv, "--staking", "random"], cwd=REPO)
    even = run(argv, cwd=REPO)
    assert first.status == again.status == even.status == 0, first.err
    assert first.out == again.out
    assert stakes_of(even.out) == []
    laid = stakes_of(first.out)
    assert laid and laid != stakes_of(run([*argv[:-1], "12", "--staking", "random"]).out)
    assert first.out.replace("\n".join(["stakes:", *laid]) + "\n", "") == even.out
    dressed = []
    for name, text in (("random", first.out), ("even", even.out)):
        path = tmp_path / f"{name}.yaml"
        path.write_text(text, encoding="utf-8")
        dressed.append(run(["replay", str(path)], cwd=REPO).out.splitlines()[2])
    assert dressed[0].startswith("The board is dressed (seat 0 5, seat 1 4,")
    assert dressed[0] != dressed[1]


def test_a_written_deal_replays_its_stakes(tmp_path: Path) -> None:
    out = tmp_path / "deal.yaml"
    argv = ["deal", "newmarket", "--players", "4", "--seed", "5", "--staking", "random"]
    assert run([*argv, "--out", str(out)], cwd=REPO).status == 0
    told = run(["replay", str(out), "--ascii"], cwd=REPO)
    assert told.status == 0, told.err
    laid = [line.split(", ") for line in stakes_of(out.read_text(encoding="utf-8"))]
    by_seat: Counter[str] = Counter()
    for seat, _, amount in laid:
        by_seat[seat.removeprefix("  - [")] += int(amount.rstrip("]"))
    dressed = told.out.splitlines()[2]
    assert dressed.startswith("The board is dressed (")
    payers = ", ".join(f"seat {seat} {by_seat[str(seat)]}" for seat in range(4))
    assert dressed.startswith(f"The board is dressed ({payers}): ")
    refused = run(["play", str(out), "--staking", "even"], cwd=REPO)
    assert refused.status == 1
    assert refused.err == (
        f"variants: {out}: the file gives the stakes laid; --staking cannot change them\n"
    )


def test_replay_tells_who_laid_what() -> None:
    told = run(["replay", "tests/deals/matrimony-cassell-stakes-as-laid.yaml"], cwd=REPO)
    assert told.status == 0, told.err
    assert told.out.splitlines()[1:7] == [
        "The board is dressed (seat 0 5, seat 1 4, seat 2 4, seat 3 4, seat 4 4): Best 6, "
        "Matrimony 7, Intrigue 1, Confederacy 3, Pair 4.",
        "  Seat 0 (dealer) lays three counters on Matrimony and two on Pair.",
        "  Seat 1 (elder hand) lays four counters on Matrimony.",
        "  Seat 2 lays two counters on Best and two on Pair.",
        "  Seat 3 lays one counter on Intrigue and three on Confederacy.",
        "  Seat 4 lays four counters on Best.",
    ]


def test_game_and_simulate_take_the_staking() -> None:
    game = ["game", "newmarket", "--players", "5", "--seed", "2", "--json"]
    random_game = run([*game, "--staking", "random"], cwd=REPO)
    assert random_game.status == 0, random_game.err
    assert random_game.out == run([*game, "--staking", "random"], cwd=REPO).out
    assert random_game.out != run(game, cwd=REPO).out
    simulate = ["simulate", "matrimony-foster", "--players", "5", "--deals", "300", "--json"]
    staked = run([*simulate, "--staking", "random"], cwd=REPO)
    assert staked.status == 0, staked.err
    assert '"staking": "random"' in staked.out
    assert staked.out != run(simulate, cwd=REPO).out


@pytest.mark.parametrize("command", ["deal", "game", "simulate"])
def test_an_unknown_staking_on_the_command_line(command: str) -> None:
    argv = [command, "newmarket", "--players", "4", "--staking", "fancy"]
    if command == "simulate":
        argv += ["--deals", "10"]
    done = run(argv, cwd=REPO)
    assert done.status == 1
    assert done.out == ""
    assert done.err == "variants: no staking 'fancy' (stakings: even, random)\n"


def test_the_help_names_the_stakings() -> None:
    done = run(["deal", "--help"], cwd=REPO)
    assert done.status == 0
    assert "--staking STAKING" in done.out
    assert "random (each where chance puts it)" in " ".join(done.out.split())
