"""The mechanics: each way a compartment is won or paid, and each way of dealing or playing
that a source adds, one module each.

A module here holds everything about its mechanic, along the pipeline: its schema fragments
(``FRAGMENTS``, assembled into the shipped schema by :mod:`variants.rules.schema.assemble`), its
typed model, its checks (``CHECKS``, run by :mod:`variants.rules.checks` with the others), its
compile step (``compile_tables``, which fills the int tables so that the play loop stays as it
is), its settlement hook, its events and its phrases for the narration and the rules in
English.

- :mod:`.card`: a card played (a named card, or a rank of trumps) wins a compartment;
- :mod:`.pair`: two trumps played win it, by one seat or divided between two;
- :mod:`.going_out`: going out wins Game and is paid per card left;
- :mod:`.turn_up_payout`: the turn-up pays the dealer, and may end the deal;
- :mod:`.bonus`: the player of a card is paid per card in the other hands;
- :mod:`.unplayed_penalty`: a card left in hand doubles its compartment;
- :mod:`.holders`: a card left in hand exempts its holder at going out, or doubles what it pays;
- :mod:`.stock`: equal hands and a stock sized by a rule, or cards set aside before the deal;
- :mod:`.spare_seen`: the dealer alone sees the spare cards, and may sit the deal out;
- :mod:`.contributions`: each player but the dealer puts so much towards the dressing;
- :mod:`.others_stakes`: each player but the dealer also stakes some compartments;
- :mod:`.in_lieu`: the Pope played in place of the missing card of a stopped run;
- :mod:`.payments`: the player of a card (or a rank) is paid a fixed sum by every other player;
- :mod:`.with_another`: the player of a card (Spin) may play another with it, which is a stop;
- :mod:`.spread`: every player lays counters on the compartments of his choice, all covered;
- :mod:`.down_and_up`: each player dealt cards face down and one face up, the rest unused;
- :mod:`.combination`: a combination held wins when the hands are shown (two ranks, a pair,
  Best);
- :mod:`.showing`: the hands shown from the elder hand instead of played, or swept by a card
  dealt face up.
- :mod:`.pool`: the pool cards turned up in the middle (Newmarket), as named or drawn afresh
  every deal.
- :mod:`.played_at_stop`: a card its holder plays when a run stops, the run going on from it
  (Commit's nine of diamonds).
- :mod:`.passing`: the turn passing to the left, each player without the next card passing
  (Commit's "Without the Jack").
- :mod:`.held_payments`: the holder of a card (or a rank) is paid by, or pays, every other player
  a fixed sum, when the cards are dealt or for a card left in hand when a player goes out.
- :mod:`.shown_before_play`: trumps or a sequence held, shown when the trump is turned up and
  before play, win their compartments (Pochen's A, K, Q, J, 10, Marriage and Sequence).
- :mod:`.vying`: the players bet before play on the sets of one rank they hold, the best set
  taking the compartment and the bets (Pochen's centre pool), a bet raised once where the rules
  let it (Meyers' Poch).
- :mod:`.declared`: a pair's holder shows both its cards after a stop he has played and takes its
  pool without playing them (Peel's Spin).
- :mod:`.by_rank`: runs by rank in any suit, the next player in turn holding the rank taking up
  the run, a card that stands for any card, a payment at a stop (the Encyclopédie's Comète).

The model they compose (:mod:`.ruleset`) is here too: its parts are theirs, and each compile
step reads it. The hooks that play and settle a deal see the engine's tables, ledger and log as
the shapes :mod:`.hooks` gives them. The mechanics import only the standard library and the core.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from . import (
    bonus,
    by_rank,
    card,
    combination,
    contributions,
    declared,
    down_and_up,
    going_out,
    held_payments,
    holders,
    in_lieu,
    others_stakes,
    pair,
    passing,
    payments,
    played_at_stop,
    pool,
    showing,
    shown_before_play,
    spare_seen,
    spread,
    stock,
    turn_up_payout,
    unplayed_penalty,
    vying,
    with_another,
)
from .base import Mechanic, PlayFlow
from .card import CardWin, TrumpWin
from .combination import BestWin, RankPairWin, RanksWin
from .going_out import GoingOutWin
from .pair import CardsPairWin, PairWin
from .shown_before_play import HeldTrumps, SequenceHeld
from .vying import VyingWin

__all__ = [
    "MECHANICS",
    "PLAY_FLOW",
    "BestWin",
    "CardWin",
    "CardsPairWin",
    "GoingOutWin",
    "HeldTrumps",
    "PairWin",
    "RankPairWin",
    "RanksWin",
    "SequenceHeld",
    "TrumpWin",
    "VyingWin",
    "Win",
    "build_win",
    "fragments",
]

MECHANICS: tuple[Mechanic, ...] = (
    card,
    pair,
    going_out,
    turn_up_payout,
    bonus,
    unplayed_penalty,
    holders,
    stock,
    spare_seen,
    contributions,
    others_stakes,
    in_lieu,
    payments,
    with_another,
    spread,
    down_and_up,
    combination,
    showing,
    pool,
    played_at_stop,
    passing,
    held_payments,
    shown_before_play,
    vying,
    by_rank,
    declared,
)
"""Every mechanic, in the order its schema fragments and compile steps are applied."""

PLAY_FLOW: tuple[PlayFlow, ...] = (
    in_lieu,
    with_another,
    passing,
    by_rank,
    played_at_stop,
    held_payments,
    declared,
)
"""The mechanics that change how play flows, in the order the rules page and the comparison
tell them."""

Win = (
    CardWin
    | TrumpWin
    | PairWin
    | CardsPairWin
    | GoingOutWin
    | RanksWin
    | RankPairWin
    | BestWin
    | HeldTrumps
    | SequenceHeld
    | VyingWin
)
"""A way to win a compartment: exactly one of these, as ``win`` gives exactly one key."""


def build_win(raw: Mapping[str, Any]) -> Win:
    """The way to win that a schema-valid ``win`` mapping names."""
    for found in (
        card.build_win(raw),
        pair.build_win(raw),
        going_out.build_win(raw),
        combination.build_win(raw),
        shown_before_play.build_win(raw),
        vying.build_win(raw),
    ):
        if found is not None:
            return found
    raise ValueError(f"no way to win in {sorted(raw)}")


def fragments() -> Iterator[Any]:
    """Every mechanic's schema fragments, in order."""
    for mechanic in MECHANICS:
        yield from mechanic.FRAGMENTS
