"""A station's side of the classroom server: trainees sign in with their name and PIN,
the open exams of a trainee, an exam started by the server's clock, released results.

Each function takes a connection of the station's login role. The PIN never leaves the
station: the station derives the scrypt key with the salt and parameters the server
gives for the name (``dealer.pin_params``: an unknown name gets some too), and the
server compares keys (``dealer.sign_in``). A trainee signed in at a station is one of
its own trainees: the station may then send, and read back, that trainee's results.
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import psycopg

from trainer.review.accounts import _derive
from trainer.server.connection import ServerError, one_line

WRONG = "Wrong name or PIN."


class SignInError(ValueError):
    """A refused sign-in; ``str(e)`` is for the trainee."""


@dataclass(frozen=True)
class ServerTrainee:
    id: int
    name: str


def pin_key(conn: psycopg.Connection, name: str, pin: str) -> str:
    kdf, salt, n, r, p, dklen = conn.execute("SELECT * FROM dealer.pin_params(%s)", [name]).fetchone()
    if kdf != "scrypt":
        raise SignInError(WRONG)
    return _derive(pin, bytes.fromhex(salt), n, r, p, dklen).hex()


def sign_in(conn: psycopg.Connection, name: str, pin: str) -> ServerTrainee:
    """Sign a trainee in at this station; ``SignInError`` when refused."""
    key = pin_key(conn, name, pin)
    trainee_id, locked_until = conn.execute("SELECT * FROM dealer.sign_in(%s, %s)", [name, key]).fetchone()
    if locked_until is not None:
        raise SignInError(f"Too many wrong PINs: {name} can sign in again after "
                          f"{locked_until.astimezone().strftime('%H:%M')}.")
    if trainee_id is None:
        raise SignInError(WRONG)
    row = conn.execute("SELECT name FROM dealer.trainees WHERE id = %s", [trainee_id]).fetchone()
    return ServerTrainee(trainee_id, row[0])


def roster(conn: psycopg.Connection) -> dict[str, int]:
    """Every trainee's server id by name (folded to lower case)."""
    return {name.lower(): trainee_id for trainee_id, name in conn.execute("SELECT id, name FROM dealer.trainees")}


def own_trainees(conn: psycopg.Connection) -> dict[str, int]:
    """The trainees signed in at this station (ever): server id by name, lower case."""
    return {name.lower(): trainee_id for trainee_id, name in conn.execute(
        "SELECT t.id, t.name FROM dealer.station_trainees st JOIN dealer.trainees t ON t.id = st.trainee_id")}


@dataclass(frozen=True)
class OpenExam:
    window_id: int
    exam_id: str
    title: str
    definition: dict
    opens_at: datetime
    closes_at: datetime
    started: bool


def open_exams(conn: psycopg.Connection, trainee_id: int) -> list[OpenExam]:
    """The exams open now (by the server's clock) for a trainee signed in here."""
    return [OpenExam(w, e, t, json.loads(d), o, c, s)
            for w, e, t, d, o, c, s in conn.execute("SELECT * FROM dealer.open_exams(%s)", [trainee_id])]


@dataclass(frozen=True)
class StartedExam:
    session_id: str
    started_at: datetime
    closes_at: datetime


def start_exam(conn: psycopg.Connection, window_id: int, trainee_id: int, game_id: str,
               session_id: str | None = None) -> StartedExam:
    """Start an attempt now, by the server's clock (the session is made on the server;
    the station records the same id locally). ``ServerError`` says why it cannot start."""
    session_id = session_id or uuid.uuid4().hex
    try:
        started_at, closes_at = conn.execute("SELECT * FROM dealer.start_exam(%s, %s, %s, %s)",
                                             [window_id, trainee_id, session_id, game_id]).fetchone()
    except psycopg.Error as e:
        message = e.diag.message_primary if getattr(e, "diag", None) and e.diag.message_primary else one_line(e)
        raise ServerError(message) from e
    return StartedExam(session_id, started_at, closes_at)


@dataclass(frozen=True)
class ReleasedResult:
    window_id: int
    title: str
    question_count: int
    answered: int
    correct: int
    pass_mark: int
    released_at: datetime

    @property
    def percent(self) -> int:
        return round(100 * self.correct / self.question_count) if self.question_count else 0

    @property
    def passed(self) -> bool:
        return self.percent >= self.pass_mark


def released_results(conn: psycopg.Connection, trainee_id: int) -> list[ReleasedResult]:
    """A trainee's exam results the instructor has released (scored from the answers the
    server accepted)."""
    return [ReleasedResult(*row) for row in conn.execute("SELECT * FROM dealer.exam_results(%s)", [trainee_id])]


def begin_exam(conn: psycopg.Connection, store: Any, local_trainee_id: int, exam: OpenExam) -> StartedExam:
    """Start an open exam for a trainee: the station keeps the exam and starts the session
    in its own store first (as always), then the server starts the attempt with the same
    session id by its own clock. If the server refuses (closed, already taken), the local
    session is ended at once and ``ServerError`` says why."""
    from trainer.store import MIXED_GAMES
    from trainer.training.exams import ExamSpec, exam_session

    spec = ExamSpec.from_dict(exam.definition)
    store.remember_exam(exam.definition, _fingerprint_of(conn, exam.exam_id))
    session = exam_session(spec)
    game_id = session.game_id if session.game_id != "mixed" else MIXED_GAMES
    session_id = store.start_session(local_trainee_id, game_id, seed=spec.seed, question_count=spec.question_count,
                                     mode="exam", source="exam", exam_id=spec.id)
    try:
        return start_exam(conn, exam.window_id, _server_id(conn, store, local_trainee_id), game_id, session_id)
    except (ServerError, psycopg.Error):
        store.end_session(session_id)
        raise


def _fingerprint_of(conn: psycopg.Connection, exam_id: str) -> str:
    return conn.execute("SELECT fingerprint FROM dealer.exams WHERE id = %s", [exam_id]).fetchone()[0]


def _server_id(conn: psycopg.Connection, store: Any, local_trainee_id: int) -> int:
    name = store.trainee(local_trainee_id).name.lower()
    own = own_trainees(conn)
    if name not in own:
        raise ServerError("This trainee has not signed in at this station.")
    return own[name]
