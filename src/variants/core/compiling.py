"""A mark for the optional compiled build of the engine, and nothing else.

``scripts/compile.py`` can translate the modules every simulated deal runs through to C with
mypyc. A class of such a module becomes a native class there, unless it is marked
:func:`python_class`: a class that subclasses one left as Python (a way to win, say) stays an
ordinary Python class, while the module's functions are compiled. Outside that build the mark
does nothing."""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def python_class(cls: T) -> T:
    """Keep ``cls`` an ordinary Python class where its module is compiled (mypyc makes any
    class with a decorator it does not know one); return it unchanged."""
    return cls
