"""Step-by-step table states for the interactive replay, read from a deal's event log.

Each step is one event a person would notice (the deal, the turn-up, each card, each stop,
each compartment taken, each payment), with the whole table as it stands after it: hands, the
current run, the board, each seat's counters, and one line of narration.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, assert_never

from ..core.cards import card_name
from ..core.words import cap
from ..engine.events import (
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
)
from ..mechanics import pool as pool_cards
from ..mechanics import unplayed_penalty
from ..mechanics.ruleset import Rules
from .narrate import PLAIN, Style, lead_why
from .phrases import carried, paid_for, pays, shows, stop_phrase, stops_at, taken, trumps
from .results import Table


def step_line(
    event: Event, rules: Rules, dealer: int, players: int, style: Style = PLAIN
) -> str | None:
    """One sentence for one event, or None for events that are not a step of their own; seats
    are named in ``style``, for the deal ``dealer`` deals to ``players``."""
    labels = {c.id: c.label for c in rules.board.compartments}
    card = style.card

    def name(seat: int) -> str:
        return style.seat(seat, dealer, players)

    def who(seat: int) -> str:
        return cap(name(seat))

    match event:
        case Dealt(face_up=face_up, pool=pool):
            if face_up:
                return "The cards are dealt, the last to each player face up."
            if pool:
                return "The cards are dealt. " + pool_cards.turned_up_line(style.listed(pool))
            return "The cards are dealt."
        case Announced(seat=seat):
            return event.line(who(seat), card)
        case Shown(seat=seat, cards=cards):
            return shows(who(seat), style.cards(cards))
        case TurnedUp(card=turned, trump=trump):
            suit = "" if trump is None else f"; {trumps(trump)}"
            return f"The turn-up is {card(turned)}{suit}."
        case DealVoided():
            return "The deal ends unplayed."
        case Led(seat=seat, card=led, reason=reason):
            return f"{who(seat)} leads {card(led)}{lead_why(reason, style)}."
        case Played(seat=seat, card=played):
            return f"{who(seat)} follows with {card(played)}."
        case PlayedApart(seat=seat):
            return event.step(who(seat), card)
        case Passed(seats=seats):
            return event.step([name(passer) for passer in seats], card)
        case Stopped(seat=seat, card=stop, cause=cause, missing=missing):
            why = stop_phrase(cause).say(
                card(stop), "" if missing is None else card(missing), rules.deal.spare_name
            )
            if missing is None:
                return f"{why}: {name(seat)} leads next."
            return f"{stops_at(card(stop), why)} {who(seat)} leads."
        case CompartmentWon(compartment=cid, seat=seat, amount=amount, how=how):
            return taken(who(seat), how, labels[cid], amount)
        case Paid(payer=payer, payee=payee, amount=amount, reason=reason, cards=cards):
            return pays([name(payer)], name(payee), amount, paid_for(reason, cards))
        case Exempted(seat=seat, compartment=cid, card=held_card):
            what = labels[cid] if held_card is None else card(held_card)
            return f"{who(seat)} holds {what} unplayed and pays nothing."
        case Penalty(seat=seat, compartment=cid, amount=amount):
            return unplayed_penalty.step(who(seat), labels[cid], amount)
        case WentOut(seat=seat):
            return f"{who(seat)} has no cards left and goes out."
        case CarriedOver(compartment=cid, amount=amount):
            return carried(labels[cid], amount)
        case DealEnded():
            return "The deal is over."
        case DealerChosen() | DealStarted() | Dressed() | GameEnded():
            return None
        case _:
            assert_never(event)


def replay_steps(
    events: Sequence[Event], rules: Rules, ids: Sequence[str], dealer: int, style: Style = PLAIN
) -> dict[str, Any]:
    """The replay of one deal as JSON-ready data: the setup and a list of steps, each with the
    cards of the run being played and, in ``pile``, the cards of the runs before it.

    The board starts empty: it shows the counters this deal puts on it and takes off."""
    dealt = next(e for e in events if isinstance(e, Dealt))
    players = len(dealt.hands)
    table = Table(ids, [0] * len(ids), players)
    steps: list[dict[str, Any]] = []
    for event in events:
        table.add(event)
        line = step_line(event, rules, dealer, players, style)
        if line is None:
            continue
        steps.append(
            {
                "line": line,
                "kind": type(event).__name__,
                "seat": getattr(event, "seat", None),
                "hands": [[card_name(c) for c in hand] for hand in table.hands],
                "run": [{"seat": seat, "card": card_name(card)} for seat, card in table.run],
                "board": dict(zip(table.ids, table.board, strict=True)),
                "net": table.net,
                "pile": [
                    card_name(card) for _, card in table.plays[: len(table.plays) - len(table.run)]
                ],
                "played": len(table.plays),
            }
        )
    return {
        "players": players,
        "dealer": dealer,
        "labels": {c.id: c.label for c in rules.board.compartments},
        "spare": [card_name(c) for c in dealt.spare],
        "spare_name": rules.deal.spare_name,
        "turn_up": None if dealt.turn_up is None else card_name(dealt.turn_up),
        "face_up": [card_name(c) for c in dealt.face_up],
        "steps": steps,
    }
