"""Schema version 6: a table round keeps its number at the table and the trainee's attempts
(``table_rounds.round_no`` and ``attempts``), so that ``trainer.review.round_check`` replays
it exactly. A version-5 database keeps every row (its rounds get 0 and '': not known) and
stays append-only; a failed migration leaves version 5; a version-5 Dealer Trainer refuses
a version-6 file in one line and leaves it untouched."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from tests.review.table_play import deal_with_mistakes, watch_with_calls
from trainer.review.round_check import check_round
from trainer.store import Store, StoreError, schema
from trainer.store.table_rounds import STORED_COLUMNS, TABLE_ROUND_COLUMNS


def as_version_5(monkeypatch):
    """What a Dealer Trainer of schema version 5 knows."""
    context = monkeypatch.context()
    m = context.__enter__()
    m.setattr(schema, "MIGRATIONS", schema.MIGRATIONS[:5])
    m.setattr(schema, "CURRENT_VERSION", 5)
    return context


def make_v5(path: Path, monkeypatch) -> list[tuple]:
    """A version-5 database as version 5 wrote it, with a trainee, a session and two table
    rounds (a dealt one and a watched one, genuine): its table_rounds rows."""
    dealt, _ = deal_with_mistakes("two-card-joker", 61, round_number=5)
    watched = watch_with_calls("four-card", 62, round_number=2)
    context = as_version_5(monkeypatch)
    try:
        with Store.open(path) as s:
            assert s.schema_version == 5
            t = s.add_trainee("Ana Diaz")
            sid = s.start_session(t.id, "two-card-joker", seed=1, question_count=0, mode="drill")
            for n, play in enumerate((dealt, watched)):
                row = {"id": f"{n:032x}", "session_id": sid, "trainee_id": t.id, "station_id": s.station_id,
                       "recorded_at": f"2030-01-0{n + 1}T10:00:00.000Z", **play.record.as_row()}
                s.db.execute(f"INSERT INTO table_rounds ({', '.join(TABLE_ROUND_COLUMNS)}) "
                             f"VALUES ({', '.join('?' for _ in TABLE_ROUND_COLUMNS)})",
                             [row[c] for c in TABLE_ROUND_COLUMNS])
            s.db.conn.commit()
            rows = [tuple(r) for r in s.db.conn.execute("SELECT * FROM table_rounds ORDER BY rowid")]
    finally:
        context.__exit__(None, None, None)
    return rows


def test_a_version_5_database_keeps_its_rounds_unknown_and_append_only(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "station.sqlite3"
    before = make_v5(path, monkeypatch)
    assert len(before) == 2 and len(before[0]) == len(TABLE_ROUND_COLUMNS)
    with Store.open(path) as s:
        assert s.schema_version == schema.CURRENT_VERSION == 6
        conn = s.db.conn
        info = {r[1]: (r[2], r[3], r[4]) for r in conn.execute("PRAGMA table_info(table_rounds)")}
        assert list(info) == list(STORED_COLUMNS)
        assert (info["round_no"], info["attempts"]) == (("INTEGER", 1, "0"), ("TEXT", 1, "''"))
        # every row as it was, with 0 and '' (not known) after it
        after = [tuple(r) for r in conn.execute("SELECT * FROM table_rounds ORDER BY rowid")]
        assert after == [(*r, 0, "") for r in before]
        # the old rounds are checked as before (no attempts: the partial check), and pass
        exported = [r for batch in s.iter_results_table_rounds() for r in batch]
        assert [(r["round_no"], r["attempts"]) for r in exported] == [(0, ""), (0, "")]
        assert [check_round(r) for r in exported] == [None, None]
        # a round recorded now keeps its number and attempts, and its replay confirms it
        play, _ = deal_with_mistakes("dj-wild", 63, round_number=3)
        sid = s.start_session(1, "dj-wild", seed=1, question_count=0, mode="drill")
        new_id = s.record_table_round(sid, 1, play.record)
        new = next(r for batch in s.iter_results_table_rounds() for r in batch if r["id"] == new_id)
        assert (new["round_no"], json.loads(new["attempts"])) == (3, play.record.attempts)
        assert check_round(new) is None
        # append-only, the old rows and the new alike: no update, no delete, no replace
        for round_id in ("0" * 32, new_id):
            for sql, args in (("UPDATE table_rounds SET attempts = '[]' WHERE id = ?", [round_id]),
                              ("UPDATE table_rounds SET round_no = 1 WHERE id = ?", [round_id]),
                              ("DELETE FROM table_rounds WHERE id = ?", [round_id])):
                with pytest.raises(sqlite3.IntegrityError, match="recorded table rounds cannot be"):
                    conn.execute(sql, args)
            row = dict(zip(STORED_COLUMNS, conn.execute(f"SELECT {', '.join(STORED_COLUMNS)} FROM table_rounds "
                                                        "WHERE id = ?", [round_id]).fetchone()))
            conn.execute(f"INSERT OR REPLACE INTO table_rounds ({', '.join(STORED_COLUMNS)}) "
                         f"VALUES ({', '.join('?' for _ in STORED_COLUMNS)})",
                         [{**row, "round_no": 9, "attempts": "[]"}[c] for c in STORED_COLUMNS])
            conn.commit()
            assert conn.execute("SELECT round_no, attempts FROM table_rounds WHERE id = ?",
                                [round_id]).fetchone() == (row["round_no"], row["attempts"])
        assert s.table_round_count() == 3


def test_a_failed_version_6_migration_leaves_version_5(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "station.sqlite3"
    before = make_v5(path, monkeypatch)

    def broken(db):
        schema._v6_replayable_rounds(db)
        raise RuntimeError("power cut")

    with monkeypatch.context() as m:
        m.setattr(schema, "MIGRATIONS", [*schema.MIGRATIONS[:5], broken])
        with pytest.raises(RuntimeError):
            Store.open(path)
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()[0] == "5"
        assert [r[1] for r in conn.execute("PRAGMA table_info(table_rounds)")] == list(TABLE_ROUND_COLUMNS)
        assert [tuple(r) for r in conn.execute("SELECT * FROM table_rounds ORDER BY rowid")] == before
    finally:
        conn.close()
    with Store.open(path) as s:  # and a working version migrates it later
        assert s.schema_version == 6


def test_a_version_6_database_is_refused_by_version_5_in_one_line(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "station.sqlite3"
    with Store.open(path) as s:
        assert s.schema_version == 6
    data = path.read_bytes()
    context = as_version_5(monkeypatch)
    try:
        with pytest.raises(StoreError) as refused:
            Store.open(path)
    finally:
        context.__exit__(None, None, None)
    message = str(refused.value)
    assert "\n" not in message
    assert message.startswith(f"{path} was written by a newer version of Dealer Trainer")
    assert "its schema version is 6" in message and "schema version 5 at most" in message
    assert message.endswith("Update Dealer Trainer to open it. The file was left untouched.")
    assert path.read_bytes() == data  # untouched
