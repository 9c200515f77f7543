"""The example deals behind the worked examples, the replay and the one-deal comparison."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

import pytest

from variants.cli import main
from variants.dealfile import read_deal_file
from variants.engine.events import Led
from variants.mechanics.ruleset import Ruleset
from variants.site.exampledeals import (
    deal_view,
    examples_for,
    generated_example,
    player_counts,
    replay_data,
    script_json,
)
from variants.site.examples import worked_examples
from variants.site.onedeal import one_deal

REPO = Path(__file__).resolve().parent.parent


def test_every_ruleset_has_three_five_and_eight_player_deals(
    rulesets: dict[str, Ruleset],
) -> None:
    for ruleset in rulesets.values():
        players = [e.players for e in examples_for(ruleset) if e.file is None]
        counts = ruleset.rules.players.counts
        nearest = [min(counts, key=lambda n, w=w: (abs(n - w), n)) for w in (3, 5, 8)]
        allowed = list(dict.fromkeys(nearest))  # the nearest allowed stands in for a count
        assert players == allowed == player_counts(ruleset.rules)
        slugs = [e.slug for e in examples_for(ruleset)]
        assert len(set(slugs)) == len(slugs)


def test_peel_shows_its_walkthrough_first(rulesets: dict[str, Ruleset]) -> None:
    first = examples_for(rulesets["peel"])[0]
    assert first.file == "examples/peel-walkthrough.yaml"
    assert first.title == "Peel's worked example: five players, hearts trumps"
    assert first.notes.startswith("The elder hand holds")
    assert first.result.winner == 1
    assert first.given_leads == 8
    for other in ("foster", "modern-shedding", "modern-variations"):
        assert all(e.file is None for e in examples_for(rulesets[other]))


@pytest.mark.parametrize("players", [3, 5, 8])
def test_a_generated_deal_is_the_one_variants_deal_gives(
    rulesets: dict[str, Ruleset], tmp_path: Path, players: int
) -> None:
    example = generated_example(rulesets["peel"], players, seed=1)
    out = tmp_path / "deal.yaml"
    code = main(
        [
            "deal",
            str(REPO / "rulesets" / "peel.yaml"),
            "--players",
            str(players),
            "--seed",
            "1",
            "--out",
            str(out),
        ]
    )
    assert code == 0
    deal = read_deal_file(out, REPO / "rulesets")
    assert deal.setup == example.setup
    assert deal.leads == tuple(e.card for e in example.result.events if isinstance(e, Led))


def test_deal_views_add_up(rulesets: dict[str, Ruleset]) -> None:
    for ruleset in rulesets.values():
        for example in examples_for(ruleset):
            view = deal_view(example)  # checks each seat's net against the engine's
            assert [s.net for s in view.seats] == list(example.result.net)
            assert sum(len(s.hand) for s in view.seats) + len(view.spare) <= 52
            assert view.board_rows[0].moment == "Dressed"
            assert view.board_rows[-1].counters == example.result.board
            runs = [line.run for line in view.play if line.run is not None]
            assert runs == list(range(1, view.runs + 1))


def test_replay_data_holds_no_ruleset_text(rulesets: dict[str, Ruleset]) -> None:
    for ruleset in rulesets.values():
        labels = {c.label for c in ruleset.rules.board.compartments}
        for example in examples_for(ruleset):
            data, lines = replay_data(example)
            assert len(lines) == len(data["steps"])
            text = json.dumps(data)
            assert not any(f'"{label}"' in text for label in labels if " " in label)
            assert set(data["steps"][0]) == {
                "kind",
                "seat",
                "hands",
                "run",
                "pile",
                "board",
                "net",
                "played",
            }


def test_script_json_cannot_end_its_script() -> None:
    text = script_json({"x": "</script><b>&"})
    assert "<" not in text and ">" not in text and "&" not in text
    assert json.loads(text) == {"x": "</script><b>&"}


def test_one_deal_drops_removed_cards_from_one_shuffle(rulesets: dict[str, Ruleset]) -> None:
    ordered = sorted(rulesets.values(), key=lambda r: r.id)
    result = one_deal(ordered, seed=2, players=5, dealer=0)
    assert [d.ruleset.id for d in result.deals] == [r.id for r in ordered]
    assert sorted(result.pack) == list(range(52))
    for deal in result.deals:
        dealt = {c for hand in deal.setup.hands for c in hand} | set(deal.setup.spare)
        if deal.setup.turn_up is not None:
            dealt.add(deal.setup.turn_up)
        assert dealt == set(result.pack) - set(deal.compiled.removed)
        assert deal.setup.dealer == 0
    assert any("all 52 cards" in note for note in result.notes)
    assert any("take out 8♦" in note for note in result.notes)
    assert any(note.startswith("Most counters won:") for note in result.notes)


def test_headings_keep_quotes_and_escape_the_rest() -> None:
    from variants.site.examples import heading

    assert str(heading('Peel\'s "walk" <b>[x](y)</b> {#z}')) == (
        'Peel\'s "walk" &lt;b&gt;\\[x\\]\\(y\\)&lt;/b&gt; \\{\\#z\\}'
    )


def test_a_showing_deal_is_told_as_a_showing_with_its_face_up_cards_marked(
    rulesets: dict[str, Ruleset],
) -> None:
    """Foster's Matrimony, five players, seed 1: one card down and one up to each seat, the hands
    shown from the elder hand, seat 4 taking Confederacy with K♥ J♠."""
    ruleset = rulesets["matrimony-foster"]
    example = generated_example(ruleset, 5)
    view = deal_view(example)
    assert not view.in_runs
    assert [len(s.face_up) for s in view.seats] == [1] * 5
    page = worked_examples(ruleset)
    section = page[page.index("## Five players") : page.index("## Eight players")]
    assert (
        section.count('class="pj-pc pj-pc--red pj-pc--up"')
        + section.count('class="pj-pc pj-pc--black pj-pc--up"')
        == 5
    )
    assert section.count('<span class="pj-up">face up</span>') == 5
    assert 'title="nine of diamonds, dealt face up"' in section
    assert "<summary>The showing, hand by hand" in section and "<summary>The play" not in section
    assert "Cards left" not in section and "Nobody went out" not in section
    assert "every lead chosen" not in section
    assert (
        "Nobody plays a card: the hands are shown in turn, beginning with the elder hand."
        in section
    )
    assert "No card is played under these rules" in page
    data, lines = replay_data(example)
    assert data["shown"] is True
    assert data["face_up"] == ["9D", "AC", "6S", "6D", "JS"]
    assert "The dealer takes Confederacy (4 counters), on the hands shown." in lines


def test_a_deal_played_in_runs_is_told_run_by_run(rulesets: dict[str, Ruleset]) -> None:
    page = worked_examples(rulesets["peel"])
    assert "Each is told run by run" in page and "<summary>The play, run by run" in page
    assert "pj-pc--up" not in page and "Cards left" in page
    data, _ = replay_data(generated_example(rulesets["peel"], 5))
    assert data["shown"] is False and data["face_up"] == []


def test_one_deal_says_no_card_is_played_where_the_hands_are_shown(
    rulesets: dict[str, Ruleset],
) -> None:
    ordered = sorted(rulesets.values(), key=lambda r: r.id)
    result = one_deal(ordered, seed=2, players=5, dealer=0)
    going = next(note for note in result.notes if "goes out under" in note)
    assert (
        "no card is played under Matrimony (Britannica), Matrimony (Cassell), Matrimony (Enquire "
        "Within) and Matrimony (Foster), where the hands are shown" in going
    )


class _Folds(HTMLParser):
    """For each class of element, and for the replay link's words: whether each is inside a
    ``<details>`` (folded); and every fold's summary."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0
        self.summary: list[str] = []
        self.in_summary = False
        self.folded: dict[str, list[bool]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "details":
            self.depth += 1
        if tag == "summary":
            self.in_summary = True
            self.summary.append("")
        for name in (dict(attrs).get("class") or "").split():
            self.folded.setdefault(name, []).append(self.depth > 0)

    def handle_endtag(self, tag: str) -> None:
        if tag == "details":
            self.depth -= 1
        if tag == "summary":
            self.in_summary = False

    def handle_data(self, data: str) -> None:
        if self.in_summary:
            self.summary[-1] += data
        if "Step through this deal in the replay" in data:
            self.folded.setdefault("replay link", []).append(self.depth > 0)


@pytest.mark.parametrize("ruleset_id", ["peel", "hoyle", "matrimony-foster", "newmarket"])
def test_each_worked_deal_shows_its_result_and_folds_its_long_parts(
    rulesets: dict[str, Ruleset], ruleset_id: str
) -> None:
    """Each deal's headline (its result, every seat's net, the link to the replay) is shown at
    once; its play, board log and settlement are folded under summaries that say what they
    hold, so that a page of five deals stays short until the reader opens one."""
    ruleset = rulesets[ruleset_id]
    sections = worked_examples(ruleset).split("\n## ")[1:]
    examples = examples_for(ruleset)
    assert len(sections) == len(examples)
    for section, example in zip(sections, examples, strict=True):
        assert f"{{#{example.anchor}}}" in section.splitlines()[0]
        folds = _Folds()
        folds.feed(section)
        assert folds.folded["pj-deal__result"] == [False]
        assert folds.folded["replay link"] == [False]
        for long_part in ("pj-runs", "pj-boardlog", "pj-settlement"):
            assert folds.folded[long_part] == [True], long_part
        play = "The play, run by run" if example.rules.play.in_runs else "The showing, hand by hand"
        assert any(summary.startswith(play) for summary in folds.summary), folds.summary
        assert "The board, as each compartment is taken" in folds.summary
        assert "The settlement, compartment by compartment, and each player's counters" in (
            folds.summary
        )
        result = section[section.index('class="pj-deal__result"') :].split("</p>", 1)[0]
        for seat in deal_view(example).seats:
            assert seat.name in result
