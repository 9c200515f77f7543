"""Contributing for everyone: the contributing page names the repository and leads with the form
a historian who does not program fills in to propose a source, the form asks for what a
ruleset needs, and every page's "edit this page" button opens a file the repository has.

Read from the shared build (no browser): the links are in the HTML as the theme writes them.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parent.parent
FORMS = REPO / ".github" / "ISSUE_TEMPLATE"
EDIT = re.compile(r'<a href="([^"]+)" title="Edit this page" class="md-content__button md-icon"')
REPOSITORY = re.compile(r'<a href="([^"]+)" title="Go to repository" class="md-source"')


def _repository(html: str) -> str:
    """The repository's address, as the header links to it."""
    found = REPOSITORY.search(html)
    assert found is not None
    return found.group(1).rstrip("/")


def test_the_page_leads_with_the_form_then_folds_the_reference(built_site: Path) -> None:
    html = (built_site / "contributing" / "index.html").read_text("utf-8")
    repository = _repository(html)
    content = html[html.index('<article class="md-content__inner') :]
    form = f'href="{repository}/issues/new?template=propose-a-source.yml"'
    assert f'<a href="{repository}">{repository}</a>' in content  # named, in the page's words
    assert form in content
    first_fold = content.index("<details")
    assert content.index(form) < content.index("Write the ruleset yourself") < first_fold
    assert "without programming" in content[:first_fold]
    folds = re.findall(r'<details class="pj-fold"><summary>([^<]+)</summary>', content)
    assert folds[0] == "1. Set up" and "When a source needs code" in folds
    assert len(folds) >= 9
    # the programmer's reference is there, folded, its code blocks kept whole
    assert "variants validate" in content[first_fold:]
    assert '<pre><code class="language-bash">' in content[first_fold:]
    assert "../../issues" not in content  # the host's pages linked by their address
    assert "pj-block" not in content  # the folds carried past Markdown whole


def test_the_naming_rule_is_the_one_the_texts_follow() -> None:
    """The guide's examples of a source's file name are names the texts have, and every
    text's name follows the rule it states: a number, an underscore, lower-case words."""
    guide = (REPO / "CONTRIBUTING.md").read_text("utf-8")
    section = guide[guide.index("## 2. Put the source text") : guide.index("## 3.")]
    named = re.findall(r"`(\d{3}_[a-z0-9_.-]+\.txt)`", section)
    assert named
    texts = sorted(p.name for p in (REPO / "sources").glob("*.txt"))
    assert set(named) <= set(texts)
    numbers = [name[:3] for name in texts]
    assert len(set(numbers)) == len(numbers)
    for name in texts:
        assert re.fullmatch(r"\d{3}_[a-z0-9]+(?:[-_][a-z0-9]+)*\.txt", name), name
    assert "sixteen hex digits." not in section  # not the rule, only the first texts' names


def test_the_issue_form_asks_for_what_a_ruleset_needs() -> None:
    form = yaml.safe_load((FORMS / "propose-a-source.yml").read_text("utf-8"))
    assert form["name"] == "Propose a source" and form["description"]
    fields = {item["id"]: item for item in form["body"] if "id" in item}
    assert set(fields) >= {
        "text",
        "author",
        "title",
        "edition",
        "date",
        "place",
        "pages",
        "rights",
        "rules",
    }
    for field in fields.values():
        assert field["type"] in {"input", "textarea", "dropdown"}
        assert field["attributes"]["label"]
    required = {key for key, f in fields.items() if f.get("validations", {}).get("required")}
    assert required >= {"text", "rights", "rules"}
    assert len(fields["rights"]["attributes"]["options"]) >= 3
    config = yaml.safe_load((FORMS / "config.yml").read_text("utf-8"))
    assert isinstance(config["blank_issues_enabled"], bool)
    assert all(link["url"].startswith("https://") for link in config["contact_links"])


def test_every_page_edits_a_file_the_repository_has(built_site: Path) -> None:
    """Every page's "edit this page" button opens a file that exists, from the repository's
    root: a ruleset page its YAML, a template-made page its template, a written page its
    file in docs/."""
    repository = _repository((built_site / "index.html").read_text("utf-8"))
    targets: dict[str, str] = {}
    for page in built_site.rglob("index.html"):
        found = EDIT.findall(page.read_text("utf-8"))
        assert len(found) == 1, page
        url = found[0]
        assert url.startswith(f"{repository}/edit/"), url
        path = url.removeprefix(f"{repository}/edit/").split("/", 1)[1]  # after the branch
        assert (REPO / path).is_file(), (page, path)
        targets[page.parent.relative_to(built_site).as_posix()] = path
    assert len(targets) > 100
    assert targets["."] == "docs/index.md"
    assert targets["rulesets/peel"] == "rulesets/peel.yaml"
    assert targets["statistics/spin"] == "rulesets/spin.yaml"
    assert targets["replay/peel/peel-walkthrough"] == "examples/peel-walkthrough.yaml"
    assert targets["sources/peel-1891"] == "sources/sources.yaml"  # a text is never edited
    assert targets["family"] == "src/variants/site/templates/family.md.j2"
    assert targets["contributing"] == "CONTRIBUTING.md"
