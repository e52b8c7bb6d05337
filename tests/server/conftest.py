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

import glob
import importlib.util
import os
import pwd
import shutil
import subprocess
import tempfile
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

import pytest

psycopg = pytest.importorskip("psycopg", reason="psycopg 3 is not installed: pip install -e '.[test]'")


def _system_user(name: str) -> None:
    try:
        pwd.getpwnam(name)
    except KeyError:
        subprocess.run(["useradd", "--system", "--no-create-home", "-s", "/usr/sbin/nologin", name], check=True,
                       capture_output=True)


class PgCluster:
    """One PostgreSQL server in ``folder``, listening only on a Unix socket there."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.data = folder / "data"
        self.socket = folder / "sock"
        self.bin, self.user = self._binaries()
        self.data.mkdir()
        self.socket.mkdir()
        if self.user is not None:
            entry = pwd.getpwnam(self.user)
            for path in (folder, self.data, self.socket):
                os.chown(path, entry.pw_uid, entry.pw_gid)
            folder.chmod(0o755)
            for parent in folder.parents:  # the server's user must reach its folder
                parent.chmod(parent.stat().st_mode | 0o005)
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "--encoding=UTF8",
                  "--no-sync")
        self.start()

    @staticmethod
    def _binaries() -> tuple[Path, str | None]:
        root = os.geteuid() == 0
        spec = importlib.util.find_spec("pgserver")  # found, not imported (its import has side effects)
        if spec is not None and spec.submodule_search_locations:
            binaries = Path(list(spec.submodule_search_locations)[0]) / "pginstall" / "bin"
            if (binaries / "pg_ctl").exists():
                opened = (binaries / "postgres").stat().st_mode & 0o005 == 0o005
                if root and not opened:  # what pgserver does itself: a system user of its own runs them
                    for path in [binaries, *binaries.parents]:
                        path.chmod(path.stat().st_mode | 0o055)
                    for folder in (binaries, binaries.parent / "lib"):
                        for path in folder.rglob("*"):
                            path.chmod(path.stat().st_mode | (0o055 if path.is_dir() or folder == binaries
                                                              else 0o044))
                if root:
                    _system_user("pgserver")
                return binaries, "pgserver" if root else None
        for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
            if Path(folder, "pg_ctl").exists():
                if root:
                    try:
                        pwd.getpwnam("postgres")
                    except KeyError:
                        continue
                return Path(folder), "postgres" if root else None
        raise FileNotFoundError("no PostgreSQL binaries: neither the pgserver package nor Debian's postgresql")

    def _run(self, program: str, *args: str) -> None:
        command = [str(self.bin / program), *args]
        if self.user is not None:
            command = ["runuser", "-u", self.user, "--", *command]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=60)

    def start(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-w", "-l", str(self.folder / "log"),
                  "-o", f"-h '' -k {self.socket} -c fsync=off -c full_page_writes=off -c max_connections=200",
                  "start")

    def kill(self) -> None:
        """Stop the server at once: every connection is cut, nothing is shut down cleanly."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def url(self, database: str = "postgres", user: str = "postgres") -> str:
        return f"postgresql://{quote(user)}@/{quote(database)}?host={quote(str(self.socket))}"

    def close(self) -> None:
        try:
            self.stop()
        except (subprocess.SubprocessError, OSError):
            pass


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
    folder = Path(tempfile.mkdtemp(prefix="dt-pg-"))
    try:
        cluster = PgCluster(folder)
    except (FileNotFoundError, subprocess.SubprocessError, OSError) as e:
        shutil.rmtree(folder, ignore_errors=True)
        pytest.skip(f"no PostgreSQL server can be started here ({e}); pip install pgserver, or apt install postgresql")
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
