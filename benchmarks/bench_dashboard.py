"""The supervisor dashboard's queries over one million generated answers.

    .venv/bin/python benchmarks/bench_dashboard.py [--answers N] [--db PATH] [--keep]

Generates a year of practice for a school (200 trainees in two classes, real questions
of every available game asked again from a pool) as a station's results, imports it
through ``Store.import_results`` (as a supervisor would import it), then times every
query the dashboard and the trainee drill-down make, for the whole year, one class,
one game and the last 30 days, from the summary tables (or with ``--from-answers``
counted from the answers). Run on demand; the test suite never runs it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from trainer.review import dashboard as dash  # noqa: E402
from trainer.review.demo import DemoPlan, populate  # noqa: E402
from trainer.store import Store  # noqa: E402
from trainer.contracts.measures import WINDOW  # noqa: E402


def timed(label: str, fn, repeat: int = 3):
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    print(f"  {label:<52} {statistics.median(times) * 1000:>9.0f} ms  (best {min(times) * 1000:.0f} ms)")
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=1_000_000, help="about how many answers (default 1,000,000)")
    parser.add_argument("--db", type=Path, help="reuse (or create) this database instead of a temporary one")
    parser.add_argument("--keep", action="store_true", help="keep the temporary database")
    parser.add_argument("--from-answers", action="store_true",
                        help="count every figure from the answers, not the summary tables (Store.use_summaries)")
    args = parser.parse_args()

    trainees, days, questions = 200, 365, 10
    per_day = args.answers / (trainees * days * questions)
    folder = None
    if args.db is None:
        folder = tempfile.mkdtemp(prefix="bench-dashboard-")
        path = Path(folder) / "review.sqlite3"
    else:
        path = args.db
    store = Store.open(path)
    store.use_summaries = not args.from_answers
    try:
        count = store.answer_span(dash.Query().answer_filter())[0]
        if count == 0:
            print(f"Generating and importing about {args.answers:,} answers into {path} …")
            start = time.perf_counter()
            last = [0.0]

            def progress(done: int, total: int) -> None:
                if time.perf_counter() - last[0] > 5:
                    last[0] = time.perf_counter()
                    print(f"  {done:,} of {total:,} answers")

            _sup, summary = populate(store, DemoPlan(trainees=trainees, days=days, seed=11, sessions_per_day=per_day,
                                                     questions=questions, pool=25, exam=True), progress=progress)
            elapsed = time.perf_counter() - start
            print(f"  imported {summary.answers_added:,} answers, {summary.sessions_added:,} sessions in "
                  f"{elapsed:.1f} s ({summary.answers_added / elapsed:,.0f} answers/s, generation included)")
            count = summary.answers_added
        size = os.path.getsize(path) + sum(os.path.getsize(p) for p in (Path(f"{path}-wal"),) if p.exists())
        print(f"{count:,} answers, {len(store.trainees())} trainees, database {size / 2**20:,.0f} MiB\n")

        today = date.today()
        classes = store.classes()
        game = dash.shown_games(dash.Query(), [])[0]
        some = store.trainees()[0]
        filters = [
            ("the whole year, everyone", dash.Query()),
            (f"one class ({classes[0].name})", dash.Query(class_id=classes[0].id)),
            (f"one game ({game})", dash.Query(game_id=game)),
            ("the last 30 days", dash.Query(first_day=today - timedelta(days=29), last_day=today)),
        ]
        for label, q in filters:
            f = q.answer_filter()
            print(f"{label}:")
            timed("count of the answers (COUNT)", lambda f=f: store.answer_span(f))
            timed("first and last answer (two seeks)", lambda f=f: store.answer_bounds(f))
            timed("accuracy and speed per trainee and skill", lambda f=f: store.skill_stats(f))
            timed(f"... and mastery over the last {WINDOW} (skill_figures)", lambda f=f: store.skill_figures(f, WINDOW))
            first, last = store.answer_bounds(f)
            bucket = dash.choose_bucket(f.start or first, f.end or last)
            timed(f"trend per {bucket}", lambda f=f, b=bucket: store.trend(f, b))
            timed("exam attempts", lambda f=f: store.exam_attempts(start=f.start, end=f.end))
            timed("the whole dashboard (load_dashboard)", lambda q=q: dash.load_dashboard(store, q), repeat=2)
            print()
        print(f"one trainee ({some.name}), the whole year:")
        timed("the trainee drill-down (load_trainee, 5,000 answers)",
              lambda: dash.load_trainee(store, some.id, dash.Query()), repeat=2)
    finally:
        store.close()
        if folder is not None and not args.keep:
            for p in Path(folder).iterdir():
                p.unlink()
            os.rmdir(folder)
        elif folder is not None:
            print(f"\nkept {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
