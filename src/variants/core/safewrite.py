"""Writing files safely: whole or not at all, and never through a link.

Every file the project writes goes through :func:`write_text` (replace or create) or
:func:`create_text` (create only). The text is written to a temporary file made exclusively
(``O_CREAT | O_EXCL``, so nothing planted at its name is followed) in the target's own folder,
then moved into place with one atomic rename. A target that exists and is not a regular file (a
folder, a symbolic link, a device, a pipe) is refused, and on any failure the temporary file is
removed, so a reader sees the old file or the new one, never half of one.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
from pathlib import Path


class WriteError(OSError):
    """A file that cannot be written; the message names it and says why in one line."""


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _check_target(path: Path) -> None:
    folder = path.parent
    try:
        folder_stat = os.stat(folder)
    except FileNotFoundError:
        raise WriteError(f"{path}: no folder {folder} to write it in") from None
    except OSError as error:
        raise WriteError(f"{path}: cannot write here: {error.strerror}") from None
    if not stat.S_ISDIR(folder_stat.st_mode):
        raise WriteError(f"{path}: {folder} is not a folder")
    try:
        target = os.lstat(path)
    except FileNotFoundError:
        return
    except OSError as error:
        raise WriteError(f"{path}: cannot write here: {error.strerror}") from None
    if stat.S_ISLNK(target.st_mode):
        raise WriteError(f"{path}: is a symbolic link; refusing to write through it")
    if stat.S_ISDIR(target.st_mode):
        raise WriteError(f"{path}: is a folder, not a file")
    if not stat.S_ISREG(target.st_mode):
        raise WriteError(f"{path}: is not a regular file; refusing to replace it")


def _temporary(path: Path, text: str) -> str:
    """Write ``text`` to a new temporary file beside ``path``; return its name."""
    handle, temporary = _new_file(path)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, 0o666 & ~_umask())
    except BaseException as error:
        _remove(temporary)
        if isinstance(error, OSError):
            raise WriteError(f"{path}: cannot write: {error.strerror}") from None
        raise
    return temporary


TRIES = 100
"""How many random names are tried for a temporary file before giving up."""


def _new_file(path: Path) -> tuple[int, str]:
    """A new, empty file beside ``path`` made exclusively, open for writing, and its name.

    The name is chosen before the file is made, so that an interrupt (Ctrl-C, or SIGTERM told
    as an exception) that lands as the file is made, before its name is known to the caller,
    still removes it: nothing is left behind."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
    for _ in range(TRIES):
        name = os.path.join(path.parent, f".{path.name[:64]}.{secrets.token_hex(6)}.part")
        try:
            return os.open(name, flags, 0o600), name
        except FileExistsError:
            continue  # a name taken, by chance or planted: never touched
        except OSError as error:
            raise WriteError(f"{path}: cannot write here: {error.strerror}") from None
        except BaseException:
            _remove(name)  # made by this call, if the interrupt came after the file was
            raise
    raise WriteError(f"{path}: cannot write here: no free name for a temporary file")


def _remove(name: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(name)


def write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` as UTF-8, replacing a regular file that is there."""
    _check_target(path)
    temporary = _temporary(path, text)
    try:
        os.replace(temporary, path)
    except BaseException as error:
        _remove(temporary)
        if isinstance(error, OSError):
            raise WriteError(f"{path}: cannot write: {error.strerror}") from None
        raise


def create_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` as UTF-8 only if nothing is there yet (no overwrite, even in
    a race: the new file is linked into place, which fails if the name is taken)."""
    _check_target(path)
    temporary = _temporary(path, text)
    try:
        os.link(temporary, path)
    except FileExistsError:
        raise WriteError(f"{path}: exists already") from None
    except OSError as error:
        raise WriteError(f"{path}: cannot write: {error.strerror}") from None
    finally:
        _remove(temporary)
