"""variants: Pope Joan's rules, source by source, as data that one engine plays."""

__version__ = "0.1.0"
