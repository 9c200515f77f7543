"""Question 5: does source 000's play advice beat leading at random or the lowest card?

One seat leads by a policy while the others lead at random, the seat moving round the table
from deal to deal; its edge is how much better it does than an average other seat.
"""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup

from ...rules.ruleset import Ruleset
from .. import stats_runs as sr
from ..charts import number
from ..pages import short_name
from .figures import (
    MEANS,
    Counter,
    Section,
    chart,
    count_text,
    difference,
    mean_bar,
    mean_text,
    n_players,
    phrases,
    rate_text,
    separated,
)
from .plan import MAIN, POLICIES, Plan
from .question import Answer, Entry, Page, Question

say = phrases(__name__)

ANCHOR = "advice"
ASKED = "Does source 000's play advice beat random and lowest-card leads?"
POLICY_LABELS = {
    "random": "random leads",
    "lowest": "lowest card",
    "advised": "Peel's advice",
}


def policy_tone(policy: str) -> int:
    """Peel's advice in the highlight colour, lowest-card leads in a third, random plain."""
    return {"advised": 1, "lowest": 3}.get(policy, 0)


def runs(ruleset: Ruleset, main: int, deals: int) -> dict[str, sr.Run]:
    """A run with one seat following each policy."""
    return {p: sr.Run("policy-seat", ruleset.id, main, deals, policy=p) for p in POLICIES}


VERDICTS = {
    (1, 1): "the advice beats both",
    (1, 0): "the advice beats random leads, but cannot be told from leading the lowest card",
    (1, -1): "the advice beats random leads, but leading the lowest card does better still",
    (0, 1): "the advice beats leading the lowest card, but not random leads",
    (0, 0): "the advice cannot be told from either",
    (0, -1): "the advice does no better than random leads, and worse than the lowest card",
    (-1, 1): "the advice does worse than random leads",
    (-1, 0): "the advice does worse than random leads",
    (-1, -1): "the advice does worse than both",
}
"""The verdict, by whether the advice is surely above (1) or below (-1) random leads and the
lowest card."""


def listed(p: Plan) -> list[tuple[str, sr.Run]]:
    """What each run is, for the list of commands."""
    return [(f"one seat with {POLICY_LABELS[policy]}", run) for policy, run in p.advice.items()]


def section(page: Page) -> Section:
    p = page.plan
    reports = {policy: page.results.seats[run] for policy, run in p.advice.items()}
    bars = [
        mean_bar(POLICY_LABELS[policy], report.edge, policy_tone(policy), sign=True)
        for policy, report in reports.items()
    ]
    advised, lowest, random_ = reports["advised"], reports["lowest"], reports["random"]
    verdict = VERDICTS[
        (separated(advised.edge, random_.edge), separated(advised.edge, lowest.edge))
    ]
    answer = say(
        "answer",
        n=p.main,
        a=mean_text(advised.edge),
        l=mean_text(lowest.edge),
        r=mean_text(random_.edge),
        verdict=verdict,
        d=mean_text(difference(advised.edge, random_.edge)),
        ao=rate_text(advised.went_out),
        ro=rate_text(random_.went_out),
    )
    found = Section(ANCHOR, "Does Peel's play advice pay?", answer, [])
    found.body.append(
        chart(
            page.counter,
            bars,
            ident=f"{page.ident}-advice",
            title=f"{short_name(page.ruleset)}: one seat's lead policy against random leads",
            axis="the seat's net less an average other seat's, counters per deal",
            shows="One seat leads by the policy named, the other seats at random; the seat moves "
            "round the table from deal to deal, so every position takes its turn. The bar "
            "is how much better that seat does than an average other seat of the same deal.",
            size=f"{count_text(advised.deals, 'deals')} per policy, {n_players(p.main)}",
            interval=MEANS,
        )
    )
    return found


def comparison(entries: Sequence[Entry], counter: Counter) -> Section:
    bars = []
    for entry in entries:
        name = short_name(entry.ruleset)
        for policy, run in entry.plan.advice.items():
            edge = entry.results.seats[run].edge
            bars.append(mean_bar(POLICY_LABELS[policy], edge, policy_tone(policy), name, sign=True))
    deals = sr.deals_per_run()
    shown = chart(
        counter,
        bars,
        ident="cmp-advice",
        title=f"One seat's lead policy against random leads, {MAIN} players",
        axis="the seat's net less an average other seat's, counters per deal",
        shows="One seat leads by the policy named while the others lead at random, the seat "
        "moving round the table from deal to deal; the bar is its edge over an average "
        "other seat of the same deal.",
        size=f"{count_text(deals, 'deals')} per policy and ruleset, {MAIN} players",
        interval=MEANS,
    )
    return Section(ANCHOR, "Does the play advice pay?", say("compared"), [shown])


def answer(entries: Sequence[Entry]) -> Answer:
    items: list[Markup] = []
    beats_random: list[str] = []
    beats_lowest: list[str] = []
    gains: list[float] = []
    for entry in entries:
        name = short_name(entry.ruleset)
        edges = {k: entry.results.seats[run].edge for k, run in entry.plan.advice.items()}
        if separated(edges["advised"], edges["random"]) > 0:
            beats_random.append(name)
        if separated(edges["advised"], edges["lowest"]) > 0:
            beats_lowest.append(name)
        gains.append(edges["advised"].mean - edges["random"].mean)
        items.append(
            say(
                "item",
                name=name,
                a=mean_text(edges["advised"]),
                l=number(edges["lowest"].mean, 2, True),
                r=number(edges["random"].mean, 2, True),
            )
        )
    return Answer(
        say(
            "headline",
            r=len(beats_random),
            n=len(entries),
            lo=number(min(gains), 2, True) if gains else "—",
            hi=number(max(gains), 2, True) if gains else "—",
            l=len(beats_lowest),
        ),
        tuple(items),
    )


QUESTION = Question(ANCHOR, ASKED, section, comparison, answer, listed)
