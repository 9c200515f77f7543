"""Plain-English narration of a deal, read from its event log.

Runs are told the way source 000's walkthrough tells them: who leads and why, who follows, why
the run stops (as a player at the table would infer it), which compartments are taken, and the
settlement at the end.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import (
    RANKS,
    SUIT_GLYPHS,
    SUIT_NAMES,
    SUITS,
    card_glyph,
    card_name,
    is_red,
    parse_card,
    rank_of,
)
from .events import (
    CarriedOver,
    CompartmentWon,
    DealEnded,
    DealerChosen,
    DealStarted,
    Dealt,
    DealVoided,
    Dressed,
    Event,
    GameEnded,
    Led,
    Paid,
    Penalty,
    Played,
    Stopped,
    TurnedUp,
    WentOut,
)
from .ruleset import Rules

RANK_WORDS = {
    "A": "ace",
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
    "10": "ten",
    "J": "jack",
    "Q": "queen",
    "K": "king",
}


@dataclass(frozen=True)
class Style:
    """How cards are written: suit glyphs or ASCII, and ANSI colour for red suits."""

    glyphs: bool = True
    colour: bool = False

    def card(self, card: int) -> str:
        text = card_glyph(card) if self.glyphs else card_name(card)
        if self.colour and is_red(card):
            return f"\x1b[31m{text}\x1b[0m"
        return text

    def cards(self, cards: Iterable[int]) -> str:
        return " ".join(self.card(c) for c in cards) or "none"


PLAIN = Style(glyphs=False)
_CARD_REF = re.compile(r"\{([0-9AJQKTajqkt]{1,2}[CDHScdhs])\}")


def render_reason(reason: str, style: Style) -> str:
    """Cards written ``{QS}`` in a policy's reason, in the style asked for."""
    return _CARD_REF.sub(lambda m: style.card(parse_card(m.group(1))), reason)


def seat_name(seat: int, dealer: int, players: int) -> str:
    if seat == dealer:
        return f"seat {seat} (dealer)"
    if seat == (dealer + 1) % players:
        return f"seat {seat} (elder hand)"
    return f"seat {seat}"


def _counters(amount: int) -> str:
    return f"{amount} counter" + ("" if amount == 1 else "s")


class _Teller:
    def __init__(self, rules: Rules, style: Style) -> None:
        self.rules = rules
        self.style = style
        self.labels = {c.id: c.label for c in rules.board.compartments}
        self.spare = rules.deal.spare_name
        self.dealer = 0
        self.players = 0
        self.lines: list[str] = []
        self.run: list[str] = []
        self.run_number = 0
        self.follow: list[tuple[int, int]] = []

    def who(self, seat: int) -> str:
        return f"Seat {seat}"

    def flush_follow(self) -> None:
        if self.follow:
            parts = [f"seat {seat} {self.style.card(card)}" for seat, card in self.follow]
            self.run.append("Followed by " + ", ".join(parts) + ".")
            self.follow = []

    def end_run(self) -> None:
        self.flush_follow()
        if self.run:
            self.lines.append(" ".join(self.run))
            self.run = []

    def tell(self, event: Event) -> None:
        style = self.style
        match event:
            case DealerChosen(seat=seat, method=method):
                how = {
                    "lowest-card": "drawing the lowest card",
                    "first-jack": "being dealt the first jack",
                    "agreed": "agreement",
                }[method]
                self.lines.append(f"Seat {seat} is the first dealer, by {how}.")
            case DealStarted(number=number, dealer=dealer, players=players, closing=closing):
                self.dealer, self.players = dealer, players
                self.run_number = 0
                self.lines.append("")
                title = "Closing deal, face up" if closing else f"Deal {number + 1}"
                self.lines.append(f"{title}: seat {dealer} deals.")
            case Dressed():
                pass
            case Dealt(hands=hands, spare=spare, turn_up=turn_up):
                if not self.players:
                    self.players = len(hands)
                self.lines.append("The hands:")
                for seat, hand in enumerate(hands):
                    self.lines.append(
                        f"  {seat_name(seat, self.dealer, len(hands)).capitalize()}: "
                        f"{style.cards(hand)}"
                    )
                del spare, turn_up
            case TurnedUp(card=card, trump=trump):
                where = {
                    "table": "it stays on the table, a stop",
                    "dealer": "the dealer takes it into hand",
                    "holder": "it stays, face up, in the hand it was dealt to",
                }[self.rules.turn_up.fate]
                trumps = f"{SUIT_NAMES[SUITS[trump]]} are trumps" if trump is not None else ""
                self.lines.append(
                    f"The turn-up is {style.card(card)}"
                    + (f": {trumps}" if trumps else "")
                    + f"; {where}."
                )
            case DealVoided():
                self.lines.append("The deal ends there, unplayed: the cards are thrown in.")
            case Led(seat=seat, card=card, reason=reason):
                self.end_run()
                self.run_number += 1
                why = render_reason(reason, style)
                why = "" if reason == "as given" else f" ({why})"
                self.run.append(
                    f"Run {self.run_number}. Seat {seat} leads {style.card(card)}{why}."
                )
            case Played(seat=seat, card=card):
                self.follow.append((seat, card))
            case Stopped(seat=seat, card=card, cause=cause, missing=missing):
                self.flush_follow()
                self.run.append(self.stop_text(seat, card, cause, missing))
            case CompartmentWon(compartment=cid, seat=seat, amount=amount, how=how):
                self.flush_follow()
                label = self.labels[cid]
                text = {
                    "play": f"Seat {seat} takes {label} ({_counters(amount)}).",
                    "pair": f"Seat {seat} has played both cards and takes {label} "
                    f"({_counters(amount)}).",
                    "share": f"Seat {seat} takes a share of {label} ({_counters(amount)}).",
                    "turn-up": f"The dealer, seat {seat}, takes {label} ({_counters(amount)}).",
                    "going-out": f"Seat {seat} takes {label} ({_counters(amount)}).",
                    "closing": f"Seat {seat} holds the card and takes {label} "
                    f"({_counters(amount)}).",
                }[how]
                (self.run if self.run else self.lines).append(text)
            case Paid(payer=payer, payee=payee, amount=amount, reason=reason, cards=cards):
                self.flush_follow()
                why = {
                    "going-out": f"for {cards} card{'s' if cards != 1 else ''} left",
                    "pope-turn-up": f"for {cards} card{'s' if cards != 1 else ''} dealt",
                    "bonus": f"for {cards} card{'s' if cards != 1 else ''} in hand",
                }[reason]
                (self.run if self.run else self.lines).append(
                    f"Seat {payer} pays seat {payee} {_counters(amount)} {why}."
                )
            case WentOut(seat=seat, card=card):
                self.flush_follow()
                self.run.append(
                    f"{style.card(card)} is seat {seat}'s last card: seat {seat} goes out."
                )
                self.end_run()
            case Penalty(seat=seat, compartment=cid, amount=amount, card=card):
                self.lines.append(
                    f"Seat {seat} is left holding {style.card(card)} and doubles "
                    f"{self.labels[cid]}, paying in {_counters(amount)}."
                )
            case CarriedOver(compartment=cid, amount=amount):
                self.end_run()
                self.lines.append(
                    f"{self.labels[cid]} keeps {_counters(amount)} for the next deal."
                )
            case DealEnded(winner=winner, net=net):
                self.end_run()
                self.lines.append(
                    "Net counters this deal: "
                    + ", ".join(f"seat {seat} {value:+d}" for seat, value in enumerate(net))
                    + "."
                    + ("" if winner is not None else " Nobody went out.")
                )
            case GameEnded(totals=totals, winners=winners):
                self.end_run()
                self.lines.append("")
                self.lines.append(
                    "Standings: "
                    + ", ".join(f"seat {seat} {value:+d}" for seat, value in enumerate(totals))
                    + "."
                )
                names = " and ".join(f"seat {s}" for s in winners)
                self.lines.append(f"The game is won by {names}.")

    def stop_text(self, seat: int, card: int, cause: str, missing: int | None) -> str:
        style = self.style
        if missing is None:
            return (
                f"{style.card(card)} is the top of its suit: the run stops and seat {seat} leads."
            )
        gone = style.card(missing)
        reason = {
            "removed": f"{gone} is out of the pack",
            "turn-up": f"{gone} is the turn-up",
            "unseen": f"no one plays {gone}, so it must lie in the {self.spare}",
            "played": f"{gone} has been played already",
            "held": f"{gone} may only be led",
        }[cause]
        said = ""
        if self.rules.play.announce_stop:
            said = f' "No {RANK_WORDS[RANKS[rank_of(missing)]]}," says seat {seat}.'
        return f"The run stops at {style.card(card)}: {reason}.{said} Seat {seat} leads next."


def narrate(events: Sequence[Event], rules: Rules, style: Style = PLAIN) -> list[str]:
    """The deal or game told in lines of prose."""
    teller = _Teller(rules, style)
    for event in events:
        teller.tell(event)
    teller.end_run()
    while teller.lines and not teller.lines[0]:
        teller.lines.pop(0)
    return teller.lines


def suit_word(suit: int) -> str:
    return f"{SUIT_GLYPHS[SUITS[suit]]} {SUIT_NAMES[SUITS[suit]]}"


def settlement_table(net: Sequence[int], dealer: int, winner: int | None) -> list[str]:
    """A small text table of each seat's net counters."""
    rows = ["seat  role          net"]
    for seat, value in enumerate(net):
        role = "dealer" if seat == dealer else ""
        if seat == winner:
            role = (role + " went out").strip()
        rows.append(f"{seat:>4}  {role:<12} {value:+4d}")
    return rows
