"""Each ruleset's board as an inline SVG, drawn from its default rules.

A board whose compartments each name one card (source 004's layout) is drawn as those cards in a
row; any other board as a round staking board, one segment per compartment in the source's
order, with each compartment's label, winning card and default stake. A compartment whose rule
rests on an interpretation (the source silent, unclear, contradicting itself or lost there) is
drawn marked with an asterisk and a dashed edge, and :func:`interpretation_marks` words the
caption's note on it. Text goes through the autoescaped templates.

The text is drawn large enough to read where the site shows a board smallest (a round board about
290 px wide, five cards in a row about 315 px): at least 11 px on screen. A label too long for its
segment or card is set on two lines.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import assert_never

from markupsafe import Markup

from ..core.cards import RANKS, SUIT_GLYPHS, SUITS, is_red, rank_of, suit_of
from ..mechanics import (
    others_stakes,
)
from ..mechanics.ruleset import Compartment, Payer, Rules, Ruleset
from ..rules import roles
from . import describe as d
from .readings import kind_words
from .render import render

LABEL_FONT = 14.0
"""The size of a compartment's label, its stake and the cards' corners, in the drawing's units."""
DETAIL_FONT = 13.5
"""The size of the smaller text: the winning card under a label, "counters", the hub."""
BOLD_EM = 0.62
"""A bold character's width for its size, on average and generously: how long a label is."""
LINE = 16.0
"""From one line of a label to the next."""
CARD_W, CARD_GAP = 64.0, 10.0
"""A laid card's width, and the felt between two cards."""


def label_lines(label: str, width: float) -> tuple[str, ...]:
    """``label`` on one line, or on two split at the space nearest its middle when one line at
    :data:`LABEL_FONT` would be wider than ``width``."""
    spaces = [i for i, ch in enumerate(label) if ch == " "]
    if len(label) * LABEL_FONT * BOLD_EM <= width or not spaces:
        return (label,)
    cut = min(spaces, key=lambda i: abs(2 * i - len(label)))
    return (label[:cut], label[cut + 1 :])


@dataclass(frozen=True)
class Segment:
    lines: tuple[str, ...]
    """The label, on one line or two."""
    detail: str
    stake: str
    path: str
    label_x: float
    label_y: float
    coin_x: float
    coin_y: float
    chief: bool
    """Whether this is the Pope's segment (:func:`variants.rules.roles.chief_card`), drawn apart."""
    read: bool = False
    """Whether its rule rests on an interpretation (marked ``*``)."""


@dataclass(frozen=True)
class LaidCard:
    lines: tuple[str, ...]
    """The label, on one line or two."""
    rank: str
    glyph: str
    red: bool
    stake: str
    x: float
    read: bool = False
    """Whether its rule rests on an interpretation (marked ``*``)."""


MARK = "*"
"""What marks a compartment whose rule rests on an interpretation."""


@dataclass(frozen=True)
class InterpretationMark:
    """The compartments one interpretation decides, for the board's caption."""

    id: str
    labels: tuple[str, ...]
    why: str
    """``the source does not say``."""


def interpretation_marks(ruleset: Ruleset) -> list[InterpretationMark]:
    """Each interpretation the default board's compartments rest on, with the labels of the
    compartments it decides, in board order."""
    kinds = {i.id: i.kind for i in ruleset.interpretations}
    labels: dict[str, list[str]] = {}
    for compartment in ruleset.rules.board.compartments:
        if compartment.interpretation in kinds:
            labels.setdefault(compartment.interpretation, []).append(compartment.label)
    return [
        InterpretationMark(ident, tuple(names), kind_words(kinds[ident]))
        for ident, names in labels.items()
    ]


def is_layout(rules: Rules) -> bool:
    """True when every compartment is won by one named card: a layout of cards."""
    return all(roles.by_named_card(c.win) for c in rules.board.compartments)


def stake_coin(rules: Rules, compartment: Compartment) -> str:
    """What the coin on a compartment shows: a number, or ``rest`` for the pool's remainder."""
    dressing = rules.dressing
    amount = d.stake_of(rules, compartment.id)
    if _pooled(dressing.payer) and dressing.remainder_to == compartment.id:
        return "rest" if not amount else f"{amount}+"
    others = dict(dressing.others_stakes).get(compartment.id)
    if amount is None and others is not None:
        # from each player but the dealer, as the caption says
        return f"{others}\N{MULTIPLICATION SIGN}"
    return d.EN_DASH if amount is None else str(amount)


def stakes_caption(rules: Rules) -> str:
    """The stakes in words, under the drawing."""
    dressing = rules.dressing
    parts = [
        f"{c.label}: {d.stake_of(rules, c.id)}"
        for c in rules.board.compartments
        if d.stake_of(rules, c.id) is not None
    ]
    text = ", ".join(parts)
    if _pooled(dressing.payer) and dressing.remainder_to:
        rest = next(
            (c.label for c in rules.board.compartments if c.id == dressing.remainder_to),
            dressing.remainder_to,
        )
        text += f"; {rest}: the rest of the pool"
    if dressing.others_stakes:
        text += f"; and from each player but the dealer: {others_stakes.listed(rules)}"
    return f"Stakes ({_laid_by(dressing.payer)}): {text}."


def _pooled(payer: Payer) -> bool:
    """Whether the players pay into one pool that the stakes are laid out from."""
    match payer:
        case "shares":
            return True
        case "each-player" | "dealer" | "banker" | "contributions" | "spread":
            return False
        case _:
            assert_never(payer)


def _laid_by(payer: Payer) -> str:
    """Who lays the stakes on the board, for the caption."""
    match payer:
        case "each-player":
            return "from each player"
        case "dealer":
            return "from the dealer"
        case "banker":
            return "from the banker"
        case "shares":
            return "laid out from the players' pool"
        case "contributions":
            return "from the players and the dealer"
        case "spread":
            return "laid by the players where they choose"
        case _:
            assert_never(payer)


def short_cards(compartment: Compartment) -> str:
    """The winning card or cards, short enough for a segment (``9♦``, ``trump Q+K``)."""
    return compartment.win.short()


def _segments(rules: Rules, cx: float, cy: float, radius: float) -> list[Segment]:
    compartments = rules.board.compartments
    chief = roles.chief_card(rules)
    n = len(compartments)
    step = 2 * math.pi / n
    segments: list[Segment] = []
    for index, compartment in enumerate(compartments):
        start = -math.pi / 2 - step / 2 + index * step
        end = start + step
        mid = (start + end) / 2
        x1, y1 = cx + radius * math.cos(start), cy + radius * math.sin(start)
        x2, y2 = cx + radius * math.cos(end), cy + radius * math.sin(end)
        large = 1 if step > math.pi else 0
        path = (
            f"M{cx:.1f},{cy:.1f} L{x1:.1f},{y1:.1f} "
            f"A{radius:.1f},{radius:.1f} 0 {large} 1 {x2:.1f},{y2:.1f} Z"
        )
        label_r = radius * 0.73
        coin_r = radius * 0.40
        chord = 2 * label_r * math.sin(min(step, math.pi) / 2)
        segments.append(
            Segment(
                lines=label_lines(compartment.label, chord),
                detail=short_cards(compartment),
                stake=stake_coin(rules, compartment),
                path=path,
                label_x=cx + label_r * math.cos(mid),
                label_y=cy + label_r * math.sin(mid),
                coin_x=cx + coin_r * math.cos(mid),
                coin_y=cy + coin_r * math.sin(mid),
                chief=compartment is chief,
                read=compartment.interpretation is not None,
            )
        )
    return segments


def _laid_cards(rules: Rules) -> list[LaidCard]:
    laid: list[LaidCard] = []
    for index, compartment in enumerate(rules.board.compartments):
        card = roles.named_card(compartment.win)
        assert card is not None
        letter = SUITS[suit_of(card)]
        laid.append(
            LaidCard(
                lines=label_lines(compartment.label, CARD_W + CARD_GAP),
                rank=RANKS[rank_of(card)],
                glyph=SUIT_GLYPHS[letter],
                red=is_red(card),
                stake=stake_coin(rules, compartment),
                x=CARD_GAP + index * (CARD_W + CARD_GAP),
                read=compartment.interpretation is not None,
            )
        )
    return laid


def board_svg(rules: Rules, name: str, ident: str) -> Markup:
    """The board as an ``<svg>`` element; ``name`` titles it, ``ident`` makes its ids unique.
    Nothing for a game played without a board."""
    if not rules.board.compartments:
        return Markup("")
    caption = stakes_caption(rules)
    read = [c.label for c in rules.board.compartments if c.interpretation is not None]
    if read:
        caption += f" Marked {MARK}, resting on a reading of the source: {', '.join(read)}."
    if is_layout(rules):
        laid = _laid_cards(rules)
        return Markup(
            render(
                "board_layout.svg.j2",
                cards=laid,
                card_w=CARD_W,
                card_h=100.0,
                top=36.0 + LINE * (max(len(c.lines) for c in laid) - 1),
                line=LINE,
                label_font=LABEL_FONT,
                detail_font=DETAIL_FONT,
                view_w=CARD_GAP + len(laid) * (CARD_W + CARD_GAP),
                name=name,
                ident=ident,
                caption=caption,
                mark=MARK,
            )
        )
    size = 340.0
    segments = _segments(rules, size / 2, size / 2, 150.0)
    return Markup(
        render(
            "board_round.svg.j2",
            segments=segments,
            line=LINE,
            label_font=LABEL_FONT,
            detail_font=DETAIL_FONT,
            size=size,
            cx=size / 2,
            cy=size / 2,
            name=name,
            ident=ident,
            caption=caption,
            mark=MARK,
            trump=d.trump_summary(rules),
            hub=("POPE", "JOAN") if roles.chief_card(rules) is not None else ("THE", "POOLS"),
        )
    )
