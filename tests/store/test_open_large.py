"""Opening a large database (issue 17): the check at open reads every page of a small file,
and of a large one the schema and every table but the logs that grow with use; the logs'
pages are the full check's, which the app runs after the first screen. A damaged table
outside the logs is still refused at open in one line, and damage in a log is found by
the full check."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from trainer.store import Store, StoreError, schema
from trainer.store import store as store_module


def _make(path: Path, marker: str) -> None:
    """A database with 300 trainees and one long session of answers whose prompts hold ``marker``."""
    from trainer.contracts.question import AnswerResult, Question

    with Store.open(path) as s:
        people = [s.add_trainee(f"Trainee {n}") for n in range(300)]
        sid = s.start_session(people[0].id, "two-card-joker", seed=1, question_count=200)
        for n in range(200):
            q = Question("two-card-joker", "two-card-joker.hands", "two-card-joker.k", n, f"{marker} {n:03d}",
                         "choice", "Pair", "Why", ("Rule §1",), options=("Pair", "Straight"))
            s.record_answer(sid, people[0].id, AnswerResult(q, "Pair", True, 1000 + n))


def _break_page(path: Path, text: bytes) -> None:
    """Damage the table leaf page holding ``text`` as a torn write would: its first cell's
    payload size now runs past the page."""
    sqlite3.connect(path).execute("PRAGMA wal_checkpoint(TRUNCATE)")
    page_size = sqlite3.connect(path).execute("PRAGMA page_size").fetchone()[0]
    data = bytearray(path.read_bytes())
    at = data.find(text)
    while data[at // page_size * page_size] != 0x0D:  # a table's leaf page, not an index's
        at = data.find(text, at + 1)
    page = at // page_size * page_size
    assert int.from_bytes(data[page + 3: page + 5], "big") > 1  # cells on the page
    data[page + int.from_bytes(data[page + 8: page + 10], "big")] = 0xFF
    path.write_bytes(bytes(data))


@pytest.fixture
def large(monkeypatch):
    """Every file counts as large."""
    monkeypatch.setattr(store_module, "QUICK_CHECK_MAX_BYTES", 0)


def test_the_logs_are_the_tables_that_grow_with_use() -> None:
    assert schema.LOG_TABLES == {"sessions", "answers", "table_rounds", "summary_skills", "summary_skill_days",
                                 "summary_trainee_days", "summary_days"}


def test_a_large_file_with_a_damaged_trainee_list_is_refused_at_open(tmp_path: Path, large) -> None:
    path = tmp_path / "db.sqlite3"
    _make(path, "Question")
    _break_page(path, b"Trainee 123")
    before = path.read_bytes()
    with pytest.raises(StoreError) as info:
        Store.open(path)
    message = str(info.value)
    assert "\n" not in message and str(path) in message and "damaged" in message and "left untouched" in message
    assert path.read_bytes() == before


def test_a_large_file_with_a_damaged_answer_opens_and_the_full_check_finds_it(tmp_path: Path, large) -> None:
    path = tmp_path / "db.sqlite3"
    _make(path, "Unusual prompt")
    assert store_module.full_check_file(path) == []
    _break_page(path, b"Unusual prompt 150")
    with Store.open(path) as s:  # the check at open leaves the answers' pages to the full check
        assert [t.name for t in s.trainees()][:2] == ["Trainee 0", "Trainee 1"]
    assert store_module.full_check_file(path)


def test_a_small_file_is_checked_page_by_page_as_before(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    _make(path, "Unusual prompt")
    _break_page(path, b"Unusual prompt 150")
    with pytest.raises(StoreError, match="damaged"):
        Store.open(path)
