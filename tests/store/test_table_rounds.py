"""Schema version 3: table mode's rounds. A version-2 database keeps every row; rounds are
recorded and read back exactly, summed per game and mode, append-only, and a killed
process leaves whole rows only."""

from __future__ import annotations

import dataclasses
import queue
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from sqlite_utils import Database

from tests.store.test_migration_v2 import make_v1
from tests.store.test_store_crash import Child
from trainer.store import CURRENT_VERSION, Store, StoreError, schema
from trainer.store.table_rounds import STORED_COLUMNS, TABLE_ROUND_COLUMNS, RoundMistake, TableRoundRow
from trainer.contracts.round_record import DEAL_MODE, WATCH_MODE, RoundRecord

GAME = "two-card-joker"
OTHER = "four-card"


def make_v2(path: Path) -> dict[str, list]:
    """A version-2 database as version 2 wrote it: the version-1 rows migrated, plus rows of
    version 2's own tables."""
    make_v1(path)
    conn = sqlite3.connect(path)
    db = Database(conn)
    schema.migrate(db, schema.MIGRATIONS[:2])
    assert schema.read_version(db) == 2
    with db.atomic():
        db["supervisors"].insert({"id": 1, "name": "Ms Lee", "kdf": "scrypt", "salt": "a" * 32,
                                  "password_hash": "b" * 64, "kdf_n": 2, "kdf_r": 8, "kdf_p": 1, "dklen": 32,
                                  "created_at": "2024-05-01T09:00:00.000Z",
                                  "password_changed_at": "2024-05-01T09:00:00.000Z"})
        db["audit_log"].insert({"at": "2024-05-01T09:00:00.000Z", "supervisor_id": 1, "supervisor_name": "Ms Lee",
                                "action": "supervisor.create", "target": "Ms Lee", "detail": "{}"})
        db["imports"].insert({"id": "i1", "at": "2024-05-05T10:00:00.000Z", "supervisor_name": "Ms Lee",
                              "source": "a.dtresults", "station_id": "s" * 32, "trainees_added": 1,
                              "sessions_added": 1, "answers_added": 3, "answers_skipped": 0})
        db["classes"].insert({"id": 1, "name": "Spring", "created_at": "2024-05-01T09:00:00.000Z"})
        db["class_members"].insert({"class_id": 1, "trainee_id": 1, "added_at": "2024-05-01T09:00:00.000Z"})
    tables = ("trainees", "sessions", "answers", "supervisors", "audit_log", "imports", "classes", "class_members",
              "meta")
    before = {t: [tuple(r) for r in conn.execute(f"SELECT * FROM {t} ORDER BY rowid")] for t in tables}
    conn.close()
    return before


def record(game: str = GAME, mode: str = DEAL_MODE, **kw) -> RoundRecord:
    base = {"level": "guided", "seed": 11, "options": {"method": "hand", "pay_table": "1"}, "actions": 4,
            "action_ms": [1000, 2000, 1500, 500], "target_ms": 24_000, "completed": True}
    return RoundRecord(game, mode, **{**base, **kw})


MISTAKE = {"kind": "wrong-position", "expected": "Deal seat 1 its first card, face down",
           "attempted": "Deal — seat 3, face down", "explanation": "Not there, or not yet.",
           "citations": ["Two Card Joker Poker §7(d)(1)"], "action": 1}


@pytest.fixture
def store(tmp_path: Path):
    with Store.open(tmp_path / "trainer.sqlite3") as s:
        yield s


def session(s: Store, name: str = "Ann", game: str = GAME) -> tuple[int, str]:
    t = next((t for t in s.trainees() if t.name == name), None) or s.add_trainee(name)
    return t.id, s.start_session(t.id, game, seed=1, question_count=3, mode="table")


# -- the migration ---------------------------------------------------------------------------
def test_a_version_2_database_keeps_every_row(tmp_path: Path) -> None:
    path = tmp_path / "station.sqlite3"
    before = make_v2(path)
    with Store.open(path) as s:
        assert s.schema_version == CURRENT_VERSION >= 3
        conn = s.db.conn
        for table, rows in before.items():
            after = [tuple(r)[:len(rows[0])] for r in conn.execute(f"SELECT * FROM {table} ORDER BY rowid")]
            if table == "meta":  # only the version and who migrated change
                keep = [r for r in rows if r[0] not in ("schema_version", "migrated_by")]
                assert [r for r in after if r[0] not in ("schema_version", "migrated_by")] == keep
                continue
            assert after == rows, table
        # the imports made before count no table rounds
        assert conn.execute("SELECT table_rounds_added, table_rounds_skipped FROM imports").fetchall() == [(0, 0)]
        assert [r[1] for r in conn.execute("PRAGMA table_info(table_rounds)")] == list(STORED_COLUMNS)
        indexes = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'index' "
                                              "AND tbl_name = 'table_rounds'")}
        assert {"idx_table_rounds_trainee_recorded", "idx_table_rounds_game"} <= indexes
        # the old API reads as before, and the new table works
        assert [a.id for a in s.answers(1)] == ["a1", "a0"]
        assert s.table_rounds() == [] and s.table_round_summary(None) == []
        sid = s.start_session(1, GAME, seed=1, question_count=1, mode="table")
        s.record_table_round(sid, 1, record())
        assert len(s.table_rounds(1)) == 1


def test_a_failed_version_3_migration_leaves_version_2(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "station.sqlite3"
    before = make_v2(path)

    def broken(db):
        schema._v3_table_rounds(db)
        raise RuntimeError("power cut")

    monkeypatch.setattr(schema, "MIGRATIONS", [*schema.MIGRATIONS[:2], broken])
    with pytest.raises(RuntimeError):
        Store.open(path)
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()[0] == "2"
        assert "table_rounds" not in {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
        assert [r[1] for r in conn.execute("PRAGMA table_info(imports)")][-1] == "answers_skipped"
        for table in ("answers", "imports", "audit_log"):
            assert [tuple(r) for r in conn.execute(f"SELECT * FROM {table} ORDER BY rowid")] == before[table]
    finally:
        conn.close()
    monkeypatch.undo()
    with Store.open(path) as s:  # and a working version migrates it later
        assert s.schema_version == CURRENT_VERSION


def test_the_table_has_every_column_of_a_round_record() -> None:
    extra = ("id", "session_id", "trainee_id", "station_id", "recorded_at")
    assert list(STORED_COLUMNS) == [*extra, *record().as_row()]
    # the review's view of a round (read alike from the server): all but what replays it (version 6)
    assert [f.name for f in dataclasses.fields(TableRoundRow)] == list(TABLE_ROUND_COLUMNS)
    assert list(STORED_COLUMNS) == [*TABLE_ROUND_COLUMNS, "round_no", "attempts"]


# -- recording and reading back ------------------------------------------------------------------
def test_a_round_reads_back_exactly(store: Store) -> None:
    tid, sid = session(store)
    deal = record(procedure_errors=2, payout_errors=1, extra_chip_payouts=1,
                  mistakes=[MISTAKE, {**MISTAKE, "kind": "wrong-amount", "citations": []},
                            {**MISTAKE, "kind": "extra-chips"}], round_no=5,
                  attempts=[{"verb": "deal", "seat": 3, "face_up": False},
                            {"verb": "pay", "seat": 1, "spot": "ante", "chips": [[500, 2]], "coins": 25}])
    watch = record(mode=WATCH_MODE, level="practice", seed=12, options={}, actions=6, mistakes_made=3, caught=2,
                   missed_calls=1, false_calls=1, rule_named=2, remedy_named=1, action_ms=[700] * 8, target_ms=0,
                   mistakes=[{"kind": "missed-call", "expected": "Burn one card before the deal",
                              "attempted": "let pass", "explanation": "x",
                              "citations": ["Two Card Joker Poker §7(b)", "Two Card Joker Poker §12(a)"],
                              "action": 2}], round_no=2,
                   attempts=[{"do": "stop"}, {"do": "rule", "named": "Burn one card"}, {"do": "move-on"}])
    left = record(completed=False, action_ms=[900])
    ids = [store.record_table_round(sid, tid, r) for r in (deal, watch, left)]
    assert all(len(i) == 32 for i in ids) and len(set(ids)) == 3
    rows = store.table_rounds(tid)
    assert [r.id for r in rows] == ids[::-1]  # newest first
    for row, rec in zip(rows[::-1], (deal, watch, left), strict=True):
        assert (row.session_id, row.trainee_id, row.station_id) == (sid, tid, store.station_id)
        assert row.recorded_at.endswith("Z") and row.recorded_at[4] == "-"
        for name, value in dataclasses.asdict(rec).items():
            if name in ("round_no", "attempts"):
                continue  # exported as stored, below
            got = getattr(row, name)
            if name == "action_ms":
                assert got == tuple(value)
            elif name == "mistakes":
                assert got == tuple(RoundMistake(m["kind"], m["expected"], m["attempted"], m["explanation"],
                                                 tuple(m["citations"]), m["action"]) for m in value)
            else:
                assert got == value, name
        # the figures the review shows are RoundRecord's own
        assert (row.total_ms, row.errors, row.clean, row.on_time) == (rec.total_ms, rec.errors, rec.clean,
                                                                     rec.on_time)
    assert rows[1].mean_action_ms == 700 and not rows[0].completed
    # what replays each round, as its results are exported: compact JSON text, the attempts in order
    [exported] = store.iter_results_table_rounds()
    assert [(r["id"], r["round_no"], r["attempts"]) for r in exported] == [
        (ids[0], 5, '[{"verb":"deal","seat":3,"face_up":false},{"verb":"pay","seat":1,"spot":"ante",'
                    '"chips":[[500,2]],"coins":25}]'),
        (ids[1], 2, '[{"do":"stop"},{"do":"rule","named":"Burn one card"},{"do":"move-on"}]'),
        (ids[2], 0, "[]")]


def test_filters_by_trainee_game_and_time(store: Store) -> None:
    ann, a_sid = session(store, "Ann")
    ben, b_sid = session(store, "Ben", OTHER)
    store.record_table_round(a_sid, ann, record())
    mid = store.table_rounds(ann)[0].recorded_at
    store.record_table_round(a_sid, ann, record(OTHER))
    store.record_table_round(b_sid, ben, record(OTHER))
    assert len(store.table_rounds()) == 3 and store.table_round_count() == 3
    assert [r.game_id for r in store.table_rounds(ann)] == [OTHER, GAME]
    assert [r.trainee_id for r in store.table_rounds(game_id=OTHER)] == [ben, ann]
    assert [r.game_id for r in store.table_rounds(ann, until=mid)] == []
    assert [r.game_id for r in store.table_rounds(ann, since=mid)] == [OTHER, GAME]
    assert len(store.table_rounds(limit=2)) == 2
    assert store.table_round_count(ben, game_id=GAME) == 0


def test_refused_rounds(store: Store) -> None:
    ann, sid = session(store, "Ann")
    ben, _ = session(store, "Ben")
    with pytest.raises(StoreError, match="no session"):
        store.record_table_round("f" * 32, ann, record())
    with pytest.raises(StoreError, match="another trainee"):
        store.record_table_round(sid, ben, record())
    with pytest.raises(StoreError, match="Unknown table mode"):
        store.record_table_round(sid, ann, record(mode="juggle"))
    store.end_session(sid)
    with pytest.raises(StoreError, match="has ended"):
        store.record_table_round(sid, ann, record())
    assert store.table_rounds() == []


def test_rounds_cannot_be_changed_or_deleted(store: Store) -> None:
    tid, sid = session(store)
    store.record_table_round(sid, tid, record(procedure_errors=3))
    for sql in ("UPDATE table_rounds SET procedure_errors = 0", "DELETE FROM table_rounds"):
        with pytest.raises(sqlite3.IntegrityError, match="cannot be"):
            store.db.execute(sql)
    assert store.table_rounds(tid)[0].procedure_errors == 3


# -- the summary -------------------------------------------------------------------------------
def test_the_summary_per_game_and_mode(store: Store) -> None:
    tid, sid = session(store)
    other_tid, other_sid = session(store, "Ben")
    rounds = [
        # deal, Two Card Joker: clean and on time; two procedure errors and late; a payout error on time;
        # untimed and clean with a payout in extra chips (not an error); left half-way (not clean, not timed)
        record(action_ms=[1000] * 4, target_ms=8000),
        record(procedure_errors=2, action_ms=[3000] * 4, target_ms=8000),
        record(payout_errors=1, extra_chip_payouts=1, action_ms=[500] * 4, target_ms=8000),
        record(extra_chip_payouts=2, action_ms=[2000] * 4, target_ms=0),
        record(completed=False, action_ms=[100, 100], target_ms=8000),
        # watch, Two Card Joker: one clean, one with a miss and a false alarm
        record(mode=WATCH_MODE, mistakes_made=2, caught=2, rule_named=2, remedy_named=1, action_ms=[400] * 5,
               target_ms=0),
        record(mode=WATCH_MODE, mistakes_made=3, caught=2, missed_calls=1, false_calls=1, rule_named=1,
               action_ms=[600] * 5, target_ms=0),
        # deal, Four Card: one clean
        record(OTHER, action_ms=[250] * 4, target_ms=2000),
    ]
    for r in rounds:
        store.record_table_round(sid, tid, r)
    store.record_table_round(other_sid, other_tid, record(procedure_errors=9))  # another trainee: not counted
    summary = {(s.game_id, s.mode): s for s in store.table_round_summary(tid)}
    assert list(summary) == [(OTHER, DEAL_MODE), (GAME, DEAL_MODE), (GAME, WATCH_MODE)]
    deal = summary[(GAME, DEAL_MODE)]
    assert (deal.rounds, deal.completed_rounds, deal.clean_rounds) == (5, 4, 2)
    assert (deal.procedure_errors, deal.payout_errors, deal.extra_chip_payouts) == (2, 1, 3)
    assert (deal.caught, deal.missed_calls, deal.false_calls) == (0, 0, 0)
    assert (deal.timed_rounds, deal.rounds_on_time) == (3, 2)
    assert deal.actions_timed == 18 and deal.total_ms == 4000 + 12000 + 2000 + 8000 + 200
    assert deal.mean_action_ms == 26_200 // 18
    assert deal.errors == 3 and deal.clean_share == 0.4
    watch = summary[(GAME, WATCH_MODE)]
    assert (watch.rounds, watch.clean_rounds, watch.mistakes_made, watch.caught) == (2, 1, 5, 4)
    assert (watch.missed_calls, watch.false_calls, watch.rule_named, watch.remedy_named) == (1, 1, 3, 1)
    assert (watch.timed_rounds, watch.rounds_on_time, watch.mean_action_ms) == (0, 0, 500)
    four = summary[(OTHER, DEAL_MODE)]
    assert (four.rounds, four.clean_rounds, four.rounds_on_time, four.mean_action_ms) == (1, 1, 1, 250)
    # one game; and everyone
    assert [(s.game_id, s.mode) for s in store.table_round_summary(tid, OTHER)] == [(OTHER, DEAL_MODE)]
    everyone = {(s.game_id, s.mode): s for s in store.table_round_summary(None)}
    assert everyone[(GAME, DEAL_MODE)].rounds == 6 and everyone[(GAME, DEAL_MODE)].procedure_errors == 11


# -- a crash --------------------------------------------------------------------------------------
CHILD = r"""
import sys, time
from trainer.store import Store
from trainer.contracts.round_record import RoundRecord

path, count = sys.argv[1], int(sys.argv[2])
store = Store.open(path)
trainee = store.add_trainee("Crash Test")
session = store.start_session(trainee.id, "two-card-joker", seed=42, question_count=count, mode="table")
print("session", session, trainee.id, flush=True)
for i in range(count):
    mistakes = [{"kind": "wrong-face", "expected": "Deal seat 1 face down", "attempted": "face up",
                 "explanation": "x" * 200, "citations": ["Two Card Joker Poker §7"], "action": n}
                for n in range(i % 5)]
    store.record_table_round(session, trainee.id, RoundRecord(
        "two-card-joker", "deal", "guided", i, {"method": "hand"}, actions=30, procedure_errors=i % 5,
        action_ms=[100 + i] * 30, target_ms=180000, mistakes=mistakes, completed=True))
    print("committed", i + 1, flush=True)
print("holding", flush=True)
time.sleep(600)
"""


class RoundChild(Child):
    """The crash test's child and its output reader, recording table rounds instead."""

    def __init__(self, path: Path, count: int) -> None:
        self.proc = subprocess.Popen([sys.executable, "-c", CHILD, str(path), str(count)],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()


def test_killed_while_writing_rounds_leaves_whole_rows(tmp_path: Path) -> None:
    path = tmp_path / "trainer.sqlite3"
    child = RoundChild(path, count=3000)
    _, _, trainee_id = child.next_line().split()
    while child.next_line() != "committed 30":
        pass
    rest = child.kill()
    printed = max([30] + [int(line.split()[1]) for line in rest if line.startswith("committed")])
    with Store.open(path) as store:
        rows = store.table_rounds(int(trainee_id))
        # every printed round was committed; one more may have committed before its line
        assert printed <= len(rows) <= printed + 1
        for row in rows:  # whole rows: every column and every JSON value complete
            i = row.seed
            assert row.action_ms == (100 + i,) * 30 and row.total_ms == 30 * (100 + i)
            assert row.procedure_errors == i % 5 == len(row.mistakes)
            assert all(m.explanation == "x" * 200 for m in row.mistakes)
        assert sorted(r.seed for r in rows) == list(range(len(rows)))
        assert store.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
