"""Load rulesets: safe YAML, JSON Schema, semantic checks, then the frozen typed model.

Every problem comes back as a :class:`~variants.rules.yamlsource.Problem` that names the file, the
line and the column of the offending node.
"""

from __future__ import annotations

import difflib
import itertools
import json
import math
import os
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
from jsonschema.protocols import Validator

from ..core.findings import RuleCheck
from ..core.settings import SOURCES_ENV, folder_setting
from ..mechanics import fragments
from .bibliography import NotText, has_bibliography, read_bibliography
from .checks import RULE_CHECKS, check_citation_texts, check_document, check_rules
from .ruleset import PatchError, Ruleset, apply_patch, build_ruleset
from .yamlsource import JsonPath, Problem, ProblemsError, YamlDocument, json_path_text, read_yaml

RULESET_SUFFIXES = (".yaml", ".yml")
MAX_OPTION_COMBINATIONS = 1024
"""The most combinations of option values tried for one check (see :func:`_option_problems`)."""


@cache
def ruleset_schema() -> dict[str, Any]:
    text = (
        resources.files("variants").joinpath("rules/schema/ruleset.schema.json").read_text("utf-8")
    )
    schema: dict[str, Any] = json.loads(text)
    return schema


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


@cache
def _validator() -> Validator:
    return StrictValidator(ruleset_schema())


@dataclass(frozen=True)
class SourceTexts:
    """Where the source texts are read from: the folders, in the order they are searched, and
    the files known to be cited but kept in none of them (the modern pages, which the
    repository's own folder does not hold), whose quotes cannot be checked."""

    folders: tuple[Path, ...]
    cited_only: frozenset[str] = frozenset()
    """The modern pages, by the bibliography: cited, never kept in the repository."""
    not_text: tuple[tuple[str, tuple[NotText, ...]], ...] = ()
    """By the bibliography, each file's lines that are not the book's text (a web page's
    menus, a copy's heading): never cited, never a use of a term."""

    @property
    def folder(self) -> Path:
        return self.folders[0]

    def find(self, name: str) -> Path | None:
        for folder in self.folders:
            if os.path.lexists(folder / name):  # a link or a pipe is found, and refused on reading
                return folder / name
        return None

    def outside_text(self, name: str, first: int, last: int) -> NotText | None:
        """The first range of lines of ``name`` that are not the book's text among lines
        ``first`` to ``last``, or None."""
        for file, marked in self.not_text:
            if file == name:
                return next((m for m in marked if m.overlaps(first, last)), None)
        return None

    def unchecked(self, name: str) -> bool:
        """Whether ``name`` is a text cited but not at hand, so not checked (not a mistake)."""
        return name in self.cited_only and self.find(name) is None


def find_sources_dir(near: Path) -> SourceTexts | None:
    """The source texts: the folder ``$VARIANTS_SOURCES``, alone; else a folder of texts named
    ``shared/sources`` or ``sources`` beside the rulesets' project or up to three levels above
    it, then the repository's own ``sources`` folder (the one with a bibliography), which holds
    the public-domain texts only and is searched for what the first lacks."""
    configured = folder_setting(SOURCES_ENV)
    if configured is not None:
        return source_texts(configured, near)
    full: list[Path] = []
    own: list[Path] = []
    for candidate in _candidates(near):
        if any(candidate.glob("*.txt")):
            (own if has_bibliography(candidate) else full).append(candidate)
    folders = (*full[:1], *own[:1])
    return SourceTexts(folders, *_bibliography_facts(near)) if folders else None


def _candidates(near: Path) -> Iterator[Path]:
    """The ``sources`` and ``shared/sources`` folders beside ``near`` and up to three above."""
    start = Path(os.path.realpath(near))  # never raises, not even at a loop of links
    if start.is_file():
        start = start.parent
    for parent in [start, *list(start.parents)[:3]]:
        for candidate in (parent / "sources", parent / "shared" / "sources"):
            if candidate.is_dir():
                yield _from_here(candidate)


def _from_here(path: Path) -> Path:
    """``path`` relative to the working folder when it is inside it, as problems name files."""
    try:
        return path.relative_to(Path.cwd())
    except ValueError:
        return path


def _bibliography_facts(
    near: Path,
) -> tuple[frozenset[str], tuple[tuple[str, tuple[NotText, ...]], ...]]:
    """What the nearest bibliography says of the texts: the files it lists as modern pages,
    cited and not kept, and each file's lines that are not the book's text."""
    for candidate in _candidates(near):
        if has_bibliography(candidate):
            bibliography = read_bibliography(candidate)
            return bibliography.cited_only, tuple(bibliography.not_text.items())
    return frozenset(), ()


def source_texts(folder: Path | SourceTexts | None, near: Path) -> SourceTexts | None:
    """The texts in ``folder`` when one is given (alone), else those found near ``near``."""
    if isinstance(folder, SourceTexts):
        return folder
    if folder is None:
        return find_sources_dir(near)
    return SourceTexts((folder,), *_bibliography_facts(near)) if folder.is_dir() else None


@dataclass(frozen=True)
class Validation:
    rulesets: tuple[Ruleset, ...]
    problems: tuple[Problem, ...]
    files: int
    texts: SourceTexts | None
    unchecked: tuple[str, ...] = ()
    """Files cited whose texts are not at hand (the modern pages, with only the repository's
    own folder): their quotes are not checked."""


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
    texts: SourceTexts | None = None
    found: dict[Path, SourceTexts | None] = {}
    for path in files:
        if path.parent not in found:
            try:
                found[path.parent] = source_texts(sources_dir, path)
            except ProblemsError as error:  # the bibliography beside the texts
                problems += error.problems
                found[path.parent] = None
        texts = found[path.parent]
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
    unchecked = sorted(
        {name for r in rulesets for name in cited_files(r) if texts and texts.unchecked(name)}
    )
    return Validation(tuple(rulesets), tuple(problems), len(files), texts, tuple(unchecked))


def cited_files(ruleset: Ruleset) -> list[str]:
    """Every file the ruleset cites: its source's, and those its readings are supplied from."""
    own = [file.name for file in ruleset.source.files]
    return own + [c.source for item in ruleset.interpretations for c in item.supplied_by]


def load_ruleset(
    path: Path,
    sources_dir: Path | SourceTexts | None = None,
    combinations: bool = False,
    each_option: bool = True,
) -> Ruleset:
    """Load and check one ruleset file; raise :class:`ProblemsError` listing what is wrong.

    Every option value is tried alone unless ``each_option`` is false, as for a command that
    plays one combination and checks just that one with :func:`choice_problems`."""
    document = read_yaml(path)
    problems = ruleset_problems(document, path, sources_dir, combinations, each_option)
    if problems:
        raise ProblemsError(problems)
    return build_ruleset(document.data, str(path))


def ruleset_problems(
    document: YamlDocument,
    path: Path,
    sources_dir: Path | SourceTexts | None = None,
    combinations: bool = False,
    each_option: bool = True,
) -> list[Problem]:
    """Everything wrong with a ruleset read as ``document`` from the file ``path`` (which names
    it: its id must be the file's name), in the order of its lines: what ``variants validate``
    finds in it, with ``combinations``; its quotes are checked when there are ``sources_dir``."""
    texts = SourceTexts((sources_dir,)) if isinstance(sources_dir, Path) else sources_dir
    return sorted(set(_problems(document, path, texts, combinations, each_option)), key=_order)


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
    texts: SourceTexts | None,
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
        schema_problem(document, e, ())
        for e in errors
        if not (e.validator == "required" and tuple(e.absolute_path) in misspelt)
    ]
    if schema_errors:
        yield from schema_errors
        return
    for finding in check_document(data, path.stem):
        yield document.problem(finding.path, finding.message, finding.at_key)
    if texts is not None:
        for finding in check_citation_texts(data, texts.find, texts.unchecked, texts.outside_text):
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
    patches = [
        [[(key, json.loads(encoded)) for key, encoded in value.patches] for value in option.values]
        for option in ruleset.options
    ]
    picks = tuple(
        [v.value for v in option.values].index(chosen[option.id]) for option in ruleset.options
    )
    defaults = tuple(
        [v.value for v in option.values].index(option.default) for option in ruleset.options
    )
    trials = _Trials(json.loads(ruleset.raw_rules), patches, defaults)
    return list(dict.fromkeys(m for unit in trials.units for m in trials.messages(unit, picks)))


def _option_problems(document: YamlDocument, combinations: bool) -> Iterator[Problem]:
    """Every option value, alone and in combination, must give rules that pass every check.

    The rules are checked block by block (``players``, ``pack``, ``board``...): each block
    against its part of the schema, then each semantic check, which reads only the blocks it
    names. What a check finds depends only on the options that change the blocks it reads, so
    each check is tried with every combination of those options' values, the others at their
    defaults; that covers what every combination of all the options would give it. When those
    combinations are too many to try, that is a problem of its own.

    A problem is reported once, under the fewest option values that give it: a problem of the
    default rules is not repeated for each option, and a combination reports only what no
    smaller part of it gives."""
    data = document.data
    options = data["options"]
    defaults: list[int] = []
    for option in options:
        values = [v["value"] for v in option["values"]]
        if option["default"] not in values:
            return  # reported by check_document; no choice can be made for this option
        defaults.append(values.index(option["default"]))
    patches = [
        [list(value.get("set", {}).items()) for value in option["values"]] for option in options
    ]
    trials = _Trials(data["rules"], patches, tuple(defaults))
    found: set[tuple[str, tuple[tuple[int, int], ...]]] = set()
    too_many: dict[tuple[int, ...], tuple[str, ...]] = {}
    for unit in trials.units:
        deps = trials.options_for(unit.reads)
        if combinations and math.prod(len(options[o]["values"]) for o in deps) > (
            MAX_OPTION_COMBINATIONS
        ):
            too_many[deps] = tuple(sorted(set(unit.reads) & trials.touched(deps)))
            continue
        for picks, changed in trials.choices(deps, combinations):
            found.update((message, changed) for message in trials.messages(unit, picks))
    base = {message for message, changed in found if not changed}
    reported: dict[str, list[frozenset[tuple[int, int]]]] = {}
    for message, changed in sorted(found, key=lambda item: (len(item[1]), item)):
        pairs = frozenset(changed)
        if message in base or any(done <= pairs for done in reported.get(message, ())):
            continue
        reported.setdefault(message, []).append(pairs)
        yield _option_problem(document, options, changed, message)
    for deps, blocks in too_many.items():
        names = ", ".join(options[o]["id"] for o in deps)
        count = math.prod(len(options[o]["values"]) for o in deps)
        yield document.problem(
            ("options", deps[0]),
            f"the options {names} all change rules checked together ({', '.join(blocks)}) "
            f"and give {count:,} combinations, more than the {MAX_OPTION_COMBINATIONS:,} "
            "that can be checked: give them fewer values",
        )


_ABSENT = object()
"""A block the rules do not have."""


@dataclass(frozen=True)
class _Unit:
    """One part of checking the rules: a semantic check, or a block's schema (no check)."""

    reads: tuple[str, ...]
    check: RuleCheck | None = None


class _Trials:
    """The rules under choices of option values, checked block by block and remembered.

    ``patches[o][v]`` lists the ``(dotted path, new value)`` changes of value ``v`` of option
    ``o``; a change belongs to the block its path starts with."""

    def __init__(
        self,
        rules: dict[str, Any],
        patches: list[list[list[tuple[str, Any]]]],
        defaults: tuple[int, ...],
    ) -> None:
        self.rules = rules
        self.patches = patches
        self.defaults = defaults
        self.touches = [
            {str(path).split(".", 1)[0] for value in option for path, _ in value}
            for option in patches
        ]
        blocks = sorted(set(rules).union(*self.touches))
        self.units = [_Unit((block,)) for block in blocks]
        self.units += [_Unit(check.reads, check) for check in RULE_CHECKS]
        self._blocks: dict[tuple[str, tuple[int, ...]], tuple[Any, tuple[str, ...]]] = {}
        self._texts = {name: json.dumps(block) for name, block in rules.items()}
        self._deps = {block: self.options_for([block]) for block in blocks}
        self._checked: dict[tuple[JsonPath, str], tuple[str, ...]] = {}

    def options_for(self, reads: Iterable[str]) -> tuple[int, ...]:
        """The options whose values can change the blocks ``reads``."""
        reads = set(reads)
        return tuple(o for o, touched in enumerate(self.touches) if touched & reads)

    def touched(self, deps: tuple[int, ...]) -> set[str]:
        return set().union(*(self.touches[o] for o in deps))

    def choices(
        self, deps: tuple[int, ...], combinations: bool
    ) -> Iterator[tuple[tuple[int, ...], tuple[tuple[int, int], ...]]]:
        """Each choice of values for the options ``deps`` (every other option at its default),
        as the values of all options and the (option, value) pairs away from the defaults.
        Without ``combinations``, only one option at a time is moved from its default."""
        if combinations:
            ranges = [range(len(self.patches[o])) for o in deps]
            for combo in itertools.product(*ranges):
                picks = list(self.defaults)
                for o, v in zip(deps, combo, strict=True):
                    picks[o] = v
                yield (
                    tuple(picks),
                    tuple(
                        (o, v) for o, v in zip(deps, combo, strict=True) if v != self.defaults[o]
                    ),
                )
            return
        yield self.defaults, ()
        for o in deps:
            for v in range(len(self.patches[o])):
                if v != self.defaults[o]:
                    picks = list(self.defaults)
                    picks[o] = v
                    yield tuple(picks), ((o, v),)

    def messages(self, unit: _Unit, picks: tuple[int, ...]) -> list[str]:
        """What ``unit`` finds wrong with the rules under ``picks``."""
        check = unit.check
        if check is None:
            return list(self._block(unit.reads[0], picks)[1])
        states = [self._block(block, picks) for block in check.reads]
        if any(problems or state is _ABSENT for state, problems in states):
            return []  # a block it reads is already reported broken
        view = {block: state for block, (state, _) in zip(check.reads, states, strict=True)}
        return [
            f"{f.message} ({_in_rules(f.path)})" if f.path else f.message for f in check.run(view)
        ]

    def _block(self, name: str, picks: tuple[int, ...]) -> tuple[Any, tuple[str, ...]]:
        """The block ``name`` under ``picks``, and its problems with the schema."""
        deps = self._deps[name]
        key = (name, tuple(picks[o] for o in deps))
        known = self._blocks.get(key)
        if known is not None:
            return known
        holder = {name: json.loads(self._texts[name])} if name in self._texts else {}
        problems: tuple[str, ...] = ()
        changed: list[JsonPath] = []
        for o in deps:
            for path, value in self.patches[o][picks[o]]:
                if problems or str(path).split(".", 1)[0] != name:
                    continue
                changed.append(_location(holder, str(path)))
                try:
                    apply_patch(holder, path, value)
                except PatchError as error:
                    problems = (str(error),)
        state = holder.get(name, _ABSENT)
        if changed and not problems:  # unchanged, it passed with the whole document
            problems = self._changes_problems(holder, changed)
        self._blocks[key] = (state, problems)
        return state, problems

    def _changes_problems(self, holder: dict[str, Any], changed: list[JsonPath]) -> tuple[str, ...]:
        """The schema's complaints about the rules in ``holder`` (one block) that changes at the
        places ``changed`` can cause; the rest passed as part of the whole document.

        A change can break the schema only in the changed node, in its parent (which may lose,
        gain or swap a key or an item), and in an ancestor whose schema looks further down than its
        children's names and kinds (``SUBTREE_KEYWORDS``). So each change is checked at the highest
        of these: its parent, or the highest such ancestor."""
        anchors: set[JsonPath] = set()
        for where in changed:
            chain = _schema_chain(where[:-1])
            depth = next(
                (d for d, node in enumerate(chain) if SUBTREE_KEYWORDS & _keywords(node)),
                len(chain) - 1,
            )
            anchors.add(_existing(holder, where[:depth]))
        problems: list[str] = []
        for anchor in sorted(anchors, key=len):
            if any(anchor[: len(other)] == other for other in anchors if len(other) < len(anchor)):
                continue  # checked from an anchor above it
            node: Any = holder
            for part in anchor:
                node = node[part]
            key = (anchor, json.dumps(node))
            if key not in self._checked:
                validator = _validator_at(tuple(0 if isinstance(p, int) else p for p in anchor))
                self._checked[key] = tuple(
                    f"{_schema_message(e, anchor)} ({_in_rules((*anchor, *e.absolute_path))})"
                    for e in validator.iter_errors(node)
                )
            problems += self._checked[key]
        required = ruleset_schema()["properties"]["rules"].get("required", ())
        problems += [
            f"missing key {name!r} in rules"
            for name in required
            if (name,) in changed and name not in holder
        ]
        return tuple(problems)


def _in_rules(path: Iterable[str | int]) -> str:
    """Where in the rules a problem is, for a message."""
    where = tuple(path)
    return f"in rules/{json_path_text(where)}" if where else "in rules"


def _location(rules: Any, path: str) -> JsonPath:
    """Where a dotted path points in ``rules``: items of a list stepped into by id are found
    by index. As far as it leads: the rest is left to :func:`apply_patch` to report."""
    where: list[str | int] = []
    node = rules
    for part in path.split("."):
        if isinstance(node, list):
            index = next(
                (
                    i
                    for i, item in enumerate(node)
                    if isinstance(item, dict) and item.get("id") == part
                ),
                None,
            )
            if index is None:
                break
            where.append(index)
            node = node[index]
        else:
            where.append(part)
            node = node.get(part) if isinstance(node, dict) else None
    return tuple(where)


SUBTREE_KEYWORDS = frozenset(
    {
        "allOf",
        "anyOf",
        "const",
        "contains",
        "dependentSchemas",
        "enum",
        "if",
        "not",
        "oneOf",
        "unevaluatedItems",
        "unevaluatedProperties",
        "uniqueItems",
    }
)
"""Keywords that can look at a node's content below its children's names and kinds: a node
with one must be checked again when anything under it changes."""


def _existing(data: Any, where: JsonPath) -> JsonPath:
    """The longest start of ``where`` that leads to a node of ``data`` (a later change may have
    removed or replaced what an earlier one changed)."""
    node = data
    for depth, part in enumerate(where):
        in_list = isinstance(node, list) and isinstance(part, int) and part < len(node)
        if not (in_list or (isinstance(node, dict) and part in node)):
            return where[:depth]
        node = node[part]
    return where


def _keywords(node: dict[str, Any]) -> set[str]:
    """The keywords of a schema node, with those of what its ``$ref`` points to."""
    found = set(node)
    while "$ref" in node:
        node = _schema_def(node["$ref"])
        found |= set(node)
    return found


def _schema_def(ref: str) -> dict[str, Any]:
    definition: dict[str, Any] = ruleset_schema()["$defs"][ref.rsplit("/", 1)[-1]]
    return definition


@cache
def _rules_schema() -> dict[str, Any]:
    """The schema of ``rules`` without its list of required blocks: given some blocks alone,
    it finds exactly what it would find in them as part of the whole rules."""
    return {k: v for k, v in ruleset_schema()["properties"]["rules"].items() if k != "required"}


def _schema_chain(where: JsonPath) -> list[dict[str, Any]]:
    """The schema of ``rules`` (:func:`_rules_schema`) and of each node on the way to
    ``where``, as far as the schema says what each is."""
    node = _rules_schema()
    chain = [node]
    for part in where:
        while "$ref" in node and "properties" not in node and "items" not in node:
            node = _schema_def(node["$ref"])
        child: Any
        if isinstance(part, int):
            child = node.get("items")
        else:
            child = node.get("properties", {}).get(part, node.get("additionalProperties"))
        if not isinstance(child, dict):
            break
        node = child
        chain.append(node)
    return chain


@cache
def _validator_at(shape: tuple[str | int, ...]) -> Validator:
    """A validator for the rules' node at a path of this shape (list indices as 0)."""
    return StrictValidator({**_schema_chain(shape)[-1], "$defs": ruleset_schema()["$defs"]})


def _option_problem(
    document: YamlDocument,
    options: list[Any],
    changed: tuple[tuple[int, int], ...],
    message: str,
) -> Problem:
    """A problem of the rules under the option values ``changed``, at the last one's ``set``."""
    option, value = changed[-1]
    where: JsonPath = ("options", option, "values", value, "set")
    label = ", ".join(f"{options[o]['id']}={options[o]['values'][v]['value']}" for o, v in changed)
    return document.problem(where, f"with {label}: {message}")


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


def _schema_message(error: jsonschema.ValidationError, prefix: JsonPath = ()) -> str:
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
