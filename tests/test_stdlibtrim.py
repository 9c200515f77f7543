"""The Play page's standard library, cut to what its engine imports
(:mod:`variants.site.stdlibtrim`): which imports are read, and that the cut keeps what the
engine and Pyodide need and drops what they never import. The browser tests
(``tests/test_play_browser.py``) start the engine on the cut library and play through it."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

from variants.site.playpage import pyodide_folder, stdlib_roots
from variants.site.stdlibtrim import imports_of, trimmed

REPO = Path(__file__).resolve().parent.parent
SOURCE = """
import os, json.decoder
from . import sibling
from ..up import thing
from typing import TYPE_CHECKING
if TYPE_CHECKING:
    import unittest
if __name__ == "__main__":
    import doctest
try:
    import zlib
except ImportError:
    zlib = None
def later():
    import pdb
class Kind:
    import string
"""


def test_only_the_imports_run_when_a_module_is_imported_are_read() -> None:
    found = set(imports_of(SOURCE, "pkg.sub"))
    assert {"os", "json.decoder", "pkg.sub", "pkg.sub.sibling", "pkg.up", "pkg.up.thing"} <= found
    assert {"zlib", "string", "typing", "typing.TYPE_CHECKING"} <= found
    assert not found & {"unittest", "doctest", "pdb"}


def test_a_file_a_newer_python_wrote_is_read_line_by_line() -> None:
    newer = "import heapq\nfrom . import part\ntype Point = tuple[int, int]\n"
    assert set(imports_of(newer, "pkg")) == {"heapq", "pkg", "pkg.part"}


def test_the_cut_keeps_what_the_engine_and_pyodide_import_and_drops_the_rest() -> None:
    whole = pyodide_folder(REPO) / "python_stdlib.zip"
    cut = zipfile.ZipFile(io.BytesIO(trimmed(whole, stdlib_roots())))
    names = set(cut.namelist())
    for kept in (
        "random.py",
        "json/__init__.py",
        "dataclasses.py",
        "importlib/resources/_adapters.py",
        "encodings/utf_8.py",
        "encodings/cp437.py",
        "pyodide/_package_loader.py",
        "_pyodide/docstring.py",
    ):
        assert kept in names, kept
    for dropped in ("unittest/__init__.py", "pdb.py", "tkinter/__init__.py", "email/parser.py"):
        assert dropped not in names, dropped
    assert whole.stat().st_size - sum(i.compress_size for i in cut.infolist()) > 1_000_000
