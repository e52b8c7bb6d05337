"""The GUI entry point: a process without a console (sys.stdout None) still runs the command
line, its messages going to the log file."""

from __future__ import annotations

import sys

from trainer import gui


def test_without_a_console_the_messages_go_to_the_log(tmp_path, monkeypatch) -> None:
    log = tmp_path / "logs" / "dealer-trainer.log"
    monkeypatch.setattr(gui, "log_path", lambda: log)
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    assert gui.main(["--version"]) == 0
    code = gui.main(["snapshot", "--screen", "nowhere", "--out", str(tmp_path / "x.png")])
    sys.stdout.flush()
    assert code == 2
    text = log.read_text(encoding="utf-8")
    assert "dealer-trainer 0.1.0" in text
    assert "unknown screen 'nowhere'" in text


def test_with_a_console_nothing_is_redirected(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setattr(gui, "log_path", lambda: tmp_path / "never.log")
    assert gui.main(["--version"]) == 0
    assert "dealer-trainer 0.1.0" in capsys.readouterr().out
    assert not (tmp_path / "never.log").exists()
