"""The supervisor's side of the classroom server: login roles of stations and
supervisors, trainees and their PINs, classes, exams published to a class, results
released. Every function takes a connection of a supervisor (or, for the roles, of the
database's owner) and commits before returning.

PINs are kept only as salted scrypt hashes (``trainer.review.accounts.hash_password``,
the supervisors' own scheme); a station derives the same key from the PIN typed and the
salt (``dealer.pin_params``) and the server compares (``dealer.sign_in``), locking a
name for a few minutes after five wrong PINs in a row.
"""

from __future__ import annotations

import json
import re
from datetime import datetime

import psycopg

from trainer.review.accounts import hash_password
from trainer.server import schema
from trainer.server.connection import ServerError, one_line

PIN = re.compile(r"^[0-9]{4,8}$")


def roles(conn: psycopg.Connection) -> schema.Roles:
    return schema.Roles.for_database(conn.execute("SELECT current_database()").fetchone()[0])


def add_login(conn: psycopg.Connection, login: str, *, supervisor: bool = False) -> None:
    """Make ``login`` (an existing login role, or a new one without a password: the
    server's authentication says how it signs in) a station or a supervisor here."""
    group = roles(conn).supervisor if supervisor else roles(conn).station
    try:
        with conn.transaction():
            exists = conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", [login]).fetchone()
            if not exists:
                conn.execute(f"CREATE ROLE {schema.ident(login)} LOGIN")
            conn.execute(f"GRANT {schema.ident(group)} TO {schema.ident(login)}")
    except psycopg.Error as e:
        raise ServerError(f"Cannot make {login!r} a {'supervisor' if supervisor else 'station'}: {one_line(e)}") from e


def check_pin(pin: str) -> None:
    if not PIN.match(pin):
        raise ValueError("A PIN is 4 to 8 digits.")


def add_trainee(conn: psycopg.Connection, name: str, pin: str) -> int:
    """A new trainee with a PIN; return their id on the server."""
    check_pin(pin)
    name = " ".join(name.split())
    record = hash_password(pin)
    with conn.transaction():
        trainee_id = conn.execute("INSERT INTO dealer.trainees (name) VALUES (%s) RETURNING id", [name]).fetchone()[0]
        conn.execute("INSERT INTO dealer.trainee_pins (trainee_id, kdf, salt, pin_hash, n, r, p, dklen) "
                     "VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
                     [trainee_id, record.kdf, record.salt, record.password_hash, record.n, record.r, record.p,
                      record.dklen])
    return trainee_id


def set_pin(conn: psycopg.Connection, trainee_id: int, pin: str) -> None:
    """A new PIN (and the lock after wrong PINs lifted)."""
    check_pin(pin)
    record = hash_password(pin)
    conn.execute("UPDATE dealer.trainee_pins SET kdf = %s, salt = %s, pin_hash = %s, n = %s, r = %s, p = %s, "
                 "dklen = %s, set_at = now(), failures = 0, locked_until = NULL WHERE trainee_id = %s",
                 [record.kdf, record.salt, record.password_hash, record.n, record.r, record.p, record.dklen,
                  trainee_id])


def add_class(conn: psycopg.Connection, name: str, trainee_ids: list[int]) -> int:
    with conn.transaction():
        class_id = conn.execute("INSERT INTO dealer.classes (name) VALUES (%s) RETURNING id", [name]).fetchone()[0]
        for trainee_id in trainee_ids:
            conn.execute("INSERT INTO dealer.class_members (class_id, trainee_id) VALUES (%s, %s)",
                         [class_id, trainee_id])
    return class_id


def save_exam(conn: psycopg.Connection, definition: dict, fingerprint: str) -> str:
    """Keep an exam's definition on the server (the copy its results are scored from)."""
    conn.execute("INSERT INTO dealer.exams (id, title, definition, fingerprint) VALUES (%s, %s, %s, %s)",
                 [definition["id"], definition["title"], json.dumps(definition, sort_keys=True), fingerprint])
    return definition["id"]


def publish_exam(conn: psycopg.Connection, exam_id: str, class_id: int, opens_at: datetime,
                 closes_at: datetime) -> int:
    """Publish an exam to a class between two moments (the server's clock decides);
    return the window's id."""
    if opens_at.tzinfo is None or closes_at.tzinfo is None:
        raise ValueError("give the opening and closing times with their time zone")
    return conn.execute("INSERT INTO dealer.exam_windows (exam_id, class_id, opens_at, closes_at) "
                        "VALUES (%s, %s, %s, %s) RETURNING id", [exam_id, class_id, opens_at, closes_at]).fetchone()[0]


def release_results(conn: psycopg.Connection, window_id: int) -> None:
    """Release an exam window's results to its trainees, now."""
    conn.execute("UPDATE dealer.exam_windows SET released_at = now() WHERE id = %s AND released_at IS NULL",
                 [window_id])
