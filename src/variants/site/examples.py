"""The worked examples, the replay and the one-deal comparison, added to the site.

Listed in ``mkdocs.yml`` under ``extra.variants.section_modules``; importing it registers:

- the ``examples`` section of every ruleset's ``examples/<id>`` page (the example deals of
  :mod:`variants.site.exampledeals`, each told in full);
- ``one-deal.md``: one shuffle played under every ruleset (:mod:`variants.site.onedeal`);
- ``replay.md``, the list of example deals, and ``replay/<ruleset>/<deal>.md``, one interactive
  step-through per example deal (``docs/assets/javascripts/replay.js``);
- ``source-examples.md``: the sources' own worked examples (:mod:`variants.site.sourceexamples`).

All ruleset and deal-file text is escaped by the autoescaped templates; the replay's JSON holds
no such text at all.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from markupsafe import Markup

from ..core.cards import card_glyph, card_name, card_words, is_red
from ..core.words import cap, number_word, person
from ..mechanics.ruleset import Ruleset
from . import sourceexamples  # noqa: F401 (registers its page)
from .exampledeals import (
    Example,
    deal_view,
    examples_for,
    option_words,
    policy_words,
    replay_data,
    replay_lines,
    replay_rules,
    script_json,
    seat_label,
    trump_text,
)
from .onedeal import one_deal
from .pages import PageMaker, PageSet, SiteData, add_page_set, extra_section, short_name
from .render import Linker, escape_markdown, render, with_meta

ONE_DEAL = "one-deal.md"
REPLAY = "replay.md"


def _card_title(card: int) -> str:
    """A card's tooltip: ``ten of hearts``."""
    return card_words(card, article=False)


def heading(text: str) -> Markup:
    """Text for a Markdown heading: escaped as :func:`escape_markdown` escapes it, but with its
    quotes left as they are (harmless in a heading's text), since the table of contents would
    show ``&#39;`` as it stands."""
    escaped = str(escape_markdown(text))
    return Markup(escaped.replace("&\\#39;", "'").replace("&\\#34;", '"'))


def _options(example: Example) -> list[tuple[str, str]]:
    """The example's options as the ruleset words them: (option label, value label)."""
    return [option_words(example.ruleset, key, value) for key, value in example.options]


def _seat_title(seat: int, dealer: int, players: int) -> str:
    """``Dealer``, ``Player 1``."""
    return seat_label(seat, dealer, players)[0]


def _helpers() -> dict[str, Any]:
    return {
        "card_glyph": card_glyph,
        "card_name": card_name,
        "card_words": _card_title,
        "is_red": is_red,
        "number_word": number_word,
        "trump_text": trump_text,
        "short_name": short_name,
        "cap": cap,
        "zip": zip,
        "heading": heading,
        "option_words": _options,
        "policy_words": policy_words,
        "seat_title": _seat_title,
        "seat_words": person,
    }


@extra_section("examples")
def worked_examples(ruleset: Ruleset) -> str:
    """Every example deal of the ruleset, told in full, each linked to its replay."""
    views = [deal_view(example) for example in examples_for(ruleset)]
    if not views:
        return ""
    link = Linker(f"examples/{ruleset.id}.md")
    return render(
        "examples.md.j2",
        views=views,
        ruleset=ruleset,
        rule_href=partial(link.ruleset, ruleset.id),
        **_helpers(),
    )


# --------------------------------------------------------------------------------------------
# The replay


def _all_examples(site: SiteData) -> list[tuple[Ruleset, list[Example]]]:
    return [(ruleset, examples_for(ruleset)) for ruleset in site.rulesets]


def replay_page(site: SiteData, example: Example, everything: Sequence[Example]) -> str:
    link = site.linker(example.page)
    data, lines = replay_data(example)
    players, dealer = example.players, example.setup.dealer
    seats = []
    for seat in range(players):
        name, role = seat_label(seat, dealer, players)
        seats.append({"seat": seat, "name": name, "role": role})
    choices: dict[str, list[tuple[str, str, bool]]] = {}
    for other in everything:
        choices.setdefault(short_name(other.ruleset), []).append(
            (link.href(other.page), f"{short_name(other.ruleset)}: {other.title}", other is example)
        )
    text = render(
        "replay.md.j2",
        e=example,
        link=link,
        seats=seats,
        lines=lines,
        rules=replay_rules(example),
        rule_href=partial(link.ruleset, example.ruleset.id),
        labels=[(c.id, c.label) for c in example.rules.board.compartments],
        spare_name=example.rules.deal.spare_name,
        shown=not example.rules.play.in_runs,
        data_json=script_json(data),
        choices=list(choices.items()),
        **_helpers(),
    )
    title = f"Replay: {example.title} ({short_name(example.ruleset)})"
    description = (
        f"Step through a deal of {example.ruleset.title} card by card ({example.title}): "
        "every card played, every stop and why, each compartment taken and every payment."
    )
    return with_meta(text, title, description)


def replay_index(site: SiteData, groups: Sequence[tuple[Ruleset, list[Example]]]) -> str:
    link = site.linker(REPLAY)
    text = render(
        "replay_index.md.j2",
        groups=[
            (
                ruleset,
                [(e, link.href(e.page), len(replay_lines(e))) for e in examples],
            )
            for ruleset, examples in groups
            if examples
        ],
        **_helpers(),
    )
    return with_meta(
        text,
        "Replay an example deal",
        "Every example deal of every ruleset, to step through one event at a time with the "
        "hands, the current run and the board as they stand.",
    )


def one_deal_page(site: SiteData) -> str:
    text = render(
        "one_deal.md.j2",
        od=one_deal(site.rulesets),
        link=site.linker(ONE_DEAL),
        **_helpers(),
    )
    return with_meta(
        text,
        "One deal, every ruleset",
        "One shuffle of the pack dealt and played under every ruleset's rules, side by side: "
        "how the same cards fare under each, and why the results differ.",
    )


def _pages(site: SiteData) -> Mapping[str, PageMaker]:
    groups = _all_examples(site)
    everything = [e for _, examples in groups for e in examples]
    pages = {ONE_DEAL: partial(one_deal_page, site), REPLAY: partial(replay_index, site, groups)}
    for example in everything:
        pages[example.page] = partial(replay_page, site, example, everything)
    return pages


def nav_title(example: Example) -> str:
    """The replay's title in the nav, as its page's heading names it: the theme prints nav
    titles unescaped, so the deal's title (deal-file text) is HTML-escaped here."""
    return html.escape(example.title)


def _nav(site: SiteData) -> Sequence[dict[str, Any]]:
    return [{"One deal, every ruleset": ONE_DEAL}]


def _replay_nav(site: SiteData) -> Sequence[dict[str, Any]]:
    """The list of deals, then each ruleset's deals as a section named as the ruleset's page
    names it (ruleset text, HTML-escaped for the theme)."""
    replays: list[dict[str, Any]] = [{"Choose a deal": REPLAY}]
    for ruleset, examples in _all_examples(site):
        if examples:
            section = html.escape(short_name(ruleset))
            replays.append({section: [{nav_title(e): e.page} for e in examples]})
    return replays


def _no_pages(site: SiteData) -> Mapping[str, PageMaker]:
    return {}


add_page_set(PageSet("examples", _nav, _pages))
add_page_set(PageSet("replay", _replay_nav, _no_pages))
