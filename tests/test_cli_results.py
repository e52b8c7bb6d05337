"""``dealer-trainer results export|import`` for a lab's scripts (issue 14)."""

from __future__ import annotations

import io
import json

from tests.review.test_import_forgery import practice_station
from trainer.cli import main
from trainer.review.accounts import create_supervisor
from trainer.store import Store


def review_db(tmp_path):
    path = tmp_path / "review.sqlite3"
    with Store.open(path) as s:
        create_supervisor(s, "Ms Lee", "supervisor-password")
    return path


def test_export_then_import_on_the_command_line(tmp_path, capsys, monkeypatch):
    station = practice_station(tmp_path / "station.sqlite3")
    out = tmp_path / "station.dtresults"
    assert main(["--db", str(station), "results", "export", str(out)]) == 0
    assert f"Wrote 6 answers of {station} to {out}." in capsys.readouterr().out
    review = review_db(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO("supervisor-password\n"))
    assert main(["--db", str(review), "results", "import", "--supervisor", "Ms Lee", "--password-stdin",
                 str(out)]) == 0
    assert f"{out}: imported 6 new answers, 0 already here" in capsys.readouterr().out
    monkeypatch.setattr("sys.stdin", io.StringIO("supervisor-password\n"))
    assert main(["--db", str(review), "results", "import", "--supervisor", "Ms Lee", "--password-stdin",
                 "--json", str(out)]) == 0
    [outcome] = json.loads(capsys.readouterr().out)
    assert outcome["imported"] and outcome["answers_added"] == 0 and outcome["answers_skipped"] == 6
    with Store.open(review) as s:
        assert [e.supervisor_name for e in s.audit_log() if e.action == "results.import"] == ["Ms Lee"] * 2


def test_a_forged_file_and_a_wrong_password_exit_1(tmp_path, capsys, monkeypatch):
    station = practice_station(tmp_path / "station.sqlite3")
    out = tmp_path / "station.dtresults"
    assert main(["--db", str(station), "results", "export", str(out)]) == 0
    doc = json.loads(out.read_text())
    for a in doc["answers"]:
        a["is_correct"] = 1
    forged = tmp_path / "forged.dtresults"
    forged.write_text(json.dumps(doc))
    review = review_db(tmp_path)
    capsys.readouterr()
    monkeypatch.setattr("sys.stdin", io.StringIO("supervisor-password\n"))
    assert main(["--db", str(review), "results", "import", "--supervisor", "Ms Lee", "--password-stdin",
                 str(forged), str(out)]) == 1
    text = capsys.readouterr().out.splitlines()
    assert text[0].startswith(f"{forged}: not imported: ") and "wrong by the rules" in text[0]
    assert text[1].startswith(f"{out}: imported 6 new answers")  # the next file still goes in
    monkeypatch.setattr("sys.stdin", io.StringIO("wrong\n"))
    assert main(["--db", str(review), "results", "import", "--supervisor", "Ms Lee", "--password-stdin",
                 str(out)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("dealer-trainer results import: error: ") and len(err.strip().splitlines()) == 1
