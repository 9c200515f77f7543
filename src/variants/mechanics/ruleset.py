"""The typed, frozen model of a ruleset, built from data the loader has already validated.

Everything downstream (engine, narration, site, statistics) reads these objects; nothing
downstream reads raw mappings. Options are named patches on the rules: :meth:`Ruleset.rules_for`
applies the chosen values and returns the resolved :class:`Rules`.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Literal, assert_never

from ..core.cards import parse_card, parse_rank, parse_suit
from ..core.citations import Citation as Citation
from ..core.citations import Provenance as Provenance
from ..core.citations import build_citation as build_citation
from ..core.citations import build_provenance as build_provenance
from . import (
    Win,
    bonus,
    build_win,
    by_rank,
    contributions,
    declared,
    held_payments,
    in_lieu,
    passing,
    payments,
    played_at_stop,
    showing,
    spread,
    stock,
    turn_up_payout,
    with_another,
)
from .bonus import Bonus
from .by_rank import ByRank
from .contributions import Contributions
from .declared import DeclaredPairs
from .going_out import Counted
from .held_payments import HeldPayment
from .holders import HolderRule
from .holders import build as build_holder
from .in_lieu import InLieu
from .passing import Passing
from .payments import CardPayment
from .played_at_stop import PlayedAtStop
from .showing import Showing
from .spare_seen import SeenBy
from .spread import Spread
from .stock import Stock
from .turn_up_payout import TurnUpPayout
from .unplayed_penalty import UnplayedPenalty, doubles
from .with_another import WithAnother

Raw = Mapping[str, Any]


COMPLETE_TEXT = "complete text"
INCOMPLETE_TEXT = "text incomplete"
MODERN_PAGE = "modern page"


def supplied_label(supplied: int, from_others: int = 0) -> str:
    """How many rules had to be supplied (interpretations that give a rule the text does not),
    and how many of those were taken from other sources.

    >>> supplied_label(0), supplied_label(1), supplied_label(9, 6)
    ('no rule supplied', '1 rule supplied', '9 rules supplied, 6 from other sources')
    """
    if supplied == 0:
        return "no rule supplied"
    said = f"{supplied} rule{'' if supplied == 1 else 's'} supplied"
    return f"{said}, {from_others} from other sources" if from_others else said


def status_label(ruleset: Ruleset, modern: bool = False) -> str:
    """The ruleset's status in a few words: whether the copy is whole (or, ``modern``, a modern
    page, cited and not reproduced), and what was supplied."""
    copy = COMPLETE_TEXT if ruleset.source.complete else INCOMPLETE_TEXT
    copy = MODERN_PAGE if modern else copy
    return f"{copy}, {supplied_label(ruleset.supplied_count, ruleset.supplied_elsewhere)}"


class OptionError(ValueError):
    """An unknown option, or a value the option does not allow."""


@dataclass(frozen=True)
class Players:
    min: int
    max: int
    provenance: Provenance
    interpretation: str | None = None

    @property
    def counts(self) -> range:
        return range(self.min, self.max + 1)


@dataclass(frozen=True)
class Pack:
    ranks: tuple[int, ...]
    """Canonical rank indices from lowest to highest."""
    removed: tuple[int, ...]
    provenance: Provenance
    interpretation: str | None = None

    @property
    def cards(self) -> tuple[int, ...]:
        """Every card in play, in canonical order."""
        gone = set(self.removed)
        return tuple(card for card in range(52) if card not in gone)

    @property
    def top_rank(self) -> int:
        return self.ranks[-1]


# The values of the schema's enums, one alias each (a test ties every one to its enum), so that
# every branch on a rule's value can be a ``match`` that mypy checks for a missing case.
FirstDealer = Literal["lowest-card", "first-jack", "agreed"]
DealStyle = Literal[
    "equal-with-spare",
    "all-around",
    "all-to-players",
    "fixed-table",
    "equal-with-stock",
    "down-and-up",
]
TurnUpCard = Literal["none", "last-dealt", "dealer-last", "stock-top"]
TurnUpFate = Literal["table", "dealer", "holder"]
TrumpChoice = Literal["turn-up", "none"]
"""A trump rule other than a fixed suit (a fixed suit is held as its index, 0-3)."""
Payer = Literal["each-player", "dealer", "banker", "shares", "contributions", "spread"]
DressingWhen = Literal["every-deal", "first-deal"]
StakingName = Literal["even", "random"]
"""The staking policies (:mod:`variants.engine.staking`) an interpretation's alternative may
name as the one that plays it."""
StopCause = Literal["king", "removed", "turn-up", "unseen", "played", "held"]
LeadRule = Literal["any", "lowest-in-suit"]
PerPlayer = Literal["per-player"]
ClosingDeal = Literal["none", "face-up"]
GameWinner = Literal["most-counters"]
InterpretationKind = Literal["silent", "ambiguous", "contradictory", "lost"]
AdvicePreference = Literal[
    "known-stop",
    "safe-run",
    "chief-card",
    "prize-nothing-leads-to",
    "rich-compartment",
    "nothing-leads-to",
    "lowest-of-longest-suit",
    "sequence",
    "longest-run",
]
RICH_STAKE = 5
"""Counters on a compartment that make it rich for the advice ``rich-compartment``."""


@dataclass(frozen=True)
class Dealer:
    method: FirstDealer
    provenance: Provenance
    interpretation: str | None = None


@dataclass(frozen=True)
class Deal:
    style: DealStyle
    spare_name: str
    table: tuple[tuple[int, int], ...]
    """(players, cards each) rows, for fixed-table."""
    provenance: Provenance
    interpretation: str | None = None
    stock: Stock | None = None
    """For equal-with-stock: how large the stock is (:mod:`variants.mechanics.stock`)."""
    spare_seen_by: SeenBy = "nobody"
    """Who may look at the spare cards (:mod:`variants.mechanics.spare_seen`)."""
    dealer_sits_out: bool = False
    """Whether the dealer is dealt no cards (:mod:`variants.mechanics.spare_seen`)."""
    down: int = 0
    """For down-and-up: the cards each player is dealt face down before one face up
    (:mod:`variants.mechanics.down_and_up`)."""

    def cards_each(self, players: int) -> int | None:
        return dict(self.table).get(players)


@dataclass(frozen=True)
class TurnUp:
    card: TurnUpCard
    fate: TurnUpFate
    provenance: Provenance
    interpretation: str | None = None

    @property
    def turned(self) -> bool:
        """Whether a card is turned up at all."""
        card = self.card
        match card:
            case "none":
                return False
            case "last-dealt" | "dealer-last" | "stock-top":
                return True
            case _:
                assert_never(card)


@dataclass(frozen=True)
class Trump:
    suit: int | TrumpChoice
    provenance: Provenance
    interpretation: str | None = None


@dataclass(frozen=True)
class Compartment:
    id: str
    label: str
    win: Win
    turn_up: TurnUpPayout | None
    bonus: Bonus | None
    unplayed_penalty: UnplayedPenalty
    provenance: Provenance
    interpretation: str | None = None
    pool_card: int | None = None
    """The card the compartment stands for, turned up in the middle of the table
    (:mod:`variants.mechanics.pool`)."""

    @property
    def holder_doubles(self) -> bool:
        """Whether a seat left holding its card when someone goes out doubles it."""
        return doubles(self.unplayed_penalty)


@dataclass(frozen=True)
class Board:
    compartments: tuple[Compartment, ...]
    carry_over: bool
    provenance: Provenance
    interpretation: str | None = None
    pool_drawn: bool = False
    """Whether the pool cards are drawn afresh every deal (:mod:`variants.mechanics.pool`)."""

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.compartments)

    def get(self, compartment_id: str) -> Compartment:
        for compartment in self.compartments:
            if compartment.id == compartment_id:
                return compartment
        raise KeyError(compartment_id)


@dataclass(frozen=True)
class Shares:
    dealer: int
    others: int
    total_at_least: int

    def unit(self, players: int) -> int:
        """The smallest whole share that makes the pool reach its minimum."""
        units = self.dealer + self.others * (players - 1)
        return -(-self.total_at_least // units)

    def pool(self, players: int) -> int:
        """The counters in the pool: a unit for every share."""
        return self.unit(players) * (self.dealer + self.others * (players - 1))


@dataclass(frozen=True)
class Dressing:
    payer: Payer
    stakes: tuple[tuple[str, int], ...]
    shares: Shares | None
    remainder_to: str | None
    when: DressingWhen
    provenance: Provenance
    interpretation: str | None = None
    contributions: Contributions | None = None
    """For payer contributions (:mod:`variants.mechanics.contributions`)."""
    others_stakes: tuple[tuple[str, int], ...] = ()
    """What each player but the dealer also stakes (:mod:`variants.mechanics.others_stakes`)."""
    spread: Spread | None = None
    """For payer spread (:mod:`variants.mechanics.spread`)."""

    @property
    def every_deal(self) -> bool:
        """Whether the board is dressed before every deal (else before the first only)."""
        when = self.when
        match when:
            case "every-deal":
                return True
            case "first-deal":
                return False
            case _:
                assert_never(when)

    @property
    def by_banker(self) -> bool:
        """Whether a banker (the first dealer, whoever deals) dresses the board: the only
        rules with a banker."""
        return banker_dresses(self.payer)


def banker_dresses(payer: Payer) -> bool:
    """Whether the board is dressed by a banker, the first dealer, whoever deals."""
    match payer:
        case "banker":
            return True
        case "each-player" | "dealer" | "shares" | "contributions" | "spread":
            return False
        case _:
            assert_never(payer)


@dataclass(frozen=True)
class Stop:
    cause: StopCause
    provenance: Provenance
    interpretation: str | None = None


@dataclass(frozen=True)
class Play:
    lead: LeadRule
    lead_only: tuple[str, ...]
    announce_stop: bool
    stops: tuple[Stop, ...]
    provenance: Provenance
    interpretation: str | None = None
    in_lieu: InLieu | None = None
    """The card that may stand in for a stop's missing card (:mod:`variants.mechanics.in_lieu`)."""
    payments: tuple[CardPayment, ...] = ()
    """Payments for a card played (:mod:`variants.mechanics.payments`)."""
    with_another: WithAnother | None = None
    """The card whose player may play another with it (:mod:`variants.mechanics.with_another`)."""
    played_at_stop: PlayedAtStop | None = None
    """The card played when a run stops (:mod:`variants.mechanics.played_at_stop`)."""
    passing: Passing | None = None
    """The turn passing when a player cannot continue a run (:mod:`variants.mechanics.passing`)."""
    declared: DeclaredPairs | None = None
    """A pair's holder showing it after a stop (:mod:`variants.mechanics.declared`)."""
    held_payments: tuple[HeldPayment, ...] = ()
    """Payments for cards held (:mod:`variants.mechanics.held_payments`)."""
    by_rank: ByRank | None = None
    """Runs by rank, in any suit (:mod:`variants.mechanics.by_rank`)."""
    showing: Showing | None = None
    """The hands shown instead of played (:mod:`variants.mechanics.showing`); a ruleset that
    shows them gives no lead rule (``lead`` is then ``any``, unused) and no stops."""

    @property
    def in_runs(self) -> bool:
        """Whether cards are played, in runs; else the hands are shown, and nobody leads, plays
        a card or goes out."""
        return self.showing is None

    @property
    def suits_apart(self) -> bool:
        """Whether a run keeps to one suit; else any card of the next rank continues it, in
        any suit (:mod:`variants.mechanics.by_rank`)."""
        return self.by_rank is None

    @property
    def any_lead(self) -> bool:
        """Whether any card may be led (else only the lowest held of a suit)."""
        lead = self.lead
        match lead:
            case "any":
                return True
            case "lowest-in-suit":
                return False
            case _:
                assert_never(lead)


@dataclass(frozen=True)
class GoingOut:
    per_card: int
    holders: tuple[HolderRule, ...]
    provenance: Provenance
    interpretation: str | None = None
    counted: Counted = "cards"
    """What each seat pays for: its cards left, or their points (:mod:`.going_out`)."""


@dataclass(frozen=True)
class Game:
    deals: int | PerPlayer
    closing_deal: ClosingDeal
    winner: GameWinner
    provenance: Provenance
    interpretation: str | None = None

    def deal_count(self, players: int) -> int:
        deals = self.deals
        match deals:
            case "per-player":
                return players
            case int():
                return deals
            case _:
                assert_never(deals)


@dataclass(frozen=True)
class Preference:
    """One preference of a source's play advice: a kind of lead it would have made first."""

    prefer: AdvicePreference
    provenance: Provenance
    interpretation: str | None = None


@dataclass(frozen=True)
class Advice:
    """What a source advises a player to lead: its preferences in order."""

    preferences: tuple[Preference, ...]
    provenance: Provenance
    interpretation: str | None = None


@dataclass(frozen=True)
class Rules:
    """One fully resolved set of rules: the defaults with any options applied."""

    players: Players
    pack: Pack
    first_dealer: Dealer
    deal: Deal
    turn_up: TurnUp
    trump: Trump
    board: Board
    dressing: Dressing
    play: Play
    going_out: GoingOut
    game: Game
    advice: Advice | None = None
    """The source's play advice, when it gives any."""


@dataclass(frozen=True)
class OptionValue:
    value: str
    label: str
    patches: tuple[tuple[str, str], ...]
    """(dotted path, JSON-encoded value) pairs, applied in order."""


@dataclass(frozen=True)
class Option:
    id: str
    label: str
    default: str
    values: tuple[OptionValue, ...]
    provenance: Provenance
    interpretation: str | None = None

    def value(self, name: str) -> OptionValue:
        for value in self.values:
            if value.value == name:
                return value
        allowed = ", ".join(v.value for v in self.values)
        raise OptionError(f"option {self.id!r} has no value {name!r} (allowed: {allowed})")


@dataclass(frozen=True)
class Alternative:
    reading: str
    option: str | None
    value: str | None
    staking: StakingName | None = None
    """The staking policy that plays this reading, where the players choose their stakes."""


@dataclass(frozen=True)
class Interpretation:
    id: str
    kind: InterpretationKind
    question: str
    reading: str
    alternatives: tuple[Alternative, ...]
    provenance: Provenance
    supplied_by: Provenance = ()
    """Where the reading is taken from, in any source file, when the text does not give it."""

    @property
    def supplies(self) -> bool:
        """Whether the reading gives a rule the text does not: one the source never states
        (silent) or one its copy has lost. The others choose between readings of words that are
        there."""
        kind = self.kind
        match kind:
            case "silent" | "lost":
                return True
            case "ambiguous" | "contradictory":
                return False
            case _:
                assert_never(kind)

    @property
    def lost(self) -> bool:
        """Whether the passage is missing from the copy."""
        return self.kind == "lost"


HOME_GAME = "Pope Joan"
"""The game a source describes unless it names another (``source.game``): the one the family
of games is named for, whose relatives are compared with it."""


@dataclass(frozen=True)
class SourceFile:
    name: str
    lines: int
    part: str | None


@dataclass(frozen=True)
class Gap:
    """A passage missing from the copy: after line ``after`` or before line ``before``."""

    file: str
    after: int | None
    before: int | None
    missing: str
    outside: bool = False
    """Whether the gap is in a part of the file the ruleset does not follow."""

    @property
    def where(self) -> str:
        """The gap's place in words.

        >>> Gap("a.txt", 12, None, "the deal").where, Gap("a.txt", None, 1, "x").where
        ('after line 12', 'before line 1')
        """
        return (
            f"after line {self.after}" if self.after is not None else f"before line {self.before}"
        )


@dataclass(frozen=True)
class Source:
    author: str
    title: str
    kind: str
    date: str
    place: str
    extent: str
    files: tuple[SourceFile, ...]
    complete: bool = True
    """Whether the copy is whole; when not, :attr:`gaps` says where it is broken."""
    gaps: tuple[Gap, ...] = ()
    year: int | None = None
    """Where the source falls on the timeline (its date says how precisely), if given."""
    game: str = HOME_GAME
    """The game the text describes: Pope Joan, or a relative of it (Spin)."""


@dataclass(frozen=True)
class Ruleset:
    id: str
    title: str
    summary: str
    source: Source
    options: tuple[Option, ...]
    interpretations: tuple[Interpretation, ...]
    raw_rules: str = field(repr=False)
    """The validated rules as JSON text: what option patches apply to."""
    path: str = ""
    document: str = field(default="", repr=False, compare=False)
    """The whole validated document as JSON text: what :mod:`variants.rules.modeljson` saves."""
    short_title: str | None = None
    """The name where room is short (the site's navigation and table heads), if given."""
    combinations: tuple[Combination, ...] = ()
    """Option values worth measuring together, as the ruleset declares them."""

    @property
    def short_name(self) -> str:
        """The name where room is short: its :attr:`short_title`, which the schema holds to
        letters, digits, spaces and ``. , ' ( ) -`` (the site's theme prints nav titles as
        they stand), or else made from its id: ``newmarket`` gives ``Newmarket``."""
        return self.short_title or name_for_id(self.id)

    @cached_property
    def rules(self) -> Rules:
        """The rules with every option at its default."""
        return self.rules_for({})

    def option(self, option_id: str) -> Option:
        for option in self.options:
            if option.id == option_id:
                return option
        known = ", ".join(o.id for o in self.options) or "none"
        raise OptionError(f"ruleset {self.id!r} has no option {option_id!r} (options: {known})")

    def choices(self, overrides: Mapping[str, str] | None = None) -> dict[str, str]:
        """Every option's value: the defaults, overridden and checked."""
        chosen = {option.id: option.default for option in self.options}
        for key, value in (overrides or {}).items():
            self.option(key).value(str(value))
            chosen[key] = str(value)
        return chosen

    def rules_for(self, overrides: Mapping[str, str] | None = None) -> Rules:
        chosen = self.choices(overrides)
        return _resolve(self.raw_rules, tuple(sorted(chosen.items())), self.options)

    def rules_data(self, overrides: Mapping[str, str] | None = None) -> dict[str, Any]:
        """The rules under ``overrides`` as data: what :meth:`rules_for` builds its model from."""
        chosen = self.choices(overrides)
        return patched(self.raw_rules, tuple(sorted(chosen.items())), self.options)

    def interpretation(self, interpretation_id: str) -> Interpretation:
        for item in self.interpretations:
            if item.id == interpretation_id:
                return item
        raise KeyError(interpretation_id)

    @property
    def supplied_count(self) -> int:
        """How many interpretations supply a rule the text does not give."""
        return sum(1 for item in self.interpretations if item.supplies)

    @property
    def supplied_elsewhere(self) -> int:
        """Of those, how many take their reading from another source (``supplied_by``)."""
        return sum(1 for item in self.interpretations if item.supplies and item.supplied_by)


_RESOLVED: dict[tuple[str, tuple[tuple[str, str], ...]], Rules] = {}


def _resolve(
    raw_rules: str, chosen: tuple[tuple[str, str], ...], options: tuple[Option, ...]
) -> Rules:
    key = (raw_rules, chosen)
    cached = _RESOLVED.get(key)
    if cached is None:
        cached = _RESOLVED[key] = build_rules(patched(raw_rules, chosen, options))
    return cached


def patched(
    raw_rules: str, chosen: tuple[tuple[str, str], ...], options: tuple[Option, ...]
) -> dict[str, Any]:
    """The rules as data, each option's patches for its ``chosen`` value applied."""
    values = dict(chosen)
    data: dict[str, Any] = json.loads(raw_rules)
    for option in options:
        for path, encoded in option.value(values[option.id]).patches:
            apply_patch(data, path, json.loads(encoded))
    return data


class PatchError(ValueError):
    """An option's path that leads nowhere."""


def apply_patch(data: dict[str, Any], path: str, value: Any) -> None:
    """Set ``value`` at a dotted ``path``; a list of items with ids is stepped into by id.
    ``None`` removes the key, or the item with that id from its list.

    >>> rules = {"board": {"compartments": [{"id": "a", "win": {"card": "9D"}}, {"id": "b"}]}}
    >>> apply_patch(rules, "board.compartments.a.win.card", "7D")
    >>> rules["board"]["compartments"][0]["win"]
    {'card': '7D'}
    >>> apply_patch(rules, "board.compartments.b", None)
    >>> [c["id"] for c in rules["board"]["compartments"]]
    ['a']
    """
    parts = path.split(".")
    node: Any = data
    for depth, part in enumerate(parts[:-1]):
        node = _step(node, part, ".".join(parts[: depth + 1]), path)
    last = parts[-1]
    if isinstance(node, list):
        for index, item in enumerate(node):
            if isinstance(item, dict) and item.get("id") == last:
                if value is None:
                    del node[index]
                else:
                    node[index] = copy.deepcopy(value)
                return
        raise PatchError(f"the path {path!r} leads nowhere: no item has the id {last!r}")
    if not isinstance(node, dict):
        raise PatchError(f"{path!r}: {'.'.join(parts[:-1])!r} is not a mapping")
    if value is None:
        node.pop(last, None)
    else:
        node[last] = copy.deepcopy(value)


def _step(node: Any, part: str, so_far: str, path: str) -> Any:
    if isinstance(node, dict):
        if part not in node:
            raise PatchError(f"the path {path!r} leads nowhere: {so_far!r} does not exist")
        return node[part]
    if isinstance(node, list):
        for item in node:
            if isinstance(item, dict) and item.get("id") == part:
                return item
        raise PatchError(f"the path {path!r} leads nowhere: no item has the id {part!r}")
    raise PatchError(f"the path {path!r} leads nowhere: {so_far!r} is not a mapping or a list")


def _common(raw: Raw) -> dict[str, Any]:
    return {
        "provenance": build_provenance(raw["provenance"]),
        "interpretation": raw.get("interpretation"),
    }


def build_compartment(raw: Raw) -> Compartment:
    return Compartment(
        id=raw["id"],
        label=raw["label"],
        win=build_win(raw["win"]),
        turn_up=turn_up_payout.build(raw.get("turn_up")),
        bonus=bonus.build(raw.get("bonus")),
        unplayed_penalty=raw.get("unplayed_penalty", "none"),
        pool_card=None if "pool_card" not in raw else parse_card(raw["pool_card"]),
        **_common(raw),
    )


def build_players(raw: Raw) -> Players:
    """The ``players`` block, typed."""
    return Players(raw["min"], raw["max"], **_common(raw))


def build_pack(raw: Raw) -> Pack:
    """The ``pack`` block, typed."""
    return Pack(
        ranks=tuple(parse_rank(r) for r in raw["ranks"]),
        removed=tuple(sorted(parse_card(c) for c in raw.get("removed", ()))),
        **_common(raw),
    )


def build_deal(raw: Raw) -> Deal:
    """The ``deal`` block, typed."""
    return Deal(
        style=raw["style"],
        spare_name=raw["spare_name"],
        table=tuple((row["players"], row["cards"]) for row in raw.get("table", ())),
        stock=stock.build(raw.get("stock")),
        spare_seen_by=raw.get("spare_seen_by", "nobody"),
        dealer_sits_out=raw.get("dealer_sits_out", False),
        down=raw.get("down", 0),
        **_common(raw),
    )


def build_turn_up(raw: Raw) -> TurnUp:
    """The ``turn_up`` block, typed."""
    return TurnUp(raw["card"], raw.get("fate", "table"), **_common(raw))


def build_trump(raw: Raw) -> Trump:
    """The ``trump`` block, typed."""
    suit = raw["suit"]
    return Trump(suit if suit in ("turn-up", "none") else parse_suit(suit), **_common(raw))


def build_advice(raw: Raw | None) -> Advice | None:
    """The ``advice`` block, typed: ``None`` when the source gives no advice."""
    if raw is None:
        return None
    return Advice(
        preferences=tuple(Preference(p["prefer"], **_common(p)) for p in raw["preferences"]),
        **_common(raw),
    )


def build_rules(raw: Raw) -> Rules:
    """Typed rules from schema-valid data."""
    dressing, play = raw["dressing"], raw["play"]
    shares = dressing.get("shares")
    return Rules(
        players=build_players(raw["players"]),
        pack=build_pack(raw["pack"]),
        first_dealer=Dealer(raw["first_dealer"]["method"], **_common(raw["first_dealer"])),
        deal=build_deal(raw["deal"]),
        turn_up=build_turn_up(raw["turn_up"]),
        trump=build_trump(raw["trump"]),
        board=Board(
            compartments=tuple(build_compartment(c) for c in raw["board"]["compartments"]),
            carry_over=raw["board"]["carry_over"],
            pool_drawn=raw["board"].get("pool_drawn", False),
            **_common(raw["board"]),
        ),
        dressing=Dressing(
            payer=dressing["payer"],
            stakes=tuple(dressing["stakes"].items()),
            shares=None
            if shares is None
            else Shares(shares["dealer"], shares["others"], shares["total_at_least"]),
            remainder_to=dressing.get("remainder_to"),
            contributions=contributions.build(dressing.get("contributions")),
            others_stakes=tuple(dressing.get("others_stakes", {}).items()),
            spread=spread.build(dressing.get("spread")),
            when=dressing["when"],
            **_common(dressing),
        ),
        play=Play(
            lead=play.get("lead", "any"),
            lead_only=tuple(play.get("lead_only", ())),
            announce_stop=play.get("announce_stop", False),
            stops=tuple(
                Stop(cause, build_provenance(s["provenance"]), s.get("interpretation"))
                for cause, s in play.get("stops", {}).items()
            ),
            in_lieu=in_lieu.build(play.get("in_lieu")),
            payments=payments.build(play.get("payments")),
            with_another=with_another.build(play.get("with_another")),
            played_at_stop=played_at_stop.build(play.get("played_at_stop")),
            passing=passing.build(play.get("passing")),
            declared=declared.build(play.get("declared")),
            showing=showing.build(play.get("showing")),
            held_payments=held_payments.build(play.get("held_payments")),
            by_rank=by_rank.build(play.get("by_rank")),
            **_common(play),
        ),
        going_out=GoingOut(
            per_card=raw["going_out"]["per_card"],
            counted=raw["going_out"].get("counted", "cards"),
            holders=tuple(build_holder(h) for h in raw["going_out"].get("holders", ())),
            **_common(raw["going_out"]),
        ),
        game=Game(
            deals=raw["game"]["deals"],
            closing_deal=raw["game"]["closing_deal"],
            winner=raw["game"]["winner"],
            **_common(raw["game"]),
        ),
        advice=build_advice(raw.get("advice")),
    )


@dataclass(frozen=True)
class Combination:
    """Option values a ruleset declares worth measuring together, and why."""

    options: tuple[tuple[str, str], ...]
    """Each option's id and the value it takes, in the order given."""
    why: str

    @property
    def label(self) -> str:
        """``share_pairs=yes+declare_pairs=no``: the values, as a sweep names the variant."""
        return "+".join(f"{option}={value}" for option, value in self.options)


def build_ruleset(raw: Raw, path: str = "") -> Ruleset:
    """The typed ruleset from schema-valid data (semantic checks are the loader's)."""
    source = raw["source"]
    return Ruleset(
        id=raw["id"],
        title=raw["title"],
        short_title=raw.get("short_title"),
        summary=raw["summary"],
        source=Source(
            author=source["author"],
            title=source["title"],
            kind=source["kind"],
            date=source["date"],
            year=source.get("year"),
            game=source.get("game", HOME_GAME),
            place=source["place"],
            extent=source["extent"],
            files=tuple(SourceFile(f["name"], f["lines"], f.get("part")) for f in source["files"]),
            complete=source.get("complete", True),
            gaps=tuple(
                Gap(
                    g["file"],
                    g.get("after"),
                    g.get("before"),
                    g["missing"],
                    g.get("outside", False),
                )
                for g in source.get("gaps", ())
            ),
        ),
        combinations=tuple(
            Combination(tuple(c["options"].items()), c["why"]) for c in raw.get("combinations", ())
        ),
        options=tuple(
            Option(
                id=o["id"],
                label=o["label"],
                default=o["default"],
                values=tuple(
                    OptionValue(
                        v["value"],
                        v["label"],
                        tuple((p, json.dumps(x)) for p, x in v.get("set", {}).items()),
                    )
                    for v in o["values"]
                ),
                **_common(o),
            )
            for o in raw["options"]
        ),
        interpretations=tuple(
            Interpretation(
                id=i["id"],
                kind=i["kind"],
                question=i["question"],
                reading=i["reading"],
                alternatives=tuple(
                    Alternative(a["reading"], a.get("option"), a.get("value"), a.get("staking"))
                    for a in i.get("alternatives", ())
                ),
                provenance=build_provenance(i["provenance"]),
                supplied_by=build_provenance(i.get("supplied_by", ())),
            )
            for i in raw["interpretations"]
        ),
        raw_rules=json.dumps(raw["rules"]),
        path=path,
        document=json.dumps(raw, ensure_ascii=False),
    )


def name_for_id(ruleset_id: str) -> str:
    """A ruleset's short name made from its id.

    >>> name_for_id("modern-shedding")
    'Modern shedding'
    """
    words = ruleset_id.replace("_", "-").split("-")
    return " ".join(words).capitalize()
