"""Automatic backups of the database, as Anki keeps them (issue 14).

When the application closes, the database is copied with SQLite's online backup API
(``sqlite3.Connection.backup``: a consistent copy even while another program writes)
into ``backups/`` next to it, as ``<name>-<YYYYmmdd-HHMMSS>.sqlite3``; at most one a
day (``MIN_INTERVAL``), and only the last ``KEEP`` are kept. ``restore`` copies a
backup back into the open database the same way, in one step: the database is then
exactly the backup (a backup of the state it replaces is made first, and is not counted
against the last ten until the next close).

A backup is checked (``PRAGMA integrity_check``) before it is restored; a backup that
is damaged is refused and the database is left as it was.
"""

from __future__ import annotations

import re
import sqlite3
from datetime import datetime, timedelta, timezone
from pathlib import Path

from trainer.store.records import StoreError

KEEP = 10
MIN_INTERVAL = timedelta(days=1)
FOLDER = "backups"
STAMP = "%Y%m%d-%H%M%S"
_NAME = re.compile(r"^(?P<stem>.+)-(?P<stamp>\d{8}-\d{6})(?P<tag>-before-restore)?\.sqlite3$")


def backup_folder(db_path: str | Path) -> Path:
    return Path(db_path).expanduser().parent / FOLDER


def backups(db_path: str | Path) -> list[Path]:
    """This database's backups, newest first (those made before a restore included)."""
    folder = backup_folder(db_path)
    stem = Path(db_path).stem
    if not folder.is_dir():
        return []
    found = []
    for p in folder.iterdir():
        m = _NAME.match(p.name)
        if m and m["stem"] == stem and p.is_file():
            found.append((m["stamp"], p))
    return [p for _stamp, p in sorted(found, reverse=True)]


def backup_time(path: Path) -> datetime | None:
    m = _NAME.match(path.name)
    return datetime.strptime(m["stamp"], STAMP).replace(tzinfo=timezone.utc) if m else None


def _copy(source: sqlite3.Connection, target_path: Path) -> None:
    tmp = target_path.with_name(target_path.name + ".part")
    try:
        tmp.unlink(missing_ok=True)
        dest = sqlite3.connect(str(tmp))
        try:
            source.backup(dest)
        finally:
            dest.close()
        tmp.chmod(0o600)
        tmp.replace(target_path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def make_backup(store, *, now: datetime | None = None, force: bool = False, tag: str = "") -> Path | None:
    """Back the store's database up unless the last backup is less than a day old
    (``force``: always); keep the last ``KEEP``. Returns the new file, or None if none
    was due. ``StoreError`` if it cannot be written."""
    now = now or datetime.now(timezone.utc)
    db_path = Path(store.path)
    existing = [p for p in backups(db_path) if not _NAME.match(p.name)["tag"]]
    if not force and existing:
        last = backup_time(existing[0])
        if last is not None and now - last < MIN_INTERVAL:
            return None
    folder = backup_folder(db_path)
    target = folder / f"{db_path.stem}-{now.strftime(STAMP)}{tag}.sqlite3"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        _copy(store.db.conn, target)
    except (OSError, sqlite3.Error) as e:
        raise StoreError(f"The backup of {db_path} to {folder} failed: {e}.") from e
    for old in [p for p in backups(db_path) if not _NAME.match(p.name)["tag"]][KEEP:]:
        try:
            old.unlink()
        except OSError:
            pass
    return target


def restore(store, backup_path: str | Path) -> Path:
    """Make the open database exactly the backup at ``backup_path``; return the backup made
    of the state it replaced. ``StoreError`` (the database unchanged) if the backup is
    damaged or not a Dealer Trainer database of a version this one reads."""
    from trainer.store import schema

    backup_path = Path(backup_path)
    try:
        src = sqlite3.connect(f"file:{backup_path}?mode=ro", uri=True)
    except sqlite3.Error as e:
        raise StoreError(f"The backup {backup_path} cannot be read: {e}.") from e
    try:
        try:
            check = [r[0] for r in src.execute("PRAGMA integrity_check")]
            version = int(src.execute(f"SELECT value FROM {schema.META} WHERE key = ?",
                                      [schema.VERSION_KEY]).fetchone()[0])
        except (sqlite3.Error, TypeError, ValueError) as e:
            raise StoreError(f"The backup {backup_path} is not a Dealer Trainer database that can be read "
                             f"({e}): the database was left as it was.") from e
        if check != ["ok"]:
            raise StoreError(f"The backup {backup_path} is damaged ({'; '.join(check[:2])}): the database was "
                             "left as it was.")
        if version > schema.CURRENT_VERSION:
            raise StoreError(f"The backup {backup_path} was written by a newer version of Dealer Trainer: the "
                             "database was left as it was.")
        before = make_backup(store, force=True, tag="-before-restore")
        try:
            src.backup(store.db.conn)
            schema.migrate(store.db)  # an older backup is brought up to date, keeping every row
        except sqlite3.Error as e:
            raise StoreError(f"Restoring {backup_path} failed: {e}. The state before is kept in {before}.") from e
    finally:
        src.close()
    return before
