"""Schema version 7 (issue 17): the table skills' figures per trainee, game and mode
(``table_round_summary``), from empty and from version 6 with rounds already checked,
hold what the accepted rounds say (filled in by the migration, then kept by the trigger
as more rounds are checked: newer ones, one tied with the newest, a late old one, a
refused one), computed here from the rounds themselves; the review reads them."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

psycopg = pytest.importorskip("psycopg")

from tests.server.test_review_source_speed import generate  # noqa: E402
from trainer.server import accounts, schema  # noqa: E402
from trainer.server.connection import connect  # noqa: E402
from trainer.server.review_source import ServerReviewSource  # noqa: E402
from trainer.store import AnswerFilter  # noqa: E402

pytestmark = pytest.mark.postgres


def expected(conn) -> dict[tuple, tuple]:
    """Per (trainee, game, mode) of the accepted rounds: rounds, time, clean for procedure,
    payouts and watch, on time; the newest round's time, arrival and id; the same five
    counts over the newest ten (time, arrival, id), summed here in Python."""
    rounds = conn.execute(
        "SELECT r.trainee_id, r.game_id, r.mode, r.recorded_at, r.received_at, r.id, r.completed, r.procedure_errors, "
        "r.payout_errors, r.missed_calls, r.false_calls, r.total_ms, r.target_ms FROM dealer.table_rounds r "
        "JOIN dealer.table_round_checks k ON k.round_id = r.id WHERE k.accepted").fetchall()
    groups: dict[tuple, list[tuple]] = {}
    for r in rounds:
        groups.setdefault(r[:3], []).append(r)
    out = {}
    for key, got in groups.items():
        got.sort(key=lambda r: (r[3], r[4], r[5]), reverse=True)

        def counts(rs):
            return (sum(1 for r in rs if r[6] and r[7] == 0), sum(1 for r in rs if r[6] and r[8] == 0),
                    sum(1 for r in rs if r[6] and r[9] == 0 and r[10] == 0),
                    sum(1 for r in rs if r[6] and r[12] > 0 and r[11] <= r[12]))

        out[key] = (len(got), sum(r[11] for r in got), *counts(got), got[0][3], got[0][4], got[0][5],
                    min(10, len(got)), *counts(got[:10]))
    return out


def summary(conn) -> dict[tuple, tuple]:
    return {tuple(r[:3]): tuple(r[3:]) for r in conn.execute(
        "SELECT trainee_id, game_id, mode, rounds, total_ms, clean_procedure, clean_payouts, clean_watch, on_time, "
        "last_recorded_at, last_received_at, last_id, recent_rounds, recent_clean_procedure, recent_clean_payouts, "
        "recent_clean_watch, recent_on_time FROM dealer.table_round_summary")}


def add_round(conn, n: int, trainee: int, at: datetime, *, accepted: bool = True, errors: int = 0,
              total_ms: int = 3000) -> None:
    rid = f"{800_000 + n:032x}"
    conn.execute(
        "INSERT INTO dealer.table_rounds (id, session_id, trainee_id, recorded_at, game_id, mode, level, seed, "
        "options, actions, procedure_errors, payout_errors, extra_chip_payouts, mistakes_made, caught, missed_calls, "
        "false_calls, rule_named, remedy_named, total_ms, target_ms, action_ms, mistakes, completed) VALUES "
        "(%s, %s, %s, %s, 'pokette', 'deal', 'guided', 1, '{}', 4, %s, 0, 0, 0, 0, 0, 0, 0, 0, %s, 6000, '[]', '[]', 1)",
        [rid, f"{trainee:032x}", trainee, at, errors, total_ms])
    conn.execute("INSERT INTO dealer.table_round_checks (round_id, accepted) VALUES (%s, %s)", [rid, accepted])


def test_from_version_6_with_rounds_filled_then_kept(pg) -> None:
    with connect(pg.url) as conn:
        assert schema.migrate(conn, schema.MIGRATIONS[:6]) == [1, 2, 3, 4, 5, 6]
        ids = [accounts.add_trainee(conn, f"Trainee {n}", "1234") for n in range(3)]
        generate(conn, ids, 1500, seed=7)  # 300 rounds, most accepted, some refused or never checked
        assert schema.migrate(conn) == [7]
        want = expected(conn)
        assert len(want) >= 12 and any(v[0] > 10 for v in want.values())
        assert summary(conn) == want
        source = ServerReviewSource(conn)
        for f in (AnswerFilter(), AnswerFilter(trainee_id=ids[1]), AnswerFilter(game_id="dj-wild")):
            assert source.table_figures(f) == source._table_figures_direct(f), f
        # rounds checked after the migration: the newest of the group, one tied with it
        # (same time and arrival, a greater id), a late one older than the window (nothing in the window moves),
        # one refused (not counted), one with errors
        newest = max(v[6] for k, v in want.items() if k[0] == ids[0] and k[1:] == ("pokette", "deal"))
        add_round(conn, 1, ids[0], datetime(2026, 6, 1, 9, tzinfo=timezone.utc))
        add_round(conn, 2, ids[0], datetime(2026, 6, 1, 9, tzinfo=timezone.utc), errors=1)
        add_round(conn, 3, ids[0], datetime(2026, 1, 4, 9, tzinfo=timezone.utc), total_ms=9000)
        add_round(conn, 4, ids[0], datetime(2026, 6, 2, 9, tzinfo=timezone.utc), accepted=False)
        add_round(conn, 5, ids[2], newest, errors=2)
        got = summary(conn)
        assert got == expected(conn)
        row = got[(ids[0], "pokette", "deal")]
        assert row[8] == f"{800_002:032x}" and row[9] == 10  # the tie (same time, same arrival): the id decides
        source = ServerReviewSource(conn)
        assert source.table_figures(AnswerFilter()) == source._table_figures_direct(AnswerFilter())


def test_from_empty_kept_by_the_trigger(pg) -> None:
    with connect(pg.url) as conn:
        assert schema.migrate(conn)[-1] == schema.CURRENT_VERSION == 7
        assert conn.execute("SELECT indexdef FROM pg_indexes WHERE indexname = 'table_rounds_group_time'"
                            ).fetchone()[0].endswith(
            "ON dealer.table_rounds USING btree (trainee_id, game_id, mode, recorded_at, received_at, id)")
        ids = [accounts.add_trainee(conn, f"Trainee {n}", "1234") for n in range(2)]
        generate(conn, ids, 500, seed=8)
        assert summary(conn) == expected(conn) != {}
