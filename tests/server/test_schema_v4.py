"""Schema version 4 (issue 19): from empty, and from version 3 with answers already checked,
its summaries hold what the accepted answers say (filled in by the migration, then kept by
the trigger as more answers are checked), computed here from the answers themselves."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

psycopg = pytest.importorskip("psycopg")

from tests.server.test_review_source_speed import generate  # noqa: E402
from trainer.server import accounts, schema  # noqa: E402
from trainer.server.connection import connect  # noqa: E402

pytestmark = pytest.mark.postgres


def within(r: dict) -> int:
    return int(r["right"] and r["target"] is not None and r["ms"] <= r["target"])


def expected_skills(rows: list[dict]) -> dict[tuple, tuple]:
    """Per (trainee, game, skill): the sums, first and last times, and the last 20 answers
    (ties at the window's start in it) summed, with the time the window starts at."""
    groups: dict[tuple, list[dict]] = {}
    for r in rows:
        if r["check"]:
            groups.setdefault((r["trainee"], r["game"], r["skill"]), []).append(r)
    out = {}
    for key, got in groups.items():
        got.sort(key=lambda r: r["at"], reverse=True)
        cut = got[min(len(got), 20) - 1]["at"]
        recent = [r for r in got if r["at"] >= cut]
        out[key] = (len(got), sum(r["right"] for r in got), sum(within(r) for r in got), sum(r["ms"] for r in got),
                    got[-1]["at"], got[0]["at"], cut, len(recent), sum(r["right"] for r in recent),
                    sum(within(r) for r in recent), sum(r["ms"] for r in recent))
    return out


def expected_periods(rows: list[dict], period, *, questions: bool, skill: bool) -> dict[tuple, tuple]:
    out: dict[tuple, list[int]] = {}
    for r in rows:
        if r["check"] and not (questions and "table-" in r["skill"]):
            key = (period(r["at"].date()), r["trainee"], r["game"]) + ((r["skill"],) if skill else ())
            got = out.setdefault(key, [0, 0, 0, 0])
            for i, v in enumerate((1, r["right"], within(r), r["ms"])):
                got[i] += v
    return {k: tuple(v) for k, v in out.items()}


def check_summaries(conn, rows: list[dict]) -> None:
    got = {tuple(r[:3]): tuple(r[3:]) for r in conn.execute(
        "SELECT trainee_id, game_id, skill, answered, correct, within_target, response_ms, first_answered_at, "
        "last_answered_at, recent_since, recent_answered, recent_correct, recent_within_target, recent_response_ms "
        "FROM dealer.answer_summary_skill")}
    assert got == expected_skills(rows)
    weeks = {"day": lambda d: d, "week": lambda d: d - timedelta(days=d.weekday()), "month": lambda d: d.replace(day=1)}
    for name, period in weeks.items():
        got = {tuple(r[:3]): tuple(r[3:]) for r in conn.execute(
            f"SELECT period, trainee_id, game_id, answered, correct, within_target, response_ms "
            f"FROM dealer.answer_trend_{name}")}
        assert got == expected_periods(rows, period, questions=True, skill=False), name
    for table, column in (("answer_summary", "day"), ("answer_summary_month", "month")):
        got = {tuple(r[:4]): tuple(r[4:]) for r in conn.execute(
            f"SELECT {column}, trainee_id, game_id, skill, answered, correct, within_target, response_ms "
            f"FROM dealer.{table}")}
        assert got == expected_periods(rows, weeks[column], questions=False, skill=True), table


def test_from_empty_to_version_4(pg) -> None:
    with connect(pg.url) as conn:
        assert schema.migrate(conn) == list(range(1, schema.CURRENT_VERSION + 1))
        assert schema.check_version(conn) == schema.CURRENT_VERSION == 8
        assert conn.execute("SELECT indexdef FROM pg_indexes WHERE indexname = 'answers_skill_time'").fetchone()[0]\
            .endswith("ON dealer.answers USING btree (trainee_id, game_id, skill, answered_at)")
        ids = [accounts.add_trainee(conn, f"Trainee {n}", "1234") for n in range(3)]
        rows = generate(conn, ids, 600, seed=4)
        check_summaries(conn, rows)  # kept by the triggers alone


def test_from_version_3_with_answers_filled_then_kept(pg) -> None:
    with connect(pg.url) as conn:
        assert schema.migrate(conn, schema.MIGRATIONS[:3]) == [1, 2, 3]
        ids = [accounts.add_trainee(conn, f"Trainee {n}", "1234") for n in range(3)]
        rows = generate(conn, ids, 600, seed=5)
        bare = [r for r in rows if r["check"] and r["right"] and r["target"] is None]
        assert bare  # version 3 counted these within their (missing) target; version 4 does not
        assert schema.migrate(conn) == list(range(4, schema.CURRENT_VERSION + 1))
        check_summaries(conn, rows)
        # answers checked after the migration: the trigger keeps the summaries, the
        # windows too (an answer older than a full window changes nothing in it)
        more = generate_more(conn, ids, rows)
        check_summaries(conn, rows + more)
        assert conn.execute("SELECT count(*) FROM dealer.answer_trend_day WHERE period = %s",
                            [date(2026, 6, 1)]).fetchone()[0] > 0


def generate_more(conn, ids: list[int], rows: list[dict]) -> list[dict]:
    from datetime import datetime, timezone

    latest = max(r["at"] for r in rows)
    more = []
    for n, (at, trainee) in enumerate([(datetime(2026, 6, 1, 9, tzinfo=timezone.utc), ids[0]),
                                       (latest, ids[1]),  # a tie with the newest answer
                                       (datetime(2026, 1, 4, 9, tzinfo=timezone.utc), ids[2])]):  # a late one
        r = {"id": f"{10_000 + n:032x}", "trainee": trainee, "game": "pokette", "skill": "pokette.payouts",
             "at": at, "right": True, "ms": 3000, "target": 8000, "check": True}
        more.append(r)
        conn.execute(
            "INSERT INTO dealer.answers (id, session_id, trainee_id, game_id, skill, kind, seed, prompt, form, fields, "
            "given, correct_answer, is_correct, response_ms, answered_at, citations, explanation, target_ms) VALUES "
            "(%s, %s, %s, %s, %s, 'k', 1, 'p', 'choice', '[]', 'x', 'x', 1, %s, %s, '[]', 'e', %s)",
            [r["id"], f"{trainee:032x}", trainee, r["game"], r["skill"], r["ms"], at, r["target"]])
        conn.execute("INSERT INTO dealer.answer_checks (answer_id, accepted) VALUES (%s, true)", [r["id"]])
    return more
