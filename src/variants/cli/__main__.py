"""``python -m variants.cli``: the ``variants`` command."""

from __future__ import annotations

import sys

from . import main

sys.exit(main())
