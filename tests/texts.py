"""Where the tests find the source texts to check quotes against: every text beside the project
when it is there, else the repository's own copies of the public-domain texts, which hold every
text the broken files cite."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared" / "sources"
SOURCES = SHARED if SHARED.is_dir() else REPO / "sources"
HAVE_SOURCES = (SOURCES / "000_919af007d8e82e04.txt").is_file()
