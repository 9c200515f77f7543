"""One deal played by a person at one seat, the other seats by a policy: what the Play page runs.

The engine's loop plays a deal to its end in one call, so a deal with a person in it is played
again from its setup after each of the person's leads, every lead so far given (the engine is
deterministic, so the cards fall as before). The person's seat is a policy that stops the deal
when it must lead (:class:`YourLead`). Every lead is then known, so the deal file written at the
end replays the deal exactly.

Only the standard library, the model, the engine, the telling and the simulator's chunks,
tallies and reports are imported (not its runner: no worker process, no signal handler): this
runs in a browser (Pyodide), fed the validated rulesets saved as JSON
(:mod:`variants.rules.modeljson`).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .analysis.chunks import CHUNK, chunk_rng, deal_tally
from .analysis.reports import Meta, deals_report, report_json
from .analysis.tallies import Tally
from .core.cards import SUIT_NAMES, SUITS, card_name, parse_card, suit_of
from .core.words import person
from .dealwrite import deal_file_text
from .engine.compiled import CompiledRules, compile_rules
from .engine.deal import DealSetup, shuffled_deal
from .engine.events import AS_GIVEN, CompartmentWon, Event, Led
from .engine.game import choose_first_dealer, closes, closing_deal, winners
from .engine.play import DealResult, SeatView, legal_leads, play_deal
from .engine.policies import ADVICE_PREFIX, AdvicePolicy, make_policy
from .mechanics.ruleset import Advice, Ruleset
from .rules.modeljson import load_json
from .rules.roles import chief_card
from .telling.narrate import PEOPLE, narrate, render_reason
from .telling.replaydata import replay_steps
from .telling.results import deal_json, plays

POLICY_NAMES = ("advised", "lowest", "random")
"""The policies the other seats may follow, besides another ruleset's advice."""
MAX_TRIAL = 100_000
"""The most deals a trial of options plays for each side."""


class YourLead(Exception):
    """Raised by the person's seat when it must lead: the deal stops there."""

    def __init__(self, view: SeatView) -> None:
        super().__init__("the person at this seat must lead")
        self.view = view


@dataclass(frozen=True)
class Compared:
    """One of a person's leads beside the lead the advice would have made there."""

    card: int
    advised: int
    reason: str
    """Why the advice leads ``advised``, in words (cards written ``QS``)."""
    seat: int = 0
    """The seat of the person who led."""


class _Person:
    """The person's seat as a policy: it stops the deal when the person must lead, and for
    each lead the person gave, notes what ``advice`` would have led instead."""

    name = "person"
    quick = False

    def __init__(self, advice: AdvicePolicy) -> None:
        self.advice = advice
        self.compared: list[Compared] = []

    def quick_lead(self, legal: Sequence[int], compiled: CompiledRules, rng: random.Random) -> int:
        raise NotImplementedError("a person sees the table before leading")

    def choose_lead(self, view: SeatView, rng: random.Random) -> tuple[int, str]:
        raise YourLead(view)

    def plays_with(
        self, hand: Sequence[int], card: int, with_card: int, rng: random.Random
    ) -> bool:
        """Spin with a card in turn: as the advice would."""
        return self.advice.plays_with(hand, card, with_card, rng)

    def plays_instead(
        self, hand: Sequence[int], card: int, missing: int, rng: random.Random
    ) -> bool:
        """A card played in his turn instead of a missing one: as the advice would."""
        return self.advice.plays_instead(hand, card, missing, rng)

    def vies(
        self, hand: Sequence[int], facing: int, rank_pos: Sequence[int], rng: random.Random
    ) -> int:
        """Bets on the cards held: as the advice would."""
        return self.advice.vies(hand, facing, rank_pos, rng)

    def explain(self, view: SeatView, card: int) -> str:
        advised, reason = self.advice.choose_lead(view, random.Random(0))
        said = render_reason(reason, PEOPLE)
        self.compared.append(Compared(card, advised, said, view.seat))
        return AS_GIVEN


def why_not(compiled: CompiledRules, hand: Sequence[int], card: int) -> str | None:
    """Why ``card`` may not be led from ``hand``, in a sentence; None when it may be."""
    if card in legal_leads(compiled, hand):
        return None
    suit = [c for c in hand if suit_of(c) == suit_of(card)]
    lowest = min(suit, key=lambda c: compiled.rank_pos[c])
    name = SUIT_NAMES[SUITS[suit_of(card)]][:-1]
    return f"Only the lowest {name} you hold may be led: {card_name(lowest)}."


class Session:
    """A deal with a person at ``place``, counted from the dealer round to the left as people at
    a table count (1 the elder hand, Player 1; 0 the dealer; the elder hand when None); the
    other seats follow ``policy``. The cards and the first dealer come from ``seed`` as
    ``variants deal`` draws them, so the seat of a place is known once the cards are dealt."""

    def __init__(
        self,
        ruleset: Ruleset,
        options: Mapping[str, str],
        compiled: CompiledRules,
        seed: int,
        place: int | None,
        policy_name: str,
        advice_of: Callable[[str], Advice],
        people: int = 1,
    ) -> None:
        self.ruleset = ruleset
        self.options = dict(options)
        self.compiled = compiled
        self.seed = seed
        rng = random.Random(seed)
        dealer, _ = choose_first_dealer(compiled, rng)
        self.first = dealer
        """The game's first dealer: the deal passes to the left from him."""
        self.number = 0
        """The deal of the game in play, from 0."""
        players = compiled.players
        self.count = compiled.rules.game.deal_count(players)
        """How many deals the game has, before any closing deal."""
        self.totals = [0] * players
        """Each seat's counters over the deals of the game before this one."""
        self.trump: int | None = None
        """The trump suit of the last deal that had one (a closing deal keeps it)."""
        self._closing: tuple[list[int], list[str]] | None = None
        self.setup: DealSetup = shuffled_deal(compiled, rng, dealer)
        self._state = rng.getstate()
        self._end_state = self._state
        if place is not None and not 0 <= place < players:
            raise ValueError(f"place {place}: the places are 0 (the dealer) to {players - 1}")
        self.seat = self.setup.elder if place is None else (dealer + place) % players
        if not 1 <= people <= players:
            raise ValueError(f"{people} people: from 1 to the {players} players")
        self.people = tuple((self.seat + n) % players for n in range(people))
        """The seats people play at this screen: the first person's, and those on his left
        (pass and play)."""
        self.policy_name = policy_name
        self.policy = make_policy(policy_name, advice_of)
        self.leads: list[int] = []
        self.view: SeatView | None = None
        self.result: DealResult | None = None
        self.events: tuple[Event, ...] = ()
        self.compared: tuple[Compared, ...] = ()
        self._advance()

    def _advance(self) -> None:
        """Play the deal again from its setup with every lead so far, to the person's next
        lead or the end."""
        person = _Person(AdvicePolicy())
        seats = [person if s in self.people else self.policy for s in range(self.compiled.players)]
        rng = random.Random()
        rng.setstate(self._state)
        log: list[Event] = []
        try:
            self.result = play_deal(self.compiled, self.setup, seats, rng, self.leads, log=log)
            self.view = None
            self._end_state = rng.getstate()
        except YourLead as stop:
            self.result = None
            self.view = stop.view
        self.events = tuple(log)
        self.leads = [e.card for e in log if isinstance(e, Led)]
        self.compared = tuple(person.compared)

    def lead(self, card: int) -> None:
        """The person leads ``card``; ValueError, saying why, when it may not be led now."""
        if self.view is None:
            raise ValueError("the deal is over")
        if card not in self.view.hand:
            raise ValueError(f"you do not hold {card_name(card)}")
        reason = why_not(self.compiled, self.view.hand, card)
        if reason is not None:
            raise ValueError(reason)
        self.leads.append(card)
        self._advance()

    @property
    def game_over(self) -> bool:
        """Whether the last deal of the game has been played out."""
        return self.result is not None and self.number + 1 >= self.count

    def next_deal(self) -> None:
        """The next deal of the game, dealt by the player on the last dealer's left, the board
        carried over as the rules say, every random choice going on from where the last deal
        left them (as ``variants game`` draws them); ValueError when it cannot be dealt now."""
        result = self.result
        if result is None:
            raise ValueError("the deal is not over")
        if self.game_over:
            raise ValueError("the game is over")
        players = self.compiled.players
        for seat in range(players):
            self.totals[seat] += result.net[seat]
        self.trump = result.trump if result.trump is not None else self.trump
        self.number += 1
        rng = random.Random()
        rng.setstate(self._end_state)
        dealer = (self.first + self.number) % players
        dress = self.compiled.rules.dressing.every_deal
        self.setup = shuffled_deal(
            self.compiled, rng, dealer, result.board, banker=self.first, dress=dress
        )
        self._state = rng.getstate()
        self._end_state = self._state
        self.leads = []
        self._advance()

    def game_state(self) -> dict[str, Any]:
        """Where the game stands: the deal in play of how many, each seat's counters before it
        and, once the deal is over, after it; the standings once the last deal is over."""
        totals = list(self.totals)
        if self.result is not None:
            totals = [t + n for t, n in zip(totals, self.result.net, strict=True)]
        game: dict[str, Any] = {
            "number": self.number + 1,
            "count": self.count,
            "before": list(self.totals),
            "totals": totals,
            "over": self.game_over,
        }
        if self.game_over:
            shares, told = self._closing_deal()
            totals = [t + n for t, n in zip(totals, shares, strict=True)]
            game["totals"] = totals
            game["closing"] = told
            game["winners"] = list(winners(self.compiled.rules, totals))
        return game

    def _closing_deal(self) -> tuple[list[int], list[str]]:
        """What each seat takes at the closing deal, where the rules have one and counters are
        left on the board, and the deal told; found once."""
        if self._closing is None:
            result = self.result
            assert result is not None
            shares = [0] * self.compiled.players
            told: list[str] = []
            if closes(self.compiled.rules, result.board):
                rng = random.Random()
                rng.setstate(self._end_state)
                trump = result.trump if result.trump is not None else self.trump
                log: list[Event] = []
                dealer = (self.first + self.count) % self.compiled.players
                closing_deal(
                    self.compiled, rng, dealer, result.board, trump, shares, log, self.count
                )
                told = narrate(log, self.compiled.rules, PEOPLE)
            self._closing = (shares, told)
        return self._closing

    def deal_file(self) -> str:
        """The deal as a deal file with every lead made so far."""
        players = self.compiled.players
        return deal_file_text(
            self.ruleset.id,
            self.setup,
            self.leads,
            self.policy_name,
            self.options,
            seed=self.seed,
            title=f"{self.ruleset.title}: {players} players, seed {self.seed}, played by "
            f"{person(self.seat, self.setup.dealer, players)} (seat {self.seat})",
            board_ids=self.compiled.ids,
        )

    def state(self) -> dict[str, Any]:
        """What the page draws, as JSON-ready data. Until the deal is over, the other seats'
        hands are given only as their sizes."""
        replay = replay_steps(
            self.events, self.compiled.rules, self.compiled.ids, self.setup.dealer, PEOPLE
        )
        steps = replay["steps"]
        last = steps[-1]
        over = self.view is None
        seat = self.seat if self.view is None else self.view.seat
        hand = last["hands"][seat]
        cards = []
        for name in hand:
            card = parse_card(name)
            if self.view is None:
                why: str | None = "The deal is over."
            else:
                why = why_not(self.compiled, self.view.hand, card)
            cards.append({"card": name, "legal": why is None, "why": why or ""})
        state: dict[str, Any] = {
            "state": "over" if over else "your-lead",
            "ruleset": self.ruleset.id,
            "title": self.ruleset.title,
            "players": replay["players"],
            "dealer": replay["dealer"],
            "seat": seat,
            "people": list(self.people),
            "labels": replay["labels"],
            "spare_name": replay["spare_name"],
            "spare_size": len(replay["spare"]),
            "turn_up": replay["turn_up"],
            "face_up": replay["face_up"],
            "lines": [step["line"] for step in steps],
            "hand": cards,
            "sizes": [len(h) for h in last["hands"]],
            "run": last["run"],
            "board": last["board"],
            "net": last["net"],
            "played": [card_name(card) for _, card in plays(self.events)],
            "plays": [[seat, card_name(card)] for seat, card in plays(self.events)],
            "taken": [
                [e.compartment, e.seat, e.amount]
                for e in self.events
                if isinstance(e, CompartmentWon)
            ],
            "game": self.game_state(),
        }
        if over:
            state["hands"] = last["hands"]
            state["spare"] = replay["spare"]
            state["result"] = deal_json(self.ruleset.id, self.compiled.ids, self.events)
            state["compared"] = [
                {
                    "card": card_name(c.card),
                    "advised": card_name(c.advised),
                    "reason": c.reason,
                    "seat": c.seat,
                }
                for c in self.compared
            ]
            state["advice"] = self.compiled.rules.advice is not None
            state["deal_file"] = self.deal_file()
        return state


def catalog(rulesets: Iterable[Ruleset]) -> list[dict[str, Any]]:
    """What the page's controls offer for each ruleset: its names, game, table sizes, options
    (with the reading each plays) and the policies the other seats may follow. The site writes
    it into the page, so that the controls are there before the engine has started."""
    found = list(rulesets)
    advised = [r.id for r in found if r.rules.advice is not None]
    return [
        {
            "id": ruleset.id,
            "title": ruleset.title,
            "short": ruleset.short_name,
            "game": ruleset.source.game,
            "min": ruleset.rules.players.min,
            "max": ruleset.rules.players.max,
            "advice": ruleset.rules.advice is not None,
            "options": [
                {
                    "id": option.id,
                    "label": option.label,
                    "default": option.default,
                    "values": [{"value": v.value, "label": v.label} for v in option.values],
                    "reading": option.interpretation,
                }
                for option in ruleset.options
            ],
            "policies": [*POLICY_NAMES, *(ADVICE_PREFIX + rid for rid in advised)],
        }
        for ruleset in found
    ]


# --------------------------------------------------------------------------------------------
# The Play page's side of the worker: rulesets saved as JSON in, JSON-ready data out.


class Table:
    """Every ruleset the page offers, loaded from their saved JSON, and the deal in play."""

    def __init__(self, saved: Mapping[str, str]) -> None:
        self.rulesets = {rid: load_json(text, rid) for rid, text in saved.items()}
        self.session: Session | None = None
        self.trials = Trials(self)

    def advice_of(self, ruleset_id: str) -> Advice:
        ruleset = self.rulesets.get(ruleset_id)
        if ruleset is None or ruleset.rules.advice is None:
            raise ValueError(f"ruleset {ruleset_id!r} gives no play advice to follow")
        return ruleset.rules.advice

    def catalog(self) -> list[dict[str, Any]]:
        """What the page's controls offer for each ruleset (:func:`catalog`)."""
        return catalog(self.rulesets.values())

    def ruleset(self, ruleset_id: str) -> Ruleset:
        ruleset = self.rulesets.get(ruleset_id)
        if ruleset is None:
            raise ValueError(f"no ruleset {ruleset_id!r}")
        return ruleset

    @staticmethod
    def check_players(ruleset: Ruleset, low: int, high: int, players: int) -> None:
        if not low <= players <= high:
            raise ValueError(f"{ruleset.title} is for {low} to {high} players")

    def deal(
        self,
        ruleset_id: str,
        options: Mapping[str, str],
        players: int,
        place: int | None,
        policy: str,
        seed: int,
        people: int = 1,
    ) -> dict[str, Any]:
        """Deal and play to the first lead a person must make (or the end): ``people`` people
        at this screen, at ``place`` and the seats on its left."""
        ruleset = self.ruleset(ruleset_id)
        rules = ruleset.rules_for(options)
        self.check_players(ruleset, rules.players.min, rules.players.max, players)
        compiled = compile_rules(rules, players)
        chosen = {k: v for k, v in options.items() if ruleset.option(k).default != v}
        self.session = Session(
            ruleset, chosen, compiled, seed, place, policy, self.advice_of, people
        )
        return self.session.state()

    def lead(self, card: str) -> dict[str, Any]:
        if self.session is None:
            raise ValueError("no deal is in play")
        self.session.lead(parse_card(card))
        return self.session.state()

    def next_deal(self) -> dict[str, Any]:
        """The game's next deal, played to the person's first lead (or its end)."""
        if self.session is None:
            raise ValueError("no game is in play")
        self.session.next_deal()
        return self.session.state()


@dataclass
class _Trial:
    """Deals played under the defaults and under chosen options, chunk by chunk."""

    compiled: tuple[CompiledRules, CompiledRules]
    policy: str
    deals: int
    seed: int
    tallies: tuple[Tally, Tally]
    chief: str | None
    """The id of the compartment the chief card wins (the Pope), if the rules have one."""


class Trials:
    """The figures of a ruleset's defaults beside those of chosen options, from seeded deals
    played as ``variants simulate`` plays them (chunk ``i`` drawn from the seed and ``i``), so
    the same seed gives the same figures there and here."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.trial: _Trial | None = None

    def start(
        self,
        ruleset_id: str,
        options: Mapping[str, str],
        players: int,
        policy: str,
        deals: int,
        seed: int,
    ) -> dict[str, Any]:
        ruleset = self.table.ruleset(ruleset_id)
        if not 1 <= deals <= MAX_TRIAL:
            raise ValueError(f"a trial plays 1 to {MAX_TRIAL:,} deals, not {deals}")
        sides = []
        for chosen in ({}, options):
            rules = ruleset.rules_for(chosen)
            self.table.check_players(ruleset, rules.players.min, rules.players.max, players)
            sides.append(compile_rules(rules, players))
        tallies = (Tally(players, sides[0].ids), Tally(players, sides[1].ids))
        chief = chief_card(sides[0].rules)
        self.trial = _Trial(
            (sides[0], sides[1]), policy, deals, seed, tallies, None if chief is None else chief.id
        )
        return self.progress()

    def chunks(self) -> int:
        assert self.trial is not None
        return -(-self.trial.deals // CHUNK)

    def step(self) -> dict[str, Any]:
        """Play the next chunk of deals on each side."""
        trial = self.trial
        if trial is None:
            raise ValueError("no trial is under way")
        chunk = trial.tallies[0].deals // CHUNK
        count = min(CHUNK, trial.deals - chunk * CHUNK)
        for compiled, tally in zip(trial.compiled, trial.tallies, strict=True):
            policy = make_policy(trial.policy, self.table.advice_of)
            tally.merge(deal_tally(compiled, policy, chunk_rng(trial.seed, chunk), count))
        return self.progress()

    def progress(self) -> dict[str, Any]:
        trial = self.trial
        assert trial is not None
        done = trial.tallies[0].deals
        answer: dict[str, Any] = {"done": done, "deals": trial.deals}
        if done == trial.deals:
            meta = Meta(trial.compiled[0].players, trial.policy)
            answer["reports"] = [report_json(deals_report(t, meta)) for t in trial.tallies]
            answer["chief"] = trial.chief
            answer["labels"] = {c.id: c.label for c in trial.compiled[0].rules.board.compartments}
        return answer


def handle(table: Table, request: str) -> str:
    """One request from the page, as JSON text, answered as JSON text: ``{"error": ...}`` when
    it cannot be done."""
    asked = json.loads(request)
    try:
        match asked.get("do"):
            case "catalog":
                answer: Any = table.catalog()
            case "deal":
                answer = table.deal(
                    str(asked["ruleset"]),
                    {str(k): str(v) for k, v in dict(asked.get("options") or {}).items()},
                    int(asked["players"]),
                    None if asked.get("place") is None else int(asked["place"]),
                    str(asked.get("policy") or "advised"),
                    int(asked["seed"]),
                    int(asked.get("people") or 1),
                )
            case "lead":
                answer = table.lead(str(asked["card"]))
            case "next":
                answer = table.next_deal()
            case "try":
                answer = table.trials.start(
                    str(asked["ruleset"]),
                    {str(k): str(v) for k, v in dict(asked.get("options") or {}).items()},
                    int(asked["players"]),
                    str(asked.get("policy") or "random"),
                    int(asked["deals"]),
                    int(asked["seed"]),
                )
            case "try-step":
                answer = table.trials.step()
            case other:
                raise ValueError(f"no request {other!r}")
    except ValueError as error:
        return json.dumps({"error": str(error)})
    return json.dumps(answer)
