"""Importing stations' results: idempotent, by trainee name, all of a file or nothing."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from trainer.review.accounts import create_supervisor
from trainer.review.importer import (
    FORMAT_VERSION,
    ImportFileError,
    find_import_files,
    import_file,
    import_paths,
    write_results_file,
)
from trainer.store import Store, StoreError
from trainer.training.exams import fingerprint, new_spec
from trainer.training.session import Session

GAME = "two-card-joker"


def station(path: Path, names: list[str], seed: int, *, answers: int = 4, exam=None) -> Path:
    """A station's database: each trainee answers a seeded session, half of them right."""
    with Store.open(path) as s:
        for n, name in enumerate(names):
            t = s.add_trainee(name)
            session = Session.quiz(GAME, seed + n, answers)
            sid = s.start_session(t.id, GAME, seed=session.seed, question_count=answers)
            i = 0
            while not session.finished:
                q = session.current()
                s.record_answer(sid, t.id, session.answer(q.answer if i % 2 == 0 else "nope", 1000 + i))
                i += 1
            s.end_session(sid)
        if exam is not None:
            s.remember_exam(exam.to_dict(), "f" * 64)
            t = s.trainees()[0]
            s.join_class(t.id, exam.class_name)
            sid = s.start_session(t.id, GAME, seed=exam.seed, question_count=exam.question_count, mode="exam",
                                  source="exam", exam_id=exam.id)
            from trainer.training.exams import exam_session

            es: Session = exam_session(exam)
            q = es.current()
            s.record_answer(sid, t.id, es.answer(q.answer, 900))
            s.end_session(sid)
    return path


@pytest.fixture
def review(tmp_path: Path):
    with Store.open(tmp_path / "review" / "review.sqlite3") as s:
        lee = create_supervisor(s, "Ms Lee", "supervisor-password")
        yield s, lee


def counts(s: Store) -> tuple[int, int, int]:
    return tuple(s.db.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in ("trainees", "sessions", "answers"))


def test_importing_a_results_file_twice_adds_nothing_the_second_time(review, tmp_path: Path) -> None:
    s, lee = review
    exam = new_spec("Quiz", [GAME], question_count=3, time_limit_s=300, pass_mark=50, seed=5, class_name="Spring")
    s.save_exam(exam.to_dict(), fingerprint(exam), by=lee)  # the supervisor's database made the exam
    db = station(tmp_path / "station1.sqlite3", ["Ann Lee", "Ben Ode"], seed=10, exam=exam)
    out = tmp_path / "station1.dtresults"
    with Store.open(db) as st:
        assert write_results_file(st, out) == 9
        station_id = st.station_id
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["format"] == "dealer-trainer/results" and doc["format_version"] == FORMAT_VERSION
    assert doc["station_id"] == station_id and doc["answer_count"] == len(doc["answers"]) == 9

    first = import_file(s, out, by=lee)
    assert (first.trainees_added, first.sessions_added, first.answers_added, first.answers_skipped) == (2, 3, 9, 0)
    assert first.exams_added == 0 and first.station_id == station_id  # the exam is this database's own
    before = counts(s)
    second = import_file(s, out, by=lee)
    assert (second.trainees_added, second.sessions_added, second.answers_added, second.answers_skipped) == (0, 0, 0, 9)
    assert counts(s) == before == (2, 3, 9)
    # the database file itself: the same answers, nothing new
    third = import_file(s, db, by=lee)
    assert (third.answers_added, third.answers_skipped) == (0, 9)
    assert counts(s) == before
    # what was imported reads back as on the station
    ann = next(t for t in s.trainees() if t.name == "Ann Lee")
    with Store.open(db) as st:
        theirs = st.answers(next(t.id for t in st.trainees() if t.name == "Ann Lee"))
    ours = s.answers(ann.id)
    assert [(a.id, a.prompt, a.given, a.is_correct, a.answered_at) for a in ours] == \
        [(a.id, a.prompt, a.given, a.is_correct, a.answered_at) for a in theirs]
    assert s.trainee_classes()[ann.id] == ["Spring"]
    [attempt] = s.exam_attempts()
    assert attempt.trainee_name == "Ann Lee" and attempt.exam_title == "Quiz" and attempt.correct == 1
    log = [e for e in s.audit_log() if e.action == "results.import"]
    assert len(log) == 3 and log[-1].detail["answers_added"] == 9 and log[0].detail["answers_added"] == 0
    assert len(s.imports()) == 3


def test_the_same_trainee_on_two_stations_is_one_trainee(review, tmp_path: Path) -> None:
    s, lee = review
    s.add_trainee("Ann Lee")  # already known to the review
    a = station(tmp_path / "a.sqlite3", ["ann  lee", "Cid"], seed=1)
    b = station(tmp_path / "b.sqlite3", ["ANN LEE", "Dee"], seed=2)
    outcomes = import_paths(s, [a, b], by=lee)
    assert all(o.ok for o in outcomes)
    assert [t.name for t in s.trainees()] == ["Ann Lee", "Cid", "Dee"]
    ann = s.trainees()[0]
    assert len(s.answers(ann.id)) == 8  # four from each station
    assert outcomes[0].summary.new_trainees == ("Cid",)


def test_a_folder_with_good_and_bad_files(review, tmp_path: Path) -> None:
    s, lee = review
    folder = tmp_path / "collected"
    folder.mkdir()
    station(folder / "station1.sqlite3", ["Ann"], seed=1)
    with Store.open(station(tmp_path / "s2.sqlite3", ["Ben"], seed=2)) as st:
        write_results_file(st, folder / "station2.dtresults")
    (folder / "notes.json").write_text('{"hello": "world"}')
    (folder / "junk.db").write_bytes(b"SQLite format 3\x00" + b"\x00" * 200)
    newer = json.loads((folder / "station2.dtresults").read_text())
    newer.update(format_version=FORMAT_VERSION + 1, app_version="9.9.9")
    (folder / "newer.dtresults").write_text(json.dumps(newer))
    recipes = folder / "recipes.sqlite"
    conn = sqlite3.connect(recipes)
    conn.execute("CREATE TABLE recipes (x)")
    conn.commit()
    conn.close()
    (folder / "readme.txt").write_text("not imported: not a results name")
    files = find_import_files([folder])
    assert [f.name for f in files] == ["junk.db", "newer.dtresults", "notes.json", "recipes.sqlite",
                                       "station1.sqlite3", "station2.dtresults"]
    progress = []
    outcomes = {o.path.name: o for o in import_paths(s, [folder], by=lee,
                                                     progress=lambda *a: progress.append(a))}
    assert outcomes["station1.sqlite3"].ok and outcomes["station2.dtresults"].ok
    assert "not a Dealer Trainer results file or database" in outcomes["notes.json"].error
    assert "damaged" in outcomes["junk.db"].error
    assert "another program" in outcomes["recipes.sqlite"].error
    err = outcomes["newer.dtresults"].error
    assert "newer version of Dealer Trainer (9.9.9)" in err and "Nothing was imported" in err
    assert [t.name for t in s.trainees()] == ["Ann", "Ben"]
    assert counts(s)[2] == 8
    assert progress[0][:2] == (1, 6) and progress[-1][1] == 6


def test_a_damaged_results_file_adds_nothing(review, tmp_path: Path) -> None:
    s, lee = review
    with Store.open(station(tmp_path / "s.sqlite3", ["Ann", "Ben"], seed=3)) as st:
        write_results_file(st, tmp_path / "good.dtresults")
    doc = json.loads((tmp_path / "good.dtresults").read_text())
    cases = {
        "no-prompt": lambda d: d["answers"][5].pop("prompt"),
        "bad-right": lambda d: d["answers"][0].update(is_correct=7),
        "orphan": lambda d: d["answers"][7].update(session_id="f" * 32),
        "stranger": lambda d: d["sessions"][0].update(trainee_id=99),
        "not-list": lambda d: d.update(answers={"a": 1}),
        "bad-fields": lambda d: d["answers"][1].update(fields="not json"),
    }
    for name, damage in cases.items():
        bad = json.loads(json.dumps(doc))
        damage(bad)
        path = tmp_path / f"{name}.dtresults"
        path.write_text(json.dumps(bad))
        with pytest.raises(ImportFileError, match="damaged"):
            import_file(s, path, by=lee)
    assert counts(s) == (0, 0, 0)
    # a file that fails half-way through the writing adds nothing either
    from trainer.review.importer import read_results_file

    header, batches = read_results_file(tmp_path / "good.dtresults")

    def failing():
        yield batches[0][:3]
        raise StoreError("the disk went away")

    with pytest.raises(StoreError, match="the disk went away.*Nothing was imported"):
        s.import_results(header, failing(), by=lee, source="half.dtresults")
    assert counts(s) == (0, 0, 0)
    assert s.imports() == [] and not [e for e in s.audit_log() if e.action == "results.import"]
    with pytest.raises(StoreError, match="signed-in supervisor"):
        import_file(s, tmp_path / "good.dtresults", by=None)
    assert counts(s) == (0, 0, 0)


def test_a_version_1_station_database_imports(review, tmp_path: Path) -> None:
    from tests.store.test_migration_v2 import make_v1

    s, lee = review
    path = tmp_path / "old-station.sqlite3"
    make_v1(path)
    # make_v1's answers are made up (kind "k", prompt "P"): replayed, they are refused (issue 14)
    with pytest.raises(ImportFileError, match="kind of question this Dealer Trainer does not know"):
        import_file(s, path, by=lee)
    assert counts(s) == (0, 0, 0)
    # the same version-1 file with real questions imports
    from trainer.training.session import question_from
    from trainer.games import registry

    kinds = [k.id for k in registry.get_game(GAME).question_kinds()][:3]
    conn = sqlite3.connect(path)
    for n, kind in enumerate(kinds):
        q = question_from(GAME, kind, 100 + n)
        conn.execute("UPDATE answers SET kind = ?, skill = ?, seed = ?, prompt = ?, form = ?, fields = ?, given = ?, "
                     "correct_answer = ?, is_correct = 1 WHERE id = ?",
                     [kind, q.skill, q.seed, q.prompt, q.form, json.dumps(list(q.fields)), q.answer, q.answer,
                      f"a{n}"])
    conn.commit()
    conn.close()
    before = path.read_bytes()
    summary = import_file(s, path, by=lee)
    assert (summary.trainees_added, summary.answers_added) == (2, 3)
    assert path.read_bytes() == before  # the station's file is only ever read


def test_the_open_database_itself_is_refused(review) -> None:
    s, lee = review
    with pytest.raises(ImportFileError, match="already in the review"):
        import_file(s, s.path, by=lee)


def test_a_wal_that_was_not_checkpointed_is_read_too(review, tmp_path: Path) -> None:
    s, lee = review
    path = station(tmp_path / "live.sqlite3", ["Ann"], seed=4)
    live = Store.open(path)  # the station still has it open: the newest answers are in the -wal
    try:
        t = live.trainees()[0]
        session = Session.quiz(GAME, 99, 2)
        sid = live.start_session(t.id, GAME, seed=99, question_count=2)
        while not session.finished:
            live.record_answer(sid, t.id, session.answer(session.current().answer, 800))
        copy = tmp_path / "copied"
        copy.mkdir()
        for p in tmp_path.glob("live.sqlite3*"):
            shutil.copyfile(p, copy / p.name)
        summary = import_file(s, copy / "live.sqlite3", by=lee)
        assert summary.answers_added == 6
    finally:
        live.close()
