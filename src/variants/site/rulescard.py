"""A rules card for every ruleset: its rules in brief on one printed page, with its board, the
rules that are the project's readings marked, and its source named.

Listed in ``mkdocs.yml`` under ``extra.variants.section_modules``; importing it adds the pages
``card/<ruleset>.md`` and a link to each from its ruleset's page.

Each line of the card is a rule as :mod:`variants.site.describe` words it on the ruleset's page,
shortened (a compartment's stake is left to the board's caption, the rank order to its first
sentence, tables and play advice left out). A ruleset's options change some lines: each line is
rendered once for every combination of the options it depends on, and the page's script
(``docs/assets/javascripts/card.js``) shows the one for the values the reader chooses. Without
the script the card shows the default rules.

A line depends on an option when one of the option's values changes it, from the defaults or
from another option's value (so that an option that matters only once another is chosen is
found too); three options that change a line only together are not looked for.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any
from urllib.parse import urlencode

from markupsafe import Markup

from ..mechanics.ruleset import Rules, Ruleset
from . import describe as d
from .pages import PageMaker, PageSet, SiteData, add_page_set, ruleset_link, short_name
from .readings import Reading, reading_of
from .render import render, with_meta
from .svg import board_svg, stakes_caption

FOLDER = "card"
BOARD = "board"
"""The key of the board's drawing among the card's lines."""
LEFT_OUT = ("rule-advice",)
"""Rules left off the card, by the start of their anchor: advice on playing well is no rule."""
FIRST_SENTENCE_ONLY = ("rule-rank-order",)
"""Rules told by their first sentence alone."""
COMPARTMENT = "rule-compartment-"

SECTIONS: dict[str, tuple[str, str]] = {
    "rule-players": ("players", "Players and pack"),
    "rule-pack": ("players", "Players and pack"),
    "rule-rank-order": ("players", "Players and pack"),
    "rule-board": ("board", "The board"),
    "rule-dressing": ("board", "The board"),
}
"""The card's section of rules whose section on the ruleset's page it divides or renames."""
SECTION_TITLES: dict[str, str] = {
    "equipment": "Players and pack",
    "deal": "The deal",
    "board-and-stakes": "Board and stakes: what wins each compartment",
    "play": "Play and stops",
    "settlement": "Going out and settlement",
    "game": "The game's end",
}
"""The card's title for each section of the ruleset's page, for its rules not in
:data:`SECTIONS` (a section the card does not know keeps its own title)."""
ORDER = ("players", "deal", "board", "board-and-stakes", "play", "settlement", "game")


def card_path(ruleset_id: str) -> str:
    """The card's page: ``card/peel.md``."""
    return f"{FOLDER}/{ruleset_id}.md"


@dataclass(frozen=True)
class Line:
    """One rule on the card."""

    section: str
    section_title: str
    title: str
    text: str
    reading: Reading | None = None


@dataclass(frozen=True)
class Board:
    """The board's drawing and its stakes in words; equal to another when both draw the same."""

    section: str
    section_title: str
    caption: str
    drawing: str
    """The drawing with a fixed id, to compare by."""
    rules: Rules = field(compare=False)

    def svg(self, name: str, ident: str) -> Markup:
        return board_svg(self.rules, name, ident)


Item = Line | Board


def told(rule: d.Rule) -> tuple[str, ...]:
    """A rule's sentences as the card tells them."""
    if rule.anchor.startswith(COMPARTMENT) and len(rule.sentences) > 1:
        return rule.sentences[:-1]  # the stake: the board's caption gives every stake
    if rule.anchor in FIRST_SENTENCE_ONLY:
        return rule.sentences[:1]
    return rule.sentences


def card_items(ruleset: Ruleset, rules: Rules) -> dict[str, Item]:
    """Everything on the card under ``rules`` (``ruleset``'s rules with some options chosen), by
    its key (the rule's anchor on the ruleset's page, or :data:`BOARD`), in reading order."""
    items: dict[str, Item] = {}
    for section in d.describe(rules):
        for rule in section.rules:
            if rule.anchor.startswith(LEFT_OUT):
                continue
            where, title = SECTIONS.get(
                rule.anchor, (section.anchor, SECTION_TITLES.get(section.anchor, section.title))
            )
            if where == "board" and BOARD not in items and rules.board.compartments:
                caption = stakes_caption(rules)
                items[BOARD] = Board(where, title, caption, board_svg(rules, "", "card"), rules)
            found = reading_of(ruleset, [rule])
            items[rule.anchor] = Line(
                where, title, rule.title, " ".join(told(rule)), found[0] if found else None
            )
    return items


Choice = tuple[tuple[str, str], ...]
"""Option values, as (option id, value) in the ruleset's order of options."""


@dataclass(frozen=True)
class Variant:
    """A line as it reads for some values of the options it depends on."""

    when: Choice
    item: Item | None
    """None where the rule is not played under these values."""
    default: bool

    @property
    def query(self) -> str:
        """The values, as the card's address gives them: ``dressing=dealer&five_pool=yes``."""
        return urlencode(self.when)


@dataclass(frozen=True)
class Slot:
    """A place on the card: one rule, or the board, in each of its variants."""

    key: str
    options: tuple[str, ...]
    """The options it depends on; none for a line every choice leaves as it is."""
    variants: tuple[Variant, ...]

    @property
    def shown(self) -> Item | None:
        """The item as the default rules give it."""
        return next((v.item for v in self.variants if v.default), None)


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    slots: tuple[Slot, ...]


class _Cards:
    """Every card of one ruleset, made once for each choice of options asked for."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.made: dict[Choice, dict[str, Item]] = {}

    def __call__(self, chosen: Mapping[str, str]) -> dict[str, Item]:
        key = tuple((o.id, chosen[o.id]) for o in self.ruleset.options if o.id in chosen)
        if key not in self.made:
            self.made[key] = card_items(self.ruleset, self.ruleset.rules_for(dict(key)))
        return self.made[key]


def dependencies(ruleset: Ruleset, cards: _Cards) -> dict[str, set[str]]:
    """The options each line depends on, by its key (see the module's notes)."""
    base = cards({})
    singles = {
        (o.id, v.value): cards({o.id: v.value})
        for o in ruleset.options
        for v in o.values
        if v.value != o.default
    }
    found: dict[str, set[str]] = {}

    def differ(one: dict[str, Item], other: dict[str, Item], option: str) -> None:
        for key in one.keys() | other.keys():
            if one.get(key) != other.get(key):
                found.setdefault(key, set()).add(option)

    for (option, _), items in singles.items():
        differ(base, items, option)
    for (first, one), (second, other) in itertools.combinations(singles, 2):
        if first != second:
            both = cards({first: one, second: other})
            differ(singles[(first, one)], both, second)
            differ(singles[(second, other)], both, first)
    return found


def _merged(orders: Sequence[Sequence[str]]) -> list[str]:
    """The keys of every card in one reading order that keeps each card's: a key follows every
    key it follows on some card (and, where the cards leave it open, comes in the order the
    keys are first met, the default card's first)."""
    rank: dict[str, int] = {}
    after: dict[str, set[str]] = {}
    for order in orders:
        for index, key in enumerate(order):
            rank.setdefault(key, len(rank))
            after.setdefault(key, set()).update(order[:index])
    merged: list[str] = []
    left = sorted(rank, key=rank.__getitem__)
    while left:
        ready = [key for key in left if not after[key] - set(merged)]
        key = ready[0] if ready else left[0]  # the cards disagree: the first met goes first
        merged.append(key)
        left.remove(key)
    return merged


def card_sections(ruleset: Ruleset) -> tuple[Section, ...]:
    """The card's sections, each line with its variants for the options it depends on."""
    cards = _Cards(ruleset)
    depends = dependencies(ruleset, cards)
    defaults = {o.id: o.default for o in ruleset.options}
    slots: dict[str, Slot] = {}
    orders: list[list[str]] = [list(cards({}))]
    for key in sorted(set(cards({})) | set(depends)):
        options = tuple(o for o in ruleset.options if o.id in depends.get(key, ()))
        variants = []
        for values in itertools.product(*([v.value for v in o.values] for o in options)):
            when = tuple(zip((o.id for o in options), values, strict=True))
            items = cards(dict(when))
            orders.append(list(items))
            default = all(defaults[o] == v for o, v in when)
            variants.append(Variant(when, items.get(key), default))
        slots[key] = Slot(key, tuple(o.id for o in options), tuple(variants))
    by_section: dict[str, tuple[str, list[Slot]]] = {}
    for key in _merged(orders):
        slot = slots[key]
        first = slot.shown or next(v.item for v in slot.variants if v.item is not None)
        by_section.setdefault(first.section, (first.section_title, []))[1].append(slot)
    ranked = sorted(by_section, key=lambda s: ORDER.index(s) if s in ORDER else len(ORDER))
    return tuple(Section(s, by_section[s][0], tuple(by_section[s][1])) for s in ranked)


def has_readings(sections: Sequence[Section]) -> bool:
    """Whether any line of the card, under any options, is one of the project's readings."""
    return any(
        (isinstance(v.item, Line) and v.item.reading is not None)
        or (
            isinstance(v.item, Board)
            and any(c.interpretation is not None for c in v.item.rules.board.compartments)
        )
        for s in sections
        for slot in s.slots
        for v in slot.variants
    )


def card_page(site: SiteData, ruleset: Ruleset) -> str:
    """The rules card of ``ruleset``."""
    page = card_path(ruleset.id)
    sections = card_sections(ruleset)
    text = render(
        "rules_card.md.j2",
        ruleset=ruleset,
        name=short_name(ruleset),
        sections=sections,
        readings=has_readings(sections),
        link=site.linker(page),
        is_board=lambda item: isinstance(item, Board),
    )
    chosen = ", with any of its variations chosen" if ruleset.options else ""
    return with_meta(
        text,
        f"{short_name(ruleset)}: a rules card",
        f"The rules of {ruleset.title} on one printed page: the pack, the deal, the board, "
        f"the play, going out and the game's end{chosen}.",
    )


def _pages(site: SiteData) -> Mapping[str, PageMaker]:
    return {card_path(r.id): partial(card_page, site, r) for r in site.rulesets}


def _nav(site: SiteData) -> Sequence[dict[str, Any]]:
    return []  # each card is reached from its ruleset's page


def _link(ruleset: Ruleset) -> tuple[str, str]:
    return ("Print a rules card", card_path(ruleset.id))


def _templates(page: str) -> tuple[str, ...]:
    return ("rules_card.md.j2",) if page.startswith("card/") else ()


add_page_set(PageSet("examples", _nav, _pages, ruleset_folder="card", templates=_templates))
ruleset_link(_link)
