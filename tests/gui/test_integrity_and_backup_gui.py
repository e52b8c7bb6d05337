"""The window's side of issue 14: the full integrity check runs after the first screen,
off the worker's queue, and says so if the database is damaged; closing backs up."""

from __future__ import annotations

import sqlite3

from trainer.store import Store, backup
from trainer.ui.main_window import MainWindow
from trainer.ui.worker import StoreWorker


def damaged(path):
    """A database that passes the check at open but not the full one (see
    tests/store/test_integrity_and_backups.py)."""
    with Store.open(path) as s:
        for n in range(300):
            s.add_trainee(f"Trainee {n}")
    page_size = sqlite3.connect(path).execute("PRAGMA page_size").fetchone()[0]
    data = bytearray(path.read_bytes())
    at = data.find(b"Trainee 123")
    while at != -1:
        page = at // page_size
        if data[page * page_size + (100 if page == 0 else 0)] == 0x0D:
            data[at + 8] = ord("9")
        at = data.find(b"Trainee 123", at + 1)
    path.write_bytes(bytes(data))
    return path


def test_a_damaged_database_is_reported_after_the_first_screen(qtbot, tmp_path):
    db = damaged(tmp_path / "db.sqlite3")
    window = MainWindow(db)
    qtbot.addWidget(window)
    problems = []
    window.show_problem = lambda title, text: problems.append((title, text))
    window.show()
    qtbot.waitUntil(lambda: window.trainee_screen.ready, timeout=10_000)  # the first screen works
    qtbot.waitUntil(lambda: bool(problems), timeout=10_000)
    title, text = problems[0]
    assert "found that it is damaged" in text and "restore a backup" in text.lower()
    assert window.worker.last_check


def test_a_sound_database_says_nothing_and_closing_backs_it_up(qtbot, tmp_path):
    db = tmp_path / "db.sqlite3"
    with Store.open(db) as s:
        s.add_trainee("Ann")
    worker = StoreWorker()
    worker.open(db)
    qtbot.waitUntil(lambda: hasattr(worker, "last_check"), timeout=10_000)
    assert worker.last_check == []
    worker.shutdown()
    [made] = backup.backups(db)
    with Store.open(made) as copy:
        assert [t.name for t in copy.trainees()] == ["Ann"]
