"""The rules in plain English, as pure functions of the typed model, one module per block.

Nothing here reads YAML or knows about HTML: every function takes model objects
(:class:`~variants.mechanics.ruleset.Rules`, :class:`~variants.mechanics.ruleset.Ruleset` and
their parts)
and returns plain text (cards written with their suit glyphs, such as ``9♦``) or small frozen
records of text. The ruleset pages, the comparison and the sources page all render from these, and
escape the text where it reaches HTML.

Each block of a ruleset's rules has its module, holding every phrase said about that block: the
sentences of its rules on the ruleset page and its short values in the comparison.

- :mod:`.players`, :mod:`.pack`, :mod:`.first_dealer`, :mod:`.deal`, :mod:`.turn_up`,
  :mod:`.trump`, :mod:`.board`, :mod:`.dressing`, :mod:`.play` (with :mod:`.stops`),
  :mod:`.going_out`, :mod:`.game` and :mod:`.advice`: one module for each block, named as the
  block is;
- :mod:`.settlement`: going out and the penalty on unplayed cards, told together;
- :mod:`.options`: what each value of an option changes; :mod:`.status`: how much of a ruleset
  is reconstructed;
- :mod:`.rulebook`: the sections of a ruleset page, gathered from the blocks in reading order;
- :mod:`.words` and :mod:`.records`: the words and the records the blocks share.

A new value of a rule is said in the module of its block: each branch on a rule's value there is
a ``match`` that mypy checks for a missing value.

>>> from variants.core.cards import parse_card
>>> card_label(parse_card("8D"))
'the eight of diamonds (8♦)'
"""

from __future__ import annotations

from .advice import advice_rules, advice_summary, preference_short, preference_text
from .board import (
    board_rule,
    bonus_sentence,
    compartment_cards,
    compartment_rule,
    compartments_key,
    compartments_summary,
    penalty_sentence,
    turn_up_payout_sentence,
)
from .deal import (
    HandSizes,
    deal_rule,
    deal_style_text,
    deal_summary,
    dealt_whole,
    hand_sizes,
    hand_sizes_table,
    spare_summary,
)
from .dressing import dressing_rule, dressing_summary, stake_of, stake_text, stakes_list
from .first_dealer import (
    FIRST_DEALER_SHORT,
    first_dealer_rule,
    first_dealer_short,
    first_dealer_text,
)
from .game import (
    closing_summary,
    deals_summary,
    length_and_winner_rules,
    winner_summary,
    winner_text,
)
from .going_out import going_out_rule, holder_phrase, holder_summary
from .options import Change, ValueEffect, default_options, option_effects
from .pack import pack_rule, pack_summary, rank_order_rule
from .play import lead_sentences, lead_summary, play_rules
from .players import players_rule
from .records import Rule, Section, Table
from .rulebook import all_rule_titles, citations_by_file, describe, rules_by_anchor
from .settlement import penalties_summary, penalty_rule, settlement_rules
from .status import (
    MODERN_PAGE,
    Status,
    Supplier,
    gap_places,
    gap_text,
    ruleset_status,
    source_number,
    status_for,
    status_rule,
    supplied_marks,
    suppliers,
    supplying_files,
)
from .stops import predecessor, stop_rule, stop_sentence, stop_short, stop_title, stops_summary
from .trump import trump_rule, trump_summary
from .turn_up import turn_up_card_text, turn_up_fate_text, turn_up_rule, turn_up_summary
from .words import (
    EN_DASH,
    NUMBER_WORDS,
    ORDINALS,
    article,
    card_label,
    card_words,
    cards_label,
    compartment_label,
    counters,
    join_words,
    number_word,
    plural,
    rank_words,
    suit_label,
)

__all__ = [
    "EN_DASH",
    "FIRST_DEALER_SHORT",
    "MODERN_PAGE",
    "NUMBER_WORDS",
    "ORDINALS",
    "Change",
    "HandSizes",
    "Rule",
    "Section",
    "Status",
    "Supplier",
    "Table",
    "ValueEffect",
    "advice_rules",
    "advice_summary",
    "all_rule_titles",
    "article",
    "board_rule",
    "bonus_sentence",
    "card_label",
    "card_words",
    "cards_label",
    "citations_by_file",
    "closing_summary",
    "compartment_cards",
    "compartment_label",
    "compartment_rule",
    "compartments_key",
    "compartments_summary",
    "counters",
    "deal_rule",
    "deal_style_text",
    "deal_summary",
    "deals_summary",
    "dealt_whole",
    "default_options",
    "describe",
    "dressing_rule",
    "dressing_summary",
    "first_dealer_rule",
    "first_dealer_short",
    "first_dealer_text",
    "gap_places",
    "gap_text",
    "going_out_rule",
    "hand_sizes",
    "hand_sizes_table",
    "holder_phrase",
    "holder_summary",
    "join_words",
    "lead_sentences",
    "lead_summary",
    "length_and_winner_rules",
    "number_word",
    "option_effects",
    "pack_rule",
    "pack_summary",
    "penalties_summary",
    "penalty_rule",
    "penalty_sentence",
    "play_rules",
    "players_rule",
    "plural",
    "predecessor",
    "preference_short",
    "preference_text",
    "rank_order_rule",
    "rank_words",
    "rules_by_anchor",
    "ruleset_status",
    "settlement_rules",
    "source_number",
    "spare_summary",
    "stake_of",
    "stake_text",
    "stakes_list",
    "status_for",
    "status_rule",
    "stop_rule",
    "stop_sentence",
    "stop_short",
    "stop_title",
    "stops_summary",
    "suit_label",
    "supplied_marks",
    "suppliers",
    "supplying_files",
    "trump_rule",
    "trump_summary",
    "turn_up_card_text",
    "turn_up_fate_text",
    "turn_up_payout_sentence",
    "turn_up_rule",
    "turn_up_summary",
    "winner_summary",
    "winner_text",
]
