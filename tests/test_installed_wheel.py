"""The wheel works outside the checkout (issue 15): built with ``pip wheel`` from a copy of
the tree, installed into a fresh venv in tmp_path and run from another folder, it finds
its rules data and card art (package data, importlib.resources): ``analyze`` prints the
exact counts, ``snapshot`` draws the home screen, ``config show`` names the shipped rules.

The venv has no pip and no dependencies of its own: a .pth file lends it this venv's
site-packages (PySide6, pygame, ...) after the wheel is installed, so nothing is
downloaded. A .pth line adds a folder to sys.path without running that folder's own .pth
files, so the checkout's editable install stays out of it (checked below)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT = 600


def copy_tree(dest: Path) -> Path:
    """The files of the checkout a fresh clone would have, plus new ones not yet committed
    (not build/, .venv/, caches: what .gitignore leaves out). The wheel is built from this
    copy so that the build never writes into the shared checkout."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, check=True, timeout=60).stdout.decode("utf-8").split("\0")
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():  # a file deleted in the working tree is not copied
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, dest / name)
    return dest


def venv_paths(venv: Path) -> tuple[Path, Path, Path]:
    """(python, scripts folder, site-packages) of a venv on this platform."""
    scheme = {"base": str(venv), "platbase": str(venv)}
    scripts = Path(sysconfig.get_path("scripts", vars=scheme))
    purelib = Path(sysconfig.get_path("purelib", vars=scheme))
    python = scripts / ("python.exe" if os.name == "nt" else "python")
    return python, scripts, purelib


def run(argv: list, cwd: Path, env: dict) -> subprocess.CompletedProcess:
    done = subprocess.run([str(a) for a in argv], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=TIMEOUT)
    assert done.returncode == 0, f"{argv}: exit {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(the venv's dealer-trainer command, its python, a folder outside the checkout, env)."""
    base = tmp_path_factory.mktemp("wheel")
    src = copy_tree(base / "tree")
    dist = base / "dist"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", dist, src], base, env)
    wheels = list(dist.glob("dealer_trainer-*.whl"))
    assert len(wheels) == 1
    venv = base / "venv"
    run([sys.executable, "-m", "venv", "--without-pip", venv], base, env)
    python, scripts, site = venv_paths(venv)
    # installed before the .pth exists, so pip sees no other copy of the project
    run([sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index", "--quiet",
         wheels[0]], base, env)
    outer_site = Path(sysconfig.get_path("purelib"))
    (site / "_outer_dependencies.pth").write_text(f"{outer_site}\n", encoding="utf-8")
    elsewhere = base / "elsewhere"
    elsewhere.mkdir()
    env.update(QT_QPA_PLATFORM="offscreen", SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               DEALER_TRAINER_CONFIG_DIRS=os.pathsep,
               DEALER_TRAINER_SETTINGS=str(base / "settings.ini"))
    command = scripts / ("dealer-trainer.exe" if os.name == "nt" else "dealer-trainer")
    assert command.exists()
    return command, python, elsewhere, env, wheels[0], site


def test_the_wheel_carries_every_resource_file(installed):
    *_rest, wheel, _site = installed
    shipped = {p.relative_to(ROOT).as_posix() for p in (ROOT / "trainer" / "resources").rglob("*") if p.is_file()}
    assert {"trainer/resources/games/two-card-joker/game.json", "trainer/resources/cards/back.svg",
            "trainer/resources/table-mode/chips.json"} <= shipped
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
    assert shipped <= names, sorted(shipped - names)


def test_the_installed_package_is_the_wheel_not_the_checkout(installed):
    _command, python, elsewhere, env, _wheel, site = installed
    done = run([python, "-c", "import trainer, trainer.paths; print(trainer.__file__); print(trainer.paths.RESOURCES)"],
               elsewhere, env)
    module, resources = (Path(line) for line in done.stdout.splitlines())
    assert module.resolve().is_relative_to(site.resolve())
    assert resources.resolve() == (site / "trainer" / "resources").resolve()
    assert not resources.resolve().is_relative_to(ROOT)


def test_analyze_runs_from_another_folder(installed):
    command, _python, elsewhere, env, *_ = installed
    result = json.loads(run([command, "analyze", "two-card-joker", "--json"], elsewhere, env).stdout)
    assert result["game"] == "two-card-joker" and result["deck"] == 54 and result["total_hands"] == 1431
    assert {h["hand"]: h["count"] for h in result["hands"]} == {
        "two jokers": 1, "royal flush": 4, "straight flush": 48, "straight": 156, "pair": 182, "flush": 260,
        "high card": 780}  # C(54, 2) = 1431 two-card hands, counted by hand
    pair_up_1 = next(b for b in result["bets"] if b["name"] == "Pair Up" and b["table"] == "1")
    assert {o["hand"]: o["pays"] for o in pair_up_1["outcomes"]}["two jokers"] == "40 to 1"  # §11(d), Table 1


def test_snapshot_of_the_home_screen_from_another_folder(installed):
    from PySide6.QtGui import QImage

    command, _python, elsewhere, env, *_ = installed
    out = elsewhere / "home.png"
    run([command, "snapshot", "--screen", "home", "--out", out.name, "--width", "1024", "--height", "700"],
        elsewhere, env)
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    image = QImage(str(out))
    assert not image.isNull() and (image.width(), image.height()) == (1024, 700)
    colours = {image.pixel(x, y) for x in range(0, 1024, 16) for y in range(0, 700, 16)}
    assert len(colours) > 20  # a drawn screen, not an empty one


def test_config_show_works_in_the_installed_package(installed):
    command, _python, elsewhere, env, _wheel, site = installed
    out = run([command, "config", "show"], elsewhere, env).stdout
    assert "rules_folder" in out and "(none: the rule book shows the app's own summaries)" in out
