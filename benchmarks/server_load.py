"""The classroom server under a class's load (issue 19), against a local PostgreSQL:

    .venv/bin/python benchmarks/server_load.py [--stations 30] [--seconds 120] [--cut-at 40] [--cut-for 20]
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
from datetime import date, datetime, timezone
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


def load_run(cluster, workdir: Path, stations: int, seconds: float, cut_at: float, cut_for: float) -> dict:
    import psycopg

    from trainer.server import accounts, schema, station
    from trainer.server.checker import check_pending
    from trainer.server.connection import connect
    from trainer.server.dashboard import Scope, live_class, skill_figures
    from trainer.server.sender import Sender
    from tests.server.stations import quiz
    from trainer.store import Store

    admin_url = cluster.url()
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute("CREATE DATABASE dt_load")
    db_url = cluster.url("dt_load")
    proxy = Proxy(str(cluster.socket / ".s.PGSQL.5432"))
    with connect(db_url) as conn:
        schema.migrate(conn)
        ids = [accounts.add_trainee(conn, f"Trainee {n:02d}", "1234") for n in range(stations)]
        class_id = accounts.add_class(conn, "Load class", ids)
        for n in range(stations):
            accounts.add_login(conn, f"station_{n:02d}")
        accounts.add_login(conn, "load_supervisor", supervisor=True)
    paths, senders = [], []
    for n in range(stations):
        url = f"postgresql://station_{n:02d}@127.0.0.1:{proxy.port}/dt_load?connect_timeout=3"
        with connect(url) as conn:
            station.sign_in(conn, f"Trainee {n:02d}", "1234")
        path = workdir / f"station-{n:02d}.sqlite3"
        with Store.open(path) as store:
            store.add_trainee(f"Trainee {n:02d}")
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
    # every station sends what is left (bounded)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        for s in senders:
            s.wake()
        time.sleep(1.0)
        if all(s.status.pending == 0 and s.status.error is None for s in senders):
            break
    for s in senders:
        s.stop()
    local: dict[str, str] = {}
    for path in paths:
        with Store.open(path) as store:
            for answer_id, answered_at in store.db.execute("SELECT id, answered_at FROM answers").fetchall():
                local[answer_id] = answered_at
    with connect(db_url) as conn:
        server_rows = conn.execute("SELECT id, received_at FROM dealer.answers").fetchall()
        distinct = conn.execute("SELECT count(DISTINCT id) FROM dealer.answers").fetchone()[0]
        outcome = check_pending(conn)
        accepted = conn.execute("SELECT count(*) FROM dealer.answer_checks WHERE accepted").fetchone()[0]
        refused = conn.execute("SELECT count(*) FROM dealer.answer_checks WHERE NOT accepted").fetchone()[0]
        a = time.perf_counter()
        live_class(conn, 0)
        skill_figures(conn, Scope())
        final_dashboard_ms = (time.perf_counter() - a) * 1000
    proxy.close()
    server = {i: r for i, r in server_rows}
    lost = set(local) - set(server)
    foreign = set(server) - set(local)
    reach, reach_outside = [], []
    for answer_id, answered_at in local.items():
        if answer_id not in server:
            continue
        given = datetime.fromisoformat(answered_at.replace("Z", "+00:00"))
        ms = (server[answer_id] - given).total_seconds() * 1000
        reach.append(ms)
        if not any(start <= given <= end for start, end in cut_windows):
            reach_outside.append(ms)
    return {
        "stations": stations, "seconds": seconds, "cut": f"{cut_at:g}-{cut_at + cut_for:g} s",
        "answers": len(local), "on_server": len(server_rows), "distinct": distinct, "lost": len(lost),
        "foreign": len(foreign), "duplicated": len(server_rows) - distinct,
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


def measure(stations: int = 30, seconds: float = 120.0, cut_at: float = 40.0, cut_for: float = 20.0) -> dict:
    """The load run on a server of its own (started here, removed after)."""
    from tests.server.pg_cluster import PgCluster

    folder = Path(tempfile.mkdtemp(prefix="dt-bench-pg-"))
    workdir = Path(tempfile.mkdtemp(prefix="dt-bench-stations-"))
    cluster = PgCluster(folder)
    try:
        return load_run(cluster, workdir, stations, seconds, cut_at, cut_for)
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
    out = measure(args.stations, args.seconds, args.cut_at, args.cut_for)
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


if __name__ == "__main__":
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    sys.exit(main())
