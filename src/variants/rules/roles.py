"""What a compartment does: how generic code finds the compartments it has something to say about.

A compartment's id is the ruleset's own word, and a ruleset whose compartments are renamed plays,
counts and reads the same. So code outside the rulesets never looks a compartment up by its id:
the figures, rows and runs that are about one compartment in particular find it here, by its
part in play.

- :func:`chief_card`: the compartment won by one named card that the dressing stakes most on.
  In the tradition this is the Pope (the 9♦ in Peel and the modern pages, the 7♦ in Foster).
- :func:`king_and_queen`: the compartment won by the king and queen of trumps together, which
  the tradition calls Matrimony (its label may say Marriage).
- :func:`pairs`: the compartments won by several trumps (Matrimony, Intrigue, ...).
- :func:`going_out`: the compartment won by going out first (Game).

:func:`bearing` gathers what the rules say about one compartment's play, so that the options
that change it can be told from those that do not.
"""

from __future__ import annotations

from ..core.cards import parse_rank
from ..mechanics import (
    PairWin,
    Win,
)
from ..mechanics.bonus import Bonus
from ..mechanics.holders import HolderRule
from ..mechanics.ruleset import Compartment, Rules
from ..mechanics.turn_up_payout import TurnUpPayout

KING_AND_QUEEN = frozenset({parse_rank("K"), parse_rank("Q")})


def stake(rules: Rules, compartment: Compartment) -> int:
    """The counters the dressing names for ``compartment`` (0 when it names none, as for a
    compartment dressed with what is left of a pool)."""
    return dict(rules.dressing.stakes).get(compartment.id, 0)


def named_card(win: Win) -> int | None:
    """The card, when playing one named card wins it (not any trump of a rank, nor several
    cards), else None."""
    return win.named_card()


def by_named_card(win: Win) -> bool:
    """Whether playing one named card wins it (not any trump of a rank, nor several cards)."""
    return named_card(win) is not None


def by_several_trumps(win: Win) -> PairWin | None:
    """The pair, when several cards played win it together (Matrimony), else None."""
    return win if isinstance(win, PairWin) else None


def split_between_seats(win: Win) -> bool:
    """Whether two seats that play its cards between them divide it (else one seat must play
    them all to take it)."""
    pair = by_several_trumps(win)
    return pair is not None and pair.split


def won_by_card(rules: Rules) -> tuple[Compartment, ...]:
    """The compartments won by playing one named card, in the board's order."""
    return tuple(c for c in rules.board.compartments if by_named_card(c.win))


def chief_card(rules: Rules) -> Compartment | None:
    """The compartment won by one named card that the dressing stakes most on; None when no
    compartment is won by one named card, or when several named cards share the most stake
    (Newmarket's four pool cards: none of them is a Pope). Among compartments the dressing does
    not stake at all, the first on the board."""
    cards = won_by_card(rules)
    if not cards:
        return None
    most = max(stake(rules, c) for c in cards)
    chief = [c for c in cards if stake(rules, c) == most]
    return chief[0] if len(chief) == 1 or most == 0 else None


def pairs(rules: Rules) -> tuple[Compartment, ...]:
    """The compartments won by several trumps, in the board's order."""
    return tuple(c for c in rules.board.compartments if by_several_trumps(c.win) is not None)


def king_and_queen(rules: Rules) -> Compartment | None:
    """The first compartment won by a king and a queen together, if any: of trumps in Pope
    Joan, of one named suit in Spin, of any suit when the hands are shown (Matrimony itself)."""
    for compartment in rules.board.compartments:
        if compartment.win.two_ranks() == KING_AND_QUEEN:
            return compartment
    return None


def going_out(rules: Rules) -> Compartment | None:
    """The first compartment won by going out first, if any."""
    return next((c for c in rules.board.compartments if c.win.by_going_out), None)


Bearing = tuple[Win, TurnUpPayout | None, Bonus | None, str, bool, tuple[HolderRule, ...]]


def bearing(rules: Rules, compartment: Compartment) -> Bearing:
    """Everything in ``rules`` that bears on how ``compartment`` is won and paid: what wins it,
    its turn-up payout, its bonus and its unplayed penalty, whether its card may only be led,
    and what its holder pays at going out. Its id, label, citations and stake are left out: under
    two rules with the same bearing, the compartment is won and paid alike."""
    return (
        compartment.win,
        compartment.turn_up,
        compartment.bonus,
        compartment.unplayed_penalty,
        compartment.id in rules.play.lead_only,
        tuple(h for h in rules.going_out.holders if h.compartment == compartment.id),
    )
