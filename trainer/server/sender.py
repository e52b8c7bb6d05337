"""The station's background sender (issue 19): every answer is committed to the station's
own SQLite file first, as without a server; a thread then sends to the server what it
does not have yet. No Qt here: the window asks ``Sender.status`` what waits to be sent.

Idempotent by the ids: sessions, answers and table rounds keep the station's uuids on
the server, and every row is sent with ``INSERT ... ON CONFLICT (id) DO NOTHING``, one
transaction per round of sending. What has reached the server is written down only after
the server committed it, in a small file of the sender's own beside the station's
database (``<database>.server-outbox``; the store's own file is only read, never written):
per trainee and table, the last row sent (the store's rows are append-only, so "rowid up
to here" is exact), and the session ends sent. So:

- a killed app, or a server that stops mid-send, loses nothing: what the server did not
  commit is sent again at the next round, and the rows it did commit but the outbox did
  not record yet are sent again and skipped by the server (``DO NOTHING``): no duplicate;
- a dropped network is a failed round; the next ones try again, waiting a little longer
  each time (up to ``MAX_BACKOFF_S``), and send everything waiting when it is back.

Only the trainees signed in at this station with their PIN (``server.station.sign_in``)
have their rows sent (the server refuses the others' anyway); rows of trainees who never
signed in here are counted as ``held`` and wait until they do. A session of an exam the
server does not know (a file exam made on this station) is sent without its exam. A table
round is sent with its number at its table and the trainee's attempts (the server's schema
version 5), so that the checker replays it exactly.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import psycopg

from trainer.server import schema
from trainer.server.connection import connect, one_line

BATCH = 1000  # rows of one table in one round
MAX_BACKOFF_S = 30.0
SUFFIX = ".server-outbox"

# (outbox kind, the store's table, the columns sent, the server's table)
_TABLES = (
    ("session", "sessions", schema.SESSION_COLUMNS, "sessions"),
    ("answer", "answers", schema.ANSWER_COLUMNS, "answers"),
    ("round", "table_rounds", schema.SENT_ROUND_COLUMNS, "table_rounds"),  # with what replays it exactly
)


@dataclass(frozen=True)
class SendStatus:
    """What the status bar shows."""

    pending: int = 0  # rows of this station's signed-in trainees not yet on the server
    held: int = 0  # rows of trainees not signed in at this station (sent once they do)
    sent: int = 0  # rows sent since the sender started
    connected: bool = False
    error: str | None = None  # the last round's failure, if it failed
    last_sent_at: float | None = None  # time.time() of the last round that sent something

    def text(self) -> str:
        if self.pending == 0 and self.error is None:
            return "All results sent to the server"
        waiting = f"{self.pending:,} result{'s' if self.pending != 1 else ''} waiting to be sent"
        return f"{waiting} (server unreachable: retrying)" if self.error else waiting


class Outbox:
    """The sender's record of what reached the server, in its own SQLite file, with the
    station's database attached read-only."""

    def __init__(self, database: str | Path) -> None:
        self.database = Path(database)
        self.path = Path(str(self.database) + SUFFIX)
        self.conn = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self.conn.execute("PRAGMA journal_mode = WAL")
        self.conn.execute("PRAGMA synchronous = FULL")
        self.conn.execute("CREATE TABLE IF NOT EXISTS marks (kind TEXT NOT NULL, trainee_id INTEGER NOT NULL, "
                          "last_rowid INTEGER NOT NULL, PRIMARY KEY (kind, trainee_id)) WITHOUT ROWID")
        self.conn.execute("CREATE TABLE IF NOT EXISTS ends_sent (session_id TEXT PRIMARY KEY) WITHOUT ROWID")
        uri = self.database.resolve().as_uri() + "?mode=ro"
        self.conn.execute("ATTACH DATABASE ? AS st", [uri])

    def close(self) -> None:
        self.conn.close()

    def local_trainees(self) -> dict[str, int]:
        """The station's trainees: local id by name (lower case)."""
        return {name.lower(): tid for tid, name in self.conn.execute("SELECT id, name FROM st.trainees")}

    def mark(self, kind: str, trainee_id: int) -> int:
        row = self.conn.execute("SELECT last_rowid FROM marks WHERE kind = ? AND trainee_id = ?",
                                [kind, trainee_id]).fetchone()
        return row[0] if row else 0

    def unsent(self, kind: str, table: str, columns: tuple[str, ...], trainee_id: int,
               limit: int) -> list[dict[str, Any]]:
        mark = self.mark(kind, trainee_id)
        cur = self.conn.execute(f"SELECT rowid AS _rowid, {', '.join(columns)} FROM st.{table} "
                                "WHERE trainee_id = ? AND rowid > ? ORDER BY rowid LIMIT ?", [trainee_id, mark, limit])
        names = [d[0] for d in cur.description]
        return [dict(zip(names, row)) for row in cur.fetchall()]

    def unsent_ends(self, trainee_id: int, limit: int) -> list[dict[str, Any]]:
        cur = self.conn.execute("SELECT id, ended_at FROM st.sessions s WHERE trainee_id = ? AND ended_at IS NOT NULL "
                                "AND NOT EXISTS (SELECT 1 FROM ends_sent e WHERE e.session_id = s.id) LIMIT ?",
                                [trainee_id, limit])
        return [{"id": i, "ended_at": e} for i, e in cur.fetchall()]

    def record(self, marks: dict[tuple[str, int], int], ends: list[str]) -> None:
        """Write down, in one transaction, what the server has committed."""
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            self.conn.executemany("INSERT INTO marks VALUES (?, ?, ?) ON CONFLICT (kind, trainee_id) DO UPDATE "
                                  "SET last_rowid = max(last_rowid, excluded.last_rowid)",
                                  [(k, t, r) for (k, t), r in marks.items()])
            self.conn.executemany("INSERT OR IGNORE INTO ends_sent VALUES (?)", [(i,) for i in ends])
            self.conn.execute("COMMIT")
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise

    def counts(self, own: set[int]) -> tuple[int, int]:
        """(pending, held): rows not yet sent of the trainees signed in here, and of the others."""
        pending = held = 0
        for tid, in self.conn.execute("SELECT id FROM st.trainees").fetchall():
            n = 0
            for kind, table, _columns, _server in _TABLES:
                n += self.conn.execute(f"SELECT count(*) FROM st.{table} WHERE trainee_id = ? AND rowid > ?",
                                       [tid, self.mark(kind, tid)]).fetchone()[0]
            n += len(self.unsent_ends(tid, 1_000_000))
            if tid in own:
                pending += n
            else:
                held += n
        return pending, held


def _server_row(row: dict[str, Any], columns: tuple[str, ...], trainee_id: int,
                exams: set[str]) -> list[Any]:
    values = {**row, "trainee_id": trainee_id}
    if "exam_id" in values and values["exam_id"] is not None and values["exam_id"] not in exams:
        values["exam_id"] = None  # an exam the server does not know: its answers are checked as practice
    if "source" in values and values["source"] is None:
        values["source"] = "game"
    return [values[c] for c in columns]


class Sender:
    """Sends a station's results to the server in a background thread (``start``), or
    one round at a time (``send_once``)."""

    def __init__(self, database: str | Path, url: str, *, interval_s: float = 2.0, batch: int = BATCH) -> None:
        self.database = Path(database)
        self.url = url
        self.interval_s = interval_s
        self.batch = batch
        self._status = SendStatus()
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._conn: psycopg.Connection | None = None
        self._outbox: Outbox | None = None

    # -- status ------------------------------------------------------------------------
    @property
    def status(self) -> SendStatus:
        with self._lock:
            return self._status

    def _set(self, **changes: Any) -> None:
        with self._lock:
            self._status = replace(self._status, **changes)

    # -- one round ---------------------------------------------------------------------
    def _connection(self) -> psycopg.Connection:
        if self._conn is None or self._conn.closed or self._conn.broken:
            self._conn = connect(self.url, autocommit=True)
        return self._conn

    def _drop_connection(self) -> None:
        if self._conn is not None:
            try:
                self._conn.close()
            except psycopg.Error:
                pass
        self._conn = None

    def send_once(self) -> int:
        """Send what waits (every table, in batches, until nothing is left); return the
        rows sent. Raises what the server or the network raised (the thread catches it)."""
        if self._outbox is None:
            self._outbox = Outbox(self.database)
        outbox = self._outbox
        conn = self._connection()
        sent = 0
        while True:
            from trainer.server.station import own_trainees

            server_ids = own_trainees(conn)
            local = outbox.local_trainees()
            mapping = {local[name]: sid for name, sid in server_ids.items() if name in local}
            exams = {e for (e,) in conn.execute("SELECT id FROM dealer.exams")}
            marks: dict[tuple[str, int], int] = {}
            ends: list[str] = []
            more = False
            with conn.transaction(), conn.cursor() as cur:
                for local_id, server_id in mapping.items():
                    for kind, table, columns, server_table in _TABLES:
                        rows = outbox.unsent(kind, table, columns, local_id, self.batch)
                        if not rows:
                            continue
                        cur.executemany(
                            f"INSERT INTO dealer.{server_table} ({', '.join(columns)}) "
                            f"VALUES ({', '.join(['%s'] * len(columns))}) ON CONFLICT (id) DO NOTHING",
                            [_server_row(r, columns, server_id, exams) for r in rows])
                        marks[(kind, local_id)] = rows[-1]["_rowid"]
                        sent += len(rows)
                        if len(rows) == self.batch:
                            more = True
                            if kind == "session":
                                break  # the answers of sessions not sent yet wait for the next batch
                    if not more:
                        unsent_ends = outbox.unsent_ends(local_id, self.batch)
                        for end in unsent_ends:
                            cur.execute("INSERT INTO dealer.session_ends (session_id, trainee_id, ended_at) "
                                        "VALUES (%s, %s, %s) ON CONFLICT (session_id) DO NOTHING",
                                        [end["id"], server_id, end["ended_at"]])
                            ends.append(end["id"])
                            sent += 1
                        more = more or len(unsent_ends) == self.batch
            outbox.record(marks, ends)  # only after the server committed
            if not more:
                break
        pending, held = outbox.counts(set(mapping))
        self._set(pending=pending, held=held, sent=self._status.sent + sent, connected=True, error=None,
                  last_sent_at=time.time() if sent else self._status.last_sent_at)
        return sent

    def refresh_counts(self) -> None:
        """Count what waits without the server (the trainees known signed in are kept)."""
        if self._outbox is None:
            self._outbox = Outbox(self.database)
        try:
            own = set()
            if self._conn is not None and not self._conn.closed and not self._conn.broken:
                from trainer.server.station import own_trainees

                local = self._outbox.local_trainees()
                own = {local[n] for n in own_trainees(self._conn) if n in local}
            pending, held = self._outbox.counts(own)
        except (sqlite3.Error, psycopg.Error):
            return
        self._set(pending=pending if own else pending + held, held=held if own else 0)

    # -- the thread --------------------------------------------------------------------
    def start(self) -> None:
        if self._thread is not None:
            return
        self._thread = threading.Thread(target=self._run, name="dealer-trainer-sender", daemon=True)
        self._thread.start()

    def wake(self) -> None:
        """Send now (an answer was just recorded)."""
        self._wake.set()

    def stop(self, timeout: float = 5.0) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None
        self._drop_connection()
        if self._outbox is not None:
            self._outbox.close()
            self._outbox = None

    def _run(self) -> None:
        wait = self.interval_s
        while not self._stop.is_set():
            try:
                self.send_once()
                wait = self.interval_s
            except (psycopg.Error, OSError, RuntimeError) as e:
                self._drop_connection()
                self._set(connected=False, error=one_line(e))
                self.refresh_counts()
                wait = min(MAX_BACKOFF_S, max(self.interval_s, wait * 2))
            except sqlite3.Error as e:
                self._set(error=f"the station's database cannot be read: {one_line(e)}")
                wait = min(MAX_BACKOFF_S, max(self.interval_s, wait * 2))
            self._wake.wait(wait)
            self._wake.clear()
