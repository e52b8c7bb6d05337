"""Two programs writing answers to one database at once lose none (issue 14).

Writes start as IMMEDIATE transactions, so the busy timeout applies to them: a writer
that finds the other one writing waits for it instead of failing at once with
"database is locked"."""

from __future__ import annotations

import multiprocessing
import time

import pytest

from trainer.store import Store
from trainer.training.session import PlannedQuestion, make_planned
from trainer.contracts.question import AnswerResult

SECONDS = 12
EVERY_S = 0.02


def _writer(path: str, name: str, start_at: float, out) -> None:
    store = Store.open(path)
    trainee = store.add_trainee(name)
    session = store.start_session(trainee.id, "two-card-joker", seed=1, question_count=0)
    question = make_planned(PlannedQuestion("two-card-joker",
                                            _first_kind(), 7))
    saved = failed = 0
    errors: list[str] = []
    while time.time() < start_at:
        time.sleep(0.001)
    end = start_at + SECONDS
    while time.time() < end:
        try:
            store.record_answer(session, trainee.id, AnswerResult(question, question.answer, True, 900))
            saved += 1
        except Exception as e:  # noqa: BLE001 - counted and reported by the test
            failed += 1
            errors.append(str(e))
        time.sleep(EVERY_S)
    store.close()
    out.put((name, trainee.id, saved, failed, errors[:3]))


def _first_kind() -> str:
    from trainer.games import registry

    return registry.get_game("two-card-joker").question_kinds()[0].id


@pytest.mark.slow
def test_two_processes_writing_answers_every_20_ms_lose_none(tmp_path):
    path = str(tmp_path / "shared.sqlite3")
    Store.open(path).close()
    ctx = multiprocessing.get_context("spawn")
    out = ctx.Queue()
    start_at = time.time() + 4  # both programs are open before either writes
    procs = [ctx.Process(target=_writer, args=(path, name, start_at, out)) for name in ("Ann", "Bob")]
    for p in procs:
        p.start()
    results = [out.get(timeout=SECONDS + 60) for _ in procs]
    for p in procs:
        p.join(timeout=30)
    with Store.open(path) as store:
        for name, trainee_id, saved, failed, errors in results:
            assert failed == 0, f"{name} lost {failed} answers: {errors}"
            assert saved > SECONDS / EVERY_S / 4  # each really wrote all along
            assert len(store.answers(trainee_id)) == saved
