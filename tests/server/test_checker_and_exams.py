"""At the server every answer passes the import's checks (re-graded by the rules core;
forged ones refused), and exams run by the server's clock: published to a class with an
opening and closing time, listed for the trainee while open, started once, answers late
by the server's clock refused, results released when the instructor says (issue 19). Table
mode's rounds pass the import's round check: genuine rounds of every game accepted, forged
ones refused with the reason naming the round and what differs."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest

psycopg = pytest.importorskip("psycopg")

from tests.review.table_play import TABLE_GAMES, deal_with_mistakes, watch_with_calls  # noqa: E402
from tests.server import stations  # noqa: E402
from trainer.core.table.levels import level  # noqa: E402
from trainer.core.table.script import RoundConfig  # noqa: E402
from trainer.server import accounts, station  # noqa: E402
from trainer.server.checker import BEFORE_START, LATE, NOT_STARTED, check_pending, check_table_rounds  # noqa: E402
from trainer.server.connection import ServerError, connect  # noqa: E402
from trainer.server.schema import TABLE_ROUND_COLUMNS  # noqa: E402
from trainer.store import Store  # noqa: E402
from trainer.training.table_mode.games import build_round  # noqa: E402
from trainer.training.exams import exam_session, fingerprint, new_spec  # noqa: E402

pytestmark = pytest.mark.postgres
GAME = "two-card-joker"


@pytest.fixture
def lab(server_db, tmp_path: Path):
    with connect(server_db.url) as admin:
        ana = accounts.add_trainee(admin, "Ana Diaz", "1234")
        bo = accounts.add_trainee(admin, "Bo Chen", "9876")
        evening = accounts.add_class(admin, "Evening", [ana])
    station_url, supervisor_url = server_db.login("lab_a"), server_db.login("teacher", supervisor=True)
    store = Store.open(tmp_path / "station.sqlite3")
    local = store.add_trainee("Ana Diaz")
    with connect(station_url) as conn:
        station.sign_in(conn, "Ana Diaz", "1234")
    yield {"db": server_db, "station": station_url, "supervisor": supervisor_url, "store": store, "local": local.id,
           "ana": ana, "bo": bo, "evening": evening}
    store.close()


def send(lab) -> None:
    stations.send(lab["store"].path, lab["station"])


def practise(lab, seed: int, answers: int) -> None:
    stations.practise(lab["store"], lab["local"], seed, answers)


def test_honest_answers_are_accepted_and_forged_ones_refused(lab) -> None:
    practise(lab, 41, 4)
    send(lab)
    with connect(lab["station"]) as conn:  # a station that forges: marks a wrong answer right, edits a prompt
        sid = conn.execute("SELECT id FROM dealer.sessions").fetchone()[0]
        row = conn.execute("SELECT game_id, skill, kind, seed, prompt, form, fields, correct_answer, citations, "
                           "explanation, target_ms FROM dealer.answers ORDER BY answered_at LIMIT 1").fetchone()
        base = dict(zip(("game_id", "skill", "kind", "seed", "prompt", "form", "fields", "correct_answer",
                         "citations", "explanation", "target_ms"), row))
        forged = [
            {**base, "id": "f" * 32, "given": "nope", "is_correct": 1},
            {**base, "id": "e" * 32, "given": base["correct_answer"], "is_correct": 1, "prompt": "What is 2 + 2?"},
            {**base, "id": "d" * 32, "given": "x", "is_correct": 1, "kind": "two-card-joker.no-such-kind"},
        ]
        for a in forged:
            conn.execute("INSERT INTO dealer.answers (id, session_id, trainee_id, game_id, skill, kind, seed, prompt, "
                         "form, fields, given, correct_answer, is_correct, response_ms, answered_at, citations, "
                         "explanation, target_ms) VALUES (%(id)s, %(sid)s, %(tid)s, %(game_id)s, %(skill)s, %(kind)s, "
                         "%(seed)s, %(prompt)s, %(form)s, %(fields)s, %(given)s, %(correct_answer)s, %(is_correct)s, "
                         "900, now(), %(citations)s, %(explanation)s, %(target_ms)s)",
                         {**a, "sid": sid, "tid": lab["ana"]})
    with connect(lab["supervisor"]) as sup:
        outcome = check_pending(sup)
        assert (outcome.accepted, outcome.refused) == (4, 3)
        reasons = dict(sup.execute("SELECT answer_id, reason FROM dealer.answer_checks WHERE NOT accepted"))
        assert "is marked right, but the answer given is wrong by the rules" in reasons["f" * 32]
        assert "its question text is not the one its seed gives" in reasons["e" * 32]
        assert "a kind of question this Dealer Trainer does not know" in reasons["d" * 32]
        # the dashboard's summary counts the accepted answers only: 4, two of them right
        assert sup.execute("SELECT sum(answered), sum(correct) FROM dealer.answer_summary").fetchone() == (4, 2)
        assert check_pending(sup).accepted == 0  # each answer is checked once


def publish(lab, opens: timedelta, closes: timedelta, *, seed: int = 5, limit_s: int = 600) -> tuple[int, object]:
    spec = new_spec("Evening quiz", [GAME], question_count=3, time_limit_s=limit_s, pass_mark=50, seed=seed,
                    class_name="Evening")
    with connect(lab["supervisor"]) as sup:
        now = sup.execute("SELECT now()").fetchone()[0]
        try:
            accounts.save_exam(sup, spec.to_dict(), fingerprint(spec))
        except psycopg.errors.UniqueViolation:
            pass
        window = accounts.publish_exam(sup, spec.id, lab["evening"], now + opens, now + closes)
    return window, spec


def take(lab, exam, right: int) -> str:
    """Ana takes the exam at the station, ``right`` answers right; return the session id."""
    return stations.take_exam(lab["store"], lab["station"], lab["local"], exam, right)


def test_a_station_lists_only_the_open_exams_of_its_trainee(lab) -> None:
    open_now, spec = publish(lab, timedelta(minutes=-1), timedelta(hours=1))
    publish(lab, timedelta(hours=1), timedelta(hours=2))  # not open yet
    publish(lab, timedelta(hours=-2), timedelta(hours=-1))  # closed
    with connect(lab["station"]) as conn:
        exams = station.open_exams(conn, lab["ana"])
        assert [(e.window_id, e.title, e.started) for e in exams] == [(open_now, "Evening quiz", False)]
        assert exams[0].definition == spec.to_dict()
        assert station.open_exams(conn, lab["bo"]) == []  # not in the class, nor signed in here


def test_an_exam_is_started_once_by_the_server_clock_and_scored_when_released(lab) -> None:
    window, spec = publish(lab, timedelta(minutes=-1), timedelta(hours=1))
    with connect(lab["station"]) as conn:
        exam = station.open_exams(conn, lab["ana"])[0]
    session_id = take(lab, exam, right=2)
    with connect(lab["station"]) as conn:
        with pytest.raises(ServerError, match="already started this exam: the first attempt"):
            station.begin_exam(conn, lab["store"], lab["local"], exam)
        assert station.open_exams(conn, lab["ana"])[0].started is True
    send(lab)
    with connect(lab["supervisor"]) as sup:
        started, server_start = sup.execute(
            "SELECT t.started_at, s.started_at FROM dealer.exam_attempts t JOIN dealer.sessions s "
            "ON s.id = t.session_id WHERE t.session_id = %s", [session_id]).fetchone()
        assert started == server_start  # the server's clock, not the station's
        assert check_pending(sup).accepted == 3
    with connect(lab["station"]) as conn:
        assert station.released_results(conn, lab["ana"]) == []  # not released yet
    with connect(lab["supervisor"]) as sup:
        accounts.release_results(sup, window)
    with connect(lab["station"]) as conn:
        [result] = station.released_results(conn, lab["ana"])
        assert (result.title, result.question_count, result.answered, result.correct) == ("Evening quiz", 3, 3, 2)
        assert result.percent == 67 and result.passed


def test_a_closed_exam_cannot_start_and_late_answers_are_refused(lab) -> None:
    window, spec = publish(lab, timedelta(minutes=-1), timedelta(hours=1))
    with connect(lab["station"]) as conn:
        exam = station.open_exams(conn, lab["ana"])[0]
    take(lab, exam, right=3)
    with connect(lab["supervisor"]) as sup:  # the window closed long before the answers reach the server
        sup.execute("UPDATE dealer.exam_windows SET closes_at = now() - interval '10 minutes', "
                    "opens_at = now() - interval '20 minutes' WHERE id = %s", [window])
    send(lab)
    with connect(lab["supervisor"]) as sup:
        outcome = check_pending(sup)
        assert (outcome.accepted, outcome.refused) == (0, 3)
        assert {r for (r,) in sup.execute("SELECT reason FROM dealer.answer_checks")} == {LATE}
    with connect(lab["station"]) as conn:
        assert station.open_exams(conn, lab["ana"]) == []
        with pytest.raises(ServerError, match="This exam closed at"):
            station.start_exam(conn, window, lab["ana"], GAME)


def test_an_exam_session_the_server_did_not_start_counts_for_nothing(lab) -> None:
    _window, spec = publish(lab, timedelta(minutes=-1), timedelta(hours=1))
    store = lab["store"]
    store.remember_exam(spec.to_dict(), fingerprint(spec))
    sid = store.start_session(lab["local"], GAME, seed=spec.seed, question_count=spec.question_count, mode="exam",
                              source="exam", exam_id=spec.id)  # started offline: the server never saw it start
    session = exam_session(spec)
    while not session.finished:
        store.record_answer(sid, lab["local"], session.answer(session.current().answer, 1000))
    send(lab)
    with connect(lab["supervisor"]) as sup:
        outcome = check_pending(sup)
        assert (outcome.accepted, outcome.refused) == (0, 3)
        assert outcome.reasons == [NOT_STARTED] * 3
        definition = json.loads(sup.execute("SELECT definition FROM dealer.exams").fetchone()[0])
        assert definition["seed"] == spec.seed


def test_a_session_sent_before_the_server_starts_it_is_adopted_and_its_early_answers_refused(lab) -> None:
    """The station's sender may send an exam's session before the station asks the server to
    start it: the server takes that session as the attempt's (schema version 6). An answer
    that reached the server before the attempt started is refused, whenever it is checked."""
    window, spec = publish(lab, timedelta(minutes=-1), timedelta(hours=1))
    store = lab["store"]
    store.remember_exam(spec.to_dict(), fingerprint(spec))
    sid = store.start_session(lab["local"], GAME, seed=spec.seed, question_count=spec.question_count, mode="exam",
                              source="exam", exam_id=spec.id)
    session = exam_session(spec)
    store.record_answer(sid, lab["local"], session.answer(session.current().answer, 1000))  # before the start
    send(lab)  # the session and that answer reach the server first
    practice = store.start_session(lab["local"], GAME, seed=5, question_count=2)
    send(lab)
    with connect(lab["station"]) as conn:
        with pytest.raises(ServerError, match="cannot start this exam: it is another session"):
            station.start_exam(conn, window, lab["ana"], GAME, practice)  # not an exam session of this exam
        started = station.start_exam(conn, window, lab["ana"], GAME, sid)
        assert started.session_id == sid
        with pytest.raises(ServerError, match="already started this exam"):
            station.start_exam(conn, window, lab["ana"], GAME, sid)
    while not session.finished:
        store.record_answer(sid, lab["local"], session.answer(session.current().answer, 1000))
    send(lab)
    with connect(lab["supervisor"]) as sup:
        outcome = check_pending(sup)
        assert (outcome.accepted, outcome.refused) == (spec.question_count - 1, 1)
        assert outcome.reasons == [BEFORE_START]
        assert sup.execute("SELECT count(*) FROM dealer.exam_attempts WHERE session_id = %s", [sid]).fetchone() == (1,)


# -- table mode's rounds: the import's round check (trainer.review.round_check) --------------------
ROUND_REFUSED = "was refused, its record is not what its replay gives: "


def test_genuine_table_rounds_are_accepted_and_forged_ones_refused_with_the_reason(lab) -> None:
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
        assert verdicts[clean] == (False, label.format(clean[:8]) + ROUND_REFUSED
                                   + f"procedure errors 0, but its mistakes list {procedure}; "
                                   f"payout errors 0, but its mistakes list {said['wrong-amount']}")
        assert verdicts[removed] == (False, label.format(removed[:8]) + ROUND_REFUSED
                                     + f"{counted} {total}, but its mistakes list {total - 1}")
        i = first["action"]
        assert verdicts[moved] == (False, label.format(moved[:8]) + ROUND_REFUSED
                                   + f"mistake 1 names action {i + 1} as {actions[i].text!r}, but the round's "
                                   f"action {i + 1} is {actions[i + 1].text!r}")
        # what arrived later only
        now = sup.execute("SELECT now()").fetchone()[0]
        assert check_table_rounds(sup, since=now) == []
        assert [v[0] for v in check_table_rounds(sup, batch=4)] == [v[0] for v in check_table_rounds(sup)]
        # the rounds' steps are answers of table mode: kept as the station graded them
        outcome = check_pending(sup)
        assert outcome.refused == 0 and outcome.accepted == sum(1 for _ in store.db["answers"].rows)
        # and each round's verdict is kept, the same one
        assert (outcome.rounds_accepted, outcome.rounds_refused) == (10, 3)
        assert {rid: (ok, why) for rid, ok, why in sup.execute(
            "SELECT round_id, accepted, reason FROM dealer.table_round_checks")} == verdicts
