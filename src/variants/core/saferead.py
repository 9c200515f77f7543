"""Reading a contributed file: a regular file inside its folder, bounded, never through a link.

Rulesets, deal files, the bibliography and the source texts arrive in pull requests, so every one
of them is read here and nowhere else. A file is read only when it is a regular file on disk of
at most a given size, opened without following a link at its name, inside the folder it is
looked up in, and without waiting on a pipe planted at its name. A link, a folder, a device, a
pipe, a socket, a file of ``/proc`` or ``/sys`` (whose size says nothing of what it holds), a
file with other names on disk (a hard link, which could be a file outside the contribution), a
file larger than its bound, or a file outside its folder is refused with one :class:`ReadError`
that names the file and says why.

Lines are counted as ``wc -l``, editors and GitHub count them: a line ends at a newline and
nowhere else, not at a form feed, which :meth:`str.splitlines` also breaks at (and a source text
may hold no other such break: U+0085, U+2028 and the like are not text), so that line ``n`` of
a citation is line ``n`` everywhere.

>>> text_lines("one\\ntwo\\x0cstill two\\r\\nthree")
['one', 'two\\x0cstill two', 'three']
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from .hidden import describe, hidden_at

MAX_TEXT_BYTES = 1 << 20
"""The largest source text read, in bytes (1 MiB: the longest text kept is under 32 KiB)."""


class ReadError(ValueError):
    """A file that cannot be read; ``str()`` names the file and says why, in one line."""

    def __init__(self, path: Path | str, reason: str) -> None:
        self.path = str(path)
        self.reason = reason
        super().__init__(f"{path}: {reason}")


def read_bytes(path: Path, limit: int, folder: Path | None = None) -> bytes:
    """The bytes of the regular file at ``path``, of at most ``limit`` bytes, inside
    ``folder`` when one is given (the folder itself may be reached through a link; nothing
    below it may)."""
    if folder is not None:
        _inside(path, folder)
    flags = os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
    try:
        handle = os.open(path, flags)
    except FileNotFoundError:
        raise ReadError(path, "no such file") from None
    except IsADirectoryError:
        raise ReadError(path, "is a folder, not a file") from None
    except OSError as error:
        if error.errno == errno.ELOOP and os.path.islink(path):
            raise ReadError(path, LINK) from None
        raise ReadError(path, f"cannot read: {_why(error)}") from None
    except ValueError as error:  # a name with a NUL in it
        raise ReadError(path, f"cannot read: {error}") from None
    try:
        info = os.fstat(handle)
        if stat.S_ISDIR(info.st_mode):
            raise ReadError(path, "is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise ReadError(path, NOT_REGULAR)
        if info.st_nlink > 1:
            raise ReadError(path, HARD_LINK)
        if info.st_size > limit:
            raise ReadError(path, too_large(info.st_size, limit))
        with os.fdopen(handle, "rb", closefd=False) as stream:
            data = stream.read(limit + 1)
    except OSError as error:
        raise ReadError(path, f"cannot read: {_why(error)}") from None
    finally:
        os.close(handle)
    if len(data) > limit:
        raise ReadError(path, too_large(len(data), limit))
    if len(data) != info.st_size:
        # A file of /proc or /sys says it is empty (or a page long) and holds something else.
        raise ReadError(path, NOT_REGULAR)
    return data


LINK = "is a link: only a regular file in its folder is read, never a link"
HARD_LINK = "has other names on disk (a hard link): only a file of its own is read"
NOT_REGULAR = "not a regular file: only a file on disk is read, not a device, a pipe or /proc"


def too_large(size: int, limit: int) -> str:
    """The words for a file of ``size`` bytes over the bound ``limit``."""
    return f"the file is {size:,} bytes; at most {limit:,} ({limit // 1024} KiB) are read"


def _inside(path: Path, folder: Path) -> None:
    """Raise :class:`ReadError` unless ``path`` names a file directly or deeper inside
    ``folder`` with no link on the way."""
    try:
        base = os.path.realpath(folder)
        parent = os.path.realpath(path.parent)
    except (OSError, ValueError) as error:
        raise ReadError(path, f"cannot read: {_why(error)}") from None
    if parent != base and not parent.startswith(base.rstrip(os.sep) + os.sep):
        raise ReadError(path, f"is outside its folder {folder}: only a file in it is read")


def _why(error: Exception) -> str:
    return error.strerror if isinstance(error, OSError) and error.strerror else str(error)


def decode(data: bytes, path: Path | str) -> str:
    """``data`` as UTF-8 text (a byte-order mark dropped); a :class:`ReadError` naming the line
    and byte otherwise."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise ReadError(
            f"{path}:{line}", f"not UTF-8 text: {error.reason} (byte 0x{data[error.start]:02x})"
        ) from None


def text_lines(text: str) -> list[str]:
    """The lines of ``text`` as ``wc -l`` counts them, each without its newline (or the
    carriage return before it); a last line without a newline still counts."""
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return [line.removesuffix("\r") for line in lines]


TEXT_ALLOWED = "\t\f"
"""The only characters a source text may hold that are not visible text: the tab, and the form
feed an old text may keep between its pages."""


def read_text_lines(
    path: Path, limit: int = MAX_TEXT_BYTES, folder: Path | None = None
) -> list[str]:
    """The lines of the UTF-8 text file at ``path`` (:func:`read_bytes`, :func:`text_lines`),
    which may hold no character that is not visible text but the tab and the form feed
    (:mod:`variants.core.hidden`): none that could act on a terminal or hide on a page."""
    lines = text_lines(decode(read_bytes(path, limit, folder), path))
    for number, line in enumerate(lines, start=1):
        at = hidden_at(line, TEXT_ALLOWED)
        if at is not None:
            raise ReadError(
                f"{path}:{number}",
                f"{describe(line[at])} at column {at + 1} is not text: a source text holds "
                "printable characters, tabs and newlines",
            )
    return lines
