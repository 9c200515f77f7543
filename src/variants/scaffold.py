"""``variants new``: a new ruleset file to edit from, written from the template or a copy.

Whatever is written must first pass every check ``variants validate`` makes (the schema, the
document's references, the rules' checks, every combination of option values), read back from
the very text that would be written, under the name it would be written as: a file this
command writes is never one that ``validate`` refuses. Only the quotes are not compared with the
source texts, as the new file is there to be re-cited in a new source.

A copy (``--like``) is made from the data of the other ruleset, read as every ruleset is read,
changed (its id, its title, its play advice left out) and written out again as YAML: its
comments are not kept.
"""

from __future__ import annotations

import json
import os
from importlib import resources
from pathlib import Path
from typing import Any

import yaml
from jinja2 import Environment, StrictUndefined

from .core.safewrite import WriteError, create_text
from .dealfile import unprintable
from .rules.checks import interpretations_named
from .rules.loader import RULESET_SUFFIXES, ruleset_problems
from .rules.lookup import MAX_ID, clip, is_ruleset_id, known_rulesets
from .rules.yamlsource import (
    Problem,
    ProblemsError,
    forbidden_character,
    json_path_text,
    read_yaml,
    read_yaml_text,
)

MAX_TITLE = 120
"""The longest title a ruleset may have (as the schema says)."""
SCHEMA_LINE = "# yaml-language-server: $schema=../src/variants/rules/schema/ruleset.schema.json"
"""The first line of every ruleset: where an editor finds the schema."""
WIDTH = 88
"""Where the copy's long text is folded: after the first word past this column, so that its
lines stay within the project's hundred characters."""
ADVICE = "advice"
"""The rules' play advice, which is the source's own words: never copied into another ruleset."""


class ScaffoldError(ValueError):
    """A new ruleset that cannot be written; the message says why in one line."""


def new_ruleset_text(ruleset_id: str, title: str, folder: Path, like: str | None = None) -> str:
    """The text of ``<folder>/<ruleset_id>.yaml``: the template, or a copy of ``like``; raise
    :class:`ScaffoldError` when it would not pass ``variants validate``."""
    _check_id(ruleset_id)
    _check_title(title)
    text = _template(ruleset_id, title) if like is None else _copy(ruleset_id, title, folder, like)
    _check_text(text, folder / f"{ruleset_id}.yaml")
    return text


def _check_id(ruleset_id: str) -> None:
    if len(ruleset_id) > MAX_ID:
        raise ScaffoldError(
            f"{clip(ruleset_id)!r} is not a valid id: it is {len(ruleset_id)} characters long; "
            f"an id has at most {MAX_ID}"
        )
    if not is_ruleset_id(ruleset_id):
        raise ScaffoldError(
            f"{ruleset_id!r} is not a valid id: use lower-case letters and digits, words joined "
            "by - or _ (for example hoyle-1907)"
        )


def _check_title(title: str) -> None:
    if not title.strip():
        raise ScaffoldError(
            "the title is empty: give the source's title, for example --title 'Hoyle, 1907'"
        )
    if len(title) > MAX_TITLE:
        raise ScaffoldError(
            f"the title is {len(title)} characters long; a title has at most {MAX_TITLE}"
        )
    bad = unprintable(title) or forbidden_character(title)
    if bad is not None:
        raise ScaffoldError(f"the title must be one line of printable text: it holds {bad}")


def _template(ruleset_id: str, title: str) -> str:
    template = (
        resources.files("variants")
        .joinpath("templates/new-ruleset.yaml")
        .read_text(encoding="utf-8")
    )
    environment = Environment(undefined=StrictUndefined, keep_trailing_newline=True)
    return environment.from_string(template).render(
        schema_line=SCHEMA_LINE,
        id=ruleset_id,
        title=title,
        title_yaml=json.dumps(title, ensure_ascii=False),
        path=f"rulesets/{ruleset_id}.yaml",
        source_file="NNN_source.txt",
    )


def _copy(ruleset_id: str, title: str, folder: Path, like: str) -> str:
    """The ruleset ``like`` in ``folder`` with this id and title and without its play advice."""
    source = folder / f"{like}.yaml"
    if not is_ruleset_id(like) or not os.path.lexists(source):
        raise ScaffoldError(
            f"no ruleset {clip(like)!r} to start from (known: {known_rulesets(folder)})"
        )
    try:
        data = read_yaml(source).data
    except ProblemsError as error:
        raise ScaffoldError(f"cannot start from {like}.yaml: {error.problems[0]}") from None
    if not isinstance(data, dict) or not isinstance(data.get("rules"), dict):
        raise ScaffoldError(f"cannot start from {like}.yaml: {source} holds no ruleset's rules")
    data = {**data, "id": ruleset_id, "title": title}
    data = _without_advice(data)
    note = (
        f"# Started from {like}.yaml: replace its source, re-cite every rule in your own\n"
        "# source, and change what your source does differently. Its play advice is left\n"
        "# out, with what its options set in it: if your source says what to lead, write\n"
        "# that under rules.advice.\n"
    )
    return f"{SCHEMA_LINE}\n{note}{_dump_ruleset(data)}"


def _without_advice(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` without the rules' advice: its block, what options ``set`` in it (an option
    that set nothing else goes too, and so does the option and value an alternative names for
    it), and the interpretations nothing else refers to once they are gone."""
    rules = {key: value for key, value in data["rules"].items() if key != ADVICE}
    copy = {**data, "rules": rules}
    dropped: set[str] = set()
    if isinstance(data.get("options"), list):
        copy["options"] = []
        for option in data["options"]:
            values = _list(_get(option, "values"))
            kept = [_value_without_advice(value) for value in values]
            if isinstance(option, dict) and kept != values:
                option = {**option, "values": kept}
                if all(_sets_nothing(value) for value in kept):
                    if isinstance(option.get("id"), str):
                        dropped.add(option["id"])
                    continue
            copy["options"].append(option)
    if isinstance(data.get("interpretations"), list):
        gone = interpretations_named({**data, "interpretations": None}) - interpretations_named(
            {**copy, "interpretations": None}
        )
        copy["interpretations"] = [
            _alternatives_without(item, dropped)
            for item in data["interpretations"]
            if _text(_get(item, "id")) not in gone
        ]
    return copy


def _value_without_advice(value: Any) -> Any:
    """An option's value without what it ``set`` in the advice."""
    if not isinstance(value, dict) or not isinstance(value.get("set"), dict):
        return value
    kept = {
        path: change
        for path, change in value["set"].items()
        if str(path).split(".", 1)[0] != ADVICE
    }
    if len(kept) == len(value["set"]):
        return value
    return {k: v for k, v in value.items() if k != "set"} | ({"set": kept} if kept else {})


def _sets_nothing(value: Any) -> bool:
    return not (isinstance(value, dict) and value.get("set"))


def _alternatives_without(item: Any, options: set[str]) -> Any:
    """An interpretation whose alternatives no longer name an option that was left out."""
    if not isinstance(item, dict) or not isinstance(item.get("alternatives"), list):
        return item
    alternatives = [
        {k: v for k, v in alt.items() if k not in ("option", "value")}
        if isinstance(alt, dict) and _text(alt.get("option")) in options
        else alt
        for alt in item["alternatives"]
    ]
    return {**item, "alternatives": alternatives}


def _text(value: Any) -> str | None:
    """``value`` when it is text (an id), else None."""
    return value if isinstance(value, str) else None


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _get(item: Any, key: str) -> Any:
    return item.get(key) if isinstance(item, dict) else None


KEY = 16
"""The room a key takes on a line, as the dumper counts it."""


class _Part(dict[str, Any]):
    """A part of the ruleset, written as a block whatever it holds."""


class _Dumper(yaml.SafeDumper):
    """YAML as the project writes it: lists indented under their key, a short mapping or list
    of plain values on one line, long text folded, text of several lines as a block, every
    value written out (no anchors and aliases)."""

    depth = 0
    """How deep the value being represented stands: its line starts about twice as far in,
    after its key (taken to be :data:`KEY` characters long)."""

    def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:
        super().increase_indent(flow, False)

    def ignore_aliases(self, data: Any) -> bool:
        return True

    def represent_data(self, data: Any) -> yaml.Node:
        self.depth += 1
        try:
            return super().represent_data(data)
        finally:
            self.depth -= 1

    def room(self) -> int:
        """About how many characters a value at this depth has on its line."""
        return WIDTH - 2 * self.depth - KEY

    def one_line(self, items: list[Any]) -> bool:
        """Whether plain values fit on one line at this depth."""
        plain = all(isinstance(item, str | int | float | bool) or item is None for item in items)
        return plain and sum(len(str(item)) + 2 for item in items) <= self.room()

    def represent_block_or_flow(self, data: dict[str, Any]) -> yaml.Node:
        flow = not isinstance(data, _Part) and bool(data) and self.one_line([*data, *data.values()])
        return self.represent_mapping("tag:yaml.org,2002:map", data, flow_style=flow)

    def represent_items(self, data: list[Any]) -> yaml.Node:
        flow = bool(data) and self.one_line(data)
        return self.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)

    def represent_text(self, data: str) -> yaml.Node:
        style = "|" if "\n" in data else (">" if len(data) > self.room() + KEY else None)
        return self.represent_scalar("tag:yaml.org,2002:str", data, style=style)


_Dumper.add_representer(dict, _Dumper.represent_block_or_flow)
_Dumper.add_representer(_Part, _Dumper.represent_block_or_flow)
_Dumper.add_representer(list, _Dumper.represent_items)
_Dumper.add_representer(str, _Dumper.represent_text)


def _dump(data: Any) -> str:
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=WIDTH)


def _dump_ruleset(data: dict[str, Any]) -> str:
    """The ruleset as YAML: a blank line before each part that holds a block (``source``,
    ``rules``...) and between the rules' blocks."""
    text = ""
    for key, value in data.items():
        if isinstance(value, dict | list) and value and text:
            text += "\n"
        if key == "rules" and isinstance(value, dict) and value:
            blocks = [
                _dump(_Part({key: _Part({name: block})})).split("\n", 1)[1]
                for name, block in value.items()
            ]
            text += f"{key}:\n" + "\n".join(blocks)
        else:
            text += _dump(_Part({key: value}))
    return text


def _check_text(text: str, target: Path) -> None:
    """Refuse ``text`` unless ``variants validate`` would pass it as the file ``target``."""
    try:
        problems = ruleset_problems(read_yaml_text(text, str(target)), target, combinations=True)
    except ProblemsError as error:
        problems = list(error.problems)
    if problems:
        more = f"; and {len(problems) - 1} other problem(s)" if len(problems) > 1 else ""
        raise ScaffoldError(
            f"not writing {target}, which would not validate: {_said(problems[0])}{more}"
        )


def _said(problem: Problem) -> str:
    """A problem of a file not written: where it is in the ruleset, as its lines are not there
    to be read."""
    if problem.path:
        return f"{problem.message} (at {json_path_text(problem.path)})"
    return f"{problem.message} (on line {problem.line})"


def write_new_ruleset(ruleset_id: str, title: str, folder: Path, like: str | None = None) -> Path:
    """Write the new file; refuse to overwrite one that exists."""
    target = folder / f"{ruleset_id}.yaml"
    text = new_ruleset_text(ruleset_id, title, folder, like)
    for suffix in RULESET_SUFFIXES:
        if os.path.lexists(target.with_suffix(suffix)):
            taken = target.with_suffix(suffix)
            raise ScaffoldError(f"{taken} exists already: choose another id or edit that file")
    if not os.path.isdir(folder):
        raise ScaffoldError(f"no folder {folder}: run this from the project's root")
    try:
        create_text(target, text)
    except WriteError as error:
        raise ScaffoldError(str(error)) from None
    return target
