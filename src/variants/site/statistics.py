"""The statistics pages: each ruleset's, and one comparing them all, from seeded, cached runs.

Five questions are asked of every ruleset, each answered with numbers and a chart:

1. Is the dealer's or the elder hand's seat favoured? (net counters and going out, by seat)
2. How much does removing the 8♦ change how long a deal lasts? (cards played per deal)
3. How large does Matrimony grow before it is won? (whole games, the board carried over)
4. What is the Pope worth to its holder? (the holder against the other seats, per option)
5. Does source 000's play advice beat leading at random or the lowest card?

Questions 3 and 4 are about one compartment each, found by what it does (:mod:`variants.roles`),
never by its id: Matrimony is the compartment won by the king and queen of trumps together, the
Pope the compartment won by one named card that the dressing stakes most on. A ruleset without
one has no such figure, and its page says so.

Which runs a ruleset gets is read from its model: the player counts it allows among 3, 5 and 8;
the options that change which cards are removed (question 2); the options that change the
board's Matrimony, or put one on it (question 3); and the options that change how the Pope is
won or paid (question 4). :mod:`variants.site.stats_runs` plays and caches the runs.

The module registers itself when imported (it is listed under ``extra.variants.section_modules``
in ``mkdocs.yml``): a section on each ruleset's statistics page, and the comparison page.
"""

from __future__ import annotations

import logging
import math
import shlex
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup

from .. import roles
from ..cards import RANKS, SUIT_GLYPHS, SUITS, rank_of, suit_of
from ..compiled import compile_rules
from ..deal import deal_from_pack
from ..ruleset import Compartment, Rules, Ruleset
from ..simulate import Z95, _rate
from . import stats_runs as sr
from .charts import Bar, bar_chart, figure, number, percent
from .pages import PageSet, SiteData, add_page_set, extra_section, short_name
from .render import Linker, render

PLAYERS = (3, 5, 8)
"""Table sizes asked about (those a ruleset allows)."""
MAIN = 5
"""The table size of the comparisons: the size of Peel's worked example."""
POLICIES = ("random", "lowest", "advised")
COMPARE_PAGE = "statistics/compare.md"
MATRIMONY = "matrimony"
"""The anchor of the question about Matrimony (:func:`variants.roles.king_and_queen`)."""
POPE = "pope"
"""The anchor of the question about the Pope (:func:`variants.roles.chief_card`)."""
QUESTIONS = (
    ("seats", "Is the dealer's or the elder hand's seat favoured?"),
    ("length", "How much does removing the 8♦ change how long a deal lasts?"),
    (MATRIMONY, "How large does Matrimony grow before it is won?"),
    (POPE, "What is the Pope worth to its holder?"),
    ("advice", "Does source 000's play advice beat random and lowest-card leads?"),
)
EN_DASH = "\u2013"
log = logging.getLogger("mkdocs.plugins.variants.statistics")

# --------------------------------------------------------------------------------------------
# Which runs each ruleset gets


@dataclass(frozen=True)
class Variant:
    """A ruleset's rules with some options set away from their defaults."""

    label: str
    options: tuple[tuple[str, str], ...] = ()
    detail: str = ""
    """The option values' own labels (ruleset text: escaped wherever it is shown)."""


DEFAULT = Variant("default rules")


def _variant(ruleset: Ruleset, option_id: str, value: str, label: str | None = None) -> Variant:
    option = ruleset.option(option_id)
    return Variant(
        label or f"{option_id}: {value}",
        ((option_id, value),),
        f"{option.label}: {option.value(value).label}",
    )


def _non_default(ruleset: Ruleset, test: Callable[[str, str], bool]) -> list[tuple[str, str]]:
    """(option, value) for each non-default value with a patch passing ``test(path, json)``."""
    found = []
    for option in ruleset.options:
        for value in option.values:
            if value.value != option.default and any(test(p, j) for p, j in value.patches):
                found.append((option.id, value.value))
    return found


def pack_text(rules: Rules) -> str:
    """The pack in a few words: ``8♦ removed``, ``full pack``."""
    if not rules.pack.removed:
        return "full pack"
    removed = sorted(rules.pack.removed, key=lambda c: (rank_of(c), suit_of(c)))
    glyphs = [RANKS[rank_of(c)] + SUIT_GLYPHS[SUITS[suit_of(c)]] for c in removed]
    if len(glyphs) == 4 and len({rank_of(c) for c in removed}) == 1:
        return f"four {RANKS[rank_of(removed[0])]}s removed"
    return " ".join(glyphs) + " removed"


def pack_variants(ruleset: Ruleset) -> list[Variant]:
    """The default rules, then each option value that changes which cards are removed."""
    variants = [Variant(pack_text(ruleset.rules))]
    for option_id, value in _non_default(ruleset, lambda path, _: path == "pack.removed"):
        rules = ruleset.rules_for({option_id: value})
        variants.append(_variant(ruleset, option_id, value, pack_text(rules)))
    return variants


def has_matrimony(rules: Rules) -> bool:
    return roles.king_and_queen(rules) is not None


def matrimony_of(rules: Rules) -> Compartment:
    """The compartment the Matrimony figures are about: won by the king and queen of trumps."""
    found = roles.king_and_queen(rules)
    if found is None:
        raise ValueError("no compartment is won by the king and queen of trumps")
    return found


def _changes(
    ruleset: Ruleset, find: Callable[[Rules], Compartment | None]
) -> list[tuple[str, str]]:
    """(option, value) for each non-default value under which the compartment ``find`` finds is
    there and is won or paid otherwise than under the default rules (or is not there by
    default)."""
    base = find(ruleset.rules)
    before = None if base is None else roles.bearing(ruleset.rules, base)
    found = []
    for option in ruleset.options:
        for value in option.values:
            if value.value == option.default:
                continue
            rules = ruleset.rules_for({option.id: value.value})
            there = find(rules)
            if there is not None and roles.bearing(rules, there) != before:
                found.append((option.id, value.value))
    return found


def matrimony_variants(ruleset: Ruleset) -> list[Variant]:
    """The rules with a Matrimony: the default (if it has one), then each option value that
    changes how the board's Matrimony is won or paid, or puts one on the board."""
    variants = [DEFAULT] if has_matrimony(ruleset.rules) else []
    for option_id, value in _changes(ruleset, roles.king_and_queen):
        variants.append(_variant(ruleset, option_id, value))
    return variants


def has_pope_card(rules: Rules) -> bool:
    return roles.chief_card(rules) is not None


def pope_variants(ruleset: Ruleset) -> list[Variant]:
    """The default rules, then each option value that changes how the Pope is won or paid (its
    card, its turn-up payout, its bonus, whether it may only be led, what its holder pays)."""
    if not has_pope_card(ruleset.rules):
        return []
    return [DEFAULT, *(_variant(ruleset, o, v) for o, v in _changes(ruleset, roles.chief_card))]


def table_sizes(ruleset: Ruleset) -> tuple[int, ...]:
    players = ruleset.rules.players
    return tuple(p for p in PLAYERS if players.min <= p <= players.max)


def main_size(ruleset: Ruleset) -> int:
    sizes = table_sizes(ruleset)
    if MAIN in sizes:
        return MAIN
    players = ruleset.rules.players
    return min(max(MAIN, players.min), players.max)


@dataclass(frozen=True)
class Plan:
    """Every run behind one ruleset's page."""

    ruleset: str
    sizes: tuple[int, ...]
    main: int
    packs: tuple[Variant, ...]
    length: dict[tuple[Variant, int], sr.Run]
    """Deals, by pack variant and table size (the default variant's are the seats' runs)."""
    matrimony: tuple[Variant, ...]
    games: dict[tuple[Variant, int], sr.Run]
    popes: tuple[Variant, ...]
    pope: dict[Variant, sr.Run]
    advice: dict[str, sr.Run]

    @property
    def seats(self) -> dict[int, sr.Run]:
        return {p: self.length[(self.packs[0], p)] for p in self.sizes}

    def runs(self) -> list[sr.Run]:
        return [
            *self.length.values(),
            *self.games.values(),
            *self.pope.values(),
            *self.advice.values(),
        ]


def plan(ruleset: Ruleset) -> Plan:
    deals, games = sr.deals_per_run(), sr.games_per_run()
    sizes = table_sizes(ruleset) or (main_size(ruleset),)
    main = main_size(ruleset)
    packs = tuple(pack_variants(ruleset))
    length = {
        (variant, p): sr.Run("deals", ruleset.id, p, deals, options=variant.options)
        for variant in packs
        for p in sizes
    }
    matrimony = tuple(matrimony_variants(ruleset))
    game_runs = {}
    for index, variant in enumerate(matrimony):
        for p in sizes if index == 0 else (main,):
            game_runs[(variant, p)] = sr.Run("games", ruleset.id, p, games, options=variant.options)
    popes = tuple(pope_variants(ruleset))
    pope = {v: sr.Run("card-holder", ruleset.id, main, deals, options=v.options) for v in popes}
    advice = {p: sr.Run("policy-seat", ruleset.id, main, deals, policy=p) for p in POLICIES}
    return Plan(ruleset.id, sizes, main, packs, length, matrimony, game_runs, popes, pope, advice)


# --------------------------------------------------------------------------------------------
# Figures as numbers


Summary = Mapping[str, Any]


def ci_of(summary: Summary) -> tuple[float, float]:
    low, high = summary["ci95"]
    return float(low), float(high)


def mean_text(summary: Summary, digits: int = 2, sign: bool = True) -> str:
    """``+2.40 (95% CI +2.27 to +2.54)``."""
    low, high = ci_of(summary)
    return (
        f"{number(summary['mean'], digits, sign)} (95% CI {number(low, digits, sign)} "
        f"to {number(high, digits, sign)})"
    )


def short_mean(summary: Summary, digits: int = 2, sign: bool = True) -> Markup:
    """A table cell: the mean, and its 95% interval in small print below it."""
    low, high = ci_of(summary)
    return Markup('{}<span class="pj-ci">{} to {}</span>').format(
        number(summary["mean"], digits, sign), number(low, digits, sign), number(high, digits, sign)
    )


def rate_cell(rate: Summary) -> Markup:
    """A table cell: the rate, and its 95% Wilson interval in small print below it."""
    low, high = ci_of(rate)
    return Markup('{}<span class="pj-ci">{} to {}</span>').format(
        percent(rate["rate"]), percent(low), percent(high)
    )


def rate_text(rate: Summary) -> str:
    """``22.6% (22.0 to 23.2%)``."""
    low, high = ci_of(rate)
    return f"{percent(rate['rate'])} ({percent(low)[:-1]}{EN_DASH}{percent(high)})"


def mean_bar(
    label: str,
    summary: Summary,
    tone: int = 0,
    group: str | None = None,
    digits: int = 2,
    sign: bool = False,
) -> Bar:
    low, high = ci_of(summary)
    text = number(summary["mean"], digits, sign)
    return Bar(label, float(summary["mean"]), low, high, tone, group, text)


def rate_bar(label: str, rate: Summary, tone: int = 0, group: str | None = None) -> Bar:
    low, high = ci_of(rate)
    return Bar(label, float(rate["rate"]), low, high, tone, group, percent(rate["rate"]))


def difference(a: Summary, b: Summary) -> dict[str, Any]:
    """``a - b`` for means of independent runs, with a 95% interval from their standard errors."""
    se_a = (ci_of(a)[1] - ci_of(a)[0]) / (2 * Z95)
    se_b = (ci_of(b)[1] - ci_of(b)[0]) / (2 * Z95)
    mean = float(a["mean"]) - float(b["mean"])
    half = Z95 * math.sqrt(se_a**2 + se_b**2)
    return {"mean": mean, "ci95": [mean - half, mean + half], "n": min(a["n"], b["n"])}


def separated(a: Summary, b: Summary) -> int:
    """1 when ``a`` is surely above ``b`` (intervals apart), -1 when below, else 0."""
    if ci_of(a)[0] > ci_of(b)[1]:
        return 1
    if ci_of(a)[1] < ci_of(b)[0]:
        return -1
    return 0


def position_label(position: int, players: int) -> str:
    if position == 0:
        return "elder hand"
    if position == players - 1:
        return "dealer"
    ordinal = {1: "2nd", 2: "3rd"}.get(position, f"{position + 1}th")
    return f"{ordinal} seat"


def position_tone(position: int, players: int) -> int:
    return 1 if position == 0 else 2 if position == players - 1 else 0


def dressing_by_position(ruleset: Ruleset, players: int) -> list[int]:
    """Counters each position pays to dress the board, dealing from the last seat (as in the
    simulated independent deals, where the dealer is also the banker)."""
    compiled = compile_rules(ruleset.rules, players)
    _, net = compiled.dressing_totals(players - 1, players - 1)
    return [-v for v in net]


def shifted(summary: Summary, by: float) -> dict[str, Any]:
    low, high = ci_of(summary)
    return {"mean": summary["mean"] + by, "ci95": [low + by, high + by], "n": summary["n"]}


# --------------------------------------------------------------------------------------------
# Results and their captions


@dataclass
class _Site:
    """What the comparison's nav callback saw of the site (it runs first, at ``on_config``)."""

    rulesets: dict[str, Ruleset] = field(default_factory=dict)
    use_directory_urls: bool = True
    keys: set[str] = field(default_factory=set)
    """The cache keys of every run this build used, and of those it played."""
    played: set[str] = field(default_factory=set)
    seconds: float = 0.0


_site = _Site()


def results_for(rulesets: Sequence[Ruleset]) -> dict[sr.Run, dict[str, Any]]:
    """Every run behind these rulesets' pages, from the cache or played now."""
    by_id = {r.id: r for r in rulesets}
    runs = [run for r in rulesets for run in plan(r).runs()]
    found = sr.results(runs, by_id)
    stats = sr.last_stats
    _site.keys.update(stats.keys)
    _site.played.update(stats.new)
    _site.seconds += stats.seconds
    if stats.new:
        log.info(
            "variants statistics: played %d runs in %.1f s (cache: %s)",
            len(stats.new),
            stats.seconds,
            stats.folder,
        )
    return found


@dataclass
class Counter:
    """Numbers the figures on one page, in order."""

    value: int = 0

    def next(self) -> int:
        self.value += 1
        return self.value


def caption(counter: Counter, shows: str, size: str, interval: str, extra: str = "") -> Markup:
    """A figure's caption: what it shows, its sample size and what its whiskers are."""
    return Markup(
        "<strong>Figure {n}.</strong> {shows} "
        '<span class="pj-chart__n">{size}; {interval}.{extra}</span>'
    ).format(
        n=counter.next(),
        shows=shows,
        size=size,
        interval=interval,
        extra=Markup(" ") + extra if extra else "",
    )


MEANS = "bars are means, whiskers their 95% confidence intervals (normal approximation)"
RATES = "bars are rates, whiskers their 95% Wilson score intervals"


def count_text(count: int, unit: str) -> str:
    return f"{number(count, 0)} {unit}"


# --------------------------------------------------------------------------------------------
# One ruleset's page


@dataclass
class Section:
    """One question's answer on a page: its prose, figures and tables, in order."""

    anchor: str
    title: str
    answer: Markup
    body: list[Markup] = field(default_factory=list)


Cell = str | Markup


@dataclass(frozen=True)
class Table:
    head: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    caption: str = ""


def html_table(table: Table) -> Markup:
    head = Markup("").join(Markup('<th scope="col">{}</th>').format(h) for h in table.head)
    rows = Markup("").join(
        Markup("<tr>{}</tr>").format(
            Markup("").join(
                Markup('<th scope="row">{}</th>').format(c)
                if i == 0
                else Markup('<td class="pj-num">{}</td>').format(c)
                for i, c in enumerate(row)
            )
        )
        for row in table.rows
    )
    caption = Markup("<caption>{}</caption>").format(table.caption) if table.caption else ""
    return Markup(
        '<div class="pj-table-wrap pj-stats-table"><table>{c}<thead><tr>{h}</tr></thead>'
        "<tbody>{r}</tbody></table></div>"
    ).format(c=caption, h=head, r=rows)


def dressing_sentence(costs: Sequence[int]) -> str:
    """How the dressing falls on the seats, in words."""
    dealer, others = costs[-1], costs[:-1]
    if len(set(costs)) == 1:
        return f"every seat pays {costs[0]} counters to dress the board"
    if len(set(others)) == 1:
        if others[0] == 0:
            return f"the dealer alone dresses the board, with {dealer} counters"
        return (
            f"the dealer pays {dealer} counters to dress the board and each other seat {others[0]}"
        )
    return "the seats pay " + ", ".join(str(c) for c in costs) + " counters to dress the board"


def seats_section(
    ruleset: Ruleset, p: Plan, found: Mapping[sr.Run, dict[str, Any]], counter: Counter, ident: str
) -> Section:
    reports = {n: found[run] for n, run in p.seats.items()}
    main = reports.get(p.main) or next(iter(reports.values()))
    n = main["players"]
    nets = main["net_by_position"]
    outs = main["went_out_by_position"]
    elder, dealer = nets[0], nets[-1]
    costs = dressing_by_position(ruleset, n)
    before = [shifted(s, c) for s, c in zip(nets, costs, strict=True)]
    order = separated(elder, dealer)
    verdict = {
        1: "the elder hand's seat is favoured",
        -1: "the dealer's seat is favoured",
        0: "neither seat can be told from the other at this sample size",
    }[order]
    play_order = separated(before[0], before[-1])
    play_verdict = {
        1: "the elder hand comes out ahead",
        -1: "the dealer comes out ahead",
        0: "the two cannot be told apart",
    }[play_order]
    if play_order == order != 0:
        play_verdict = play_verdict.replace(" comes", " still comes")
    answer = Markup(
        "<p>With {n} players the elder hand nets {e} counters a deal and the dealer {d}: "
        "<strong>{verdict}</strong>. Under the default rules {dressing}; leaving that stake "
        "aside, the elder hand nets {be} and the dealer {bd}, and {play}. The elder hand goes "
        "out first in {eo} of deals, the dealer in {do}; an even share would be {even}.{others}"
        "</p>"
    ).format(
        others=other_sizes(reports, n),
        n=n,
        e=mean_text(elder),
        d=mean_text(dealer),
        verdict=verdict,
        dressing=dressing_sentence(costs),
        be=number(before[0]["mean"], 2, True),
        bd=number(before[-1]["mean"], 2, True),
        play=play_verdict,
        eo=rate_text(outs[0]),
        do=rate_text(outs[-1]),
        even=percent(1 / n),
    )
    section = Section("seats", "Which seat is favoured?", answer)
    net_bars = []
    out_bars = []
    for players, report in reports.items():
        group = f"{players} players"
        for position in range(players):
            tone = position_tone(position, players)
            label = position_label(position, players)
            net_bars.append(
                mean_bar(label, report["net_by_position"][position], tone, group, sign=True)
            )
            out_bars.append(rate_bar(label, report["went_out_by_position"][position], tone, group))
    deals = count_text(main["deals"], "deals")
    section.body.append(
        figure(
            bar_chart(
                net_bars,
                title=f"{short_name(ruleset)}: mean net counters per deal by seat",
                axis="net counters per deal (dressing included)",
                ident=f"{ident}-net",
            ),
            caption(
                counter,
                "Mean net counters per deal for each seat, counted to the dealer's left, "
                "the dressing included: what a seat takes from the board and from the other "
                "players, less what it stakes. Each deal starts from an empty board.",
                f"{deals} per table size",
                MEANS,
            ),
            f"{ident}-net",
        )
    )
    played = main["deals"] - main["voided"]["count"]
    section.body.append(
        figure(
            bar_chart(
                out_bars,
                title=f"{short_name(ruleset)}: how often each seat goes out first",
                axis="share of played deals in which the seat goes out first",
                ident=f"{ident}-out",
                value_text=percent,
                tick_text=lambda v: percent(v, 0),
            ),
            caption(
                counter,
                "How often each seat is the first to play its last card (and so takes Game, "
                "where there is one, and is paid for the cards left in the other hands).",
                f"{count_text(played, 'played deals')} at {n} players, "
                f"{number(main['deals'], 0)} deals dealt per table size"
                + (" (deals voided at the turn-up left out)" if main["voided"]["count"] else ""),
                RATES,
            ),
            f"{ident}-out",
        )
    )
    rows = []
    for players, report in reports.items():
        costs_here = dressing_by_position(ruleset, players)
        for position in range(players):
            net = report["net_by_position"][position]
            rows.append(
                (
                    f"{players} players, {position_label(position, players)}",
                    short_mean(net),
                    str(costs_here[position]),
                    short_mean(shifted(net, costs_here[position])),
                    rate_cell(report["went_out_by_position"][position]),
                )
            )
    section.body.append(
        html_table(
            Table(
                ("Seat", "Net per deal", "Dressing paid", "Net before dressing", "Goes out first"),
                tuple(rows),
                f"{deals} per table size, seed {sr.SEED}; 95% intervals in small print. "
                "Positions are counted to the dealer's left; the dealer dresses as banker "
                "where the rules have one.",
            )
        )
    )
    return section


def other_sizes(reports: Mapping[int, Mapping[str, Any]], main: int) -> str:
    """The verdict at each other table size, in a sentence."""
    parts = []
    for players, report in reports.items():
        if players == main:
            continue
        nets = report["net_by_position"]
        who = favoured(nets[0], nets[-1])
        parts.append(
            f"{'neither' if who == 'neither' else 'the ' + who} with {players} players "
            f"(elder hand {number(nets[0]['mean'], 2, True)}, "
            f"dealer {number(nets[-1]['mean'], 2, True)})"
        )
    if not parts:
        return ""
    return " At the other table sizes, counting the dressing, the favoured seat is " + (
        names_list(parts) + "."
    )


def length_section(
    ruleset: Ruleset,
    p: Plan,
    found: Mapping[sr.Run, dict[str, Any]],
    counter: Counter,
    ident: str,
    link: Linker,
) -> Section:
    bars = []
    for players in p.sizes:
        for tone, variant in enumerate(p.packs):
            report = found[p.length[(variant, players)]]
            bars.append(
                mean_bar(variant.label, report["cards_played"], tone, f"{players} players", 1)
            )
    main = {v: found[p.length[(v, p.main)]]["cards_played"] for v in p.packs}
    base = p.packs[0]
    if len(p.packs) == 1:
        answer = Markup(
            "<p>This ruleset has no option that changes which cards are removed: its pack is "
            "always the <strong>{pack}</strong>. With {n} players a played deal lasts {m} cards "
            "of the {dealt} dealt to the players. "
            'For the effect of removing the 8♦ see the <a href="{href}">comparison</a>, where '
            "Foster's rules are played both ways.</p>"
        ).format(
            pack=base.label,
            n=p.main,
            m=mean_text(main[base], 1, False),
            dealt=cards_dealt(ruleset.rules, p.main),
            href=link.href(COMPARE_PAGE, "length"),
        )
    else:
        parts = []
        for variant in p.packs[1:]:
            diff = difference(main[variant], main[base])
            parts.append(
                Markup(
                    "with the <strong>{v}</strong> ({o}) it lasts {m} of {dealt}, a change of {d}"
                ).format(
                    v=variant.label,
                    o=Markup("<code>{}={}</code>").format(*variant.options[0]),
                    m=mean_text(main[variant], 1, False),
                    dealt=cards_dealt(ruleset.rules_for(dict(variant.options)), p.main),
                    d=mean_text(diff, 1, True),
                )
            )
        answer = Markup(
            "<p>With {n} players and the <strong>{pack}</strong> of the default rules, a played "
            "deal lasts {m} cards of the {dealt} dealt to the players; {parts}. {verdict}</p>"
        ).format(
            n=p.main,
            pack=base.label,
            m=mean_text(main[base], 1, False),
            dealt=cards_dealt(ruleset.rules, p.main),
            parts=Markup("; ").join(parts),
            verdict=length_verdict(
                main,
                p.packs,
                {v: cards_dealt(ruleset.rules_for(dict(v.options)), p.main) for v in p.packs},
            ),
        )
    section = Section("length", "How long does a deal last?", answer)
    deals = found[p.length[(base, p.main)]]["deals"]
    section.body.append(
        figure(
            bar_chart(
                bars,
                title=f"{short_name(ruleset)}: cards played per deal",
                axis="cards played per deal",
                ident=f"{ident}-length",
                value_text=lambda v: number(v, 1),
            ),
            caption(
                counter,
                "Cards played before a player goes out, by table size"
                + (" and by pack." if len(p.packs) > 1 else "."),
                f"{count_text(deals, 'deals')} dealt per bar (deals voided at the turn-up "
                "are not counted)",
                MEANS,
            ),
            f"{ident}-length",
        )
    )
    rows = []
    for players in p.sizes:
        for variant in p.packs:
            played = found[p.length[(variant, players)]]["cards_played"]
            dealt = cards_dealt(ruleset.rules_for(dict(variant.options)), players)
            rows.append(
                (
                    f"{variant.label}, {players} players",
                    str(dealt),
                    short_mean(played, 1, False),
                    short_mean(scaled(played, 1 / dealt if dealt else 0.0), 3, False),
                )
            )
    section.body.append(
        html_table(
            Table(
                ("Pack and table", "Cards dealt to the players", "Cards played", "Share played"),
                tuple(rows),
                f"{count_text(deals, 'deals')} per row, seed {sr.SEED}; 95% intervals in small "
                "print. The share played is the cards played over the cards dealt to the "
                "players' hands (the spare hand or stock excluded).",
            )
        )
    )
    return section


def cards_dealt(rules: Rules, players: int) -> int:
    """Cards dealt to the players' hands (a turn-up taken into hand included)."""
    compiled = compile_rules(rules, players)
    setup = deal_from_pack(compiled, compiled.pack, players - 1)
    return sum(len(hand) for hand in setup.hands)


def scaled(summary: Summary, by: float) -> dict[str, Any]:
    low, high = ci_of(summary)
    return {"mean": summary["mean"] * by, "ci95": [low * by, high * by], "n": summary["n"]}


def length_verdict(
    main: Mapping[Variant, Summary], packs: Sequence[Variant], dealt: Mapping[Variant, int]
) -> Markup:
    """The pack options' effect on a deal's length, in a sentence."""
    base = packs[0]
    words = []
    for variant in packs[1:]:
        diff = difference(main[variant], main[base])
        sign = separated(diff, {"mean": 0, "ci95": [0, 0]})
        fewer = dealt[base] - dealt[variant]
        dealt_words = f", with {fewer} fewer cards dealt to the players" if fewer > 0 else ""
        if sign == 0:
            words.append(
                f"with the {variant.label} a deal is no longer or shorter by as much as this "
                f"sample can detect (the interval of the change includes zero){dealt_words}"
            )
        else:
            share = abs(diff["mean"]) / float(main[base]["mean"])
            way = "shorter" if sign < 0 else "longer"
            words.append(
                f"with the {variant.label} a deal is {number(abs(diff['mean']), 1)} cards "
                f"({percent(share)}) {way}{dealt_words}"
            )
    return Markup("In short, {}.").format("; ".join(words))


def matrimony_section(
    ruleset: Ruleset, p: Plan, found: Mapping[sr.Run, dict[str, Any]], counter: Counter, ident: str
) -> Section:
    if not p.matrimony:
        return Section(
            MATRIMONY,
            "How large does Matrimony grow?",
            Markup(
                "<p>There is no Matrimony on this board, and no option puts one there, so the "
                "question does not arise under these rules.</p>"
            ),
        )
    bars = []
    rows = []
    never = []
    for tone, variant in enumerate(p.matrimony):
        for players in p.sizes:
            run = p.games.get((variant, players))
            if run is None:
                continue
            report = found[run]
            size = matrimony_size(ruleset, variant, report)
            deals = report["games"] * ruleset.rules_for(dict(variant.options)).game.deal_count(
                players
            )
            rate = sr_rate(size["n"], deals)
            label = f"{players} players"
            if size["n"]:
                bars.append(mean_bar(label, size, tone, variant.label, 1))
            else:
                never.append(f"{variant.label}, {players} players")
            rows.append(
                (
                    f"{variant.label}, {players} players",
                    count_text(report["games"], "games"),
                    number(size["n"], 0),
                    rate_cell(rate),
                    short_mean(size, 1, False) if size["n"] else "never won",
                )
            )
    first = p.matrimony[0]
    first_run = p.games.get((first, p.main))
    games = found[first_run]["games"] if first_run else 0
    if first_run is not None:
        report = found[first_run]
        size = matrimony_size(ruleset, first, report)
        deals = report["games"] * ruleset.rules_for(dict(first.options)).game.deal_count(p.main)
        lead = Markup(
            "<p>Over whole games of {n} players, with the counters left on the board carried "
            "to the next deal, Matrimony is won in {rate} of deals{under}, and when it is won it "
            "holds {size} counters. {growth} What is still on it when a game ends is not "
            "counted here.{never}{closing}</p>"
        ).format(
            n=p.main,
            growth=growth_sentence(ruleset.rules_for(dict(first.options)), p.main),
            rate=rate_text(sr_rate(size["n"], deals)),
            under=(
                Markup(" (under <code>{}={}</code>)").format(*first.options[0])
                if first.options
                else ""
            ),
            size=mean_text(size, 1, False) if size["n"] else "—",
            never=(
                Markup(" It is <strong>never won</strong> in: {}.").format("; ".join(never))
                if never
                else ""
            ),
            closing=closing_note(ruleset),
        )
    else:  # pragma: no cover - the main size is always played
        lead = Markup("")
    if not has_matrimony(ruleset.rules):
        lead = (
            Markup(
                "<p>The default board has no Matrimony; the figures below play the option that "
                "puts one on it.</p>"
            )
            + lead
        )
    section = Section(MATRIMONY, "How large does Matrimony grow before it is won?", lead)
    if bars:
        section.body.append(
            figure(
                bar_chart(
                    bars,
                    title=f"{short_name(ruleset)}: Matrimony's size when won",
                    axis="counters on Matrimony when it is won",
                    ident=f"{ident}-{MATRIMONY}",
                    value_text=lambda v: number(v, 1),
                ),
                caption(
                    counter,
                    "Counters taken from Matrimony in the deals that won it (shares "
                    "counted together), over whole games with the board carried over.",
                    f"{count_text(games, 'games')} per bar; the number of deals that won "
                    "Matrimony is in the table below",
                    MEANS,
                ),
                f"{ident}-{MATRIMONY}",
            )
        )
    section.body.append(
        html_table(
            Table(
                ("Rules and table", "Games", "Deals won", "Won per deal", "Size when won"),
                tuple(rows),
                f"Seed {sr.SEED}; 95% intervals in small print.",
            )
        )
    )
    return section


def matrimony_size(ruleset: Ruleset, variant: Variant, report: Mapping[str, Any]) -> Summary:
    """Matrimony's size when won, from a games report played under ``variant``."""
    size: Summary = report["size_when_won"][matrimony_of(variant_rules(ruleset, variant)).id]
    return size


def matrimony_stake(rules: Rules, players: int) -> int:
    """Counters the dressing puts on Matrimony in one deal (the last seat dealing)."""
    compiled = compile_rules(rules, players)
    board, _ = compiled.dressing_totals(players - 1, players - 1)
    return board[compiled.ids.index(matrimony_of(rules).id)]


def growth_sentence(rules: Rules, players: int) -> str:
    """How fast the dressing can make Matrimony grow within one game."""
    stake = matrimony_stake(rules, players)
    count = rules.game.deal_count(players)
    if rules.dressing.when == "first-deal":
        return f"The dressing puts {stake} counters on it once, at a game's first deal."
    return (
        f"The dressing adds {stake} counters to it each deal and a game has {count} deals, so "
        f"within one game it can reach {stake * count} (more where penalties add to it)."
    )


def closing_note(ruleset: Ruleset) -> Markup:
    if ruleset.rules.game.closing_deal == "face-up":
        return Markup(
            " Whatever is left at the end goes in the closing face-up deal, which is not "
            "counted here."
        )
    return Markup("")


def sr_rate(count: int, out_of: int) -> dict[str, Any]:
    """A proportion with its 95% Wilson interval, as the simulator's reports give them."""
    return _rate(count, out_of)


def pope_section(
    ruleset: Ruleset, p: Plan, found: Mapping[sr.Run, dict[str, Any]], counter: Counter, ident: str
) -> Section:
    if not p.popes:
        return Section(
            POPE,
            "What is the Pope worth to its holder?",
            Markup(
                "<p>No compartment here is won by one named card, so this board has no Pope "
                "and the question does not arise under these rules.</p>"
            ),
        )
    bars = []
    rows = []
    for variant in p.popes:
        report = found[p.pope[variant]]
        bars.append(mean_bar(variant.label, report["edge"], 0 if variant.options else 1, sign=True))
        others = float(report["net"]["mean"]) - float(report["edge"]["mean"])
        rows.append(
            (
                variant.label,
                short_mean(report["net"]),
                number(others, 2, True),
                short_mean(report["edge"]),
                rate_cell(report["won"]),
                short_mean(report["took"], 2, False),
            )
        )
    base = found[p.pope[DEFAULT]]
    best = max(p.popes, key=lambda v: found[p.pope[v]]["edge"]["mean"])
    worst = min(p.popes, key=lambda v: found[p.pope[v]]["edge"]["mean"])
    spread = ""
    if len(p.popes) > 1:
        spread = Markup(
            " Among the Pope's options it is worth most under <strong>{b}</strong> ({bv}) "
            "and least under <strong>{w}</strong> ({wv})."
        ).format(
            b=best.label,
            bv=number(found[p.pope[best]]["edge"]["mean"], 2, True),
            w=worst.label,
            wv=number(found[p.pope[worst]]["edge"]["mean"], 2, True),
        )
    answer = Markup(
        "<p>With {n} players, the seat dealt the Pope ({card}) ends the deal {edge} counters "
        "better off than an average other seat at the same table; it plays the Pope and takes "
        "its compartment in {won} of those deals, for {took} counters on average.{spread}</p>"
    ).format(
        n=p.main,
        card=pope_card_text(ruleset.rules),
        edge=mean_text(base["edge"]),
        won=rate_text(base["won"]),
        took=number(base["took"]["mean"], 2),
        spread=spread,
    )
    section = Section(POPE, "What is the Pope worth to its holder?", answer)
    deals = base["deals"]
    section.body.append(
        figure(
            bar_chart(
                bars,
                title=f"{short_name(ruleset)}: what being dealt the Pope is worth",
                axis="holder's net less an average other seat's, counters per deal",
                ident=f"{ident}-{POPE}",
            ),
            caption(
                counter,
                "How much better the seat dealt the Pope does in a deal than an average other "
                "seat of the same deal, "
                + (
                    "under the default rules and under each value of the options about the "
                    "Pope (one option changed at a time). "
                    if len(p.popes) > 1
                    else "under the default rules (the ruleset has no option about the Pope). "
                )
                + "Deals where the Pope lies in the spare hand, the stock or on the table are "
                "left out.",
                f"{count_text(deals, 'deals')} dealt per bar, {n_players(p.main)}, about "
                f"{percent(base['followed']['rate'], 0)} of them with the Pope in a hand",
                MEANS,
            ),
            f"{ident}-{POPE}",
        )
    )
    section.body.append(
        html_table(
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
                f"{n_players(p.main).capitalize()}, seed {sr.SEED}, {count_text(deals, 'deals')} "
                f"per row, of which the Pope was dealt to a hand in "
                f"{percent(base['followed']['rate'])} (default rules); 95% intervals in small "
                "print. Others' net is an average other seat's in the same deals.",
            )
        )
    )
    details = [v for v in p.popes if v.options]
    if details:
        section.body.append(
            Markup('<ul class="pj-stats-options">{}</ul>').format(
                Markup("").join(
                    Markup("<li><code>{}</code>: {}{}</li>").format(
                        v.label,
                        v.detail,
                        (
                            " (every figure the same as under the default rules: the option "
                            "changes no deal played here)"
                            if same_play(found[p.pope[v]], base)
                            else ""
                        ),
                    )
                    for v in details
                )
            )
        )
    return section


def same_play(report: Mapping[str, Any], base: Mapping[str, Any]) -> bool:
    """Whether two runs' figures agree in everything but their options."""
    return {k: v for k, v in report.items() if k != "options"} == {
        k: v for k, v in base.items() if k != "options"
    }


def n_players(n: int) -> str:
    return f"{n} players"


def pope_card_text(rules: Rules) -> str:
    compartment = roles.chief_card(rules)
    if compartment is not None and compartment.win.card is not None:
        card = compartment.win.card
        return RANKS[rank_of(card)] + SUIT_GLYPHS[SUITS[suit_of(card)]]
    return "the Pope"


def policy_tone(policy: str) -> int:
    """Peel's advice in the highlight colour, lowest-card leads in a third, random plain."""
    return {"advised": 1, "lowest": 3}.get(policy, 0)


POLICY_LABELS = {
    "random": "random leads",
    "lowest": "lowest card",
    "advised": "Peel's advice",
}


def advice_section(
    ruleset: Ruleset, p: Plan, found: Mapping[sr.Run, dict[str, Any]], counter: Counter, ident: str
) -> Section:
    reports = {policy: found[run] for policy, run in p.advice.items()}
    bars = [
        mean_bar(POLICY_LABELS[policy], report["edge"], policy_tone(policy), sign=True)
        for policy, report in reports.items()
    ]
    advised, lowest, random_ = reports["advised"], reports["lowest"], reports["random"]
    over_random = separated(advised["edge"], random_["edge"])
    over_lowest = separated(advised["edge"], lowest["edge"])
    verdict = {
        (1, 1): "the advice beats both",
        (1, 0): "the advice beats random leads, but cannot be told from leading the lowest card",
        (1, -1): "the advice beats random leads, but leading the lowest card does better still",
        (0, 1): "the advice beats leading the lowest card, but not random leads",
        (0, 0): "the advice cannot be told from either",
        (0, -1): "the advice does no better than random leads, and worse than the lowest card",
        (-1, 1): "the advice does worse than random leads",
        (-1, 0): "the advice does worse than random leads",
        (-1, -1): "the advice does worse than both",
    }[(over_random, over_lowest)]
    answer = Markup(
        "<p>With {n} players, one seat following source 000's advice while the others lead at "
        "random ends a deal {a} counters better off than an average other seat; leading the "
        "lowest card gives {l}, and a seat leading at random {r} (a check on the method: it "
        "should be near zero). <strong>In short, {verdict}</strong>: the advice is worth "
        "{d} counters a deal over random leads. The advised seat goes out first in {ao} of "
        "deals, against {ro} for a random one.</p>"
    ).format(
        n=p.main,
        a=mean_text(advised["edge"]),
        l=mean_text(lowest["edge"]),
        r=mean_text(random_["edge"]),
        verdict=verdict,
        d=mean_text(difference(advised["edge"], random_["edge"])),
        ao=rate_text(advised["went_out"]),
        ro=rate_text(random_["went_out"]),
    )
    section = Section("advice", "Does Peel's play advice pay?", answer)
    deals = advised["deals"]
    section.body.append(
        figure(
            bar_chart(
                bars,
                title=f"{short_name(ruleset)}: one seat's lead policy against random leads",
                axis="the seat's net less an average other seat's, counters per deal",
                ident=f"{ident}-advice",
            ),
            caption(
                counter,
                "One seat leads by the policy named, the other seats at random; the seat moves "
                "round the table from deal to deal, so every position takes its turn. The bar "
                "is how much better that seat does than an average other seat of the same deal.",
                f"{count_text(deals, 'deals')} per policy, {n_players(p.main)}",
                MEANS,
            ),
            f"{ident}-advice",
        )
    )
    return section


def compartments_table(ruleset: Ruleset, p: Plan, found: Mapping[sr.Run, dict[str, Any]]) -> Markup:
    report = found[p.seats.get(p.main) or next(iter(p.seats.values()))]
    labels = {c.id: c.label for c in ruleset.rules.board.compartments}
    rows = []
    for cid, figures in report["compartments"].items():
        size = figures["size_when_won"]
        rows.append(
            (
                labels.get(cid, cid),
                rate_cell(figures["won_in_play"]),
                rate_cell(figures["won_at_turn_up"]),
                rate_cell(figures["carried_over"]),
                rate_cell(figures["card_held_unplayed"]),
                short_mean(size, 1, False) if size["n"] else "never won",
            )
        )
    return html_table(
        Table(
            (
                "Compartment",
                "Won in play",
                "Won at the turn-up",
                "Left on the board",
                "Winning card left in a hand",
                "Counters when won",
            ),
            tuple(rows),
            f"{count_text(report['deals'], 'independent deals')}, {n_players(report['players'])}, "
            f"each from an empty board; seed {sr.SEED}; 95% intervals in small print.",
        )
    )


@dataclass(frozen=True)
class Provenance:
    """How a page's figures were made: sizes, seed, and the commands that repeat them."""

    deals: int
    games: int
    commands: tuple[tuple[str, Markup], ...]
    """(what, command) for every run on the page, the command as :func:`command_html`."""


def provenance(rulesets: Sequence[Ruleset], plans: Sequence[Plan]) -> Provenance:
    commands: list[tuple[str, Markup]] = []
    for ruleset, p in zip(rulesets, plans, strict=True):
        name = short_name(ruleset)
        for players, run in p.seats.items():
            commands.append(
                (f"{name}: seats and deal length, {players} players", command_html(run.command()))
            )
        for (variant, players), run in p.length.items():
            if variant != p.packs[0]:
                commands.append(
                    (f"{name}: {variant.label}, {players} players", command_html(run.command()))
                )
        for (variant, players), run in p.games.items():
            commands.append(
                (
                    f"{name}: Matrimony, {variant.label}, {players} players",
                    command_html(run.command()),
                )
            )
        for variant, run in p.pope.items():
            commands.append((f"{name}: the Pope, {variant.label}", command_html(run.command())))
        for policy, run in p.advice.items():
            commands.append(
                (f"{name}: one seat with {POLICY_LABELS[policy]}", command_html(run.command()))
            )
    return Provenance(sr.deals_per_run(), sr.games_per_run(), tuple(commands))


def command_html(command: str) -> Markup:
    """A shell command for the page: escaped, and wrapped only between its arguments (never
    inside a flag such as ``--json``, nor between a flag and its value)."""
    words = shlex.split(command)
    groups: list[list[str]] = []
    for word in words:
        if groups and groups[-1][-1].startswith("--") and not word.startswith("-"):
            groups[-1].append(word)
        else:
            groups.append([word])
    return Markup(" ").join(
        Markup('<span class="pj-nowrap">{}</span>').format(shlex.join(group)) for group in groups
    )


def ruleset_statistics(ruleset: Ruleset) -> str:
    """The statistics section of one ruleset's page."""
    rulesets = _site_rulesets(ruleset)
    found = results_for(rulesets)
    p = plan(ruleset)
    counter = Counter()
    ident = f"st-{ruleset.id}"
    link = Linker(f"statistics/{ruleset.id}.md", _site.use_directory_urls)
    sections = [
        seats_section(ruleset, p, found, counter, ident),
        length_section(ruleset, p, found, counter, ident, link),
        matrimony_section(ruleset, p, found, counter, ident),
        pope_section(ruleset, p, found, counter, ident),
        advice_section(ruleset, p, found, counter, ident),
    ]
    return render(
        "statistics.md.j2",
        ruleset=ruleset,
        name=short_name(ruleset),
        sections=sections,
        compartments=compartments_table(ruleset, p, found),
        main=p.main,
        how=provenance([ruleset], [p]),
        example=command_html(p.seats.get(p.main, next(iter(p.seats.values()))).command()),
        advice_example=command_html(p.advice["advised"].command()),
        seed=sr.SEED,
        link=link,
        compare=link.href(COMPARE_PAGE),
    )


def _site_rulesets(ruleset: Ruleset) -> list[Ruleset]:
    """The rulesets the site was built from: those registered by the comparison page's nav
    callback, which runs first, at ``on_config``; else this one alone."""
    if _site.rulesets.get(ruleset.id) is ruleset:
        return list(_site.rulesets.values())
    return [ruleset]


# --------------------------------------------------------------------------------------------
# The comparison page


def compare_page(site: SiteData) -> Mapping[str, str]:
    rulesets = list(site.rulesets)
    found = results_for(rulesets)
    plans = [plan(r) for r in rulesets]
    counter = Counter()
    link = site.linker(COMPARE_PAGE)
    net_bars, out_bars, length_bars, matrimony_bars, pope_bars, advice_bars = (
        [],
        [],
        [],
        [],
        [],
        [],
    )
    seat_rows = []
    absent = []
    no_pope: list[str] = []
    for ruleset, p in zip(rulesets, plans, strict=True):
        name = short_name(ruleset)
        report = found[p.seats.get(MAIN) or p.seats[p.main]]
        players = report["players"]
        costs = dressing_by_position(ruleset, players)
        for position in range(players):
            tone = position_tone(position, players)
            label = position_label(position, players)
            net_bars.append(
                mean_bar(label, report["net_by_position"][position], tone, name, sign=True)
            )
            out_bars.append(rate_bar(label, report["went_out_by_position"][position], tone, name))
        for position in (0, players - 1):
            net = report["net_by_position"][position]
            seat_rows.append(
                (
                    f"{name}, {position_label(position, players)}",
                    short_mean(net),
                    str(costs[position]),
                    short_mean(shifted(net, costs[position])),
                    rate_cell(report["went_out_by_position"][position]),
                )
            )
        for tone, variant in enumerate(p.packs):
            run = p.length[(variant, p.main)]
            length_bars.append(mean_bar(variant.label, found[run]["cards_played"], tone, name, 1))
        if p.matrimony:
            for tone, variant in enumerate(p.matrimony):
                run = p.games[(variant, p.main)]
                size = matrimony_size(ruleset, variant, found[run])
                if size["n"]:
                    matrimony_bars.append(mean_bar(variant.label, size, tone, name, 1))
                else:
                    absent.append(f"{name} ({variant.label}): never won")
        else:
            absent.append(f"{name}: no Matrimony on the board")
        if not p.popes:
            no_pope.append(name)
        for variant in p.popes:
            edge = found[p.pope[variant]]["edge"]
            pope_bars.append(
                mean_bar(variant.label, edge, 0 if variant.options else 1, name, sign=True)
            )
        for policy, run in p.advice.items():
            advice_bars.append(
                mean_bar(
                    POLICY_LABELS[policy], found[run]["edge"], policy_tone(policy), name, sign=True
                )
            )
    deals, games = sr.deals_per_run(), sr.games_per_run()
    figures: dict[str, Markup] = {}
    figures["net"] = figure(
        bar_chart(
            net_bars,
            title=f"Mean net counters per deal by seat, {MAIN} players, every ruleset",
            axis="net counters per deal (dressing included)",
            ident="cmp-net",
        ),
        caption(
            counter,
            f"Mean net counters per deal for each seat at a table of {MAIN}, counted to the "
            "dealer's left, the dressing included, under each ruleset's default rules.",
            f"{count_text(deals, 'deals')} per ruleset",
            MEANS,
        ),
        "cmp-net",
    )
    figures["out"] = figure(
        bar_chart(
            out_bars,
            title=f"How often each seat goes out first, {MAIN} players, every ruleset",
            axis="share of played deals in which the seat goes out first",
            ident="cmp-out",
            value_text=percent,
            tick_text=lambda v: percent(v, 0),
        ),
        caption(
            counter,
            f"How often each seat is first to play its last card, {MAIN} players; an even "
            f"share would be {percent(1 / MAIN)}.",
            f"{count_text(deals, 'deals')} dealt per ruleset (voided deals left out)",
            RATES,
        ),
        "cmp-out",
    )
    figures["length"] = figure(
        bar_chart(
            length_bars,
            title=f"Cards played per deal by pack, {MAIN} players",
            axis="cards played per deal",
            ident="cmp-length",
            value_text=lambda v: number(v, 1),
        ),
        caption(
            counter,
            f"Cards played in a deal at a table of {MAIN}, under each ruleset's default pack "
            "and under each option that changes which cards are removed.",
            f"{count_text(deals, 'deals')} dealt per bar",
            MEANS,
        ),
        "cmp-length",
    )
    figures[MATRIMONY] = figure(
        bar_chart(
            matrimony_bars,
            title=f"Matrimony's size when won, whole games of {MAIN}",
            axis="counters on Matrimony when it is won",
            ident=f"cmp-{MATRIMONY}",
            value_text=lambda v: number(v, 1),
        ),
        caption(
            counter,
            "Counters taken from Matrimony in the deals that won it, over whole games with "
            "the board carried over" + (f" (not shown: {'; '.join(absent)})." if absent else "."),
            f"{count_text(games, 'games')} of {MAIN} players per bar",
            MEANS,
        ),
        f"cmp-{MATRIMONY}",
    )
    figures[POPE] = figure(
        bar_chart(
            pope_bars,
            title=f"What being dealt the Pope is worth, {MAIN} players",
            axis="holder's net less an average other seat's, counters per deal",
            ident=f"cmp-{POPE}",
        ),
        caption(
            counter,
            "How much better the seat dealt the Pope does than an average other seat of the "
            "same deal, under each ruleset's defaults and each value of its options about the "
            "Pope.",
            f"{count_text(deals, 'deals')} dealt per bar, {MAIN} players (deals with the Pope "
            "outside the hands left out)"
            + (f"; no Pope on the board: {names_list(no_pope)}" if no_pope else ""),
            MEANS,
        ),
        f"cmp-{POPE}",
    )
    figures["advice"] = figure(
        bar_chart(
            advice_bars,
            title=f"One seat's lead policy against random leads, {MAIN} players",
            axis="the seat's net less an average other seat's, counters per deal",
            ident="cmp-advice",
        ),
        caption(
            counter,
            "One seat leads by the policy named while the others lead at random, the seat "
            "moving round the table from deal to deal; the bar is its edge over an average "
            "other seat of the same deal.",
            f"{count_text(deals, 'deals')} per policy and ruleset, {MAIN} players",
            MEANS,
        ),
        "cmp-advice",
    )
    text = render(
        "statistics_compare.md.j2",
        rulesets=rulesets,
        plans=dict(zip([r.id for r in rulesets], plans, strict=True)),
        found=found,
        figures=figures,
        seat_table=html_table(
            Table(
                (
                    "Ruleset and seat",
                    "Net per deal",
                    "Dressing paid",
                    "Net before dressing",
                    "Goes out first",
                ),
                tuple(seat_rows),
                f"{MAIN} players, {count_text(deals, 'deals')} per ruleset, seed {sr.SEED}; "
                "95% intervals in small print.",
            )
        ),
        summary=compare_summary(rulesets, plans, found),
        questions=QUESTIONS,
        how=provenance(rulesets, plans),
        deals=deals,
        games=games,
        seed=sr.SEED,
        main=MAIN,
        short_name=short_name,
        link=link,
        stats=sr.last_stats,
    )
    log.info(
        "variants statistics: %d runs, %d from the cache, %d played (%.1f s)",
        len(_site.keys),
        len(_site.keys - _site.played),
        len(_site.played),
        _site.seconds,
    )
    return {COMPARE_PAGE: text}


def favoured(elder: Summary, dealer: Summary) -> str:
    return {1: "elder hand", -1: "dealer", 0: "neither"}[separated(elder, dealer)]


@dataclass(frozen=True)
class Answer:
    """One question's answer over every ruleset: a headline and a line per ruleset."""

    headline: Markup
    items: tuple[Markup, ...]


def variant_rules(ruleset: Ruleset, variant: Variant) -> Rules:
    return ruleset.rules_for(dict(variant.options))


def fewer_dealt(before: int, after: int) -> str:
    return f", with {before - after} fewer cards dealt" if after < before else ""


def names_list(names: Sequence[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def compare_summary(
    rulesets: Sequence[Ruleset], plans: Sequence[Plan], found: Mapping[sr.Run, dict[str, Any]]
) -> dict[str, Answer]:
    """Each question's answer over every ruleset, from the figures at the main table size."""
    seats: list[Markup] = []
    by_verdict: dict[str, list[str]] = {}
    in_play: dict[str, list[str]] = {}
    lengths: list[Markup] = []
    length_lines: list[Markup] = []
    matrimony: list[Markup] = []
    sizes: dict[str, float] = {}
    missing: list[str] = []
    pope: list[Markup] = []
    pope_edges: dict[str, float] = {}
    advice: list[Markup] = []
    beats_random: list[str] = []
    beats_lowest: list[str] = []
    gains: list[float] = []
    for ruleset, p in zip(rulesets, plans, strict=True):
        name = short_name(ruleset)
        report = found[p.seats.get(MAIN) or p.seats[p.main]]
        nets = report["net_by_position"]
        costs = dressing_by_position(ruleset, report["players"])
        verdict = favoured(nets[0], nets[-1])
        by_verdict.setdefault(verdict, []).append(name)
        in_play.setdefault(
            favoured(shifted(nets[0], costs[0]), shifted(nets[-1], costs[-1])), []
        ).append(name)
        seats.append(
            Markup(
                "<strong>{name}</strong>: {who}. Elder hand {e}, dealer {d}; before the "
                "dressing ({ce} and {cd} counters) {be} and {bd}."
            ).format(
                name=name,
                who=f"the {verdict}" if verdict != "neither" else "neither seat",
                e=number(nets[0]["mean"], 2, True),
                d=number(nets[-1]["mean"], 2, True),
                ce=costs[0],
                cd=costs[-1],
                be=number(nets[0]["mean"] + costs[0], 2, True),
                bd=number(nets[-1]["mean"] + costs[-1], 2, True),
            )
        )
        base = found[p.length[(p.packs[0], p.main)]]["cards_played"]
        dealt = cards_dealt(ruleset.rules, p.main)
        if len(p.packs) > 1:
            for variant in p.packs[1:]:
                other = found[p.length[(variant, p.main)]]["cards_played"]
                diff = difference(other, base)
                change = (
                    "no change this sample can detect"
                    if separated(diff, {"mean": 0, "ci95": [0, 0]}) == 0
                    else f"a change of {number(diff['mean'], 1, True)} cards"
                )
                line = Markup(
                    "<strong>{name}</strong>: {a} cards with the {pa}, {b} with the {pb} "
                    "({o}): {change} (95% CI {lo} to {hi}){fewer}."
                ).format(
                    name=name,
                    a=number(base["mean"], 1),
                    pa=p.packs[0].label,
                    b=number(other["mean"], 1),
                    pb=variant.label,
                    o=Markup("<code>{}={}</code>").format(*variant.options[0]),
                    change=change,
                    lo=number(diff["ci95"][0], 1, True),
                    hi=number(diff["ci95"][1], 1, True),
                    fewer=fewer_dealt(dealt, cards_dealt(variant_rules(ruleset, variant), p.main)),
                )
                lengths.append(line)
                length_lines.append(Markup("under {}, {}").format(name, change))
        else:
            lengths.append(
                Markup(
                    "<strong>{name}</strong>: {a} cards of {dealt} dealt, the {pack} always."
                ).format(name=name, a=number(base["mean"], 1), dealt=dealt, pack=p.packs[0].label)
            )
        if p.matrimony:
            variant = p.matrimony[0]
            size = matrimony_size(ruleset, variant, found[p.games[(variant, p.main)]])
            under = (
                Markup(" (with <code>{}={}</code>)").format(*variant.options[0])
                if variant.options
                else ""
            )
            if size["n"]:
                sizes[name] = float(size["mean"])
            else:
                missing.append(f"{name} (never won)")
            matrimony.append(
                Markup("<strong>{name}</strong>{under}: {s}.").format(
                    name=name,
                    under=under,
                    s=(
                        f"{number(size['mean'], 1)} counters "
                        f"({number(size['ci95'][0], 1)} to {number(size['ci95'][1], 1)})"
                        if size["n"]
                        else "never won"
                    ),
                )
            )
        else:
            missing.append(f"{name} (no Matrimony on the board)")
            matrimony.append(Markup("<strong>{}</strong>: no Matrimony on the board.").format(name))
        if p.popes:
            values = {v: found[p.pope[v]]["edge"] for v in p.popes}
            edge = values[DEFAULT]
            pope_edges[name] = float(edge["mean"])
            spread = Markup("")
            if len(values) > 1:
                low = min(values, key=lambda v: values[v]["mean"])
                high = max(values, key=lambda v: values[v]["mean"])
                spread = Markup("; across its Pope options from {lv} ({l}) to {hv} ({h})").format(
                    lv=number(values[low]["mean"], 2, True),
                    l=low.label,
                    hv=number(values[high]["mean"], 2, True),
                    h=high.label,
                )
            pope.append(
                Markup("<strong>{name}</strong>: {e} counters a deal{spread}.").format(
                    name=name, e=mean_text(edge), spread=spread
                )
            )
        else:
            pope.append(Markup("<strong>{}</strong>: no Pope on the board.").format(name))
        edges = {k: found[run]["edge"] for k, run in p.advice.items()}
        if separated(edges["advised"], edges["random"]) > 0:
            beats_random.append(name)
        if separated(edges["advised"], edges["lowest"]) > 0:
            beats_lowest.append(name)
        gains.append(float(edges["advised"]["mean"]) - float(edges["random"]["mean"]))
        advice.append(
            Markup(
                "<strong>{name}</strong>: advice {a}, lowest card {l}, random {r} counters a deal."
            ).format(
                name=name,
                a=mean_text(edges["advised"]),
                l=number(edges["lowest"]["mean"], 2, True),
                r=number(edges["random"]["mean"], 2, True),
            )
        )
    seat_words = [
        f"the {who} under {names_list(names)}"
        if who != "neither"
        else f"neither seat under {names_list(names)}"
        for who, names in by_verdict.items()
    ]
    play_words = [
        f"the {who} under {names_list(names)}"
        if who != "neither"
        else f"neither under {names_list(names)}"
        for who, names in in_play.items()
    ]
    answers = {
        "seats": Answer(
            Markup(
                "Counting the dressing, the favoured seat is {s}. Leave the dressing aside, "
                "and it is {p}."
            ).format(s=names_list(seat_words), p=names_list(play_words)),
            tuple(seats),
        ),
        "length": Answer(
            Markup("Where a ruleset offers the pack as an option: {}.").format(
                Markup("; ").join(length_lines) if length_lines else "no ruleset does"
            ),
            tuple(lengths),
        ),
        MATRIMONY: Answer(
            Markup(
                "Largest under {big} ({bs} counters when won), smallest under {small} ({ss}){miss}."
            ).format(
                big=max(sizes, key=lambda k: sizes[k]) if sizes else "none",
                bs=number(max(sizes.values()), 1) if sizes else "—",
                small=min(sizes, key=lambda k: sizes[k]) if sizes else "none",
                ss=number(min(sizes.values()), 1) if sizes else "—",
                miss=f"; not won at all: {names_list(missing)}" if missing else "",
            ),
            tuple(matrimony),
        ),
        POPE: Answer(
            Markup(
                "Under the default rules, worth most under {big} ({bv} counters a deal over "
                "an average other seat) and least under {small} ({sv})."
            ).format(
                big=max(pope_edges, key=lambda k: pope_edges[k]) if pope_edges else "none",
                bv=number(max(pope_edges.values()), 2, True) if pope_edges else "—",
                small=min(pope_edges, key=lambda k: pope_edges[k]) if pope_edges else "none",
                sv=number(min(pope_edges.values()), 2, True) if pope_edges else "—",
            ),
            tuple(pope),
        ),
        "advice": Answer(
            Markup(
                "The advice beats random leads under {r} of {n} rulesets, by {lo} to {hi} "
                "counters a deal, and beats leading the lowest card under {l} of {n}."
            ).format(
                r=len(beats_random),
                n=len(rulesets),
                lo=number(min(gains), 2, True) if gains else "—",
                hi=number(max(gains), 2, True) if gains else "—",
                l=len(beats_lowest),
            ),
            tuple(advice),
        ),
    }
    return answers


def compare_nav(site: SiteData) -> list[dict[str, Any]]:
    """The comparison page in the nav; also remembers the site's rulesets, so that the first
    ruleset page built can play every run at once."""
    _site.rulesets = {r.id: r for r in site.rulesets}
    _site.use_directory_urls = site.use_directory_urls
    _site.keys, _site.played, _site.seconds = set(), set(), 0.0
    return [{"All rulesets compared": COMPARE_PAGE}]


extra_section("statistics")(ruleset_statistics)
add_page_set(PageSet("statistics", compare_nav, compare_page))
