"""The ``board`` block: the compartments, and how each is won, paid and penalised."""

from __future__ import annotations

from typing import assert_never

from ...mechanics import bonus, pool, turn_up_payout, unplayed_penalty
from ...mechanics.ruleset import Compartment, Provenance, Rules
from .dressing import stake_text
from .records import Rule
from .words import join_words, number_word


def board_rule(rules: Rules) -> Rule:
    board = rules.board
    labels = [c.label for c in board.compartments]
    if not labels:
        return Rule(
            "rule-board",
            "The board",
            (
                "There is no board: nothing is staked, and every counter passes from one player to "
                "another.",
            ),
            board.provenance,
            board.interpretation,
        )
    before = [c.win.before_play for c in board.compartments]
    won = (
        "won by holding the cards they name"
        if rules.play.showing is not None
        else "won before any card is played, by what the players hold"
        if all(before)
        else "won by playing the cards they name, or before play by what the players hold"
        if any(before)
        else "won by playing the cards they name"
    )
    sentences = [
        f"The board has {number_word(len(labels))} compartments: {join_words(labels)}. "
        f"Counters are staked on them and {won}."
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
    """The card or cards that win a compartment, briefly (``9♦``, ``Q K of trumps``, ``going
    out``)."""
    return compartment.win.brief()


def compartment_rule(compartment: Compartment, rules: Rules) -> Rule:
    sentences = list(compartment.win.sentences())
    for extra in (
        pool.compartment_sentence(compartment, rules.board.pool_drawn),
        turn_up_payout_sentence(compartment, rules),
        bonus_sentence(compartment),
        penalty_sentence(compartment),
    ):
        if extra:
            sentences.append(extra)
    stake = stake_text(rules, compartment)
    sentences.append(f"Dressed with {stake}." if stake != "nothing" else "Not dressed.")
    brief = pool.compartment_brief(compartment, rules.board.pool_drawn)
    return Rule(
        f"rule-compartment-{compartment.id}",
        f"{compartment.label} ({brief or compartment_cards(compartment)})",
        tuple(sentences),
        _compartment_provenance(compartment),
        compartment.interpretation,
    )


def _compartment_provenance(compartment: Compartment) -> Provenance:
    """The compartment's citations, then those of what its card gains turned up, each once."""
    turned = compartment.turn_up.provenance if compartment.turn_up is not None else ()
    return tuple(dict.fromkeys((*compartment.provenance, *turned)))


def turn_up_payout_sentence(compartment: Compartment, rules: Rules) -> str | None:
    """What the turn-up pays when it is the compartment's card
    (:mod:`~variants.mechanics.turn_up_payout`)."""
    if compartment.turn_up is None or not rules.turn_up.turned:
        return None
    suit = rules.trump.suit
    match suit:
        case "turn-up":
            follows = True
        case "none" | int():
            follows = False
        case _:
            assert_never(suit)
    labels = {c.id: c.label for c in rules.board.compartments}
    return turn_up_payout.sentence(compartment, compartment.win.turned_up(follows), labels)


def bonus_sentence(compartment: Compartment) -> str | None:
    """The bonus its card earns (:mod:`~variants.mechanics.bonus`)."""
    return None if compartment.bonus is None else bonus.sentence(compartment.bonus)


def penalty_sentence(compartment: Compartment) -> str | None:
    """The penalty on its held card (:mod:`~variants.mechanics.unplayed_penalty`)."""
    if not compartment.holder_doubles:
        return None
    return unplayed_penalty.sentence(compartment.win.one_card)


def _stakes(rules: Rules) -> tuple[list[tuple[str, str]], str]:
    """Each compartment's label and default stake, in board order, and what follows them (who
    pays, when every compartment is paid by every player)."""
    stakes = [
        (c.label, stake_text(rules, c).replace(" from each player", ""))
        for c in rules.board.compartments
    ]
    payer = rules.dressing.payer
    match payer:
        case "each-player":
            suffix = " (from each player)"
        case "dealer" | "banker" | "shares" | "contributions" | "spread":
            suffix = ""
        case _:
            assert_never(payer)
    return stakes, suffix


def _stake_part(label: str, stake: str) -> str:
    return f"{label}: rest of the pool" if stake == "the rest of the pool" else f"{label} {stake}"


def compartments_summary(rules: Rules) -> str:
    """All compartments with their default stakes, in board order; when every compartment has
    the same stake, the stake said once: ``5: Best, Matrimony, ... and Pair, each at least 1,
    as the players choose``."""
    stakes, suffix = _stakes(rules)
    kinds = {stake for _, stake in stakes}
    if len(stakes) > 1 and len(kinds) == 1 and not kinds & {"nothing", "the rest of the pool"}:
        labels = join_words([label for label, _ in stakes])
        return f"{len(stakes)}: {labels}, each {stakes[0][1]}{suffix}"
    return f"{len(stakes)}: " + ", ".join(_stake_part(*s) for s in stakes) + suffix


def compartments_key(rules: Rules) -> tuple[tuple[tuple[str, str], ...], str]:
    """What the compartments' summary says, in any order: the same compartments and stakes
    listed in another board order are the same rule."""
    stakes, suffix = _stakes(rules)
    return tuple(sorted(stakes)), suffix
