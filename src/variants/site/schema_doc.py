"""A reference for the ruleset format, walked from the JSON Schema's own descriptions."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .describe.words import article

Schema = Mapping[str, Any]


@dataclass(frozen=True)
class EnumValue:
    value: str
    meaning: str


@dataclass(frozen=True)
class Field:
    name: str
    type: str
    ref: str | None
    """The anchor of a ``$defs`` entry or of a nested object's section this field points to."""
    required: bool
    description: str
    values: tuple[EnumValue, ...]
    details: tuple[str, ...]
    """Constraints: pattern, bounds, lengths."""


@dataclass(frozen=True)
class ObjectDoc:
    path: str
    anchor: str
    description: str
    fields: tuple[Field, ...]
    note: str = ""


@dataclass(frozen=True)
class DefDoc:
    name: str
    anchor: str
    type: str
    description: str
    values: tuple[EnumValue, ...]
    details: tuple[str, ...]


@dataclass(frozen=True)
class SchemaSection:
    """A part of a ruleset, one to a heading: a top-level key, or a key under ``rules``, with
    the objects nested in it."""

    head: ObjectDoc
    nested: tuple[ObjectDoc, ...]


def section_key(path: str) -> str:
    """The part of a ruleset an object's path falls in.

    >>> section_key("rules.board.compartments[].win"), section_key("options[].values[]")
    ('rules.board', 'options[]')
    >>> section_key("rules"), section_key("(top level)")
    ('rules', '(top level)')
    """
    parts = path.split(".")
    return ".".join(parts[: 2 if parts[0] == "rules" else 1])


@dataclass(frozen=True)
class SchemaDoc:
    title: str
    description: str
    objects: tuple[ObjectDoc, ...]
    defs: tuple[DefDoc, ...]

    @property
    def sections(self) -> tuple[SchemaSection, ...]:
        """The objects by part of a ruleset, in the schema's order."""
        groups: dict[str, list[ObjectDoc]] = {}
        for obj in self.objects:
            groups.setdefault(section_key(obj.path), []).append(obj)
        return tuple(SchemaSection(g[0], tuple(g[1:])) for g in groups.values())


def anchor_for(path: str) -> str:
    """The id of an object's section.

    >>> anchor_for("rules.board.compartments[]")
    'schema-rules-board-compartments'
    """
    slug = re.sub(r"[^a-z0-9]+", "-", path.lower()).strip("-")
    return "schema-" + (slug or "top")


def def_anchor(name: str) -> str:
    return "def-" + name.replace("_", "-")


def split_enum(description: str, values: list[str]) -> tuple[str, tuple[EnumValue, ...]]:
    """Split ``a: this; b: that`` descriptions into one meaning per enum value.

    >>> split_enum("x: one; y: two.", ["x", "y"])
    ('', (EnumValue(value='x', meaning='one'), EnumValue(value='y', meaning='two.')))
    >>> split_enum("Plain text.", ["x"])
    ('Plain text.', (EnumValue(value='x', meaning=''),))
    """
    positions: list[tuple[int, str]] = []
    for value in values:
        match = re.search(rf"(?:^|[;.]\s+|\s)({re.escape(value)}):\s", description)
        if match is None:
            return description, tuple(EnumValue(v, "") for v in values)
        positions.append((match.start(1), value))
    positions.sort()
    intro = description[: positions[0][0]].strip().rstrip(";").strip()
    meanings: list[EnumValue] = []
    for index, (start, value) in enumerate(positions):
        end = positions[index + 1][0] if index + 1 < len(positions) else len(description)
        chunk = description[start + len(value) + 1 : end].strip().rstrip(";").strip()
        meanings.append(EnumValue(value, chunk))
    order = {v: i for i, v in enumerate(values)}
    meanings.sort(key=lambda m: order[m.value])
    return intro, tuple(meanings)


def _type_of(node: Schema) -> tuple[str, str | None]:
    if "$ref" in node:
        name = str(node["$ref"]).rsplit("/", 1)[-1]
        return name, def_anchor(name)
    if "const" in node:
        return f"always {node['const']!r}".replace("True", "true"), None
    if "enum" in node:
        return "one of the values listed", None
    if ("anyOf" in node or "oneOf" in node) and "type" not in node:
        options = node.get("anyOf") or node.get("oneOf") or []
        names = [_type_of(option)[0] for option in options if isinstance(option, Mapping)]
        return " or ".join(n for n in names if n) or "any", None
    kind = node.get("type")
    if kind == "array":
        items = node.get("items", {})
        inner, ref = _type_of(items) if isinstance(items, Mapping) else ("any", None)
        return f"list of {inner}", ref
    if isinstance(kind, list):
        return " or ".join(str(k) for k in kind), None
    return str(kind or "object"), None


def _details(node: Schema) -> tuple[str, ...]:
    out: list[str] = []
    for key, text, unit in (
        ("minimum", "at least {}", ""),
        ("maximum", "at most {}", ""),
        ("minLength", "at least {}", "character"),
        ("maxLength", "at most {}", "character"),
        ("minItems", "at least {}", "item"),
        ("maxItems", "at most {}", "item"),
        ("minProperties", "at least {}", "key"),
        ("maxProperties", "at most {}", "key"),
        ("pattern", "matches {}", ""),
    ):
        if key in node:
            value = node[key]
            words = text.format(f"{value:,}" if isinstance(value, int) else value)
            if unit:
                words += f" {unit}" + ("" if value == 1 else "s")
            out.append(words)
    if node.get("uniqueItems"):
        out.append("no repeats")
    excluded = node.get("not")
    if isinstance(excluded, Mapping) and "enum" in excluded:
        out.append(
            "not a name the site gives a page: " + ", ".join(str(v) for v in excluded["enum"])
        )
    for option in node.get("anyOf", node.get("oneOf", ())):
        if isinstance(option, Mapping) and _details(option):
            kind = _type_of(option)[0].replace("integer", "whole number")
            out.append(f"as {article(kind)}: " + ", ".join(_details(option)))
    return tuple(out)


def _is_object(node: Schema) -> bool:
    return node.get("type") == "object" and ("properties" in node or "additionalProperties" in node)


def _field(name: str, node: Schema, required: bool, ref: str | None = None) -> Field:
    kind, type_ref = _type_of(node)
    description = str(node.get("description", ""))
    values: tuple[EnumValue, ...] = ()
    if "enum" in node:
        description, values = split_enum(description, [str(v) for v in node["enum"]])
    return Field(name, kind, ref or type_ref, required, description, values, _details(node))


def _walk(path: str, node: Schema, out: list[ObjectDoc]) -> None:
    properties: Mapping[str, Any] = node.get("properties", {})
    required = set(node.get("required", ()))
    fields: list[Field] = []
    nested: list[tuple[str, Schema]] = []
    for name, child in properties.items():
        child_path = f"{path}.{name}" if path else name
        if _is_object(child):
            fields.append(_field(name, child, name in required, anchor_for(child_path)))
            nested.append((child_path, child))
        elif child.get("type") == "array" and _is_object(child.get("items", {})):
            fields.append(_field(name, child, name in required, anchor_for(child_path + "[]")))
            nested.append((child_path + "[]", child["items"]))
        else:
            fields.append(_field(name, child, name in required))
    note = ""
    extra = node.get("additionalProperties")
    if isinstance(extra, Mapping) and not properties:
        names = node.get("propertyNames", {})
        keys = names.get("enum") if isinstance(names, Mapping) else None
        key_text = ", ".join(str(k) for k in keys) if keys else "any id"
        note = f"Keys: {key_text}. Each value: {extra.get('description', '')}"
        if _details(extra):
            note += f" ({_type_of(extra)[0]}: {', '.join(_details(extra))})"
        if _is_object(extra):
            nested.append((f"{path}.<key>", extra))
            note += " (see below)"
    out.append(
        ObjectDoc(
            path or "(top level)",
            anchor_for(path),
            str(node.get("description", "")),
            tuple(fields),
            note,
        )
    )
    for child_path, child in nested:
        _walk(child_path, child, out)


def schema_doc(schema: Schema) -> SchemaDoc:
    objects: list[ObjectDoc] = []
    _walk("", schema, objects)
    for name, node in schema.get("$defs", {}).items():
        if _is_object(node):
            _walk(name, node, objects)
    defs: list[DefDoc] = []
    for name, node in schema.get("$defs", {}).items():
        kind, _ = _type_of(node)
        description = str(node.get("description", ""))
        values: tuple[EnumValue, ...] = ()
        if "enum" in node:
            description, values = split_enum(description, [str(v) for v in node["enum"]])
            if not description:
                description = str(node.get("description", ""))
        defs.append(DefDoc(name, def_anchor(name), kind, description, values, _details(node)))
    return SchemaDoc(
        str(schema.get("title", "Schema")),
        str(schema.get("description", "")),
        tuple(objects),
        tuple(defs),
    )
