"""The compartments table of a ruleset's page: how often each is won, and what it holds."""

from __future__ import annotations

from markupsafe import Markup

from .figures import Cell, Table, count_text, fold, html_table, n_players, rate_cell, short_mean
from .question import Entry


def compartments_table(entry: Entry) -> Markup:
    """Each compartment over the seats' run at the page's main table size, in the board's order
    (a report read back from the cache has its compartments in the order of their ids)."""
    report = entry.results.deals[entry.plan.seats_main]
    board = entry.ruleset.rules.board.compartments
    labels = {c.id: c.label for c in board}
    place = {c.id: i for i, c in enumerate(board)}
    play = entry.ruleset.rules.play
    rows: list[tuple[Cell, ...]] = []
    for cid, figures in sorted(
        report.compartments.items(), key=lambda row: place.get(row[0], len(place))
    ):
        size = figures.size_when_won
        won = short_mean(size, 1, False) if size.n else "never won"
        label = labels.get(cid, cid)
        if play.in_runs:
            rows.append(
                (
                    label,
                    rate_cell(figures.won_in_play),
                    rate_cell(figures.won_at_turn_up),
                    rate_cell(figures.carried_over),
                    rate_cell(figures.card_held_unplayed),
                    won,
                )
            )
        else:
            rows.append(
                (label, rate_cell(figures.won_in_play), rate_cell(figures.carried_over), won)
            )
    if play.in_runs:
        head: tuple[str, ...] = (
            "Compartment",
            "Won in play",
            "Won at the turn-up",
            "Left on the board",
            "Winning card left in a hand",
            "Counters when won",
        )
    else:
        swept = play.showing is not None and play.showing.sweep is not None
        shown = "Won on the hands shown" + (" or by the sweep" if swept else "")
        head = ("Compartment", shown, "Left on the board", "Counters when won")
    table = html_table(
        Table(
            head,
            tuple(rows),
            f"{count_text(report.deals, 'independent deals')}, {n_players(report.players)}, "
            f"each from an empty board; 95% intervals in small print.",
        )
    )
    return fold(
        f"How often each compartment is won, and what it holds ({len(rows)} compartments)", table
    )
