"""Offline-tolerant sending (issue 19): every answer is in the station's SQLite first; the
sender sends what the server does not have, idempotently, through a killed app, a server
killed mid-send and restarted, and a network that is not there."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

psycopg = pytest.importorskip("psycopg")

from tests.server import stations  # noqa: E402
from trainer.server import accounts, station  # noqa: E402
from trainer.server.connection import connect  # noqa: E402
from trainer.server.sender import Outbox, Sender  # noqa: E402
from trainer.store import Store  # noqa: E402

pytestmark = pytest.mark.postgres


def practise(store: Store, name: str, seed: int, answers: int) -> str:
    """A session of ``answers`` answers (every other one right) for the trainee ``name``."""
    return stations.practise(store, next(t.id for t in store.trainees() if t.name == name), seed, answers)


def server_rows(url: str, table: str) -> list[str]:
    key = "session_id" if table == "session_ends" else "id"
    with connect(url) as conn:
        return sorted(r[0] for r in conn.execute(f"SELECT {key} FROM dealer.{table}"))


def local_ids(store: Store, table: str) -> list[str]:
    return sorted(r[0] for r in store.db.execute(f"SELECT id FROM {table}").fetchall())


@pytest.fixture
def lab(server_db, tmp_path: Path):
    """A server with Ana and Bo, and a station where both practise; Ana signed in there."""
    with connect(server_db.url) as admin:
        accounts.add_trainee(admin, "Ana Diaz", "1234")
        accounts.add_trainee(admin, "Bo Chen", "9876")
    url = server_db.login("lab_a")
    store = Store.open(tmp_path / "station.sqlite3")
    for name in ("Ana Diaz", "Bo Chen"):
        store.add_trainee(name)
    with connect(url) as conn:
        station.sign_in(conn, "Ana Diaz", "1234")
    yield server_db, url, store
    store.close()


def test_sends_the_signed_in_trainees_rows_once_and_holds_the_others(lab) -> None:
    db, url, store = lab
    ana_session = practise(store, "Ana Diaz", 11, 6)
    practise(store, "Bo Chen", 12, 4)
    sender = Sender(store.path, url)
    try:
        assert sender.send_once() == 1 + 6 + 1  # the session, its answers, its end
        assert sender.status.pending == 0 and sender.status.held == 1 + 4 + 1
        assert sender.send_once() == 0
        ana_answers = sorted(r[0] for r in store.db.execute(
            "SELECT a.id FROM answers a JOIN trainees t ON t.id = a.trainee_id WHERE t.name = 'Ana Diaz'"))
        assert server_rows(db.url, "answers") == ana_answers
        assert server_rows(db.url, "sessions") == [ana_session]
        assert server_rows(db.url, "session_ends") == [ana_session]
        with connect(db.url) as conn:  # the server's copy is the station's, field by field
            got = conn.execute("SELECT given, is_correct, response_ms, seed, kind FROM dealer.answers "
                               "ORDER BY answered_at, id").fetchall()
        want = store.db.execute("SELECT given, is_correct, response_ms, seed, kind FROM answers a JOIN trainees t "
                                "ON t.id = a.trainee_id WHERE t.name = 'Ana Diaz' ORDER BY answered_at, a.id").fetchall()
        assert [tuple(r) for r in got] == [tuple(r) for r in want]
        # Bo signs in here: his rows follow
        with connect(url) as conn:
            station.sign_in(conn, "Bo Chen", "9876")
        assert sender.send_once() == 1 + 4 + 1
        assert server_rows(db.url, "answers") == local_ids(store, "answers")
        assert sender.status.pending == sender.status.held == 0
    finally:
        sender.stop()


def test_a_killed_app_after_the_server_committed_duplicates_nothing(lab, monkeypatch) -> None:
    db, url, store = lab
    practise(store, "Ana Diaz", 21, 5)

    def killed(self, marks, ends):  # the app dies before it writes down what was sent
        raise KeyboardInterrupt

    monkeypatch.setattr(Outbox, "record", killed)
    first = Sender(store.path, url)
    with pytest.raises(KeyboardInterrupt):
        first.send_once()
    first.stop()
    assert len(server_rows(db.url, "answers")) == 5
    monkeypatch.undo()
    practise(store, "Ana Diaz", 22, 3)
    second = Sender(store.path, url)  # the app started again
    try:
        assert second.send_once() == 2 + 8 + 2  # all sent again: the server skipped what it had
        assert server_rows(db.url, "answers") == local_ids(store, "answers")  # 8, each once
        assert second.send_once() == 0
    finally:
        second.stop()


def test_a_server_killed_mid_send_and_restarted_loses_and_duplicates_nothing(lab, pg_cluster, monkeypatch) -> None:
    db, url, store = lab
    practise(store, "Ana Diaz", 31, 4)
    sender = Sender(store.path, url)
    original = Outbox.unsent
    calls = {"n": 0}

    def unsent_then_kill(self, kind, *args, **kw):
        rows = original(self, kind, *args, **kw)
        if kind == "answer" and calls["n"] == 0:  # the session is in the transaction: the server dies now
            calls["n"] += 1
            pg_cluster.kill()
        return rows

    monkeypatch.setattr(Outbox, "unsent", unsent_then_kill)
    try:
        with pytest.raises(psycopg.OperationalError):
            sender.send_once()
        practise(store, "Ana Diaz", 32, 3)  # the station goes on while the server is down
        with pytest.raises(Exception):
            sender.send_once()
        sender.refresh_counts()
        assert sender.status.pending == 2 + 7 + 2
        pg_cluster.start()
        assert sender.send_once() == 2 + 7 + 2
        assert server_rows(db.url, "answers") == local_ids(store, "answers")
        assert server_rows(db.url, "sessions") == local_ids(store, "sessions")
        assert sender.status.pending == 0
    finally:
        sender.stop()
        if calls["n"] and not _running(pg_cluster):
            pg_cluster.start()


def _running(cluster) -> bool:
    try:
        with psycopg.connect(cluster.url(), connect_timeout=2):
            return True
    except psycopg.OperationalError:
        return False


def test_the_background_thread_sends_through_an_outage(lab, pg_cluster) -> None:
    db, url, store = lab
    sender = Sender(store.path, url, interval_s=0.05)
    sender.start()
    stop = threading.Event()
    recorded: list[int] = []

    def station_works() -> None:
        with Store.open(store.path) as mine:  # the app's own connection, in its thread
            seed = 100
            while not stop.is_set():
                practise(mine, "Ana Diaz", seed, 2)
                recorded.append(seed)
                sender.wake()
                seed += 1
                time.sleep(0.02)

    worker = threading.Thread(target=station_works)
    worker.start()
    try:
        time.sleep(0.5)
        pg_cluster.kill()
        time.sleep(0.5)
        pg_cluster.start()
        time.sleep(0.3)
    finally:
        stop.set()
        worker.join()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and server_rows(db.url, "answers") != local_ids(store, "answers"):
        sender.wake()
        time.sleep(0.2)
    sender.stop()
    assert len(recorded) > 5
    assert server_rows(db.url, "answers") == local_ids(store, "answers")  # none lost, none twice
    assert server_rows(db.url, "session_ends") == local_ids(store, "sessions")


KILLABLE = """
import sys, time
from trainer.server.sender import Sender
sender = Sender(sys.argv[1], sys.argv[2], interval_s=0.01, batch=20)
sender.start()
time.sleep(600)
"""


def test_a_station_process_killed_with_sigkill_mid_send_loses_and_duplicates_nothing(lab, tmp_path) -> None:
    import os
    import signal
    import subprocess
    import sys

    db, url, store = lab
    for seed in range(40):  # 40 sessions of 10 answers, sent 20 rows a batch
        practise(store, "Ana Diaz", 500 + seed, 10)
    root = Path(__file__).resolve().parents[2]
    proc = subprocess.Popen([sys.executable, "-c", KILLABLE, str(store.path), url], cwd=root,
                            env={**os.environ, "PYTHONPATH": str(root)})
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not server_rows(db.url, "answers"):
            time.sleep(0.05)
        assert 0 < len(server_rows(db.url, "answers")) < 400  # killed part-way through
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    again = Sender(store.path, url, batch=20)
    try:
        again.send_once()
        assert server_rows(db.url, "answers") == local_ids(store, "answers")  # 400, each once
        assert server_rows(db.url, "sessions") == local_ids(store, "sessions")
        assert server_rows(db.url, "session_ends") == local_ids(store, "sessions")
        assert again.status.pending == 0
    finally:
        again.stop()
