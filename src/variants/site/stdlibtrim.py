"""The part of Pyodide's standard library that the Play page runs: its zip, cut down to the
modules the browser's own modules import, directly or not, with those Pyodide itself imports
when it starts and unpacks a zip, and the codecs Python may look up by name.

Pyodide ships the whole standard library (``python_stdlib.zip``, some 2.5 MB); the page needs a
fraction of it. The modules needed are found by reading the import statements each module
taken runs when it is imported: not those inside a function, made only if it is called (the
page's browser tests make every request it makes, so a call that needs more fails them), nor
those under ``if __name__ == "__main__"`` or ``if TYPE_CHECKING``. A file
the reader cannot parse (a newer Python's syntax) is read line by line for its imports instead,
all of them.
"""

from __future__ import annotations

import ast
import io
import re
import zipfile
from collections.abc import Iterable, Iterator
from pathlib import Path, PurePosixPath

ALWAYS = (
    "encodings",
    "site",
    "sysconfig",
    "importlib",
    "_pyodide",
    "_pyodide._base",
    "_pyodide._core_docs",
    "_pyodide._future_helper",
    "_pyodide._importhook",
    "_pyodide.docs_argspec",
    "_pyodide.docstring",
    "_pyodide.jsbind",
    "pyodide",
    "pyodide.code",
    "pyodide.ffi",
    "pyodide._package_loader",
)
"""Modules kept with everything they import: what the interpreter's start-up reads, and what
Pyodide imports as it starts, from its JavaScript and its C (the whole of ``_pyodide``, its
loader, and the part that unpacks an archive)."""
WHOLE = ("importlib", "json", "re", "collections")
"""Packages kept whole, with what their modules import: their functions import more of them as
they are called (``importlib.resources`` its adapters, the first time a resource is read)."""
CODECS = (
    "encodings.aliases",
    "encodings.ascii",
    "encodings.cp437",
    "encodings.idna",
    "encodings.latin_1",
    "encodings.raw_unicode_escape",
    "encodings.unicode_escape",
    "encodings.utf_8",
    "encodings.utf_8_sig",
    "encodings.utf_16",
    "encodings.utf_32",
)
"""The codecs kept: Python looks a codec up by its name, so no import names them. These are
the ones the interpreter and the page use: UTF-8 and its kin, ASCII and Latin-1, the escapes,
and code page 437, in which a zip's names are read when they are not marked UTF-8."""
_IMPORT_LINE = re.compile(
    r"^\s*(?:from\s+(\.*[\w.]*)\s+import\s+([\w\s,()*]+)|import\s+([\w\s.,]+))"
)


class Library:
    """The standard library's zip, by module: each module's path in the zip."""

    def __init__(self, archive: zipfile.ZipFile) -> None:
        self.archive = archive
        self.names = {info.filename for info in archive.infolist()}

    def path_of(self, module: str) -> str | None:
        """The file of ``module`` (``a.b`` is ``a/b.py`` or ``a/b/__init__.py``), if it is
        in the zip."""
        base = module.replace(".", "/")
        for candidate in (f"{base}.py", f"{base}/__init__.py"):
            if candidate in self.names:
                return candidate
        return None

    def imports(self, path: str) -> Iterator[str]:
        """The modules the file at ``path`` names in its import statements, absolute."""
        source = self.archive.read(path).decode("utf-8", "replace")
        yield from imports_of(source, _package_of(path))


def imports_of(source: str, package: str = "") -> Iterator[str]:
    """The modules a module's ``source`` names in the import statements it runs when it is
    imported, made absolute from its ``package``; a name imported from a module is given as
    a submodule too (``from importlib import resources``: ``importlib.resources``), in case
    it is one."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        yield from _imports_by_line(source, package)
        return
    for node in run_on_import(tree.body):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(node.module or "", node.level, package)
            if base:
                yield base
            for alias in node.names:
                if alias.name != "*":
                    yield f"{base}.{alias.name}" if base else alias.name


def run_on_import(body: list[ast.stmt], type_checking: bool = False) -> Iterator[ast.stmt]:
    """The statements run when a module is imported, nested ones too: not those inside a
    function, nor under ``if __name__ == "__main__"``, nor (unless ``type_checking``) under
    ``if TYPE_CHECKING``."""
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        if isinstance(node, ast.If) and _never_on_import(node.test, type_checking):
            yield from run_on_import(node.orelse, type_checking)
            continue
        yield node
        for part in ("body", "orelse", "finalbody"):
            inner = getattr(node, part, None)
            if isinstance(inner, list):
                yield from run_on_import(inner, type_checking)
        for handler in getattr(node, "handlers", []):
            yield from run_on_import(handler.body, type_checking)


def _never_on_import(test: ast.expr, type_checking: bool = False) -> bool:
    """Whether an ``if`` is never true when a module is imported: ``__name__ == "__main__"``
    (the module run as a script) or, unless ``type_checking``, ``TYPE_CHECKING`` (a type
    checker reading it)."""
    if isinstance(test, ast.Name | ast.Attribute):
        named = test.id if isinstance(test, ast.Name) else test.attr
        return named == "TYPE_CHECKING" and not type_checking
    return (
        isinstance(test, ast.Compare)
        and isinstance(test.left, ast.Name)
        and test.left.id == "__name__"
        and any(isinstance(c, ast.Constant) and c.value == "__main__" for c in test.comparators)
    )


def _package_of(path: str) -> str:
    """The package a file of the zip belongs to: ``a/b/c.py`` and ``a/b/__init__.py`` are
    both in ``a.b``."""
    return ".".join(PurePosixPath(path).parent.parts)


def _absolute(module: str, level: int, package: str) -> str:
    """``from ..x import y`` made absolute from the importing file's ``package``."""
    if level == 0:
        return module
    parts = package.split(".") if package else []
    base = parts[: len(parts) - (level - 1)] if level > 1 else parts
    return ".".join([*base, *([module] if module else [])])


def _imports_by_line(source: str, package: str) -> Iterator[str]:
    """The imports of a file the parser cannot read, found line by line."""
    for line in source.splitlines():
        match = _IMPORT_LINE.match(line)
        if match is None:
            continue
        source_module, names, plain = match.groups()
        if plain is not None:
            for name in plain.split(","):
                name = name.strip().split(" ")[0]
                if name:
                    yield name
            continue
        level = len(source_module) - len(source_module.lstrip("."))
        base = _absolute(source_module.lstrip("."), level, package)
        if base:
            yield base
        for name in names.replace("(", " ").replace(")", " ").split(","):
            name = name.strip().split(" ")[0]
            if name and name != "*":
                yield f"{base}.{name}" if base else name


def needed(library: Library, roots: Iterable[str]) -> set[str]:
    """The files of the zip that the modules ``roots`` need, with :data:`ALWAYS` and
    :data:`CODECS`: each module taken, the packages that hold it, and what it imports, to the
    end."""
    files: set[str] = set()
    waiting: list[str] = []
    for name in [*roots, *ALWAYS]:
        waiting.append(name)
    waiting += CODECS
    for package in WHOLE:
        prefix = package.replace(".", "/") + "/"
        waiting += [
            _module_of(name)
            for name in library.names
            if name.startswith(prefix) and name.endswith(".py")
        ]
    seen: set[str] = set()
    while waiting:
        module = waiting.pop()
        if module in seen:
            continue
        seen.add(module)
        parts = module.split(".")
        for end in range(1, len(parts)):
            waiting.append(".".join(parts[:end]))
        path = library.path_of(module)
        if path is None or path in files:
            continue
        files.add(path)
        waiting += library.imports(path)
    files |= {n for n in library.names if n.startswith("_sysconfigdata_")}
    folders = {str(parent) + "/" for path in files for parent in PurePosixPath(path).parents}
    return files | (folders & library.names)


def _module_of(path: str) -> str:
    """The module a file of the zip holds: ``a/b.py`` and ``a/b/__init__.py`` are ``a.b``."""
    parts = PurePosixPath(path).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def trimmed(stdlib: Path, roots: Iterable[str]) -> bytes:
    """Pyodide's standard library zip at ``stdlib`` with only what the modules ``roots`` need
    (see :func:`imports_of` for the modules a source file needs), the same bytes for the same
    files (each entry as it was)."""
    with zipfile.ZipFile(stdlib) as archive:
        library = Library(archive)
        keep = needed(library, roots)
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as out:
            for info in archive.infolist():
                if info.filename in keep:
                    out.writestr(info, archive.read(info), compress_type=zipfile.ZIP_DEFLATED)
    return buffer.getvalue()
