"""The exam builder exports a signed exam file, sealed by a start code when asked (issue 14)."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt

from tests.gui.test_practice_flow import window_with_trainee
from trainer.review.accounts import create_supervisor
from trainer.store import Store
from trainer.training import exams


def test_the_exported_exam_is_signed_by_the_database_and_sealed_by_a_start_code(qtbot, tmp_path, fake_game):
    db = tmp_path / "review.sqlite3"
    with Store.open(db) as s:
        create_supervisor(s, "Ms Lee", "a strong password")
    window = window_with_trainee(qtbot, db, "Hana")
    flow = window.review
    flow.sign_in("Ms Lee", "a strong password")
    qtbot.waitUntil(lambda: not flow.locked(), timeout=10_000)
    flow.show_tools(1)
    tools = flow.tools
    qtbot.waitUntil(lambda: tools.export_exam_button.isEnabled(), timeout=10_000)
    qtbot.mouseClick(tools.new_exam_button, Qt.MouseButton.LeftButton)
    tools.exam_title.setText("Sealed check")
    tools.set_game(fake_game.GAME_ID, True)
    tools.exam_count.setValue(4)
    tools.exam_start_code.setChecked(True)
    path = tmp_path / "sealed.dtexam"
    flow.choose_save = lambda *_a: str(path)
    qtbot.mouseClick(tools.export_exam_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: path.exists() and "start code is" in tools.status.text(), timeout=10_000)
    code = tools.status.text().split("start code is ")[1].split(":")[0]
    assert len(code) == exams.START_CODE_LENGTH
    text = path.read_text()
    assert "Sealed check" not in text and exams.is_sealed(text)
    with pytest.raises(exams.StartCodeNeeded):
        exams.read_exam_file(text)
    spec, _fp = exams.read_exam_file(text, start_code=code)
    assert (spec.title, spec.question_count) == ("Sealed check", 4)
    assert window.worker.wait_idle()
    with Store.open(db) as s:  # signed with the key this database keeps
        assert json.loads(text)["public_key"] == exams.public_key_of(s.exam_signing_key())
        assert s.exam(spec.id).definition == spec.to_dict()
        [entry] = [e for e in s.audit_log() if e.action == "exam.export"]
        assert entry.detail["start_code"] is True and code not in json.dumps(entry.detail)


def test_the_signing_key_is_made_once_and_never_exported(tmp_path):
    from trainer.review.importer import write_results_file

    db = tmp_path / "db.sqlite3"
    with Store.open(db) as s:
        key = s.exam_signing_key()
        assert len(key) == 32 and s.exam_signing_key() == key
    with Store.open(db) as s:
        assert s.exam_signing_key() == key
        out = tmp_path / "r.dtresults"
        write_results_file(s, out)
    assert key.hex() not in out.read_text()
