"""A deal written as a deal file, with the standard library alone: what ``variants deal`` saves,
and what the Play page offers for download. :mod:`variants.dealfile` reads such files back."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from .core.cards import card_name
from .engine.deal import DealSetup


def deal_file_text(
    ruleset_id: str,
    setup: DealSetup,
    leads: Sequence[int],
    policy: str,
    options: Mapping[str, str] | None = None,
    seed: int | None = None,
    title: str = "",
    notes: str = "",
    board_ids: Sequence[str] = (),
    stakes: Sequence[tuple[int, str, int]] = (),
) -> str:
    """The deal as a YAML deal file that replays it exactly; ``stakes`` (seat, compartment id,
    counters), the stakes laid where the players chose them (none: the default staking's)."""

    def cards(values: Sequence[int]) -> str:
        return "[" + ", ".join(card_name(c) for c in values) + "]"

    lines = []
    if title:
        lines.append(f"title: {json.dumps(title, ensure_ascii=False)}")
    if notes:
        lines.append(f"notes: {json.dumps(notes, ensure_ascii=False)}")
    lines.append(f"ruleset: {ruleset_id}")
    lines.append(f"options: {json.dumps(dict(options or {}))}")
    lines.append(f"dealer: {setup.dealer}")
    if setup.banker != setup.dealer:
        lines.append(f"banker: {setup.banker}")
    lines.append("hands:")
    lines += [f"  - {cards(hand)}" for hand in setup.hands]
    lines.append(f"spare: {cards(setup.spare)}")
    lines.append(f"turn_up: {'null' if setup.turn_up is None else card_name(setup.turn_up)}")
    if setup.face_up:
        lines.append(f"face_up: {cards(setup.face_up)}")
    if setup.pool:
        lines.append(f"pool: {cards(setup.pool)}")
    carried = {k: v for k, v in zip(board_ids, setup.board, strict=False) if v}
    lines.append(f"board: {json.dumps(carried)}")
    lines.append(f"leads: {cards(leads)}")
    lines.append(f"policy: {policy}")
    if stakes:
        lines.append("stakes:")
        lines += [f"  - [{seat}, {json.dumps(key)}, {amount}]" for seat, key, amount in stakes]
    if seed is not None:
        lines.append(f"seed: {seed}")
    return "\n".join(lines) + "\n"
