"""mkdocs hooks: the site's rule pages are generated from the rulesets by variants.site, and the
site is written to a new folder that replaces the old one only once the build has succeeded."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

from variants.core.hidden import shown
from variants.core.saferead import ReadError
from variants.core.safewrite import WriteError
from variants.core.settings import SettingError
from variants.site import hooks, publish
from variants.site.stats_runs import check_settings

Event = TypeVar("Event", bound=Callable[..., Any])


def _told(event: Event) -> Event:
    """The event, with a setting or a file that cannot be used (or read) told as one line by mkdocs
    (a ``PluginError``) instead of a traceback."""

    @functools.wraps(event)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return event(*args, **kwargs)
        except (SettingError, WriteError, ReadError) as error:
            raise PluginError(shown(f"variants: {error}", "\t\n")) from None
        except PluginError as error:  # a file's name or text in it is shown, never acted on
            raise PluginError(shown(str(error), "\t\n")) from None

    return run  # type: ignore[return-value]


@_told
def on_config(config: MkDocsConfig) -> MkDocsConfig:
    check_settings()
    return publish.on_config(hooks.on_config(config))


on_startup = publish.on_startup
on_files = _told(hooks.on_files)
on_page_markdown = _told(hooks.on_page_markdown)
on_page_content = hooks.on_page_content
on_page_context = event_priority(-100)(hooks.on_page_context)  # after the search index's
on_serve = hooks.on_serve
on_post_build = event_priority(-100)(publish.on_post_build)  # after every other plugin's
on_build_error = publish.on_build_error
on_shutdown = publish.on_shutdown
