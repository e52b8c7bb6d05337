"""The check before Qt opens a window under X11: which system packages are missing."""

from __future__ import annotations

from trainer import cli, display_check
from trainer.display_check import XCB_LIBRARIES, missing_packages, problem, uses_xcb


def test_xcb_is_used_on_linux_when_asked_or_on_a_plain_x_display():
    assert uses_xcb({"QT_QPA_PLATFORM": "xcb"}, "linux")
    assert uses_xcb({"DISPLAY": ":0"}, "linux")
    assert not uses_xcb({"DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0"}, "linux")
    assert not uses_xcb({"QT_QPA_PLATFORM": "offscreen", "DISPLAY": ":0"}, "linux")
    assert not uses_xcb({"QT_QPA_PLATFORM": "xcb"}, "win32")
    assert not uses_xcb({}, "linux")


def test_missing_libraries_are_named_by_their_package():
    gone = {"libxcb-cursor.so.0", "libxcb-icccm.so.4"}
    assert missing_packages(lambda so: so not in gone) == ["libxcb-cursor0", "libxcb-icccm4"]
    assert missing_packages(lambda so: True) == []
    assert len(set(XCB_LIBRARIES.values())) == len(XCB_LIBRARIES)


def test_the_problem_is_one_line_with_the_install_command():
    text = problem({"QT_QPA_PLATFORM": "xcb"}, "linux", lambda so: so != "libxcb-keysyms.so.1")
    assert text is not None and "\n" not in text
    assert "libxcb-keysyms1" in text and "sudo apt-get install libxcb-keysyms1" in text
    assert problem({"QT_QPA_PLATFORM": "offscreen"}, "linux", lambda so: False) is None


def test_the_application_stops_with_that_line_instead_of_qt_aborting(monkeypatch, capsys):
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    monkeypatch.setattr(display_check.sys, "platform", "linux")
    monkeypatch.setattr(display_check, "_loads", lambda so: so != "libxcb-cursor.so.0")
    assert cli.main(["--db", "unused.sqlite3"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "libxcb-cursor0" in err[0] and err[0].startswith("dealer-trainer: ")
