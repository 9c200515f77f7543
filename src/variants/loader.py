"""Load rulesets: safe YAML, JSON Schema, semantic checks, then the frozen typed model.

Every problem comes back as a :class:`~variants.yamlsource.Problem` that names the file, the
line and the column of the offending node.
"""

from __future__ import annotations

import copy
import difflib
import itertools
import json
import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema

from .checks import check_citation_texts, check_document, check_rules
from .ruleset import PatchError, Ruleset, apply_patch, build_ruleset
from .yamlsource import JsonPath, Problem, ProblemsError, YamlDocument, read_yaml

RULESET_SUFFIXES = (".yaml", ".yml")
MAX_OPTION_COMBINATIONS = 256


@cache
def ruleset_schema() -> dict[str, Any]:
    text = resources.files("variants").joinpath("schema/ruleset.schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


@cache
def _validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(ruleset_schema())


@cache
def _rules_validator() -> jsonschema.Draft202012Validator:
    """The schema of ``rules`` alone, for checking rules with options applied."""
    schema = ruleset_schema()
    return jsonschema.Draft202012Validator(
        {**schema["properties"]["rules"], "$defs": schema["$defs"]}
    )


def find_sources_dir(near: Path) -> Path | None:
    """The folder of source texts: ``$VARIANTS_SOURCES``, else a ``sources`` or
    ``shared/sources`` folder beside the rulesets' project or one level up."""
    configured = os.environ.get("VARIANTS_SOURCES")
    if configured:
        path = Path(configured)
        return path if path.is_dir() else None
    start = near.resolve()
    if start.is_file():
        start = start.parent
    for parent in [start, *list(start.parents)[:3]]:
        for candidate in (parent / "sources", parent / "shared" / "sources"):
            if candidate.is_dir() and any(candidate.glob("*.txt")):
                return candidate
    return None


@dataclass(frozen=True)
class Validation:
    rulesets: tuple[Ruleset, ...]
    problems: tuple[Problem, ...]
    files: int
    sources_dir: Path | None


def ruleset_files(paths: Iterable[Path]) -> list[Path]:
    """The ruleset files named, a folder standing for the YAML files directly inside it."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found += sorted(p for p in path.iterdir() if p.suffix in RULESET_SUFFIXES)
        else:
            found.append(path)
    return found


def validate_paths(
    paths: Iterable[Path], sources_dir: Path | None = None, combinations: bool = False
) -> Validation:
    """Check every ruleset file under ``paths``; with ``combinations`` also every combination
    of option values (each value alone is always checked)."""
    files = ruleset_files(paths)
    rulesets: list[Ruleset] = []
    problems: list[Problem] = []
    texts = sources_dir
    for path in files:
        texts = sources_dir or find_sources_dir(path)
        try:
            rulesets.append(load_ruleset(path, texts, combinations))
        except ProblemsError as error:
            problems += error.problems
    seen: dict[str, str] = {}
    for ruleset in rulesets:
        if ruleset.id in seen:
            problems.append(
                Problem(
                    ruleset.path, 1, 1, f"the id {ruleset.id!r} is also used by {seen[ruleset.id]}"
                )
            )
        seen[ruleset.id] = ruleset.path
    return Validation(tuple(rulesets), tuple(problems), len(files), texts)


def load_ruleset(
    path: Path,
    sources_dir: Path | None = None,
    combinations: bool = False,
    each_option: bool = True,
) -> Ruleset:
    """Load and check one ruleset file; raise :class:`ProblemsError` listing what is wrong.

    Every option value is tried alone unless ``each_option`` is false, as for a command that
    plays one combination and checks just that one with :func:`choice_problems`."""
    document = read_yaml(path)
    problems = sorted(
        set(_problems(document, path, sources_dir, combinations, each_option)), key=_order
    )
    if problems:
        raise ProblemsError(problems)
    return build_ruleset(document.data, str(path))


def load_rulesets(folder: Path) -> dict[str, Ruleset]:
    """Every ruleset in ``folder``, by id; raise :class:`ProblemsError` if any is invalid."""
    validation = validate_paths([folder])
    if validation.problems:
        raise ProblemsError(validation.problems)
    return {ruleset.id: ruleset for ruleset in validation.rulesets}


def _order(problem: Problem) -> tuple[int, int, str]:
    return (problem.line, problem.column, problem.message)


def _problems(
    document: YamlDocument,
    path: Path,
    sources_dir: Path | None,
    combinations: bool,
    each_option: bool = True,
) -> Iterator[Problem]:
    data = document.data
    if not isinstance(data, dict):
        yield document.problem((), "a ruleset must be a mapping of keys to values")
        return
    errors = list(_validator().iter_errors(data))
    misspelt = _misspelt_keys(errors)
    schema_errors = [
        _schema_problem(document, e, ())
        for e in errors
        if not (e.validator == "required" and tuple(e.absolute_path) in misspelt)
    ]
    if schema_errors:
        yield from schema_errors
        return
    for finding in check_document(data, path.stem):
        yield document.problem(finding.path, finding.message, finding.at_key)
    if sources_dir is not None:
        for finding in check_citation_texts(data, sources_dir):
            yield document.problem(finding.path, finding.message, finding.at_key)
    for finding in check_rules(data["rules"]):
        yield document.problem(("rules", *finding.path), finding.message, finding.at_key)
    if each_option:
        yield from _option_problems(document, combinations)


def choice_problems(ruleset: Ruleset, overrides: Mapping[str, str]) -> list[str]:
    """What is wrong with the rules under these option values (empty when they play).

    ``variants validate`` checks every combination; commands that load a ruleset check the
    combination they are asked for."""
    chosen = ruleset.choices(overrides)
    rules = json.loads(ruleset.raw_rules)
    for option in ruleset.options:
        for key, encoded in option.value(chosen[option.id]).patches:
            try:
                apply_patch(rules, key, json.loads(encoded))
            except PatchError as error:
                return [str(error)]
    return _rules_messages(rules)


def _option_problems(document: YamlDocument, combinations: bool) -> Iterator[Problem]:
    """Every option value, alone and in combination, must give rules that pass every check.

    A problem is reported once, where it first arises: a problem of the default rules is not
    repeated for each option, and a combination reports only what none of its values causes
    alone."""
    data = document.data
    options = data["options"]
    defaults: dict[int, int] = {}
    for o_index, option in enumerate(options):
        values = [v["value"] for v in option["values"]]
        if option["default"] not in values:
            return  # reported by check_document; no choice can be made for this option
        defaults[o_index] = values.index(option["default"])
    base = set(_trial_messages(data, defaults))
    singles: dict[tuple[int, int], set[str]] = {}
    for o_index, option in enumerate(options):
        for v_index in range(len(option["values"])):
            if v_index == defaults[o_index]:
                continue
            picks = dict(defaults)
            picks[o_index] = v_index
            found = [m for m in _trial_messages(data, picks) if m not in base]
            singles[(o_index, v_index)] = set(found)
            for message in dict.fromkeys(found):
                yield _option_problem(
                    document, options, picks, defaults, (o_index, v_index), message
                )
    sizes = [len(o["values"]) for o in options]
    total = 1
    for size in sizes:
        total *= size
    if not combinations or len(options) < 2 or total > MAX_OPTION_COMBINATIONS:
        return
    for combo in itertools.product(*[range(size) for size in sizes]):
        picks = dict(enumerate(combo))
        changed = [(o, v) for o, v in picks.items() if v != defaults[o]]
        if len(changed) < 2:
            continue
        known = set(base).union(*(singles[c] for c in changed))
        for message in dict.fromkeys(_trial_messages(data, picks)):
            if message not in known:
                yield _option_problem(document, options, picks, defaults, changed[-1], message)


def _trial_messages(data: dict[str, Any], picks: dict[int, int]) -> list[str]:
    """The problems of the rules with the values ``picks`` applied, as messages."""
    rules = copy.deepcopy(data["rules"])
    for o_index, v_index in sorted(picks.items()):
        for key, new in data["options"][o_index]["values"][v_index].get("set", {}).items():
            try:
                apply_patch(rules, key, new)
            except PatchError as error:
                return [str(error)]
    return _rules_messages(rules)


def _rules_messages(rules: dict[str, Any]) -> list[str]:
    errors = list(_rules_validator().iter_errors(rules))
    if errors:
        return [
            f"{_schema_message(e)} (in rules/{'/'.join(str(p) for p in e.absolute_path)})"
            for e in errors
        ]
    return [
        f"{f.message} (in rules/{'/'.join(str(p) for p in f.path)})" if f.path else f.message
        for f in check_rules(rules)
    ]


def _option_problem(
    document: YamlDocument,
    options: list[Any],
    picks: dict[int, int],
    defaults: dict[int, int],
    blame: tuple[int, int],
    message: str,
) -> Problem:
    where: JsonPath = ("options", blame[0], "values", blame[1], "set")
    return document.problem(where, f"{_choice_label(options, picks, defaults)}: {message}")


def _choice_label(options: list[Any], picks: dict[int, int], defaults: dict[int, int]) -> str:
    changed = [
        f"{options[o]['id']}={options[o]['values'][v]['value']}"
        for o, v in sorted(picks.items())
        if v != defaults[o]
    ]
    return "with " + ", ".join(changed) if changed else "by default"


PATTERN_NAMES = {
    "card": "a card (<rank><suit>, such as 9D or 10H)",
    "slug": "an id (lower-case letters and digits, words joined by - or _)",
    "citation": "a line locator such as '12' or '12-15'",
}


def _schema_problem(
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
                f"unknown key {extra[0]!r}{guess} (allowed here: {known}){hint}",
                at_key=True,
            )
    return document.problem(path, _schema_message(error))


def _misspelt_keys(errors: list[jsonschema.ValidationError]) -> set[JsonPath]:
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


def _schema_message(error: jsonschema.ValidationError) -> str:
    kind = error.validator
    instance: Any = error.instance
    value: Any = error.validator_value
    schema = error.schema if isinstance(error.schema, dict) else {}
    if kind == "required":
        missing = [k for k in value if k not in instance]
        inside = next((str(p) for p in reversed(error.absolute_path) if isinstance(p, str)), "")
        return f"missing key {missing[0]!r}" + (f" in {inside}" if inside else "")
    if kind == "enum":
        return f"{instance!r} is not one of: {', '.join(str(v) for v in value)}"
    if kind == "const":
        return f"{instance!r} must be {value!r}"
    if kind == "type":
        wanted = value
        wanted_text = " or ".join(wanted) if isinstance(wanted, list) else wanted
        return f"expected {_article(wanted_text)}, got {_type_name(instance)} {instance!r}"
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
        return f"{instance!r} is not {name}"
    if kind == "anyOf" and "rank" in str(schema.get("description", "")).lower():
        return f"{instance!r} is not a rank (A 2 3 4 5 6 7 8 9 10 J Q K)"
    if kind == "anyOf":
        choices = [_choice(option) for option in schema.get("anyOf", [])]
        return f"{instance!r} is not one of: {', '.join(choices)}"
    if (
        kind == "oneOf"
        and isinstance(instance, dict)
        and "going_out" in schema.get("properties", {})
    ):
        given = [k for k in ("card", "trump", "trumps", "going_out") if k in instance]
        return "a win names exactly one of card, trump, trumps, going_out" + (
            f"; this one names {', '.join(given)}" if given else ""
        )
    if kind in ("minItems", "maxItems"):
        count = len(instance) if isinstance(instance, list) else 0
        bound = "at least" if kind == "minItems" else "at most"
        return f"{count} items given; {bound} {value} needed"
    if kind in ("minLength", "maxLength"):
        bound = "at least" if kind == "minLength" else "at most"
        return f"text of {len(str(instance))} characters; {bound} {value} allowed"
    if kind in ("minimum", "maximum"):
        bound = "at least" if kind == "minimum" else "at most"
        size = "small" if kind == "minimum" else "large"
        return f"{instance!r} is too {size}: {bound} {value}"
    return error.message


def _choice(option: dict[str, Any]) -> str:
    """One alternative of an ``anyOf``, in words."""
    if "const" in option:
        return str(option["const"])
    if "enum" in option:
        return ", ".join(str(v) for v in option["enum"])
    if option.get("type") == "integer":
        return "a whole number"
    return str(option.get("description", "another form")).rstrip(".")


def _article(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


def _type_name(value: Any) -> str:
    if value is None:
        return "nothing"
    return {
        bool: "true/false",
        int: "number",
        float: "number",
        str: "text",
        list: "list",
        dict: "mapping",
    }.get(type(value), type(value).__name__)
