"""How much of a ruleset had to be reconstructed. The thresholds live here, and only here."""

from __future__ import annotations

from dataclasses import dataclass

from ...rules.ruleset import STATUS_THRESHOLDS, Ruleset

STATUS_BEYOND = "fragmentary"


@dataclass(frozen=True)
class Status:
    label: str
    interpretations: int

    @property
    def slug(self) -> str:
        return self.label.replace(" ", "-")


def status_for(count: int) -> Status:
    """The status label for a ruleset with ``count`` interpretations.

    >>> [status_for(n).label for n in (0, 4, 5, 8, 9)]
    ['complete', 'complete', 'partly reconstructed', 'partly reconstructed', 'fragmentary']
    """
    for most, label in STATUS_THRESHOLDS:
        if count <= most:
            return Status(label, count)
    return Status(STATUS_BEYOND, count)


def ruleset_status(ruleset: Ruleset) -> Status:
    return status_for(len(ruleset.interpretations))


def status_rule() -> str:
    """The thresholds, stated in a sentence.

    >>> status_rule()
    'complete: 4 interpretations or fewer; partly reconstructed: 5 to 8; fragmentary: 9 or more.'
    """
    parts: list[str] = []
    low = 0
    for most, label in STATUS_THRESHOLDS:
        if low == 0:
            parts.append(f"{label}: {most} interpretations or fewer")
        else:
            parts.append(f"{label}: {low} to {most}")
        low = most + 1
    parts.append(f"{STATUS_BEYOND}: {low} or more")
    return "; ".join(parts) + "."
