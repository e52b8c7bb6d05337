"""At the server, table mode's rounds pass the file import's round check (issue 19): a round
a station sent is dealt again from its game, level, seed and house options, and one whose
record is not what the replay gives is refused with the reason, naming the round and what
differs; genuine rounds of every game, dealt and watched, are accepted."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

psycopg = pytest.importorskip("psycopg")

from tests.review.table_play import TABLE_GAMES, deal_with_mistakes, watch_with_calls  # noqa: E402
from trainer.core.table.levels import level  # noqa: E402
from trainer.core.table.script import RoundConfig  # noqa: E402
from trainer.server import accounts, station  # noqa: E402
from trainer.server.checker import check_pending, check_table_rounds  # noqa: E402
from trainer.server.connection import connect  # noqa: E402
from trainer.server.schema import TABLE_ROUND_COLUMNS  # noqa: E402
from trainer.server.sender import Sender  # noqa: E402
from trainer.store import Store  # noqa: E402
from trainer.training.table_mode.games import build_round  # noqa: E402

pytestmark = pytest.mark.postgres
REFUSED = "was refused, its record is not what its replay gives: "


@pytest.fixture
def lab(server_db, tmp_path: Path):
    with connect(server_db.url) as admin:
        ana = accounts.add_trainee(admin, "Ana Diaz", "1234")
    station_url, supervisor_url = server_db.login("lab_a"), server_db.login("teacher", supervisor=True)
    store = Store.open(tmp_path / "station.sqlite3")
    local = store.add_trainee("Ana Diaz")
    with connect(station_url) as conn:
        station.sign_in(conn, "Ana Diaz", "1234")
    yield {"station": station_url, "supervisor": supervisor_url, "store": store, "local": local.id, "ana": ana}
    store.close()


def send(lab) -> None:
    sender = Sender(lab["store"].path, lab["station"])
    try:
        sender.send_once()
    finally:
        sender.stop()


def test_genuine_rounds_are_accepted_and_forged_ones_refused_with_the_reason(lab) -> None:
    store, tid = lab["store"], lab["local"]
    sid = store.start_session(tid, "four-card", seed=1, question_count=0, mode="drill")
    genuine = []
    for game_id in TABLE_GAMES:
        play, _ = deal_with_mistakes(game_id, 51)
        for result in play.results:
            store.record_answer(sid, tid, result)
        genuine.append(store.record_table_round(sid, tid, play.record))
        genuine.append(store.record_table_round(sid, tid, watch_with_calls(game_id, 52).record))
    play, said = deal_with_mistakes("four-card", 53)
    procedure = said["wrong-step"] + said["wrong-position"] + said["wrong-face"]
    # a station whose own store was edited: counts changed, a mistake removed
    clean = store.record_table_round(sid, tid, replace(play.record, procedure_errors=0, payout_errors=0))
    removed = store.record_table_round(sid, tid, replace(play.record, mistakes=play.record.mistakes[1:]))
    store.end_session(sid)
    send(lab)
    first = play.record.mistakes[0]
    with connect(lab["station"]) as conn:  # a station that writes a round itself: a mistake moved to another action
        row = dict(zip(TABLE_ROUND_COLUMNS, conn.execute(
            f"SELECT {', '.join(TABLE_ROUND_COLUMNS)} FROM dealer.table_rounds WHERE id = %s", [removed]).fetchone()))
        mistakes = [dict(first, action=first["action"] + 1)] + play.record.mistakes[1:]
        moved = "f" * 32
        conn.execute(f"INSERT INTO dealer.table_rounds ({', '.join(TABLE_ROUND_COLUMNS)}) "
                     f"VALUES ({', '.join('%s' for _ in TABLE_ROUND_COLUMNS)})",
                     [{**row, "id": moved, "mistakes": json.dumps(mistakes)}[c] for c in TABLE_ROUND_COLUMNS])
    actions = build_round(RoundConfig("four-card", 53, level("practice"))).actions
    label = "table round {} (four-card, deal, practice, seed 53) "
    kind = first["kind"]
    counted = "procedure errors" if kind in ("wrong-step", "wrong-position", "wrong-face") else (
        "payout errors" if kind == "wrong-amount" else "extra chip payouts")
    total = {"procedure errors": procedure, "payout errors": said["wrong-amount"],
             "extra chip payouts": said["extra-chips"]}[counted]
    with connect(lab["supervisor"]) as sup:
        verdicts = {rid: (ok, why) for rid, ok, why in check_table_rounds(sup)}
        assert {rid for rid, (ok, _) in verdicts.items() if ok} == set(genuine)
        assert len(verdicts) == len(genuine) + 3 == 13
        assert verdicts[clean] == (False, label.format(clean[:8]) + REFUSED
                                   + f"procedure errors 0, but its mistakes list {procedure}; "
                                   f"payout errors 0, but its mistakes list {said['wrong-amount']}")
        assert verdicts[removed] == (False, label.format(removed[:8]) + REFUSED
                                     + f"{counted} {total}, but its mistakes list {total - 1}")
        i = first["action"]
        assert verdicts[moved] == (False, label.format(moved[:8]) + REFUSED
                                   + f"mistake 1 names action {i + 1} as {actions[i].text!r}, but the round's "
                                   f"action {i + 1} is {actions[i + 1].text!r}")
        # what arrived later only
        now = sup.execute("SELECT now()").fetchone()[0]
        assert check_table_rounds(sup, since=now) == []
        assert [v[0] for v in check_table_rounds(sup, batch=4)] == [v[0] for v in check_table_rounds(sup)]
        # the rounds' steps are answers of table mode: kept as the station graded them
        outcome = check_pending(sup)
        assert outcome.refused == 0 and outcome.accepted == sum(1 for _ in store.db["answers"].rows)
