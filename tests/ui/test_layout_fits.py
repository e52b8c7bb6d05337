"""Every screen shows every control whole at 1024x700, at 1366x768 and on a 1920x1080
monitor at 150% (QT_SCALE_FACTOR=1.5, which Qt reads once per process: a child process).
A screen that cannot shrink scrolls up and down; none needs sideways scrolling, cuts a
button's label or a title, or puts a widget outside the window (tests/ui/layout_check.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.ui.layout_check import check_all

ROOT = Path(__file__).resolve().parents[2]


def _broken(found: dict[str, list[str]]) -> dict[str, list[str]]:
    return {screen: p for screen, p in found.items() if p}


@pytest.mark.parametrize("size", [(1024, 700), (1366, 768)], ids=["1024x700", "1366x768"])
def test_every_screen_fits_a_small_window(qapp, size):
    assert _broken(check_all(*size)) == {}


def test_the_default_window_shows_every_screen_without_scrolling(qapp):
    """1280x800, the default window, menu bar included: nothing to scroll on any screen."""
    assert _broken(check_all(1280, 800, no_scrolling=True)) == {}


def test_every_screen_fits_1920x1080_at_150_percent():
    env = dict(os.environ, QT_SCALE_FACTOR="1.5", QT_QPA_PLATFORM="offscreen", SDL_VIDEODRIVER="dummy")
    run = subprocess.run([sys.executable, "-m", "tests.ui.layout_check", "1280x720"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    found = json.loads(run.stdout.strip().splitlines()[-1])
    assert len(found) >= 20
    assert _broken(found) == {}
