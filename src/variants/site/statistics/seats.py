"""Question 1: is the dealer's or the elder hand's seat favoured?

Net counters and going out first, by seat, over independent deals at each table size; the runs
are the length question's under the default pack (:attr:`Plan.seats`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from markupsafe import Markup

from ...analysis.reports import DealsReport, Mean
from .. import stats_runs as sr
from ..charts import number, percent
from ..pages import short_name
from .figures import (
    MEANS,
    RATES,
    Cell,
    Counter,
    Section,
    Table,
    chart,
    count_text,
    figure_fold,
    fold,
    html_table,
    mean_bar,
    mean_text,
    names_list,
    phrases,
    rate_bar,
    rate_cell,
    rate_text,
    separated,
    short_mean,
)
from .plan import MAIN, Plan, dressing_by_position
from .question import Answer, Entry, Page, Question

say = phrases(__name__)

ANCHOR = "seats"
ASKED = "Is the dealer's or the elder hand's seat favoured?"


def position_label(position: int, players: int) -> str:
    """A seat by its place from the dealer's left, as the rest of the site names it: ``elder
    hand (Player 1)``, ``Player 2``, ..., ``dealer``."""
    if position == 0:
        return "elder hand (Player 1)"
    if position == players - 1:
        return "dealer"
    return f"Player {position + 1}"


def position_tone(position: int, players: int) -> int:
    return 1 if position == 0 else 2 if position == players - 1 else 0


SEAT_KEY = ((1, "elder hand (Player 1)"), (0, "the other players"), (2, "dealer"))
"""What the colours of :func:`position_tone` stand for."""


def dressing_sentence(costs: Sequence[int], banker: bool) -> str:
    """How the dressing falls on the seats, in words. A banker (the first dealer, who dresses
    every deal of a game) holds the dealer's seat in these independent deals, and is named so."""
    dealer, others = costs[-1], costs[:-1]
    if len(set(costs)) == 1:
        return f"every seat pays {costs[0]} counters to dress the board"
    if len(set(others)) == 1:
        if others[0] == 0 and banker:
            return (
                f"the banker alone dresses the board, with {dealer} counters every deal, and "
                "here the banker holds the dealer's seat"
            )
        if others[0] == 0:
            return f"the dealer alone dresses the board, with {dealer} counters"
        return (
            f"the dealer pays {dealer} counters to dress the board and each other player "
            f"{others[0]}"
        )
    return "the seats pay " + ", ".join(str(c) for c in costs) + " counters to dress the board"


def favoured(elder: Mean, dealer: Mean) -> str:
    return {1: "elder hand", -1: "dealer", 0: "neither"}[separated(elder, dealer)]


def other_sizes(reports: Mapping[int, DealsReport], main: int) -> str:
    """The verdict at each other table size, in a sentence."""
    parts = []
    for players, report in reports.items():
        if players == main:
            continue
        nets = report.net_by_position
        who = favoured(nets[0], nets[-1])
        parts.append(
            f"{'neither' if who == 'neither' else 'the ' + who} with {players} players "
            f"(elder hand {number(nets[0].mean, 2, True)}, "
            f"dealer {number(nets[-1].mean, 2, True)})"
        )
    if not parts:
        return ""
    return " At the other table sizes, counting the dressing, the favoured seat is " + (
        names_list(parts) + "."
    )


def seat_row(label: str, net: Mean, cost: int, out: Cell | None) -> tuple[Cell, ...]:
    """A row of the seats' tables: net, dressing, net before the dressing, going out first
    (None: no card is played, so the column is not there)."""
    row = (label, short_mean(net), str(cost), short_mean(net.shifted(cost)))
    return row if out is None else (*row, out)


HEAD = ("Net per deal", "Dressing paid", "Net before dressing")
"""The seats' tables' columns after the seat, less going out first."""
GOES_OUT = "Goes out first"
NO_PLAY = "no card played"
"""The going-out cell of a ruleset whose hands are shown."""


def listed(p: Plan) -> list[tuple[str, sr.Run]]:
    """What each of the seats' runs is, for the list of commands (they are the length
    question's under the default pack)."""
    return [(f"seats and deal length, {players} players", run) for players, run in p.seats.items()]


def section(page: Page) -> Section:
    ruleset, p, ident = page.ruleset, page.plan, page.ident
    in_runs = ruleset.rules.play.in_runs
    reports = {n: page.results.deals[run] for n, run in p.seats.items()}
    main = reports.get(p.main) or next(iter(reports.values()))
    n = main.players
    nets = main.net_by_position
    outs = main.went_out_by_position
    elder, dealer = nets[0], nets[-1]
    costs = dressing_by_position(ruleset, n)
    before = [s.shifted(c) for s, c in zip(nets, costs, strict=True)]
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
    answer = say(
        "answer",
        others=other_sizes(reports, n),
        n=n,
        e=mean_text(elder),
        d=mean_text(dealer),
        verdict=verdict,
        dressing=dressing_sentence(costs, ruleset.rules.dressing.by_banker),
        be=number(before[0].mean, 2, True),
        bd=number(before[-1].mean, 2, True),
        play=play_verdict,
        outs=say("outs", eo=rate_text(outs[0]), do=rate_text(outs[-1]), even=percent(1 / n))
        if in_runs
        else say("shown"),
    )
    found = Section(ANCHOR, "Which seat is favoured?", answer, [])
    net_bars = []
    out_bars = []
    for players, report in reports.items():
        group = f"{players} players"
        for position in range(players):
            tone = position_tone(position, players)
            label = position_label(position, players)
            net_bars.append(
                mean_bar(label, report.net_by_position[position], tone, group, sign=True)
            )
            out_bars.append(rate_bar(label, report.went_out_by_position[position], tone, group))
    deals = count_text(main.deals, "deals")
    found.body.append(
        chart(
            page.counter,
            net_bars,
            ident=f"{ident}-net",
            title=f"{short_name(ruleset)}: mean net counters per deal by seat",
            axis="net counters per deal (dressing included)",
            shows="Mean net counters per deal for each seat, counted to the dealer's left, "
            "the dressing included: what a seat takes from the board and from the other "
            "players, less what it stakes. Each deal starts from an empty board.",
            size=f"{deals} per table size",
            interval=MEANS,
            key=SEAT_KEY,
        )
    )
    played = main.deals - main.voided.count
    if in_runs:
        out_chart = chart(
            page.counter,
            out_bars,
            ident=f"{ident}-out",
            title=f"{short_name(ruleset)}: how often each seat goes out first",
            axis="share of played deals in which the seat goes out first",
            shows="How often each seat is the first to play its last card (and so takes Game, "
            "where there is one, and is paid for the cards left in the other hands).",
            size=f"{count_text(played, 'played deals')} at {n} players, "
            f"{number(main.deals, 0)} deals dealt per table size"
            + (" (deals voided at the turn-up left out)" if main.voided.count else ""),
            interval=RATES,
            key=SEAT_KEY,
            value_text=percent,
            tick_text=lambda v: percent(v, 0),
        )
        found.body.append(
            figure_fold(page.counter, "how often each seat goes out first", out_chart)
        )
    rows = []
    for players, report in reports.items():
        costs_here = dressing_by_position(ruleset, players)
        for position in range(players):
            rows.append(
                seat_row(
                    f"{players} players, {position_label(position, players)}",
                    report.net_by_position[position],
                    costs_here[position],
                    rate_cell(report.went_out_by_position[position]) if in_runs else None,
                )
            )
    found.body.append(
        fold(
            f"Each seat's net, table by table ({len(reports)} "
            f"{'tables' if len(reports) > 1 else 'table'}, {len(rows)} seats)",
            html_table(
                Table(
                    ("Seat", *HEAD, GOES_OUT) if in_runs else ("Seat", *HEAD),
                    tuple(rows),
                    f"{deals} per table size; 95% intervals in small print. "
                    "Players are numbered from the dealer's left; where the rules have a banker, "
                    "the banker holds the dealer's seat.",
                )
            ),
        )
    )
    return found


def compared(entry: Entry) -> DealsReport:
    """The report a ruleset is compared by: at the comparison's table size, else its own."""
    p = entry.plan
    return entry.results.deals[p.seats.get(MAIN) or p.seats[p.main]]


def comparison(entries: Sequence[Entry], counter: Counter) -> Section:
    """The comparison page's section: the seats' table and its two figures."""
    net_bars, out_bars, rows = [], [], []
    for entry in entries:
        name = short_name(entry.ruleset)
        report = compared(entry)
        players = report.players
        costs = dressing_by_position(entry.ruleset, players)
        for position in range(players):
            tone = position_tone(position, players)
            label = position_label(position, players)
            net_bars.append(
                mean_bar(label, report.net_by_position[position], tone, name, sign=True)
            )
            if entry.ruleset.rules.play.in_runs:
                out_bars.append(rate_bar(label, report.went_out_by_position[position], tone, name))
        for position in (0, players - 1):
            rows.append(
                seat_row(
                    f"{name}, {position_label(position, players)}",
                    report.net_by_position[position],
                    costs[position],
                    rate_cell(report.went_out_by_position[position])
                    if entry.ruleset.rules.play.in_runs
                    else NO_PLAY,
                )
            )
    deals = sr.deals_per_run()
    net = chart(
        counter,
        net_bars,
        ident="cmp-net",
        title=f"Mean net counters per deal by seat, {MAIN} players, every ruleset",
        axis="net counters per deal (dressing included)",
        shows=f"Mean net counters per deal for each seat at a table of {MAIN}, counted to the "
        "dealer's left, the dressing included, under each ruleset's default rules.",
        size=f"{count_text(deals, 'deals')} per ruleset",
        interval=MEANS,
        key=SEAT_KEY,
    )
    out = chart(
        counter,
        out_bars,
        ident="cmp-out",
        title=f"How often each seat goes out first, {MAIN} players, every ruleset that plays",
        axis="share of played deals in which the seat goes out first",
        shows=f"How often each seat is first to play its last card, {MAIN} players; an even "
        f"share would be {percent(1 / MAIN)}."
        + (
            ""
            if all(e.ruleset.rules.play.in_runs for e in entries)
            else " A ruleset whose hands are shown, where no card is played, is left out."
        ),
        size=f"{count_text(deals, 'deals')} dealt per ruleset (voided deals left out)",
        interval=RATES,
        key=SEAT_KEY,
        value_text=percent,
        tick_text=lambda v: percent(v, 0),
    )
    table = html_table(
        Table(
            ("Ruleset and seat", *HEAD, GOES_OUT),
            tuple(rows),
            f"{MAIN} players, {count_text(deals, 'deals')} per ruleset; "
            "95% intervals in small print.",
        )
    )
    folded = [
        fold(f"The elder hand and the dealer, ruleset by ruleset ({len(entries)} rulesets)", table),
        fold(f"Figure {counter.value - 1}: each seat's net under every ruleset", net),
        fold(
            f"Figure {counter.value}: how often each seat goes out first, ruleset by ruleset", out
        ),
    ]
    return Section(ANCHOR, "Which seat is favoured?", say("compared"), folded)


def answer(entries: Sequence[Entry]) -> Answer:
    """The seats' answer over every ruleset."""
    seats: list[Markup] = []
    by_verdict: dict[str, list[str]] = {}
    in_play: dict[str, list[str]] = {}
    for entry in entries:
        name = short_name(entry.ruleset)
        report = compared(entry)
        nets = report.net_by_position
        costs = dressing_by_position(entry.ruleset, report.players)
        verdict = favoured(nets[0], nets[-1])
        by_verdict.setdefault(verdict, []).append(name)
        in_play.setdefault(
            favoured(nets[0].shifted(costs[0]), nets[-1].shifted(costs[-1])), []
        ).append(name)
        seats.append(
            say(
                "item",
                name=name,
                who=f"the {verdict}" if verdict != "neither" else "neither seat",
                e=number(nets[0].mean, 2, True),
                d=number(nets[-1].mean, 2, True),
                ce=costs[0],
                cd=costs[-1],
                be=number(nets[0].mean + costs[0], 2, True),
                bd=number(nets[-1].mean + costs[-1], 2, True),
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
    return Answer(
        say("headline", s=names_list(seat_words), p=names_list(play_words)),
        tuple(seats),
    )


QUESTION = Question(ANCHOR, ASKED, section, comparison, answer, listed)
