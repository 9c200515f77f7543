"""The documentation site builds cleanly: ``mkdocs build --strict`` fails on any warning.

The build is the run's one build of the project (``site_build`` in conftest.py), which fails
the test that first asks for it if mkdocs reports an error or, being strict, a warning."""

from __future__ import annotations

from conftest import SiteBuild


def test_site_builds_strict(site_build: SiteBuild) -> None:
    assert (site_build.site / "index.html").is_file()
    assert "Documentation built in" in site_build.output
