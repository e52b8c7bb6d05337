"""Demo results for the review: a class of trainees practising over some weeks.

Used by the snapshot command (the dashboard and report pictures), by the tests and by
the dashboard benchmark. The results are generated as a station's results file would
hold them and added through the import, like real ones. Everything is drawn from one
seeded RNG; every answer is a real question of a real game, asked again from a pool
when a large volume is wanted (``pool``).

Each trainee has a skill level per skill that grows as they practise: their chance of
being right and their speed follow it.
"""

from __future__ import annotations

import json
import math
import random
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any

from trainer.games import registry
from trainer.training.exams import exam_plan, fingerprint, new_spec
from trainer.training.mastery import question_target_ms
from trainer.training.practice import make_planned
from trainer.training.question import AMOUNTS, CHOICE, Question

NAMES = ("Sam Rivera", "Alex Chen", "Jordan Okafor", "Priya Natarajan", "Maria Lopez", "Tom Becker", "Aisha Khan",
         "Lucas Martin", "Emma Novak", "Kenji Sato", "Fatima Diallo", "Oliver Brown", "Sofia Rossi", "Noah Wilson",
         "Chloe Dubois", "Mateo Silva", "Hannah Schmidt", "Ravi Patel", "Grace Kim", "Ethan Murphy")
CLASSES = ("Spring class", "Evening class")
DEMO_SUPERVISOR = "Demo Supervisor"
DEMO_PASSWORD = "demo-password"


@dataclass
class DemoPlan:
    trainees: int = 8
    days: int = 56
    seed: int = 7
    sessions_per_day: float = 0.8  # on average, per trainee
    questions: int = 10
    pool: int | None = None  # questions per kind to reuse (None: every question new)
    games: tuple[str, ...] | None = None  # default: every available game
    exam: bool = True


def _iso(dt: datetime) -> str:
    return dt.astimezone(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _wrong(q: Question, rng: random.Random) -> str:
    if q.form == CHOICE:
        wrong = [o for o in q.options if o != q.answer]
        return rng.choice(wrong) if wrong else q.answer
    values = json.loads(q.answer)
    if q.form == AMOUNTS:
        i = rng.randrange(len(values))
        values[i] = values[i] + 500 if values[i] == 0 or rng.random() < 0.5 else values[i] // 2
        return json.dumps(values)
    if len(values) > 1:
        i = rng.randrange(len(values) - 1)
        values[i], values[i + 1] = values[i + 1], values[i]
    return json.dumps(values)


class _Questions:
    def __init__(self, pool: int | None, rng: random.Random) -> None:
        self.pool, self.rng = pool, rng
        self.cache: dict[tuple[str, str], list[Question]] = {}

    def get(self, game_id: str, kind) -> Question:
        from trainer.training.session import make_question

        seed = self.rng.randrange(2**31 - 1)
        if self.pool is None:
            return make_question(kind, seed)
        bucket = self.cache.setdefault((game_id, kind.id), [])
        if len(bucket) < self.pool:
            bucket.append(make_question(kind, seed))
            return bucket[-1]
        return bucket[self.rng.randrange(len(bucket))]


def demo_results(plan: DemoPlan, now: datetime | None = None, batch: int = 5000
                 ) -> tuple[dict[str, Any], Iterator[list[dict[str, Any]]]]:
    """A station's results (``header``, answer batches) as ``Store.import_results`` takes them."""
    rng = random.Random(plan.seed)
    now = (now or datetime.now(timezone.utc)).astimezone(timezone.utc)
    games = plan.games or tuple(e.id for e in registry.catalogue() if registry.is_available(e.id))
    kinds = {g: list(registry.get_game(g).question_kinds()) for g in games}
    names = [NAMES[i] if i < len(NAMES) else f"Trainee {i + 1:03d}" for i in range(plan.trainees)]
    trainees = [{"id": i + 1, "name": n, "created_at": _iso(now - timedelta(days=plan.days + 1))}
                for i, n in enumerate(names)]
    classes = [{"name": CLASSES[c], "created_at": _iso(now - timedelta(days=plan.days + 1)),
                "members": [t["id"] for t in trainees if (t["id"] - 1) % len(CLASSES) == c]}
               for c in range(min(len(CLASSES), len(trainees)))]
    # each trainee: a talent, a learning rate, the games they study
    profiles = {}
    for t in trainees:
        studied = rng.sample(list(games), k=min(len(games), rng.choice([1, 2, 2, 3])))
        profiles[t["id"]] = (rng.uniform(-0.4, 1.1), rng.uniform(0.02, 0.09), studied,
                             {k.skill: rng.uniform(-1.2, 0.8) for g in games for k in kinds[g]})
    sessions: list[dict[str, Any]] = []
    pending: list[tuple[str, list]] = []  # session id, answers to come
    questions = _Questions(plan.pool, rng)
    practised: dict[tuple[int, str], int] = {}

    def answer_row(session_id: str, tid: int, q: Question, at: datetime, mode: str) -> dict[str, Any]:
        talent, rate, _studied, skill_bias = profiles[tid]
        n = practised.get((tid, q.skill), 0)
        ability = talent + skill_bias.get(q.skill, 0.0) + rate * n
        p_right = 1 / (1 + math.exp(-(0.9 + 1.4 * ability)))
        right = rng.random() < p_right
        target = question_target_ms(q)
        speed = math.exp(rng.gauss(0.25 - 0.35 * ability, 0.35))
        ms = int(max(900, target * speed * (1.25 if not right else 1.0)))
        practised[(tid, q.skill)] = n + 1
        return {"id": uuid.UUID(int=rng.getrandbits(128)).hex, "session_id": session_id, "trainee_id": tid,
                "game_id": q.game_id, "skill": q.skill, "kind": q.kind, "seed": q.seed, "prompt": q.prompt,
                "form": q.form, "fields": json.dumps(list(q.fields)),
                "given": q.answer if right else _wrong(q, rng), "correct_answer": q.answer,
                "is_correct": 1 if right else 0, "response_ms": ms, "answered_at": _iso(at),
                "citations": json.dumps(list(q.citations)), "explanation": q.explanation, "target_ms": target}

    start = now - timedelta(days=plan.days)
    for day in range(plan.days):
        for t in trainees:
            tid = t["id"]
            _talent, _rate, studied, _bias = profiles[tid]
            sittings = 0
            x = plan.sessions_per_day
            while x > 0:
                if rng.random() < min(1.0, x):
                    sittings += 1
                x -= 1
            for _ in range(sittings):
                game_id = rng.choice(studied)
                at = start + timedelta(days=day, hours=rng.uniform(8.5, 17.5))
                if at >= now:
                    continue
                sid = uuid.UUID(int=rng.getrandbits(128)).hex
                mode = rng.choices(["practice", "speed", "learn"], [6, 2, 1])[0]
                sessions.append({"id": sid, "trainee_id": tid, "game_id": game_id, "mode": mode,
                                 "seed": rng.randrange(2**31 - 1), "question_count": plan.questions,
                                 "started_at": _iso(at), "ended_at": None, "source": "game", "exam_id": None})
                rows = []
                for _ in range(plan.questions):
                    kind = rng.choice(kinds[game_id])
                    at = at + timedelta(milliseconds=rng.randint(5_000, 40_000))
                    rows.append((kind, at))
                pending.append((sid, [(tid, game_id, kind, when, mode) for kind, when in rows]))
                sessions[-1]["ended_at"] = _iso(rows[-1][1] + timedelta(seconds=3))
    exams: list[dict[str, Any]] = []
    if plan.exam and classes:
        spec = new_spec("Payouts and procedures check", games[:2], question_count=20, time_limit_s=1200,
                        pass_mark=80, seed=plan.seed * 1009 + 17, class_name=classes[0]["name"],
                        created_by=DEMO_SUPERVISOR, created_at=_iso(now - timedelta(days=3)))
        fp = fingerprint(spec)
        exams.append({"id": spec.id, "title": spec.title, "definition": json.dumps(spec.to_dict(), sort_keys=True),
                      "fingerprint": fp, "created_at": spec.created_at, "created_by": DEMO_SUPERVISOR,
                      "saved_at": spec.created_at})
        exam_questions = [make_planned(q) for q in exam_plan(spec)]
        for t in trainees:
            if t["id"] not in classes[0]["members"]:
                continue
            at = now - timedelta(days=2, hours=rng.uniform(0, 5))
            sid = uuid.UUID(int=rng.getrandbits(128)).hex
            sessions.append({"id": sid, "trainee_id": t["id"], "game_id": "mixed" if len(spec.games) > 1
                             else spec.games[0], "mode": "exam", "seed": spec.seed,
                             "question_count": spec.question_count, "started_at": _iso(at), "ended_at": None,
                             "source": "exam", "exam_id": spec.id})
            rows = []
            for q in exam_questions:
                at = at + timedelta(milliseconds=rng.randint(8_000, 45_000))
                rows.append((t["id"], q, at))
            pending.append((sid, rows))
            sessions[-1]["ended_at"] = _iso(at + timedelta(seconds=5))
    header = {"station_id": uuid.UUID(int=rng.getrandbits(128)).hex, "trainees": trainees, "classes": classes,
              "exams": exams, "sessions": sessions,
              "answer_count": sum(len(rows) for _sid, rows in pending)}

    def batches() -> Iterator[list[dict[str, Any]]]:
        out: list[dict[str, Any]] = []
        for sid, rows in pending:
            for row in rows:
                if len(row) == 5:
                    tid, game_id, kind, at, mode = row
                    q = questions.get(game_id, kind)
                else:
                    tid, q, at = row
                    mode = "exam"
                out.append(answer_row(sid, tid, q, at, mode))
                if len(out) >= batch:
                    yield out
                    out = []
        if out:
            yield out

    return header, batches()


def populate(store, plan: DemoPlan | None = None, now: datetime | None = None, progress=None):
    """Fill ``store`` with demo results, imported by a demo supervisor (made if needed);
    return (supervisor, import summary)."""
    from trainer.review.accounts import create_supervisor, sign_in

    plan = plan or DemoPlan()
    if store.supervisor_credentials(DEMO_SUPERVISOR) is None:
        if store.supervisor_count():
            raise RuntimeError("the database has supervisors already: put the demo in a new one")
        create_supervisor(store, DEMO_SUPERVISOR, DEMO_PASSWORD)
    supervisor = sign_in(store, DEMO_SUPERVISOR, DEMO_PASSWORD)
    header, batches = demo_results(plan, now)
    summary = store.import_results(header, batches, by=supervisor, source="demo results", progress=progress)
    return supervisor, summary
