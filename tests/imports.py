"""What a module imports, read from its source: for tests that keep a layer's imports narrow."""

from __future__ import annotations

import ast
from pathlib import Path


def imported(path: Path, package: str, top_level_only: bool = False) -> set[str]:
    """The modules the file at ``path`` imports, relative imports written out in full from
    ``package`` (the package the file is in). With ``top_level_only``, only the imports that
    run when the module is imported: those under ``if TYPE_CHECKING:`` are left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    found: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                found.add(".".join([*base, *([node.module] if node.module else [])]))
            else:
                found.add(node.module or "")
    return found
