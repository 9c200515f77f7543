"""The site's model-driven pieces without a build: English, comparison, schema, escaping."""

from __future__ import annotations

import doctest
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, get_args

import pytest

from variants.mechanics import holders
from variants.mechanics.holders import HolderPays
from variants.mechanics.ruleset import FirstDealer, Ruleset, StopCause, TurnUpFate
from variants.rules.loader import load_rulesets, ruleset_schema
from variants.site import (
    charts,
    compare,
    describe,
    family,
    glossary,
    pages,
    render,
    schema_doc,
    svg,
)

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def rulesets() -> dict[str, Ruleset]:
    return load_rulesets(REPO / "rulesets")


@pytest.mark.parametrize(
    "module", [describe, render, schema_doc, pages, compare, svg, family, glossary, charts]
)
def test_doctests(module: Any) -> None:
    failures, _ = doctest.testmod(module)
    assert failures == 0


def texts(ruleset: Ruleset) -> dict[str, str]:
    return {rule.anchor: rule.text for rule in describe.rules_by_anchor(ruleset.rules).values()}


def test_peel_pack_names_the_eight_of_diamonds(rulesets: dict[str, Ruleset]) -> None:
    text = texts(rulesets["peel"])["rule-pack"]
    assert "the eight of diamonds (8♦) is taken out" in text
    assert "51 cards" in text


def test_foster_uses_the_full_pack(rulesets: dict[str, Ruleset]) -> None:
    assert "full pack of 52 cards" in texts(rulesets["foster"])["rule-pack"]


def test_hand_sizes_come_from_the_deal_plan(rulesets: dict[str, Ruleset]) -> None:
    peel = describe.hand_sizes(rulesets["peel"].rules, 5)
    assert peel.hands == (8, 8, 8, 8, 8)
    assert peel.spare == 10  # eight dealt to the spare hand, and the two left over
    assert peel.turn_up == "table"
    assert peel.hands_text == "8 each"
    assert describe.hand_sizes(rulesets["foster"].rules, 3).hands == (15, 15, 15)
    assert describe.hand_sizes(rulesets["foster"].rules, 3).spare == 7
    uneven = describe.hand_sizes(rulesets["modern-variations"].rules, 4)
    assert uneven.hands == (11, 10, 10, 10)
    assert uneven.hands_text == "11, 10, 10, 10"
    shedding = describe.hand_sizes(rulesets["modern-shedding"].rules, 5)
    assert shedding.turn_up_text == "in the dealer's hand"


def test_hand_size_table_has_a_row_per_player_count(rulesets: dict[str, Ruleset]) -> None:
    for ruleset in rulesets.values():
        table = describe.hand_sizes_table(ruleset.rules)
        players = ruleset.rules.players
        assert [row[0] for row in table.rows] == [str(n) for n in players.counts]


def test_every_rule_has_provenance(rulesets: dict[str, Ruleset]) -> None:
    for ruleset in rulesets.values():
        for section in describe.describe(ruleset.rules):
            assert section.rules, section.title
            for rule in section.rules:
                assert rule.provenance, (ruleset.id, rule.anchor)
                assert rule.sentences and all(s.strip() for s in rule.sentences)


def test_interpretations_named_by_rules_exist(rulesets: dict[str, Ruleset]) -> None:
    for ruleset in rulesets.values():
        known = {i.id for i in ruleset.interpretations}
        for rule in describe.rules_by_anchor(ruleset.rules).values():
            assert rule.interpretation is None or rule.interpretation in known


def test_peel_dressing_and_pope(rulesets: dict[str, Ruleset]) -> None:
    peel = texts(rulesets["peel"])
    assert "Game takes the rest of the pool" in peel["rule-dressing"]
    assert "the dealer pays two shares" in peel["rule-dressing"]
    pope = peel["rule-compartment-pope"]
    assert "nine of diamonds (9♦)" in pope
    assert "for every card dealt to them" in pope
    assert "ends without play" in pope


def test_a_card_named_apart_from_the_board_is_told_with_its_holders_rule(
    rulesets: dict[str, Ruleset],
) -> None:
    """Peel's Spin: the holder of the ace of diamonds left in hand pays double (016 lines
    209-211); no compartment is won by the card, so the rule names the card."""
    going = texts(rulesets["spin"])["rule-going-out"]
    assert "A player still holding the ace of diamonds (A♦) pays double for their cards." in going
    assert "the card of" not in going


def test_shares_table_matches_the_unit(rulesets: dict[str, Ruleset]) -> None:
    rules = rulesets["peel"].rules
    table = describe.rules_by_anchor(rules)["rule-dressing"].table
    assert table is not None
    five = next(row for row in table.rows if row[0] == "5")
    # A share of 3: the dealer pays 6, four others 3 each, a pool of 18; the named stakes take 14.
    assert five == ("5", "3", "6", "3", "18", "4")


def test_foster_penalty_and_announcing(rulesets: dict[str, Ruleset]) -> None:
    foster = texts(rulesets["foster"])
    assert "doubles that compartment" in foster["rule-penalties"]
    assert "No six" in foster["rule-announce"]
    assert "rule-lead-only" not in foster


def test_option_effects_name_the_rules_they_change(rulesets: dict[str, Ruleset]) -> None:
    peel = rulesets["peel"]
    effects = describe.option_effects(peel, peel.option("dressing"))
    dealer = next(e for e in effects if e.value == "dealer")
    assert not dealer.default
    assert "rule-dressing" in {c.rule.anchor for c in dealer.changes}
    foster = rulesets["foster"]
    layout = next(
        e
        for e in describe.option_effects(foster, foster.option("layout"))
        if e.value == "matrimony"
    )
    kinds = {(c.kind, c.rule.anchor) for c in layout.changes}
    assert ("added", "rule-compartment-confederacy") in kinds
    assert ("removed", "rule-compartment-ten") in kinds


def test_drawn_pool_cards_name_no_one_deal_s_card_in_a_title(
    rulesets: dict[str, Ruleset],
) -> None:
    """Newmarket's compartments are titled by the card that wins them as the text gives it;
    with the pool cards drawn afresh each deal, by the rank that wins them in their card's suit."""
    newmarket = rulesets["newmarket"]
    effects = describe.option_effects(newmarket, newmarket.option("pool_cards"))
    drawn = next(e for e in effects if e.value == "drawn")
    titles = [c.rule.title for c in drawn.changes if c.rule.anchor.startswith("rule-compartment")]
    assert titles == [
        "Ace (K of its suit)",
        "King (Q of its suit)",
        "Queen (J of its suit)",
        "Knave (10 of its suit)",
    ]
    as_written = newmarket.rules_for({})
    first = describe.board.compartment_rule(as_written.board.compartments[0], as_written)
    assert first.title == "Ace of spades (K♠)"


@pytest.mark.parametrize(
    ("words", "values"),
    [
        (describe.first_dealer_text, FirstDealer),
        (describe.first_dealer_short, FirstDealer),
        (describe.turn_up_fate_text, TurnUpFate),
        (describe.stop_title, StopCause),
        (describe.stop_short, StopCause),
        (holders.pays, HolderPays),
    ],
)
def test_each_value_of_a_rule_reads_differently(words: Any, values: Any) -> None:
    said = [words(value) for value in get_args(values)]
    assert len(set(said)) == len(said) and all(said)


def test_status_counts_only_the_rules_supplied(rulesets: dict[str, Ruleset]) -> None:
    assert describe.status_for(0).label == "no rule supplied"
    assert describe.status_for(1).label == "1 rule supplied"
    assert describe.status_for(9).label == "9 rules supplied"
    assert "“modern page”, cited but not reproduced" in describe.status_rule()
    # Peel's fifteen interpretations: five where it says nothing (the first dealer, "as at Nap",
    # read from another source), ten readings of its words (three of them of its advice on what
    # to lead, one a variation not played); the book's pages are whole.
    peel = describe.ruleset_status(rulesets["peel"])
    assert (peel.interpretations, peel.supplied, peel.readings) == (15, 5, 10)
    assert (peel.label, peel.complete, peel.copy) == (
        "5 rules supplied, 1 from other sources",
        True,
        "complete text",
    )
    # Cassell's section is whole (012); the four rules it does not give (who deals first, where
    # the odd cards go, whether a deal goes on after a Pope turned up, how many deals make a
    # game) all come from other sources.
    cassell = describe.ruleset_status(rulesets["cassell"])
    assert (cassell.copy, cassell.label) == (
        "complete text",
        "4 rules supplied, 4 from other sources",
    )
    assert describe.ruleset_status(rulesets["foster"]).copy == "complete text"
    shedding = describe.ruleset_status(rulesets["modern-shedding"], modern=True)
    assert (shedding.copy, shedding.label) == (
        "modern page",
        "3 rules supplied, 1 from other sources",
    )


def test_comparison_rows(rulesets: dict[str, Ruleset]) -> None:
    ordered = list(rulesets.values())
    rows = {row.dimension.id: row for row in compare.matrix(ordered)}
    required = {
        "pack",
        "chief-card",
        "stops",
        "deal",
        "spare",
        "turn-up",
        "compartments",
        "dressing",
        "lead",
        "pairs",
        "chief-card-holder",
        "penalties",
        "rounds",
        "closing",
        "end",
        "first-dealer",
    }
    assert required <= set(rows)
    pack = rows["pack"]
    assert pack.differs
    removing = {r.id for text, group in pack.groups() if "8♦" in text for r in group}
    matrimony = {r for r in rulesets if r.startswith("matrimony-")}
    assert (
        removing
        == set(rulesets)
        - {"foster", "newmarket", "queen-nazareen", "stops", "pochen", "poch"}
        - matrimony
    )
    players = {text: {r.id for r in group} for text, group in rows["players"].groups()}
    assert players == {
        "3\N{EN DASH}8": set(rulesets) - matrimony - {"queen-nazareen", "pochen", "poch"},
        "5\N{EN DASH}14": matrimony,
        "3\N{EN DASH}10": {"queen-nazareen"},
        "3\N{EN DASH}6": {"pochen", "poch"},
    }
    assert all(len(row.cells) == len(ordered) for row in rows.values())
    # The sources of Pope Joan disagree on the pack; Pope Joan and Matrimony are played by
    # different numbers of players, which is a difference between games, not sources.
    disagreements = {row.dimension.id for row in compare.disagreements(ordered)}
    between = {row.dimension.id for row in compare.between_games(ordered)}
    assert "pack" in disagreements and "players" not in disagreements
    assert "players" in between and not between & disagreements


def test_comparison_describes_the_rules_at_their_defaults(rulesets: dict[str, Ruleset]) -> None:
    ordered = list(rulesets.values())
    rows = {row.dimension.id: row for row in compare.matrix(ordered)}
    cell = {(dimension, c.ruleset.id): c.text for dimension, row in rows.items() for c in row.cells}
    # The dealer takes the turn-up into hand, so nothing is "below the turn-up"; the Pope held
    # back for a lead is only an option.
    assert cell["stops", "modern-shedding"] == (
        "kings; below a removed card; below an unseen card; below a played card"
    )
    assert cell["stops", "modern-variations"] == cell["stops", "modern-shedding"]
    assert cell["stops", "peel"] == (
        "kings; below a removed card; below the turn-up; below an unseen card; below a played card"
    )
    assert cell["stops", "foster"] == "kings; below an unseen card; below a played card"
    assert cell["chief-card-bonus", "peel"] == (
        "+ 1 per card in each other hand, counted when it is played"
    )
    assert cell["chief-card-bonus", "hoyle"] == "its stake only"
    assert cell["honour-turned-up", "hoyle"] == (
        "the dealer, for A of trumps, K of trumps, Q of trumps and J of trumps"
    )
    assert cell["honour-turned-up", "foster"] == "no turn-up"
    assert cell["chief-card-turned-up", "hoyle"] == (
        "dealer takes its stake and Game's + 1 per card dealt from each; deal ends unplayed"
    )
    assert cell["chief-card-turned-up", "hoffmann"] == "dealer takes its stake; deal is played"


def test_boards_are_drawn_their_own_way(rulesets: dict[str, Ruleset]) -> None:
    assert svg.is_layout(rulesets["foster"].rules)
    assert not svg.is_layout(rulesets["peel"].rules)
    layout = str(svg.board_svg(rulesets["foster"].rules, "Foster", "t"))
    assert layout.count('class="pj-svg__card') == 5
    round_board = str(svg.board_svg(rulesets["peel"].rules, "Peel", "t"))
    assert round_board.count("pj-svg__segment") >= 8
    assert "rest" in round_board
    caption = svg.stakes_caption(rulesets["peel"].rules)
    assert caption.endswith("Game: the rest of the pool.")


def test_escape_markdown_defuses_html_and_markdown() -> None:
    text = "<script>x</script> [a](javascript:b) ![i](x) {: onclick=y } *z*"
    escaped = str(render.escape_markdown(text))
    assert "<" not in escaped and ">" not in escaped
    for char in "[]()!{}*":
        assert f"\\{char}" in escaped


def test_cards_filter_escapes_then_colours() -> None:
    out = str(render.cards('<img src=x onerror="a">9♥'))
    assert out.startswith("&lt;img")
    assert 'class="pj-card pj-card--red"' in out
    assert "<img" not in out


def test_unknown_marker_is_an_error(rulesets: dict[str, Ruleset]) -> None:
    site = pages.SiteData.create(rulesets, ruleset_schema())
    assert "pj-boards" in pages.expand_markers("<!-- variants: boards -->", site, "index.md")
    with pytest.raises(pages.UnknownMarkerError, match="boardz"):
        pages.expand_markers("text\n<!-- variants: boardz -->\n", site, "index.md")
    with pytest.raises(pages.UnknownMarkerError):
        pages.expand_markers("<!-- variants -->", site, "index.md")


def test_extra_sections_are_appended(rulesets: dict[str, Ruleset]) -> None:
    site = pages.SiteData.create(rulesets, ruleset_schema())

    def renderer(ruleset: Ruleset) -> str:
        return f"## Engine output for {pages.escape_markdown(ruleset.id)}"

    # Other renderers may be registered already (importing the site's hook registers them).
    registered = pages.extra_sections["examples"]
    saved = list(registered)
    registered.clear()
    try:
        assert "will hold" in pages.section_page(site, rulesets["peel"], "examples")
        pages.extra_section("examples")(renderer)
        text = pages.section_page(site, rulesets["peel"], "examples")
        assert "## Engine output for peel" in text
        assert "will hold" not in text
    finally:
        registered[:] = saved


def _schema_objects(node: Mapping[str, Any], path: str = "") -> Iterator[str]:
    for name, child in node.get("properties", {}).items():
        child_path = f"{path}.{name}" if path else name
        if child.get("type") == "object" and "properties" in child:
            yield child_path
            yield from _schema_objects(child, child_path)
        items = child.get("items", {})
        if child.get("type") == "array" and "properties" in items:
            yield child_path + "[]"
            yield from _schema_objects(items, child_path + "[]")


def test_schema_reference_covers_every_object_and_definition() -> None:
    schema = ruleset_schema()
    doc = schema_doc.schema_doc(schema)
    documented = {o.path for o in doc.objects}
    for path in _schema_objects(schema):
        assert path in documented, path
    assert {d.name for d in doc.defs} == set(schema["$defs"])
    stops = next(o for o in doc.objects if o.path == "rules.first_dealer")
    method = next(f for f in stops.fields if f.name == "method")
    assert [v.value for v in method.values] == ["lowest-card", "first-jack", "agreed"]
    assert all(v.meaning for v in method.values)


def test_links_between_pages() -> None:
    link = render.Linker("compare.md")
    assert link.ruleset("peel", "rule-pack") == "../rulesets/peel/#rule-pack"
    assert link.source_file("000_x.txt") == "../sources/#file-000_x"
    flat = render.Linker("rulesets/peel.md", use_directory_urls=False)
    assert flat.href("compare.md") == "../compare.html"


def test_a_board_marks_what_rests_on_an_interpretation(rulesets: dict[str, Ruleset]) -> None:
    """Foster's layout suit (the source is silent) and its 7 or 9 Pope (it contradicts itself)
    are readings: every card of the layout is drawn marked, and the caption's note says why,
    each linked to its interpretation. Peel's board marks only the compartments read."""
    foster = rulesets["foster"]
    layout = str(svg.board_svg(foster.rules, "Foster", "t"))
    assert layout.count("pj-svg__card--read") == 5
    assert layout.count('<tspan class="pj-svg__mark"> *</tspan>') == 5
    assert "Marked *, resting on a reading of the source: Ten, Jack, Queen, King, Pope." in layout
    assert svg.interpretation_marks(foster) == [
        svg.InterpretationMark(
            "layout-suit", ("Ten", "Jack", "Queen", "King"), "the source does not say"
        ),
        svg.InterpretationMark("pope-card", ("Pope",), "the source contradicts itself"),
    ]
    peel = str(svg.board_svg(rulesets["peel"].rules, "Peel", "t"))
    assert peel.count("pj-svg__segment--read") == 3
    assert "Marked *, resting on a reading of the source: Pope Joan, Matrimony, Intrigue." in peel
    assert not any(c.interpretation for c in rulesets["matrimony-foster"].rules.board.compartments)
    assert svg.interpretation_marks(rulesets["matrimony-foster"]) == []
