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

    def where(self, path: JsonPath) -> tuple[int, int]:
        """The line and column of the deepest existing node on ``path``."""
        for cut in range(len(path), -1, -1):
            found = self.marks.get(tuple(path[:cut]))
            if found is not None:
                return found
        return (1, 1)

    def problem(self, path: JsonPath, message: str) -> Problem:
        line, column = self.where(path)
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


def read_yaml_text(text: str, name: str) -> YamlDocument:
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            raise ProblemsError([Problem(name, 1, 1, "the file is empty")])
        marks: dict[JsonPath, tuple[int, int]] = {}
        data = _convert(loader, node, (), marks, name)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        what = error.problem or error.context or "invalid YAML"
        raise ProblemsError([Problem(name, line, column, f"YAML syntax error: {what}")]) from None
    except yaml.YAMLError as error:
        raise ProblemsError([Problem(name, 1, 1, f"YAML error: {error}")]) from None
    finally:
        loader.dispose()
    return YamlDocument(name, data, marks)


def _convert(
    loader: yaml.SafeLoader,
    node: yaml.Node,
    path: JsonPath,
    marks: dict[JsonPath, tuple[int, int]],
    name: str,
) -> Any:
    marks[path] = (node.start_mark.line + 1, node.start_mark.column + 1)
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
            if text_key in result:
                line, column = key_node.start_mark.line + 1, key_node.start_mark.column + 1
                first = marks.get((*path, text_key), (0, 0))[0]
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
            result[text_key] = _convert(loader, value_node, (*path, text_key), marks, name)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [
            _convert(loader, item, (*path, index), marks, name)
            for index, item in enumerate(node.value)
        ]
    value = loader.construct_object(node, deep=True)
    if isinstance(value, datetime.date | datetime.datetime):
        # Dates stay as written: rulesets hold them as text.
        return str(node.value)
    if isinstance(value, bytes):
        line, column = marks[path]
        raise ProblemsError([Problem(name, line, column, "binary values are not allowed", path)])
    return value
