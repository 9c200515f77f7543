"""The ``pack`` block: the cards used and the order a run climbs."""

from __future__ import annotations

from ...core.cards import RANKS, card_glyph, rank_of
from ...mechanics.ruleset import Pack, Rules
from .records import Rule
from .words import cards_label, join_words, rank_words


def _ranks_out(pack: Pack) -> tuple[int, ...]:
    """The lowest ranks of the pack's order every card of which is taken out, the pack cut
    short below (seven to ace has no two to six), in the pack's order; a rank taken out above
    a kept one (Newmarket's sevens) is not among them."""
    gone = set(pack.removed)
    out: list[int] = []
    for rank in pack.ranks:
        if not all(suit * 13 + rank in gone for suit in range(4)):
            break
        out.append(rank)
    return tuple(out)


def _rest(pack: Pack) -> tuple[int, ...]:
    """The cards taken out that are not a whole rank."""
    out = set(_ranks_out(pack))
    return tuple(card for card in pack.removed if rank_of(card) not in out)


def _plural(rank: int) -> str:
    word = rank_words(rank)
    return word + ("es" if word.endswith("x") else "s")


def pack_summary(rules: Rules) -> str:
    """The pack in a few words, for tables (``51 cards: 8♦ removed``, ``32 cards: 7 to A``)."""
    pack = rules.pack
    size = len(pack.cards)
    if not pack.removed:
        return f"{size} cards: the full pack"
    out, rest = _ranks_out(pack), _rest(pack)
    kept = [r for r in pack.ranks if r not in out]
    said = [f"{RANKS[kept[0]]} to {RANKS[kept[-1]]}"] if out else []
    if rest:
        said.append(f"{' '.join(card_glyph(c) for c in rest)} removed")
    return f"{size} cards: {', '.join(said)}"


def pack_rule(rules: Rules) -> Rule:
    pack = rules.pack
    size = len(pack.cards)
    out, rest = _ranks_out(pack), _rest(pack)
    if out:
        kept = [r for r in pack.ranks if r not in out]
        ranks = join_words([_plural(r) for r in out])
        text = (
            f"An ordinary pack of 52 cards without its {ranks}: {size} cards are used, "
            f"{rank_words(kept[0])} to {rank_words(kept[-1])} in each suit."
        )
        if rest:
            verb = "is" if len(rest) == 1 else "are"
            text += f" Of those, {cards_label(rest)} {verb} taken out before play too."
    elif pack.removed:
        removed = cards_label(pack.removed)
        verb = "is" if len(pack.removed) == 1 else "are"
        text = (
            f"An ordinary pack of 52 cards, from which {removed} {verb} taken out "
            f"before play: {size} cards are used."
        )
    else:
        text = "The full pack of 52 cards is used; no card is taken out."
    return Rule("rule-pack", "Pack", (text,), pack.provenance, pack.interpretation)


def rank_order_rule(rules: Rules) -> Rule:
    pack = rules.pack
    out = _ranks_out(pack)
    kept = [r for r in pack.ranks if r not in out]
    low, high = rank_words(kept[0]), rank_words(kept[-1])
    order = " ".join(RANKS[r] for r in kept)
    climbs = (
        f"A run climbs this order one card at a time, so the {high}, with nothing above it, "
        "always ends one."
        if rules.play.showing is None
        else "No card is played, so no run climbs it: it says which pair, or which card of a "
        "suit, is the higher."
    )
    if rules.play.suits_apart:
        ranked = (
            f"The four suits are kept apart, and in each the cards run in order from the {low} "
            f"(low) to the {high} (high): {order}."
        )
    else:
        ranked = (
            f"Suits do not matter in a run: the cards run in order of rank from the {low} (low) "
            f"to the {high} (high), whatever their suit: {order}."
        )
        climbs = climbs.replace("one card at a time", "one rank at a time")
    return Rule(
        "rule-rank-order",
        "Rank order",
        (ranked, climbs),
        pack.provenance,
        pack.interpretation,
    )
