"""Where the shipped data lives, and where the user's database goes by default."""

from __future__ import annotations

import sys
from pathlib import Path

import platformdirs

APP_NAME = "dealer-trainer"
PACKAGE_DIR = Path(__file__).resolve().parent


def _find_resources() -> Path:
    """resources/ beside the package in a checkout (editable install), or where a wheel
    installs its data files (see [tool.setuptools.data-files] in pyproject.toml)."""
    candidates = [PACKAGE_DIR.parent / "resources", Path(sys.prefix) / "share" / APP_NAME / "resources"]
    for path in candidates:
        if (path / "games").is_dir():
            return path
    return candidates[0]


RESOURCES = _find_resources()


def resource(*parts: str) -> Path:
    return RESOURCES.joinpath(*parts)


def default_db_path() -> Path:
    """An SQLite file in the user's data folder (platformdirs)."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "trainer.sqlite3"
