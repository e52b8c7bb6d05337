"""The server's schema: made from empty, brought up from each earlier version with the
rows kept, a newer one refused; `server init` and `server check` (issue 19)."""

from __future__ import annotations

import pytest

psycopg = pytest.importorskip("psycopg")

from trainer.server import schema  # noqa: E402
from trainer.server.connection import connect  # noqa: E402

pytestmark = pytest.mark.postgres


def tables(conn) -> set[str]:
    return {r[0] for r in conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'dealer'")}


def test_from_empty_every_migration_once(pg) -> None:
    with connect(pg.url) as conn:
        assert schema.read_version(conn) == 0
        assert schema.migrate(conn) == [1, 2, 3, 4, 5, 6, 7, 8]
        assert schema.read_version(conn) == schema.CURRENT_VERSION == 8
        assert {"trainees", "trainee_pins", "classes", "class_members", "exams", "sessions", "session_ends",
                "answers", "answer_checks", "table_rounds", "station_trainees", "exam_windows", "exam_attempts",
                "answer_summary", "answer_summary_month", "table_round_checks", "table_round_summary", "meta"} <= tables(conn)
        assert schema.migrate(conn) == []  # again: nothing to do
        assert schema.check_version(conn) == 8


@pytest.mark.parametrize("start", [1, 2, 3, 4, 5, 6, 7])
def test_from_each_earlier_version_rows_kept(pg, start: int) -> None:
    with connect(pg.url) as conn:
        assert schema.migrate(conn, schema.MIGRATIONS[:start]) == list(range(1, start + 1))
        assert schema.read_version(conn) == start
        trainee = conn.execute("INSERT INTO dealer.trainees (name) VALUES ('Ana Diaz') RETURNING id").fetchone()[0]
        conn.execute("INSERT INTO dealer.sessions (id, trainee_id, game_id, mode, seed, question_count, started_at) "
                     "VALUES (%s, %s, 'pokette', 'practice', 7, 1, now())", ["a" * 32, trainee])
        conn.execute("INSERT INTO dealer.answers (id, session_id, trainee_id, game_id, skill, kind, seed, prompt, "
                     "form, fields, given, correct_answer, is_correct, response_ms, answered_at, citations, "
                     "explanation, target_ms) VALUES (%s, %s, %s, 'pokette', 'payouts', 'k', 7, 'p', 'choice', "
                     "'[]', 'x', 'x', 1, 4000, '2026-01-05T10:00:00Z', '[]', 'e', 8000)",
                     ["b" * 32, "a" * 32, trainee])
        conn.execute("INSERT INTO dealer.answer_checks (answer_id, accepted) VALUES (%s, true)", ["b" * 32])
        assert schema.migrate(conn) == list(range(start + 1, schema.CURRENT_VERSION + 1))
        assert conn.execute("SELECT name FROM dealer.trainees").fetchall() == [("Ana Diaz",)]
        assert conn.execute("SELECT id, is_correct, response_ms FROM dealer.answers").fetchall() == [
            ("b" * 32, 1, 4000)]
        # version 3's summary is filled in for the answers already checked (at version 3 or 4)
        assert conn.execute("SELECT day::text, game_id, skill, answered, correct, within_target, response_ms "
                            "FROM dealer.answer_summary").fetchall() == [
            ("2026-01-05", "pokette", "payouts", 1, 1, 1, 4000)]
        assert conn.execute("SELECT month::text, answered FROM dealer.answer_summary_month").fetchall() == [
            ("2026-01-01", 1)]


def test_a_newer_schema_is_refused_and_left_untouched(pg) -> None:
    with connect(pg.url) as conn:
        schema.migrate(conn)
        conn.execute("UPDATE dealer.meta SET value = '99' WHERE key = 'schema_version'")
        conn.execute("UPDATE dealer.meta SET value = '9.0' WHERE key = 'migrated_by'")
        with pytest.raises(schema.SchemaError, match=r"schema version 99 \(by Dealer Trainer 9.0\), newer than "
                                                      r"this Dealer Trainer .* knows \(version 8\)"):
            schema.migrate(conn)
        with pytest.raises(schema.SchemaError, match="newer"):
            schema.check_version(conn)
        assert conn.execute("SELECT value FROM dealer.meta WHERE key = 'schema_version'").fetchone() == ("99",)


def test_an_older_schema_is_named_by_check(pg) -> None:
    with connect(pg.url) as conn:
        schema.migrate(conn, schema.MIGRATIONS[:1])
        with pytest.raises(schema.SchemaError, match="version 1, older .* server init"):
            schema.check_version(conn)


def test_a_failed_migration_leaves_the_last_full_version(pg) -> None:
    def broken(cur, roles) -> None:
        cur.execute("CREATE TABLE dealer.half_done (x int)")
        cur.execute("SELECT 1 / 0")

    with connect(pg.url) as conn:
        with pytest.raises(psycopg.errors.DivisionByZero):
            schema.migrate(conn, [*schema.MIGRATIONS, broken])
        assert schema.read_version(conn) == 8
        assert "half_done" not in tables(conn)


def test_the_record_is_append_only_even_for_the_owner(pg) -> None:
    with connect(pg.url) as conn:
        schema.migrate(conn)
        trainee = conn.execute("INSERT INTO dealer.trainees (name) VALUES ('Bo') RETURNING id").fetchone()[0]
        conn.execute("INSERT INTO dealer.sessions (id, trainee_id, game_id, mode, seed, question_count, started_at) "
                     "VALUES (%s, %s, 'pokette', 'practice', 7, 1, now())", ["c" * 32, trainee])
        for sql in ("UPDATE dealer.sessions SET seed = 8", "DELETE FROM dealer.sessions",
                    "TRUNCATE dealer.sessions CASCADE"):
            with pytest.raises(psycopg.errors.InsufficientPrivilege, match="cannot be changed or deleted"):
                conn.execute(sql)
        assert conn.execute("SELECT seed FROM dealer.sessions").fetchall() == [(7,)]
