"""The classroom server under a class's load (issue 19), against a local PostgreSQL:

    .venv/bin/python benchmarks/server_load.py [--stations 30] [--seconds 120] [--cut-at 40] [--cut-for 20]
    .venv/bin/python benchmarks/server_load.py --exam [--stations 30] [--seconds 120] [--cut-at 40] [--cut-for 20]
    .venv/bin/python benchmarks/server_load.py --dashboard-answers 10000000

Load: ``--stations`` simulated stations, each its own SQLite store, its own login role and
its own background sender (``trainer.server.sender``, the app's), each recording one
answer a second (a real question, answered right or wrong) for ``--seconds``. They reach
the server through a TCP proxy on 127.0.0.1 which, at ``--cut-at`` seconds, drops every
connection and refuses new ones for ``--cut-for`` seconds (the network cut), then lets
them through again. Meanwhile a supervisor runs the checker and reads the dashboard every
two seconds. At the end: every answer of every station on the server exactly once (none
lost, none duplicated), all accepted by the checker; the time for an answer to reach the
server (p50, p99; and p99 of the answers given outside the cut); the dashboard's time
during the run.

``--exam``: a class exam taken live (issue 19's "Done means"). The instructor publishes an
exam of ``--seconds`` questions to the class; every station signs its trainee in with name
and PIN, finds the exam open, begins it on the server (a second start is tried: it must be
refused), then answers one question a second, sent by its background sender through the
same network, cut the same way. The supervisor (on the server's side of the cut) runs the
checker and reads the live view every second. At the end the results are released and
every station reads its trainee's. Reported: answers lost / duplicated, attempts (one a
trainee), the time for an answer to reach the server and to show in the live view (p50,
p99; the view is read once a second, so that time includes up to a second of waiting for
the next read), the live view's query time (median, max), whether the live view's final
figures and every station's released score are what the stations counted, and the time
from the release to each station's reading its result. ``measure()`` (``make bench``) runs
both, each in a database of its own.

``--dashboard-answers N``: N answers generated in the server (a year, 300 trainees in 10
classes), their summary built, then the dashboard's figures timed: the whole year, one
class, one trainee (the goal: each under 300 ms).

The server is started by ``tests/server/pg_cluster.py`` (pgserver's PostgreSQL, else
Debian's) in a temporary folder and removed at the end. Traffic goes only to 127.0.0.1
and the Unix socket; every loop is bounded in time.
"""

from __future__ import annotations

import argparse
import os
import random
import selectors
import shutil
import socket
import statistics
import sys
import tempfile
import threading
import time
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

GAME = "two-card-joker"


# -- the network between the stations and the server ---------------------------------------
class Proxy:
    """TCP on 127.0.0.1 to the server's Unix socket, with a switch to cut it."""

    def __init__(self, unix_path: str) -> None:
        self.unix_path = unix_path
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(256)
        self.port = self.listener.getsockname()[1]
        self.cut = threading.Event()
        self.stopped = threading.Event()
        self.pairs: list[tuple[socket.socket, socket.socket]] = []
        self.lock = threading.Lock()
        self.cuts = 0
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        self.listener.settimeout(0.2)
        while not self.stopped.is_set():
            try:
                client, _ = self.listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            if self.cut.is_set():
                client.close()  # no route: refused
                continue
            server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                server.connect(self.unix_path)
            except OSError:
                client.close()
                continue
            with self.lock:
                self.pairs.append((client, server))
            threading.Thread(target=self._pipe, args=(client, server), daemon=True).start()

    def _pipe(self, a: socket.socket, b: socket.socket) -> None:
        sel = selectors.DefaultSelector()
        sel.register(a, selectors.EVENT_READ, b)
        sel.register(b, selectors.EVENT_READ, a)
        try:
            while not self.stopped.is_set() and not self.cut.is_set():
                for key, _ in sel.select(0.2):
                    data = key.fileobj.recv(65536)
                    if not data:
                        return
                    key.data.sendall(data)
        except OSError:
            pass
        finally:
            sel.close()
            for s in (a, b):
                try:
                    s.close()
                except OSError:
                    pass
            with self.lock:
                if (a, b) in self.pairs:
                    self.pairs.remove((a, b))

    def set_cut(self, cut: bool) -> None:
        if cut:
            self.cuts += 1
            self.cut.set()
            with self.lock:
                for a, b in self.pairs:
                    for s in (a, b):
                        try:
                            s.shutdown(socket.SHUT_RDWR)
                        except OSError:
                            pass
        else:
            self.cut.clear()

    def close(self) -> None:
        self.stopped.set()
        self.listener.close()


# -- the load run ---------------------------------------------------------------------------
def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, max(0, round(p / 100 * len(values)) - 1))]


PIN = "1234"


def trainee_name(n: int) -> str:
    return f"Trainee {n:02d}"


def school(cluster, database: str, prefix: str, stations: int) -> tuple[str, int, list[int]]:
    """A database of its own with the schema, ``stations`` trainees (PIN ``PIN``) in one
    class, a login role per station (``<prefix>_station_NN``) and a supervisor's
    (``<prefix>_supervisor``); return its URL, the class's id and the trainees' ids."""
    import psycopg

    from trainer.server import accounts, schema
    from trainer.server.connection import connect

    with psycopg.connect(cluster.url(), autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {database}")
    db_url = cluster.url(database)
    with connect(db_url) as conn:
        schema.migrate(conn)
        ids = [accounts.add_trainee(conn, trainee_name(n), PIN) for n in range(stations)]
        class_id = accounts.add_class(conn, f"{prefix.capitalize()} class", ids)
        for n in range(stations):
            accounts.add_login(conn, f"{prefix}_station_{n:02d}")
        accounts.add_login(conn, f"{prefix}_supervisor", supervisor=True)
    return db_url, class_id, ids


def station_url(proxy: Proxy, database: str, prefix: str, n: int) -> str:
    """Station ``n``'s URL, through the network that can be cut."""
    return f"postgresql://{prefix}_station_{n:02d}@127.0.0.1:{proxy.port}/{database}?connect_timeout=3"


def station_store(workdir: Path, prefix: str, n: int) -> Path:
    """Station ``n``'s own SQLite store, its trainee added."""
    from trainer.store import Store

    path = workdir / f"{prefix}-station-{n:02d}.sqlite3"
    with Store.open(path) as store:
        store.add_trainee(trainee_name(n))
    return path


def drain(senders: list) -> None:
    """Every station sends what is left (bounded), then its sender stops."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        for s in senders:
            s.wake()
        time.sleep(1.0)
        if all(s.status.pending == 0 and s.status.error is None for s in senders):
            break
    for s in senders:
        s.stop()


def arrivals(paths: list[Path], db_url: str) -> tuple[dict[str, str], dict[str, datetime], dict[str, int]]:
    """The answers the stations recorded (id: answered at), the server's (id: received at),
    and their counts: recorded, on the server, distinct there, lost, unknown, duplicated."""
    from trainer.server.connection import connect
    from trainer.store import Store

    local: dict[str, str] = {}
    for path in paths:
        with Store.open(path) as store:
            for answer_id, answered_at in store.db.execute("SELECT id, answered_at FROM answers").fetchall():
                local[answer_id] = answered_at
    with connect(db_url) as conn:
        server_rows = conn.execute("SELECT id, received_at FROM dealer.answers").fetchall()
        distinct = conn.execute("SELECT count(DISTINCT id) FROM dealer.answers").fetchone()[0]
    server = dict(server_rows)
    return local, server, {"answers": len(local), "on_server": len(server_rows), "distinct": distinct,
                           "lost": len(set(local) - set(server)), "foreign": len(set(server) - set(local)),
                           "duplicated": len(server_rows) - distinct}


def reach_times(local: dict[str, str], server: dict[str, datetime],
                cut_windows: list[tuple[datetime, datetime]]) -> tuple[list[float], list[float]]:
    """Each answer's time (ms) from being given at its station to reaching the server, of
    every answer and of those given outside the cuts."""
    reach, reach_outside = [], []
    for answer_id, answered_at in local.items():
        if answer_id not in server:
            continue
        given = datetime.fromisoformat(answered_at.replace("Z", "+00:00"))
        ms = (server[answer_id] - given).total_seconds() * 1000
        reach.append(ms)
        if not any(start <= given <= end for start, end in cut_windows):
            reach_outside.append(ms)
    return reach, reach_outside


def load_run(cluster, workdir: Path, stations: int, seconds: float, cut_at: float, cut_for: float) -> dict:
    import psycopg

    from trainer.server import station
    from trainer.server.checker import check_pending
    from trainer.server.connection import connect
    from trainer.server.dashboard import Scope, live_class, skill_figures
    from trainer.server.sender import Sender
    from tests.server.stations import quiz
    from trainer.store import Store

    db_url, class_id, _ids = school(cluster, "dt_load", "load", stations)
    proxy = Proxy(str(cluster.socket / ".s.PGSQL.5432"))
    paths, senders = [], []
    for n in range(stations):
        url = station_url(proxy, "dt_load", "load", n)
        with connect(url) as conn:
            station.sign_in(conn, trainee_name(n), PIN)
        path = station_store(workdir, "load", n)
        paths.append(path)
        senders.append(Sender(path, url, interval_s=1.0))
    for s in senders:
        s.start()

    stop = threading.Event()
    t0 = time.monotonic()
    cut_windows: list[tuple[datetime, datetime]] = []

    def run_station(n: int) -> None:
        with Store.open(paths[n]) as store:  # a station's store is used in its own thread
            answer_every_second(n, store)

    def answer_every_second(n: int, store) -> None:
        trainee = store.trainees()[0]
        rng = random.Random(n)
        next_at = t0 + rng.random()
        while not stop.is_set():
            session = quiz(GAME, rng.randrange(1 << 30), 10)
            sid = store.start_session(trainee.id, GAME, seed=session.seed, question_count=10)
            while not session.finished and not stop.is_set():
                delay = next_at - time.monotonic()
                if delay > 0:
                    stop.wait(delay)
                if stop.is_set():
                    break
                q = session.current()
                store.record_answer(sid, trainee.id, session.answer(q.answer if rng.random() < 0.7 else "nope",
                                                                    rng.randrange(800, 9000)))
                senders[n].wake()
                next_at += 1.0
            store.end_session(sid)

    dashboard_ms: list[float] = []
    checker_ms: list[float] = []

    def supervise() -> None:
        sup_url = f"postgresql://load_supervisor@127.0.0.1:{proxy.port}/dt_load?connect_timeout=3"
        conn = None
        while not stop.is_set():
            try:
                if conn is None or conn.closed or conn.broken:
                    conn = connect(sup_url)
                a = time.perf_counter()
                check_pending(conn)
                b = time.perf_counter()
                skill_figures(conn, Scope())
                skill_figures(conn, Scope(class_id=class_id))
                c = time.perf_counter()
                checker_ms.append((b - a) * 1000)
                dashboard_ms.append((c - b) * 1000)
            except (psycopg.Error, RuntimeError):
                conn = None
            stop.wait(2.0)
        if conn is not None:
            conn.close()

    threads = [threading.Thread(target=run_station, args=(n,), daemon=True) for n in range(stations)]
    threads.append(threading.Thread(target=supervise, daemon=True))
    for t in threads:
        t.start()
    time.sleep(max(0.0, cut_at))
    cut_start = datetime.now(timezone.utc)
    proxy.set_cut(True)
    waiting_during_cut = 0
    time.sleep(cut_for)
    waiting_during_cut = sum(s.status.pending for s in senders)
    proxy.set_cut(False)
    cut_windows.append((cut_start, datetime.now(timezone.utc)))
    time.sleep(max(0.0, seconds - cut_at - cut_for))
    stop.set()
    for t in threads:
        t.join(30)
    drain(senders)
    local, server, counts = arrivals(paths, db_url)
    with connect(db_url) as conn:
        outcome = check_pending(conn)
        accepted = conn.execute("SELECT count(*) FROM dealer.answer_checks WHERE accepted").fetchone()[0]
        refused = conn.execute("SELECT count(*) FROM dealer.answer_checks WHERE NOT accepted").fetchone()[0]
        a = time.perf_counter()
        live_class(conn, 0)
        skill_figures(conn, Scope())
        final_dashboard_ms = (time.perf_counter() - a) * 1000
    proxy.close()
    reach, reach_outside = reach_times(local, server, cut_windows)
    return {
        "stations": stations, "seconds": seconds, "cut": f"{cut_at:g}-{cut_at + cut_for:g} s",
        **counts,
        "accepted": accepted, "refused": refused, "checked_at_end": outcome.accepted + outcome.refused,
        "waiting_during_cut": waiting_during_cut,
        "reach_p50_ms": percentile(reach, 50), "reach_p99_ms": percentile(reach, 99),
        "reach_max_ms": max(reach) if reach else float("nan"),
        "reach_p99_outside_cut_ms": percentile(reach_outside, 99),
        "dashboard_median_ms": statistics.median(dashboard_ms) if dashboard_ms else float("nan"),
        "dashboard_max_ms": max(dashboard_ms) if dashboard_ms else float("nan"),
        "checker_median_ms": statistics.median(checker_ms) if checker_ms else float("nan"),
        "dashboard_reads": len(dashboard_ms), "final_dashboard_ms": final_dashboard_ms,
    }


# -- a class exam, live -----------------------------------------------------------------------
def exam_run(cluster, workdir: Path, stations: int, seconds: float, cut_at: float, cut_for: float) -> dict:
    """A class exam taken live: ``stations`` trainees of one class, each at a station of its
    own (own SQLite store, login role and background sender), sign in with name and PIN, find
    the exam published to the class open, begin it on the server (a second start is tried
    and must be refused), then answer one question a second (``seconds`` questions, about
    70% right) in the station's store, sent in the background. The stations' network is cut
    at ``cut_at`` for ``cut_for`` seconds. The supervisor, on the server's side of the cut,
    runs the checker and reads the live view every second, timed. At the end the results
    are released and every station reads its trainee's, compared with what it counted."""
    import psycopg

    from trainer.server import accounts, station
    from trainer.server.checker import check_pending
    from trainer.server.connection import ServerError, connect, one_line
    from trainer.server.dashboard import live_class
    from trainer.server.sender import Sender
    from trainer.store import Store
    from trainer.training.exams import MAX_QUESTIONS, ExamSpec, exam_session, fingerprint, new_spec

    db_url, class_id, _ids = school(cluster, "dt_exam", "exam", stations)
    sup_url = cluster.url("dt_exam", "exam_supervisor")
    proxy = Proxy(str(cluster.socket / ".s.PGSQL.5432"))
    questions = max(1, min(MAX_QUESTIONS, round(seconds)))
    spec = new_spec("Class exam", [GAME], question_count=questions, time_limit_s=max(600, round(4 * seconds)),
                    pass_mark=70, seed=2026, class_name="Exam class")
    with connect(sup_url) as sup:
        accounts.save_exam(sup, spec.to_dict(), fingerprint(spec))
        now = sup.execute("SELECT now()").fetchone()[0]
        window = accounts.publish_exam(sup, spec.id, class_id, now - timedelta(seconds=5), now + timedelta(hours=1))
    urls = [station_url(proxy, "dt_exam", "exam", n) for n in range(stations)]
    paths = [station_store(workdir, "exam", n) for n in range(stations)]
    senders = [Sender(path, url, interval_s=1.0) for path, url in zip(paths, urls)]
    for s in senders:
        s.start()

    given: list[list[float]] = [[] for _ in range(stations)]  # time.time() as each answer was recorded
    right = [0] * stations  # the station's own count of its right answers
    server_ids: list[int | None] = [None] * stations
    refused_again = [False] * stations
    failures: list[str] = []
    stop = threading.Event()

    def take_exam(n: int) -> None:
        rng = random.Random(n)
        stop.wait(rng.random())  # the class does not begin in step
        with Store.open(paths[n]) as store:  # a station's store is used in its own thread
            local = store.trainees()[0].id
            try:
                with connect(urls[n]) as conn:
                    trainee = station.sign_in(conn, trainee_name(n), PIN)
                    [exam] = [e for e in station.open_exams(conn, trainee.id) if e.window_id == window]
                    started = station.begin_exam(conn, store, local, exam)
                    try:
                        station.begin_exam(conn, store, local, exam)
                    except ServerError:
                        refused_again[n] = True
            except (ServerError, psycopg.Error, ValueError) as e:
                failures.append(f"station {n:02d}: {one_line(e)}")
                return
            server_ids[n] = trainee.id
            session = exam_session(ExamSpec.from_dict(exam.definition))
            next_at = time.monotonic() + 1.0
            while not session.finished and not stop.is_set():
                stop.wait(max(0.0, next_at - time.monotonic()))
                q = session.current()
                ok = rng.random() < 0.7
                store.record_answer(started.session_id, local,
                                    session.answer(q.answer if ok else "nope", rng.randrange(800, 9000)))
                given[n].append(time.time())
                right[n] += ok
                senders[n].wake()
                next_at += 1.0
            store.end_session(started.session_id)
            senders[n].wake()

    live_ms: list[float] = []
    checker_ms: list[float] = []
    shown: list[list[float]] = [[] for _ in range(stations)]  # time.time() each answer was first seen arrived
    shown_accepted: list[list[float]] = [[] for _ in range(stations)]
    started_counts: list[int] = []
    last: list = []
    watched = threading.Event()
    index = {trainee_name(n): n for n in range(stations)}

    def supervise() -> None:
        conn = None
        while not watched.is_set():
            a = time.perf_counter()
            try:
                if conn is None or conn.closed or conn.broken:
                    conn = connect(sup_url)
                check_pending(conn)
                b = time.perf_counter()
                rows = live_class(conn, window)
                c = time.perf_counter()
            except (psycopg.Error, ServerError):
                conn = None
                watched.wait(1.0)
                continue
            seen = time.time()
            checker_ms.append((b - a) * 1000)
            live_ms.append((c - b) * 1000)
            started_counts.append(sum(r.started_at is not None for r in rows))
            for r in rows:
                n = index[r.trainee]
                shown[n] += [seen] * (r.arrived - len(shown[n]))
                shown_accepted[n] += [seen] * (r.accepted - len(shown_accepted[n]))
            last[:] = rows
            watched.wait(max(0.0, 1.0 - (time.perf_counter() - a)))
        if conn is not None:
            conn.close()

    watcher = threading.Thread(target=supervise, daemon=True)
    watcher.start()
    ends_by = time.monotonic() + seconds + 90
    threads = [threading.Thread(target=take_exam, args=(n,), daemon=True) for n in range(stations)]
    for t in threads:
        t.start()
    time.sleep(max(0.0, cut_at))
    cut_start = time.time()
    proxy.set_cut(True)
    time.sleep(cut_for)
    waiting_during_cut = sum(s.status.pending for s in senders)
    proxy.set_cut(False)
    cut_end = time.time()
    for t in threads:
        t.join(max(0.0, ends_by - time.monotonic()))
    stop.set()
    drain(senders)
    deadline = time.monotonic() + 60  # the live view catches up: everyone finished, every answer accepted
    while time.monotonic() < deadline and not (len(last) == stations and all(
            r.finished and r.accepted == len(given[index[r.trainee]]) for r in last)):
        time.sleep(0.5)
    watched.set()
    watcher.join(30)
    final = {r.trainee: r for r in last}

    local, server, counts = arrivals(paths, db_url)
    cut_window = (datetime.fromtimestamp(cut_start, timezone.utc), datetime.fromtimestamp(cut_end, timezone.utc))
    reach, reach_outside = reach_times(local, server, [cut_window])
    with connect(sup_url) as sup:
        check_pending(sup)
        attempts, attempt_trainees = sup.execute(
            "SELECT count(*), count(DISTINCT trainee_id) FROM dealer.exam_attempts WHERE window_id = %s",
            [window]).fetchone()
        accepted, refused = sup.execute(
            "SELECT count(*) FILTER (WHERE c.accepted), count(*) FILTER (WHERE NOT c.accepted) "
            "FROM dealer.answer_checks c").fetchone()
        accounts.release_results(sup, window)
    released = time.perf_counter()
    results_ms: list[float | None] = [None] * stations
    results_ok = [False] * stations

    def read_results(n: int) -> None:
        if server_ids[n] is None:
            return
        try:
            with connect(urls[n]) as conn:
                got = station.released_results(conn, server_ids[n])
        except (ServerError, psycopg.Error) as e:
            failures.append(f"station {n:02d}'s results: {one_line(e)}")
            return
        results_ms[n] = (time.perf_counter() - released) * 1000
        results_ok[n] = [(r.window_id, r.question_count, r.answered, r.correct) for r in got] == [
            (window, questions, len(given[n]), right[n])]

    readers = [threading.Thread(target=read_results, args=(n,), daemon=True) for n in range(stations)]
    for t in readers:
        t.start()
    for t in readers:
        t.join(60)
    proxy.close()

    to_show, to_show_outside, to_accept = [], [], []
    for n in range(stations):
        for at, seen in zip(given[n], shown[n]):
            to_show.append((seen - at) * 1000)
            if not cut_start <= at <= cut_end:
                to_show_outside.append((seen - at) * 1000)
        to_accept += [(seen - at) * 1000 for at, seen in zip(given[n], shown_accepted[n])]
    live_right = all(
        trainee_name(n) in final and (final[trainee_name(n)].arrived, final[trainee_name(n)].accepted,
                                      final[trainee_name(n)].correct, final[trainee_name(n)].finished)
        == (len(given[n]), len(given[n]), right[n], True) for n in range(stations))
    read = [ms for ms in results_ms if ms is not None]
    return {
        "stations": stations, "questions": questions, "cut": f"{cut_at:g}-{cut_at + cut_for:g} s", **counts,
        "attempts": attempts, "attempt_trainees": attempt_trainees, "second_starts_refused": sum(refused_again),
        "accepted": accepted, "refused": refused, "waiting_during_cut": waiting_during_cut,
        "never_shown": sum(len(given[n]) - min(len(given[n]), len(shown[n])) for n in range(stations)),
        "reach_p50_ms": percentile(reach, 50), "reach_p99_ms": percentile(reach, 99),
        "reach_p99_outside_cut_ms": percentile(reach_outside, 99),
        "show_p50_ms": percentile(to_show, 50), "show_p99_ms": percentile(to_show, 99),
        "show_p99_outside_cut_ms": percentile(to_show_outside, 99),
        "accept_p50_ms": percentile(to_accept, 50), "accept_p99_ms": percentile(to_accept, 99),
        "live_median_ms": statistics.median(live_ms) if live_ms else float("nan"),
        "live_max_ms": max(live_ms) if live_ms else float("nan"), "live_reads": len(live_ms),
        "checker_median_ms": statistics.median(checker_ms) if checker_ms else float("nan"),
        "started_reads": sorted(set(started_counts)), "live_final_right": live_right,
        "results_right": sum(results_ok),
        "release_median_ms": statistics.median(read) if read else float("nan"),
        "release_max_ms": max(read) if read else float("nan"), "failures": failures,
    }


# -- the dashboard over many answers ------------------------------------------------------
def dashboard_run(cluster, answers: int, *, trainees: int = 300, classes: int = 10) -> dict:
    import psycopg

    from trainer.server import schema
    from trainer.server.connection import connect
    from trainer.server.dashboard import Scope, skill_figures, trend

    with psycopg.connect(cluster.url(), autocommit=True) as conn:
        conn.execute("CREATE DATABASE dt_dashboard")
    url = cluster.url("dt_dashboard")
    timings: dict[str, float] = {}
    with connect(url) as conn:
        schema.migrate(conn)
        a = time.perf_counter()
        conn.execute("INSERT INTO dealer.trainees (name) SELECT 'Trainee ' || g FROM generate_series(1, %s) g",
                     [trainees])
        conn.execute("INSERT INTO dealer.classes (name) SELECT 'Class ' || g FROM generate_series(1, %s) g",
                     [classes])
        conn.execute("INSERT INTO dealer.class_members (class_id, trainee_id) SELECT 1 + (t.id - 1) %% %s, t.id "
                     "FROM dealer.trainees t", [classes])
        conn.execute("INSERT INTO dealer.sessions (id, trainee_id, game_id, mode, seed, question_count, started_at) "
                     "SELECT lpad(to_hex(t.id), 32, '0'), t.id, 'mixed', 'practice', 1, 0, '2026-01-01' "
                     "FROM dealer.trainees t")
        # the answers and their checks in batches; the summary is then built in one statement,
        # the same as version 3's migration does for the answers already checked
        conn.execute("ALTER TABLE dealer.answer_checks DISABLE TRIGGER answer_checks_summary")
        batch = 1_000_000
        games = "ARRAY['pokette','winners-pot','dj-wild','four-card','two-card-joker']"
        skills = "ARRAY['payouts','hand-reading','procedures','dealing-order','irregularities','house-way']"
        for first in range(0, answers, batch):
            last = min(answers, first + batch)
            with conn.transaction():
                conn.execute(
                    f"""INSERT INTO dealer.answers (id, session_id, trainee_id, game_id, skill, kind, seed, prompt,
                        form, fields, given, correct_answer, is_correct, response_ms, answered_at, citations,
                        explanation, target_ms)
                    SELECT lpad(to_hex(g), 32, '0'), lpad(to_hex(1 + g %% {trainees}), 32, '0'), 1 + g %% {trainees},
                           ({games})[1 + (g / 7) %% 5], ({skills})[1 + (g / 3) %% 6], 'k', g, 'p', 'choice', '[]',
                           'x', 'x', (hashint4(g) %% 10 < 7)::int, 500 + abs(hashint4(g + 1)) %% 19000,
                           timestamptz '2026-01-01' + (g::float8 / %s) * interval '365 days', '[]', '', 8000
                    FROM generate_series(%s, %s) g""", [answers, first + 1, last])
                conn.execute("INSERT INTO dealer.answer_checks (answer_id, accepted) "
                             "SELECT lpad(to_hex(g), 32, '0'), true FROM generate_series(%s, %s) g",
                             [first + 1, last])
            print(f"  {last:,} answers", file=sys.stderr, flush=True)
        conn.execute("ALTER TABLE dealer.answer_checks ENABLE TRIGGER answer_checks_summary")
        for table, _period, of_answer in schema.SUMMARIES:
            conn.execute(schema.summary_fill(table, of_answer))
            conn.execute(f"VACUUM ANALYZE dealer.{table}")
        conn.execute("ANALYZE dealer.class_members")
        timings["generate_s"] = time.perf_counter() - a
        summary_rows = conn.execute("SELECT count(*) FROM dealer.answer_summary_month").fetchone()[0]
        year = Scope(since=date(2026, 1, 1))
        for label, scope in (("whole year", year), ("one class", Scope(since=date(2026, 1, 1), class_id=3)),
                             ("one trainee", Scope(since=date(2026, 1, 1), trainee_id=42))):
            runs = []
            for _ in range(7):
                b = time.perf_counter()
                skill_figures(conn, scope)
                trend(conn, scope, by="day" if scope.trainee_id else "month")
                runs.append((time.perf_counter() - b) * 1000)
            timings[label] = statistics.median(runs)
        size = conn.execute("SELECT pg_size_pretty(pg_database_size(current_database()))").fetchone()[0]
    return {"answers": answers, "summary_rows": summary_rows, "size": size, **timings}


def measure(stations: int = 30, seconds: float = 120.0, cut_at: float = 40.0, cut_for: float = 20.0, *,
            load: bool = True, exam: bool = True) -> dict:
    """The load run (``load``) and the class exam taken live (``exam``: its figures under the
    key "exam"), each in a database of its own on a server of its own (started here,
    removed after)."""
    from tests.server.pg_cluster import PgCluster

    folder = Path(tempfile.mkdtemp(prefix="dt-bench-pg-"))
    workdir = Path(tempfile.mkdtemp(prefix="dt-bench-stations-"))
    cluster = PgCluster(folder)
    try:
        out = load_run(cluster, workdir, stations, seconds, cut_at, cut_for) if load else {}
        if exam:
            out["exam"] = exam_run(cluster, workdir, stations, seconds, cut_at, cut_for)
        return out
    finally:
        cluster.close()
        shutil.rmtree(folder, ignore_errors=True)
        shutil.rmtree(workdir, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--stations", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--cut-at", type=float, default=40.0)
    parser.add_argument("--cut-for", type=float, default=20.0)
    parser.add_argument("--dashboard-answers", type=int, metavar="N",
                        help="instead of the load run: the dashboard over N answers")
    parser.add_argument("--exam", action="store_true",
                        help="instead of the load run: the stations take a class exam live (one answer a second)")
    args = parser.parse_args(argv)
    if args.dashboard_answers:
        from tests.server.pg_cluster import PgCluster

        folder = Path(tempfile.mkdtemp(prefix="dt-bench-pg-"))
        cluster = PgCluster(folder)
        try:
            out = dashboard_run(cluster, args.dashboard_answers)
        finally:
            cluster.close()
            shutil.rmtree(folder, ignore_errors=True)
        print(f"Dashboard over {out['answers']:,} answers in PostgreSQL ({out['size']}, "
              f"{out['summary_rows']:,} monthly summary rows; generated in {out['generate_s']:.0f} s):")
        for label in ("whole year", "one class", "one trainee"):
            print(f"  {label:<12} {out[label]:8.1f} ms   (goal <= 300 ms: {'met' if out[label] <= 300 else 'NOT met'})")
        return 0
    if args.exam:
        return print_exam(measure(args.stations, args.seconds, args.cut_at, args.cut_for, load=False)["exam"])
    out = measure(args.stations, args.seconds, args.cut_at, args.cut_for, exam=False)
    print(f"{out['stations']} stations, one answer a second each for {out['seconds']:g} s, network cut at "
          f"{out['cut']}:")
    print(f"  answers recorded by the stations  {out['answers']:,}")
    print(f"  on the server                     {out['on_server']:,} ({out['distinct']:,} distinct)")
    print(f"  lost / duplicated / unknown       {out['lost']} / {out['duplicated']} / {out['foreign']}")
    print(f"  accepted / refused by the checker {out['accepted']:,} / {out['refused']:,}")
    print(f"  waiting at the end of the cut     {out['waiting_during_cut']:,} rows")
    print(f"  time to reach the server          p50 {out['reach_p50_ms']:,.0f} ms, p99 {out['reach_p99_ms']:,.0f} ms, "
          f"max {out['reach_max_ms']:,.0f} ms (p99 of answers given outside the cut: "
          f"{out['reach_p99_outside_cut_ms']:,.0f} ms)")
    print(f"  dashboard during the run          median {out['dashboard_median_ms']:.1f} ms, "
          f"max {out['dashboard_max_ms']:.1f} ms over {out['dashboard_reads']} reads (checker median "
          f"{out['checker_median_ms']:.1f} ms)")
    ok = out["answers"] > 0 and out["lost"] == 0 and out["duplicated"] == 0 and out["foreign"] == 0 and out["refused"] == 0
    print("  none lost, none duplicated" if ok else "  FAILED: answers lost, duplicated or refused")
    return 0 if ok else 1


def exam_ok(out: dict) -> bool:
    """Nothing lost or duplicated, one attempt each, the live view and every result exact."""
    return (out["answers"] > 0 and out["lost"] == out["duplicated"] == out["foreign"] == out["refused"] == 0
            and out["attempts"] == out["attempt_trainees"] == out["stations"] == out["second_starts_refused"]
            and out["live_final_right"] and out["results_right"] == out["stations"] and not out["failures"])


def print_exam(out: dict) -> int:
    print(f"{out['stations']} stations take a class exam live ({out['questions']} questions, one answer a second), "
          f"network cut at {out['cut']}:")
    print(f"  answers recorded by the stations  {out['answers']:,}")
    print(f"  on the server                     {out['on_server']:,} ({out['distinct']:,} distinct)")
    print(f"  lost / duplicated / unknown       {out['lost']} / {out['duplicated']} / {out['foreign']}")
    print(f"  accepted / refused by the checker {out['accepted']:,} / {out['refused']:,}")
    print(f"  attempts                          {out['attempts']} of {out['attempt_trainees']} trainees; "
          f"second starts refused {out['second_starts_refused']} of {out['stations']}")
    print(f"  waiting at the end of the cut     {out['waiting_during_cut']:,} rows")
    print(f"  answer to the server              p50 {out['reach_p50_ms']:,.0f} ms, p99 {out['reach_p99_ms']:,.0f} ms "
          f"(p99 outside the cut {out['reach_p99_outside_cut_ms']:,.0f} ms)")
    print(f"  answer to the live view (1 s)     p50 {out['show_p50_ms']:,.0f} ms, p99 {out['show_p99_ms']:,.0f} ms "
          f"(p99 outside the cut {out['show_p99_outside_cut_ms']:,.0f} ms; accepted: p50 "
          f"{out['accept_p50_ms']:,.0f} ms, p99 {out['accept_p99_ms']:,.0f} ms; never shown {out['never_shown']})")
    print(f"  live view query                   median {out['live_median_ms']:.1f} ms, max {out['live_max_ms']:.1f} ms "
          f"over {out['live_reads']} reads (checker median {out['checker_median_ms']:.1f} ms)")
    print(f"  live view at the end exact        {'yes' if out['live_final_right'] else 'NO'}")
    print(f"  release to results                median {out['release_median_ms']:.0f} ms, max "
          f"{out['release_max_ms']:.0f} ms; {out['results_right']} of {out['stations']} stations read their exact score")
    for failure in out["failures"][:10]:
        print(f"  failed: {failure}")
    ok = exam_ok(out)
    print("  none lost, none duplicated, every attempt counted once" if ok else "  FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    sys.exit(main())
