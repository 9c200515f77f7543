"""Semantic checks that a JSON Schema cannot express.

Each check takes schema-valid data and yields :class:`Finding` records; the loader turns
them into problems that point at lines. Rule checks run on the defaults and again on every
option value, so a variation that breaks the rules is caught where it is declared.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

from .dealplan import DealPlanError, plan_deal
from .ruleset import Rules, build_rules


class Finding(NamedTuple):
    """A problem at a JSON path; ``at_key`` when the key itself is what is wrong."""

    path: tuple[str | int, ...]
    message: str
    at_key: bool = False


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


def check_document(data: dict[str, Any], file_stem: str) -> Iterator[Finding]:
    """Checks of the document as a whole: ids, references, citations."""
    if data["id"] != file_stem:
        yield Finding(("id",), f"the id {data['id']!r} must match the file name {file_stem!r}")
    yield from _unique(data["rules"]["board"]["compartments"], ("rules", "board", "compartments"))
    yield from _unique(data["options"], ("options",))
    yield from _unique(data["interpretations"], ("interpretations",))
    yield from _unique(data["source"]["files"], ("source", "files"), key="name")
    interpretation_ids = {i["id"] for i in data["interpretations"]}
    options = {o["id"]: o for o in data["options"]}
    for path, ref in _walk_key(data, "interpretation", ()):
        if ref not in interpretation_ids:
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
    for index, item in enumerate(data["interpretations"]):
        for alt_index, alternative in enumerate(item.get("alternatives", ())):
            where: tuple[str | int, ...] = ("interpretations", index, "alternatives", alt_index)
            option_id = alternative.get("option")
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
    files = {f["name"]: f["lines"] for f in data["source"]["files"]}
    for path, citation in _walk_key(data, "provenance", ()):
        for index, item in enumerate(citation):
            yield from _check_citation(item, (*path, index), files)


def check_citation_texts(data: dict[str, Any], sources_dir: Path) -> Iterator[Finding]:
    """With the source texts at hand: the files exist, are as long as declared, hold the quotes."""
    texts: dict[str, list[str]] = {}
    for index, declared in enumerate(data["source"]["files"]):
        path = sources_dir / declared["name"]
        if not path.is_file():
            yield Finding(
                ("source", "files", index, "name"),
                (f"no source file {declared['name']!r} in the sources folder"),
            )
            continue
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
        texts[declared["name"]] = lines
        if len(lines) != declared["lines"]:
            yield Finding(
                ("source", "files", index, "lines"),
                (f"{declared['name']} has {len(lines)} lines, not {declared['lines']}"),
            )
    for path, citation in _walk_key(data, "provenance", ()):
        for index, item in enumerate(citation):
            lines = texts.get(item["source"])
            quote = item.get("quote")
            if lines is None or quote is None:
                continue
            first, _, last = item["lines"].partition("-")
            if int(last or first) < int(first) or int(last or first) > len(lines):
                continue
            passage = _fold(" ".join(lines[int(first) - 1 : int(last or first)]))
            if _fold(quote) not in passage:
                yield Finding(
                    (*path, index, "quote"),
                    (f"the words {quote!r} are not in {item['source']} lines {item['lines']}"),
                )


def check_rules(data: dict[str, Any]) -> Iterator[Finding]:
    """Checks of one resolved set of rules (the defaults, or with an option applied)."""
    board = data["board"]["compartments"]
    ids = {c["id"] for c in board}
    trump = data["trump"]["suit"]
    turn = data["turn_up"]
    ranks = [str(r).upper().replace("T", "10") for r in data["pack"]["ranks"]]
    duplicates = [r for r, n in Counter(ranks).items() if n > 1]
    if duplicates:
        yield Finding(
            ("pack", "ranks"), f"ranks repeat: {', '.join(duplicates)}; give each rank once"
        )
    if data["players"]["min"] > data["players"]["max"]:
        yield Finding(("players", "min"), "min is larger than max")
    removed = {str(c).upper().replace("T", "10") for c in data["pack"].get("removed", ())}
    going_out = 0
    for index, compartment in enumerate(board):
        where = ("board", "compartments", index)
        win = compartment["win"]
        if "card" in win and str(win["card"]).upper().replace("T", "10") in removed:
            yield Finding((*where, "win", "card"), f"{win['card']} is removed from the pack")
        if "trumps" in win and len({str(r) for r in win["trumps"]}) != 2:
            yield Finding((*where, "win", "trumps"), "a pair needs two different ranks")
        if "going_out" in win:
            going_out += 1
            if "bonus" in compartment:
                yield Finding((*where, "bonus"), "going out has no card to pay a bonus for")
        if "turn_up" in compartment:
            if turn["card"] == "none":
                yield Finding((*where, "turn_up"), "no card is turned up under these rules")
            for also_index, other in enumerate(compartment["turn_up"].get("also", ())):
                if other not in ids:
                    yield Finding(
                        (*where, "turn_up", "also", also_index), f"no compartment {other!r}"
                    )
        if "bonus" in compartment and "trumps" in win:
            yield Finding((*where, "bonus"), "a bonus needs a single card, not a pair")
        if compartment.get("unplayed_penalty", "none") != "none" and "going_out" in win:
            yield Finding((*where, "unplayed_penalty"), "Game has no card to be left holding")
    needs_trump = [c["id"] for c in board if {"trump", "trumps"} & set(c["win"])]
    if needs_trump and trump == "none":
        yield Finding(
            ("trump", "suit"),
            f"{', '.join(needs_trump)} need a trump suit, but trump.suit is none",
        )
    if going_out > 1:
        yield Finding(("board", "compartments"), "only one compartment can be won by going out")
    dressing = data["dressing"]
    for key in dressing["stakes"]:
        if key not in ids:
            yield Finding(("dressing", "stakes", key), f"no compartment {key!r} on the board", True)
    if dressing["payer"] == "shares":
        if "shares" not in dressing:
            yield Finding(("dressing",), "payer shares needs `shares`")
        if "remainder_to" not in dressing:
            yield Finding(("dressing",), "payer shares needs `remainder_to`")
    else:
        for key in ("shares", "remainder_to"):
            if key in dressing:
                yield Finding(("dressing", key), f"{key} is only for payer shares")
    if "remainder_to" in dressing and dressing["remainder_to"] not in ids:
        yield Finding(("dressing", "remainder_to"), f"no compartment {dressing['remainder_to']!r}")
    for index, other in enumerate(data["play"].get("lead_only", ())):
        if other not in ids:
            yield Finding(("play", "lead_only", index), f"no compartment {other!r}")
        elif not {"card", "trump"} & set(next(c for c in board if c["id"] == other)["win"]):
            yield Finding(("play", "lead_only", index), f"{other!r} is not won by a single card")
    for index, holder in enumerate(data["going_out"].get("holders", ())):
        if holder["compartment"] not in ids:
            yield Finding(
                ("going_out", "holders", index, "compartment"),
                (f"no compartment {holder['compartment']!r}"),
            )
    yield from _check_turn_up(data)
    yield from _check_deal(data)


def _check_turn_up(data: dict[str, Any]) -> Iterator[Finding]:
    style = data["deal"]["style"]
    card = data["turn_up"]["card"]
    fate = data["turn_up"].get("fate")
    allowed = {
        "equal-with-spare": {"none", "last-dealt", "dealer-last"},
        "all-around": {"none", "last-dealt"},
        "fixed-table": {"none", "stock-top"},
    }[style]
    if card not in allowed:
        yield Finding(
            ("turn_up", "card"),
            (f"a {style} deal can turn up: {', '.join(sorted(allowed))}; not {card}"),
        )
    if card != "none" and fate is None:
        yield Finding(("turn_up",), "say where the turn-up goes: fate table, dealer or holder")
    if fate == "holder" and style != "all-around":
        yield Finding(("turn_up", "fate"), "fate holder is only for an all-around deal")
    if fate == "dealer" and card == "stock-top":
        yield Finding(("turn_up", "fate"), "the dealer cannot take the stock's top card")
    if data["trump"]["suit"] == "turn-up" and card == "none":
        yield Finding(("trump", "suit"), "trumps follow the turn-up, but no card is turned up")


def _check_deal(data: dict[str, Any]) -> Iterator[Finding]:
    try:
        rules = build_rules(data)
    except ValueError as error:
        yield Finding((), str(error))
        return
    counts = rules.players.counts
    if rules.deal.style == "fixed-table":
        table_counts = [row[0] for row in rules.deal.table]
        for index, count in enumerate(table_counts):
            if table_counts.index(count) != index:
                yield Finding(("deal", "table", index, "players"), f"{count} players appear twice")
    elif rules.deal.table:
        yield Finding(("deal", "table"), "a deal table is only for the fixed-table style")
    for players in counts:
        try:
            plan = plan_deal(rules, players)
        except DealPlanError as error:
            where = ("deal", "table") if rules.deal.style == "fixed-table" else ("deal",)
            yield Finding(where, f"the deal does not add up: {error}")
            continue
        if min(plan.hand_sizes()) < 1:
            yield Finding(
                ("deal",), f"the deal does not add up: with {players} players a hand is empty"
            )
    yield from _check_stops(rules, data)


def _check_stops(rules: Rules, data: dict[str, Any]) -> Iterator[Finding]:
    named = {stop.cause for stop in rules.play.stops}
    needed = {"king", "played"}
    if rules.pack.removed:
        needed.add("removed")
    if rules.turn_up.card != "none" and rules.turn_up.fate == "table":
        needed.add("turn-up")
    if rules.play.lead_only:
        needed.add("held")
    for players in rules.players.counts:
        try:
            plan = plan_deal(rules, players)
        except DealPlanError:
            return
        if any(
            position < 0 and index != plan.turn_up_index
            for index, position in enumerate(plan.positions)
        ):
            needed.add("unseen")
    for cause in sorted(needed - named):
        yield Finding(("play", "stops"), f"a {cause!r} stop can happen under these rules: list it")


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


def _walk_key(
    node: Any, wanted: str, path: tuple[str | int, ...]
) -> Iterator[tuple[tuple[str | int, ...], Any]]:
    """Every value stored under the key ``wanted``, with its path, anywhere in ``node``."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == wanted:
                yield (*path, key), value
            elif key != "set":
                yield from _walk_key(value, wanted, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _walk_key(value, wanted, (*path, index))


def _fold(text: str) -> str:
    return " ".join(text.replace("--", " ").split()).casefold()
