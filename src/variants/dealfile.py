"""Deal files: one deal described completely, read with checks and written back.

A deal file names its ruleset and options, the dealer, every seat's hand, the spare hand or
stock, the turn-up, the cards dealt face up (where the rules deal one to each seat), the board
carried in, and optionally the leads and the policy for the rest; where the players choose where
to lay their stakes, the stakes laid or the staking policy that lays them; where the players
bet before play, the counters each seat puts up.
Any mistake is a :class:`DealFileError` whose message names the file and the line.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .core.cards import CardError, card_name, parse_card
from .core.hidden import hidden_at
from .core.settings import rulesets_dir
from .engine.compiled import CompiledRules, compile_rules, spread_stakes, with_pool
from .engine.deal import DealSetup, sort_hand
from .engine.events import Led
from .engine.play import DealResult, IllegalLeadError, Policy, SeatView, play_deal
from .engine.policies import ADVICE_PREFIX, POLICIES, make_policy
from .engine.staking import DEFAULT_STAKING, STAKINGS, Staking, given, make_staking
from .mechanics import pool as pool_cards
from .mechanics.ruleset import OptionError, Ruleset
from .mechanics.spread import laid_problem
from .mechanics.vying import VyingWin
from .rules.advice import advice_beside
from .rules.dealplan import SPARE, TURN_UP, DealPlanError
from .rules.loader import choice_problems
from .rules.lookup import MAX_ID, clip, find_ruleset, known_rulesets
from .rules.yamlsource import JsonPath, ProblemsError, YamlDocument, read_yaml

KEYS = {
    "title": "a short title for the deal",
    "notes": "what the deal shows",
    "ruleset": "the ruleset id",
    "options": "option overrides",
    "dealer": "the dealer's seat",
    "banker": "the banker's seat",
    "hands": "one list of cards per seat",
    "spare": "the spare hand or stock",
    "turn_up": "the turn-up card or null",
    "face_up": "the card dealt face up to each seat, one per seat",
    "pool": "the pool cards drawn for the deal, in board order",
    "board": "counters carried over, by compartment",
    "leads": "the card played at each lead",
    "policy": "the policy for leads not given",
    "staking": "the staking policy, where the players choose their stakes",
    "stakes": "the stakes laid, as [seat, compartment, counters]",
    "bets": "the most each seat puts up when the players bet, by seat",
    "seed": "the seed of the random policy",
}
REQUIRED = ("ruleset", "dealer", "hands", "spare")
MAX_TITLE = 200
MAX_NOTES = 4000
MAX_SEED = 2**63 - 1
MAX_COUNTERS = 1_000_000
"""The most counters a compartment may carry into a deal."""
MAX_STAKE = 1000
"""The most counters one stake may lay (the schema's bound on what a player lays)."""
Stake = tuple[int, int, int]
"""(seat, compartment index, counters): one seat's stake on one compartment."""


class DealFileError(ValueError):
    """A deal file that cannot be played; the message is one line naming file and line."""


Fail = Callable[[JsonPath, str], DealFileError]
"""Makes the error for a problem at a path in the deal file, naming its line."""


@dataclass(frozen=True)
class DealFile:
    ruleset: Ruleset
    options: Mapping[str, str]
    setup: DealSetup
    compiled: CompiledRules
    leads: tuple[int, ...]
    policy: str
    seed: int
    title: str = ""
    notes: str = ""
    path: str = ""
    lead_lines: tuple[int, ...] = field(default=(), repr=False)
    staking: str = DEFAULT_STAKING
    stakes: tuple[Stake, ...] | None = None
    """The stakes laid, when the file gives them (then ``staking`` is not used)."""
    bets: tuple[int, ...] | None = None
    """The most each seat puts up when the players bet, when the file gives them (then the
    policy does not bet)."""

    def policies(self) -> Policy | list[Policy]:
        """Who plays each seat: the file's policy, betting as the file says when it does."""
        policy = make_policy(self.policy, advice_beside(self.ruleset.path))
        if self.bets is None:
            return policy
        return [GivenBets(policy, most) for most in self.bets]

    def staking_policy(self) -> Staking:
        """What lays the players' stakes: the file's own, else the staking it names."""
        return make_staking(self.staking) if self.stakes is None else given(self.stakes)


def play_deal_file(deal: DealFile) -> DealResult:
    """Play a deal file's deal, recording its events. An illegal lead given in the file, or one
    given after the deal has ended, is a :class:`DealFileError` naming the line of that lead."""
    try:
        result = play_deal(
            deal.compiled,
            deal.setup,
            deal.policies(),
            random.Random(deal.seed),
            deal.leads,
            staking=deal.staking_policy(),
        )
    except IllegalLeadError as error:
        line = deal.lead_lines[error.index] if error.index is not None else 1
        raise DealFileError(f"{deal.path}:{line}: {error}") from None
    used = sum(1 for event in result.events if isinstance(event, Led))
    if len(deal.leads) > used:
        ended = (
            f"seat {result.winner} went out on lead {used}"
            if result.winner is not None
            else "the turn-up ended it unplayed"
        )
        line = deal.lead_lines[used]
        raise DealFileError(
            f"{deal.path}:{line}: lead {used + 1}: the deal is over by then: {ended}"
        )
    return result


def kind(value: object) -> str:
    """What a YAML value is, in words, for saying what was found instead of what was wanted."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


def unprintable(text: str, allowed: str = "") -> str | None:
    """A description of the first character of ``text`` that is not visible text
    (:mod:`variants.core.hidden`), apart from those in ``allowed``; None when there is none."""
    at = hidden_at(text, allowed)
    return None if at is None else f"U+{ord(text[at]):04X} at character {at + 1}"


def read_deal_file(path: Path, folder: Path | None = None) -> DealFile:
    try:
        document = read_yaml(path)
    except ProblemsError as error:
        first = error.problems[0]
        raise DealFileError(f"{first.file}:{first.line}: {first.message}") from None
    return parse_deal(document, folder)


def parse_deal(document: YamlDocument, folder: Path | None = None) -> DealFile:
    data = document.data

    def fail(path: JsonPath, message: str) -> DealFileError:
        line, _ = document.where(path)
        return DealFileError(f"{document.file}:{line}: {message}")

    if not isinstance(data, dict):
        raise fail((), "a deal file must be a mapping of keys to values")
    for key in data:
        if key not in KEYS:
            shown = clip(key) if isinstance(key, str) else key
            raise fail((key,), f"unknown key {shown!r} (allowed: {', '.join(KEYS)})")
    for key in REQUIRED:
        if key not in data:
            raise fail((), f"missing key {key!r}: {KEYS[key]}")
    title = _text(fail, data, "title", MAX_TITLE, "")
    notes = _text(fail, data, "notes", MAX_NOTES, "\n\t")
    ruleset = _ruleset(fail, data["ruleset"], folder or rulesets_dir())
    chosen = _options(fail, data.get("options"), ruleset)
    problems = choice_problems(ruleset, chosen)
    if problems:
        raise fail(("options",), f"{ruleset.id} cannot be played with these options: {problems[0]}")
    rules = ruleset.rules_for(chosen)
    hands_raw = data["hands"]
    if not isinstance(hands_raw, list) or not all(isinstance(h, list) for h in hands_raw):
        raise fail(("hands",), "hands must be a list of lists of cards, one per seat")
    players = len(hands_raw)
    if players not in rules.players.counts:
        raise fail(
            ("hands",),
            f"{players} hands given; {ruleset.id} is for {rules.players.min} to "
            f"{rules.players.max} players",
        )
    try:
        compiled = compile_rules(rules, players)
    except DealPlanError as error:
        raise fail(("hands",), str(error)) from None

    card_paths: dict[int, JsonPath] = {}

    def card_at(path: JsonPath, raw: object) -> int:
        if not isinstance(raw, str):
            raise fail(
                path, f"a card is written <rank><suit>, for example 10H or QS, not {kind(raw)}"
            )
        try:
            return parse_card(clip(raw, 8))
        except CardError as error:
            raise fail(path, str(error)) from None

    def cards_at(path: JsonPath, raw: object, dealt: bool = True) -> list[int]:
        if not isinstance(raw, list):
            raise fail(path, f"{path[0]} must be a list of cards, not {kind(raw)}")
        cards = []
        for index, item in enumerate(raw):
            card = card_at((*path, index), item)
            cards.append(card)
            if dealt:
                if card in card_paths:
                    raise fail((*path, index), f"{card_name(card)} is dealt twice")
                card_paths[card] = (*path, index)
        return cards

    def seat_at(key: str) -> int:
        value = data[key]
        if not _whole(value, 0, players - 1):
            raise fail((key,), f"{key} must be a seat from 0 to {players - 1}")
        return int(value)

    dealer = seat_at("dealer")
    banker = seat_at("banker") if "banker" in data else dealer
    if "banker" in data and not rules.dressing.by_banker:
        raise fail(("banker",), "these rules have no banker: no one dresses the board for all")
    hands = [cards_at(("hands", i), hand) for i, hand in enumerate(hands_raw)]
    spare = cards_at(("spare",), data["spare"])
    turn_raw = data.get("turn_up")
    turn_up = None if turn_raw is None else card_at(("turn_up",), turn_raw)
    pool = _pool(fail, compiled, data, card_at)
    dealt = with_pool(compiled, pool)
    _check_cards(fail, dealt, hands, spare, turn_up, card_paths)
    _check_counts(fail, dealt, dealer, hands, spare, turn_up)
    face_up = _face_up(fail, compiled, data, hands, card_at)
    board = _board(fail, data.get("board"), compiled)
    leads_raw = data.get("leads")
    leads = cards_at(("leads",), [] if leads_raw is None else leads_raw, dealt=False)
    policy = data.get("policy", "advised")
    if isinstance(policy, str) and policy.startswith(ADVICE_PREFIX):
        try:
            make_policy(policy, advice_beside(ruleset.path))
        except ValueError as error:
            raise fail(("policy",), str(error)) from None
    elif not isinstance(policy, str) or policy not in POLICIES:
        shown = f"{clip(policy)!r}" if isinstance(policy, str) else kind(policy)
        raise fail(("policy",), f"policy must be one of {', '.join(POLICIES)}, not {shown}")
    seed = data.get("seed", 0)
    if not _whole(seed, 0, MAX_SEED):
        raise fail(("seed",), f"seed must be a whole number from 0 to {MAX_SEED}")
    staking = _staking(fail, data)
    stakes = _stakes(fail, data, compiled, dealer)
    bets = _bets(fail, data, compiled)
    setup = DealSetup(
        players=players,
        dealer=dealer,
        hands=tuple(sort_hand(hand, compiled) for hand in hands),
        spare=sort_hand(spare, compiled),
        turn_up=turn_up,
        board=tuple(board),
        banker=banker,
        face_up=face_up,
        pool=pool,
    )
    return DealFile(
        ruleset=ruleset,
        options=chosen,
        setup=setup,
        compiled=compiled,
        leads=tuple(leads),
        policy=policy,
        seed=int(seed),
        title=title,
        notes=notes,
        path=document.file,
        lead_lines=tuple(document.where(("leads", i))[0] for i in range(len(leads))),
        staking=staking,
        stakes=stakes,
        bets=bets,
    )


class GivenBets:
    """A seat's policy, its bets given by a deal file: with a set, the first to speak bets
    ``most`` counters; facing a bet of at most ``most``, it holds it, and raises it to ``most``
    where the rules let the last to hold raise; else it passes."""

    def __init__(self, policy: Policy, most: int) -> None:
        self.policy = policy
        self.most = most
        self.name = policy.name
        self.quick = policy.quick

    def quick_lead(self, legal: Sequence[int], compiled: CompiledRules, rng: random.Random) -> int:
        return self.policy.quick_lead(legal, compiled, rng)

    def choose_lead(self, view: SeatView, rng: random.Random) -> tuple[int, str]:
        return self.policy.choose_lead(view, rng)

    def explain(self, view: SeatView, card: int) -> str | None:
        explain = getattr(self.policy, "explain", None)
        return None if explain is None else str(explain(view, card))

    def plays_with(
        self, hand: Sequence[int], card: int, with_card: int, rng: random.Random
    ) -> bool:
        return self.policy.plays_with(hand, card, with_card, rng)

    def plays_instead(
        self, hand: Sequence[int], card: int, missing: int, rng: random.Random
    ) -> bool:
        return self.policy.plays_instead(hand, card, missing, rng)

    def vies(
        self, hand: Sequence[int], facing: int, rank_pos: Sequence[int], rng: random.Random
    ) -> int:
        if facing == 0:
            return self.most
        return self.most if facing <= self.most else 0


def _bets(fail: Fail, data: dict[Any, Any], compiled: CompiledRules) -> tuple[int, ...] | None:
    """The most each seat puts up when the players bet, as a deal file gives them by seat
    (a seat not named passes)."""
    if "bets" not in data:
        return None
    if not any(isinstance(c.win, VyingWin) for c in compiled.compartments):
        raise fail(("bets",), "these rules have no betting: bets are given only where players bet")
    raw = data["bets"]
    if not isinstance(raw, dict):
        raise fail(("bets",), f"bets must map seats to counters, not {kind(raw)}")
    players = compiled.players
    bets = [0] * players
    for key, amount in raw.items():
        seat = int(key) if isinstance(key, str) and key.isdigit() and len(key) < 4 else key
        if not _whole(seat, 0, players - 1):
            raise fail(("bets", key), f"a bet's seat must be a seat from 0 to {players - 1}")
        if not _whole(amount, 0, MAX_STAKE):
            raise fail(("bets", key), f"a bet must be a whole number from 0 to {MAX_STAKE}")
        bets[seat] = amount
    return tuple(bets)


def _whole(value: object, low: int, high: int) -> bool:
    """Whether ``value`` is a whole number (not true or false) from ``low`` to ``high``."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _text(fail: Fail, data: dict[Any, Any], key: str, limit: int, allowed: str) -> str:
    """The text under ``key`` (empty when absent): text, at most ``limit`` characters, and
    printable (``allowed`` lists the control characters it may hold)."""
    value = data.get(key, "")
    if not isinstance(value, str):
        raise fail((key,), f"{key} must be text, not {kind(value)}")
    if len(value) > limit:
        raise fail((key,), f"{key} is {len(value)} characters long; at most {limit} are allowed")
    bad = unprintable(value, allowed)
    if bad is not None:
        lines = "" if "\n" in allowed else "one line of "
        raise fail((key,), f"{key} must be {lines}printable text: it holds {bad}")
    return value


def _staking(fail: Fail, data: dict[Any, Any]) -> str:
    """The staking policy a deal file names (the default when it names none)."""
    name = data.get("staking", DEFAULT_STAKING)
    if not isinstance(name, str) or name not in STAKINGS:
        shown = f"{clip(name)!r}" if isinstance(name, str) else kind(name)
        raise fail(("staking",), f"staking must be one of {', '.join(STAKINGS)}, not {shown}")
    if "staking" in data and "stakes" in data:
        raise fail(("staking",), "give the stakes laid or the staking that lays them, not both")
    return name


def _stakes(
    fail: Fail, data: dict[Any, Any], compiled: CompiledRules, dealer: int
) -> tuple[Stake, ...] | None:
    """The stakes a deal file gives as laid, each [seat, compartment, counters], checked
    against the rules: each seat lays its counters, every staked compartment covered."""
    if "stakes" not in data:
        return None
    spread = compiled.rules.dressing.spread
    if spread is None:
        raise fail(
            ("stakes",), "these rules fix every stake: stakes are given only where players choose"
        )
    raw = data["stakes"]
    if not isinstance(raw, list):
        raise fail(
            ("stakes",), f"stakes must be a list of [seat, compartment, counters], not {kind(raw)}"
        )
    players = compiled.players
    ids = compiled.ids
    stakes = spread_stakes(compiled)
    staked = [ids[index] for index, _ in stakes]
    laid: list[Stake] = []
    given_once: set[tuple[int, int]] = set()
    for at, item in enumerate(raw):
        path: JsonPath = ("stakes", at)
        if not isinstance(item, list) or len(item) != 3:
            found = f"a list of {len(item)}" if isinstance(item, list) else kind(item)
            raise fail(path, f"a stake is [seat, compartment, counters], not {found}")
        seat, key, amount = item
        if not _whole(seat, 0, players - 1):
            raise fail(path, f"a stake's seat must be a seat from 0 to {players - 1}")
        if not isinstance(key, str):
            raise fail(path, f"a stake's compartment must be a compartment id, not {kind(key)}")
        if key not in staked:
            raise fail(path, f"no staked compartment {clip(key)!r} (stakes: {', '.join(staked)})")
        if not _whole(amount, 1, MAX_STAKE):
            raise fail(path, f"a stake's counters must be a whole number from 1 to {MAX_STAKE}")
        index = ids.index(key)
        if (seat, index) in given_once:
            raise fail(path, f"seat {seat}'s stake on {key} is given twice")
        given_once.add((seat, index))
        laid.append((seat, index, amount))
    labels = [c.label for c in compiled.compartments]
    problem = laid_problem(spread, stakes, players, dealer, laid, labels)
    if problem is not None:
        seat, message = problem
        first = next((at for at, (s, _, _) in enumerate(laid) if s == seat), None)
        raise fail(("stakes",) if first is None else ("stakes", first), message)
    return tuple(laid)


def _ruleset(fail: Fail, value: object, folder: Path) -> Ruleset:
    """The ruleset a deal file names: always by id, from ``folder``, never by path."""
    if not isinstance(value, str):
        raise fail(
            ("ruleset",),
            f"ruleset must be a ruleset id, not {kind(value)} (known: {known_rulesets(folder)})",
        )
    if len(value) > MAX_ID:
        raise fail(
            ("ruleset",),
            f"ruleset must be a ruleset id of at most {MAX_ID} characters, not {len(value)} "
            f"(known: {known_rulesets(folder)})",
        )
    if "/" in value or "\\" in value or value.startswith("."):
        raise fail(
            ("ruleset",),
            f"ruleset must be a ruleset id, not a path (known: {known_rulesets(folder)})",
        )
    try:
        return find_ruleset(value, folder)
    except ValueError as error:
        raise fail(("ruleset",), str(error)) from None


def _options(fail: Fail, value: object, ruleset: Ruleset) -> dict[str, str]:
    """The options a deal file chooses, each checked against the ruleset, as text."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise fail(("options",), f"options must map option ids to values, not {kind(value)}")
    chosen: dict[str, str] = {}
    for key, raw in value.items():
        name = clip(str(key), 80)
        if isinstance(raw, bool):
            text = "true" if raw else "false"
        elif isinstance(raw, str | int | float):
            text = clip(str(raw), 80)
        else:
            raise fail(
                ("options", key), f"option {name!r} must be given one value, not {kind(raw)}"
            )
        try:
            ruleset.option(name).value(text)
        except OptionError as error:
            raise fail(("options", key), str(error)) from None
        chosen[name] = text
    return chosen


def _board(fail: Fail, value: object, compiled: CompiledRules) -> list[int]:
    """The counters carried in, one per compartment."""
    board = [0] * len(compiled.ids)
    if value is None:
        return board
    if not isinstance(value, dict):
        raise fail(("board",), f"board must map compartment ids to counters, not {kind(value)}")
    for key, counters in value.items():
        if key not in compiled.ids:
            shown = clip(key) if isinstance(key, str) else key
            raise fail(
                ("board", key), f"no compartment {shown!r} (board: {', '.join(compiled.ids)})"
            )
        if not _whole(counters, 0, MAX_COUNTERS):
            raise fail(("board", key), f"counters must be a whole number from 0 to {MAX_COUNTERS}")
        board[compiled.ids.index(key)] = counters
    return board


def _check_cards(
    fail: Fail,
    compiled: CompiledRules,
    hands: list[list[int]],
    spare: list[int],
    turn_up: int | None,
    card_paths: dict[int, JsonPath],
) -> None:
    seen = Counter(card for hand in hands for card in hand) + Counter(spare)
    placed_turn_up = turn_up is not None and seen[turn_up] > 0
    if turn_up is not None and not placed_turn_up:
        seen[turn_up] += 1
    removed = sorted(c for c in seen if c in compiled.removed)
    if removed:
        where = card_paths.get(removed[0], ("turn_up",))
        raise fail(where, f"{card_name(removed[0])} is removed from the pack under these rules")
    doubled = sorted(c for c, count in seen.items() if count > 1)
    if doubled:
        raise fail(("hands",), f"dealt twice: {', '.join(card_name(c) for c in doubled)}")
    missing = sorted(set(compiled.pack) - set(seen))
    if missing:
        raise fail(("hands",), f"missing from the deal: {', '.join(card_name(c) for c in missing)}")


def _check_counts(
    fail: Fail,
    compiled: CompiledRules,
    dealer: int,
    hands: list[list[int]],
    spare: list[int],
    turn_up: int | None,
) -> None:
    plan = compiled.plan
    sizes = plan.hand_sizes()
    players = compiled.players
    for position, size in enumerate(sizes):
        seat = (dealer + 1 + position) % players
        if len(hands[seat]) != size:
            raise fail(
                ("hands", seat),
                f"seat {seat} holds {len(hands[seat])} cards; the deal gives it {size}",
            )
    if (turn_up is None) != (plan.turn_up_index is None):
        raise fail(
            ("turn_up",),
            "these rules turn up no card" if turn_up is None else "these rules turn up a card",
        )
    if turn_up is None:
        return
    where = plan.turn_up_position
    if where == TURN_UP and (turn_up in spare or any(turn_up in hand for hand in hands)):
        raise fail(("turn_up",), f"the turn-up {card_name(turn_up)} lies on the table, in no hand")
    if where >= 0:
        seat = (dealer + 1 + where) % players
        if turn_up not in hands[seat]:
            raise fail(
                ("turn_up",), f"the turn-up {card_name(turn_up)} belongs in seat {seat}'s hand"
            )
    if where == SPARE and turn_up not in spare:
        raise fail(("turn_up",), f"the turn-up {card_name(turn_up)} belongs in the spare hand")


def _pool(
    fail: Fail,
    compiled: CompiledRules,
    data: dict[Any, Any],
    card_at: Callable[[JsonPath, object], int],
) -> tuple[int, ...]:
    """The pool cards drawn for the deal (empty: the rules draw none)."""
    if not compiled.rules.board.pool_drawn:
        if "pool" in data:
            raise fail(("pool",), "these rules draw no pool cards")
        return ()
    if "pool" not in data:
        raise fail((), f"missing key 'pool': {KEYS['pool']}")
    raw = data["pool"]
    if not isinstance(raw, list):
        raise fail(("pool",), f"pool must be a list of cards, not {kind(raw)}")
    pool = tuple(card_at(("pool", place), item) for place, item in enumerate(raw))
    problem = pool_cards.pool_problem(compiled.rules, pool)
    if problem is not None:
        place, message = problem
        raise fail(("pool",) if place is None else ("pool", place), message)
    return pool


def _face_up(
    fail: Fail,
    compiled: CompiledRules,
    data: dict[Any, Any],
    hands: list[list[int]],
    card_at: Callable[[JsonPath, object], int],
) -> tuple[int, ...]:
    """The card dealt face up to each seat, each in its seat's hand (empty: the rules deal
    none face up)."""
    players = compiled.players
    if not compiled.plan.face_up:
        if "face_up" in data:
            raise fail(("face_up",), "these rules deal no card face up")
        return ()
    if "face_up" not in data:
        raise fail((), f"missing key 'face_up': {KEYS['face_up']}")
    raw = data["face_up"]
    if not isinstance(raw, list):
        raise fail(("face_up",), f"face_up must be a list of cards, not {kind(raw)}")
    if len(raw) != players:
        raise fail(
            ("face_up",),
            f"face_up names {len(raw)} cards; there is one for each of {players} seats",
        )
    face_up = tuple(card_at(("face_up", seat), item) for seat, item in enumerate(raw))
    for seat, card in enumerate(face_up):
        if card not in hands[seat]:
            raise fail(
                ("face_up", seat), f"the face-up {card_name(card)} is not in seat {seat}'s hand"
            )
    return face_up
