"""The measures every layer shows, defined once (issue 16): accuracy and shares shown as a
percent, target times and "answered within target", speed grades, skill titles, which
skills are table mode's, and mastery levels. Pure Python: it imports only the stdlib.

*Accuracy* is the share of the answers that are right: ``accuracy(correct, answered)``,
None when nothing was answered; ``percent`` shows any share ("83%", "—" for None).
Records holding ``answered``, ``correct``, ``on_target`` and ``total_ms`` get their
``accuracy``, ``speed`` and ``mean_ms`` from ``AnswerFigures`` (``Accuracy`` alone for
``answered`` and ``correct``), 0 when nothing was answered, as the screens have always
shown them.

A skill's *title* is the one its game's ``Skill`` carries ("Winner's Pot: Jacks Plus");
``skill_title`` gives it under its game, as every screen shows it: "Jacks Plus", the
first letter upper case and the rest as the game wrote it.

A question has a *target time*, the time a working dealer takes to answer it at the
table, from its answer form and size: picking one option, typing each amount, putting
each step in order. An answer is *on target* when it is right and given within the
target time. Speed mode grades every answer against the target:

- fast: within half the target;
- normal: within the target;
- slow: over the target.

A trainee's *mastery* of a skill is judged on their most recent answers of that skill
(``WINDOW`` of them): how many are right (accuracy) and how many are right *and* on
target (speed). The levels, from the bottom:

====================  ==========================================================
Not started           no answer yet
Learning              under 60% right
Familiar              at least 60% right
Proficient            at least 5 answers, 80% right and half of them on target
Mastered              at least 10 answers, 90% right and 80% of them on target
====================  ==========================================================

Table mode's skills (``<game>.table-procedure``, ``<game>.table-payouts``,
``<game>.table-watch``) are judged by *rounds*, never by steps. Every dealer action of a
round is still kept in the answer log (the review lists it), but one round of forty
steps is one round: it cannot lift a trainee's question accuracy, nor master a skill by
itself. Those answers are left out of every question figure (accuracy, speed, mastery,
certification, weakest skills, the daily practice schedule, the summaries); the skill's
figures come from the rounds stored in ``table_rounds`` (``table_skill_figures``):

- a round *counts* for the skill of its mode: dealt rounds for procedure and payouts,
  watched rounds for spot the error; a round left part-way counts, and is not clean;
- a round is *clean* for the skill when it was completed and has none of the skill's
  errors: no procedure error (table procedure), no payout error (table payouts), no
  mistake let pass and no false alarm (spot the error). "No procedure/payout errors" is
  read per skill, so each skill says what went wrong (``round_clean``);
- a round is *on time* when it was completed within its level's round target (the
  level's time per action times the round's actions). An untimed round (the Learn
  level) is not on time: it has no target to meet. Spot the error has no time target
  at any level, so its speed does not apply (``None``) and its mastery asks for clean
  rounds only;
- *accuracy* is the share of the rounds that were clean ("3 of 5 rounds clean"),
  *speed* the share finished within the level's round target;
- *mastery* is judged on the last ``TABLE_WINDOW`` rounds of the skill:

====================  ==========================================================
Not started           no round yet
Learning              under 60% of the rounds clean
Familiar              at least 60% clean
Proficient            at least 3 rounds, 80% clean and half of them on time
Mastered              at least 5 rounds, 90% clean and 80% of them on time
====================  ==========================================================

(the "on time" conditions only where the skill is timed: not for spot the error).
So three rounds never make Mastered, and rounds dealt only at the untimed Learn level
reach Familiar at most.
"""

from __future__ import annotations

import dataclasses
import functools
import json
from dataclasses import dataclass
from enum import IntEnum
from typing import Protocol, TypeVar

CHOICE_MS = 8_000
AMOUNT_BASE_MS, PER_AMOUNT_MS = 10_000, 6_000
ORDER_BASE_MS, PER_STEP_MS = 6_000, 4_000
OTHER_MS = 15_000

WINDOW = 20  # the recent answers mastery is judged on

FAST, NORMAL, SLOW = "fast", "normal", "slow"


R = TypeVar("R", bound=type)


def quick_init(cls: R) -> R:
    """Give a frozen dataclass an ``__init__`` that puts its fields straight into the new
    instance's ``__dict__``. A frozen dataclass's own sets each field through
    ``object.__setattr__`` (its ``__setattr__`` refuses), several times slower than a plain
    one's, and the dashboard makes thousands of them (issue 17). The instances are the
    same: frozen, equal and hashed as before, the same defaults and parameters.

    Only for a frozen dataclass without slots, ``__post_init__``, default factories or
    fields left out of ``__init__``: anything else is refused (TypeError)."""
    params = getattr(cls, "__dataclass_params__", None)
    fields = dataclasses.fields(cls) if params is not None else ()
    if (params is None or not params.frozen or "__slots__" in cls.__dict__ or hasattr(cls, "__post_init__")
            or any(not f.init or f.kw_only or f.default_factory is not dataclasses.MISSING for f in fields)):
        raise TypeError(f"quick_init is for a plain frozen dataclass, not {cls.__name__}")
    names = [f.name for f in fields]
    me, into = "_quick_init_self", "_quick_init_dict"
    if me in names or into in names:
        raise TypeError(f"{cls.__name__} has a field named {me} or {into}")
    defaults = {f"_default_{f.name}": f.default for f in fields if f.default is not dataclasses.MISSING}
    signature = ", ".join(n if f"_default_{n}" not in defaults else f"{n}=_default_{n}" for n in names)
    body = f"    {into} = {me}.__dict__\n" + "".join(f"    {into}[{n!r}] = {n}\n" for n in names)
    namespace = dict(defaults)
    exec(f"def __init__({me}, {signature}):\n{body}", namespace)  # noqa: S102 (our field names only)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init
    return cls


# -- accuracy, shares, means ------------------------------------------------------------------
def share(part: int, whole: int) -> float | None:
    """``part`` of ``whole`` as a ratio; None when ``whole`` is 0 (nothing to judge)."""
    return part / whole if whole else None


def accuracy(correct: int, answered: int) -> float | None:
    """The share of the answers that are right; None when none was answered."""
    return share(correct, answered)


def percent(ratio: float | None) -> str:
    """A share as the screens and reports show it: "83%", or "—" for None."""
    return "—" if ratio is None else f"{round(ratio * 100):d}%"


def mean_ms(total_ms: int, count: int) -> int:
    """The whole-millisecond mean (floor); 0 when there is nothing to average."""
    return total_ms // count if count else 0


class Accuracy:
    """Mixed into a record of answers with ``answered`` and ``correct``: its accuracy, 0
    when nothing was answered (as the screens have always shown it)."""

    @property
    def accuracy(self) -> float:
        return accuracy(self.correct, self.answered) or 0.0  # type: ignore[attr-defined]


class AnswerFigures(Accuracy):
    """Mixed into a record of answers with ``answered``, ``correct``, ``on_target`` and
    ``total_ms``: its accuracy, speed and mean time, 0 when nothing was answered."""

    @property
    def speed(self) -> float:
        """The share of the answers that were right and on target."""
        return share(self.on_target, self.answered) or 0.0  # type: ignore[attr-defined]

    @property
    def mean_ms(self) -> int:
        return mean_ms(self.total_ms, self.answered)  # type: ignore[attr-defined]


# -- skill titles -----------------------------------------------------------------------------
class HasTitle(Protocol):
    title: str


def skill_title(skill: HasTitle | str) -> str:
    """A skill's title under its game, from its game's ``Skill`` (or that skill's title):
    "Winner's Pot: Jacks Plus" -> "Jacks Plus". The first letter is made upper case and
    the rest kept as the game wrote it (the names of wagers keep their capitals). A title
    that names no game (an unknown skill shown by its id) is kept as it is."""
    title = skill if isinstance(skill, str) else skill.title
    if ": " not in title:
        return title
    title = title.split(": ", 1)[1]
    return title[:1].upper() + title[1:]


def target_ms(form: str, fields: tuple[str, ...] | list[str] | str = (), answer: str = "") -> int:
    """The target time of a question from its form, its fields (amounts) and its answer
    (the items of an ordering). ``fields`` may be given as stored (a JSON list)."""
    try:
        if form == "choice":
            return CHOICE_MS
        if form in ("amounts", "settle"):  # settle: a result (one key) and, for a pay, the amount per field
            items = json.loads(fields) if isinstance(fields, str) else fields
            return AMOUNT_BASE_MS + PER_AMOUNT_MS * len(items)
        if form == "order":
            return ORDER_BASE_MS + PER_STEP_MS * len(json.loads(answer))
    except (TypeError, ValueError):
        pass
    return OTHER_MS


def question_target_ms(question) -> int:
    """The target time of a ``trainer.contracts.question.Question``."""
    return target_ms(question.form, question.fields, question.answer)


def within_target(correct: bool, response_ms: int, target: int) -> bool:
    """On target: right, and given within the target time."""
    return bool(correct) and response_ms <= target


def within_target_sql(alias: str = "") -> str:
    """``within_target`` in SQL over an ``answers`` row (``alias``: its table's name in the query)."""
    a = f"{alias}." if alias else ""
    return f"({a}is_correct AND {a}response_ms <= {a}target_ms)"


def speed_grade(response_ms: int, target: int) -> str:
    """'fast' (within half the target), 'normal' (within it) or 'slow'."""
    if response_ms <= target / 2:
        return FAST
    if response_ms <= target:
        return NORMAL
    return SLOW


def speed_of(result) -> str:
    """fast, normal or slow: an ``AnswerResult``'s time against its question's target."""
    return speed_grade(result.response_ms, question_target_ms(result.question))


class Level(IntEnum):
    NOT_STARTED = 0
    LEARNING = 1
    FAMILIAR = 2
    PROFICIENT = 3
    MASTERED = 4

    @property
    def title(self) -> str:
        return LEVEL_TITLES[self]


LEVEL_TITLES = {
    Level.NOT_STARTED: "Not started",
    Level.LEARNING: "Learning",
    Level.FAMILIAR: "Familiar",
    Level.PROFICIENT: "Proficient",
    Level.MASTERED: "Mastered",
}


@dataclass(frozen=True)
class Mastery(AnswerFigures):
    """A skill's mastery from ``answered`` recent answers, ``correct`` of them right and
    ``on_target`` of them right within the target time."""

    answered: int
    correct: int
    on_target: int

    @property
    def level(self) -> Level:
        return mastery_level(self.answered, self.correct, self.on_target)


def mastery_level(answered: int, correct: int, on_target: int) -> Level:
    if answered <= 0:
        return Level.NOT_STARTED
    accuracy, speed = correct / answered, on_target / answered
    if answered >= 10 and accuracy >= 0.9 and speed >= 0.8:
        return Level.MASTERED
    if answered >= 5 and accuracy >= 0.8 and speed >= 0.5:
        return Level.PROFICIENT
    if accuracy >= 0.6:
        return Level.FAMILIAR
    return Level.LEARNING


# -- table mode's skills: judged by rounds ---------------------------------------------------
TABLE_WINDOW = 10  # the recent rounds a table skill's mastery is judged on
TABLE_PROCEDURE, TABLE_PAYOUTS, TABLE_WATCH = "table-procedure", "table-payouts", "table-watch"
# Each table skill (by the end of its id) and the mode of the rounds it is judged on.
TABLE_SKILL_MODES = {TABLE_PROCEDURE: "deal", TABLE_PAYOUTS: "deal", TABLE_WATCH: "watch"}


@functools.lru_cache(maxsize=1024)  # asked for every skill row and table figure, of a few dozen skills
def table_skill_part(skill: str) -> str | None:
    """``table-procedure``, ``table-payouts`` or ``table-watch`` for a table mode skill id
    (``<game>.table-procedure``), None for any other skill."""
    part = skill.rsplit(".", 1)[-1] if "." in skill else ""
    return part if part in TABLE_SKILL_MODES else None


def is_table_skill(skill: str) -> bool:
    return table_skill_part(skill) is not None


def table_skill_sql(column: str = "skill") -> str:
    """An SQL condition true for the rows whose ``column`` is a table mode skill."""
    return "(" + " OR ".join(f"{column} LIKE '%.{part}'" for part in TABLE_SKILL_MODES) + ")"


def question_skill_sql(column: str = "skill") -> str:
    """An SQL condition true for the rows of question skills (every skill but table mode's)."""
    return f"NOT {table_skill_sql(column)}"


def table_skill_mode(skill: str) -> str | None:
    """The mode of the rounds a table skill is judged on (deal or watch)."""
    part = table_skill_part(skill)
    return TABLE_SKILL_MODES[part] if part else None


def table_skill_timed(skill: str) -> bool:
    """Whether the skill's rounds are held to a time target (spot the error never is)."""
    return table_skill_part(skill) != TABLE_WATCH


def round_clean(skill: str, r) -> bool:
    """Whether a round (a ``RoundRecord`` or a stored row: completed, procedure_errors,
    payout_errors, missed_calls, false_calls) is clean for the table skill ``skill``."""
    if not r.completed:
        return False
    part = table_skill_part(skill)
    if part == TABLE_PROCEDURE:
        return r.procedure_errors == 0
    if part == TABLE_PAYOUTS:
        return r.payout_errors == 0
    if part == TABLE_WATCH:
        return r.missed_calls == 0 and r.false_calls == 0
    return False


def round_on_time(r) -> bool:
    """Completed within its level's round target; an untimed round (target 0) is not."""
    return bool(r.completed) and r.target_ms > 0 and r.total_ms <= r.target_ms


# ``round_clean`` (per table skill, by the end of its id) and ``round_on_time`` in SQL,
# over a ``table_rounds`` row: 1 or 0.
ROUND_CLEAN_SQL = {TABLE_PROCEDURE: "(completed AND procedure_errors = 0)",
                   TABLE_PAYOUTS: "(completed AND payout_errors = 0)",
                   TABLE_WATCH: "(completed AND missed_calls = 0 AND false_calls = 0)"}
ROUND_ON_TIME_SQL = "(completed AND target_ms > 0 AND total_ms <= target_ms)"


def table_mastery_level(rounds: int, clean: int, on_time: int, *, timed: bool = True) -> Level:
    """A table skill's level from its last rounds (at most ``TABLE_WINDOW``): ``clean`` of
    them clean, ``on_time`` of them within the level's target (ignored unless ``timed``)."""
    if rounds <= 0:
        return Level.NOT_STARTED
    accuracy, speed = clean / rounds, on_time / rounds
    if rounds >= 5 and accuracy >= 0.9 and (not timed or speed >= 0.8):
        return Level.MASTERED
    if rounds >= 3 and accuracy >= 0.8 and (not timed or speed >= 0.5):
        return Level.PROFICIENT
    if accuracy >= 0.6:
        return Level.FAMILIAR
    return Level.LEARNING


@quick_init
@dataclass(frozen=True)
class TableSkillFigures:
    """One trainee's figures of one table skill, from their rounds (of a period):
    ``rounds`` of them, ``clean`` clean and ``on_time`` within the level's target;
    ``total_ms`` their time; ``recent_*`` the same over the last ``TABLE_WINDOW`` rounds,
    which the level is judged on."""

    trainee_id: int
    game_id: str
    skill: str
    rounds: int
    clean: int
    on_time: int
    total_ms: int
    last_at: str
    recent_rounds: int
    recent_clean: int
    recent_on_time: int

    @property
    def timed(self) -> bool:
        return table_skill_timed(self.skill)

    @property
    def accuracy(self) -> float:
        """The share of the rounds that were clean."""
        return accuracy(self.clean, self.rounds) or 0.0

    @property
    def speed(self) -> float | None:
        """The share of the rounds finished within the level's target; None for a skill
        without a time target (spot the error)."""
        if not self.timed:
            return None
        return share(self.on_time, self.rounds) or 0.0

    @property
    def mean_round_ms(self) -> int:
        return mean_ms(self.total_ms, self.rounds)

    @property
    def level(self) -> Level:
        return table_mastery_level(self.recent_rounds, self.recent_clean, self.recent_on_time, timed=self.timed)

    @property
    def clean_text(self) -> str:
        """ "3 of 5 rounds clean", "1 of 1 round clean"."""
        return f"{self.clean} of {self.rounds} round{'' if self.rounds == 1 else 's'} clean"

    @property
    def speed_text(self) -> str:
        """ "2 of 5 rounds on time", or "untimed" for spot the error."""
        if not self.timed:
            return "untimed"
        return f"{self.on_time} of {self.rounds} round{'' if self.rounds == 1 else 's'} on time"

    @property
    def rounds_text(self) -> str:
        return f"{self.rounds} round{'' if self.rounds == 1 else 's'}"


def table_skill_figures(rounds, skills_of, window: int = TABLE_WINDOW) -> list[TableSkillFigures]:
    """Every (trainee, game, table skill) with rounds, from ``rounds`` given **newest
    first** (each with trainee_id, game_id, mode, recorded_at, completed, the error counts,
    total_ms and target_ms). ``skills_of(game_id)`` names the game's table skills (by
    default ``<game>.table-procedure`` and so on)."""
    acc: dict[tuple[int, str, str], list] = {}
    order: list[tuple[int, str, str]] = []
    for r in rounds:
        for skill in skills_of(r.game_id):
            if table_skill_mode(skill) != r.mode:
                continue
            key = (int(r.trainee_id), r.game_id, skill)
            a = acc.get(key)
            if a is None:
                a = acc[key] = [0, 0, 0, 0, r.recorded_at, 0, 0, 0]
                order.append(key)
            clean, on_time = round_clean(skill, r), round_on_time(r)
            a[0] += 1
            a[1] += clean
            a[2] += on_time
            a[3] += int(r.total_ms)
            if a[5] < window:
                a[5] += 1
                a[6] += clean
                a[7] += on_time
    return [TableSkillFigures(t, g, sk, *acc[(t, g, sk)]) for t, g, sk in order]


def default_table_skills(game_id: str) -> tuple[str, str, str]:
    """A game's three table skills: ``<game>.table-procedure``, ``-payouts``, ``-watch``."""
    return tuple(f"{game_id}.{part}" for part in TABLE_SKILL_MODES)  # type: ignore[return-value]
