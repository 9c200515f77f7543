"""Every enum of the ruleset schema is one ``Literal`` of the model, and no value is guessed.

The engine, the checks and the English branch on a rule's value with ``match`` statements that end
in ``assert_never``, so that ``mypy --strict`` names every place a new value must reach. That
holds only while each model field that carries an enum value is typed with a ``Literal`` of
exactly the schema's values: these tests tie the two together, in both directions, and show that
a value the code does not know stops it instead of being read as another.
"""

from __future__ import annotations

import dataclasses
import inspect
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal, NamedTuple, get_args, get_origin, get_type_hints

import pytest

from variants.core.cards import SUITS
from variants.engine import events
from variants.engine.compiled import compile_rules, dressing_payments
from variants.engine.deal import trump_of
from variants.engine.game import play_game
from variants.engine.policies import make_policy
from variants.mechanics import MECHANICS, Win, build_win, ruleset
from variants.mechanics.base import PaidFor, WonBy
from variants.mechanics.bonus import Bonus, BonusCounted
from variants.mechanics.combination import BestWin, Otherwise, PairChoice, RankPairWin
from variants.mechanics.declared import DeclaredPairs
from variants.mechanics.declared import When as DeclaredWhen
from variants.mechanics.going_out import Counted
from variants.mechanics.held_payments import HeldPayment, PaidBy
from variants.mechanics.held_payments import When as HeldWhen
from variants.mechanics.holders import HolderPays, HolderRule
from variants.mechanics.pair import DifferentSeats, OddCounter, PairWin
from variants.mechanics.passing import Direction, Passing
from variants.mechanics.played_at_stop import PlayedAtStop, When
from variants.mechanics.ruleset import (
    AdvicePreference,
    Alternative,
    ClosingDeal,
    Compartment,
    Deal,
    Dealer,
    DealStyle,
    Dressing,
    DressingWhen,
    FirstDealer,
    Game,
    GameWinner,
    GoingOut,
    Interpretation,
    InterpretationKind,
    LeadRule,
    Payer,
    PerPlayer,
    Play,
    Preference,
    Rules,
    StakingName,
    Stop,
    StopCause,
    Trump,
    TrumpChoice,
    TurnUp,
    TurnUpCard,
    TurnUpFate,
)
from variants.mechanics.spare_seen import SeenBy
from variants.mechanics.spread import Order, Spread
from variants.mechanics.stock import StockEnd, StockSetAside
from variants.mechanics.unplayed_penalty import UnplayedPenalty
from variants.mechanics.vying import Raising, VyingWin
from variants.mechanics.with_another import Joins, WithAnother
from variants.rules.dealplan import plan_deal
from variants.rules.loader import load_ruleset, ruleset_schema
from variants.site import describe

REPO = Path(__file__).resolve().parent.parent


class Tie(NamedTuple):
    """A schema enum, the model field that holds its value, and the field's ``Literal``."""

    model: type
    field: str
    literal: Any
    also: tuple[Any, ...] = ()
    """Values the field holds as something other than the ``Literal`` (a suit as its index)."""


COMPARTMENT = "rules.board.compartments[]"

TIES: dict[str, Tie] = {
    "rules.first_dealer.method": Tie(Dealer, "method", FirstDealer),
    "rules.deal.style": Tie(Deal, "style", DealStyle),
    "rules.turn_up.card": Tie(TurnUp, "card", TurnUpCard),
    "rules.turn_up.fate": Tie(TurnUp, "fate", TurnUpFate),
    "rules.trump.suit": Tie(Trump, "suit", TrumpChoice, also=SUITS),
    f"{COMPARTMENT}.win.different_seats": Tie(PairWin, "different_seats", DifferentSeats),
    f"{COMPARTMENT}.win.odd_counter": Tie(PairWin, "odd_counter", OddCounter),
    f"{COMPARTMENT}.win.pair": Tie(RankPairWin, "choice", PairChoice),
    f"{COMPARTMENT}.win.otherwise": Tie(BestWin, "otherwise", Otherwise),
    f"{COMPARTMENT}.win.raising": Tie(VyingWin, "raising", Raising),
    f"{COMPARTMENT}.bonus.counted": Tie(Bonus, "counted", BonusCounted),
    f"{COMPARTMENT}.unplayed_penalty": Tie(Compartment, "unplayed_penalty", UnplayedPenalty),
    "rules.dressing.payer": Tie(Dressing, "payer", Payer),
    "rules.dressing.when": Tie(Dressing, "when", DressingWhen),
    "rules.dressing.spread.order": Tie(Spread, "order", Order),
    "rules.play.lead": Tie(Play, "lead", LeadRule),
    "rules.play.stops{key}": Tie(Stop, "cause", StopCause),
    "rules.going_out.counted": Tie(GoingOut, "counted", Counted),
    "rules.going_out.holders[].pays": Tie(HolderRule, "pays", HolderPays),
    "rules.play.with_another.joins": Tie(WithAnother, "joins", Joins),
    "rules.play.passing.to": Tie(Passing, "to", Direction),
    "rules.play.declared.when": Tie(DeclaredPairs, "when", DeclaredWhen),
    "rules.play.played_at_stop.when": Tie(PlayedAtStop, "when", When),
    "rules.play.held_payments[].when": Tie(HeldPayment, "when", HeldWhen),
    "rules.play.held_payments[].paid": Tie(HeldPayment, "paid", PaidBy),
    "rules.game.deals": Tie(Game, "deals", PerPlayer),
    "rules.deal.stock.from": Tie(StockSetAside, "end", StockEnd),
    "rules.deal.spare_seen_by": Tie(Deal, "spare_seen_by", SeenBy),
    "rules.game.closing_deal": Tie(Game, "closing_deal", ClosingDeal),
    "rules.game.winner": Tie(Game, "winner", GameWinner),
    "rules.advice.preferences[].prefer": Tie(Preference, "prefer", AdvicePreference),
    "interpretations[].kind": Tie(Interpretation, "kind", InterpretationKind),
    "interpretations[].alternatives[].staking": Tie(Alternative, "staking", StakingName),
}
"""Each schema enum or constant that the model holds as a value, by where it sits in a ruleset."""

NOT_VALUES: dict[str, str] = {
    "$defs.suit": "a suit letter, held as its index (tied to cards.SUITS below)",
    f"{COMPARTMENT}.win.going_out": "the flag that makes going out the win (see test_win_ways)",
    f"{COMPARTMENT}.win.vying": "the flag that makes vying the win (see test_win_ways)",
    "rules.deal.stock.remainder": "the flag that makes the leftovers the stock (StockRemainder)",
    "id(not)": "the ids the site keeps for its own pages (tested in test_hostile_rulesets)",
}
"""Schema enums and constants that are not a rule's value held in the model."""


def schema_enums(node: Any, path: str) -> Iterator[tuple[str, tuple[Any, ...]]]:
    """Every ``enum`` and ``const`` in a schema, with where its value sits in a ruleset."""
    if isinstance(node, list):
        for child in node:
            yield from schema_enums(child, path)
        return
    if not isinstance(node, dict):
        return
    if "enum" in node:
        yield path, tuple(node["enum"])
    if "const" in node:
        yield path, (node["const"],)
    for key, child in node.items():
        match key:
            case "properties":
                for name, sub in child.items():
                    yield from schema_enums(sub, f"{path}.{name}" if path else name)
            case "$defs":
                for name, sub in child.items():
                    yield from schema_enums(sub, f"$defs.{name}")
            case "items":
                yield from schema_enums(child, f"{path}[]")
            case "propertyNames":
                yield from schema_enums(child, f"{path}{{key}}")
            case "additionalProperties":
                yield from schema_enums(child, f"{path}{{value}}")
            case "anyOf" | "oneOf" | "allOf":
                yield from schema_enums(child, path)
            case "enum" | "const":
                pass
            case _:
                yield from schema_enums(child, f"{path}({key})")


FOUND = list(schema_enums(ruleset_schema(), ""))
ENUMS = dict(FOUND)


def test_the_walk_finds_the_schemas_enums() -> None:
    assert ENUMS["rules.deal.style"] == (
        "equal-with-spare",
        "all-around",
        "all-to-players",
        "fixed-table",
        "equal-with-stock",
        "down-and-up",
    )
    assert ENUMS["rules.game.deals"] == ("per-player",)
    assert ENUMS["rules.play.stops{key}"][0] == "king"
    assert len(ENUMS) == len(FOUND), "two enums at one place"


def test_every_schema_enum_is_tied_to_the_model() -> None:
    assert sorted(ENUMS) == sorted([*TIES, *NOT_VALUES])


@pytest.mark.parametrize("where", sorted(TIES))
def test_each_enum_is_its_fields_literal(where: str) -> None:
    tie = TIES[where]
    assert get_origin(tie.literal) is Literal
    assert sorted(ENUMS[where]) == sorted([*get_args(tie.literal), *tie.also])
    hint = get_type_hints(tie.model)[tie.field]
    assert hint == tie.literal or tie.literal in get_args(hint), (tie.model, tie.field, hint)


def test_suit_letters_are_the_cards_suits() -> None:
    assert ENUMS["$defs.suit"] == SUITS


def test_win_ways() -> None:
    """Each way to win that ``win``'s ``oneOf`` names is built as one class of the ``Win`` union."""
    win = ruleset_schema()["properties"]["rules"]["properties"]["board"]["properties"]
    win = win["compartments"]["items"]["properties"]["win"]
    keys = [key for choice in win["oneOf"] for key in choice["required"]]
    samples = {
        "card": "9D",
        "trump": "K",
        "trumps": ["Q", "K"],
        "cards": ["KD", "QD"],
        "going_out": True,
        "ranks": ["K", "Q"],
        "pair": "highest",
        "best": "AD",
        "held_trumps": ["K", "Q"],
        "sequence": 3,
        "vying": True,
    }
    assert sorted(keys) == sorted(samples)
    assert set(keys) <= set(win["properties"])
    built = [type(build_win({key: samples[key]})) for key in keys]
    assert len(set(built)) == len(keys)
    assert set(built) == set(get_args(Win))


MODEL_MODULES = (ruleset, *MECHANICS)
"""The model: its blocks, and each mechanic's part of it."""
EVENT_WORDS = {"How", "Reason"}
"""A mechanic's words for the log (how a compartment is won, what a payment is for), tied to
the events in test_the_log_speaks_of_the_mechanics."""


def _model_classes() -> list[type]:
    return [
        value
        for module in MODEL_MODULES
        for value in vars(module).values()
        if inspect.isclass(value)
        and dataclasses.is_dataclass(value)
        and value.__module__ == module.__name__
        and value.__name__ not in EVENT_CLASSES
    ]


EVENT_CLASSES = {"Exempted", "Penalty", "DealVoided"}
"""The events a mechanic declares (they belong to the log, not to the model)."""


def _literals(hint: Any) -> Iterator[Any]:
    if get_origin(hint) is Literal:
        yield hint
    for arg in get_args(hint):
        yield from _literals(arg)


def test_every_literal_in_the_model_holds_a_schema_enum() -> None:
    tied = {(tie.model, tie.field) for tie in TIES.values()}
    found = {
        (model, name)
        for model in _model_classes()
        for name, hint in get_type_hints(model).items()
        # a field a model inherits (a pair of named cards' qualifiers) is tied through its base
        if any(_literals(hint)) and name in vars(model).get("__annotations__", {})
    }
    assert found == tied
    for module in MODEL_MODULES:
        aliases = {
            name
            for name, value in vars(module).items()
            if get_origin(value) is Literal and name not in EVENT_WORDS
        }
        named = {
            name
            for name, value in vars(module).items()
            if any(value is tie.literal for tie in TIES.values())
        }
        assert aliases == named, module.__name__


def test_the_log_speaks_of_the_rules_stop_causes() -> None:
    assert events.StopCause is ruleset.StopCause
    assert get_type_hints(events.Stopped)["cause"] == StopCause


def _values(hint: Any) -> set[Any]:
    return {value for literal in _literals(hint) for value in get_args(literal)}


def test_the_log_speaks_of_the_mechanics() -> None:
    """How a compartment is won and what a payment is for are the mechanics' words."""
    ways = {id(v): v for m in MECHANICS for v in vars(m).values() if isinstance(v, WonBy)}
    assert len({way.key for way in ways.values()}) == len(ways) >= 8
    assert get_type_hints(events.CompartmentWon)["how"] is WonBy
    kinds = [value for m in MECHANICS for value in vars(m).values() if isinstance(value, PaidFor)]
    assert len({kind.key for kind in kinds}) == len(kinds) >= 5
    assert get_type_hints(events.Paid)["reason"] is PaidFor
    union = set(get_args(events.Event))
    assert {events.Exempted, events.Penalty, events.DealVoided} <= union


# --------------------------------------------------------------------------------------------
# A value the code does not know stops it: nothing reads it as the last value it knows.

PEEL = REPO / "rulesets" / "peel.yaml"


@pytest.fixture(scope="module")
def peel() -> Rules:
    return load_ruleset(PEEL).rules


def _with(rules: Rules, block: str, **changes: Any) -> Rules:
    return dataclasses.replace(
        rules, **{block: dataclasses.replace(getattr(rules, block), **changes)}
    )


def test_an_unknown_deal_style_is_not_dealt_as_a_fixed_table(peel: Rules) -> None:
    with pytest.raises(AssertionError):
        plan_deal(_with(peel, "deal", style="round-robin"), 4)
    with pytest.raises(AssertionError):
        describe.deal_summary(_with(peel, "deal", style="round-robin"))


def test_an_unknown_payer_does_not_pay_from_a_pool(peel: Rules) -> None:
    compiled = compile_rules(_with(peel, "dressing", payer="elder"), 4)
    with pytest.raises(AssertionError):
        dressing_payments(compiled, 0, 0)
    with pytest.raises(AssertionError):
        describe.dressing_summary(compiled.rules)


def test_an_unknown_turn_up_fate_is_not_left_on_the_table(peel: Rules) -> None:
    with pytest.raises(AssertionError):
        plan_deal(_with(peel, "turn_up", fate="burnt"), 4)


def test_an_unknown_trump_rule_is_not_a_suit(peel: Rules) -> None:
    with pytest.raises(AssertionError):
        trump_of(compile_rules(_with(peel, "trump", suit="highest"), 4), 0)


def test_an_unknown_first_dealer_method_draws_no_cards(peel: Rules) -> None:
    rules = _with(peel, "first_dealer", method="eldest")
    with pytest.raises(AssertionError):
        play_game(rules, 4, make_policy("lowest"), random.Random(1))


def test_an_unknown_stop_cause_has_no_words(peel: Rules) -> None:
    with pytest.raises(AssertionError):
        describe.stop_sentence("fell", peel)
    with pytest.raises(AssertionError):
        describe.stops_summary(_with(peel, "play", stops=(Stop("fell", ()), *peel.play.stops)))


def test_stops_are_summed_up_in_the_order_of_their_causes(peel: Rules) -> None:
    backwards = _with(peel, "play", stops=peel.play.stops[::-1])
    assert describe.stops_summary(backwards) == (
        "kings; below a removed card; below the turn-up; below an unseen card; below a played card"
    )
