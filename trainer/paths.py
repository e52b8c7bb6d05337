"""Where the shipped data lives, and where the user's database goes by default.

The rules data and the card art are package data: ``trainer/resources/``, found through
``importlib.resources`` the same way from a checkout (editable install), an installed
wheel (also ``pip install --user``) and a frozen bundle (PyInstaller collects the
folder beside the package). The station's *rules folder* (trainer.config) holds the
school's rule texts for the rule book, never a replacement for this data: every station
must ask and grade the same questions as the supervisor's database.
"""

from __future__ import annotations

from pathlib import Path

import platformdirs

APP_NAME = "dealer-trainer"
PACKAGE_DIR = Path(__file__).resolve().parent


def _find_resources() -> Path:
    """The package's resources/ as a folder on disk: the folder beside this file (a checkout,
    a wheel, a bundle), found without importing ``importlib.resources`` (some 10 ms at
    every start). A package imported from a zip file has none: its resources are
    extracted once, for the life of the process."""
    beside = PACKAGE_DIR / "resources"
    if beside.is_dir():
        return beside
    import atexit  # pragma: no cover - zip imports only
    import contextlib
    from importlib import resources as _resources

    ref = _resources.files("trainer").joinpath("resources")
    if isinstance(ref, Path):
        return ref
    stack = contextlib.ExitStack()  # pragma: no cover - zip imports only
    atexit.register(stack.close)
    return Path(stack.enter_context(_resources.as_file(ref)))


RESOURCES = _find_resources()


def resource(*parts: str) -> Path:
    """A shipped file or folder (``resource("games", "pokette", "game.json")``)."""
    return RESOURCES.joinpath(*parts)


def default_db_path() -> Path:
    """An SQLite file in the user's data folder (platformdirs)."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "trainer.sqlite3"
