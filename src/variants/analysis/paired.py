"""Rules played side by side on the same deals: each variant of a ruleset (its default rules,
or one option changed) plays the same shuffles, and each figure is counted both for itself and
as its difference from the default rules, deal by deal (common random numbers).

Every deal of a chunk is shuffled from one stream (the deals', seeded from the run's seed and
the chunk's number) and played from another (the play's: the leads a policy draws, the stakes a
staking draws), seeded for each deal from the deals' stream (:func:`streams`). A shuffle draws
52 sort keys whatever the pack (:func:`variants.engine.deal.shuffle`), so the deals' stream stays
in step whatever the rules do; the play's parts as soon as two variants make different choices,
but only until the next deal. The default rules and each variant are counted in integers
(:class:`~.tallies.Stat`), so chunks merge exactly, in any order and on any machine.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..engine.compiled import CompiledRules, compile_rules, with_pool
from ..engine.deal import shuffle, shuffled_deal
from ..engine.play import Choosers, play_deal, play_dealt
from ..engine.policies import make_policy
from ..engine.settle import CountingLedger
from ..engine.staking import DEFAULT_STAKING, make_staking
from ..mechanics.ruleset import Ruleset
from ..rules import roles
from .tallies import Stat

if TYPE_CHECKING:
    from ..engine.compiled import Dealing

FIGURES = ("dealer", "elder", "others", "chief", "cards", "out", "game")
"""What is counted of each deal, each an integer:

- ``dealer``, ``elder``: what the dealer and the elder hand net;
- ``others``: what the other players net together (there are ``players - 2`` of them);
- ``chief``: how much more the holder of the chief card (the Pope) nets than the other players
  together, each counted ``1 / (players - 1)`` (an integer: ``(players - 1)`` times the holder's
  net less the others'); only deals in which a hand holds the card, and only rules that have
  one (:func:`variants.rules.roles.chief_card`);
- ``cards``: how many cards the deal plays, how long it lasts;
- ``out``: 1 when a player goes out, 0 when the deal ends unplayed;
- ``game``: 1 when the compartment won by going out is taken, only rules that have one.
"""

Options = tuple[tuple[str, str], ...]
"""Every option's value, in the order of the options' ids."""


@dataclass
class CellSums:
    """A variant's figures over some deals: each figure's own :class:`Stat`, and the
    :class:`Stat` of its difference from the default rules on the deals both count (empty for
    the default rules themselves)."""

    deals: int = 0
    own: dict[str, Stat] = field(default_factory=dict)
    paired: dict[str, Stat] = field(default_factory=dict)

    def merge(self, other: CellSums) -> None:
        self.deals += other.deals
        for mine, theirs in ((self.own, other.own), (self.paired, other.paired)):
            for name, stat in theirs.items():
                mine.setdefault(name, Stat()).merge(stat)


@dataclass(frozen=True)
class ChunkTask:
    """One chunk of deals for every variant of a group: what any process needs to play it
    alone, but the ruleset, which is sent beside it (once for all its chunks, on a cluster)."""

    variants: tuple[Options, ...]
    """The options of each variant; the first is the default rules, the others are paired with
    it."""
    players: int
    policy: str
    seed: int
    chunk: int
    count: int


Row = tuple[int | None, ...]
"""One deal's figures, in the order of :data:`FIGURES` (None: not counted for this deal)."""

_COMPILED: dict[tuple[str, str, Options, int], CompiledRules] = {}


def compiled_variant(ruleset: Ruleset, options: Options, players: int) -> CompiledRules:
    """The rules of one variant, compiled once in each process."""
    key = (ruleset.id, ruleset.raw_rules, options, players)
    found = _COMPILED.get(key)
    if found is None:
        found = _COMPILED[key] = compile_rules(ruleset.rules_for(dict(options)), players)
    return found


def streams(seed: int, chunk: int) -> tuple[random.Random, random.Random]:
    """The generators of one chunk: the deals' (shuffles, drawn pool cards, and each deal's
    seed for the play) and the play's (the leads a policy draws, the stakes a staking draws),
    seeded afresh for each deal, so that two variants whose play parted in one deal play the
    next from the same draws again."""
    return (
        random.Random(f"variants/paired/{seed}/{chunk}/deals"),
        random.Random(f"variants/paired/{seed}/{chunk}/play"),
    )


def deal_rows(
    compiled: CompiledRules, policy_name: str, seed: int, chunk: int, count: int
) -> list[Row]:
    """Each deal of a chunk played under ``compiled``, the seat to the elder hand's right
    dealing, and its figures.

    The deals are played as one batch by the engine's play loop, with a counting ledger and
    no log (as :func:`.bulk.tally_deals` plays them); where the pool cards are drawn afresh
    each deal, the tables change from deal to deal, and each deal is played on its own
    (:func:`shown_rows`, which gives the same rows from the same streams)."""
    if compiled.rules.board.pool_drawn:
        return shown_rows(compiled, policy_name, seed, chunk, count)
    deals, play = streams(seed, chunk)
    policy = make_policy(policy_name)
    staking = make_staking(DEFAULT_STAKING)
    n = compiled.players
    dealer = n - 1  # so that seat s is position s: 0 the elder hand, the dealer last
    chief_card, game_index = _followed(compiled)
    layout = compiled.layout(dealer)
    pack = compiled.pack
    staked = compiled.staked(staking)
    board_start, net_start = compiled.dressing_totals(dealer, dealer)
    ledger = CountingLedger(compiled.ids, n)
    start = ledger.start
    holder: list[int] = [-1]
    hands: list[list[int]] = []
    dealt = sum(1 for place in layout.places if place >= 0)

    def dealt_deals() -> Iterator[Dealing]:
        nonlocal hands
        for _ in range(count):
            dealing = layout.deal(shuffle(pack, deals))
            hands = dealing[0]
            holder[0] = _holder(hands, chief_card)
            play.seed(deals.getrandbits(64))  # each deal's play from its own seed
            if staked:
                board, net = compiled.totals(
                    compiled.staked_dressing(dealer, dealer, staking, play)
                )
                start(list(board), list(net))
            else:
                start(list(board_start), list(net_start))
            yield dealing

    rows: list[Row] = []
    held = [0] * len(compiled.ids)
    choosers = Choosers(policy, n, True)
    for winner, _trump in play_dealt(
        compiled, ledger, dealer, dealt_deals(), choosers, play, (), None, (), held
    ):
        net = ledger.net
        rows.append(
            _row(
                net,
                holder[0],
                dealt - sum(map(len, hands)),
                winner,
                ledger.taken[game_index] if game_index >= 0 else None,
            )
        )
    return rows


def shown_rows(
    compiled: CompiledRules, policy_name: str, seed: int, chunk: int, count: int
) -> list[Row]:
    """:func:`deal_rows`, each deal dealt and played on its own (:func:`shuffled_deal` and
    :func:`play_deal`): for rules whose pool cards are drawn afresh each deal."""
    deals, play = streams(seed, chunk)
    policy = make_policy(policy_name)
    staking = make_staking(DEFAULT_STAKING)
    dealer = compiled.players - 1
    chief_card, game_index = _followed(compiled)
    chief = roles.chief_card(compiled.rules)
    chief_index = compiled.ids.index(chief.id) if chief is not None else -1
    rows: list[Row] = []
    for _ in range(count):
        setup = shuffled_deal(compiled, deals, dealer)
        play.seed(deals.getrandbits(64))
        result = play_deal(compiled, setup, policy, play, record=False, staking=staking)
        card = chief_card
        if setup.pool and chief_index >= 0:  # the pool cards drawn afresh: this deal's card
            card = roles.named_card(with_pool(compiled, setup.pool).compartments[chief_index].win)
        rows.append(
            _row(
                result.net,
                _holder(setup.hands, card),
                result.cards_played,
                result.winner,
                bool(result.won[game_index]) if game_index >= 0 else None,
            )
        )
    return rows


def _followed(compiled: CompiledRules) -> tuple[int | None, int]:
    """The chief card (None: the rules have none) and the index of the compartment won by
    going out (-1: none is)."""
    chief = roles.chief_card(compiled.rules)
    game = roles.going_out(compiled.rules)
    return (
        roles.named_card(chief.win) if chief is not None else None,
        compiled.ids.index(game.id) if game is not None else -1,
    )


def _holder(hands: Sequence[Sequence[int]], card: int | None) -> int:
    """The seat dealt ``card``, or -1."""
    if card is not None:
        for seat, hand in enumerate(hands):
            if card in hand:
                return seat
    return -1


def _row(net: Sequence[int], holder: int, cards: int, winner: int | None, game: bool | None) -> Row:
    """A deal's figures (:data:`FIGURES`), the dealer last at the table."""
    n = len(net)
    total = sum(net)
    return (
        net[n - 1],
        net[0],
        total - net[0] - net[n - 1],
        (n - 1) * net[holder] - (total - net[holder]) if holder >= 0 else None,
        cards,
        0 if winner is None else 1,
        None if game is None else int(game),
    )


def counted(rows: Sequence[Row], default: Sequence[Row] | None) -> CellSums:
    """The figures of ``rows``, and their differences from ``default``'s deal by deal."""
    sums = CellSums(deals=len(rows))
    for index, name in enumerate(FIGURES):
        own = Stat()
        for row in rows:
            value = row[index]
            if value is not None:
                own.add(value)
        if own.n:
            sums.own[name] = own
        if default is None:
            continue
        paired = Stat()
        for row, base in zip(rows, default, strict=True):
            value, before = row[index], base[index]
            if value is not None and before is not None:
                paired.add(value - before)
        if paired.n:
            sums.paired[name] = paired
    return sums


def play_chunk(task: ChunkTask, ruleset: Ruleset) -> list[CellSums]:
    """One chunk played under each variant of ``task``, each counted and paired with the
    first."""
    found: list[CellSums] = []
    default: list[Row] | None = None
    for options in task.variants:
        compiled = compiled_variant(ruleset, options, task.players)
        rows = deal_rows(compiled, task.policy, task.seed, task.chunk, task.count)
        found.append(counted(rows, default))
        if default is None:
            default = rows
    return found
