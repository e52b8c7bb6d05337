"""The full integrity check after the first screen, and automatic backups (issue 14)."""

from __future__ import annotations

import sqlite3
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from trainer.store import Store, StoreError
from trainer.store import backup

NOW = datetime(2030, 3, 1, 18, 0, tzinfo=timezone.utc)


def filled(path: Path, names=("Ann", "Ben", "Cy")) -> Path:
    with Store.open(path) as s:
        for n in names:
            s.add_trainee(n)
    return path


def test_an_index_that_no_longer_matches_its_table_passes_the_quick_check_but_not_the_full_one(tmp_path):
    """Issue 14: 53 of 200 damaged files opened because the check at open skips indexes."""
    path = filled(tmp_path / "db.sqlite3", names=[f"Trainee {n}" for n in range(300)])
    page_size = sqlite3.connect(path).execute("PRAGMA page_size").fetchone()[0]
    data = bytearray(path.read_bytes())
    # a flipped byte in one name of the trainees' table: its index entry (a unique index on
    # the name) no longer matches. Only the table's copy (a table leaf page, type 0x0D) changes.
    changed = 0
    at = data.find(b"Trainee 123")
    while at != -1:
        page = at // page_size
        kind = data[page * page_size + (100 if page == 0 else 0)]
        if kind == 0x0D:
            data[at + 8] = ord("9")
            changed += 1
        at = data.find(b"Trainee 123", at + 1)
    assert changed == 1
    path.write_bytes(bytes(data))
    with Store.open(path) as s:  # opens: the quick check at open does not look at the index's rows
        problems = s.full_check()
    assert problems and any("missing from index" in p or "wrong # of entries" in p for p in problems)
    assert Store.open(filled(tmp_path / "good.sqlite3")).full_check() == []


def test_backups_at_most_daily_the_last_ten_kept(tmp_path):
    path = filled(tmp_path / "db.sqlite3")
    with Store.open(path) as s:
        first = backup.make_backup(s, now=NOW)
        assert first is not None and first.parent == tmp_path / "backups"
        assert backup.make_backup(s, now=NOW + timedelta(hours=23)) is None  # at most one a day
        made = [backup.make_backup(s, now=NOW + timedelta(days=d)) for d in range(1, 12)]
        assert all(made)
    kept = backup.backups(path)
    assert len(kept) == 10 and kept[0] == made[-1] and first not in kept
    with Store.open(kept[0]) as copy:
        assert [t.name for t in copy.trainees()] == ["Ann", "Ben", "Cy"]


def test_a_backup_is_restored_into_the_open_database(tmp_path):
    path = filled(tmp_path / "db.sqlite3")
    with Store.open(path) as s:
        saved = backup.make_backup(s, now=NOW)
        s.add_trainee("Dee")
        before = backup.restore(s, saved)
        assert [t.name for t in s.trainees()] == ["Ann", "Ben", "Cy"]
        s.add_trainee("Eve")  # and it goes on working
        assert "before-restore" in before.name
        with Store.open(before) as old:
            assert "Dee" in [t.name for t in old.trainees()]
    with Store.open(path) as s:
        assert [t.name for t in s.trainees()] == ["Ann", "Ben", "Cy", "Eve"]


def test_a_damaged_backup_is_refused_and_the_database_left_alone(tmp_path):
    path = filled(tmp_path / "db.sqlite3")
    bad = tmp_path / "backups" / "db-20300101-000000.sqlite3"
    bad.parent.mkdir()
    bad.write_bytes(b"SQLite format 3\x00" + b"\xff" * 5000)
    with Store.open(path) as s:
        with pytest.raises(StoreError, match="left as it was"):
            backup.restore(s, bad)
        assert [t.name for t in s.trainees()] == ["Ann", "Ben", "Cy"]
