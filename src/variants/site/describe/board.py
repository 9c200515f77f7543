"""The ``board`` block: the compartments, and how each is won, paid and penalised."""

from __future__ import annotations

from typing import assert_never

from ...engine.cards import RANKS, card_glyph
from ...rules.ruleset import Compartment, Rules, Win
from .dressing import stake_text
from .records import Rule
from .words import (
    article,
    card_label,
    compartment_label,
    counters,
    join_words,
    number_word,
    rank_words,
)


def board_rule(rules: Rules) -> Rule:
    board = rules.board
    labels = [c.label for c in board.compartments]
    sentences = [
        f"The board has {number_word(len(labels))} compartments: {join_words(labels)}. "
        "Counters are staked on them and won by playing the cards they name."
    ]
    if board.carry_over:
        sentences.append(
            "Counters on a compartment that nobody wins stay on it for the next deal, and the "
            "next dressing is added to them."
        )
    else:
        sentences.append(
            "Counters left on the board when a deal ends go to the player who went out."
        )
    return Rule("rule-board", "The board", tuple(sentences), board.provenance, board.interpretation)


def compartment_cards(compartment: Compartment) -> str:
    """The card or cards that win a compartment, briefly (``9♦``, ``Q K of trumps``, ``—``)."""
    win = compartment.win
    kind = win.kind
    match kind:
        case "card":
            assert win.card is not None
            return card_glyph(win.card)
        case "trump":
            return f"{RANKS[win.ranks[0]]} of trumps"
        case "trumps":
            return f"{' '.join(RANKS[r] for r in win.ranks)} of trumps"
        case "going-out":
            return "going out"
        case _:
            assert_never(kind)


def compartment_rule(compartment: Compartment, rules: Rules) -> Rule:
    sentences = list(win_sentences(compartment.win, rules))
    for extra in (
        turn_up_payout_sentence(compartment, rules),
        bonus_sentence(compartment),
        penalty_sentence(compartment, rules),
    ):
        if extra:
            sentences.append(extra)
    stake = stake_text(rules, compartment)
    sentences.append(f"Dressed with {stake}." if stake != "nothing" else "Not dressed.")
    return Rule(
        f"rule-compartment-{compartment.id}",
        f"{compartment.label} ({compartment_cards(compartment)})",
        tuple(sentences),
        compartment.provenance,
        compartment.interpretation,
    )


def win_sentences(win: Win, rules: Rules) -> tuple[str, ...]:
    kind = win.kind
    match kind:
        case "card":
            assert win.card is not None
            return (f"Won by the player who plays {card_label(win.card)}.",)
        case "trump":
            return (f"Won by the player who plays the {rank_words(win.ranks[0])} of trumps.",)
        case "going-out":
            return ("Won by the first player to play all their cards.",)
        case "trumps":
            return pair_sentences(win)
        case _:
            assert_never(kind)


def pair_sentences(win: Win) -> tuple[str, ...]:
    """How a pair of trumps is won, and what happens when two players play its cards."""
    first, second = (rank_words(r) for r in win.ranks)
    succession = " one straight after the other, in the same run" if win.in_succession else ""
    sentences = [
        f"Won by a player who plays both the {first} and the {second} of trumps{succession}."
    ]
    seats = win.different_seats
    match seats:
        case "split":
            odd_counter = win.odd_counter
            match odd_counter:
                case "stays":
                    odd = "an odd counter stays on the compartment"
                case "higher":
                    odd = "an odd counter goes to the player of the higher card"
                case _:
                    assert_never(odd_counter)
            sentences.append(
                "If two different players play the two cards"
                f"{' in succession' if succession else ''}, they divide the counters; {odd}."
            )
        case "none":
            sentences.append("If two different players play the two cards, nobody wins it.")
        case _:
            assert_never(seats)
    return tuple(sentences)


def turn_up_payout_sentence(compartment: Compartment, rules: Rules) -> str | None:
    payout = compartment.turn_up
    if payout is None or not rules.turn_up.turned:
        return None
    win = compartment.win
    kind = win.kind
    match kind:
        case "card":
            assert win.card is not None
            when = f"If the turn-up is {card_glyph(win.card)}"
        case "trump":
            word = rank_words(win.ranks[0])
            suit = rules.trump.suit
            match suit:
                case "turn-up":
                    when = f"If the turn-up is {article(word)}"
                case "none" | int():
                    when = f"If the turn-up is the {word} of trumps"
                case _:
                    assert_never(suit)
        case "trumps" | "going-out":
            when = "If the turn-up wins it"
        case _:
            assert_never(kind)
    gains: list[str] = []
    if payout.takes:
        gains.append("the dealer takes the counters on it")
    if payout.also:
        labels = [compartment_label(rules, c) for c in payout.also]
        gains.append(("and " if gains else "the dealer takes ") + "those on " + join_words(labels))
    sentence = when + ", " + " ".join(gains) if gains else when + ", the dealer gains nothing"
    if payout.per_card_dealt:
        cap = f", at most {counters(payout.cap)} each" if payout.cap is not None else ""
        sentence += (
            f", and each other player pays the dealer {counters(payout.per_card_dealt)} for every "
            f"card dealt to them{cap}"
        )
    sentence += "."
    if payout.ends_deal:
        sentence += (
            " The deal then ends without play: the cards are thrown in and the deal passes to the "
            "left."
        )
    return sentence


def bonus_sentence(compartment: Compartment) -> str | None:
    bonus = compartment.bonus
    if bonus is None:
        return None
    counted = bonus.counted
    match counted:
        case "at-play":
            when = "then holds"
        case "at-end":
            when = "still holds when the deal ends (paid then)"
        case _:
            assert_never(counted)
    return (
        "Whoever plays its card is also paid, by each other player, "
        f"{counters(bonus.per_card)} for every card that player {when}."
    )


def penalty_sentence(compartment: Compartment, rules: Rules) -> str | None:
    if not compartment.holder_doubles:
        return None
    which = "its card" if compartment.win.one_card else "one of its cards"
    return (
        f"A player left holding {which} when someone goes out doubles it (see Cards left "
        "unplayed, under Settlement)."
    )


def compartments_summary(rules: Rules) -> str:
    """All compartments with their default stakes, in board order."""
    parts = [
        f"{c.label} {stake_text(rules, c).replace(' from each player', '')}"
        for c in rules.board.compartments
    ]
    parts = [p.replace(" the rest of the pool", ": rest of the pool") for p in parts]
    payer = rules.dressing.payer
    match payer:
        case "each-player":
            suffix = " (from each player)"
        case "dealer" | "banker" | "shares":
            suffix = ""
        case _:
            assert_never(payer)
    return f"{len(parts)}: " + ", ".join(parts) + suffix
