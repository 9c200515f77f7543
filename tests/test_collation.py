"""The word-by-word alignment the collation pages are made with (variants.site.collation), and
the passages it marks (variants.site.rowpages)."""

from __future__ import annotations

import doctest

import pytest

from variants.site import collation, rowpages
from variants.site.collation import differences, normalise, shared, shared_words, tokens


@pytest.mark.parametrize("module", [collation, rowpages])
def test_doctests(module: object) -> None:
    failures, tried = doctest.testmod(module)  # type: ignore[arg-type]
    assert tried and not failures


def test_old_spellings_compare_as_the_modern_ones() -> None:
    old = tokens([(1, "Æther \u017ftake, Knave;")])
    new = tokens([(7, "aether stake knave")])
    assert [t.norm for t in old] == [t.norm for t in new]
    assert normalise("—") == "" and normalise("&c.") == "andc"


def test_a_word_broken_over_two_lines_is_compared_whole() -> None:
    broken = tokens([(1, "two stakes a-"), (2, "piece towards it")])
    whole = tokens([(5, "two stakes apiece towards it")])
    assert shared_words(broken, whole, least=5).first == 5


def test_shared_runs_must_be_long_enough() -> None:
    ours = ["the", "nine", "of", "diamonds", "is", "pope"]
    theirs = ["and", "six", "to", "the", "nine", "of", "diamonds", "styled", "pope"]
    assert shared(ours, theirs, least=4) == frozenset({0, 1, 2, 3})
    assert shared(ours, theirs, least=5) == frozenset()
    with pytest.raises(ValueError):
        shared(ours, theirs, least=0)


def test_a_variant_between_two_aligned_stretches_is_marked_both_ways() -> None:
    hoyle = tokens([(3, "then pope, if he have it, and afterwards the lowest card")])
    later = tokens([(9, "then Pope, if he has it, and afterwards the lowest card")])
    diff = differences(later, hoyle)
    assert [later[i].text for i in sorted(diff.changed)] == ["has"]
    assert list(diff.dropped.values()) == [("have",)]
    assert "then" in {later[i].text for i in diff.same}


def test_other_matter_is_not_taken_for_a_variant() -> None:
    first = tokens([(1, "the dealer dresses the board with counters before the deal begins")])
    other = tokens([(1, "a player who holds no card of the suit led passes to his neighbour")])
    diff = differences(other, first)
    assert not diff.changed and not diff.dropped and not diff.same


def test_passage_text_reaches_the_page_escaped() -> None:
    base = rowpages.Witness(
        "a.txt", None, ((1, 1),), ((1, "so then the dealer <b>dresses</b> all of the board"),), ()
    )
    later = rowpages.Witness(
        "b.txt",
        None,
        ((1, 1),),
        ((1, "so then the dealer <script>x</script> all of the board"),),
        (),
    )
    marked = rowpages.Collated(later, base, differences(later.tokens(), base.tokens()))
    [[(number, html)]] = marked.marked_lines()
    assert number == 1
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "<ins>&lt;script&gt;x&lt;/script&gt;</ins>" in html
    assert "<del>&lt;b&gt;dresses&lt;/b&gt;</del>" in html
