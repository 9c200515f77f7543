"""What the command line prints as text: lines safe for a terminal, tables, and a simulation's
report as a table."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from ..analysis.reports import DealsReport, GamesReport, Mean, Rate, Report, position_names
from ..core.hidden import shown


def visible(text: str) -> str:
    """``text`` with each character that is not visible text (:mod:`variants.core.hidden`) but the
    tab written as an escape such as ``\\x1b``: what came from input is shown as it is, on one
    line, and cannot act on the terminal."""
    return shown(text)


def say(line: str) -> None:
    """Print one line to standard output, as a person can read it."""
    print(visible(line))


def error(line: str) -> None:
    """Write one line to standard error, as a person can read it."""
    print(visible(line), file=sys.stderr)


def table(rows: Sequence[Sequence[str]], widest: dict[int, int] | None = None) -> list[str]:
    """``rows`` (the first the heading) in columns two spaces apart, each as wide as its widest
    cell, or as ``widest`` says for a column (a longer cell cut, with an ellipsis), every cell
    made :func:`visible`."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for column, most in (widest or {}).items():
        widths[column] = min(widths[column], most)
    lines = []
    for row in rows:
        cells = [
            visible(cell if len(cell) <= widths[i] else cell[: widths[i] - 1] + "…")
            for i, cell in enumerate(row)
        ]
        lines.append("  ".join(cell.ljust(widths[i]) for i, cell in enumerate(cells)).rstrip())
    return lines


# --------------------------------------------------------------------------------------------
# A simulation's report


def _mean(stat: Mean) -> str:
    return f"{stat.mean:+8.3f}  [{stat.low:+.3f}, {stat.high:+.3f}]"


def _rate(stat: Rate) -> str:
    return f"{100 * stat.rate:6.2f}%  [{100 * stat.low:.2f}, {100 * stat.high:.2f}]"


def report_lines(report: Report) -> list[str]:
    """A report of ``variants simulate`` as lines for a terminal."""
    meta = report.meta
    options = ", ".join(f"{k}={v}" for k, v in (meta.options or {}).items()) or "defaults"
    head = (
        f"{meta.ruleset}: {meta.players} players, policy {meta.policy}, "
        f"seed {meta.seed}, options: {options}"
    )
    lines = [head]
    if isinstance(report, DealsReport):
        lines.append(f"{report.deals} deals; void (ended at the turn-up): {_rate(report.voided)}")
        lines.append("")
        lines.append("Net counters per deal, by position (mean, 95% interval) and going out:")
        names = position_names(report.players)
        rows = zip(names, report.net_by_position, report.went_out_by_position, strict=True)
        for name, net, out in rows:
            lines.append(f"  {name:<24} {_mean(net)}   out {_rate(out)}")
        lines.append(f"Cards played per deal: {_mean(report.cards_played)}")
        lines.append("")
        lines.append(
            f"  {'compartment':<13} {'won in play':>26} {'at the turn-up':>26} "
            f"{'carried over':>26} {'card left unplayed':>26}"
        )
        for cid, row in report.compartments.items():
            lines.append(
                f"  {cid:<13} {_rate(row.won_in_play):>26} {_rate(row.won_at_turn_up):>26} "
                f"{_rate(row.carried_over):>26} {_rate(row.card_held_unplayed):>26}"
            )
        lines.append("")
        lines.append("Counters taken when a compartment is won (mean, 95% interval):")
        for cid, row in report.compartments.items():
            if row.size_when_won.n:
                lines.append(f"  {cid:<13} {_mean(row.size_when_won)}")
    elif isinstance(report, GamesReport):
        lines.append(f"{report.games} games")
        lines.append("")
        lines.append("Net counters per game, by position from the first dealer, and wins:")
        names = position_names(report.players, "first dealer")
        rows = zip(names, report.total_by_position, report.winner_by_position, strict=True)
        for name, total, won in rows:
            lines.append(f"  {name:<24} {_mean(total)}   wins {_rate(won)}")
        lines.append(f"Spread between best and worst: {_mean(report.spread)}")
        lines.append(f"Games with a shared win: {_rate(report.shared_wins)}")
        lines.append("Counters taken when a compartment is won, across the game:")
        for cid, size in report.size_when_won.items():
            if size.n:
                lines.append(f"  {cid:<13} {_mean(size)}")
    return lines
