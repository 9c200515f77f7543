"""Safe YAML reading that remembers where every node stood and rejects duplicate keys.

This is the only module that reads YAML. It turns a document into plain JSON-like data plus a
map from each node's JSON path to its line and column, so that every later check can point at
the offending line.

>>> doc = read_yaml_text("a:\\n  b: [1, 2]\\n", "x.yaml")
>>> doc.data, doc.where(("a", "b", 1))
({'a': {'b': [1, 2]}}, (2, 10))
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

JsonPath = tuple[str | int, ...]


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a file, with the line and column it concerns (1-based)."""

    file: str
    line: int
    column: int
    message: str
    path: JsonPath = ()

    def __str__(self) -> str:
        where = f" (at {json_path_text(self.path)})" if self.path else ""
        return f"{self.file}:{self.line}:{self.column}: {self.message}{where}"


class ProblemsError(ValueError):
    """Raised with every problem found in a file."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


def json_path_text(path: JsonPath) -> str:
    """``rules/board/compartments/0/id``; the root is ``/``."""
    return "/".join(str(part) for part in path) or "/"


@dataclass(frozen=True)
class YamlDocument:
    """A document's data and the position of each of its nodes."""

    file: str
    data: Any
    marks: dict[JsonPath, tuple[int, int]] = field(repr=False)
    """Where each node's value starts."""
    key_marks: dict[JsonPath, tuple[int, int]] = field(default_factory=dict, repr=False)
    """Where the key of each mapping entry stands."""
    scalars: frozenset[JsonPath] = field(default_factory=frozenset, repr=False)

    def where(self, path: JsonPath, at_key: bool = False) -> tuple[int, int]:
        """The line and column of the deepest existing node on ``path``: a scalar value where
        it stands, a block (mapping or list) at its key, so a problem about a block names the
        line that opens it."""
        for cut in range(len(path), -1, -1):
            prefix = tuple(path[:cut])
            if prefix not in self.marks:
                continue
            if prefix in self.key_marks and (at_key or prefix not in self.scalars):
                return self.key_marks[prefix]
            return self.marks[prefix]
        return (1, 1)

    def problem(self, path: JsonPath, message: str, at_key: bool = False) -> Problem:
        line, column = self.where(path, at_key)
        return Problem(self.file, line, column, message, tuple(path))


def read_yaml(path: Path) -> YamlDocument:
    """Read a YAML file; raise :class:`ProblemsError` for syntax errors and duplicate keys."""
    name = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ProblemsError([Problem(name, 1, 1, "no such file")]) from None
    except UnicodeDecodeError as error:
        raise ProblemsError([Problem(name, 1, 1, f"not UTF-8 text: {error.reason}")]) from None
    except OSError as error:
        raise ProblemsError([Problem(name, 1, 1, f"cannot read: {error.strerror}")]) from None
    return read_yaml_text(text, name)


FastLoader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's safe loader where PyYAML was built with it: the same nodes, parsed in C."""


def read_yaml_text(text: str, name: str) -> YamlDocument:
    if FastLoader is not yaml.SafeLoader:
        try:
            return _read_with(FastLoader, text, name)
        except ProblemsError:
            pass  # the pure-Python loader words syntax errors as the messages here expect
    return _read_with(yaml.SafeLoader, text, name)


def _read_with(loader_class: type[yaml.SafeLoader], text: str, name: str) -> YamlDocument:
    loader = loader_class(text)
    try:
        node = loader.get_single_node()
        if node is None:
            raise ProblemsError([Problem(name, 1, 1, "the file is empty")])
        marks: dict[JsonPath, tuple[int, int]] = {}
        key_marks: dict[JsonPath, tuple[int, int]] = {}
        scalars: set[JsonPath] = set()
        data = _convert(loader, node, (), _Marks(marks, key_marks, scalars), name)
    except yaml.MarkedYAMLError as error:
        raise ProblemsError([_syntax_problem(error, name)]) from None
    except yaml.YAMLError as error:
        raise ProblemsError([Problem(name, 1, 1, f"YAML error: {error}")]) from None
    finally:
        loader.dispose()
    return YamlDocument(name, data, marks, key_marks, frozenset(scalars))


def _syntax_problem(error: yaml.MarkedYAMLError, name: str) -> Problem:
    """A YAML syntax error in words a person can act on."""
    mark = error.problem_mark or error.context_mark
    line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    what = error.problem or error.context or "invalid YAML"
    context = error.context or ""
    opened = error.context_mark
    if opened is not None and ("flow sequence" in context or "flow mapping" in context):
        kind = "list [" if "sequence" in context else "mapping {"
        return Problem(
            name,
            opened.line + 1,
            opened.column + 1,
            f"YAML syntax error: the {kind} opened here is not closed (on line {line}: {what})",
        )
    if "'\\t'" in what:
        return Problem(
            name, line, column, "YAML syntax error: a tab cannot indent YAML: indent with spaces"
        )
    if "expected <block end>" in what or "mapping values are not allowed" in what:
        block = f" of the block that starts on line {opened.line + 1}" if opened else ""
        return Problem(
            name,
            line,
            column,
            f"YAML syntax error: bad indentation: this line does not line up with the keys{block}",
        )
    return Problem(name, line, column, f"YAML syntax error: {what}")


@dataclass
class _Marks:
    values: dict[JsonPath, tuple[int, int]]
    keys: dict[JsonPath, tuple[int, int]]
    scalars: set[JsonPath]


def _convert(
    loader: yaml.SafeLoader,
    node: yaml.Node,
    path: JsonPath,
    marks: _Marks,
    name: str,
) -> Any:
    marks.values[path] = (node.start_mark.line + 1, node.start_mark.column + 1)
    if isinstance(node, yaml.MappingNode):
        loader.flatten_mapping(node)
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            if not isinstance(key, str | int | bool) or isinstance(key, bool):
                line, column = key_node.start_mark.line + 1, key_node.start_mark.column + 1
                raise ProblemsError(
                    [Problem(name, line, column, f"a key must be text, not {key!r}", path)]
                )
            text_key = str(key)
            line, column = key_node.start_mark.line + 1, key_node.start_mark.column + 1
            if text_key in result:
                first = marks.keys.get((*path, text_key), (0, 0))[0]
                raise ProblemsError(
                    [
                        Problem(
                            name,
                            line,
                            column,
                            f"duplicate key {text_key!r} (first given on line {first})",
                            (*path, text_key),
                        )
                    ]
                )
            marks.keys[(*path, text_key)] = (line, column)
            result[text_key] = _convert(loader, value_node, (*path, text_key), marks, name)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [
            _convert(loader, item, (*path, index), marks, name)
            for index, item in enumerate(node.value)
        ]
    marks.scalars.add(path)
    value = loader.construct_object(node, deep=True)
    if isinstance(value, datetime.date | datetime.datetime):
        # Dates stay as written: rulesets hold them as text.
        return str(node.value)
    if isinstance(value, bytes):
        line, column = marks.values[path]
        raise ProblemsError([Problem(name, line, column, "binary values are not allowed", path)])
    return value
