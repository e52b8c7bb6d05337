"""Table mode's rounds in the supervisor's review: station files and imports carry them
(once), the trainee's review and report show them, the CSV lists them, and the
dashboard's per-skill figures, weakest skills and certification take table mode's
skills in their stride.

The rounds come from a small hand-made table mode (``FakeTableMode``: its rules are
"Demo rules §n", not a real game's), plugged in for Two Card Joker, so these tests do not
depend on any game's table mode."""

from __future__ import annotations

import csv
import json
import random
from datetime import datetime, timezone
from pathlib import Path
from types import SimpleNamespace

import pytest

from trainer.core.scene import Spot
from trainer.review import dashboard as dash
from trainer.review import export, report
from trainer.review.accounts import create_supervisor
from trainer.review.demo import DemoPlan, populate
from trainer.review.importer import FORMAT_VERSION, ImportFileError, import_file, write_results_file
from trainer.store import CURRENT_VERSION, Store
from trainer.contracts.measures import Level, TableSkillFigures
from trainer.training.table_mode import games as table_games
from trainer.core.table.actions import ANNOUNCE, COLLECT, DEAL, DEALER, PAY, REVEAL, DealerAction, Effect
from trainer.training.table_mode.games import deal_round, watch_round
from trainer.core.table.levels import level
from trainer.core.table.script import HouseOption, RoundConfig, RoundScript, WatchMistake
from trainer.core.table.table_state import TableState, renderer, scenes_for
from trainer.core.table.script import REFER_REMEDY

GAME = "two-card-joker"
SPOTS = (Spot("ante", "Ante"), Spot("bonus", "Bonus"))
NOW = datetime.now(timezone.utc).replace(microsecond=0)


# -- a hand-made table mode -------------------------------------------------------------------
def _build_round(config: RoundConfig) -> RoundScript:
    rng = random.Random(config.seed)
    ante = rng.choice([500, 1000, 2500])
    acts = [
        DealerAction(ANNOUNCE, text="Announce no more bets", citations=("Demo rules §1",)),
        DealerAction(DEAL, 1, face_up=False, text="Deal seat 1 a card face down", citations=("Demo rules §2(a)",),
                     effects=(Effect("card", 1, card="As"),)),
        DealerAction(DEAL, 3, face_up=False, text="Deal seat 3 a card face down", citations=("Demo rules §2(a)",),
                     effects=(Effect("card", 3, card="Kd"),)),
        DealerAction(DEAL, DEALER, face_up=True, text="Deal yourself a card face up",
                     citations=("Demo rules §2(b)",), effects=(Effect("card", DEALER, card="9c", face_up=True),)),
        DealerAction(REVEAL, 1, text="Reveal seat 1", citations=("Demo rules §3",), effects=(Effect("reveal", 1),)),
        DealerAction(COLLECT, 3, "ante", text="Collect seat 3's ante", citations=("Demo rules §4",),
                     effects=(Effect("collect", 3, "ante"),)),
        DealerAction(PAY, 1, "ante", amount=3 * ante, text="Pay seat 1's ante 3 to 1", payout=True,
                     citations=("Demo rules §5",), effects=(Effect("pay", 1, "ante", amount=3 * ante),)),
    ]
    start = TableState(config.game_id, "Demo", SPOTS, 4, {1: {"ante": ante}, 3: {"ante": 500}})
    method = config.options.get("method", "hand")
    return RoundScript(config.game_id, config.seed, config.level.id, {"method": method}, (f"Method: {method}",),
                       (f"Seat 1: ante ${ante // 100}", "Seat 3: ante $5"), acts, scenes_for(start, acts),
                       renderer(start), irregular_remedies=("Void all hands",))


def _watch_mistakes(script: RoundScript, rng: random.Random) -> list[WatchMistake]:
    acts = script.actions
    return [
        WatchMistake("wrong-order", 1, DealerAction(DEAL, 3, face_up=False, text="Deals seat 3 before seat 1"),
                     "Deal from the dealer's left", "Demo rules §2(a)", REFER_REMEDY, "Demo rules: no remedy written"),
        WatchMistake("card-exposed", 3, DealerAction(DEAL, DEALER, face_up=False, text="Deals its card face down"),
                     "The dealer's card is dealt face up", "Demo rules §2(b)", "Void all hands", "Demo rules §9"),
        WatchMistake("wrong-payout", 6, DealerAction(PAY, 1, "ante", amount=acts[6].amount // 3,
                                                     text="Pays seat 1's ante 1 to 1"),
                     "The ante pays 3 to 1", "Demo rules §5", REFER_REMEDY, "Demo rules: no remedy written"),
    ]


FakeTableMode = SimpleNamespace(
    HOUSE_OPTIONS=(HouseOption("method", "Dealing method", ("hand", "shoe"), "hand", "Demo rules §2",
                               ("by hand", "from the shoe")),),
    build_round=_build_round, watch_mistakes=_watch_mistakes)


@pytest.fixture
def table_mode(monkeypatch):
    """Two Card Joker has the hand-made table mode (in place of its own); no other game has one."""
    monkeypatch.setattr(table_games, "table_module", lambda game_id: FakeTableMode if game_id == GAME else None)
    yield FakeTableMode


def play_rounds(s: Store, name: str, n: int = 4) -> tuple[int, str]:
    """``n`` rounds for a trainee, alternately dealt (every other one with mistakes) and
    watched (stopping the first mistake only); their answers too, as the screen records them."""
    t = next((t for t in s.trainees() if t.name == name), None) or s.add_trainee(name)
    sid = s.start_session(t.id, GAME, seed=1, question_count=n, mode="table")
    for i in range(n):
        config = RoundConfig(GAME, 100 + i, level("guided" if i < 2 else "practice"),
                             {"method": "shoe" if i % 3 else "hand"})
        if i % 2 == 0:
            play = deal_round(config)
            deal_with_mistakes(play, wrong=i % 4 == 2)
        else:
            play = watch_round(config)
            while not play.finished:
                cur = play.current()
                if cur.mistake is not None and play.record.caught == 0:
                    play.stop(900)
                    while play.pending:
                        play.answer(play.pending[0].answer, 1500)
                play.proceed(800)
        for result in play.results:
            s.record_answer(sid, t.id, result)
        s.record_table_round(sid, t.id, play.record)
    return t.id, sid


def deal_with_mistakes(play, wrong: bool) -> None:
    from trainer.training.table_mode.actions import Attempt

    while not play.finished:
        action = play.next_action()
        if wrong and action.verb == DEAL and action.seat == 1:
            play.attempt(Attempt(DEAL, 1, face_up=True), 700)  # face up: a card that goes face down
        if wrong and action.verb == PAY:
            play.attempt(Attempt(PAY, 1, "ante", amount=action.amount // 3), 900)  # paid 1 to 1
        play.perform_next(1200)


@pytest.fixture
def review(tmp_path: Path):
    with Store.open(tmp_path / "review" / "review.sqlite3") as s:
        yield s, create_supervisor(s, "Ms Lee", "supervisor-password")


def counts(s: Store) -> tuple[int, int, int, int]:
    return tuple(s.db.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]
                 for t in ("trainees", "sessions", "answers", "table_rounds"))


def comparable(rows) -> list[tuple]:
    """Rounds without the trainee id (each database numbers its trainees)."""
    return [tuple(v for k, v in vars(r).items() if k != "trainee_id") for r in rows]


# -- station files and imports ----------------------------------------------------------------
def test_a_station_file_with_table_rounds_imports_once(review, tmp_path: Path, table_mode) -> None:
    s, lee = review
    station = tmp_path / "station.sqlite3"
    with Store.open(station) as st:
        play_rounds(st, "Ann Lee", 4)
        play_rounds(st, "Ben Ode", 2)
        theirs = {t.name: comparable(st.table_rounds(t.id)) for t in st.trainees()}
        station_id = st.station_id
        out = tmp_path / "station.dtresults"
        answers = write_results_file(st, out)
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["format_version"] == FORMAT_VERSION == 2 and doc["schema_version"] == CURRENT_VERSION
    assert doc["table_round_count"] == len(doc["table_rounds"]) == 6 and doc["answer_count"] == answers
    assert all(r["station_id"] == station_id for r in doc["table_rounds"])

    first = import_file(s, out, by=lee)
    assert (first.table_rounds_added, first.table_rounds_skipped) == (6, 0)
    before = counts(s)
    assert before == (2, 2, answers, 6)
    second = import_file(s, out, by=lee)
    assert (second.answers_added, second.table_rounds_added, second.table_rounds_skipped) == (0, 0, 6)
    third = import_file(s, station, by=lee)  # the database itself: the same rounds
    assert (third.table_rounds_added, third.table_rounds_skipped) == (0, 6)
    assert counts(s) == before
    for t in s.trainees():  # read back as on the station, ids, station and times kept
        assert comparable(s.table_rounds(t.id)) == theirs[t.name]
    log = [e for e in s.audit_log() if e.action == "results.import"]
    assert [e.detail["table_rounds_added"] for e in log] == [0, 0, 6]
    assert [r["table_rounds_added"] for r in s.imports()][-1] == 6


def test_a_damaged_table_round_adds_nothing(review, tmp_path: Path, table_mode) -> None:
    s, lee = review
    with Store.open(tmp_path / "station.sqlite3") as st:
        play_rounds(st, "Ann", 2)
        write_results_file(st, tmp_path / "good.dtresults")
    doc = json.loads((tmp_path / "good.dtresults").read_text())
    cases = {
        "mode": lambda d: d["table_rounds"][0].update(mode="juggle"),
        "negative": lambda d: d["table_rounds"][1].update(procedure_errors=-1),
        "json": lambda d: d["table_rounds"][0].update(mistakes="[{"),
        "times": lambda d: d["table_rounds"][0].update(action_ms='["fast"]'),
        "orphan": lambda d: d["table_rounds"][1].update(session_id="f" * 32),
        "missing": lambda d: d["table_rounds"][0].pop("seed"),
        "not-list": lambda d: d.update(table_rounds={"a": 1}),
    }
    for name, damage in cases.items():
        bad = json.loads(json.dumps(doc))
        damage(bad)
        path = tmp_path / f"{name}.dtresults"
        path.write_text(json.dumps(bad))
        with pytest.raises(ImportFileError, match="damaged"):
            import_file(s, path, by=lee)
    assert counts(s) == (0, 0, 0, 0)
    # a file of format 1 (before table rounds) still imports
    old = json.loads(json.dumps(doc))
    old["format_version"] = 1
    del old["table_rounds"], old["table_round_count"]
    (tmp_path / "old.dtresults").write_text(json.dumps(old))
    summary = import_file(s, tmp_path / "old.dtresults", by=lee)
    assert summary.answers_added == len(doc["answers"]) and summary.table_rounds_added == 0


# -- the dashboard -------------------------------------------------------------------------------
def test_the_trainee_report_has_the_rounds_and_the_skills(review, table_mode) -> None:
    s, _lee = review
    tid, _sid = play_rounds(s, "Ann", 6)
    r = dash.load_trainee(s, tid, dash.Query())
    assert r.table_round_total == 6 and [x.id for x in r.table_rounds] == [x.id for x in s.table_rounds(tid)]
    assert [(x.game_id, x.mode, x.rounds) for x in r.table_summary] == [(GAME, "deal", 3), (GAME, "watch", 3)]
    deal = r.table_summary[0]
    assert (deal.procedure_errors, deal.payout_errors, deal.clean_rounds) == (1, 1, 2)
    watch = r.table_summary[1]
    assert watch.caught == 3 and watch.missed_calls == watch.mistakes_made - 3 and watch.clean_rounds == 0
    # the answers of table mode are kept (answers of its three skills), but the skills are
    # judged by rounds: 3 dealt (the middle one with a procedure and a payout error, all
    # within the Guided/Practice targets), 3 watched (each with mistakes let pass)
    [game] = r.row.games
    skills = {sk.skill: sk for sk in game.skills}
    for skill in dash.table_skills(GAME):
        assert sum(1 for a in s.answers(tid) if a.skill == skill) > 0
        assert (skills[skill].answered, skills[skill].correct, skills[skill].on_target) == (0, 0, 0)
    figures = {sk: (skills[sk].table.rounds, skills[sk].table.clean, skills[sk].table.speed, skills[sk].level)
               for sk in dash.table_skills(GAME)}
    assert figures == {f"{GAME}.table-procedure": (3, 2, 1.0, Level.FAMILIAR),
                       f"{GAME}.table-payouts": (3, 2, 1.0, Level.FAMILIAR),
                       f"{GAME}.table-watch": (3, 0, None, Level.LEARNING)}
    assert skills[f"{GAME}.table-procedure"].table.clean_text == "2 of 3 rounds clean"
    assert r.answer_total == len(s.answers(tid))  # the answers tab lists every step
    # a later period: nothing
    later = dash.load_trainee(s, tid, dash.Query(first_day=datetime.now().date().replace(year=2999)))
    assert later.table_round_total == 0 and later.table_rounds == () and later.table_summary == ()


def test_certification_and_weakest_skills_with_table_mode_skills(review, monkeypatch) -> None:
    from trainer.games import registry

    s, _lee = review
    quiz = {k.skill for k in registry.get_game(GAME).question_kinds()}
    listed = [sk.id for sk in registry.get_game(GAME).skills()]
    assert set(dash.table_skills(GAME)) <= set(listed) and not set(dash.table_skills(GAME)) & quiz
    # without a table mode, certification asks for the quiz skills only: a game stays certifiable
    monkeypatch.setattr(table_games, "table_module", lambda game_id: None)
    assert dash.certified_skills(GAME) == quiz & set(listed)
    monkeypatch.setattr(table_games, "table_module", lambda game_id: FakeTableMode if game_id == GAME else None)
    assert dash.certified_skills(GAME) == (quiz | set(dash.table_skills(GAME))) & set(listed)
    # a trainee right every time on every quiz skill: certified only once the table skills pass too
    t = s.add_trainee("Ann")
    stats = [dash.SkillStat(t.id, GAME, sk, 10, 10, 10, 10_000, "2025-01-01T00:00:00.000Z") for sk in quiz]
    [row] = dash.build_rows([t], {}, stats, stats, (GAME,), {})
    assert row.games[0].certification.status == dash.IN_PROGRESS
    assert row.games[0].certification.skills_total == len(quiz) + 3
    # table mode's steps are no answers to certify on: 10 steps, 9 right, change nothing
    table = [dash.SkillStat(t.id, GAME, sk, 10, 9, 9, 10_000, "2025-01-01T00:00:00.000Z")
             for sk in dash.table_skills(GAME)]
    [row] = dash.build_rows([t], {}, stats + table, stats + table, (GAME,), {})
    assert row.games[0].certification.status == dash.IN_PROGRESS
    assert row.games[0].certification.skills_passed == len(quiz)

    def rounds(n: int, clean: int) -> list[TableSkillFigures]:
        return [TableSkillFigures(t.id, GAME, sk, n, clean, clean, 60_000 * n, "2025-01-01T00:00:00.000Z",
                                  n, clean, clean) for sk in dash.table_skills(GAME)]

    # four clean rounds are too few (CERT_MIN_ROUNDS = 5); five with four clean pass at 80%
    [row] = dash.build_rows([t], {}, stats + table, stats + table, (GAME,), {}, rounds(4, 4))
    assert row.games[0].certification.status == dash.IN_PROGRESS
    [row] = dash.build_rows([t], {}, stats + table, stats + table, (GAME,), {}, rounds(5, 4))
    assert row.games[0].certification.status == dash.CERTIFIED
    [row85] = dash.build_rows([t], {}, stats, stats, (GAME,), {GAME: 85}, rounds(5, 4))
    assert row85.games[0].certification.text == f"{len(quiz)} of {len(quiz) + 3} skills at 85%"
    # the weakest skills are question skills: table skills are judged by rounds
    weak = dash.weakest_skills([row])
    assert weak and not {w.skill for w in weak} & set(dash.table_skills(GAME))
    monkeypatch.setattr(table_games, "table_module", lambda game_id: None)
    [row] = dash.build_rows([t], {}, stats, stats, (GAME,), {})
    assert row.games[0].certification.status == dash.CERTIFIED
    assert [sk.level for sk in row.games[0].skills if sk.skill in dash.table_skills(GAME)] == \
        [Level.NOT_STARTED] * 3


def test_the_dashboard_with_table_mode_answers(review, table_mode) -> None:
    s, _lee = review
    for name in ("Ann", "Ben"):
        play_rounds(s, name, 6)
    d = dash.load_dashboard(s, dash.Query())
    assert s.db.execute("SELECT COUNT(*) FROM answers").fetchone()[0] > 0
    # only table mode was practised: no question answered, nothing in the trend or the weakest
    # skills (table skills are judged by rounds); each trainee has 3 dealt and 3 watched rounds
    assert (d.answered, d.trend, d.weakest, d.active) == (0, (), (), 2)
    for t in d.trainees:
        [game] = [g for g in t.games if g.game_id == GAME]
        assert game.certification.status == dash.IN_PROGRESS
        assert [(sk.table.rounds, sk.table.clean) for sk in game.skills if sk.is_table] == [(3, 2), (3, 2), (3, 0)]
        assert t.skills_practised == 3


# -- exports ---------------------------------------------------------------------------------
def test_the_table_rounds_csv(review, tmp_path: Path, table_mode) -> None:
    s, _lee = review
    tid, _ = play_rounds(s, "Ann", 4)
    play_rounds(s, "Ben", 2)
    path = tmp_path / "rounds.csv"
    assert export.table_rounds_csv(s, path, trainee_id=tid) == 4
    with path.open(encoding="utf-8-sig", newline="") as f:
        rows = list(csv.DictReader(f))
    assert list(rows[0]) == export.TABLE_ROUND_HEADERS
    rounds = list(reversed(s.table_rounds(tid)))
    for row, r in zip(rows, rounds, strict=True):
        assert (row["round_id"], row["trainee"], row["game"]) == (r.id, "Ann", "Two Card Joker Poker")
        assert row["mode"] == {"deal": "Deal", "watch": "Watch"}[r.mode]
        assert row["level"] in ("Guided", "Practice")
        assert row["house_options"] == ("Dealing method: by hand" if r.options["method"] == "hand"
                                        else "Dealing method: from the shoe")
        assert int(row["procedure_errors"]) == r.procedure_errors and int(row["missed_calls"]) == r.missed_calls
        assert row["clean"] == ("yes" if r.clean else "no")
    wrong = next(row for row, r in zip(rows, rounds, strict=True) if r.procedure_errors)
    assert "Card face up/down: expected Deal seat 1 a card face down" in wrong["mistakes"]
    assert "(Demo rules §2(a))" in wrong["mistakes"] and "Wrong payout" in wrong["mistakes"]
    assert export.table_rounds_csv(s, tmp_path / "all.csv") == 6


def test_the_trainee_pdf_has_a_table_rounds_section(review, tmp_path: Path, table_mode, qapp) -> None:
    from tests.review.test_dashboard_and_exports import pdf_text

    s, _lee = review
    tid, _ = play_rounds(s, "Ann", 4)
    r = dash.load_trainee(s, tid, dash.Query())
    html = report.trainee_report_html(r)
    assert "Table rounds" in html and "Latest table rounds" in html
    path = tmp_path / "ann.pdf"
    report.trainee_pdf(r, path)
    _pages, text = pdf_text(path)
    flat = " ".join(text.split())
    assert "Table rounds" in flat and "1 procedure, 1 payout" in flat and "Card face up/down" in flat
    assert "caught" in flat and "Demo rules §2(a)" in flat
    # no rounds, no section
    plain = s.add_trainee("Ben")
    assert "Table rounds" not in report.trainee_report_html(dash.load_trainee(s, plain.id, dash.Query()))


# -- the demo ---------------------------------------------------------------------------------
def test_the_demo_deals_and_watches_real_rounds_of_the_games_with_a_table_mode(tmp_path: Path, table_mode) -> None:
    with Store.open(tmp_path / "demo.sqlite3") as s:
        _sup, summary = populate(s, DemoPlan(trainees=6, days=21, seed=3, pool=4, games=(GAME, "four-card")),
                                 now=NOW)
        assert summary.table_rounds_added == s.table_round_count() > 0
        rounds = s.table_rounds()
        assert {r.game_id for r in rounds} == {GAME} and {r.mode for r in rounds} == {"deal", "watch"}
        assert any(r.clean for r in rounds) and any(not r.clean for r in rounds)
        assert all(r.completed and len(r.action_ms) >= r.actions for r in rounds)
        table_answers = [a for t in s.trainees() for a in s.answers(t.id) if a.skill in dash.table_skills(GAME)]
        assert {a.skill for a in table_answers} == set(dash.table_skills(GAME))
        sessions = {r.session_id for r in rounds}
        assert {a.session_id for a in table_answers} == sessions
        for r in rounds:
            assert r.recorded_at <= NOW.isoformat().replace("+00:00", "Z")
    with Store.open(tmp_path / "none.sqlite3") as s:  # without table rounds: the same quiz answers
        _sup, plain = populate(s, DemoPlan(trainees=6, days=21, seed=3, pool=4, games=(GAME, "four-card"),
                                           table_rounds=False), now=NOW)
        assert plain.table_rounds_added == 0
        assert plain.answers_added == summary.answers_added - len(table_answers)


# -- the screen ---------------------------------------------------------------------------------
def test_the_trainee_review_shows_the_table_rounds(qtbot, review, table_mode) -> None:
    from trainer.ui.screens.dashboard_trainee import TraineeReviewScreen

    s, _lee = review
    tid, _ = play_rounds(s, "Ann", 4)
    r = dash.load_trainee(s, tid, dash.Query())
    screen = TraineeReviewScreen()
    qtbot.addWidget(screen)
    screen.resize(1280, 800)
    screen.show()
    screen.show_report(r)
    assert not screen.rounds_button.isVisible()  # nothing writes the CSV yet: no button
    asked = []
    screen.export_table_rounds_requested.connect(lambda: asked.append(True))
    screen.show_report(r)
    assert screen.rounds_button.isVisible() and screen.rounds_button.isEnabled()
    screen.rounds_button.click()
    assert asked == [True]
    panel = screen.table_panel
    tabs = screen.tabs
    assert tabs.tabText(tabs.indexOf(panel)) == "Table rounds (4)"
    tabs.setCurrentWidget(panel)
    summary = panel.summary_table
    assert summary.rowCount() == 2
    assert [summary.item(0, c).text() for c in (0, 1, 2, 4, 5)] == ["Two Card Joker Poker", "Deal", "2", "1", "1"]
    assert summary.item(1, 1).text() == "Watch" and summary.item(1, 7).text().endswith(
        f"of {r.table_summary[1].mistakes_made}")
    rounds = panel.rounds_table
    assert rounds.rowCount() == 4
    assert [rounds.item(0, c).text() for c in (1, 2, 3)] == ["Two Card Joker Poker", "Watch", "Practice"]
    newest_deal = next(n for n, x in enumerate(r.table_rounds) if x.mode == "deal")
    row = r.table_rounds[newest_deal]
    assert rounds.item(newest_deal, 4).text() == "7" and rounds.item(newest_deal, 5).text() == "1 procedure · 1 payout"
    assert rounds.item(newest_deal, 7).text() == "✗" and "/" in rounds.item(newest_deal, 6).text()
    newest_watch = next(n for n, x in enumerate(r.table_rounds) if x.mode == "watch")
    watch = r.table_rounds[newest_watch]
    assert rounds.item(newest_watch, 5).text() == (f"{watch.missed_calls} missed" if watch.missed_calls else "none")
    assert rounds.item(newest_watch, 5).toolTip() == f"{watch.missed_calls} missed · 0 false alarms"
    # a round's mistakes on selection: kind, what the rules call for, what was done, the rule
    rounds.selectRow(newest_deal)
    text = panel.detail.text()
    assert "Card face up/down" in text and "Deal seat 1 a card face down" in text
    assert "Wrong payout" in text and "Demo rules" in text and "Dealing method" in text
    assert row.mistakes[0].attempted.split(",")[0] in text
    rounds.selectRow(newest_watch)
    assert f"{watch.caught} of {watch.mistakes_made} caught" in panel.detail.text()
    if watch.missed_calls:
        assert "Mistake let pass" in panel.detail.text()
    clean = next(n for n, x in enumerate(r.table_rounds) if x.clean)
    rounds.selectRow(clean)
    assert "Clean round" in panel.detail.text() and rounds.item(clean, 7).text() == "✓"
    # no rounds: a message in place of the tables
    screen.show_report(dash.load_trainee(s, s.add_trainee("Ben").id, dash.Query()))
    assert panel.empty.isVisibleTo(screen) and not panel.rounds_table.isVisibleTo(screen)
    assert tabs.tabText(tabs.indexOf(panel)) == "Table rounds (0)"
