"""A real PostgreSQL server for the classroom server's tests (issue 19), one per test
session (per xdist worker), in a temporary folder.

It is started with the ``pgserver`` package (PostgreSQL 16 in a wheel: a plain pip
install, no system install; as root it runs the server as a ``pgserver`` system user),
else with Debian's ``postgresql`` binaries (``/usr/lib/postgresql/*/bin``, run as the
``postgres`` user when we are root). When neither is there every test marked ``postgres``
is skipped with one line saying so.

Each test gets a database of its own (``pg`` fixture: a ``PgDatabase`` with the
superuser's URL and helpers to make login roles); ``pg_cluster`` can stop the server at
once (``kill``, as a crash or a pulled cable would) and start it again.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.server.pg_cluster import PgCluster

try:
    import psycopg
except ImportError:  # every test here then skips, saying why (pg_cluster)
    psycopg = None


@dataclass
class PgDatabase:
    cluster: PgCluster
    name: str

    @property
    def url(self) -> str:
        """The superuser's URL of this test's database."""
        return self.cluster.url(self.name)

    def url_as(self, role: str) -> str:
        return self.cluster.url(self.name, role)

    def login_role(self, prefix: str) -> str:
        """A new login role (no password: the test server trusts its socket)."""
        role = f"{prefix}_{uuid.uuid4().hex[:8]}"
        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute(f'CREATE ROLE "{role}" LOGIN')
        return role


@pytest.fixture(scope="session")
def pg_cluster():
    if psycopg is None:
        pytest.skip("psycopg 3 is not installed: pip install -e '.[test]'")
    folder = Path(tempfile.mkdtemp(prefix="dt-pg-"))
    try:
        cluster = PgCluster(folder)
    except FileNotFoundError as e:  # neither pgserver nor Debian's postgresql: the only reason to skip
        shutil.rmtree(folder, ignore_errors=True)
        pytest.skip(f"no PostgreSQL server can be started here ({e}); pip install pgserver, or apt install postgresql")
    except subprocess.CalledProcessError as e:  # there, but it does not start: a failure, said in full
        shutil.rmtree(folder, ignore_errors=True)
        raise RuntimeError(f"PostgreSQL did not start: {e}; {(e.stderr or b'').decode(errors='replace')}") from e
    yield cluster
    cluster.close()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def pg(pg_cluster: PgCluster):
    """An empty database of this test's own on the session's server."""
    name = f"dt_{uuid.uuid4().hex[:12]}"
    for attempt in range(50):  # the server may be starting again after a test killed it
        try:
            with psycopg.connect(pg_cluster.url(), autocommit=True) as conn:
                conn.execute(f'CREATE DATABASE "{name}"')
            break
        except psycopg.OperationalError:
            if attempt == 49:
                raise
            time.sleep(0.1)
    yield PgDatabase(pg_cluster, name)


@dataclass
class ServerDb:
    """A test database with the schema made, and logins made on demand."""

    pg: PgDatabase

    @property
    def url(self) -> str:
        return self.pg.url

    def login(self, prefix: str, *, supervisor: bool = False) -> str:
        """The URL of a new station (or supervisor) login role."""
        from trainer.server import accounts
        from trainer.server.connection import connect

        role = f"{prefix}_{uuid.uuid4().hex[:8]}"
        with connect(self.url) as conn:
            accounts.add_login(conn, role, supervisor=supervisor)
        return self.pg.url_as(role)


@pytest.fixture
def server_db(pg: PgDatabase) -> ServerDb:
    from trainer.server import schema
    from trainer.server.connection import connect

    with connect(pg.url) as conn:
        schema.migrate(conn)
    return ServerDb(pg)
