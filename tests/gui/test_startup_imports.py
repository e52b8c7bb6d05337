"""Start-up imports only what the first screen needs (issue 17).

The window's first paint shows the trainee list; the games, the rule book and its texts,
the store (sqlite-utils), the training layer and every other screen are imported when
first used. Checked in a fresh interpreter (never timed): import the app's modules,
make and show the main window as ``trainer.ui.app.run`` does, let it paint, then list
what ``sys.modules`` holds. The store is not opened here: the window opens it on the
worker's thread, which imports it there.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHILD = textwrap.dedent("""
    import json, sys, tempfile
    from pathlib import Path
    from PySide6.QtCore import QSettings
    from trainer.ui.app import ensure_app
    from trainer.ui.main_window import MainWindow

    app = ensure_app()
    folder = Path(tempfile.mkdtemp(prefix="startup-imports-"))
    window = MainWindow(folder / "trainer.sqlite3", open_store=False,
                        settings=QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat))
    window.show()
    app.processEvents()
    window.repaint()
    import enum, gc  # was Qt's namespace built (all its enums, ~25 ms: trainer.ui.qt_namespace)?
    qt_built = any(isinstance(o, enum.EnumType) and o.__qualname__ == "Qt.AlignmentFlag" for o in gc.get_objects())
    print(json.dumps({"modules": sorted(sys.modules), "screen": type(window.current_screen()).__name__,
                      "actions": sorted(a.objectName() for a in window.menus.actions()),
                      "qt_namespace_built": qt_built}), flush=True)
    window.shutdown()
""")

NOT_AT_START = ("trainer.games", "trainer.rulebook", "trainer.training", "trainer.store", "trainer.review",
                "trainer.server", "trainer.ui.table_mode", "trainer.contracts.question", "trainer.contracts.game",
                "sqlite_utils")


def started() -> dict:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen",
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    out = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, env=env, cwd=ROOT,
                         timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_the_first_paint_imports_the_trainee_list_alone():
    got = started()
    modules = got["modules"]
    early = [m for m in modules if any(m == p or m.startswith(p + ".") for p in NOT_AT_START)]
    assert early == []
    screens = [m for m in modules if m.startswith("trainer.ui.screens.")]
    assert screens == ["trainer.ui.screens.trainee_screen"]
    assert got["screen"] == "TraineeScreen"
    # PySide6 builds all of Qt's namespace at its first use: the first screen sets its few Qt
    # values by value (trainer.ui.qt_namespace), so the namespace waits for the first key or click
    assert got["qt_namespace_built"] is False
    # the window's keys are all there though their screens are not loaded: the menus and the rule book's
    assert got["actions"] == sorted(["menu-switch-trainee", "menu-import", "menu-export", "menu-restore-backup",
                                     "menu-quit", "menu-full-screen", "menu-larger", "menu-smaller",
                                     "menu-normal-text", "menu-shortcuts", "menu-about", "menu-rulebook"])


def test_the_store_opens_after_the_first_paint(qtbot, tmp_path):
    from PySide6.QtCore import QEvent, QObject

    from trainer.ui.main_window import MainWindow

    window = MainWindow(tmp_path / "paint-first.sqlite3")
    qtbot.addWidget(window)
    assert window.worker.pending == 0 and not window.store_ready  # nothing asked of the store yet
    assert window.trainee_screen.empty.text() == "Opening the database…"
    at_paint: list[int] = []

    class Paints(QObject):
        def eventFilter(self, obj, event):
            if event.type() == QEvent.Type.Paint:
                at_paint.append(window.worker.pending)
            return False

    watch = Paints()
    window.installEventFilter(watch)
    window.show()
    qtbot.waitUntil(lambda: window.trainee_screen.ready, timeout=10_000)
    assert at_paint and at_paint[0] == 0  # the first paint came before the opening was submitted
    assert window.store_ready and window.trainee_screen.trainees() == []
    window.close()


def test_a_window_never_shown_opens_its_store_too(qtbot, tmp_path):
    from trainer.ui.main_window import MainWindow

    window = MainWindow(tmp_path / "hidden.sqlite3")
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: window.trainee_screen.ready, timeout=10_000)
    assert window.store_ready and not window.isVisible()
    window.add_trainee("Hidden Dealer")
    qtbot.waitUntil(lambda: window.trainee is not None and window.trainee.name == "Hidden Dealer")
    window.close()


# The command line's part of the start (``dealer-trainer-gui --db PATH``): what it reads and
# parses before the window is made. The window itself is the test above's.
CLI_CHILD = textwrap.dedent("""
    import json, sys, tempfile
    from pathlib import Path
    import trainer.ui.app as app

    seen = {}

    def run(db, *, full_screen=False):
        seen.update(db=str(db), full_screen=full_screen, modules=sorted(sys.modules))
        return 0

    app.run = run
    import trainer.display_check
    trainer.display_check.problem = lambda: None
    from trainer.gui import main
    folder = Path(tempfile.mkdtemp(prefix="startup-cli-"))
    code = main(["--db", str(folder / "trainer.sqlite3"), "--fullscreen"])
    print(json.dumps(dict(seen, code=code, folder=str(folder))), flush=True)
""")

# the commands' own modules; a settings file's parser when there is no file; platform, datetime
NOT_AT_CLI_START = ("trainer.results_cli", "trainer.server", "trainer.games", "trainer.store", "trainer.review",
                    "trainer.training", "trainer.rulebook.library", "trainer.analysis_report", "trainer.calculator",
                    "tomllib", "platform", "datetime", "sqlite_utils", "click")


def test_the_command_line_of_the_app_builds_no_command(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen",  # no settings file in either folder
               DEALER_TRAINER_CONFIG_DIRS=os.pathsep.join([str(tmp_path / "machine"), str(tmp_path / "user")]),
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    env.pop("DEALER_TRAINER_RULES", None)
    out = subprocess.run([sys.executable, "-c", CLI_CHILD], capture_output=True, text=True, env=env, cwd=tmp_path,
                         timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    got = json.loads(out.stdout.strip().splitlines()[-1])
    assert got["code"] == 0 and got["full_screen"] is True
    assert got["db"] == str(Path(got["folder"]) / "trainer.sqlite3")
    early = [m for m in got["modules"] if any(m == p or m.startswith(p + ".") for p in NOT_AT_CLI_START)]
    assert early == []


STYLE_CHILD = textwrap.dedent("""
    import json, sys
    from trainer.ui.app import ensure_app

    app = ensure_app(["dealer-trainer"])
    sheet = bool(app.styleSheet())
    app.setStyleSheet("")  # the base style under the stylesheet
    print(json.dumps({"style": app.style().name(), "arguments": app.arguments(), "sheet": sheet,
                      "window": app.palette().color(app.palette().ColorRole.Window).name()}), flush=True)
""")


def test_the_app_made_at_start_has_the_fusion_style_without_setting_it(tmp_path):
    """ensure_app names the base style as it makes the application (Qt's -style option), not with
    setStyle afterwards; the look is the same, whatever style the environment asks for."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", QT_STYLE_OVERRIDE="windows",
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    out = subprocess.run([sys.executable, "-c", STYLE_CHILD], capture_output=True, text=True, env=env, cwd=tmp_path,
                         timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    got = json.loads(out.stdout.strip().splitlines()[-1])
    assert got == {"style": "fusion", "arguments": ["dealer-trainer"], "sheet": True, "window": "#eef2ef"}


def test_the_values_set_before_the_first_paint_are_qts(qapp):
    """trainer.ui.qt_namespace's values, set through the widgets' properties, are Qt's own,
    and they take effect as the enums would."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QLabel, QListWidgetItem, QWidget

    from trainer.ui import qt_namespace as ns

    assert ns.NO_FOCUS == Qt.FocusPolicy.NoFocus.value
    assert ns.ALIGN_CENTER == Qt.AlignmentFlag.AlignCenter.value
    assert ns.WINDOW_SHORTCUT == Qt.ShortcutContext.WindowShortcut.value
    assert ns.USER_ROLE == Qt.ItemDataRole.UserRole.value
    widget, label, action = QWidget(), QLabel("x"), QAction("x")
    assert widget.setProperty("focusPolicy", ns.NO_FOCUS)
    assert label.setProperty("alignment", ns.ALIGN_CENTER)
    assert action.setProperty("shortcutContext", ns.WINDOW_SHORTCUT)
    assert widget.focusPolicy() == Qt.FocusPolicy.NoFocus
    assert label.alignment() == Qt.AlignmentFlag.AlignCenter
    assert action.shortcutContext() == Qt.ShortcutContext.WindowShortcut
    item = QListWidgetItem("Ann")
    item.setData(ns.USER_ROLE, 7)
    assert item.data(Qt.ItemDataRole.UserRole) == 7
    assert ns.Qt.AlignmentFlag is Qt.AlignmentFlag  # the namespace itself, when first used
