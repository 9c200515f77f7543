"""Question 4: what is the Pope worth to its holder?

The Pope is the compartment won by one named card that the dressing stakes most on
(:func:`variants.rules.roles.chief_card`), found by what it does, never by its id. The seat dealt
its card is followed against the other seats of the same deals, under the default rules and under
each option value that changes how it is won or paid (its card, its turn-up payout, its bonus,
whether it may only be led, what its holder pays).
"""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup

from ...core.cards import RANKS, SUIT_GLYPHS, SUITS, rank_of, suit_of
from ...mechanics.ruleset import Rules, Ruleset
from ...rules import roles
from .. import stats_runs as sr
from ..charts import number, percent
from ..pages import short_name
from ..render import render
from .figures import (
    MEANS,
    VARIANT_KEY,
    Counter,
    Section,
    Table,
    chart,
    count_text,
    fold,
    html_table,
    mean_bar,
    mean_text,
    n_players,
    names_list,
    phrases,
    rate_cell,
    rate_text,
    short_mean,
    variant_tone,
)
from .plan import DEFAULT, MAIN, Plan, Variant, changes, variant
from .question import Answer, Entry, Page, Question

say = phrases(__name__)

ANCHOR = "chief-card"
"""The anchor of the question, named for the role (:func:`variants.rules.roles.chief_card`)."""
ASKED = "What is the Pope worth to its holder?"


def has_pope_card(rules: Rules) -> bool:
    return roles.chief_card(rules) is not None


def pope_variants(ruleset: Ruleset) -> list[Variant]:
    """The default rules, then each option value that changes how the Pope is won or paid (its
    card, its turn-up payout, its bonus, whether it may only be led, what its holder pays)."""
    if not has_pope_card(ruleset.rules):
        return []
    return [DEFAULT, *(variant(ruleset, o, v) for o, v in changes(ruleset, roles.chief_card))]


def runs(
    ruleset: Ruleset, main: int, deals: int
) -> tuple[tuple[Variant, ...], dict[Variant, sr.Run]]:
    """The variants about the Pope, and a run following its holder under each."""
    popes = tuple(pope_variants(ruleset))
    pope = {v: sr.Run("card-holder", ruleset.id, main, deals, options=v.options) for v in popes}
    return popes, pope


def listed(p: Plan) -> list[tuple[str, sr.Run]]:
    """What each run is, for the list of commands."""
    return [(f"the Pope, {v.label}", run) for v, run in p.pope.items()]


def pope_card_text(rules: Rules) -> str:
    compartment = roles.chief_card(rules)
    card = None if compartment is None else roles.named_card(compartment.win)
    if card is not None:
        return RANKS[rank_of(card)] + SUIT_GLYPHS[SUITS[suit_of(card)]]
    return "the Pope"


def section(page: Page) -> Section:
    ruleset, p, ident = page.ruleset, page.plan, page.ident
    if not p.popes:
        return Section(
            ANCHOR,
            ASKED,
            say("absent"),
            [],
        )
    found = {v: page.results.seats[p.pope[v]] for v in p.popes}
    bars = []
    rows = []
    for v, report in found.items():
        bars.append(mean_bar(v.label, report.edge, variant_tone(1 if v.options else 0), sign=True))
        rows.append(
            (
                v.label,
                short_mean(report.net),
                number(report.net.mean - report.edge.mean, 2, True),
                short_mean(report.edge),
                rate_cell(report.won),
                short_mean(report.took, 2, False),
            )
        )
    base = found[DEFAULT]
    best = max(p.popes, key=lambda v: found[v].edge.mean)
    worst = min(p.popes, key=lambda v: found[v].edge.mean)
    spread = ""
    if len(p.popes) > 1:
        spread = say(
            "spread",
            b=best.label,
            bv=number(found[best].edge.mean, 2, True),
            w=worst.label,
            wv=number(found[worst].edge.mean, 2, True),
        )
    answer = say(
        "answer",
        n=p.main,
        card=pope_card_text(ruleset.rules),
        edge=mean_text(base.edge),
        won=rate_text(base.won),
        took=number(base.took.mean, 2),
        spread=spread,
    )
    found_section = Section(ANCHOR, ASKED, answer, [])
    deals = base.deals
    found_section.body.append(
        chart(
            page.counter,
            bars,
            ident=f"{ident}-{ANCHOR}",
            title=f"{short_name(ruleset)}: what being dealt the Pope is worth",
            axis="holder's net less an average other seat's, counters per deal",
            shows="How much better the seat dealt the Pope does in a deal than an average other "
            "seat of the same deal, "
            + (
                "under the default rules and under each value of the options about the "
                "Pope (one option changed at a time). "
                if len(p.popes) > 1
                else "under the default rules (the ruleset has no option about the Pope). "
            )
            + "Deals where the Pope lies in the spare hand, the stock or on the table are "
            "left out.",
            size=f"{count_text(deals, 'deals')} dealt per bar, {n_players(p.main)}, about "
            f"{percent(base.followed.rate, 0)} of them with the Pope in a hand",
            interval=MEANS,
            key=VARIANT_KEY,
        )
    )
    table = html_table(
        Table(
            (
                "Rules",
                "Holder's net",
                "Others' net",
                "Holder's edge",
                "Holder takes the Pope",
                "Counters taken from it",
            ),
            tuple(rows),
            f"{n_players(p.main).capitalize()}, {count_text(deals, 'deals')} "
            f"per row, of which the Pope was dealt to a hand in "
            f"{percent(base.followed.rate)} (default rules); 95% intervals in small "
            "print. Others' net is an average other seat's in the same deals.",
        )
    )
    details = [(v, found[v] == base) for v in p.popes if v.options]
    options = Markup(render("_stats_options.html.j2", options=details)) if details else Markup()
    found_section.body.append(
        fold(
            "The holder's and the others' net under the default rules and each option "
            f"({len(rows)} rows)" + (", with the options in full" if details else ""),
            table,
            options,
        )
    )
    return found_section


def comparison(entries: Sequence[Entry], counter: Counter) -> Section:
    bars = []
    no_pope: list[str] = []
    for entry in entries:
        p = entry.plan
        name = short_name(entry.ruleset)
        if not p.popes:
            no_pope.append(name)
        for v in p.popes:
            edge = entry.results.seats[p.pope[v]].edge
            bars.append(
                mean_bar(v.label, edge, variant_tone(1 if v.options else 0), name, sign=True)
            )
    deals = sr.deals_per_run()
    shown = chart(
        counter,
        bars,
        ident=f"cmp-{ANCHOR}",
        title=f"What being dealt the Pope is worth, {MAIN} players",
        axis="holder's net less an average other seat's, counters per deal",
        shows="How much better the seat dealt the Pope does than an average other seat of the "
        "same deal, under each ruleset's defaults and each value of its options about the "
        "Pope.",
        size=f"{count_text(deals, 'deals')} dealt per bar, {MAIN} players (deals with the Pope "
        "outside the hands left out)"
        + (f"; no Pope on the board: {names_list(no_pope)}" if no_pope else ""),
        interval=MEANS,
        key=VARIANT_KEY,
    )
    folded = fold(f"Figure {counter.value}: what the Pope is worth, ruleset by ruleset", shown)
    return Section(ANCHOR, ASKED, say("compared"), [folded])


def answer(entries: Sequence[Entry]) -> Answer:
    items: list[Markup] = []
    edges: dict[str, float] = {}
    for entry in entries:
        p = entry.plan
        name = short_name(entry.ruleset)
        if not p.popes:
            items.append(say("item_none", name=name))
            continue
        values = {v: entry.results.seats[p.pope[v]].edge for v in p.popes}
        edge = values[DEFAULT]
        edges[name] = edge.mean
        spread = Markup("")
        if len(values) > 1:
            low = min(values, key=lambda v: values[v].mean)
            high = max(values, key=lambda v: values[v].mean)
            spread = say(
                "item_spread",
                lv=number(values[low].mean, 2, True),
                l=low.label,
                hv=number(values[high].mean, 2, True),
                h=high.label,
            )
        items.append(say("item", name=name, e=mean_text(edge), spread=spread))
    return Answer(
        say(
            "headline",
            big=max(edges, key=lambda k: edges[k]) if edges else "none",
            bv=number(max(edges.values()), 2, True) if edges else "—",
            small=min(edges, key=lambda k: edges[k]) if edges else "none",
            sv=number(min(edges.values()), 2, True) if edges else "—",
        ),
        tuple(items),
    )


QUESTION = Question(ANCHOR, ASKED, section, comparison, answer, listed)
