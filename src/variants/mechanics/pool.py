"""The pool cards turned up in the middle of the table (Newmarket): each compartment stands for
a card taken out of the pack and laid face up, and is won by the card just below it in its suit.
As the text gives them, the pool cards are the same every deal; drawn, they keep their ranks and
take different suits at random every deal, and each compartment's winning card follows its pool
card into its suit.

- **Schema**: a compartment's ``pool_card`` (a card), and ``board.pool_drawn`` (a boolean).
- **Model**: the ``pool_card`` field of :class:`~variants.mechanics.ruleset.Compartment` and the
  ``pool_drawn`` field of :class:`~variants.mechanics.ruleset.Board`.
- **Checks**: a pool card is out of the pack; its compartment is won by one named card of its
  suit; the pool cards are of different suits; drawn pool cards need pool cards, and leave out
  of the pack no other card of a pool card's rank or of a winning card's rank.
- **Compile**: nothing per trump suit. A deal with drawn pool cards is played under the rules
  with that deal's pool cards (:func:`resuited`), compiled once for each set of suits; the
  draw (:func:`draw`) comes from the deal's generator before the shuffle, and a deal file
  records the cards drawn (:func:`pool_problem` checks them).
- **Phrases**: the rules in English, and the narration's line for the cards turned up.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from ..core.cards import (
    RANKS,
    card_glyph,
    card_name,
    card_words,
    make_card,
    rank_of,
    rank_words,
    suit_of,
)
from ..core.findings import Finding, RuleView, card_key, compartments, reads
from .base import Draft, Fragment
from .card import CardWin

if TYPE_CHECKING:
    from .ruleset import Compartment, Rules

FRAGMENTS = (
    Fragment(
        "compartment",
        "pool_card",
        {
            "$ref": "#/$defs/card",
            "description": (
                "The card this compartment stands for, taken out of the pack and turned up in "
                "the middle of the table (Newmarket); the compartment is won by one card of its "
                "suit (``win.card``)."
            ),
        },
    ),
    Fragment(
        "board",
        "pool_drawn",
        {
            "type": "boolean",
            "description": (
                "The pool cards (the compartments' ``pool_card``) are drawn afresh every deal: "
                "each keeps its rank and the four take different suits at random, and each "
                "compartment's winning card follows its pool card into its suit."
            ),
        },
    ),
)


# --------------------------------------------------------------------------------------------
# Checks


def _pool(data: RuleView) -> list[tuple[int, dict[str, object], str]]:
    """(index, compartment, pool card as written) for each compartment with a pool card."""
    return [
        (index, compartment, str(compartment["pool_card"]))
        for index, compartment in enumerate(compartments(data))
        if "pool_card" in compartment
    ]


@reads("board", "pack")
def _out_of_the_pack(data: RuleView) -> Iterator[Finding]:
    removed = {card_key(c) for c in data["pack"].get("removed", ())}
    for index, _, card in _pool(data):
        if card_key(card) not in removed:
            yield Finding(
                ("board", "compartments", index, "pool_card"),
                f"the pool card {card} is turned up, so it must be out of the pack "
                "(list it under pack.removed)",
            )


@reads("board")
def _won_in_its_suit(data: RuleView) -> Iterator[Finding]:
    for index, compartment, card in _pool(data):
        win = compartment["win"]
        named = win.get("card") if isinstance(win, dict) else None
        if named is None or card_key(str(named))[-1] != card_key(card)[-1]:
            yield Finding(
                ("board", "compartments", index, "win"),
                f"a compartment with the pool card {card} is won by one card of its suit",
            )


@reads("board")
def _different_suits(data: RuleView) -> Iterator[Finding]:
    seen: dict[str, str] = {}
    for index, _, card in _pool(data):
        suit = card_key(card)[-1]
        if suit in seen:
            yield Finding(
                ("board", "compartments", index, "pool_card"),
                f"the pool cards {seen[suit]} and {card} are of one suit: each is of its own",
            )
        else:
            seen[suit] = card


@reads("board", "pack")
def _drawn(data: RuleView) -> Iterator[Finding]:
    if not data["board"].get("pool_drawn", False):
        return
    pool = _pool(data)
    if not pool:
        yield Finding(("board", "pool_drawn"), "pool_drawn needs a compartment with a pool_card")
        return
    own = {card_key(card) for _, _, card in pool}
    ranks = {card_key(card)[:-1] for _, _, card in pool}
    ranks |= {
        card_key(str(c["win"]["card"]))[:-1]
        for _, c, _ in pool
        if isinstance(c["win"], dict) and "card" in c["win"]
    }
    for position, card in enumerate(data["pack"].get("removed", ())):
        key = card_key(card)
        if key[:-1] in ranks and key not in own:
            yield Finding(
                ("pack", "removed", position),
                f"with the pool cards drawn, {card} cannot be out of the pack: a drawn pool "
                "card or its winning card may be of its rank",
            )


CHECKS = (_out_of_the_pack, _won_in_its_suit, _different_suits, _drawn)


def compile_tables(draft: Draft, rules: Rules) -> None:
    """Nothing per trump suit: a deal's pool cards choose the rules it is compiled from."""


# --------------------------------------------------------------------------------------------
# The cards of one deal


def cards(rules: Rules) -> tuple[int, ...]:
    """The pool cards, in board order."""
    return tuple(c.pool_card for c in rules.board.compartments if c.pool_card is not None)


def draw(rules: Rules, rng: random.Random) -> tuple[int, ...]:
    """This deal's pool cards, drawn from ``rng``: the same ranks, different suits at random;
    nothing (and no draw) when the rules do not draw them."""
    if not rules.board.pool_drawn:
        return ()
    named = cards(rules)
    suits = rng.sample(range(4), len(named))
    return tuple(make_card(rank_of(card), suit) for card, suit in zip(named, suits, strict=True))


def resuited(rules: Rules, pool: Sequence[int]) -> Rules:
    """The rules with these pool cards (in board order) in place of the named ones: each out of
    the pack instead, and each compartment's winning card moved into its pool card's suit."""
    named = cards(rules)
    moved = dict(zip(named, pool, strict=True))
    board = []
    for compartment in rules.board.compartments:
        card = compartment.pool_card
        if card is None or not isinstance(compartment.win, CardWin):
            board.append(compartment)
            continue
        new = moved[card]
        win = replace(compartment.win, card=make_card(rank_of(compartment.win.card), suit_of(new)))
        board.append(replace(compartment, pool_card=new, win=win))
    removed = tuple(sorted((set(rules.pack.removed) - set(named)) | set(pool)))
    return replace(
        rules,
        pack=replace(rules.pack, removed=removed),
        board=replace(rules.board, compartments=tuple(board)),
    )


def pool_problem(rules: Rules, given: Sequence[int]) -> tuple[int | None, str] | None:
    """What is wrong with a deal's pool cards, or None: (the position of the card at fault, or
    None for the list, and what is wrong). One for each compartment with a pool card, in board
    order, each of the rank of its compartment's, all of different suits."""
    named = cards(rules)
    if len(given) != len(named):
        return None, f"pool names {len(given)} cards; the rules turn up {len(named)}"
    suits: dict[int, int] = {}
    for position, (drawn, card) in enumerate(zip(given, named, strict=True)):
        if rank_of(drawn) != rank_of(card):
            word = rank_words(rank_of(card))
            article = "an" if word[0] in "aeiou" else "a"
            return position, (
                f"the pool card in place {position + 1} must be {article} {word}, "
                f"not {card_name(drawn)}"
            )
        if suit_of(drawn) in suits:
            return position, (
                f"the pool cards {card_name(given[suits[suit_of(drawn)]])} and "
                f"{card_name(drawn)} are of one suit: each is of its own"
            )
        suits[suit_of(drawn)] = position
    return None


# --------------------------------------------------------------------------------------------
# Phrases


def sentences(rules: Rules) -> tuple[str, ...]:
    """The pool cards in English, for the rules' page (nothing without them)."""
    named = cards(rules)
    if not named:
        return ()
    words = [card_words(c) for c in named]
    listed = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
    said = [
        f"The pool cards, {listed}, are taken out of the pack and turned up in the middle of "
        "the table, one for each compartment."
    ]
    if rules.board.pool_drawn:
        said.append(
            "They are drawn afresh every deal: each keeps its rank and they take different "
            "suits at random, and each compartment is won by the card of its winning rank in "
            "its pool card's suit (the cards named are one such deal)."
        )
    return tuple(said)


def compartment_brief(compartment: Compartment, drawn: bool) -> str | None:
    """The card that wins a compartment, briefly, when its pool card is drawn afresh every
    deal (``K of its suit``); None when the card is the same every deal, or there is none."""
    card = compartment.pool_card
    if card is None or not drawn or not isinstance(compartment.win, CardWin):
        return None
    return f"{RANKS[rank_of(compartment.win.card)]} of its suit"


def compartment_sentence(compartment: Compartment, drawn: bool) -> str:
    """The pool card a compartment stands for, in English ("" without one)."""
    card = compartment.pool_card
    if card is None:
        return ""
    if drawn:
        return (
            f"It stands for the pool card of its rank turned up each deal ({card_glyph(card)} "
            "in the deal the rules name), and is won by the card of its winning rank in that "
            "card's suit."
        )
    return f"It stands for {card_glyph(card)}, turned up in the middle of the table."


def turned_up_line(listed: str) -> str:
    """The narration's line for a deal's drawn pool cards, ``listed`` as the narration writes
    cards."""
    return f"The pool cards turned up this deal: {listed}."
