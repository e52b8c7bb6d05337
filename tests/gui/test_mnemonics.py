"""Every screen's mnemonics (Alt+letter) are its own: no two visible buttons, tabs or
labels of one screen, nor the menu bar's File, View and Help, share a letter (issue 12).
Every screen's text follows View > Larger / Smaller text as well (checked on the same
render: tests/gui/test_menus.py ``text_size_problems``).

Each screen is brought up exactly as ``dealer-trainer snapshot`` brings it up
(trainer/ui/snapshot.py, with its ``inspect`` hook), every tab of a tabbed screen in
turn, plus the drills and the table mode's set-up page, which the snapshot command does
not draw.
"""

from __future__ import annotations

from collections import defaultdict

import pytest
from PySide6.QtWidgets import QAbstractButton, QLabel, QMenuBar, QTabBar, QTabWidget

from trainer.games import registry
from trainer.ui import snapshot
from trainer.ui.drills import drills, has_table_mode


def letter(text: str) -> str | None:
    """The mnemonic of a label, independently of the app's own helper: '&&' is a literal."""
    i = 0
    while i < len(text) - 1:
        if text[i] == "&":
            if text[i + 1] == "&":
                i += 2
                continue
            return text[i + 1].lower()
        i += 1
    return None


def mnemonics(window) -> dict[str, list[str]]:
    """letter -> the visible things of the window's screen that answer to Alt+letter."""
    found: dict[str, list[str]] = defaultdict(list)
    for bar in window.findChildren(QMenuBar):
        for action in bar.actions():
            if action.isVisible() and letter(action.text()):
                found[letter(action.text())].append(f"menu {action.text()}")
    screen = window.current_screen()
    for button in screen.findChildren(QAbstractButton):
        if button.isVisibleTo(window) and letter(button.text()):
            found[letter(button.text())].append(f"button {button.text()}")
    for tabs in screen.findChildren(QTabBar):
        if tabs.isVisibleTo(window):
            for i in range(tabs.count()):
                if letter(tabs.tabText(i)):
                    found[letter(tabs.tabText(i))].append(f"tab {tabs.tabText(i)}")
    for label in screen.findChildren(QLabel):
        if label.isVisibleTo(window) and label.buddy() is not None and letter(label.text()):
            found[letter(label.text())].append(f"label {label.text()}")
    return found


def shared(window) -> dict[str, list[str]]:
    return {k: v for k, v in mnemonics(window).items() if len(v) > 1}


def each_tab(window) -> list[tuple[str, dict]]:
    """The shared mnemonics of the screen, for every page of each of its tab widgets."""
    out = [("", shared(window))]
    for tabs in window.current_screen().findChildren(QTabWidget):
        if not tabs.isVisibleTo(window):
            continue
        for i in range(tabs.count()):
            tabs.setCurrentIndex(i)
            out.append((f"tab {tabs.tabText(i)}", shared(window)))
        tabs.setCurrentIndex(0)
    return out


def render_and_check(tmp_path, screen: str, game_id: str = "two-card-joker", drive=None) -> list:
    problems = []

    def inspect(window):
        if drive is not None:
            drive(window)
        assert window.menuBar().isVisible(), "the menu bar is part of every screen"
        for where, dup in each_tab(window):
            if dup:
                problems.append((screen, type(window.current_screen()).__name__, where, dup))

    snapshot.render(screen, tmp_path / f"{screen}.png", game_id=game_id, inspect=inspect)
    return problems


@pytest.mark.parametrize("screen", snapshot.SCREENS)
def test_mnemonics_are_unique_and_text_scales_on_every_snapshot_screen(qapp, tmp_path, screen):
    from tests.gui.test_menus import text_size_problems

    text = []
    assert render_and_check(tmp_path, screen, drive=lambda w: text.extend(text_size_problems(w))) == []
    assert text == []


def test_the_menus_have_the_conventional_mnemonics(qapp, tmp_path):
    seen = {}

    def inspect(window):
        seen.update({letter(a.text()): a.text() for a in window.menuBar().actions()})

    snapshot.render("home", tmp_path / "home.png", inspect=inspect)
    assert seen == {"f": "&File", "v": "&View", "h": "&Help"}


def test_the_home_screen_gives_alt_s_to_one_game_only(qapp, tmp_path):
    """The five game cards used to share Alt+S: now only the default game's button has it."""
    texts = []

    def inspect(window):
        texts.extend(c.start_button.text() for c in window.home_screen.cards if c.start_button is not None)

    snapshot.render("home", tmp_path / "home.png", inspect=inspect)
    available = [e for e in registry.catalogue() if registry.is_available(e.id)]
    assert len(texts) == len(available)
    assert sum(letter(t) == "s" for t in texts) == 1


@pytest.mark.parametrize("drill", [d.key for d in drills()])
def test_mnemonics_are_unique_in_the_drills(qapp, tmp_path, drill):
    game_id = drill.split(".")[0]
    if not registry.is_available(game_id):
        pytest.skip(f"{game_id} is not available")
    assert render_and_check(tmp_path, "home", game_id, drive=lambda w: w.start_drill(drill, 3, record=False)) == []


@pytest.mark.parametrize("game_id", [e.id for e in registry.catalogue()])
def test_mnemonics_are_unique_on_the_table_mode_set_up_and_rounds(qapp, tmp_path, game_id):
    if not registry.is_available(game_id) or not has_table_mode(game_id):
        pytest.skip(f"{game_id} has no table mode")
    problems = render_and_check(tmp_path, "home", game_id,
                                drive=lambda w: w.start_drill(f"{game_id}.table", 3, record=False))
    problems += render_and_check(tmp_path, "table-deal", game_id)
    problems += render_and_check(tmp_path, "table-watch", game_id)
    assert problems == []
