"""The main window's desktop conventions (issue 12): the menu bar and its keys, which never
take a key a screen uses; text size on every screen; the window, trainee, game and text
size remembered in QSettings (a temporary file here, never the user's); full screen.
"""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QMessageBox

import trainer
from trainer.store import Store
from trainer.training.table_mode import games
from trainer.ui import snapshot, style
from trainer.ui.main_window import MainWindow

GAME = "two-card-joker"


@pytest.fixture(autouse=True)
def normal_text():
    """The text size is the application's: every test starts and ends at 100%."""
    style.set_text_scale(1.0)
    yield
    style.set_text_scale(1.0)


@pytest.fixture
def settings(tmp_path):
    s = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    yield s
    s.sync()


def open_window(qtbot, db, settings=None) -> MainWindow:
    window = MainWindow(db, settings=settings)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: window.trainee_screen.ready, timeout=10_000)
    return window


def with_trainee(qtbot, tmp_path, name="Menu Trainee", settings=None) -> MainWindow:
    window = open_window(qtbot, tmp_path / "menus.sqlite3", settings)
    window.add_trainee(name)
    qtbot.waitUntil(lambda: window.current_screen() is window.home_screen, timeout=5000)
    return window


def action(window, name: str):
    (found,) = [a for a in window.menus.actions() if a.objectName() == name]
    return found


def keys_of(window, name: str) -> set[str]:
    return {k.toString(QKeySequence.SequenceFormat.PortableText) for k in action(window, name).shortcuts()}


# ---------------------------------------------------------------- the menus and their keys
def test_the_menu_bar_has_file_view_and_help(qtbot, tmp_path):
    window = open_window(qtbot, tmp_path / "m.sqlite3")
    bar = window.menuBar()
    assert [a.text() for a in bar.actions()] == ["&File", "&View", "&Help"]
    texts = {m.title(): [a.text() for a in m.actions() if not a.isSeparator()]
             for m in (window.menus.file_menu, window.menus.view_menu, window.menus.help_menu)}
    wanted = {  # in this order (other entries may come between: the menus grow)
        "&File": ["S&witch trainee", "&Import results…", "&Export this station's results…", "&Restore a backup…",
                  "&Quit"],
        "&View": ["&Full screen", "&Larger text", "&Smaller text", "&Normal text size"],
        "&Help": ["&Keyboard shortcuts…", "&About Dealer Trainer…"],
    }
    for title, entries in wanted.items():
        assert [t for t in texts[title] if t in entries] == entries, title
    assert texts["&File"][-1] == "&Quit"
    for entries in texts.values():  # each menu's own mnemonics are unique too
        letters = [t[t.index("&") + 1].lower() for t in entries if "&" in t]
        assert len(letters) == len(set(letters)), entries
    assert "Ctrl+Q" in keys_of(window, "menu-quit")
    assert "F11" in keys_of(window, "menu-full-screen")
    assert {"Ctrl++", "Ctrl+="} <= keys_of(window, "menu-larger")
    assert "Ctrl+-" in keys_of(window, "menu-smaller")
    assert keys_of(window, "menu-normal-text") == {"Ctrl+0"}
    assert "F1" in keys_of(window, "menu-shortcuts")


def test_no_menu_key_is_a_plain_letter_digit_or_key_the_screens_use(qtbot, tmp_path):
    """Table mode uses letters and digits, the quiz digits, Enter, Backspace and Esc:
    every key of the menus has Ctrl, Alt or Meta, or is a function key."""
    window = open_window(qtbot, tmp_path / "m.sqlite3")
    for a in window.menus.actions():
        for seq in a.shortcuts():
            combo = seq[0]
            mods = combo.keyboardModifiers() & ~Qt.KeyboardModifier.KeypadModifier
            key = combo.key()
            function_key = Qt.Key.Key_F1.value <= key.value <= Qt.Key.Key_F35.value
            dedicated = key in (Qt.Key.Key_ZoomIn, Qt.Key.Key_ZoomOut, Qt.Key.Key_Help)  # keyboards' own keys
            assert mods not in (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.ShiftModifier) \
                or function_key or dedicated, f"{a.objectName()} takes {seq.toString()}"


def test_menu_keys_leave_the_table_its_letters_and_digits(qtbot, tmp_path):
    if not games.has_table_mode(GAME):
        pytest.skip("no table mode")
    from trainer.core.table.levels import level
    from trainer.contracts.round_record import DEAL_MODE
    from trainer.ui.table_mode.setup import Settings

    window = with_trainee(qtbot, tmp_path)
    screen = window.start_drill(f"{GAME}.table", 7, record=False)
    screen.begin(Settings(DEAL_MODE, level("guided"), {}, 7))
    screen.setFocus()
    qtbot.keyClick(screen, Qt.Key.Key_1)
    assert screen.deal.selection is not None and screen.deal.selection.seat == 1  # the digit is the table's
    qtbot.keyClick(screen, Qt.Key.Key_0)
    assert screen.deal.selection.seat == 0
    qtbot.keyClick(screen, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)  # Ctrl+=: larger text
    assert style.text_scale() == 1.1
    assert screen.deal.selection.seat == 0 and window.current_screen() is screen  # nothing else happened
    qtbot.keyClick(screen, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)  # Ctrl+0: normal, not the dealer
    assert style.text_scale() == 1.0 and screen.deal.selection.seat == 0 and screen.round.done == 0


def test_f1_lists_the_keys_of_the_screen_in_front(qtbot, tmp_path):
    window = with_trainee(qtbot, tmp_path)
    text = window.shortcuts_text()
    assert "Alt+S" in text and "Start practice" in text and "Alt+W" in text and "Switch trainee" in text
    assert "Ctrl+Q" in text and "Quit" in text and "F1" in text
    box = window.show_shortcuts()
    assert box.isVisible() and box.objectName() == "shortcuts-box" and "Start practice" in box.text()
    box.close()
    if games.has_table_mode(GAME):
        from trainer.core.table.levels import level
        from trainer.contracts.round_record import DEAL_MODE
        from trainer.ui.table_mode.setup import Settings

        screen = window.start_drill(f"{GAME}.table", 7, record=False)
        screen.begin(Settings(DEAL_MODE, level("guided"), {}, 7))
        text = window.shortcuts_text()
        for keys, what in (("0", "the dealer"), ("D", "Deal"), ("V", "Cover card"), ("H", "hint"),
                           ("U", "face up"), ("Esc", "Leave")):
            assert re.search(rf"<b>{re.escape(keys)}</b></td><td>[^<]*{re.escape(what)}", text), (keys, what)


def test_f1_on_a_screen_without_its_own_list_shows_the_keys_it_hints(qtbot, tmp_path):
    window = with_trainee(qtbot, tmp_path)
    window.show_settle()
    text = window.shortcuts_text()
    assert "Ctrl+Enter settles" in text and "Esc goes back" in text
    assert "<b>Alt+E</b></td><td>Save" in text and "<b>Alt+K</b></td><td>Card picker" in text


def test_about_says_the_version_the_licences_and_where_the_data_is(qtbot, tmp_path):
    window = open_window(qtbot, tmp_path / "about.sqlite3")
    box = window.show_about()
    text = box.text()
    assert f"Dealer Trainer {trainer.__version__}" in text
    assert "PySide6" in text and "LGPL v3" in text and "pygame" in text and "LGPL v2.1" in text
    assert str(tmp_path / "about.sqlite3") in text
    box.close()


# ---------------------------------------------------------------- text size
def _sizes(window) -> dict[int, tuple[str, float]]:
    """Point size of every visible label and button of the screen in front (by object id)."""
    out = {}
    for w in window.current_screen().findChildren(QLabel) + window.current_screen().findChildren(QAbstractButton):
        if w.isVisibleTo(window):
            out[id(w)] = (w.objectName() or w.metaObject().className(), w.font().pointSizeF())
    return out


def _inline(window) -> dict[int, list[float]]:
    """The inline font sizes (pt) of rich text in the visible labels."""
    return {id(w): [float(x) for x in re.findall(r"font-size:\s*([\d.]+)pt", w.text())]
            for w in window.current_screen().findChildren(QLabel)
            if w.isVisibleTo(window) and "font-size" in w.text()}


def text_size_problems(window) -> list:
    """Larger text twice (125%), then normal: every visible label's and button's size, and
    every inline size of rich text, follows; returns what did not. (tests/gui/test_mnemonics.py
    runs it on every screen the snapshot command draws.)"""
    problems: list = []
    try:
        before, inline_before = _sizes(window), _inline(window)
        assert before, "nothing to measure"
        window.change_text_size(1)
        assert window.change_text_size(1) == 1.25
        QApplication.processEvents()
        after, inline_after = _sizes(window), _inline(window)
        for key, (name, size) in before.items():
            if key in after and abs(after[key][1] - size * 1.25) > 0.06:
                problems.append((name, size, after[key][1]))
        for key, sizes in inline_before.items():
            if key in inline_after and [round(x * 1.25, 1) for x in sizes] != inline_after[key]:
                problems.append(("inline", sizes, inline_after[key]))
        assert window.change_text_size(0) == 1.0
        QApplication.processEvents()
        back = _sizes(window)
        problems.extend((name, size, back[k][1]) for k, (name, size) in before.items()
                        if k in back and abs(back[k][1] - size) > 0.01)
    finally:
        style.set_text_scale(1.0)
    return problems


@pytest.mark.parametrize("screen", ("home", "quiz", "settle", "table-deal"))
def test_larger_and_smaller_text_reach_every_label_and_button(qapp, tmp_path, screen):
    problems: list = []
    snapshot.render(screen, tmp_path / f"{screen}.png", inspect=lambda w: problems.extend(text_size_problems(w)))
    assert problems == []


def test_text_size_keys_and_their_limits(qtbot, tmp_path):
    window = open_window(qtbot, tmp_path / "t.sqlite3")
    title = window.trainee_screen.findChild(QLabel)
    for _ in range(20):
        window.menus.larger_action.trigger()
    assert style.text_scale() == 2.0 and QApplication.instance().font().pointSizeF() == style.BASE_PT * 2
    for _ in range(20):
        window.menus.smaller_action.trigger()
    assert style.text_scale() == 0.8
    window.menus.normal_action.trigger()
    assert style.text_scale() == 1.0 and QApplication.instance().font().pointSizeF() == style.BASE_PT
    assert title is not None


def test_a_screen_made_after_the_text_was_enlarged_is_enlarged_too(qtbot, tmp_path):
    window = with_trainee(qtbot, tmp_path)
    window.change_text_size(1)
    window.change_text_size(1)
    window.show_settle()  # made now, with its own stylesheet written for 100%
    settle = window.settle_screen
    assert "font-size: 14.4pt" in settle.styleSheet()  # its 11.5pt cells at 125%
    assert "font-size: 11.5pt" not in settle.styleSheet()


# ---------------------------------------------------------------- remembered
def test_window_trainee_game_and_text_size_are_remembered(qtbot, tmp_path, settings):
    db = tmp_path / "remember.sqlite3"
    with Store.open(db) as store:
        for name in ("Avery", "Blake", "Casey"):
            store.add_trainee(name)
    window = open_window(qtbot, db, settings)
    assert window.trainee_screen.list.currentItem().text() == "Avery"  # nothing remembered yet: the first
    blake = next(t for t in window.trainee_screen.trainees() if t.name == "Blake")
    window.choose_trainee(blake)
    other = "four-card" if any(c.info.id == "four-card" for c in window.home_screen.cards) else GAME
    window.start_practice(other, 5, record=False)
    window.leave_quiz()
    window.change_text_size(1)
    window.resize(1000, 700)  # (the offscreen screen is 800 × 800: the width is cut to it, the height fits)
    qtbot.wait(10)
    window.close()
    style.set_text_scale(1.0)

    again = open_window(qtbot, db, QSettings(settings.fileName(), QSettings.Format.IniFormat))
    assert settings.value("window/geometry") is not None
    assert again.height() == 700  # not the default 800 (cut to 774 by the screen)
    assert again.trainee_screen.list.currentItem().text() == "Blake"  # Enter goes on as Blake
    assert style.text_scale() == 1.1
    again.choose_trainee(blake)
    card = next(c for c in again.home_screen.cards if c.info.id == other)
    assert again.home_screen.start_button is card.start_button  # Enter and Alt+S start the last game
    assert card.start_button.text().startswith("&Start")
    again.close()


def test_windows_without_settings_remember_nothing(qtbot, tmp_path, settings):
    window = open_window(qtbot, tmp_path / "n.sqlite3")
    window.resize(1050, 700)
    window.close()
    assert window.settings is None and settings.allKeys() == []


def test_the_tests_never_use_the_users_settings():
    from trainer.ui.app import user_settings

    path = user_settings().fileName()
    assert "dealer-trainer-settings-" in path  # tests/conftest.py's throw-away file


# ---------------------------------------------------------------- full screen
def test_full_screen_from_the_menu_and_back(qtbot, tmp_path):
    window = open_window(qtbot, tmp_path / "f.sqlite3")
    window.menus.full_screen_action.trigger()
    assert window.isFullScreen() and window.menus.full_screen_action.isChecked()
    window.set_full_screen(False)
    assert not window.isFullScreen() and not window.menus.full_screen_action.isChecked()
    window.showFullScreen()  # not through the menu (the window manager, a restored geometry)
    assert window.menus.full_screen_action.isChecked()
    window.menus.full_screen_action.trigger()
    assert not window.isFullScreen()


def test_the_fullscreen_flag_starts_full_screen(monkeypatch, tmp_path):
    import trainer.ui.app as app_module
    from trainer.cli import main

    calls = []
    monkeypatch.setattr(app_module, "run", lambda db, **kw: calls.append((db, kw)) or 0)
    assert main(["--fullscreen", "--db", str(tmp_path / "x.sqlite3")]) == 0
    assert main(["--db", str(tmp_path / "x.sqlite3")]) == 0
    assert [(db, kw.get("full_screen")) for db, kw in calls] == [(tmp_path / "x.sqlite3", True),
                                                                 (tmp_path / "x.sqlite3", False)]


def test_run_shows_the_window_full_screen(qapp, monkeypatch, tmp_path):
    from trainer.ui import app as app_module

    seen = []

    def fake_exec(app):  # the event loop is not run here: the window is looked at, then closed
        window = next(w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible())
        seen.append(window.isFullScreen())
        window.close()
        return 0

    monkeypatch.setattr(QApplication, "exec", fake_exec)
    assert app_module.run(tmp_path / "full.sqlite3", full_screen=True) == 0
    assert seen == [True]


# ---------------------------------------------------------------- File: import and export
def test_file_import_and_export_go_through_the_supervisor(qtbot, tmp_path, monkeypatch):
    window = with_trainee(qtbot, tmp_path)
    window.menus.import_action.trigger()
    review = window.review
    assert window.current_screen() is review.login  # a supervisor signs in first
    assert "signs in first" in window.statusBar().currentMessage()
    from trainer.review.accounts import create_supervisor

    with Store.open(window.db_path) as s:  # the first account is made at set-up, never here (issue 14)
        create_supervisor(s, "Sam Supervisor", "correct horse")
    review.sign_in("Sam Supervisor", "correct horse")
    qtbot.waitUntil(lambda: window.current_screen() is review.dashboard_screen, timeout=10_000)

    chosen = []
    review.choose_open_files = lambda: chosen.append(True) or []
    window.menus.import_action.trigger()
    assert chosen == [True] and window.current_screen() is review.tools
    assert review.tools.tabs.currentIndex() == 0  # the Import tab

    out = tmp_path / "station.dtresults"
    review.choose_save = lambda title, name, filters: str(out)
    window.menus.export_action.trigger()
    assert window.worker.wait_idle()
    qtbot.waitUntil(out.exists, timeout=10_000)
    assert out.stat().st_size > 0


def test_file_switch_trainee_only_when_nothing_is_under_way(qtbot, tmp_path):
    window = with_trainee(qtbot, tmp_path)
    assert window.menus.switch_action.isEnabled()
    window.start_practice(GAME, 3, record=False)
    assert not window.menus.switch_action.isEnabled() and not window.menus.import_action.isEnabled()
    window.menu_switch_trainee()
    assert window.current_screen() is window.quiz_screen and window.trainee is not None
    window.leave_quiz()
    assert window.menus.switch_action.isEnabled()
    window.menus.switch_action.trigger()
    assert window.current_screen() is window.trainee_screen and window.trainee is None


def test_quit_closes_the_window(qtbot, tmp_path):
    window = open_window(qtbot, tmp_path / "q.sqlite3")
    window.menus.quit_action.trigger()
    assert not window.isVisible() and window._shut
    assert QMessageBox is not None
