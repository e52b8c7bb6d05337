"""Demo results for the review: a class of trainees practising over some weeks.

Used by the snapshot command (the dashboard and report pictures), by the tests and by
the dashboard benchmark. The results are generated as a station's results file would
hold them and added through the import, like real ones. Everything is drawn from one
seeded RNG; every answer is a real question of a real game, asked again from a pool
when a large volume is wanted (``pool``).

Each trainee has a skill level per skill that grows as they practise: their chance of
being right and their speed follow it.

Games with a table mode also get table rounds over the last two weeks: real rounds of
the game's table mode (``trainer.training.table_mode``), dealt or watched by a simulated
trainee who now and then deals to the wrong seat, turns a card the wrong way, pays a
wrong amount or in extra chips, and misses or wrongly calls the app's mistakes. Every
mistake and its rule are the table mode's own; the rounds and their answers are imported
like a station's.
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
from trainer.contracts.measures import question_target_ms
from trainer.training.session import make_planned
from trainer.contracts.question import Question, form_of

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
    table_rounds: bool = True  # for the games that have a table mode


def _iso(dt: datetime) -> str:
    return dt.astimezone(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


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
    """A station's results (``header``, answer batches) as ``Store.import_results`` takes them;
    the table rounds are in ``header["table_rounds"]``."""
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
                "given": q.answer if right else form_of(q.form).wrong_answer(q, rng), "correct_answer": q.answer,
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
    station_id = uuid.UUID(int=rng.getrandbits(128)).hex
    table_answers: list[dict[str, Any]] = []
    table_rounds: list[dict[str, Any]] = []
    if plan.table_rounds:
        # A separate RNG: the quiz answers stay the same with or without table rounds.
        table_rng = random.Random(plan.seed * 7919 + 8)
        for t in trainees:
            talent, _rate, studied, _bias = profiles[t["id"]]
            s, a, r = _table_practice(t["id"], [g for g in studied if _has_table_mode(g)], talent, station_id,
                                      start, now, plan.days, table_rng)
            sessions += s
            table_answers += a
            table_rounds += r
    header = {"station_id": station_id, "trainees": trainees, "classes": classes,
              "exams": exams, "sessions": sessions,
              "answer_count": sum(len(rows) for _sid, rows in pending) + len(table_answers),
              "table_rounds": table_rounds}

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
        for row in table_answers:
            out.append(row)
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
    rounds = header.pop("table_rounds")
    for e in header["exams"]:  # the demo supervisor made the exam: it is this database's (issue 14)
        store.save_exam(json.loads(e["definition"]), e["fingerprint"], by=supervisor)
    summary = store.import_results(header, batches, by=supervisor, source="demo results", progress=progress,
                                   table_rounds=[rounds])
    return supervisor, summary


# -- table mode --------------------------------------------------------------------------
TABLE_DAYS = 14  # table rounds in the demo's last two weeks


def _has_table_mode(game_id: str) -> bool:
    """The game has a table mode (its spec names a table round)."""
    from trainer.training.table_mode.games import table_module

    return table_module(game_id) is not None


def _table_practice(tid: int, games: list[str], talent: float, station_id: str, start: datetime, now: datetime,
                    days: int, rng: random.Random) -> tuple[list, list, list]:
    """One trainee's table sessions (a few rounds each, dealt and watched, the level rising
    with the days): (sessions, answers, table rounds) as a station's results hold them."""
    from trainer.training.table_mode.games import deal_round, watch_round
    from trainer.core.table.levels import levels
    from trainer.core.table.script import RoundConfig

    sessions: list[dict[str, Any]] = []
    answers: list[dict[str, Any]] = []
    rounds: list[dict[str, Any]] = []
    if not games:
        return sessions, answers, rounds
    ladder = levels()
    first_day = max(0, days - TABLE_DAYS)
    for day in range(first_day, days):
        if rng.random() > 0.35:
            continue
        at = start + timedelta(days=day, hours=rng.uniform(9, 17))
        if at >= now:
            continue
        game_id = rng.choice(games)
        ability = talent + 0.08 * (day - first_day)
        step = min(len(ladder) - 1, max(0, int((day - first_day) / TABLE_DAYS * len(ladder) + talent)))
        sid = uuid.UUID(int=rng.getrandbits(128)).hex
        count = rng.randint(2, 3)
        # a table mode session is a drill session, as the main window records it
        sessions.append({"id": sid, "trainee_id": tid, "game_id": game_id, "mode": "drill",
                         "seed": rng.randrange(2**31 - 1), "question_count": count, "started_at": _iso(at),
                         "ended_at": None, "source": "game", "exam_id": None})
        for n in range(count):
            config = RoundConfig(game_id, rng.randrange(2**31 - 1), ladder[step], round_number=n + 1)
            if n % 2 == 0:
                play = deal_round(config)
                _deal_like_a_trainee(play, ability, rng)
            else:
                play = watch_round(config)
                _watch_like_a_trainee(play, ability, rng)
            for result in play.results:
                at += timedelta(milliseconds=max(300, result.response_ms) + rng.randint(200, 900))
                answers.append(_table_answer(sid, tid, result, at, rng))
            at += timedelta(seconds=rng.randint(5, 20))
            rounds.append({"id": uuid.UUID(int=rng.getrandbits(128)).hex, "session_id": sid, "trainee_id": tid,
                           "station_id": station_id, "recorded_at": _iso(at), **play.record.as_row()})
        sessions[-1]["ended_at"] = _iso(at + timedelta(seconds=3))
    return sessions, answers, rounds


def _table_answer(session_id: str, tid: int, result, at: datetime, rng: random.Random) -> dict[str, Any]:
    q = result.question
    return {"id": uuid.UUID(int=rng.getrandbits(128)).hex, "session_id": session_id, "trainee_id": tid,
            "game_id": q.game_id, "skill": q.skill, "kind": q.kind, "seed": q.seed, "prompt": q.prompt,
            "form": q.form, "fields": json.dumps(list(q.fields)), "given": result.given, "correct_answer": q.answer,
            "is_correct": 1 if result.correct else 0, "response_ms": int(result.response_ms),
            "answered_at": _iso(at), "citations": json.dumps(list(q.citations)), "explanation": q.explanation,
            "target_ms": question_target_ms(q)}


def _action_ms(level, ability: float, rng: random.Random) -> int:
    target = level.action_target_ms or 5_000
    return int(max(400, target * math.exp(rng.gauss(-0.1 - 0.25 * ability, 0.3))))


def _deal_like_a_trainee(play, ability: float, rng: random.Random) -> None:
    """Deal the round to the end, now and then getting an action wrong first (the round
    stops it, counts it and explains it) or paying in more chips than needed."""
    from trainer.core.chips import house_chips
    from trainer.core.table.actions import DEAL, PAY
    from trainer.training.table_mode.actions import Attempt

    p_wrong = 1 / (1 + math.exp(2.6 + 1.2 * ability))
    seats = sorted({a.seat for a in play.script.actions if a.seat})
    while not play.finished:
        action = play.next_action()
        ms = _action_ms(play.level, ability, rng)
        if rng.random() < p_wrong:
            if action.verb == PAY and rng.random() < 0.6:
                wrong = Attempt(PAY, action.seat, action.spot, amount=action.amount + rng.choice([-1, 1]) * 500
                                if action.amount > 500 else action.amount * 2)
            elif action.verb == DEAL and action.face_up is not None and rng.random() < 0.5:
                wrong = Attempt(DEAL, action.seat, action.spot, not action.face_up)
            elif action.seat and len(seats) > 1:
                wrong = Attempt(action.verb, rng.choice([s for s in seats if s != action.seat]), action.spot,
                                action.face_up)
            else:
                wrong = None
            if wrong is not None:
                out = play.attempt(wrong, ms // 2)
                ms -= ms // 2
                if out.accepted:  # it was another action of an any-order group: fine
                    continue
        if action.verb == PAY and rng.random() < p_wrong:
            smallest = house_chips().denominations[0]
            if action.amount % smallest == 0 and action.amount // smallest > sum(house_chips().fewest(
                    action.amount).values()):
                play.attempt(Attempt(PAY, action.seat, action.spot, chips=((smallest, action.amount // smallest),)),
                             ms)
                continue
        play.perform_next(ms)


def _watch_like_a_trainee(play, ability: float, rng: random.Random) -> None:
    """Watch the app deal: stop most of its mistakes (naming the rule and the remedy,
    mostly right), let some pass, now and then stop a right action."""
    p_catch = 1 / (1 + math.exp(-(0.8 + 1.3 * ability)))
    p_false = 1 / (1 + math.exp(3.2 + ability))
    while not play.finished:
        cur = play.current()
        ms = _action_ms(play.level, ability, rng)
        if (cur.mistake is not None and rng.random() < p_catch) or (cur.mistake is None and rng.random() < p_false):
            play.stop(ms)
            while play.pending:
                q = play.pending[0]
                right = rng.random() < p_catch
                wrong = [o for o in q.options if o != q.answer]
                play.answer(q.answer if right or not wrong else rng.choice(wrong), _action_ms(play.level, 0, rng))
            ms = 0
        play.proceed(ms)
