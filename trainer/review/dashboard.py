"""The supervisor's dashboard, computed from the store's queries (no Qt).

``load_dashboard`` runs the queries of one filter (date range, class, game) and puts
together, for every trainee, their accuracy, speed and mastery per game and skill, and
their certification status per game; the class's trend over time; and its weakest
skills. ``load_trainee`` does the same for one trainee, with their answers, exams and
table mode's rounds.

Certification: a trainee is *certified* in a game when every skill of the game that can
be practised here (``certified_skills``: a skill with quiz questions, and table mode's
skills when the game has a table mode) passes in the period: a question skill with at
least ``CERT_MIN_ANSWERS`` answers, answered right at least as often as the game's pass
threshold (set by a supervisor per game; ``DEFAULT_THRESHOLD`` otherwise); a table skill
with at least ``CERT_MIN_ROUNDS`` rounds, clean at least as often as the threshold.

Table mode's skills (``<game>.table-procedure``, ``<game>.table-payouts`` and
``<game>.table-watch``) are judged by rounds, not by the dealer actions each round also
logs as answers (see ``trainer.contracts.measures``): their rows have no answers (0) and
carry the rounds' figures (``SkillRow.table``), so the question figures (answers,
accuracy, mean time, on target, the trend, the weakest skills) are questions only.

Mastery is judged on each skill's most recent answers (or rounds) in the period;
accuracy and speed are over all of the period's answers (or rounds).
"""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta, timezone

from trainer.games import registry
from trainer.store import AnswerFilter, AnswerRecord, AttemptRow, SkillStat, Store, Trainee, TrendPoint
from trainer.store.records import paused_gc
from trainer.store.table_rounds import TableRoundRow, TableRoundSummary
from trainer.contracts import measures
from trainer.contracts.measures import (
    TABLE_WINDOW,
    WINDOW,
    AnswerFigures,
    Level,
    TableSkillFigures,
    is_table_skill,
    mastery_level,
    quick_init,
)
from trainer.training.table_mode.dealer_round import payout_skill, procedure_skill, watch_skill

DEFAULT_THRESHOLD = 80
CERT_MIN_ANSWERS = 5
CERT_MIN_ROUNDS = 5  # a table skill's rounds in the period before it can pass certification
WEAKEST = 5
WEAK_MIN_ANSWERS = 10
TRAINEE_ANSWERS_SHOWN = 5000
TRAINEE_ROUNDS_SHOWN = 500

CERTIFIED, IN_PROGRESS, NOT_STARTED = "Certified", "In progress", "Not started"

_is_table = functools.lru_cache(maxsize=1024)(is_table_skill)  # asked for every skill row, many times
# a level from a window's figures (at most WINDOW answers: a few thousand triples at most)
_level = functools.lru_cache(maxsize=4096)(mastery_level)

Progress = Callable[[int, int, str], None]


@dataclass(frozen=True)
class Query:
    """The dashboard's filter, in the supervisor's local days (both ends included)."""

    first_day: date | None = None
    last_day: date | None = None
    class_id: int | None = None
    game_id: str | None = None

    def answer_filter(self, trainee_id: int | None = None) -> AnswerFilter:
        return AnswerFilter(start=day_start_utc(self.first_day) if self.first_day else None,
                            end=day_start_utc(self.last_day + timedelta(days=1)) if self.last_day else None,
                            class_id=self.class_id, game_id=self.game_id, trainee_id=trainee_id)

    def describe(self, class_name: str | None = None, *, with_class: bool = True) -> str:
        parts = []
        if self.first_day and self.last_day:
            parts.append(f"{fmt_day(self.first_day)} to {fmt_day(self.last_day)}")
        elif self.first_day:
            parts.append(f"from {fmt_day(self.first_day)}")
        elif self.last_day:
            parts.append(f"until {fmt_day(self.last_day)}")
        else:
            parts.append("all dates")
        if with_class:
            parts.append(f"class {class_name}" if class_name else "every class")
        parts.append(registry.title_of(self.game_id) if self.game_id else "every game")
        return " · ".join(parts)


def fmt_day(d: date) -> str:
    return f"{d.day} {d.strftime('%b %Y')}"


def day_start_utc(d: date) -> str:
    """Local midnight at the start of ``d``, as the store's ISO UTC text."""
    local = datetime.combine(d, time()).astimezone()
    return local.astimezone(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _summed(figure: str) -> property:
    return property(lambda self: sum(getattr(s, figure) for s in self.skill_rows()),
                    doc=f"The {figure.replace('_', ' ')} of every skill row, summed.")


class SkillTotals(AnswerFigures):
    """Mixed into a game's, a trainee's or the whole dashboard's row: the figures of its
    skill rows (``skill_rows()``) summed, with their accuracy, speed and mean time."""

    answered = _summed("answered")
    correct = _summed("correct")
    on_target = _summed("on_target")
    total_ms = _summed("total_ms")

    def skill_rows(self) -> Iterator[SkillRow]:
        raise NotImplementedError


@quick_init
@dataclass(frozen=True)
class SkillRow(AnswerFigures):
    game_id: str
    skill: str
    title: str
    answered: int
    correct: int
    on_target: int
    total_ms: int
    level: Level
    last_answered_at: str = ""
    # A table mode skill: no question answers; its figures are its rounds.
    table: TableSkillFigures | None = None

    @property
    def is_table(self) -> bool:
        return _is_table(self.skill)

    @property
    def practised(self) -> bool:
        """Answered (a question skill) or dealt or watched (a table skill)."""
        return bool(self.answered or (self.table is not None and self.table.rounds))


@quick_init
@dataclass(frozen=True)
class Certification:
    status: str  # Certified, In progress, Not started
    threshold: int
    skills_passed: int
    skills_total: int

    @property
    def text(self) -> str:
        if self.status == IN_PROGRESS:
            return f"{self.skills_passed} of {self.skills_total} skills at {self.threshold}%"
        return self.status

    @property
    def short(self) -> str:
        if self.status == IN_PROGRESS:
            return f"{self.skills_passed} of {self.skills_total} skills"
        return self.status


@quick_init
@dataclass(frozen=True)
class GameRow(SkillTotals):
    game_id: str
    title: str
    skills: tuple[SkillRow, ...]
    certification: Certification

    def skill_rows(self) -> Iterator[SkillRow]:
        return iter(self.skills)

    @property
    def mastered(self) -> int:
        return sum(s.level >= Level.MASTERED for s in self.skills)

    @property
    def proficient(self) -> int:
        """Skills at Proficient or above."""
        return sum(s.level >= Level.PROFICIENT for s in self.skills)


@quick_init
@dataclass(frozen=True)
class TraineeRow(SkillTotals):
    trainee: Trainee
    classes: tuple[str, ...]
    games: tuple[GameRow, ...]
    last_answered_at: str = ""

    def skill_rows(self) -> Iterator[SkillRow]:
        return (s for g in self.games for s in g.skills)

    @property
    def skills_practised(self) -> int:
        return sum(1 for g in self.games for s in g.skills if s.practised)

    @property
    def skills_proficient(self) -> int:
        return sum(g.proficient for g in self.games)

    @property
    def skills_total(self) -> int:
        return sum(len(g.skills) for g in self.games)

    @property
    def certified(self) -> tuple[str, ...]:
        return tuple(g.game_id for g in self.games if g.certification.status == CERTIFIED)


@dataclass(frozen=True)
class WeakSkill(AnswerFigures):
    game_id: str
    skill: str
    title: str
    answered: int
    correct: int
    total_ms: int
    trainees: int
    trainees_below: int  # trainees who answered it and are not yet Proficient


@dataclass(frozen=True)
class Dashboard(SkillTotals):
    query: Query
    class_name: str | None
    trainees: tuple[TraineeRow, ...]
    trend: tuple[TrendPoint, ...]
    bucket: str
    weakest: tuple[WeakSkill, ...]
    thresholds: dict[str, int]
    games: tuple[str, ...]  # the games shown
    attempts: tuple[AttemptRow, ...] = ()
    generated_at: str = ""

    def skill_rows(self) -> Iterator[SkillRow]:
        return (s for t in self.trainees for g in t.games for s in g.skills)

    @property
    def certified_trainees(self) -> int:
        """Trainees certified in at least one game."""
        return sum(1 for t in self.trainees if t.certified)

    @property
    def active(self) -> int:
        """Trainees who answered a question or dealt or watched a table round."""
        return sum(1 for t in self.trainees if t.answered or t.skills_practised)

    def certified_count(self, game_id: str) -> int:
        return sum(1 for t in self.trainees for g in t.games if g.game_id == game_id
                   and g.certification.status == CERTIFIED)


@dataclass(frozen=True)
class TraineeReport:
    query: Query
    row: TraineeRow
    trend: tuple[TrendPoint, ...]
    bucket: str
    attempts: tuple[AttemptRow, ...]
    answers: tuple[AnswerRecord, ...]  # newest first, at most TRAINEE_ANSWERS_SHOWN
    answer_total: int
    thresholds: dict[str, int] = field(default_factory=dict)
    generated_at: str = ""
    table_summary: tuple[TableRoundSummary, ...] = ()  # per game and mode
    table_rounds: tuple[TableRoundRow, ...] = ()  # newest first, at most TRAINEE_ROUNDS_SHOWN
    table_round_total: int = 0


# -- building ---------------------------------------------------------------------------
def game_skills(game_ids: list[str] | tuple[str, ...]) -> dict[str, list[tuple[str, str]]]:
    """(skill id, title) of every skill of each available game, in the game's order."""
    out: dict[str, list[tuple[str, str]]] = {}
    for g in game_ids:
        try:
            out[g] = [(s.id, s.title) for s in registry.get_game(g).skills()] if registry.is_available(g) else []
        except Exception:
            out[g] = []
    return out


def table_skills(game_id: str) -> tuple[str, str, str]:
    """Table mode's three skills of a game: procedure, payouts, spot the error."""
    return procedure_skill(game_id), payout_skill(game_id), watch_skill(game_id)


def certified_skills(game_id: str) -> set[str]:
    """The skills of a game certification counts: those this station can practise. A
    skill with quiz questions; table mode's skills only when the game has a table mode
    (a skill nothing here can train would make the game impossible to certify)."""
    from trainer.training.table_mode.games import has_table_mode

    try:
        game = registry.get_game(game_id)
        listed = {s.id for s in game.skills()}
        skills = {k.skill for k in game.question_kinds()}
    except Exception:  # a broken game package: nothing to certify (its skills show no rows either)
        return set()
    try:
        if has_table_mode(game_id):
            skills |= set(table_skills(game_id))
    except Exception:  # a broken table mode: its skills cannot be practised here
        pass
    return skills & listed


def shown_games(query: Query, stats: list[SkillStat]) -> tuple[str, ...]:
    order = {e.id: n for n, e in enumerate(registry.catalogue())}
    if query.game_id is not None:
        return (query.game_id,)
    games = {e.id for e in registry.catalogue() if registry.is_available(e.id)} | {s.game_id for s in stats}
    return tuple(sorted(games, key=lambda g: (order.get(g, 99), g)))


def choose_bucket(first: str | None, last: str | None) -> str:
    if not first or not last:
        return "week"
    try:
        a = datetime.fromisoformat(first.replace("Z", "+00:00"))
        b = datetime.fromisoformat(last.replace("Z", "+00:00"))
    except ValueError:
        return "week"
    days = (b - a).days
    return "day" if days <= 45 else ("week" if days <= 400 else "month")


def skill_title(skill: str, titles: dict[str, str]) -> str:
    return measures.skill_title(titles.get(skill) or registry.skill_title(skill))


def skill_passes(s: SkillRow, threshold: int) -> bool:
    """A question skill: at least ``CERT_MIN_ANSWERS`` answers, right at least ``threshold``%
    of the time. A table skill: at least ``CERT_MIN_ROUNDS`` rounds, clean at least
    ``threshold``% of the time (its dealer actions are not answers to count)."""
    if s.is_table:
        t = s.table
        return t is not None and t.rounds >= CERT_MIN_ROUNDS and t.clean * 100 >= threshold * t.rounds
    return s.answered >= CERT_MIN_ANSWERS and s.correct * 100 >= threshold * s.answered


def certification(skills: list[SkillRow], threshold: int) -> Certification:
    total = len(skills)
    practised = any(s.practised for s in skills)
    passed = sum(1 for s in skills if skill_passes(s, threshold)) if practised else 0
    return Certification(certification_status(practised, passed, total), threshold, passed, total)


def certification_status(practised: bool, passed: int, total: int) -> str:
    """Not started (no skill practised), Certified (every skill passes) or In progress."""
    if not practised:
        return NOT_STARTED
    return CERTIFIED if passed == total and total else IN_PROGRESS


def build_rows(trainees: list[Trainee], classes: dict[int, list[str]], stats: list[SkillStat],
               recent: list[SkillStat], games: tuple[str, ...], thresholds: dict[str, int],
               tables: list[TableSkillFigures] = ()) -> list[TraineeRow]:
    """The rows of ``trainees``: question skills from ``stats`` (all the period's answers)
    and ``recent`` (the mastery window); table skills from their rounds (``tables``).
    A table skill's answers in ``stats`` (dealer actions) are not counted.

    A row is made for each skill a trainee practised; a skill not practised is one row
    shared by every such trainee, a game not practised one game row, and each
    certification is made once (rows are frozen). Each game's skills (title, counted for
    certification) are worked out once, not per trainee."""
    skills_of = game_skills(games)
    listed_of = {g: {sid for sid, _t in skills} for g, skills in skills_of.items()}
    titles = {sid: t for g in skills_of.values() for sid, t in g}
    title_cache: dict[str, str] = {}

    def title(sid: str) -> str:
        if sid not in title_cache:
            title_cache[sid] = skill_title(sid, titles)
        return title_cache[sid]

    # the rows of what each trainee practised, per (trainee, game): skill -> row
    made: dict[tuple[int, str], dict[str, SkillRow]] = defaultdict(dict)
    recent_by = {(r.trainee_id, r.game_id, r.skill): r for r in recent if not _is_table(r.skill)}
    for s in stats:
        if s.game_id in skills_of and not _is_table(s.skill):
            r = recent_by.pop((s.trainee_id, s.game_id, s.skill), None)
            level = _level(r.answered, r.correct, r.on_target) if r else Level.NOT_STARTED
            made[(s.trainee_id, s.game_id)][s.skill] = SkillRow(s.game_id, s.skill, title(s.skill), s.answered,
                                                                s.correct, s.on_target, s.total_ms, level,
                                                                s.last_answered_at or "")
    for (trainee_id, g, sid), r in recent_by.items():
        # a window without the period's answers: its level, no figures (listed skills only)
        if g in listed_of and sid in listed_of[g]:
            made[(trainee_id, g)][sid] = SkillRow(g, sid, title(sid), 0, 0, 0, 0,
                                                  _level(r.answered, r.correct, r.on_target))
    for x in tables:
        if x.game_id in skills_of and _is_table(x.skill):
            made[(x.trainee_id, x.game_id)][x.skill] = SkillRow(x.game_id, x.skill, title(x.skill), 0, 0, 0, 0,
                                                                x.level, x.last_at or "", x)
    rows = []
    game_titles = {g: registry.title_of(g) for g in games}
    unpractised = {g: [(sid, SkillRow(g, sid, title(sid), 0, 0, 0, 0, Level.NOT_STARTED)) for sid, _t in skills]
                   for g, skills in skills_of.items()}
    counted = {g: [sid for sid, _t in skills_of[g] if sid in certified] for g in games
               for certified in [certified_skills(g)]}
    certifications: dict[tuple[str, int, int, int], Certification] = {}

    def certified(practised: bool, passed: int, total: int, threshold: int) -> Certification:
        """``certification`` of a game's counted rows, from what they add up to."""
        key = (certification_status(practised, passed, total), threshold, passed, total)
        got = certifications.get(key)
        if got is None:
            got = certifications[key] = Certification(*key)
        return got

    idle = {g: GameRow(g, game_titles[g], tuple(row for _sid, row in unpractised[g]),
                       certified(False, 0, len(counted[g]), thresholds.get(g, DEFAULT_THRESHOLD))) for g in games}
    for t in trainees:
        game_rows = []
        last = ""
        for g in games:
            mine = made.get((t.id, g))
            if not mine:
                game_rows.append(idle[g])
                continue
            skill_rows = [mine.get(sid, row) for sid, row in unpractised[g]]
            # skills in the log the game no longer lists, after its own (never counted)
            skill_rows += [mine[sid] for sid in sorted(sid for sid in mine if sid not in listed_of[g])]
            last = max(last, *(r.last_answered_at for r in mine.values()))
            threshold = thresholds.get(g, DEFAULT_THRESHOLD)
            practised = [r for r in (mine.get(sid) for sid in counted[g]) if r is not None and r.practised]
            passed = sum(1 for r in practised if skill_passes(r, threshold))
            game_rows.append(GameRow(g, game_titles[g], tuple(skill_rows),
                                     certified(bool(practised), passed, len(counted[g]), threshold)))
        rows.append(TraineeRow(t, tuple(classes.get(t.id, ())), tuple(game_rows), last))
    return rows


def weakest_skills(rows: list[TraineeRow], limit: int = WEAKEST) -> list[WeakSkill]:
    """The question skills answered least often right (at least ``WEAK_MIN_ANSWERS``
    answers). Table skills are left out: they are judged by rounds, not answers."""
    agg: dict[tuple[str, str], list] = {}
    for t in rows:
        for g in t.games:
            for s in g.skills:
                if not s.answered or s.is_table:
                    continue
                a = agg.setdefault((s.game_id, s.skill), [s.title, 0, 0, 0, 0, 0])
                a[1] += s.answered
                a[2] += s.correct
                a[3] += s.total_ms
                a[4] += 1
                a[5] += s.level < Level.PROFICIENT
    weak = [WeakSkill(g, sk, title, n, c, ms, tr, below) for (g, sk), (title, n, c, ms, tr, below) in agg.items()
            if n >= WEAK_MIN_ANSWERS]
    weak.sort(key=lambda w: (w.accuracy, -w.trainees_below, -w.mean_ms))
    return weak[:limit]


def load_dashboard(store: Store, query: Query, progress: Progress | None = None) -> Dashboard:
    """Every figure of the dashboard for ``query`` (runs on the store's thread), its
    thousands of rows made with the garbage collector paused (``records.paused_gc``)."""
    with paused_gc():
        return _load_dashboard(store, query, progress)


def _load_dashboard(store: Store, query: Query, progress: Progress | None) -> Dashboard:
    from trainer.store.records import utc_now

    def step(n: int, text: str) -> None:
        if progress is not None:
            progress(n, 5, text)

    f = query.answer_filter()
    step(0, "Finding the answers…")
    first, last = store.answer_bounds(f)
    step(1, "Accuracy, speed and mastery per skill…")
    figures = store.skill_figures(f, WINDOW)
    stats, recent = [a for a, _r in figures], [r for _a, r in figures]
    step(2, "Table rounds per skill…")
    tables = store.table_figures(f, TABLE_WINDOW, table_skills)
    step(3, "Trend over time…")
    bucket = choose_bucket(f.start or first, f.end or last)
    trend = store.trend(f, bucket)
    step(4, "Trainees, classes and exams…")
    member_ids = set(store.trainee_ids_in(query.class_id))
    trainees = [t for t in store.trainees() if t.id in member_ids]
    classes = store.trainee_classes()
    thresholds = store.thresholds()
    games = shown_games(query, stats)
    rows = build_rows(trainees, classes, stats, recent, games, thresholds, tables)
    class_name = next((c.name for c in store.classes() if c.id == query.class_id), None)
    # The exams' sessions of the period, then the members' (the store's trainee filter would
    # read every session of every member: a few hundred exam sessions against 100,000).
    attempts = [a for a in store.exam_attempts(start=f.start, end=f.end) if a.trainee_id in member_ids]
    step(5, "Done")
    return Dashboard(query, class_name, tuple(rows), tuple(trend), bucket, tuple(weakest_skills(rows)),
                     thresholds, games, tuple(attempts), utc_now())


def load_trainee(store: Store, trainee_id: int, query: Query, *, answers_shown: int = TRAINEE_ANSWERS_SHOWN,
                 rounds_shown: int = TRAINEE_ROUNDS_SHOWN) -> TraineeReport:
    """One trainee's figures, trend, exams, answers and table rounds for ``query`` (the
    class filter is ignored: the trainee is chosen), made with the garbage collector
    paused (``records.paused_gc``: thousands of answers)."""
    with paused_gc():
        return _load_trainee(store, trainee_id, query, answers_shown, rounds_shown)


def _load_trainee(store: Store, trainee_id: int, query: Query, answers_shown: int, rounds_shown: int) -> TraineeReport:
    from trainer.store.records import utc_now

    q = Query(query.first_day, query.last_day, None, query.game_id)
    f = q.answer_filter(trainee_id)
    trainee = store.trainee(trainee_id)
    first, last = store.answer_bounds(f)
    figures = store.skill_figures(f, WINDOW)
    stats, recent = [a for a, _r in figures], [r for _a, r in figures]
    tables = store.table_figures(f, TABLE_WINDOW, table_skills)
    count = store.answer_count(f)  # every answer listed, table mode's steps too
    thresholds = store.thresholds()
    games = tuple(g for g in shown_games(q, stats)
                  if q.game_id or any(s.game_id == g for s in [*stats, *tables])) or shown_games(q, stats)
    [row] = build_rows([trainee], store.trainee_classes(), stats, recent, games, thresholds, tables)
    bucket = choose_bucket(f.start or first, f.end or last)
    trend = store.trend(f, bucket)
    attempts = store.exam_attempts(trainee_id=trainee_id, start=f.start, end=f.end)
    answers = store.answer_rows(f, limit=answers_shown)
    rounds = {"game_id": q.game_id, "since": f.start, "until": f.end}
    return TraineeReport(q, row, tuple(trend), bucket, tuple(attempts), tuple(answers), count, thresholds,
                         utc_now(), tuple(store.table_round_summary(trainee_id, **rounds)),
                         tuple(store.table_rounds(trainee_id, limit=rounds_shown, **rounds)),
                         store.table_round_count(trainee_id, **rounds))


# -- table mode's rounds, as the review shows them -------------------------------------------
MODE_TITLES = {"deal": "Deal", "watch": "Watch"}
ROUND_MISTAKE_TITLES = {"missed-call": "Mistake let pass", "false-call": "False alarm"}


def mode_title(mode: str) -> str:
    return MODE_TITLES.get(mode, mode.capitalize())


def table_level_title(level_id: str) -> str:
    """A table mode level's title (``learn`` → ``Learn``); the id for a level not known here."""
    from trainer.core.table.levels import level

    try:
        return level(level_id).title
    except (KeyError, ValueError, OSError):
        return level_id


def round_mistake_title(kind: str) -> str:
    """What a round's mistake was, in a few words: "Wrong seat or spot", "False alarm"."""
    from trainer.training.table_mode.actions import MISTAKE_TITLES

    return MISTAKE_TITLES.get(kind) or ROUND_MISTAKE_TITLES.get(kind) or kind.replace("-", " ").capitalize()


def short_time(ms: int) -> str:
    """A round's time in a narrow column: "48.2 s", "2:05"."""
    seconds = ms / 1000
    if seconds < 60:
        return f"{seconds:.1f} s"
    minutes, rest = divmod(int(round(seconds)), 60)
    return f"{minutes}:{rest:02d}"


def round_time_text(r) -> str:
    """A round's time against its target: "48.2 s / 1:00", "31.0 s / —" (untimed)."""
    return f"{short_time(r.total_ms)} / {short_time(r.target_ms) if r.target_ms else '—'}"


def mistake_expected(m) -> str:
    """What a round's mistake is measured against: what the rules call for, or for a false
    alarm (nothing was wrong) what the dealer rightly did."""
    return (m.explanation or m.expected) if m.kind == "false-call" else m.expected


def round_errors_text(r, *, every: bool = False) -> str:
    """A round's errors in a few words ("2 procedure · 1 payout", "1 missed · 1 false
    alarm", "none"): those of its mode, only the ones it has unless ``every``. ``r`` is a
    round or a summary (anything with the counts and ``mode``)."""
    if r.mode == "watch":
        counts = ((r.missed_calls, "missed", "missed"), (r.false_calls, "false alarm", "false alarms"))
    else:
        counts = ((r.procedure_errors, "procedure", "procedure"), (r.payout_errors, "payout", "payout"))
    parts = [f"{n} {one if n == 1 else many}" for n, one, many in counts if n or every]
    return " · ".join(parts) if parts else "none"


def round_option_lines(game_id: str, options: dict[str, str]) -> list[str]:
    """The house options a round was dealt under, as the table mode screen names them
    ("Dealing method: automated shoe"); by key and value when the game's table mode is
    not on this station."""
    from trainer.training.table_mode.games import has_table_mode, house_options

    specs = {}
    try:
        if has_table_mode(game_id):
            specs = {o.key: o for o in house_options(game_id)}
    except Exception:  # a broken game package: show the stored values
        specs = {}
    lines = []
    for key, value in options.items():
        spec = specs.get(key)
        lines.append(f"{spec.title}: {spec.label(value)}" if spec else f"{key.replace('_', ' ').capitalize()}: {value}")
    return lines
