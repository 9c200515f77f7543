"""Load rulesets: safe YAML, JSON Schema, semantic checks, then the frozen typed model.

Every problem comes back as a :class:`~variants.rules.yamlsource.Problem` that names the file, the
line and the column of the offending node.
"""

from __future__ import annotations

import itertools
import json
import math
import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.findings import RuleCheck
from ..core.saferead import ReadError, read_bytes
from ..core.settings import SOURCES_ENV, folder_setting
from ..mechanics.ruleset import PatchError, Ruleset, apply_patch, build_ruleset
from . import readings
from .bibliography import NotText, has_bibliography, read_bibliography
from .checks import RULE_CHECKS, check_citation_texts, check_document, check_rules
from .yamlsource import (
    MAX_BYTES,
    JsonPath,
    Problem,
    ProblemsError,
    YamlDocument,
    json_path_text,
    read_yaml,
    read_yaml_bytes,
)

if TYPE_CHECKING:
    from jsonschema.protocols import Validator

# The schema is read by jsonschema (:mod:`.schemacheck`), imported where a schema is checked:
# a command loading a ruleset whose reading is kept (:mod:`.readings`) never needs it.

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


@cache
def _validator() -> Validator:
    from .schemacheck import StrictValidator

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
    kept: bool = False,
) -> Ruleset:
    """Load and check one ruleset file; raise :class:`ProblemsError` listing what is wrong.

    Every option value is tried alone unless ``each_option`` is false, as for a command that
    plays one combination and checks just that one with :func:`choice_problems`. With
    ``kept``, as a command that plays loads it, the file's reading is kept between runs
    once it passes the schema, and taken as it was read, without reading the file or checking
    the schema again, while neither changes (:mod:`.readings`)."""
    raw = _raw(path) if kept else None
    keep = readings.reading_path(raw) if raw is not None else None
    if keep is not None:
        data = readings.kept_reading(keep)
        if data is not None:
            taken = YamlDocument(str(path), data, {})
            if not ruleset_problems(taken, path, sources_dir, combinations, each_option, True):
                return build_ruleset(data, str(path))
            # A problem found in data taken as kept is told as a full reading places it.
    document = read_yaml(path) if raw is None else read_yaml_bytes(raw, str(path))
    problems = ruleset_problems(document, path, sources_dir, combinations, each_option, keep=keep)
    if problems:
        raise ProblemsError(problems)
    return build_ruleset(document.data, str(path))


def _raw(path: Path) -> bytes | None:
    """The bytes of the ruleset file ``path``, read once for its kept reading
    (:mod:`.readings`) and, without one, for reading it; None where it cannot be read, which
    :func:`~.yamlsource.read_yaml` then tells."""
    try:
        return read_bytes(path, MAX_BYTES)
    except ReadError:
        return None


def ruleset_problems(
    document: YamlDocument,
    path: Path,
    sources_dir: Path | SourceTexts | None = None,
    combinations: bool = False,
    each_option: bool = True,
    schema_passed: bool = False,
    keep: Path | None = None,
) -> list[Problem]:
    """Everything wrong with a ruleset read as ``document`` from the file ``path`` (which names
    it: its id must be the file's name), in the order of its lines: what ``variants validate``
    finds in it, with ``combinations``; its quotes are checked when there are ``sources_dir``.
    The schema is not checked when it is known to have ``schema_passed``; where it passes, the
    reading is kept at ``keep`` if one is given (:mod:`.readings`)."""
    texts = SourceTexts((sources_dir,)) if isinstance(sources_dir, Path) else sources_dir
    found = _problems(document, path, texts, combinations, each_option, schema_passed, keep)
    return sorted(set(found), key=_order)


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
    schema_passed: bool = False,
    keep: Path | None = None,
) -> Iterator[Problem]:
    data = document.data
    if not isinstance(data, dict):
        yield document.problem((), "a ruleset must be a mapping of keys to values")
        return
    if not schema_passed:
        errors = list(_validator().iter_errors(data))
        if errors:
            yield from _schema_problems(document, errors)
            return
        if keep is not None:
            readings.keep_reading(keep, data)
    for finding in check_document(data, path.stem):
        yield document.problem(finding.path, finding.message, finding.at_key)
    if texts is not None:
        for finding in check_citation_texts(data, texts.find, texts.unchecked, texts.outside_text):
            yield document.problem(finding.path, finding.message, finding.at_key)
    for finding in check_rules(data["rules"]):
        yield document.problem(("rules", *finding.path), finding.message, finding.at_key)
    if each_option:
        yield from _option_problems(document, combinations)


def _schema_problems(document: YamlDocument, errors: list[Any]) -> list[Problem]:
    """The schema's errors as problems, a missing key not told beside a misspelt one."""
    from .schemacheck import misspelt_keys, schema_problem

    misspelt = misspelt_keys(errors)
    return [
        schema_problem(document, e, ())
        for e in errors
        if not (e.validator == "required" and tuple(e.absolute_path) in misspelt)
    ]


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
        from .schemacheck import schema_message

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
                    f"{schema_message(e, anchor)} ({_in_rules((*anchor, *e.absolute_path))})"
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
    from .schemacheck import StrictValidator

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
