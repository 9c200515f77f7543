"""Question 3: how large does Matrimony grow before it is won?

Matrimony is the compartment won by the king and queen of trumps together
(:func:`variants.rules.roles.king_and_queen`), found by what it does, never by its id. Its size when
won is followed over whole games, the board carried over, under the default rules (if they have
one) and under each option value that changes how it is won or paid, or puts one on the board.
"""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup

from ...analysis.reports import GamesReport, Mean, Rate, wilson_rate
from ...engine.compiled import compile_rules
from ...mechanics.ruleset import Compartment, Rules, Ruleset
from ...rules import roles
from .. import stats_runs as sr
from ..charts import number
from ..pages import short_name
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
    names_list,
    option_words,
    phrases,
    rate_cell,
    rate_text,
    short_mean,
    variant_tone,
)
from .plan import DEFAULT, MAIN, Plan, Variant, changes, variant, variant_rules
from .question import Answer, Entry, Page, Question

say = phrases(__name__)

ANCHOR = "royal-pair"
"""The anchor of the question, named for the role (:func:`variants.rules.roles.king_and_queen`)."""
ASKED = "How large does Matrimony grow before it is won?"


def has_matrimony(rules: Rules) -> bool:
    return roles.king_and_queen(rules) is not None


def matrimony_of(rules: Rules) -> Compartment:
    """The compartment the Matrimony figures are about: won by a king and a queen together."""
    found = roles.king_and_queen(rules)
    if found is None:
        raise ValueError("no compartment is won by the king and queen of trumps")
    return found


def matrimony_variants(ruleset: Ruleset) -> list[Variant]:
    """The rules with a Matrimony: the default (if it has one), then each option value that
    changes how the board's Matrimony is won or paid, or puts one on the board."""
    variants = [DEFAULT] if has_matrimony(ruleset.rules) else []
    for option_id, value in changes(ruleset, roles.king_and_queen):
        variants.append(variant(ruleset, option_id, value))
    return variants


def runs(
    ruleset: Ruleset, sizes: Sequence[int], main: int, games: int
) -> tuple[tuple[Variant, ...], dict[tuple[Variant, int], sr.Run]]:
    """The variants with a Matrimony, and a run of whole games for each: the first at every
    table size, the others at the main one."""
    matrimony = tuple(matrimony_variants(ruleset))
    game_runs = {}
    for index, v in enumerate(matrimony):
        for p in sizes if index == 0 else (main,):
            game_runs[(v, p)] = sr.Run("games", ruleset.id, p, games, options=v.options)
    return matrimony, game_runs


def listed(p: Plan) -> list[tuple[str, sr.Run]]:
    """What each run is, for the list of commands."""
    return [
        (f"Matrimony, {v.label}, {players} players", run) for (v, players), run in p.games.items()
    ]


def matrimony_size(ruleset: Ruleset, v: Variant, report: GamesReport) -> Mean:
    """Matrimony's size when won, from a games report played under ``v``."""
    return report.size_when_won[matrimony_of(variant_rules(ruleset, v)).id]


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
        return say("closing")
    return Markup("")


def won_rate(ruleset: Ruleset, v: Variant, report: GamesReport, players: int) -> Rate:
    """How often Matrimony is won, per deal of the games in ``report``."""
    deals = report.games * variant_rules(ruleset, v).game.deal_count(players)
    return wilson_rate(matrimony_size(ruleset, v, report).n, deals)


def section(page: Page) -> Section:
    ruleset, p, found = page.ruleset, page.plan, page.results.games
    if not p.matrimony:
        return Section(
            ANCHOR,
            "How large does Matrimony grow?",
            say("absent"),
            [],
        )
    bars = []
    rows = []
    never = []
    for tone, v in enumerate(p.matrimony):
        for players in p.sizes:
            run = p.games.get((v, players))
            if run is None:
                continue
            report = found[run]
            size = matrimony_size(ruleset, v, report)
            label = f"{players} players"
            if size.n:
                bars.append(mean_bar(label, size, variant_tone(tone), v.label, 1))
            else:
                never.append(f"{v.label}, {players} players")
            rows.append(
                (
                    f"{v.label}, {players} players",
                    count_text(report.games, "games"),
                    number(size.n, 0),
                    rate_cell(won_rate(ruleset, v, report, players)),
                    short_mean(size, 1, False) if size.n else "never won",
                )
            )
    first = p.matrimony[0]
    first_run = p.games.get((first, p.main))
    games = found[first_run].games if first_run else 0
    if first_run is not None:
        report = found[first_run]
        size = matrimony_size(ruleset, first, report)
        lead = say(
            "lead",
            n=p.main,
            growth=growth_sentence(variant_rules(ruleset, first), p.main),
            rate=rate_text(won_rate(ruleset, first, report, p.main)),
            under=say("under", option=option_words(first)) if first.options else "",
            size=mean_text(size, 1, False) if size.n else "—",
            never=say("never", where="; ".join(never)) if never else "",
            closing=closing_note(ruleset),
        )
    else:  # pragma: no cover - the main size is always played
        lead = Markup("")
    if not has_matrimony(ruleset.rules):
        lead = say("not_by_default") + lead
    found_section = Section(ANCHOR, ASKED, lead, [])
    if bars:
        found_section.body.append(
            chart(
                page.counter,
                bars,
                ident=f"{page.ident}-{ANCHOR}",
                title=f"{short_name(ruleset)}: Matrimony's size when won",
                axis="counters on Matrimony when it is won",
                shows="Counters taken from Matrimony in the deals that won it (shares "
                "counted together), over whole games with the board carried over.",
                size=f"{count_text(games, 'games')} per bar; the number of deals that won "
                "Matrimony is in the table below",
                interval=MEANS,
                key=VARIANT_KEY,
                value_text=lambda v: number(v, 1),
            )
        )
    found_section.body.append(
        fold(
            f"How often Matrimony is won and what it holds, for each set of rules and table size "
            f"({len(rows)} rows)",
            html_table(
                Table(
                    ("Rules and table", "Games", "Deals won", "Won per deal", "Size when won"),
                    tuple(rows),
                    "95% intervals in small print.",
                )
            ),
        )
    )
    return found_section


def comparison(entries: Sequence[Entry], counter: Counter) -> Section:
    bars = []
    absent = []
    for entry in entries:
        ruleset, p = entry.ruleset, entry.plan
        name = short_name(ruleset)
        if not p.matrimony:
            absent.append(f"{name}: no Matrimony on the board")
        for tone, v in enumerate(p.matrimony):
            size = matrimony_size(ruleset, v, entry.results.games[p.games[(v, p.main)]])
            if size.n:
                bars.append(mean_bar(v.label, size, variant_tone(tone), name, 1))
            else:
                absent.append(f"{name} ({v.label}): never won")
    games = sr.games_per_run()
    shown = chart(
        counter,
        bars,
        ident=f"cmp-{ANCHOR}",
        title=f"Matrimony's size when won, whole games of {MAIN}",
        axis="counters on Matrimony when it is won",
        shows="Counters taken from Matrimony in the deals that won it, over whole games with "
        "the board carried over" + (f" (not shown: {'; '.join(absent)})." if absent else "."),
        size=f"{count_text(games, 'games')} of {MAIN} players per bar",
        interval=MEANS,
        key=VARIANT_KEY,
        value_text=lambda v: number(v, 1),
    )
    folded = fold(f"Figure {counter.value}: Matrimony's size when won, ruleset by ruleset", shown)
    return Section(ANCHOR, ASKED, say("compared"), [folded])


def answer(entries: Sequence[Entry]) -> Answer:
    items: list[Markup] = []
    sizes: dict[str, float] = {}
    missing: list[str] = []
    for entry in entries:
        ruleset, p = entry.ruleset, entry.plan
        name = short_name(ruleset)
        if not p.matrimony:
            missing.append(f"{name} (no Matrimony on the board)")
            items.append(say("item_none", name=name))
            continue
        v = p.matrimony[0]
        size = matrimony_size(ruleset, v, entry.results.games[p.games[(v, p.main)]])
        under = say("item_under", option=option_words(v)) if v.options else ""
        if size.n:
            sizes[name] = size.mean
        else:
            missing.append(f"{name} (never won)")
        items.append(
            say(
                "item",
                name=name,
                under=under,
                s=f"{number(size.mean, 1)} counters "
                f"({number(size.low, 1)} to {number(size.high, 1)})"
                if size.n
                else "never won",
            )
        )
    return Answer(
        say(
            "headline",
            big=max(sizes, key=lambda k: sizes[k]) if sizes else "none",
            bs=number(max(sizes.values()), 1) if sizes else "—",
            small=min(sizes, key=lambda k: sizes[k]) if sizes else "none",
            ss=number(min(sizes.values()), 1) if sizes else "—",
            miss=f"; not won at all: {names_list(missing)}" if missing else "",
        ),
        tuple(items),
    )


QUESTION = Question(ANCHOR, ASKED, section, comparison, answer, listed)
