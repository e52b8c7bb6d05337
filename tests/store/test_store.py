"""The store: schema, trainees, sessions, the answer log, statistics and bad files."""

from __future__ import annotations

import os
import random
import shutil
import sqlite3
import subprocess
import tempfile
from collections import defaultdict
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import trainer
from trainer.store import (
    CURRENT_VERSION,
    AnswerRecord,
    SessionRow,
    SkillProgress,
    Store,
    StoreError,
    Trainee,
    schema,
)
from trainer.contracts.question import AMOUNTS, CHOICE, Question, amounts_answer
from trainer.contracts.question import AnswerResult

GAME = "two-card-joker"
OTHER_GAME = "blackjack"


def choice_question(skill: str, seed: int, game_id: str = GAME) -> Question:
    return Question(
        game_id=game_id,
        skill=f"{game_id}.{skill}",
        kind=f"{game_id}.name-the-hand",
        seed=seed,
        prompt=f"Name the hand (seed {seed}).",
        form=CHOICE,
        answer="Pair",
        explanation="Two cards of the same rank make a pair.",
        citations=("Two Card Joker Poker §11(c)", "trainer ruling 7"),
        options=("High card", "Pair", "Straight"),
    )


def amounts_question(skill: str, seed: int, game_id: str = GAME) -> Question:
    return Question(
        game_id=game_id,
        skill=f"{game_id}.{skill}",
        kind=f"{game_id}.pay-the-wagers",
        seed=seed,
        prompt="Pay the Ante and the Bonus.",
        form=AMOUNTS,
        answer=amounts_answer([500, 2500]),
        explanation="The Ante pays even money; the Bonus pays 5 to 1.",
        citations=("Two Card Joker Poker §14",),
        fields=("Ante", "Bonus"),
    )


def answer(question: Question, given: str, response_ms: int) -> AnswerResult:
    return AnswerResult(question, given, question.is_correct(given), response_ms)


def snapshot(path: Path) -> tuple[bytes, int]:
    return path.read_bytes(), path.stat().st_mtime_ns


@pytest.fixture
def store(tmp_path: Path):
    with Store.open(tmp_path / "trainer.sqlite3") as s:
        yield s


def make_real_database(path: Path, answers: int = 5) -> None:
    with Store.open(path) as s:
        t = s.add_trainee("Ann")
        sid = s.start_session(t.id, GAME, seed=1, question_count=answers)
        for i in range(answers):
            s.record_answer(sid, t.id, answer(choice_question("hand-ranking", i), "Pair", 1000 + i))
        s.end_session(sid)


# -- a fresh database --------------------------------------------------------------


def test_fresh_database_has_schema_wal_and_meta(tmp_path: Path) -> None:
    path = tmp_path / "nested" / "folders" / "trainer.sqlite3"
    with Store.open(path) as s:
        assert s.path == path
        assert s.schema_version == CURRENT_VERSION
        assert {"meta", "trainees", "sessions", "answers"} <= set(s.db.table_names())
        assert s.db.execute("PRAGMA foreign_keys").fetchone()[0] == 1
        assert s.db.execute("PRAGMA synchronous").fetchone()[0] in (1, 2)  # NORMAL or FULL
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        meta = dict(conn.execute("SELECT key, value FROM meta"))
        station = meta.pop("station_id")
        assert len(station) == 32 and int(station, 16) >= 0
        assert meta == {
            "schema_version": str(CURRENT_VERSION),
            "created_by": trainer.__version__,
            "migrated_by": trainer.__version__,
        }
        indexes = {r[0]: r[1] for r in conn.execute("SELECT name, tbl_name FROM sqlite_master WHERE type='index'")}
        assert indexes["idx_answers_trainee_answered"] == "answers"
        assert indexes["idx_answers_trainee_game_skill"] == "answers"
        columns = [r[1] for r in conn.execute("PRAGMA table_info(answers)")]
        assert columns == [
            "id", "session_id", "trainee_id", "game_id", "skill", "kind", "seed", "prompt", "form",
            "fields", "given", "correct_answer", "is_correct", "response_ms", "answered_at",
            "citations", "explanation", "target_ms",
        ]
        fks = {(r[3], r[2]) for r in conn.execute("PRAGMA foreign_key_list(answers)")}
        assert fks == {("session_id", "sessions"), ("trainee_id", "trainees")}
    finally:
        conn.close()


def test_foreign_keys_are_enforced(store: Store) -> None:
    with pytest.raises(sqlite3.IntegrityError):
        store.db.execute(
            "INSERT INTO sessions (id, trainee_id, game_id, mode, seed, question_count, started_at) "
            "VALUES ('x', 999, 'g', 'practice', 1, 1, '2025-01-01T00:00:00.000Z')"
        )


# -- trainees ------------------------------------------------------------------------


def test_trainees_are_added_and_listed_by_name_ignoring_case(store: Store) -> None:
    bob = store.add_trainee("bob")
    alice = store.add_trainee("  Alice ")
    charlie = store.add_trainee("Charlie")
    assert alice.name == "Alice"
    assert isinstance(alice, Trainee) and isinstance(alice.id, int)
    assert alice.created_at.endswith("Z") and "T" in alice.created_at
    assert [t.name for t in store.trainees()] == ["Alice", "bob", "Charlie"]
    assert store.trainee(bob.id) == bob
    assert store.trainees() == [alice, bob, charlie]


def test_duplicate_name_in_another_case_is_refused(store: Store) -> None:
    store.add_trainee("Alice")
    with pytest.raises(StoreError, match="already a trainee named 'Alice'"):
        store.add_trainee("  ALICE  ")
    with pytest.raises(StoreError, match="already"):
        store.add_trainee("alice")
    assert [t.name for t in store.trainees()] == ["Alice"]


def test_blank_and_overlong_names_are_refused(store: Store) -> None:
    for blank in ("", "   ", "\t\n"):
        with pytest.raises(StoreError, match="Enter a name"):
            store.add_trainee(blank)
    with pytest.raises(StoreError, match="at most 80"):
        store.add_trainee("x" * 81)
    assert store.add_trainee("y" * 80).name == "y" * 80
    assert len(store.trainees()) == 1


def test_unknown_trainee(store: Store) -> None:
    with pytest.raises(StoreError, match="no trainee with id 42"):
        store.trainee(42)
    with pytest.raises(StoreError, match="no trainee"):
        store.start_session(42, GAME, seed=1, question_count=3)


# -- a full session round trip --------------------------------------------------------


def test_session_round_trip(store: Store) -> None:
    ann = store.add_trainee("Ann")
    ben = store.add_trainee("Ben")
    first = store.start_session(ann.id, GAME, seed=7, question_count=5)
    plan = [
        answer(choice_question("hand-ranking", 1), "Pair", 1000),
        answer(choice_question("hand-ranking", 2), "Straight", 2000),
        answer(amounts_question("payouts", 3), amounts_answer([500, 2500]), 1500),
        answer(choice_question("hand-ranking", 4), "Pair", 4000),
        answer(amounts_question("payouts", 5), amounts_answer([500, 2000]), 2501),
    ]
    ids = [store.record_answer(first, ann.id, r) for r in plan]
    assert len(set(ids)) == 5 and all(len(i) == 32 for i in ids)
    store.end_session(first)

    second = store.start_session(ann.id, OTHER_GAME, seed=8, question_count=2, mode="test")
    other = answer(choice_question("hand-ranking", 9, OTHER_GAME), "High card", 700)
    other_id = store.record_answer(second, ann.id, other)

    bens = store.start_session(ben.id, GAME, seed=9, question_count=1)
    store.record_answer(bens, ben.id, answer(choice_question("hand-ranking", 10), "Pair", 99))

    # answers: newest first, every field as recorded
    records = store.answers(ann.id)
    assert [r.id for r in records] == [other_id, *reversed(ids)]
    assert all(isinstance(r, AnswerRecord) for r in records)
    wrong_amounts = records[1]
    assert wrong_amounts == AnswerRecord(
        id=ids[4], session_id=first, trainee_id=ann.id, game_id=GAME,
        skill=f"{GAME}.payouts", kind=f"{GAME}.pay-the-wagers", seed=5,
        prompt="Pay the Ante and the Bonus.", form=AMOUNTS, fields=("Ante", "Bonus"),
        given="[500, 2000]", correct_answer="[500, 2500]", is_correct=False, response_ms=2501,
        answered_at=wrong_amounts.answered_at, citations=("Two Card Joker Poker §14",),
        explanation="The Ante pays even money; the Bonus pays 5 to 1.", target_ms=22_000,
    )
    right_choice = records[2]
    assert right_choice.is_correct is True and right_choice.given == "Pair"
    assert right_choice.citations == ("Two Card Joker Poker §11(c)", "trainer ruling 7")
    assert right_choice.fields == ()
    stamps = [r.answered_at for r in records]
    assert stamps == sorted(stamps, reverse=True)
    assert all(len(s) == len("2025-01-31T09:15:02.041Z") and s.endswith("Z") for s in stamps)

    assert [r.id for r in store.answers(ann.id, game_id=OTHER_GAME)] == [other_id]
    assert [r.id for r in store.answers(ann.id, session_id=first)] == list(reversed(ids))
    assert store.answers(ann.id, game_id=OTHER_GAME, session_id=first) == []
    assert len(store.answers(ben.id)) == 1

    # progress: exact figures per (game, skill), ordered by game then skill
    assert store.progress(ann.id) == [
        SkillProgress(OTHER_GAME, f"{OTHER_GAME}.hand-ranking", 1, 0, 700, records[0].answered_at),
        SkillProgress(GAME, f"{GAME}.hand-ranking", 3, 2, 7000 // 3, records[2].answered_at),
        SkillProgress(GAME, f"{GAME}.payouts", 2, 1, 4001 // 2, records[1].answered_at),
    ]
    hand = store.progress(ann.id)[1]
    assert hand.accuracy == pytest.approx(2 / 3)
    assert SkillProgress(GAME, "x", 0, 0, 0, "").accuracy == 0.0

    # sessions: newest first, counts from the log
    rows = store.sessions(ann.id)
    assert all(isinstance(r, SessionRow) for r in rows)
    assert [(r.id, r.game_id, r.mode, r.seed, r.question_count, r.answered, r.correct) for r in rows] == [
        (second, OTHER_GAME, "test", 8, 2, 1, 0),
        (first, GAME, "practice", 7, 5, 5, 3),
    ]
    assert rows[0].ended_at is None
    assert rows[1].ended_at is not None and rows[1].ended_at >= rows[1].started_at
    assert [r.answered for r in store.sessions(ben.id)] == [1]


def test_session_without_answers_counts_zero(store: Store) -> None:
    t = store.add_trainee("Ann")
    sid = store.start_session(t.id, GAME, seed=1, question_count=10)
    [row] = store.sessions(t.id)
    assert (row.id, row.answered, row.correct, row.ended_at) == (sid, 0, 0, None)
    assert store.progress(t.id) == []
    assert store.answers(t.id) == []


def test_record_answer_refuses_wrong_sessions(store: Store) -> None:
    ann = store.add_trainee("Ann")
    ben = store.add_trainee("Ben")
    sid = store.start_session(ann.id, GAME, seed=1, question_count=2)
    result = answer(choice_question("hand-ranking", 1), "Pair", 10)
    with pytest.raises(StoreError, match="no session"):
        store.record_answer("nope", ann.id, result)
    with pytest.raises(StoreError, match="another trainee"):
        store.record_answer(sid, ben.id, result)
    store.record_answer(sid, ann.id, result)
    store.end_session(sid)
    ended_at = store.sessions(ann.id)[0].ended_at
    with pytest.raises(StoreError, match="has ended"):
        store.record_answer(sid, ann.id, result)
    store.end_session(sid)  # ending again keeps the first end time
    assert store.sessions(ann.id)[0].ended_at == ended_at
    with pytest.raises(StoreError, match="no session"):
        store.end_session("nope")
    assert len(store.answers(ann.id)) == 1


def test_every_write_is_committed_before_returning(store: Store) -> None:
    t = store.add_trainee("Ann")
    sid = store.start_session(t.id, GAME, seed=1, question_count=2)
    store.record_answer(sid, t.id, answer(choice_question("hand-ranking", 1), "Pair", 10))
    assert not store.db.conn.in_transaction
    other = sqlite3.connect(store.path)  # a second connection sees only committed data
    try:
        assert other.execute("SELECT COUNT(*) FROM answers").fetchone()[0] == 1
        assert other.execute("SELECT COUNT(*) FROM sessions").fetchone()[0] == 1
        assert other.execute("SELECT name FROM trainees").fetchall() == [("Ann",)]
    finally:
        other.close()


def test_closed_store_raises_store_error(tmp_path: Path) -> None:
    s = Store.open(tmp_path / "db.sqlite3")
    with s:
        pass
    with pytest.raises(StoreError, match="closed"):
        s.trainees()
    s.close()  # closing twice is harmless


# -- reopening and migrations ----------------------------------------------------------


def test_reopening_keeps_everything(tmp_path: Path) -> None:
    path = tmp_path / "trainer.sqlite3"
    with Store.open(path) as s:
        t = s.add_trainee("Ann")
        sid = s.start_session(t.id, GAME, seed=3, question_count=2)
        s.record_answer(sid, t.id, answer(choice_question("hand-ranking", 1), "Pair", 1200))
        s.record_answer(sid, t.id, answer(amounts_question("payouts", 2), "[1, 2]", 800))
        s.end_session(sid)
        before = (s.trainees(), s.sessions(t.id), s.answers(t.id), s.progress(t.id))
    with Store.open(path) as s:
        assert (s.trainees(), s.sessions(t.id), s.answers(t.id), s.progress(t.id)) == before
        assert s.schema_version == CURRENT_VERSION


def test_migrations_run_on_an_empty_file_made_by_sqlite(tmp_path: Path) -> None:
    zero_bytes = tmp_path / "empty.sqlite3"
    sqlite3.connect(zero_bytes).close()
    assert zero_bytes.stat().st_size == 0
    no_tables = tmp_path / "no-tables.sqlite3"
    conn = sqlite3.connect(no_tables)
    conn.execute("CREATE TABLE scratch (x)")
    conn.execute("DROP TABLE scratch")
    conn.commit()
    conn.close()
    assert no_tables.read_bytes().startswith(b"SQLite format 3\x00")
    for path in (zero_bytes, no_tables):
        with Store.open(path) as s:
            assert s.schema_version == CURRENT_VERSION
            assert s.add_trainee("Ann").id == 1


def test_reopening_does_not_rerun_migrations(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    def spy(n, original):
        def migration(db):
            calls.append(n)
            original(db)
        return migration

    monkeypatch.setattr(schema, "MIGRATIONS", [spy(n, m) for n, m in enumerate(schema.MIGRATIONS, start=1)])
    path = tmp_path / "trainer.sqlite3"
    Store.open(path).close()
    assert calls == list(range(1, CURRENT_VERSION + 1))
    for _ in range(2):
        with Store.open(path) as s:
            assert s.schema_version == CURRENT_VERSION
    assert calls == list(range(1, CURRENT_VERSION + 1))


def test_a_failed_migration_is_rolled_back(tmp_path: Path) -> None:
    def broken(db):
        db.create_table("half_done", {"id": int}, pk="id")
        raise RuntimeError("migration failed")

    path = tmp_path / "trainer.sqlite3"
    with Store.open(path) as s:
        with pytest.raises(RuntimeError):
            schema.migrate(s.db, [*schema.MIGRATIONS, broken])
        assert schema.read_version(s.db) == CURRENT_VERSION
        assert "half_done" not in s.db.table_names()
        assert schema.migrate(s.db) == []


# -- bad files: reported, never modified -------------------------------------------------


def assert_refused(path: Path, *phrases: str) -> StoreError:
    before = snapshot(path)
    siblings = sorted(os.listdir(path.parent))
    with pytest.raises(StoreError) as info:
        Store.open(path)
    message = str(info.value)
    assert str(path) in message
    assert "left untouched" in message
    for phrase in phrases:
        assert phrase in message
    assert snapshot(path) == before
    assert sorted(os.listdir(path.parent)) == siblings  # no -wal, -shm or -journal left behind
    return info.value


def test_random_bytes_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "noise.sqlite3"
    path.write_bytes(random.Random(1).randbytes(8192))
    assert_refused(path, "not a Dealer Trainer database", "damaged")


def test_text_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("These are my notes, not a database.\n" * 20)
    assert_refused(path, "not a Dealer Trainer database", "damaged")


def test_random_bytes_after_the_sqlite_header_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "damaged.sqlite3"
    real = tmp_path / "real.sqlite3"
    make_real_database(real)
    data = bytearray(real.read_bytes())
    data[100:] = random.Random(2).randbytes(len(data) - 100)
    path.write_bytes(bytes(data))
    assert_refused(path, "damaged")


@pytest.mark.parametrize("keep", [0.5, 0.9, 150 / 8192, 4096 / 8192])
def test_truncated_database_is_refused(tmp_path: Path, keep: float) -> None:
    real = tmp_path / "real.sqlite3"
    make_real_database(real, answers=120)
    data = real.read_bytes()
    assert len(data) > 8 * 4096
    path = tmp_path / "truncated.sqlite3"
    path.write_bytes(data[: max(1, int(len(data) * keep))])
    assert_refused(path, "not a Dealer Trainer database", "damaged")


def test_foreign_sqlite_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "recipes.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE recipes (id INTEGER PRIMARY KEY, title TEXT)")
    conn.execute("INSERT INTO recipes (title) VALUES ('Soup')")
    conn.commit()
    conn.close()
    assert_refused(path, "another program", "not a Dealer Trainer database")


def test_foreign_database_with_a_meta_table_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
    conn.execute("INSERT INTO meta VALUES ('schema_version', '0')")
    conn.commit()
    conn.close()
    assert_refused(path, "not a Dealer Trainer database")


def test_newer_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "trainer.sqlite3"
    make_real_database(path)
    conn = sqlite3.connect(path)
    conn.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", [str(CURRENT_VERSION + 1)])
    conn.execute("UPDATE meta SET value = '9.9.9' WHERE key = 'migrated_by'")
    conn.commit()
    conn.close()
    error = assert_refused(path, "newer version of Dealer Trainer", "9.9.9", trainer.__version__)
    message = str(error)
    assert f"schema version is {CURRENT_VERSION + 1}" in message
    assert f"schema version {CURRENT_VERSION} at most" in message


def test_a_folder_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "a-folder"
    folder.mkdir()
    with pytest.raises(StoreError, match="is a folder"):
        Store.open(folder)
    assert os.listdir(folder) == []


def test_a_path_under_a_file_is_refused(tmp_path: Path) -> None:
    blocker = tmp_path / "plain-file"
    blocker.write_text("x")
    with pytest.raises(StoreError, match="cannot be created"):
        Store.open(blocker / "trainer.sqlite3")


def make_unwritable(path: Path):
    """Make ``path`` unwritable, even for root (immutable attribute); return the undo."""
    if not hasattr(os, "geteuid"):
        pytest.skip("POSIX permissions only")
    if os.geteuid() != 0:
        path.chmod(0o444)
        return lambda: path.chmod(0o644)
    chattr = shutil.which("chattr")
    if chattr is None or subprocess.run([chattr, "+i", str(path)], capture_output=True).returncode != 0:
        pytest.skip("root can write anywhere, and this file system has no immutable attribute")
    return lambda: subprocess.run([chattr, "-i", str(path)], check=True)


def test_a_database_that_cannot_be_written_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "trainer.sqlite3"
    make_real_database(path)
    before = path.read_bytes()
    undo = make_unwritable(path)
    try:
        with pytest.raises(StoreError, match="cannot be opened for writing"):
            Store.open(path)
    finally:
        undo()
    assert path.read_bytes() == before


def test_a_good_database_copied_elsewhere_still_opens(tmp_path: Path) -> None:
    path = tmp_path / "trainer.sqlite3"
    make_real_database(path, answers=3)
    copy = tmp_path / "copy" / "trainer.sqlite3"
    copy.parent.mkdir()
    shutil.copyfile(path, copy)
    with Store.open(copy) as s:
        [t] = s.trainees()
        assert len(s.answers(t.id)) == 3


# -- statistics are queries over the log ---------------------------------------------------

answer_plans = st.lists(
    st.tuples(
        st.sampled_from([GAME, OTHER_GAME]),
        st.sampled_from(["hand-ranking", "payouts", "procedure"]),
        st.booleans(),
        st.integers(min_value=0, max_value=120_000),
    ),
    max_size=25,
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(answer_plans)
def test_progress_matches_a_count_in_python(plan) -> None:
    with tempfile.TemporaryDirectory() as folder, Store.open(Path(folder) / "db.sqlite3") as s:
        t = s.add_trainee("Ann")
        sid = s.start_session(t.id, GAME, seed=1, question_count=len(plan))
        expected: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])
        for i, (game_id, skill, correct, ms) in enumerate(plan):
            q = choice_question(skill, i, game_id)
            s.record_answer(sid, t.id, answer(q, "Pair" if correct else "Straight", ms))
            figures = expected[(game_id, q.skill)]
            figures[0] += 1
            figures[1] += correct
            figures[2] += ms
        got = [(p.game_id, p.skill, p.answered, p.correct, p.mean_ms) for p in s.progress(t.id)]
        want = [(g, k, n, c, ms // n) for (g, k), (n, c, ms) in sorted(expected.items())]
        assert got == want
        [row] = s.sessions(t.id)
        assert (row.answered, row.correct) == (len(plan), sum(p[2] for p in plan))
        assert [r.is_correct for r in s.answers(t.id)] == [p[2] for p in reversed(plan)]
