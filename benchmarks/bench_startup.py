"""Start-up the way a user sees it (issue 17): from starting the process to the main
window's first paint, then to idle (the trainee list filled from the store and the event
loop idle after it), beside a bare PySide6 QMainWindow measured in the same run.

    .venv/bin/python benchmarks/bench_startup.py [--runs N] [--root CHECKOUT]

The app is started as ``dealer-trainer-gui --db NEW_FILE`` starts it (``trainer.gui.main``:
the command line, the settings file, ``trainer.ui.app.run``), on a new database and a new
settings file each time: the app makes its ``QApplication`` as it does when a user starts
it (``trainer.ui.app.ensure_app``, with its base style named on the command line). The bare
peer is ``QApplication`` and a 1280x800 ``QMainWindow``, shown; its idle is the event loop's
first idle after its first paint. Both children see their window's first paint through the
same event filter on the window (never on the whole application, which would call Python
for every event of every widget).

Bytecode: an installed app (a wheel or the bundle) has its modules compiled; a checkout
on a machine with ``PYTHONDONTWRITEBYTECODE`` set (the build machine sets it) compiles
every module of ours from source at every start. So the package is copied into a
temporary folder and compiled there (``compileall``) before measuring, and the children
run from that copy without ``PYTHONDONTWRITEBYTECODE``: the figures are those of an
installed app.

The machine is shared, so bare and app runs alternate (bare, app, bare, app, ...) and the
figures are medians; each run reports wall-clock time from the parent's clock before it
starts the process, and the process's CPU time (every thread's: the store's worker too),
which other processes on the machine do not inflate.
"""

from __future__ import annotations

import argparse
import compileall
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOAL = 1.5  # the app within 1.5x the bare window

CHILD = textwrap.dedent("""
    import os, sys, time

    def say(what):
        print(what, time.monotonic(), time.process_time(), flush=True)

    def paint_watcher():
        \"\"\"An event filter that notes a window's first paint, then its first idle.\"\"\"
        from PySide6.QtCore import QEvent, QObject, QTimer

        def idle():
            say("idle")
            os._exit(0)

        class FirstPaint(QObject):
            window = None

            def eventFilter(self, obj, event):
                if self.window is None and event.type() == QEvent.Type.Paint:
                    self.window = obj
                    say("paint")
                    QTimer.singleShot(0, self.after_paint)
                return False

            def after_paint(self):
                trainees = getattr(self.window, "trainee_screen", None)
                if trainees is None or trainees.ready:  # the bare window, or the list is filled
                    QTimer.singleShot(0, idle)
                else:  # the trainee list is filled when the store's worker is idle
                    self.window.worker.idle.connect(lambda: trainees.ready and QTimer.singleShot(0, idle))

        return FirstPaint()

    if sys.argv[1] == "bare":
        from PySide6.QtWidgets import QApplication, QMainWindow

        app = QApplication(sys.argv[:1])
        first = paint_watcher()
        window = QMainWindow()
        window.resize(1280, 800)
        window.installEventFilter(first)
        window.show()
        app.exec()
    else:
        # The app imports PySide6 when it gets to its window, as it does when a user starts it
        # (its command line and settings are read first): the main window's class is watched
        # as its module is loaded, not imported here beforehand.
        import importlib.util

        class WatchWindow:  # a meta path finder (importlib.abc would cost the app 20 ms here)
            def find_spec(self, name, path, target=None):
                if name != "trainer.ui.main_window":
                    return None
                sys.meta_path.remove(self)
                spec = importlib.util.find_spec(name)
                load = spec.loader.exec_module

                def exec_module(module):
                    load(module)
                    first = module.first_paint = paint_watcher()

                    class Watched(module.MainWindow):  # the same window, its events watched as the bare one's
                        def __init__(self, *args, **kwargs):
                            super().__init__(*args, **kwargs)
                            self.installEventFilter(first)

                    module.MainWindow = Watched

                spec.loader.exec_module = exec_module
                return spec

        sys.meta_path.insert(0, WatchWindow())
        from trainer.gui import main
        main(["--db", sys.argv[2]])
    print("ended without a paint", file=sys.stderr)
    sys.exit(3)
""")


@dataclass
class Times:
    paint_ms: float  # wall clock, process start to the first paint
    paint_cpu: float  # the process's CPU time at the first paint
    idle_ms: float
    idle_cpu: float


def compiled_copy(root: Path, into: Path) -> Path:
    """``root``'s trainer package copied into ``into`` and compiled: what an installed app
    runs. Returns the folder to put on PYTHONPATH."""
    shutil.copytree(root / "trainer", into / "trainer", ignore=shutil.ignore_patterns("__pycache__"))
    if not compileall.compile_dir(into / "trainer", quiet=1, workers=1):
        raise RuntimeError(f"the copy of {root / 'trainer'} does not compile")
    return into


def run_once(which: str, path: Path, folder: Path) -> Times:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(PYTHONPATH=str(path), QT_QPA_PLATFORM=env.get("QT_QPA_PLATFORM", "offscreen"),
               DEALER_TRAINER_SETTINGS=str(folder / "settings.ini"),  # a new settings file, not the user's
               XDG_CONFIG_HOME=str(folder / "config"))  # no station.toml of this user's
    start = time.monotonic()
    out = subprocess.run([sys.executable, "-c", CHILD, which, str(folder / "trainer.sqlite3")], cwd=folder,
                         capture_output=True, text=True, env=env, timeout=120)
    seen = {}
    for line in out.stdout.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[0] in ("paint", "idle"):
            seen[parts[0]] = (float(parts[1]), float(parts[2]))
    if set(seen) != {"paint", "idle"}:
        raise RuntimeError(f"the {which} start-up failed: {(out.stderr or out.stdout).strip()[-400:]}")
    (paint, paint_cpu), (idle, idle_cpu) = seen["paint"], seen["idle"]
    return Times((paint - start) * 1000, paint_cpu * 1000, (idle - start) * 1000, idle_cpu * 1000)


def measure(runs: int, root: Path = ROOT, before: Path | None = None) -> dict[str, list[Times]]:
    """``runs`` starts of each, alternating, after one start of each not counted (the
    disk cache). ``before``: another checkout's app too, in the same rotation."""
    got: dict[str, list[Times]] = {"bare": [], "app": []}
    with tempfile.TemporaryDirectory(prefix="bench-startup-") as tmp:
        installed = compiled_copy(root, Path(tmp) / "installed")
        paths = {"bare": installed, "app": installed}  # (the bare child imports nothing of ours)
        if before is not None:
            paths["before"] = compiled_copy(before, Path(tmp) / "before")
            got["before"] = []
        for n in range(runs + 1):
            for which, path in paths.items():
                folder = Path(tmp) / f"{which}-{n}"
                (folder / "config").mkdir(parents=True)
                times = run_once("bare" if which == "bare" else "app", path, folder)
                if n:
                    got[which].append(times)
                shutil.rmtree(folder, ignore_errors=True)
    return got


def medians(times: list[Times]) -> Times:
    return Times(*(statistics.median(getattr(t, f) for t in times)
                   for f in ("paint_ms", "paint_cpu", "idle_ms", "idle_cpu")))


def figures(got: dict[str, list[Times]], which: str = "app") -> list[tuple[str, float, float, float, float]]:
    """(what, app wall ms, app CPU ms, bare wall ms, bare CPU ms) for the paint and idle."""
    app, bare = medians(got[which]), medians(got["bare"])
    return [("paint", app.paint_ms, app.paint_cpu, bare.paint_ms, bare.paint_cpu),
            ("idle", app.idle_ms, app.idle_cpu, bare.idle_ms, bare.idle_cpu)]


def met(app_ms: float, app_cpu: float, bare_ms: float, bare_cpu: float) -> bool:
    """Within the goal on both clocks."""
    return app_ms <= GOAL * bare_ms and app_cpu <= GOAL * bare_cpu


def load() -> str:
    return f"load average {os.getloadavg()[0]:.1f}" if hasattr(os, "getloadavg") else "load average unknown"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="starts of each, alternating (default 15)")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to measure (default: this one)")
    parser.add_argument("--before", type=Path, help="another checkout (e.g. a git worktree of an older "
                        "commit) measured in the same rotation")
    args = parser.parse_args()
    load_before = load()
    got = measure(args.runs, args.root, args.before)
    print(f"{args.runs} starts each, alternating, compiled copies; {load_before} before, {load()} after")
    for which, root in (("before", args.before), ("app", args.root)):
        if which not in got:
            continue
        for what, app_ms, app_cpu, bare_ms, bare_cpu in figures(got, which):
            print(f"{what:>5}: {root} {app_ms:6.0f} ms wall {app_cpu:6.0f} ms CPU | bare {bare_ms:6.0f} ms wall "
                  f"{bare_cpu:6.0f} ms CPU | {app_ms / bare_ms:.2f}x wall {app_cpu / bare_cpu:.2f}x CPU"
                  f" | goal {'met' if met(app_ms, app_cpu, bare_ms, bare_cpu) else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
