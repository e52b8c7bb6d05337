"""Where the shipped data lives, and where the user's database goes by default.

The rules data and the card art are package data: ``trainer/resources/``, found through
``importlib.resources`` the same way from a checkout (editable install), an installed
wheel (also ``pip install --user``) and a frozen bundle (PyInstaller collects the
folder beside the package). A station's settings may name a *rules folder* whose
``<game id>/`` folders replace the shipped ones of those games (``use_rules_folder``;
see ``trainer.config``).
"""

from __future__ import annotations

import atexit
import contextlib
from importlib import resources as _resources
from pathlib import Path

import platformdirs

APP_NAME = "dealer-trainer"
PACKAGE_DIR = Path(__file__).resolve().parent


def _find_resources() -> Path:
    """The package's resources/ as a folder on disk. A package imported from a zip file
    has none: its resources are extracted once, for the life of the process."""
    ref = _resources.files("trainer").joinpath("resources")
    if isinstance(ref, Path):
        return ref
    stack = contextlib.ExitStack()  # pragma: no cover - zip imports only
    atexit.register(stack.close)
    return Path(stack.enter_context(_resources.as_file(ref)))


RESOURCES = _find_resources()
_rules_folder: Path | None = None


def use_rules_folder(folder: Path | None) -> None:
    """Read a game's rules data from ``folder/<game id>/`` when that folder exists, else
    from the shipped data (None: the shipped data for every game). Set before any rules
    data is read (the command line does it first thing): the data is read once."""
    global _rules_folder
    _rules_folder = Path(folder) if folder is not None else None


def rules_folder() -> Path | None:
    return _rules_folder


def resource(*parts: str) -> Path:
    """A shipped file or folder (``resource("games", "pokette", "game.json")``); a game's
    rules data comes from the station's rules folder when it has that game."""
    if _rules_folder is not None and len(parts) >= 2 and parts[0] == "games":
        own = _rules_folder / parts[1]
        if own.is_dir():
            return own.joinpath(*parts[2:])
    return RESOURCES.joinpath(*parts)


def default_db_path() -> Path:
    """An SQLite file in the user's data folder (platformdirs)."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "trainer.sqlite3"
