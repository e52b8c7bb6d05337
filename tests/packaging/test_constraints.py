"""packaging/constraints.txt pins every dependency the project names, at a version its
requirement accepts (the bundle is built from these pins: every station the same build)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.markers import Marker
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[2]


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pins() -> dict[str, tuple[str, str]]:
    out = {}
    for line in (ROOT / "packaging" / "constraints.txt").read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            requirement, _, marker = line.partition(";")
            name, op, version = requirement.partition("==")
            assert op, f"not an exact pin: {line}"
            out[canonical(name)] = (version.strip(), marker.strip())
    return out


def test_every_requirement_of_the_project_is_pinned_within_its_range() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    requirements = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        requirements += extra
    pinned = pins()
    checked = 0
    for text in requirements:
        req = Requirement(text)
        if req.marker is not None and not req.marker.evaluate({"python_version": "3.11", "extra": ""}):
            continue  # the pins are made for the bundle's Python, 3.11
        version, _ = pinned[canonical(req.name)]
        assert req.specifier.contains(version, prereleases=True), f"{req.name}=={version} is outside {req.specifier}"
        checked += 1
    assert checked >= 9


def test_the_add_ons_are_not_pinned_and_the_platform_pins_have_markers() -> None:
    pinned = pins()
    assert "pyside6-addons" not in pinned
    for name, platform in (("pefile", "win32"), ("pywin32-ctypes", "win32"), ("colorama", "win32"),
                           ("macholib", "darwin")):
        marker = Marker(pinned[name][1])
        assert marker.evaluate({"sys_platform": platform})
        assert not marker.evaluate({"sys_platform": "linux"})
