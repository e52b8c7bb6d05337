"""Supervisor accounts, the audit log, classes and certification thresholds (a mixin of
``Store``).

The store keeps a supervisor's password only as the salted scrypt hash and the
parameters that made it (``PasswordRecord``, computed by ``trainer.review.accounts``);
it never sees the password. Every change a supervisor makes is written to
``audit_log`` in the same transaction as the change itself, so there is no change
without its entry; the log cannot be updated or deleted (triggers refuse it).
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from typing import Any

from trainer.store.records import StoreError, utc_now

SUPERVISOR_NAME_MAX = 80
CLASS_NAME_MAX = 60


@dataclass(frozen=True)
class Supervisor:
    id: int
    name: str
    created_at: str


@dataclass(frozen=True)
class PasswordRecord:
    """A salted key-derivation hash and everything needed to check a password against it."""

    kdf: str  # "scrypt"
    salt: str  # hex
    password_hash: str  # hex
    n: int
    r: int
    p: int
    dklen: int


@dataclass(frozen=True)
class AuditEntry:
    id: int
    at: str
    supervisor_name: str
    action: str
    target: str
    detail: dict[str, Any]


@dataclass(frozen=True)
class ClassRow:
    id: int
    name: str
    created_at: str
    members: int


def _clean_name(name: str, what: str, limit: int) -> str:
    name = " ".join(name.split()) if name else ""
    if not name:
        raise StoreError(f"Enter a name for the {what}.")
    if len(name) > limit:
        raise StoreError(f"A {what}'s name can have at most {limit} characters; this one has {len(name)}.")
    return name


def require_supervisor(by: Any) -> None:
    """``StoreError`` unless ``by`` is a signed-in supervisor (a ``Supervisor``)."""
    if not isinstance(by, Supervisor):
        raise StoreError("Only a signed-in supervisor can do this.")


class SupervisionQueries:
    """Mixed into ``Store``: uses its ``db``, ``path`` and ``_rows``."""

    # -- the audit log ----------------------------------------------------------------
    def _audit(self, by: Any, action: str, target: str, detail: dict[str, Any] | None = None) -> None:
        """Append an entry; called inside the transaction of the change it records."""
        require_supervisor(by)
        self.db["audit_log"].insert({
            "at": utc_now(), "supervisor_id": by.id, "supervisor_name": by.name, "action": action,
            "target": target, "detail": json.dumps(detail or {}, sort_keys=True, default=str),
        })

    def record_audit(self, by: Supervisor, action: str, target: str, detail: dict[str, Any] | None = None) -> None:
        """Log a supervisor action that has no change of its own to travel with (an export)."""
        try:
            with self.db.atomic():
                self._audit(by, action, target, detail)
        except sqlite3.Error as e:
            raise StoreError(f"Writing the audit log of {self.path} failed: {e}.") from e

    def audit_log(self, limit: int = 1000) -> list[AuditEntry]:
        """The most recent entries first."""
        rows = self._rows("SELECT id, at, supervisor_name, action, target, detail FROM audit_log "
                          "ORDER BY id DESC LIMIT ?", [limit])
        return [AuditEntry(**{**r, "detail": json.loads(r["detail"] or "{}")}) for r in rows]

    # -- supervisors ------------------------------------------------------------------
    def supervisor_count(self) -> int:
        return int(self._rows("SELECT COUNT(*) AS n FROM supervisors")[0]["n"])

    def supervisors(self) -> list[Supervisor]:
        return [Supervisor(**r) for r in self._rows(
            "SELECT id, name, created_at FROM supervisors ORDER BY name COLLATE NOCASE")]

    def add_supervisor(self, name: str, record: PasswordRecord, *, by: Supervisor | None) -> Supervisor:
        """Add a supervisor account. The first account of a database is made by nobody
        (``by=None``); every later one only by a signed-in supervisor. Audited."""
        name = _clean_name(name, "supervisor", SUPERVISOR_NAME_MAX)
        _check_record(record)
        try:
            with self.db.atomic() as db:
                count = int(db.execute("SELECT COUNT(*) FROM supervisors").fetchone()[0])
                if by is None and count:
                    raise StoreError("Only a signed-in supervisor can add another supervisor account.")
                for (existing,) in db.execute("SELECT name FROM supervisors"):
                    if existing.casefold() == name.casefold():
                        raise StoreError(f"There is already a supervisor named {existing!r}.")
                now = utc_now()
                new_id = db["supervisors"].insert({
                    "name": name, "kdf": record.kdf, "salt": record.salt, "password_hash": record.password_hash,
                    "kdf_n": record.n, "kdf_r": record.r, "kdf_p": record.p, "dklen": record.dklen,
                    "created_at": now, "password_changed_at": now,
                }).last_pk
                supervisor = Supervisor(int(new_id), name, now)
                self._audit(by or supervisor, "supervisor.create", name,
                            {"first_account": by is None, "kdf": record.kdf, "n": record.n, "r": record.r,
                             "p": record.p})
        except sqlite3.IntegrityError as e:
            raise StoreError(f"There is already a supervisor named {name!r}.") from e
        except sqlite3.Error as e:
            raise StoreError(f"Saving the supervisor to {self.path} failed: {e}.") from e
        return supervisor

    def supervisor_credentials(self, name: str) -> tuple[Supervisor, PasswordRecord] | None:
        """The account named ``name`` (any letter case) and its password record, or None."""
        name = " ".join(name.split()) if name else ""
        for r in self._rows("SELECT * FROM supervisors"):
            if r["name"].casefold() == name.casefold():
                return (Supervisor(r["id"], r["name"], r["created_at"]),
                        PasswordRecord(r["kdf"], r["salt"], r["password_hash"], r["kdf_n"], r["kdf_r"], r["kdf_p"],
                                       r["dklen"]))
        return None

    def set_supervisor_password(self, supervisor_id: int, record: PasswordRecord, *, by: Supervisor) -> None:
        require_supervisor(by)
        _check_record(record)
        try:
            with self.db.atomic() as db:
                rows = self._rows("SELECT name FROM supervisors WHERE id = ?", [supervisor_id])
                if not rows:
                    raise StoreError(f"There is no supervisor with id {supervisor_id}.")
                db.execute("UPDATE supervisors SET kdf = ?, salt = ?, password_hash = ?, kdf_n = ?, kdf_r = ?, "
                           "kdf_p = ?, dklen = ?, password_changed_at = ? WHERE id = ?",
                           [record.kdf, record.salt, record.password_hash, record.n, record.r, record.p,
                            record.dklen, utc_now(), supervisor_id])
                self._audit(by, "supervisor.password", rows[0]["name"], {})
        except sqlite3.Error as e:
            raise StoreError(f"Saving the password to {self.path} failed: {e}.") from e

    # -- classes ----------------------------------------------------------------------
    def classes(self) -> list[ClassRow]:
        return [ClassRow(**r) for r in self._rows(
            "SELECT c.id, c.name, c.created_at, COUNT(m.trainee_id) AS members FROM classes AS c "
            "LEFT JOIN class_members AS m ON m.class_id = c.id GROUP BY c.id ORDER BY c.name COLLATE NOCASE")]

    def _class_id(self, name: str, *, create: bool) -> int | None:
        for r in self._rows("SELECT id, name FROM classes"):
            if r["name"].casefold() == name.casefold():
                return int(r["id"])
        if not create:
            return None
        return int(self.db["classes"].insert({"name": name, "created_at": utc_now()}).last_pk)

    def add_class(self, name: str, *, by: Supervisor) -> ClassRow:
        require_supervisor(by)
        name = _clean_name(name, "class", CLASS_NAME_MAX)
        try:
            with self.db.atomic():
                if self._class_id(name, create=False) is not None:
                    raise StoreError(f"There is already a class named {name!r}.")
                class_id = self._class_id(name, create=True)
                self._audit(by, "class.create", name, {"class_id": class_id})
        except sqlite3.Error as e:
            raise StoreError(f"Saving the class to {self.path} failed: {e}.") from e
        return next(c for c in self.classes() if c.id == class_id)

    def class_members(self, class_id: int) -> list[int]:
        return [int(r["trainee_id"]) for r in self._rows(
            "SELECT trainee_id FROM class_members WHERE class_id = ? ORDER BY trainee_id", [class_id])]

    def set_class_members(self, class_id: int, trainee_ids: list[int], *, by: Supervisor) -> None:
        """Make the class's members exactly ``trainee_ids``; audited with who joined and left."""
        require_supervisor(by)
        try:
            with self.db.atomic() as db:
                rows = self._rows("SELECT name FROM classes WHERE id = ?", [class_id])
                if not rows:
                    raise StoreError(f"There is no class with id {class_id}.")
                before = set(self.class_members(class_id))
                after = {int(t) for t in trainee_ids}
                known = {int(r["id"]) for r in self._rows("SELECT id FROM trainees")}
                if after - known:
                    raise StoreError(f"There is no trainee with id {min(after - known)}.")
                now = utc_now()
                for tid in sorted(after - before):
                    db["class_members"].insert({"class_id": class_id, "trainee_id": tid, "added_at": now})
                for tid in sorted(before - after):
                    db.execute("DELETE FROM class_members WHERE class_id = ? AND trainee_id = ?", [class_id, tid])
                if after != before:
                    self._audit(by, "class.members", rows[0]["name"],
                                {"class_id": class_id, "added": sorted(after - before),
                                 "removed": sorted(before - after)})
        except sqlite3.Error as e:
            raise StoreError(f"Saving the class to {self.path} failed: {e}.") from e

    def join_class(self, trainee_id: int, class_name: str) -> None:
        """Put a trainee in the class an exam was set for (made if new): the trainee's own
        step, taken when they start that exam."""
        name = _clean_name(class_name, "class", CLASS_NAME_MAX)
        try:
            with self.db.atomic() as db:
                class_id = self._class_id(name, create=True)
                db.execute("INSERT OR IGNORE INTO class_members (class_id, trainee_id, added_at) VALUES (?, ?, ?)",
                           [class_id, trainee_id, utc_now()])
        except sqlite3.Error as e:
            raise StoreError(f"Saving the class to {self.path} failed: {e}.") from e

    def trainee_classes(self) -> dict[int, list[str]]:
        """Every trainee's classes, by trainee id."""
        out: dict[int, list[str]] = {}
        for r in self._rows("SELECT m.trainee_id, c.name FROM class_members AS m JOIN classes AS c "
                            "ON c.id = m.class_id ORDER BY c.name COLLATE NOCASE"):
            out.setdefault(int(r["trainee_id"]), []).append(r["name"])
        return out

    # -- certification thresholds ------------------------------------------------------
    def thresholds(self) -> dict[str, int]:
        """The pass threshold (percent) set for each game; games not listed use the default."""
        return {r["game_id"]: int(r["percent"]) for r in self._rows(
            "SELECT game_id, percent FROM certification_thresholds")}

    def set_threshold(self, game_id: str, percent: int, *, by: Supervisor) -> None:
        require_supervisor(by)
        percent = int(percent)
        if not 1 <= percent <= 100:
            raise StoreError(f"A pass threshold is a percentage from 1 to 100, not {percent}.")
        try:
            with self.db.atomic() as db:
                old = self.thresholds().get(game_id)
                if old == percent:
                    return
                db["certification_thresholds"].upsert(
                    {"game_id": game_id, "percent": percent, "set_at": utc_now(), "set_by": by.name}, pk="game_id")
                self._audit(by, "threshold.set", game_id, {"from": old, "to": percent})
        except sqlite3.Error as e:
            raise StoreError(f"Saving the threshold to {self.path} failed: {e}.") from e


def _check_record(record: PasswordRecord) -> None:
    if record.kdf != "scrypt" or len(record.salt) < 32 or len(record.password_hash) < 32:
        raise StoreError("A supervisor password must be stored as a salted scrypt hash.")
