"""The pay table explorer: the analysis runs on a worker thread with a progress bar, the
window keeps answering, and the figures shown are the exact ones."""

from __future__ import annotations

import json
import threading

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFrame, QLabel

from trainer.games import registry
from trainer.ui.screens.explorer_screen import ExplorerScreen, analysis_games

pytest.importorskip("trainer.games.two_card_joker")
GAME = "two-card-joker"


@pytest.fixture
def explorer(qtbot):
    screen = ExplorerScreen()
    qtbot.addWidget(screen)
    screen.resize(1280, 760)
    screen.show()
    qtbot.waitExposed(screen)
    screen.set_game(GAME)
    yield screen
    screen.cancel()
    screen.wait()


def cells(table) -> list[list[str]]:
    return [[table.item(r, c).text() for c in range(table.columnCount())] for r in range(table.rowCount())]


def test_games_with_exact_math_are_offered():
    ids = [g.id for g in analysis_games()]
    assert ids == [g.id for g in registry.available_games() if callable(getattr(g, "analyze", None))]
    two = next(g for g in analysis_games() if g.id == GAME)
    assert [v for _shown, v in two.tables] == ["1", "2", "3"]


def test_compute_on_a_worker_thread_with_progress_and_a_live_window(qtbot, explorer):
    assert explorer.findChild(QLabel, "explorer-message").text().startswith("Press Compute")
    seen: list[int] = []
    explorer.progress.valueChanged.connect(seen.append)
    threads: set = set()
    original = registry.get_game(GAME).analyze

    class Spy:  # the same game, noting the thread the analysis runs on
        title = registry.get_game(GAME).title

        def analyze(self, table=None, progress=None):
            threads.add(threading.current_thread())
            return original(table, progress)

    ticks = []
    timer = QTimer()
    timer.setInterval(5)
    timer.timeout.connect(lambda: ticks.append(explorer.running))
    timer.start()
    from unittest import mock

    with mock.patch.object(registry, "get_game", lambda game_id: Spy()):
        assert explorer.compute()
    assert explorer.running and not explorer.compute_button.isEnabled()
    qtbot.mouseClick(explorer.compute_button, Qt.MouseButton.LeftButton)  # a second click does nothing
    assert not explorer.compute() and explorer.jobs_started == 1
    qtbot.waitUntil(lambda: not explorer.running, timeout=60_000)
    timer.stop()
    assert threading.main_thread() not in threads and len(threads) == 1
    assert any(ticks), "the GUI thread kept running its timers during the analysis"
    assert seen and seen[-1] == 100 and explorer.progress.value() == 100
    assert any(0 < v < 100 for v in seen), seen
    assert seen == sorted(seen)
    assert explorer.compute_button.isEnabled() and explorer.copy_button.isEnabled()
    assert "1,431 hands" in explorer.status.text()

    assert explorer.stat_values["hands"].text() == "1,431"
    assert explorer.stat_values["deck"].text() == "54 cards"
    assert explorer.stat_values["base-edge"].text() == "3.1451%"
    counts = cells(explorer.tables["Hand counts"])
    assert counts[0] == ["two jokers", "1", "0.0699%"]
    assert counts[-1] == ["high card", "780", "54.5073%"]
    assert sum(int(row[1].replace(",", "")) for row in counts) == 1431
    t2 = explorer.findChild(QFrame, "card-pair-up-table-2")
    texts = [lab.text() for lab in t2.findChildren(QLabel)]
    assert any("3.3543%" in t and "House edge" in t for t in texts), texts
    assert any("EV -0.033543 per unit" in t for t in texts), texts
    rows = cells(explorer.tables["Pair Up · table 2"])
    assert rows[0] == ["two jokers", "1", "0.0699%", "50 to 1"]
    assert ["flush", "260", "18.1691%", "lose"] in rows
    assert explorer.tables["Super Flush"].rowCount() == 9
    assert explorer.findChild(QLabel, "base-strategy").text().startswith("call with queen high (queen-five)")
    assert explorer.findChild(QLabel, "base-house-edge").text() == "3.1451%"
    assert explorer.findChild(QLabel, "base-hands-called").text() == "963 of 1,431 hands"


def test_one_table_and_a_table_that_does_not_exist(qtbot, explorer):
    explorer.set_table("2")
    assert explorer.table_box.currentText() == "Pair Up pay table 2"
    with qtbot.waitSignal(explorer.computed, timeout=60_000) as done:
        explorer.compute_button.click()
    bets = [(b["name"], b["table"]) for b in done.args[0]["bets"]]
    assert bets == [("Pair Up", "2"), ("Super Flush", "")]
    assert set(explorer.tables) == {"Hand counts", "Pair Up · table 2", "Super Flush"}
    explorer.set_table("9")
    explorer.compute()
    qtbot.waitUntil(lambda: not explorer.running, timeout=60_000)
    assert "Pair Up table '9' does not exist" in explorer.status.text()
    assert explorer.progress.value() == 0 and explorer.compute_button.isEnabled()
    explorer.set_table("2")  # the figures already computed come back at once
    assert set(explorer.tables) == {"Hand counts", "Pair Up · table 2", "Super Flush"}


def test_copy_as_json_and_keys(qtbot, explorer):
    result = registry.get_game(GAME).analyze("1")
    explorer.show_analysis(GAME, "1", result)
    text = explorer.copy_json()
    assert json.loads(QGuiApplication.clipboard().text()) == json.loads(text) == result
    explorer.compute_button.setFocus()
    with qtbot.waitSignal(explorer.computed, timeout=60_000):
        qtbot.keyClick(explorer.compute_button, Qt.Key.Key_Return)  # Enter computes
    with qtbot.waitSignal(explorer.back_requested, timeout=1000):
        qtbot.keyClick(explorer, Qt.Key.Key_Escape)


def test_a_failing_analysis_is_reported_not_raised(qtbot, explorer, monkeypatch):
    class Broken:
        title = "Broken"

        def analyze(self, table=None, progress=None):
            progress(0.5)
            raise RuntimeError("the enumeration broke")

    monkeypatch.setattr(registry, "get_game", lambda game_id: Broken())
    explorer.compute()
    qtbot.waitUntil(lambda: not explorer.running, timeout=10_000)
    assert explorer.status.text() == "RuntimeError: the enumeration broke"
    assert explorer.result is None and explorer.compute_button.isEnabled()


def test_cancel_stops_at_the_next_progress_report(qtbot, explorer, monkeypatch):
    gate = threading.Event()

    class Slow:
        title = "Slow"

        def analyze(self, table=None, progress=None):
            gate.wait(10)
            for n in range(100):
                progress(n / 100)
            return {"hands": []}

    monkeypatch.setattr(registry, "get_game", lambda game_id: Slow())
    explorer.compute()
    explorer.cancel()
    gate.set()
    assert explorer.wait(10_000)
    qtbot.waitUntil(lambda: not explorer.running, timeout=10_000)
    assert explorer.status.text() == "Stopped" and explorer.result is None


def test_main_window_reaches_both_tools_and_comes_back(qtbot, tmp_path):
    from trainer.ui.main_window import MainWindow

    window = MainWindow(tmp_path / "t.sqlite3")
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: window.trainee_screen.ready, timeout=10_000)
    window.add_trainee("Floor Sup")
    qtbot.waitUntil(lambda: window.current_screen() is window.home_screen)
    qtbot.mouseClick(window.home_screen.settle_button, Qt.MouseButton.LeftButton)
    assert window.current_screen() is window.settle_screen
    assert window.settle_screen.result is not None
    qtbot.mouseClick(window.settle_screen.back_button, Qt.MouseButton.LeftButton)
    assert window.current_screen() is window.home_screen
    qtbot.mouseClick(window.home_screen.explorer_button, Qt.MouseButton.LeftButton)
    assert window.current_screen() is window.explorer_screen
    window.explorer_screen.compute()
    qtbot.keyClick(window.explorer_screen, Qt.Key.Key_Escape)
    assert window.current_screen() is window.home_screen
    qtbot.waitUntil(lambda: not window.explorer_screen.running, timeout=60_000)
    window.close()
