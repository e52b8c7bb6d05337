"""One session type, one recorder and one definition of the measures (issue 16)."""

from __future__ import annotations

import json

import pytest

from trainer.contracts.measures import (
    Accuracy,
    AnswerFigures,
    accuracy,
    percent,
    skill_title,
    speed_grade,
    target_ms,
    within_target,
)
from trainer.games import registry
from trainer.store import Store
from trainer.training.session import (
    DRILL,
    EXAM,
    LEARN,
    PRACTICE,
    SPEED,
    PlannedQuestion,
    Recorder,
    Session,
    SessionStart,
    game_plan,
    make_planned,
)


# -- measures -----------------------------------------------------------------------------------
def test_accuracy_is_a_ratio_of_counts_or_none_and_one_way_to_show_it():
    assert accuracy(5, 6) == 5 / 6
    assert accuracy(0, 4) == 0.0
    assert accuracy(0, 0) is None  # nothing answered: no accuracy, not 0%
    assert [percent(x) for x in (5 / 6, 1 / 8, 0.0, 1.0, None)] == ["83%", "12%", "0%", "100%", "—"]


def test_records_get_accuracy_speed_and_mean_time_from_their_counts():
    class Row(AnswerFigures):
        def __init__(self, answered, correct, on_target, total_ms):
            self.answered, self.correct, self.on_target, self.total_ms = answered, correct, on_target, total_ms

    row = Row(8, 6, 3, 50_001)
    assert (row.accuracy, row.speed, row.mean_ms) == (0.75, 0.375, 6_250)
    empty = Row(0, 0, 0, 0)
    assert (empty.accuracy, empty.speed, empty.mean_ms) == (0.0, 0.0, 0)
    assert issubclass(AnswerFigures, Accuracy)


def test_target_times_within_target_and_speed_grades():
    # choice 8 s; amounts and settle 10 s + 6 s a field; order 6 s + 4 s a step; anything else 15 s
    assert target_ms("choice") == 8_000
    assert target_ms("amounts", ["Seat 1", "Seat 2"]) == 22_000
    assert target_ms("settle", '["Ante", "Play", "Aces Up"]') == 28_000  # the fields as stored (JSON)
    assert target_ms("order", (), json.dumps(["a", "b", "c"])) == 18_000
    assert target_ms("drawing") == 15_000
    assert within_target(True, 8_000, 8_000) and not within_target(True, 8_001, 8_000)
    assert not within_target(False, 100, 8_000)  # a wrong answer is never on target
    assert [speed_grade(ms, 8_000) for ms in (4_000, 4_001, 8_000, 8_001)] == ["fast", "normal", "normal", "slow"]


def test_a_skill_title_comes_from_the_games_skill_in_one_capitalisation():
    skills = {s.id: s for g in ("winners-pot", "four-card") for s in registry.get_game(g).skills()}
    assert skill_title(skills["winners-pot.jacks-plus"]) == "Jacks Plus"  # the wager's name keeps its capitals
    assert skill_title(skills["four-card.side-bets"]) == "Progressive, Envy Bonus and Cover All"
    assert skill_title(skills["winners-pot.hand-ranking"]) == "Hand ranking"
    assert skill_title("Winner's Pot: the winner's pot") == "The winner's pot"
    assert skill_title("two-card-joker.unknown") == "two-card-joker.unknown"  # an id shown as it is


def test_the_quiz_screen_and_the_home_screen_name_a_skill_alike(qapp):
    from trainer.ui.screens.home_screen import game_infos
    from trainer.ui.screens.quiz_screen import skill_label

    home = {i.id: [s.title for s in i.skills] for i in game_infos() if i.available}
    assert "Jacks Plus" in home["winners-pot"] and skill_label("winners-pot.jacks-plus") == "Jacks Plus"
    for game_id, titles in home.items():
        ids = [s.id for s in registry.get_game(game_id).skills() if ".table-" not in s.id]
        assert [skill_label(i) for i in ids] == titles


# -- one session type ------------------------------------------------------------------------------
def test_a_quiz_is_a_session_of_its_games_plan():
    quiz = Session.quiz("two-card-joker", 4242, 6)
    assert quiz.plan == game_plan("two-card-joker", 4242, 6) and len(quiz.plan) == 6
    assert {q.game_id for q in quiz.plan} == {"two-card-joker"}
    kinds = [k.id for k in registry.get_game("two-card-joker").question_kinds()]
    assert len({q.kind for q in quiz.plan}) == 6 and all(q.kind in kinds for q in quiz.plan)  # 6 kinds, once each
    assert (quiz.mode, quiz.source, quiz.title, quiz.exam_id, quiz.game_id) == (PRACTICE, "game", None, None,
                                                                               "two-card-joker")
    assert quiz.start_record() == SessionStart("two-card-joker", 4242, 6, PRACTICE, "game", None)
    assert Session.quiz("two-card-joker", 4242, 6).plan == quiz.plan  # the seed replays it


def test_modes_set_feedback_and_timing_and_an_exam_records_its_exam():
    plan = [PlannedQuestion("four-card", registry.get_game("four-card").question_kinds()[0].id, 9)]
    assert [(m, Session(plan, 1, mode=m).feedback, Session(plan, 1, mode=m).timed)
            for m in (PRACTICE, LEARN, SPEED, EXAM)] == [(PRACTICE, True, True), (LEARN, True, False),
                                                         (SPEED, True, True), (EXAM, False, True)]
    exam = Session(plan, 31, mode=EXAM, source=EXAM, title="Week 3", exam_id="e1")
    assert exam.start_record() == SessionStart("four-card", 31, 1, EXAM, EXAM, "e1")
    with pytest.raises(ValueError):
        Session(plan, 1, mode=DRILL)  # a drill's steps come from the drill, not from a plan


# -- one recorder ----------------------------------------------------------------------------------
class Jobs:
    """A stand-in for the UI's worker: runs each job at once on the store, in order."""

    def __init__(self, store):
        self.store = store

    def submit(self, job, on_result=None, on_error=None):
        try:
            out = job(self.store)
        except Exception as e:  # the worker hands the message to on_error
            if on_error is None:
                raise
            on_error(str(e))
        else:
            if on_result is not None:
                on_result(out)


def test_the_recorder_writes_a_session_its_answers_in_order_and_its_end_once(tmp_path):
    saved, failed = [], []
    with Store.open(tmp_path / "r.sqlite3") as store:
        trainee = store.add_trainee("Robin")
        session = Session.quiz("four-card", 2024, 3)
        rec = Recorder(Jobs(store).submit, trainee.id, session.start_record(), on_saved=saved.append,
                       on_not_saved=lambda i, m: failed.append((i, m)))
        rec.start()
        first = session.current()
        results = [rec.answered(session.answer(first.answer, 5_000))]
        second = session.current()
        results.append(rec.answered(session.answer("not it", 9_000)))
        assert results == session.results and saved == [0, 1] and not failed
        assert rec.end() is True and rec.end() is False  # ended once
        (row,) = store.sessions(trainee.id)
        assert (row.id, row.game_id, row.mode, row.source, row.seed, row.question_count) == \
            (rec.id, "four-card", PRACTICE, "game", 2024, 3)
        assert (row.answered, row.correct) == (2, 1) and row.ended_at is not None
        newest, oldest = store.answers(trainee.id)
        assert (oldest.kind, oldest.seed, oldest.given, oldest.is_correct, oldest.response_ms) == \
            (first.kind, first.seed, first.answer, True, 5_000)
        assert (newest.kind, newest.given, newest.is_correct, newest.response_ms) == (second.kind, "not it", False,
                                                                                     9_000)
        assert oldest.target_ms == target_ms(first.form, first.fields, first.answer)
        # after its end the store refuses more answers: said to on_not_saved with the answer's index
        session2 = Session([PlannedQuestion("four-card", first.kind, 1)], 1)
        rec.answered(session2.answer(session2.current().answer, 1_000))
        assert failed and failed[0][0] == 2 and "has ended" in failed[0][1]


def test_a_drill_session_and_a_recorder_that_records_nothing(tmp_path):
    with Store.open(tmp_path / "d.sqlite3") as store:
        trainee = store.add_trainee("Sam")
        quiet = Recorder(Jobs(store).submit, trainee.id, SessionStart("winners-pot", 5, 0, DRILL), record=False)
        quiet.start()
        q = make_planned(PlannedQuestion("winners-pot", registry.get_game("winners-pot").question_kinds()[0].id, 3))
        from trainer.contracts.question import AnswerResult

        quiet.answered(AnswerResult(q, q.answer, True, 700))
        quiet.end()
        assert store.sessions(trainee.id) == [] and quiet.id is None
        drill = Recorder(Jobs(store).submit, trainee.id, SessionStart("winners-pot", 5, 0, DRILL))
        drill.start()
        drill.answered(AnswerResult(q, q.answer, True, 700))
        drill.end()
        (row,) = store.sessions(trainee.id)
        assert (row.mode, row.source, row.question_count, row.answered, row.correct) == (DRILL, "game", 0, 1, 1)
