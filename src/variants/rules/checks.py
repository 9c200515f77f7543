"""Semantic checks that a JSON Schema cannot express.

Each check takes schema-valid data and yields :class:`Finding` records; the loader turns
them into problems that point at lines. Rule checks run on the defaults and again on every
option value, so a variation that breaks the rules is caught where it is declared.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from itertools import pairwise
from pathlib import Path
from typing import Any, NamedTuple, assert_never, cast

from ..core.cards import make_card
from ..core.findings import Finding, RuleCheck, RuleView, card_key, reads
from ..core.saferead import ReadError, read_text_lines
from ..mechanics import MECHANICS, Win, build_win
from ..mechanics.ruleset import (
    Deal,
    DealStyle,
    FirstDealer,
    Pack,
    Payer,
    Players,
    Rules,
    Shares,
    StopCause,
    TurnUp,
    TurnUpCard,
    TurnUpFate,
    build_deal,
    build_pack,
    build_players,
    build_trump,
    build_turn_up,
)
from ..mechanics.spare_seen import dealer_sees, dealt_seats
from .bibliography import NotText
from .dealplan import DealPlan, DealPlanError, plan_deal

MAX_LINES_TEXT = 13
"""The longest line locator checked (the schema's bound): two numbers of six digits."""

RULE_BLOCKS = (
    "players",
    "pack",
    "first_dealer",
    "deal",
    "turn_up",
    "trump",
    "board",
    "dressing",
    "play",
    "going_out",
    "game",
)


def _alternative_staking(
    data: dict[str, Any], alternative: dict[str, Any], where: tuple[str | int, ...]
) -> Iterator[Finding]:
    """A staking plays an alternative only where the players choose their stakes, and an
    alternative is played one way."""
    if "option" in alternative:
        yield Finding(
            (*where, "staking"),
            "an alternative is played by an option or by a staking policy, not both",
        )
    elif data["rules"]["dressing"].get("spread") is None:
        yield Finding(
            (*where, "staking"),
            "a staking policy plays only stakes the players choose (dressing payer spread); "
            "these rules fix every stake",
        )


def _combinations(
    combinations: list[dict[str, Any]], options: dict[str, dict[str, Any]]
) -> Iterator[Finding]:
    """Each combination names options the ruleset has, each with one of its values other than
    its default; no two combinations are the same."""
    seen: set[frozenset[tuple[str, str]]] = set()
    for index, combination in enumerate(combinations):
        at: tuple[str | int, ...] = ("combinations", index, "options")
        for option_id, value in combination["options"].items():
            option = options.get(option_id)
            if option is None:
                known = ", ".join(options) or "none"
                yield Finding((*at, option_id), f"no option {option_id!r} (options: {known})")
            elif value == option["default"]:
                yield Finding((*at, option_id), f"{value!r} is the option's default")
            elif value not in {v["value"] for v in option["values"]}:
                allowed = ", ".join(v["value"] for v in option["values"])
                yield Finding((*at, option_id), f"{value!r} is not one of the values ({allowed})")
        chosen = frozenset(combination["options"].items())
        if chosen in seen:
            yield Finding(at, "the same option values are combined twice")
        seen.add(chosen)


def check_document(data: dict[str, Any], file_stem: str) -> Iterator[Finding]:
    """Checks of the document as a whole: ids, references, citations."""
    if data["id"] != file_stem:
        yield Finding(("id",), f"the id {data['id']!r} must match the file name {file_stem!r}")
    yield from _unique(data["options"], ("options",))
    yield from _unique(data["interpretations"], ("interpretations",))
    yield from _unique(data["source"]["files"], ("source", "files"), key="name")
    interpretation_ids = {i["id"] for i in data["interpretations"]}
    options = {o["id"]: o for o in data["options"]}
    for path, ref in _walk_key(data, "interpretation", ()):
        if isinstance(ref, str) and ref not in interpretation_ids:
            yield Finding(path, f"no interpretation has the id {ref!r}")
    for index, option in enumerate(data["options"]):
        at: tuple[str | int, ...] = ("options", index)
        yield from _unique(option["values"], (*at, "values"), key="value")
        if option["default"] not in {v["value"] for v in option["values"]}:
            allowed = ", ".join(v["value"] for v in option["values"])
            yield Finding(
                (*at, "default"),
                (f"the default {option['default']!r} is not one of the values ({allowed})"),
            )
    yield from _combinations(data.get("combinations", ()), options)
    for index, item in enumerate(data["interpretations"]):
        for alt_index, alternative in enumerate(item.get("alternatives", ())):
            where: tuple[str | int, ...] = ("interpretations", index, "alternatives", alt_index)
            option_id = alternative.get("option")
            if "staking" in alternative:
                yield from _alternative_staking(data, alternative, where)
            if option_id is None:
                if "value" in alternative:
                    yield Finding((*where, "value"), "a value needs the option it belongs to")
                continue
            if option_id not in options:
                yield Finding((*where, "option"), f"no option has the id {option_id!r}")
            elif "value" in alternative and alternative["value"] not in {
                v["value"] for v in options[option_id]["values"]
            }:
                yield Finding(
                    (*where, "value"),
                    (f"option {option_id!r} has no value {alternative['value']!r}"),
                )
    advice = data["rules"].get("advice")
    if advice is not None:
        named: set[str] = set()
        for index, preference in enumerate(advice["preferences"]):
            if preference["prefer"] in named:
                yield Finding(
                    ("rules", "advice", "preferences", index, "prefer"),
                    f"the preference {preference['prefer']!r} is named twice",
                )
            named.add(preference["prefer"])
    files = {f["name"]: f["lines"] for f in data["source"]["files"]}
    for path, item in _citations(data):
        yield from _check_citation(item, path, files)
    yield from _check_gaps(data["source"], files)
    complete = data["source"].get("complete", True)
    for index, item in enumerate(data["interpretations"]):
        yield from _check_supply(item, ("interpretations", index), complete)


def _check_gaps(source: dict[str, Any], files: dict[str, int]) -> Iterator[Finding]:
    """An incomplete copy lists its gaps, a complete one has none in what the ruleset follows;
    each gap is placed in one of the ruleset's files."""
    gaps = source.get("gaps", [])
    inside = [gap for gap in gaps if not gap.get("outside", False)]
    if source.get("complete", True) and inside:
        where = ("source", "complete") if "complete" in source else ("source", "gaps")
        yield Finding(
            where, "the copy has a gap in what the ruleset follows, so 'complete' must be false"
        )
    if source.get("complete", True) is False and not inside:
        yield Finding(
            ("source", "complete"),
            "an incomplete copy needs its gaps in what the ruleset follows listed under 'gaps'",
        )
    for index, gap in enumerate(gaps):
        at: tuple[str | int, ...] = ("source", "gaps", index)
        sides = [side for side in ("after", "before") if side in gap]
        if len(sides) != 1:
            yield Finding(
                at,
                "a gap needs one of 'after' (the line it follows) or 'before' (the next line)",
            )
        if gap["file"] not in files:
            yield Finding(
                (*at, "file"),
                f"{gap['file']!r} is not one of the ruleset's source files ({', '.join(files)})",
            )
            continue
        for side in sides:
            if gap[side] > files[gap["file"]]:
                yield Finding((*at, side), f"{gap['file']} has only {files[gap['file']]} lines")


def _check_supply(
    item: dict[str, Any], at: tuple[str | int, ...], complete: bool
) -> Iterator[Finding]:
    """A lost passage is one the copy is missing, and its reading is supplied from somewhere."""
    if item["kind"] == "lost":
        if complete:
            yield Finding(
                (*at, "kind"),
                "the kind 'lost' is for a passage missing from the copy, and this copy is complete",
            )
        if "supplied_by" not in item:
            yield Finding(
                (*at, "kind"), "a lost passage needs 'supplied_by': where its reading is taken from"
            )
    for index, citation in enumerate(item.get("supplied_by", ())):
        first, _, last = citation["lines"].partition("-")
        if int(last or first) < int(first):
            yield Finding(
                (*at, "supplied_by", index, "lines"),
                f"the range {citation['lines']} runs backwards",
            )


def check_citation_texts(
    data: dict[str, Any],
    find: Callable[[str], Path | None],
    unchecked: Callable[[str], bool] = lambda name: False,
    outside_text: Callable[[str, int, int], NotText | None] = lambda name, first, last: None,
) -> Iterator[Finding]:
    """With the source texts at hand (``find`` gives a file's path, or ``None``): the files
    exist, are as long as declared, hold the quotes; citations in ``supplied_by`` may name any
    file of the sources, checked the same way. A file ``unchecked`` says is cited but not at hand
    (a modern page, which the repository does not keep) is passed over. No citation reaches into
    lines that ``outside_text`` says are not the book's text (a web page's menus)."""
    texts: dict[str, list[str]] = {}
    for index, declared in enumerate(data["source"]["files"]):
        at_hand = find(declared["name"])
        if at_hand is None:
            if not unchecked(declared["name"]):
                yield Finding(
                    ("source", "files", index, "name"),
                    (f"no source file {declared['name']!r} in the sources folder"),
                )
            continue
        try:
            lines = read_text_lines(at_hand)
        except ReadError as error:
            yield Finding(("source", "files", index, "name"), _unreadable(error))
            continue
        texts[declared["name"]] = lines
        if len(lines) != declared["lines"]:
            yield Finding(
                ("source", "files", index, "lines"),
                (f"{declared['name']} has {len(lines)} lines, not {declared['lines']}"),
            )
    for path, item in _citations(data):
        if item["source"] in texts:
            yield from _check_quote(item, path, texts[item["source"]], outside_text)
    for index, interpretation in enumerate(data["interpretations"]):
        for cited, item in enumerate(interpretation.get("supplied_by", ())):
            at: tuple[str | int, ...] = ("interpretations", index, "supplied_by", cited)
            name = item["source"]
            if name not in texts:
                found = find(name)
                if found is None:
                    if not unchecked(name):
                        yield Finding(
                            (*at, "source"), f"no source file {name!r} in the sources folder"
                        )
                    continue
                try:
                    texts[name] = read_text_lines(found)
                except ReadError as error:
                    yield Finding((*at, "source"), _unreadable(error))
                    continue
            end = int(item["lines"].rpartition("-")[2])
            if end > len(texts[name]):
                yield Finding((*at, "lines"), f"{name} has only {len(texts[name])} lines")
                continue
            yield from _check_quote(item, at, texts[name], outside_text)


def _unreadable(error: ReadError) -> str:
    """A source text that cannot be read, in words: its name and why."""
    return f"the source text {Path(error.path).name}: {error.reason}"


def _check_quote(
    item: dict[str, Any],
    path: tuple[str | int, ...],
    lines: list[str],
    outside_text: Callable[[str, int, int], NotText | None],
) -> Iterator[Finding]:
    """The lines cited (when they exist) are the book's text, not what its copy added around
    it; the citation's quote, if it has one, is in them."""
    first, _, last = item["lines"].partition("-")
    if int(last or first) < int(first) or int(last or first) > len(lines):
        return
    marked = outside_text(item["source"], int(first), int(last or first))
    if marked is not None:
        yield Finding(
            (*path, "lines"),
            f"{item['source']} lines {marked.lines} are not the book's text but {marked.what} "
            "(so the bibliography marks them): cite the book's own lines",
        )
    quote = item.get("quote")
    if not isinstance(quote, str):
        return
    passage = _fold(" ".join(lines[int(first) - 1 : int(last or first)]))
    if _fold(quote) not in passage:
        yield Finding(
            (*path, "quote"),
            (f"the words {quote!r} are not in {item['source']} lines {item['lines']}"),
        )


RULE_CHECKS: list[RuleCheck] = []
"""Every check of resolved rules, in the order they were declared."""


def _reads(*blocks: str) -> Callable[[Callable[[RuleView], Iterator[Finding]]], RuleCheck]:
    def register(function: Callable[[RuleView], Iterator[Finding]]) -> RuleCheck:
        check = reads(*blocks)(function)
        RULE_CHECKS.append(check)
        return check

    return register


def rule_view(data: Mapping[str, Any], check: RuleCheck) -> RuleView:
    """The blocks ``check`` reads, and no others."""
    return {block: data[block] for block in check.reads}


def check_rules(data: Mapping[str, Any]) -> Iterator[Finding]:
    """Checks of one resolved set of rules (the defaults, or with options applied)."""
    for check in RULE_CHECKS:
        yield from check.run(rule_view(data, check))


def _compartments(data: RuleView) -> list[dict[str, Any]]:
    compartments: list[dict[str, Any]] = data["board"]["compartments"]
    return compartments


def _ids(data: RuleView) -> set[str]:
    return {c["id"] for c in _compartments(data)}


def _win(compartment: dict[str, Any]) -> Win:
    return build_win(compartment["win"])


@_reads("pack")
def _pack_once(data: RuleView) -> Iterator[Finding]:
    ranks = [card_key(r) for r in data["pack"]["ranks"]]
    duplicates = [r for r, n in Counter(ranks).items() if n > 1]
    if duplicates:
        yield Finding(
            ("pack", "ranks"), f"ranks repeat: {', '.join(duplicates)}; give each rank once"
        )
    seen: set[str] = set()
    for index, card in enumerate(data["pack"].get("removed", ())):
        if card_key(card) in seen:
            yield Finding(("pack", "removed", index), f"{card} is removed twice")
        seen.add(card_key(card))


@_reads("players")
def _players(data: RuleView) -> Iterator[Finding]:
    if data["players"]["min"] > data["players"]["max"]:
        yield Finding(("players", "min"), "min is larger than max")


@_reads("first_dealer", "pack")
def _first_dealer(data: RuleView) -> Iterator[Finding]:
    removed = {card_key(c) for c in data["pack"].get("removed", ())}
    jacks = {f"J{suit}" for suit in "CDHS"}
    method: FirstDealer = data["first_dealer"]["method"]
    match method:
        case "first-jack":
            if jacks <= removed:
                yield Finding(
                    ("first_dealer", "method"),
                    "the first dealer is the first player dealt a jack, but every jack is removed",
                )
        case "lowest-card" | "agreed":
            pass
        case _:
            assert_never(method)


@_reads("board")
def _board(data: RuleView) -> Iterator[Finding]:
    yield from _unique(_compartments(data), ("board", "compartments"))


@_reads("board", "trump")
def _trump_needed(data: RuleView) -> Iterator[Finding]:
    needs_trump = [c["id"] for c in _compartments(data) if _win(c).needs_trump]
    suit = build_trump(data["trump"]).suit
    match suit:
        case "none":
            if needs_trump:
                yield Finding(
                    ("trump", "suit"),
                    f"{', '.join(needs_trump)} need a trump suit, but trump.suit is none",
                )
        case "turn-up" | int():
            pass
        case _:
            assert_never(suit)


@_reads("dressing", "board")
def _stakes(data: RuleView) -> Iterator[Finding]:
    ids = _ids(data)
    dressing = data["dressing"]
    for key in dressing["stakes"]:
        if key not in ids:
            yield Finding(("dressing", "stakes", key), f"no compartment {key!r} on the board", True)
    if "remainder_to" in dressing and dressing["remainder_to"] not in ids:
        yield Finding(("dressing", "remainder_to"), f"no compartment {dressing['remainder_to']!r}")


@_reads("dressing")
def _shares(data: RuleView) -> Iterator[Finding]:
    dressing = data["dressing"]
    payer: Payer = dressing["payer"]
    match payer:
        case "shares":
            if "shares" not in dressing:
                yield Finding(("dressing",), "payer shares needs `shares`")
            if "remainder_to" not in dressing:
                yield Finding(("dressing",), "payer shares needs `remainder_to`")
        case "each-player" | "dealer" | "banker" | "contributions" | "spread":
            for key in ("shares", "remainder_to"):
                if key in dressing:
                    yield Finding(("dressing", key), f"{key} is only for payer shares")
        case _:
            assert_never(payer)


@_reads("dressing", "players")
def _pool(data: RuleView) -> Iterator[Finding]:
    dressing = data["dressing"]
    shares = dressing.get("shares")
    payer: Payer = dressing["payer"]
    match payer:
        case "shares":
            if shares is None:
                return
        case "each-player" | "dealer" | "banker" | "contributions" | "spread":
            return
        case _:
            assert_never(payer)
    staked = sum(dressing["stakes"].values())
    pools = Shares(shares["dealer"], shares["others"], shares["total_at_least"])
    for players in range(data["players"]["min"], data["players"]["max"] + 1):
        pool = pools.pool(players)
        if staked > pool:
            yield Finding(
                ("dressing", "stakes"),
                f"the stakes add up to {staked} counters, but with {players} players the pool "
                f"holds only {pool}",
            )
            return


@_reads("play", "board")
def _lead_only(data: RuleView) -> Iterator[Finding]:
    wins = {c["id"]: _win(c) for c in _compartments(data)}
    for index, other in enumerate(data["play"].get("lead_only", ())):
        if other not in wins:
            yield Finding(("play", "lead_only", index), f"no compartment {other!r}")
        elif not wins[other].one_card:
            yield Finding(("play", "lead_only", index), f"{other!r} is not won by a single card")


@_reads("deal", "turn_up", "trump")
def _turn_up(data: RuleView) -> Iterator[Finding]:
    style: DealStyle = data["deal"]["style"]
    turn_up = build_turn_up(data["turn_up"])
    card = turn_up.card
    fate: TurnUpFate | None = data["turn_up"].get("fate")
    allowed = _turn_ups(style)
    if card not in allowed:
        yield Finding(
            ("turn_up", "card"),
            f"with the deal style {style} the turn-up can be: {', '.join(sorted(allowed))}; "
            f"not {card}",
        )
    if turn_up.turned and fate is None:
        yield Finding(("turn_up",), "say where the turn-up goes: fate table, dealer or holder")
    if fate is not None:
        problem = _fate_problem(fate, style, card)
        if problem is not None:
            yield Finding(("turn_up", "fate"), problem)
    suit = build_trump(data["trump"]).suit
    match suit:
        case "turn-up":
            if not turn_up.turned:
                yield Finding(
                    ("trump", "suit"), "trumps follow the turn-up, but no card is turned up"
                )
        case "none" | int():
            pass
        case _:
            assert_never(suit)


def _turn_ups(style: DealStyle) -> frozenset[TurnUpCard]:
    """The turn-ups a deal style allows."""
    match style:
        case "equal-with-spare":
            return frozenset(("none", "last-dealt", "dealer-last"))
        case "all-around" | "all-to-players":
            return frozenset(("none", "last-dealt"))
        case "fixed-table":
            return frozenset(("none", "stock-top"))
        case "equal-with-stock":
            return frozenset(("none", "last-dealt", "stock-top"))
        case "down-and-up":
            return frozenset(("none",))
        case _:
            assert_never(style)


def _has_spare(style: DealStyle) -> bool:
    """Whether a deal style leaves cards that no player holds (a spare hand or a stock)."""
    match style:
        case "all-to-players":
            return False
        case "equal-with-spare" | "all-around" | "fixed-table" | "equal-with-stock" | "down-and-up":
            return True
        case _:
            assert_never(style)


def _fate_problem(fate: TurnUpFate, style: DealStyle, card: TurnUpCard) -> str | None:
    """What is wrong with a turn-up's fate under this deal style and turn-up, if anything."""
    match fate:
        case "table":
            return None
        case "holder":
            match style:
                case "all-around" | "all-to-players":
                    return None
                case "equal-with-spare" | "fixed-table" | "equal-with-stock" | "down-and-up":
                    return "fate holder is only for a deal of the whole pack"
                case _:
                    assert_never(style)
        case "dealer":
            match card:
                case "stock-top":
                    return "the dealer cannot take the stock's top card"
                case "none" | "last-dealt" | "dealer-last":
                    return None
                case _:
                    assert_never(card)
        case _:
            assert_never(fate)


class _DealRules(NamedTuple):
    """The blocks a deal plan reads; it stands in for :class:`Rules` in :func:`plan_deal`,
    which would fail on reading any other block."""

    players: Players
    pack: Pack
    deal: Deal
    turn_up: TurnUp


def _deal_rules(data: RuleView) -> _DealRules:
    return _DealRules(
        build_players(data["players"]),
        build_pack(data["pack"]),
        build_deal(data["deal"]),
        build_turn_up(data["turn_up"]),
    )


def _plans(rules: _DealRules) -> Iterator[tuple[int, DealPlan | DealPlanError]]:
    for players in rules.players.counts:
        try:
            yield players, plan_deal(cast(Rules, rules), players)
        except DealPlanError as error:
            yield players, error


@_reads("players", "pack", "deal", "turn_up")
def _deal(data: RuleView) -> Iterator[Finding]:
    rules = _deal_rules(data)
    style = rules.deal.style
    where: tuple[str, ...]
    match style:
        case "fixed-table":
            where = ("deal", "table")
            table_counts = [row[0] for row in rules.deal.table]
            for index, count in enumerate(table_counts):
                if table_counts.index(count) != index:
                    yield Finding(
                        ("deal", "table", index, "players"), f"{count} players appear twice"
                    )
        case "equal-with-stock" if rules.deal.stock is None:
            return  # the stock's own check says what is missing
        case "down-and-up" if not rules.deal.down:
            return  # the down-and-up check says what is missing
        case (
            "equal-with-spare"
            | "all-around"
            | "all-to-players"
            | "equal-with-stock"
            | "down-and-up"
        ):
            where = ("deal",)
            if rules.deal.table:
                yield Finding(("deal", "table"), "a deal table is only for the fixed-table style")
            if not _has_spare(style) and dealer_sees(rules.deal.spare_seen_by):
                yield Finding(
                    ("deal", "spare_seen_by"),
                    "an all-to-players deal has no spare hand for the dealer to look at",
                )
        case _:
            assert_never(style)
    for players, plan in _plans(rules):
        if isinstance(plan, DealPlanError):
            yield Finding(where, f"the deal does not add up: {plan}")
        elif min(plan.hand_sizes()[: dealt_seats(rules.deal, players)]) < 1:
            yield Finding(
                ("deal",), f"the deal does not add up: with {players} players a hand is empty"
            )


def _runs_reach_removed(ranks: Sequence[int], removed: set[int]) -> bool:
    """Whether a card of the pack is followed in its suit by a removed card, which stops a run
    (a pack cut short below, seven to ace, has removed cards that no run reaches)."""
    return any(
        make_card(low, suit) not in removed and make_card(high, suit) in removed
        for suit in range(4)
        for low, high in pairwise(ranks)
    )


@_reads("players", "pack", "deal", "turn_up", "play")
def _stops(data: RuleView) -> Iterator[Finding]:
    if "showing" in data["play"]:
        return  # no card is played, so nothing stops a run
    rules = _deal_rules(data)
    named = set(data["play"]["stops"])
    needed: set[StopCause] = {"king", "played"}
    if _runs_reach_removed(rules.pack.ranks, set(rules.pack.removed)):
        needed.add("removed")
    fate = rules.turn_up.fate
    match fate:
        case "table":
            if rules.turn_up.turned:
                needed.add("turn-up")
        case "dealer" | "holder":
            pass
        case _:
            assert_never(fate)
    if data["play"].get("lead_only"):
        needed.add("held")
    for _, plan in _plans(rules):
        if isinstance(plan, DealPlanError):
            return
        if any(
            position < 0 and index != plan.turn_up_index
            for index, position in enumerate(plan.positions)
        ):
            needed.add("unseen")
    for cause in sorted(needed - named):
        yield Finding(("play", "stops"), f"a {cause!r} stop can happen under these rules: list it")


for _mechanic in MECHANICS:
    RULE_CHECKS.extend(_mechanic.CHECKS)


def _check_citation(
    item: dict[str, Any], path: tuple[str | int, ...], files: dict[str, int]
) -> Iterator[Finding]:
    source = item["source"]
    if source not in files:
        yield Finding(
            (*path, "source"),
            (f"{source!r} is not one of the ruleset's source files ({', '.join(files)})"),
        )
        return
    first, _, last = item["lines"].partition("-")
    start, end = int(first), int(last or first)
    if end < start:
        yield Finding((*path, "lines"), f"the range {item['lines']} runs backwards")
    elif end > files[source]:
        yield Finding((*path, "lines"), f"{source} has only {files[source]} lines")


def _unique(
    items: list[dict[str, Any]], path: tuple[str | int, ...], key: str = "id"
) -> Iterator[Finding]:
    seen: set[str] = set()
    for index, item in enumerate(items):
        if item[key] in seen:
            yield Finding((*path, index, key), f"the {key} {item[key]!r} is used twice")
        seen.add(item[key])


CITED_LINES = re.compile(r"[1-9][0-9]*(?:-[1-9][0-9]*)?")


def _citations(data: Any) -> Iterator[tuple[tuple[str | int, ...], dict[str, Any]]]:
    """Every citation in the document with its path, those inside options' ``set`` included.

    A ``set`` is checked against the schema only when its option is tried, so a citation
    there that is not yet well formed is left to that check."""
    for path, citation in _walk_key(data, "provenance", ()):
        if not isinstance(citation, list):
            continue
        for index, item in enumerate(citation):
            if (
                isinstance(item, dict)
                and isinstance(item.get("source"), str)
                and isinstance(item.get("lines"), str)
                and len(item["lines"]) <= MAX_LINES_TEXT
                and CITED_LINES.fullmatch(item["lines"])
            ):
                yield (*path, index), item


def interpretations_named(node: Any) -> set[str]:
    """The ids of the interpretations that ``node`` refers to, anywhere inside it."""
    return {ref for _, ref in _walk_key(node, "interpretation", ()) if isinstance(ref, str)}


def _walk_key(
    node: Any, wanted: str, path: tuple[str | int, ...]
) -> Iterator[tuple[tuple[str | int, ...], Any]]:
    """Every value stored under the key ``wanted``, with its path, anywhere in ``node``; in an
    option's ``set``, under a dotted path that ends with ``wanted`` too."""
    if isinstance(node, dict):
        for key, value in node.items():
            if str(key).rsplit(".", 1)[-1] == wanted:
                yield (*path, key), value
            else:
                yield from _walk_key(value, wanted, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _walk_key(value, wanted, (*path, index))


def _fold(text: str) -> str:
    return " ".join(text.replace("--", " ").split()).casefold()
