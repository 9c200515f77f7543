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
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..engine.compiled import CompiledRules, compile_rules, with_pool
from ..engine.deal import shuffled_deal
from ..engine.play import play_deal
from ..engine.policies import make_policy
from ..engine.staking import DEFAULT_STAKING, make_staking
from ..mechanics.ruleset import Ruleset
from ..rules import roles
from .tallies import Stat

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
    dealing, and its figures."""
    deals, play = streams(seed, chunk)
    policy = make_policy(policy_name)
    staking = make_staking(DEFAULT_STAKING)
    n = compiled.players
    dealer = n - 1  # so that seat s is position s: 0 the elder hand, the dealer last
    chief = roles.chief_card(compiled.rules)
    chief_index = compiled.ids.index(chief.id) if chief is not None else -1
    chief_card = roles.named_card(chief.win) if chief is not None else None
    game = roles.going_out(compiled.rules)
    game_index = compiled.ids.index(game.id) if game is not None else -1
    rows: list[Row] = []
    for _ in range(count):
        setup = shuffled_deal(compiled, deals, dealer)
        play.seed(deals.getrandbits(64))  # each deal's play from its own seed: see streams()
        result = play_deal(compiled, setup, policy, play, record=False, staking=staking)
        net = result.net
        card = chief_card
        if setup.pool and chief_index >= 0:  # the pool cards drawn afresh: this deal's card
            card = roles.named_card(with_pool(compiled, setup.pool).compartments[chief_index].win)
        edge = None
        if card is not None:
            for seat, hand in enumerate(setup.hands):
                if card in hand:
                    edge = (n - 1) * net[seat] - (sum(net) - net[seat])
                    break
        rows.append(
            (
                net[dealer],
                net[0],
                sum(net[1:dealer]),
                edge,
                result.cards_played,
                0 if result.winner is None else 1,
                (1 if result.won[game_index] else 0) if game_index >= 0 else None,
            )
        )
    return rows


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
