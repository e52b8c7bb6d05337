"""What a station does in the server's tests: practise a session of real questions into its
own store, as the app records them (issue 19)."""

from __future__ import annotations

from collections.abc import Callable

from trainer.store import Store

GAME = "two-card-joker"


def quiz(game_id: str, seed: int, count: int):
    """A practice session's questions (the session type of this version of the app)."""
    from trainer.training import session as sessions

    if hasattr(sessions, "QuizSession"):
        return sessions.QuizSession(game_id, seed, count)
    return sessions.Session.quiz(game_id, seed, count)


def practise(store: Store, trainee_id: int, seed: int, answers: int, *, right: Callable[[int], bool] = lambda i: i % 2 == 0,
             response_ms: int = 1500, end: bool = True) -> str:
    """A session of ``answers`` questions in the station's store, answer ``i`` right when
    ``right(i)`` (else "nope"); return its id."""
    session = quiz(GAME, seed, answers)
    sid = store.start_session(trainee_id, GAME, seed=session.seed, question_count=answers)
    i = 0
    while not session.finished:
        q = session.current()
        store.record_answer(sid, trainee_id, session.answer(q.answer if right(i) else "nope", response_ms + i))
        i += 1
    if end:
        store.end_session(sid)
    return sid


def take_exam(store: Store, station_url: str, trainee_id: int, exam, right: int, response_ms: int = 2000) -> str:
    """A trainee of the station's store takes an open exam (``station.open_exams``): the server
    starts it, the first ``right`` answers right (else "nope"), each ``response_ms``; the
    session is ended. Return its id."""
    from trainer.server import station
    from trainer.server.connection import connect
    from trainer.training.exams import ExamSpec, exam_session

    with connect(station_url) as conn:
        started = station.begin_exam(conn, store, trainee_id, exam)
    session = exam_session(ExamSpec.from_dict(exam.definition))
    i = 0
    while not session.finished:
        q = session.current()
        store.record_answer(started.session_id, trainee_id, session.answer(q.answer if i < right else "nope",
                                                                          response_ms))
        i += 1
    store.end_session(started.session_id)
    return started.session_id


def send(store_path, url: str) -> None:
    """Everything the station's store holds that the server has not, sent by its sender."""
    from trainer.server.sender import Sender

    sender = Sender(store_path, url)
    try:
        while sender.send_once():
            pass
    finally:
        sender.stop()
