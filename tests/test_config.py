"""The station's settings file (trainer.config): machine-wide then user's, the user's
file winning key by key and --db over both; `dealer-trainer config show`; one clear line
for a file or value that is not accepted; the app's database, the rules folder and the
results file's name and folder taken from the settings.

DEALER_TRAINER_CONFIG_DIRS points at folders of tmp_path: no test reads the real ones."""

from __future__ import annotations

import json
import os
from datetime import datetime
from pathlib import Path

import pytest

from trainer.rulebook.library import use_rules_texts
from trainer import config, paths
from trainer.cli import main

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def dirs(tmp_path, monkeypatch):
    """(machine folder, user folder), both empty, in force for the test."""
    machine, user = tmp_path / "machine", tmp_path / "user"
    machine.mkdir()
    user.mkdir()
    monkeypatch.setenv(config.ENV_DIRS, f"{machine}{os.pathsep}{user}")
    yield machine, user
    config.activate(None)
    use_rules_texts(None)


def write(folder: Path, text: str) -> Path:
    path = folder / "station.toml"
    path.write_text(text, encoding="utf-8")
    return path


def show(capsys, *argv: str) -> tuple[int, str, str]:
    code = main([*argv, "config", "show"])
    out, err = capsys.readouterr()
    return code, out, err


def rows(out: str) -> dict[str, tuple[str, str]]:
    """config show's "In force" rows: key -> (value, source)."""
    lines = out.split("In force:\n", 1)[1].splitlines()
    found = {}
    for line in lines:
        key, rest = line.strip().split(None, 1)
        value, _, source = rest.rpartition("  ")
        found[key] = (value.strip(), source.strip())
    return found


# ------------------------------------------------------------------------ where values come from
def test_without_files_every_value_is_the_default(dirs, capsys):
    machine, user = dirs
    c = config.load()
    assert [(f.label, f.path, f.present) for f in c.files] == [
        ("machine file", machine / "station.toml", False), ("user file", user / "station.toml", False)]
    assert c.database == config.Setting(paths.default_db_path(), "default", None)
    assert c.results_folder == config.Setting(Path.home(), "default", None)
    assert c.rules_folder.value is None and c.server == {}
    assert c.station.source == "default" and c.station.value
    code, out, err = show(capsys)
    assert code == 0 and err == ""
    assert f"machine file: {machine / 'station.toml'}  (not present)" in out
    assert f"user file:    {user / 'station.toml'}  (not present)" in out
    r = rows(out)
    assert r["database"] == (str(paths.default_db_path()), "default")
    assert r["rules_folder"] == ("(none: the rule book shows the app's own summaries)", "default")
    assert r["[server]"][0] == "(none)"


def test_the_user_file_wins_key_by_key_and_the_command_line_over_both(dirs, capsys, tmp_path):
    machine, user = dirs
    m = write(machine, 'station = "lab-a-07"\ndatabase = "D:/lab/m.sqlite3"\nresults_folder = "/srv/results"\n'
                       '[server]\nurl = "https://school.example/api"\nport = 8443\n')
    u = write(user, f'database = "{(tmp_path / "mine.sqlite3").as_posix()}"\n[server]\nport = 9000\n')
    c = config.load()
    assert c.station == config.Setting("lab-a-07", "machine file", m)
    assert c.database == config.Setting(tmp_path / "mine.sqlite3", "user file", u)
    assert c.results_folder == config.Setting(Path("/srv/results"), "machine file", m)
    assert c.server == {"url": config.Setting("https://school.example/api", "machine file", m),
                        "port": config.Setting(9000, "user file", u)}
    code, out, _err = show(capsys)
    assert code == 0
    r = rows(out)
    assert r["station"] == ("lab-a-07", "machine file")
    assert r["database"] == (str(tmp_path / "mine.sqlite3"), "user file")
    assert r["results_folder"] == (str(Path("/srv/results")), "machine file")
    assert r["server.port"] == ("9000", "user file; not used yet")
    assert r["server.url"] == ("https://school.example/api", "machine file; the classroom server")
    assert "(read)" in out and "not present" not in out
    code, out, _err = show(capsys, "--db", str(tmp_path / "flag.sqlite3"))
    assert code == 0 and rows(out)["database"] == (str(tmp_path / "flag.sqlite3"), "command line")


def test_paths_relative_to_the_file_with_home_and_environment_variables(dirs, monkeypatch):
    machine, user = dirs
    monkeypatch.setenv("DT_LAB_DRIVE", "/data/lab")
    write(machine, 'database = "db/station.sqlite3"\nresults_folder = "$DT_LAB_DRIVE/results"\n')
    write(user, 'results_folder = "~/exports"\n')
    c = config.load()
    assert c.database.value == machine / "db" / "station.sqlite3"
    assert c.results_folder.value == Path.home() / "exports"
    (user / "station.toml").unlink()
    assert config.load().results_folder.value == Path("/data/lab/results")


def test_a_byte_order_mark_is_accepted(dirs):
    machine, _user = dirs
    (machine / "station.toml").write_bytes(b"\xef\xbb\xbfstation = 'lab-b-02'\n")
    assert config.load().station.value == "lab-b-02"


# ------------------------------------------------------------------------ what is refused
BAD = [
    ("databse = 'x.sqlite3'\n",
     "unknown key 'databse'; the keys are station, database, results_folder, rules_folder and [server]"),
    ("database = 42\n", "database: must be text (the path of the database file), not a whole number"),
    ("station = true\n", "station: must be text (the station's name), not true/false"),
    ("station = '   '\n", "station: is empty"),
    ("results_folder = ['a', 'b']\n", "results_folder: must be text (the path of a folder), not a list"),
    ("server = 'https://x'\n", "server: must be a table ([server]), not text"),
    ("[server]\nretry = {count = 3}\n", "server.retry: must be text, a number or true/false, not a table"),
    ("database = '$DT_SURELY_UNSET_VARIABLE/x.sqlite3'\n",
     "database: the environment variable $DT_SURELY_UNSET_VARIABLE is not set"),
]


@pytest.mark.parametrize(("text", "message"), BAD)
def test_a_bad_value_is_one_line_naming_the_file_and_the_key(dirs, capsys, text, message):
    _machine, user = dirs
    path = write(user, text)
    code, out, err = show(capsys)
    assert code == 1 and out == ""
    assert err == f"dealer-trainer: error: {path}: {message}\n"


def test_toml_that_does_not_parse_and_a_file_that_is_not_utf8(dirs, capsys):
    machine, _user = dirs
    path = write(machine, 'station = "lab-a-07\ndatabase = "x"\n')
    code, _out, err = show(capsys)
    assert code == 1 and len(err.splitlines()) == 1
    assert err.startswith(f"dealer-trainer: error: {path}: is not valid TOML: ") and "line 1" in err
    path.write_bytes(b"station = '\xe9cole'\n")
    code, _out, err = show(capsys)
    assert (code, err) == (1, f"dealer-trainer: error: {path}: is not UTF-8 text; save it as UTF-8\n")


def test_a_rules_folder_or_database_that_is_the_wrong_kind_of_thing(dirs, capsys, tmp_path):
    machine, _user = dirs
    path = write(machine, f"rules_folder = '{tmp_path / 'no-such-folder'}'\n")
    code, _out, err = show(capsys)
    assert (code, err) == (1, f"dealer-trainer: error: {path}: rules_folder: {tmp_path / 'no-such-folder'} "
                              "is not a folder\n")
    write(machine, f"database = '{tmp_path}'\n")
    code, _out, err = show(capsys)
    assert (code, err) == (1, f"dealer-trainer: error: {path}: database: {tmp_path} is a folder; "
                              "give the database file's path\n")


def test_every_command_refuses_to_run_on_a_settings_file_it_does_not_accept(dirs, capsys, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    monkeypatch.setattr(QMessageBox, "exec", lambda box: 0)  # the app's box (next test), not waited for
    _machine, user = dirs
    path = write(user, "colour = 'green'\n")
    for argv in (["analyze", "two-card-joker", "--json"], ["snapshot", "--screen", "home", "--out",
                                                           str(tmp_path / "x.png")], []):
        assert main(argv) == 1
        out, err = capsys.readouterr()
        assert out == "" and err.startswith(f"dealer-trainer: error: {path}: unknown key 'colour'")
    assert not (tmp_path / "x.png").exists()


def test_the_app_says_in_a_window_why_it_does_not_start(dirs, monkeypatch, qapp, capsys):
    """A station's app runs without a console (dealer-trainer-gui): the line goes in a box too."""
    import trainer.display_check
    from PySide6.QtWidgets import QMessageBox

    _machine, user = dirs
    path = write(user, "databse = 'x.sqlite3'\n")
    shown = []
    monkeypatch.setattr(trainer.display_check, "problem", lambda: None)
    monkeypatch.setattr(QMessageBox, "exec", lambda box: shown.append((box.windowTitle(), box.text())) or 0)
    assert main([]) == 1
    assert len(shown) == 1 and shown[0][0] == "Dealer Trainer cannot start"
    assert f"{path}: unknown key 'databse'" in shown[0][1] and "config show" in shown[0][1]
    assert main(["config", "show"]) == 1 and len(shown) == 1  # a command in a console prints only
    assert capsys.readouterr().err.count(f"{path}: unknown key 'databse'") == 2


def test_the_environment_variable_names_at_most_two_folders(monkeypatch, capsys):
    monkeypatch.setenv(config.ENV_DIRS, os.pathsep.join(["a", "b", "c"]))
    assert main(["config", "show"]) == 1
    assert "DEALER_TRAINER_CONFIG_DIRS holds 3 folders" in capsys.readouterr().err


# ------------------------------------------------------------------------ what uses the values
def test_the_app_opens_the_database_of_the_settings_and_db_still_wins(dirs, monkeypatch, tmp_path):
    import trainer.display_check
    import trainer.ui.app

    _machine, user = dirs
    write(user, f"database = '{tmp_path / 'lab' / 'station.sqlite3'}'\n")
    opened = []
    monkeypatch.setattr(trainer.display_check, "problem", lambda: None)
    monkeypatch.setattr(trainer.ui.app, "run", lambda db, full_screen=False: opened.append(Path(db)) or 0)
    assert main([]) == 0
    assert main(["--db", str(tmp_path / "flag.sqlite3")]) == 0
    assert opened == [tmp_path / "lab" / "station.sqlite3", tmp_path / "flag.sqlite3"]


def test_the_rules_folder_gives_the_rule_book_the_schools_texts_and_never_replaces_the_data(dirs, capsys):
    """The station's rules folder is the school's copies of the regulations, shown by the
    rule book; the app's rules data (pay tables) stays the shipped data, so that every
    station asks and grades the questions the supervisor's database replays."""
    machine, _user = dirs
    texts = Path(__file__).resolve().parents[2] / "shared" / "rules"
    if not (texts / "two-card-joker-poker.txt").exists():
        pytest.skip("the rule texts (../shared/rules) are not beside the checkout")
    assert main(["rules", "two-card-joker", "10"]) == 0
    assert "are not loaded" in capsys.readouterr().out
    write(machine, f"rules_folder = '{texts}'\n")
    assert rows(show(capsys)[1])["rules_folder"] == (str(texts), "machine file")
    assert main(["rules", "two-card-joker", "10"]) == 0
    out = capsys.readouterr().out
    assert "are not loaded" not in out and "10. Procedure for completion of each round of play" in out
    assert paths.resource("games", "two-card-joker", "game.json") == \
        paths.RESOURCES / "games" / "two-card-joker" / "game.json"
    assert not hasattr(paths, "use_rules_folder")


# ------------------------------------------------------------------------ results files
def test_a_results_file_is_named_after_the_station_and_the_time():
    when = datetime(2026, 11, 26, 4, 5, 6)
    assert config.results_file_name("lab-a-07", when) == "lab-a-07-20261126-040506.dtresults"
    assert config.results_file_name("Lab A / Station 7", when) == "Lab-A-Station-7-20261126-040506.dtresults"
    assert config.results_file_name("../..", when) == "station-20261126-040506.dtresults"


def test_export_offers_the_results_folder_and_a_name_of_the_station(qtbot, dirs, tmp_path):
    from tests.gui.test_menus import with_trainee

    _machine, user = dirs
    shared = tmp_path / "shared results"
    shared.mkdir()
    write(user, f"station = 'lab-c-12'\nresults_folder = '{shared}'\n")
    config.activate(config.load())
    window = with_trainee(qtbot, tmp_path)
    review = window.review
    # exporting the station's results needs no supervisor account (issue 14)
    offered = []
    review.choose_save = lambda title, name, filters: offered.append(name) or name
    before = datetime.now().replace(microsecond=0)
    window.menus.export_action.trigger()
    assert window.worker.wait_idle()
    after = datetime.now()
    assert len(offered) == 1
    path = Path(offered[0])
    assert path.parent == shared and path.name.startswith("lab-c-12-") and path.suffix == ".dtresults"
    stamp = datetime.strptime(path.name[len("lab-c-12-"):-len(".dtresults")], "%Y%m%d-%H%M%S")
    assert before <= stamp <= after
    qtbot.waitUntil(path.exists, timeout=10_000)
    assert json.loads(path.read_text(encoding="utf-8"))["format"] == "dealer-trainer/results"
