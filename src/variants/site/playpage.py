"""The Play page: the project's own engine, in Python, running in the reader's browser.

The page (``play.md``) loads ``assets/javascripts/play.js``, which starts a web worker
(``play-worker.js``) running Pyodide, CPython compiled to WebAssembly. What the worker needs is
vendored into the site, so the page makes no request to any other host:

- ``assets/pyodide/``: Pyodide's own files, from the npm package ``pyodide`` installed in
  ``node_modules/`` (``npm ci``; ``scripts/test`` and ``scripts/serve`` run it);
- ``assets/play/variants.zip``: the package's modules that need only the standard library (the
  model, the mechanics, the engine, the telling, :mod:`variants.interactive`), and beside them
  ``rulesets.json``, every validated ruleset, saved as :mod:`modeljson` saves it;
- Pyodide's standard library cut down to what those modules import (:mod:`.stdlibtrim`), and
  its lock file without its list of packages, none of which the page loads.

Without Pyodide the build fails, saying how to install it: a site whose Play page cannot start
is not the site.
"""

from __future__ import annotations

import ast
import io
import json
import os
import sys
import zipfile
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import replace
from pathlib import Path, PurePath, PurePosixPath

from ..interactive import catalog
from ..mechanics.ruleset import Ruleset
from ..rules.modeljson import dump_json
from .pages import SiteData
from .render import render
from .stdlibtrim import imports_of, run_on_import, trimmed

PAGE = "play.md"
PYODIDE_ENV = "VARIANTS_PYODIDE"
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""What Pyodide needs to start with the standard library alone (no other package is loaded)."""
PYODIDE_DIR = "assets/pyodide"
DATA_DIR = "assets/play"
PACKAGE = Path(__file__).resolve().parent.parent
"""The ``variants`` package's folder."""
BROWSER_ROOT = "interactive.py"
"""The module the browser runs; it is given this and every module it imports."""
DATA_FILES = ("rules/schema/ruleset.schema.json",)
RULESETS = "rulesets.json"
"""The saved rulesets' file, beside the package in its zip (compressed with it)."""
"""Files the browser's modules read (``modeljson`` hashes the schema)."""


class PyodideMissingError(ValueError):
    """Pyodide is not installed where the build looks for it."""


def pyodide_folder(project: Path) -> Path:
    """The folder of the npm package ``pyodide``: ``$VARIANTS_PYODIDE``, else
    ``node_modules/pyodide`` beside ``mkdocs.yml``, else beside the project the ``variants``
    package was installed from."""
    configured = os.environ.get(PYODIDE_ENV)
    candidates = (
        [Path(configured)]
        if configured
        else [
            project / "node_modules" / "pyodide",
            PACKAGE.parent.parent / "node_modules" / "pyodide",
        ]
    )
    for folder in candidates:
        if all((folder / name).is_file() for name in PYODIDE_FILES):
            return folder
    raise PyodideMissingError(
        f"the Play page needs Pyodide in {candidates[0]}: run 'npm ci' in the project folder "
        f"(scripts/test and scripts/serve do), or set ${PYODIDE_ENV} to its folder"
    )


def _imports(path: str) -> Iterator[str]:
    """What the module at ``path`` (inside the package) imports when it is imported: the paths
    of the package's modules, and the top-level names of any others. An import inside a
    function is made only when it is called, and is not counted (the simulator imports the
    loader so, which the browser never calls); one inside ``if TYPE_CHECKING`` is, which is
    only ever safe."""
    tree = ast.parse((PACKAGE / path).read_bytes())
    here = PurePosixPath("variants", path).parent
    for node in run_on_import(tree.body, type_checking=True):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield from _module(alias.name.split("."))
        elif isinstance(node, ast.ImportFrom):
            base = here
            for _ in range(node.level - 1):
                base = base.parent
            parts = (
                [*base.parts, *(node.module or "").split(".")]
                if node.level
                else ((node.module or "").split("."))
            )
            parts = [p for p in parts if p]
            yield from _module(parts)
            for alias in node.names:
                yield from _module([*parts, alias.name], submodule_only=True)


def _module(parts: list[str], submodule_only: bool = False) -> Iterator[str]:
    """The package path of the module ``parts`` names, or its top-level name when it is not the
    package's (nothing, with ``submodule_only``, when ``parts`` names no module of the
    package: a name imported from a module)."""
    if parts[0] != "variants":
        if not submodule_only:
            yield parts[0]
        return
    inner = PurePosixPath(*parts[1:]) if len(parts) > 1 else PurePosixPath()
    for candidate in (f"{inner}.py", f"{inner}/__init__.py"):
        if (PACKAGE / candidate).is_file():
            yield candidate.removeprefix("./")
            return


def browser_modules() -> list[str]:
    """Every module the browser's root module imports, directly or not, with the packages
    that hold them, sorted; ``ValueError`` when one of them needs more than the standard
    library."""
    found: set[str] = set()
    waiting = [BROWSER_ROOT, "__init__.py"]
    while waiting:
        path = waiting.pop()
        if path in found:
            continue
        found.add(path)
        for parent in PurePosixPath(path).parents:
            if str(parent) != ".":
                waiting.append(f"{parent}/__init__.py")
        for name in _imports(path):
            if name.endswith(".py"):
                waiting.append(name)
            elif name not in sys.stdlib_module_names and name != "__future__":
                raise ValueError(f"variants/{path} imports {name}, which the browser lacks")
    return sorted(found)


def stdlib_roots() -> list[str]:
    """The standard library's modules that the browser's modules import, by their full names
    (a name imported from a module may be a submodule: both are given)."""
    found: set[str] = set()
    for path in browser_modules():
        source = (PACKAGE / path).read_text(encoding="utf-8")
        found |= {name for name in imports_of(source) if name.split(".")[0] != "variants"}
    return sorted(found)


def package_zip(beside: Mapping[str, str] | None = None) -> bytes:
    """The browser's modules as one zip, under ``variants/``, and the files ``beside`` (by
    name, at the zip's top), the same bytes for the same files (every entry dated alike)."""
    buffer = io.BytesIO()
    entries = [(f"variants/{name}", (PACKAGE / name).read_bytes()) for name in browser_modules()]
    entries += [(f"variants/{name}", (PACKAGE / name).read_bytes()) for name in DATA_FILES]
    entries += [(name, text.encode("utf-8")) for name, text in (beside or {}).items()]
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=(2000, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    return buffer.getvalue()


def lock_file(pyodide: Path) -> str:
    """Pyodide's lock file with no package in it: the page loads none, and Pyodide reads only
    what the file says of itself (its version and platform) when it starts."""
    lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
    return json.dumps({"info": lock["info"], "packages": {}})


def rulesets_json(rulesets: Iterable[Ruleset]) -> str:
    """Every ruleset saved as JSON, by id, in the site's order; each names the file it came from
    by its name alone, never by where the site was built."""
    return json.dumps(
        {r.id: dump_json(replace(r, path=PurePath(r.path).name)) for r in rulesets},
        ensure_ascii=False,
    )


def vendored(site: SiteData, project: Path) -> dict[str, Path | bytes | str]:
    """What the Play page needs, by its path in the site: a file to copy, or its content."""
    pyodide = pyodide_folder(project)
    files: dict[str, Path | bytes | str] = {
        f"{PYODIDE_DIR}/{name}": pyodide / name for name in PYODIDE_FILES
    }
    files[f"{PYODIDE_DIR}/python_stdlib.zip"] = trimmed(
        pyodide / "python_stdlib.zip", stdlib_roots()
    )
    files[f"{PYODIDE_DIR}/pyodide-lock.json"] = lock_file(pyodide)
    files[f"{DATA_DIR}/variants.zip"] = package_zip({RULESETS: rulesets_json(site.rulesets)})
    return files


def engine_size(assets: Mapping[str, Path | bytes | str]) -> int:
    """The bytes the page fetches to start its engine: the files :func:`vendored` gives."""
    return sum(
        asset.stat().st_size
        if isinstance(asset, Path)
        else len(asset if isinstance(asset, bytes) else asset.encode("utf-8"))
        for asset in assets.values()
    )


def megabytes(size: int) -> str:
    """A size as the page says it: ``4.1 MB``.

    >>> megabytes(4_149_000), megabytes(950_000)
    ('4.1 MB', '0.9 MB')
    """
    return f"{size / 1_000_000:.1f} MB"


def play_page(site: SiteData, engine: int = 0) -> str:
    """The Play page's Markdown: the controls, the table, and the script that runs them;
    ``engine``, the bytes the engine takes to fetch, is said while it starts."""
    root = "../" if site.use_directory_urls else ""
    page = "RULESET/" if site.use_directory_urls else "RULESET.html"
    return render(
        "play.md.j2",
        script=f"{root}assets/javascripts/play.js",
        interpretation=f"{root}rulesets/{page}#interp-READING",
        recommended="" if site.recommended is None else site.recommended.id,
        fetching=megabytes(engine) if engine else "",
        catalog=json.dumps(catalog(site.rulesets), ensure_ascii=False),
    )
