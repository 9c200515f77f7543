"""A deal played by a person at one seat (``variants.interactive``), as the Play page plays it:
a hand-checked deal of the modern variations' rules, where only the lowest card of a suit may be
led, with the leads offered, the reasons the others are refused, the cards the rules play for
the person, the advice's lead beside each of the person's, and the deal file that replays it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clirun import run

from variants.core.cards import card_name, parse_card, suit_of
from variants.engine.compiled import compile_rules
from variants.interactive import Table, handle
from variants.mechanics.ruleset import Ruleset
from variants.rules.modeljson import dump_json


@pytest.fixture
def table(rulesets: dict[str, Ruleset]) -> Table:
    return Table({rid: dump_json(rulesets[rid]) for rid in ("modern-variations", "peel")})


def legal(state: dict[str, object]) -> list[str]:
    return [c["card"] for c in state["hand"] if c["legal"]]  # type: ignore[attr-defined]


def test_the_person_is_offered_the_lowest_card_of_each_suit_and_told_why_not_the_others(
    table: Table,
) -> None:
    # Seed 1 at three players: seat 0 deals, so the person is seat 1, the elder hand.
    state = table.deal("modern-variations", {}, 3, None, "lowest", 1)
    assert (state["state"], state["dealer"], state["seat"]) == ("your-lead", 0, 1)
    assert [c["card"] for c in state["hand"]] == [
        "2C", "5C", "6C", "QC", "KC", "7D", "10D", "7H", "JH", "KH", "5S", "6S", "JS",
    ]  # fmt: skip
    assert legal(state) == ["2C", "7D", "7H", "5S"]
    refused = {c["card"]: c["why"] for c in state["hand"] if not c["legal"]}
    assert refused["5C"] == "Only the lowest club you hold may be led: 2C."
    assert refused["JS"] == "Only the lowest spade you hold may be led: 5S."
    assert state["sizes"] == [13, 13, 13] and state["spare_size"] == 12
    assert "hands" not in state  # the others' cards stay hidden until the deal is over


def test_the_rules_play_the_persons_next_card_in_a_run_for_it(table: Table) -> None:
    table.deal("modern-variations", {}, 3, None, "lowest", 1)
    state = table.lead("5S")
    # 6S follows from the person's own hand; 7S lies in the dummy hand, so the run stops and
    # the person leads again.
    assert state["lines"][2:] == [
        "Player 1 leads 5♠.",
        "Player 1 follows with 6♠.",
        "The run stops at 6♠: 7♠ must lie in the dummy hand. Player 1 leads.",
    ]
    assert state["state"] == "your-lead"
    assert legal(state) == ["2C", "7D", "7H", "JS"]
    assert state["played"] == ["5S", "6S"]


def test_a_refused_lead_is_an_error_that_says_why(table: Table) -> None:
    table.deal("modern-variations", {}, 3, None, "lowest", 1)
    answer = json.loads(handle(table, json.dumps({"do": "lead", "card": "KC"})))
    assert answer == {"error": "Only the lowest club you hold may be led: 2C."}
    answer = json.loads(handle(table, json.dumps({"do": "lead", "card": "AS"})))
    assert answer == {"error": "you do not hold AS"}
    answer = json.loads(
        handle(table, json.dumps({"do": "deal", "ruleset": "peel", "players": 9, "seed": 1}))
    )
    assert answer == {
        "error": "Pope Joan after W. H. Peel's Round Games with Cards is for 3 to 8 players"
    }


def play_out(table: Table, state: dict[str, object]) -> dict[str, object]:
    """Lead the first card offered until the deal is over."""
    while state["state"] == "your-lead":
        state = table.lead(legal(state)[0])
    return state


def test_the_deal_file_plays_again_as_the_deal_was_played(table: Table, tmp_path: Path) -> None:
    state = table.deal("modern-variations", {}, 3, None, "lowest", 1)
    state = table.lead("5S")
    state = play_out(table, state)
    assert state["state"] == "over"
    deal = tmp_path / "deal.yaml"
    deal.write_text(str(state["deal_file"]), "utf-8")
    played = run(["play", str(deal), "--json"])
    assert played.status == 0, played.err
    assert json.loads(played.out) == state["result"]
    told = run(["replay", str(deal), "--ascii"])
    assert told.status == 0 and "Seat 1 leads 5S" in told.out


def test_each_lead_is_set_beside_the_one_the_advice_would_have_made(table: Table) -> None:
    state = table.deal("modern-variations", {}, 3, None, "lowest", 1)
    state = play_out(table, table.lead("5S"))
    compared = state["compared"]
    assert isinstance(compared, list)
    # These rules give no advice: the advised lead is the lowest card that may be led. At the
    # first lead that is 2C (2C, 7D, 7H and 5S may be led); at the second, 2C again.
    assert compared[0] == {
        "card": "5S",
        "advised": "2C",
        "reason": "the lowest card held: the rules give no advice",
        "seat": 1,
    }
    assert compared[1]["advised"] == "2C"
    assert state["advice"] is False
    persons = [line for line in state["lines"] if line.startswith("Player 1 leads")]
    assert len(compared) == len(persons)


def test_a_seed_deals_the_same_cards_and_the_others_lead_alike(table: Table) -> None:
    first = play_out(table, table.deal("peel", {}, 5, 3, "random", 99))
    again = play_out(table, table.deal("peel", {}, 5, 3, "random", 99))
    assert first == again
    assert first["seat"] == (first["dealer"] + 3) % 5  # Player 3: three places left of the dealer


def test_a_trial_of_options_gives_the_figures_variants_simulate_gives(table: Table) -> None:
    """The Play page's trial plays its deals as ``variants simulate`` does, chunk by chunk from
    the seed, so the defaults' figures there and here are the same numbers."""
    progress = table.trials.start("peel", {"five_pool": "five"}, 5, "random", 3000, 3)
    assert (progress["done"], progress["deals"]) == (0, 3000)
    steps = [table.trials.step() for _ in range(table.trials.chunks())]
    assert [s["done"] for s in steps] == [2000, 3000]
    default, five = steps[-1]["reports"]
    assert steps[-1]["chief"] == "pope"
    simulated = run(
        [
            *("simulate", "peel", "--players", "5", "--deals", "3000", "--seed", "3"),
            *("--jobs", "1", "--policy", "random", "--json"),
        ]
    )
    assert simulated.status == 0, simulated.err
    cli = json.loads(simulated.out)
    for key in ("voided", "net_by_position", "went_out_by_position", "cards_played"):
        assert default[key] == cli[key]
    assert default["compartments"] == cli["compartments"]
    assert sorted(five["compartments"]) == ["ace", "game", "intrigue", "matrimony", "pope"]


def test_the_browser_is_given_the_modules_it_imports_and_no_others() -> None:
    import zipfile
    from io import BytesIO

    from variants.site.playpage import package_zip

    names = set(zipfile.ZipFile(BytesIO(package_zip())).namelist())
    assert {"variants/interactive.py", "variants/analysis/chunks.py"} <= names
    assert "variants/rules/schema/ruleset.schema.json" in names
    # The loader reads YAML and the schema validator; the site needs mkdocs; the runner forks
    # worker processes and handles signals: none is there.
    assert not names & {
        "variants/rules/loader.py",
        "variants/cli/__init__.py",
        "variants/site/pages.py",
        "variants/analysis/runner.py",
        "variants/analysis/pool.py",
    }


def test_a_site_built_without_pyodide_is_refused_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from variants.site.playpage import PyodideMissingError, pyodide_folder

    monkeypatch.setenv("VARIANTS_PYODIDE", str(tmp_path / "none"))
    with pytest.raises(PyodideMissingError) as refused:
        pyodide_folder(tmp_path)
    assert str(refused.value) == (
        f"the Play page needs Pyodide in {tmp_path / 'none'}: run 'npm ci' in the project "
        "folder (scripts/test and scripts/serve do), or set $VARIANTS_PYODIDE to its folder"
    )


@pytest.mark.parametrize(
    ("ruleset_id", "players", "seed"),
    [("peel", 3, 5), ("cassell", 4, 2), ("hoffmann", 3, 9), ("comete", 4, 1)],
)
def test_a_whole_game_comes_to_the_totals_variants_game_gives(
    rulesets: dict[str, Ruleset], ruleset_id: str, players: int, seed: int
) -> None:
    """Deal after deal, the deal passing to the left and the board carried over (Cassell's and
    Hoffmann's games end with a closing deal), the person leading the lowest card as the
    others do: every deal's and the game's counters are those of ``variants game``."""
    table = Table({ruleset_id: dump_json(rulesets[ruleset_id])})
    compiled = compile_rules(rulesets[ruleset_id].rules, players)
    state = table.deal(ruleset_id, {}, players, None, "lowest", seed)
    nets: list[list[int]] = []
    while True:
        while state["state"] == "your-lead":
            cards = [parse_card(c) for c in legal(state)]
            card = min(cards, key=lambda c: (compiled.rank_pos[c], suit_of(c)))
            state = table.lead(card_name(card))
        nets.append(state["result"]["net"])
        if state["game"]["over"]:
            break
        state = json.loads(handle(table, json.dumps({"do": "next"})))
        assert state["game"]["number"] == len(nets) + 1
    command = ["game", ruleset_id, "--players", str(players), "--seed", str(seed)]
    expected = json.loads(run([*command, "--policy", "lowest", "--json"]).out)
    assert nets == [deal["net"] for deal in expected["deals"]]
    assert state["game"]["totals"] == expected["totals"]
    assert state["game"]["number"] == state["game"]["count"] == len(expected["deals"])
    assert bool(state["game"]["closing"]) == (ruleset_id in ("cassell", "hoffmann"))


def test_the_next_deal_waits_for_the_last_to_end(table: Table) -> None:
    table.deal("peel", {}, 3, None, "lowest", 5)
    assert json.loads(handle(table, json.dumps({"do": "next"}))) == {
        "error": "the deal is not over"
    }


def test_two_people_at_one_screen_lead_each_in_turn_from_their_own_hands(table: Table) -> None:
    """Pass and play: the person at the elder hand and the one on his left both lead from
    their own hands, each told apart by the seat the page shows; the others follow the
    policy; each person's leads are set beside the advice under his own seat."""
    state = table.deal("peel", {}, 4, None, "lowest", 3, 2)
    assert state["people"] == [1, 2]
    turns: list[int] = []
    while state["state"] == "your-lead":
        turns.append(state["seat"])
        assert len(state["hand"]) == state["sizes"][state["seat"]]
        state = table.lead(legal(state)[0])
    assert set(turns) == {1, 2}
    assert [c["seat"] for c in state["compared"]] == turns
    with pytest.raises(ValueError, match="from 1 to the 4 players"):
        table.deal("peel", {}, 4, None, "lowest", 3, 5)
