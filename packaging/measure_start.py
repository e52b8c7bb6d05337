"""Measure the bundle against the venv on this machine, in the same run: size on disk, time to
the first window and time of a home-screen snapshot (the README's Install section quotes them).

    .venv/bin/python packaging/measure_start.py [--runs 5]

Linux only: the first window is timed under a private Xvfb display (Xvfb and xdotool needed),
from starting `dealer-trainer-gui` to its main window being mapped. Each run uses a new empty
database and settings file in a temporary folder, so both start cold in the same way (the
operating system's file cache is warm for both after the first run: the median is reported).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV_BIN = Path(sys.executable).parent
BUNDLE = ROOT / "dist" / "dealer-trainer"


def size_of(paths: list[Path]) -> int:
    seen, total = set(), 0
    for base in paths:
        for p in base.rglob("*"):
            if p.is_file() and not p.is_symlink():
                st = p.stat()
                if (st.st_dev, st.st_ino) not in seen:
                    seen.add((st.st_dev, st.st_ino))
                    total += st.st_size
    return total


def first_window(exe: Path, display: str) -> float:
    work = Path(tempfile.mkdtemp(prefix="dealer-trainer-measure-"))
    env = dict(os.environ, DISPLAY=display, QT_QPA_PLATFORM="xcb", SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", DEALER_TRAINER_SETTINGS=str(work / "settings.ini"))
    started = time.monotonic()
    proc = subprocess.Popen([str(exe), "--db", str(work / "trainer.sqlite3")], cwd=work, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while time.monotonic() - started < 60:
            found = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "Dealer Trainer"],
                                   env=env, capture_output=True, text=True)
            if found.stdout.strip():
                return time.monotonic() - started
            if proc.poll() is not None:
                raise SystemExit(f"measure_start: {exe} exited {proc.returncode} before showing a window")
            time.sleep(0.02)
        raise SystemExit(f"measure_start: no window from {exe} within 60 s")
    finally:
        proc.terminate()
        proc.wait(timeout=20)
        shutil.rmtree(work, ignore_errors=True)


def snapshot(exe: Path) -> float:
    work = Path(tempfile.mkdtemp(prefix="dealer-trainer-measure-"))
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               DEALER_TRAINER_SETTINGS=str(work / "settings.ini"))
    started = time.monotonic()
    subprocess.run([str(exe), "snapshot", "--screen", "home", "--out", str(work / "home.png")], cwd=work,
                   env=env, check=True, capture_output=True)
    took = time.monotonic() - started
    shutil.rmtree(work, ignore_errors=True)
    return took


def main() -> int:
    parser = argparse.ArgumentParser(description="bundle against venv: size and start time")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    if not (BUNDLE / "dealer-trainer-gui").is_file():
        raise SystemExit("measure_start: build the bundle first (make package)")
    site = Path(next(p for p in sys.path if p.endswith("site-packages")))
    venv_size = size_of([Path(sys.prefix), ROOT / "trainer"])
    print(f"size: venv {venv_size / 2**20:.0f} MiB (of which site-packages "
          f"{size_of([site]) / 2**20:.0f} MiB, with test and build tools) · "
          f"bundle {size_of([BUNDLE]) / 2**20:.0f} MiB")
    display = ":%d" % (90 + os.getpid() % 9)
    xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1366x768x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1.0)
    try:
        programs = {"venv": (VENV_BIN / "dealer-trainer-gui", VENV_BIN / "dealer-trainer"),
                    "bundle": (BUNDLE / "dealer-trainer-gui", BUNDLE / "dealer-trainer")}
        results: dict[str, dict[str, list[float]]] = {k: {"window": [], "snapshot": []} for k in programs}
        for _ in range(args.runs):  # interleaved, so that both see the same machine load
            for name, (gui, cli) in programs.items():
                results[name]["window"].append(first_window(gui, display))
                results[name]["snapshot"].append(snapshot(cli))
        for name, r in results.items():
            print(f"{name:6}: first window median {statistics.median(r['window']):.2f} s "
                  f"(min {min(r['window']):.2f}, max {max(r['window']):.2f}); home snapshot median "
                  f"{statistics.median(r['snapshot']):.2f} s (min {min(r['snapshot']):.2f}, "
                  f"max {max(r['snapshot']):.2f}); {args.runs} runs")
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
