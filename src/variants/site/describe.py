"""The rules in plain English, as pure functions of the typed model.

Nothing here reads YAML or knows about HTML: every function takes model objects
(:class:`~variants.ruleset.Rules`, :class:`~variants.ruleset.Ruleset` and their parts) and returns
plain text (cards written with their suit glyphs, such as ``9♦``) or small frozen records of
text. The ruleset pages, the comparison and the sources page all render from these, and escape
the text where it reaches HTML.

>>> from variants.cards import parse_card
>>> card_label(parse_card("8D"))
'the eight of diamonds (8♦)'
>>> counters(1), counters(3)
('1 counter', '3 counters')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import assert_never, get_args

from ..cards import (
    RANK_WORDS,
    RANKS,
    SUIT_GLYPHS,
    SUIT_NAMES,
    SUITS,
    card_glyph,
    make_card,
    rank_of,
    suit_of,
)
from ..dealplan import SPARE, TURN_UP, DealPlanError, plan_deal
from ..events import TurnUpPlace
from ..ruleset import (
    STATUS_THRESHOLDS,
    Citation,
    Compartment,
    FirstDealer,
    HolderPays,
    Option,
    Provenance,
    Rules,
    Ruleset,
    Stop,
    StopCause,
    TurnUpFate,
    Win,
)

EN_DASH = "\u2013"
ORDINALS: tuple[str, ...] = (
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
)
NUMBER_WORDS: tuple[str, ...] = (
    "no",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
)

# --------------------------------------------------------------------------------------------
# Status: how much of a ruleset had to be reconstructed. The thresholds live here, and only here.

STATUS_BEYOND = "fragmentary"


@dataclass(frozen=True)
class Status:
    label: str
    interpretations: int

    @property
    def slug(self) -> str:
        return self.label.replace(" ", "-")


def status_for(count: int) -> Status:
    """The status label for a ruleset with ``count`` interpretations.

    >>> [status_for(n).label for n in (0, 4, 5, 8, 9)]
    ['complete', 'complete', 'partly reconstructed', 'partly reconstructed', 'fragmentary']
    """
    for most, label in STATUS_THRESHOLDS:
        if count <= most:
            return Status(label, count)
    return Status(STATUS_BEYOND, count)


def ruleset_status(ruleset: Ruleset) -> Status:
    return status_for(len(ruleset.interpretations))


def status_rule() -> str:
    """The thresholds, stated in a sentence.

    >>> status_rule()
    'complete: 4 interpretations or fewer; partly reconstructed: 5 to 8; fragmentary: 9 or more.'
    """
    parts: list[str] = []
    low = 0
    for most, label in STATUS_THRESHOLDS:
        if low == 0:
            parts.append(f"{label}: {most} interpretations or fewer")
        else:
            parts.append(f"{label}: {low} to {most}")
        low = most + 1
    parts.append(f"{STATUS_BEYOND}: {low} or more")
    return "; ".join(parts) + "."


# --------------------------------------------------------------------------------------------
# Words for cards and numbers


def number_word(n: int) -> str:
    """``three`` for 3; digits from 13 up.

    >>> number_word(2), number_word(15)
    ('two', '15')
    """
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def counters(n: int) -> str:
    return f"{n} counter" if n == 1 else f"{n} counters"


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def rank_word(rank: int) -> str:
    """The rank's name in words.

    >>> rank_word(11)
    'queen'
    """
    return RANK_WORDS[RANKS[rank]]


def article(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


def card_words(card: int) -> str:
    """The card in words.

    >>> from variants.cards import parse_card
    >>> card_words(parse_card("10h"))
    'the ten of hearts'
    """
    return f"the {rank_word(rank_of(card))} of {SUIT_NAMES[SUITS[suit_of(card)]]}"


def card_label(card: int) -> str:
    return f"{card_words(card)} ({card_glyph(card)})"


def join(items: Sequence[str], last: str = "and") -> str:
    """Join words in English.

    >>> join(["a"]), join(["a", "b"]), join(["a", "b", "c"])
    ('a', 'a and b', 'a, b and c')
    """
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def cards_label(cards: Sequence[int]) -> str:
    """Cards in words, the four of a rank together.

    >>> from variants.cards import parse_card
    >>> cards_label([parse_card(c) for c in ("8C", "8D", "8H", "8S")])
    'the four eights (8♣ 8♦ 8♥ 8♠)'
    >>> cards_label([parse_card("8D")])
    'the eight of diamonds (8♦)'
    """
    if len(cards) > 1 and len({rank_of(c) for c in cards}) == 1:
        word = rank_word(rank_of(cards[0]))
        many = word + ("es" if word.endswith("x") else "s")
        glyphs = " ".join(card_glyph(c) for c in cards)
        return f"the {number_word(len(cards))} {many} ({glyphs})"
    return join([card_label(c) for c in cards])


def suit_label(suit: int) -> str:
    letter = SUITS[suit]
    return f"{SUIT_NAMES[letter]} ({SUIT_GLYPHS[letter]})"


# --------------------------------------------------------------------------------------------
# Records


@dataclass(frozen=True)
class Table:
    head: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    caption: str = ""


@dataclass(frozen=True)
class Rule:
    """One rule in English, with the provenance it renders and links to."""

    anchor: str
    """The rule's id on its ruleset page (``rule-pack``)."""
    title: str
    sentences: tuple[str, ...]
    provenance: Provenance = ()
    interpretation: str | None = None
    table: Table | None = None

    @property
    def text(self) -> str:
        return " ".join(self.sentences)


@dataclass(frozen=True)
class Section:
    anchor: str
    title: str
    rules: tuple[Rule, ...]


# --------------------------------------------------------------------------------------------
# Equipment


def players_rule(rules: Rules) -> Rule:
    players = rules.players
    text = (
        f"For exactly {number_word(players.min)} players."
        if players.min == players.max
        else f"For {number_word(players.min)} to {number_word(players.max)} players."
    )
    return Rule("rule-players", "Players", (text,), players.provenance, players.interpretation)


def pack_summary(rules: Rules) -> str:
    """The pack in a few words, for tables (``51 cards: 8♦ removed``)."""
    removed = rules.pack.removed
    size = len(rules.pack.cards)
    if not removed:
        return f"{size} cards: the full pack"
    return f"{size} cards: {' '.join(card_glyph(c) for c in removed)} removed"


def pack_rule(rules: Rules) -> Rule:
    pack = rules.pack
    size = len(pack.cards)
    if pack.removed:
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
    low, high = rank_word(pack.ranks[0]), rank_word(pack.ranks[-1])
    order = " ".join(RANKS[r] for r in pack.ranks)
    return Rule(
        "rule-rank-order",
        "Rank order",
        (
            f"The four suits are kept apart, and in each the cards run in order from the {low} "
            f"(low) to the {high} (high): {order}.",
            f"A run climbs this order one card at a time, so the {high}, with nothing above it, "
            "always ends one.",
        ),
        pack.provenance,
        pack.interpretation,
    )


def equipment(rules: Rules) -> Section:
    return Section(
        "equipment",
        "Equipment",
        (players_rule(rules), pack_rule(rules), rank_order_rule(rules)),
    )


# --------------------------------------------------------------------------------------------
# Deal


def first_dealer_text(method: FirstDealer) -> str:
    match method:
        case "lowest-card":
            return (
                "Each player draws a card and the lowest deals first, the ace counting low; "
                "players who tie for lowest draw again."
            )
        case "first-jack":
            return (
                "Cards are dealt round face up, one at a time, and the first player to receive a "
                "jack deals first."
            )
        case "agreed":
            return "The players agree who deals first."
        case _:
            assert_never(method)


def first_dealer_short(method: FirstDealer) -> str:
    match method:
        case "lowest-card":
            return "lowest card drawn"
        case "first-jack":
            return "first jack dealt face up"
        case "agreed":
            return "agreed by the players"
        case _:
            assert_never(method)


FIRST_DEALER_SHORT: Mapping[FirstDealer, str] = {
    method: first_dealer_short(method) for method in get_args(FirstDealer)
}


def first_dealer_rule(rules: Rules) -> Rule:
    dealer = rules.first_dealer
    return Rule(
        "rule-first-dealer",
        "First dealer",
        (first_dealer_text(dealer.method), "After each deal the deal passes to the left."),
        dealer.provenance,
        dealer.interpretation,
    )


@dataclass(frozen=True)
class HandSizes:
    """How one player count is dealt."""

    players: int
    hands: tuple[int, ...]
    """Cards in each hand when play starts, elder hand first (the dealer last)."""
    spare: int
    """Cards in the spare hand or stock when play starts."""
    turn_up: TurnUpPlace
    """Where the turn-up lies: ``table``, ``hand``, ``spare`` or ``none``."""
    turn_up_seat: int | None = None
    """For ``hand``: the position holding it, counted from the elder hand (the dealer last)."""
    error: str | None = None

    @property
    def turn_up_text(self) -> str:
        """Where the turn-up lies, in words.

        >>> HandSizes(5, (8,) * 5, 10, "hand", 4).turn_up_text
        "in the dealer's hand"
        >>> HandSizes(5, (8,) * 5, 10, "hand", 1).turn_up_text
        "in the hand of the second player from the dealer's left"
        """
        place = self.turn_up
        match place:
            case "hand":
                seat = self.turn_up_seat
                if seat is None:
                    return "in a hand"
                if seat == self.players - 1:
                    return "in the dealer's hand"
                if seat == 0:
                    return "in the elder hand (the dealer's left)"
                nth = ORDINALS[seat] if seat < len(ORDINALS) else ""
                return f"in the hand of the {nth} player from the dealer's left"
            case "table":
                return "face up on the table"
            case "spare":
                return "in the spare cards"
            case "none":
                return "none turned"
            case _:
                assert_never(place)

    @property
    def hands_text(self) -> str:
        """``8 each``, or each hand's size when they differ.

        >>> HandSizes(5, (9, 9, 8, 8, 8), 8, "hand").hands_text
        '9, 9, 8, 8, 8'
        >>> HandSizes(5, (8,) * 5, 10, "table").hands_text
        '8 each'
        """
        if self.error:
            return "cannot be dealt"
        if len(set(self.hands)) == 1:
            return f"{self.hands[0]} each"
        return ", ".join(str(n) for n in self.hands)


def hand_sizes(rules: Rules, players: int) -> HandSizes:
    """Computed from :func:`variants.dealplan.plan_deal`."""
    try:
        plan = plan_deal(rules, players)
    except DealPlanError as error:
        return HandSizes(players, (), 0, "none", error=str(error))
    spare = sum(1 for p in plan.positions if p == SPARE)
    where: TurnUpPlace = "none"
    seat: int | None = None
    if plan.turn_up_index is not None:
        dealt_to = plan.positions[plan.turn_up_index]
        if plan.turn_up_position == TURN_UP:
            where = "table"
            if dealt_to == SPARE:
                spare -= 1
        elif plan.turn_up_position == SPARE:
            where = "spare"
        else:
            where = "hand"
            seat = plan.turn_up_position
    return HandSizes(players, plan.hand_sizes(), spare, where, seat)


def hand_sizes_table(rules: Rules) -> Table:
    spare = rules.deal.spare_name
    rows: list[tuple[str, ...]] = []
    for n in rules.players.counts:
        sizes = hand_sizes(rules, n)
        if sizes.error:
            rows.append((str(n), "cannot be dealt", "", sizes.error))
            continue
        place = sizes.turn_up_text.replace("the spare cards", f"the {spare}")
        rows.append((str(n), sizes.hands_text, str(sizes.spare), place))
    return Table(
        ("Players", "Cards to each player", spare.capitalize(), "Turn-up"),
        tuple(rows),
        "Hands are listed from the elder hand (on the dealer's left) round to the dealer.",
    )


def deal_style_text(rules: Rules) -> tuple[str, ...]:
    deal = rules.deal
    spare = deal.spare_name
    style = deal.style
    match style:
        case "equal-with-spare":
            return (
                "The dealer deals one card at a time, starting on the left, to each player and to "
                f"a {spare}, so that every hand and the {spare} get the same number of cards.",
                f"Cards left over when the hands are equal go to the {spare}, which lies face "
                "down and unseen throughout the deal; the cards in it are unknown stops.",
            )
        case "all-around":
            return (
                "The dealer deals the whole pack one card at a time, starting on the left, round "
                f"the players and a {spare}, so some hands may have one card more than others.",
                f"The {spare} lies face down and unseen throughout the deal; the cards in it are "
                "unknown stops.",
            )
        case "fixed-table":
            counts = ", ".join(f"{p} players {c}" for p, c in deal.table)
            return (
                "The dealer deals one card at a time, starting on the left, giving each player "
                f"the number of cards a fixed table sets for the number of players ({counts}).",
                f"The rest of the pack is the {spare}, which lies face down and unseen; the cards "
                "in it are unknown stops.",
            )
        case _:
            assert_never(style)


def deal_summary(rules: Rules) -> str:
    """The deal in a few words (the spare hand's name is left to :func:`spare_summary`)."""
    deal = rules.deal
    style = deal.style
    match style:
        case "equal-with-spare":
            return "equal hands and an extra hand, which takes the leftovers"
        case "all-around":
            return "the whole pack dealt round the hands and an extra hand; hands may differ by one"
        case "fixed-table":
            counts = ", ".join(f"{p}p {c}" for p, c in deal.table)
            return f"a fixed number by player count ({counts}); the rest is a stock"
        case _:
            assert_never(style)


def spare_summary(rules: Rules) -> str:
    """The spare hand or stock, and its size across the player counts."""
    sizes = [
        hand_sizes(rules, n).spare for n in rules.players.counts if not hand_sizes(rules, n).error
    ]
    name = rules.deal.spare_name
    if not sizes:
        return name
    low, high = min(sizes), max(sizes)
    span = str(low) if low == high else f"{low}{EN_DASH}{high}"
    return f"{name}, unseen: {span} cards"


def deal_rule(rules: Rules) -> Rule:
    deal = rules.deal
    return Rule(
        "rule-deal",
        "Dealing",
        deal_style_text(rules),
        deal.provenance,
        deal.interpretation,
        hand_sizes_table(rules),
    )


def turn_up_card_text(rules: Rules) -> str:
    card = rules.turn_up.card
    spare = rules.deal.spare_name
    match card:
        case "none":
            return "No card is turned up."
        case "last-dealt":
            if _dealt_whole(rules):
                return "The last card dealt, wherever it falls, is turned face up."
            return "When the hands are dealt, the next card is turned face up."
        case "dealer-last":
            return (
                "The last card dealt to the dealer is turned face up on the table for all to see."
            )
        case "stock-top":
            return f"The top card of the {spare} is turned face up."
        case _:
            assert_never(card)


def _dealt_whole(rules: Rules) -> bool:
    """Whether the whole pack is dealt round, so that the last card dealt falls in a hand."""
    style = rules.deal.style
    match style:
        case "all-around":
            return True
        case "equal-with-spare" | "fixed-table":
            return False
        case _:
            assert_never(style)


def turn_up_fate_text(fate: TurnUpFate) -> str:
    match fate:
        case "table":
            return "It stays face up on the table, out of play: the card below it is a known stop."
        case "dealer":
            return "Once everyone has seen it, the dealer takes it into hand."
        case "holder":
            return (
                "It stays, face up, in the hand it fell to and is played from there like any "
                "other card."
            )
        case _:
            assert_never(fate)


def turn_up_summary(rules: Rules) -> str:
    card = rules.turn_up.card
    match card:
        case "none":
            return "none"
        case "last-dealt":
            which = "last card dealt" if _dealt_whole(rules) else "next card"
        case "dealer-last":
            which = "dealer's last card"
        case "stock-top":
            which = f"top of the {rules.deal.spare_name}"
        case _:
            assert_never(card)
    fate = rules.turn_up.fate
    match fate:
        case "table":
            where = "stays on the table (a stop)"
        case "dealer":
            where = "taken up by the dealer"
        case "holder":
            where = "stays in the hand it fell to"
        case _:
            assert_never(fate)
    return f"{which}; {where}"


def turn_up_rule(rules: Rules) -> Rule:
    turn_up = rules.turn_up
    sentences = [turn_up_card_text(rules)]
    if turn_up.turned:
        sentences.append(turn_up_fate_text(turn_up.fate))
        payers = [c for c in rules.board.compartments if c.turn_up is not None]
        if payers:
            sentences.append(
                "If it is the card of a compartment, the dealer is paid at once: see "
                + join([c.label for c in payers], "and")
                + " under Board and stakes."
            )
    return Rule(
        "rule-turn-up", "Turn-up", tuple(sentences), turn_up.provenance, turn_up.interpretation
    )


def trump_summary(rules: Rules) -> str:
    suit = rules.trump.suit
    match suit:
        case "turn-up":
            return "the turn-up's suit"
        case "none":
            return "no trumps"
        case int():
            return suit_label(suit)
        case _:
            assert_never(suit)


def trump_rule(rules: Rules) -> Rule:
    trump = rules.trump
    suit = trump.suit
    match suit:
        case "turn-up":
            text = "The turn-up's suit is trumps for the deal."
        case "none":
            text = "There is no trump suit: the board names its cards directly."
        case int():
            text = f"Trumps are always {suit_label(suit)}."
        case _:
            assert_never(suit)
    return Rule("rule-trump", "Trumps", (text,), trump.provenance, trump.interpretation)


def deal(rules: Rules) -> Section:
    return Section(
        "deal",
        "Deal",
        (first_dealer_rule(rules), deal_rule(rules), turn_up_rule(rules), trump_rule(rules)),
    )


# --------------------------------------------------------------------------------------------
# Board and stakes


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


def win_sentences(win: Win, rules: Rules) -> tuple[str, ...]:
    kind = win.kind
    match kind:
        case "card":
            assert win.card is not None
            return (f"Won by the player who plays {card_label(win.card)}.",)
        case "trump":
            return (f"Won by the player who plays the {rank_word(win.ranks[0])} of trumps.",)
        case "going-out":
            return ("Won by the first player to play all their cards.",)
        case "trumps":
            return pair_sentences(win)
        case _:
            assert_never(kind)


def pair_sentences(win: Win) -> tuple[str, ...]:
    """How a pair of trumps is won, and what happens when two players play its cards."""
    first, second = (rank_word(r) for r in win.ranks)
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
            word = rank_word(win.ranks[0])
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
        labels = [_label(rules, c) for c in payout.also]
        gains.append(("and " if gains else "the dealer takes ") + "those on " + join(labels))
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
        case "dealer" | "banker":
            return "nothing" if amount is None else str(amount)
        case _:
            assert_never(payer)


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


def _label(rules: Rules, compartment_id: str) -> str:
    try:
        return rules.board.get(compartment_id).label
    except KeyError:
        return compartment_id


def stakes_list(rules: Rules) -> str:
    """``Pope Joan 6, Matrimony 2, …``, in board order."""
    stakes = dict(rules.dressing.stakes)
    parts = [f"{c.label} {stakes[c.id]}" for c in rules.board.compartments if c.id in stakes]
    return ", ".join(parts)


def board_rule(rules: Rules) -> Rule:
    board = rules.board
    labels = [c.label for c in board.compartments]
    sentences = [
        f"The board has {number_word(len(labels))} compartments: {join(labels)}. "
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
        case _:
            assert_never(payer)


def dressing_rule(rules: Rules) -> Rule:
    dressing = rules.dressing
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
    rest = _label(rules, dressing.remainder_to or "")
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


def board(rules: Rules) -> Section:
    return Section(
        "board-and-stakes",
        "Board and stakes",
        (
            board_rule(rules),
            dressing_rule(rules),
            *(compartment_rule(c, rules) for c in rules.board.compartments),
        ),
    )


# --------------------------------------------------------------------------------------------
# Play


def stop_title(cause: StopCause) -> str:
    match cause:
        case "king":
            return "Stop: the top card"
        case "removed":
            return "Stop: a card taken out"
        case "turn-up":
            return "Stop: the turn-up"
        case "unseen":
            return "Stop: the unseen cards"
        case "played":
            return "Stop: a card already played"
        case "held":
            return "Stop: a card that may not be played"
        case _:
            assert_never(cause)


def stop_short(cause: StopCause) -> str:
    match cause:
        case "king":
            return "kings"
        case "removed":
            return "below a removed card"
        case "turn-up":
            return "below the turn-up"
        case "unseen":
            return "below an unseen card"
        case "played":
            return "below a played card"
        case "held":
            return "below a card held back"
        case _:
            assert_never(cause)


def predecessor(rules: Rules, card: int) -> int | None:
    """The card just below ``card`` in its suit, in the ruleset's rank order."""
    ranks = rules.pack.ranks
    position = ranks.index(rank_of(card))
    if position == 0:
        return None
    return make_card(ranks[position - 1], suit_of(card))


def stop_sentence(cause: StopCause, rules: Rules) -> str:
    spare = rules.deal.spare_name
    match cause:
        case "king":
            top = rank_word(rules.pack.top_rank)
            return f"Every {top} stops a run: no card follows it."
        case "removed":
            pairs = [(predecessor(rules, c), c) for c in rules.pack.removed]
            named = [
                f"{card_glyph(p)} (the {card_glyph(c)} is out)" for p, c in pairs if p is not None
            ]
            return "A card whose next card up was taken out of the pack is a known stop" + (
                f": {join(named)}." if named else "."
            )
        case "turn-up":
            return _turn_up_stop_sentence(rules)
        case "unseen":
            return (
                f"A card whose next card up lies in the {spare} stops the run; nobody knows which "
                "cards these are until a run stops short."
            )
        case "played":
            return "A card whose next card up has already been played stops the run."
        case "held":
            held = [_label(rules, c) for c in rules.play.lead_only]
            if held:
                return (
                    "A card whose next card up may not be played to continue a run "
                    f"({join(held)}, which may only be led) stops it."
                )
            return (
                "A card whose next card up its holder may not play to continue a run stops it. "
                "Under the default rules every card may continue a run, so this arises only with "
                "an option that makes a card lead-only."
            )
        case _:
            assert_never(cause)


def _turn_up_stop_sentence(rules: Rules) -> str:
    fate = rules.turn_up.fate
    match fate:
        case "table":
            if rules.turn_up.turned:
                return (
                    "The card just below the turn-up, which lies face up on the table, is a known "
                    "stop."
                )
        case "dealer" | "holder":
            pass
        case _:
            assert_never(fate)
    return "The card just below the turn-up is a stop when the turn-up is left on the table."


def stop_rule(stop: Stop, rules: Rules) -> Rule:
    return Rule(
        f"rule-stop-{stop.cause}",
        stop_title(stop.cause),
        (stop_sentence(stop.cause, rules),),
        stop.provenance,
        stop.interpretation,
    )


def stops_summary(rules: Rules) -> str:
    """The causes of a stop, in a fixed order so that equal sets read the same."""
    said = {stop.cause: stop_short(stop.cause) for stop in rules.play.stops}
    return "; ".join(said[cause] for cause in get_args(StopCause) if cause in said)


def lead_sentences(rules: Rules) -> tuple[str, ...]:
    lead = rules.play.lead
    match lead:
        case "any":
            first = "The player on the dealer's left (the elder hand) leads first, with any card."
            again = (
                "Whoever played the last card of a stopped run leads the next, again with any card."
            )
        case "lowest-in-suit":
            first = (
                "The player on the dealer's left (the elder hand) leads first: they choose a suit "
                "and must lead the lowest card they hold in it."
            )
            again = (
                "Whoever played the last card of a stopped run leads the next, by the same rule: "
                "the lowest card held in the suit they choose."
            )
        case _:
            assert_never(lead)
    middle = (
        "Whoever holds the next card up in the same suit plays it at once, whoever they are, "
        "and so the run climbs one card at a time until it stops."
    )
    return (first, middle, again)


def lead_summary(rules: Rules) -> str:
    play = rules.play
    lead = play.lead
    match lead:
        case "any":
            base = "any card"
        case "lowest-in-suit":
            base = "the lowest card held in a chosen suit"
        case _:
            assert_never(lead)
    if play.lead_only:
        only = join([_label(rules, c) for c in play.lead_only])
        return f"{base}; {only} only as a lead"
    return base


def play(rules: Rules) -> Section:
    play_rules = rules.play
    items: list[Rule] = [
        Rule(
            "rule-lead",
            "Leading and running",
            lead_sentences(rules),
            play_rules.provenance,
            play_rules.interpretation,
        )
    ]
    if play_rules.lead_only:
        cards: list[str] = []
        for cid in play_rules.lead_only:
            compartment = rules.board.get(cid)
            cards.append(f"{compartment.label} ({compartment_cards(compartment)})")
        items.append(
            Rule(
                "rule-lead-only",
                "Cards that may only be led",
                (
                    f"{join(cards)} may be played only when its holder has the lead, never to "
                    "continue a run.",
                ),
                play_rules.provenance,
                play_rules.interpretation,
            )
        )
    items.extend(stop_rule(stop, rules) for stop in play_rules.stops)
    if play_rules.announce_stop:
        items.append(
            Rule(
                "rule-announce",
                "Announcing a stop",
                (
                    "A player who cannot continue a run says so, naming the missing card "
                    "(“No six”), and the next player on the left continues it if they can.",
                ),
                play_rules.provenance,
                play_rules.interpretation,
            )
        )
    return Section("play", "Play", tuple(items))


# --------------------------------------------------------------------------------------------
# Settlement


def holder_phrase(rules: Rules, compartment_id: str) -> str:
    try:
        compartment = rules.board.get(compartment_id)
    except KeyError:
        return compartment_id
    return f"{compartment.label} ({compartment_cards(compartment)})"


def going_out_rule(rules: Rules) -> Rule:
    going = rules.going_out
    game = [c for c in rules.board.compartments if c.win.by_going_out]
    takes = f"takes the counters on {game[0].label} and " if game else ""
    if going.per_card:
        sentences = [
            f"The deal ends as soon as a player has played all their cards. That player {takes}"
            f"collects from every other player {counters(going.per_card)} for each card left in "
            "their hand."
        ]
    else:
        sentences = [
            f"The deal ends as soon as a player has played all their cards. That player {takes}"
            "collects nothing for the cards left in other hands."
        ]
    for holder in going.holders:
        who = f"A player still holding the card of {holder_phrase(rules, holder.compartment)}"
        sentences.append(f"{who} {holder_pays(holder.pays)} for their cards.")
    return Rule(
        "rule-going-out", "Going out", tuple(sentences), going.provenance, going.interpretation
    )


def penalty_rule(rules: Rules) -> Rule | None:
    penalised = [c for c in rules.board.compartments if c.holder_doubles]
    if not penalised:
        return None
    names = [f"{c.label} ({compartment_cards(c)})" for c in penalised]
    what = (
        f"the card of {names[0]}"
        if len(names) == 1
        else f"the card of a compartment, {join(names, 'or')},"
    )
    provenance: list[Citation] = []
    for compartment in penalised:
        for citation in compartment.provenance:
            if citation not in provenance:
                provenance.append(citation)
    interpretations = {c.interpretation for c in penalised if c.interpretation}
    return Rule(
        "rule-penalties",
        "Cards left unplayed",
        (
            "When a player goes out, every other player shows their hand. Whoever still holds "
            f"{what} doubles that compartment: they pay in as many counters as lie on it.",
            f"A card lying in the {rules.deal.spare_name} leaves its compartment as it is.",
        ),
        tuple(provenance),
        sorted(interpretations)[0] if len(interpretations) == 1 else None,
    )


def holder_summary(rules: Rules, compartment_id: str) -> str:
    """What the holder of the compartment's unplayed card pays."""
    parts: list[str] = []
    for holder in rules.going_out.holders:
        if holder.compartment == compartment_id:
            parts.append(f"{holder_pays(holder.pays)} at going out")
    try:
        compartment = rules.board.get(compartment_id)
    except KeyError:
        return "no such compartment" if not parts else "; ".join(parts)
    if compartment.holder_doubles:
        parts.append("doubles its compartment")
    return "; ".join(parts) if parts else "pays like anyone else"


def holder_pays(pays: HolderPays) -> str:
    """What a seat holding a compartment's card pays for its cards at going out."""
    match pays:
        case "exempt":
            return "pays nothing"
        case "double":
            return "pays double"
        case _:
            assert_never(pays)


def penalties_summary(rules: Rules) -> str:
    penalised = [c.label for c in rules.board.compartments if c.holder_doubles]
    if not penalised:
        return "none"
    return f"holder of {join(penalised)} doubles its compartment"


def settlement(rules: Rules) -> Section:
    items = [going_out_rule(rules)]
    penalty = penalty_rule(rules)
    if penalty is not None:
        items.append(penalty)
    return Section("settlement", "Settlement", tuple(items))


# --------------------------------------------------------------------------------------------
# Game


def deals_summary(rules: Rules) -> str:
    deals = rules.game.deals
    match deals:
        case "per-player":
            return "one deal by each player"
        case int():
            return plural(deals, "deal")
        case _:
            assert_never(deals)


def closing_summary(rules: Rules) -> str:
    closing = rules.game.closing_deal
    match closing:
        case "face-up":
            return "a face-up deal empties the board"
        case "none":
            return "none"
        case _:
            assert_never(closing)


def winner_summary(rules: Rules) -> str:
    winner = rules.game.winner
    match winner:
        case "most-counters":
            return "most counters wins"
        case _:
            assert_never(winner)


def winner_text(rules: Rules) -> str:
    winner = rules.game.winner
    match winner:
        case "most-counters":
            return "The player with the most counters when the game ends has won."
        case _:
            assert_never(winner)


def game(rules: Rules) -> Section:
    spare = rules.deal.spare_name
    game_rules = rules.game
    deals = game_rules.deals
    match deals:
        case "per-player":
            deals_text = "A game is one deal by each player in turn, the deal passing to the left."
        case int():
            deals_text = f"A game is {plural(deals, 'deal')}, the deal passing to the left."
        case _:
            assert_never(deals)
    closing_deal = game_rules.closing_deal
    match closing_deal:
        case "face-up":
            closing = (
                "After the last deal, if any counters are left on the board, the next dealer "
                f"deals the whole pack face up round the players, with no {spare}, and the last "
                "trump still stands. Whoever receives a compartment's card takes its counters; "
                "the holder of one card of a pair takes half."
            )
        case "none":
            closing = (
                "There is no closing deal: counters still on the board when the game ends stay "
                "there."
            )
        case _:
            assert_never(closing_deal)
    common = (game_rules.provenance, game_rules.interpretation)
    return Section(
        "game",
        "Game",
        (
            Rule("rule-deals", "Length of a game", (deals_text,), *common),
            Rule("rule-closing-deal", "Closing deal", (closing,), *common),
            Rule("rule-winner", "Winner", (winner_text(rules),), *common),
        ),
    )


# --------------------------------------------------------------------------------------------
# Everything, and what options change


def describe(rules: Rules) -> tuple[Section, ...]:
    """Every rule, in the order a reader needs them to play."""
    return (
        equipment(rules),
        deal(rules),
        board(rules),
        play(rules),
        settlement(rules),
        game(rules),
    )


def rules_by_anchor(rules: Rules) -> dict[str, Rule]:
    return {rule.anchor: rule for section in describe(rules) for rule in section.rules}


@dataclass(frozen=True)
class Change:
    kind: str
    """``changed``, ``added`` or ``removed``."""
    rule: Rule


@dataclass(frozen=True)
class ValueEffect:
    value: str
    label: str
    default: bool
    changes: tuple[Change, ...]


def option_effects(ruleset: Ruleset, option: Option) -> tuple[ValueEffect, ...]:
    """For each of an option's values, the rules whose English differs from the defaults."""
    base = rules_by_anchor(ruleset.rules)
    effects: list[ValueEffect] = []
    for value in option.values:
        if value.value == option.default:
            effects.append(ValueEffect(value.value, value.label, True, ()))
            continue
        other = rules_by_anchor(ruleset.rules_for({option.id: value.value}))
        changes: list[Change] = []
        for anchor, rule in other.items():
            before = base.get(anchor)
            if before is None:
                changes.append(Change("added", rule))
            elif (before.sentences, before.table, before.title) != (
                rule.sentences,
                rule.table,
                rule.title,
            ):
                changes.append(Change("changed", rule))
        changes.extend(Change("removed", rule) for a, rule in base.items() if a not in other)
        effects.append(ValueEffect(value.value, value.label, False, tuple(changes)))
    return tuple(effects)


def default_options(ruleset: Ruleset) -> tuple[tuple[str, str], ...]:
    """(option label, default value's label) for every option."""
    return tuple((o.label, o.value(o.default).label) for o in ruleset.options)


def citations_by_file(ruleset: Ruleset) -> dict[str, list[str]]:
    """For each source file, the anchors of the rules that cite it (rules first, then options
    and interpretations), without repeats."""
    found: dict[str, list[str]] = {f.name: [] for f in ruleset.source.files}

    def note(provenance: Provenance, anchor: str) -> None:
        for citation in provenance:
            anchors = found.setdefault(citation.source, [])
            if anchor not in anchors:
                anchors.append(anchor)

    for section in describe(ruleset.rules):
        for rule in section.rules:
            note(rule.provenance, rule.anchor)
    for option in ruleset.options:
        note(option.provenance, f"option-{option.id}")
    for item in ruleset.interpretations:
        note(item.provenance, f"interp-{item.id}")
    return found


def all_rule_titles(rules: Rules) -> dict[str, str]:
    return {rule.anchor: rule.title for section in describe(rules) for rule in section.rules}
