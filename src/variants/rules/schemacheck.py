"""A document checked against a JSON Schema read strictly, each error told as a problem at its
line, in words a contributor reads without knowing JSON Schema."""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import jsonschema
from jsonschema.protocols import Validator

from ..mechanics import fragments
from .yamlsource import JsonPath, Problem, YamlDocument


def _whole_number(checker: Any, instance: Any) -> bool:
    """An integer is a whole number written as one: not ``3.0``, not ``true``."""
    return isinstance(instance, int) and not isinstance(instance, bool)


def _finite_number(checker: Any, instance: Any) -> bool:
    """A number is a whole number or a finite decimal: not ``true``, ``.nan`` or ``.inf``."""
    return _whole_number(checker, instance) or (
        isinstance(instance, float) and math.isfinite(instance)
    )


@cache
def _ecma_pattern(pattern: str) -> re.Pattern[str]:
    """``pattern`` with JSON Schema's (ECMA-262) meaning of ``$``: the very end of the text.

    In Python, ``$`` also matches before a final newline, so ``^[a-z]+$`` would pass
    ``"peel\\n"``; ``\\Z`` is the ECMA ``$``."""
    out: list[str] = []
    escaped = in_class = False
    for char in pattern:
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif char == "[":
            in_class = True
        elif char == "]":
            in_class = False
        elif char == "$" and not in_class:
            out.append(r"\Z")
            continue
        out.append(char)
    return re.compile("".join(out))


def _pattern(
    validator: Any, pattern: str, instance: Any, schema: Any
) -> Iterator[jsonschema.ValidationError]:
    if validator.is_type(instance, "string") and not _ecma_pattern(pattern).search(instance):
        yield jsonschema.ValidationError(f"{instance!r} does not match {pattern!r}")


_extend: Callable[..., type[Validator]] = jsonschema.validators.extend
StrictValidator = _extend(
    jsonschema.Draft202012Validator,
    validators={"pattern": _pattern},
    type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine_many(
        {"integer": _whole_number, "number": _finite_number}
    ),
)
"""JSON Schema 2020-12 read strictly: integers are whole numbers written as such, numbers are
finite, and ``$`` in a pattern is the end of the text."""


PATTERN_NAMES = {
    "card": "a card (<rank><suit>, such as 9D or 10H)",
    "slug": "an id (lower-case letters and digits, words joined by - or _)",
    "citation": "a line locator such as '12' or '12-15'",
    "short_title": "a short title (letters, digits, spaces and . , ' ( ) - only)",
}


def schema_problem(
    document: YamlDocument, error: jsonschema.ValidationError, prefix: JsonPath
) -> Problem:
    path: JsonPath = (*prefix, *error.absolute_path)
    schema = error.schema if isinstance(error.schema, dict) else {}
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        allowed = set(schema.get("properties", {}))
        extra = sorted(k for k in error.instance if k not in allowed)
        if extra:
            known = ", ".join(sorted(allowed))
            hint = ""
            close = difflib.get_close_matches(extra[0], sorted(allowed), n=1)
            guess = f": did you mean {close[0]!r}?" if close else ""
            if error.instance[extra[0]] is None and " " in extra[0]:
                hint = "; a comma inside {...} splits the mapping: put text with commas in quotes"
            return document.problem(
                (*path, extra[0]),
                f"unknown key {_shown(extra[0])}{guess} (allowed here: {known}){hint}",
                at_key=True,
            )
    return document.problem(path, schema_message(error))


def misspelt_keys(errors: list[jsonschema.ValidationError]) -> set[JsonPath]:
    """Objects where an unknown key looks like a missing required one: the unknown key's
    report says "did you mean", so the missing-key report would only repeat it."""
    unknown: dict[JsonPath, list[str]] = {}
    for error in errors:
        if error.validator == "additionalProperties" and isinstance(error.instance, dict):
            schema = error.schema if isinstance(error.schema, dict) else {}
            allowed = set(schema.get("properties", {}))
            unknown[tuple(error.absolute_path)] = [k for k in error.instance if k not in allowed]
    found: set[JsonPath] = set()
    for error in errors:
        path = tuple(error.absolute_path)
        if error.validator == "required" and path in unknown:
            instance: Any = error.instance
            required: Any = error.validator_value
            missing = [k for k in required if k not in instance]
            if any(difflib.get_close_matches(k, missing, n=1) for k in unknown[path]):
                found.add(path)
    return found


def schema_message(error: jsonschema.ValidationError, prefix: JsonPath = ()) -> str:
    """One schema error in words; ``prefix`` is where the validated node stands in its file."""
    kind = error.validator
    instance: Any = error.instance
    value: Any = error.validator_value
    schema = error.schema if isinstance(error.schema, dict) else {}
    shown = _shown(instance)
    if kind == "required":
        missing = [k for k in value if k not in instance]
        path = (*prefix, *error.absolute_path)
        inside = next((str(p) for p in reversed(path) if isinstance(p, str)), "")
        return f"missing key {missing[0]!r}" + (f" in {inside}" if inside else "")
    if kind == "additionalProperties" and isinstance(instance, dict):
        allowed = sorted(schema.get("properties", {}))
        extra = next((k for k in instance if k not in allowed), "")
        return f"unknown key {_shown(extra)} (allowed here: {', '.join(allowed)})"
    if kind == "enum":
        return f"{shown} is not one of: {', '.join(str(v) for v in value)}"
    if kind == "const":
        return f"{shown} must be {_shown(value)}"
    if kind == "not" and isinstance(value, dict) and "enum" in value:
        pages = ", ".join(str(v) for v in value["enum"])
        return f"{shown} is the name of one of the site's own pages ({pages}); choose another"
    if kind == "type":
        wanted = value
        wanted_text = " or ".join(wanted) if isinstance(wanted, list) else wanted
        got = (
            shown
            if isinstance(instance, bool) or instance is None
            else f"{_type_name(instance)} {shown}"
        )
        return f"expected {_article(wanted_text)}, got {got}"
    if kind == "pattern":
        name = next(
            (text for key, text in PATTERN_NAMES.items() if key in str(error.schema_path)), None
        )
        if name is None:
            name = {
                r"^[a-z0-9]+(?:[-_][a-z0-9]+)*$": PATTERN_NAMES["slug"],
            }.get(value, f"text matching {value}")
            if "CDHS" in str(value):
                name = PATTERN_NAMES["card"]
            if "[1-9][0-9]*(-" in str(value):
                name = PATTERN_NAMES["citation"]
        return f"{shown} is not {name}"
    if kind == "anyOf" and "rank" in str(schema.get("description", "")).lower():
        return f"{shown} is not a rank (A 2 3 4 5 6 7 8 9 10 J Q K)"
    if kind == "anyOf":
        choices = [_choice(option) for option in schema.get("anyOf", [])]
        return f"{shown} is not one of: {', '.join(choices)}"
    if (
        kind == "oneOf"
        and isinstance(instance, dict)
        and "going_out" in schema.get("properties", {})
    ):
        ways = [f.key for f in fragments() if f.place == "win" and f.way is not None]
        given = [k for k in ways if k in instance]
        return f"a win names exactly one of {', '.join(ways)}" + (
            f"; this one names {', '.join(given)}" if given else ""
        )
    if kind in ("minItems", "maxItems"):
        count = len(instance) if isinstance(instance, list) else 0
        if kind == "minItems":
            return f"{count} items given; at least {value} needed"
        return f"{count:,} items given; at most {value} allowed"
    if kind in ("minProperties", "maxProperties"):
        count = len(instance) if isinstance(instance, dict) else 0
        if kind == "minProperties":
            return f"{count} keys given; at least {value} needed"
        return f"{count:,} keys given; at most {value} allowed"
    if kind == "uniqueItems" and isinstance(instance, list):
        seen: list[Any] = []
        for item in instance:
            if item in seen:
                return f"{_shown(item)} is listed twice"
            seen.append(item)
    if kind in ("minLength", "maxLength"):
        bound = "at least" if kind == "minLength" else "at most"
        return f"text of {len(str(instance)):,} characters; {bound} {value} allowed"
    if kind in ("minimum", "maximum"):
        bound = "at least" if kind == "minimum" else "at most"
        size = "small" if kind == "minimum" else "large"
        return f"{shown} is too {size}: {bound} {value}"
    return error.message


def _choice(option: dict[str, Any]) -> str:
    """One alternative of an ``anyOf``, in words."""
    if "const" in option:
        return str(option["const"])
    if "enum" in option:
        return ", ".join(str(v) for v in option["enum"])
    if option.get("type") == "integer":
        low, high = option.get("minimum"), option.get("maximum")
        if low is not None and high is not None:
            return f"a whole number from {low} to {high}"
        return "a whole number"
    return str(option.get("description", "another form")).rstrip(".")


SHOWN_LENGTH = 60
"""The most characters of a value repeated in a message."""


def _shown(value: Any) -> str:
    """A value as a message shows it: as written in YAML for true, false and null, and cut
    short when long."""
    if isinstance(value, bool) or value is None:
        return {True: "true", False: "false", None: "null"}[value]
    text = repr(value)
    return text if len(text) <= SHOWN_LENGTH else text[: SHOWN_LENGTH - 1] + "…"


def _article(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


def _type_name(value: Any) -> str:
    return {
        int: "number",
        float: "number",
        str: "text",
        list: "list",
        dict: "mapping",
    }.get(type(value), type(value).__name__)
