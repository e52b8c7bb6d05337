"""A real PostgreSQL server in a folder, for the tests (``conftest``) and the load
benchmark (``benchmarks/server_load.py``): the ``pgserver`` package's binaries (a plain pip
install; as root they run as a ``pgserver`` system user, as pgserver itself does), else
Debian's ``postgresql`` (``/usr/lib/postgresql/*/bin``, as the ``postgres`` user when root).
It listens on a Unix socket in its folder only; ``kill`` stops it at once (a crash, a
pulled cable), ``start`` starts it again on the same data."""

from __future__ import annotations

import glob
import importlib.util
import os
import pwd
import subprocess
from pathlib import Path
from urllib.parse import quote


def _system_user(name: str) -> None:
    try:
        pwd.getpwnam(name)
    except KeyError:
        made = subprocess.run(["useradd", "--system", "--no-create-home", "-s", "/usr/sbin/nologin", name],
                              capture_output=True)
        if made.returncode != 0:
            pwd.getpwnam(name)  # made meanwhile by another test worker: fine; else KeyError says so


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
