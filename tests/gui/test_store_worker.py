"""Store work runs on the worker thread, in order; the window stays responsive; store
errors are shown, never swallowed."""

from __future__ import annotations

import threading
import time

from PySide6.QtCore import QTimer

from trainer.store import Store, StoreError
from trainer.ui.main_window import MainWindow
from trainer.ui.worker import StoreWorker


def ready_window(qtbot, db, name="Dee") -> MainWindow:
    window = MainWindow(db)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.trainee_screen.ready, timeout=10_000)
    window.add_trainee(name)
    qtbot.waitUntil(lambda: window.current_screen() is window.home_screen)
    return window


def test_jobs_run_in_order_off_the_gui_thread_and_the_gui_keeps_running(qtbot, tmp_path):
    worker = StoreWorker()
    try:
        opened = []
        worker.open(tmp_path / "w.sqlite3", on_result=opened.append)
        threads, results = [], []

        def slow(store):
            threads.append(threading.get_ident())
            time.sleep(0.4)
            return store.add_trainee("Slow")

        worker.submit(slow, on_result=results.append)
        worker.submit(lambda store: [t.name for t in store.trainees()], on_result=results.append)
        ticks = []
        timer = QTimer()
        timer.timeout.connect(lambda: ticks.append(1))
        timer.start(20)
        assert worker.wait_idle(5000)
        timer.stop()
        assert opened == [str(tmp_path / "w.sqlite3")]
        assert threads and threads[0] != threading.get_ident()
        assert results[0].name == "Slow" and results[1] == ["Slow"]  # in the order submitted
        assert len(ticks) >= 5  # the GUI thread's event loop ran while the store worked
    finally:
        worker.shutdown()


def test_a_failed_job_reports_its_message(qtbot, tmp_path):
    worker = StoreWorker()
    try:
        errors = []
        worker.open(tmp_path / "w.sqlite3")
        worker.submit(lambda store: store.add_trainee("   "), on_error=errors.append)
        unhandled = []
        worker.error.connect(unhandled.append)
        worker.submit(lambda store: store.trainee(999))
        assert worker.wait_idle()
        assert errors == ["Enter a name for the trainee."]
        assert unhandled and "no trainee with id 999" in unhandled[0]
    finally:
        worker.shutdown()


def test_an_answer_the_store_refuses_is_shown_in_the_feedback_and_the_summary(qtbot, tmp_path, fake_game,
                                                                              monkeypatch):
    window = ready_window(qtbot, tmp_path / "e.sqlite3")

    def refuse(self, session_id, trainee_id, result):
        raise StoreError("Saving the answer to e.sqlite3 failed: disk I/O error.")

    monkeypatch.setattr(Store, "record_answer", refuse)
    session = window.start_practice(fake_game.GAME_ID, seed=5, count=2)
    quiz = window.quiz_screen
    quiz.submit_answer(session.current().answer)
    qtbot.waitUntil(lambda: "NOT saved" in quiz.feedback.save_status.text())
    assert "disk I/O error" in quiz.feedback.save_status.text()
    assert "not saved" in window.statusBar().currentMessage()
    quiz.next_question()
    quiz.submit_answer(session.current().answer)
    quiz.next_question()
    qtbot.waitUntil(lambda: window.current_screen() is window.summary_screen)
    # The second refusal may come back after the summary is up: the summary catches up.
    qtbot.waitUntil(lambda: "2 answers were not saved" in window.summary_screen.warning.text())
    assert window.summary_screen.warning.isVisible()


def test_every_answer_is_in_the_store_before_the_next_question(qtbot, tmp_path, fake_game):
    db = tmp_path / "r.sqlite3"
    window = ready_window(qtbot, db)
    recorded_on = []
    original = Store.record_answer

    def spy(self, *args):
        recorded_on.append(threading.get_ident())
        return original(self, *args)

    Store.record_answer = spy
    try:
        session = window.start_practice(fake_game.GAME_ID, seed=9, count=3)
        quiz = window.quiz_screen
        for n in range(1, 4):
            quiz.submit_answer(session.current().answer)
            qtbot.waitUntil(lambda: quiz.feedback.save_status.text().startswith("✓"))
            with Store.open(db) as reader:  # a second connection sees it committed
                assert len(reader.answers(window.trainee.id)) == n
            quiz.next_question()
    finally:
        Store.record_answer = original
    assert len(recorded_on) == 3 and threading.get_ident() not in recorded_on
