"""Where the shipped data lives, and where the user's database goes by default."""

from __future__ import annotations

from pathlib import Path

import platformdirs

APP_NAME = "dealer-trainer"
PACKAGE_DIR = Path(__file__).resolve().parent
RESOURCES = PACKAGE_DIR.parent / "resources"


def resource(*parts: str) -> Path:
    return RESOURCES.joinpath(*parts)


def default_db_path() -> Path:
    """An SQLite file in the user's data folder (platformdirs)."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "trainer.sqlite3"
