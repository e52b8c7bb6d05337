"""The trainee database: trainees, quiz sessions and the log of every answer given.

One SQLite file (WAL mode, foreign keys on). Every write runs in its own transaction
and is committed before the call returns, so a crash or a killed process loses
nothing already recorded. Statistics are SQL queries over the ``answers`` log.

An existing file is checked read-only before it is opened for writing: a file that
is damaged, belongs to another program or was written by a newer version of
Dealer Trainer raises ``StoreError`` and is left exactly as it was.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import uuid
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

from sqlite_utils import Database as _SqliteUtilsDatabase

import trainer
from trainer.core import names
from trainer.store import schema
from trainer.store.exchange import ExchangeQueries
from trainer.store.practice import PracticeQueries
from trainer.store.records import (
    ANSWER_COLUMNS,
    AnswerRecord,
    StoreError,
    Trainee,
    _answer,
    utc_now,
)
from trainer.store.stats import AnswerFilter, DashboardQueries
from trainer.store.supervision import SupervisionQueries
from trainer.store.table_rounds import TableRoundQueries
from trainer.contracts.measures import Accuracy, TableSkillFigures, question_skill_sql, question_target_ms

NAME_MAX = 80
SQLITE_MAGIC = b"SQLite format 3\x00"
BUSY_TIMEOUT_S = 10.0
EXAM_KEY = "exam_signing_key"


class Database(_SqliteUtilsDatabase):
    """sqlite-utils' database whose transactions start IMMEDIATE (issue 14).

    A deferred transaction takes the write lock only at its first write, after it has
    read: when another program holds the lock then, SQLite fails at once with "database
    is locked" rather than wait, because waiting could deadlock. Taking the write lock at
    ``BEGIN IMMEDIATE`` makes the busy timeout apply, so two programs writing to one
    database wait for each other. The connection is in autocommit mode
    (``isolation_level=None``): single statements commit by themselves, and every
    transaction is one of these explicit ones. Nested blocks are savepoints."""

    @contextlib.contextmanager
    def atomic(self):  # type: ignore[override]
        if self.conn.in_transaction:
            with super().atomic() as db:
                yield db
            return
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield self
        except BaseException:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise
        else:
            try:
                self.conn.execute("COMMIT")
            except BaseException:
                if self.conn.in_transaction:
                    self.conn.execute("ROLLBACK")
                raise


@dataclass(frozen=True)
class SkillProgress(Accuracy):
    """A trainee's record on one skill of one game."""

    game_id: str
    skill: str
    answered: int
    correct: int
    mean_ms: int
    last_answered_at: str
    # A table mode skill: no question answers (``answered`` 0), its figures are its rounds.
    table: TableSkillFigures | None = None


@dataclass(frozen=True)
class SessionRow:
    """A session with its answered and correct counts (computed from the log)."""

    id: str
    trainee_id: int
    game_id: str
    mode: str
    seed: int
    question_count: int
    started_at: str
    ended_at: str | None
    answered: int
    correct: int
    source: str = "game"  # game, daily, mistakes or exam
    exam_id: str | None = None
    rounds: int = 0  # table mode's rounds (its steps are not counted in answered/correct)
    clean_rounds: int = 0


SESSION_SOURCES = ("game", "daily", "mistakes", "exam")
MIXED_GAMES = "mixed"  # the game_id of a session whose questions come from several games

def _untouched(path: Path, problem: str) -> StoreError:
    return StoreError(f"{path} {problem} The file was left untouched.")


def _damaged(path: Path, detail: str = "") -> StoreError:
    detail = " ".join(detail.replace("*** in database main ***", "").split())  # one line
    extra = f" ({detail})" if detail else ""
    return _untouched(path, f"is not a Dealer Trainer database, or it is damaged{extra}.")


def _sidecar(path: Path, suffix: str) -> Path:
    return path.with_name(path.name + suffix)


# A file up to this size gets ``PRAGMA quick_check`` of every page at open (under 0.1 s);
# a larger one gets it for every table but the logs that grow with use (``schema.LOG_TABLES``),
# whose pages the app checks on a thread of its own after the first screen
# (``full_check_file``: a 1.2 GB database takes seconds to check; issue 17).
QUICK_CHECK_MAX_BYTES = 32 * 2**20


def _quick_check(conn: sqlite3.Connection, size: int) -> list[str]:
    """``quick_check`` of the whole file, or of a large file's tables but its logs: the
    problems found (["ok"] if none)."""
    if size <= QUICK_CHECK_MAX_BYTES:
        return [str(row[0]) for row in conn.execute("PRAGMA quick_check")]
    tables = [row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                             "AND name NOT LIKE 'sqlite_%'")]
    problems = [str(row[0]) for t in tables if t not in schema.LOG_TABLES
                for row in conn.execute(f'PRAGMA quick_check("{t}")')]
    return [p for p in problems if p != "ok"] or ["ok"]


def check_existing(path: Path) -> None:
    """Raise ``StoreError`` unless ``path`` is empty, an empty SQLite database or one of ours
    that this version can open. Reads only: nothing is written to the file. Every page of
    a file up to ``QUICK_CHECK_MAX_BYTES`` is checked; of a larger one, the schema and
    every table but the logs (``_quick_check``)."""
    try:
        size = path.stat().st_size
        if size == 0:
            return
        with path.open("rb") as f:
            header = f.read(100)
    except OSError as e:
        raise StoreError(f"{path} cannot be read: {e.strerror or e}.") from e
    if len(header) < 100 or not header.startswith(SQLITE_MAGIC):
        raise _damaged(path)
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    if page_size < 512 or page_size & (page_size - 1):
        raise _damaged(path, "bad page size")
    wal = _sidecar(path, "-wal")
    pending_log = (wal.exists() and wal.stat().st_size > 0) or _sidecar(path, "-journal").exists()
    header_pages = int.from_bytes(header[28:32], "big")
    header_size_valid = header[24:28] == header[92:96] and header_pages > 0
    if not pending_log and header_size_valid and header_pages * page_size > size:
        raise _damaged(path, f"the file is shorter than the {header_pages} pages it declares")
    # With no log to replay, open immutable: SQLite then creates no -wal/-shm files either.
    uri = path.resolve().as_uri() + ("?mode=ro" if pending_log else "?mode=ro&immutable=1")
    try:
        conn = sqlite3.connect(uri, uri=True)
    except sqlite3.Error as e:
        raise StoreError(f"{path} cannot be read: {e}. The file was left untouched.") from e
    try:
        check = _quick_check(conn, size)
        if check != ["ok"]:
            raise _damaged(path, "; ".join(str(c) for c in check[:3]))
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        # Read through SQLite, not from the file's header: page 1 may still be in the -wal file.
        app_id = conn.execute("PRAGMA application_id").fetchone()[0]
        if not tables:
            if app_id not in (0, schema.APPLICATION_ID):
                raise _untouched(path, "is a database of another program, not a Dealer Trainer database.")
            return
        if schema.META not in tables or app_id != schema.APPLICATION_ID:
            raise _untouched(path, "is an SQLite database of another program, not a Dealer Trainer database.")
        meta = dict(conn.execute(f"SELECT key, value FROM {schema.META}").fetchall())
    except sqlite3.Error as e:
        raise _damaged(path, str(e)) from e
    finally:
        conn.close()
    try:
        version = int(meta[schema.VERSION_KEY])
    except (KeyError, TypeError, ValueError):
        raise _untouched(path, "has no Dealer Trainer schema version: it is not a Dealer Trainer database.") from None
    if version > schema.CURRENT_VERSION:
        raise _newer(path, version, meta.get(schema.MIGRATED_BY_KEY))


def full_check_file(path: str | Path) -> list[str]:
    """``PRAGMA integrity_check`` of the database at ``path`` on a connection of its own,
    read-only, so that it can run on a thread of its own while the store is in use (a
    reader in WAL mode never blocks the writer). The problems found, [] if none."""
    try:
        conn = sqlite3.connect(f"file:{Path(path)}?mode=ro", uri=True, timeout=BUSY_TIMEOUT_S)
    except sqlite3.Error as e:
        return [str(e)]
    try:
        rows = [str(r[0]) for r in conn.execute("PRAGMA integrity_check(20)")]
    except sqlite3.DatabaseError as e:
        return [str(e)]
    finally:
        conn.close()
    return [] if rows == ["ok"] else rows


def new_signing_key() -> bytes:
    """A new Ed25519 signing key (its 32-byte seed), for a supervisor's database
    (``Store.exam_signing_key``; ``trainer.training.exams`` signs exam files with it)."""
    from nacl.signing import SigningKey

    return bytes(SigningKey.generate())


def _newer(path: Path, version: int, written_by: str | None = None) -> StoreError:
    by = f" ({written_by})" if written_by else ""
    return _untouched(
        path,
        f"was written by a newer version of Dealer Trainer{by}: its schema version is {version}, "
        f"and this Dealer Trainer {trainer.__version__} reads schema version "
        f"{schema.CURRENT_VERSION} at most. Update Dealer Trainer to open it.",
    )


def _create_private(path: Path) -> None:
    """Create the new, empty database file readable and writable by its owner only (0600;
    SQLite gives its -wal and -shm files the same mode). On Windows the mode bits do not
    apply: the file gets the folder's permissions (the user's own data folder)."""
    import os

    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return  # made meanwhile by another program: checked by SQLite as it opens
    except OSError as e:
        raise StoreError(f"{path} cannot be created: {e.strerror or e}.") from e
    os.close(fd)


def _probe_write(db: Database) -> None:
    """Fail now, not at the first answer, if SQLite opened the file read-only
    (it does so silently when the file may not be written). Nothing is changed."""
    db.conn.execute("BEGIN IMMEDIATE")
    try:
        db.conn.execute(f"UPDATE {schema.META} SET value = value WHERE key = ?", [schema.VERSION_KEY])
    finally:
        db.conn.execute("ROLLBACK")


class Store(PracticeQueries, SupervisionQueries, DashboardQueries, ExchangeQueries, TableRoundQueries):
    """The trainee database. Open with ``Store.open(path)``; usable as a context manager.

    The queries of adaptive practice and exams, of the supervisor's accounts, classes and
    audit log, of the dashboard, the import and export of results, and table mode's
    rounds live in the mixins (``practice``, ``supervision``, ``stats``, ``exchange``,
    ``table_rounds``)."""

    path: Path

    def __init__(self, path: Path, db: Database) -> None:
        """Use ``Store.open``."""
        self.path = path
        self._db: Database | None = db

    @classmethod
    def open(cls, path: str | Path) -> Store:
        """Open (or create) the database at ``path`` and bring its schema up to date."""
        path = Path(path).expanduser()
        if path.is_dir():
            raise StoreError(f"{path} is a folder, not a database file: choose a file name for the database.")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise StoreError(f"The folder for {path} cannot be created: {e.strerror or e}.") from e
        if path.exists():
            check_existing(path)
        else:
            _create_private(path)
        try:
            conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_S, isolation_level=None)
        except sqlite3.Error as e:
            raise StoreError(
                f"{path} cannot be opened for writing ({e}): check that the file and its folder may be written."
            ) from e
        try:
            db = Database(conn, execute_plugins=False)
            db.execute("PRAGMA foreign_keys = ON")
            db.execute("PRAGMA recursive_triggers = ON")  # REPLACE's delete fires the delete triggers
            db.execute("PRAGMA synchronous = FULL")
            db.enable_wal()
            version = schema.read_version(db)
            if version > schema.CURRENT_VERSION:  # the file changed since it was checked
                raise _newer(path, version)
            schema.migrate(db)
            _probe_write(db)
        except sqlite3.DatabaseError as e:
            conn.close()
            if "malformed" in str(e) or "not a database" in str(e):  # a page the check at open left to later
                raise _damaged(path, str(e)) from e
            raise StoreError(
                f"{path} cannot be opened for writing ({e}): check that the file and its folder may be written."
            ) from e
        except sqlite3.Error as e:
            conn.close()
            raise StoreError(
                f"{path} cannot be opened for writing ({e}): check that the file and its folder may be written."
            ) from e
        except BaseException:
            conn.close()
            raise
        return cls(path, db)

    # -- plumbing ------------------------------------------------------------

    @property
    def db(self) -> Database:
        """The open sqlite-utils database (``StoreError`` once closed)."""
        if self._db is None:
            raise StoreError(f"The database {self.path} has been closed.")
        return self._db

    def _rows(self, sql: str, params: list[Any] | None = None) -> list[dict[str, Any]]:
        try:
            return list(self.db.query(sql, params or []))
        except sqlite3.Error as e:
            raise StoreError(f"Reading {self.path} failed: {e}.") from e

    def _tuples(self, sql: str, params: list[Any] | None = None) -> list[tuple]:
        """Like ``_rows``, each row a tuple of the columns in the order selected."""
        try:
            return self.db.execute(sql, params or []).fetchall()
        except sqlite3.Error as e:
            raise StoreError(f"Reading {self.path} failed: {e}.") from e

    @property
    def schema_version(self) -> int:
        """The schema version recorded in the file."""
        return schema.read_version(self.db)

    def full_check(self) -> list[str]:
        """``PRAGMA integrity_check`` on this store's connection: every table and index,
        page by page (the check at open is ``quick_check``, which does not compare indexes
        with their tables). The app runs ``full_check_file`` instead, on a thread and a
        connection of its own after the first screen (issue 14: a 1.2 GB database takes
        over a second). The problems found, [] if none."""
        try:
            rows = [str(r[0]) for r in self.db.execute("PRAGMA integrity_check(20)")]
        except sqlite3.DatabaseError as e:
            return [str(e)]
        return [] if rows == ["ok"] else rows

    def meta_value(self, key: str) -> str | None:
        rows = self._rows(f"SELECT value FROM {schema.META} WHERE key = ?", [key])
        return rows[0]["value"] if rows else None

    def exam_signing_key(self) -> bytes:
        """The Ed25519 key (its 32-byte seed) this database signs its exam files with,
        made the first time it is needed and kept in ``meta`` (never exported)."""
        try:
            with self.db.atomic() as db:
                row = db.execute(f"SELECT value FROM {schema.META} WHERE key = ?", [EXAM_KEY]).fetchone()
                if row:
                    return bytes.fromhex(row[0])
                key = new_signing_key()
                db.execute(f"INSERT INTO {schema.META} (key, value) VALUES (?, ?)", [EXAM_KEY, key.hex()])
                return key
        except sqlite3.Error as e:
            raise StoreError(f"Saving the exam signing key to {self.path} failed: {e}.") from e

    def close(self) -> None:
        """Close the database; further calls raise ``StoreError``. Closing twice is harmless."""
        if self._db is not None:
            self._db.close()
            self._db = None

    def __enter__(self) -> Store:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    # -- trainees ------------------------------------------------------------

    def trainees(self) -> list[Trainee]:
        """All trainees, ordered by name regardless of case."""
        rows = self._rows("SELECT id, name, created_at FROM trainees ORDER BY name COLLATE NOCASE, id")
        return [Trainee(**r) for r in rows]

    def add_trainee(self, name: str) -> Trainee:
        """Add a trainee. The name is cleaned (``trainer.core.names``: NFC, stripped, runs of
        spaces made single); blank, over-long and duplicate names (compared folded: letter
        case, spaces and composed or decomposed accents aside) and names with invisible or
        control characters are refused with ``StoreError``."""
        try:
            name = names.clean(name, "a trainee's name")
        except names.InvalidName as e:
            raise StoreError(str(e)) from None
        if not name:
            raise StoreError("Enter a name for the trainee.")
        if len(name) > NAME_MAX:
            raise StoreError(f"A trainee's name can have at most {NAME_MAX} characters; this one has {len(name)}.")
        db = self.db
        try:
            with db.atomic():
                for (existing,) in db.execute("SELECT name FROM trainees"):
                    if names.same(existing, name):
                        raise StoreError(f"There is already a trainee named {existing!r}.")
                created_at = utc_now()
                trainee_id = db["trainees"].insert({"name": name, "created_at": created_at}).last_pk
        except sqlite3.IntegrityError as e:
            raise StoreError(f"There is already a trainee named {name!r}.") from e
        except sqlite3.Error as e:
            raise StoreError(f"Saving the trainee to {self.path} failed: {e}.") from e
        return Trainee(int(trainee_id), name, created_at)

    def trainee(self, trainee_id: int) -> Trainee:
        """The trainee with this id; ``StoreError`` if there is none."""
        rows = self._rows("SELECT id, name, created_at FROM trainees WHERE id = ?", [trainee_id])
        if not rows:
            raise StoreError(f"There is no trainee with id {trainee_id}.")
        return Trainee(**rows[0])

    # -- sessions and answers ------------------------------------------------

    def start_session(self, trainee_id: int, game_id: str, *, seed: int, question_count: int,
                      mode: str = "practice", source: str = "game", exam_id: str | None = None) -> str:
        """Record the start of a session; return its id (uuid4 hex).

        ``mode`` is how it is run (practice, learn, speed, exam), ``source`` where its
        questions come from (game, daily, mistakes, exam); ``game_id`` is ``MIXED_GAMES``
        for a session drawing on several games. An exam session names its ``exam_id``."""
        self.trainee(trainee_id)
        if source not in SESSION_SOURCES:
            raise StoreError(f"Unknown session source {source!r}; the sources are: {', '.join(SESSION_SOURCES)}.")
        if exam_id is not None and not self._rows("SELECT 1 FROM exams WHERE id = ?", [exam_id]):
            raise StoreError(f"There is no exam with id {exam_id} in {self.path}.")
        session_id = uuid.uuid4().hex
        self._write("Saving the session", "sessions", {
            "id": session_id,
            "trainee_id": trainee_id,
            "game_id": game_id,
            "mode": mode,
            "seed": int(seed),
            "question_count": int(question_count),
            "started_at": utc_now(),
            "ended_at": None,
            "source": source,
            "exam_id": exam_id,
        })
        return session_id

    def record_answer(self, session_id: str, trainee_id: int, result: Any) -> str:
        """Append one answer (a ``trainer.contracts.question.AnswerResult``) to the log,
        committed before returning; return the new answer's id (uuid4 hex).

        ``StoreError`` if the session is unknown, belongs to another trainee or has ended."""
        session = self._session(session_id)
        if session["trainee_id"] != trainee_id:
            raise StoreError(f"Session {session_id} belongs to another trainee.")
        if session["ended_at"] is not None:
            raise StoreError(f"Session {session_id} has ended; its answers can no longer change.")
        q = result.question
        answer_id = uuid.uuid4().hex
        self._write("Saving the answer", "answers", {
            "id": answer_id,
            "session_id": session_id,
            "trainee_id": trainee_id,
            "game_id": q.game_id,
            "skill": q.skill,
            "kind": q.kind,
            "seed": int(q.seed),
            "prompt": q.prompt,
            "form": q.form,
            "fields": json.dumps(list(q.fields)),
            "given": result.given,
            "correct_answer": q.answer,
            "is_correct": 1 if result.correct else 0,
            "response_ms": int(result.response_ms),
            "answered_at": utc_now(),
            "citations": json.dumps(list(q.citations)),
            "explanation": q.explanation,
            "target_ms": question_target_ms(q),
        })
        return answer_id

    def end_session(self, session_id: str) -> None:
        """Mark the session ended now. Ending an ended session keeps its first end time."""
        self._session(session_id)
        try:
            with self.db.atomic() as db:
                db.execute("UPDATE sessions SET ended_at = ? WHERE id = ? AND ended_at IS NULL",
                           [utc_now(), session_id])
        except sqlite3.Error as e:
            raise StoreError(f"Saving the end of the session to {self.path} failed: {e}.") from e

    def _session(self, session_id: str) -> dict[str, Any]:
        rows = self._rows("SELECT * FROM sessions WHERE id = ?", [session_id])
        if not rows:
            raise StoreError(f"There is no session with id {session_id}.")
        return rows[0]

    def _write(self, what: str, table: str, record: dict[str, Any]) -> None:
        try:
            with self.db.atomic() as db:
                db[table].insert(record)
        except sqlite3.Error as e:
            raise StoreError(f"{what} to {self.path} failed: {e}.") from e

    def sessions(self, trainee_id: int) -> list[SessionRow]:
        """The trainee's sessions, newest first, with answered/correct counted from the log:
        question answers only; table mode's rounds (and clean ones) counted by themselves."""
        rows = self._rows(
            f"""
            SELECT s.id, s.trainee_id, s.game_id, s.mode, s.seed, s.question_count,
                   s.started_at, s.ended_at,
                   COUNT(a.id) AS answered, COALESCE(SUM(a.is_correct), 0) AS correct,
                   COALESCE(s.source, 'game') AS source, s.exam_id,
                   (SELECT COUNT(*) FROM table_rounds AS r WHERE r.session_id = s.id) AS rounds,
                   (SELECT COUNT(*) FROM table_rounds AS r WHERE r.session_id = s.id AND r.completed = 1
                      AND r.procedure_errors + r.payout_errors + r.missed_calls + r.false_calls = 0) AS clean_rounds
            FROM sessions AS s LEFT JOIN answers AS a ON a.session_id = s.id AND {question_skill_sql('a.skill')}
            WHERE s.trainee_id = ?
            GROUP BY s.id
            ORDER BY s.started_at DESC, s.rowid DESC
            """,
            [trainee_id],
        )
        return [SessionRow(**r) for r in rows]

    def answers(self, trainee_id: int, *, game_id: str | None = None,
                session_id: str | None = None) -> list[AnswerRecord]:
        """The trainee's answers, newest first, optionally for one game and/or one session."""
        sql = f"SELECT {', '.join(ANSWER_COLUMNS)} FROM answers WHERE trainee_id = ?"
        params: list[Any] = [trainee_id]
        if game_id is not None:
            sql += " AND game_id = ?"
            params.append(game_id)
        if session_id is not None:
            sql += " AND session_id = ?"
            params.append(session_id)
        sql += " ORDER BY answered_at DESC, rowid DESC"
        return [_answer(r) for r in self._rows(sql, params)]

    def progress(self, trainee_id: int) -> list[SkillProgress]:
        """One entry per (game, skill) the trainee has answered, ordered by game then skill.
        ``mean_ms`` is the whole-millisecond mean (floor), as in ``SessionSummary``.

        Question skills count their answers; a table mode skill is judged by its rounds,
        so its entry has no answers (0) and carries the rounds' figures in ``table``
        (``mean_ms``: the mean round time; ``last_answered_at``: the last round)."""
        rows = self._rows(
            f"""
            SELECT game_id, skill,
                   COUNT(*) AS answered,
                   SUM(is_correct) AS correct,
                   SUM(response_ms) / COUNT(*) AS mean_ms,
                   MAX(answered_at) AS last_answered_at
            FROM answers
            WHERE trainee_id = ? AND {question_skill_sql()}
            GROUP BY game_id, skill
            ORDER BY game_id, skill
            """,
            [trainee_id],
        )
        out = [SkillProgress(**r) for r in rows]
        out += [SkillProgress(x.game_id, x.skill, 0, 0, x.mean_round_ms, x.last_at, x)
                for x in self.table_figures(AnswerFilter(trainee_id=trainee_id))]
        out.sort(key=lambda p: (p.game_id, p.skill))
        return out
