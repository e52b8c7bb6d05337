"""Exams through the GUI: open the file, take it locked, submit or run out of time (fake game)."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt

from tests.gui import fake_game
from tests.gui.test_flow import answer_by_keyboard, press
from tests.gui.test_practice_flow import window_with_trainee
from trainer.store import Store
from trainer.training.exams import exam_file_text, exam_plan, new_spec

# Keys go to the focus widget: these flows also run in real windows (make test-display).
pytestmark = pytest.mark.display


@pytest.fixture
def fake_games(monkeypatch):
    fake_game.install(monkeypatch)
    yield
    fake_game.uninstall()


def exam_file(tmp_path, **kw):
    spec = new_spec("Week 3 check", [fake_game.GAME_ID], **{"question_count": 4, "time_limit_s": 600,
                                                             "pass_mark": 75, "seed": 31, "class_name": "Spring",
                                                             "created_by": "Ms Lee", **kw})
    path = tmp_path / "week3.dtexam"
    path.write_text(exam_file_text(spec), encoding="utf-8")
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


def test_an_exam_is_locked_until_it_is_submitted(qtbot, tmp_path, fake_games):
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
    assert result.table.rowCount() == 4 and "None" in result.table.item(3, 1).text()
    assert "Rule:" in result.detail.text()  # explanations once it is submitted
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


def test_the_time_limit_submits_the_exam(qtbot, tmp_path, fake_games):
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


def test_a_bad_exam_file_is_refused_and_nothing_is_kept(qtbot, tmp_path, fake_games):
    db = tmp_path / "station.sqlite3"
    spec, path = exam_file(tmp_path)
    doc = json.loads(path.read_text())
    doc["format_version"] = 2
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
