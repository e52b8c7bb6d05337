"""Forged results are refused at import (issue 14): every answer is replayed by the rules
core, exam results are scored from the supervisor's own copy of the exam, and a
station's database file gets the same checks as a results file."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from trainer.review import importer
from trainer.review.accounts import create_supervisor
from trainer.review.importer import ImportFileError, import_file, import_paths, write_results_file
from trainer.store import Store
from trainer.training.exams import exam_plan, exam_session, fingerprint, new_spec
from trainer.training.session import Session

GAME = "two-card-joker"


@pytest.fixture
def review(tmp_path: Path):
    with Store.open(tmp_path / "review" / "review.sqlite3") as s:
        lee = create_supervisor(s, "Ms Lee", "supervisor-password")
        yield s, lee


def counts(s: Store) -> tuple[int, int, int]:
    return tuple(s.db.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in ("trainees", "sessions", "answers"))


def practice_station(path: Path, answers: int = 6) -> Path:
    """One trainee, one practice session of real questions: even ones right, odd ones wrong."""
    with Store.open(path) as s:
        t = s.add_trainee("Ann Lee")
        session = Session.quiz(GAME, 77, answers)
        sid = s.start_session(t.id, GAME, seed=session.seed, question_count=answers)
        i = 0
        while not session.finished:
            q = session.current()
            s.record_answer(sid, t.id, session.answer(q.answer if i % 2 == 0 else "nope", 1000 + i))
            i += 1
        s.end_session(sid)
    return path


def exam_station(path: Path, exam, right: int, *, name: str = "Ann Lee", attempts: int = 1) -> Path:
    """A trainee takes the exam (``attempts`` times), answering the first ``right`` questions right."""
    with Store.open(path) as s:
        t = next((x for x in s.trainees() if x.name == name), None) or s.add_trainee(name)
        s.remember_exam(exam.to_dict(), fingerprint(exam))
        for _ in range(attempts):
            sid = s.start_session(t.id, GAME, seed=exam.seed, question_count=exam.question_count, mode="exam",
                                  source="exam", exam_id=exam.id)
            es = exam_session(exam)
            for i in range(exam.question_count):
                q = es.current()
                s.record_answer(sid, t.id, es.answer(q.answer if i < right else "nope", 900))
            s.end_session(sid)
    return path


def results(tmp_path: Path, db: Path, name: str = "station.dtresults") -> tuple[Path, dict]:
    out = tmp_path / name
    with Store.open(db) as st:
        write_results_file(st, out)
    return out, json.loads(out.read_text(encoding="utf-8"))


def write(path: Path, doc: dict) -> Path:
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def refused(s: Store, path: Path, reason: str, by) -> str:
    before = counts(s)
    with pytest.raises(ImportFileError) as e:
        import_file(s, path, by=by)
    message = str(e.value)
    assert reason in message and "Nothing was imported from it" in message
    assert counts(s) == before
    [entry] = [x for x in s.audit_log() if x.action == "results.refused" and x.target == str(path)][:1]
    assert reason in entry.detail["reason"]
    return message


def test_wrong_answers_flipped_to_right_are_refused(review, tmp_path: Path) -> None:
    """Issue 14: a file's wrong answers marked right took an exam from 4/10 to 10/10."""
    s, lee = review
    out, doc = results(tmp_path, practice_station(tmp_path / "st.sqlite3"))
    wrong = [n for n, a in enumerate(doc["answers"]) if not a["is_correct"]]
    assert len(wrong) == 3
    for n in wrong:
        doc["answers"][n]["is_correct"] = 1
    forged = write(tmp_path / "forged.dtresults", doc)
    message = refused(s, forged, "is marked right, but the answer given is wrong by the rules", lee)
    assert f"answer {wrong[0] + 1} ({doc['answers'][wrong[0]]['kind']}, seed {doc['answers'][wrong[0]]['seed']})" \
        in message
    # the honest file imports whole
    assert import_file(s, out, by=lee).answers_added == 6


@pytest.mark.parametrize("field, value, reason", [
    ("prompt", "What is 2 + 2?", "its question text is not the one its seed gives"),
    ("kind", f"{GAME}.made-up", "of a kind of question this Dealer Trainer does not know"),
    ("seed", 123456789, "its question text is not the one its seed gives"),
])
def test_an_answer_that_does_not_match_its_seed_is_refused(review, tmp_path: Path, field, value, reason) -> None:
    s, lee = review
    _out, doc = results(tmp_path, practice_station(tmp_path / "st.sqlite3"))
    doc["answers"][2][field] = value
    refused(s, write(tmp_path / "forged.dtresults", doc), reason, lee)


def test_a_right_answer_rewritten_to_match_a_wrong_one_is_refused(review, tmp_path: Path) -> None:
    """Changing the stored right answer to the given one (so that it looks consistent)."""
    s, lee = review
    _out, doc = results(tmp_path, practice_station(tmp_path / "st.sqlite3"))
    a = doc["answers"][1]
    assert not a["is_correct"]
    a["correct_answer"], a["is_correct"] = a["given"], 1
    refused(s, write(tmp_path / "forged.dtresults", doc), "its right answer is not the one of the rules", lee)


def make_exam(s: Store, lee, **kw):
    exam = new_spec("Week 6 check", [GAME], **{"question_count": 10, "time_limit_s": 600, "pass_mark": 70,
                                                "seed": 99, **kw})
    s.save_exam(exam.to_dict(), fingerprint(exam), by=lee)
    return exam


def test_an_exams_question_count_lowered_in_the_file_is_refused(review, tmp_path: Path) -> None:
    """Issue 14: 4 right made a pass by lowering the session's question count to 5."""
    s, lee = review
    exam = make_exam(s, lee)
    _out, doc = results(tmp_path, exam_station(tmp_path / "st.sqlite3", exam, right=4))
    [session] = [x for x in doc["sessions"] if x["exam_id"] == exam.id]
    session["question_count"] = 5
    refused(s, write(tmp_path / "forged.dtresults", doc), "claims 5 questions of seed 99, but the exam has 10", lee)
    # and a definition in the file saying 5 questions and a 1% pass mark changes nothing either
    _out, doc = results(tmp_path, tmp_path / "st.sqlite3", "again.dtresults")
    doc["exams"][0]["definition"] = json.dumps({**exam.to_dict(), "question_count": 5, "pass_mark": 1})
    summary = import_file(s, write(tmp_path / "again.dtresults", doc), by=lee)
    assert summary.answers_added == 10 and summary.exams_added == 0
    [attempt] = s.exam_attempts()
    assert (attempt.correct, attempt.question_count, attempt.pass_mark, attempt.passed) == (4, 10, 70, False)


def test_extra_right_answers_are_refused(review, tmp_path: Path) -> None:
    """Issue 14: extra right answers gave 12 right out of 10."""
    s, lee = review
    exam = make_exam(s, lee)
    _out, doc = results(tmp_path, exam_station(tmp_path / "st.sqlite3", exam, right=10))
    extra = [dict(a, id=f"{n:032x}") for n, a in enumerate(doc["answers"][:2])]
    doc["answers"] += extra
    doc["answer_count"] += 2
    refused(s, write(tmp_path / "forged.dtresults", doc), "answers a question of the exam 'Week 6 check' a second time",
            lee)


def test_an_answer_to_a_question_the_exam_does_not_ask_is_refused(review, tmp_path: Path) -> None:
    s, lee = review
    exam = make_exam(s, lee)
    _out, doc = results(tmp_path, exam_station(tmp_path / "st.sqlite3", exam, right=3))
    practice = Session.quiz(GAME, 5, 1)
    q = practice.current()
    assert (GAME, q.kind, q.seed) not in {(p.game_id, p.kind, p.seed) for p in exam_plan(exam)}
    a = doc["answers"][0]
    a.update(kind=q.kind, skill=q.skill, seed=q.seed, prompt=q.prompt, form=q.form, fields=json.dumps(list(q.fields)),
             given=q.answer, correct_answer=q.answer, is_correct=1)
    refused(s, write(tmp_path / "forged.dtresults", doc), "is not a question of the exam 'Week 6 check'", lee)


def test_an_exam_not_made_in_this_database_is_refused(review, tmp_path: Path) -> None:
    s, lee = review
    exam = new_spec("Made elsewhere", [GAME], question_count=4, time_limit_s=600, pass_mark=50, seed=3)
    out, _doc = results(tmp_path, exam_station(tmp_path / "st.sqlite3", exam, right=4))
    refused(s, out, "which was not made in this database", lee)


def test_answers_after_the_exams_time_are_kept_out_and_flagged(review, tmp_path: Path) -> None:
    s, lee = review
    exam = make_exam(s, lee, time_limit_s=600)
    _out, doc = results(tmp_path, exam_station(tmp_path / "st.sqlite3", exam, right=10))
    [session] = doc["sessions"]
    session["started_at"] = "2030-01-01T10:00:00.000Z"  # one clock, as a station's
    for n, a in enumerate(doc["answers"]):  # seven in time, three 20 minutes in: the limit is 10
        a["answered_at"] = f"2030-01-01T10:{(1 + n) if n < 7 else 20:02d}:00.000Z"
    path = write(tmp_path / "late.dtresults", doc)
    [outcome] = import_paths(s, [path], by=lee)
    assert outcome.ok and outcome.summary.answers_added == 7
    assert outcome.flags == ("3 exam answer(s) given after the exam's time limit were not imported",)
    [attempt] = s.exam_attempts()
    assert (attempt.correct, attempt.question_count, attempt.passed) == (7, 10, True)
    [entry] = [x for x in s.audit_log() if x.action == "results.import"]
    assert entry.detail["flags"] == list(outcome.flags)


def test_a_station_database_gets_the_same_checks(review, tmp_path: Path) -> None:
    """Issue 14: a station's database file imported directly skipped the checks."""
    s, lee = review
    exam = make_exam(s, lee)
    db = exam_station(tmp_path / "st.sqlite3", exam, right=4)
    conn = sqlite3.connect(db)
    conn.execute("DROP TRIGGER IF EXISTS answers_no_update")
    names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'answers'")]
    for name in names:
        conn.execute(f"DROP TRIGGER {name}")
    conn.execute("UPDATE answers SET is_correct = 1")
    conn.commit()
    conn.close()
    refused(s, db, "is marked right, but the answer given is wrong by the rules", lee)
    conn = sqlite3.connect(db)
    conn.execute("UPDATE answers SET is_correct = 0 WHERE given = 'nope'")
    conn.execute("UPDATE sessions SET question_count = 4")
    conn.commit()
    conn.close()
    refused(s, db, "claims 4 questions of seed 99, but the exam has 10", lee)


def test_the_first_attempt_counts_and_later_ones_are_retakes(review, tmp_path: Path) -> None:
    s, lee = review
    exam = make_exam(s, lee)
    db = exam_station(tmp_path / "st.sqlite3", exam, right=3)
    exam_station(db, exam, right=10, attempts=2)  # the same questions again, all right
    out, _doc = results(tmp_path, db)
    assert import_file(s, out, by=lee).answers_added == 30
    attempts = sorted(s.exam_attempts(), key=lambda a: a.attempt)
    assert [(a.attempt, a.retake, a.correct, a.passed) for a in attempts] == [
        (1, False, 3, False), (2, True, 10, True), (3, True, 10, True)]


def test_one_bad_file_never_stops_a_folder_and_sizes_are_checked_before_reading(review, tmp_path: Path,
                                                                                  monkeypatch) -> None:
    """Issue 14: one bad file stopped a folder import, and a 3 GiB file took 6.2 GB of
    memory before it was refused."""
    s, lee = review
    folder = tmp_path / "folder"
    folder.mkdir()
    good, _doc = results(folder, practice_station(tmp_path / "st.sqlite3"), "a-good.dtresults")
    big = folder / "b-big.dtresults"
    big.write_bytes(b"{" + b" " * good.stat().st_size + b"}")
    deep = folder / "c-deep.dtresults"
    deep.write_text("[" * 100_000 + "]" * 100_000)  # nested deeper than the JSON reader goes
    monkeypatch.setattr(importer, "MAX_FILE_BYTES", good.stat().st_size)
    real_read = Path.read_bytes

    def read_bytes(self: Path) -> bytes:
        assert self != big, "a file over the limit was read"
        return real_read(self)

    monkeypatch.setattr(Path, "read_bytes", read_bytes)
    outcomes = import_paths(s, [folder], by=lee)
    assert [o.path.name for o in outcomes] == ["a-good.dtresults", "b-big.dtresults", "c-deep.dtresults"]
    assert outcomes[0].ok and outcomes[0].summary.answers_added == 6
    assert f"is {big.stat().st_size:,} bytes, more than the {good.stat().st_size:,} bytes a results file may have " \
           "here: it was not read" in outcomes[1].error
    assert not outcomes[2].ok and "Nothing was imported from it" in outcomes[2].error


def test_an_unexpected_failure_of_one_file_is_reported_and_the_next_is_imported(review, tmp_path: Path,
                                                                                 monkeypatch) -> None:
    s, lee = review
    folder = tmp_path / "folder"
    folder.mkdir()
    results(folder, practice_station(tmp_path / "st1.sqlite3"), "a.dtresults")
    results(folder, practice_station(tmp_path / "st2.sqlite3"), "b.dtresults")
    real = importer.read_results

    def flaky(path: Path):
        if path.name == "a.dtresults":
            raise RecursionError("maximum recursion depth exceeded")
        return real(path)

    monkeypatch.setattr(importer, "read_results", flaky)
    first, second = import_paths(s, [folder], by=lee)
    assert not first.ok and "RecursionError" in first.error and "Nothing was imported from it" in first.error
    assert second.ok and second.summary.answers_added == 6


def test_a_files_exam_definitions_are_never_added(review, tmp_path: Path) -> None:
    """The supervisor's database made its exams: a definition in a file (an exam nobody
    made here, with a 1% pass mark) is not added to its list."""
    s, lee = review
    _out, doc = results(tmp_path, practice_station(tmp_path / "st.sqlite3"))
    fake = new_spec("Easy pass", [GAME], question_count=1, time_limit_s=14400, pass_mark=1, seed=1)
    doc["exams"] = [{"id": fake.id, "title": fake.title, "definition": json.dumps(fake.to_dict()),
                     "fingerprint": fingerprint(fake), "created_at": "2030-01-01T00:00:00.000Z",
                     "created_by": "Ms Lee", "saved_at": "2030-01-01T00:00:00.000Z"}]
    summary = import_file(s, write(tmp_path / "with-exam.dtresults", doc), by=lee)
    assert summary.answers_added == 6 and summary.exams_added == 0
    assert s.exams() == []


ANSWER_FIELDS = ("kind", "seed", "prompt", "form", "given", "correct_answer", "is_correct", "game_id", "skill",
                 "answered_at", "fields")


def test_fuzzed_answers_never_import_a_grade_the_rules_do_not_give(tmp_path_factory) -> None:
    """Hypothesis: one field of one answer changed to anything; the import either refuses
    the file or adds only answers whose grade is the rules' for their replayed question."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from trainer.store import StoreError
    from trainer.training.session import question_from

    base = tmp_path_factory.mktemp("fuzz")
    _out, doc = results(base, practice_station(base / "st.sqlite3"))
    values = st.one_of(st.text(max_size=30), st.integers(-2, 2 ** 40), st.booleans(), st.none(),
                       st.sampled_from([a["given"] for a in doc["answers"]] + [a["kind"] for a in doc["answers"]]
                                       + [a["prompt"] for a in doc["answers"]] + ["choice", "settle", "[]"]))

    @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
    @given(n=st.integers(0, len(doc["answers"]) - 1), field=st.sampled_from(ANSWER_FIELDS), value=values)
    def run(n: int, field: str, value) -> None:
        mutated = json.loads(json.dumps(doc))
        mutated["answers"][n][field] = value
        folder = base / f"case-{abs(hash((n, field, repr(value))))}"
        folder.mkdir(exist_ok=True)
        path = write(folder / "f.dtresults", mutated)
        with Store.open(folder / "review.sqlite3") as s:
            by = s.supervisors()[0] if s.supervisor_count() else create_supervisor(s, "Ms Lee", "supervisor-password")
            try:
                import_file(s, path, by=by)
            except (ImportFileError, StoreError):
                assert counts(s)[2] == 0
                return
            for t in s.trainees():
                for a in s.answers(t.id):
                    q = question_from(a.game_id, a.kind, a.seed)
                    assert q.prompt == a.prompt and q.is_correct(a.given) == a.is_correct

    run()


def test_a_practice_answer_renamed_as_a_drill_step_is_refused(review, tmp_path: Path) -> None:
    """Drill and table steps are kept as graded only in a drill session: a practice answer
    given a drill kind to escape the replay is refused."""
    s, lee = review
    _out, doc = results(tmp_path, practice_station(tmp_path / "st.sqlite3"))
    a = doc["answers"][1]
    a["kind"], a["is_correct"] = f"{GAME}.drill-step", 1
    refused(s, write(tmp_path / "forged.dtresults", doc), "of a kind of question this Dealer Trainer does not know",
            lee)


def test_drill_steps_in_a_drill_session_are_kept_and_counted(review, tmp_path: Path) -> None:
    s, lee = review
    _out, doc = results(tmp_path, practice_station(tmp_path / "st.sqlite3"))
    doc["sessions"][0]["mode"] = "drill"
    for a in doc["answers"]:
        a["kind"] = f"{GAME}.drill-{a['kind'].split('.')[-1]}"
    [outcome] = import_paths(s, [write(tmp_path / "drill.dtresults", doc)], by=lee)
    assert outcome.ok and outcome.summary.answers_added == 6
    assert outcome.flags == ("6 answer(s) of table mode, drills or an older form of a question cannot be replayed "
                             "from a seed and were kept as the station graded them",)
