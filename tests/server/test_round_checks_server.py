"""Table rounds at the classroom server are replayed exactly and their verdicts kept (issue
19): schema version 5 gives ``dealer.table_rounds`` the round's number and the trainee's
attempts and adds ``dealer.table_round_checks`` (granted as ``dealer.answer_checks`` is);
a station sends both; the checker replays every round not yet checked and stores its
verdict once; the supervisor's review from the server shows the accepted rounds only.

The rounds are real rounds of every game's table mode, dealt and watched through the
engine as a trainee does (``tests.review.table_play``); the forged ones are those only the
exact replay finds (each holds together, so the partial check of a row without attempts
accepts it): a mistake removed with its count, a missed call made a catch, an attempt
changed. The reasons expected are written out here from what the rounds did."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

psycopg = pytest.importorskip("psycopg")

from tests.review.table_play import TABLE_GAMES, deal_with_mistakes, watch_with_calls  # noqa: E402
from tests.server import stations  # noqa: E402
from trainer.review.dashboard import Query, load_trainee  # noqa: E402
from trainer.server import accounts, schema, station  # noqa: E402
from trainer.server.checker import check_pending  # noqa: E402
from trainer.server.connection import connect  # noqa: E402
from trainer.server.review_source import ServerReviewSource  # noqa: E402
from trainer.store import AnswerFilter, Store  # noqa: E402

pytestmark = pytest.mark.postgres
REFUSED = "was refused, its record is not what its replay gives: "
ROUND = ("INSERT INTO dealer.table_rounds (id, session_id, trainee_id, recorded_at, game_id, mode, level, seed, options, "
         "actions, procedure_errors, payout_errors, extra_chip_payouts, mistakes_made, caught, missed_calls, "
         "false_calls, rule_named, remedy_named, total_ms, target_ms, action_ms, mistakes, completed) VALUES "
         "(%s, %s, %s, now(), 'pokette', 'deal', 'guided', 1, '{}', 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4000, 6000, "
         "'[1000, 1000, 1000, 1000]', '[]', 1)")
SESSION = ("INSERT INTO dealer.sessions (id, trainee_id, game_id, mode, seed, question_count, started_at) "
           "VALUES (%s, %s, 'pokette', 'table', 7, 0, now())")


# -- the migration --------------------------------------------------------------------------------
def test_version_5_from_version_4_with_rounds_gives_the_old_ones_0_and_blank(pg) -> None:
    with connect(pg.url) as conn:
        assert schema.migrate(conn, schema.MIGRATIONS[:4]) == [1, 2, 3, 4]
        ana = accounts.add_trainee(conn, "Ana Diaz", "1234")
        conn.execute(SESSION, ["a" * 32, ana])
        conn.execute(ROUND, ["1" * 32, "a" * 32, ana])
        conn.execute(ROUND, ["2" * 32, "a" * 32, ana])
        assert schema.migrate(conn, schema.MIGRATIONS[:5]) == [5]
        assert schema.read_version(conn) == 5
        assert conn.execute("SELECT id, round_no, attempts, actions, total_ms FROM dealer.table_rounds "
                            "ORDER BY id").fetchall() == [("1" * 32, 0, "", 4, 4000), ("2" * 32, 0, "", 4, 4000)]
        assert conn.execute("SELECT count(*) FROM dealer.table_round_checks").fetchone() == (0,)
        # the rounds stay append-only; so are their checks, the owner's included
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="cannot be changed or deleted"):
            conn.execute("UPDATE dealer.table_rounds SET round_no = 3")
        conn.execute("INSERT INTO dealer.table_round_checks (round_id, accepted, reason) VALUES (%s, false, 'x')",
                     ["1" * 32])
        for sql in ("UPDATE dealer.table_round_checks SET accepted = true", "DELETE FROM dealer.table_round_checks",
                    "TRUNCATE dealer.table_round_checks"):
            with pytest.raises(psycopg.errors.InsufficientPrivilege, match="cannot be changed or deleted"):
                conn.execute(sql)
        assert conn.execute("SELECT round_id, accepted, reason, checked_by = session_user "
                            "FROM dealer.table_round_checks").fetchall() == [("1" * 32, False, "x", True)]
        with pytest.raises(psycopg.errors.UniqueViolation):  # one verdict per round
            conn.execute("INSERT INTO dealer.table_round_checks (round_id, accepted) VALUES (%s, true)", ["1" * 32])
        with pytest.raises(psycopg.errors.ForeignKeyViolation):  # of a round the server has
            conn.execute("INSERT INTO dealer.table_round_checks (round_id, accepted) VALUES (%s, true)", ["3" * 32])


PRIVILEGES = ("SELECT", "INSERT", "UPDATE", "DELETE", "TRUNCATE", "REFERENCES", "TRIGGER")


def test_the_checks_of_rounds_are_granted_as_the_checks_of_answers(server_db) -> None:
    roles = schema.Roles.for_database(server_db.pg.name)
    with connect(server_db.url) as conn:
        def rights(table: str) -> dict[tuple[str, str], bool]:
            return {(role, p): conn.execute("SELECT has_table_privilege(%s, %s, %s)", [role, f"dealer.{table}", p]
                                            ).fetchone()[0] for role in (roles.station, roles.supervisor)
                    for p in PRIVILEGES}

        answers, rounds = rights("answer_checks"), rights("table_round_checks")
        assert rounds == answers
        assert {k for k, ok in rounds.items() if ok} == {(roles.supervisor, "SELECT"), (roles.supervisor, "INSERT")}
        assert conn.execute("SELECT relname, relrowsecurity FROM pg_class WHERE relname IN "
                            "('answer_checks', 'table_round_checks') ORDER BY relname").fetchall() == [
            ("answer_checks", False), ("table_round_checks", False)]
        assert conn.execute("SELECT tgname FROM pg_trigger WHERE tgrelid = 'dealer.table_round_checks'::regclass "
                            "AND NOT tgisinternal ORDER BY tgname").fetchall() == [("table_round_checks_append_only",),
                                                              ("table_round_checks_no_truncate",),
                                                              ("table_round_checks_summary",)]  # version 7
        ana = accounts.add_trainee(conn, "Ana Diaz", "1234")
    # a station writes a round's number and attempts, and nothing of the checks
    with connect(server_db.login("lab_a")) as a, connect(server_db.login("boss", supervisor=True)) as sup:
        station.sign_in(a, "Ana Diaz", "1234")
        a.execute(SESSION, ["a" * 32, ana])
        a.execute("INSERT INTO dealer.table_rounds (id, session_id, trainee_id, recorded_at, game_id, mode, level, "
                  "seed, options, actions, procedure_errors, payout_errors, extra_chip_payouts, mistakes_made, caught, "
                  "missed_calls, false_calls, rule_named, remedy_named, total_ms, target_ms, action_ms, mistakes, "
                  "completed, round_no, attempts) VALUES (%s, %s, %s, now(), 'pokette', 'deal', 'guided', 1, '{}', "
                  "0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, '[]', '[]', 0, 3, '[{\"verb\": \"clear\"}]')",
                  ["1" * 32, "a" * 32, ana])
        assert a.execute("SELECT round_no, attempts FROM dealer.table_rounds").fetchall() == [
            (3, '[{"verb": "clear"}]')]
        for sql in ("SELECT * FROM dealer.table_round_checks",
                    f"INSERT INTO dealer.table_round_checks (round_id, accepted) VALUES ('{'1' * 32}', true)"):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                a.execute(sql)
        sup.execute("INSERT INTO dealer.table_round_checks (round_id, accepted, reason) VALUES (%s, false, 'x')",
                    ["1" * 32])
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            sup.execute("DELETE FROM dealer.table_round_checks")
        assert sup.execute("SELECT count(*) FROM dealer.table_round_checks").fetchone() == (1,)


# -- rounds sent, replayed, kept, reviewed --------------------------------------------------------
@pytest.fixture
def lab(server_db, tmp_path: Path):
    with connect(server_db.url) as admin:
        ana = accounts.add_trainee(admin, "Ana Diaz", "1234")
    station_url, supervisor_url = server_db.login("lab_a"), server_db.login("teacher", supervisor=True)
    store = Store.open(tmp_path / "station.sqlite3")
    local = store.add_trainee("Ana Diaz").id
    assert local == ana  # the same id on both sides: rows compare as they are
    with connect(station_url) as conn:
        station.sign_in(conn, "Ana Diaz", "1234")
    yield {"station": station_url, "supervisor": supervisor_url, "store": store, "ana": ana}
    store.close()


def label(round_id: str, mode: str, seed: int) -> str:
    return f"table round {round_id[:8]} (four-card, {mode}, practice, seed {seed}) "


def test_genuine_rounds_are_accepted_exactly_forged_ones_refused_kept_once_and_left_out_of_the_review(lab) -> None:
    store, ana = lab["store"], lab["ana"]
    sid = store.start_session(ana, "four-card", seed=1, question_count=0, mode="table")
    genuine = {}
    for game_id in TABLE_GAMES:
        genuine[store.record_table_round(sid, ana, deal_with_mistakes(game_id, 51)[0].record)] = (game_id, "deal")
        genuine[store.record_table_round(sid, ana, watch_with_calls(game_id, 52).record)] = (game_id, "watch")
    # forged in the station's own store: each record holds together
    dealt = deal_with_mistakes("four-card", 14)[0].record
    gone = dealt.mistakes[0]
    assert (gone["kind"], gone["action"], dealt.attempts[0]["verb"]) == ("wrong-step", 0, "clear")
    removed = store.record_table_round(sid, ana, replace(  # the step out of turn, out of the list and the count
        dealt, mistakes=dealt.mistakes[1:], procedure_errors=dealt.procedure_errors - 1))
    watched = watch_with_calls("four-card", 24).record
    missed = next(m for m in watched.mistakes if m["kind"] == "missed-call")
    assert watched.mistakes_made >= 2 and (watched.caught, watched.rule_named) == (1, 1)
    caught = store.record_table_round(sid, ana, replace(  # a mistake let pass made a catch, its rule named
        watched, caught=2, missed_calls=watched.missed_calls - 1, rule_named=2,
        mistakes=[m for m in watched.mistakes if m is not missed]))
    changed = store.record_table_round(sid, ana, replace(  # the step out of turn said to be another one
        dealt, attempts=[{"verb": "burn"}, *dealt.attempts[1:]]))
    store.end_session(sid)
    stations.send(store.path, lab["station"])

    with connect(lab["supervisor"]) as sup:
        source = ServerReviewSource(sup)
        # sent with what replays them exactly: the station's round numbers and attempts
        sent = {i: (n, a) for i, n, a in sup.execute("SELECT id, round_no, attempts FROM dealer.table_rounds")}
        assert len(sent) == len(genuine) + 3 == 13
        assert sent == {r["id"]: (r["round_no"], r["attempts"]) for r in store.db["table_rounds"].rows}
        assert all(n == 1 and json.loads(a) for n, a in sent.values())
        # nothing checked yet: the review shows no round (as no answer before its check)
        assert load_trainee(source, ana, Query()).table_round_total == 0
        assert source.table_rounds(ana) == [] and source.table_figures(AnswerFilter()) == []

        outcome = check_pending(sup)
        assert (outcome.rounds_accepted, outcome.rounds_refused, outcome.accepted, outcome.refused) == (10, 3, 0, 0)
        assert outcome.text().splitlines()[0] == "Checked 13 table rounds: 10 accepted, 3 refused."
        kept = {i: (ok, why) for i, ok, why in sup.execute(
            "SELECT round_id, accepted, reason FROM dealer.table_round_checks")}
        assert {i for i, (ok, why) in kept.items() if ok and why is None} == set(genuine)
        n = watched.mistakes.index(missed) + 1
        assert kept[removed] == (False, label(removed, "deal", 14) + REFUSED + (
            f"procedure errors {dealt.procedure_errors - 1}, but its attempts replayed give "
            f"{dealt.procedure_errors}; its mistakes list {len(dealt.mistakes) - 1}, but its attempts replayed give "
            f"{len(dealt.mistakes)}: mistake 1 (wrong-step at action 0) is not listed"))
        assert kept[caught] == (False, label(caught, "watch", 24) + REFUSED + (
            f"caught 2, but its attempts replayed give 1; missed calls {watched.missed_calls - 1}, but its attempts "
            f"replayed give {watched.missed_calls}; rule named 2, but its attempts replayed give 1; its mistakes "
            f"list {len(watched.mistakes) - 1}, but its attempts replayed give {len(watched.mistakes)}: "
            f"mistake {n} (missed-call at action {missed['action']}) is not listed"))
        assert kept[changed] == (False, label(changed, "deal", 14) + REFUSED + (
            "its mistakes are not the ones its attempts replayed give: mistake 1 (wrong-step at action 0) is not "
            "recorded as the replay gives it"))

        # the supervisor's drill-down from the server: the genuine rounds, as the station holds them
        report = load_trainee(source, ana, Query())
        assert report.table_round_total == source.table_round_count(ana) == 10
        assert {r.id for r in report.table_rounds} == set(genuine)
        assert sorted(report.table_rounds, key=lambda r: r.id) == sorted(
            (r for r in store.table_rounds(ana) if r.id in genuine), key=lambda r: r.id)
        by_id = {r.id: r for r in store.table_rounds(ana)}
        summary = {(s.game_id, s.mode): s for s in report.table_summary}
        assert set(summary) == set(genuine.values())
        for round_id, key in genuine.items():
            r, s = by_id[round_id], summary[key]
            assert (s.rounds, s.procedure_errors, s.payout_errors, s.extra_chip_payouts, s.caught, s.missed_calls,
                    s.false_calls, s.total_ms) == (1, r.procedure_errors, r.payout_errors, r.extra_chip_payouts,
                                                   r.caught, r.missed_calls, r.false_calls, r.total_ms)
        assert summary[("four-card", "deal")].procedure_errors == by_id[next(
            i for i, k in genuine.items() if k == ("four-card", "deal"))].procedure_errors  # not the forged ones'
        assert sorted((f.game_id, f.mode) for f in source.round_facts(AnswerFilter())) == sorted(genuine.values())
        figures = source.table_figures(AnswerFilter(trainee_id=ana))
        assert sorted((x.game_id, x.skill.split(".")[1], x.rounds) for x in figures) == sorted(
            (g, part, 1) for g in TABLE_GAMES for part in ("table-procedure", "table-payouts", "table-watch"))

        # checked once: again, and after the station sends again, nothing is checked twice
        before = sup.execute("SELECT round_id, accepted, reason, checked_at FROM dealer.table_round_checks "
                             "ORDER BY round_id").fetchall()
        assert check_pending(sup).checked == 0
        stations.send(store.path, lab["station"])
        assert check_pending(sup).text() == "No answer or table round was waiting to be checked."
        assert sup.execute("SELECT round_id, accepted, reason, checked_at FROM dealer.table_round_checks "
                           "ORDER BY round_id").fetchall() == before
        assert len(before) == 13


def test_a_round_without_its_attempts_gets_the_partial_check(lab) -> None:
    """A round an older station sent (no number, no attempts) is dealt again from its seed
    only: a forged count is refused, a mistake removed with its count is not found."""
    store, ana = lab["store"], lab["ana"]
    sid = store.start_session(ana, "four-card", seed=1, question_count=0, mode="table")
    store.end_session(sid)
    stations.send(store.path, lab["station"])
    dealt = deal_with_mistakes("four-card", 14)[0].record
    rows = {"a" * 32: dealt, "b" * 32: replace(dealt, procedure_errors=0),
            "c" * 32: replace(dealt, mistakes=dealt.mistakes[1:], procedure_errors=dealt.procedure_errors - 1)}
    with connect(lab["station"]) as conn:  # as the sender of schema version 4 sent them
        columns = schema.TABLE_ROUND_COLUMNS
        for round_id, record in rows.items():
            values = {**record.as_row(), "id": round_id, "session_id": sid, "trainee_id": ana, "station_id": None,
                      "recorded_at": "2026-03-02T10:00:00Z"}
            conn.execute(f"INSERT INTO dealer.table_rounds ({', '.join(columns)}) VALUES "
                         f"({', '.join(['%s'] * len(columns))})", [values[c] for c in columns])
    with connect(lab["supervisor"]) as sup:
        outcome = check_pending(sup)
        assert (outcome.rounds_accepted, outcome.rounds_refused) == (2, 1)
        kept = {i: (ok, why) for i, ok, why in sup.execute(
            "SELECT round_id, accepted, reason FROM dealer.table_round_checks")}
        assert kept["a" * 32] == kept["c" * 32] == (True, None)
        assert kept["b" * 32] == (False, label("b" * 32, "deal", 14) + REFUSED + (
            f"procedure errors 0, but its mistakes list {dealt.procedure_errors}"))
        assert {r.id for r in ServerReviewSource(sup).table_rounds(ana)} == {"a" * 32, "c" * 32}
