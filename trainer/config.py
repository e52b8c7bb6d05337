"""The station's settings: a TOML file read from the machine-wide config folder and then
from the user's (the user's file wins, key by key), with the command line over both.

The file is ``station.toml`` in
- the machine-wide folder (platformdirs' ``site_config_dir``): ``C:\\ProgramData\\dealer-trainer``
  on Windows, ``/etc/xdg/dealer-trainer`` on Linux, ``/Library/Application Support/dealer-trainer``
  on macOS;
- the user's config folder (``user_config_dir``): ``%LOCALAPPDATA%\\dealer-trainer``,
  ``~/.config/dealer-trainer``, ``~/Library/Application Support/dealer-trainer``.

``DEALER_TRAINER_CONFIG_DIRS`` replaces both folders (tests use it so that they never read
the real ones): ``MACHINE_DIR`` and ``USER_DIR`` joined by ``os.pathsep``; an empty part
means "no such file".

Keys (every one optional)::

    station = "lab-a-07"                          # the station's name: results files are named after it
    database = 'D:\\DealerTrainer\\trainer.sqlite3' # the trainees' database (dealer-trainer --db wins)
    results_folder = '\\\\school-fs\\results'      # where "Export this station's results" starts
    rules_folder = 'C:\\ProgramData\\dealer-trainer\\rules'  # the school's rule texts, for the rule book
    [server]                                      # the classroom server (issue 19), if the school has one
    url = "postgresql://lab-a-07@school-db/dealer_trainer?sslmode=verify-full"   # never with a password

``server.url`` is the PostgreSQL server the station sends its results to and takes its
exams from (``--server URL`` wins over it); a URL holding a password is refused (a station
authenticates with a certificate or the computer's domain identity: see the README).
Other ``[server]`` keys are accepted and shown, not used.

The rules folder holds the school's copies of the regulations (``two-card-joker-poker.txt``,
``RULINGS.md``, ...), which the rule book shows (trainer.rulebook). It never replaces the
app's own rules data (pay tables, procedures): every station and the supervisor's database
must ask and grade the same questions, or an exam could not be replayed at import.

A path may use ``~`` and environment variables (``%PUBLIC%``, ``$HOME``); a relative path
is taken from the folder of the file that gives it. ``load`` raises ``ConfigError`` with
one line naming the file and the key for anything it does not accept: TOML that does not
parse, an unknown key, a value of the wrong type, a rules folder that is not a folder.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import platformdirs

from trainer.paths import APP_NAME, default_db_path

if TYPE_CHECKING:
    from datetime import datetime

# Start-up (issue 17): tomllib is imported when a settings file is there to read, platform and
# datetime when needed; the app's start with no station.toml imports none of them.

FILE_NAME = "station.toml"
ENV_DIRS = "DEALER_TRAINER_CONFIG_DIRS"

DEFAULT = "default"
MACHINE = "machine file"
USER = "user file"
COMMAND_LINE = "command line"

# key: what the value must be, said in an error message
KEYS: dict[str, str] = {
    "station": "text (the station's name)",
    "database": "text (the path of the database file)",
    "results_folder": "text (the path of a folder)",
    "rules_folder": "text (the path of a folder)",
}
PATH_KEYS = ("database", "results_folder", "rules_folder")
SERVER_VALUE_TYPES = (str, int, float, bool)


class ConfigError(ValueError):
    """A settings file the app does not accept; ``str(e)`` is one line naming the file and key."""


@dataclass(frozen=True)
class Setting:
    value: Any
    source: str = DEFAULT  # DEFAULT, MACHINE, USER or COMMAND_LINE
    file: Path | None = None  # the file it came from


@dataclass(frozen=True)
class ConfigFile:
    label: str  # MACHINE or USER
    path: Path
    present: bool


@dataclass(frozen=True)
class StationConfig:
    """The settings in force and where each came from."""

    station: Setting
    database: Setting
    results_folder: Setting
    rules_folder: Setting  # the school's rule texts (the regulations) for the rule book; None: not loaded
    server: dict[str, Setting] = field(default_factory=dict)
    files: tuple[ConfigFile, ...] = ()

    def settings(self) -> dict[str, Setting]:
        return {"station": self.station, "database": self.database,
                "results_folder": self.results_folder, "rules_folder": self.rules_folder}


def config_dirs() -> list[tuple[str, Path | None]]:
    """(label, folder) of the machine-wide file's folder, then the user's."""
    env = os.environ.get(ENV_DIRS)
    if env is not None:
        parts = env.split(os.pathsep)
        if len(parts) > 2:
            raise ConfigError(f"{ENV_DIRS} holds {len(parts)} folders; give at most two "
                              f"(the machine's, then the user's, separated by {os.pathsep!r})")
        parts += [""] * (2 - len(parts))
        return [(MACHINE, Path(parts[0]) if parts[0] else None), (USER, Path(parts[1]) if parts[1] else None)]
    return [(MACHINE, Path(platformdirs.site_config_dir(APP_NAME, appauthor=False))),
            (USER, Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)))]


def default_station_name() -> str:
    return _node().split(".")[0] or "station"


def _node() -> str:
    """``platform.node()``: os.uname's node name where there is one (platform.node() reads the
    same), else platform's (Windows: the socket's host name)."""
    node = os.uname().nodename if hasattr(os, "uname") else ""
    if node:
        return node
    import platform

    return platform.node()


def default_results_folder() -> Path:
    return Path.home()


def read_file(path: Path) -> dict[str, Any] | None:
    """The TOML table of ``path``; None when there is no such file."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as e:
        raise ConfigError(f"{path}: cannot be read: {e.strerror or e}") from None
    try:
        text = data.decode("utf-8-sig")  # Notepad may begin the file with a byte-order mark
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: is not UTF-8 text; save it as UTF-8") from None
    import tomllib

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(f"{path}: is not valid TOML: {e}") from None


def _type_name(value: Any) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, dict):
        return "a table"
    return {int: "a whole number", float: "a number", str: "text", list: "a list"}.get(type(value), type(value).__name__)


_VARIABLE = re.compile(r"\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|%[A-Za-z_][A-Za-z0-9_()]*%")


def _path(path: Path, key: str, text: str) -> Path:
    expanded = os.path.expandvars(os.path.expanduser(text))
    if unset := _VARIABLE.findall(expanded):
        raise ConfigError(f"{path}: {key}: the environment variable {unset[0]} is not set")
    value = Path(expanded)
    return value if value.is_absolute() else (path.parent / value)


def check_table(path: Path, table: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(settings, server settings) of one file, every key and value checked."""
    values: dict[str, Any] = {}
    server: dict[str, Any] = {}
    for key, value in table.items():
        if key == "server":
            if not isinstance(value, dict):
                raise ConfigError(f"{path}: server: must be a table ([server]), not {_type_name(value)}")
            for name, item in value.items():
                if isinstance(item, dict | list) or not isinstance(item, SERVER_VALUE_TYPES):
                    raise ConfigError(f"{path}: server.{name}: must be text, a number or true/false, "
                                      f"not {_type_name(item)}")
                if name == "url" and not isinstance(item, str):
                    raise ConfigError(f"{path}: server.url: must be text (a PostgreSQL URL), not {_type_name(item)}")
                if name == "url" and _has_password(item):
                    raise ConfigError(f"{path}: server.url: holds a password; a station's settings never do "
                                      "(use a client certificate or the computer's domain sign-in: see the README)")
                server[name] = item
            continue
        if key not in KEYS:
            raise ConfigError(f"{path}: unknown key {key!r}; the keys are {', '.join(KEYS)} and [server]")
        if not isinstance(value, str):
            raise ConfigError(f"{path}: {key}: must be {KEYS[key]}, not {_type_name(value)}")
        if not value.strip():
            raise ConfigError(f"{path}: {key}: is empty")
        if key in PATH_KEYS:
            values[key] = _path(path, key, value)
            if key == "rules_folder" and not values[key].is_dir():
                raise ConfigError(f"{path}: rules_folder: {values[key]} is not a folder")
            if key == "database" and values[key].is_dir():
                raise ConfigError(f"{path}: database: {values[key]} is a folder; give the database file's path")
        else:
            values[key] = value.strip()
    return values, server


def _has_password(url: str) -> bool:
    try:
        from trainer.server.connection import url_has_password
    except ImportError:  # psycopg not installed: the URL's own syntax only
        return "password" in url or bool(re.match(r"^[a-z]+://[^/@]*:[^/@]*@", url.strip()))
    return url_has_password(url)


def server_url(config: StationConfig) -> str | None:
    """The classroom server's URL in force (``[server] url`` or ``--server``), if any."""
    setting = config.server.get("url")
    return setting.value if setting is not None and setting.value else None


def load(*, db: Path | None = None, server_url: str | None = None) -> StationConfig:
    """The settings in force: defaults, then the machine file, then the user's, then ``db``
    and ``server_url`` (the command line's ``--db`` and ``--server``)."""
    found: dict[str, Setting] = {
        "station": Setting(default_station_name()),
        "database": Setting(default_db_path()),
        "results_folder": Setting(default_results_folder()),
        "rules_folder": Setting(None),
    }
    server: dict[str, Setting] = {}
    files: list[ConfigFile] = []
    for label, folder in config_dirs():
        if folder is None:
            continue
        path = folder / FILE_NAME
        table = read_file(path)
        files.append(ConfigFile(label, path, table is not None))
        if table is None:
            continue
        values, more = check_table(path, table)
        found.update({k: Setting(v, label, path) for k, v in values.items()})
        server.update({k: Setting(v, label, path) for k, v in more.items()})
    if db is not None:
        found["database"] = Setting(Path(db), COMMAND_LINE)
    if server_url is not None:
        if _has_password(server_url):
            raise ConfigError("--server: the URL holds a password; a station's never does (use a client "
                              "certificate or the computer's domain sign-in: see the README)")
        server["url"] = Setting(server_url, COMMAND_LINE)
    return StationConfig(**found, server=server, files=tuple(files))


# -- the settings of this run (set by the command line; read by the window) ------------------
_current: StationConfig | None = None


def activate(config: StationConfig | None) -> None:
    """Make ``config`` the settings of this run (None: forget them)."""
    global _current
    _current = config


def current() -> StationConfig:
    """The settings activated by the command line; without one, the files' (or, if they
    are not accepted, the defaults: the command line has already said why)."""
    if _current is not None:
        return _current
    try:
        return load()
    except ConfigError:
        return StationConfig(Setting(default_station_name()), Setting(default_db_path()),
                             Setting(default_results_folder()), Setting(None))


# -- config show ---------------------------------------------------------------------------
def _shown(value: Any) -> str:
    if value is None:
        return "(none)"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def format_config(config: StationConfig) -> str:
    """What ``dealer-trainer config show`` prints."""
    lines = ["Settings files (the user's file wins over the machine's, the command line over both):"]
    for f in config.files:
        lines.append(f"  {f.label + ':':<14}{f.path}  ({'read' if f.present else 'not present'})")
    if not config.files:
        lines.append("  (none)")
    lines += ["", "In force:"]
    rows = []
    for key, s in config.settings().items():
        value = _shown(s.value)
        if key == "rules_folder" and s.value is None:
            value = "(none: the rule book shows the app's own summaries)"
        rows.append((key, value, s.source))
    for key, s in sorted(config.server.items()):
        use = "the classroom server" if key == "url" else "not used yet"
        rows.append((f"server.{key}", _shown(s.value), f"{s.source}; {use}"))
    if not config.server:
        rows.append(("[server]", "(none)", "settings of the server to come"))
    width = max(len(r[0]) for r in rows)
    value_width = min(max(len(r[1]) for r in rows), 58)
    for key, value, source in rows:  # two spaces at least between the columns
        lines.append(f"  {key:<{width}}  {value:<{value_width}}  {source}")
    return "\n".join(lines)


# -- results files -------------------------------------------------------------------------
def results_file_name(station: str, when: datetime | None = None) -> str:
    """``<station>-<YYYYmmdd-HHMMSS>.dtresults`` (the station's local time): twenty stations
    can export into one shared folder without one file replacing another's."""
    from datetime import datetime

    from trainer.review.importer import FILE_SUFFIX

    safe = re.sub(r"[^A-Za-z0-9._-]+", "-", station).strip("-.") or "station"
    return f"{safe}-{(when or datetime.now()).strftime('%Y%m%d-%H%M%S')}{FILE_SUFFIX}"


def results_file_path(config: StationConfig, when: datetime | None = None) -> Path:
    """Where this station's results file goes by default: the results folder, named after
    the station and the time."""
    return Path(config.results_folder.value) / results_file_name(config.station.value, when)
