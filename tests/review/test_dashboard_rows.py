"""``build_rows``: every trainee's rows from the figures given, whether practised or not,
and each game's certification over the skills it counts (issue 17 made the rows of
unpractised skills shared; their figures must not change)."""

from __future__ import annotations

from trainer.contracts.measures import Level, TableSkillFigures
from trainer.games import registry
from trainer.review import dashboard as dash
from trainer.store import SkillStat, Trainee

GAME = "two-card-joker"
AT = "2025-01-0{}T09:00:00.000Z"


def listed() -> list[str]:
    return [s.id for s in registry.get_game(GAME).skills()]


def quiz() -> list[str]:
    """The game's listed question skills certification counts, in the game's order."""
    counted = dash.certified_skills(GAME)
    return [s for s in listed() if s in counted and not dash._is_table(s)]


def test_each_trainee_gets_their_own_figures_and_the_unpractised_ones() -> None:
    ann, ben, cat = Trainee(1, "Ann", AT.format(1)), Trainee(2, "Ben", AT.format(1)), Trainee(3, "Cat", AT.format(1))
    first, second, third = quiz()[:3]
    retired = f"{GAME}.a-retired-skill"  # in the log, no longer listed by the game
    table = dash.table_skills(GAME)[0]
    stats = [SkillStat(1, GAME, first, 10, 10, 9, 20_000, AT.format(3)),
             SkillStat(1, GAME, second, 4, 1, 0, 9_000, AT.format(5)),
             SkillStat(1, GAME, retired, 3, 3, 3, 3_000, AT.format(7)),
             SkillStat(3, GAME, first, 6, 5, 5, 6_000, AT.format(2))]
    recent = [SkillStat(1, GAME, first, 10, 10, 9, 20_000, AT.format(3)),
              SkillStat(1, GAME, second, 4, 1, 0, 9_000, AT.format(5)),
              SkillStat(1, GAME, retired, 3, 3, 3, 3_000, AT.format(7)),
              SkillStat(3, GAME, first, 5, 5, 5, 5_000, AT.format(2)),
              SkillStat(3, GAME, third, 2, 2, 0, 2_000, AT.format(1))]  # a window without the answers
    rounds = [TableSkillFigures(3, GAME, table, 6, 6, 6, 360_000, AT.format(4), 6, 6, 6)]
    rows = dash.build_rows([ann, ben, cat], {1: ["Spring"]}, stats, recent, (GAME,), {GAME: 90}, rounds)
    assert [r.trainee for r in rows] == [ann, ben, cat]
    assert [(r.classes, r.last_answered_at) for r in rows] == [(("Spring",), AT.format(7)), ((), ""),
                                                                ((), AT.format(4))]
    skills = listed()
    expected = {
        1: {first: (10, 10, 9, 20_000, Level.MASTERED, AT.format(3)), second: (4, 1, 0, 9_000, Level.LEARNING,
                                                                           AT.format(5))},
        2: {},
        3: {first: (6, 5, 5, 6_000, Level.PROFICIENT, AT.format(2)), third: (0, 0, 0, 0, Level.FAMILIAR, ""),
            table: (0, 0, 0, 0, Level.MASTERED, AT.format(4))},
    }
    for row in rows:
        [game] = row.games
        got = {s.skill: (s.answered, s.correct, s.on_target, s.total_ms, s.level, s.last_answered_at)
               for s in game.skills}
        extra = [retired] if row.trainee is ann else []
        assert [s.skill for s in game.skills] == skills + extra
        assert [s.title for s in game.skills] == [dash.skill_title(s, {}) for s in skills + extra]
        unpractised = (0, 0, 0, 0, Level.NOT_STARTED, "")
        assert got == {s: expected[row.trainee.id].get(s, unpractised) for s in skills} | (
            {retired: (3, 3, 3, 3_000, Level.FAMILIAR, AT.format(7))} if extra else {})
        tables = {s.skill: s.table for s in game.skills if s.table is not None}
        assert tables == ({table: rounds[0]} if row.trainee is cat else {})
        counted = [s for s in game.skills if s.skill in dash.certified_skills(GAME)]
        assert game.certification == dash.certification(counted, 90)
    certs = [(r.games[0].certification.status, r.games[0].certification.skills_passed) for r in rows]
    total = len(dash.certified_skills(GAME))
    assert certs == [(dash.IN_PROGRESS, 1), (dash.NOT_STARTED, 0), (dash.IN_PROGRESS, 1)]
    assert {r.games[0].certification.skills_total for r in rows} == {total}
    # the one trainee with no figures has the same rows as built alone
    [alone] = dash.build_rows([ben], {}, [], [], (GAME,), {GAME: 90})
    assert alone == rows[1]
