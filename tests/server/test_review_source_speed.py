"""The supervisor's review read from the server's summaries (schema version 4) gives every
figure exactly as computed from the accepted answers alone (issue 19): skill figures
with each skill's window, the trend, the first and last answer and the count, for filters
starting and ending mid-day, of one class, one trainee, one game, one skill, ranges in the
past, and windows smaller and larger than a skill's answers."""

from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone

import pytest

psycopg = pytest.importorskip("psycopg")

from trainer.server import accounts  # noqa: E402
from trainer.server.connection import connect  # noqa: E402
from trainer.server.review_source import ServerReviewSource  # noqa: E402
from trainer.store import AnswerFilter  # noqa: E402

pytestmark = pytest.mark.postgres
SKILLS = [("pokette", "pokette.payouts"), ("pokette", "pokette.procedures"), ("winners-pot", "winners-pot.hands"),
          ("winners-pot", "winners-pot.table-procedure"), ("dj-wild", "dj-wild.wild-hands")]
START = datetime(2026, 1, 3, 17, 0, tzinfo=timezone.utc)


def generate(conn, trainees: list[int], n: int, seed: int) -> list[dict]:
    """``n`` answers over about four months: some at the same millisecond as another of the
    skill, some right in 0 ms without a target; one in eight refused, one in thirty never
    checked; checked in a shuffled order (late answers arrive after newer ones); table rounds,
    and from version 5 their checks (some refused, some never checked)."""
    rng = random.Random(seed)
    for trainee in trainees:
        conn.execute("INSERT INTO dealer.sessions (id, trainee_id, game_id, mode, seed, question_count, started_at) "
                     "VALUES (%s, %s, 'mixed', 'practice', 1, 0, %s)", [f"{trainee:032x}", trainee, START])
    rows: list[dict] = []
    for i in range(n):
        game, skill = rng.choice(SKILLS)
        at = START + timedelta(days=rng.randrange(115), milliseconds=rng.randrange(86_400_000))
        if rows and rng.random() < 0.1:  # a tie with an earlier answer of the same skill and trainee
            other = rng.choice(rows)
            game, skill, at, trainee = other["game"], other["skill"], other["at"], other["trainee"]
        else:
            trainee = rng.choice(trainees)
        bare = rng.random() < 0.03
        rows.append({"id": f"{i + 1:032x}", "trainee": trainee, "game": game, "skill": skill, "at": at,
                     "right": rng.random() < 0.7, "ms": 0 if bare else rng.randrange(500, 20_000),
                     "target": None if bare else rng.choice([8000, 16000]),
                     "check": None if rng.random() < 1 / 30 else rng.random() > 1 / 8})
    rounds = table_rounds(rng, trainees, n // 5)
    with conn.cursor() as cur:
        cur.executemany(
            "INSERT INTO dealer.answers (id, session_id, trainee_id, game_id, skill, kind, seed, prompt, form, fields, "
            "given, correct_answer, is_correct, response_ms, answered_at, citations, explanation, target_ms) VALUES "
            "(%s, %s, %s, %s, %s, 'k', 1, 'p', 'choice', '[]', 'x', 'x', %s, %s, %s, '[]', 'e', %s)",
            [(r["id"], f"{r['trainee']:032x}", r["trainee"], r["game"], r["skill"], int(r["right"]), r["ms"], r["at"],
              r["target"]) for r in rows])
        cur.executemany(
            "INSERT INTO dealer.table_rounds (id, session_id, trainee_id, recorded_at, game_id, mode, level, seed, "
            "options, actions, procedure_errors, payout_errors, extra_chip_payouts, mistakes_made, caught, "
            "missed_calls, false_calls, rule_named, remedy_named, total_ms, target_ms, action_ms, mistakes, completed) "
            "VALUES (%s, %s, %s, %s, %s, %s, 'guided', 1, '{}', 4, %s, %s, 0, 0, 0, %s, %s, 0, 0, %s, %s, '[]', '[]', %s)",
            rounds)
        if conn.execute("SELECT to_regclass('dealer.table_round_checks') IS NOT NULL").fetchone()[0]:
            # version 5: most rounds accepted, one in ten refused, one in twenty-five never checked
            pick, verdicts = random.Random(seed + 1), []
            for r in rounds:
                draw = pick.random()
                if draw >= 0.04:
                    verdicts.append((r[0], draw >= 0.14, None if draw >= 0.14 else "forged"))
            cur.executemany("INSERT INTO dealer.table_round_checks (round_id, accepted, reason) VALUES (%s, %s, %s)",
                            verdicts)
        checked = [r for r in rows if r["check"] is not None]
        rng.shuffle(checked)
        cur.executemany("INSERT INTO dealer.answer_checks (answer_id, accepted) VALUES (%s, %s)",
                        [(r["id"], r["check"]) for r in checked])
    return rows


def table_rounds(rng: random.Random, trainees: list[int], n: int) -> list[tuple]:
    """``n`` table rounds dealt or watched: some with errors, unfinished, too slow, untimed;
    some recorded at the same millisecond as another."""
    out: list[tuple] = []
    for i in range(n):
        trainee, game = rng.choice(trainees), rng.choice(["pokette", "winners-pot", "dj-wild"])
        at = START + timedelta(days=rng.randrange(115), milliseconds=rng.randrange(86_400_000))
        if out and rng.random() < 0.1:
            trainee, at, game = out[-1][2], out[-1][3], out[-1][4]
        watch = rng.random() < 0.3
        out.append((f"{900_000 + i:032x}", f"{trainee:032x}", trainee, at, game, "watch" if watch else "deal",
                    int(not watch and rng.random() < 0.2), int(not watch and rng.random() < 0.15),
                    int(watch and rng.random() < 0.2), int(watch and rng.random() < 0.1),
                    rng.randrange(2000, 9000), 0 if watch else rng.choice([0, 6000, 8000]),
                    int(rng.random() > 0.1)))
    return out


def utc(text: str) -> str:
    return text + "Z"


@pytest.fixture(scope="module")
def review(pg_cluster):
    """A server database at the current version with six trainees in two classes, practised and checked."""
    import uuid

    name = f"dt_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(pg_cluster.url(), autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    from trainer.server import schema

    with connect(pg_cluster.url(name)) as conn:
        schema.migrate(conn)
        ids = [accounts.add_trainee(conn, f"Trainee {n}", "1234") for n in range(6)]
        day = accounts.add_class(conn, "Day", ids[:3])
        evening = accounts.add_class(conn, "Evening", ids[2:5])
        rows = generate(conn, ids, 2500, seed=19)
        conn.commit()
        yield ServerReviewSource(conn), ids, (day, evening), rows


def filters(ids: list[int], classes: tuple[int, int], rows: list[dict]) -> list[AnswerFilter]:
    tie = sorted(r["at"] for r in rows)[1200].isoformat(timespec="milliseconds").replace("+00:00", "Z")
    mid = (utc("2026-01-10T13:27:41.250"), utc("2026-03-03T08:05:00.000"))
    return [
        AnswerFilter(),
        AnswerFilter(*mid),
        AnswerFilter(*mid, class_id=classes[1]),
        AnswerFilter(*mid, trainee_id=ids[2]),
        AnswerFilter(*mid, game_id="pokette"),
        AnswerFilter(*mid, skill="pokette.payouts"),
        AnswerFilter(*mid, skill="winners-pot.table-procedure"),
        AnswerFilter(class_id=classes[0]),
        AnswerFilter(trainee_id=ids[4], game_id="winners-pot"),
        AnswerFilter(start=utc("2026-02-14T23:00:00.000")),  # from a local midnight (UTC+1) on
        AnswerFilter(end=utc("2026-02-20T22:00:00.000")),  # up to one (UTC+2): the past
        AnswerFilter(utc("2026-02-01T00:00:00.000"), utc("2026-04-01T00:00:00.000")),  # whole months
        AnswerFilter(utc("2026-01-26T00:00:00.000"), utc("2026-03-16T00:00:00.000")),  # whole weeks
        AnswerFilter(utc("2026-02-05T22:10:00.000"), utc("2026-02-06T03:00:00.000")),  # two parts of days
        AnswerFilter(utc("2026-02-10T08:00:00.000"), utc("2026-02-10T17:30:00.000")),  # within one day
        AnswerFilter(start=utc("2026-04-24T10:00:00.000")),  # after the start of many a skill's window
        AnswerFilter(start=tie), AnswerFilter(end=tie), AnswerFilter(tie, utc("2026-04-02T12:00:00.000")),
        AnswerFilter(utc("2026-03-01T00:00:00.000"), utc("2026-02-01T00:00:00.000")),  # empty
        AnswerFilter(end=utc("2025-12-01T00:00:00.000")),  # before every answer
        AnswerFilter(start=utc("2027-01-01T00:00:00.000")),  # after every answer
        AnswerFilter(utc("2026-01-10T13:27:41.250"), utc("2026-05-01T10:00:00.000"), class_id=classes[0],
                     game_id="pokette"),
    ]


def test_skill_figures_equal_those_from_the_answers(review) -> None:
    source, ids, classes, rows = review
    for f in filters(ids, classes, rows):
        for window in (1, 3, 20, 1000):
            got = source.skill_figures(f, window)
            assert got == source._skill_figures_direct(f, window), (f, window)
        for window in (1, 10, 1000):
            got = source.table_figures(f, window)
            assert got == source._table_figures_direct(f, window), (f, window)
        assert source.table_figures(f, 10, lambda game: (f"{game}.table-watch", f"{game}.other")) == \
            source._table_figures_direct(f, 10, lambda game: (f"{game}.table-watch", f"{game}.other"))
    # the figures are real: the whole range holds every accepted question answer
    every = source.skill_figures(AnswerFilter(), 20)
    accepted = [r for r in rows if r["check"] and "table-" not in r["skill"]]
    assert sum(a.answered for a, _r in every) == len(accepted)
    assert sum(a.correct for a, _r in every) == sum(r["right"] for r in accepted)
    assert {(a.trainee_id, a.game_id, a.skill) for a, _r in every} == {
        (r["trainee"], r["game"], r["skill"]) for r in accepted}
    assert all(r.answered >= 20 for _a, r in every if _a.answered >= 20)
    tables = source.table_figures(AnswerFilter(), 10)
    [(watched, dealt, left_out)] = source.conn.execute(  # the accepted rounds only
        "SELECT count(*) FILTER (WHERE mode = 'watch' AND k.accepted), count(*) FILTER (WHERE mode = 'deal' AND "
        "k.accepted), count(*) FILTER (WHERE k.accepted IS NOT TRUE) FROM dealer.table_rounds r "
        "LEFT JOIN dealer.table_round_checks k ON k.round_id = r.id")
    assert left_out > 0
    assert sum(x.rounds for x in tables if x.skill.endswith("table-watch")) == watched > 0
    assert sum(x.rounds for x in tables if x.skill.endswith("table-payouts")) == dealt > 0
    assert {x.skill.split(".")[1] for x in tables} == {"table-procedure", "table-payouts", "table-watch"}


def test_trend_bounds_and_count_equal_those_from_the_answers(review) -> None:
    source, ids, classes, rows = review
    for f in filters(ids, classes, rows):
        assert source.answer_bounds(f) == source._answer_bounds_direct(f), f
        assert source.answer_count(f) == source._answer_count_direct(f), f
        for bucket in ("day", "week", "month"):
            assert source.trend(f, bucket) == source._trend_direct(f, bucket), (f, bucket)
    accepted = [r for r in rows if r["check"]]
    assert source.answer_count(AnswerFilter()) == len(accepted)
    first = min(r["at"] for r in accepted).isoformat(timespec="milliseconds").replace("+00:00", "Z")
    assert source.answer_bounds(AnswerFilter())[0] == first


def test_the_dashboard_and_drill_down_equal_those_from_the_answers(review) -> None:
    import dataclasses
    from datetime import date

    from trainer.review.dashboard import Query, load_dashboard, load_trainee
    from trainer.server.review_source import DirectReviewSource

    source, ids, classes, _rows = review
    direct = DirectReviewSource(source.conn)
    for query in (Query(), Query(date(2026, 1, 20), date(2026, 3, 2)), Query(class_id=classes[0]),
                  Query(date(2026, 2, 1), None, classes[1], "pokette")):
        got, want = load_dashboard(source, query), load_dashboard(direct, query)
        assert got.trainees
        assert dataclasses.replace(got, generated_at="") == dataclasses.replace(want, generated_at=""), query
        got, want = load_trainee(source, ids[1], query), load_trainee(direct, ids[1], query)
        assert got.answer_total and got.trend
        assert dataclasses.replace(got, generated_at="") == dataclasses.replace(want, generated_at=""), query


def test_answer_rows_as_the_store_gives_them(review) -> None:
    """The answers listed (newest first: time, then id among ties, as they arrived in one
    go) and exported (oldest first, in batches) are the accepted ones, as records: right or
    not as a bool, no target as 0, the JSON lists as tuples."""
    source, ids, _classes, rows = review
    mine = [r for r in rows if r["check"] and r["trainee"] == ids[3]]
    want = [(r["id"], r["skill"], r["right"], r["ms"], r["target"] or 0,
             r["at"].isoformat(timespec="milliseconds").replace("+00:00", "Z"), (), ())
            for r in sorted(mine, key=lambda r: (r["at"], r["id"]), reverse=True)]
    got = source.answer_rows(AnswerFilter(trainee_id=ids[3]), limit=len(mine) + 5)
    assert [(a.id, a.skill, a.is_correct, a.response_ms, a.target_ms, a.answered_at, a.fields, a.citations)
            for a in got] == want
    assert all(type(a.is_correct) is bool for a in got) and any(a.target_ms == 0 for a in got)
    assert [a.id for a in source.answer_rows(AnswerFilter(trainee_id=ids[3]), limit=7, offset=3)] == \
        [w[0] for w in want[3:10]]
    batches = list(source.iter_answer_rows(AnswerFilter(trainee_id=ids[3]), batch=50))
    assert [len(b) for b in batches[:-1]] == [50] * (len(batches) - 1) and len(batches) > 2
    assert [a for b in batches for a in b] == got[::-1]


def test_times_read_as_text_in_any_date_style(review) -> None:
    """The skills' last answer times and the answers' times are read as PostgreSQL's ISO
    text where the session's DateStyle is ISO, else formatted by the server: the same
    figures and records either way."""
    from trainer.server.review_source import iso_text

    assert [iso_text(t) for t in ("2026-01-05 10:00:00", "2026-01-05 10:00:00.1", "2026-01-05 10:00:00.12",
                                  "2026-01-05 10:00:00.123456", "2026-01-05T10:00:00.120Z", None)] == [
        "2026-01-05T10:00:00.000Z", "2026-01-05T10:00:00.100Z", "2026-01-05T10:00:00.120Z",
        "2026-01-05T10:00:00.123Z", "2026-01-05T10:00:00.120Z", None]
    source, ids, classes, rows = review
    iso = [source.skill_figures(f, w) for f in (AnswerFilter(), filters(ids, classes, rows)[1])
           for w in (20, 3)]
    answers = source.answer_rows(AnswerFilter(trainee_id=ids[0]), limit=300)
    source.conn.execute("SET DateStyle = 'SQL, DMY'")
    try:
        sql_style = ServerReviewSource(source.conn)
        assert "AT TIME ZONE 'UTC')::text" not in sql_style.utc_text("x")
        assert sql_style.answer_rows(AnswerFilter(trainee_id=ids[0]), limit=300) == answers
        assert [sql_style.skill_figures(f, w) for f in (AnswerFilter(), filters(ids, classes, rows)[1])
                for w in (20, 3)] == iso
    finally:
        source.conn.execute("RESET DateStyle")
    assert iso[0] and all(a.last_answered_at.endswith("Z") and len(a.last_answered_at) == 24 for a, _r in iso[0])


def test_the_garbage_collector_is_as_it_was_after_records_are_made() -> None:
    import gc

    from trainer.server.review_source import paused_gc

    assert gc.isenabled()
    with pytest.raises(ValueError):
        with paused_gc():
            assert not gc.isenabled()
            raise ValueError("a row the records cannot take")
    assert gc.isenabled()
    gc.disable()
    try:
        with paused_gc():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
