"""Schema version 2: a version-1 database keeps every row; answers and the audit log are
append-only; the new tables."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from sqlite_utils import Database

from trainer.store import CURRENT_VERSION, Store, StoreError, schema
from trainer.contracts.question import Question, amounts_answer, order_answer
from trainer.contracts.question import AnswerResult

GAME = "two-card-joker"


def make_v1(path: Path) -> dict[str, list]:
    """A version-1 database written as version 1 wrote it, with rows in every table."""
    conn = sqlite3.connect(path)
    db = Database(conn)
    schema.migrate(db, schema.MIGRATIONS[:1])
    assert schema.read_version(db) == 1
    with db.atomic():
        db["trainees"].insert_all([{"id": 1, "name": "Ann", "created_at": "2024-05-01T10:00:00.000Z"},
                                   {"id": 2, "name": "Ben", "created_at": "2024-05-02T10:00:00.000Z"}])
        db["sessions"].insert_all([
            {"id": "s1", "trainee_id": 1, "game_id": GAME, "mode": "practice", "seed": 1, "question_count": 3,
             "started_at": "2024-05-03T10:00:00.000Z", "ended_at": "2024-05-03T10:05:00.000Z"},
            {"id": "s2", "trainee_id": 2, "game_id": GAME, "mode": "practice", "seed": 2, "question_count": 3,
             "started_at": "2024-05-04T10:00:00.000Z", "ended_at": None},
        ])
        rows = []
        for n, (form, fields, answer) in enumerate([
            ("choice", [], "Pair"), ("amounts", ["Ante", "Play", "Bonus"], amounts_answer([1, 2, 3])),
            ("order", [], order_answer(["a", "b", "c", "d"])),
        ]):
            rows.append({"id": f"a{n}", "session_id": "s1" if n < 2 else "s2", "trainee_id": 1 if n < 2 else 2,
                         "game_id": GAME, "skill": f"{GAME}.x", "kind": f"{GAME}.k", "seed": n, "prompt": "P",
                         "form": form, "fields": json.dumps(fields), "given": answer, "correct_answer": answer,
                         "is_correct": 1, "response_ms": 1000 + n, "answered_at": f"2024-05-0{3 + n}T10:01:00.000Z",
                         "citations": "[]", "explanation": "E"})
        db["answers"].insert_all(rows)
    before = {t: [tuple(r) for r in conn.execute(f"SELECT * FROM {t} ORDER BY rowid")]
              for t in ("trainees", "sessions", "answers")}
    conn.close()
    return before


def test_a_version_1_database_keeps_every_row(tmp_path: Path) -> None:
    path = tmp_path / "station.sqlite3"
    before = make_v1(path)
    with Store.open(path) as s:
        assert s.schema_version == CURRENT_VERSION
        conn = s.db.conn
        for table, rows in before.items():
            after = [tuple(r)[:len(rows[0])] for r in conn.execute(f"SELECT * FROM {table} ORDER BY rowid")]
            assert after == rows, table
        # the new columns are filled in for the old rows
        assert [r[0] for r in conn.execute("SELECT target_ms FROM answers ORDER BY rowid")] == [8000, 28000, 22000]
        assert {r[0] for r in conn.execute("SELECT source FROM sessions")} == {"game"}
        assert len(s.station_id) == 32
        # and the old API reads them as before
        assert [a.id for a in s.answers(1)] == ["a1", "a0"]
        assert [(r.id, r.answered, r.source) for r in s.sessions(1)] == [("s1", 2, "game")]
        assert {"exams", "supervisors", "audit_log", "classes", "class_members", "certification_thresholds",
                "imports"} <= set(s.db.table_names())


def test_a_failed_version_2_migration_leaves_version_1(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "station.sqlite3"
    before = make_v1(path)

    def broken(db):
        schema._v2_review(db)
        raise RuntimeError("power cut")

    monkeypatch.setattr(schema, "MIGRATIONS", [schema.MIGRATIONS[0], broken])
    with pytest.raises(RuntimeError):
        Store.open(path)
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()[0] == "1"
        assert [r[1] for r in conn.execute("PRAGMA table_info(answers)")][-1] == "explanation"
        assert [tuple(r) for r in conn.execute("SELECT * FROM answers ORDER BY rowid")] == before["answers"]
    finally:
        conn.close()
    monkeypatch.undo()
    with Store.open(path) as s:  # and a working version migrates it later
        assert s.schema_version == CURRENT_VERSION


def test_answers_and_the_audit_log_cannot_be_changed_or_deleted(tmp_path: Path) -> None:
    with Store.open(tmp_path / "db.sqlite3") as s:
        t = s.add_trainee("Ann")
        sid = s.start_session(t.id, GAME, seed=1, question_count=1)
        q = Question(GAME, f"{GAME}.x", f"{GAME}.k", 1, "P", "choice", "Pair", "E", ("r",), options=("Pair", "No"))
        s.record_answer(sid, t.id, AnswerResult(q, "No", False, 100))
        for sql in ("UPDATE answers SET is_correct = 1", "DELETE FROM answers"):
            with pytest.raises(sqlite3.IntegrityError, match="cannot be"):
                s.db.execute(sql)
        s.record_event(None, "y", "z", "t")  # chained (issue 14): a bare INSERT is refused
        for sql in ("UPDATE audit_log SET action = 'nothing'", "DELETE FROM audit_log"):
            with pytest.raises(sqlite3.IntegrityError, match="cannot be changed"):
                s.db.execute(sql)
        [a] = s.answers(t.id)
        assert a.is_correct is False and a.target_ms == 8000


def test_sessions_name_their_source_and_exam(tmp_path: Path) -> None:
    with Store.open(tmp_path / "db.sqlite3") as s:
        t = s.add_trainee("Ann")
        with pytest.raises(StoreError, match="Unknown session source"):
            s.start_session(t.id, GAME, seed=1, question_count=1, source="nowhere")
        with pytest.raises(StoreError, match="no exam"):
            s.start_session(t.id, GAME, seed=1, question_count=1, source="exam", exam_id="nope")
        sid = s.start_session(t.id, "mixed", seed=1, question_count=1, mode="speed", source="daily")
        [row] = s.sessions(t.id)
        assert (row.id, row.game_id, row.mode, row.source, row.exam_id) == (sid, "mixed", "speed", "daily", None)
