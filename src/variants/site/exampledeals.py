"""The example deals behind the worked examples and the replay, and what the pages show of them.

Each ruleset has deals generated from fixed seeds under its default rules (a three-, a five- and
an eight-player deal, as the player counts allow), dealt and played exactly as
``variants deal <id> --players N --seed S`` deals and plays them, plus every deal file in the
examples folder that names it. The examples folder is ``$VARIANTS_EXAMPLES`` when that is set,
else ``examples/`` beside the rulesets folder.

Everything here is computed from the engine's event log; the templates only lay it out.
"""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any, assert_never

from mkdocs.exceptions import PluginError

from ..core.cards import SUITS
from ..core.hidden import shown
from ..core.settings import EXAMPLES_ENV, folder_setting
from ..core.words import cap, number_word, person, role
from ..dealfile import DealFileError, play_deal_file, read_deal_file
from ..engine.compiled import CompiledRules, compile_rules
from ..engine.deal import DealSetup, shuffled_deal
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
    WonBy,
)
from ..engine.game import choose_first_dealer
from ..engine.play import DealResult, play_deal
from ..engine.policies import ADVICE_PREFIX, make_policy
from ..mechanics import pool
from ..mechanics.ruleset import Rules, Ruleset, name_for_id
from ..telling.narrate import PEOPLE, narrate, narrate_told
from ..telling.phrases import taking, trumps
from ..telling.replaydata import replay_steps, step_line
from ..telling.results import Table
from .steprules import StepRule, step_rule, step_rules

SEED = 1
"""The seed of every generated example deal."""
PLAYER_COUNTS = (3, 5, 8)
"""The player counts of the generated deals (the nearest allowed count stands in for one the
ruleset does not allow)."""
POLICY = "advised"


def policy_words(policy: str) -> str:
    """How a policy chooses a lead, in a reader's words: ``as the source advises``."""
    if policy.startswith(ADVICE_PREFIX):
        return f"as the source of {name_for_id(policy.removeprefix(ADVICE_PREFIX))} advises"
    match policy:
        case "advised":
            return "as the rules' own source advises (the lowest card where it gives no advice)"
        case "lowest":
            return "the lowest card held"
        case "random":
            return "at random among the cards that may be led"
        case _:
            return policy


def option_words(ruleset: Ruleset, key: str, value: str) -> tuple[str, str]:
    """An option and its value in the ruleset's own words: its label and the value's label."""
    for option in ruleset.options:
        if option.id == key:
            for known in option.values:
                if known.value == value:
                    return option.label, known.label
            return option.label, value
    return key, value


RUN_LINE = re.compile(r"^Run (\d+)\. (.*)$")


def trump_text(trump: int | None) -> str:
    """``Hearts are trumps.`` or ``There are no trumps.``"""
    if trump is None:
        return "There are no trumps."
    return f"{cap(trumps(trump))}."


@dataclass(frozen=True)
class Example:
    """One example deal, played."""

    ruleset: Ruleset
    slug: str
    """Unique among the ruleset's examples; the replay page is ``replay/<ruleset>/<slug>.md``."""
    title: str
    """From a deal file (untrusted text) or made here."""
    notes: str
    file: str | None
    """The deal file, as ``examples/<name>.yaml``, or None for a generated deal."""
    seed: int | None
    """The seed of a generated deal (or of a deal file's policy)."""
    policy: str
    options: tuple[tuple[str, str], ...]
    given_leads: int
    compiled: CompiledRules
    setup: DealSetup
    result: DealResult

    @property
    def rules(self) -> Rules:
        return self.compiled.rules

    @property
    def players(self) -> int:
        return self.setup.players

    @property
    def page(self) -> str:
        return f"replay/{self.ruleset.id}/{self.slug}.md"

    @property
    def anchor(self) -> str:
        return f"deal-{self.slug}"

    @property
    def events(self) -> tuple[Event, ...]:
        return self.result.events


def rulesets_folder(ruleset: Ruleset) -> Path:
    return Path(os.path.realpath(ruleset.path)).parent


def examples_folder(ruleset: Ruleset) -> Path:
    return examples_dir(rulesets_folder(ruleset))


def examples_dir(rulesets_dir: Path) -> Path:
    """The example deal files' folder: ``$VARIANTS_EXAMPLES``, else ``examples`` beside the
    rulesets folder."""
    return folder_setting(EXAMPLES_ENV) or rulesets_dir.parent / "examples"


DEAL_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*\.yaml")
"""An example deal file's name: it names the deal's pages, and titles a deal that has none."""


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "deal"


def player_counts(rules: Rules) -> list[int]:
    """The generated deals' player counts for these rules (nearest allowed stands in)."""
    allowed = list(rules.players.counts)
    counts: list[int] = []
    for wanted in PLAYER_COUNTS:
        nearest = min(allowed, key=lambda n: (abs(n - wanted), n))
        if nearest not in counts:
            counts.append(nearest)
    return counts


def generated_example(ruleset: Ruleset, players: int, seed: int = SEED) -> Example:
    """One deal, exactly as ``variants deal <id> --players N --seed S`` deals and plays it."""
    compiled = compile_rules(ruleset.rules, players)
    rng = random.Random(seed)
    dealer, _ = choose_first_dealer(compiled, rng)
    setup = shuffled_deal(compiled, rng, dealer)
    result = play_deal(compiled, setup, make_policy(POLICY), rng)
    return Example(
        ruleset=ruleset,
        slug=f"{number_word(players)}-players",
        title=f"{number_word(players).capitalize()} players",
        notes="",
        file=None,
        seed=seed,
        policy=POLICY,
        options=(),
        given_leads=0,
        compiled=compiled,
        setup=setup,
        result=result,
    )


@cache
def _deal_file_example(
    path: str, mtime: int, folder: str, stamp: tuple[tuple[str, int], ...]
) -> tuple[str, Example]:
    """A deal file read and played (cached while it and the rulesets are unchanged)."""
    location = Path(path)
    try:
        deal = read_deal_file(location, Path(folder))
    except DealFileError as error:
        raise PluginError(f"variants: example deal {error}") from None
    try:
        result = play_deal_file(deal)
    except DealFileError as error:
        raise PluginError(f"variants: example deal {error}") from None
    example = Example(
        ruleset=deal.ruleset,
        slug=_slug(location.stem),
        title=deal.title or location.stem,
        notes=deal.notes,
        file=f"{location.parent.name}/{location.name}",
        seed=deal.seed,
        policy=deal.policy,
        options=tuple(sorted(deal.options.items())),
        given_leads=len(deal.leads),
        compiled=deal.compiled,
        setup=deal.setup,
        result=result,
    )
    return deal.ruleset.id, example


def deal_file_examples(ruleset: Ruleset) -> list[Example]:
    """The deal files in the examples folder whose ruleset is ``ruleset``, by file name."""
    folder = examples_folder(ruleset)
    if not folder.is_dir():
        return []
    rulesets = rulesets_folder(ruleset)
    stamp = tuple(sorted((p.name, p.lstat().st_mtime_ns) for p in rulesets.glob("*.yaml")))
    found = []
    for path in sorted(folder.glob("*.yaml")):
        if not DEAL_NAME.fullmatch(path.name):
            raise PluginError(
                f"variants: example deal {shown(str(path))}: name it with lower-case letters, "
                "digits and hyphens, as its pages are named"
            )
        ruleset_id, example = _deal_file_example(
            str(path), path.lstat().st_mtime_ns, str(rulesets), stamp
        )
        if ruleset_id == ruleset.id:
            found.append(example)
    return found


@cache
def _generated(ruleset: Ruleset) -> tuple[Example, ...]:
    return tuple(generated_example(ruleset, n) for n in player_counts(ruleset.rules))


def examples_for(ruleset: Ruleset) -> list[Example]:
    """The ruleset's deal files first (they are chosen to show something), then the generated
    deals; every slug unique."""
    examples = [*deal_file_examples(ruleset), *_generated(ruleset)]
    seen: set[str] = set()
    unique = []
    for example in examples:
        slug, n = example.slug, 2
        while slug in seen:
            slug, n = f"{example.slug}-{n}", n + 1
        seen.add(slug)
        unique.append(example if slug == example.slug else replace(example, slug=slug))
    return unique


# --------------------------------------------------------------------------------------------
# What the pages show


@dataclass(frozen=True)
class SeatRow:
    seat: int
    name: str
    """``Dealer``, ``Player 1``."""
    role: str
    """``dealer``, ``elder hand`` or empty."""
    hand: tuple[int, ...]
    left: tuple[int, ...]
    """The cards still held at the end."""
    staked: int
    """Counters put on the board (dressing and penalties)."""
    taken: int
    """Counters taken from the board."""
    payments: int
    """Counters received less counters paid."""
    net: int
    went_out: bool
    face_up: tuple[int, ...] = ()
    """The card of the hand dealt face up, when one is (else empty)."""


@dataclass(frozen=True)
class BoardRow:
    """The board after one event: a compartment taken (or doubled), or the board as dressed."""

    moment: str
    """``Dressed``, ``Turn-up``, ``Run 4`` or ``Going out``."""
    what: str
    """``Player 3 takes Queen (1)``; may hold ruleset text."""
    counters: tuple[int, ...]
    changed: str | None
    """The compartment id that changed."""


@dataclass(frozen=True)
class NarrationLine:
    run: int | None
    text: str
    """With glyph cards; may hold ruleset text."""
    rules: tuple[StepRule, ...] = ()
    """The rules the step applies, on the ruleset's page, in the order applied."""


@dataclass(frozen=True)
class DealView:
    example: Example
    seats: tuple[SeatRow, ...]
    labels: tuple[tuple[str, str], ...]
    """(compartment id, label) in board order."""
    carried: tuple[int, ...]
    """Counters on each compartment before dressing."""
    dressed: tuple[int, ...]
    """Counters on each compartment once dressed."""
    turn_up_line: str
    play: tuple[NarrationLine, ...]
    settlement: tuple[NarrationLine, ...]
    board_rows: tuple[BoardRow, ...]
    spare: tuple[int, ...]
    spare_name: str
    winner: int | None
    voided: bool
    runs: int
    in_runs: bool = True
    """Whether cards are played in runs; else the hands are shown, and nobody plays."""


def seat_label(seat: int, dealer: int, players: int) -> tuple[str, str]:
    """The seat's name as a heading, and its role: ``("Dealer", "")``, ``("Player 1", "elder
    hand")``, ``("Player 2", "")``."""
    said = role(seat, dealer, players)
    if said == "dealer":
        return cap(said), ""
    return person(seat, dealer, players), said


def deal_view(example: Example) -> DealView:
    """What a worked example shows, read from the event log."""
    setup, result, rules = example.setup, example.result, example.rules
    ids = example.compiled.ids
    labels = {c.id: c.label for c in rules.board.compartments}
    players = setup.players
    events = example.events
    table = Table(ids, setup.board, players)
    rows: list[BoardRow] = []

    def who(seat: int) -> str:
        return cap(PEOPLE.seat(seat, setup.dealer, players))

    turned: list[TurnedUp] = []
    voided = False
    for event in events:
        table.add(event)
        match event:
            case Dealt():
                rows.append(BoardRow("Dressed", "The board as dressed", tuple(table.board), None))
            case CompartmentWon(compartment=cid, seat=seat, amount=amount, how=how):
                what = taking(who(seat), how, labels[cid], str(amount))
                moment = _moment(how, table)
                rows.append(BoardRow(moment, what, tuple(table.board), cid))
            case Penalty(seat=seat, compartment=cid, amount=amount):
                what = f"{who(seat)} doubles {labels[cid]} ({amount})"
                rows.append(BoardRow("Going out", what, tuple(table.board), cid))
            case TurnedUp():
                turned.append(event)
            case DealVoided():
                voided = True
            case (
                DealerChosen()
                | DealStarted()
                | Dressed()
                | Paid()
                | Exempted()
                | Led()
                | Played()
                | PlayedApart()
                | Passed()
                | Shown()
                | Announced()
                | Stopped()
                | WentOut()
                | CarriedOver()
                | DealEnded()
                | GameEnded()
            ):
                pass
            case _:
                assert_never(event)
    board = table.board
    assert tuple(board) == result.board, (board, result.board)
    seats = []
    for seat in range(players):
        name, role = seat_label(seat, setup.dealer, players)
        assert table.net[seat] == result.net[seat], (seat, table.net, result.net)
        seats.append(
            SeatRow(
                seat=seat,
                name=name,
                role=role,
                hand=setup.hands[seat],
                left=tuple(table.hands[seat]),
                staked=table.staked[seat],
                taken=table.taken[seat],
                payments=table.paid[seat],
                net=result.net[seat],
                went_out=seat == result.winner,
                face_up=setup.face_up[seat : seat + 1],
            )
        )
    dressed = rows[0].counters if rows else tuple(board)
    if turned:
        turn_up_line = narrate(turned, rules, PEOPLE)[0]
    elif setup.pool:
        listed = PEOPLE.listed(setup.pool)
        turn_up_line = f"{pool.turned_up_line(listed)} {trump_text(result.trump)}"
    elif setup.face_up:
        turn_up_line = (
            "No card is turned up: the last card dealt to each player lies face up, marked in "
            f"the hands. {trump_text(result.trump)}"
        )
    else:
        turn_up_line = f"No card is turned up. {trump_text(result.trump)}"
    play, settlement = _narration(example, (setup.dealer, players))
    return DealView(
        example=example,
        seats=tuple(seats),
        labels=tuple((cid, labels[cid]) for cid in ids),
        carried=tuple(setup.board),
        dressed=dressed,
        turn_up_line=turn_up_line,
        play=play,
        settlement=settlement,
        board_rows=tuple(rows),
        spare=setup.spare,
        spare_name=rules.deal.spare_name,
        winner=result.winner,
        voided=voided,
        runs=table.runs,
        in_runs=rules.play.in_runs,
    )


def _moment(how: WonBy, table: Table) -> str:
    """When a compartment was taken: ``Turn-up``, ``Run 4``, ``Going out`` or ``Closing``."""
    if how.moment is not None:
        return how.moment
    return "Going out" if table.went_out is not None else f"Run {table.runs}"


def _narration(
    example: Example, seats: tuple[int, int]
) -> tuple[tuple[NarrationLine, ...], tuple[NarrationLine, ...]]:
    """The play told run by run (policy reasons included), and the settlement, in glyphs; each
    line with the rules it applies. The dressing, the deal, the turn-up and the deal's end are
    not told: the page shows them in its own tables."""
    rules = example.rules
    told: list[Event] = []
    end: int | None = None  # the play ends after the first going out or voiding of the deal
    for event in example.events:
        match event:
            case Dressed() | Dealt() | TurnedUp() | DealEnded():
                pass
            case WentOut() | DealVoided():
                told.append(event)
                end = len(told) if end is None else end
            case (
                DealerChosen()
                | DealStarted()
                | Paid()
                | Exempted()
                | CompartmentWon()
                | Led()
                | Played()
                | PlayedApart()
                | Passed()
                | Shown()
                | Announced()
                | Stopped()
                | Penalty()
                | CarriedOver()
                | GameEnded()
            ):
                told.append(event)
            case _:
                assert_never(event)
    end = len(told) if end is None else end

    def lines(events: Sequence[Event]) -> list[NarrationLine]:
        found = []
        for line, applied in narrate_told(events, rules, PEOPLE, seats):
            if not line:
                continue
            links = step_rules(applied, rules, example.ruleset, example.options)
            match = RUN_LINE.match(line)
            if match:
                found.append(NarrationLine(int(match.group(1)), match.group(2), links))
            else:
                found.append(NarrationLine(None, line, links))
        return found

    return tuple(lines(told[:end])), tuple(lines(told[end:]))


# --------------------------------------------------------------------------------------------
# The replay's data


def replay_lines(example: Example) -> list[str]:
    """The narration line of each step of the example's replay, as told to readers: one a step,
    so their number is the replay's length."""
    return [line for line, _ in replay_told(example)]


def replay_told(example: Example) -> list[tuple[str, Event]]:
    """Each step of the example's replay: its line, as told to readers, and its event."""
    rules = example.rules
    dealer, players = example.setup.dealer, example.setup.players
    return [
        (line, event)
        for event in example.events
        if (line := step_line(event, rules, dealer, players, PEOPLE)) is not None
    ]


def replay_rules(example: Example) -> list[StepRule]:
    """The rule each step of the example's replay applies, on the ruleset's page."""
    return [
        step_rule(event, example.rules, example.ruleset, example.options)
        for _, event in replay_told(example)
    ]


def replay_data(example: Example) -> tuple[dict[str, Any], list[str]]:
    """The replay's steps as JSON-ready data, and each step's narration line as told to readers.

    The data holds no ruleset text (cards, seats, counters and compartment ids only): labels
    and narration reach the page through the autoescaped template instead."""
    rules = example.rules
    dealer, players = example.setup.dealer, example.setup.players
    data = replay_steps(example.events, rules, example.compiled.ids, dealer, PEOPLE)
    lines = replay_lines(example)
    assert len(lines) == len(data["steps"])
    steps = [{k: v for k, v in step.items() if k != "line"} for step in data["steps"]]
    safe = {
        "players": data["players"],
        "dealer": data["dealer"],
        "names": [seat_label(seat, dealer, players)[0] for seat in range(players)],
        "ids": list(example.compiled.ids),
        "spare": data["spare"],
        "turn_up": data["turn_up"],
        "trump": None if example.result.trump is None else SUITS[example.result.trump],
        "winner": example.result.winner,
        "face_up": data["face_up"],
        "shown": not rules.play.in_runs,
        "steps": steps,
    }
    return safe, lines


def script_json(data: Any) -> str:
    """JSON safe inside a ``<script type="application/json">`` element."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
