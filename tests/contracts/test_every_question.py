"""Every question kind of every registered game: well formed, cited in its own game's
rules, gradable, and replayed exactly from its seed. A game added to the registry gets
these checks without writing them (tests/sixth_game runs them on a game registered from a
test folder); each game's own tests keep only what is its own (scenes, answers against an
independent settlement)."""

from __future__ import annotations

import json

import pytest

from trainer.contracts.question import AMOUNTS, CHOICE, ORDER, SETTLE
from trainer.games import registry
from trainer.training.session import Session, make_question

SEEDS = range(120)
TABLE_SKILLS = ("table-procedure", "table-payouts", "table-watch")


def check_skills_and_kinds(game) -> None:
    """Every quiz skill has question kinds and every kind a skill; the three table-mode
    skills exactly when the game has a table round."""
    skills = {s.id for s in game.skills()}
    table = {s for s in skills if ".table-" in s}
    assert table == ({f"{game.id}.{t}" for t in TABLE_SKILLS} if game.spec.table_round else set())
    kinds = game.question_kinds()
    assert {k.skill for k in kinds} == skills - table
    assert len(kinds) == len({k.id for k in kinds})
    assert all(k.id.startswith(f"{game.id}.") for k in kinds) and all(s.startswith(f"{game.id}.") for s in skills)


def check_question(game, kind, seed: int) -> None:
    q = make_question(kind, seed)
    assert (q.seed, q.kind, q.skill, q.game_id) == (seed, kind.id, kind.skill, game.id)
    assert q == make_question(kind, seed)  # the same seed replays the same question
    assert q.prompt and q.explanation
    assert q.citations
    assert all(c.startswith(f"{game.title} §") or c.startswith("trainer ruling") for c in q.citations), q.citations
    assert q.is_correct(q.answer)
    if q.form == CHOICE:
        assert 2 <= len(q.options) == len(set(q.options)) <= 9 and q.answer in q.options
        assert not q.is_correct(next(o for o in q.options if o != q.answer))
    elif q.form == ORDER:
        assert len(q.options) <= 9 and sorted(q.options) == sorted(json.loads(q.answer))
        assert not q.is_correct(json.dumps(list(q.options)))  # offered shuffled
    elif q.form == SETTLE:
        assert q.fields and len(json.loads(q.answer)) == len(q.fields) <= 9
    else:
        assert q.form == AMOUNTS and q.fields and len(q.fields) <= 9
        assert all(isinstance(v, int) and v >= 0 for v in json.loads(q.answer))


def _kinds():
    return [pytest.param(g.id, k.id, id=k.id) for g in registry.available_games() for k in g.question_kinds()]


@pytest.mark.parametrize("game_id", [s.id for s in registry.specs()])
def test_every_skill_has_questions_and_every_kind_a_skill(game_id):
    check_skills_and_kinds(registry.get_game(game_id))


@pytest.mark.parametrize("game_id,kind_id", _kinds())
def test_every_question_is_valid_and_replays_from_its_seed(game_id, kind_id):
    game = registry.get_game(game_id)
    kind = next(k for k in game.question_kinds() if k.id == kind_id)
    for seed in SEEDS:
        check_question(game, kind, seed)


@pytest.mark.parametrize("game_id", [s.id for s in registry.specs()])
def test_a_seeded_session_is_the_same_on_every_station(game_id):
    """Two stations given one seed ask the same questions; a session as long as the kinds
    asks every kind once; right answers are all graded right, wrong ones all wrong."""
    count = len(registry.get_game(game_id).question_kinds())
    a = Session.quiz(game_id, seed=2024, count=count)
    b = Session.quiz(game_id, seed=2024, count=count)
    seen = []
    while not a.finished:
        qa, qb = a.current(), b.current()
        assert qa == qb
        seen.append(qa.kind)
        a.answer(qa.answer, 1000)
        b.answer("wrong", 1000)
    assert len(set(seen)) == count
    assert a.summary().correct == count and b.summary().correct == 0
    assert a.summary().mean_ms == 1000
