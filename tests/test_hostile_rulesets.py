"""Hostile rulesets: numbers, bounds, ids and option combinations that once passed validation.

Each case is ``tests/valid/base.yaml`` with a few lines changed, written to a file of its own
and validated in this process as a user runs it (``variants validate FILE --sources ...``).
``CASES`` holds, for each, the exact lines the validator must print (``LINE:COL: message``
after the file's path) before its summary, and every case exits with status 1. A ruleset that
passes validation must also play: the last tests play the largest game the bounds allow and
check every option combination one by one.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from clirun import REPO, run
from texts import HAVE_SOURCES, SOURCES

from variants.core.cards import RANKS
from variants.mechanics.ruleset import Ruleset, apply_patch
from variants.rules.checks import check_rules
from variants.rules.loader import choice_problems, load_ruleset, ruleset_schema
from variants.rules.schemacheck import StrictValidator
from variants.site.schema_doc import schema_doc

BASE = (REPO / "tests" / "valid" / "base.yaml").read_text(encoding="utf-8")
RESERVED = ruleset_schema()["properties"]["id"]["not"]["enum"]
SHIPPED = sorted((REPO / "rulesets").glob("*.yaml"))
OPTIONS = BASE[BASE.index("options:\n") : BASE.index("interpretations:\n")]
ALTERNATIVES = """    alternatives:
      - reading: The dealer alone dresses the board.
        option: dressing
        value: dealer
"""
POPE_ALTERNATIVES = """    alternatives:
      - reading: The cards are counted when the deal ends.
        option: pope_bonus
        value: at-end
"""
CITE = '{source: 000_919af007d8e82e04.txt, lines: "33", quote: Pope Joan (the nine of diamonds)}'
CARDS = [f"{rank}{suit}" for suit in "CDHS" for rank in RANKS]
DEALER_SET = "          dressing.stakes: {pope: 6, matrimony: 2, ace: 1, game: 1}\n"
HOYLE = "005_hoyle-games-improved_pope.txt"
READING = "    reading: Three to eight.\n"
SUPPLIED = (
    "    supplied_by:\n"
    '      - {{source: {source}, lines: "{lines}", '
    "quote: The eight of diamonds must first be taken}}\n"
)
FILES = "      lines: 149\n"
INCOMPLETE = (
    "  complete: false\n"
    "  gaps:\n"
    "    - {{file: 000_919af007d8e82e04.txt, {place}, missing: the end of the chapter}}\n"
)


@dataclass(frozen=True)
class Case:
    name: str
    changes: tuple[tuple[str, str], ...]
    """(text, replacement) pairs applied to the base, each where the text first appears."""
    lines: tuple[str, ...]
    """``LINE:COL: message (at json/path)``, as printed after the file's path."""
    file: str = ""
    """The file's name without .yaml, when it is not the case's name."""
    needs_sources: bool = False

    @property
    def stem(self) -> str:
        return self.file or self.name


def case(name: str, *changes: tuple[str, str], lines: tuple[str, ...], **kwargs: object) -> Case:
    return Case(name, changes, lines, **kwargs)  # type: ignore[arg-type]


def ruleset_text(stem: str, changes: tuple[tuple[str, str], ...]) -> str:
    text = BASE.replace("id: base\n", f"id: {stem}\n", 1)
    for old, new in changes:
        assert old in text, f"not in the base: {old!r}"
        text = text.replace(old, new, 1)
    return text


def binary_options(*options: tuple[str, str, str]) -> tuple[tuple[str, str], ...]:
    """Changes that put these (id, default label, ``set`` text) options in place of the base's,
    each with a default value ``a`` and another ``b``."""
    text = "options:\n"
    for option_id, label, change in options:
        text += (
            f"  - id: {option_id}\n    label: {label}\n    default: a\n"
            f"    provenance:\n      - {CITE}\n"
            "    values:\n      - {value: a, label: As written}\n"
            f"      - value: b\n        label: Otherwise\n        set: {{{change}}}\n"
        )
    return ((OPTIONS, text + "\n"), (ALTERNATIVES, ""), (POPE_ALTERNATIVES, ""))


def ace_labels(count: int) -> list[tuple[str, str, str]]:
    """Options that each rename the ace compartment: harmless alone and together."""
    return [
        (f"ace_{i}", "The ace's name", f"board.compartments.ace.label: Ace {i}")
        for i in range(count)
    ]


POPE_SEVEN = ("pope_card", "The Pope's card", "board.compartments.pope.win.card: 7D")
SEVENS_OUT = ("sevens", "The cards taken out", "pack.removed: [8D, 7D]")
OPTION_LINE = 129  # the line of the first option's id once the options are replaced


CASES: tuple[Case, ...] = (
    # --- integers that are not whole numbers written as such -----------------------------------
    case(
        "players-min-decimal",
        ("    min: 3\n", "    min: 3.0\n"),
        lines=("21:10: expected an integer, got number 3.0 (at rules/players/min)",),
    ),
    case(
        "players-min-true",
        ("    min: 3\n", "    min: true\n"),
        lines=("21:10: expected an integer, got true (at rules/players/min)",),
    ),
    case(
        "stake-decimal",
        ("stakes: {pope: 6,", "stakes: {pope: 6.0,"),
        lines=("86:20: expected an integer, got number 6.0 (at rules/dressing/stakes/pope)",),
    ),
    case(
        "deals-decimal",
        ("deals: per-player", "deals: 2.0"),
        lines=(
            "122:12: 2.0 is not one of: per-player, a whole number from 1 to 100 "
            "(at rules/game/deals)",
        ),
    ),
    case(
        "per-card-not-a-number",
        ("per_card: 1\n    holders", "per_card: .nan\n    holders"),
        lines=("115:15: expected an integer, got number nan (at rules/going_out/per_card)",),
    ),
    case(
        "per-card-infinite",
        ("per_card: 1\n    holders", "per_card: .inf\n    holders"),
        lines=("115:15: expected an integer, got number inf (at rules/going_out/per_card)",),
    ),
    case(
        "rank-decimal",
        ("ranks: [A, 2, 3,", "ranks: [A, 2.0, 3,"),
        lines=("28:16: 2.0 is not a rank (A 2 3 4 5 6 7 8 9 10 J Q K) (at rules/pack/ranks/1)",),
    ),
    # --- bounds ---------------------------------------------------------------------------------
    case(
        "deals-a-billion",
        ("deals: per-player", "deals: 1000000000"),
        lines=(
            "122:12: 1000000000 is not one of: per-player, a whole number from 1 to 100 "
            "(at rules/game/deals)",
        ),
    ),
    case(
        "deals-none",
        ("deals: per-player", "deals: 0"),
        lines=(
            "122:12: 0 is not one of: per-player, a whole number from 1 to 100 "
            "(at rules/game/deals)",
        ),
    ),
    case(
        "per-card-twenty-digits",
        ("per_card: 1\n    holders", "per_card: 12345678901234567890\n    holders"),
        lines=(
            "115:15: 12345678901234567890 is too large: at most 1000 (at rules/going_out/per_card)",
        ),
    ),
    case(
        "stake-too-large",
        ("stakes: {pope: 6,", "stakes: {pope: 1001,"),
        lines=("86:20: 1001 is too large: at most 1000 (at rules/dressing/stakes/pope)",),
    ),
    case(
        "stake-negative",
        ("stakes: {pope: 6,", "stakes: {pope: -1,"),
        lines=("86:20: -1 is too small: at least 0 (at rules/dressing/stakes/pope)",),
    ),
    case(
        "bonus-too-large",
        ("bonus: {per_card: 1,", "bonus: {per_card: 1001,"),
        lines=(
            "63:27: 1001 is too large: at most 1000 (at rules/board/compartments/0/bonus/per_card)",
        ),
    ),
    case(
        "turn-up-cap-too-large",
        ("turn_up: {takes: true}", "turn_up: {takes: true, per_card_dealt: 1, cap: 100001}"),
        lines=(
            "74:56: 100001 is too large: at most 100000 "
            "(at rules/board/compartments/2/turn_up/cap)",
        ),
    ),
    case(
        "pool-too-large",
        ("total_at_least: 15}", "total_at_least: 1001}"),
        lines=("85:52: 1001 is too large: at most 1000 (at rules/dressing/shares/total_at_least)",),
    ),
    case(
        "players-fifteen",
        ("    max: 8\n", "    max: 15\n"),
        lines=("22:10: 15 is too large: at most 14 (at rules/players/max)",),
    ),
    case(
        "summary-too-long",
        ("  copied from.\n", "  copied from." + " and so on" * 200 + "\n"),
        lines=("5:10: text of 2,103 characters; at most 2000 allowed (at summary)",),
    ),
    case(
        "lines-too-long",
        ('lines: "8-9", quote: available', 'lines: "' + "9" * 20 + '", quote: available'),
        lines=(
            "25:51: text of 20 characters; at most 13 allowed "
            "(at rules/players/provenance/0/lines)",
        ),
    ),
    case(
        "too-many-cards-removed",
        ("removed: [8D]", f"removed: [{', '.join(CARDS[:49])}]"),
        lines=("29:5: 49 items given; at most 48 allowed (at rules/pack/removed)",),
    ),
    # --- sums that no one number shows -----------------------------------------------------------
    case(
        "stakes-beyond-the-pool",
        ("stakes: {pope: 6,", "stakes: {pope: 600,"),
        lines=(
            "86:5: the stakes add up to 603 counters, but with 3 players the pool holds only 16 "
            "(at rules/dressing/stakes)",
        ),
    ),
    case(
        "first-jack-without-jacks",
        ("method: lowest-card", "method: first-jack"),
        ("removed: [8D]", "removed: [8D, JC, JD, JH, JS]"),
        lines=(
            "34:13: the first dealer is the first player dealt a jack, but every jack is removed "
            "(at rules/first_dealer/method)",
        ),
    ),
    case(
        "card-removed-twice",
        ("removed: [8D]", "removed: [8D, 8d]"),
        lines=("29:19: 8d is removed twice (at rules/pack/removed/1)",),
    ),
    case(
        "stock-without-its-style",
        (
            "    spare_name: spare hand\n",
            "    spare_name: spare hand\n    stock: {remainder: true}\n",
        ),
        lines=("41:5: a stock rule is only for the equal-with-stock style (at rules/deal/stock)",),
    ),
    case(
        "stock-style-without-a-stock",
        ("style: equal-with-spare", "style: equal-with-stock"),
        lines=(
            "38:3: an equal-with-stock deal says how large its stock is: `stock` (at rules/deal)",
        ),
    ),
    case(
        "stock-range-backwards",
        ("style: equal-with-spare", "style: equal-with-stock"),
        ("    spare_name: spare hand\n", "    spare_name: stock\n    stock: {between: [8, 6]}\n"),
        lines=("41:13: the fewest cards are more than the most (at rules/deal/stock/between)",),
    ),
    case(
        "down-without-its-style",
        ("    spare_name: spare hand\n", "    spare_name: spare hand\n    down: 2\n"),
        lines=("41:11: `down` is only for the down-and-up style (at rules/deal/down)",),
    ),
    case(
        "down-and-up-without-down",
        ("style: equal-with-spare", "style: down-and-up"),
        lines=(
            "38:3: a down-and-up deal says how many cards go face down: `down` (at rules/deal)",
            "45:11: with the deal style down-and-up the turn-up can be: none; not last-dealt "
            "(at rules/turn_up/card)",
        ),
    ),
    case(
        "down-and-up-with-a-turn-up",
        ("style: equal-with-spare", "style: down-and-up"),
        ("    spare_name: spare hand\n", "    spare_name: rest of the pack\n    down: 1\n"),
        lines=(
            "46:11: with the deal style down-and-up the turn-up can be: none; not last-dealt "
            "(at rules/turn_up/card)",
        ),
    ),
    case(
        "dealer-sits-out-and-takes-the-turn-up",
        ("    spare_name: spare hand\n", "    spare_name: spare hand\n    dealer_sits_out: true\n"),
        ("    fate: table\n", "    fate: dealer\n"),
        lines=(
            "41:22: a dealer who sits out cannot take the turn-up into hand "
            "(at rules/deal/dealer_sits_out)",
        ),
    ),
    case(
        "spread-without-its-payer",
        ("    when: every-deal\n", "    when: every-deal\n    spread: {each: 1, dealer: 2}\n"),
        lines=("89:5: spread is only for payer spread (at rules/dressing/spread)",),
    ),
    case(
        "spread-too-few-to-cover",
        ("    payer: shares\n", "    payer: spread\n    spread: {each: 1, dealer: 1}\n"),
        ("    shares: {dealer: 2, others: 1, total_at_least: 15}\n", ""),
        ("    remainder_to: game\n", ""),
        lines=(
            "85:5: with 3 players 3 counters are laid, too few to cover the stakes (9) "
            "(at rules/dressing/spread)",
            "138:9: with dressing=dealer: spread is only for payer spread "
            "(in rules/dressing/spread) (at options/0/values/1/set)",
        ),
    ),
    case(
        "qualifier-on-a-card",
        ("win: {card: 9D}", "win: {card: 9D, in_succession: true}"),
        lines=(
            "62:40: in_succession is only for a pair "
            "(at rules/board/compartments/0/win/in_succession)",
        ),
    ),
    case(
        "odd-counter-not-split",
        ("win: {trumps: [Q, K]}", "win: {trumps: [Q, K], odd_counter: higher}"),
        lines=(
            "68:44: odd_counter is only for a pair divided (split) "
            "(at rules/board/compartments/1/win/odd_counter)",
        ),
    ),
    case(
        "pair-of-one-rank",
        ("win: {trumps: [Q, K]}", "win: {trumps: [10, T]}"),
        lines=(
            "68:15: a pair needs two different ranks (at rules/board/compartments/1/win/trumps)",
        ),
    ),
    case(
        "pair-of-one-card",
        ("win: {trumps: [Q, K]}", "win: {cards: [KD, kd]}"),
        lines=(
            "68:15: a pair needs two different cards (at rules/board/compartments/1/win/cards)",
        ),
    ),
    # --- a combination held, and the hands shown -----------------------------------------------
    case(
        "ranks-of-one-rank",
        ("win: {trumps: [Q, K]}", "win: {ranks: [Q, q]}"),
        lines=(
            "68:9: a combination held is won only when the hands are shown "
            "(at rules/board/compartments/1/win)",
            "68:15: a combination needs two different ranks "
            "(at rules/board/compartments/1/win/ranks)",
        ),
    ),
    case(
        "otherwise-without-best",
        ("win: {card: 9D}", "win: {card: 9D, otherwise: stays}"),
        lines=("62:36: otherwise is only for best (at rules/board/compartments/0/win/otherwise)",),
    ),
    case(
        "best-not-in-pack",
        ("win: {card: 9D}", "win: {best: 8D}"),
        lines=(
            "62:9: a combination held is won only when the hands are shown "
            "(at rules/board/compartments/0/win)",
            "62:21: 8D is not in the pack (at rules/board/compartments/0/win/best)",
        ),
    ),
    case(
        "showing-after-a-spare-hand",
        (
            "  play:\n    lead: any\n",
            f"  play:\n    showing: {{sweep: 8D, provenance: [{CITE}]}}\n    lead: any\n",
        ),
        lines=(
            *(
                f"{line}:9: with the hands shown, a compartment is won by a combination held "
                f"(at rules/board/compartments/{index}/win)"
                for index, line in enumerate((62, 68, 73, 79))
            ),
            "94:5: the hands are shown only after a down-and-up deal (at rules/play/showing)",
            "94:22: 8D is not in the pack (at rules/play/showing/sweep)",
            "95:11: lead is not for a game whose hands are shown (at rules/play/lead)",
            "96:5: stops is not for a game whose hands are shown (at rules/play/stops)",
        ),
    ),
    # --- payments for a card played, a card played with another, the others' stakes -----------
    case(
        "payment-card-and-rank",
        (
            "    lead: any\n",
            "    lead: any\n    payments: "
            f"[{{card: AD, rank: K, from_each: 1, provenance: [{CITE}]}}]\n",
        ),
        lines=(
            "95:16: a payment names a card or a rank, exactly one of them "
            "(at rules/play/payments/0)",
        ),
    ),
    case(
        "payment-card-removed",
        (
            "    lead: any\n",
            f"    lead: any\n    payments: [{{card: 8D, from_each: 1, provenance: [{CITE}]}}]\n",
        ),
        lines=("95:23: 8D is not in the pack (at rules/play/payments/0/card)",),
    ),
    case(
        "with-another-removed",
        (
            "    lead: any\n",
            f"    lead: any\n    with_another: {{card: 8D, provenance: [{CITE}]}}\n",
        ),
        lines=("95:26: 8D is not in the pack (at rules/play/with_another/card)",),
    ),
    case(
        "others-stakes-with-shares",
        (
            "    remainder_to: game\n",
            "    remainder_to: game\n    others_stakes: {game: 1, nowhere: 1}\n",
        ),
        lines=(
            "88:5: others_stakes is only for payer dealer (at rules/dressing/others_stakes)",
            "88:39: no compartment 'nowhere' on the board "
            "(at rules/dressing/others_stakes/nowhere)",
        ),
    ),
    case(
        "all-to-players-spare-seen",
        ("style: equal-with-spare", "style: all-to-players\n    spare_seen_by: dealer"),
        lines=(
            "40:20: an all-to-players deal has no spare hand for the dealer to look at "
            "(at rules/deal/spare_seen_by)",
        ),
    ),
    case(
        "all-to-players-dealer-last",
        ("style: equal-with-spare", "style: all-to-players"),
        ("card: last-dealt", "card: dealer-last"),
        lines=(
            "45:11: with the deal style all-to-players the turn-up can be: last-dealt, none; not "
            "dealer-last (at rules/turn_up/card)",
        ),
    ),
    # --- the pool cards turned up (Newmarket) -------------------------------------------------
    case(
        "pool-card-in-the-pack",
        ("        win: {card: 9D}\n", "        win: {card: 9D}\n        pool_card: 10D\n"),
        lines=(
            "63:20: the pool card 10D is turned up, so it must be out of the pack (list it under "
            "pack.removed) (at rules/board/compartments/0/pool_card)",
        ),
    ),
    case(
        "pool-card-won-by-a-trump",
        (
            "        win: {trumps: [Q, K]}\n",
            "        win: {trumps: [Q, K]}\n        pool_card: 8D\n",
        ),
        lines=(
            "68:9: a compartment with the pool card 8D is won by one card of its suit "
            "(at rules/board/compartments/1/win)",
        ),
    ),
    case(
        "pool-cards-of-one-suit",
        ("    removed: [8D]\n", "    removed: [8D, KD]\n"),
        ("        win: {card: 9D}\n", "        win: {card: 9D}\n        pool_card: 8D\n"),
        ("        win: {trump: A}\n", "        win: {card: QD}\n        pool_card: KD\n"),
        lines=(
            "75:20: the pool cards 8D and KD are of one suit: each is of its own "
            "(at rules/board/compartments/2/pool_card)",
        ),
    ),
    case(
        "pool-drawn-without-pool-cards",
        ("    carry_over: true\n", "    carry_over: true\n    pool_drawn: true\n"),
        lines=(
            "57:17: pool_drawn needs a compartment with a pool_card (at rules/board/pool_drawn)",
        ),
    ),
    case(
        "pool-drawn-beside-a-card-of-its-rank",
        ("    removed: [8D]\n", "    removed: [8D, 8C]\n"),
        ("    carry_over: true\n", "    carry_over: true\n    pool_drawn: true\n"),
        ("        win: {card: 9D}\n", "        win: {card: 9D}\n        pool_card: 8D\n"),
        lines=(
            "29:19: with the pool cards drawn, 8C cannot be out of the pack: a drawn pool card "
            "or its winning card may be of its rank (at rules/pack/removed/1)",
        ),
    ),
    # --- ids --------------------------------------------------------------------------------------
    case(
        "reserved-id",
        lines=(
            "3:5: 'compare' is the name of one of the site's own pages (compare, contributing, "
            "differences, disagreements, family, glossary, in-brief, index, one-deal, play, "
            "replay, schema, sources, timeline); choose another (at id)",
        ),
        file="compare",
    ),
    case(
        "reserved-id-index",
        lines=(
            "3:5: 'index' is the name of one of the site's own pages (compare, contributing, "
            "differences, disagreements, family, glossary, in-brief, index, one-deal, play, "
            "replay, schema, sources, timeline); choose another (at id)",
        ),
        file="index",
    ),
    case(
        "id-with-a-newline",
        ("id: peel\n", 'id: "peel\\n"\n'),
        lines=(
            "3:5: 'peel\\n' is not an id (lower-case letters and digits, words joined by - or _) "
            "(at id)",
        ),
        file="peel",
    ),
    case(
        "stake-key-with-a-newline",
        ("stakes: {pope: 6,", 'stakes: {"pope\\n": 6,'),
        lines=(
            "86:5: 'pope\\n' is not an id (lower-case letters and digits, words joined by - or _) "
            "(at rules/dressing/stakes)",
        ),
    ),
    case(
        "card-with-a-newline",
        ("removed: [8D]", 'removed: ["8D\\n"]'),
        lines=(
            "29:15: '8D\\n' is not a card (<rank><suit>, such as 9D or 10H) "
            "(at rules/pack/removed/0)",
        ),
    ),
    # --- options ----------------------------------------------------------------------------------
    case(
        "conflict-in-one-of-512-combinations",
        *binary_options(POPE_SEVEN, *ace_labels(7), SEVENS_OUT),
        lines=(
            "218:9: with pope_card=b, sevens=b: 7D is removed from the pack "
            "(in rules/board/compartments/0/win/card) (at options/8/values/1/set)",
        ),
    ),
    case(
        "too-many-combinations",
        *binary_options(POPE_SEVEN, *ace_labels(10)),
        lines=(
            f"{OPTION_LINE}:5: the options pope_card, "
            + ", ".join(f"ace_{i}" for i in range(10))
            + " all change rules checked together (board) and give 2,048 combinations, more "
            "than the 1,024 that can be checked: give them fewer values (at options/0)",
        ),
    ),
    case(
        "option-makes-a-decimal",
        *binary_options(("per_card", "Paid per card", "going_out.per_card: 2.0")),
        lines=(
            "138:9: with per_card=b: expected an integer, got number 2.0 "
            "(in rules/going_out/per_card) (at options/0/values/1/set)",
        ),
    ),
    case(
        "option-adds-a-block",
        *binary_options(("extra", "An extra block", "scoring: 1")),
        lines=(
            "138:9: with extra=b: unknown key 'scoring' (allowed here: advice, board, deal, "
            "dressing, first_dealer, game, going_out, pack, play, players, trump, turn_up) "
            "(in rules) (at options/0/values/1/set)",
        ),
    ),
    case(
        "option-removes-a-block",
        *binary_options(("no_game", "No game block", "game: null")),
        lines=("138:9: with no_game=b: missing key 'game' in rules (at options/0/values/1/set)",),
    ),
    case(
        "option-repeats-a-compartment-id",
        *binary_options(
            (
                "two_popes",
                "A second Pope",
                "board.compartments.ace: {id: pope, label: Pope, win: {card: 7D}, "
                f"provenance: [{CITE}]}}, dressing.stakes: {{pope: 6, matrimony: 2}}",
            )
        ),
        lines=(
            "138:9: with two_popes=b: the id 'pope' is used twice "
            "(in rules/board/compartments/2/id) (at options/0/values/1/set)",
        ),
    ),
    case(
        "option-quote-not-at-lines",
        (DEALER_SET, DEALER_SET + f"          dressing.provenance: [{CITE.replace('33', '34')}]\n"),
        lines=(
            "144:88: the words 'Pope Joan (the nine of diamonds)' are not in "
            "000_919af007d8e82e04.txt lines 34 "
            "(at options/0/values/1/set/dressing.provenance/0/quote)",
        ),
        needs_sources=True,
    ),
    case(
        "option-cites-an-unknown-file",
        (
            DEALER_SET,
            DEALER_SET + f"          dressing.provenance: [{CITE.replace('000_9', '009_9')}]\n",
        ),
        lines=(
            "144:42: '009_919af007d8e82e04.txt' is not one of the ruleset's source files "
            "(000_919af007d8e82e04.txt) (at options/0/values/1/set/dressing.provenance/0/source)",
        ),
    ),
    case(
        "supplied-by-a-file-not-in-the-sources-folder",
        (READING, READING + SUPPLIED.format(source="099_nowhere.txt", lines="14")),
        lines=(
            "164:18: no source file '099_nowhere.txt' in the sources folder "
            "(at interpretations/0/supplied_by/0/source)",
        ),
        needs_sources=True,
    ),
    case(
        "supplied-by-a-path-out-of-the-sources-folder",
        (READING, READING + SUPPLIED.format(source="../../etc/passwd.txt", lines="1")),
        lines=(
            "164:18: '../../etc/passwd.txt' is not text matching ^[A-Za-z0-9_.-]+\\.txt$ "
            "(at interpretations/0/supplied_by/0/source)",
        ),
    ),
    case(
        "supplied-by-quote-not-at-its-lines",
        (READING, READING + SUPPLIED.format(source=HOYLE, lines="15")),
        lines=(
            "164:73: the words 'The eight of diamonds must first be taken' are not in "
            f"{HOYLE} lines 15 (at interpretations/0/supplied_by/0/quote)",
        ),
        needs_sources=True,
    ),
    case(
        "supplied-by-lines-beyond-the-file",
        (READING, READING + SUPPLIED.format(source=HOYLE, lines="14-49")),
        lines=(f"164:60: {HOYLE} has only 48 lines (at interpretations/0/supplied_by/0/lines)",),
        needs_sources=True,
    ),
    case(
        "gap-after-a-line-beyond-the-file",
        (FILES, FILES + INCOMPLETE.format(place="after: 150")),
        lines=("20:47: 000_919af007d8e82e04.txt has only 149 lines (at source/gaps/0/after)",),
    ),
    case(
        "gap-both-after-and-before",
        (FILES, FILES + INCOMPLETE.format(place="after: 12, before: 14")),
        lines=(
            "20:7: a gap needs one of 'after' (the line it follows) or 'before' (the next line) "
            "(at source/gaps/0)",
        ),
    ),
    case(
        "gap-in-a-file-not-the-rulesets",
        (FILES, FILES + INCOMPLETE.format(place="after: 12").replace("000_9", "009_9")),
        lines=(
            "20:14: '009_919af007d8e82e04.txt' is not one of the ruleset's source files "
            "(000_919af007d8e82e04.txt) (at source/gaps/0/file)",
        ),
    ),
    case(
        "gaps-in-a-complete-copy",
        (FILES, FILES + INCOMPLETE.format(place="after: 12").replace("false", "true")),
        lines=(
            "18:13: the copy has a gap in what the ruleset follows, so 'complete' must be false "
            "(at source/complete)",
        ),
    ),
    case(
        "incomplete-copy-without-gaps",
        (FILES, FILES + "  complete: false\n"),
        lines=(
            "18:13: an incomplete copy needs its gaps in what the ruleset follows listed under "
            "'gaps' (at source/complete)",
        ),
    ),
    case(
        "lost-passage-in-a-complete-copy",
        ("    kind: ambiguous\n", "    kind: lost\n"),
        (READING, READING + SUPPLIED.format(source=HOYLE, lines="14")),
        lines=(
            "160:11: the kind 'lost' is for a passage missing from the copy, and this copy is "
            "complete (at interpretations/0/kind)",
        ),
    ),
    case(
        "lost-passage-where-the-only-gap-is-outside",
        (
            FILES,
            FILES + INCOMPLETE.format(place="after: 12, outside: true").replace("false", "true"),
        ),
        ("    kind: ambiguous\n", "    kind: lost\n"),
        (READING, READING + SUPPLIED.format(source=HOYLE, lines="14")),
        lines=(
            "163:11: the kind 'lost' is for a passage missing from the copy, and this copy is "
            "complete (at interpretations/0/kind)",
        ),
    ),
    case(
        "lost-passage-supplied-by-nothing",
        (FILES, FILES + INCOMPLETE.format(place="after: 12")),
        ("    kind: ambiguous\n", "    kind: lost\n"),
        lines=(
            "163:11: a lost passage needs 'supplied_by': where its reading is taken from "
            "(at interpretations/0/kind)",
        ),
    ),
    case(
        "option-names-an-unknown-interpretation",
        (DEALER_SET, DEALER_SET + "          dressing.interpretation: pool-sizes\n"),
        lines=(
            "144:36: no interpretation has the id 'pool-sizes' "
            "(at options/0/values/1/set/dressing.interpretation)",
        ),
    ),
)


def _write(folder: Path, item: Case) -> Path:
    path = folder / f"{item.stem}.yaml"
    path.write_text(ruleset_text(item.stem, item.changes), encoding="utf-8")
    return path


def _validate(path: Path) -> list[str]:
    args = ["validate", str(path)]
    env: dict[str, str | None] = {"VARIANTS_SOURCES": None}
    if HAVE_SOURCES:
        args += ["--sources", str(SOURCES)]
    outcome = run(args, env=env)
    assert outcome.status == 1, outcome.out
    assert outcome.out == ""
    return outcome.err_lines


def test_the_corpus_has_at_least_twenty_cases() -> None:
    assert len(CASES) >= 20
    assert len({c.name for c in CASES}) == len(CASES)


@pytest.mark.parametrize(
    "item",
    [
        pytest.param(
            c,
            id=c.name,
            marks=[pytest.mark.skipif(not HAVE_SOURCES, reason="no source texts")]
            if c.needs_sources
            else [],
        )
        for c in CASES
    ],
)
def test_a_hostile_ruleset_gives_exactly_its_lines_and_status_1(item: Case, tmp_path: Path) -> None:
    path = _write(tmp_path, item)
    expected = [f"{path}:{line}" for line in item.lines]
    summary = f"{len(expected)} problem(s) in 1 of 1 file(s)"
    assert _validate(path) == [*expected, summary]


# --- a ruleset at the bounds' edges plays ------------------------------------------------------

EXTREME = (
    ("    min: 3\n    max: 8\n", "    min: 2\n    max: 14\n"),
    ("deals: per-player", "deals: 100"),
    ("stakes: {pope: 6, matrimony: 2, ace: 1}", "stakes: {pope: 500, matrimony: 300, ace: 200}"),
    (
        "shares: {dealer: 2, others: 1, total_at_least: 15}",
        "shares: {dealer: 100, others: 100, total_at_least: 1000}",
    ),
    ("per_card: 1\n    holders", "per_card: 1000\n    holders"),
    ("bonus: {per_card: 1,", "bonus: {per_card: 1000,"),
    ("turn_up: {takes: true}", "turn_up: {takes: true, per_card_dealt: 1000, cap: 100000}"),
)


def test_a_ruleset_at_the_bounds_validates_and_plays_its_longest_games(tmp_path: Path) -> None:
    path = tmp_path / "extreme.yaml"
    path.write_text(ruleset_text("extreme", EXTREME), encoding="utf-8")
    assert (
        run(
            ["validate", str(path), *(["--sources", str(SOURCES)] if HAVE_SOURCES else [])],
            env={"VARIANTS_SOURCES": None},
        ).status
        == 0
    )
    for players in ("2", "14"):
        outcome = run(["game", str(path), "--players", players, "--seed", "1", "--json"])
        assert outcome.status == 0, outcome.err
        game = json.loads(outcome.out)
        assert len(game["deals"]) == 100
        assert sum(game["totals"]) + sum(game["board"].values()) == 0
    outcome = run(["simulate", str(path), "--players", "14", "--games", "2", "--seed", "1"])
    assert outcome.status == 0, outcome.err


# --- the option checks find what trying every combination finds --------------------------------

TANGLED = binary_options(
    POPE_SEVEN,
    SEVENS_OUT,
    (
        "no_shares",
        "No shares",
        "dressing.payer: dealer, dressing.shares: null, dressing.remainder_to: null",
    ),
    ("dealer_share", "The dealer's share", "dressing.shares.dealer: 3"),
    ("lead_only", "The Pope only leads", "play.lead_only: [pope]"),
)
"""Five options: 7D both wins the Pope and is taken out only when pope_card and sevens are
both b; dealer_share changes shares that no_shares removes; lead_only needs a 'held' stop,
which the base does not list, so it is wrong alone and in every combination."""


def _whole_rules_problems(ruleset: Ruleset, choice: dict[str, str]) -> bool:
    """Whether the rules under ``choice``, checked whole against the schema and every check,
    have a problem (the reference the option checks must agree with)."""
    rules = json.loads(ruleset.raw_rules)
    chosen = ruleset.choices(choice)
    try:
        for option in ruleset.options:
            for key, encoded in option.value(chosen[option.id]).patches:
                apply_patch(rules, key, json.loads(encoded))
    except ValueError:
        return True
    schema = ruleset_schema()
    validator = StrictValidator({**schema["properties"]["rules"], "$defs": schema["$defs"]})
    if any(True for _ in validator.iter_errors(rules)):
        return True
    return any(True for _ in check_rules(rules))


def _combinations(ruleset: Ruleset) -> list[dict[str, str]]:
    values = [[v.value for v in option.values] for option in ruleset.options]
    return [
        dict(zip([o.id for o in ruleset.options], combo, strict=True))
        for combo in itertools.product(*values)
    ]


def test_the_problems_reported_are_exactly_the_combinations_that_fail(tmp_path: Path) -> None:
    path = tmp_path / "tangled.yaml"
    path.write_text(ruleset_text("tangled", TANGLED), encoding="utf-8")
    lines = _validate(path)
    reported = [
        dict(pair.split("=") for pair in line.split(": with ", 1)[1].split(": ", 1)[0].split(", "))
        for line in lines[:-1]
    ]
    assert sorted(map(sorted, (r.items() for r in reported))) == [
        [("dealer_share", "b"), ("no_shares", "b")],
        [("lead_only", "b")],
        [("pope_card", "b"), ("sevens", "b")],
    ]
    ruleset = load_ruleset(path, each_option=False)
    for choice in _combinations(ruleset):
        expected = any(all(choice[k] == v for k, v in r.items()) for r in reported)
        assert _whole_rules_problems(ruleset, choice) == expected, choice
        assert bool(choice_problems(ruleset, choice)) == expected, choice


EXHAUSTIVE = 2048
"""The most combinations of a shipped ruleset's options tried one by one; beyond it, every pair
of two options' values is tried together, with a seeded sample of the rest."""


def _pairs_and_sample(ruleset: Ruleset, sample: int = 400) -> list[dict[str, str]]:
    """Combinations in which every value of every option meets every value of every other
    option at least once (chosen greedily), and ``sample`` more drawn at random, seeded."""
    options = [(o.id, [v.value for v in o.values]) for o in ruleset.options]
    uncovered = {
        ((a, x), (b, y))
        for i, (a, xs) in enumerate(options)
        for b, ys in options[i + 1 :]
        for x in xs
        for y in ys
    }
    chosen: list[dict[str, str]] = []
    while uncovered:
        (first, second) = min(uncovered)
        choice = dict([first, second])
        for option, values in options:
            if option not in choice:
                choice[option] = max(
                    values,
                    key=lambda v: sum(
                        ((option, v), (o, w)) in uncovered or ((o, w), (option, v)) in uncovered
                        for o, w in choice.items()
                    ),
                )
        picked = set(choice.items())
        uncovered = {pair for pair in uncovered if not set(pair) <= picked}
        chosen.append(choice)
    rng = random.Random(13)
    chosen += [{o: rng.choice(vs) for o, vs in options} for _ in range(sample)]
    return chosen


def test_the_pairs_cover_every_two_values() -> None:
    peel = load_ruleset(REPO / "rulesets" / "peel.yaml", each_option=False)
    tried = _pairs_and_sample(peel, sample=0)
    for a, b in itertools.combinations(peel.options, 2):
        for x in a.values:
            for y in b.values:
                assert any(c[a.id] == x.value and c[b.id] == y.value for c in tried)
    assert len(tried) < 100 < len(_combinations(peel))


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_every_combination_of_a_shipped_ruleset_plays(path: Path) -> None:
    ruleset = load_ruleset(path, each_option=False)
    every = _combinations(ruleset)
    for choice in every if len(every) <= EXHAUSTIVE else _pairs_and_sample(ruleset):
        assert choice_problems(ruleset, choice) == [], choice


# --- the schema states its bounds, and the site's schema page shows them -----------------------


def test_the_schema_page_shows_the_bounds() -> None:
    doc = schema_doc(ruleset_schema())
    fields = {(o.path, f.name): f for o in doc.objects for f in o.fields}
    assert "as a whole number: at least 1, at most 100" in fields[("rules.game", "deals")].details
    assert fields[("rules.going_out", "per_card")].details == ("at least 0", "at most 1,000")
    assert "at most 80 characters" in fields[("citation", "quote")].details
    stakes = next(o for o in doc.objects if o.path == "rules.dressing.stakes")
    assert stakes.note.endswith("(integer: at least 0, at most 1,000)")
    assert fields[("(top level)", "id")].details == (
        "not a name the site gives a page: " + ", ".join(RESERVED),
    )


def _integers(node: Any, path: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    if isinstance(node, dict):
        if node.get("type") == "integer":
            yield path, node
        for key, value in node.items():
            yield from _integers(value, f"{path}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _integers(value, f"{path}/{index}")


def test_every_whole_number_in_the_schema_has_both_bounds() -> None:
    found = list(_integers(ruleset_schema()))
    assert len(found) > 10
    for path, node in found:
        assert "minimum" in node and "maximum" in node, path


def test_every_page_the_site_names_itself_is_a_reserved_id() -> None:
    import variants.site.examples
    import variants.site.statistics  # noqa: F401  (they add their pages to the site)
    from variants.site.pages import SiteData, navigation

    def pages(entry: Any) -> Iterator[str]:
        if isinstance(entry, list):
            for item in entry:
                yield from pages(item)
        elif isinstance(entry, dict):
            for item in entry.values():
                yield from pages(item)
        else:
            yield str(entry)

    # The collation pages (one per comparison row) sit in a folder of their own, which holds
    # no ruleset's page: a ruleset's id cannot meet them.
    from variants.site.rowpages import FOLDER as ROWS

    names = {
        Path(page).stem
        for page in pages(navigation(SiteData.create({}, ruleset_schema())))
        if Path(page).parent.name != ROWS
    }
    assert "compare" in names
    assert names <= set(RESERVED)
