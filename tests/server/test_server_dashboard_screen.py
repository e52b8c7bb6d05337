"""The supervisor's dashboard and trainee drill-down built from the classroom server equal
the same ones built from a station's store holding the same answers (issue 19): the
answers are practised in the store, sent by the sender, checked by the checker, and
``load_dashboard`` / ``load_trainee`` read the server through ``ServerReviewSource``; a
window whose server URL is a supervisor's shows the server's dashboard and drill-down."""

from __future__ import annotations

import csv
import dataclasses
from datetime import datetime, timedelta

import pytest

psycopg = pytest.importorskip("psycopg")

from tests.server import stations  # noqa: E402
from trainer import config  # noqa: E402
from tests.review.table_play import deal_with_mistakes, watch_with_calls  # noqa: E402
from trainer.contracts.round_record import RoundRecord  # noqa: E402
from trainer.core.table.levels import level  # noqa: E402
from trainer.core.table.script import RoundConfig  # noqa: E402
from trainer.review import export  # noqa: E402
from trainer.review.accounts import create_supervisor  # noqa: E402
from trainer.review.dashboard import Query, load_dashboard, load_trainee  # noqa: E402
from trainer.server import accounts, station  # noqa: E402
from trainer.server.checker import check_pending  # noqa: E402
from trainer.server.connection import connect  # noqa: E402
from trainer.server.review_source import ServerReviewSource  # noqa: E402
from trainer.server.sender import Sender  # noqa: E402
from trainer.store import PasswordRecord, Store  # noqa: E402
from trainer.training.table_mode.games import deal_round, watch_round  # noqa: E402

pytestmark = pytest.mark.postgres
NAMES = {"Ana Diaz": "1234", "Bo Chen": "9876", "Cy Park": "5555"}


def same_trainees(value):
    """The value with every trainee's creation time and the time the figures were made
    blanked (the server's own clock made its rows; the figures are what must agree)."""
    if isinstance(value, tuple):
        return tuple(same_trainees(v) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {f.name: same_trainees(getattr(value, f.name)) for f in dataclasses.fields(value)}
        for made in ("created_at", "generated_at"):  # when the row or the figures were made
            if made in changes:
                changes[made] = ""
        return dataclasses.replace(value, **changes)
    return value


def ms_ties_by_id(report):
    """The report with its answers and table rounds newest first and, within one
    millisecond, by id (the station keeps its row order there, the server has none)."""
    def ordered(rows, when):
        rows = sorted(rows, key=lambda r: r.id)
        rows.sort(key=when, reverse=True)
        return tuple(rows)

    return dataclasses.replace(report, answers=ordered(report.answers, lambda a: a.answered_at),
                               table_rounds=ordered(report.table_rounds, lambda r: r.recorded_at))


def dealt(seed: int, i: int) -> RoundRecord:
    """A round of Two Card Joker dealt at the guided level: clean (``i`` 0, 3, ...), with
    mistakes of every kind the round allows (1, 4, ...), or clean but too slow (2, 5, ...)."""
    if i % 3 == 1:
        return deal_with_mistakes(stations.GAME, seed, lv="guided")[0].record
    play = deal_round(RoundConfig(stations.GAME, seed, level("guided"), {}, 1))
    while not play.finished:
        play.perform_next(1000 if i % 3 == 0 else 9000)
    return play.record


def watched(seed: int, i: int, n: int) -> RoundRecord:
    """A round of Two Card Joker watched at the guided level: with a missed and a false call
    (``i`` == ``n``), else every mistake caught with its rule and remedy, left after three
    steps when ``i`` is 0."""
    if i == n:
        return watch_with_calls(stations.GAME, seed, lv="guided").record
    play = watch_round(RoundConfig(stations.GAME, seed, level("guided"), {}, 1))
    steps = 0
    while not play.finished and (i != 0 or steps < 3):
        if play.current().mistake is not None:
            play.stop(500)
            while play.pending:
                play.answer(play.pending[0].answer, 800)
        play.proceed(900)
        steps += 1
    return play.record


@pytest.fixture
def both(server_db, tmp_path):
    """A station's store and the server with the same trainees (same ids), class and
    threshold; each trainee practised there and every answer and table round sent and
    checked (every round genuine, so all of them accepted)."""
    store = Store.open(tmp_path / "station.sqlite3")
    lee = store.add_supervisor("Lee", PasswordRecord("scrypt", "ab" * 16, "cd" * 32, 2**14, 8, 1, 32), by=None)
    with connect(server_db.url) as admin:
        ids = [accounts.add_trainee(admin, name, pin) for name, pin in NAMES.items()]
        evening = accounts.add_class(admin, "Evening", ids[:2])
        admin.execute("INSERT INTO dealer.certification_thresholds (game_id, percent) VALUES ('two-card-joker', 60)")
    local = [store.add_trainee(name).id for name in NAMES]
    assert local == ids
    local_class = store.add_class("Evening", by=lee).id
    assert local_class == evening
    store.set_class_members(local_class, ids[:2], by=lee)
    store.set_threshold("two-card-joker", 60, by=lee)
    for n, trainee in enumerate(ids):
        for s in range(2):
            stations.practise(store, trainee, 40 + 10 * n + s, 12 + 3 * n,
                              right=lambda i, n=n: (i + n) % 3 != 0, response_ms=1200 + 900 * n)
        table = store.start_session(trainee, stations.GAME, seed=7, question_count=0, mode="table")
        for i in range(3 + n):  # real rounds (the server's checker replays them): dealt and watched
            store.record_table_round(table, trainee, dealt(100 * n + i, i))
            store.record_table_round(table, trainee, watched(100 * n + i + 50, i, n))
        store.end_session(table)
    url = server_db.login("lab_k")
    with connect(url) as conn:
        for name, pin in NAMES.items():
            station.sign_in(conn, name, pin)
    sender = Sender(store.path, url)
    try:
        while sender.send_once():
            pass
    finally:
        sender.stop()
    supervisor = server_db.login("boss_k", supervisor=True)
    with connect(server_db.url) as admin:
        outcome = check_pending(admin)
    assert (outcome.rounds_accepted, outcome.rounds_refused) == (2 * (3 + 4 + 5), 0)
    with connect(supervisor) as conn:
        yield store, ServerReviewSource(conn), ids, evening, supervisor
    store.close()


def test_the_dashboard_from_the_server_equals_the_one_from_the_store(both) -> None:
    store, server, ids, evening, _url = both
    today = datetime.now().date()
    for query in (Query(), Query(class_id=evening), Query(game_id="two-card-joker"),
                  Query(today - timedelta(days=1), today, None, None), Query(today + timedelta(days=1), None)):
        want, got = load_dashboard(store, query), load_dashboard(server, query)
        assert got.trainees and len(got.trainees) == (2 if query.class_id else 3)
        assert same_trainees(got) == same_trainees(want), query
    every = load_dashboard(server, Query())
    # the figures are real: 12 answers a session for Ana, 2 sessions, two right in three
    [ana] = [r for r in every.trainees if r.trainee.id == ids[0]]
    assert ana.answered == 24 and ana.correct == 16
    assert every.thresholds == {"two-card-joker": 60}
    assert every.answered == 24 + 30 + 36


def test_the_trainee_drill_down_from_the_server_equals_the_one_from_the_store(both) -> None:
    store, server, ids, _evening, _url = both
    for trainee in ids:
        for query in (Query(), Query(game_id="two-card-joker")):
            want, got = load_trainee(store, trainee, query), load_trainee(server, trainee, query)
            assert got.answer_total == want.answer_total > 0
            assert [a.id for a in ms_ties_by_id(got).answers] == [a.id for a in ms_ties_by_id(want).answers]
            assert got.table_round_total == want.table_round_total == 2 * (3 + ids.index(trainee))
            assert got.table_summary and len(got.table_rounds) == len(want.table_rounds)
            # Newest first on both sides; rows of the same millisecond compared in id order.
            assert same_trainees(ms_ties_by_id(got)) == same_trainees(ms_ties_by_id(want))


def test_a_supervisors_window_shows_the_servers_dashboard_and_drill_down(both, qtbot, tmp_path) -> None:
    store, server, ids, _evening, url = both
    with Store.open(tmp_path / "supervisor.sqlite3") as own:  # the supervisor's own station: no trainees
        create_supervisor(own, "Ms Lee", "a strong password", "a strong password")
    config.activate(config.load(server_url=url))
    from trainer.ui.main_window import MainWindow

    window = MainWindow(tmp_path / "supervisor.sqlite3")
    qtbot.addWidget(window)
    try:
        qtbot.waitUntil(lambda: window.server.supervisor is not None, timeout=30_000)
        assert window.server.serves_review
        flow = window.review
        flow.sign_in("Ms Lee", "a strong password")
        qtbot.waitUntil(lambda: flow.dashboard is not None, timeout=30_000)
        assert same_trainees(flow.dashboard) == same_trainees(load_dashboard(server, flow.query))
        screen = flow.dashboard_screen
        assert screen.tree.topLevelItemCount() == 3
        assert screen.values["answers"].text() == f"{24 + 30 + 36:,}"
        # the class filter lists the server's classes
        qtbot.waitUntil(lambda: any(screen.klass.itemText(i).startswith("Evening")
                                    for i in range(screen.klass.count())), timeout=30_000)
        flow.show_trainee(ids[1])
        qtbot.waitUntil(lambda: flow.trainee_report is not None and flow.trainee_report.row.trainee.id == ids[1],
                        timeout=30_000)
        assert same_trainees(flow.trainee_report) == same_trainees(load_trainee(server, ids[1], flow.query))
        assert flow.trainee_report.answer_total == 30
        # the answers CSV is written from the server's answers: the rows the station's store gives
        flow.choose_save = lambda _title, name, _filter: str(tmp_path / name)
        flow.export_trainee_answers()
        qtbot.waitUntil(lambda: "Saved" in flow.trainee_screen.status.text(), timeout=30_000)
        [written] = tmp_path.glob("answers-*.csv")
        station_copy = tmp_path / "station-answers.csv"
        export.answers_csv(store, flow.trainee_report.query.answer_filter(ids[1]), station_copy)
        got, want = (list(csv.reader(p.open(encoding="utf-8-sig", newline=""))) for p in (written, station_copy))
        assert len(got) == 1 + 30 and got[0] == want[0] and sorted(got) == sorted(want)
        with Store.open(tmp_path / "supervisor.sqlite3") as own:  # logged in the supervisor's station
            assert [e.action for e in own.audit_log(10)][0] == "export"
    finally:
        window.shutdown()
        config.activate(None)
