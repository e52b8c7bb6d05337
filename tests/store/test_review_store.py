"""The store's practice, supervision and dashboard queries, checked against a count in Python."""

from __future__ import annotations

import json
import random
import tempfile
from collections import defaultdict
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trainer.store import AnswerFilter, PasswordRecord, Store, StoreError
from trainer.contracts.question import Question
from trainer.contracts.question import AnswerResult

GAME, OTHER = "two-card-joker", "four-card"
RECORD = PasswordRecord("scrypt", "ab" * 16, "cd" * 32, 2**14, 8, 1, 32)


def q(skill: str, seed: int, game: str = GAME, kind: str = "k") -> Question:
    return Question(game, f"{game}.{skill}", f"{game}.{kind}", seed, f"Question {seed}", "choice", "Pair", "Why",
                    ("Rule §1",), options=("Pair", "Straight"))


def put(store: Store, tid: int, sid: str, question: Question, right: bool, ms: int = 1000,
        at: str | None = None) -> str:
    result = AnswerResult(question, "Pair" if right else "Straight", right, ms)
    if at is None:
        return store.record_answer(sid, tid, result)
    with mock.patch("trainer.store.store.utc_now", return_value=at):  # recorded at that time
        return store.record_answer(sid, tid, result)


@pytest.fixture
def store(tmp_path: Path):
    with Store.open(tmp_path / "review.sqlite3") as s:
        yield s


def test_the_first_supervisor_then_only_supervisors_add_supervisors(store: Store) -> None:
    assert store.supervisor_count() == 0
    lee = store.add_supervisor("  Ms   Lee ", RECORD, by=None)
    assert lee.name == "Ms Lee"
    with pytest.raises(StoreError, match="signed-in supervisor"):
        store.add_supervisor("Intruder", RECORD, by=None)
    with pytest.raises(StoreError, match="already a supervisor"):
        store.add_supervisor("MS LEE", RECORD, by=lee)
    with pytest.raises(StoreError, match="salted scrypt"):
        store.add_supervisor("Plain", PasswordRecord("sha256", "", "x", 1, 1, 1, 32), by=lee)
    store.add_supervisor("Mr Roe", RECORD, by=lee)
    assert [s.name for s in store.supervisors()] == ["Mr Roe", "Ms Lee"]
    found = store.supervisor_credentials("ms lee")
    assert found is not None and found[0] == lee and found[1] == RECORD
    assert store.supervisor_credentials("nobody") is None
    log = store.audit_log()
    assert [(e.action, e.target, e.supervisor_name) for e in log] == [
        ("supervisor.create", "Mr Roe", "Ms Lee"), ("supervisor.create", "Ms Lee", "Ms Lee")]
    assert log[1].detail["first_account"] is True


def test_classes_thresholds_and_their_audit(store: Store) -> None:
    lee = store.add_supervisor("Lee", RECORD, by=None)
    ann, ben, cat = (store.add_trainee(n) for n in ("Ann", "Ben", "Cat"))
    spring = store.add_class("Spring class", by=lee)
    with pytest.raises(StoreError, match="already a class"):
        store.add_class("spring CLASS", by=lee)
    store.set_class_members(spring.id, [ann.id, ben.id], by=lee)
    store.set_class_members(spring.id, [ben.id, cat.id], by=lee)
    assert store.class_members(spring.id) == [ben.id, cat.id]
    with pytest.raises(StoreError, match="no trainee"):
        store.set_class_members(spring.id, [999], by=lee)
    store.join_class(ann.id, "Evening class")  # a trainee starting an exam set for a class
    assert store.trainee_classes() == {ann.id: ["Evening class"], ben.id: ["Spring class"],
                                       cat.id: ["Spring class"]}
    assert [(c.name, c.members) for c in store.classes()] == [("Evening class", 1), ("Spring class", 2)]
    with pytest.raises(StoreError, match="1 to 100"):
        store.set_threshold(GAME, 0, by=lee)
    store.set_threshold(GAME, 85, by=lee)
    store.set_threshold(GAME, 85, by=lee)  # no change, no entry
    assert store.thresholds() == {GAME: 85}
    actions = [(e.action, e.detail) for e in store.audit_log()]
    assert actions[0] == ("threshold.set", {"from": None, "to": 85})
    assert ("class.members", {"class_id": spring.id, "added": [cat.id], "removed": [ann.id]}) in actions
    assert [a for a, _d in actions].count("class.members") == 2
    with pytest.raises(StoreError, match="signed-in supervisor"):
        store.set_threshold(GAME, 70, by=None)
    assert store.thresholds() == {GAME: 85}


def test_exams_and_their_attempts(store: Store) -> None:
    lee = store.add_supervisor("Lee", RECORD, by=None)
    ann = store.add_trainee("Ann")
    exam = {"id": "e1", "title": "Midterm", "games": [GAME], "skills": None, "question_count": 4,
            "time_limit_s": 600, "pass_mark": 75, "seed": 9, "class_name": None}
    store.save_exam(exam, "f" * 64, by=lee)
    assert store.remember_exam(exam, "f" * 64) is False  # a station opening the same file
    sid = store.start_session(ann.id, GAME, seed=9, question_count=4, mode="exam", source="exam", exam_id="e1")
    for n in range(3):
        put(store, ann.id, sid, q("x", n), right=n != 1)
    [attempt] = store.exam_attempts(exam_id="e1")
    assert (attempt.answered, attempt.correct, attempt.question_count, attempt.submitted) == (3, 2, 4, False)
    assert not attempt.passed
    store.end_session(sid)
    [attempt] = store.exam_attempts(trainee_id=ann.id)
    assert attempt.submitted and attempt.score == 0.5 and not attempt.passed and attempt.pass_mark == 75
    with pytest.raises(StoreError, match="already been taken"):
        store.save_exam({**exam, "seed": 10}, "e" * 64, by=lee)
    store.save_exam({**exam, "title": "Midterm (room 2)"}, "f" * 64, by=lee)
    assert store.exam("e1").title == "Midterm (room 2)"
    assert [e.action for e in store.audit_log()] == ["exam.save", "exam.save", "supervisor.create"]


def test_attempt_numbers_count_the_earlier_attempts_whatever_the_filter(store: Store) -> None:
    """An attempt's number counts the trainee's sessions of that exam up to it (started at
    the same instant: in the order recorded), before the filter's period too; practice
    sessions and other exams and trainees do not count."""
    lee = store.add_supervisor("Lee", RECORD, by=None)
    ann, ben = store.add_trainee("Ann"), store.add_trainee("Ben")
    for exam_id in ("e1", "e2"):
        store.save_exam({"id": exam_id, "title": exam_id.upper(), "games": [GAME], "skills": None,
                         "question_count": 2, "time_limit_s": 600, "pass_mark": 50, "seed": 9, "class_name": None},
                        exam_id * 32, by=lee)
    starts = [(ann, "e1", "2025-03-01T09:00:00.000Z"), (ann, None, "2025-03-01T09:30:00.000Z"),
              (ben, "e1", "2025-03-01T10:00:00.000Z"), (ann, "e2", "2025-03-02T09:00:00.000Z"),
              (ann, "e1", "2025-03-03T09:00:00.000Z"), (ann, "e1", "2025-03-03T09:00:00.000Z"),
              (ann, None, "2025-03-04T09:00:00.000Z"), (ben, "e1", "2025-03-05T09:00:00.000Z"),
              (ann, "e1", "2025-03-06T09:00:00.000Z")]
    sessions = []
    for who, exam_id, at in starts:
        with mock.patch("trainer.store.store.utc_now", return_value=at):
            sessions.append(store.start_session(who.id, GAME, seed=9, question_count=2, mode="exam" if exam_id else
                                                "practice", source="exam" if exam_id else "game", exam_id=exam_id))
    number = {sessions[n]: k for n, k in ((0, 1), (2, 1), (3, 1), (4, 2), (5, 3), (7, 2), (8, 4))}

    def got(**kw) -> list[tuple[int, int]]:
        return [(sessions.index(a.session_id), a.attempt) for a in store.exam_attempts(**kw)]

    def expected(keep) -> list[tuple[int, int]]:  # newest first; the tie in the order recorded, reversed
        picked = [n for n, (who, exam_id, at) in enumerate(starts) if exam_id and keep(who, exam_id, at)]
        return [(n, number[sessions[n]]) for n in sorted(picked, key=lambda n: (starts[n][2], n), reverse=True)]

    assert got() == expected(lambda who, e, at: True)
    assert got(trainee_id=ann.id) == expected(lambda who, e, at: who == ann)
    assert got(exam_id="e1") == expected(lambda who, e, at: e == "e1")
    assert got(start="2025-03-03T00:00:00.000Z") == expected(lambda who, e, at: at >= "2025-03-03")
    assert got(exam_id="e1", trainee_id=ann.id, start="2025-03-03T00:00:00.000Z",
               end="2025-03-06T00:00:00.000Z") == [(5, 3), (4, 2)]
    assert got(trainee_ids=[ben.id], start="2025-03-02T00:00:00.000Z") == [(7, 2)]
    assert got(trainee_ids=[]) == []


def test_recent_mistakes_leave_out_what_was_answered_right_since(store: Store) -> None:
    ann = store.add_trainee("Ann")
    sid = store.start_session(ann.id, GAME, seed=1, question_count=9)
    put(store, ann.id, sid, q("x", 1), False, at="2025-01-01T10:00:00.000Z")
    put(store, ann.id, sid, q("x", 1), True, at="2025-01-01T10:01:00.000Z")  # put right since
    put(store, ann.id, sid, q("x", 2), False, at="2025-01-01T10:02:00.000Z")
    put(store, ann.id, sid, q("x", 2), False, at="2025-01-01T10:03:00.000Z")  # twice wrong: once
    put(store, ann.id, sid, q("y", 3, OTHER), False, at="2025-01-01T10:04:00.000Z")
    put(store, ann.id, sid, q("x", 4), False, at="2024-01-01T10:04:00.000Z")  # too old
    mistakes = store.recent_mistakes(ann.id, since="2024-12-01")
    assert [(m.game_id, m.seed) for m in mistakes] == [(OTHER, 3), (GAME, 2)]
    assert [m.seed for m in store.recent_mistakes(ann.id, since="2024-12-01", game_ids=[GAME])] == [2]
    assert len(store.recent_mistakes(ann.id, since="2000-01-01", limit=1)) == 1


def test_review_log_and_skill_windows(store: Store) -> None:
    ann = store.add_trainee("Ann")
    learn = store.start_session(ann.id, GAME, seed=1, question_count=9, mode="learn")
    for n in range(25):
        put(store, ann.id, learn, q("x", n), right=n >= 10, ms=3000 if n % 2 else 9000,
            at=f"2025-01-01T10:{n:02d}:00.000Z")
    store.record_answer(learn, ann.id, AnswerResult(q("y", 99), "", False, 500))  # shown
    log = store.review_log(ann.id)
    assert len(log) == 26 and log[0].answered_at < log[1].answered_at
    assert {r.mode for r in log} == {"learn"} and log[-1].shown and not log[0].shown
    [x, y] = store.skill_windows(ann.id, 20)
    assert (x.skill, x.answered, x.correct, x.total_answered) == (f"{GAME}.x", 20, 15, 25)
    assert x.on_target == 7  # right (10 to 24) and within 8 s (the odd ones): 11, 13, ..., 23
    assert (y.answered, y.correct) == (1, 0)


answers_plan = st.lists(st.tuples(st.integers(0, 2), st.sampled_from([GAME, OTHER]), st.sampled_from("abc"),
                                  st.booleans(), st.integers(100, 30_000), st.integers(0, 60)), max_size=40)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(answers_plan, st.integers(0, 60), st.integers(0, 60), st.sampled_from([None, GAME]),
       st.sampled_from([None, 0]))
def test_dashboard_queries_match_a_count_in_python(plan, d1, d2, game, klass) -> None:
    with tempfile.TemporaryDirectory() as folder, Store.open(Path(folder) / "db.sqlite3") as s:
        lee = s.add_supervisor("Lee", RECORD, by=None)
        trainees = [s.add_trainee(n) for n in ("Ann", "Ben", "Cat")]
        spring = s.add_class("Spring", by=lee)
        s.set_class_members(spring.id, [trainees[0].id, trainees[2].id], by=lee)
        sids = [s.start_session(t.id, GAME, seed=1, question_count=50) for t in trainees]
        rows = []
        for n, (who, g, skill, right, ms, day) in enumerate(plan):
            at = f"2025-03-{1 + day % 28:02d}T{day % 24:02d}:00:{n % 60:02d}.000Z"
            put(s, trainees[who].id, sids[who], q(skill, n, g), right, ms, at=at)
            rows.append((trainees[who].id, g, f"{g}.{skill}", right, ms, at))
        start, end = sorted([f"2025-03-{1 + d1 % 28:02d}", f"2025-03-{1 + d2 % 28:02d}"])
        f = AnswerFilter(start=start, end=end, game_id=game, class_id=spring.id if klass is not None else None)
        members = {trainees[0].id, trainees[2].id}
        kept = [r for r in rows if start <= r[5] < end and (game is None or r[1] == game)
                and (klass is None or r[0] in members)]
        want = defaultdict(lambda: [0, 0, 0, 0])
        for tid, g, skill, right, ms, _at in kept:
            w = want[(tid, g, skill)]
            w[0] += 1
            w[1] += right
            w[2] += right and ms <= 8000
            w[3] += ms
        got = {(r.trainee_id, r.game_id, r.skill): [r.answered, r.correct, r.on_target, r.total_ms]
               for r in s.skill_stats(f)}
        assert got == dict(want)
        assert s.answer_span(f)[0] == len(kept)
        days = defaultdict(int)
        for r in kept:
            days[r[5][:10]] += 1
        assert {p.period: p.answered for p in s.trend(f, "day")} == dict(days)
        assert sum(p.answered for p in s.trend(f, "week")) == len(kept)
        assert sum(p.answered for p in s.trend(f, "month")) == len(kept)
        figures = s.skill_figures(f, 3)
        assert {a for a, _r in figures} == set(s.skill_stats(f))
        recent = {(r.trainee_id, r.skill): r.answered for r in s.skill_recent(f, 3)}
        newest = defaultdict(list)
        for r in sorted(kept, key=lambda r: r[5], reverse=True):
            newest[(r[0], r[2])].append(r)
        for (_all, r) in figures:  # the window's figures are the newest three answers'
            last3 = newest[(r.trainee_id, r.skill)][:3]
            assert (r.correct, r.total_ms) == (sum(x[3] for x in last3), sum(x[4] for x in last3))
        assert recent == {(k[0], k[2]): min(3, v[0]) for k, v in want.items()}
        paged = [a.id for batch in s.iter_answer_rows(f, batch=7) for a in batch]
        assert paged == [a.id for a in s.answer_rows(f, newest_first=False)]
        assert len(paged) == len(kept)


def test_answer_rows_give_each_answer_as_recorded(store: Store) -> None:
    """The drill-down's answers (issue 17 reads them as tuples, each stored JSON list decoded
    once): every field as recorded, the lists as tuples, right as a bool, newest first."""
    from trainer.store import AnswerRecord

    ann = store.add_trainee("Ann")
    sid = store.start_session(ann.id, GAME, seed=1, question_count=9)
    amounts = Question(GAME, f"{GAME}.payouts", f"{GAME}.pay", 7, "Pay the Ante and the Play", "amounts",
                       "[500, 1000]", "Ante pays 1 to 1", ("Rule §2", "Rule §3(a)"), fields=("Ante", "Play"))
    recorded = [put(store, ann.id, sid, q("x", 1), True, 900, at="2025-03-01T10:00:00.000Z"),
                store.record_answer(sid, ann.id, AnswerResult(amounts, "[500, 900]", False, 21_000)),
                put(store, ann.id, sid, q("x", 2), False, 12_000, at="2025-03-01T10:00:00.000Z")]
    got = store.answer_rows(AnswerFilter(trainee_id=ann.id))
    assert [a.id for a in got] == [recorded[1], recorded[2], recorded[0]]  # a tie: the later recorded first
    a = got[0]
    assert a == AnswerRecord(recorded[1], sid, ann.id, GAME, f"{GAME}.payouts", f"{GAME}.pay", 7,
                             "Pay the Ante and the Play", "amounts", ("Ante", "Play"), "[500, 900]", "[500, 1000]",
                             False, 21_000, a.answered_at, ("Rule §2", "Rule §3(a)"), "Ante pays 1 to 1", 22_000)
    assert type(a.is_correct) is bool and got[2].is_correct is True and got[2].fields == ()
    assert [(x.citations, x.target_ms, x.on_target) for x in got[1:]] == [(("Rule §1",), 8000, False),
                                                                          (("Rule §1",), 8000, True)]
    assert got == store.answers(ann.id)
    assert store.answer_rows(AnswerFilter(trainee_id=ann.id), limit=1, offset=1) == [got[1]]


def test_weeks_start_on_monday(store: Store) -> None:
    ann = store.add_trainee("Ann")
    sid = store.start_session(ann.id, GAME, seed=1, question_count=9)
    for day in ("2025-03-03", "2025-03-09", "2025-03-10", "2025-04-01"):  # Mon, Sun, Mon, Tue
        put(store, ann.id, sid, q("x", random.randrange(10**6)), True, at=f"{day}T12:00:00.000Z")
    assert [(p.period, p.answered) for p in store.trend(AnswerFilter(), "week")] == [
        ("2025-03-03", 2), ("2025-03-10", 1), ("2025-03-31", 1)]
    assert [(p.period, p.answered) for p in store.trend(AnswerFilter(), "month")] == [
        ("2025-03-01", 3), ("2025-04-01", 1)]
    with pytest.raises(ValueError):
        store.trend(AnswerFilter(), "year")
    assert json.loads(json.dumps(store.results_header()))["answer_count"] == 4


def test_the_garbage_collector_is_paused_and_put_back_as_it_was() -> None:
    import gc

    from trainer.store.records import paused_gc

    assert gc.isenabled()
    with paused_gc():
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(ValueError), paused_gc():
        raise ValueError("a failed read")
    assert gc.isenabled()
    gc.disable()
    try:
        with paused_gc():
            assert not gc.isenabled()
        assert not gc.isenabled()  # off before: left off
    finally:
        gc.enable()
