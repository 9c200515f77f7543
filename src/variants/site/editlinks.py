"""Which file of the repository a reader would edit to change a page: the "edit this page"
button's target.

A written page is its own file in the docs folder. A generated page has none: its button goes to
what it is made from: a ruleset page to the ruleset's YAML, a source text's page to its entry in
the bibliography (the text is kept as found), a page told by a template to the template.
:func:`edit_paths` gives the candidates, best first, as paths from the repository's root; the
hook keeps the first that exists, or none, which hides the button.
"""

from __future__ import annotations

from .pages import SiteData, extra_page_sets

TEMPLATES = "src/variants/site/templates"
"""The templates' folder, from the repository's root."""

TEMPLATE_OF: dict[str, str] = {
    "index.md": "index.md.j2",
    "compare.md": "compare.md.j2",
    "sources.md": "sources.md.j2",
    "disagreements.md": "disagreements.md.j2",
    "timeline.md": "timeline.md.j2",
    "family.md": "family.md.j2",
    "schema.md": "schema.md.j2",
    "contributing.md": "contributing.md.j2",
    "in-brief.md": "in_brief.md.j2",
    "play.md": "play.md.j2",
    "one-deal.md": "one_deal.md.j2",
    "replay.md": "replay_index.md.j2",
    "rulesets/index.md": "overview.md.j2",
    "examples/index.md": "overview.md.j2",
    "statistics/index.md": "overview.md.j2",
    "statistics/compare.md": "statistics_compare.md.j2",
}
"""The template each page of the site's own is told by."""

OWN_FILE: dict[str, str] = {
    "contributing.md": "CONTRIBUTING.md",
    "glossary.md": "src/variants/site/glossary.py",
    "source-examples.md": "sources/examples.yaml",
}
"""Pages whose words are in a file of their own, not in their template."""


def edit_paths(
    site: SiteData,
    page: str,
    rulesets: str | None = "rulesets",
    examples: str | None = "examples",
    sources: str | None = "sources",
) -> tuple[str, ...]:
    """The files, from the repository's root and best first, that a contributor would edit to
    change the generated ``page``; ``rulesets``, ``examples`` and ``sources`` are those folders
    from the root, or None when the build read them from outside the repository.

    >>> from variants.site.pages import SiteData
    >>> site = SiteData.create({}, {})
    >>> edit_paths(site, "rulesets/peel.md")
    ('rulesets/peel.yaml',)
    >>> edit_paths(site, "replay/peel/peel-walkthrough.md")
    ('examples/peel-walkthrough.yaml', 'rulesets/peel.yaml')
    >>> edit_paths(site, "contributing.md")
    ('CONTRIBUTING.md', 'src/variants/site/templates/contributing.md.j2')
    >>> edit_paths(site, "games/spin.md")
    ('src/variants/site/templates/family_member.md.j2',)
    """
    found: list[str] = []
    parts = page.removesuffix(".md").split("/")
    if page in OWN_FILE:
        found.append(OWN_FILE[page])
    if len(parts) == 3 and parts[0] == "replay" and examples is not None:
        found.append(f"{examples}/{parts[2]}.yaml")
    ruleset_pages = {"rulesets", "replay", *site.section_kinds}
    ruleset_pages |= {s.ruleset_folder for s in extra_page_sets if s.ruleset_folder is not None}
    is_ruleset_page = len(parts) >= 2 and parts[0] in ruleset_pages and parts[1] != "index"
    if is_ruleset_page and rulesets is not None:
        found.append(f"{rulesets}/{parts[1]}.yaml")
    is_text_page = parts[0] == "sources" and (
        len(parts) == 2 or (len(parts) == 3 and parts[2] == "apparatus")
    )
    if is_text_page and sources is not None and any(e.slug == parts[1] for e in site.entries):
        found.append(f"{sources}/sources.yaml")  # a text is kept as found, never edited
    if len(parts) == 2 and parts[0] == "games":
        found.append(f"{TEMPLATES}/family_member.md.j2")
    if page in TEMPLATE_OF:
        found.append(f"{TEMPLATES}/{TEMPLATE_OF[page]}")
    for page_set in extra_page_sets:
        found += [f"{TEMPLATES}/{name}" for name in page_set.templates(page)]
    return tuple(path for path in found if path)
