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


def test_file_restore_a_backup_through_the_supervisor(qtbot, tmp_path):
    from datetime import datetime, timezone

    from trainer.review.accounts import create_supervisor

    db = tmp_path / "db.sqlite3"
    with Store.open(db) as s:
        create_supervisor(s, "Sam Supervisor", "correct horse")
        s.add_trainee("Ann")
        saved = backup.make_backup(s, now=datetime(2030, 1, 1, tzinfo=timezone.utc))
        s.add_trainee("Ben")  # after the backup
    window = MainWindow(db)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.trainee_screen.ready, timeout=10_000)
    window.choose_trainee(window.trainee_screen.trainees()[0])
    window.menus.restore_action.trigger()
    review = window.review
    assert window.current_screen() is review.login and "signs in first" in window.statusBar().currentMessage()
    review.sign_in("Sam Supervisor", "correct horse")
    qtbot.waitUntil(lambda: not review.locked(), timeout=10_000)
    offered = []
    window.choose_backup = lambda folder: offered.append(folder) or str(saved)
    window.confirm_restore = lambda path: True
    window.menus.restore_action.trigger()
    assert offered == [str(tmp_path / "backups")]
    qtbot.waitUntil(lambda: "Restored" in window.statusBar().currentMessage(), timeout=10_000)
    assert window.current_screen() is window.trainee_screen and review.locked()
    qtbot.waitUntil(lambda: [t.name for t in window.trainee_screen.trainees()] == ["Ann"], timeout=10_000)
    assert window.worker.wait_idle()
    window.worker.backup_on_close = False
    window.close()
    with Store.open(db) as s:
        assert [t.name for t in s.trainees()] == ["Ann"]
        assert any(e.action == "database.restore" for e in s.audit_log())
