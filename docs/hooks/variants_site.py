"""mkdocs hooks: the site's rule pages are generated from the rulesets by variants.site."""

from variants.site.hooks import on_config, on_files, on_page_markdown, on_serve

__all__ = ["on_config", "on_files", "on_page_markdown", "on_serve"]
