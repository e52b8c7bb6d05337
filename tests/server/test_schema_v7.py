"""Schema version 7 (issue 17): the table skills' figures per trainee, game and mode
(``table_round_summary``), from empty and from version 6 with rounds already checked,
hold what the accepted rounds say (filled in by the migration, then kept by the trigger
as more rounds are checked: newer ones, one tied with the newest, a late old one, a
refused one), computed here from the rounds themselves; the review reads them."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

psycopg = pytest.importorskip("psycopg")

from tests.server.test_review_source_speed import generate  # noqa: E402
from trainer.server import accounts, schema  # noqa: E402
from trainer.server.connection import connect  # noqa: E402
from trainer.server.review_source import ServerReviewSource  # noqa: E402
from trainer.store import AnswerFilter  # noqa: E402

pytestmark = pytest.mark.postgres


def expected(conn) -> dict[tuple, tuple]:
    """Per (trainee, game, mode) of the accepted rounds: rounds, time, clean for procedure,
    payouts and watch, on time; the newest round's time, arrival and id; the same five
    counts over the newest ten (time, arrival, id), summed here in Python."""
    rounds = conn.execute(
        "SELECT r.trainee_id, r.game_id, r.mode, r.recorded_at, r.received_at, r.id, r.completed, r.procedure_errors, "
        "r.payout_errors, r.missed_calls, r.false_calls, r.total_ms, r.target_ms FROM dealer.table_rounds r "
        "JOIN dealer.table_round_checks k ON k.round_id = r.id WHERE k.accepted").fetchall()
    groups: dict[tuple, list[tuple]] = {}
    for r in rounds:
        groups.setdefault(r[:3], []).append(r)
    out = {}
    for key, got in groups.items():
        got.sort(key=lambda r: (r[3], r[4], r[5]), reverse=True)

        def counts(rs):
            return (sum(1 for r in rs if r[6] and r[7] == 0), sum(1 for r in rs if r[6] and r[8] == 0),
                    sum(1 for r in rs if r[6] and r[9] == 0 and r[10] == 0),
                    sum(1 for r in rs if r[6] and r[12] > 0 and r[11] <= r[12]))

        out[key] = (len(got), sum(r[11] for r in got), *counts(got), got[0][3], got[0][4], got[0][5],
                    min(10, len(got)), *counts(got[:10]))
    return out


def summary(conn) -> dict[tuple, tuple]:
    return {tuple(r[:3]): tuple(r[3:]) for r in conn.execute(
        "SELECT trainee_id, game_id, mode, rounds, total_ms, clean_procedure, clean_payouts, clean_watch, on_time, "
        "last_recorded_at, last_received_at, last_id, recent_rounds, recent_clean_procedure, recent_clean_payouts, "
        "recent_clean_watch, recent_on_time FROM dealer.table_round_summary")}


def add_round(conn, n: int, trainee: int, at: datetime, *, accepted: bool = True, errors: int = 0,
              total_ms: int = 3000) -> None:
    rid = f"{800_000 + n:032x}"
    conn.execute(
        "INSERT INTO dealer.table_rounds (id, session_id, trainee_id, recorded_at, game_id, mode, level, seed, "
        "options, actions, procedure_errors, payout_errors, extra_chip_payouts, mistakes_made, caught, missed_calls, "
        "false_calls, rule_named, remedy_named, total_ms, target_ms, action_ms, mistakes, completed) VALUES "
        "(%s, %s, %s, %s, 'pokette', 'deal', 'guided', 1, '{}', 4, %s, 0, 0, 0, 0, 0, 0, 0, 0, %s, 6000, '[]', '[]', 1)",
        [rid, f"{trainee:032x}", trainee, at, errors, total_ms])
    conn.execute("INSERT INTO dealer.table_round_checks (round_id, accepted) VALUES (%s, %s)", [rid, accepted])


def test_from_version_6_with_rounds_filled_then_kept(pg) -> None:
    with connect(pg.url) as conn:
        assert schema.migrate(conn, schema.MIGRATIONS[:6]) == [1, 2, 3, 4, 5, 6]
        ids = [accounts.add_trainee(conn, f"Trainee {n}", "1234") for n in range(3)]
        generate(conn, ids, 1500, seed=7)  # 300 rounds, most accepted, some refused or never checked
        assert schema.migrate(conn) == list(range(7, schema.CURRENT_VERSION + 1))
        want = expected(conn)
        assert len(want) >= 12 and any(v[0] > 10 for v in want.values())
        assert summary(conn) == want
        source = ServerReviewSource(conn)
        for f in (AnswerFilter(), AnswerFilter(trainee_id=ids[1]), AnswerFilter(game_id="dj-wild")):
            assert source.table_figures(f) == source._table_figures_direct(f), f
        # rounds checked after the migration: the newest of the group, one tied with it
        # (same time and arrival, a greater id), a late one older than the window (nothing in the window moves),
        # one refused (not counted), one with errors
        newest = max(v[6] for k, v in want.items() if k[0] == ids[0] and k[1:] == ("pokette", "deal"))
        add_round(conn, 1, ids[0], datetime(2026, 6, 1, 9, tzinfo=timezone.utc))
        add_round(conn, 2, ids[0], datetime(2026, 6, 1, 9, tzinfo=timezone.utc), errors=1)
        add_round(conn, 3, ids[0], datetime(2026, 1, 4, 9, tzinfo=timezone.utc), total_ms=9000)
        add_round(conn, 4, ids[0], datetime(2026, 6, 2, 9, tzinfo=timezone.utc), accepted=False)
        add_round(conn, 5, ids[2], newest, errors=2)
        got = summary(conn)
        assert got == expected(conn)
        row = got[(ids[0], "pokette", "deal")]
        assert row[8] == f"{800_002:032x}" and row[9] == 10  # the tie (same time, same arrival): the id decides
        source = ServerReviewSource(conn)
        assert source.table_figures(AnswerFilter()) == source._table_figures_direct(AnswerFilter())


def test_from_empty_kept_by_the_trigger(pg) -> None:
    with connect(pg.url) as conn:
        assert schema.migrate(conn)[-1] == schema.CURRENT_VERSION == 8
        assert conn.execute("SELECT indexdef FROM pg_indexes WHERE indexname = 'table_rounds_group_time'"
                            ).fetchone()[0].endswith(
            "ON dealer.table_rounds USING btree (trainee_id, game_id, mode, recorded_at, received_at, id)")
        ids = [accounts.add_trainee(conn, f"Trainee {n}", "1234") for n in range(2)]
        generate(conn, ids, 500, seed=8)
        assert summary(conn) == expected(conn) != {}


def answer(conn, n: int, session: str, trainee: int, right: bool, ms: int, check: bool | None) -> None:
    aid = f"{700_000 + n:032x}"
    conn.execute(
        "INSERT INTO dealer.answers (id, session_id, trainee_id, game_id, skill, kind, seed, prompt, form, fields, "
        "given, correct_answer, is_correct, response_ms, answered_at, citations, explanation, target_ms) VALUES "
        "(%s, %s, %s, 'pokette', 'pokette.payouts', 'k', 1, 'p', 'choice', '[]', 'x', 'x', %s, %s, "
        "'2026-02-01T10:00:00Z', '[]', 'e', 8000)", [aid, session, trainee, int(right), ms])
    if check is not None:
        conn.execute("INSERT INTO dealer.answer_checks (answer_id, accepted) VALUES (%s, %s)", [aid, check])


def test_exam_scores_filled_from_version_6_then_kept(pg) -> None:
    """An exam attempt's score is its accepted answers (a refused and an unchecked one left
    out; a practice session's answers in no score), filled by the migration, then kept."""
    with connect(pg.url) as conn:
        schema.migrate(conn, schema.MIGRATIONS[:6])
        [ana, bo] = [accounts.add_trainee(conn, name, "1234") for name in ("Ana", "Bo")]
        klass = accounts.add_class(conn, "Day", [ana, bo])
        conn.execute("INSERT INTO dealer.exams (id, title, definition, fingerprint) VALUES ('final', 'Final', "
                     "'{\"question_count\": 5, \"pass_mark\": 60}', 'f')")
        [window] = conn.execute("INSERT INTO dealer.exam_windows (exam_id, class_id, opens_at, closes_at) VALUES "
                                "('final', %s, '2026-02-01T09:00:00Z', '2026-02-01T12:00:00Z') RETURNING id",
                                [klass]).fetchone()
        sessions = {"ana": "a" * 32, "bo": "b" * 32, "practice": "c" * 32}
        for key, trainee, exam in (("ana", ana, "final"), ("bo", bo, "final"), ("practice", ana, None)):
            conn.execute("INSERT INTO dealer.sessions (id, trainee_id, game_id, mode, seed, question_count, "
                         "started_at, exam_id) VALUES (%s, %s, 'pokette', %s, 1, 5, '2026-02-01T09:30:00Z', %s)",
                         [sessions[key], trainee, "exam" if exam else "practice", exam])
            if exam:
                conn.execute("INSERT INTO dealer.exam_attempts (session_id, window_id, trainee_id, started_at) "
                             "VALUES (%s, %s, %s, '2026-02-01T09:30:00Z')", [sessions[key], window, trainee])
        for n, (key, trainee, right, ms, check) in enumerate([
                ("ana", ana, True, 3000, True), ("ana", ana, False, 5000, True), ("ana", ana, True, 4000, False),
                ("ana", ana, True, 2000, None), ("ana", ana, True, 1000, True), ("practice", ana, True, 900, True),
                ("bo", bo, True, 7000, False)]):
            answer(conn, n, sessions[key], trainee, right, ms, check)
        assert schema.migrate(conn) == list(range(7, schema.CURRENT_VERSION + 1))
        source = ServerReviewSource(conn)

        def scores():
            return {(a.trainee_id, a.answered, a.correct) for a in source.exam_attempts()}, \
                sorted(conn.execute("SELECT session_id, answered, correct, response_ms FROM dealer.exam_session_scores"
                                    ).fetchall())

        assert scores() == ({(ana, 3, 2), (bo, 0, 0)}, [(sessions["ana"], 3, 2, 9000)])
        assert {a.total_ms for a in source.exam_attempts()} == {9000, 0}
        answer(conn, 20, sessions["bo"], bo, True, 6000, True)  # checked after: kept by the trigger
        answer(conn, 21, sessions["ana"], ana, False, 500, True)
        answer(conn, 22, sessions["practice"], ana, True, 500, True)
        assert scores() == ({(ana, 4, 2), (bo, 1, 1)}, [(sessions["ana"], 4, 2, 9500), (sessions["bo"], 1, 1, 6000)])
