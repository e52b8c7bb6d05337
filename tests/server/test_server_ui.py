"""The station's window with a classroom server (issue 19): trainees sign in with name and
PIN (checked by the server), the status bar says what waits to be sent until the sender
has sent it, and Exams on the server lists the trainee's open exam and starts it on the
station and on the server with the same session id."""

from __future__ import annotations

from datetime import timedelta

import pytest

psycopg = pytest.importorskip("psycopg")

from PySide6.QtCore import Qt  # noqa: E402

from tests.server import stations  # noqa: E402
from trainer import config  # noqa: E402
from trainer.server import accounts  # noqa: E402
from trainer.server.connection import connect  # noqa: E402
from trainer.store import Store  # noqa: E402
from trainer.training.exams import fingerprint, new_spec  # noqa: E402

pytestmark = pytest.mark.postgres
GAME = "two-card-joker"


@pytest.fixture
def station_window(server_db, qtbot, tmp_path, monkeypatch):
    with connect(server_db.url) as admin:
        ana = accounts.add_trainee(admin, "Ana Diaz", "1234")
        evening = accounts.add_class(admin, "Evening", [ana])
    url = server_db.login("lab_a")
    config.activate(config.load(server_url=url))
    from trainer.ui.main_window import MainWindow

    window = MainWindow(tmp_path / "station.sqlite3")
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.trainee_screen.ready, timeout=30_000)
    yield window, server_db, evening
    window.shutdown()
    config.activate(None)


def sign_in(qtbot, window, name: str, pin: str) -> None:
    screen = window.trainee_screen
    screen.name_edit.setText(name)
    screen.pin_edit.setText(pin)
    qtbot.mouseClick(screen.continue_button, Qt.MouseButton.LeftButton)


def test_sign_in_with_name_and_pin_and_results_sent_in_the_background(station_window, qtbot) -> None:
    window, db, _evening = station_window
    screen = window.trainee_screen
    assert screen.server_mode and screen.pin_edit.isVisible() and screen.continue_button.text() == "Sign in"
    assert not screen.add_button.isVisible()
    status = window.findChild(type(window.trainee_status), "status-server")
    assert status is not None and status.isVisible()
    sign_in(qtbot, window, "Ana Diaz", "4321")
    qtbot.waitUntil(lambda: screen.error.isVisible(), timeout=30_000)
    assert screen.error.text() == "Wrong name or PIN." and window.trainee is None
    assert screen.pin_edit.text() == ""  # a PIN is never left in the field
    sign_in(qtbot, window, "ana diaz", "1234")
    qtbot.waitUntil(lambda: window.trainee is not None, timeout=30_000)
    assert window.trainee.name == "Ana Diaz" and window.current_screen() is window.home_screen
    # the station records a session (its own store first); the sender sends it
    qtbot.waitUntil(lambda: window.worker.pending == 0, timeout=30_000)
    with Store.open(window.db_path) as store:
        stations.practise(store, window.trainee.id, 5, 3, right=lambda i: True)
        local = sorted(r[0] for r in store.db.execute("SELECT id FROM answers"))
    window.server.sender.wake()
    qtbot.waitUntil(lambda: server_answers(db) == local, timeout=60_000)  # each once
    qtbot.waitUntil(lambda: status.text() == "All results sent to the server", timeout=60_000)


def server_answers(db) -> list[str]:
    with connect(db.url) as conn:
        return sorted(r[0] for r in conn.execute("SELECT id FROM dealer.answers"))


def test_the_pending_count_while_the_server_is_away(station_window, qtbot, pg_cluster) -> None:
    window, db, _evening = station_window
    sign_in(qtbot, window, "Ana Diaz", "1234")
    qtbot.waitUntil(lambda: window.trainee is not None, timeout=30_000)
    status = window.server.status
    qtbot.waitUntil(lambda: status.text() == "All results sent to the server", timeout=60_000)
    pg_cluster.kill()
    try:
        with Store.open(window.db_path) as store:
            stations.practise(store, window.trainee.id, 6, 2, right=lambda i: False, end=False)
        window.server.sender.wake()
        qtbot.waitUntil(lambda: status.text() == "3 results waiting to be sent (server unreachable: retrying)",
                        timeout=60_000)
    finally:
        pg_cluster.start()
    window.server.sender.wake()
    qtbot.waitUntil(lambda: status.text() == "All results sent to the server", timeout=60_000)
    with Store.open(window.db_path) as store:
        local = sorted(r[0] for r in store.db.execute("SELECT id FROM answers"))
    assert len(local) == 2 and server_answers(db) == local


def test_an_open_exam_is_listed_and_started_on_the_server(station_window, qtbot) -> None:
    window, db, evening = station_window
    spec = new_spec("Evening quiz", [GAME], question_count=3, time_limit_s=600, pass_mark=50, seed=9,
                    class_name="Evening")
    with connect(db.url) as admin:
        now = admin.execute("SELECT now()").fetchone()[0]
        accounts.save_exam(admin, spec.to_dict(), fingerprint(spec))
        window_id = accounts.publish_exam(admin, spec.id, evening, now - timedelta(minutes=1), now + timedelta(hours=1))
    sign_in(qtbot, window, "Ana Diaz", "1234")
    qtbot.waitUntil(lambda: window.trainee is not None, timeout=30_000)
    window.server.show_exams()
    dialog = window.server.exams_dialog
    qtbot.waitUntil(lambda: dialog.list.count() == 1, timeout=30_000)
    assert dialog.list.item(0).text().startswith("Evening quiz — 3 questions in 10 min, pass mark 50% (open until")
    assert dialog.results.item(0).text() == "None released yet."
    window.exams.confirm = lambda *_a: True
    qtbot.mouseClick(dialog.take_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.current_screen() is window.exams.taking, timeout=30_000)

    def started_on_server() -> bool:
        with connect(db.url) as conn:
            return conn.execute("SELECT count(*) FROM dealer.exam_attempts WHERE window_id = %s",
                                [window_id]).fetchone()[0] == 1

    qtbot.waitUntil(started_on_server, timeout=30_000)
    with connect(db.url) as conn:
        server_session = conn.execute("SELECT session_id FROM dealer.exam_attempts").fetchone()[0]
    assert server_session == window.exams.recorder.id  # the station's session, started by the server's clock


def test_a_supervisor_sees_the_class_live_and_releases_the_results(server_db, qtbot, tmp_path) -> None:
    from trainer.server import station

    spec = new_spec("Live quiz", [GAME], question_count=3, time_limit_s=600, pass_mark=50, seed=12,
                    class_name="Evening")
    with connect(server_db.url) as admin:
        ana = accounts.add_trainee(admin, "Ana Diaz", "1234")
        bo = accounts.add_trainee(admin, "Bo Chen", "9876")
        evening = accounts.add_class(admin, "Evening", [ana, bo])
        accounts.save_exam(admin, spec.to_dict(), fingerprint(spec))
        now = admin.execute("SELECT now()").fetchone()[0]
        window_id = accounts.publish_exam(admin, spec.id, evening, now - timedelta(minutes=1), now + timedelta(hours=1))
    with connect(server_db.login("lab_a")) as lab:
        station.sign_in(lab, "Ana Diaz", "1234")
        station.start_exam(lab, window_id, ana, GAME)
    config.activate(config.load(server_url=server_db.login("teacher", supervisor=True)))
    from trainer.ui.main_window import MainWindow

    window = MainWindow(tmp_path / "supervisor.sqlite3")
    qtbot.addWidget(window)
    try:
        qtbot.waitUntil(lambda: window.server.live_action is not None, timeout=30_000)
        assert window.server.live_action.text() == "&Live class view…"
        window.server.show_live()
        dialog = window.server.live_dialog
        qtbot.waitUntil(lambda: dialog.table.rowCount() == 2, timeout=30_000)
        assert dialog.choice.count() == 1 and dialog.choice.itemText(0).startswith("Live quiz — Evening, ")
        cells = [[dialog.table.item(r, c).text() for c in (0, 1, 3, 4)] for r in range(2)]
        assert cells == [["Ana Diaz", "answering (0 of 3)", "0", "0"], ["Bo Chen", "not started", "0", "0"]]
        assert dialog.state.text() == "1 of 2 started, 0 finished."
        qtbot.mouseClick(dialog.release_button, Qt.MouseButton.LeftButton)

        def released() -> bool:
            with connect(server_db.url) as conn:
                return conn.execute("SELECT released_at IS NOT NULL FROM dealer.exam_windows").fetchone()[0]

        qtbot.waitUntil(released, timeout=30_000)
        qtbot.waitUntil(lambda: "(results released)" in dialog.choice.itemText(0), timeout=30_000)
        dialog.reject()
    finally:
        window.shutdown()
        config.activate(None)


def test_a_station_gets_no_live_view(station_window, qtbot) -> None:
    window, _db, _evening = station_window
    qtbot.waitUntil(lambda: window.server.supervisor is not None, timeout=30_000)
    assert window.server.supervisor is False and window.server.live_action is None
