"""The store's figures of table mode's skills come from ``table_rounds``, filtered like
every dashboard figure (trainee, class, game, dates), and table mode's steps stay out of
every question figure the store gives (issue 12)."""

from __future__ import annotations

from pathlib import Path

import pytest

from trainer.store import AnswerFilter, Store
from trainer.contracts.question import CHOICE, Question
from trainer.contracts.question import AnswerResult
from trainer.contracts.round_record import DEAL_MODE, WATCH_MODE, RoundRecord

GAME, OTHER = "two-card-joker", "four-card"


def rec(game: str = GAME, mode: str = DEAL_MODE, *, ms: int = 1000, target: int = 6000, **kw) -> RoundRecord:
    base = {"level": "guided", "seed": 1, "options": {}, "actions": 4, "action_ms": [ms] * 4, "target_ms": target,
            "completed": True}
    return RoundRecord(game, mode, **{**base, **kw})


def step(skill: str, right: bool) -> AnswerResult:
    q = Question(game_id=skill.split(".")[0], skill=skill, kind=f"{skill}-step", seed=1, prompt="Next action?",
                 form=CHOICE, answer="Deal", explanation="Deal next.", citations=("Demo §1",),
                 options=("Deal", "Burn"))
    return AnswerResult(q, "Deal" if right else "Burn", right, 900)


@pytest.fixture
def store(tmp_path: Path):
    with Store.open(tmp_path / "s.sqlite3") as s:
        yield s


def test_figures_per_skill_from_the_rounds(store) -> None:
    s = store
    ann, ben = s.add_trainee("Ann"), s.add_trainee("Ben")
    sid = s.start_session(ann.id, GAME, seed=1, question_count=0, mode="drill")
    s.record_table_round(sid, ann.id, rec())  # clean, 4 s of a 6 s target
    s.record_table_round(sid, ann.id, rec(procedure_errors=1))  # a procedure error
    s.record_table_round(sid, ann.id, rec(payout_errors=2, ms=2000))  # payout errors, 8 s: late
    s.record_table_round(sid, ann.id, rec(level="learn", target=0))  # untimed: clean, not on time
    s.record_table_round(sid, ann.id, rec(completed=False, actions=9))  # left part-way
    s.record_table_round(sid, ann.id, rec(mode=WATCH_MODE, target=0, missed_calls=1))
    s.record_table_round(sid, ann.id, rec(mode=WATCH_MODE, target=0, caught=2, mistakes_made=2))
    s.record_table_round(sid, ann.id, rec(OTHER))
    bsid = s.start_session(ben.id, GAME, seed=1, question_count=0, mode="drill")
    s.record_table_round(bsid, ben.id, rec())
    got = {(x.trainee_id, x.skill): (x.rounds, x.clean, x.on_time, x.total_ms)
           for x in s.table_figures(AnswerFilter())}
    assert got == {
        # clean for procedure: 1st, 3rd, 4th; for payouts: 1st, 2nd, 4th; on time: 1st and 2nd
        (ann.id, f"{GAME}.table-procedure"): (5, 3, 2, 4000 + 4000 + 8000 + 4000 + 4000),
        (ann.id, f"{GAME}.table-payouts"): (5, 3, 2, 24_000),
        (ann.id, f"{GAME}.table-watch"): (2, 1, 0, 8000),
        (ann.id, f"{OTHER}.table-procedure"): (1, 1, 1, 4000),
        (ann.id, f"{OTHER}.table-payouts"): (1, 1, 1, 4000),
        (ben.id, f"{GAME}.table-procedure"): (1, 1, 1, 4000),
        (ben.id, f"{GAME}.table-payouts"): (1, 1, 1, 4000),
    }
    # filters: one trainee, one game, one skill, a class, a period
    assert {x.trainee_id for x in s.table_figures(AnswerFilter(trainee_id=ben.id))} == {ben.id}
    assert {x.game_id for x in s.table_figures(AnswerFilter(game_id=OTHER))} == {OTHER}
    assert [x.skill for x in s.table_figures(AnswerFilter(skill=f"{GAME}.table-watch"))] == [f"{GAME}.table-watch"]
    s.db.execute("INSERT INTO classes (name, created_at) VALUES ('Spring', '2024-01-01T00:00:00.000Z')")
    s.db.execute("INSERT INTO class_members (class_id, trainee_id, added_at) VALUES (1, ?, '2024-01-01')", [ben.id])
    assert {x.trainee_id for x in s.table_figures(AnswerFilter(class_id=1))} == {ben.id}
    assert s.table_figures(AnswerFilter(start="2999-01-01T00:00:00.000Z")) == []
    assert len(s.table_figures(AnswerFilter(end="2999-01-01T00:00:00.000Z"))) == 7
    # the mastery window: the newest watched round only (every mistake caught: clean)
    [w] = [x for x in s.table_figures(AnswerFilter(trainee_id=ann.id), window=1) if x.skill == f"{GAME}.table-watch"]
    assert (w.recent_rounds, w.recent_clean) == (1, 1)


def test_table_steps_are_in_the_log_but_in_no_question_figure(store) -> None:
    s = store
    t = s.add_trainee("Ann")
    quiz = s.start_session(t.id, GAME, seed=1, question_count=2)
    s.record_answer(quiz, t.id, step(f"{GAME}.hand-ranking", True))
    s.record_answer(quiz, t.id, step(f"{GAME}.hand-ranking", False))
    drill = s.start_session(t.id, GAME, seed=2, question_count=0, mode="drill")
    for n in range(40):
        s.record_answer(drill, t.id, step(f"{GAME}.table-procedure" if n % 4 else f"{GAME}.table-payouts", True))
    s.record_answer(drill, t.id, step(f"{GAME}.table-watch", True))
    s.record_table_round(drill, t.id, rec())
    assert len(s.answers(t.id)) == 43
    f = AnswerFilter(trainee_id=t.id)
    assert [(x.skill, x.answered, x.correct) for x in s.skill_stats(f)] == [(f"{GAME}.hand-ranking", 2, 1)]
    assert [(a.skill, r.answered) for a, r in s.skill_figures(f, 20)] == [(f"{GAME}.hand-ranking", 2)]
    assert sum(p.answered for p in s.trend(f, "day")) == 2
    assert [(r.skill, r.is_correct) for r in s.review_log(t.id)] == [(f"{GAME}.hand-ranking", True),
                                                                     (f"{GAME}.hand-ranking", False)]
    assert [(w.skill, w.answered) for w in s.skill_windows(t.id, 20)] == [(f"{GAME}.hand-ranking", 2)]
    progress = s.progress(t.id)
    assert [(p.skill, p.answered, p.correct, p.table is not None) for p in progress] == [
        (f"{GAME}.hand-ranking", 2, 1, False), (f"{GAME}.table-payouts", 0, 0, True),
        (f"{GAME}.table-procedure", 0, 0, True)]
    assert progress[2].table.clean_text == "1 of 1 round clean" and progress[2].mean_ms == 4000
    sessions = {x.id: (x.answered, x.correct, x.rounds, x.clean_rounds) for x in s.sessions(t.id)}
    assert sessions == {quiz: (2, 1, 0, 0), drill: (0, 0, 1, 1)}
    assert s.answer_count(AnswerFilter(trainee_id=t.id)) == 43  # the log keeps every step


def test_rounds_at_the_same_instant_in_the_order_recorded(store) -> None:
    """Rounds recorded at the same instant are newer the later they were recorded: the
    skills come in the order of each one's newest round and the mastery window holds the
    latest recorded, summed by SQLite as ``table_skill_figures`` sums them in Python."""
    from unittest import mock

    from trainer.contracts.measures import table_skill_figures

    s = store
    ann, ben = s.add_trainee("Ann"), s.add_trainee("Ben")
    sessions = {t.id: s.start_session(t.id, GAME, seed=1, question_count=0, mode="drill") for t in (ann, ben)}
    at = "2030-01-02T10:00:00.000Z"
    rounds = [(ann, rec(procedure_errors=1), "2030-01-01T10:00:00.000Z"), (ann, rec(), at),
              (ben, rec(payout_errors=1), at), (ann, rec(payout_errors=1, ms=2000), at),
              (ben, rec(OTHER), "2030-01-01T09:00:00.000Z"), (ben, rec(mode=WATCH_MODE, target=0), at)]
    for who, record, when in rounds:
        with mock.patch("trainer.store.table_rounds.utc_now", return_value=when):
            s.record_table_round(sessions[who.id], who.id, record)
    for window in (1, 2, 10):
        got = s.table_figures(AnswerFilter(), window)
        assert got == table_skill_figures(s.round_facts(AnswerFilter()), lambda g: tuple(
            f"{g}.{p}" for p in ("table-procedure", "table-payouts", "table-watch")), window)
        plain = Store(s.path, s.db)
        plain.use_summaries = False
        assert got == plain.table_figures(AnswerFilter(), window)
    got = s.table_figures(AnswerFilter(), window=1)
    # Ben's watched round was recorded last, then Ann's late round with a payout error,
    # then Ben's dealt round; Ben's four-card round is the oldest
    assert [(x.trainee_id, x.skill, x.rounds, x.clean, x.recent_rounds, x.recent_clean, x.recent_on_time)
            for x in got] == [
        (ben.id, f"{GAME}.table-watch", 1, 1, 1, 1, 0),
        (ann.id, f"{GAME}.table-procedure", 3, 2, 1, 1, 0),
        (ann.id, f"{GAME}.table-payouts", 3, 2, 1, 0, 0),
        (ben.id, f"{GAME}.table-procedure", 1, 1, 1, 1, 1),
        (ben.id, f"{GAME}.table-payouts", 1, 0, 1, 0, 1),
        (ben.id, f"{OTHER}.table-procedure", 1, 1, 1, 1, 1),
        (ben.id, f"{OTHER}.table-payouts", 1, 1, 1, 1, 1)]
    assert [x.last_at for x in got] == [at] * 5 + ["2030-01-01T09:00:00.000Z"] * 2
    assert [(x.on_time, x.total_ms) for x in got[1:3]] == [(2, 16_000)] * 2
