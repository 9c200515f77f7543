"""What the command line prints as JSON: one document, on standard output."""

from __future__ import annotations

import json
from typing import Any


def print_json(data: Any, indent: int | None = None) -> None:
    """``data`` as JSON, on one line or indented by ``indent``."""
    print(json.dumps(data, indent=indent))
