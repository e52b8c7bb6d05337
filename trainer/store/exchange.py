"""Moving results between stations (a mixin of ``Store``).

Each classroom station keeps its own database. ``results_header``,
``iter_results_answers`` and ``iter_results_table_rounds`` (of ``table_rounds``) read
everything a station has (trainees, classes, exams, sessions, answers, table mode's
rounds); ``import_results`` adds such results to this database:

- trainees are matched by name, ignoring letter case and runs of spaces (a name is
  unique on every station, and it is the name the trainee picks on each one); a name
  not known here is added;
- classes are matched by name the same way;
- sessions, answers and table rounds keep the ids they were given when made (uuid4),
  so an import adds only what is not here yet: importing the same file twice, or a file
  and the database it came from, adds nothing the second time;
- a table round keeps what replays it (its ``round_no`` and ``attempts``, schema version
  6); a round of an older file, which has neither, gets 0 and '' (not known);
- exams are never added from a file: the exams of this database are the authority
  (``trainer.review.importer`` refuses an attempt at an exam not made here).

One file is imported in one transaction: all of it or, on any problem, none of it.
"""

from __future__ import annotations

import json
import sqlite3
import uuid
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from trainer.core import names
from trainer.store import schema
from trainer.store.records import StoreError, utc_now

SESSION_COLUMNS = ("id", "trainee_id", "game_id", "mode", "seed", "question_count", "started_at", "ended_at",
                   "source", "exam_id")
ANSWER_EXPORT_COLUMNS = ("id", "session_id", "trainee_id", "game_id", "skill", "kind", "seed", "prompt", "form",
                         "fields", "given", "correct_answer", "is_correct", "response_ms", "answered_at",
                         "citations", "explanation", "target_ms")
EXAM_COLUMNS = ("id", "title", "definition", "fingerprint", "created_at", "created_by", "saved_at")

Progress = Callable[[int, int], None]  # (answers done, answers in all)


def import_rows(db, table: str, columns, chunks, trainee_map: dict[int, int], what: str, *,
                defaults: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
                progress: Callable[[int], None] | None = None) -> tuple[int, int]:
    """Insert the rows of a results file (``chunks`` of dicts) that are not here yet into
    ``table``, with this database's trainee ids (and ``defaults(row)`` for missing values):
    (added, seen). Counted by the statements' own changes, not those of the summaries'
    trigger; ``progress(seen)`` after each chunk."""
    sql = f"INSERT OR IGNORE INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' for _ in columns)})"
    added = seen = 0
    for chunk in chunks:
        rows = []
        for r in chunk:
            tid = int(r["trainee_id"])
            if tid not in trainee_map:
                raise StoreError(f"{what} {r['id']} names trainee {tid}, who is not in the file")
            values = {**r, **(defaults(r) if defaults else {}), "trainee_id": trainee_map[tid]}
            rows.append([values[c] for c in columns])
        added += db.conn.executemany(sql, rows).rowcount
        seen += len(rows)
        if progress is not None:
            progress(seen)
    return added, seen


@dataclass(frozen=True)
class ImportSummary:
    source: str
    station_id: str | None
    trainees_added: int
    sessions_added: int
    answers_added: int
    answers_skipped: int
    exams_added: int
    new_trainees: tuple[str, ...] = ()
    table_rounds_added: int = 0
    table_rounds_skipped: int = 0

    @property
    def answers_seen(self) -> int:
        return self.answers_added + self.answers_skipped


def normal_name(name: str) -> str:
    return names.fold(str(name))  # NFC, case and spaces folded, invisible characters aside (issue 14)


class ExchangeQueries:
    """Mixed into ``Store``: uses its ``db``, ``path``, ``_rows``, ``_audit`` and the table rounds'
    ``table_round_count`` and ``_import_table_rounds``."""

    @property
    def station_id(self) -> str:
        rows = self._rows(f"SELECT value FROM {schema.META} WHERE key = ?", [schema.STATION_KEY])
        return rows[0]["value"] if rows else ""

    # -- reading a station's results ---------------------------------------------------
    def results_header(self) -> dict[str, Any]:
        """Everything but the answers: trainees, classes (with their members), exams, sessions,
        and how many answers there are."""
        return {
            "station_id": self.station_id,
            "schema_version": self.schema_version,
            "trainees": self._rows("SELECT id, name, created_at FROM trainees ORDER BY id"),
            "classes": [{"name": c["name"], "created_at": c["created_at"],
                         "members": [int(m) for m in json.loads(c["members"] or "[]") if m is not None]}
                        for c in self._rows("SELECT c.name, c.created_at, json_group_array(m.trainee_id) AS members "
                                            "FROM classes AS c LEFT JOIN class_members AS m ON m.class_id = c.id "
                                            "GROUP BY c.id ORDER BY c.id")],
            "exams": self._rows(f"SELECT {', '.join(EXAM_COLUMNS)} FROM exams ORDER BY created_at, id"),
            "sessions": self._rows(f"SELECT {', '.join(SESSION_COLUMNS)} FROM sessions ORDER BY started_at, rowid"),
            "answer_count": int(self._rows("SELECT COUNT(*) AS n FROM answers")[0]["n"]),
            "table_round_count": self.table_round_count(),
        }

    def iter_results_answers(self, batch: int = 5000) -> Iterator[list[dict[str, Any]]]:
        """Every answer as stored (JSON columns left as text), oldest first, in batches."""
        last = 0
        cols = ", ".join(ANSWER_EXPORT_COLUMNS)
        while True:
            rows = self._rows(f"SELECT rowid AS _rowid, {cols} FROM answers WHERE rowid > ? ORDER BY rowid LIMIT ?",
                              [last, batch])
            if not rows:
                return
            last = rows[-1]["_rowid"]
            yield [{k: v for k, v in r.items() if k != "_rowid"} for r in rows]

    # -- adding results ------------------------------------------------------------------
    def import_results(self, header: dict[str, Any], answers: Iterable[list[dict[str, Any]]], *, by: Any,
                       source: str, progress: Progress | None = None,
                       table_rounds: Iterable[list[dict[str, Any]]] | None = None,
                       flags: list[str] | None = None) -> ImportSummary:
        """Add one station's results (as ``results_header``, ``iter_results_answers`` and
        ``iter_results_table_rounds`` give them, already checked by
        ``trainer.review.importer``) in one transaction; audited. Rows already here are
        skipped. ``flags`` (filled by the importer's checks while the answers are read)
        are the import's warnings, written to the audit entry."""
        from trainer.store.supervision import require_supervisor

        require_supervisor(by)
        total = int(header.get("answer_count") or 0)
        db = self.db
        try:
            with db.atomic():
                # trainees, by name
                ours = {normal_name(r["name"]): int(r["id"]) for r in self._rows("SELECT id, name FROM trainees")}
                trainee_map: dict[int, int] = {}
                new_names = []
                for t in header["trainees"]:
                    key = normal_name(t["name"])
                    if key not in ours:
                        name = " ".join(str(t["name"]).split())
                        ours[key] = int(db["trainees"].insert({"name": name,
                                                               "created_at": t.get("created_at") or utc_now()}).last_pk)
                        new_names.append(name)
                    trainee_map[int(t["id"])] = ours[key]
                # classes and their members
                for c in header.get("classes", []):
                    class_id = self._class_id(" ".join(str(c["name"]).split()), create=True)
                    for member in c.get("members", []):
                        if int(member) in trainee_map:
                            db.execute("INSERT OR IGNORE INTO class_members (class_id, trainee_id, added_at) "
                                       "VALUES (?, ?, ?)", [class_id, trainee_map[int(member)], utc_now()])
                # exams: never taken from a file (issue 14). This database made its exams and
                # is the authority on them; an attempt at an exam it does not have is refused
                # by the importer's checks, so a file's definitions (its counts, time limit and
                # pass mark, or exams no one made here) are not added.
                exams_added = 0
                # sessions
                sessions_added = 0
                for s in header["sessions"]:
                    if int(s["trainee_id"]) not in trainee_map:
                        raise StoreError(f"session {s['id']} names trainee {s['trainee_id']}, who is not in the file")
                    values = {**s, "trainee_id": trainee_map[int(s["trainee_id"])],
                              "source": s.get("source") or "game", "exam_id": s.get("exam_id")}
                    cur = db.execute(f"INSERT OR IGNORE INTO sessions ({', '.join(SESSION_COLUMNS)}) "
                                     f"VALUES ({', '.join('?' for _ in SESSION_COLUMNS)})",
                                     [values.get(c) for c in SESSION_COLUMNS])
                    sessions_added += cur.rowcount
                # answers
                added, seen = import_rows(db, "answers", ANSWER_EXPORT_COLUMNS, answers, trainee_map, "answer",
                                          progress=progress and (lambda n: progress(n, max(total, n))))
                # table mode's rounds
                rounds_added, rounds_skipped = self._import_table_rounds(table_rounds or (), trainee_map,
                                                                         header.get("station_id"))
                summary = ImportSummary(source, header.get("station_id"), len(new_names), sessions_added, added,
                                        seen - added, exams_added, tuple(new_names), rounds_added, rounds_skipped)
                db["imports"].insert({
                    "id": uuid.uuid4().hex, "at": utc_now(), "supervisor_name": by.name, "source": source,
                    "station_id": header.get("station_id"), "trainees_added": summary.trainees_added,
                    "sessions_added": sessions_added, "answers_added": added, "answers_skipped": seen - added,
                    "table_rounds_added": rounds_added, "table_rounds_skipped": rounds_skipped,
                })
                self._audit(by, "results.import", source, {
                    "station_id": header.get("station_id"), "trainees_added": list(new_names),
                    "sessions_added": sessions_added, "answers_added": added, "answers_skipped": seen - added,
                    "exams_added": exams_added, "table_rounds_added": rounds_added,
                    "table_rounds_skipped": rounds_skipped, "flags": list(flags or ()),
                })
        except sqlite3.IntegrityError as e:
            raise StoreError(f"{source} could not be imported: its results do not hold together ({e}). "
                             "Nothing was imported from it.") from e
        except sqlite3.Error as e:
            raise StoreError(f"Importing {source} into {self.path} failed: {e}. Nothing was imported from it.") from e
        except StoreError as e:
            raise StoreError(f"{source} could not be imported: {e}. Nothing was imported from it.") from e
        return summary

    def imports(self, limit: int = 200) -> list[dict[str, Any]]:
        return self._rows("SELECT * FROM imports ORDER BY at DESC LIMIT ?", [limit])
