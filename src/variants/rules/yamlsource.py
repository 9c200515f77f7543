"""Safe, bounded YAML reading that remembers where every node stood.

This is the only module that reads YAML. It turns a document into plain JSON-like data (text,
whole numbers, numbers, true/false, null, lists and mappings with text keys) plus a map from each
node's JSON path to its line and column, so that every later check can point at the offending
line. Files are untrusted: the reader builds the data from the parser's events without recursion,
builds each node once (an alias is a copy of a node already counted, never a loop), and stops at
the first thing wrong with one located :class:`Problem`: a file larger than :data:`MAX_BYTES`,
more than :data:`MAX_NODES` values, nesting deeper than :data:`MAX_DEPTH`, a number of more than
:data:`MAX_DIGITS` digits, a control character, a tag outside the plain core (``!!binary``,
``!!timestamp``, ``!!python/...``, ``!custom``), a merge key, a duplicate key, a key that is not
text or longer than :data:`MAX_KEY`, a second document, or a syntax error.

>>> doc = read_yaml_text("a:\\n  b: [1, 2]\\n", "x.yaml")
>>> doc.data, doc.where(("a", "b", 1))
({'a': {'b': [1, 2]}}, (2, 10))
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.hidden import describe, hidden_at
from ..core.saferead import ReadError, read_bytes, too_large

if TYPE_CHECKING:
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


# --------------------------------------------------------------------------------------------
# Bounds. A ruleset is about 16 KB and 1,200 nodes deep in eight levels; these leave room for
# any source while keeping every file quick to read and to check.

MAX_BYTES = 262_144
"""The largest file read, in bytes (256 KiB)."""
MAX_NODES = 20_000
"""The most values (scalars, lists and mappings) in one file, each alias counted as the values it
stands for."""
MAX_DEPTH = 40
"""The deepest nesting of lists and mappings."""
MAX_DIGITS = 30
"""The most digits in one number."""
MAX_KEY = 200
"""The longest key, in characters."""

_YAML_FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ufffe\uffff]")
"""Characters YAML does not allow anywhere in a file, even in a comment."""
_LINE_BREAKS = re.compile("[\x85\u2028\u2029]|\r(?!\n)")
"""What YAML counts as a line break and ``wc -l``, editors and GitHub do not: refused anywhere
in a file, so that every line a problem names is the line a person finds there."""
_TEXT_ALLOWED = "\t\n"
"""The only characters a value may hold that are not visible text (:mod:`variants.core.hidden`)."""

_CORE_SCALARS = frozenset(
    "tag:yaml.org,2002:" + name for name in ("str", "int", "float", "bool", "null")
)
_SEQ = "tag:yaml.org,2002:seq"
_MAP = "tag:yaml.org,2002:map"
_MERGE = "tag:yaml.org,2002:merge"


def read_yaml(path: Path) -> YamlDocument:
    """Read a YAML file of at most :data:`MAX_BYTES`; raise :class:`ProblemsError` with one
    located problem for anything that is not plain, well-formed, JSON-like YAML."""
    try:
        raw = read_bytes(path, MAX_BYTES)
    except ReadError as error:
        raise ProblemsError([Problem(str(path), 1, 1, error.reason)]) from None
    return read_yaml_bytes(raw, str(path))


def read_yaml_bytes(raw: bytes, name: str) -> YamlDocument:
    """Read the bytes ``raw`` of a YAML file (named ``name`` in problems, read within
    :data:`MAX_BYTES`) as :func:`read_yaml` does."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        before = raw[: error.start]
        line = before.count(b"\n") + 1
        column = len(before) - (before.rfind(b"\n") + 1) + 1
        message = f"not UTF-8 text: {error.reason} (byte 0x{raw[error.start]:02x})"
        raise ProblemsError([Problem(name, line, column, message)]) from None
    return read_yaml_text(text, name)


def _too_large(size: int) -> str:
    return too_large(size, MAX_BYTES)


def read_yaml_text(text: str, name: str) -> YamlDocument:
    """Read YAML ``text`` (named ``name`` in problems) under the same bounds as a file."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if len(text) > MAX_BYTES:
        raise ProblemsError([Problem(name, 1, 1, _too_large(len(text.encode("utf-8"))))])
    found = _YAML_FORBIDDEN.search(text)
    if found:
        line, column = _position(text, found.start())
        raise ProblemsError(
            [Problem(name, line, column, f"{_code(found.group())} is not allowed in a YAML file")]
        )
    found = _LINE_BREAKS.search(text)
    if found:
        line, column = _position(text, found.start())
        message = (
            f"{_code(found.group())} is not allowed in a YAML file: YAML would count it as a "
            "line break where editors do not; end lines with a newline"
        )
        raise ProblemsError([Problem(name, line, column, message)])
    try:
        return _Builder(name).build(_events(text, name, fast=True))
    except _SyntaxError:
        pass  # libyaml's words are terse; the pure-Python parser says the same more helpfully
    try:
        return _Builder(name).build(_events(text, name, fast=False))
    except _SyntaxError as error:
        raise ProblemsError([_syntax_problem(error.error, name)]) from None


def forbidden_character(value: str) -> str | None:
    """The first character of ``value`` that no value read may hold (see the reader's bounds),
    as ``U+202E at character 6``; None when there is none."""
    at = hidden_at(value, _TEXT_ALLOWED)
    return None if at is None else f"U+{ord(value[at]):04X} at character {at + 1}"


def _position(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def _code(character: str) -> str:
    if character == "\r":
        return "a carriage return (U+000D) not followed by a newline"
    return describe(character)


class _SyntaxError(Exception):
    def __init__(self, error: yaml.MarkedYAMLError) -> None:
        self.error = error


def _events(text: str, name: str, fast: bool) -> Iterator[yaml.Event]:
    """The parser's events; a syntax error comes out as :class:`_SyntaxError`."""
    import yaml

    parts = _yaml()
    c_parser = parts.c_parser
    parser: Any = c_parser(text) if fast and c_parser is not None else parts.python_parser(text)
    try:
        while True:
            event = parser.get_event()
            yield event
            if isinstance(event, yaml.StreamEndEvent):
                return
    except yaml.MarkedYAMLError as error:
        raise _SyntaxError(error) from None
    except yaml.YAMLError as error:  # an error without a place, such as a reader error
        raise ProblemsError([Problem(name, 1, 1, f"YAML error: {error}")]) from None
    finally:
        parser.dispose()


class _Yaml:
    """PyYAML and the parts of the reader built on it, made the first time a file is read (a
    command that finds its ruleset's reading kept, :mod:`.readings`, never imports it)."""

    def __init__(self) -> None:
        import yaml

        class Resolver(yaml.resolver.Resolver):
            """The safe resolver without YAML 1.1's implicit dates: a date stays the text it
            was written as, and a tag ``!!timestamp`` can only be one written out (and
            refused)."""

            yaml_implicit_resolvers = {  # noqa: RUF012 (PyYAML's own class attribute, replaced)
                first: [
                    (tag, regexp) for tag, regexp in resolvers if not tag.endswith(":timestamp")
                ]
                for first, resolvers in yaml.resolver.Resolver.yaml_implicit_resolvers.items()
            }

        class PythonParser(yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser):
            def __init__(self, text: str) -> None:
                yaml.reader.Reader.__init__(self, text)
                yaml.scanner.Scanner.__init__(self)
                yaml.parser.Parser.__init__(self)

            def dispose(self) -> None:
                self.states = []
                self.state = None

        self.resolver = Resolver
        self.python_parser = PythonParser
        self.c_parser: Any = getattr(getattr(yaml, "cyaml", None), "CParser", None)
        """libyaml's parser, where PyYAML was built with it: the same events, parsed in C."""
        self.booleans = yaml.constructor.SafeConstructor.bool_values
        self.constructor = yaml.constructor.SafeConstructor()


@cache
def _yaml() -> _Yaml:
    return _Yaml()


@dataclass
class _Open:
    """A list or mapping being read."""

    path: JsonPath
    value: dict[str, Any] | list[Any]
    anchor: str | None
    nodes: int = 1
    key: str | None = None
    """In a mapping, the key whose value comes next (``None``: a key comes next)."""


@dataclass
class _Anchored:
    value: Any
    nodes: int
    mark: tuple[int, int]


class _Builder:
    """Builds plain data from parser events without recursion: each node once, every bound
    checked as it is passed, every problem a located :class:`Problem`."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.marks: dict[JsonPath, tuple[int, int]] = {}
        self.key_marks: dict[JsonPath, tuple[int, int]] = {}
        self.scalars: set[JsonPath] = set()
        self.anchors: dict[str, _Anchored] = {}
        self.open_anchors: set[str] = set()
        self.stack: list[_Open] = []
        self.nodes = 0
        self.documents = 0
        self.root: Any = None
        self.have_root = False
        self.resolver = _yaml().resolver()

    def fail(self, at: tuple[int, int], message: str, path: JsonPath = ()) -> ProblemsError:
        return ProblemsError([Problem(self.name, at[0], at[1], message, path)])

    def build(self, events: Iterator[yaml.Event]) -> YamlDocument:
        import yaml

        for event in events:
            mark: Any = event.start_mark
            at = (mark.line + 1, mark.column + 1)
            match event:
                case yaml.DocumentStartEvent():
                    self.documents += 1
                    if self.documents > 1:
                        raise self.fail(at, "a file holds one YAML document; a second starts here")
                case yaml.ScalarEvent():
                    self.count(at, 1)
                    value = self.scalar(event, at)
                    self.place(value, at, 1, scalar=True, anchor=event.anchor)
                case yaml.AliasEvent():
                    self.alias(event, at)
                case yaml.SequenceStartEvent() | yaml.MappingStartEvent():
                    self.start(event, at)
                case yaml.SequenceEndEvent() | yaml.MappingEndEvent():
                    self.end()
                case _:
                    pass  # the stream's start and end, a document's end
        if not self.have_root:
            raise self.fail((1, 1), "the file is empty")
        return YamlDocument(
            self.name, self.root, self.marks, self.key_marks, frozenset(self.scalars)
        )

    def count(self, at: tuple[int, int], nodes: int) -> None:
        self.nodes += nodes
        if self.nodes > MAX_NODES:
            raise self.fail(
                at, f"too many values: a file may hold at most {MAX_NODES:,} (aliases included)"
            )

    def child_path(self, at: tuple[int, int], collection: bool) -> JsonPath:
        """The path of the node that starts at ``at``, or ``()`` for a key or the root."""
        if not self.stack:
            return ()
        parent = self.stack[-1]
        if isinstance(parent.value, list):
            return (*parent.path, len(parent.value))
        if parent.key is None:
            if collection:
                raise self.fail(at, "a key must be text, not a list or mapping", parent.path)
            return ()
        return (*parent.path, parent.key)

    def is_key(self) -> bool:
        return (
            bool(self.stack)
            and isinstance(self.stack[-1].value, dict)
            and (self.stack[-1].key is None)
        )

    def scalar(self, event: yaml.ScalarEvent, at: tuple[int, int]) -> Any:
        import yaml

        tag = event.tag
        if tag is None or tag == "!":
            tag = self.resolver.resolve(  # type: ignore[no-untyped-call]
                yaml.ScalarNode, event.value, event.implicit
            )
        if tag == _MERGE:
            raise self.fail(at, "merge keys (<<) are not supported: write the keys out")
        if tag not in _CORE_SCALARS:
            raise self.fail(at, f"the tag {_tag_text(tag)} is not allowed: {_PLAIN}")
        text = event.value
        kind = tag.rsplit(":", 1)[1]
        digits = _digits(text) if kind in ("int", "float") else 0
        if digits > MAX_DIGITS:
            raise self.fail(at, f"a number of {digits:,} digits; at most {MAX_DIGITS} are allowed")
        value = _construct(kind, tag, text)
        if value is _INVALID:
            raise self.fail(at, f"{_shown(text)} is not {_KIND_WORDS[kind]}")
        if isinstance(value, str):
            bad = hidden_at(value, _TEXT_ALLOWED)
            if bad is not None:
                raise self.fail(at, f"text may not hold {describe(value[bad])}")
        return value

    def alias(self, event: yaml.AliasEvent, at: tuple[int, int]) -> None:
        name = str(event.anchor)
        if name in self.open_anchors:
            raise self.fail(
                at, f"the alias *{name} stands inside the node &{name} it refers to: a loop"
            )
        anchored = self.anchors.get(name)
        if anchored is None:
            raise self.fail(at, f"the alias *{name} refers to no anchor &{name} before it")
        self.count(at, anchored.nodes)
        # A copy, so that the data stays a tree; its size was counted, so copying is bounded.
        value = copy.deepcopy(anchored.value)
        self.place(value, at, anchored.nodes, scalar=not isinstance(value, dict | list))

    def start(
        self, event: yaml.SequenceStartEvent | yaml.MappingStartEvent, at: tuple[int, int]
    ) -> None:
        import yaml

        self.count(at, 1)
        if len(self.stack) >= MAX_DEPTH:
            raise self.fail(
                at, f"nested too deep: at most {MAX_DEPTH} levels of lists and mappings"
            )
        mapping = isinstance(event, yaml.MappingStartEvent)
        expected = _MAP if mapping else _SEQ
        if event.tag not in (None, "!", expected):
            raise self.fail(at, f"the tag {_tag_text(event.tag)} is not allowed: {_PLAIN}")
        path = self.child_path(at, collection=True)
        self.marks[path] = at
        value: dict[str, Any] | list[Any] = {} if mapping else []
        if event.anchor is not None:
            self.open_anchors.add(event.anchor)
        self.stack.append(_Open(path, value, event.anchor))

    def end(self) -> None:
        done = self.stack.pop()
        if done.anchor is not None:
            self.open_anchors.discard(done.anchor)
            self.anchors[done.anchor] = _Anchored(done.value, done.nodes, self.marks[done.path])
        if self.stack:
            self.stack[-1].nodes += done.nodes
            self.attach(done.path[-1] if done.path else "", done.value)
        else:
            self.root, self.have_root = done.value, True

    def place(
        self, value: Any, at: tuple[int, int], nodes: int, scalar: bool, anchor: str | None = None
    ) -> None:
        """A scalar or an alias's value, read at ``at``."""
        if anchor is not None:
            self.anchors[anchor] = _Anchored(value, nodes, at)
        if not self.stack:
            self.marks[()] = at
            if scalar:
                self.scalars.add(())
            self.root, self.have_root = value, True
            return
        parent = self.stack[-1]
        parent.nodes += nodes
        if self.is_key():
            self.key(parent, value, at)
            return
        path = self.child_path(at, collection=False)
        self.marks[path] = at
        if scalar:
            self.scalars.add(path)
        self.attach(path[-1], value)

    def key(self, parent: _Open, value: Any, at: tuple[int, int]) -> None:
        if isinstance(value, bool) or not isinstance(value, str | int):
            shown = {None: "null", True: "true", False: "false"}.get(value, repr(value))
            if isinstance(value, list | dict):
                shown = "a list or mapping"
            raise self.fail(at, f"a key must be text, not {shown}", parent.path)
        key = str(value)
        if len(key) > MAX_KEY:
            raise self.fail(at, f"a key of {len(key):,} characters; at most {MAX_KEY} are allowed")
        assert isinstance(parent.value, dict)
        if key in parent.value:
            first = self.key_marks.get((*parent.path, key), (0, 0))[0]
            raise self.fail(
                at, f"duplicate key {key!r} (first given on line {first})", (*parent.path, key)
            )
        self.key_marks[(*parent.path, key)] = at
        parent.key = key

    def attach(self, where: str | int, value: Any) -> None:
        parent = self.stack[-1]
        if isinstance(parent.value, list):
            parent.value.append(value)
        else:
            assert parent.key is not None and parent.key == where
            parent.value[parent.key] = value
            parent.key = None


def _digits(number: str) -> int:
    """How many digits ``number`` is written with, in whatever base: ``0x`` followed by 4,000
    hexadecimal digits is as long as 4,000 decimal ones."""
    body = number.lstrip("+-")
    if body[:2].lower() in ("0x", "0o", "0b"):
        body = body[2:]
    return sum(c.isalnum() for c in body)


_INVALID = object()


def _construct(kind: str, tag: str, text: str) -> Any:
    """The value of a scalar with a core tag, or :data:`_INVALID`."""
    import yaml

    parts = _yaml()
    try:
        match kind:
            case "str":
                return text
            case "null":
                return None
            case "bool":
                return parts.booleans[text.lower()]
            case "int":
                return parts.constructor.construct_yaml_int(yaml.ScalarNode(tag, text))
            case "float":
                return parts.constructor.construct_yaml_float(yaml.ScalarNode(tag, text))
            case _:
                raise AssertionError(f"not a core tag: {kind}")
    except (ValueError, KeyError, TypeError, IndexError):
        return _INVALID


def _shown(text: str) -> str:
    """Text quoted for a message, cut short when long."""
    return repr(text if len(text) <= 40 else text[:37] + "...")


_PLAIN = "use plain text, numbers, true/false, null, lists and mappings"
_KIND_WORDS = {
    "str": "text",
    "null": "null",
    "bool": "true or false",
    "int": "a whole number",
    "float": "a number",
}


def _tag_text(tag: str | None) -> str:
    text = str(tag)
    if text.startswith("tag:yaml.org,2002:"):
        text = "!!" + text.removeprefix("tag:yaml.org,2002:")
    return repr(text[:40])


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
