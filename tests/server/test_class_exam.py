"""A class exam run live on the server, end to end (issue 19's "Done means"): the
instructor adds twenty trainees with their PINs and a class, saves a real exam and
publishes it to the class, open now and closing later; twenty stations, each with its own
SQLite store, its own login role and its own background sender (the app's), sign their
trainee in by name and PIN, find the exam open, begin it on the server and answer its
questions, some right and some wrong; while they do, the supervisor runs the checker and
reads the live view, which shows the class starting, answering (the counts never going
back) and finishing, each trainee's figures exactly what they answered; the results,
invisible to the trainees until then, are released, and each station reads its trainee's
score, equal to what the test itself counts they answered right. A second start of the
exam is refused and counts no second attempt.

Stations begin in four waves of five and answer question by question, the test waiting
(boundedly) for the live view to show each step, so every figure is exact. (Answers sent
after the window closes are refused: ``test_checker_and_exams.py``.)

A station's sender may send the exam's session before the server starts the attempt
(its own rounds run meanwhile): the server adopts that session (schema version 6), which
the last test forces every time."""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from pathlib import Path

import pytest

psycopg = pytest.importorskip("psycopg")

from trainer.server import accounts, station  # noqa: E402
from trainer.server.checker import check_pending  # noqa: E402
from trainer.server.connection import ServerError, connect  # noqa: E402
from trainer.server.dashboard import LiveRow, live_class  # noqa: E402
from trainer.server.sender import Sender  # noqa: E402
from trainer.store import Store  # noqa: E402
from trainer.training.exams import ExamSpec, exam_session, fingerprint, new_spec  # noqa: E402

pytestmark = pytest.mark.postgres

STATIONS = 20
QUESTIONS = 5
WAVES = 4
PASS_MARK = 60
GAMES = ["two-card-joker", "pokette"]  # a mixed exam, as the exam builder makes one
WAIT_S = 60.0  # the most the test waits for the live view to show a step (never reached when it works)


def name_of(n: int) -> str:
    return f"Trainee {n + 1:02d}"


def pin_of(n: int) -> str:
    return f"{4100 + 37 * n:04d}"


def answers_right(n: int, i: int) -> bool:
    """Whether trainee ``n`` answers question ``i`` right: trainee n gets n % 6 of the five
    right (0 to 5), not always the same ones."""
    return (i + n) % QUESTIONS < n % 6


def right_after(n: int, steps: int) -> int:
    """How many of their first ``steps`` answers trainee ``n`` got right (the test's own count)."""
    return sum(answers_right(n, i) for i in range(steps))


class ClassStation:
    """One station of the class: its own store, login role and background sender; what it
    does with its store happens in its own thread, as in the app."""

    def __init__(self, n: int, url: str, path: Path) -> None:
        self.n, self.url, self.path = n, url, path
        self.name, self.pin = name_of(n), pin_of(n)
        self.thread = ThreadPoolExecutor(1, thread_name_prefix=f"station-{n:02d}")
        self.thread.submit(self._open).result()

    def _open(self) -> None:
        self.store = Store.open(self.path)
        self.local = self.store.add_trainee(self.name).id
        # woken by each answer (as the app does), and in rounds of its own
        self.sender = Sender(self.path, self.url)
        self.sender.start()

    def run(self, action: Callable, *args):
        return self.thread.submit(action, *args)

    def begin(self) -> None:
        """Sign the trainee in, list the open exams, begin the one there is."""
        with connect(self.url) as conn:
            self.trainee = station.sign_in(conn, self.name, self.pin)
            [self.exam] = station.open_exams(conn, self.trainee.id)
            self.started = station.begin_exam(conn, self.store, self.local, self.exam)
        self.session = exam_session(ExamSpec.from_dict(self.exam.definition))

    def answer(self, i: int) -> None:
        q = self.session.current()
        result = self.session.answer(q.answer if answers_right(self.n, i) else "nope", 1500 + 10 * i)
        self.store.record_answer(self.started.session_id, self.local, result)
        self.sender.wake()

    def finish(self) -> None:
        self.store.end_session(self.started.session_id)
        self.sender.wake()

    def begin_again(self) -> str:
        with connect(self.url) as conn:
            [exam] = station.open_exams(conn, self.trainee.id)
            assert exam.started is True
            try:
                station.begin_exam(conn, self.store, self.local, exam)
            except ServerError as e:
                return str(e)
        return "started again"

    def results(self) -> list[station.ReleasedResult]:
        with connect(self.url) as conn:
            return station.released_results(conn, self.trainee.id)

    def close(self) -> None:
        def close() -> None:
            self.sender.stop()
            self.store.close()

        self.thread.submit(close).result()
        self.thread.shutdown()


def all_of(stations: list[ClassStation], action: Callable[[ClassStation], Callable], *args) -> list:
    """Every station does ``action`` at once, each in its own thread; their results in order."""
    futures = [s.run(action(s), *args) for s in stations]
    return [f.result(timeout=WAIT_S) for f in futures]


class Supervisor:
    """The supervisor's live view, as the app's (the checker first, then the view), every
    read kept and each compared with the one before: no count ever goes back."""

    def __init__(self, url: str, window: int) -> None:
        self.conn = connect(url)
        self.window = window
        self.reads: list[list[LiveRow]] = []

    def read(self) -> list[LiveRow]:
        check_pending(self.conn)
        rows = live_class(self.conn, self.window)
        if self.reads:
            for before, now in zip(self.reads[-1], rows, strict=True):
                assert now.trainee == before.trainee
                assert now.arrived >= before.arrived and now.accepted >= before.accepted
                assert now.correct >= before.correct
                assert before.started_at is None or now.started_at == before.started_at
                assert now.finished or not before.finished
        self.reads.append(rows)
        return rows

    def until(self, shown: Callable[[list[LiveRow]], bool]) -> list[LiveRow]:
        """Read the live view until it shows what ``shown`` waits for (bounded)."""
        deadline = time.monotonic() + WAIT_S
        while True:
            rows = self.read()
            if shown(rows):
                return rows
            assert time.monotonic() < deadline, f"the live view never showed it: {rows}"
            time.sleep(0.05)


@pytest.fixture
def classroom(server_db, tmp_path: Path):
    instructor = server_db.login("instructor", supervisor=True)
    with connect(instructor) as sup:
        ids = [accounts.add_trainee(sup, name_of(n), pin_of(n)) for n in range(STATIONS)]
        class_id = accounts.add_class(sup, "Tuesday class", ids)
        spec = new_spec("Tuesday exam", GAMES, question_count=QUESTIONS, time_limit_s=900, pass_mark=PASS_MARK,
                        seed=20260, class_name="Tuesday class")
        accounts.save_exam(sup, spec.to_dict(), fingerprint(spec))
        now = sup.execute("SELECT now()").fetchone()[0]
        window = accounts.publish_exam(sup, spec.id, class_id, now - timedelta(seconds=5), now + timedelta(hours=1))
    stations = [ClassStation(n, server_db.login(f"lab_{n:02d}"), tmp_path / f"station-{n:02d}.sqlite3")
                for n in range(STATIONS)]
    supervisor = Supervisor(instructor, window)
    yield {"instructor": instructor, "window": window, "spec": spec, "stations": stations, "ids": ids,
           "supervisor": supervisor}
    supervisor.conn.close()
    for s in stations:
        s.close()


def test_twenty_stations_take_a_class_exam_live_and_read_their_released_scores(classroom) -> None:
    stations: list[ClassStation] = classroom["stations"]
    supervisor: Supervisor = classroom["supervisor"]
    spec = classroom["spec"]
    names = [name_of(n) for n in range(STATIONS)]

    # published, nobody started yet: the whole class, by name, not started
    first = supervisor.read()
    assert [(r.trainee, r.started_at, r.arrived, r.finished, r.question_count, r.state) for r in first] == [
        (name, None, 0, False, QUESTIONS, "not started") for name in names]

    # the stations begin in waves; the live view shows exactly who started, at the server's time
    per_wave = STATIONS // WAVES
    for wave in range(WAVES):
        group = stations[wave * per_wave:(wave + 1) * per_wave]
        all_of(group, lambda s: s.begin)
        rows = supervisor.read()
        began = {s.name: s.started.started_at for s in stations[:(wave + 1) * per_wave]}
        assert [(r.trainee, r.started_at) for r in rows] == [(name, began.get(name)) for name in names]
        assert sum(r.started_at is not None for r in rows) == (wave + 1) * per_wave
        assert all(r.arrived == r.accepted == 0 for r in rows)
    assert [s.exam.window_id for s in stations] == [classroom["window"]] * STATIONS
    assert all(s.exam.definition == spec.to_dict() for s in stations)

    # a second start is refused, and counts no second attempt
    refusals = all_of(stations[:3], lambda s: s.begin_again)
    assert refusals == ["This trainee has already started this exam: the first attempt is the one that counts."] * 3

    # question by question: the answers reach the server in the background; the live view
    # shows them arriving and, once checked, accepted, right as the test counts
    for i in range(QUESTIONS):
        all_of(stations, lambda s: s.answer, i)
        rows = supervisor.until(lambda rows, i=i: all(r.accepted == i + 1 for r in rows))
        assert [(r.trainee, r.arrived, r.accepted, r.correct, r.finished) for r in rows] == [
            (name_of(n), i + 1, i + 1, right_after(n, i + 1), False) for n in range(STATIONS)]
        assert {r.state for r in rows} == {f"answering ({i + 1} of {QUESTIONS})"}
    all_of(stations, lambda s: s.finish)
    final = supervisor.until(lambda rows: all(r.finished for r in rows))
    assert [(r.trainee, r.started_at, r.arrived, r.accepted, r.correct, r.finished, r.state) for r in final] == [
        (s.name, s.started.started_at, QUESTIONS, QUESTIONS, right_after(s.n, QUESTIONS), True, "finished")
        for s in stations]
    assert [right_after(n, QUESTIONS) for n in range(6)] == [0, 1, 2, 3, 4, 5]  # every score from 0 to 5 is there
    # the class was seen progressing: started counts rising wave by wave, answers step by step
    started_counts = [sum(r.started_at is not None for r in read) for read in supervisor.reads]
    assert started_counts == sorted(started_counts) and started_counts[0] == 0 and started_counts[-1] == STATIONS
    assert {0, 5, 10, 15, 20} <= set(started_counts)
    arrived_totals = [sum(r.arrived for r in read) for read in supervisor.reads]
    assert {STATIONS * (i + 1) for i in range(QUESTIONS)} <= set(arrived_totals)

    # one attempt each, every answer once on the server, all accepted
    with connect(classroom["instructor"]) as sup:
        assert sup.execute("SELECT trainee_id, count(*) FROM dealer.exam_attempts WHERE window_id = %s "
                           "GROUP BY trainee_id ORDER BY trainee_id", [classroom["window"]]).fetchall() == [
            (tid, 1) for tid in sorted(classroom["ids"])]
        assert sup.execute("SELECT count(*), count(DISTINCT a.id), count(*) FILTER (WHERE c.accepted) "
                           "FROM dealer.answers a JOIN dealer.answer_checks c ON c.answer_id = a.id").fetchone() == (
            STATIONS * QUESTIONS, STATIONS * QUESTIONS, STATIONS * QUESTIONS)

    # nothing visible to a trainee before the instructor releases the results
    assert all_of(stations, lambda s: s.results) == [[]] * STATIONS
    with connect(classroom["instructor"]) as sup:
        accounts.release_results(sup, classroom["window"])
    results = all_of(stations, lambda s: s.results)
    for s, got in zip(stations, results, strict=True):
        right = right_after(s.n, QUESTIONS)
        [result] = got
        assert (result.window_id, result.title, result.question_count, result.answered, result.correct,
                result.pass_mark) == (classroom["window"], "Tuesday exam", QUESTIONS, QUESTIONS, right, PASS_MARK), s.name
        assert (result.percent, result.passed) == (20 * right, 20 * right >= PASS_MARK), s.name
    assert sum(r[0].passed for r in results) == sum(right_after(n, QUESTIONS) >= 3 for n in range(STATIONS))


class _SendsBetween:
    """A station's store whose background sender runs its round just after the exam's session
    is recorded locally and before the server starts it (a moment the app's sender, running
    every two seconds, can hit)."""

    def __init__(self, store: Store, sender: Sender) -> None:
        self._store, self._sender = store, sender

    def __getattr__(self, name: str):
        return getattr(self._store, name)

    def start_session(self, *args, **kwargs) -> str:
        session_id = self._store.start_session(*args, **kwargs)
        self._sender.send_once()
        return session_id


def _evening_quiz(server_db):
    """One trainee (Ana Diaz, PIN 1234) in a class with a two-question exam open now: the
    instructor's URL, her id on the server, the exam, its window and station lab_a's URL."""
    instructor = server_db.login("instructor", supervisor=True)
    with connect(instructor) as sup:
        ana = accounts.add_trainee(sup, "Ana Diaz", "1234")
        class_id = accounts.add_class(sup, "Evening", [ana])
        spec = new_spec("Evening quiz", GAMES, question_count=2, time_limit_s=600, pass_mark=50, seed=7)
        accounts.save_exam(sup, spec.to_dict(), fingerprint(spec))
        now = sup.execute("SELECT now()").fetchone()[0]
        window = accounts.publish_exam(sup, spec.id, class_id, now - timedelta(seconds=5), now + timedelta(hours=1))
    url = server_db.login("lab_a")
    return instructor, ana, spec, window, url


def _answer_every_question_right(store: Store, spec, session_id: str, local: int) -> None:
    session = exam_session(spec)
    while not session.finished:
        store.record_answer(session_id, local, session.answer(session.current().answer, 900))
    store.end_session(session_id)


def _both_answers_counted(instructor: str, window: int) -> None:
    with connect(instructor) as sup:
        assert check_pending(sup).accepted == 2
        [row] = live_class(sup, window)
        assert (row.trainee, row.arrived, row.accepted, row.correct, row.finished) == ("Ana Diaz", 2, 2, 2, True)


def test_an_exam_begins_even_when_the_sender_sends_its_session_first(server_db, tmp_path: Path) -> None:
    instructor, ana, spec, window, url = _evening_quiz(server_db)
    with Store.open(tmp_path / "station.sqlite3") as store:
        local = store.add_trainee("Ana Diaz").id
        sender = Sender(store.path, url)
        try:
            with connect(url) as conn:
                station.sign_in(conn, "Ana Diaz", "1234")
                [exam] = station.open_exams(conn, ana)
                started = station.begin_exam(conn, _SendsBetween(store, sender), local, exam)
            _answer_every_question_right(store, spec, started.session_id, local)
            while sender.send_once():
                pass
        finally:
            sender.stop()
    _both_answers_counted(instructor, window)


class _SendingAtTheSameMoment:
    """A station's store whose sender is inserting the exam's session on the server at the
    moment the server starts the exam: its transaction holds the new row, not committed,
    when ``start_exam`` inserts the same id, and commits once ``start_exam`` waits for it
    (server schema 8; version 6 then failed on the session's key)."""

    def __init__(self, store: Store, url: str, server_trainee: int, spec) -> None:
        self._store, self._url, self._trainee, self._spec = store, url, server_trainee, spec
        self.waited = False
        self.committer = None

    def __getattr__(self, name: str):
        return getattr(self._store, name)

    def start_session(self, *args, **kwargs) -> str:
        import threading

        session_id = self._store.start_session(*args, **kwargs)
        game = self._store.db.execute("SELECT game_id FROM sessions WHERE id = ?", [session_id]).fetchone()[0]
        side = psycopg.connect(self._url)
        side.execute("INSERT INTO dealer.sessions (id, trainee_id, game_id, mode, seed, question_count, started_at, "
                     "source, exam_id) VALUES (%s, %s, %s, 'exam', %s, %s, now(), 'exam', %s) "
                     "ON CONFLICT (id) DO NOTHING",
                     [session_id, self._trainee, game, self._spec.seed, self._spec.question_count, self._spec.id])

        def commit_when_waited_for() -> None:
            deadline = time.monotonic() + 20
            while time.monotonic() < deadline:  # start_exam's insert waiting for this transaction's row
                if side.execute("SELECT count(*) FROM pg_locks WHERE NOT granted").fetchone()[0]:
                    self.waited = True
                    break
                time.sleep(0.02)
            side.commit()
            side.close()

        self.committer = threading.Thread(target=commit_when_waited_for)
        self.committer.start()
        return session_id


def test_an_exam_begins_when_the_sender_inserts_its_session_at_the_same_moment(server_db, tmp_path: Path) -> None:
    instructor, ana, spec, window, url = _evening_quiz(server_db)
    with Store.open(tmp_path / "station.sqlite3") as store:
        local = store.add_trainee("Ana Diaz").id
        with connect(url) as conn:
            station.sign_in(conn, "Ana Diaz", "1234")
            [exam] = station.open_exams(conn, ana)
            racing = _SendingAtTheSameMoment(store, url, ana, spec)
            started = station.begin_exam(conn, racing, local, exam)
            racing.committer.join()
            assert racing.waited  # the server's start did wait for the sender's row
            with pytest.raises(ServerError, match="already started"):
                station.begin_exam(conn, store, local, exam)
        _answer_every_question_right(store, spec, started.session_id, local)
        sender = Sender(store.path, url)
        try:
            with connect(url) as conn:
                station.sign_in(conn, "Ana Diaz", "1234")
            while sender.send_once():
                pass
        finally:
            sender.stop()
    _both_answers_counted(instructor, window)
