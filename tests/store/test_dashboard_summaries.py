"""The dashboard's summary tables (schema version 5, issue 17): every figure read from them
is the figure counted from the answers themselves, for every filter the dashboard, the
drill-down and the exports use; a version-4 database is migrated with the same summaries
the trigger keeps as answers arrive."""

from __future__ import annotations

import dataclasses
import sqlite3
import time
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from unittest import mock

import pytest
from sqlite_utils import Database

from trainer.review import dashboard as dash
from trainer.review.demo import DemoPlan, populate
from trainer.store import AnswerFilter, Store, schema
from trainer.store.table_rounds import TABLE_ROUND_COLUMNS

NOW = datetime(2030, 3, 14, 15, 30, tzinfo=timezone.utc)
SUMMARIES = ("summary_skills", "summary_skill_days", "summary_trainee_days", "summary_days")


@pytest.fixture(scope="module")
def local_time():
    """Local midnights half an hour off UTC's (Newfoundland), so a day of the dashboard's
    filter starts and ends inside a UTC day of the summaries."""
    mp = pytest.MonkeyPatch()
    mp.setenv("TZ", "America/St_Johns")
    time.tzset()
    yield
    mp.undo()
    time.tzset()


def _fill(store: Store) -> None:
    """Two demo stations' results for the same trainees (several games, classes, an exam,
    table rounds): the second import's answers arrive out of time order among the first's."""
    populate(store, DemoPlan(trainees=6, days=40, seed=3, sessions_per_day=0.9, questions=8), now=NOW)
    populate(store, DemoPlan(trainees=4, days=25, seed=5, sessions_per_day=0.7, questions=6, table_rounds=False),
             now=NOW - timedelta(days=3, hours=5))


@pytest.fixture(scope="module")
def store(tmp_path_factory, local_time):
    path = tmp_path_factory.mktemp("summaries") / "review.sqlite3"
    with Store.open(path) as s:
        _fill(s)
        yield s


def direct(store: Store) -> Store:
    """The same database, every figure counted from the answers."""
    other = Store(store.path, store.db)
    other.use_summaries = False
    return other


def filters(store: Store) -> list[AnswerFilter]:
    """Whole years and partial days, each class, game, trainee and a skill, and ranges that
    end before the last answers (where the recent answers are no longer a skill's last)."""
    first, last = store.answer_bounds(AnswerFilter())
    assert first and last
    trainees = [t.id for t in store.trainees()]
    classes = [c.id for c in store.classes()]
    skill = store.skill_stats(AnswerFilter())[0].skill
    mid = (datetime.fromisoformat(first[:10]) + timedelta(days=17)).date()
    instants = [None, "2030-02-20T03:30:00.000Z", f"{mid}T00:00:00.000Z", f"{mid}T13:07:00.000Z", last,
                "2030-03-13T22:00:00.000Z", "2030-03-15T03:30:00.000Z"]
    out = [AnswerFilter(start=a, end=b) for a in instants for b in instants if a is None or b is None or a < b]
    out += [AnswerFilter(start=f"{mid}T02:00:00.000Z", end=f"{mid}T20:00:00.000Z"),  # inside one UTC day
            AnswerFilter(start=f"{mid}T20:00:00.000Z", end=f"{mid + timedelta(days=1)}T02:00:00.000Z")]
    for extra in ([{"class_id": c} for c in classes] + [{"trainee_id": t} for t in trainees]
                  + [{"game_id": g} for g in ("two-card-joker", "pokette")] + [{"skill": skill}]
                  + [{"class_id": classes[0], "game_id": "four-card"}]):
        out += [dataclasses.replace(f, **extra) for f in out[:: 5]]
    return out


def test_the_store_s_figures_are_the_answers_own(store: Store) -> None:
    plain = direct(store)
    checked = tables = 0
    for f in filters(store):
        assert store.skill_stats(f) == plain.skill_stats(f), f
        assert store.skill_figures(f, 20) == plain.skill_figures(f, 20), f
        assert store.skill_figures(f, 5) == plain.skill_figures(f, 5), f
        for bucket in ("day", "week", "month"):
            assert store.trend(f, bucket) == plain.trend(f, bucket), (f, bucket)
        assert store.answer_count(f) == plain.answer_count(f), f
        assert store.answer_span(f) == plain.answer_span(f), f
        for window in (10, 3):  # table skills: summed by SQLite, and in Python over every round
            assert store.table_figures(f, window) == plain.table_figures(f, window), (f, window)
        table = dataclasses.replace(f, skill="two-card-joker.table-payouts")
        assert store.table_figures(table) == plain.table_figures(table), table
        checked += bool(plain.skill_stats(f))
        tables += bool(plain.table_figures(f))
    assert checked > 50 and tables > 50


def test_the_dashboard_and_drill_down_are_the_same_with_and_without_the_summaries(store: Store) -> None:
    plain = direct(store)
    today = NOW.date()
    queries = [dash.Query(), dash.Query(today - timedelta(days=6), today), dash.Query(date(2030, 2, 20), None),
               dash.Query(None, date(2030, 3, 1)), dash.Query(date(2030, 2, 25), date(2030, 2, 25))]
    queries += [dataclasses.replace(q, class_id=c.id) for q in queries[:3] for c in store.classes()]
    queries += [dataclasses.replace(q, game_id="four-card") for q in queries[:3]]
    for q in queries:
        ours, theirs = dash.load_dashboard(store, q), dash.load_dashboard(plain, q)
        assert ours.answered > 0 or q.last_day == date(2030, 3, 1)
        assert dataclasses.replace(ours, generated_at="") == dataclasses.replace(theirs, generated_at=""), q
    for t in store.trainees():
        for q in queries[:5]:
            ours, theirs = dash.load_trainee(store, t.id, q), dash.load_trainee(plain, t.id, q)
            assert dataclasses.replace(ours, generated_at="") == dataclasses.replace(theirs, generated_at=""), q


def test_an_answer_recorded_now_is_in_the_summaries_at_once(store: Store, tmp_path: Path) -> None:
    """A trainee's answers recorded one by one (not imported) keep the figures too, and an
    answer that is already there (imported again) adds nothing."""
    from trainer.contracts.question import AnswerResult, Question

    with Store.open(tmp_path / "station.sqlite3") as s:
        ann = s.add_trainee("Ann")
        sid = s.start_session(ann.id, "two-card-joker", seed=1, question_count=30)
        for n in range(30):
            q = Question("two-card-joker", "two-card-joker.hands", "two-card-joker.k", n, "Q", "choice", "Pair",
                         "Why", ("Rule §1",), options=("Pair", "Straight"))
            with mock.patch("trainer.store.store.utc_now", return_value=f"2030-03-14T10:{n:02d}:00.000Z"):
                s.record_answer(sid, ann.id, AnswerResult(q, "Pair" if n % 3 else "Straight", n % 3 != 0,
                                                          900 + 37 * n))
        [every] = s.skill_stats(AnswerFilter())
        assert (every.answered, every.correct, every.total_ms) == (30, 20, sum(900 + 37 * n for n in range(30)))
        [(every, recent)] = s.skill_figures(AnswerFilter(), 20)
        assert [recent.answered, recent.correct] == [20, 14]  # n = 10..29, 6 of them multiples of 3
        assert s.skill_figures(AnswerFilter(), 20) == direct(s).skill_figures(AnswerFilter(), 20)
        rows = s.db.execute("SELECT * FROM answers").fetchall()
        s.db.conn.executemany(f"INSERT OR IGNORE INTO answers VALUES ({', '.join('?' * len(rows[0]))})", rows)
        assert s.db.execute("SELECT answered FROM summary_skills").fetchall() == [(30,)]


def _rows(conn, table: str) -> list[tuple]:
    return conn.execute(f"SELECT * FROM {table} ORDER BY 1, 2, 3").fetchall()


def test_a_version_4_database_is_migrated_with_the_summaries_the_trigger_keeps(store: Store, tmp_path: Path) -> None:
    """A version-4 database (made by version 4's migrations, holding the same rows as the
    store) gets at its opening the summaries the trigger kept while they were imported."""
    path = tmp_path / "v4.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    schema.migrate(Database(conn), schema.MIGRATIONS[:4])
    assert schema.read_version(Database(conn)) == 4
    assert not {t for (t,) in conn.execute("SELECT name FROM sqlite_master")} & set(SUMMARIES)
    conn.execute("ATTACH DATABASE ? AS src", [str(store.path)])
    conn.execute("BEGIN")
    for table in ("trainees", "classes", "class_members", "exams", "sessions", "answers", "table_rounds"):
        # a round's columns as version 4 had them (version 6 added two)
        cols = ", ".join(TABLE_ROUND_COLUMNS) if table == "table_rounds" else "*"
        conn.execute(f"INSERT INTO main.{table} SELECT {cols} FROM src.{table} ORDER BY rowid")
    conn.execute("COMMIT")
    conn.execute("DETACH DATABASE src")
    conn.close()
    with Store.open(path) as migrated:
        assert migrated.schema_version == schema.CURRENT_VERSION >= 5
        for table in SUMMARIES:
            assert _rows(migrated.db.conn, table) == _rows(store.db.conn, table), table
        q = dash.Query(class_id=store.classes()[0].id)
        assert (dataclasses.replace(dash.load_dashboard(migrated, q), generated_at="")
                == dataclasses.replace(dash.load_dashboard(direct(store), q), generated_at=""))
