"""A validated ruleset saved as JSON, and loaded back into the model with the standard library
alone: no YAML reader, no schema validator. This is how the engine runs where the validator is
not, in a worker process or a browser.

The file holds the validated document as it was read, the id of the schema that validated it and
the path it came from. Loading checks the format and the schema's id, then builds the model
exactly as the loader does, so ``load_json(dump_json(r)) == r`` for every ruleset. A file saved
under another schema is refused: the rules it holds were checked against rules that have since
changed, so it must be saved again from its YAML.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from importlib import resources
from typing import Any

from ..mechanics.ruleset import Ruleset, build_ruleset

FORMAT = "variants-ruleset"
VERSION = 1


class ModelJsonError(ValueError):
    """A saved ruleset that cannot be loaded; the message says why in one line."""


@cache
def schema_id() -> str:
    """A short hash of the schema the rulesets are validated against."""
    text = resources.files("variants").joinpath("rules/schema/ruleset.schema.json").read_bytes()
    return hashlib.sha256(text).hexdigest()[:16]


def dump_json(ruleset: Ruleset) -> str:
    """The validated ruleset as JSON text on one line, its keys in the order they were written
    (the order in which an option's changes apply)."""
    if not ruleset.document:
        raise ModelJsonError(f"{ruleset.id}: not read from a validated document")
    saved = {
        "format": FORMAT,
        "version": VERSION,
        "schema": schema_id(),
        "path": ruleset.path,
        "ruleset": json.loads(ruleset.document),
    }
    return json.dumps(saved, ensure_ascii=False, separators=(",", ":"))


def load_json(text: str, name: str = "<ruleset>") -> Ruleset:
    """The ruleset saved by :func:`dump_json`; :class:`ModelJsonError` when ``text`` is not one
    saved by this version against this schema."""
    try:
        saved: Any = json.loads(text)
    except json.JSONDecodeError as error:
        raise ModelJsonError(f"{name}:{error.lineno}: not JSON: {error.msg}") from None
    if not isinstance(saved, dict) or saved.get("format") != FORMAT:
        raise ModelJsonError(f'{name}: not a saved ruleset (no "format": {FORMAT!r})')
    if saved.get("version") != VERSION:
        raise ModelJsonError(
            f"{name}: saved in format version {saved.get('version')!r}; this reads {VERSION}"
        )
    if saved.get("schema") != schema_id():
        raise ModelJsonError(
            f"{name}: saved under another schema ({saved.get('schema')!r}); save it again"
        )
    document = saved.get("ruleset")
    if not isinstance(document, dict):
        raise ModelJsonError(f"{name}: the saved ruleset is missing")
    path = saved.get("path")
    return build_ruleset(document, path if isinstance(path, str) else "")
