"""A card played: a compartment won by whoever plays one card, a named card (the Pope's 9♦) or
a rank of the trump suit (the Ace, King, Queen and Knave of trumps).

- **Schema**: ``win.card`` (a card) or ``win.trump`` (a rank).
- **Model**: :class:`CardWin` and :class:`TrumpWin`.
- **Checks**: a named card must be in the pack.
- **Compile**: the card's entry in the ``single`` table; the play loop takes the compartment
  for whoever plays it (a :class:`~variants.engine.events.CompartmentWon` ``play``), which is
  this mechanic's settlement, done in the loop itself so that it costs one table look-up.
- **Closing deal**: the holder of the card takes what lies on it.
- **Phrases**: how it is won, in the rules and in the narration.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ..core.cards import RANKS, card_glyph, make_card, parse_card, parse_rank, rank_words
from ..core.findings import Finding, RuleView, card_key, compartments, reads
from ..core.words import article, card_label
from .base import Draft, Fragment, WayToWin, WonBy

if TYPE_CHECKING:
    from .ruleset import Rules

FRAGMENTS = (
    Fragment(
        "win",
        "card",
        {"$ref": "#/$defs/card", "description": "A given card: whoever plays it wins."},
        way="A given card.",
    ),
    Fragment(
        "win",
        "trump",
        {"$ref": "#/$defs/rank", "description": "A rank of the trump suit: whoever plays it wins."},
        way="A trump rank.",
    ),
)


@dataclass(frozen=True)
class CardWin(WayToWin):
    """Won by whoever plays ``card``."""

    card: int

    one_card: ClassVar[bool] = True

    def cards(self, trump: int | None) -> tuple[int, ...]:
        """The cards that win it when ``trump`` is the trump suit (None: no trumps)."""
        return (self.card,)

    def brief(self) -> str:
        """The card, briefly: ``9♦``."""
        return card_glyph(self.card)

    def named_card(self) -> int | None:
        return self.card

    def sentences(self) -> tuple[str, ...]:
        return (f"Won by the player who plays {card_label(self.card)}.",)

    def turned_up(self, trump_follows_turn_up: bool) -> str:
        """The condition under which a turn-up pays it: ``If the turn-up is 9♦``."""
        return f"If the turn-up is {card_glyph(self.card)}"

    def closing(self, holder: Sequence[int], cards: tuple[int, ...], amount: int) -> dict[int, int]:
        """At a closing deal, the seat holding the card takes all of ``amount``."""
        return {holder[cards[0]]: amount}


@dataclass(frozen=True)
class TrumpWin(WayToWin):
    """Won by whoever plays the trump of ``rank``."""

    rank: int

    one_card: ClassVar[bool] = True
    needs_trump: ClassVar[bool] = True

    def cards(self, trump: int | None) -> tuple[int, ...]:
        return () if trump is None else (make_card(self.rank, trump),)

    @property
    def ranks(self) -> tuple[int, ...]:
        return (self.rank,)

    def brief(self) -> str:
        """The card, briefly: ``K of trumps``."""
        return f"{RANKS[self.rank]} of trumps"

    def short(self) -> str:
        return f"trump {RANKS[self.rank]}"

    def sentences(self) -> tuple[str, ...]:
        return (f"Won by the player who plays the {rank_words(self.rank)} of trumps.",)

    def turned_up(self, trump_follows_turn_up: bool) -> str:
        word = rank_words(self.rank)
        if trump_follows_turn_up:
            return f"If the turn-up is {article(word)}"
        return f"If the turn-up is the {word} of trumps"

    def closing(self, holder: Sequence[int], cards: tuple[int, ...], amount: int) -> dict[int, int]:
        return {holder[cards[0]]: amount}


def build_win(raw: Mapping[str, Any]) -> CardWin | TrumpWin | None:
    """The way to win a ``win`` mapping names, if it is this mechanic's."""
    if "card" in raw:
        return CardWin(parse_card(raw["card"]))
    if "trump" in raw:
        return TrumpWin(parse_rank(raw["trump"]))
    return None


@reads("board", "pack")
def _won_cards_in_pack(data: RuleView) -> Iterator[Finding]:
    removed = {card_key(c) for c in data["pack"].get("removed", ())}
    for index, compartment in enumerate(compartments(data)):
        card = compartment["win"].get("card")
        if card is not None and card_key(card) in removed:
            yield Finding(
                ("board", "compartments", index, "win", "card"), f"{card} is removed from the pack"
            )


CHECKS = (_won_cards_in_pack,)


def compile_tables(draft: Draft, rules: Rules) -> None:
    """Each card that wins a compartment alone wins it from the ``single`` table."""
    for index, compartment in enumerate(rules.board.compartments):
        if isinstance(compartment.win, CardWin | TrumpWin):
            for card in draft.cards_of[index]:
                draft.single[card].append(index)


def note(label: str, amount: str) -> str:
    """What the narration adds to a card played that takes a compartment."""
    return f"taking {label} ({amount})"


WON = WonBy("play", "in-run", note=note)
"""A compartment taken by the card played that wins it."""
