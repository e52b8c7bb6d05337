"""The analyze and settle commands."""

import io
import json

from trainer.cli import main

ROUND = {
    "game": "two-card-joker",
    "options": {"pair_up_table": "2"},
    "dealer": {"cards": ["Qs", "3d"]},
    "seats": [
        {"seat": 1, "cards": ["JK", "JK"], "wagers": {"ante": 1000, "pair_up": 500, "super_flush": 500},
         "decision": "call"},
        {"seat": 4, "cards": ["Ah", "9h"], "wagers": {"ante": 2500}, "decision": "fold"},
    ],
}


def test_analyze_json(capsys):
    assert main(["analyze", "two-card-joker", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "two-card-joker"
    assert sum(h["count"] for h in out["hands"]) == 1431
    assert {b["table"] for b in out["bets"] if b["name"] == "Pair Up"} == {"1", "2", "3"}
    assert out["base_game"]["strategy"].startswith("call with queen high")


def test_analyze_tables_and_errors(capsys):
    assert main(["analyze", "two-card-joker", "--table", "3"]) == 0
    text = capsys.readouterr().out
    assert "Pair Up, table 3" in text and "Pair Up, table 1" not in text
    assert main(["analyze", "two-card-joker", "--table", "9"]) == 2
    assert "table '9' does not exist" in capsys.readouterr().err
    assert main(["analyze", "baccarat"]) == 2
    assert "unknown game 'baccarat'" in capsys.readouterr().err


def test_settle_json_from_a_file(tmp_path, capsys):
    f = tmp_path / "round.json"
    f.write_text(json.dumps(ROUND))
    assert main(["settle", str(f), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    seat1 = next(s for s in out["seats"] if s["seat"] == 1)
    assert {w["wager"]: (w["result"], w["net"], w["odds"]) for w in seat1["wagers"]} == {
        "pair_up": ("win", 25000, "50 to 1"),
        "super_flush": ("push", 0, "Push"),
        "ante": ("win", 1000, "1 to 1"),
        "call": ("win", 8000, "8 to 1"),
    }
    assert out["dealer"]["qualifies"] is True
    assert out["settlement_order"] == [4, 1]
    assert out["house_net"] == -(25000 + 1000 + 8000) + 2500


def test_settle_text_from_stdin(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(ROUND)))
    assert main(["settle", "-"]) == 0
    text = capsys.readouterr().out
    assert "Seat 1: JK JK  Two jokers" in text and "50 to 1" in text and "Two Card Joker Poker §11(d)" in text


def test_settle_errors_say_what_is_wrong(tmp_path, capsys):
    cases = [
        ({**ROUND, "seats": [{**ROUND["seats"][0], "wagers": {"pairup": 100}}]}, "unknown wager 'pairup'"),
        ({**ROUND, "seats": [{**ROUND["seats"][0], "cards": ["Qs", "2c"]}]}, "Qs is dealt twice"),
        ({**ROUND, "dealer": {"cards": ["Qs"]}}, "2 cards are needed, not 1"),
        ({**ROUND, "seats": [{**ROUND["seats"][0], "decision": "raise"}]}, "decision must be"),
        ({**ROUND, "game": "blackjack"}, "unknown game 'blackjack'"),
        ({**ROUND, "options": {"pair_up_table": "7"}}, "'7' does not exist"),
    ]
    for doc, message in cases:
        f = tmp_path / "bad.json"
        f.write_text(json.dumps(doc))
        assert main(["settle", str(f)]) == 1
        assert message in capsys.readouterr().err
    f.write_text("{ nope")
    assert main(["settle", str(f)]) == 1
    assert "not valid JSON" in capsys.readouterr().err


# -- issue 14: the first supervisor account is made at set-up, on the command line ----------

def test_supervisor_add_makes_the_first_account_with_the_password_asked_twice(tmp_path, monkeypatch, capsys):
    from trainer.review.accounts import sign_in
    from trainer.store import Store

    db = tmp_path / "station.sqlite3"
    asked = []
    answers = iter(["correct horse battery", "correct horse battery"])
    monkeypatch.setattr("getpass.getpass", lambda prompt="": asked.append(prompt) or next(answers))
    assert main(["--db", str(db), "supervisor", "add", "Ms Lee"]) == 0
    assert asked == ["Password for supervisor Ms Lee: ", "The same password again: "]
    assert "Made the supervisor account 'Ms Lee'" in capsys.readouterr().out
    with Store.open(db) as s:
        assert sign_in(s, "ms lee", "correct horse battery").name == "Ms Lee"
        created = [e for e in s.audit_log() if e.action == "supervisor.create"]
        assert len(created) == 1 and created[0].detail["first_account"] is True
    # a second account is a signed-in supervisor's to add, never the command line's
    monkeypatch.setattr("getpass.getpass", lambda prompt="": "another password")
    assert main(["--db", str(db), "supervisor", "add", "Trainee Tom"]) == 1
    err = capsys.readouterr().err
    assert "already has a supervisor account" in err and len(err.strip().splitlines()) == 1
    with Store.open(db) as s:
        assert [x.name for x in s.supervisors()] == ["Ms Lee"]


def test_supervisor_add_refuses_passwords_that_differ_or_are_short(tmp_path, monkeypatch, capsys):
    from trainer.store import Store

    db = tmp_path / "station.sqlite3"
    for given, message in ((["long enough 1", "long enough 2"], "not the same"), (["short", "short"], "at least 8")):
        answers = iter(given)
        monkeypatch.setattr("getpass.getpass", lambda prompt="", a=answers: next(a))
        assert main(["--db", str(db), "supervisor", "add", "Ms Lee"]) == 1
        assert message in capsys.readouterr().err
    with Store.open(db) as s:
        assert s.supervisor_count() == 0
