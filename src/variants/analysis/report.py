"""Simulation summaries as plain-text tables."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def _mean(stat: Mapping[str, Any]) -> str:
    low, high = stat["ci95"]
    return f"{stat['mean']:+8.3f}  [{low:+.3f}, {high:+.3f}]"


def _rate(stat: Mapping[str, Any]) -> str:
    low, high = stat["ci95"]
    return f"{100 * stat['rate']:6.2f}%  [{100 * low:.2f}, {100 * high:.2f}]"


def report_lines(report: Mapping[str, Any]) -> list[str]:
    """A report from :mod:`simulate` as lines for a terminal."""
    options = ", ".join(f"{k}={v}" for k, v in report["options"].items()) or "defaults"
    head = (
        f"{report['ruleset']}: {report['players']} players, policy {report['policy']}, "
        f"seed {report['seed']}, options: {options}"
    )
    lines = [head]
    if "deals" in report:
        lines.append(
            f"{report['deals']} deals; void (ended at the turn-up): {_rate(report['voided'])}"
        )
        lines.append("")
        lines.append("Net counters per deal, by position (mean, 95% interval) and going out:")
        for row, out in zip(report["net_by_position"], report["went_out_by_position"], strict=True):
            lines.append(f"  {row['position']:<24} {_mean(row)}   out {_rate(out)}")
        lines.append(f"Cards played per deal: {_mean(report['cards_played'])}")
        lines.append("")
        lines.append(
            f"  {'compartment':<13} {'won in play':>26} {'at the turn-up':>26} "
            f"{'carried over':>26} {'card left unplayed':>26}"
        )
        for cid, row in report["compartments"].items():
            lines.append(
                f"  {cid:<13} {_rate(row['won_in_play']):>26} {_rate(row['won_at_turn_up']):>26} "
                f"{_rate(row['carried_over']):>26} {_rate(row['card_held_unplayed']):>26}"
            )
        lines.append("")
        lines.append("Counters taken when a compartment is won (mean, 95% interval):")
        for cid, row in report["compartments"].items():
            if row["size_when_won"]["n"]:
                lines.append(f"  {cid:<13} {_mean(row['size_when_won'])}")
    else:
        lines.append(f"{report['games']} games")
        lines.append("")
        lines.append("Net counters per game, by position from the first dealer, and wins:")
        for row, won in zip(report["total_by_position"], report["winner_by_position"], strict=True):
            lines.append(f"  {row['position']:<24} {_mean(row)}   wins {_rate(won)}")
        lines.append(f"Spread between best and worst: {_mean(report['spread'])}")
        lines.append(f"Games with a shared win: {_rate(report['shared_wins'])}")
        lines.append("Counters taken when a compartment is won, across the game:")
        for cid, row in report["size_when_won"].items():
            if row["n"]:
                lines.append(f"  {cid:<13} {_mean(row)}")
    return lines
