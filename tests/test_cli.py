"""The command line: snapshots of every screen, bad screen names, bad databases."""

from __future__ import annotations


import pytest

from trainer.cli import SCREENS, main


@pytest.fixture
def game():
    return "two-card-joker"


def png_size(path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


@pytest.mark.parametrize("screen", SCREENS)
def test_snapshot_writes_a_png_of_each_screen(qapp, tmp_path, game, screen, capsys):
    out = tmp_path / f"{screen}.png"
    assert main(["snapshot", "--screen", screen, "--out", str(out)]) == 0
    assert out.stat().st_size > 10_000
    assert png_size(out) == (1280, 800)
    assert str(out) in capsys.readouterr().out


def test_snapshot_size_and_seed(qapp, tmp_path, game):
    out = tmp_path / "small.png"
    assert main(["snapshot", "--screen", "quiz", "--out", str(out), "--seed", "3",
                 "--width", "1024", "--height", "700", "--game", game]) == 0
    assert png_size(out) == (1024, 700)


def test_unknown_screen_lists_the_valid_ones(tmp_path, capsys):
    out = tmp_path / "x.png"
    assert main(["snapshot", "--screen", "lobby", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "unknown screen 'lobby'" in err
    for name in SCREENS:
        assert name in err
    assert not out.exists()


def test_unknown_game_and_bad_arguments_exit_2(tmp_path, capsys):
    assert main(["snapshot", "--screen", "home", "--out", str(tmp_path / "a.png"), "--game", "baccarat"]) == 2
    assert "not available" in capsys.readouterr().err
    assert main(["snapshot", "--screen", "home"]) == 2  # --out is required
    assert main(["snapshot", "--screen", "home", "--out", "a.png", "--width", "ten"]) == 2
    assert main(["--no-such-option"]) == 2


@pytest.mark.parametrize("content", [b"this is not a database at all" * 40, b"SQLite format 3\x00" + b"\xff" * 200])
def test_snapshot_of_a_corrupt_database_fails_clearly_and_leaves_it_alone(qapp, tmp_path, game, capsys, content):
    db = tmp_path / "corrupt.sqlite3"
    db.write_bytes(content)
    before = db.stat().st_mtime_ns
    out = tmp_path / "home.png"
    assert main(["snapshot", "--screen", "home", "--out", str(out), "--db", str(db)]) == 1
    err = capsys.readouterr().err
    assert "cannot open the database" in err and str(db) in err
    assert len(err.strip().splitlines()) == 1
    assert db.read_bytes() == content and db.stat().st_mtime_ns == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["corrupt.sqlite3"]
    assert not out.exists()


def test_launching_on_a_corrupt_database_shows_a_message_and_exits_non_zero(qapp, tmp_path, game, capsys,
                                                                            monkeypatch):
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QMessageBox

    db = tmp_path / "corrupt.sqlite3"
    content = b"garbage" * 100
    db.write_bytes(content)
    shown = []

    def fake_exec(box):
        shown.append((box.windowTitle(), box.text()))
        return int(QMessageBox.StandardButton.Close)

    monkeypatch.setattr(QMessageBox, "exec", fake_exec)
    QTimer.singleShot(15_000, qapp.quit)  # a safety net: never hang the test run
    assert main(["--db", str(db)]) == 1
    assert shown and "cannot open its database" in shown[0][0]
    assert str(db) in shown[0][1] and "nothing is written" in shown[0][1]
    assert "cannot open the database" in capsys.readouterr().err
    assert db.read_bytes() == content
    assert sorted(p.name for p in tmp_path.iterdir()) == ["corrupt.sqlite3"]


def test_snapshot_from_an_existing_database_uses_its_trainee(qapp, tmp_path, game):
    from trainer.store import Store

    db = tmp_path / "mine.sqlite3"
    with Store.open(db) as store:
        store.add_trainee("Existing Person")
    out = tmp_path / "progress.png"
    assert main(["snapshot", "--screen", "progress", "--out", str(out), "--db", str(db)]) == 0
    assert out.stat().st_size > 10_000
    with Store.open(db) as store:
        (t,) = store.trainees()
        assert store.sessions(t.id) == []  # a snapshot writes nothing


def test_python_dash_m_trainer_has_help(capsys):
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "snapshot" in out and "--db" in out
