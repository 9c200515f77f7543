"""The statistics pages: each ruleset's, and one comparing them all, from seeded, cached runs.

Five questions are asked of every ruleset, each answered with numbers and a chart, each in a
module of its own that holds its plan (which runs it needs), its section of a ruleset's page,
its section of the comparison page, its answer in the comparison's brief, and its phrases (in
the template ``_stats_<module>.html.j2``); each module ends by declaring its ``QUESTION``, and
:data:`.page.QUESTIONS` lists them in the order the pages ask them. A new question is a new
module and its template, added to that list:

1. :mod:`.seats`: is the dealer's or the elder hand's seat favoured? (net counters and going
   out, by seat)
2. :mod:`.length`: how much does removing the 8♦ change how long a deal lasts? (cards played
   per deal)
3. :mod:`.king_and_queen`: how large does Matrimony grow before it is won? (whole games, the
   board carried over)
4. :mod:`.chief_card`: what is the Pope worth to its holder? (the holder against the other
   seats, per option)
5. :mod:`.advice`: does each source's play advice pay, and whose pays best?

Questions 3 and 4 are about one compartment each, found by what it does
(:mod:`variants.rules.roles`), never by its id: Matrimony is the compartment won by the king and
queen of trumps together, the Pope the compartment won by one named card that the dressing stakes
most on. A ruleset without one has no such figure, and its page says so.

Beside the five questions, :mod:`.effects` tells what each of a ruleset's options changes, on
its page, and ranks every option value of every ruleset on a page of its own ("Which differences
matter"), from the store of paired figures that ships with the project
(:mod:`variants.analysis.store`): played by ``variants sweep``, never by the build.

What they share: :mod:`.plan` (table sizes, variants, the :class:`Plan`), :mod:`.reports` (the
runs' typed reports, :mod:`variants.analysis.reports`'s, by kind), :mod:`.figures` (numbers,
bars, captions and tables, their HTML in the ``_stats_*.html.j2`` templates), :mod:`.question`
(what a question provides) and :mod:`.page` (the questions in order, and the pages).
:mod:`variants.site.stats_runs` plays and caches the runs.

The package registers itself when imported (it is listed under
``extra.variants.section_modules`` in ``mkdocs.yml``): a section on each ruleset's statistics
page, and the comparison page.
"""

from __future__ import annotations

from ..pages import PageSet, add_page_set, extra_section
from . import advice as advice
from . import chief_card as chief_card
from . import effects as effects
from . import king_and_queen as king_and_queen
from . import length as length
from . import seats as seats
from .chief_card import has_pope_card as has_pope_card
from .chief_card import pope_card_text as pope_card_text
from .chief_card import pope_variants as pope_variants
from .figures import Counter as Counter
from .figures import Section as Section
from .figures import Table as Table
from .king_and_queen import growth_sentence as growth_sentence
from .king_and_queen import has_matrimony as has_matrimony
from .king_and_queen import matrimony_variants as matrimony_variants
from .length import cards_dealt as cards_dealt
from .length import pack_variants as pack_variants
from .page import QUESTIONS as QUESTIONS
from .page import compare_nav, compare_pages
from .page import plan as plan
from .page import ruleset_statistics as ruleset_statistics
from .plan import DEFAULT as DEFAULT
from .plan import Plan as Plan
from .plan import Variant as Variant
from .plan import variant_rules as variant_rules
from .question import Entry as Entry
from .question import Page as Page
from .reports import Results as Results

extra_section("statistics")(ruleset_statistics)
add_page_set(PageSet("statistics", compare_nav, compare_pages))
add_page_set(PageSet("statistics", effects.nav, effects.pages, templates=effects.templates))
