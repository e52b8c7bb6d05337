"""Exams through the GUI: open the file, take it locked, submit or run out of time (fake game)."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt

from tests.gui import fake_game
from tests.gui.test_flow import answer_by_keyboard, press
from tests.gui.test_practice_flow import window_with_trainee
from trainer.store import Store
from trainer.store.store import new_signing_key
from trainer.training.exams import exam_file_text, exam_plan, new_spec

KEY = new_signing_key()  # the supervisor database's signing key

# Keys go to the focus widget: these flows also run in real windows (make test-display).
pytestmark = pytest.mark.display


def exam_file(tmp_path, start_code=None, **kw):
    spec = new_spec("Week 3 check", [fake_game.GAME_ID], **{"question_count": 4, "time_limit_s": 600,
                                                             "pass_mark": 75, "seed": 31, "class_name": "Spring",
                                                             "created_by": "Ms Lee", **kw})
    path = tmp_path / "week3.dtexam"
    path.write_text(exam_file_text(spec, signing_key=KEY, start_code=start_code), encoding="utf-8")
    return spec, path


def open_exam(qtbot, window, path):
    qtbot.mouseClick(window.home_screen.exam_button, Qt.MouseButton.LeftButton)
    flow = window.exams
    qtbot.waitUntil(lambda: window.worker.pending == 0)
    assert window.current_screen() is flow.hub
    flow.choose_file = lambda: str(path)
    flow.confirm = lambda *_a: True
    qtbot.mouseClick(flow.hub.open_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: flow.hub.start_button.isEnabled(), timeout=5000)
    return flow


def test_an_exam_is_locked_until_it_is_submitted(qtbot, tmp_path, fake_game):
    db = tmp_path / "station.sqlite3"
    spec, path = exam_file(tmp_path)
    window = window_with_trainee(qtbot, db, "Eve")
    flow = open_exam(qtbot, window, path)
    hub = flow.hub
    assert [s.id for s in hub.specs] == [spec.id]
    assert "Week 3 check" in hub.exam_title.text() and "75% (3 of 4 right)" in hub.exam_detail.text()
    qtbot.mouseClick(hub.start_button, Qt.MouseButton.LeftButton)
    taking = flow.taking
    qtbot.waitUntil(lambda: window.current_screen() is taking)
    assert taking.game_label.text() == "Week 3 check" and taking.mode_badge.text() == "EXAM"
    assert taking.leave_button.text() == "Submit exam" and taking.score_label.text() in ("10:00", "09:59")
    planned = [(q.kind, q.seed) for q in exam_plan(spec)]
    asked = []
    for i in range(3):
        q = taking.question
        asked.append((q.kind, q.seed))
        answer_by_keyboard(qtbot, window, q, right=i != 1)
        # no feedback: straight on to the next question
        qtbot.waitUntil(lambda i=i: flow.session.position == i + 1)
        assert taking.stack.currentWidget() is taking.input_holder
        assert not taking.feedback.isVisible()
    assert asked == planned[:3]  # the exam's questions, in the exam's order
    assert taking.dots.results == [True, True, True]  # answered, never right or wrong
    # Esc asks to submit; saying no stays in the exam
    asked_to = []
    flow.confirm = lambda title, text: asked_to.append(text) or False
    press(qtbot, window, Qt.Key.Key_Escape)
    assert asked_to and "1 of 4 questions are not answered" in asked_to[0]
    assert window.current_screen() is taking
    flow.confirm = lambda *_a: True
    qtbot.mouseClick(taking.leave_button, Qt.MouseButton.LeftButton)
    result = flow.result_screen
    qtbot.waitUntil(lambda: window.current_screen() is result)
    assert result.verdict.text() == "Not passed"
    assert result.values["score"].text() == "2 / 4"
    assert "1 question was not answered" in result.verdict_note.text()
    # skill by skill, never the questions with their right answers (issue 14)
    skills = {}
    for q in flow.session.questions():
        skills.setdefault(q.skill, 0)
        skills[q.skill] += 1
    table = result.table
    assert table.rowCount() == len(skills)
    assert sum(int(table.item(r, 2).text()) for r in range(table.rowCount())) == 4
    assert sum(int(table.item(r, 3).text().split(" of ")[0]) for r in range(table.rowCount())) == 2
    shown = " ".join(table.item(r, c).text() for r in range(table.rowCount()) for c in range(table.columnCount()))
    for q in flow.session.questions():
        assert q.prompt not in shown and q.prompt not in result.detail.text()
        assert q.explanation not in result.detail.text()
    assert "not shown here" in result.detail.text()
    assert window.worker.wait_idle()
    with Store.open(db) as s:
        eve = s.trainees()[0]
        [attempt] = s.exam_attempts(trainee_id=eve.id)
        assert (attempt.exam_id, attempt.answered, attempt.correct, attempt.question_count) == (spec.id, 3, 2, 4)
        assert attempt.submitted and not attempt.passed
        assert s.trainee_classes()[eve.id] == ["Spring"]
        assert s.exam(spec.id).definition == spec.to_dict()
        [session] = s.sessions(eve.id)
        assert (session.mode, session.source, session.exam_id) == ("exam", "exam", spec.id)


def test_the_time_limit_submits_the_exam(qtbot, tmp_path, fake_game):
    db = tmp_path / "station.sqlite3"
    spec, path = exam_file(tmp_path, question_count=5, pass_mark=20)
    window = window_with_trainee(qtbot, db, "Finn")
    flow = open_exam(qtbot, window, path)
    qtbot.mouseClick(flow.hub.start_button, Qt.MouseButton.LeftButton)
    taking = flow.taking
    qtbot.waitUntil(lambda: window.current_screen() is taking)
    answer_by_keyboard(qtbot, window, taking.question, right=True)
    qtbot.waitUntil(lambda: flow.session.position == 1)
    taking.deadline_ms = taking.clock.elapsed() + 150  # the clock runs out
    result = flow.result_screen
    qtbot.waitUntil(lambda: window.current_screen() is result, timeout=5000)
    assert result.verdict.text() == "Passed"  # 1 of 5 right, 20% needed
    note = result.verdict_note.text()
    assert "time ran out" in note and "4 questions were not answered" in note
    assert not taking.submit_button.isEnabled()
    assert window.worker.wait_idle()
    with Store.open(db) as s:
        [attempt] = s.exam_attempts()
        assert attempt.submitted and attempt.answered == 1 and attempt.passed


def test_a_bad_exam_file_is_refused_and_nothing_is_kept(qtbot, tmp_path, fake_game):
    db = tmp_path / "station.sqlite3"
    spec, path = exam_file(tmp_path)
    doc = json.loads(path.read_text())
    doc["format_version"] = 3
    newer = tmp_path / "newer.dtexam"
    newer.write_text(json.dumps(doc))
    junk = tmp_path / "junk.dtexam"
    junk.write_bytes(b"\x00\x01 not json")
    window = window_with_trainee(qtbot, db, "Gus")
    qtbot.mouseClick(window.home_screen.exam_button, Qt.MouseButton.LeftButton)
    flow = window.exams
    for bad, phrase in ((newer, "newer version of Dealer Trainer"), (junk, "not a Dealer Trainer exam file")):
        flow.open_file(bad)
        assert phrase in flow.hub.status.text()
    assert window.worker.wait_idle()
    with Store.open(db) as s:
        assert s.exams() == []


def test_an_altered_exam_file_is_refused_with_one_clear_message(qtbot, tmp_path, fake_game):
    """Issue 14: a time limit made 4 h in the file was obeyed; the signature now refuses it."""
    db = tmp_path / "station.sqlite3"
    _spec, path = exam_file(tmp_path)
    doc = json.loads(path.read_text())
    doc["exam"]["time_limit_s"] = 4 * 3600
    path.write_text(json.dumps(doc, indent=2))
    window = window_with_trainee(qtbot, db, "Hal")
    qtbot.mouseClick(window.home_screen.exam_button, Qt.MouseButton.LeftButton)
    problems = []
    window.show_problem = lambda title, text: problems.append(text)
    window.exams.open_file(path)
    assert "has been altered since the instructor exported it" in window.exams.hub.status.text()
    assert len(problems) == 1 and "altered" in problems[0]
    assert window.worker.wait_idle()
    with Store.open(db) as s:
        assert s.exams() == []


def test_a_sealed_exam_asks_for_the_start_code(qtbot, tmp_path, fake_game):
    db = tmp_path / "station.sqlite3"
    spec, path = exam_file(tmp_path, start_code="KT7M-ARXQ")
    window = window_with_trainee(qtbot, db, "Ivy")
    qtbot.mouseClick(window.home_screen.exam_button, Qt.MouseButton.LeftButton)
    flow = window.exams
    qtbot.waitUntil(lambda: window.worker.pending == 0)
    asked = []
    flow.ask_code = lambda problem: asked.append(problem) or ""  # cancelled
    flow.open_file(path)
    assert asked == [""] and "needs the start code" in flow.hub.status.text()
    codes = iter(["WRONG-CODE", "kt7m arxq"])
    flow.ask_code = lambda problem: asked.append(problem) or next(codes)
    flow.open_file(path)
    assert "not the one of this exam" in asked[2]  # told the first was wrong, asked again
    qtbot.waitUntil(lambda: flow.hub.start_button.isEnabled(), timeout=5000)
    assert [s.id for s in flow.hub.specs] == [spec.id]


def take_it(qtbot, window, flow, right: int):
    qtbot.mouseClick(flow.hub.start_button, Qt.MouseButton.LeftButton)
    taking = flow.taking
    qtbot.waitUntil(lambda: window.current_screen() is taking)
    n = flow.session.count
    for i in range(n):
        answer_by_keyboard(qtbot, window, taking.question, right=i < right)
        qtbot.waitUntil(lambda i=i: flow.session.position == i + 1 or window.current_screen() is flow.result_screen)
    qtbot.waitUntil(lambda: window.current_screen() is flow.result_screen, timeout=5000)
    assert window.worker.wait_idle()


def test_a_second_attempt_is_a_retake_never_a_fresh_first_attempt(qtbot, tmp_path, fake_game):
    db = tmp_path / "station.sqlite3"
    spec, path = exam_file(tmp_path, question_count=2, pass_mark=50)
    window = window_with_trainee(qtbot, db, "Jo")
    flow = open_exam(qtbot, window, path)
    take_it(qtbot, window, flow, right=0)
    assert "retake" not in flow.result_screen.verdict_note.text()
    flow.show(spec.id)
    qtbot.waitUntil(lambda: flow.hub.start_button.isEnabled(), timeout=5000)
    asked = []
    flow.confirm = lambda title, text: asked.append((title, text)) or False
    qtbot.mouseClick(flow.hub.start_button, Qt.MouseButton.LeftButton)
    assert asked and asked[0][0] == "Retake the exam?" and "first attempt is the one that counts" in asked[0][1]
    assert window.current_screen() is flow.hub
    flow.confirm = lambda *_a: True
    take_it(qtbot, window, flow, right=2)
    assert flow.result_screen.verdict.text() == "Passed"
    assert "This was a retake" in flow.result_screen.verdict_note.text()


def test_an_exam_that_cannot_be_saved_never_just_says_passed(qtbot, tmp_path, fake_game):
    """Issue 14: a class name over 60 characters made the exam save nothing while the
    screen said "Passed". The attempt is now saved first (the class is the lesser step),
    and a start that is not saved is named in the verdict."""
    from trainer.training.exams import ExamSpec

    db = tmp_path / "station.sqlite3"
    spec, path = exam_file(tmp_path, question_count=2, pass_mark=50)
    window = window_with_trainee(qtbot, db, "Kim")
    flow = open_exam(qtbot, window, path)
    # an exam already on this station whose class name the store refuses (made before the builder's check)
    from dataclasses import replace

    long = replace(spec, class_name="The evening class of the spring term for the table games dealers")
    assert len(long.class_name) > 60 and isinstance(long, ExamSpec)
    flow.hub.specs[0] = long
    take_it(qtbot, window, flow, right=2)
    assert flow.result_screen.verdict.text() == "Passed"
    with Store.open(db) as s:
        [attempt] = s.exam_attempts()
        assert attempt.answered == 2 and attempt.correct == 2 and attempt.submitted
    # a start that fails to save: the verdict says so
    flow.show(spec.id)
    qtbot.waitUntil(lambda: flow.hub.start_button.isEnabled(), timeout=5000)
    errors = []
    window.show_store_error = lambda m: errors.append(m)
    window.trainee = replace(window.trainee, id=999)  # no such trainee: the session cannot be saved
    take_it(qtbot, window, flow, right=2)
    assert errors and flow.result_screen.verdict.text() == "Passed, but not saved"
    assert "could not be saved" in flow.result_screen.warning.text()
