"""Plain-English narration of a deal, read from its event log.

Runs are told the way source 000's walkthrough tells them: who leads and why, who follows, why
the run stops (as a player at the table would infer it), which compartments are taken, and the
settlement at the end. What is said about one thing is said in :mod:`variants.telling.phrases`,
shared with the replay's steps and the site's worked examples.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import assert_never

from ..core.cards import (
    card_glyph,
    card_name,
    is_red,
    parse_card,
    rank_of,
    rank_words,
    suit_words,
)
from ..core.words import cap, counters, join_words, person, role
from ..engine.events import (
    AS_GIVEN,
    Announced,
    CarriedOver,
    CompartmentWon,
    DealEnded,
    DealerChosen,
    DealStarted,
    Dealt,
    DealVoided,
    Dressed,
    Event,
    Exempted,
    GameEnded,
    Led,
    Paid,
    Passed,
    Penalty,
    Played,
    PlayedApart,
    Shown,
    Stopped,
    TurnedUp,
    WentOut,
    WonBy,
)
from ..mechanics import holders, showing, spread, unplayed_penalty
from ..mechanics import pool as pool_cards
from ..mechanics.ruleset import Rules, StopCause
from .phrases import (
    carried,
    first_dealer_by,
    paid_for,
    pays,
    shared,
    shows,
    stop_phrase,
    stops_at,
    taken,
    trumps,
    turn_up_fate,
)


@dataclass(frozen=True)
class Style:
    """How cards are written (suit glyphs or ASCII, and ANSI colour for red suits) and seats
    named: by number from 0 as deal files give them (``seat 3``), or as people at the table
    name them (``the dealer``, ``Player 1``: see :func:`~variants.core.words.person`)."""

    glyphs: bool = True
    colour: bool = False
    people: bool = False

    def seat(self, seat: int, dealer: int, players: int) -> str:
        """The seat's name in running text: ``seat 3``, or ``the dealer``, ``Player 1``."""
        return person(seat, dealer, players) if self.people else f"seat {seat}"

    def card(self, card: int) -> str:
        text = card_glyph(card) if self.glyphs else card_name(card)
        if self.colour and is_red(card):
            return f"\x1b[31m{text}\x1b[0m"
        return text

    def cards(self, cards: Iterable[int]) -> str:
        return " ".join(self.card(c) for c in cards) or "none"

    def listed(self, cards: Sequence[int]) -> str:
        """``Q♥``, ``Q♥ and K♥``."""
        return join_words([self.card(c) for c in cards])


PLAIN = Style(glyphs=False)
PEOPLE = Style(glyphs=True, people=True)
"""How the site tells a deal to readers: suit glyphs, and seats named as people at the table
name them."""
_CARD_REF = re.compile(r"\{([0-9AJQKTajqkt]{1,2}[CDHScdhs])\}")


def render_reason(reason: str, style: Style) -> str:
    """Cards written ``{QS}`` in a policy's reason, in the style asked for."""
    return _CARD_REF.sub(lambda m: style.card(parse_card(m.group(1))), reason)


def lead_why(reason: str, style: Style) -> str:
    """Why a card was led, in brackets after it: `` (its last card)``, or nothing for a lead
    given in a deal file."""
    return "" if reason == AS_GIVEN else f" ({render_reason(reason, style)})"


def seat_name(seat: int, dealer: int, players: int, style: Style = PLAIN) -> str:
    """The seat's name with its role: ``seat 0 (dealer)``, ``seat 1 (elder hand)``, or by
    people's names ``the dealer``, ``Player 1 (elder hand)``."""
    name, said = style.seat(seat, dealer, players), role(seat, dealer, players)
    if not said or (said == "dealer" and style.people):
        return name
    return f"{name} ({said})"


@dataclass
class _Play:
    seat: int
    card: int
    notes: list[str]
    after: list[str] = field(default_factory=list)
    """Sentences told after the card: the payments it earned, the compartment it shared."""


def _group(event: Event) -> tuple[str, int | str, str] | None:
    """What makes events one sentence: the payments of one reason to one seat, made in a run
    (``Seat 0 and seat 2 each pay seat 1 ...``), or the shares of one compartment."""
    match event:
        case Paid(payee=payee, reason=reason):
            return ("paid", payee, reason.key)
        case CompartmentWon(compartment=cid, how=WonBy(told="share")):
            return ("share", cid, "")
        case (
            CompartmentWon()
            | DealerChosen()
            | DealStarted()
            | Dressed()
            | Dealt()
            | TurnedUp()
            | Exempted()
            | DealVoided()
            | Led()
            | Played()
            | PlayedApart()
            | Passed()
            | Shown()
            | Announced()
            | Stopped()
            | WentOut()
            | Penalty()
            | CarriedOver()
            | DealEnded()
            | GameEnded()
        ):
            return None
        case _:
            assert_never(event)


class _Teller:
    """Turns events into lines, one paragraph a run."""

    def __init__(self, rules: Rules, style: Style) -> None:
        self.rules = rules
        self.style = style
        self.labels = {c.id: c.label for c in rules.board.compartments}
        self.spare = rules.deal.spare_name
        self.dealer = 0
        self.players = 0
        self.lines: list[str] = []
        self.told: list[tuple[Event, ...]] = []
        """The events each line tells, line by line."""
        self.current: tuple[Event, ...] = ()
        """The event being read: what a line tells unless it says otherwise."""
        self.run_events: list[Event] = []
        """The events of the run being read, told in its paragraph."""
        self.dressing: list[Event] = []
        """The dressing read and not yet told."""
        self.shares: list[Event] = []
        """The shares of a compartment read and not yet told."""
        self.run_number = 0
        self.lead: tuple[int, int, str] | None = None
        self.plays: list[_Play] = []
        self.stop = ""
        self.dressed: dict[int, int] = {}
        self.stakes: dict[str, int] = {}
        self.laid: dict[int, list[tuple[str, int]]] = {}
        """Each seat's stakes, where the players choose them: (label, counters), as laid."""
        self.chosen = rules.dressing.spread is not None
        self.board_order = {c.id: at for at, c in enumerate(rules.board.compartments)}
        self.spare_cards: tuple[int, ...] = ()
        self.face_up: tuple[int, ...] = ()
        self.showing_told = False
        """Whether this deal's showing (or sweep) has been announced."""
        self.group: tuple[str, int | str, str] | None = None
        self.paying: list[Paid] = []
        """Payments made in a run, told together once the last of them is read."""
        self.sharing: list[tuple[str, int]] = []
        """The seats sharing a compartment, named, and what each takes."""
        self.shared_label = ""

    def pad(self) -> None:
        """The lines said so far without naming what they tell tell the event being read."""
        self.told.extend([self.current] * (len(self.lines) - len(self.told)))

    def say(self, text: str, events: Sequence[Event]) -> None:
        """A line that tells ``events``."""
        self.pad()
        self.lines.append(text)
        self.told.append(tuple(events))

    def name(self, seat: int) -> str:
        """The seat's name in running text, for the deal being told."""
        return self.style.seat(seat, self.dealer, self.players or seat + 1)

    def cap_name(self, seat: int) -> str:
        return cap(self.name(seat))

    def flush(self) -> None:
        """Tell the payments or shares read so far as one sentence (or one a payer, when the
        payers pay different amounts): after the card that earned them, in a run."""
        sentences: list[tuple[str, Sequence[Event]]] = []
        if self.paying:
            first = self.paying[0]
            payee = self.name(first.payee)
            why = paid_for(first.reason, first.cards)
            if len({(paid.amount, paid.cards) for paid in self.paying}) == 1:
                payers = [self.name(paid.payer) for paid in self.paying]
                sentences.append((pays(payers, payee, first.amount, why), self.paying))
            else:
                for paid in self.paying:
                    why = paid_for(paid.reason, paid.cards)
                    said = pays([self.name(paid.payer)], payee, paid.amount, why)
                    sentences.append((said, (paid,)))
        if self.sharing:
            sentences.append((shared(self.shared_label, self.sharing), self.shares))
        if self.plays:
            self.plays[-1].after.extend(sentence for sentence, _ in sentences)
        else:
            for sentence, events in sentences:
                self.say(sentence, events)
        self.group, self.paying, self.sharing, self.shares = None, [], [], []

    # A run is told when it ends: the lead, the cards that followed with what they took, the stop.
    def end_run(self) -> None:
        self.flush()
        if self.lead is None:
            return
        seat, card, reason = self.lead
        style = self.style
        first, rest = self.plays[0], self.plays[1:]
        why = lead_why(reason, style)
        text = f"Run {self.run_number}. {self.cap_name(seat)} leads {style.card(card)}{why}"
        text += _notes(first.notes) + "." + _after(first.after)
        parts: list[str] = []
        for at, play in enumerate(rest, 1):
            parts.append(f"{self.name(play.seat)} {style.card(play.card)}{_notes(play.notes)}")
            if play.after or at == len(rest):
                text += " Then " + ", ".join(parts) + "." + _after(play.after)
                parts = []
        if self.stop:
            text += " " + self.stop
        self.say(text, self.run_events)
        self.lead, self.plays, self.stop, self.run_events = None, [], "", []

    def note(self, text: str) -> None:
        """Attach to the card just played, or else tell it on a line of its own."""
        if self.plays:
            self.plays[-1].notes.append(text)
        else:
            self.lines.append(cap(text) + ".")

    def tell_dressing(self) -> None:
        if not self.dressed:
            return
        payers = ", ".join(
            f"{self.name(seat)} {amount}" for seat, amount in sorted(self.dressed.items())
        )
        stakes = list(self.stakes.items())
        if self.chosen:  # laid as the players chose: told in board order, then who laid what
            stakes.sort(key=lambda stake: self.board_order[stake[0]])
        laid = ", ".join(f"{self.labels[cid]} {amount}" for cid, amount in stakes)
        self.say(f"The board is dressed ({payers}): {laid}.", self.dressing)
        for seat, layings in self.laid.items():
            who = cap(seat_name(seat, self.dealer, self.players, self.style))
            self.say(f"  {spread.laid_phrase(who, layings)}.", self.dressing)
        self.dressed, self.stakes, self.laid, self.dressing = {}, {}, {}, []

    def tell(self, event: Event) -> None:
        """Read one event: its lines are said now, or with the run or the group it belongs
        to."""
        self.pad()
        self.current = (event,)
        self.read(event)
        if self.lead is not None:
            self.run_events.append(event)
        self.pad()

    def read(self, event: Event) -> None:
        style = self.style
        group = _group(event)
        if group != self.group:
            self.flush()
            self.group = group
        match event:
            case DealerChosen(seat=seat, method=method):
                self.dealer = seat
                by = first_dealer_by(method)
                self.lines.append(f"{self.cap_name(seat)} is the first dealer, by {by}.")
            case DealStarted(
                number=number, dealer=dealer, players=players, closing=closing, trump=trump
            ):
                self.dealer, self.players = dealer, players
                self.run_number = 0
                deals = self.name(dealer)
                self.lines.append("")
                if closing:
                    kept = ""
                    if trump is not None:
                        kept = f" {cap(suit_words(trump))} stay trumps."
                    self.lines.append(
                        f"Closing deal, face up: {deals} deals the whole pack round.{kept}"
                    )
                else:
                    self.lines.append(f"Deal {number + 1}: {deals} deals.")
            case Dressed(seat=seat, compartment=cid, amount=amount):
                self.dressing.append(event)
                self.dressed[seat] = self.dressed.get(seat, 0) + amount
                self.stakes[cid] = self.stakes.get(cid, 0) + amount
                if self.chosen:
                    self.laid.setdefault(seat, []).append((self.labels[cid], amount))
            case Dealt(dealer=dealer, hands=hands, spare=spare, face_up=face_up, pool=pool):
                self.dealer = dealer
                self.players = len(hands)
                self.tell_dressing()
                self.lines.append("The hands:")
                for seat, hand in enumerate(hands):
                    name = seat_name(seat, self.dealer, len(hands), style)
                    up = f" ({style.card(face_up[seat])} face up)" if face_up else ""
                    self.lines.append(f"  {cap(name)}: {style.cards(hand)}{up}")
                self.spare_cards = spare
                self.face_up = face_up
                if pool:
                    self.lines.append(pool_cards.turned_up_line(style.listed(pool)))
                self.showing_told = False
            case Shown(seat=seat, cards=cards):
                if not self.showing_told:
                    self.showing_told = True
                    self.lines.append(showing.shown_line())
                self.lines.append(shows(self.cap_name(seat), style.cards(cards)))
            case Announced(seat=seat):
                self.end_run()
                self.lines.append(event.line(self.cap_name(seat), style.card))
            case TurnedUp(card=card, trump=trump):
                where = turn_up_fate(self.rules.turn_up.fate)
                suit = f": {trumps(trump)}" if trump is not None else ""
                self.lines.append(f"The turn-up is {style.card(card)}{suit}; {where}.")
            case DealVoided():
                self.lines.append("The deal ends there, unplayed: the cards are thrown in.")
            case Led(seat=seat, card=card, reason=reason):
                self.end_run()
                self.run_number += 1
                self.lead = (seat, card, reason)
                self.plays = [_Play(seat, card, [])]
            case Played(seat=seat, card=card):
                self.plays.append(_Play(seat, card, []))
            case PlayedApart(seat=seat, card=card):
                self.plays.append(_Play(seat, card, [event.note(style.card)]))
                if event.stops:
                    self.stop = f"{self.cap_name(seat)} leads next."
            case Passed(seats=seats):
                said = event.note([self.name(passer) for passer in seats], style.card)
                if self.plays:
                    self.plays[-1].after.append(said)
                else:
                    self.lines.append(said)
            case Stopped(seat=seat, card=card, cause=cause, missing=missing):
                self.stop = self.stop_text(seat, card, cause, missing)
            case CompartmentWon(compartment=cid, seat=seat, amount=amount, how=how):
                self.tell_won(self.labels[cid], seat, amount, how)
            case Paid(payer=payer, payee=payee, amount=amount, reason=reason, cards=cards):
                if reason.with_card and self.lead is not None:
                    self.paying.append(event)
                    return
                self.end_run()
                why = paid_for(reason, cards)
                self.lines.append(pays([self.name(payer)], self.name(payee), amount, why))
            case WentOut(seat=seat, card=card):
                self.stop = f"It is {self.name(seat)}'s last card: {self.name(seat)} goes out."
                if self.lead is not None:
                    self.run_events.append(event)
                self.end_run()
            case Exempted(seat=seat, compartment=cid, cards=cards, card=held_card):
                self.end_run()
                what = self.labels[cid] if held_card is None else style.card(held_card)
                self.lines.append(holders.told(self.cap_name(seat), what, cards))
            case Penalty(seat=seat, compartment=cid, amount=amount, cards=cards):
                held = style.listed(cards) + ("," if len(cards) > 1 else "")
                self.lines.append(
                    unplayed_penalty.told(self.cap_name(seat), held, self.labels[cid], amount)
                )
            case CarriedOver(compartment=cid, amount=amount):
                self.end_run()
                self.lines.append(carried(self.labels[cid], amount))
            case DealEnded(winner=winner, net=net):
                self.end_run()
                shown = self.rules.play.showing is not None
                if self.spare_cards and not shown:  # a showing game's rest of the pack is unused
                    self.lines.append(
                        f"The {self.spare}, revealed: {style.cards(self.spare_cards)}."
                    )
                    self.spare_cards = ()
                nets = ", ".join(f"{self.name(seat)} {value:+d}" for seat, value in enumerate(net))
                tail = "" if winner is not None or shown else " Nobody went out."
                self.lines.append(f"Net counters this deal: {nets}.{tail}")
            case GameEnded(totals=totals, winners=winners):
                self.end_run()
                self.lines.append("")
                standings = ", ".join(
                    f"{self.name(seat)} {value:+d}" for seat, value in enumerate(totals)
                )
                self.lines.append(f"Standings: {standings}.")
                names = " and ".join(self.name(s) for s in winners)
                self.lines.append(f"The game is won by {names}.")
            case _:
                assert_never(event)

    def tell_won(self, label: str, seat: int, counted: int, how: WonBy) -> None:
        """A seat takes a compartment, or a share of it, told as its way of winning says: with
        the card that took it, when a card did, else on a line of its own; the seats sharing
        one are told together."""
        amount = counters(counted)
        match how.told:
            case "in-run":
                if self.lead is not None and how.note is not None:
                    self.note(how.note(label, amount))
                else:
                    self.end_run()
                    self.lines.append(taken(self.cap_name(seat), how, label, counted))
            case "share":
                self.shares.extend(self.current)
                self.shared_label = label
                self.sharing.append((self.name(seat), counted))
            case "dealer":
                dealer = "The dealer" if self.style.people else f"The dealer, seat {seat},"
                self.lines.append(taken(dealer, how, label, counted))
            case "holder":
                self.lines.append(
                    f"{self.cap_name(seat)} holds the card and takes {label} ({amount})."
                )
            case "face-up":
                if not self.showing_told and self.face_up:
                    self.showing_told = True
                    card = self.style.card(self.face_up[seat])
                    self.lines.append(showing.swept_line(self.cap_name(seat), card))
                self.lines.append(taken(self.cap_name(seat), how, label, counted))
            case "line":
                self.lines.append(taken(self.cap_name(seat), how, label, counted))
            case _:
                assert_never(how.told)

    def stop_text(self, seat: int, card: int, cause: StopCause, missing: int | None) -> str:
        style = self.style
        gone = "" if missing is None else style.card(missing)
        reason = stop_phrase(cause).tell(style.card(card), gone, self.spare)
        if missing is None:
            return f"{reason}: the run stops, {self.name(seat)} to lead."
        said = ""
        if self.rules.play.announce_stop:
            said = f' "No {rank_words(rank_of(missing))}," says {self.name(seat)}.'
        leads = f"{self.cap_name(seat)} leads next."
        return f"{stops_at(style.card(card), reason)}{said} {leads}"


def _notes(notes: list[str]) -> str:
    return (", " + ", ".join(notes)) if notes else ""


def _after(sentences: list[str]) -> str:
    return "".join(" " + sentence for sentence in sentences)


def narrate(
    events: Sequence[Event],
    rules: Rules,
    style: Style = PLAIN,
    seats: tuple[int, int] | None = None,
) -> list[str]:
    """The deal or game told in lines of prose. ``seats``, the dealer and the number of players,
    names the seats in a part of a deal's events that starts after it is dealt."""
    return [line for line, _ in narrate_told(events, rules, style, seats)]


def narrate_told(
    events: Sequence[Event],
    rules: Rules,
    style: Style = PLAIN,
    seats: tuple[int, int] | None = None,
) -> list[tuple[str, tuple[Event, ...]]]:
    """The lines of :func:`narrate`, each with the events it tells (a run's line, every event
    of the run)."""
    teller = _Teller(rules, style)
    if seats is not None:
        teller.dealer, teller.players = seats
    for event in events:
        teller.tell(event)
    teller.end_run()
    teller.flush()
    teller.tell_dressing()
    teller.pad()
    told = list(zip(teller.lines, teller.told, strict=True))
    while told and not told[0][0]:
        told.pop(0)
    return told


def settlement_table(net: Sequence[int], dealer: int, winner: int | None) -> list[str]:
    """A small text table of each seat's net counters."""
    rows = ["seat  role          net"]
    for seat, value in enumerate(net):
        role = "dealer" if seat == dealer else ""
        if seat == winner:
            role = (role + " went out").strip()
        rows.append(f"{seat:>4}  {role:<12} {value:+4d}")
    return rows
