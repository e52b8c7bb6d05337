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

from trainer.core import names
from trainer.store import schema
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
class AuditCheck:
    """The result of checking the audit log's hash chain."""

    ok: bool
    entries: int  # the entries checked (up to and including the first bad one)
    first_bad_id: int | None = None
    first_bad_at: str = ""
    first_bad_action: str = ""
    reason: str = ""

    def describe(self) -> str:
        if self.ok:
            return f"The audit log is intact ({self.entries:,} entries, each chained to the one before it)."
        return (f"The audit log has been tampered with: entry {self.first_bad_id} ({self.first_bad_action}, "
                f"{self.first_bad_at}) is the first that does not match: {self.reason}. Entries from there on "
                "cannot be trusted.")


@dataclass(frozen=True)
class ClassRow:
    id: int
    name: str
    created_at: str
    members: int


def _clean_name(name: str, what: str, limit: int) -> str:
    try:
        name = names.clean(name, f"a {what}'s name")
    except names.InvalidName as e:
        raise StoreError(str(e)) from None
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
        self._append_audit(by.id, by.name, action, target, detail)

    def _append_audit(self, supervisor_id: int | None, supervisor_name: str, action: str, target: str,
                      detail: dict[str, Any] | None = None) -> None:
        """Append an entry chained to the last one (``schema.audit_entry_hash``): its id is
        the next one, its ``prev_hash`` the last entry's hash. Inside a transaction (the
        store's transactions start IMMEDIATE, so no other writer comes between)."""
        last = self.db.execute("SELECT id, entry_hash FROM audit_log ORDER BY id DESC LIMIT 1").fetchone()
        entry = {"id": (last[0] + 1) if last else 1, "at": utc_now(), "supervisor_id": supervisor_id,
                 "supervisor_name": supervisor_name, "action": action, "target": target,
                 "detail": json.dumps(detail or {}, sort_keys=True, default=str)}
        prev = (last[1] or schema.AUDIT_GENESIS) if last else schema.AUDIT_GENESIS
        self.db["audit_log"].insert({**entry, "prev_hash": prev, "entry_hash": schema.audit_entry_hash(entry, prev)})

    def record_event(self, supervisor_id: int | None, supervisor_name: str, action: str, target: str,
                     detail: dict[str, Any] | None = None) -> None:
        """Log an event that no signed-in supervisor made (a sign-in, a failed one, an
        account made at set-up on the command line), in its own transaction."""
        try:
            with self.db.atomic():
                self._append_audit(supervisor_id, supervisor_name, action, target, detail)
        except sqlite3.Error as e:
            raise StoreError(f"Writing the audit log of {self.path} failed: {e}.") from e

    def check_audit_chain(self) -> AuditCheck:
        """Recompute the chain of the whole audit log, oldest first: the first entry whose
        hash, or whose link to the entry before it, does not match is named. An entry
        rewritten, inserted or removed in the middle breaks the chain; entries removed at
        the end leave it whole (the log's length is shown with the result)."""
        prev = schema.AUDIT_GENESIS
        count = 0
        try:
            cursor = self.db.execute("SELECT id, at, supervisor_id, supervisor_name, action, target, detail, "
                                     "prev_hash, entry_hash FROM audit_log ORDER BY id")
            for row in cursor:
                count += 1
                entry = dict(zip(("id", "at", "supervisor_id", "supervisor_name", "action", "target", "detail"),
                                 row[:7]))
                if row[7] != prev:
                    return AuditCheck(False, count, entry["id"], entry["at"], entry["action"],
                                      "it is not linked to the entry before it (an entry was removed, added or "
                                      "changed before it)")
                expected = schema.audit_entry_hash(entry, prev)
                if row[8] != expected:
                    return AuditCheck(False, count, entry["id"], entry["at"], entry["action"],
                                      "its content does not match its hash (it was changed)")
                prev = expected
        except sqlite3.Error as e:
            raise StoreError(f"Reading the audit log of {self.path} failed: {e}.") from e
        return AuditCheck(True, count)

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

    # -- failed sign-ins (kept in the file: a restart does not reset them) ---------------
    def sign_in_attempts(self, name_key: str) -> tuple[int, str | None, str | None]:
        """(failures, last failure, locked until) of a folded name; (0, None, None) if none."""
        rows = self._rows("SELECT failures, last_failure_at, locked_until FROM sign_in_attempts WHERE name_key = ?",
                          [name_key])
        if not rows:
            return 0, None, None
        return int(rows[0]["failures"]), rows[0]["last_failure_at"], rows[0]["locked_until"]

    def set_sign_in_attempts(self, name_key: str, failures: int, last_failure_at: str | None,
                             locked_until: str | None) -> None:
        try:
            with self.db.atomic() as db:
                if failures:
                    db["sign_in_attempts"].upsert({"name_key": name_key, "failures": failures,
                                                   "last_failure_at": last_failure_at,
                                                   "locked_until": locked_until}, pk="name_key")
                else:
                    db.execute("DELETE FROM sign_in_attempts WHERE name_key = ?", [name_key])
        except sqlite3.Error as e:
            raise StoreError(f"Saving the sign-in attempts to {self.path} failed: {e}.") from e

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
                    if names.same(existing, name):
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
        key = names.fold(name)
        for r in self._rows("SELECT * FROM supervisors"):
            if names.fold(r["name"]) == key:
                return (Supervisor(r["id"], r["name"], r["created_at"]),
                        PasswordRecord(r["kdf"], r["salt"], r["password_hash"], r["kdf_n"], r["kdf_r"], r["kdf_p"],
                                       r["dklen"]))
        return None

    def set_supervisor_password(self, supervisor_id: int, record: PasswordRecord, *, by: Supervisor) -> None:
        require_supervisor(by)
        _check_record(record)
        try:
            with self.db.atomic() as db:
                name = self._name_of("supervisors", supervisor_id, "supervisor")
                db.execute("UPDATE supervisors SET kdf = ?, salt = ?, password_hash = ?, kdf_n = ?, kdf_r = ?, "
                           "kdf_p = ?, dklen = ?, password_changed_at = ? WHERE id = ?",
                           [record.kdf, record.salt, record.password_hash, record.n, record.r, record.p,
                            record.dklen, utc_now(), supervisor_id])
                self._audit(by, "supervisor.password", name, {})
        except sqlite3.Error as e:
            raise StoreError(f"Saving the password to {self.path} failed: {e}.") from e

    def _name_of(self, table: str, row_id: int, what: str) -> str:
        """The name of the supervisor or class with this id; ``StoreError`` if there is none."""
        rows = self._rows(f"SELECT name FROM {table} WHERE id = ?", [row_id])
        if not rows:
            raise StoreError(f"There is no {what} with id {row_id}.")
        return rows[0]["name"]

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
                name = self._name_of("classes", class_id, "class")
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
                    self._audit(by, "class.members", name,
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
