"""The main window's menu bar (issue 12): File, View, Help.

File: switch trainee, import results (the supervisor's tools: a supervisor signs in first),
export this station's results (no account needed: issue 14), quit. View: full screen, larger / smaller / normal
text (trainer/ui/style.py ``set_text_scale``). Help: the keyboard shortcuts of the screen
in front, and about (version, licences, where the data lives).

Every shortcut here has a modifier or is a function key: the screens use the plain
letters and digits (table mode's verbs and seats, the quiz's options) and they must stay
theirs. The menus' own mnemonics (Alt+F, Alt+V, Alt+H) are kept free on every screen
(tests/gui/test_mnemonics.py).

A screen may list its keys with a ``shortcuts()`` method returning ``(keys, what)``
pairs; the Keyboard shortcuts window adds the screen's buttons with a mnemonic (Alt+
letter) and the window's own shortcuts.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QAbstractButton, QLabel, QMainWindow, QMenuBar, QWidget

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMessageBox

import trainer
from trainer.ui.qt_namespace import WINDOW_SHORTCUT, Qt

# The keys (made as the actions are: a QKeySequence needs the QApplication).
# (The platform's standard keys first; the text after it where a platform has none.)
QUIT_KEYS = (QKeySequence.StandardKey.Quit, "Ctrl+Q")
FULL_SCREEN_KEYS = (QKeySequence.StandardKey.FullScreen, "F11")
LARGER_KEYS = (QKeySequence.StandardKey.ZoomIn, "Ctrl++", "Ctrl+=")
SMALLER_KEYS = (QKeySequence.StandardKey.ZoomOut, "Ctrl+-")
NORMAL_KEYS = ("Ctrl+0",)
SHORTCUTS_KEYS = (QKeySequence.StandardKey.HelpContents, "F1")


def key_sequences(keys) -> list[QKeySequence]:
    """Standard keys and key texts as a list of distinct sequences, the platform's first."""
    out: list[QKeySequence] = []
    for k in keys if isinstance(keys, tuple) else (keys,):
        for seq in (QKeySequence.keyBindings(k) if isinstance(k, QKeySequence.StandardKey) else [QKeySequence(k)]):
            if not seq.isEmpty() and seq not in out:
                out.append(seq)
    return out

# A screen's hint that names a key
KEY_WORDS = re.compile(r"\b(Esc|Enter|Space|Tab|Backspace|Ctrl|Alt|Shift|Press|[A-Z0-9])\b|[0-9]–[0-9]|→")

# What the app is built on, and under which licence (About).
LICENCES = (
    ("Qt 6 and PySide6 (Qt for Python)", "GNU LGPL v3", "https://www.qt.io/licensing/"),
    ("pygame (the Pokette wheel)", "GNU LGPL v2.1", "https://www.pygame.org/"),
    ("sqlite-utils", "Apache License 2.0", "https://sqlite-utils.datasette.io/"),
    ("fsrs (the practice scheduler)", "MIT License", "https://github.com/open-spaced-repetition/py-fsrs"),
    ("SQLite", "public domain", "https://sqlite.org/"),
    ("Python", "PSF License", "https://www.python.org/"),
)


def mnemonic(text: str) -> str | None:
    """The mnemonic letter of a label ('&Start' -> 's'; '&&' is a plain ampersand), lower case."""
    i = 0
    while i < len(text) - 1:
        if text[i] == "&":
            if text[i + 1] == "&":
                i += 2
                continue
            return text[i + 1].lower()
        i += 1
    return None


def plain(text: str) -> str:
    """A label without its mnemonic marker ('Sa&ve' -> 'Save', '&&' -> '&')."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def key_text(sequence) -> str:
    seq = sequence if isinstance(sequence, QKeySequence) else QKeySequence(sequence)
    return seq.toString(QKeySequence.SequenceFormat.NativeText)


def screen_shortcuts(screen: QWidget | None, window: QMainWindow | None = None) -> list[tuple[str, str]]:
    """The keys of ``screen``: its own list (``shortcuts()``), its visible buttons with a
    mnemonic, then the window's menu shortcuts."""
    rows: list[tuple[str, str]] = []
    if screen is not None:
        own = getattr(screen, "shortcuts", None)
        if callable(own):
            rows.extend(own())
        else:  # the key hints the screen shows ("Enter practises again · Esc goes home")
            for label in screen.findChildren(QLabel):
                if label.property("role") == "hint" and label.isVisibleTo(screen) and label.text():
                    rows.extend(("", part.strip()) for part in label.text().split(" · ")
                                if KEY_WORDS.search(part))
        seen = set()
        for button in screen.findChildren(QAbstractButton):
            letter = mnemonic(button.text())
            if letter and button.isVisibleTo(screen) and letter not in seen:
                seen.add(letter)
                rows.append((f"Alt+{letter.upper()}", plain(button.text()).rstrip("…")))
    if window is not None:
        for action in window.findChildren(QAction):
            if not action.objectName().startswith("menu-"):
                continue
            keys = action.shortcut()
            if not keys.isEmpty() and action.isEnabled():
                rows.append((key_text(keys), plain(action.text()).rstrip("…")))
    return rows


def shortcuts_html(title: str, rows: list[tuple[str, str]]) -> str:
    from html import escape  # imported when first shown, not at start-up (issue 17)

    lines = "".join(f"<tr><td style='padding:2px 14px 2px 0'><b>{escape(k)}</b></td><td>{escape(w)}</td></tr>"
                    if k else f"<tr><td colspan='2' style='padding:2px 0'>{escape(w)}</td></tr>" for k, w in rows)
    return f"<p><b>{escape(title)}</b></p><table>{lines}</table>"


def about_html(db_path, settings_file: str | None = None) -> str:
    import platform
    from html import escape

    from PySide6 import __version__ as pyside_version
    from PySide6.QtCore import qVersion

    libs = "".join(f"<li>{escape(name)}: {escape(licence)} (<a href='{url}'>{escape(url)}</a>)</li>"
                   for name, licence, url in LICENCES)
    return (f"<p><b>Dealer Trainer {escape(trainer.__version__)}</b><br>"
            "Practise and test the procedures of regulated casino table games.</p>"
            f"<p>Built on Python {escape(platform.python_version())}, Qt {escape(qVersion())} and "
            f"PySide6 {escape(pyside_version)}.</p>"
            f"<p>Licences of the parts it uses:</p><ul>{libs}</ul>"
            "<p>Other packages are used under their own licences, listed in their distributions.</p>"
            f"<p>Where the data lives: the trainees' answers are in the database<br><tt>{escape(str(db_path))}</tt>"
            "<br>(another one: <tt>dealer-trainer --db FILE</tt>).</p>"
            + (f"<p>The window, the text size and the last trainee and game are remembered in<br>"
               f"<tt>{escape(settings_file)}</tt></p>" if settings_file else ""))


class AppMenus:
    """Builds the menu bar of ``window`` (a MainWindow) and keeps its actions' state."""

    def __init__(self, window) -> None:
        self.window = window
        bar: QMenuBar = window.menuBar()
        bar.setObjectName("menu-bar")
        self.file_menu = bar.addMenu("&File")
        self.switch_action = self._action(self.file_menu, "S&witch trainee", window.menu_switch_trainee,
                                          name="menu-switch-trainee")
        self.file_menu.addSeparator()
        self.import_action = self._action(self.file_menu, "&Import results…", window.menu_import_results,
                                          name="menu-import", tip="Add stations' results (a supervisor signs in)")
        self.export_action = self._action(self.file_menu, "&Export this station's results…",
                                          window.menu_export_station, name="menu-export",
                                          tip="Save this station's results for the supervisor (no account needed)")
        self.restore_action = self._action(self.file_menu, "&Restore a backup…", window.menu_restore_backup,
                                           name="menu-restore-backup",
                                           tip="Put the database back as an automatic backup left it "
                                               "(a supervisor signs in)")
        self.file_menu.addSeparator()
        self.quit_action = self._action(self.file_menu, "&Quit", window.close, name="menu-quit", keys=QUIT_KEYS)
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)

        self.view_menu = bar.addMenu("&View")
        self.full_screen_action = self._action(self.view_menu, "&Full screen", window.set_full_screen,
                                               name="menu-full-screen", keys=FULL_SCREEN_KEYS, checkable=True)
        self.view_menu.addSeparator()
        self.larger_action = self._action(self.view_menu, "&Larger text", lambda: window.change_text_size(1),
                                          name="menu-larger", keys=LARGER_KEYS)
        self.smaller_action = self._action(self.view_menu, "&Smaller text", lambda: window.change_text_size(-1),
                                           name="menu-smaller", keys=SMALLER_KEYS)
        self.normal_action = self._action(self.view_menu, "&Normal text size", lambda: window.change_text_size(0),
                                          name="menu-normal-text", keys=NORMAL_KEYS)

        self.help_menu = bar.addMenu("&Help")
        self.shortcuts_action = self._action(self.help_menu, "&Keyboard shortcuts…", window.show_shortcuts,
                                             name="menu-shortcuts", keys=SHORTCUTS_KEYS)
        self.about_action = self._action(self.help_menu, "&About Dealer Trainer…", window.show_about,
                                         name="menu-about")
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)

    def _action(self, menu, text: str, slot, *, name: str, keys=None, tip: str = "",
                checkable: bool = False) -> QAction:
        action = QAction(text, self.window)
        action.setObjectName(name)
        if keys is not None:
            action.setShortcuts(key_sequences(keys))
            # Window-wide, so that the keys work whatever has the focus (and in full screen,
            # where the menu bar may be hidden).
            action.setProperty("shortcutContext", WINDOW_SHORTCUT)  # by value: qt_namespace
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        action.setCheckable(checkable)
        if checkable:
            action.toggled.connect(slot)
        else:
            action.triggered.connect(lambda _checked=False: slot())
        menu.addAction(action)
        self.window.addAction(action)  # the keys work while the menu bar is hidden too
        return action

    def actions(self) -> list[QAction]:
        return [a for a in self.window.findChildren(QAction) if a.objectName().startswith("menu-")]

    def update(self, *, trainee_chosen: bool, at_rest: bool) -> None:
        """Switching trainee or opening the supervisor's tools only where nothing is under way."""
        self.switch_action.setEnabled(trainee_chosen and at_rest)
        self.import_action.setEnabled(at_rest)
        self.export_action.setEnabled(at_rest)
        self.restore_action.setEnabled(at_rest)


def show_message(parent: QWidget, title: str, html: str, name: str) -> QMessageBox:
    """A window-modal information box with rich text (never blocks the caller)."""
    from PySide6.QtWidgets import QMessageBox  # when asked: not on the way to the first paint (issue 17)

    box = QMessageBox(QMessageBox.Icon.NoIcon, title, "", QMessageBox.StandardButton.Close, parent)
    box.setObjectName(name)
    box.setTextFormat(Qt.TextFormat.RichText)
    box.setText(html)
    box.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()
    return box
