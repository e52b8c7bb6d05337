"""Start the application: the QApplication, the look, the main window and its store."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from PySide6.QtCore import QSettings, QSize
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

import trainer
from trainer.ui import style
from trainer.ui.qt_namespace import Qt

APP_NAME = "Dealer Trainer"
# Where QSettings keeps the window's size and place, the text size, the last trainee and game
# (on Linux ~/.config/dealer-trainer/dealer-trainer.ini).
SETTINGS_ORGANISATION = "dealer-trainer"
SETTINGS_APPLICATION = "dealer-trainer"
# The application's icon: packaging/icon/dealer-trainer.svg drawn at these sizes by
# packaging/make_icons.py into the package's resources/icons/.
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)
DESKTOP_FILE = "dealer-trainer"  # packaging/dealer-trainer.desktop: how Linux desktops match the window


SETTINGS_ENV = "DEALER_TRAINER_SETTINGS"  # another settings file (an INI file's path): tests, stations


def user_settings() -> QSettings:
    """The user's settings for this application, or the INI file named by
    $DEALER_TRAINER_SETTINGS (the tests set it, so that they never touch the user's)."""
    path = os.environ.get(SETTINGS_ENV)
    if path:
        return QSettings(path, QSettings.Format.IniFormat)
    return QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, SETTINGS_ORGANISATION,
                     SETTINGS_APPLICATION)


def app_icon() -> QIcon:
    """The window and taskbar icon, at every size drawn."""
    from trainer.paths import resource

    icon = QIcon()
    for size in ICON_SIZES:
        path = resource("icons", f"dealer-trainer-{size}.png")
        if path.is_file():
            icon.addFile(str(path), QSize(size, size))
    return icon


def ensure_app(argv: list[str] | None = None) -> QApplication:
    """The running QApplication, made (and styled) if there is none yet."""
    app = QApplication.instance()
    made = app is None
    if made:
        # The base style named as the application is made (Qt's -style option, taken out of its
        # arguments): QApplication.setStyle hands Python the style object, whose enums PySide
        # builds, some 10 ms before the first paint (issue 17).
        app = QApplication([*(argv if argv is not None else sys.argv[:1]), "-style", style.BASE_STYLE])
    app.setApplicationName(APP_NAME)
    app.setApplicationDisplayName(APP_NAME)
    app.setApplicationVersion(trainer.__version__)
    app.setWindowIcon(app_icon())
    app.setDesktopFileName(DESKTOP_FILE)
    style.apply(app, base_style=not made)
    return app  # type: ignore[return-value]


def store_error_text(db_path: Path, message: str) -> str:
    return (f"{message}\n\nDealer Trainer stops here so that nothing is written to this file. "
            f"To use another database, start it with:\n    dealer-trainer --db OTHER_FILE")


def run(db_path: str | Path, *, full_screen: bool = False, settings: QSettings | None = None) -> int:
    """Show the main window on the database at ``db_path``; the exit code of the app.
    ``full_screen``: start full screen (classroom stations). ``settings``: where the window
    is remembered (default: the user's settings).

    A database that cannot be opened (damaged, another program's, from a newer version)
    is reported in a message box and the app exits with code 1, leaving the file as it was."""
    from trainer.ui.main_window import MainWindow

    app = ensure_app()
    db_path = Path(db_path)
    window = MainWindow(db_path, settings=settings if settings is not None else user_settings())
    outcome = {"code": 0}

    def failed(message: str) -> None:
        from PySide6.QtWidgets import QMessageBox  # when asked: not on the way to the first paint (issue 17)

        outcome["code"] = 1
        print(f"dealer-trainer: cannot open the database: {message}", file=sys.stderr)
        window.hide()
        box = QMessageBox(QMessageBox.Icon.Critical, "Dealer Trainer cannot open its database",
                          store_error_text(db_path, message), QMessageBox.StandardButton.Close)
        box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        box.exec()
        window.shutdown()
        app.exit(1)

    window.store_failed.connect(failed)
    app.aboutToQuit.connect(window.shutdown)
    window.show()
    if full_screen:
        window.set_full_screen(True)
    code = app.exec()
    window.shutdown()
    return outcome["code"] or code
