"""What every mechanic gives the pipeline: a piece of the schema, and a compile step's draft.

A mechanic (a way a compartment is won or paid) is one module of :mod:`variants.mechanics`.
Its schema fragments are :class:`Fragment` records, assembled into the shipped schema by
:mod:`variants.rules.schema.assemble`; its compile step fills a :class:`Draft`, the int tables
of one trump suit while they are made, which :mod:`variants.engine.compiled` then freezes.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Literal, Protocol

from ..core.citations import Provenance
from ..core.findings import RuleCheck

if TYPE_CHECKING:
    from .hooks import AfterCard, AfterStop, AtDeal, AtEnd, AtStop, AtTurn, AtTurnUp, InTurn
    from .ruleset import Rules

Place = Literal["win", "compartment", "board", "going_out", "deal", "dressing", "play"]
"""Where a fragment goes: a key of a compartment's ``win`` (one way to win it, exactly one of
which a compartment gives), a key of a compartment, or a key of a block of the rules
(``board``, ``going_out``, ``deal``, ``dressing``, ``play``)."""


@dataclass(frozen=True)
class Fragment:
    """The schema of one key a mechanic owns, at its place in a ruleset."""

    place: Place
    key: str
    schema: dict[str, Any]
    required: bool = False
    """Whether the key must be given (a ``win`` key is one of the ways, never required)."""
    way: str | None = None
    """For a ``win`` key that names a way to win (a card, a pair, ...): that way, in a few words
    (the description of its branch of ``oneOf``). None for a key that qualifies a way."""


CITED: dict[str, Any] = {
    "provenance": {"$ref": "#/$defs/provenance", "description": "Where this rule comes from."},
    "interpretation": {
        "$ref": "#/$defs/interpretation_ref",
        "description": "The interpretation behind this rule.",
    },
}
"""The schema of a rule's ``provenance`` and ``interpretation``, for a fragment's properties."""


class WayToWin:
    """What each way to win a compartment (a card, a trump, a pair, going out) says of itself.

    Each is a frozen dataclass of its mechanic that also gives ``cards(trump)`` (the cards that
    win it under a trump suit), ``brief()`` and ``sentences()`` (its words on the site),
    ``turned_up(trump_follows_turn_up)`` (the condition a turn-up payout is said under) and
    ``closing(holder, cards, amount)`` (who takes it at a game's closing deal)."""

    one_card: ClassVar[bool] = False
    """Whether one card wins it (a given card, or a rank of trumps)."""
    by_going_out: ClassVar[bool] = False
    """Whether going out wins it, not a card."""
    needs_trump: ClassVar[bool] = False
    """Whether the cards that win it depend on a trump suit."""
    before_play: ClassVar[bool] = False
    """Whether it is won before any card is played, by what a hand holds."""

    def brief(self) -> str:
        """The cards that win it, briefly: ``9♦``, ``Q K of trumps``, ``going out``."""
        raise NotImplementedError

    def short(self) -> str:
        """The cards that win it, short enough for a segment of the board's figure: as
        :meth:`brief` says them, unless a way to win says otherwise (``trump Q+K``)."""
        return self.brief()

    def named_card(self) -> int | None:
        """The card, when playing one named card wins it (not any trump of a rank, nor several
        cards), else None."""
        return None

    def two_ranks(self) -> frozenset[int] | None:
        """The two ranks whose cards win it together (a king and a queen: Matrimony), else
        None."""
        return None


@dataclass
class Draft:
    """The int tables of one trump suit (or none) while the mechanics fill them in.

    Cards are ints 0-51, compartments are board indices. The compiler
    (:func:`variants.engine.compiled.compile_rules`) makes one draft per trump suit, has every
    mechanic's compile step fill it, and freezes it."""

    compartments: int
    trump: int | None = None
    """The trump suit these tables are for (None: no trump)."""
    cards_of: list[tuple[int, ...]] = field(default_factory=list)
    """compartment -> the cards that win it under this trump (empty for going out)."""
    single: list[list[int]] = field(default_factory=lambda: [[] for _ in range(52)])
    """card -> compartments won by playing it alone."""
    pairs: list[list[tuple[int, int]]] = field(default_factory=lambda: [[] for _ in range(52)])
    """card -> (compartment, the pair's other card)."""
    bonus: list[tuple[int, bool] | None] = field(default_factory=lambda: [None] * 52)
    """card -> (counters per card, paid at play?) for a card whose player earns a bonus."""
    payments: list[int] = field(default_factory=lambda: [0] * 52)
    """card -> counters each other seat pays its player at once (0: none)."""
    at_deal: list[AtDeal] = field(default_factory=list)
    """Hooks tried, in order, when the cards are dealt (:data:`.hooks.AtDeal`)."""
    at_turn_up: list[AtTurnUp] = field(default_factory=list)
    """Hooks tried, in order, when a card is turned up (:data:`.hooks.AtTurnUp`)."""
    in_turn: list[InTurn] = field(default_factory=list)
    """Hooks tried before each card played in its turn in a run (:data:`.hooks.InTurn`)."""
    after_card: dict[int, AfterCard] = field(default_factory=dict)
    """card -> the hook called after it is played (:data:`.hooks.AfterCard`)."""
    at_stop: list[AtStop] = field(default_factory=list)
    """Hooks tried, in order, when a run stops for want of a card (:data:`.hooks.AtStop`)."""
    at_turn: list[AtTurn] = field(default_factory=list)
    """Hooks tried, in order, when the player of a run's last card cannot play the next
    (:data:`.hooks.AtTurn`)."""
    told_at_turn: list[AtTurn] = field(default_factory=list)
    """Hooks at the same moment that only add events to the log (what is said at the table),
    tried after :attr:`at_turn`'s: the play loop calls them only when a log is kept."""
    after_stop: list[AfterStop] = field(default_factory=list)
    """Hooks called, in order, when a run has stopped and its last player, with cards left, is
    to lead the next (:data:`.hooks.AfterStop`)."""
    at_end: list[AtEnd] = field(default_factory=list)
    """Hooks called, in order, once a seat has gone out and the deal is settled
    (:data:`.hooks.AtEnd`)."""
    game: int = -1
    """The compartment won by going out, or -1."""
    penalties: list[int] = field(default_factory=list)
    """Compartments whose card, left in a hand at the end, doubles them."""
    holders: list[tuple[int, bool]] = field(default_factory=list)
    """(compartment, exempt?): a seat holding its card pays nothing at going out, or double."""
    card_holders: list[tuple[int, bool]] = field(default_factory=list)
    """(card, exempt?): a seat holding the card pays nothing at going out, or double."""
    settled: set[int] = field(default_factory=set)
    """Compartments whose held cards settlement asks about."""


class Mechanic(Protocol):
    """What every mechanic module gives the pipeline, checked by mypy for each module listed in
    :data:`variants.mechanics.MECHANICS`: its schema fragments, the checks a schema cannot
    make, and its compile step. (Its model, settlement hook, events and phrases are its own,
    read by the stages that use them.)"""

    @property
    def FRAGMENTS(self) -> tuple[Fragment, ...]:
        """The schema of each key the mechanic owns, at its place in a ruleset."""

    @property
    def CHECKS(self) -> tuple[RuleCheck, ...]:
        """What the schema cannot say about those keys."""

    def compile_tables(self, draft: Draft, rules: Rules) -> None:
        """Fill in this mechanic's part of one trump suit's int tables."""


class PlayedApart(ABC):
    """The event of a card a mechanic has a seat play outside the run's order: in place of a
    missing card, with another card, out of turn. Each is a frozen dataclass of its mechanic's
    module, with ``seat`` and ``card``; the log's readers (the narration, the replay, the
    results, the worked examples) treat every one alike, as a card played, told in its own
    words."""

    __slots__ = ()

    seat: int
    card: int
    rule: ClassVar[str]
    """The key of the rule it applies (its mechanic's fragment): the rules page's anchor is
    ``rule-`` and the key with hyphens."""
    stops: ClassVar[bool] = False
    """Whether the run stops after it, its player to lead next."""

    @abstractmethod
    def note(self, card: Callable[[int], str]) -> str:
        """What the narration adds to the card played (``in place of 10♠``), with cards named
        by ``card``."""

    @abstractmethod
    def step(self, who: str, card: Callable[[int], str]) -> str:
        """The card played as one step of a replay, its player named ``who``."""


class Passed(ABC):
    """The event of seats a mechanic has pass their turn in a run, playing no card, for want of
    the card ``missing``. Each is a frozen dataclass of its mechanic's module, with ``seats``
    (in the order they passed) and ``missing``; the log's readers (the narration, the replay,
    the worked examples) tell every one alike, in its own words, and count no card for it."""

    __slots__ = ()

    seats: tuple[int, ...]
    missing: int
    rule: ClassVar[str]
    """The key of the rule it applies (its mechanic's fragment), as for :class:`PlayedApart`."""

    @abstractmethod
    def note(self, names: Sequence[str], card: Callable[[int], str]) -> str:
        """The sentence (capitalised, with its full stop) the narration tells after the card
        played before it, the seats named ``names`` in running text and cards by ``card``."""

    @abstractmethod
    def step(self, names: Sequence[str], card: Callable[[int], str]) -> str:
        """The passes as one step of a replay, a sentence as :meth:`note`'s."""


class Announced(ABC):
    """The event of something a seat says or shows at the table apart from a card played, at a
    stage a mechanic adds to the deal, before play or between runs (a hand shown for a
    compartment, a bet, a pair declared): a
    frozen dataclass of its mechanic's module, with ``seat``, the ``compartment`` it concerns,
    the counters it puts on that compartment (:meth:`staked`) and its own words. The log's
    readers (the narration, the replay, the results, the worked examples) treat every one
    alike."""

    __slots__ = ()

    seat: int
    compartment: str
    """The id of the compartment it concerns: its rule is the one it applies."""

    def staked(self) -> int:
        """The counters the seat puts on the compartment with it (0: none)."""
        return 0

    @abstractmethod
    def line(self, who: str, card: Callable[[int], str]) -> str:
        """The event as one sentence, its seat named ``who`` and cards named by ``card``."""


@dataclass(frozen=True, slots=True)
class CardsShown(Announced):
    """A seat showing ``cards`` that win it ``compartment`` without playing them: each mechanic
    that has cards shown so says it with a subclass of its own."""

    seat: int
    cards: tuple[int, ...]
    compartment: str

    def line(self, who: str, card: Callable[[int], str]) -> str:
        return f"{who} shows {' '.join(card(c) for c in self.cards)}."


def compartment_anchor(compartment: str) -> str:
    """The anchor of a compartment's rule on the rules page: ``rule-compartment-pope``."""
    return f"rule-compartment-{compartment}"


def only_anchor(ids: Sequence[str], otherwise: str) -> str:
    """The anchor of the one compartment of ``ids``, else ``otherwise``."""
    return compartment_anchor(ids[0]) if len(ids) == 1 else otherwise


@dataclass(frozen=True, eq=False)
class PaidFor:
    """What a payment is for: one kind of payment a mechanic makes, a constant of its module
    that each :class:`~variants.engine.events.Paid` event it makes carries. The log's readers
    (the narration, the replay, the worked examples) tell every kind alike, in its own words,
    and link it to its own rule, without naming the mechanic. Two kinds are equal only when
    they are the same constant."""

    key: str
    """A name for it in a few words (``card-held``), for logs and tests."""
    words: Callable[[int], str]
    """What the payment is for, from the ``cards`` it counts: ``for 3 cards left``."""
    rule: Callable[[Rules, int], str]
    """The anchor, on the ruleset's page, of the rule a payment of this kind applies under the
    rules, from the ``cards`` it counts."""
    with_card: bool = False
    """Whether it is made when a card is played, and told with that card."""

    def __repr__(self) -> str:
        return f"PaidFor({self.key!r})"


Told = Literal["in-run", "share", "dealer", "holder", "face-up", "line"]
"""How the narration tells a compartment taken: ``in-run``, with the card that took it while a
run is told (else on a line of its own, once the run is told); ``share``, the seats sharing it
in one sentence; ``dealer``, as the dealer's, named by his role; ``holder``, as taken by the
holder of its card; ``face-up``, after the card dealt face up that took it is shown; ``line``,
on a line of its own."""


@dataclass(frozen=True, eq=False)
class WonBy:
    """How a compartment is won: one way a mechanic (or a game's closing deal) gives a
    compartment to a seat, a constant of its module that each
    :class:`~variants.engine.events.CompartmentWon` event it makes carries. The log's readers
    (the narration, the replay, the worked examples) tell every way alike, in its own words,
    without naming the mechanic. Two ways are equal only when they are the same constant."""

    key: str
    """A name for it in a word or two (``play``, ``turn-up``), for logs and tests."""
    told: Told
    """How the narration tells it."""
    moment: str | None = None
    """When it is won, for a worked example's board (``Turn-up``); None: in play (the run it is
    won in, or going out when the deal ended with it)."""
    note: Callable[[str, str], str] | None = None
    """What the narration adds to the card that took it, from the compartment's label and the
    counters written: ``taking Pope (6 counters)``; None: it is told on a line of its own."""
    after: str = ""
    """Words that end the sentence telling it: ``sweeping the board``."""
    shared: bool = False
    """Whether each seat takes a share of the compartment, not all of it."""
    by_turn_up: bool = False
    """Whether it is won by the card turned up (the statistics count these apart)."""

    def __repr__(self) -> str:
        return f"WonBy({self.key!r})"


@dataclass(frozen=True)
class Said:
    """A mechanic's rule in English, for the rules page: a heading, the sentences, and where
    the rule comes from."""

    title: str
    sentences: tuple[str, ...]
    provenance: Provenance
    interpretation: str | None


class PlayFlow(Mechanic, Protocol):
    """A mechanic that changes how play flows (:mod:`.hooks`), as the site tells it: its rule
    on the rules page (after the stops), its row in the comparison, and the anchor its events
    (:class:`PlayedApart`) link to. Each is listed in :data:`variants.mechanics.PLAY_FLOW`."""

    @property
    def KEY(self) -> str:
        """The key of its rule under ``play`` (the rules page's anchor is ``rule-`` and the key
        with hyphens)."""

    @property
    def ROW(self) -> str | None:
        """The heading of its row in the comparison, or None for no row."""

    def said(self, rules: Rules) -> Said | None:
        """Its rule in English, or None where ``rules`` do not have it."""

    def summary(self, rules: Rules) -> str:
        """Its rule in a few words, for the comparison (``none`` where the rules lack it)."""
