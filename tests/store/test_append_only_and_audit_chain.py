"""Who may do what, in the database (issue 14): answers, table rounds and the audit log are
append-only even against INSERT OR REPLACE; the audit log is chained by SHA-256 so that a
rewritten, inserted or removed entry is found; an existing database gets its chain at
migration; a new database file is readable by its owner only."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import stat
import sys
from pathlib import Path

import pytest

from trainer.store import Store
from trainer.store import schema
from trainer.review.accounts import create_supervisor

PASSWORD = "correct horse battery"


@pytest.fixture
def store(tmp_path: Path):
    with Store.open(tmp_path / "t.sqlite3") as s:
        yield s


class _Q:
    """Just enough of a question for ``record_answer``."""

    game_id, skill, kind, seed, prompt, form = "two-card-joker", "hand-ranking", "rank", 7, "Which?", "choice"
    fields, answer, citations, explanation = (), "A", ("Two Card Joker Poker §3",), "Because."


class _R:
    question, given, correct, response_ms, target_ms = _Q(), "B", False, 1200, 8000


def an_answer(store: Store) -> tuple[str, int]:
    t = store.add_trainee("Hana")
    session = store.start_session(t.id, "two-card-joker", seed=1, question_count=1)
    return store.record_answer(session, t.id, _R()), t.id


def test_insert_or_replace_cannot_rewrite_an_answer(store: Store) -> None:
    answer_id, _ = an_answer(store)
    row = next(store.db.query("SELECT * FROM answers WHERE id = ?", [answer_id]))
    forged = {**row, "is_correct": 1, "given": "A"}
    cols = ", ".join(forged)
    marks = ", ".join("?" for _ in forged)
    with sqlite3.connect(store.path) as other:  # another program, recursive triggers off
        other.execute(f"INSERT OR REPLACE INTO answers ({cols}) VALUES ({marks})", list(forged.values()))
    after = next(store.db.query("SELECT is_correct, given FROM answers WHERE id = ?", [answer_id]))
    assert after == {"is_correct": 0, "given": "B"}
    assert store.db.execute("SELECT COUNT(*) FROM answers").fetchone()[0] == 1


def test_insert_or_replace_cannot_rewrite_a_table_round(store: Store) -> None:
    _, trainee_id = an_answer(store)
    session = store.db.execute("SELECT id FROM sessions").fetchone()[0]
    cols = [c.name for c in store.db["table_rounds"].columns]
    row = {c: 0 for c in cols}
    row.update(id="r1", session_id=session, trainee_id=trainee_id, station_id="s", recorded_at="2026-01-01",
               game_id="two-card-joker", mode="deal", level="learn", options="{}", action_ms="[]", mistakes="[]",
               procedure_errors=3)
    store.db["table_rounds"].insert(row)
    with sqlite3.connect(store.path) as other:
        other.execute(f"INSERT OR REPLACE INTO table_rounds ({', '.join(row)}) VALUES "
                      f"({', '.join('?' for _ in row)})", list({**row, "procedure_errors": 0}.values()))
    assert store.db.execute("SELECT procedure_errors FROM table_rounds WHERE id = 'r1'").fetchone()[0] == 3


def test_the_audit_log_cannot_be_replaced_and_every_entry_is_chained(store: Store) -> None:
    lee = create_supervisor(store, "Ms Lee", PASSWORD)
    store.add_class("Evening", by=lee)
    store.set_threshold("two-card-joker", 85, by=lee)
    rows = list(store.db.query("SELECT * FROM audit_log ORDER BY id"))
    assert [r["action"] for r in rows] == ["supervisor.create", "class.create", "threshold.set"]
    # the chain, recomputed here from its definition (not with the code under test)
    prev = "0" * 64
    for r in rows:
        canonical = json.dumps([r["id"], r["at"], r["supervisor_id"], r["supervisor_name"], r["action"],
                                r["target"], r["detail"]], ensure_ascii=False, separators=(",", ":"))
        expected = hashlib.sha256(canonical.encode() + b"\n" + prev.encode()).hexdigest()
        assert (r["prev_hash"], r["entry_hash"]) == (prev, expected)
        prev = expected
    first = rows[0]
    with sqlite3.connect(store.path) as other, pytest.raises(sqlite3.IntegrityError, match="cannot be changed"):
        other.execute("INSERT OR REPLACE INTO audit_log (id, at, supervisor_id, supervisor_name, action, target, "
                      "detail, prev_hash, entry_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                      [first["id"], first["at"], first["supervisor_id"], "Mallory", "supervisor.create", "Mallory",
                       "{}", first["prev_hash"], first["entry_hash"]])
    with sqlite3.connect(store.path) as other, pytest.raises(sqlite3.IntegrityError, match="chained"):
        other.execute("INSERT INTO audit_log (at, supervisor_name, action, target, detail) "
                      "VALUES ('x', 'Mallory', 'a', 'b', '{}')")
    check = store.check_audit_chain()
    assert check.ok and check.entries == 3


def _tamper(path: Path, sql: str, params=()) -> None:
    """What someone with the file and the sqlite3 shell can do: drop the triggers, edit."""
    with sqlite3.connect(path) as db:
        db.execute("DROP TRIGGER audit_log_no_update")
        db.execute("DROP TRIGGER audit_log_no_delete")
        db.execute(sql, params)


def three_entries(tmp_path: Path) -> Path:
    path = tmp_path / "audit.sqlite3"
    with Store.open(path) as s:
        lee = create_supervisor(s, "Ms Lee", PASSWORD)
        s.add_class("Evening", by=lee)
        s.set_threshold("two-card-joker", 85, by=lee)
    return path


@pytest.mark.parametrize("sql,bad_id,reason", [
    ("UPDATE audit_log SET detail = '{\"from\": null, \"to\": 50}' WHERE id = 3", 3, "changed"),
    ("UPDATE audit_log SET supervisor_name = 'Mr Roe' WHERE id = 2", 2, "changed"),
    ("DELETE FROM audit_log WHERE id = 2", 3, "not linked"),
])
def test_a_rewritten_or_removed_entry_breaks_the_chain_at_that_entry(tmp_path, sql, bad_id, reason) -> None:
    path = three_entries(tmp_path)
    _tamper(path, sql)
    with Store.open(path) as s:
        check = s.check_audit_chain()
    assert not check.ok and check.first_bad_id == bad_id and reason in check.reason
    assert f"entry {bad_id} " in check.describe() and "tampered" in check.describe()


def test_a_rehashed_entry_still_breaks_the_link_of_the_next_one(tmp_path) -> None:
    """Rewriting an entry and recomputing its own hash is not enough: the next entry
    carries the old hash."""
    path = three_entries(tmp_path)
    with sqlite3.connect(path) as db:
        row = db.execute("SELECT id, at, supervisor_id, supervisor_name, action, target, detail, prev_hash "
                         "FROM audit_log WHERE id = 2").fetchone()
    entry = dict(zip(("id", "at", "supervisor_id", "supervisor_name", "action", "target", "detail"), row[:7]))
    entry["target"] = "Morning"
    new_hash = schema.audit_entry_hash(entry, row[7])
    _tamper(path, "UPDATE audit_log SET target = 'Morning', entry_hash = ? WHERE id = 2", [new_hash])
    with Store.open(path) as s:
        check = s.check_audit_chain()
    assert not check.ok and check.first_bad_id == 3 and "not linked" in check.reason


def test_migration_chains_the_entries_already_there(tmp_path) -> None:
    """A version-3 database with audit entries: migrating keeps every row and chains them."""
    path = tmp_path / "old.sqlite3"
    from sqlite_utils import Database

    db = Database(sqlite3.connect(path))
    schema.migrate(db, schema.MIGRATIONS[:3])
    db["supervisors"].insert({"id": 1, "name": "Ms Lee", "kdf": "scrypt", "salt": "00" * 16,
                              "password_hash": "11" * 32, "kdf_n": 2**14, "kdf_r": 8, "kdf_p": 1, "dklen": 32,
                              "created_at": "2026-01-01T00:00:00.000Z",
                              "password_changed_at": "2026-01-01T00:00:00.000Z"})
    for i, action in enumerate(["supervisor.create", "class.create", "export"], 1):
        db["audit_log"].insert({"at": f"2026-01-0{i}T00:00:00.000Z", "supervisor_id": 1,
                                "supervisor_name": "Ms Lee", "action": action, "target": f"t{i}",
                                "detail": "{}"})
    db.conn.commit()
    db.conn.close()
    with Store.open(path) as s:
        assert s.schema_version >= 4
        rows = list(s.db.query("SELECT id, action, target, prev_hash, entry_hash FROM audit_log ORDER BY id"))
        assert [(r["id"], r["action"], r["target"]) for r in rows] == [
            (1, "supervisor.create", "t1"), (2, "class.create", "t2"), (3, "export", "t3")]
        assert rows[0]["prev_hash"] == "0" * 64 and rows[1]["prev_hash"] == rows[0]["entry_hash"]
        assert s.check_audit_chain().ok
        lee = s.supervisors()[0]
        s.record_audit(lee, "export", "t4")  # a new entry continues the chain
        assert s.check_audit_chain().ok and s.check_audit_chain().entries == 4


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX file modes (Windows: the folder's permissions)")
def test_a_new_database_file_is_readable_by_its_owner_only(tmp_path) -> None:
    old = os.umask(0o022)
    try:
        path = tmp_path / "new.sqlite3"
        with Store.open(path) as s:
            s.add_trainee("Hana")
            modes = {p.name: stat.S_IMODE(p.stat().st_mode) for p in tmp_path.iterdir()}
    finally:
        os.umask(old)
    assert modes["new.sqlite3"] == 0o600
    for name, mode in modes.items():
        assert mode & 0o077 == 0, (name, oct(mode))  # the -wal and -shm files too
