"""The app's own start on the command line (issue 17): a line of global options alone is
parsed without building the commands' parsers, with the same result, and every other line
(a command, --help, --version, an abbreviation, a missing value) by the whole parser."""

from __future__ import annotations

import os
import platform
from pathlib import Path

import pytest

from trainer import cli, config

APP_LINES = [
    [],
    ["--fullscreen"],
    ["--db", "trainees.sqlite3"],
    ["--db=trainees.sqlite3", "--fullscreen"],
    ["--fullscreen", "--db", "a.sqlite3", "--db", "b.sqlite3"],  # the last one wins, as argparse has it
    ["--rules", "texts", "--server", "postgresql://school/trainer"],
    ["--rules=texts", "--server=postgresql://school/trainer", "--db", "x"],
]
OTHER_LINES = [
    ["--help"], ["-h"], ["--version"], ["snapshot", "--screen", "home", "--out", "x.png"], ["config", "show"],
    ["--db"], ["--db", "--fullscreen"], ["--full"], ["--db", "x", "rules", "four-card"], ["--", "x"],
    ["--fullscreen", "nonsense"], ["--server"],
]


@pytest.mark.parametrize("argv", APP_LINES)
def test_a_line_of_global_options_starts_the_app(argv):
    assert cli.starts_the_app(argv)


@pytest.mark.parametrize("argv", OTHER_LINES)
def test_any_other_line_goes_to_the_whole_parser(argv):
    assert not cli.starts_the_app(argv)


@pytest.mark.parametrize("argv", APP_LINES)
def test_the_short_parser_reads_the_app_lines_as_the_whole_one(argv):
    short = vars(cli.build_parser(commands_too=False).parse_args(argv))
    whole = vars(cli.build_parser().parse_args(argv))
    assert short == whole
    assert short["command"] is None


def test_the_short_parser_has_no_commands_and_the_whole_one_all():
    def names(parser):
        return [a for action in parser._subparsers._group_actions for a in action.choices]

    assert names(cli.build_parser(commands_too=False)) == []
    assert names(cli.build_parser()) == ["snapshot", "analyze", "settle", "supervisor", "config", "results",
                                         "rules", "questions", "server"]


def test_the_app_gets_the_database_and_full_screen_of_the_line(tmp_path, monkeypatch):
    monkeypatch.setenv(config.ENV_DIRS, f"{tmp_path / 'machine'}{os.pathsep}{tmp_path / 'user'}")
    monkeypatch.delenv("DEALER_TRAINER_RULES", raising=False)
    started = []
    monkeypatch.setattr("trainer.display_check.problem", lambda: None)
    monkeypatch.setattr("trainer.ui.app.run", lambda db, *, full_screen=False: started.append((db, full_screen)) or 5)
    assert cli.main(["--db", str(tmp_path / "a.sqlite3"), "--fullscreen"]) == 5
    assert cli.main([f"--db={tmp_path / 'b.sqlite3'}"]) == 5
    assert started == [(tmp_path / "a.sqlite3", True), (tmp_path / "b.sqlite3", False)]
    assert isinstance(started[0][0], Path)


def test_lines_the_app_does_not_take_say_what_the_whole_parser_says(capsys):
    assert cli.main(["--db"]) == 2
    assert "argument --db: expected one argument" in capsys.readouterr().err
    assert cli.main(["--fullscreen", "nonsense"]) == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'nonsense'" in err and "'server'" in err and "'results'" in err
    assert cli.main(["--help"]) == 0
    out = capsys.readouterr().out
    assert all(name in out for name in ("snapshot", "analyze", "results", "questions", "server"))


def test_the_station_name_is_the_computers_as_platform_names_it():
    assert config.default_station_name() == (platform.node().split(".")[0] or "station")
