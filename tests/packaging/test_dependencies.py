"""Dependencies earn their place (issue 15): the runtime needs Qt GUI and widgets only."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~;\[ ]", requirement, maxsplit=1)[0].strip().lower().replace("_", "-")


def test_pyside6_addons_is_not_a_dependency() -> None:
    names = {_name(r) for r in _project()["dependencies"]}
    assert "pyside6-essentials" in names
    assert "pyside6-addons" not in names and "pyside6" not in names  # "PySide6" would pull the add-ons in


def test_the_bundle_tools_are_an_extra_not_a_runtime_dependency() -> None:
    project = _project()
    runtime = {_name(r) for r in project["dependencies"]}
    assert "pyinstaller" not in runtime
    assert "pyinstaller" in {_name(r) for r in project["optional-dependencies"]["package"]}


def test_a_gui_entry_point_beside_the_console_one() -> None:
    project = _project()
    assert project["scripts"]["dealer-trainer"] == "trainer.cli:main"
    assert project["gui-scripts"]["dealer-trainer-gui"] == "trainer.gui:main"
