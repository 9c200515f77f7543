"""The model-driven part of the documentation site.

Pages that describe rules are generated at build time from the typed model (never from YAML):
:mod:`describe` writes the rules in English, :mod:`compare` lays them side by side, :mod:`svg`
draws the boards, :mod:`schema_doc` documents the ruleset format, :mod:`pages` assembles the
pages and :mod:`hooks` connects them to mkdocs.
"""

from .pages import escape_markdown, extra_section, extra_sections

__all__ = ["escape_markdown", "extra_section", "extra_sections"]
