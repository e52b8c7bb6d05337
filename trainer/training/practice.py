"""Self-paced practice: the daily queue and "my mistakes".

Pure Python (no Qt, no database): the caller reads the trainee's answers from the
store and passes them in.

- ``daily_queue`` puts first the skills the scheduler says are due (the least likely to
  be remembered first), then a few skills never practised; when nothing is due it
  offers the skills that come due soonest, to practise ahead.
- ``queue_plan`` draws the questions for the queue's skills from one seeded RNG;
  ``mistakes_plan`` replays exactly the questions the trainee got wrong (a question is
  its kind and its seed).
- a ``trainer.training.session.Session`` runs the planned questions, possibly from
  several games, like any quiz.

Modes (``trainer.training.session``): ``practice`` (feedback after each answer), ``learn`` (untimed, with "show me"),
``speed`` (a timer per question, graded fast, normal or slow against the target) and
``exam`` (locked, see ``trainer.training.exams``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from trainer.contracts.measures import Mastery
from trainer.core.rng import derive_seed, make_rng
from trainer.games import registry
from trainer.training.scheduler import SkillState
from trainer.training.session import LEARN, PlannedQuestion

DUE, NEW, AHEAD = "due", "new", "ahead"
NEW_PER_DAY = 3  # skills never practised brought into one day's queue
QUEUE_QUESTIONS = 10
MISTAKES_QUESTIONS = 10
MISTAKE_DAYS = 30  # how far back "my mistakes" looks


@dataclass(frozen=True)
class SkillRef:
    game_id: str
    skill: str
    title: str


@dataclass(frozen=True)
class QueueItem:
    ref: SkillRef
    reason: str  # due, new or ahead
    state: SkillState | None
    mastery: Mastery | None = None


def practice_skills(game_ids: Iterable[str] | None = None) -> list[SkillRef]:
    """Every skill of the given games (default: every available game), in catalogue order.
    A game whose package cannot be loaded is left out."""
    wanted = None if game_ids is None else set(game_ids)
    refs = []
    for entry in registry.catalogue():
        if not registry.is_available(entry.id) or (wanted is not None and entry.id not in wanted):
            continue
        try:
            game = registry.get_game(entry.id)
            kinds = {k.skill for k in game.question_kinds()}
            refs += [SkillRef(entry.id, s.id, s.title) for s in game.skills() if s.id in kinds]
        except Exception:  # a broken game package never breaks practice in the others
            continue
    return refs


def daily_queue(skills: Sequence[SkillRef], states: dict[str, SkillState], now: datetime, *,
                new_limit: int = NEW_PER_DAY, ahead: int = 3,
                mastery: dict[str, Mastery] | None = None) -> list[QueueItem]:
    """Due skills (least retrievable first), then up to ``new_limit`` new ones. With
    nothing due and nothing new: the ``ahead`` skills that come due soonest."""
    mastery = mastery or {}
    due = sorted((s for s in skills if s.skill in states and states[s.skill].is_due(now)),
                 key=lambda s: (states[s.skill].retrievability, states[s.skill].due))
    new = [s for s in skills if s.skill not in states][:max(0, new_limit)]
    queue = [QueueItem(s, DUE, states[s.skill], mastery.get(s.skill)) for s in due]
    queue += [QueueItem(s, NEW, None, mastery.get(s.skill)) for s in new]
    if not queue:
        later = sorted((s for s in skills if s.skill in states), key=lambda s: states[s.skill].due)[:ahead]
        queue = [QueueItem(s, AHEAD, states[s.skill], mastery.get(s.skill)) for s in later]
    return queue


def queue_plan(queue: Sequence[QueueItem], count: int, seed: int) -> list[PlannedQuestion]:
    """``count`` questions over the queue's skills, taking the skills in queue order
    (round after round while questions remain), each question of a kind of its skill
    drawn from the RNG seeded with ``seed``; then shuffled by the same RNG."""
    rng = make_rng(seed)
    kinds: list[tuple[str, list[str]]] = []
    for item in queue:
        try:
            ids = [k.id for k in registry.get_game(item.ref.game_id).question_kinds() if k.skill == item.ref.skill]
        except Exception:
            ids = []
        if ids:
            kinds.append((item.ref.game_id, ids))
    if not kinds or count <= 0:
        return []
    plan = []
    for i in range(count):
        game_id, ids = kinds[i % len(kinds)]
        plan.append(PlannedQuestion(game_id, rng.choice(ids), derive_seed(rng)))
    rng.shuffle(plan)
    return plan


def mistakes_plan(mistakes: Iterable, count: int = MISTAKES_QUESTIONS) -> list[PlannedQuestion]:
    """The questions of recent wrong answers (``AnswerRecord``-like: game_id, kind, seed),
    newest first, as long as their game still has that kind of question."""
    plan: list[PlannedQuestion] = []
    seen = set()
    for m in mistakes:
        key = (m.game_id, m.kind, int(m.seed))
        if key in seen or not _kind_exists(m.game_id, m.kind):
            continue
        seen.add(key)
        plan.append(PlannedQuestion(*key))
        if len(plan) >= count:
            break
    return plan


def _kind_exists(game_id: str, kind: str) -> bool:
    try:
        return any(k.id == kind for k in registry.get_game(game_id).question_kinds())
    except Exception:
        return False


@dataclass(frozen=True)
class PracticeOverview:
    """Where a trainee stands: the skills in scope, their schedule and mastery, today's
    queue and the recent mistakes (``AnswerRecord``-like)."""

    now: datetime
    scope: tuple[str, ...]  # the games practised here
    played: tuple[str, ...]  # every game the trainee has answered
    skills: tuple[SkillRef, ...]
    states: dict[str, SkillState]
    mastery: dict[str, Mastery]
    queue: tuple[QueueItem, ...]
    mistakes: tuple

    @property
    def due(self) -> int:
        return sum(1 for q in self.queue if q.reason == DUE)

    @property
    def new(self) -> int:
        return sum(1 for q in self.queue if q.reason == NEW)


def practice_overview(review_log: Iterable, windows: Iterable, mistakes: Iterable, now: datetime,
                      games: Sequence[str] | None = None, *, scheduler=None) -> PracticeOverview:
    """Put together a trainee's practice from what the store gives: their review log
    (``ReviewRow``-like: game_id, skill, answered_at, is_correct, response_ms, target_ms,
    mode, shown), their skill windows (game_id, skill, answered, correct, on_target) and
    their recent mistakes. ``games`` limits it to some games; by default it covers the
    games they have practised (every available game if none yet)."""
    from trainer.contracts.measures import Mastery as _Mastery
    from trainer.contracts.measures import is_table_skill
    from trainer.training.scheduler import FsrsScheduler, Review, utc

    log = list(review_log)
    available = [e.id for e in registry.catalogue() if registry.is_available(e.id)]
    played = tuple(g for g in dict.fromkeys(r.game_id for r in log))
    if games:
        scope = tuple(g for g in games if g in available)
    else:
        scope = tuple(g for g in available if g in played) or tuple(available)
    skills = practice_skills(scope)
    reviews = [Review(r.skill, utc(r.answered_at), bool(r.is_correct), int(r.response_ms), int(r.target_ms or 0),
                      timed=r.mode != LEARN, shown=bool(r.shown))
               for r in log if r.game_id in scope and not is_table_skill(r.skill)]
    # Table mode's skills are not scheduled: the queue asks questions and they have none,
    # and a round's dealer actions are not reviews of a card (trainer.contracts.measures).
    states = (scheduler or FsrsScheduler()).states(reviews, now)
    mastery = {w.skill: _Mastery(w.answered, w.correct, w.on_target) for w in windows
               if w.game_id in scope and not is_table_skill(w.skill)}
    queue = daily_queue(skills, states, now, mastery=mastery)
    kept = tuple(m for m in mistakes if m.game_id in scope)
    return PracticeOverview(now, scope, played, tuple(skills), states, mastery, tuple(queue), kept)
