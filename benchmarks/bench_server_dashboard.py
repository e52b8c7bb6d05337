"""The supervisor's dashboard read from the classroom server over ten million answers in
PostgreSQL, side by side with the same dashboard from the SQLite store over one million,
in one run (issue 19).

    .venv/bin/python benchmarks/bench_server_dashboard.py [--answers N] [--folder PATH]
                                                          [--sqlite-db PATH] [--repeat N] [--raw]

The server's answers are generated inside PostgreSQL (``INSERT ... SELECT`` from
``generate_series``: a year of practice of 200 trainees in two classes, sessions of ten
questions of one game, every skill of the five games, table mode's steps one answer in
twenty, one answer in a thousand refused by the checker, a hundred exam attempts started
by the server, table rounds), then their summaries are filled by the same SQL the schema's migrations run for
answers already checked (the table rounds' summary of version 7 is kept by its trigger as the
rounds' checks are inserted). A cluster made before version 7 is migrated on the next run. The cluster is kept in ``--folder`` (default: the temporary
folder's ``dealer-trainer-bench-server-<N>``) and reused by the next run, as the SQLite
file is (``benchmarks/run.py``'s ``--dashboard-db``).

Timed, interleaved with the same call on the SQLite store: ``load_dashboard`` for the
whole year and one class, and one trainee's drill-down (``load_trainee``), through
``ServerReviewSource``: the median wall time and the median CPU time of this process and
of the server's backend for the connection (read from /proc). ``--raw`` also times the
figures computed from the answers alone (``DirectReviewSource``, as before schema version
4), once each. Run on demand; the test suite never runs it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

GOAL_MS = 300
TRAINEES, CLASSES, DAYS, PER_SESSION = 200, 2, 365, 10
TABLE_PARTS = ("procedure", "payouts", "watch")
SETTINGS = {"shared_buffers": "1GB", "work_mem": "128MB", "maintenance_work_mem": "512MB", "max_wal_size": "8GB",
            "synchronous_commit": "off", "max_parallel_workers_per_gather": "0", "checkpoint_timeout": "30min"}


def cluster_in(folder: Path):
    """The benchmark's PostgreSQL server in ``folder``: made there the first time, started
    again on the same data after."""
    from tests.server.pg_cluster import PgCluster

    if (folder / "data" / "PG_VERSION").exists():
        cluster = PgCluster.__new__(PgCluster)
        cluster.folder, cluster.data, cluster.socket = folder, folder / "data", folder / "sock"
        cluster.bin, cluster.user = PgCluster._binaries()
        cluster.start()
        return cluster
    folder.mkdir(parents=True, exist_ok=True)
    cluster = PgCluster(folder)
    import psycopg

    with psycopg.connect(cluster.url(), autocommit=True) as conn:
        for key, value in SETTINGS.items():
            conn.execute(f"ALTER SYSTEM SET {key} = '{value}'")
    cluster.stop()
    cluster.start()
    return cluster


def question_skills() -> list[tuple[str, list[str]]]:
    from trainer.games.registry import available_games

    return [(game.id, sorted({kind.skill for kind in game.question_kinds()})) for game in available_games()]


def generate(conn, answers: int) -> None:
    """``answers`` answers (sessions of ten) of a year ending today, their checks, sessions,
    exam attempts and table rounds; then the summaries, filled as the migrations fill them."""
    from trainer.server import schema

    sessions = answers // PER_SESSION
    games = question_skills()
    say = lambda text: print(f"  {text} ({time.strftime('%H:%M:%S')})", file=sys.stderr, flush=True)  # noqa: E731
    conn.execute("SET session_replication_role = replica")  # no triggers (summaries, keys) while loading
    conn.execute("INSERT INTO dealer.trainees (name) SELECT 'Trainee ' || g FROM generate_series(1, %s) g",
                 [TRAINEES])
    conn.execute("INSERT INTO dealer.classes (name) SELECT 'Class ' || g FROM generate_series(1, %s) g", [CLASSES])
    conn.execute("INSERT INTO dealer.class_members (class_id, trainee_id) SELECT 1 + (t.id - 1) %% %s, t.id "
                 "FROM dealer.trainees t", [CLASSES])
    conn.execute("INSERT INTO dealer.exams (id, title, definition, fingerprint) VALUES ('bench-exam', 'Bench exam', "
                 "'{\"question_count\": 10, \"pass_mark\": 70}', 'bench')")
    conn.execute("CREATE TEMP TABLE bench_games (g int PRIMARY KEY, game_id text, n int, skills text[])")
    for n, (game, skills) in enumerate(games):
        conn.execute("INSERT INTO bench_games VALUES (%s, %s, %s, %s)", [n, game, len(skills), skills])
    ngames = len(games)
    # one session: its trainee, game and start (the year's days in turn, 8:00 to 20:00 UTC)
    conn.execute(f"""
        CREATE TEMP TABLE bench_sessions AS
        SELECT s, md5('session ' || s) AS id, 1 + s % {TRAINEES} AS trainee_id,
               abs(hashint4(s * 7 + 1)) % {ngames} AS g,
               date_trunc('day', now()) - interval '{DAYS - 1} days' + (s::bigint * {DAYS} / {sessions}) * interval '1 day'
                 + interval '8 hours' + (abs(hashint4(s)) % 43200) * interval '1 second' AS started_at
        FROM generate_series(0, {sessions} - 1) s""")
    conn.execute("ALTER TABLE bench_sessions ADD PRIMARY KEY (s)")
    conn.execute(f"""
        INSERT INTO dealer.sessions (id, trainee_id, game_id, mode, seed, question_count, started_at, exam_id)
        SELECT x.id, x.trainee_id, b.game_id, CASE WHEN x.s % 10000 = 0 THEN 'exam' ELSE 'practice' END, x.s,
               {PER_SESSION}, x.started_at, CASE WHEN x.s % 10000 = 0 THEN 'bench-exam' END
        FROM bench_sessions x JOIN bench_games b ON b.g = x.g""")
    say(f"{sessions:,} sessions")
    started_attempts(conn)
    # the answers' indexes are built after the load (faster than kept row by row)
    indexes = [r[0] for r in conn.execute(
        "SELECT indexdef FROM pg_indexes WHERE schemaname = 'dealer' AND tablename = 'answers' "
        "AND indexname <> 'answers_pkey'")]
    for (name,) in conn.execute("SELECT indexname FROM pg_indexes WHERE schemaname = 'dealer' "
                                "AND tablename = 'answers' AND indexname <> 'answers_pkey'").fetchall():
        conn.execute(f"DROP INDEX dealer.{name}")
    conn.commit()
    step = 100_000
    for first in range(0, sessions, step):
        conn.execute(f"""
            INSERT INTO dealer.answers (id, session_id, trainee_id, game_id, skill, kind, seed, prompt, form, fields,
                given, correct_answer, is_correct, response_ms, answered_at, citations, explanation, target_ms)
            SELECT md5(x.id || i), x.id, x.trainee_id, b.game_id,
                   CASE WHEN abs(hashint4(x.s * 11 + i)) % 20 = 0
                        THEN b.game_id || '.table-' || (ARRAY{list(TABLE_PARTS)})[1 + abs(hashint4(x.s + i)) % 3]
                        ELSE b.skills[1 + abs(hashint4(x.s * 13 + i)) % b.n] END,
                   'bench', x.s * 10 + i, 'Question', 'choice', '[]', 'a', 'a',
                   (abs(hashint4(x.s * 17 + i)) % 100 < 72)::int, 800 + abs(hashint4(x.s * 19 + i)) % 15000,
                   x.started_at + i * interval '9 seconds' + (abs(hashint4(x.s * 23 + i)) % 6000) * interval '1 ms',
                   '[]', '', CASE WHEN abs(hashint4(x.s * 29 + i)) % 3 = 0 THEN 16000 ELSE 8000 END
            FROM bench_sessions x JOIN bench_games b ON b.g = x.g CROSS JOIN generate_series(0, {PER_SESSION - 1}) i
            WHERE x.s >= {first} AND x.s < {first + step}""")
        conn.commit()
        say(f"{min(sessions, first + step) * PER_SESSION:,} answers")
    conn.execute("INSERT INTO dealer.answer_checks (answer_id, accepted) SELECT a.id, abs(hashint4(a.seed::int)) "
                 "% 1000 <> 0 FROM dealer.answers a")
    conn.execute("INSERT INTO dealer.session_ends (session_id, trainee_id, ended_at) SELECT x.id, x.trainee_id, "
                 "x.started_at + interval '3 minutes' FROM bench_sessions x")
    conn.commit()
    say("checks and session ends")
    rounds = answers // 420  # as many a year and trainee as the SQLite bench's station records, per answer
    conn.execute("""
        INSERT INTO dealer.sessions (id, trainee_id, game_id, mode, seed, question_count, started_at)
        SELECT md5('table ' || t), t, 'mixed', 'table', t, 0, date_trunc('day', now()) - interval '1 year'
        FROM generate_series(1, %s) t""", [TRAINEES])
    conn.execute(f"""
        INSERT INTO dealer.table_rounds (id, session_id, trainee_id, station_id, recorded_at, game_id, mode, level,
            seed, options, actions, procedure_errors, payout_errors, extra_chip_payouts, mistakes_made, caught,
            missed_calls, false_calls, rule_named, remedy_named, total_ms, target_ms, action_ms, mistakes, completed)
        SELECT md5('round ' || r), md5('table ' || (1 + r % {TRAINEES})), 1 + r % {TRAINEES}, 'bench',
               date_trunc('day', now()) - interval '{DAYS - 1} days' + (r::bigint * {DAYS} / {rounds}) * interval '1 day'
                 + interval '9 hours' + (abs(hashint4(r)) % 36000) * interval '1 second',
               b.game_id, CASE WHEN r % 4 = 0 THEN 'watch' ELSE 'deal' END, 'guided', r, '{{}}', 4,
               (abs(hashint4(r * 3)) % 5 = 0)::int, 0, 0, (r % 4 = 0)::int, (r % 4 = 0 AND r % 3 <> 0)::int,
               (r % 4 = 0 AND r % 3 = 0)::int, 0, 0, 0, 4000 + abs(hashint4(r * 5)) % 4000,
               CASE WHEN r % 4 = 0 THEN 0 ELSE 6000 END, '[1000, 1000, 1000, 1000]', '[]',
               (abs(hashint4(r * 7)) % 20 <> 0)::int
        FROM generate_series(0, {rounds} - 1) r JOIN bench_games b ON b.g = abs(hashint4(r * 11)) % {ngames}""")
    conn.commit()
    say(f"{rounds:,} table rounds")
    for sql in indexes:
        conn.execute(sql)
        conn.commit()
    say("the answers' indexes")
    conn.execute("SET session_replication_role = origin")
    for table, _period, of_answer in schema.SUMMARIES:
        conn.execute(schema.summary_fill(table, of_answer))
    conn.execute(schema.summary_fill_v4())
    conn.execute(schema.summary_fill_v7())  # the exam sessions' scores (the rounds' summary: as they are accepted)
    conn.execute("INSERT INTO dealer.meta VALUES ('bench_answers', %s)", [str(answers)])
    conn.commit()
    say("the summaries")
    conn.autocommit = True
    conn.execute("VACUUM ANALYZE")
    conn.autocommit = False
    say("vacuum")


def started_attempts(conn) -> None:
    """The exam sessions made attempts the server started (``dealer.exam_attempts``), each
    in a window of its own opened to the first class around it (the review lists only
    those)."""
    conn.execute("""
        INSERT INTO dealer.exam_windows (exam_id, class_id, opens_at, closes_at, released_at)
        SELECT s.exam_id, 1, s.started_at - interval '1 minute', s.started_at + interval '1 hour',
               s.started_at + interval '1 day'
        FROM dealer.sessions s WHERE s.exam_id = 'bench-exam' ORDER BY s.started_at, s.id""")
    conn.execute("""
        INSERT INTO dealer.exam_attempts (session_id, window_id, trainee_id, started_at)
        SELECT s.id, w.id, s.trainee_id, s.started_at
        FROM (SELECT id, trainee_id, started_at, row_number() OVER (ORDER BY started_at, id) AS n
              FROM dealer.sessions WHERE exam_id = 'bench-exam') s
        JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM dealer.exam_windows
              WHERE exam_id = 'bench-exam') w ON w.n = s.n""")


def server_database(answers: int, folder: Path | None):
    """The started cluster and the URL of its database of about ``answers`` answers
    (generated the first time)."""
    import psycopg

    from trainer.server import schema
    from trainer.server.connection import connect

    folder = folder or Path(tempfile.gettempdir()) / f"dealer-trainer-bench-server-{answers}"
    cluster = cluster_in(folder)
    url = cluster.url("dealer")
    with psycopg.connect(cluster.url(), autocommit=True) as conn:
        if conn.execute("SELECT 1 FROM pg_database WHERE datname = 'dealer'").fetchone() is None:
            conn.execute("CREATE DATABASE dealer")
    with connect(url) as conn:
        schema.migrate(conn)
        if conn.execute("SELECT 1 FROM dealer.meta WHERE key = 'bench_answers'").fetchone() is None:
            if conn.execute("SELECT EXISTS (SELECT 1 FROM dealer.answers)").fetchone()[0]:
                raise SystemExit(f"{folder} holds a half-generated database: remove the folder and run again")
            print(f"(generating {answers:,} answers in PostgreSQL into {folder}: once)", file=sys.stderr, flush=True)
            start = time.perf_counter()
            generate(conn, answers)
            print(f"(generated in {time.perf_counter() - start:.0f} s)", file=sys.stderr, flush=True)
        # the review reads accepted rounds only (schema version 5); the generated ones stand
        # for genuine rounds (not replayable): accepted as the checker accepts those
        conn.execute("INSERT INTO dealer.table_round_checks (round_id, accepted) SELECT r.id, true "
                     "FROM dealer.table_rounds r WHERE NOT EXISTS "
                     "(SELECT 1 FROM dealer.table_round_checks k WHERE k.round_id = r.id)")
    return cluster, url, folder


def sqlite_store(answers: int, path: Path):
    """The SQLite store of about ``answers`` answers (``benchmarks/run.py``'s dashboard
    database; generated the first time, as there)."""
    from trainer.review import dashboard as dash
    from trainer.review.demo import DemoPlan, populate
    from trainer.store import Store

    store = Store.open(path)  # an older file is migrated here (its summary tables filled: once)
    if store.answer_span(dash.Query().answer_filter())[0] == 0:
        print(f"(generating about {answers:,} answers into {path}: once, it takes a while)", file=sys.stderr,
              flush=True)
        trainees, days, questions = 200, 365, 10
        populate(store, DemoPlan(trainees=trainees, days=days, seed=11,
                                 sessions_per_day=answers / (trainees * days * questions),
                                 questions=questions, pool=25, exam=True))
    return store


def backend_cpu_s(pid: int) -> float | None:
    """CPU seconds (user + system) of a server process so far; None where /proc cannot say."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def interleaved(fns, repeat: int, backend: int | None) -> list[dict]:
    """Each of ``fns`` run ``repeat`` times in turn: median wall, this process's CPU and
    the server backend's CPU (for the server's calls), in ms."""
    got = [{"wall": [], "cpu": [], "server": []} for _ in fns]
    for _ in range(repeat):
        for n, (fn, on_server) in enumerate(fns):
            server0 = backend_cpu_s(backend) if on_server and backend else None
            wall0, cpu0 = time.perf_counter(), time.process_time()
            fn()
            got[n]["wall"].append((time.perf_counter() - wall0) * 1000)
            got[n]["cpu"].append((time.process_time() - cpu0) * 1000)
            if server0 is not None:
                got[n]["server"].append((backend_cpu_s(backend) - server0) * 1000)
    return [{k: statistics.median(v) if v else None for k, v in g.items()} for g in got]


def measure(answers: int = 10_000_000, folder: Path | None = None, sqlite_answers: int = 1_000_000,
            sqlite_db: Path | None = None, repeat: int = 5, raw: bool = False) -> dict:
    """The three dashboard calls through the server and the SQLite store, interleaved."""
    from trainer.review import dashboard as dash
    from trainer.server.connection import connect
    from trainer.server.review_source import DirectReviewSource, ServerReviewSource

    cluster, url, folder = server_database(answers, folder)
    store = sqlite_store(sqlite_answers, sqlite_db or Path(tempfile.gettempdir()) /
                         f"dealer-trainer-bench-dashboard-{sqlite_answers}.sqlite3")
    try:
        with connect(url) as conn:
            conn.autocommit = True  # the review reads, as the app's connection does, statement by statement
            server = ServerReviewSource(conn)
            backend = conn.execute("SELECT pg_backend_pid()").fetchone()[0]
            size = conn.execute("SELECT pg_size_pretty(pg_database_size(current_database()))").fetchone()[0]
            count = server.answer_count(dash.Query().answer_filter())
            local_count = store.answer_span(dash.Query().answer_filter())[0]
            klass, local_class = server.classes()[0], store.classes()[0]
            someone, local_someone = server.trainees()[0], store.trainees()[0]
            cases = [("whole year", lambda s, c: dash.load_dashboard(s, dash.Query())),
                     ("one class", lambda s, c: dash.load_dashboard(s, dash.Query(class_id=c[0]))),
                     ("one trainee's drill-down", lambda s, c: dash.load_trainee(s, c[1], dash.Query()))]
            results = []
            for label, fn in cases:
                on_server = (server, (klass.id, someone.id))
                on_store = (store, (local_class.id, local_someone.id))
                fn(*on_server), fn(*on_store)  # warm both caches
                srv, loc = interleaved([(lambda: fn(*on_server), True), (lambda: fn(*on_store), False)], repeat,
                                       backend)
                row = {"label": label, "server": srv, "sqlite": loc}
                if raw:
                    start = time.perf_counter()
                    fn(DirectReviewSource(conn), on_server[1])
                    row["raw_ms"] = (time.perf_counter() - start) * 1000
                results.append(row)
            members = (klass.members, local_class.members)
    finally:
        store.close()
        cluster.close()
    return {"answers": count, "sqlite_answers": local_count, "size": size, "folder": folder, "members": members,
            "cases": results, "load": os.getloadavg() if hasattr(os, "getloadavg") else None}


def fmt(t: dict) -> str:
    server = "" if t.get("server") is None else f" + server {t['server']:,.0f} ms"
    return f"{t['wall']:,.0f} ms wall, CPU {t['cpu']:,.0f} ms{server}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=10_000_000, help="the server's answers (default 10,000,000)")
    parser.add_argument("--folder", type=Path, help="the PostgreSQL cluster to reuse (or make)")
    parser.add_argument("--sqlite-answers", type=int, default=1_000_000)
    parser.add_argument("--sqlite-db", type=Path, help="the SQLite database to reuse (or make)")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--raw", action="store_true", help="also time the figures from the answers alone, once")
    args = parser.parse_args()
    out = measure(args.answers, args.folder, args.sqlite_answers, args.sqlite_db, args.repeat, args.raw)
    load = out["load"]
    print(f"Server: {out['answers']:,} accepted answers in PostgreSQL ({out['size']}, {out['folder']}); "
          f"SQLite: {out['sqlite_answers']:,} answers; classes of {out['members'][0]} / {out['members'][1]} trainees; "
          f"{date.today()}, load average {' '.join(f'{x:.2f}' for x in load) if load else '?'}")
    print(f"goal: each under {GOAL_MS} ms")
    for row in out["cases"]:
        met = "met" if row["server"]["wall"] <= GOAL_MS else "NOT met"
        raw = f"; from the answers alone {row['raw_ms']:,.0f} ms" if "raw_ms" in row else ""
        print(f"  {row['label']:<26} server {fmt(row['server'])} ({met}) | SQLite {fmt(row['sqlite'])}{raw}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
