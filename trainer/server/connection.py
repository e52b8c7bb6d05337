"""Connecting to the classroom server (psycopg 3), and what ``server check`` reports.

A URL is a libpq connection string or URI (``postgresql://station-07@school-db/dealer``).
A station's settings file never holds a password (``trainer.config`` refuses one): the
station authenticates with a client certificate (``sslcert``/``sslkey`` in the URL's
query, ``cert`` in the server's ``pg_hba.conf``) or, in a Windows domain, with the
computer's Kerberos/SSPI identity (``gss``/``sspi``), so nothing a user can read on the
station lets anyone sign in as it elsewhere. A supervisor types their password when asked.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

import psycopg

from trainer.server import schema

CONNECT_TIMEOUT_S = 5


class ServerError(RuntimeError):
    """The server cannot be used; ``str(e)`` is one line for a human."""


def url_has_password(url: str) -> bool:
    """Whether a connection URL or string carries a password."""
    text = url.strip()
    if "://" in text:
        parts = urlsplit(text)
        if parts.password:
            return True
        return "password" in parse_qs(parts.query)
    try:
        return "password" in psycopg.conninfo.conninfo_to_dict(text)
    except psycopg.ProgrammingError:
        return False


def connect(url: str, *, autocommit: bool = True, timeout: float = CONNECT_TIMEOUT_S) -> psycopg.Connection:
    """A connection to the server (every statement names the ``dealer`` schema);
    ``ServerError`` with one line when the server cannot be reached or refuses."""
    try:
        conn = psycopg.connect(url, autocommit=autocommit, connect_timeout=max(1, int(timeout)),
                               application_name="dealer-trainer")
    except psycopg.Error as e:
        raise ServerError(f"Cannot connect to the server: {one_line(e)}") from e
    return conn


def one_line(e: BaseException) -> str:
    return " ".join(str(e).split()) or type(e).__name__


@dataclass(frozen=True)
class ServerReport:
    server_version: str
    database: str
    user: str
    schema_version: int
    is_station: bool
    is_supervisor: bool
    counts: dict[str, int]
    server_time: str

    def lines(self) -> list[str]:
        roles = [r for r, yes in (("station", self.is_station), ("supervisor", self.is_supervisor)) if yes]
        out = [f"Server:          PostgreSQL {self.server_version}, database {self.database!r}, "
               f"signed in as {self.user!r} ({', '.join(roles) or 'neither a station nor a supervisor'})",
               f"Server time:     {self.server_time}",
               f"Schema version:  {self.schema_version} (this Dealer Trainer uses {schema.CURRENT_VERSION})"]
        if self.counts:
            out.append("Holds:           " + ", ".join(f"{n:,} {what}" for what, n in self.counts.items()))
        return out


def check(conn: psycopg.Connection) -> ServerReport:
    """What the server holds and who we are there; ``SchemaError`` for a schema this app
    cannot use (none, older or newer)."""
    version = schema.check_version(conn)
    info = conn.execute("SELECT current_setting('server_version'), current_database(), session_user, "
                        "to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS UTC')").fetchone()
    roles = schema.Roles.for_database(info[1])
    member = conn.execute("SELECT pg_has_role(session_user, %s, 'MEMBER'), pg_has_role(session_user, %s, 'MEMBER')",
                          [roles.station, roles.supervisor]).fetchone()
    counts: dict[str, int] = {}
    if member[1]:
        for table, what in (("trainees", "trainees"), ("classes", "classes"), ("exams", "exams"),
                            ("sessions", "sessions"), ("answers", "answers"), ("table_rounds", "table rounds")):
            counts[what] = conn.execute(f"SELECT count(*) FROM dealer.{table}").fetchone()[0]
        counts["answers not yet checked"] = conn.execute(
            "SELECT count(*) FROM dealer.answers a WHERE NOT EXISTS "
            "(SELECT 1 FROM dealer.answer_checks c WHERE c.answer_id = a.id)").fetchone()[0]
        counts["table rounds not yet checked"] = conn.execute(
            "SELECT count(*) FROM dealer.table_rounds r WHERE NOT EXISTS "
            "(SELECT 1 FROM dealer.table_round_checks c WHERE c.round_id = r.id)").fetchone()[0]
    return ServerReport(info[0], info[1], info[2], version, bool(member[0]), bool(member[1]), counts, info[3])
