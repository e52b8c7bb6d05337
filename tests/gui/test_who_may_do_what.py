"""Who may do what, through the GUI (issue 14): a station's results are exported with no
supervisor account; signing in checks the audit log's hash chain and names the first bad
entry of a tampered log; wrong passwords slow the sign-in down."""

from __future__ import annotations

import json
import sqlite3

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from tests.gui.test_practice_flow import window_with_trainee
from tests.gui.test_supervisor_flow import fill, open_review
from trainer.review.accounts import create_supervisor
from trainer.store import Store

PASSWORD = "a strong password"


def test_exporting_the_station_needs_no_supervisor_account(qtbot, tmp_path, fake_game):
    db = tmp_path / "station.sqlite3"
    window = window_with_trainee(qtbot, db, "Hana")
    out = tmp_path / "hana-station.dtresults"
    offered = []
    window.review.choose_save = lambda title, name, filters: offered.append(name) or str(out)
    window.menus.export_action.trigger()
    assert window.current_screen() is not window.review.login  # no sign-in asked for
    assert window.worker.wait_idle()
    qtbot.waitUntil(out.exists, timeout=10_000)
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["format"] == "dealer-trainer/results" and [t["name"] for t in doc["trainees"]] == ["Hana"]
    qtbot.waitUntil(lambda: "Saved this station's results" in window.statusBar().currentMessage(), timeout=5000)
    window.close()
    with Store.open(db) as s:
        assert s.supervisor_count() == 0
        [entry] = s.audit_log()
        assert (entry.action, entry.target) == ("station.export", out.name)
        assert s.check_audit_chain().ok


def _sign_in(qtbot, window, name=" Ms Lee", password=PASSWORD):
    flow = open_review(qtbot, window)
    fill(qtbot, flow.login.name_edit, name)
    fill(qtbot, flow.login.password_edit, password)
    qtbot.keyClick(flow.login.password_edit, Qt.Key.Key_Return)
    return flow


def test_a_tampered_audit_log_is_shown_on_signing_in_naming_the_first_bad_entry(qtbot, tmp_path, fake_game):
    db = tmp_path / "review.sqlite3"
    with Store.open(db) as s:
        lee = create_supervisor(s, "Ms Lee", PASSWORD)
        s.set_threshold("two-card-joker", 80, by=lee)
        s.set_threshold("two-card-joker", 90, by=lee)
    with sqlite3.connect(db) as raw:  # someone lowers a threshold change in the log with the sqlite3 shell
        raw.execute("DROP TRIGGER audit_log_no_update")
        raw.execute("UPDATE audit_log SET detail = '{\"from\": 80, \"to\": 50}' WHERE id = 3")
    window = window_with_trainee(qtbot, db, "Hana")
    flow = _sign_in(qtbot, window)
    qtbot.waitUntil(lambda: window.current_screen() is flow.dashboard_screen, timeout=5000)
    qtbot.waitUntil(lambda: flow.audit_check is not None, timeout=5000)
    check = flow.audit_check
    assert not check.ok and check.first_bad_id == 3 and check.first_bad_action == "threshold.set"
    box = flow.audit_box
    assert isinstance(box, QMessageBox) and box.isVisible()
    assert "tampered" in box.windowTitle() and "entry 3 (threshold.set" in box.text()
    assert "entry 3" in flow.dashboard_screen.status.text()
    box.close()
    window.close()


def test_wrong_passwords_slow_the_sign_in_down(qtbot, tmp_path, fake_game):
    db = tmp_path / "review.sqlite3"
    with Store.open(db) as s:
        create_supervisor(s, "Ms Lee", PASSWORD)
    window = window_with_trainee(qtbot, db, "Hana")
    flow = open_review(qtbot, window)
    login = flow.login
    for i in range(3):
        fill(qtbot, login.name_edit, "Ms Lee")
        fill(qtbot, login.password_edit, f"guess number {i}")
        qtbot.keyClick(login.password_edit, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: login.go_button.isEnabled(), timeout=5000)
    assert "Wait 2 seconds before trying again" in login.error.text()
    fill(qtbot, login.password_edit, PASSWORD)
    qtbot.keyClick(login.password_edit, Qt.Key.Key_Return)  # at once: refused, right password or not
    qtbot.waitUntil(lambda: "Try again in" in login.error.text(), timeout=5000)
    assert flow.supervisor is None and window.current_screen() is login
    window.close()
    QApplication.processEvents()


def test_the_trainee_screen_refuses_invisible_characters_and_keeps_accents_one_name(qtbot, tmp_path):
    import unicodedata

    from tests.gui.test_flow import open_window

    db = tmp_path / "names.sqlite3"
    with Store.open(db) as s:
        s.add_trainee("José Rivera")
    window = open_window(qtbot, db)
    screen = window.trainee_screen
    screen.name_edit.setText("Jos\u200be")
    qtbot.mouseClick(screen.add_button, Qt.MouseButton.LeftButton)
    assert screen.error.isVisible()
    assert "invisible or control characters: U+200B ZERO WIDTH SPACE at position 4" in screen.error.text()
    assert window.current_screen() is screen
    screen.name_edit.setText(unicodedata.normalize("NFD", "josé  rivera"))
    qtbot.mouseClick(screen.add_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "already a trainee named 'José Rivera'" in screen.error.text(), timeout=5000)
    assert window.worker.wait_idle()
    assert [t.name for t in screen.trainees()] == ["José Rivera"]
    window.close()
