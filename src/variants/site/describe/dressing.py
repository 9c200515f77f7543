"""The ``dressing`` block: who stakes the board, and how much goes on each compartment."""

from __future__ import annotations

from typing import assert_never

from ...mechanics import contributions, others_stakes, spread
from ...mechanics.ruleset import Compartment, Rules
from .records import Rule, Table
from .words import compartment_label, counters, number_word


def stake_of(rules: Rules, compartment_id: str) -> int | None:
    return dict(rules.dressing.stakes).get(compartment_id)


def stake_text(rules: Rules, compartment: Compartment) -> str:
    """The compartment's default stake in a few words (``6``, ``the rest of the pool``)."""
    dressing = rules.dressing
    amount = stake_of(rules, compartment.id)
    payer = dressing.payer
    match payer:
        case "shares":
            if dressing.remainder_to == compartment.id:
                return (
                    "the rest of the pool" if not amount else f"{amount} and the rest of the pool"
                )
            return "nothing" if amount is None else str(amount)
        case "each-player":
            return "nothing" if amount is None else f"{amount} from each player"
        case "dealer":
            other = dict(dressing.others_stakes).get(compartment.id)
            if other is not None:
                dealer = "" if amount is None else f"{amount} from the dealer and "
                return f"{dealer}{other} from each other player"
            return "nothing" if amount is None else str(amount)
        case "banker" | "contributions":
            return "nothing" if amount is None else str(amount)
        case "spread":
            if amount is None:
                return "nothing"
            return f"at least {amount}, as the players choose" if amount else "what the players lay"
        case _:
            assert_never(payer)


def stakes_list(rules: Rules) -> str:
    """``Pope Joan 6, Matrimony 2, …``, in board order."""
    stakes = dict(rules.dressing.stakes)
    parts = [f"{c.label} {stakes[c.id]}" for c in rules.board.compartments if c.id in stakes]
    return ", ".join(parts)


def dressing_summary(rules: Rules) -> str:
    dressing = rules.dressing
    stakes = [amount for _, amount in dressing.stakes]
    total = sum(stakes)
    when = "" if dressing.every_deal else " (once a game)"
    payer = dressing.payer
    match payer:
        case "each-player":
            if len(set(stakes)) == 1:
                return f"each player, {stakes[0]} on every compartment ({total} each){when}"
            return f"each player, {total} counters{when}"
        case "dealer":
            if dressing.others_stakes:
                return (
                    f"the dealer, {total} counters, and each other player "
                    f"{sum(a for _, a in dressing.others_stakes)}{when}"
                )
            return f"the dealer, {total} counters{when}"
        case "banker":
            return f"the banker (first dealer), {total} counters every deal{when}"
        case "shares":
            shares = dressing.shares
            assert shares is not None
            return (
                f"a pool of at least {shares.total_at_least}: dealer {shares.dealer} shares, "
                f"others {shares.others}{when}"
            )
        case "contributions":
            given = dressing.contributions
            assert given is not None
            return contributions.summary(given, total) + when
        case "spread":
            assert dressing.spread is not None
            return spread.summary(dressing.spread) + when
        case _:
            assert_never(payer)


def dressing_rule(rules: Rules) -> Rule:
    dressing = rules.dressing
    if not dressing.stakes:
        return Rule(
            "rule-dressing",
            "Dressing the board",
            ("Nothing is staked before a deal.",),
            dressing.provenance,
            dressing.interpretation,
        )
    stakes = stakes_list(rules)
    amounts = [amount for _, amount in dressing.stakes]
    total = sum(amounts)
    before = "Before every deal" if dressing.every_deal else "Before the first deal"
    table: Table | None = None
    payer = dressing.payer
    match payer:
        case "each-player":
            if len(set(amounts)) == 1 and len(amounts) == len(rules.board.compartments):
                what = f"{counters(amounts[0])} on every compartment ({total} from each player)"
            else:
                what = f"{stakes} ({total} from each player)"
            sentences = [f"{before}, each player dresses the board: {what}."]
        case "dealer" if dressing.others_stakes:
            sentences = [
                f"{before}, the dealer stakes {stakes} ({counters(total)}).",
                others_stakes.sentence(rules),
            ]
        case "dealer":
            sentences = [
                f"{before}, the dealer alone dresses the board: {stakes} ({counters(total)})."
            ]
        case "banker":
            sentences = [
                "The first dealer is also the banker for the whole game.",
                f"{before}, whoever deals, the banker alone dresses the board: {stakes} "
                f"({counters(total)}).",
            ]
        case "shares":
            sentences, table = _pool_rule(rules, before, stakes, total)
        case "contributions":
            given = dressing.contributions
            assert given is not None
            sentences = contributions.sentences(given, before, stakes, total)
            table = Table(
                ("Players", "Each other player pays", "The dealer pays"),
                tuple(contributions.table_rows(given, total, rules.players.counts)),
                "What each pays towards the dressing, by the number of players.",
            )
        case "spread":
            assert dressing.spread is not None
            covered = stakes if any(amounts) else ""
            sentences = spread.sentences(dressing.spread, covered, before)
        case _:
            assert_never(payer)
    return Rule(
        "rule-dressing",
        "Dressing the board",
        tuple(sentences),
        dressing.provenance,
        dressing.interpretation,
        table,
    )


def _pool_rule(rules: Rules, before: str, stakes: str, total: int) -> tuple[list[str], Table]:
    """The sentences and the table for a board dressed from a pool of shares."""
    dressing = rules.dressing
    shares = dressing.shares
    assert shares is not None
    rest = compartment_label(rules, dressing.remainder_to or "")
    sentences = [
        f"{before}, the players make a pool of at least {counters(shares.total_at_least)}: "
        f"the dealer pays {number_word(shares.dealer)} shares and every other player "
        f"{number_word(shares.others)}, a share being the smallest whole number of counters "
        f"that brings the pool to {shares.total_at_least}.",
        f"The pool is laid out as {stakes}; {rest} takes the rest of the pool.",
    ]
    rows: list[tuple[str, ...]] = []
    for n in rules.players.counts:
        unit = shares.unit(n)
        pool = unit * (shares.dealer + shares.others * (n - 1))
        rows.append(
            (
                str(n),
                str(unit),
                str(unit * shares.dealer),
                str(unit * shares.others),
                str(pool),
                str(pool - total),
            )
        )
    table = Table(
        ("Players", "Share", "Dealer pays", "Each other pays", "Pool", f"{rest} gets"),
        tuple(rows),
        "The pool for each number of players.",
    )
    return sentences, table
