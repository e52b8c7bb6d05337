"""The daily queue, my mistakes, planned sessions and exams: every game of the registry."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

import trainer
from trainer.games import registry
from trainer.training import exams
from trainer.training.exams import ExamError, ExamSpec, exam_file_text, exam_plan, new_spec, read_exam_file
from trainer.store.store import new_signing_key
from trainer.training.practice import (
    AHEAD,
    DUE,
    NEW,
    daily_queue,
    mistakes_plan,
    practice_skills,
    queue_plan,
)
from trainer.training.session import LEARN, MIXED, PlannedQuestion, Session, make_planned
from trainer.training.scheduler import FsrsScheduler, Review

NOW = datetime(2025, 6, 2, 9, 0, tzinfo=timezone.utc)
GAMES = tuple(g.id for g in registry.available_games())


def test_practice_skills_cover_every_available_game() -> None:
    refs = practice_skills()
    assert {r.game_id for r in refs} == set(GAMES)
    for g in registry.available_games():
        kinds = {k.skill for k in g.question_kinds()}
        assert [r.skill for r in refs if r.game_id == g.id] == [s.id for s in g.skills() if s.id in kinds]
    assert {r.game_id for r in practice_skills([GAMES[0]])} == {GAMES[0]}


def test_daily_queue_due_first_then_new_then_ahead() -> None:
    refs = practice_skills([GAMES[0]])
    s = FsrsScheduler()
    a, b, c = refs[0].skill, refs[1].skill, refs[2].skill
    log = [Review(a, NOW - timedelta(days=3), False, 9000, 8000),  # wrong 3 days ago: due
           Review(b, NOW - timedelta(days=3), True, 3000, 8000),  # right and fast: not due for days
           Review(c, NOW - timedelta(days=20), True, 6000, 8000)]  # right long ago: due, likely forgotten
    states = s.states(log, NOW)
    queue = daily_queue(refs, states, NOW, new_limit=2)
    assert [(q.ref.skill, q.reason) for q in queue[:2]] in ([(c, DUE), (a, DUE)], [(a, DUE), (c, DUE)])
    assert queue[0].state.retrievability <= queue[1].state.retrievability
    assert [q.reason for q in queue[2:]] == [NEW, NEW]
    assert b not in [q.ref.skill for q in queue]
    # everything practised and nothing due: practise ahead, soonest first
    fresh = [Review(r.skill, NOW - timedelta(hours=1), True, 3000, 8000) for r in refs]
    ahead = daily_queue(refs, s.states(fresh, NOW), NOW, ahead=3)
    assert [q.reason for q in ahead] == [AHEAD] * 3


def test_queue_plan_is_a_function_of_the_seed_and_covers_the_queue() -> None:
    refs = [r for g in GAMES for r in practice_skills([g])[:2]]
    queue = daily_queue(refs, {}, NOW, new_limit=len(refs))
    plan = queue_plan(queue, 12, seed=99)
    assert plan == queue_plan(queue, 12, seed=99)
    assert plan != queue_plan(queue, 12, seed=100)
    assert len(plan) == 12
    asked = {make_planned(q).skill for q in plan}
    assert asked == {r.skill for r in refs}
    assert queue_plan([], 10, 1) == []


def test_planned_session_runs_questions_of_several_games() -> None:
    plan = [PlannedQuestion(g, registry.get_game(g).question_kinds()[0].id, 1000 + n) for n, g in enumerate(GAMES)]
    session = Session(plan, seed=5, source="daily", title="Daily practice")
    assert session.game_id == (MIXED if len(GAMES) > 1 else GAMES[0])
    assert session.count == len(GAMES)
    first = session.current()
    assert first.game_id == GAMES[0] and session.current() is first
    wrong = "definitely not an answer"
    result = session.answer(wrong, 1234)
    assert not result.correct and result.response_ms == 1234
    while not session.finished:
        q = session.current()
        session.answer(q.answer, 500)
    assert session.current() is None
    summary = session.summary()
    assert (summary.answered, summary.correct, len(summary.missed)) == (len(GAMES), len(GAMES) - 1, 1)
    with pytest.raises(RuntimeError):
        session.show_me()
    learn = Session(plan, seed=5, mode=LEARN)
    shown = learn.show_me(2000)
    assert shown.given == "" and not shown.correct
    with pytest.raises(ValueError):
        Session([], seed=1)


def test_mistakes_plan_replays_the_very_questions() -> None:
    class Wrong:
        def __init__(self, game_id, kind, seed):
            self.game_id, self.kind, self.seed = game_id, kind, seed

    kind = registry.get_game(GAMES[0]).question_kinds()[1]
    mistakes = [Wrong(GAMES[0], kind.id, 77), Wrong(GAMES[0], kind.id, 77), Wrong(GAMES[0], "gone.kind", 5),
                Wrong("no-such-game", "x.y", 1), Wrong(GAMES[0], kind.id, 78)]
    plan = mistakes_plan(mistakes)
    assert plan == [PlannedQuestion(GAMES[0], kind.id, 77), PlannedQuestion(GAMES[0], kind.id, 78)]
    from trainer.training.session import make_question

    assert make_planned(plan[0]) == make_question(kind, 77)


# -- exams ----------------------------------------------------------------------------
def spec(**kw) -> ExamSpec:
    base = dict(title="Midterm", games=GAMES, question_count=30, time_limit_s=900, pass_mark=75, seed=4242,
                class_name="Spring class", created_by="Ms Lee")
    base.update(kw)
    return new_spec(**base)


def test_an_exam_asks_the_same_questions_for_the_same_definition() -> None:
    a, b = spec(), spec()
    assert a.id != b.id  # two exams, same questions
    assert exam_plan(a) == exam_plan(b)
    assert exams.fingerprint(a) == exams.fingerprint(b)
    assert exam_plan(spec(seed=4243)) != exam_plan(a)
    plan = exam_plan(a)
    assert len(plan) == 30 and len({(q.kind, q.seed) for q in plan}) == 30
    assert {q.game_id for q in plan} == set(GAMES)  # every game has its share
    session = exams.exam_session(a)
    assert session.mode == "exam" and session.exam_id == a.id and session.title == "Midterm"
    assert [q.prompt for q in session.questions()] == [make_planned(q).prompt for q in plan]


STATION = r"""
import json, sys
from trainer.training.exams import read_exam_file
spec, fp = read_exam_file(open(sys.argv[1], "rb").read())
from trainer.training.exams import exam_session
s = exam_session(spec)
print(json.dumps([[q.kind, q.seed, q.prompt, q.answer] for q in s.questions()]))
"""


def test_two_stations_get_the_same_questions_from_the_exam_file(tmp_path: Path) -> None:
    exam = spec(question_count=12)
    path = tmp_path / f"midterm{exams.FILE_SUFFIX}"
    path.write_text(exam_file_text(exam, signing_key=KEY), encoding="utf-8")
    outputs = []
    for hash_seed in ("1", "2"):  # two separate processes, as on two stations
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        run = subprocess.run([sys.executable, "-c", STATION, str(path)], capture_output=True, text=True, env=env,
                             check=True)
        outputs.append(json.loads(run.stdout))
    assert outputs[0] == outputs[1]
    here = [[q.kind, q.seed, q.prompt, q.answer] for q in exams.exam_session(exam).questions()]
    assert outputs[0] == here and len(here) == 12


def test_the_exam_file_round_trip_and_its_checks(tmp_path: Path) -> None:
    exam = spec(skills=tuple(s.id for g in GAMES for s in registry.get_game(g).skills()[:2]))
    text = exam_file_text(exam, signing_key=KEY)
    doc = json.loads(text)
    assert doc["format"] == "dealer-trainer/exam" and doc["format_version"] == 2
    assert doc["app_version"] == trainer.__version__
    back, fp = read_exam_file(text.encode())
    assert back == exam and fp == exams.fingerprint(exam)

    with pytest.raises(ExamError, match="not a Dealer Trainer exam file"):
        read_exam_file(b"\x89PNG\r\n binary")
    with pytest.raises(ExamError, match="not a Dealer Trainer exam file"):
        read_exam_file(json.dumps({"format": "something-else"}))
    newer = {**doc, "format_version": 3, "app_version": "9.0.0"}
    with pytest.raises(ExamError, match=r"newer version of Dealer Trainer \(9.0.0\).*format 3"):
        read_exam_file(json.dumps(newer))
    broken = resign({**doc, "exam": {**doc["exam"], "question_count": "many"}})
    with pytest.raises(ExamError, match="damaged.*question count"):
        read_exam_file(json.dumps(broken))
    with pytest.raises(ExamError, match="damaged.*fingerprint"):
        read_exam_file(json.dumps(resign({**doc, "fingerprint": None})))
    other = resign({**doc, "exam": {**doc["exam"], "seed": exam.seed + 1}})  # other questions
    with pytest.raises(ExamError, match="differ from the ones the exam was made with"):
        read_exam_file(json.dumps(other))
    unknown = resign({**doc, "exam": {**doc["exam"], "games": ["pokette-deluxe"]}})
    with pytest.raises(ExamError, match="this station does not have"):
        read_exam_file(json.dumps(unknown))


KEY = new_signing_key()


def resign(doc: dict, key: bytes = KEY) -> dict:
    """A file edited and signed again (as only the holder of ``key`` can)."""
    from nacl.signing import SigningKey

    body = {k: v for k, v in doc.items() if k != "signature"}
    sk = SigningKey(key)
    body["public_key"] = bytes(sk.verify_key).hex()
    signed = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    return {**body, "signature": sk.sign(signed).signature.hex()}


ALTERED = "has been altered since the instructor exported it"


@pytest.mark.parametrize("change", [
    {"time_limit_s": 4 * 3600},  # issue 14: 20 min made 4 h
    {"pass_mark": 1},  # 75% made 1%
    {"question_count": 3},
    {"title": "Midterm (easy)"},
])
def test_an_altered_exam_file_is_refused_with_one_clear_message(change) -> None:
    doc = json.loads(exam_file_text(spec(), signing_key=KEY))
    with pytest.raises(ExamError) as e:
        read_exam_file(json.dumps({**doc, "exam": {**doc["exam"], **change}}))
    assert ALTERED in str(e.value)


def test_the_exam_file_signature_is_an_ed25519_signature_of_the_supervisors_key() -> None:
    from nacl.signing import VerifyKey

    exam = spec()
    doc = json.loads(exam_file_text(exam, signing_key=KEY))
    assert doc["public_key"] == exams.public_key_of(KEY) and len(bytes.fromhex(doc["signature"])) == 64
    body = {k: v for k, v in doc.items() if k != "signature"}
    VerifyKey(bytes.fromhex(doc["public_key"])).verify(
        json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode(),
        bytes.fromhex(doc["signature"]))
    # a fingerprint recomputed by anyone (the old plain hash) does not make an edit pass
    edited = {**doc, "exam": {**doc["exam"], "pass_mark": 1}}
    with pytest.raises(ExamError, match=ALTERED):
        read_exam_file(json.dumps({**edited, "fingerprint": exams.fingerprint(exam)}))
    for missing in ("signature", "public_key"):
        with pytest.raises(ExamError, match=ALTERED):
            read_exam_file(json.dumps({k: v for k, v in doc.items() if k != missing}))
    # another key's signature over the same body does not verify either
    forged = {**doc, "signature": resign(doc, new_signing_key())["signature"]}
    with pytest.raises(ExamError, match=ALTERED):
        read_exam_file(json.dumps(forged))
    # an unsigned file of format 1 is refused: it could be anything
    old = {k: v for k, v in doc.items() if k not in ("signature", "public_key")}
    with pytest.raises(ExamError, match="unsigned exam file"):
        read_exam_file(json.dumps({**old, "format_version": 1}))


def test_a_sealed_exam_file_reveals_nothing_without_its_start_code() -> None:
    exam = spec(question_count=6)
    code = exams.new_start_code()
    assert len(code) == 8 and set(code) <= set(exams.START_CODE_ALPHABET)
    text = exam_file_text(exam, signing_key=KEY, start_code=code)
    doc = json.loads(text)
    assert "exam" not in doc and "fingerprint" not in doc and set(doc["sealed"]) == {"kdf", "salt", "n", "r", "p",
                                                                                     "box"}
    for secret in (exam.title, str(exam.seed), exam.id, exams.fingerprint(exam), "Spring class"):
        assert secret not in text
    assert exams.is_sealed(text)
    with pytest.raises(exams.StartCodeNeeded) as e:
        read_exam_file(text)
    assert not e.value.wrong
    with pytest.raises(exams.StartCodeNeeded, match="not the one of this exam") as e:
        read_exam_file(text, start_code="ACDEFGHJ" if code != "ACDEFGHJ" else "ACDEFGHK")
    assert e.value.wrong
    # the code as announced, typed in lower case with a space, opens it
    back, fp = read_exam_file(text, start_code=f" {code[:4].lower()} {code[4:]} ")
    assert back == exam and fp == exams.fingerprint(exam)
    # the sealed box is signed too: swapping in another sealed exam is refused
    other = json.loads(exam_file_text(spec(pass_mark=1), signing_key=new_signing_key(), start_code=code))
    with pytest.raises(ExamError, match=ALTERED):
        read_exam_file(json.dumps({**doc, "sealed": other["sealed"]}), start_code=code)


def test_a_class_name_the_store_cannot_keep_is_refused_when_the_exam_is_built() -> None:
    """Issue 14: a class name over 60 characters saved nothing at the station; it is
    refused where the instructor can shorten it."""
    with pytest.raises(ExamError, match="at most 60 characters; this one has 61"):
        spec(class_name="C" * 61)
    assert spec(class_name="C" * 60).class_name == "C" * 60


def test_exam_definitions_are_checked() -> None:
    with pytest.raises(ExamError, match="title"):
        spec(title="  ")
    with pytest.raises(ExamError, match="1 to 200 questions"):
        spec(question_count=0)
    with pytest.raises(ExamError, match="time limit"):
        spec(time_limit_s=10)
    with pytest.raises(ExamError, match="pass mark"):
        spec(pass_mark=101)
    with pytest.raises(ExamError, match="at least one game"):
        spec(games=())
    if len(GAMES) > 1:
        with pytest.raises(ExamError, match="No skill of"):
            spec(games=GAMES[:2], skills=(registry.get_game(GAMES[0]).skills()[0].id,))
    assert spec(question_count=20, pass_mark=75).pass_count == 15
    assert spec(question_count=7, pass_mark=80).pass_count == 6  # 5.6 rounded up


def test_questions_of_an_exam_are_answered_and_scored() -> None:
    exam = spec(question_count=5, pass_mark=60)
    session = exams.exam_session(exam)
    for n in range(4):  # the fifth is left unanswered: time up
        q = session.current()
        session.answer(q.answer if n < 3 else "wrong", 1000)
    result = exams.exam_result(exam, session, timed_out=True)
    assert (result.answered, result.correct, result.unanswered) == (4, 3, 1)
    assert result.score == 0.6 and result.passed and result.timed_out
