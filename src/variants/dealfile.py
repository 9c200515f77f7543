"""Deal files: one deal described completely, read with checks and written back.

A deal file names its ruleset and options, the dealer, every seat's hand, the spare hand or
stock, the turn-up, the board carried in, and optionally the leads and the policy for the rest.
Any mistake is a :class:`DealFileError` whose message names the file and the line.
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .cards import CardError, card_name, parse_card
from .compiled import CompiledRules, compile_rules
from .deal import DealSetup, sort_hand
from .dealplan import SPARE, TURN_UP, DealPlanError
from .loader import choice_problems, load_ruleset
from .play import DealResult, IllegalLeadError, play_deal
from .policies import POLICIES, make_policy
from .ruleset import OptionError, Ruleset
from .yamlsource import JsonPath, ProblemsError, YamlDocument, read_yaml

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
    "board": "counters carried over, by compartment",
    "leads": "the card played at each lead",
    "policy": "the policy for leads not given",
    "seed": "the seed of the random policy",
}
REQUIRED = ("ruleset", "dealer", "hands", "spare")


class DealFileError(ValueError):
    """A deal file that cannot be played; the message is one line naming file and line."""


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


def play_deal_file(deal: DealFile) -> DealResult:
    """Play a deal file's deal, recording its events; an illegal lead given in the file is a
    :class:`DealFileError` naming the line of that lead."""
    try:
        return play_deal(
            deal.compiled,
            deal.setup,
            make_policy(deal.policy),
            random.Random(deal.seed),
            deal.leads,
        )
    except IllegalLeadError as error:
        line = deal.lead_lines[error.index] if error.index is not None else 1
        raise DealFileError(f"{deal.path}:{line}: {error}") from None


def rulesets_dir() -> Path:
    return Path(os.environ.get("VARIANTS_RULESETS", "rulesets"))


def find_ruleset(ruleset_id: str, folder: Path | None = None) -> Ruleset:
    """Load ``<folder>/<id>.yaml``; raise ``ValueError`` when it is missing or invalid.

    Option values are not tried one by one: the caller checks the combination it plays."""
    base = folder or rulesets_dir()
    path = base / f"{ruleset_id}.yaml"
    if not path.is_file():
        known = sorted(p.stem for p in base.glob("*.yaml")) if base.is_dir() else []
        raise ValueError(f"no ruleset {ruleset_id!r} (known: {', '.join(known) or 'none'})")
    try:
        return load_ruleset(path, each_option=False)
    except ProblemsError as error:
        raise ValueError(f"ruleset {ruleset_id!r} is invalid: {error.problems[0]}") from None


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
            raise fail((key,), f"unknown key {key!r} (allowed: {', '.join(KEYS)})")
    for key in REQUIRED:
        if key not in data:
            raise fail((), f"missing key {key!r}: {KEYS[key]}")
    if not isinstance(data["ruleset"], str):
        raise fail(("ruleset",), "ruleset must be a ruleset id")
    try:
        ruleset = find_ruleset(data["ruleset"], folder)
    except ValueError as error:
        raise fail(("ruleset",), str(error)) from None
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise fail(("options",), "options must map option ids to values")
    for key, value in options.items():
        try:
            ruleset.option(str(key)).value(str(value))
        except OptionError as error:
            raise fail(("options", key), str(error)) from None
    chosen = {str(k): str(v) for k, v in options.items()}
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

    def cards_at(path: JsonPath, raw: Any) -> list[int]:
        if not isinstance(raw, list):
            raise fail(path, "expected a list of cards")
        cards = []
        for index, item in enumerate(raw):
            try:
                card = parse_card(item)
            except CardError as error:
                raise fail((*path, index), str(error)) from None
            cards.append(card)
            if card in card_paths and path != ("leads",):
                raise fail((*path, index), f"{card_name(card)} is dealt twice")
            if path != ("leads",):
                card_paths[card] = (*path, index)
        return cards

    def seat_at(key: str) -> int:
        value = data[key]
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
            raise fail((key,), f"{key} must be a seat from 0 to {players - 1}")
        return value

    dealer = seat_at("dealer")
    banker = seat_at("banker") if "banker" in data else dealer
    hands = [cards_at(("hands", i), hand) for i, hand in enumerate(hands_raw)]
    spare = cards_at(("spare",), data["spare"])
    turn_raw = data.get("turn_up")
    turn_up: int | None = None
    if turn_raw is not None:
        try:
            turn_up = parse_card(turn_raw)
        except CardError as error:
            raise fail(("turn_up",), str(error)) from None
    _check_cards(fail, compiled, hands, spare, turn_up, card_paths)
    _check_counts(fail, compiled, dealer, hands, spare, turn_up)
    board_raw = data.get("board") or {}
    if not isinstance(board_raw, dict):
        raise fail(("board",), "board must map compartment ids to counters")
    board = [0] * len(compiled.ids)
    for key, value in board_raw.items():
        if key not in compiled.ids:
            raise fail(("board", key), f"no compartment {key!r} (board: {', '.join(compiled.ids)})")
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise fail(("board", key), "counters must be a whole number, 0 or more")
        board[compiled.ids.index(key)] = value
    leads = cards_at(("leads",), data.get("leads") or [])
    policy = data.get("policy", "advised")
    if policy not in POLICIES:
        raise fail(("policy",), f"no policy {policy!r} (policies: {', '.join(POLICIES)})")
    seed = data.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise fail(("seed",), "seed must be a whole number")
    setup = DealSetup(
        players=players,
        dealer=dealer,
        hands=tuple(sort_hand(hand, compiled) for hand in hands),
        spare=sort_hand(spare, compiled),
        turn_up=turn_up,
        board=tuple(board),
        banker=banker,
    )
    return DealFile(
        ruleset=ruleset,
        options={k: str(v) for k, v in options.items()},
        setup=setup,
        compiled=compiled,
        leads=tuple(leads),
        policy=policy,
        seed=seed,
        title=str(data.get("title", "")),
        notes=str(data.get("notes", "")),
        path=document.file,
        lead_lines=tuple(document.where(("leads", i))[0] for i in range(len(leads))),
    )


def _check_cards(
    fail: Any,
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
    fail: Any,
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


def deal_file_text(
    ruleset_id: str,
    setup: DealSetup,
    leads: Sequence[int],
    policy: str,
    options: Mapping[str, str] | None = None,
    seed: int | None = None,
    title: str = "",
    notes: str = "",
    board_ids: Sequence[str] = (),
) -> str:
    """The deal as a YAML deal file that replays it exactly."""

    def cards(values: Sequence[int]) -> str:
        return "[" + ", ".join(card_name(c) for c in values) + "]"

    lines = []
    if title:
        lines.append(f"title: {json.dumps(title, ensure_ascii=False)}")
    if notes:
        lines.append(f"notes: {json.dumps(notes, ensure_ascii=False)}")
    lines.append(f"ruleset: {ruleset_id}")
    lines.append(f"options: {json.dumps(dict(options or {}))}")
    lines.append(f"dealer: {setup.dealer}")
    if setup.banker != setup.dealer:
        lines.append(f"banker: {setup.banker}")
    lines.append("hands:")
    lines += [f"  - {cards(hand)}" for hand in setup.hands]
    lines.append(f"spare: {cards(setup.spare)}")
    lines.append(f"turn_up: {'null' if setup.turn_up is None else card_name(setup.turn_up)}")
    carried = {k: v for k, v in zip(board_ids, setup.board, strict=False) if v}
    lines.append(f"board: {json.dumps(carried)}")
    lines.append(f"leads: {cards(leads)}")
    lines.append(f"policy: {policy}")
    if seed is not None:
        lines.append(f"seed: {seed}")
    return "\n".join(lines) + "\n"
