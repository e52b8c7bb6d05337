"""Who may do what on the server, proved by connecting as each role (issue 19): a station
writes only for the trainees signed in at it with their PIN, reads back only those, and
changes nothing written; the supervisor reads everything and changes nothing written."""

from __future__ import annotations

import pytest

psycopg = pytest.importorskip("psycopg")

from trainer.server import accounts, station  # noqa: E402
from trainer.server.connection import connect  # noqa: E402

pytestmark = pytest.mark.postgres

SESSION = ("INSERT INTO dealer.sessions (id, trainee_id, game_id, mode, seed, question_count, started_at) "
           "VALUES (%s, %s, 'pokette', 'practice', 7, 1, now())")
ANSWER = ("INSERT INTO dealer.answers (id, session_id, trainee_id, game_id, skill, kind, seed, prompt, form, fields, "
          "given, correct_answer, is_correct, response_ms, answered_at, citations, explanation, target_ms) "
          "VALUES (%s, %s, %s, 'pokette', 'payouts', 'k', 7, 'p', 'choice', '[]', 'x', 'x', 1, 4000, now(), '[]', "
          "'e', 8000)")


@pytest.fixture
def school(server_db):
    with connect(server_db.url) as admin:
        ana = accounts.add_trainee(admin, "Ana Diaz", "1234")
        bo = accounts.add_trainee(admin, "Bo Chen", "9876")
        accounts.add_class(admin, "Evening", [ana, bo])
    return server_db, ana, bo


def test_a_station_writes_and_reads_only_its_signed_in_trainees(school) -> None:
    db, ana, bo = school
    url_a, url_b = db.login("lab_a"), db.login("lab_b")
    with connect(url_a) as a, connect(url_b) as b:
        assert station.sign_in(a, "ana diaz", "1234") == station.ServerTrainee(ana, "Ana Diaz")
        assert station.sign_in(b, "Bo Chen", "9876").id == bo
        a.execute(SESSION, ["a" * 32, ana])
        a.execute(ANSWER, ["1" * 32, "a" * 32, ana])
        b.execute(SESSION, ["b" * 32, bo])
        b.execute(ANSWER, ["2" * 32, "b" * 32, bo])
        # each reads back its own trainee's answer, never the other's (same class)
        assert a.execute("SELECT id FROM dealer.answers").fetchall() == [("1" * 32,)]
        assert b.execute("SELECT id FROM dealer.answers").fetchall() == [("2" * 32,)]
        assert a.execute("SELECT count(*) FROM dealer.sessions WHERE trainee_id = %s", [bo]).fetchone() == (0,)
        # nor writes for a trainee not signed in at it
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="row-level security"):
            a.execute(SESSION, ["c" * 32, bo])
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="row-level security"):
            a.execute(ANSWER, ["3" * 32, "b" * 32, bo])
        # the station's name and the time of arrival are the server's
        row = a.execute("SELECT station, received_at IS NOT NULL FROM dealer.answers").fetchone()
        assert row == (url_a.split("@")[0].split("//")[1], True)
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            a.execute("INSERT INTO dealer.answers (id, session_id, trainee_id, game_id, skill, kind, seed, prompt, "
                      "form, fields, given, correct_answer, is_correct, response_ms, answered_at, citations, "
                      "explanation, received_at) VALUES (%s, %s, %s, 'pokette', 's', 'k', 7, 'p', 'choice', '[]', "
                      "'x', 'x', 1, 1, now(), '[]', 'e', now() - interval '1 day')", ["4" * 32, "a" * 32, ana])


def test_a_station_changes_nothing_written_and_reads_no_secrets(school) -> None:
    db, ana, _bo = school
    with connect(db.login("lab_a")) as a:
        station.sign_in(a, "Ana Diaz", "1234")
        a.execute(SESSION, ["a" * 32, ana])
        a.execute(ANSWER, ["1" * 32, "a" * 32, ana])
        for sql in ("UPDATE dealer.answers SET is_correct = 1 - is_correct", "DELETE FROM dealer.answers",
                    "UPDATE dealer.sessions SET seed = 1", "DELETE FROM dealer.sessions",
                    "TRUNCATE dealer.answers", "SELECT * FROM dealer.trainee_pins",
                    "SELECT * FROM dealer.answer_checks", "INSERT INTO dealer.answer_checks VALUES "
                    "('11111111111111111111111111111111', true)",
                    "INSERT INTO dealer.classes (name) VALUES ('Mine')", "UPDATE dealer.trainees SET name = 'X'",
                    "INSERT INTO dealer.station_trainees (station, trainee_id) VALUES (session_user, 2)",
                    "UPDATE dealer.exam_windows SET released_at = now()"):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                a.execute(sql)
        # what it may read: the roster (names), classes, exams
        assert sorted(n for (n,) in a.execute("SELECT name FROM dealer.trainees")) == ["Ana Diaz", "Bo Chen"]
        assert a.execute("SELECT name FROM dealer.classes").fetchall() == [("Evening",)]
        assert a.execute("SELECT count(*) FROM dealer.exams").fetchone() == (0,)


def test_the_supervisor_reads_everything_and_changes_nothing_written(school) -> None:
    db, ana, bo = school
    with connect(db.login("lab_a")) as a, connect(db.login("lab_b")) as b, \
            connect(db.login("teacher", supervisor=True)) as sup:
        station.sign_in(a, "Ana Diaz", "1234")
        station.sign_in(b, "Bo Chen", "9876")
        a.execute(SESSION, ["a" * 32, ana])
        a.execute(ANSWER, ["1" * 32, "a" * 32, ana])
        b.execute(SESSION, ["b" * 32, bo])
        b.execute(ANSWER, ["2" * 32, "b" * 32, bo])
        assert sorted(r[0] for r in sup.execute("SELECT id FROM dealer.answers")) == ["1" * 32, "2" * 32]
        accounts.add_class(sup, "Morning", [ana])
        accounts.set_pin(sup, ana, "5555")
        for sql in ("UPDATE dealer.answers SET is_correct = 0", "DELETE FROM dealer.answers",
                    "DELETE FROM dealer.sessions"):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                sup.execute(sql)
        assert sup.execute("SELECT count(*) FROM dealer.answers").fetchone() == (2,)
    with connect(db.login("lab_c")) as c:
        with pytest.raises(station.SignInError, match="Wrong name or PIN"):
            station.sign_in(c, "Ana Diaz", "1234")  # the old PIN
        assert station.sign_in(c, "Ana Diaz", "5555").id == ana


def test_wrong_pins_lock_the_name_for_a_while(school) -> None:
    db, ana, _bo = school
    with connect(db.login("lab_a")) as a:
        with pytest.raises(station.SignInError, match="Wrong name or PIN"):
            station.sign_in(a, "Nobody Here", "1234")
        for _ in range(5):
            with pytest.raises(station.SignInError, match="Wrong name or PIN"):
                station.sign_in(a, "Ana Diaz", "0000")
        with pytest.raises(station.SignInError, match="Too many wrong PINs"):
            station.sign_in(a, "Ana Diaz", "1234")  # the right PIN, but locked
        # nothing was signed in: the station still cannot write for Ana
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            a.execute(SESSION, ["a" * 32, ana])
    with connect(db.url) as admin:
        assert admin.execute("SELECT failures, locked_until > now() FROM dealer.trainee_pins WHERE trainee_id = %s",
                             [ana]).fetchone() == (5, True)
        assert admin.execute("SELECT pin_hash <> '1234' AND length(pin_hash) = 64 FROM dealer.trainee_pins "
                             "WHERE trainee_id = %s", [ana]).fetchone() == (True,)
