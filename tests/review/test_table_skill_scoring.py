"""Table skills are scored by rounds, not steps (issue 12).

Each dealer action of a table mode round is kept in the answer log, but a round of forty
right steps is one round: it must not move a trainee's question accuracy anywhere (home,
My progress, the dashboard, certification, weakest skills, the daily practice schedule,
the summary CSV), and a table skill's accuracy, speed and mastery come from its rounds
(``trainer.contracts.measures``). The rounds here are real rounds of Two Card Joker Poker's
table mode, dealt through ``DealerRound`` exactly as the screen deals them."""

from __future__ import annotations

import csv
from datetime import datetime, timezone
from pathlib import Path

import pytest

from trainer.games import registry
from trainer.review import dashboard as dash
from trainer.review import export, report
from trainer.store import Store
from trainer.contracts.measures import Level
from trainer.training.practice import practice_overview
from trainer.contracts.question import AnswerResult
from trainer.training.session import make_question
from trainer.core.table.actions import PAY
from trainer.training.table_mode.actions import Attempt
from trainer.training.table_mode.games import deal_round, watch_round
from trainer.core.table.levels import level
from trainer.core.table.script import RoundConfig

GAME = "two-card-joker"
PROCEDURE, PAYOUTS, WATCH = f"{GAME}.table-procedure", f"{GAME}.table-payouts", f"{GAME}.table-watch"
TABLE = (PROCEDURE, PAYOUTS, WATCH)


@pytest.fixture
def store(tmp_path: Path):
    with Store.open(tmp_path / "t.sqlite3") as s:
        yield s


def quiz_answers(s: Store, trainee_id: int, right: int, wrong: int) -> None:
    """``right`` + ``wrong`` answers of the game's first quiz skill, 3 s each."""
    kinds = [k for k in registry.get_game(GAME).question_kinds()]
    kind = kinds[0]
    sid = s.start_session(trainee_id, GAME, seed=7, question_count=right + wrong)
    for n in range(right + wrong):
        q = make_question(kind, 1000 + n)
        s.record_answer(sid, trainee_id, AnswerResult(q, q.answer, n < right, 3000))
    s.end_session(sid)


def deal(s: Store, trainee_id: int, *, seed: int = 1, lv: str = "table-ready", step_ms: int = 1000,
         procedure_error: bool = False, payout_error: bool = False, leave_after: int | None = None) -> object:
    """One real round dealt in a drill session, its steps and its round stored as the
    screen stores them; optionally one wrong step first, or one wrong payout amount."""
    sid = s.start_session(trainee_id, GAME, seed=seed, question_count=0, mode="drill")
    play = deal_round(RoundConfig(GAME, seed, level(lv), {}))
    if procedure_error:
        play.attempt(Attempt(PAY, 1, "ante", amount=1), 500)  # paying before the cut: a wrong step
    paid_wrong = False
    done = 0
    while not play.finished and (leave_after is None or done < leave_after):
        action = play.next_action()
        if payout_error and action.verb == PAY and not paid_wrong:
            play.attempt(Attempt(PAY, action.seat, action.spot, amount=action.amount + 100), 500)
            paid_wrong = True
        play.perform_next(step_ms)
        done += 1
    for result in play.results:
        s.record_answer(sid, trainee_id, result)
    s.record_table_round(sid, trainee_id, play.record)
    s.end_session(sid)
    return play


def watch(s: Store, trainee_id: int, *, seed: int = 3, catch_all: bool = True) -> object:
    """One real watched round: every mistake stopped (rule and remedy named right), or
    every mistake let pass."""
    sid = s.start_session(trainee_id, GAME, seed=seed, question_count=0, mode="drill")
    play = watch_round(RoundConfig(GAME, seed, level("practice"), {}))
    while not play.finished:
        if catch_all and play.current().mistake is not None:
            play.stop(900)
            while play.pending:
                play.answer(play.pending[0].answer, 1500)
        play.proceed(800)
    for result in play.results:
        s.record_answer(sid, trainee_id, result)
    s.record_table_round(sid, trainee_id, play.record)
    s.end_session(sid)
    return play


def figures(s: Store, tid: int) -> dict:
    """What each screen shows for the trainee's question accuracy."""
    progress = s.progress(tid)
    d = dash.load_dashboard(s, dash.Query())
    [row] = [t for t in d.trainees if t.trainee.id == tid]
    r = dash.load_trainee(s, tid, dash.Query())
    [game] = [g for g in row.games if g.game_id == GAME]
    return {
        "home": (sum(p.answered for p in progress), sum(p.correct for p in progress)),
        "sessions": [(x.answered, x.correct) for x in s.sessions(tid) if x.answered],
        "dashboard": (d.answered, d.correct, round(d.accuracy, 4), d.on_target),
        "trend": sum(p.answered for p in d.trend),
        "row": (row.answered, row.correct, row.speed),
        "game": (game.answered, game.correct, game.certification),
        "trainee": (r.row.answered, r.row.correct, sum(p.answered for p in r.trend)),
        "weakest": [(w.skill, w.answered, w.correct) for w in d.weakest],
        "review_log": [(x.skill, x.is_correct) for x in s.review_log(tid)],
        "windows": [(w.skill, w.answered, w.correct) for w in s.skill_windows(tid, 20)],
    }


# -- one round of 40+ right steps ----------------------------------------------------------
def test_one_round_of_forty_right_steps_leaves_the_question_accuracy_alone(store, tmp_path) -> None:
    s = store
    t = s.add_trainee("Ann")
    quiz_answers(s, t.id, right=8, wrong=2)  # 80%
    before = figures(s, t.id)
    assert before["home"] == (10, 8) and before["dashboard"][:3] == (10, 8, 0.8) and before["trend"] == 10
    play = deal(s, t.id)
    steps = len(play.results)
    assert steps == 42 and all(r.correct for r in play.results) and play.record.clean
    assert len(s.answers(t.id)) == 10 + steps  # every step is kept in the log
    after = figures(s, t.id)
    assert after == before
    # the table skills show the round, as a round
    table = {p.skill: p.table for p in s.progress(t.id) if p.table is not None}
    assert set(table) == {PROCEDURE, PAYOUTS}
    assert table[PROCEDURE].clean_text == "1 of 1 round clean" and table[PROCEDURE].speed_text == "1 of 1 round on time"
    assert [p.answered for p in s.progress(t.id) if p.table is not None] == [0, 0]
    # the drill session shows its round, not 42 / 42
    [drill, _quiz] = s.sessions(t.id)
    assert (drill.answered, drill.correct, drill.rounds, drill.clean_rounds) == (0, 0, 1, 1)
    # the daily practice schedules no table skill
    overview = practice_overview(s.review_log(t.id), s.skill_windows(t.id, 20), [], datetime.now(timezone.utc),
                                 [GAME])
    assert not set(overview.states) & set(TABLE) and not set(overview.mastery) & set(TABLE)
    # the summary CSV: table rows count no answers, their rounds by themselves
    d = dash.load_dashboard(s, dash.Query())
    path = tmp_path / "summary.csv"
    export.summary_csv(d, path)
    with path.open(encoding="utf-8-sig", newline="") as f:
        rows = {r["skill"]: r for r in csv.DictReader(f)
                if r["trainee"] == "Ann" and r["game"] == registry.title_of(GAME)}
    proc = rows[registry.skill_title(PROCEDURE).split(": ", 1)[1].capitalize()]
    assert (proc["answered"], proc["correct"], proc["rounds"], proc["clean_rounds"], proc["accuracy_pct"]) == \
        ("0", "0", "1", "1", "100")
    assert sum(int(r["answered"]) for r in rows.values()) == 10


def test_certification_is_not_reached_by_steps(store) -> None:
    """Every quiz skill passed: the game waits on the table skills' rounds (5 each), never
    on their steps, however many are right."""
    s = store
    t = s.add_trainee("Bo")
    kinds = {}
    for k in registry.get_game(GAME).question_kinds():
        kinds.setdefault(k.skill, k)
    sid = s.start_session(t.id, GAME, seed=1, question_count=0)
    for n, kind in enumerate(kinds.values()):
        for i in range(5):
            q = make_question(kind, 100 * n + i)
            s.record_answer(sid, t.id, AnswerResult(q, q.answer, True, 2000))
    s.end_session(sid)
    for seed in range(1, 4):
        deal(s, t.id, seed=seed)
    [game] = dash.load_trainee(s, t.id, dash.Query()).row.games
    rows = {sk.skill: sk for sk in game.skills}
    assert game.certification.status == dash.IN_PROGRESS
    assert game.certification.skills_passed == game.certification.skills_total - 3
    assert (rows[PROCEDURE].table.rounds, rows[PROCEDURE].level) == (3, Level.PROFICIENT)


# -- mastery by rounds ---------------------------------------------------------------------
def test_three_rounds_with_errors_never_show_mastered(store) -> None:
    s = store
    t = s.add_trainee("Cy")
    for seed in (1, 2, 4):  # each round: one wrong step and one wrong payout among ~45 right
        deal(s, t.id, seed=seed, procedure_error=True, payout_error=True)
    steps = [a for a in s.answers(t.id) if a.skill in TABLE]
    assert len(steps) > 100 and sum(a.is_correct for a in steps) / len(steps) > 0.9
    d = dash.load_dashboard(s, dash.Query())
    [row] = d.trainees
    [game] = [g for g in row.games if g.game_id == GAME]
    rows = {sk.skill: sk for sk in game.skills}
    assert [rows[skill].level for skill in TABLE] == [Level.LEARNING, Level.LEARNING, Level.NOT_STARTED]
    for skill in (PROCEDURE, PAYOUTS):
        x = rows[skill].table
        assert (x.rounds, x.clean, x.on_time, x.accuracy, x.speed) == (3, 0, 3, 0.0, 1.0)
        assert x.clean_text == "0 of 3 rounds clean"
        assert rows[skill].level == Level.LEARNING
    assert rows[WATCH].level == Level.NOT_STARTED and rows[WATCH].table is None
    progress = {p.skill: p for p in s.progress(t.id)}
    assert progress[PROCEDURE].table.level == Level.LEARNING
    trainee = {sk.skill: sk for g in dash.load_trainee(s, t.id, dash.Query()).row.games for sk in g.skills}
    assert trainee[PROCEDURE].level == Level.LEARNING
    assert game.mastered == 0


def test_clean_rounds_on_time_are_mastered_with_exact_figures(store) -> None:
    s = store
    t = s.add_trainee("Di")
    for seed in range(1, 5):
        deal(s, t.id, seed=seed)

    def skills():
        [game] = dash.load_trainee(s, t.id, dash.Query()).row.games
        return {sk.skill: sk for sk in game.skills}

    four = skills()
    assert (four[PROCEDURE].table.rounds, four[PROCEDURE].level) == (4, Level.PROFICIENT)  # 5 rounds to master
    deal(s, t.id, seed=5)
    five = skills()
    assert five[PROCEDURE].level == five[PAYOUTS].level == Level.MASTERED
    assert five[PROCEDURE].table.clean_text == "5 of 5 rounds clean"
    # one round with a wrong payout: payouts 5 of 6 clean (83%: Proficient), procedure still clean
    deal(s, t.id, seed=6, payout_error=True)
    six = skills()
    assert (six[PAYOUTS].table.clean, six[PAYOUTS].table.rounds, six[PAYOUTS].level) == (5, 6, Level.PROFICIENT)
    assert (six[PROCEDURE].table.clean, six[PROCEDURE].level) == (6, Level.MASTERED)
    # a slow round (over the Table-ready target of 2.5 s an action) is clean but not on time
    deal(s, t.id, seed=7, step_ms=3000)
    seven = skills()[PROCEDURE].table
    assert (seven.rounds, seven.clean, seven.on_time, seven.speed_text) == (7, 7, 6, "6 of 7 rounds on time")


def test_untimed_learn_rounds_reach_familiar_at_most(store) -> None:
    s = store
    t = s.add_trainee("Ed")
    for seed in range(1, 6):
        deal(s, t.id, seed=seed, lv="learn")
    x = {p.skill: p.table for p in s.progress(t.id) if p.table is not None}[PROCEDURE]
    assert (x.rounds, x.clean, x.on_time, x.speed, x.level) == (5, 5, 0, 0.0, Level.FAMILIAR)


def test_watch_rounds_a_round_left_part_way_and_the_window(store) -> None:
    s = store
    t = s.add_trainee("Flo")
    for seed in (3, 4, 5, 6, 7):
        watch(s, t.id, seed=seed)
    x = {p.skill: p.table for p in s.progress(t.id) if p.table is not None}[WATCH]
    assert (x.rounds, x.clean, x.speed, x.speed_text, x.level) == (5, 5, None, "untimed", Level.MASTERED)
    watch(s, t.id, seed=8, catch_all=False)
    x = {p.skill: p.table for p in s.progress(t.id) if p.table is not None}[WATCH]
    assert (x.rounds, x.clean, x.level) == (6, 5, Level.PROFICIENT)
    # a dealt round left after 3 actions counts, and is not clean
    deal(s, t.id, seed=1, leave_after=3)
    table = {p.skill: p.table for p in s.progress(t.id) if p.table is not None}
    assert (table[PROCEDURE].rounds, table[PROCEDURE].clean, table[PROCEDURE].on_time) == (1, 0, 0)


def test_the_levels_and_the_window() -> None:
    from trainer.contracts.measures import TableSkillFigures, table_mastery_level, table_skill_figures

    assert table_mastery_level(0, 0, 0) == Level.NOT_STARTED
    assert table_mastery_level(3, 3, 3) == Level.PROFICIENT  # three rounds never make Mastered
    assert table_mastery_level(5, 5, 4) == Level.MASTERED
    assert table_mastery_level(5, 5, 3) == Level.PROFICIENT  # 60% on time
    assert table_mastery_level(5, 5, 2) == Level.FAMILIAR
    assert table_mastery_level(10, 9, 8) == Level.MASTERED
    assert table_mastery_level(10, 8, 10) == Level.PROFICIENT
    assert table_mastery_level(5, 3, 5) == Level.FAMILIAR
    assert table_mastery_level(5, 2, 5) == Level.LEARNING
    assert table_mastery_level(5, 5, 0, timed=False) == Level.MASTERED

    class R:
        def __init__(self, at: str, errors: int) -> None:
            self.trainee_id, self.game_id, self.mode, self.recorded_at = 1, GAME, "deal", at
            self.completed, self.procedure_errors, self.payout_errors = 1, errors, 0
            self.missed_calls = self.false_calls = 0
            self.total_ms, self.target_ms = 30_000, 60_000

    # 12 rounds newest first: the 10 newest clean, the 2 oldest not: Mastered on the window
    rounds = [R(f"2026-01-{31 - n:02d}", 0 if n < 10 else 1) for n in range(12)]
    [proc, pay] = table_skill_figures(rounds, lambda g: (f"{g}.table-procedure", f"{g}.table-payouts",
                                                         f"{g}.table-watch"))
    assert (proc.skill, proc.rounds, proc.clean, proc.recent_rounds, proc.recent_clean) == (PROCEDURE, 12, 10, 10, 10)
    assert proc.level == Level.MASTERED and proc.last_at == "2026-01-31" and proc.mean_round_ms == 30_000
    assert (pay.skill, pay.clean) == (PAYOUTS, 12)
    assert TableSkillFigures(1, GAME, PROCEDURE, 5, 3, 2, 0, "", 5, 3, 2).clean_text == "3 of 5 rounds clean"


def test_the_reports_show_table_skills_as_rounds(store, qapp) -> None:
    s = store
    t = s.add_trainee("Gus")
    quiz_answers(s, t.id, right=3, wrong=1)
    for seed in (1, 2, 4):
        deal(s, t.id, seed=seed, procedure_error=seed == 2)
    r = dash.load_trainee(s, t.id, dash.Query())
    html = report.trainee_report_html(r)
    assert "2 of 3 clean" in html and "3 of 3 clean" in html and "3 rounds" in html
    d = dash.load_dashboard(s, dash.Query())
    assert d.answered == 4 and d.correct == 3


# -- the screens ---------------------------------------------------------------------------------
def tree_rows(tree) -> dict[str, list[str]]:
    """Every row of a QTreeWidget by its first cell (later rows of the same title win)."""
    out = {}

    def walk(item):
        out[item.text(0)] = [item.text(c) for c in range(tree.columnCount())]
        for i in range(item.childCount()):
            walk(item.child(i))

    for i in range(tree.topLevelItemCount()):
        walk(tree.topLevelItem(i))
    return out


def test_home_progress_and_the_dashboards_show_questions_and_rounds_apart(store, qtbot) -> None:
    from trainer.ui.screens.dashboard_screen import DashboardScreen
    from trainer.ui.screens.dashboard_trainee import TraineeReviewScreen
    from trainer.ui.screens.home_screen import RecordCard
    from trainer.ui.screens.progress_screen import ProgressScreen

    s = store
    t = s.add_trainee("Ann")
    quiz_answers(s, t.id, right=8, wrong=2)
    deal(s, t.id, seed=1)
    deal(s, t.id, seed=2, procedure_error=True)
    progress, sessions = s.progress(t.id), s.sessions(t.id)

    card = RecordCard()
    qtbot.addWidget(card)
    card.show_record(progress, sessions)
    assert (card.values["answered"].text(), card.values["accuracy"].text(), card.values["sessions"].text()) == \
        ("10", "80%", "3")
    assert "1 / 2 rounds clean" not in card.recent.text()  # one round per session
    assert card.recent.text().count("1 / 1 rounds clean") == 1 and "0 / 1 rounds clean" in card.recent.text()
    assert "8 / 10" in card.recent.text()

    screen = ProgressScreen()
    qtbot.addWidget(screen)
    screen.resize(1400, 800)
    screen.show_progress("Ann", progress, sessions)
    assert (screen.answered_value.text(), screen.accuracy_value.text()) == ("10", "80%")
    table = screen.skills_table
    rows = {table.item(r, 1).text(): [table.item(r, c).text() for c in range(2, 6)] for r in range(table.rowCount())
            if table.item(r, 0) is not None and registry.title_of(GAME) in (table.item(r, 0).toolTip() or "")}
    assert rows["Table procedure"][:2] == ["2 rounds", "1 of 2 clean"]
    assert rows["Table payouts"][:2] == ["2 rounds", "2 of 2 clean"]
    assert rows["Spot the error"][:2] == ["0", "—"]
    scores = [screen.sessions_table.item(r, 2).text() for r in range(screen.sessions_table.rowCount())]
    assert scores == ["0 / 1 rounds", "1 / 1 rounds", "8 / 10"]

    r = dash.load_trainee(s, t.id, dash.Query())
    review = TraineeReviewScreen()
    qtbot.addWidget(review)
    review.show_report(r)
    assert review.values["answers"].text() == "10" and review.values["accuracy"].text() == "80%"
    skills = tree_rows(review.skills_tree)
    assert skills["Table procedure"][1:3] == ["2 rounds", "1 of 2"]
    assert skills["Table payouts"][1:3] == ["2 rounds", "2 of 2"]
    assert skills["Table procedure"][5].endswith(Level.LEARNING.title)  # 50% clean: Learning
    proc = next(review.skills_tree.topLevelItem(0).child(i) for i in range(review.skills_tree.topLevelItem(0)
                                                                              .childCount())
                if review.skills_tree.topLevelItem(0).child(i).text(0) == "Table procedure")
    assert proc.toolTip(2) == "1 of 2 rounds clean; 2 of 2 rounds on time"

    d = dash.load_dashboard(s, dash.Query())
    board = DashboardScreen()
    qtbot.addWidget(board)
    board.show_dashboard(d)
    rows = tree_rows(board.tree)
    assert rows["Ann"][1:3] == ["10", "80%"]
    assert rows["Table payouts"][1:3] == ["2 rounds", "2 of 2"]
