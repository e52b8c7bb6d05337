"""The supervisor's exam attempts read from the server (``ServerReviewSource.exam_attempts``,
issue 19): two trainees take a published exam at their own stations, one of them another
exam and a retake too; the attempts read back are what they answered (scored from the
accepted answers), newest first, the first attempt counting, the same before and after
the results are released, and filtered by exam and by trainee."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

psycopg = pytest.importorskip("psycopg")

from tests.server import stations  # noqa: E402
from trainer.server import accounts, station  # noqa: E402
from trainer.server.checker import NOT_STARTED, check_pending  # noqa: E402
from trainer.server.connection import connect  # noqa: E402
from trainer.server.review_source import ServerReviewSource  # noqa: E402
from trainer.store import Store  # noqa: E402
from trainer.training.exams import exam_session, fingerprint, new_spec  # noqa: E402

pytestmark = pytest.mark.postgres
GAME = stations.GAME


@pytest.fixture
def school(server_db, tmp_path: Path):
    """Ana at station A, Bo at station B, both in the Evening class; a supervisor."""
    with connect(server_db.url) as admin:
        ana = accounts.add_trainee(admin, "Ana Diaz", "1234")
        bo = accounts.add_trainee(admin, "Bo Chen", "9876")
        evening = accounts.add_class(admin, "Evening", [ana, bo])
    out = {"supervisor": server_db.login("teacher", supervisor=True), "evening": evening, "ids": {}}
    for key, name, pin, server_id in (("a", "Ana Diaz", "1234", ana), ("b", "Bo Chen", "9876", bo)):
        url = server_db.login(f"lab_{key}")
        store = Store.open(tmp_path / f"station_{key}.sqlite3")
        local = store.add_trainee(name)
        with connect(url) as conn:
            station.sign_in(conn, name, pin)
        out[key] = {"url": url, "store": store, "local": local.id}
        out["ids"][name] = server_id
    yield out
    for key in ("a", "b"):
        out[key]["store"].close()


def publish(school, title: str, seed: int, spec=None) -> tuple[int, object]:
    """A new exam (or ``spec`` again, in a new window) open to the Evening class for an hour."""
    with connect(school["supervisor"]) as sup:
        now = sup.execute("SELECT now()").fetchone()[0]
        if spec is None:
            spec = new_spec(title, [GAME], question_count=3, time_limit_s=600, pass_mark=70, seed=seed,
                            class_name="Evening")
            accounts.save_exam(sup, spec.to_dict(), fingerprint(spec))
        window = accounts.publish_exam(sup, spec.id, school["evening"], now - timedelta(minutes=1),
                                       now + timedelta(hours=1))
    return window, spec


def take(school, key: str, window: int, right: int, response_ms: int) -> str:
    st = school[key]
    name = st["store"].trainee(st["local"]).name
    with connect(st["url"]) as conn:
        [exam] = [e for e in station.open_exams(conn, school["ids"][name]) if e.window_id == window]
    return stations.take_exam(st["store"], st["url"], st["local"], exam, right, response_ms)


def send_all(school) -> None:
    for key in ("a", "b"):
        stations.send(school[key]["store"].path, school[key]["url"])


def figures(attempts) -> list[tuple]:
    return [(a.session_id, a.exam_title, a.trainee_name, a.question_count, a.answered, a.correct, a.pass_mark,
             a.total_ms, a.attempt, a.submitted) for a in attempts]


def test_exam_attempts_read_from_the_server_are_what_the_trainees_answered(school) -> None:
    evening, quiz = publish(school, "Evening quiz", 5)
    ana_first = take(school, "a", evening, right=2, response_ms=1500)
    bo_first = take(school, "b", evening, right=3, response_ms=2500)
    drill_window, drill = publish(school, "Payout drill", 6)
    ana_drill = take(school, "a", drill_window, right=1, response_ms=1000)
    retake_window, _ = publish(school, "Evening quiz", 5, quiz)  # the same exam again: a retake for Ana
    ana_retake = take(school, "a", retake_window, right=3, response_ms=1200)
    send_all(school)
    ana, bo = school["ids"]["Ana Diaz"], school["ids"]["Bo Chen"]
    expected = [  # newest first; scored from the accepted answers
        (ana_retake, "Evening quiz", "Ana Diaz", 3, 3, 3, 70, 3600, 2, True),
        (ana_drill, "Payout drill", "Ana Diaz", 3, 3, 1, 70, 3000, 1, True),
        (bo_first, "Evening quiz", "Bo Chen", 3, 3, 3, 70, 7500, 1, True),
        (ana_first, "Evening quiz", "Ana Diaz", 3, 3, 2, 70, 4500, 1, True),
    ]
    with connect(school["supervisor"]) as sup:
        source = ServerReviewSource(sup)
        # before the checker: nothing accepted yet, nothing scored
        assert [(a.session_id, a.answered, a.correct) for a in source.exam_attempts()] == [
            (sid, 0, 0) for sid, *_ in expected]
        assert check_pending(sup).accepted == 12
        assert figures(source.exam_attempts()) == expected  # results not released: the supervisor sees them
        attempts = source.exam_attempts()
        assert [a.retake for a in attempts] == [True, False, False, False]
        assert [a.trainee_id for a in attempts] == [ana, ana, bo, ana]
        assert [a.exam_id for a in attempts] == [quiz.id, drill.id, quiz.id, quiz.id]
        assert figures(source.exam_attempts(exam_id=quiz.id)) == [expected[0], expected[2], expected[3]]
        assert figures(source.exam_attempts(exam_id=drill.id)) == [expected[1]]
        assert figures(source.exam_attempts(trainee_id=bo)) == [expected[2]]
        assert figures(source.exam_attempts(trainee_id=ana, exam_id=quiz.id)) == [expected[0], expected[3]]
        assert figures(source.exam_attempts(trainee_ids=[bo])) == [expected[2]]
        assert figures(source.exam_attempts(trainee_ids=[])) == []
        started = {sid: at for sid, at in sup.execute(
            "SELECT session_id, started_at FROM dealer.exam_attempts")}
        assert figures(source.exam_attempts(start=started[bo_first].isoformat())) == expected[:3]
        assert figures(source.exam_attempts(end=started[bo_first].isoformat())) == [expected[3]]
        for window in (evening, drill_window, retake_window):
            accounts.release_results(sup, window)
        assert figures(source.exam_attempts()) == expected  # released: the same figures
    with connect(school["a"]["url"]) as conn:  # and what Ana sees of them, now released
        assert sorted((r.title, r.answered, r.correct) for r in station.released_results(conn, ana)) == [
            ("Evening quiz", 3, 2), ("Evening quiz", 3, 3), ("Payout drill", 3, 1)]


def test_a_session_the_server_did_not_start_is_no_attempt(school) -> None:
    evening, quiz = publish(school, "Evening quiz", 5)
    st = school["b"]
    store = st["store"]
    store.remember_exam(quiz.to_dict(), fingerprint(quiz))
    offline = store.start_session(st["local"], GAME, seed=quiz.seed, question_count=quiz.question_count,
                                  mode="exam", source="exam", exam_id=quiz.id)  # the server never saw it start
    session = exam_session(quiz)
    while not session.finished:
        store.record_answer(offline, st["local"], session.answer(session.current().answer, 900))
    store.end_session(offline)
    bo_first = take(school, "b", evening, right=1, response_ms=2000)
    send_all(school)
    with connect(school["supervisor"]) as sup:
        outcome = check_pending(sup)
        assert (outcome.accepted, outcome.refused) == (3, 3) and set(outcome.reasons) == {NOT_STARTED}
        assert figures(ServerReviewSource(sup).exam_attempts()) == [
            (bo_first, "Evening quiz", "Bo Chen", 3, 3, 1, 70, 6000, 1, True)]
