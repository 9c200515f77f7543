"""Question 5: does the sources' play advice pay, and whose pays best?

Each source that gives advice has a policy that follows it (``advice:<ruleset id>``); sources
whose advice is the same are played once, together. Under each ruleset's rules one seat leads
by a policy while the others lead at random, the seat moving round the table from deal to deal;
its edge is how much better it does than an average other seat. Leading the lowest card and
leading at random are the yardsticks.
"""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup

from ...analysis.reports import Mean
from ...engine.policies import ADVICE_PREFIX
from ...mechanics.ruleset import Advice, AdvicePreference, Ruleset, name_for_id
from ...rules.advice import advice_beside
from .. import stats_runs as sr
from ..charts import number
from ..pages import short_name
from .figures import (
    MEANS,
    Counter,
    Section,
    chart,
    count_text,
    fold,
    mean_bar,
    mean_text,
    n_players,
    phrases,
    rate_text,
    separated,
)
from .plan import MAIN, Plan
from .question import Answer, Entry, Page, Question

say = phrases(__name__)

ANCHOR = "advice"
ASKED = "Does the sources' play advice pay, and whose pays best?"
YARDSTICKS = {"random": "random leads", "lowest": "lowest card"}
"""The policies every advice is measured against, with their labels."""
OWN = "its own source's advice"


def advisers(rulesets: Sequence[Ruleset]) -> tuple[str, ...]:
    """The policy of each distinct advice among ``rulesets``, in their order: sources that give
    the same preferences in the same order share one, named for the first of them."""
    found: dict[tuple[AdvicePreference, ...], str] = {}
    for ruleset in rulesets:
        advice = ruleset.rules.advice
        if advice is not None:
            found.setdefault(_preferences(advice), ADVICE_PREFIX + ruleset.id)
    return tuple(found.values())


def runs(ruleset: Ruleset, main: int, deals: int, site: Sequence[Ruleset]) -> dict[str, sr.Run]:
    """A run with one seat following each yardstick and each advice of the site's sources,
    by policy; none for a game whose hands are shown, not played, where nobody leads."""
    if not ruleset.rules.play.in_runs:
        return {}
    return {
        policy: sr.Run("policy-seat", ruleset.id, main, deals, policy=policy)
        for policy in (*YARDSTICKS, *advisers(site))
    }


def label(ruleset: Ruleset, run: sr.Run) -> str:
    """What a run's policy is called on ``ruleset``'s page: its own source's advice is named
    as such, another's by that source's ruleset."""
    if run.policy in YARDSTICKS:
        return YARDSTICKS[run.policy]
    if _own(ruleset, run):
        return OWN
    return "the advice of " + name_for_id(run.policy.removeprefix(ADVICE_PREFIX))


def _advice(p: Plan) -> dict[str, sr.Run]:
    return {policy: run for policy, run in p.advice.items() if policy not in YARDSTICKS}


def _own(ruleset: Ruleset, run: sr.Run) -> bool:
    """Whether ``run`` follows this ruleset's own advice (another source's, word for word)."""
    own = ruleset.rules.advice
    if own is None or not run.policy.startswith(ADVICE_PREFIX):
        return False
    followed = advice_beside(ruleset.path)(run.policy.removeprefix(ADVICE_PREFIX))
    return _preferences(followed) == _preferences(own)


def _preferences(advice: Advice) -> tuple[AdvicePreference, ...]:
    return tuple(p.prefer for p in advice.preferences)


ADVICE_KEY = (
    (1, "the rules' own source's advice"),
    (2, "another source's advice"),
    (3, "the lowest card"),
    (0, "random leads"),
)
"""What the colours of :func:`tone` stand for."""


def tone(ruleset: Ruleset, run: sr.Run) -> int:
    """The ruleset's own advice in the highlight colour, any other advice in a second, lowest
    card leads in a third, random leads plain."""
    match run.policy:
        case "random":
            return 0
        case "lowest":
            return 3
        case _:
            return 1 if _own(ruleset, run) else 2


def example(p: Plan) -> sr.Run | None:
    """The run shown as the question's command: the first advice, else random leads; None
    where nobody leads."""
    return next(iter(_advice(p).values()), p.advice.get("random"))


def listed(p: Plan) -> list[tuple[str, sr.Run]]:
    """What each run is, for the list of commands."""
    return [
        (f"one seat with {YARDSTICKS.get(run.policy, run.policy)}", run)
        for run in p.advice.values()
    ]


def verdict(edges: dict[str, Mean], random_: Mean) -> str:
    """Which advice does best, and whether it is surely better than random leads."""
    ranked = sorted(edges.items(), key=lambda item: -item[1].mean)
    best, top = ranked[0]
    beats = separated(top, random_)
    against = {
        1: "surely better than random leads",
        0: "not surely better than random leads",
        -1: "worse than random leads",
    }[beats]
    if len(ranked) == 1:
        return f"{best} is {against}"
    runner, second = ranked[1]
    if separated(top, second) > 0:
        return f"{best} does best here, and is {against}"
    return f"{best} and {runner} cannot be told apart here, and the first is {against}"


def section(page: Page) -> Section:
    p = page.plan
    ruleset = page.ruleset
    if not p.advice:
        return Section(ANCHOR, ASKED, say("absent"), [])
    reports = {label(ruleset, run): page.results.seats[run] for run in p.advice.values()}
    bars = [
        mean_bar(
            label(ruleset, run), reports[label(ruleset, run)].edge, tone(ruleset, run), sign=True
        )
        for run in p.advice.values()
    ]
    random_, lowest = reports[YARDSTICKS["random"]], reports[YARDSTICKS["lowest"]]
    advised = {label(ruleset, run): reports[label(ruleset, run)] for run in _advice(p).values()}
    edges = {name: report.edge for name, report in advised.items()}
    items = [say("edge", label=name, a=mean_text(r.edge)) for name, r in advised.items()]
    if not advised:
        return Section(ANCHOR, "Does the play advice pay?", Markup("<p>%s</p>") % say("nobody"), [])
    answer = say(
        "answer",
        n=p.main,
        items=Markup("; ").join(items),
        l=mean_text(lowest.edge),
        r=mean_text(random_.edge),
        verdict=verdict(edges, random_.edge),
        ro=rate_text(random_.went_out),
        outs=Markup(", ").join(
            say("went_out", label=name, rate=rate_text(r.went_out)) for name, r in advised.items()
        ),
    )
    found = Section(ANCHOR, "Does the play advice pay?", answer, [])
    found.body.append(
        chart(
            page.counter,
            bars,
            ident=f"{page.ident}-advice",
            title=f"{short_name(ruleset)}: one seat's way of leading against random leads",
            axis="the seat's net less an average other seat's, counters per deal",
            shows="One seat leads in the way named, the other seats at random; the seat moves "
            "round the table from deal to deal, so every position takes its turn. The bar "
            "is how much better that seat does than an average other seat of the same deal.",
            size=f"{count_text(random_.deals, 'deals')} per way of leading, {n_players(p.main)}",
            interval=MEANS,
            key=ADVICE_KEY,
        )
    )
    return found


def comparison(entries: Sequence[Entry], counter: Counter) -> Section:
    bars = []
    for entry in entries:
        name = short_name(entry.ruleset)
        for run in entry.plan.advice.values():
            edge = entry.results.seats[run].edge
            shade = tone(entry.ruleset, run)
            bars.append(mean_bar(label(entry.ruleset, run), edge, shade, name, sign=True))
    deals = sr.deals_per_run()
    shown = chart(
        counter,
        bars,
        ident="cmp-advice",
        title=f"One seat's way of leading against random leads, {MAIN} players",
        axis="the seat's net less an average other seat's, counters per deal",
        shows="One seat leads in the way named while the others lead at random, the seat "
        "moving round the table from deal to deal; the bar is its edge over an average "
        "other seat of the same deal.",
        size=f"{count_text(deals, 'deals')} per way of leading and ruleset, {MAIN} players",
        interval=MEANS,
        key=ADVICE_KEY,
    )
    folded = fold(f"Figure {counter.value}: each source's advice, ruleset by ruleset", shown)
    return Section(ANCHOR, "Does the play advice pay?", say("compared"), [folded])


def answer(entries: Sequence[Entry]) -> Answer:
    items: list[Markup] = []
    wins: dict[str, int] = {}
    for entry in entries:
        runs_ = entry.plan.advice.values()
        if not runs_:
            continue
        edges = {label(entry.ruleset, run): entry.results.seats[run].edge for run in runs_}
        advised = {
            run.policy: entry.results.seats[run].edge for run in _advice(entry.plan).values()
        }
        if advised:
            best = max(advised, key=lambda policy: advised[policy].mean)
            wins[best] = wins.get(best, 0) + 1
        parts = Markup(", ").join(
            say("part", label=name, a=number(edge.mean, 2, True)) for name, edge in edges.items()
        )
        items.append(say("item", name=short_name(entry.ruleset), parts=parts))
    ranked = sorted(wins.items(), key=lambda item: -item[1])
    headline = (
        say(
            "headline",
            best=name_for_id(ranked[0][0].removeprefix(ADVICE_PREFIX)),
            k=ranked[0][1],
            n=len(entries),
        )
        if ranked
        else say("nobody")
    )
    return Answer(headline, tuple(items))


QUESTION = Question(ANCHOR, ASKED, section, comparison, answer, listed)
