"""The supervisor's figures from the server's summary data equal the same figures computed
from the accepted answers, for every scope; the live view of a class during an exam
(issue 19)."""

from __future__ import annotations

import random
from datetime import date, datetime, timedelta, timezone

import pytest

psycopg = pytest.importorskip("psycopg")

from trainer.server import accounts, station  # noqa: E402
from trainer.server.checker import check_pending  # noqa: E402
from trainer.server.connection import connect  # noqa: E402
from trainer.server.dashboard import Scope, live_class, raw_skill_figures, skill_figures, trend  # noqa: E402
from trainer.training.exams import fingerprint, new_spec  # noqa: E402

pytestmark = pytest.mark.postgres
SKILLS = [("pokette", "payouts"), ("pokette", "procedures"), ("winners-pot", "hand-reading")]


def generated(conn, trainees: list[int], n: int, seed: int) -> list[dict]:
    """``n`` answers over 60 days, accepted (or, one in seven, refused) as a checker would."""
    rng = random.Random(seed)
    rows = []
    start = datetime(2026, 1, 1, tzinfo=timezone.utc)
    for trainee in trainees:
        conn.execute("INSERT INTO dealer.sessions (id, trainee_id, game_id, mode, seed, question_count, started_at) "
                     "VALUES (%s, %s, 'mixed', 'practice', 1, 0, %s)", [f"{trainee:032x}", trainee, start])
    for i in range(n):
        game, skill = rng.choice(SKILLS)
        row = {"id": f"{i + 1:032x}", "trainee": rng.choice(trainees), "game": game, "skill": skill,
               "right": rng.random() < 0.7, "ms": rng.randrange(500, 20_000), "target": rng.choice([8000, 16000]),
               "at": start + timedelta(days=rng.randrange(60), seconds=rng.randrange(86_400)),
               "accepted": rng.random() > 1 / 7}
        rows.append(row)
    with conn.cursor() as cur:
        cur.executemany(
            "INSERT INTO dealer.answers (id, session_id, trainee_id, game_id, skill, kind, seed, prompt, form, fields, "
            "given, correct_answer, is_correct, response_ms, answered_at, citations, explanation, target_ms) VALUES "
            "(%s, %s, %s, %s, %s, 'k', 1, 'p', 'choice', '[]', 'x', 'x', %s, %s, %s, '[]', 'e', %s)",
            [(r["id"], f"{r['trainee']:032x}", r["trainee"], r["game"], r["skill"], int(r["right"]), r["ms"], r["at"],
              r["target"]) for r in rows])
        cur.executemany("INSERT INTO dealer.answer_checks (answer_id, accepted) VALUES (%s, %s)",
                        [(r["id"], r["accepted"]) for r in rows])
    return rows


def expected(rows: list[dict], keep) -> dict[tuple[str, str], tuple[int, int, int, int]]:
    out: dict[tuple[str, str], list[int]] = {}
    for r in rows:
        if r["accepted"] and keep(r):
            f = out.setdefault((r["game"], r["skill"]), [0, 0, 0, 0])
            f[0] += 1
            f[1] += r["right"]
            f[2] += r["right"] and r["ms"] <= r["target"]
            f[3] += r["ms"]
    return {k: tuple(v) for k, v in out.items()}


def as_dict(figures) -> dict[tuple[str, str], tuple[int, int, int, int]]:
    return {(f.game_id, f.skill): (f.answered, f.correct, f.within_target, f.response_ms) for f in figures}


def test_the_summary_gives_the_figures_of_the_answers_for_every_scope(server_db) -> None:
    with connect(server_db.url) as conn:
        ids = [accounts.add_trainee(conn, name, "1234") for name in ("Ana", "Bo", "Cy")]
        evening = accounts.add_class(conn, "Evening", ids[:2])
        rows = generated(conn, ids, 3000, seed=3)
        since = date(2026, 2, 1)
        scopes = [
            (Scope(), lambda r: True),
            (Scope(since=since), lambda r: r["at"].date() >= since),
            (Scope(class_id=evening), lambda r: r["trainee"] in ids[:2]),
            (Scope(trainee_id=ids[2]), lambda r: r["trainee"] == ids[2]),
            (Scope(since=since, class_id=evening), lambda r: r["at"].date() >= since and r["trainee"] in ids[:2]),
            # a month begun part-way: its days from the daily summary, the months after from the monthly one
            (Scope(since=date(2026, 1, 17)), lambda r: r["at"].date() >= date(2026, 1, 17)),
            (Scope(since=date(2026, 2, 28), trainee_id=ids[1]),
             lambda r: r["at"].date() >= date(2026, 2, 28) and r["trainee"] == ids[1]),
        ]
        for scope, keep in scopes:
            want = expected(rows, keep)
            assert as_dict(skill_figures(conn, scope)) == want, scope
            assert as_dict(raw_skill_figures(conn, scope)) == want, scope
        points = trend(conn, Scope(trainee_id=ids[0]))
        assert sum(p.answered for p in points) == sum(1 for r in rows if r["accepted"] and r["trainee"] == ids[0])
        assert [p.day for p in points] == sorted(p.day for p in points)
        months = trend(conn, Scope(since=date(2026, 1, 17)), by="month")
        assert [p.day for p in months] == [date(2026, 1, 1), date(2026, 2, 1), date(2026, 3, 1)]
        for p in months:
            assert p.answered == sum(1 for r in rows if r["accepted"] and r["at"].date().replace(day=1) == p.day)
            assert p.correct == sum(r["right"] for r in rows if r["accepted"] and r["at"].date().replace(day=1) == p.day)


def test_the_live_view_of_a_class_during_an_exam(server_db) -> None:
    spec = new_spec("Live quiz", ["two-card-joker"], question_count=3, time_limit_s=600, pass_mark=50, seed=4,
                    class_name="Evening")
    with connect(server_db.url) as admin:
        ana = accounts.add_trainee(admin, "Ana Diaz", "1234")
        bo = accounts.add_trainee(admin, "Bo Chen", "9876")
        evening = accounts.add_class(admin, "Evening", [ana, bo])
        accounts.save_exam(admin, spec.to_dict(), fingerprint(spec))
        now = admin.execute("SELECT now()").fetchone()[0]
        window = accounts.publish_exam(admin, spec.id, evening, now - timedelta(minutes=1), now + timedelta(hours=1))
    with connect(server_db.login("lab_a")) as lab:
        station.sign_in(lab, "Ana Diaz", "1234")
        started = station.start_exam(lab, window, ana, "two-card-joker")
        from trainer.training.exams import exam_plan
        from trainer.training.session import question_from

        for n, planned in enumerate(exam_plan(spec)[:2]):
            q = question_from(planned.game_id, planned.kind, planned.seed)
            lab.execute("INSERT INTO dealer.answers (id, session_id, trainee_id, game_id, skill, kind, seed, prompt, "
                        "form, fields, given, correct_answer, is_correct, response_ms, answered_at, citations, "
                        "explanation, target_ms) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, '[]', %s, %s, %s, 900, "
                        "now(), '[]', '', 8000)",
                        [f"{n + 1:032x}", started.session_id, ana, q.game_id, q.skill, q.kind, q.seed, q.prompt,
                         q.form, q.answer if n == 0 else "nope", q.answer, 1 if n == 0 else 0])
    with connect(server_db.login("teacher", supervisor=True)) as sup:
        rows = live_class(sup, window)
        assert [(r.trainee, r.started_at is not None, r.arrived, r.accepted) for r in rows] == [
            ("Ana Diaz", True, 2, 0), ("Bo Chen", False, 0, 0)]
        check_pending(sup)
        ana_row, bo_row = live_class(sup, window)
        assert (ana_row.accepted, ana_row.correct, ana_row.state) == (2, 1, "answering (2 of 3)")
        assert ana_row.started_at == started.started_at
        assert bo_row.state == "not started"
