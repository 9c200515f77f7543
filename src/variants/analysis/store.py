"""The sweep's store: an SQLite file with one row a cell and figure, which pandas, DuckDB, R or
the ``sqlite3`` shell read as it is.

A cell is one variant of a ruleset (its default rules, or one option changed) at one table size
under one lead policy, played for a number of deals from a seed (:class:`CellKey`). Its rows
hold, for each figure (:data:`.paired.FIGURES`), the count, sum and sum of squares of its
values, and of its differences from the default rules on the same deals. Each row is stamped
with what the figures depend on besides its key (:class:`Stamp`): a digest of the rules as the
variant plays them, the default rules' digest, and the engine's version. A cell whose stamp is
not what the rules and the engine give now is out of date.

A cell is written whole or not at all (one transaction a group of cells), so an interrupted
sweep keeps every cell it finished. The store is never written through a symbolic link.
"""

from __future__ import annotations

import json
import os
import sqlite3
import stat
from collections.abc import Iterable, Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .paired import CellSums, Options
from .tallies import Stat

FORMAT = 1
"""The layout of the store's table; a store of another layout is refused."""

COLUMNS = (
    "ruleset TEXT NOT NULL",
    "options TEXT NOT NULL",
    "changed TEXT NOT NULL",
    "players INTEGER NOT NULL",
    "policy TEXT NOT NULL",
    "seed INTEGER NOT NULL",
    "deals INTEGER NOT NULL",
    "rules TEXT NOT NULL",
    "baseline TEXT NOT NULL",
    "engine INTEGER NOT NULL",
    "figure TEXT NOT NULL",
    "n INTEGER NOT NULL",
    "total INTEGER NOT NULL",
    "squares INTEGER NOT NULL",
    "paired_n INTEGER NOT NULL",
    "paired_total INTEGER NOT NULL",
    "paired_squares INTEGER NOT NULL",
)
KEY = ("ruleset", "options", "players", "policy", "seed", "deals")
SCHEMA = (
    f"CREATE TABLE figures ({', '.join(COLUMNS)}, PRIMARY KEY ({', '.join(KEY)}, figure))",
    "CREATE TABLE store (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
)
"""The store's tables: the figures, and what the store is (its layout, :data:`FORMAT`)."""


BUSY = 120.0
"""Seconds a write waits for another process's write to the same store to end."""


class StoreError(ValueError):
    """A store that cannot be read or written; the message names it and says why, in one line."""


@dataclass(frozen=True, order=True)
class CellKey:
    """What a cell is: a ruleset's variant, the table size, the policy, the seed, the deals."""

    ruleset: str
    options: Options
    players: int
    policy: str
    seed: int
    deals: int

    @property
    def options_text(self) -> str:
        return json.dumps(dict(self.options), sort_keys=True, ensure_ascii=False)


@dataclass(frozen=True)
class Stamp:
    """What a cell's figures depend on besides its key."""

    rules: str
    """A digest of the rules the variant plays."""
    baseline: str
    """A digest of the default rules it is paired with."""
    engine: int
    """The engine's version (:data:`variants.engine.VERSION`)."""


@dataclass(frozen=True)
class StoredCell:
    key: CellKey
    changed: str
    """The option changed, ``option=value``, or empty for the default rules."""
    stamp: Stamp
    sums: CellSums


class Store:
    """An SQLite store, opened (and made, if it is not there) at ``path``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        _check(path)
        try:
            # Several builds may share a cache's store: one waits for another's write.
            self.connection = sqlite3.connect(path, isolation_level=None, timeout=BUSY)
        except sqlite3.Error as error:
            raise StoreError(f"{path}: cannot open the store: {error}") from None
        try:
            self._prepare()
        except sqlite3.DatabaseError as error:
            self.connection.close()
            raise StoreError(f"{path}: not a store of sweep figures ({error})") from None
        except BaseException:
            self.connection.close()
            raise

    def _prepare(self) -> None:
        tables = {
            row[0]
            for row in self.connection.execute("SELECT name FROM sqlite_master WHERE type='table'")
        }
        if tables and not {"figures", "store"} <= tables:
            listed = ", ".join(sorted(tables))
            raise StoreError(f"{self.path}: not a store of sweep figures (its tables: {listed})")
        with self._transaction():
            if not tables:
                for statement in SCHEMA:
                    self.connection.execute(statement)
            found = self.connection.execute(
                "SELECT value FROM store WHERE key = 'format'"
            ).fetchone()
            if found is None:
                self.connection.execute("INSERT INTO store VALUES ('format', ?)", (str(FORMAT),))
            elif found[0] != str(FORMAT):
                raise StoreError(
                    f"{self.path}: a store of layout {found[0]}, not {FORMAT}: sweep into a new one"
                )

    def close(self) -> None:
        self.connection.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        self.connection.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self.connection.execute("ROLLBACK")
            raise
        self.connection.execute("COMMIT")

    def stamps(self, ruleset: str) -> dict[CellKey, Stamp]:
        """The stamp of each cell of ``ruleset`` in the store."""
        found: dict[CellKey, Stamp] = {}
        query = (
            "SELECT DISTINCT options, players, policy, seed, deals, rules, baseline, engine "
            "FROM figures WHERE ruleset = ?"
        )
        for options, players, policy, seed, deals, rules, baseline, engine in self._rows(
            query, (ruleset,)
        ):
            key = CellKey(ruleset, _options(options), players, policy, seed, deals)
            found[key] = Stamp(rules, baseline, engine)
        return found

    def write(self, cells: Iterable[StoredCell]) -> None:
        """Write ``cells``, each replacing what the store held for its key, all or none."""
        insert = f"INSERT INTO figures VALUES ({', '.join('?' * len(COLUMNS))})"
        where = " AND ".join(f"{column} = ?" for column in KEY)
        try:
            with self._transaction():
                for cell in cells:
                    key = cell.key
                    values = (
                        key.ruleset,
                        key.options_text,
                        key.players,
                        key.policy,
                        key.seed,
                        key.deals,
                    )
                    self.connection.execute(f"DELETE FROM figures WHERE {where}", values)
                    stamp = cell.stamp
                    for figure in sorted(cell.sums.own):
                        own = cell.sums.own[figure]
                        paired = cell.sums.paired.get(figure, Stat())
                        self.connection.execute(
                            insert,
                            (
                                key.ruleset,
                                key.options_text,
                                cell.changed,
                                key.players,
                                key.policy,
                                key.seed,
                                key.deals,
                                stamp.rules,
                                stamp.baseline,
                                stamp.engine,
                                figure,
                                own.n,
                                own.total,
                                own.squares,
                                paired.n,
                                paired.total,
                                paired.squares,
                            ),
                        )
        except sqlite3.Error as error:
            raise StoreError(f"{self.path}: cannot write the store: {error}") from None

    def forget(self, ruleset: str, keep: Iterable[Options]) -> int:
        """Remove every cell of ``ruleset`` whose options are none of ``keep``: the variants of
        options the ruleset no longer has, which no sweep can bring up to date. The number of
        cells removed."""
        kept = {CellKey(ruleset, options, 0, "", 0, 0).options_text for options in keep}
        held = {
            str(options)
            for (options,) in self._rows(
                "SELECT DISTINCT options FROM figures WHERE ruleset = ?", (ruleset,)
            )
        }
        gone = sorted(held - kept)
        removed = 0
        try:
            with self._transaction():
                for options in gone:
                    query = (
                        "SELECT COUNT(*) FROM (SELECT DISTINCT players, policy, seed, deals "
                        "FROM figures WHERE ruleset = ? AND options = ?)"
                    )
                    ((count,),) = self._rows(query, (ruleset, options))
                    removed += int(count)
                    self.connection.execute(
                        "DELETE FROM figures WHERE ruleset = ? AND options = ?", (ruleset, options)
                    )
            if removed:
                self.connection.execute("VACUUM")  # the file shrinks by what was removed
        except sqlite3.Error as error:
            raise StoreError(f"{self.path}: cannot write the store: {error}") from None
        return removed

    def cells(self, ruleset: str | None = None) -> list[StoredCell]:
        """Every cell in the store (of ``ruleset``), in the order of their keys."""
        query = "SELECT * FROM figures"
        parameters: tuple[str, ...] = ()
        if ruleset is not None:
            query += " WHERE ruleset = ?"
            parameters = (ruleset,)
        found: dict[CellKey, StoredCell] = {}
        for row in self._rows(query, parameters):
            (
                ruleset_id,
                options,
                changed,
                players,
                policy,
                seed,
                deals,
                rules,
                baseline,
                engine,
                figure,
                n,
                total,
                squares,
                paired_n,
                paired_total,
                paired_squares,
            ) = row
            key = CellKey(ruleset_id, _options(options), players, policy, seed, deals)
            cell = found.get(key)
            if cell is None:
                cell = found[key] = StoredCell(
                    key, changed, Stamp(rules, baseline, engine), CellSums(deals=deals)
                )
            cell.sums.own[figure] = Stat(n, total, squares)
            if paired_n:
                cell.sums.paired[figure] = Stat(paired_n, paired_total, paired_squares)
        return [found[key] for key in sorted(found)]

    def _rows(self, query: str, parameters: tuple[object, ...]) -> list[tuple[Any, ...]]:
        try:
            return self.connection.execute(query, parameters).fetchall()
        except sqlite3.Error as error:
            raise StoreError(f"{self.path}: cannot read the store: {error}") from None


def _options(text: object) -> Options:
    found = json.loads(str(text))
    return tuple(sorted((str(key), str(value)) for key, value in found.items()))


def _check(path: Path) -> None:
    """A store is a regular file, or nothing yet in a folder that exists; never a link."""
    try:
        found = os.lstat(path)
    except FileNotFoundError:
        if not path.parent.is_dir():
            raise StoreError(f"{path}: no folder {path.parent} to keep the store in") from None
        return
    except OSError as error:
        raise StoreError(f"{path}: cannot use the store: {error.strerror}") from None
    if stat.S_ISLNK(found.st_mode):
        raise StoreError(f"{path}: is a symbolic link; refusing to write through it")
    if not stat.S_ISREG(found.st_mode):
        raise StoreError(f"{path}: is not a regular file")


def stored_cells(path: Path, ruleset: str | None = None) -> list[StoredCell]:
    """The cells of a store that must exist already (for reading, never made)."""
    if not path.exists():
        raise StoreError(f"{path}: no store here: make one with variants sweep")
    with closing(Store(path)) as store:
        return store.cells(ruleset)
