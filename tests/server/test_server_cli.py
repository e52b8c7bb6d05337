"""`dealer-trainer server init|check|accept URL`, `--server URL` and `[server] url` (issue 19)."""

from __future__ import annotations

from datetime import timedelta

import pytest

psycopg = pytest.importorskip("psycopg")

from trainer import config  # noqa: E402
from trainer.cli import main  # noqa: E402
from trainer.server import accounts, schema  # noqa: E402
from trainer.server.connection import connect  # noqa: E402

pytestmark = pytest.mark.postgres


def test_init_creates_then_finds_nothing_to_do_and_check_reports(pg, capsys) -> None:
    assert main(["server", "init", pg.url]) == 0
    out = capsys.readouterr().out
    assert "Schema version 0 -> 8 (applied 1, 2, 3, 4, 5, 6, 7, 8)." in out
    assert f"stations are members of {pg.name}_station, supervisors of {pg.name}_supervisor" in out
    assert main(["server", "init", pg.url]) == 0
    assert "Schema version 8: up to date." in capsys.readouterr().out
    with connect(pg.url) as conn:
        accounts.add_trainee(conn, "Ana Diaz", "1234")
        accounts.add_login(conn, "teacher_cli", supervisor=True)
    assert main(["server", "check", pg.url_as("teacher_cli")]) == 0
    out = capsys.readouterr().out
    assert "signed in as 'teacher_cli' (supervisor)" in out
    assert "Schema version:  8 (this Dealer Trainer uses 8)" in out
    assert "1 trainees, 0 classes, 0 exams, 0 sessions, 0 answers, 0 table rounds, 0 answers not yet checked, 0 table rounds not yet checked" in out
    assert main(["server", "accept", pg.url_as("teacher_cli")]) == 0
    assert "No answer or table round was waiting to be checked." in capsys.readouterr().out


def test_check_refuses_an_empty_or_newer_database_with_one_line(pg, capsys) -> None:
    assert main(["server", "check", pg.url]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "has no Dealer Trainer schema: run `dealer-trainer server init URL`" in err
    main(["server", "init", pg.url])
    with connect(pg.url) as conn:
        conn.execute("UPDATE dealer.meta SET value = %s WHERE key = 'schema_version'", [str(schema.CURRENT_VERSION + 1)])
    capsys.readouterr()
    assert main(["server", "init", pg.url]) == 1
    err = capsys.readouterr().err
    assert f"schema version {schema.CURRENT_VERSION + 1}" in err and "newer than this Dealer Trainer" in err and "nothing was read or changed" in err


def test_an_unreachable_server_and_a_missing_url(tmp_path, capsys) -> None:
    assert main(["server", "check", f"postgresql://nobody@/x?host={tmp_path}"]) == 1
    assert "error: Cannot connect to the server:" in capsys.readouterr().err
    assert main(["server", "check"]) == 2
    assert "give the server's URL, or set [server] url in station.toml" in capsys.readouterr().err


def test_the_station_url_comes_from_the_settings_and_never_holds_a_password(tmp_path, monkeypatch, pg,
                                                                            capsys) -> None:
    user = tmp_path / "user"
    user.mkdir()
    monkeypatch.setenv(config.ENV_DIRS, f"{tmp_path / 'none'}{__import__('os').pathsep}{user}")
    (user / config.FILE_NAME).write_text(f'[server]\nurl = "{pg.url}"\n', encoding="utf-8")
    assert config.server_url(config.load()) == pg.url
    main(["server", "init"])  # no URL: the settings file's
    assert "Schema version 0 -> 8" in capsys.readouterr().out
    assert config.server_url(config.load(server_url="postgresql://other@/db")) == "postgresql://other@/db"
    for url in ("postgresql://lab:secret@school-db/dealer", "postgresql://lab@school-db/dealer?password=secret",
                "host=school-db user=lab password=secret dbname=dealer"):
        (user / config.FILE_NAME).write_text(f'[server]\nurl = "{url}"\n', encoding="utf-8")
        with pytest.raises(config.ConfigError, match="server.url: holds a password"):
            config.load()
        (user / config.FILE_NAME).write_text("", encoding="utf-8")
        assert main(["--server", url, "config", "show"]) == 1
        assert "--server: the URL holds a password" in capsys.readouterr().err


def test_the_instructor_runs_an_exam_from_the_command_line(pg, tmp_path, monkeypatch, capsys) -> None:
    from trainer.server import station
    from trainer.store.store import new_signing_key
    from trainer.training.exams import exam_file_text, new_spec

    main(["server", "init", pg.url])
    with connect(pg.url) as conn:
        accounts.add_login(conn, "teacher_x", supervisor=True)
    sup = pg.url_as("teacher_x")
    pins = iter(["2468", "2468", "1357", "1357"])
    monkeypatch.setattr("getpass.getpass", lambda _prompt="": next(pins))
    assert main(["server", "trainee", sup, "Ana Diaz"]) == 0
    assert main(["server", "trainee", sup, "Bo Chen"]) == 0
    assert main(["server", "class", sup, "Evening", "ana diaz", "Bo Chen"]) == 0
    assert main(["server", "class", sup, "Morning", "Nobody"]) == 1
    assert "no trainee named Nobody on the server" in capsys.readouterr().err
    assert main(["server", "login", sup, "lab_x"]) == 1  # a supervisor may not make roles here
    assert main(["server", "login", pg.url, "lab_x"]) == 0  # the owner may
    spec = new_spec("CLI quiz", ["two-card-joker"], question_count=2, time_limit_s=300, pass_mark=50, seed=3,
                    class_name="Evening")
    exam = tmp_path / "quiz.dtexam"
    exam.write_text(exam_file_text(spec, signing_key=new_signing_key()), encoding="utf-8")
    with connect(pg.url) as conn:
        now = conn.execute("SELECT now()").fetchone()[0]
    capsys.readouterr()
    assert main(["server", "publish", sup, str(exam), "evening", (now - timedelta(minutes=5)).isoformat(),
                 (now + timedelta(hours=1)).isoformat()]) == 0
    assert "Published 'CLI quiz' to evening" in capsys.readouterr().out
    with connect(pg.url_as("lab_x")) as lab:
        ana = station.sign_in(lab, "Ana Diaz", "2468")
        [open_exam] = station.open_exams(lab, ana.id)
        station.start_exam(lab, open_exam.window_id, ana.id, "two-card-joker")
    assert main(["server", "live", sup, str(open_exam.window_id)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == ["Ana", "Diaz", "answering", "(0", "of", "2)", "accepted", "0,", "right", "0"]
    assert out[1].split()[:4] == ["Bo", "Chen", "not", "started"]
    assert main(["server", "release", sup, str(open_exam.window_id)]) == 0
    with connect(pg.url_as("lab_x")) as lab:
        station.sign_in(lab, "Ana Diaz", "2468")
        [result] = station.released_results(lab, ana.id)
        assert (result.title, result.answered, result.correct) == ("CLI quiz", 0, 0)
