"""Step-by-step table states for the interactive replay, read from a deal's event log.

Each step is one event a person would notice (the deal, the turn-up, each card, each stop,
each compartment taken, each payment), with the whole table as it stands after it: hands, the
current run, the board, each seat's counters, and one line of narration.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .cards import SUIT_NAMES, SUITS, card_name
from .events import (
    CarriedOver,
    CompartmentWon,
    DealEnded,
    Dealt,
    DealVoided,
    Dressed,
    Event,
    Exempted,
    Led,
    Paid,
    Penalty,
    Played,
    Stopped,
    TurnedUp,
    WentOut,
)
from .narrate import PLAIN, Style, render_reason
from .ruleset import Rules


def _counters(amount: int) -> str:
    return f"{amount} counter" + ("" if amount == 1 else "s")


def step_line(event: Event, rules: Rules, style: Style = PLAIN) -> str | None:
    """One sentence for one event, or None for events that are not a step of their own."""
    labels = {c.id: c.label for c in rules.board.compartments}
    card = style.card
    match event:
        case Dealt():
            return "The cards are dealt."
        case TurnedUp(card=turned, trump=trump):
            suit = "" if trump is None else f"; {SUIT_NAMES[SUITS[trump]]} are trumps"
            return f"The turn-up is {card(turned)}{suit}."
        case DealVoided():
            return "The deal ends unplayed."
        case Led(seat=seat, card=led, reason=reason):
            why = "" if reason == "as given" else f" ({render_reason(reason, style)})"
            return f"Seat {seat} leads {card(led)}{why}."
        case Played(seat=seat, card=played):
            return f"Seat {seat} follows with {card(played)}."
        case Stopped(seat=seat, card=stop, cause=cause, missing=missing):
            if missing is None:
                return f"{card(stop)} is the top of its suit: seat {seat} leads next."
            why = {
                "removed": "is out of the pack",
                "turn-up": "is the turn-up",
                "unseen": f"must lie in the {rules.deal.spare_name}",
                "played": "has been played",
                "held": "may only be led",
            }[cause]
            return f"The run stops at {card(stop)}: {card(missing)} {why}. Seat {seat} leads."
        case CompartmentWon(compartment=cid, seat=seat, amount=amount, how=how):
            verb = "takes a share of" if how == "share" else "takes"
            return f"Seat {seat} {verb} {labels[cid]} ({_counters(amount)})."
        case Paid(payer=payer, payee=payee, amount=amount):
            return f"Seat {payer} pays seat {payee} {_counters(amount)}."
        case Exempted(seat=seat, compartment=cid):
            return f"Seat {seat} holds {labels[cid]} unplayed and pays nothing."
        case Penalty(seat=seat, compartment=cid, amount=amount):
            return f"Seat {seat} doubles {labels[cid]}, paying in {_counters(amount)}."
        case WentOut(seat=seat):
            return f"Seat {seat} has played its last card and goes out."
        case CarriedOver(compartment=cid, amount=amount):
            return f"{labels[cid]} keeps {_counters(amount)} for the next deal."
        case DealEnded():
            return "The deal is over."
    return None


def replay_steps(
    events: Sequence[Event], rules: Rules, ids: Sequence[str], dealer: int
) -> dict[str, Any]:
    """The replay of one deal as JSON-ready data: the setup and a list of steps."""
    dealt = next(e for e in events if isinstance(e, Dealt))
    players = len(dealt.hands)
    hands = [list(hand) for hand in dealt.hands]
    board = dict.fromkeys(ids, 0)
    net = [0] * players
    run: list[dict[str, Any]] = []
    played: list[str] = []
    steps: list[dict[str, Any]] = []
    for event in events:
        match event:
            case Dressed(seat=seat, compartment=cid, amount=amount):
                board[cid] += amount
                net[seat] -= amount
            case Led(seat=seat, card=card) | Played(seat=seat, card=card):
                if isinstance(event, Led):
                    run = []
                hands[seat].remove(card)
                run.append({"seat": seat, "card": card_name(card)})
                played.append(card_name(card))
            case CompartmentWon(compartment=cid, seat=seat, amount=amount):
                board[cid] -= amount
                net[seat] += amount
            case Paid(payer=payer, payee=payee, amount=amount):
                net[payer] -= amount
                net[payee] += amount
            case Penalty(seat=seat, compartment=cid, amount=amount):
                board[cid] += amount
                net[seat] -= amount
        line = step_line(event, rules)
        if line is None:
            continue
        steps.append(
            {
                "line": line,
                "kind": type(event).__name__,
                "seat": getattr(event, "seat", None),
                "hands": [[card_name(c) for c in hand] for hand in hands],
                "run": list(run),
                "board": dict(board),
                "net": list(net),
                "played": len(played),
            }
        )
    return {
        "players": players,
        "dealer": dealer,
        "labels": {c.id: c.label for c in rules.board.compartments},
        "spare": [card_name(c) for c in dealt.spare],
        "spare_name": rules.deal.spare_name,
        "turn_up": None if dealt.turn_up is None else card_name(dealt.turn_up),
        "steps": steps,
    }
