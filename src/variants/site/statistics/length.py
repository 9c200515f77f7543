"""Question 2: how much does removing the 8♦ change how long a deal lasts?

Cards played per deal, over independent deals at each table size, under the default pack and
under each option value that changes which cards are removed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from markupsafe import Markup

from ...analysis.reports import Mean
from ...core.cards import RANKS, SUIT_GLYPHS, SUITS, rank_of, suit_of
from ...engine.compiled import compile_rules
from ...engine.deal import deal_from_pack
from ...mechanics.ruleset import Rules, Ruleset
from .. import stats_runs as sr
from ..charts import number, percent
from ..pages import short_name
from .figures import (
    MEANS,
    VARIANT_KEY,
    Counter,
    Section,
    Table,
    chart,
    count_text,
    difference,
    fold,
    html_table,
    mean_bar,
    mean_text,
    option_words,
    phrases,
    separated,
    short_mean,
    variant_tone,
)
from .plan import COMPARE_PAGE, MAIN, Plan, Variant, non_default, variant, variant_rules
from .question import Answer, Entry, Page, Question
from .reports import ZERO

say = phrases(__name__)

ANCHOR = "length"
ASKED = "How much does removing the 8♦ change how long a deal lasts?"


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
    for option_id, value in non_default(ruleset, lambda path, _: path == "pack.removed"):
        rules = ruleset.rules_for({option_id: value})
        variants.append(variant(ruleset, option_id, value, pack_text(rules)))
    return variants


def runs(
    ruleset: Ruleset, sizes: Sequence[int], deals: int
) -> tuple[tuple[Variant, ...], dict[tuple[Variant, int], sr.Run]]:
    """The pack variants, and a run of independent deals for each at each table size."""
    packs = tuple(pack_variants(ruleset))
    length = {
        (v, p): sr.Run("deals", ruleset.id, p, deals, options=v.options)
        for v in packs
        for p in sizes
    }
    return packs, length


def listed(p: Plan) -> list[tuple[str, sr.Run]]:
    """What each run under another pack is, for the list of commands (the default pack's are
    the seats')."""
    return [
        (f"{v.label}, {players} players", run)
        for (v, players), run in p.length.items()
        if v != p.packs[0]
    ]


def cards_dealt(rules: Rules, players: int) -> int:
    """Cards dealt to the players' hands (a turn-up taken into hand included)."""
    compiled = compile_rules(rules, players)
    setup = deal_from_pack(compiled, compiled.pack, players - 1)
    return sum(len(hand) for hand in setup.hands)


def length_verdict(
    main: Mapping[Variant, Mean], packs: Sequence[Variant], dealt: Mapping[Variant, int]
) -> Markup:
    """The pack options' effect on a deal's length, in a sentence."""
    base = packs[0]
    words = []
    for v in packs[1:]:
        diff = difference(main[v], main[base])
        sign = separated(diff, ZERO)
        fewer = dealt[base] - dealt[v]
        dealt_words = f", with {fewer} fewer cards dealt to the players" if fewer > 0 else ""
        if sign == 0:
            words.append(
                f"with the {v.label} a deal is no longer or shorter by as much as this "
                f"sample can detect (the interval of the change includes zero){dealt_words}"
            )
        else:
            share = abs(diff.mean) / main[base].mean
            way = "shorter" if sign < 0 else "longer"
            words.append(
                f"with the {v.label} a deal is {number(abs(diff.mean), 1)} cards "
                f"({percent(share)}) {way}{dealt_words}"
            )
    return say("verdict", words="; ".join(words))


def in_runs(entry: Entry) -> bool:
    """Whether the ruleset's deals are played in runs (else its hands are shown, and no card is
    played: the question does not arise)."""
    return entry.ruleset.rules.play.in_runs


def section(page: Page) -> Section:
    ruleset, p, found = page.ruleset, page.plan, page.results.deals
    if not in_runs(page):
        return Section(ANCHOR, ASKED, say("absent"), [])
    bars = []
    for players in p.sizes:
        for tone, v in enumerate(p.packs):
            report = found[p.length[(v, players)]]
            bars.append(
                mean_bar(v.label, report.cards_played, variant_tone(tone), f"{players} players", 1)
            )
    main = {v: found[p.length[(v, p.main)]].cards_played for v in p.packs}
    base = p.packs[0]
    if len(p.packs) == 1:
        answer = say(
            "answer_one_pack",
            pack=base.label,
            n=p.main,
            m=mean_text(main[base], 1, False),
            dealt=cards_dealt(ruleset.rules, p.main),
            href=page.link.href(COMPARE_PAGE, ANCHOR),
        )
    else:
        parts = []
        for v in p.packs[1:]:
            diff = difference(main[v], main[base])
            parts.append(
                say(
                    "part",
                    v=v.label,
                    o=option_words(v),
                    m=mean_text(main[v], 1, False),
                    dealt=cards_dealt(variant_rules(ruleset, v), p.main),
                    d=mean_text(diff, 1, True),
                )
            )
        answer = say(
            "answer",
            n=p.main,
            pack=base.label,
            m=mean_text(main[base], 1, False),
            dealt=cards_dealt(ruleset.rules, p.main),
            parts=Markup("; ").join(parts),
            verdict=length_verdict(
                main,
                p.packs,
                {v: cards_dealt(variant_rules(ruleset, v), p.main) for v in p.packs},
            ),
        )
    found_section = Section(ANCHOR, "How long does a deal last?", answer, [])
    deals = found[p.length[(base, p.main)]].deals
    found_section.body.append(
        chart(
            page.counter,
            bars,
            ident=f"{page.ident}-length",
            title=f"{short_name(ruleset)}: cards played per deal",
            axis="cards played per deal",
            shows="Cards played before a player goes out, by table size"
            + (" and by pack." if len(p.packs) > 1 else "."),
            size=f"{count_text(deals, 'deals')} dealt per bar (deals voided at the turn-up "
            "are not counted)",
            interval=MEANS,
            key=VARIANT_KEY,
            value_text=lambda v: number(v, 1),
        )
    )
    rows = []
    for players in p.sizes:
        for v in p.packs:
            played = found[p.length[(v, players)]].cards_played
            dealt = cards_dealt(variant_rules(ruleset, v), players)
            rows.append(
                (
                    f"{v.label}, {players} players",
                    str(dealt),
                    short_mean(played, 1, False),
                    short_mean(played.scaled(1 / dealt if dealt else 0.0), 3, False),
                )
            )
    found_section.body.append(
        fold(
            f"Cards dealt and played, {'pack by pack and ' if len(p.packs) > 1 else ''}"
            f"table by table ({len(rows)} rows)",
            html_table(
                Table(
                    (
                        "Pack and table",
                        "Cards dealt to the players",
                        "Cards played",
                        "Share played",
                    ),
                    tuple(rows),
                    f"{count_text(deals, 'deals')} per row; 95% intervals in small "
                    "print. The share played is the cards played over the cards dealt to the "
                    "players' hands (the spare hand or stock excluded).",
                )
            ),
        )
    )
    return found_section


def comparison(entries: Sequence[Entry], counter: Counter) -> Section:
    bars = []
    for entry in filter(in_runs, entries):
        p = entry.plan
        for tone, v in enumerate(p.packs):
            report = entry.results.deals[p.length[(v, p.main)]]
            bars.append(
                mean_bar(
                    v.label, report.cards_played, variant_tone(tone), short_name(entry.ruleset), 1
                )
            )
    deals = sr.deals_per_run()
    shown = chart(
        counter,
        bars,
        ident="cmp-length",
        title=f"Cards played per deal by pack, {MAIN} players",
        axis="cards played per deal",
        shows=f"Cards played in a deal at a table of {MAIN}, under each ruleset's default pack "
        "and under each option that changes which cards are removed.",
        size=f"{count_text(deals, 'deals')} dealt per bar",
        interval=MEANS,
        key=VARIANT_KEY,
        value_text=lambda v: number(v, 1),
    )
    folded = fold(f"Figure {counter.value}: cards played per deal, ruleset by ruleset", shown)
    return Section(
        ANCHOR, "How long does a deal last, with and without the 8♦?", say("compared"), [folded]
    )


def fewer_dealt(before: int, after: int) -> str:
    return f", with {before - after} fewer cards dealt" if after < before else ""


def answer(entries: Sequence[Entry]) -> Answer:
    lengths: list[Markup] = []
    length_lines: list[Markup] = []
    for entry in filter(in_runs, entries):
        ruleset, p, found = entry.ruleset, entry.plan, entry.results.deals
        name = short_name(ruleset)
        base = found[p.length[(p.packs[0], p.main)]].cards_played
        dealt = cards_dealt(ruleset.rules, p.main)
        if len(p.packs) > 1:
            for v in p.packs[1:]:
                other = found[p.length[(v, p.main)]].cards_played
                diff = difference(other, base)
                change = (
                    "no change this sample can detect"
                    if separated(diff, ZERO) == 0
                    else f"a change of {number(diff.mean, 1, True)} cards"
                )
                line = say(
                    "item",
                    name=name,
                    a=number(base.mean, 1),
                    pa=p.packs[0].label,
                    b=number(other.mean, 1),
                    pb=v.label,
                    o=option_words(v),
                    change=change,
                    lo=number(diff.low, 1, True),
                    hi=number(diff.high, 1, True),
                    fewer=fewer_dealt(dealt, cards_dealt(variant_rules(ruleset, v), p.main)),
                )
                lengths.append(line)
                length_lines.append(say("headline_part", name=name, change=change))
        else:
            lengths.append(
                say(
                    "item_one_pack",
                    name=name,
                    a=number(base.mean, 1),
                    dealt=dealt,
                    pack=p.packs[0].label,
                )
            )
    return Answer(
        say(
            "headline",
            changes=Markup("; ").join(length_lines) if length_lines else "no ruleset does",
        ),
        tuple(lengths),
    )


QUESTION = Question(ANCHOR, ASKED, section, comparison, answer, listed)
